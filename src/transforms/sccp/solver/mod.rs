//! The Wegman–Zadeck solver: sparse conditional constant propagation
//! ("Constant Propagation with Conditional Branches", TOPLAS 1991), as the
//! SCCP section of `../shared/seeds/004_*.txt` describes it.
//!
//! Two worklists: CFG edges, seeded with a virtual edge into the entry
//! block, and SSA users whose operand's lattice value went down (kept as
//! two lists, as LLVM does: users of values that went overdefined are
//! visited first; an overdefined value is never evaluated again).
//! * An edge `A → B` is marked executable when A's terminator first
//!   selects it, and pushed (LLVM's `markEdgeExecutable`); popped, if B
//!   was not executable yet it becomes so and all its instructions and its
//!   terminator are evaluated (order: phis, other instructions,
//!   terminator), else B's phis meet in their entries on the new edge.
//! * A user popped from the SSA list is re-evaluated if its block is
//!   executable; a phi only meets in the value that changed.
//! * A phi meets its incoming values over executable edges only.
//! * A conditional branch or switch makes executable only the edge its
//!   constant condition selects, every edge if the condition is
//!   overdefined, and none while the condition is still undefined. A
//!   switch on a range makes executable the cases whose value is in the
//!   range, and the default unless the cases cover the whole range (LLVM
//!   19, `SCCPInstVisitor::getFeasibleSuccessors`).
//!
//! Phis, incrementally: a value only goes down, and a phi's value already
//! holds every executable entry's value as it was when last met in (each
//! change of an entry, and each new executable edge, owes the phi a
//! visit), so meeting in the one value that changed gives what meeting all
//! entries again would. LLVM's `visitPHINode` reads them all; here a visit
//! reads one, which on the generated CFGs of `scripts/bench-sccp` (mostly
//! phis of two or three entries) took 13 to 30 % off the solver's time
//! (1000 to 4000 blocks; medians of 11 interleaved runs). Both meet into
//! the phi's old value one entry after the other, so unions of ranges that
//! wrap around, which depend on their order, come out as LLVM's more often
//! than when a visit met the entries first and then the old value
//! (SQLite's `databaseIsUnmoved` now gets LLVM 22's `range(i32 13, 12)` on
//! its return, which never is 12). Widening may differ: two entries that
//! changed before the phi's visit count two growths here and one in LLVM.
//! Either way the result is a fixpoint of the full rules (`fixpoint_tests`
//! checks it on random programs).
//!
//! Ranges (`lattice`, `range`) follow LLVM 19's `SCCPInstVisitor`
//! (llvm/lib/Transforms/Utils/SCCPSolver.cpp):
//! * a binary operation or cast with an operand that is a constant or a
//!   range is evaluated on ranges, an overdefined operand standing for the
//!   full set (so `zext i8 %x to i32` is `[0, 255]` even when `%x` is
//!   unknown); two overdefined operands give overdefined;
//! * `icmp` is a constant when the operand ranges decide it;
//! * phis and `select`s take the union of their inputs;
//! * `freeze` of a range is overdefined (the range may leave out poison,
//!   and `freeze poison` may be any value);
//! * widening: a phi's range may grow at most one time more than it has
//!   executable incoming edges, as in LLVM's `visitPHINode`, and any other
//!   value's at most `MAX_RANGE_EXTENSIONS` times; one more growth makes it
//!   overdefined.
//!   This bounds the work: without it `i = phi [0], [i + 1]` would grow
//!   one element per round for 2^width rounds.
//!
//! Ranges narrowed by branches, switches and `llvm.assume` (LLVM 22's
//! PredicateInfo, which its function-level `sccp` builds; LLVM 19's only
//! in `ipsccp`) are not the solver's business: `read::copies` plans them
//! as `Op::Constrained` copies before solving, and the solver evaluates
//! a copy as any other instruction (`predicate::constrain`).
//!
//! Invariants: a value only moves down the lattice (each update is a meet
//! with the old value, so even an evaluation rule that were not monotone
//! could not make the solver loop); an edge is executable only if its
//! source block is.
//!
//! Undef and poison (`Operand::Undef`), as LLVM 19's solver
//! (`ValueLatticeElement`'s `undef` state and `mergeIn`, `visitPHINode`,
//! `visitSelectInst`, `getFeasibleSuccessors`, `resolvedUndef` in
//! SCCPSolver.cpp; LLVM 22's rules are the same on these points, checked
//! with its `opt -passes=sccp` on `tests/lit/sccp/undef.ll`):
//! * an undef operand reads as ⊤, so a phi or `select` union skips it:
//!   `phi [undef, a], [5, b]` is 5 and `select %c, undef, 7` is 7. The
//!   result is marked *may be undef* (LLVM's `MayIncludeUndef`), and so is
//!   every value computed from a marked one that is not overdefined (more
//!   than LLVM, which drops the mark after arithmetic; an overdefined value
//!   already stands for every value). A marked constant is still a constant
//!   (undef may be refined to it); a marked range is used to fold (each
//!   use of undef may take any value, so one in the range), but never to
//!   prove a flag, an unsigned form or a switch case dead (`rewrite` and
//!   `visit_terminator` read it as overdefined, LLVM's
//!   `UndefAllowed = false`): a flag could turn the undef into poison.
//! * every other instruction waits on an undef operand (⊤), as LLVM's
//!   visitors do (`isUnknownOrUndef`), and ends overdefined (below);
//!   `and undef, 0` is still 0, by the absorbing rule.
//! * a phi or `select` that only ever saw undef, and a load of undef
//!   bytes of a constant global (`Op::UndefLoad`), is *undef*: ⊤ and marked,
//!   left so by the resolution below, and replaced by `undef` (LLVM's
//!   `getConstantOrNull` of an undef-state value).
//! * a `br` or `switch` on undef, or on an undef value, makes no successor
//!   executable (branching on undef or poison is UB); `rewrite` makes it
//!   `unreachable`, as LLVM's `removeNonFeasibleEdges`.
//!
//! The data layout is `layout`'s, the evaluation rules `evaluate`'s.
//!
//! Resolution (LLVM's `solveWhileResolvingUndefs`): when both lists are
//! empty, every value still ⊤ in an executable block that is not undef
//! (it waited on an undef, or, never for valid SSA, on nothing) is made
//! overdefined, and so is the condition of a terminator still waiting on
//! such a value; then the lists run again. Without it the rewrite could
//! delete blocks that do execute.

