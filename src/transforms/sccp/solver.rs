//! The Wegman–Zadeck solver: sparse conditional constant propagation
//! ("Constant Propagation with Conditional Branches", TOPLAS 1991), as the
//! SCCP section of `../shared/seeds/004_*.txt` describes it.
//!
//! Two worklists: CFG edges, seeded with a virtual edge into the entry
//! block, and SSA users whose operand's lattice value went down (kept as
//! two lists, as LLVM does: users of values that went overdefined are
//! visited first; an overdefined value is never evaluated again).
//! * An edge `A → B` popped for the first time is marked executable; B's
//!   phis are re-evaluated, and if B was not executable yet it becomes so
//!   and all its instructions and its terminator are evaluated too
//!   (order: phis, other instructions, terminator).
//! * A user popped from the SSA list is re-evaluated if its block is
//!   executable.
//! * A phi meets its incoming values over executable edges only.
//! * A conditional branch or switch makes executable only the edge its
//!   constant condition selects, every edge if the condition is
//!   overdefined, and none while the condition is still undefined. A
//!   switch on a range makes executable the cases whose value is in the
//!   range, and the default unless the cases cover the whole range (LLVM
//!   19, `SCCPInstVisitor::getFeasibleSuccessors`).
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
//! LLVM's function-level `sccp` does not narrow ranges at conditional
//! branches (that needs PredicateInfo, which only `ipsccp` builds), and
//! neither do we: after `br (icmp ult %x, 10), %then, …`, `%x` is not known
//! to be below 10 in `%then`.
//!
//! Invariants: a value only moves down the lattice (each update is a meet
//! with the old value, so even an evaluation rule that were not monotone
//! could not make the solver loop); an edge is executable only if its
//! source block is.
//!
//! Data layout (the solver's innermost steps are memory bound: on the
//! generated irreducible CFGs of `scripts/bench-sccp`, tens of thousands
//! of phis, most of its time went to cache misses, not to instructions):
//! what a visit reads is kept in small dense vectors rather than read from
//! `Program`. Each value has a `Node` (its lattice value, its extension
//! count and the start of its links: 32 bytes), indexed by slot: an
//! instruction's, or past the instructions one of the fixed values of the
//! other phi operands (constants, `Operand::Unknown`, undef as ⊤ with its
//! *may be undef* mark set in the same slot of `may_be_undef`), so reading
//! a phi entry's value is one load whatever the operand. An instruction's
//! `Links` (its phi entries as `(edge, slot)` pairs, then its users in one
//! word each, `User`) sit in one list its node points to. A bit per
//! instruction (`awake`) says whether it is worth visiting as a user (its
//! block executes and it is not overdefined), so the many pops of users
//! that are not read no node. A phi's evaluation stops at the first
//! overdefined entry (the bottom: the meet stays there).
//!
//! Undef and poison (`Operand::Undef`), as LLVM 19's solver
//! (`ValueLatticeElement`'s `undef` state and `mergeIn`, `visitPHINode`,
//! `visitSelectInst`, `getFeasibleSuccessors`, `resolvedUndef` in
//! SCCPSolver.cpp; LLVM 22's rules are the same on these points, checked
//! with its `opt -passes=sccp` on `tests/lit/sccp/undef.ll`):
//! * an undef operand reads as ⊤, so a phi or `select` union skips it:
//!   `phi [undef, a], [5, b]` is 5 and `select %c, undef, 7` is 7. The
//!   result is marked *may be undef* (LLVM's `MayIncludeUndef`), and so is
//!   every value computed from a marked one (more than LLVM, which drops
//!   the mark after arithmetic). A marked constant is still a constant
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
//! Resolution (LLVM's `solveWhileResolvingUndefs`): when both lists are
//! empty, every value still ⊤ in an executable block that is not undef
//! (it waited on an undef, or, never for valid SSA, on nothing) is made
//! overdefined, and so is the condition of a terminator still waiting on
//! such a value; then the lists run again. Without it the rewrite could
//! delete blocks that do execute.