mod evaluate;
mod layout;

use crate::analysis::bitset::BitSet;
use crate::analysis::cfg::Block;
use crate::analysis::lists::Lists;

use super::edges::{EdgeId, ExecutableEdges};
use super::lattice::{Konst, Lattice};
use super::program::{InstId, Op, Operand, Program, Terminator};
use super::range::ConstantRange;
use super::wide::WideTable;
use layout::{links_of, users_of, Links, Node, Pending, PhiEntry, UserKind, NO_EDGE, PHI_BIT};
use std::cell::RefCell;

/// The fixpoint: a lattice value per instruction, executable blocks and
/// edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub values: Vec<Lattice>,
    pub executable_blocks: Vec<bool>,
    pub executable_edges: ExecutableEdges,
    /// How many values and conditions the resolution made overdefined
    /// (only those that waited on an undef, for valid SSA).
    pub forced: usize,
    /// Values that may be LLVM's undef (see the module comment): a
    /// constant still is one; a range is not to be trusted for flags.
    pub may_be_undef: Vec<bool>,
    /// Instructions whose value is undef: replaced by `undef`.
    pub undef: Vec<bool>,
    /// The wide constants `Lattice::Wide` ids name.
    pub wide: WideTable,
}

impl Solution {
    pub fn is_edge_executable(&self, from: Block, to: Block) -> bool {
        self.executable_edges.contains(from, to)
    }