use crate::analysis::bitset::BitSet;
use crate::analysis::cfg::Block;
use crate::analysis::lists::{group_by_list, Lists};

use super::edges::{EdgeId, ExecutableEdges};
use super::fold::{self, CastOp};
use super::intrinsic;
use super::lattice::{Konst, Lattice};
use super::pointer;
use super::predicate;
use super::program::{InstId, Op, Operand, Program, Terminator};
use super::range::{self, ConstantRange};
use super::wide::WideTable;
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
            v => v,
        }
    }
}

/// A use of an instruction's value: an instruction or a block's
/// terminator, in one word (`users` and the worklists hold millions of
/// them on large functions; 4 bytes instead of an enum's 16 keep them in
/// cache).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct User(u32);

/// The bit of `User` that marks a terminator.
const TERMINATOR_BIT: u32 = 1 << 31;

impl User {
    fn inst(i: InstId) -> User {
        let i = u32::try_from(i).expect("fewer than 2^31 instructions");
        assert!(i & TERMINATOR_BIT == 0, "fewer than 2^31 instructions");
        User(i)
    }

    fn terminator(b: Block) -> User {
        let b = u32::try_from(b).expect("fewer than 2^31 blocks");
        assert!(b & TERMINATOR_BIT == 0, "fewer than 2^31 blocks");
        User(b | TERMINATOR_BIT)
    }

    fn kind(self) -> UserKind {
        if self.0 & TERMINATOR_BIT == 0 {
            UserKind::Inst(self.0 as InstId)
        } else {
            UserKind::Terminator((self.0 & !TERMINATOR_BIT) as Block)
        }
    }
}

/// What a `User` stands for.
enum UserKind {
    Inst(InstId),
    Terminator(Block),
}

/// How many times a value other than a phi may grow its range before it
/// is made overdefined. LLVM has no such limit (only phis widen); it is a
/// guarantee of termination that valid SSA never reaches, since every
/// cycle of values passes through a phi.
pub const MAX_RANGE_EXTENSIONS: u32 = 32;

/// A phi entry: the edge it comes in by (`NO_EDGE` for a block that does
/// not branch here) and the slot of `Solver::nodes` holding its value.
#[derive(Clone, Copy, Debug)]
struct PhiEntry {
    edge: u32,
    slot: u32,
}

const NO_EDGE: u32 = u32::MAX;

/// What a visit reads and writes of one value, together in 32 bytes (two
/// to a cache line): in vectors of their own, the value, the extensions
/// and the start of the links each cost a visit a cache miss on large
/// functions.
#[derive(Clone, Copy, Debug)]
struct Node {
    value: Lattice,
    /// How many times the value's range grew (LLVM's
    /// `NumRangeExtensions`).
    extensions: u32,
    /// Where the instruction's `Links` start in `Solver::links` (unused
    /// for the fixed values of phi entries).
    links: u32,
}

impl Node {
    /// A node holding `value`, not grown, without links yet.
    fn holding(value: Lattice) -> Self {
        Node {
            value,
            extensions: 0,
            links: 0,
        }
    }
}

/// The bit of a `Links` header that marks a phi.
const PHI_BIT: u32 = 1 << 31;

/// The edges of one instruction in `Solver::links`, one word each: a
/// header (the number of phi entries, with `PHI_BIT` set for a phi), the
/// number of users, the phi entries (edge, slot), the users. In one list,
/// so that a visit finds all of them from the one start its node holds.
struct Links<'a>(&'a [u32]);

/// The links of instruction `i` (a free function, so that a caller may
/// meanwhile borrow other fields of the solver mutably).
#[inline]
fn links_of<'a>(nodes: &[Node], links: &'a [u32], i: InstId) -> Links<'a> {
    Links(&links[nodes[i].links as usize..])
}