    /// The value of instruction `i` for proving flags and unsigned forms:
    /// a range that may include undef counts as overdefined (a constant
    /// replaces the instruction, so it is exact where it is used).
    pub fn value_without_undef(&self, i: InstId) -> Lattice {
        match self.values[i] {
            Lattice::Range(_) if self.may_be_undef[i] => Lattice::Overdefined,
            Lattice::WideRange(r) if self.may_be_undef[i] && r.single().is_none() => {
                Lattice::Overdefined
            }
            v => v,
        }
    }
}

/// How many times a value other than a phi may grow its range before it
/// is made overdefined. LLVM has no such limit (only phis widen); it is a
/// guarantee of termination that valid SSA never reaches, since every
/// cycle of values passes through a phi.
pub const MAX_RANGE_EXTENSIONS: u32 = 32;

struct Solver<'p> {
    program: &'p Program,
    /// The instructions of each block, in order.
    block_insts: Lists<u32>,
    /// A node per instruction, then (never changing) one per phi entry
    /// that is not an instruction, holding its value; indexed by slot.
    nodes: Vec<Node>,
    /// The phi entries and users of each instruction (`Links`), one
    /// after the other.
    links: Vec<u32>,
    /// Where each instruction's `Links` start, with `PHI_BIT` set for a
    /// phi (`layout`: why not in the node).
    link_starts: Vec<u32>,
    /// The *may be undef* mark of each slot (module comment).
    may_be_undef: Vec<bool>,
    /// Does any operand (or `Op::UndefLoad`) read undef? If not, no value
    /// is ever marked and the marks are not computed.
    reads_undef: bool,
    /// Terminator conditions forced to overdefined by the safety net.
    forced_terminators: Vec<bool>,
    executable_blocks: Vec<bool>,
    /// The instructions worth visiting as users: of an executable block,
    /// not overdefined. A bit each (32 KiB for 262 144 instructions), so
    /// that a user that is not is neither pushed nor, if it went
    /// overdefined while on the list, read when popped.
    awake: BitSet,
    executable_edges: ExecutableEdges,
    /// `(None, entry)` is the virtual edge into the entry block.
    edge_worklist: Vec<(Option<EdgeId>, Block)>,
    /// Users of values that went overdefined, visited before the users
    /// of other changed values (LLVM's `OverdefinedInstWorkList`): once an
    /// operand is overdefined, the intermediate constants and ranges its
    /// users would otherwise pass through are skipped.
    overdefined_worklist: Vec<Pending>,
    ssa_worklist: Vec<Pending>,
    forced: usize,
    /// Wide constants of operands and results (interned while
    /// evaluating, hence the cell).
    wide: RefCell<WideTable>,
}

/// Solves `program`.
pub fn solve(program: &Program) -> Solution {
    let solver = Solver::solved(program);
    let undef = (0..program.insts.len())
        .map(|i| solver.is_undef(i))
        .collect();
    // Past the instructions are the fixed slots of phi entries.
    let values = solver.nodes[..program.insts.len()]
        .iter()
        .map(|node| node.value)
        .collect();
    let mut may_be_undef = solver.may_be_undef;
    may_be_undef.truncate(program.insts.len());
    Solution {
        undef,
        may_be_undef,
        values,
        executable_blocks: solver.executable_blocks,
        executable_edges: solver.executable_edges,
        forced: solver.forced,
        wide: solver.wide.into_inner(),
    }
}

impl<'p> Solver<'p> {
    /// A solver for `program` at its fixpoint.
    fn solved(program: &'p Program) -> Self {
        let mut solver = Solver::new(program);
        if program.num_blocks() > 0 {
            solver.edge_worklist.push((None, 0));
        }
        loop {
            solver.run_worklists();
            if !solver.force_undefined_in_executable_blocks() {
                break;
            }
        }
        solver
    }

    fn new(program: &'p Program) -> Self {
        let (users, reads_undef) = users_of(program);
        let n = program.num_blocks();
        let mut solver = Solver {
            program,
            block_insts: program.block_insts(),
            nodes: vec![Node::holding(Lattice::Undefined); program.insts.len()],
            links: Vec::with_capacity(
                2 * program.insts.len() + 2 * program.phi_entries.len() + users.total_items(),
            ),
            link_starts: Vec::with_capacity(program.insts.len()),
            may_be_undef: vec![false; program.insts.len()],
            reads_undef,
            forced_terminators: vec![false; n],
            executable_blocks: vec![false; n],
            awake: BitSet::new(program.insts.len()),
            executable_edges: ExecutableEdges::new(program),
            edge_worklist: Vec::new(),
            overdefined_worklist: Vec::new(),
            ssa_worklist: Vec::new(),
            forced: 0,
            wide: RefCell::new(WideTable::default()),
        };
        for (i, inst) in program.insts.iter().enumerate() {
            let start = u32::try_from(solver.links.len()).expect("fewer than 2^32 links");
            assert!(start & PHI_BIT == 0, "fewer than 2^31 links");
            let user_count = u32::try_from(users[i].len()).expect("fewer than 2^32 users");
            if let Op::Phi(phi) = inst.op {
                solver.link_starts.push(start | PHI_BIT);
                let count = u32::try_from(phi.len()).expect("fewer than 2^32 entries");
                solver.links.extend([count, user_count]);
                for (v, pred) in program.entries(phi) {
                    let entry = solver.phi_entry(v, *pred, inst.block);
                    solver.links.extend([entry.edge, entry.slot]);
                }
            } else {
                solver.link_starts.push(start);
                solver.links.extend([0, user_count]);
            }
            solver.links.extend(users[i].iter().map(|user| user.0));
        }
        solver
    }

    /// The entry of a phi in `block` taking `value` from `pred`; a value
    /// that is not an instruction gets a slot of its own past the
    /// instructions' (one per entry: a phi has only a few).
    fn phi_entry(&mut self, value: &Operand, pred: Block, block: Block) -> PhiEntry {
        let edge = self.executable_edges.id(pred, block).map_or(NO_EDGE, |e| {
            u32::try_from(e).expect("fewer than 2^32 edges")
        });
        let slot = match value {
            Operand::Inst(i) => *i,
            other => {
                let fixed = self.value_of(other);
                self.nodes.push(Node::holding(fixed));
                // Indexed by slot as `nodes` is, so a phi entry's mark
                // is one load too.
                self.may_be_undef.push(matches!(other, Operand::Undef));
                self.nodes.len() - 1
            }
        };
        PhiEntry {
            edge,
            slot: u32::try_from(slot).expect("fewer than 2^32 values"),
        }
    }

    /// Pops from the lists until all are empty: users of overdefined
    /// values first, then users of other changed values, then CFG edges
    /// (LLVM's `SCCPInstVisitor::solve` order). Every order reaches a
    /// fixpoint; this one lowers values in fewer steps.
    fn run_worklists(&mut self) {
        loop {
            if let Some(pending) = self
                .overdefined_worklist
                .pop()
                .or_else(|| self.ssa_worklist.pop())
            {
                self.prefetch_next_user();
                self.visit_user(pending);
            } else if !self.edge_worklist.is_empty() {
                // All of it before any user, as LLVM's `BBWorkList`: a
                // phi that several new edges feed then meets their values
                // at one visit, one growth of its range, not one each.
                while let Some((from, to)) = self.edge_worklist.pop() {
                    self.visit_edge(from, to);
                }
            } else {
                return;
            }
        }
    }

    /// Asks for the node and links of the user popped next (if no visit
    /// pushes another first), so that their cache misses overlap this
    /// visit's.
    #[inline]
    fn prefetch_next_user(&self) {
        let next = self
            .overdefined_worklist
            .last()
            .or_else(|| self.ssa_worklist.last());
        if let Some(UserKind::Inst(i)) = next.map(|p| p.user.kind()) {
            layout::prefetch(&self.nodes[i]);
            layout::prefetch(&self.links[(self.link_starts[i] & !PHI_BIT) as usize]);
        }
    }