impl<'a> Links<'a> {
    fn is_phi(&self) -> bool {
        self.0[0] & PHI_BIT != 0
    }

    fn entry_count(&self) -> usize {
        (self.0[0] & !PHI_BIT) as usize
    }

    fn phi_entries(&self) -> impl Iterator<Item = PhiEntry> + 'a {
        self.0[2..2 + 2 * self.entry_count()]
            .chunks_exact(2)
            .map(|pair| PhiEntry {
                edge: pair[0],
                slot: pair[1],
            })
    }

    fn users(&self) -> impl Iterator<Item = User> + 'a {
        let first = 2 + 2 * self.entry_count();
        self.0[first..first + self.0[1] as usize]
            .iter()
            .map(|&u| User(u))
    }
}

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
    /// that popping a user that is not (half the pops on the generated
    /// CFGs of `scripts/bench-sccp`) reads no node.
    awake: BitSet,
    executable_edges: ExecutableEdges,
    /// `(None, entry)` is the virtual edge into the entry block.
    edge_worklist: Vec<(Option<EdgeId>, Block)>,
    /// Users of values that went overdefined, visited before the users
    /// of other changed values (LLVM's `OverdefinedInstWorkList`): once an
    /// operand is overdefined, the intermediate constants and ranges its
    /// users would otherwise pass through are skipped.
    overdefined_worklist: Vec<User>,
    ssa_worklist: Vec<User>,
    forced: usize,
    /// Wide constants of operands and results (interned while
    /// evaluating, hence the cell).
    wide: RefCell<WideTable>,
}

/// Solves `program`.
pub fn solve(program: &Program) -> Solution {
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
    fn new(program: &'p Program) -> Self {
        let (users, reads_undef) = users_of(program);
        let n = program.num_blocks();
        let mut solver = Solver {
            program,
            block_insts: program.block_insts(),
            nodes: vec![Node::holding(Lattice::Undefined); program.insts.len()],
            links: Vec::with_capacity(2 * program.insts.len() + users.total_items()),
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
            solver.nodes[i].links =
                u32::try_from(solver.links.len()).expect("fewer than 2^32 links");
            let user_count = u32::try_from(users[i].len()).expect("fewer than 2^32 users");
            if let Op::Phi(incoming) = &inst.op {
                let count = u32::try_from(incoming.len()).expect("fewer than 2^31 entries");
                assert!(count & PHI_BIT == 0, "fewer than 2^31 entries");
                solver.links.extend([count | PHI_BIT, user_count]);
                for (v, pred) in incoming {
                    let entry = solver.phi_entry(v, *pred, inst.block);
                    solver.links.extend([entry.edge, entry.slot]);
                }
            } else {
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
            if let Some(user) = self
                .overdefined_worklist
                .pop()
                .or_else(|| self.ssa_worklist.pop())
            {
                self.visit_user(user);
            } else if let Some((from, to)) = self.edge_worklist.pop() {
                self.visit_edge(from, to);
            } else {
                return;
            }
        }
    }

    #[inline]
    fn is_phi(&self, i: InstId) -> bool {
        self.links(i).is_phi()
    }

    #[inline]
    fn links(&self, i: InstId) -> Links<'_> {
        links_of(&self.nodes, &self.links, i)
    }

    /// Adds the users of instruction `i` to the SSA worklist (`overdefined`:
    /// to the list of users of overdefined values).
    fn push_users(&mut self, i: InstId, overdefined: bool) {
        let users = links_of(&self.nodes, &self.links, i).users();
        if overdefined {
            self.overdefined_worklist.extend(users);
        } else {
            self.ssa_worklist.extend(users);
        }
    }

    /// Re-evaluates a user of a changed value, if its block executes.
    fn visit_user(&mut self, user: User) {
        match user.kind() {
            UserKind::Inst(i) if self.awake.contains(i) => self.visit_inst(i),
            UserKind::Terminator(b) if self.executable_blocks[b] => self.visit_terminator(b),
            _ => {}
        }
    }

    fn visit_edge(&mut self, edge: Option<EdgeId>, to: Block) {
        if let Some(edge) = edge {
            if !self.executable_edges.insert(edge) {
                return;
            }
        } else if self.executable_blocks[to] {
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
            if first_visit || self.is_phi(i) {
                self.visit_inst(i);
            }
        }
        if first_visit {
            self.visit_terminator(to);
        }
    }

    #[inline]
    fn value_of(&self, operand: &Operand) -> Lattice {
        match operand {
            Operand::Inst(i) => self.nodes[*i].value,
            Operand::Const(k) => Lattice::Const(*k),
            Operand::Wide(v) => self.wide_value(v),
            Operand::Float(f) => Lattice::Float(*f),
            Operand::Pointer(p) => Lattice::Pointer(*p),
            // Skipped by unions, waited on by everything else.
            Operand::Undef => Lattice::Undefined,
            Operand::Unknown => Lattice::Overdefined,
        }
    }

    /// Is this operand undef or a value that may be?
    fn operand_may_be_undef(&self, operand: &Operand) -> bool {
        match operand {
            Operand::Undef => true,
            Operand::Inst(i) => self.may_be_undef[*i],
            _ => false,
        }
    }

    /// Whether the value instruction `i` evaluates to now may be undef:
    /// a phi's executable entries, the arms of a `select` its condition
    /// may choose (none while the condition is ⊤: the select waits), any
    /// operand of anything else.
    fn evaluates_to_maybe_undef(&self, i: InstId) -> bool {
        match &self.program.insts[i].op {
            Op::Phi(_) => self.links(i).phi_entries().any(|entry| {
                entry.edge != NO_EDGE
                    && self.executable_edges.is_executable(entry.edge as EdgeId)
                    && self.may_be_undef[entry.slot as usize]
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

    /// A wide constant operand's value (interned), out of `value_of`'s
    /// inlined path.
    #[cold]
    fn wide_value(&self, v: &crate::apint::ApInt) -> Lattice {
        self.wide.borrow_mut().lattice(v.clone())
    }

    /// `value_of` while `table` (the borrowed `self.wide`) is in use.
    fn value_in(&self, operand: &Operand, table: &mut WideTable) -> Lattice {
        match operand {
            Operand::Wide(v) => table.lattice(crate::apint::ApInt::clone(v)),
            _ => self.value_of(operand),
        }
    }

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
        let tainted = self.reads_undef && !self.may_be_undef[i] && self.evaluates_to_maybe_undef(i);
        let node = &mut self.nodes[i];
        let old = node.value;
        let mut lowered = old.meet(new);
        if lowered != old && old.range().is_some() && lowered.range().is_some() {
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

    /// A phi meets its incoming values over executable edges only. Also
    /// returns the number of those edges (counted up to the first
    /// overdefined entry, after which the count no longer matters: the
    /// phi is overdefined and never evaluated again).
    fn evaluate_phi(&self, i: InstId) -> (Lattice, u32) {
        let mut active = 0;
        let mut value = Lattice::Undefined;
        for entry in self.links(i).phi_entries() {
            if entry.edge != NO_EDGE && self.executable_edges.is_executable(entry.edge as EdgeId) {
                active += 1;
                let incoming = self.nodes[entry.slot as usize].value;
                // `meet`'s first rule, inline: the first entry seen.
                value = if matches!(value, Lattice::Undefined) {
                    incoming
                } else {
                    value.meet(incoming)
                };
                if matches!(value, Lattice::Overdefined) {
                    break;
                }
            }
        }
        (value, active)
    }

    /// The value of instruction `i` (not a phi) given its operands' current
    /// values.
    fn evaluate(&self, i: InstId) -> Lattice {
        match &self.program.insts[i].op {
            Op::Opaque => Lattice::Overdefined,
            Op::ConstantLoad(k) => Lattice::Const(*k),
            Op::UndefLoad => Lattice::Undefined,
            Op::PointerLoad(p) => Lattice::Pointer(*p),
            Op::Constrained {
                value,
                pred,
                other,
                width,
            } => predicate::constrain(*width, *pred, self.value_of(value), self.value_of(other)),
            Op::PointerConstrained { value, pred, other } => {
                pointer::constrain(*pred, self.value_of(value), self.value_of(other))
            }
            Op::TableLoad { index, table } => match self.value_of(index) {
                Lattice::Undefined => Lattice::Undefined,
                Lattice::Const(p) => usize::try_from(p.sext())
                    .ok()
                    .and_then(|p| table.get(p).copied().flatten())
                    .map_or(Lattice::Overdefined, Lattice::Const),
                _ => Lattice::Overdefined,
            },
            Op::Binary {
                op,
                flags,
                lhs,
                rhs,
            } => {
                let (a, b) = (self.value_of(lhs), self.value_of(rhs));
                let absorbed = [a, b]
                    .iter()
                    .find_map(|v| v.constant().and_then(|k| fold::absorbing(*op, k)));
                if let Some(k) = absorbed {
                    return Lattice::Const(k);
                }
                if let (Lattice::Const(x), Lattice::Const(y)) = (a, b) {
                    return fold::binary(*op, *flags, x, y)
                        .map_or(Lattice::Overdefined, Lattice::Const);
                }
                on_ranges(a, b, |x, y| {
                    Lattice::from_range(range::binary(*op, *flags, x, y))
                })
            }
            Op::ICmp { pred, lhs, rhs } => {
                let (a, b) = (self.value_of(lhs), self.value_of(rhs));
                on_ranges(a, b, |x, y| {
                    range::icmp(*pred, x, y)
                        .map_or(Lattice::Overdefined, |v| Lattice::Const(Konst::bool(v)))
                })
            }
            Op::PointerICmp { pred, lhs, rhs } => {
                pointer::compare(*pred, self.value_of(lhs), self.value_of(rhs))
            }
            Op::NotNull => Lattice::NotNull,
            Op::Bounded { range, .. } => Lattice::from_range(*range),
            Op::Gep {
                base,
                keeps_non_null,
            } => match self.value_of(base) {
                Lattice::Undefined => Lattice::Undefined,
                b if *keeps_non_null && b.is_non_null_pointer() => Lattice::NotNull,
                _ => Lattice::Overdefined,
            },
            Op::Cast {
                op,
                flags,
                value,
                from_width,
                to_width,
            } => match self.value_of(value) {
                Lattice::Undefined => Lattice::Undefined,
                Lattice::Const(k) => fold::cast(*op, *flags, k, *to_width)
                    .map_or(Lattice::Overdefined, Lattice::Const),
                other => {
                    let r = other
                        .range_or_full(*from_width)
                        .expect("only ⊤ has no range");
                    // Flags are ignored: the result is then a superset.
                    Lattice::from_range(match op {
                        CastOp::ZExt => range::zext(r, *to_width),
                        CastOp::SExt => range::sext(r, *to_width),
                        CastOp::Trunc => range::trunc(r, *to_width),
                    })
                }
            },
            Op::Select {
                cond,
                if_true,
                if_false,
            } => match self.value_of(cond) {
                Lattice::Undefined => Lattice::Undefined,
                Lattice::Const(c) if c.is_zero() => self.value_of(if_false),
                Lattice::Const(_) => self.value_of(if_true),
                // Either arm may be chosen: the union of both.
                _ => self.value_of(if_true).meet(self.value_of(if_false)),
            },
            Op::Freeze(value) => match self.value_of(value) {
                Lattice::Const(k) => Lattice::Const(k),
                Lattice::Wide(id) => Lattice::Wide(id),
                Lattice::Float(f) => Lattice::Float(f),
                // The address of a global is neither undef nor poison.
                Lattice::Pointer(p) => Lattice::Pointer(p),
                Lattice::Undefined => Lattice::Undefined,
                Lattice::Range(_) | Lattice::NotNull | Lattice::Overdefined => Lattice::Overdefined,
            },
            Op::Intrinsic {
                intrinsic,
                args,
                widths,
            } => {
                let values: Vec<Lattice> = args.iter().map(|a| self.value_of(a)).collect();
                if values.contains(&Lattice::Undefined) {
                    return Lattice::Undefined;
                }
                if let Some(constants) = values
                    .iter()
                    .map(|v| v.constant())
                    .collect::<Option<Vec<_>>>()
                {
                    return intrinsic::fold(*intrinsic, &constants)
                        .map_or(Lattice::Overdefined, Lattice::Const);
                }
                // LLVM's `ConstantRange::intrinsic`, as its SCCP computes it.
                values
                    .iter()
                    .zip(widths)
                    .map(|(v, &w)| v.range_or_full(w))
                    .collect::<Option<Vec<_>>>()
                    .and_then(|ranges| intrinsic::range(*intrinsic, &ranges))
                    .map_or(Lattice::Overdefined, Lattice::from_range)
            }
            Op::Wide(op) => op.evaluate(&mut self.wide.borrow_mut(), |o, t| self.value_in(o, t)),
            Op::Float { op, env } => op.evaluate(*env, |o| self.value_of(o)),
            Op::OverflowField(f) => {
                f.evaluate(&mut self.wide.borrow_mut(), |o, t| self.value_in(o, t))
            }
            Op::Phi(_) => self.evaluate_phi(i).0,
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
            if !self.executable_edges.is_executable(edge) {
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
                self.ssa_worklist.push(User::terminator(b));
                self.forced += 1;
                any = true;
            }
        }
        any
    }
}

/// The users of each instruction's value, in the order of the
/// instructions and then the terminators using it; and whether any
/// operand (or load) reads undef.
fn users_of(program: &Program) -> (Lists<User>, bool) {
    let mut uses: Vec<(u32, User)> = Vec::new();
    let mut reads_undef = false;
    for (i, inst) in program.insts.iter().enumerate() {
        let mut add = |operand: &Operand| match operand {
            Operand::Inst(def) => uses.push((*def as u32, User::inst(i))),
            Operand::Undef => reads_undef = true,
            _ => {}
        };
        match &inst.op {
            // The common case, without `operands`' vector.
            Op::Phi(incoming) => incoming.iter().for_each(|(v, _)| add(v)),
            // Reads undef from memory.
            Op::UndefLoad => reads_undef = true,
            _ => program.operands(i).into_iter().for_each(add),
        }
    }
    for (b, term) in program.terminators.iter().enumerate() {
        if let Some(Operand::Inst(def)) = term.condition() {
            uses.push((*def as u32, User::terminator(b)));
        }
    }
    (group_by_list(program.insts.len(), &uses), reads_undef)
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

/// A two-operand rule on ranges: wait while either operand is undefined;
/// overdefined if both are; otherwise `f` on the two sets, an overdefined
/// operand standing for every value of the other's width.
fn on_ranges(
    a: Lattice,
    b: Lattice,
    f: impl FnOnce(ConstantRange, ConstantRange) -> Lattice,
) -> Lattice {
    match (a, b) {
        (Lattice::Undefined, _) | (_, Lattice::Undefined) => Lattice::Undefined,
        (Lattice::Overdefined, Lattice::Overdefined) => Lattice::Overdefined,
        _ => {
            let width = a
                .range()
                .or(b.range())
                .expect("one side has a range")
                .width();
            let full = ConstantRange::full(width);
            f(a.range().unwrap_or(full), b.range().unwrap_or(full))
        }
    }
}

#[cfg(test)]
mod tests;