    #[inline]
    fn is_phi(&self, i: InstId) -> bool {
        self.link_starts[i] & PHI_BIT != 0
    }

    /// Does a phi entry come in by an edge that executes?
    #[inline]
    fn is_executable_entry(&self, entry: PhiEntry) -> bool {
        entry.edge != NO_EDGE && self.executable_edges.is_executable(entry.edge as EdgeId)
    }

    #[inline]
    fn links(&self, i: InstId) -> Links<'_> {
        links_of(&self.link_starts, &self.links, i)
    }

    /// Adds the users of instruction `i` to the SSA worklist (`overdefined`:
    /// to the list of users of overdefined values); not those of blocks that
    /// do not execute yet, which their block's first visit evaluates (with
    /// all of the edge list taken before any user, many users are such at
    /// first: on `irreducible-4000x100` the list grew to 2^20 pending
    /// visits, 8 MiB, and skipping them keeps it to 2^18).
    fn push_users(&mut self, i: InstId, overdefined: bool) {
        let changed = i as u32;
        let (awake, executable_blocks) = (&self.awake, &self.executable_blocks);
        let users = links_of(&self.link_starts, &self.links, i)
            .users()
            .filter(|user| match user.kind() {
                UserKind::Inst(u) => awake.contains(u),
                UserKind::Terminator(b) => executable_blocks[b],
            })
            .map(|user| Pending { user, changed });
        if overdefined {
            self.overdefined_worklist.extend(users);
        } else {
            self.ssa_worklist.extend(users);
        }
    }

    /// Re-evaluates a user of a changed value, if its block executes: a
    /// phi meets in the changed value, anything else is evaluated again.
    fn visit_user(&mut self, pending: Pending) {
        match pending.user.kind() {
            UserKind::Inst(i) if self.awake.contains(i) => {
                if self.is_phi(i) {
                    self.meet_phi_entries(i, |entry| entry.slot == pending.changed);
                } else {
                    self.visit_inst(i);
                }
            }
            UserKind::Terminator(b) if self.executable_blocks[b] => self.visit_terminator(b),
            _ => {}
        }
    }

    /// Visits the block an edge made executable (the edge already is:
    /// `visit_terminator`): all of it the first time, else its phis' entries
    /// on that edge.
    fn visit_edge(&mut self, edge: Option<EdgeId>, to: Block) {
        if edge.is_none() && self.executable_blocks[to] {
            return;
        }
        let first_visit = !self.executable_blocks[to];
        self.executable_blocks[to] = true;
        for k in 0..self.block_insts[to].len() {
            let i = self.block_insts[to][k] as InstId;
            if first_visit {
                // Before the visit, which may make it overdefined.
                self.awake.insert(i);
            }
            if first_visit {
                self.visit_inst(i);
            } else if self.is_phi(i) {
                // Only the virtual edge into the entry has no id, and it
                // is the entry's first visit.
                let edge = edge.expect("a block visited again is entered by an edge") as u32;
                self.meet_phi_entries(i, |entry| entry.edge == edge);
            }
        }
        if first_visit {
            self.visit_terminator(to);
        }
    }

    /// Is this operand undef or a value that may be?
    fn operand_may_be_undef(&self, operand: &Operand) -> bool {
        match operand {
            Operand::Undef => true,
            Operand::Inst(i) => self.slot_may_be_undef(*i),
            _ => false,
        }
    }

    /// Does the value in `slot` carry the *may be undef* mark? Not once it
    /// is overdefined: it then stands for every value, so nothing computed
    /// from it rests on the one an undef was taken to be. The mark it got
    /// while it was a constant or a range is ignored, which also keeps the
    /// marks from depending on the order of the visits (a value that went
    /// overdefined before an undef reached its operand was never marked).
    #[inline]
    fn slot_may_be_undef(&self, slot: usize) -> bool {
        self.may_be_undef[slot] && self.nodes[slot].value != Lattice::Overdefined
    }

    /// Whether the value instruction `i` evaluates to now may be undef:
    /// a phi's executable entries, the arms of a `select` its condition
    /// may choose (none while the condition is ⊤: the select waits), any
    /// operand of anything else.
    fn evaluates_to_maybe_undef(&self, i: InstId) -> bool {
        match &self.program.insts[i].op {
            Op::Phi(_) => self.links(i).phi_entries().any(|entry| {
                self.is_executable_entry(entry) && self.slot_may_be_undef(entry.slot as usize)
            }),
            Op::Select {
                cond,
                if_true,
                if_false,
            } => match self.value_of(cond) {
                Lattice::Undefined => false,
                Lattice::Const(c) if c.is_zero() => self.operand_may_be_undef(if_false),
                Lattice::Const(_) => self.operand_may_be_undef(if_true),
                _ => {
                    self.operand_may_be_undef(cond)
                        || self.operand_may_be_undef(if_true)
                        || self.operand_may_be_undef(if_false)
                }
            },
            Op::UndefLoad => true,
            _ => self
                .program
                .operands(i)
                .into_iter()
                .any(|o| self.operand_may_be_undef(o)),
        }
    }

    /// Is instruction `i` (of an executable block) undef: a phi or
    /// `select` still ⊤ that saw an undef? Only these take LLVM's undef
    /// state; anything else ⊤ waits and is resolved to overdefined.
    fn is_undef(&self, i: InstId) -> bool {
        self.nodes[i].value == Lattice::Undefined
            && self.may_be_undef[i]
            && self.executable_blocks[self.program.insts[i].block]
            && matches!(
                self.program.insts[i].op,
                Op::Phi(_) | Op::Select { .. } | Op::UndefLoad
            )
    }

    /// Lowers phi `i` to its meet with the values of its executable
    /// entries that `pick` selects: those of the slot whose value went
    /// down, or those of an edge just made executable. The phi's value
    /// already holds every other entry's (module comment, "Phis").
    fn meet_phi_entries(&mut self, i: InstId, pick: impl Fn(PhiEntry) -> bool) {
        if matches!(self.nodes[i].value, Lattice::Overdefined) {
            return;
        }
        let mut active = 0;
        let mut picked = false;
        let mut value = Lattice::Undefined;
        for entry in self.links(i).phi_entries() {
            if self.is_executable_entry(entry) {
                active += 1;
                if pick(entry) {
                    picked = true;
                    value = value.meet(self.nodes[entry.slot as usize].value);
                }
            }
        }
        if picked {
            self.update(i, value, Some(active));
        }
    }

    /// Evaluates instruction `i` from all its operands (a phi from all its
    /// executable entries: on its block's first visit).
    fn visit_inst(&mut self, i: InstId) {
        if matches!(self.nodes[i].value, Lattice::Overdefined) {
            return; // the bottom: nothing can lower it further
        }
        let (new, limit) = if self.is_phi(i) {
            let (value, active) = self.evaluate_phi(i);
            (value, Some(active))
        } else {
            (self.evaluate(i), None)
        };
        self.update(i, new, limit);
    }

    /// Lowers instruction `i` to its meet with `new`, what it evaluated
    /// to; `limit`, for a phi, is its number of executable entries (the
    /// growths its range is allowed, less one: widening). Users of a value
    /// that went down are pushed.
    fn update(&mut self, i: InstId, new: Lattice, limit: Option<u32>) {
        let tainted = self.reads_undef && !self.may_be_undef[i] && self.evaluates_to_maybe_undef(i);
        let node = &mut self.nodes[i];
        let old = node.value;
        let mut lowered = old.meet(new);
        if lowered != old && old.is_integer_set() && lowered.is_integer_set() {
            node.extensions += 1;
            let allowed = limit.map_or(MAX_RANGE_EXTENSIONS, |active| active + 1);
            if node.extensions > allowed {
                lowered = Lattice::Overdefined;
            }
        }
        if let Some(active) = limit {
            // As LLVM: a phi is granted one growth per executable incoming
            // edge, however many of them it has used so far.
            node.extensions = node.extensions.max(active);
        }
        node.value = lowered;
        if tainted {
            self.may_be_undef[i] = true;
            if lowered == old {
                // Users read the mark too (flags, switches, their own).
                self.push_users(i, false);
            }
        }
        if lowered != old {
            if lowered == Lattice::Overdefined {
                self.awake.remove(i);
            }
            self.push_users(i, lowered == Lattice::Overdefined);
        }
    }

    fn visit_terminator(&mut self, b: Block) {
        let cond = self.program.terminators[b]
            .condition()
            .map(|c| self.value_of(c))
            .map(|v| {
                if self.forced_terminators[b] {
                    Lattice::Overdefined
                } else {
                    v
                }
            });
        let targets: Vec<Block> = match (&self.program.terminators[b], cond) {
            (_, Some(Lattice::Undefined)) => Vec::new(),
            (
                Terminator::Branch {
                    if_true, if_false, ..
                },
                Some(Lattice::Const(c)),
            ) => vec![if c.is_zero() { *if_false } else { *if_true }],
            (Terminator::Switch { default, cases, .. }, Some(Lattice::Const(c))) => {
                vec![taken_case(*default, cases, c)]
            }
            (
                Terminator::Switch {
                    default,
                    cases,
                    cond,
                },
                Some(Lattice::Range(r)),
            ) if !self.operand_may_be_undef(cond) => switch_targets(*default, cases, r),
            (term, _) => term.successors(),
        };
        for to in targets {
            let edge = self.executable_edges.id(b, to).expect("a successor's edge");
            // Executable from now on, as in LLVM's `markEdgeExecutable`:
            // a phi of `to` evaluated before the edge is popped counts it
            // among its executable entries, and so among the growths its
            // range is allowed (`update`). Marked only when popped, a
            // switch's edges came in one by one, and a phi fed by two of
            // them went overdefined where LLVM's has a range.
            if self.executable_edges.insert(edge) {
                self.edge_worklist.push((Some(edge), to));
            }
        }
    }

    /// The resolution (see the module comment). Returns whether anything
    /// was forced.
    fn force_undefined_in_executable_blocks(&mut self) -> bool {
        let mut any = false;
        for i in 0..self.program.insts.len() {
            if self.executable_blocks[self.program.insts[i].block]
                && self.nodes[i].value == Lattice::Undefined
                && !self.is_undef(i)
            {
                self.nodes[i].value = Lattice::Overdefined;
                self.awake.remove(i);
                self.push_users(i, false);
                self.forced += 1;
                any = true;
            }
        }
        for b in 0..self.program.num_blocks() {
            // A branch on undef stays without successors (UB).
            let undefined_cond = self.program.terminators[b]
                .condition()
                .is_some_and(|c| match c {
                    Operand::Undef => false,
                    Operand::Inst(i) if self.is_undef(*i) => false,
                    c => self.value_of(c) == Lattice::Undefined,
                });
            if self.executable_blocks[b] && undefined_cond && !self.forced_terminators[b] {
                self.forced_terminators[b] = true;
                self.ssa_worklist.push(Pending::terminator(b));
                self.forced += 1;
                any = true;
            }
        }
        any
    }
}

/// The successor a switch on the constant `c` takes.
pub fn taken_case(default: Block, cases: &[(Konst, Block)], c: Konst) -> Block {
    cases
        .iter()
        .find(|(k, _)| *k == c)
        .map_or(default, |&(_, b)| b)
}

/// The successors a switch on a value in `r` can take: the cases whose
/// value is in `r`, and the default unless those cases cover all of `r`
/// (case values are distinct).
fn switch_targets(default: Block, cases: &[(Konst, Block)], r: ConstantRange) -> Vec<Block> {
    let mut targets: Vec<Block> = cases
        .iter()
        .filter(|(k, _)| r.contains(*k))
        .map(|&(_, b)| b)
        .collect();
    if r.size() > targets.len() as u128 {
        targets.push(default);
    }
    targets
}

#[cfg(test)]
mod fixpoint_tests;
#[cfg(test)]
mod tests;
