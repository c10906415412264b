//! The copies of `predicate`: after the function is read, every
//! conditional branch on an `icmp` of an instruction or argument `x` (an
//! integer of at most 64 bits; an argument is read as an instruction of
//! the entry, numbered after the instructions) gives each successor that
//! the branch alone enters an `Op::Constrained` copy of `x`, and every use
//! of `x` that block dominates (in a phi: every use whose incoming block
//! it dominates) reads the innermost such copy instead. On an edge into a
//! block with other predecessors (not a self-edge), the copy is for the
//! phis of that block on the edge only, which read it before any other
//! (LLVM's `EdgeUsesOnly`; `EdgeCopies`); it is placed in the branch's
//! block, whose other uses do not read it, and left out when no phi
//! reads `x` on the edge. So does every
//! branch for its condition itself (`true` past the true edge, `false`
//! past the other), and for `x` when the condition is `trunc nuw x to i1`
//! (`x` is 1 past the true edge, 0 past the other: any other value makes
//! the condition poison); LLVM 22 does the same for the condition and for
//! the false edge of the `trunc`. A pointer compared with `null` gets a
//! copy (`Op::PointerConstrained`) too. An `llvm.assume` of a condition
//! gives the copies of that condition being true, holding from the
//! instruction after the assume to the end of its block and in the blocks
//! it dominates (`index`: a copy holds from a point of its block, not
//! only from its entry). Under a condition that is true, the operands of
//! an `and` (or `select a, b, false`) are true too, under one that is
//! false those of an `or`, and each gives its own copies (LLVM 22 walks
//! them the same way, at most 8 per edge). A `switch` on `x` gives each
//! case's block that the case alone enters a copy of `x` equal to the
//! case value. A copy of `x` below another copy of `x` reads that one, so
//! nested loops and ifs narrow in turn; two at one point (`x > 4 && x <
//! 6`) read each other in the order they were planned. The value `x` is
//! compared with is read as the compare reads it, through the copies that
//! hold where the compare is (LLVM's PredicateInfo renames the compare's
//! operands too): under `a == 0`, `a < n` says `n > 0`.
//!
//! Both sides of the program are redirected the same way: the solver's
//! operands (of the instructions it evaluates in detail, and of
//! terminators), and the LLVM uses, listed per copy in `Copy::uses` for
//! `rewrite`, which gives them the copy's constant when it has one. A use
//! the solver does not see through a copy (an `Op::Opaque` call's
//! argument, a wide or floating-point operation) still gets the constant
//! in the IR, which is what it reads there.
//!
//! Copies go after every instruction read, so `InstId`s below
//! `ReadFunction::llvm_insts.len()` keep their LLVM instruction.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::{int_width, is_plain_pointer};
use crate::analysis::cfg::Block;
use crate::analysis::dominators::DomTree;
use crate::ir::{self, AddressIndex, FastMap, FastSet, FunctionCfg};
use crate::transforms::sccp::fold::{BinOp, CastOp, IntPredicate};
use crate::transforms::sccp::lattice::Konst;
use crate::transforms::sccp::pointer::PtrConst;
use crate::transforms::sccp::predicate::{inverse, swapped};
use crate::transforms::sccp::program::{
    entries_in_mut, Inst, InstId, Op, Operand, PhiTable, Program, Terminator,
};

mod index;
use index::CopyIndex;

/// A copy in the program and the LLVM uses it stands for.
pub struct Copy {
    pub id: InstId,
    pub uses: Vec<CopiedUse>,
}

/// Operand `operand` of `user`, the instruction `id` of the program (none
/// for a terminator).
pub struct CopiedUse {
    pub user: LLVMValueRef,
    pub operand: u32,
    pub id: Option<InstId>,
}

/// A copy before it is placed: of `x` from `at` on, where `x pred other`.
/// With `edge_to` (`Some(to)`), a copy on the edge from `at.block` (`at`
/// is its end) to `to`, a block with other predecessors: it holds only for
/// the phis of `to` on that edge (LLVM's `EdgeUsesOnly`). `other` is read
/// where the compare that says so reads it, `other_at`: through the copies
/// that hold there, as LLVM's PredicateInfo renames the compare's operands
/// (under `a == 0`, a branch on `a < n` says `n > 0`).
struct Planned {
    x: InstId,
    at: Point,
    pred: IntPredicate,
    other: Operand,
    other_at: Point,
    edge_to: Option<Block>,
}

/// What a condition says of a value: `x pred other`, where `other` is an
/// operand of instruction `source` (the compare).
struct Fact {
    x: InstId,
    pred: IntPredicate,
    other: Operand,
    source: InstId,
}

/// A point of a block: where a copy starts to hold, or where a use is.
/// Positions are `InstId`s, which increase through a block: a branch's
/// copy holds from `ENTRY`, an assume's from the instruction after the
/// assume; a terminator's use and a phi's use on an edge are at `END` of
/// the block they happen in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Point {
    block: Block,
    pos: u32,
}

const ENTRY: u32 = 0;
const END: u32 = u32::MAX;

impl Point {
    fn entry(block: Block) -> Self {
        Point { block, pos: ENTRY }
    }

    fn end(block: Block) -> Self {
        Point { block, pos: END }
    }

    /// Where instruction `id` of `block` is.
    fn at_inst(block: Block, id: InstId) -> Self {
        let pos = u32::try_from(id).expect("fewer than 2^32 instructions");
        Point { block, pos }
    }
}

/// Adds the copies to `program` (see the module comment) and returns
/// them with their LLVM uses.
///
/// # Safety
/// `program` was just read from the live function of `fcfg`, unchanged
/// since; `values` are the LLVM values of its instructions (numbered by
/// `id_of`) and arguments; `assumes` its `llvm.assume` calls
/// (`is_assume_call`).
pub unsafe fn add(
    program: &mut Program,
    values: &[LLVMValueRef],
    id_of: &AddressIndex,
    fcfg: &FunctionCfg,
    assumes: &[InstId],
) -> Vec<Copy> {
    let mut planned = plan(program, values, id_of, fcfg, assumes);
    if planned.is_empty() {
        return Vec::new();
    }
    // The uses of each value with a copy, read once.
    let mut uses_of: FastMap<InstId, Vec<LlvmUse>> = FastMap::default();
    for p in &planned {
        uses_of
            .entry(p.x)
            .or_insert_with(|| llvm_uses(values[p.x], fcfg));
    }
    drop_unused_edge_copies(&mut planned, &uses_of);
    let dt = DomTree::compute(&fcfg.cfg);
    let first = program.insts.len();
    let index = CopyIndex::new(&planned, &dt);
    let edges = EdgeCopies::new(&planned);
    // The copy a use of `x` at `at` reads: on the edge into `into` for a
    // phi's use (`Some(into)`, `at` the end of the incoming block) if there
    // is one, else the innermost copy holding at `at`.
    let copy_read = |x: InstId, at: Point, into: Option<Block>| {
        into.and_then(|to| edges.last(x, at.block, to))
            .or_else(|| index.innermost(x, at, None))
    };
    // The LLVM uses of each copied value, each taken by the copy it reads;
    // their users are the only instructions whose operands change.
    let mut copies: Vec<Copy> = (0..planned.len())
        .map(|k| Copy {
            id: first + k,
            uses: Vec::new(),
        })
        .collect();
    let mut user_insts: Vec<InstId> = Vec::new();
    let mut user_terminators: Vec<Block> = Vec::new();
    let mut copied: Vec<InstId> = uses_of.keys().copied().collect();
    copied.sort_unstable();
    for x in copied {
        for u in &uses_of[&x] {
            let id = id_of.get(u.user as usize).map(|id| id as InstId);
            let at = match id {
                Some(id) if u.into.is_none() => Point::at_inst(u.block, id),
                _ => Point::end(u.block),
            };
            let Some(k) = copy_read(x, at, u.into) else {
                continue;
            };
            match id {
                Some(id) => user_insts.push(id),
                None => user_terminators.push(fcfg.block_of_inst(u.user)),
            }
            copies[k].uses.push(CopiedUse {
                user: u.user,
                operand: u.operand,
                id,
            });
        }
    }
    let redirect = |operand: &mut Operand, at: Point, into: Option<Block>| {
        if let Operand::Inst(x) = *operand {
            if let Some(k) = copy_read(x, at, into) {
                *operand = Operand::Inst(first + k);
            }
        }
    };
    let fields = overflow_fields_of(program, values, id_of, &user_insts);
    user_insts.extend(fields);
    user_insts.sort_unstable();
    user_insts.dedup();
    for id in user_insts {
        redirect_operands(
            &mut program.insts[id],
            &mut program.phi_entries,
            id,
            &redirect,
        );
    }
    user_terminators.sort_unstable();
    user_terminators.dedup();
    for b in user_terminators {
        match &mut program.terminators[b] {
            Terminator::Branch { cond, .. } | Terminator::Switch { cond, .. } => {
                redirect(cond, Point::end(b), None)
            }
            Terminator::Jump(_) | Terminator::Other(_) => {}
        }
    }
    for (k, p) in planned.iter().enumerate() {
        // An edge's copy reads the one planned before it on the edge, or
        // the innermost copy holding at the end of the edge's block.
        let outer = match p.edge_to {
            Some(to) => edges
                .before(p.x, p.at.block, to, k)
                .or_else(|| index.innermost(p.x, p.at, None)),
            None => index.innermost(p.x, p.at, Some(k)),
        };
        let value = match outer {
            Some(outer) => Operand::Inst(first + outer),
            None => Operand::Inst(p.x),
        };
        let pred = p.pred;
        let mut other = p.other.clone();
        redirect(&mut other, p.other_at, None);
        let op = match int_width(LLVMTypeOf(values[p.x])) {
            Some(width) => Op::Constrained {
                value,
                pred,
                other,
                width,
            },
            None => Op::PointerConstrained { value, pred, other },
        };
        program.insts.push(Inst {
            block: p.at.block,
            op,
        });
    }
    copies
}

/// The copies the branches and assumes call for, `other` as the compare
/// reads it.
unsafe fn plan(
    program: &Program,
    values: &[LLVMValueRef],
    id_of: &AddressIndex,
    fcfg: &FunctionCfg,
    assumes: &[InstId],
) -> Vec<Planned> {
    let mut planned = Vec::new();
    for (from, term) in program.terminators.iter().enumerate() {
        if let Terminator::Switch {
            cond: Operand::Inst(x),
            cases,
            ..
        } = term
        {
            plan_switch(*x, from, cases, values, fcfg, &mut planned);
            continue;
        }
        let Terminator::Branch {
            cond: Operand::Inst(c),
            if_true,
            if_false,
        } = *term
        else {
            continue;
        };
        if if_true == if_false {
            continue;
        }
        for (to, holds) in [(if_true, true), (if_false, false)] {
            let Some((at, edge_to)) = edge_point(fcfg, from, to) else {
                continue;
            };
            for fact in facts(program, values, c, holds) {
                planned.push(Planned::of(fact, program, at, edge_to));
            }
        }
    }
    for &id in assumes {
        let Some(c) = id_of.get(LLVMGetOperand(values[id], 0) as usize) else {
            continue;
        };
        let at = Point::at_inst(program.insts[id].block, id + 1);
        for fact in facts(program, values, c as InstId, true) {
            planned.push(Planned::of(fact, program, at, None));
        }
    }
    planned
}

impl Planned {
    /// The copy that `fact` calls for from `at` on (on the edge to
    /// `edge_to`, if any).
    fn of(fact: Fact, program: &Program, at: Point, edge_to: Option<Block>) -> Self {
        let source = program.insts[fact.source].block;
        Planned {
            x: fact.x,
            at,
            pred: fact.pred,
            other: fact.other,
            other_at: Point::at_inst(source, fact.source),
            edge_to,
        }
    }
}

/// Where a fact of the edge from `from` to `to`, its only edge there,
/// holds: from the entry of `to` when the edge is its only way in (`None`:
/// for every use `to` dominates), else on the edge itself, at the end of
/// `from` (`Some(to)`: for the phis of `to` on it). Nowhere on a self-edge
/// or when `from` has several edges to `to` (LLVM's PredicateInfo skips
/// both).
fn edge_point(fcfg: &FunctionCfg, from: Block, to: Block) -> Option<(Point, Option<Block>)> {
    let preds = fcfg.cfg.preds(to);
    if to == from || preds.iter().filter(|&&p| p == from).count() != 1 {
        return None;
    }
    Some(if preds.len() == 1 {
        (Point::entry(to), None)
    } else {
        (Point::end(from), Some(to))
    })
}

/// The copies of `switch x` (an integer of at most 64 bits, as every
/// switch the program reads) in block `from`: `x` equals the case value
/// past a case's edge when it is the switch's only edge to that block
/// (LLVM 22's `processSwitch`; nothing for the default), in the block
/// when the edge is its only way in, else for its phis on the edge
/// (`edge_point`). Left out when the switch is `x`'s only use.
unsafe fn plan_switch(
    x: InstId,
    from: Block,
    cases: &[(Konst, Block)],
    values: &[LLVMValueRef],
    fcfg: &FunctionCfg,
    planned: &mut Vec<Planned>,
) {
    if has_one_use(values[x]) {
        return;
    }
    for &(case, to) in cases {
        if let Some((at, edge_to)) = edge_point(fcfg, from, to) {
            planned.push(Planned {
                x,
                at,
                pred: IntPredicate::Eq,
                other: Operand::Const(case),
                other_at: at,
                edge_to,
            });
        }
    }
}

/// At most this many conditions are looked at under one branch or assume
/// (LLVM's `MaxCondsPerBranch`): a long chain of `and`s gives no more.
const MAX_CONDITIONS: usize = 8;

/// What condition `c` being `holds` (true or false) says of values, as
/// `(x, pred, other)`: `x pred other` holds. `c` and, when `c` is true,
/// both operands of an `and` (or of `select a, b, false`), when false,
/// both of an `or` (or of `select a, true, b`), each in turn, as LLVM 22's
/// PredicateInfo walks them; each says `facts_of` it.
unsafe fn facts(program: &Program, values: &[LLVMValueRef], c: InstId, holds: bool) -> Vec<Fact> {
    let mut facts = Vec::new();
    let mut seen: Vec<InstId> = Vec::new();
    let mut conditions = vec![c];
    while let Some(c) = conditions.pop() {
        if seen.contains(&c) {
            continue;
        }
        seen.push(c);
        if seen.len() > MAX_CONDITIONS {
            break;
        }
        if let Some((a, b)) = both_hold(&program.insts[c].op, holds) {
            // Popped in order: `a` first, as LLVM does.
            conditions.extend([b, a].into_iter().filter_map(|v| match v {
                Operand::Inst(v) => Some(*v),
                _ => None,
            }));
        }
        facts_of(program, values, c, holds, &mut facts);
    }
    facts
}

/// The two conditions that are both `holds` when `op`, an `i1`, is: the
/// operands of `and` / `select a, b, false` when true, of `or` /
/// `select a, true, b` when false (either being poison makes `op` poison,
/// and the branch or assume UB).
fn both_hold(op: &Op, holds: bool) -> Option<(&Operand, &Operand)> {
    let absorbing = Operand::Const(Konst::bool(!holds));
    match op {
        Op::Binary {
            op: BinOp::And,
            lhs,
            rhs,
            ..
        } if holds => Some((lhs, rhs)),
        Op::Binary {
            op: BinOp::Or,
            lhs,
            rhs,
            ..
        } if !holds => Some((lhs, rhs)),
        Op::Select {
            cond,
            if_true,
            if_false,
        } if holds && *if_false == absorbing => Some((cond, if_true)),
        Op::Select {
            cond,
            if_true,
            if_false,
        } if !holds && *if_true == absorbing => Some((cond, if_false)),
        _ => None,
    }
}

/// What condition `c` being `holds` says by itself, pushed on `facts`:
/// * `c` itself is `holds` (left out when it has one use, a branch's or
///   assume's or an `and`'s, as it mostly does);
/// * `trunc nuw x to i1`: x is 1 or 0 (any other value makes the condition
///   poison, and the branch or assume UB);
/// * `icmp pred x, y` of integers: `x pred y`, and `y` swapped; inverse
///   when false;
/// * `icmp pred p, null` of pointers: `p pred null` (`pointer::constrain`
///   learns `null` or not null from it).
unsafe fn facts_of(
    program: &Program,
    values: &[LLVMValueRef],
    c: InstId,
    holds: bool,
    facts: &mut Vec<Fact>,
) {
    let bit = Konst::bool(holds).zext();
    let mut fact = |x, pred, other| {
        facts.push(Fact {
            x,
            pred,
            other,
            source: c,
        })
    };
    if !has_one_use(values[c]) {
        fact(c, IntPredicate::Eq, Operand::Const(Konst::new(1, bit)));
    }
    let polarity = |pred| if holds { pred } else { inverse(pred) };
    match &program.insts[c].op {
        Op::Cast {
            op: CastOp::Trunc,
            flags,
            value: Operand::Inst(x),
            from_width,
            to_width: 1,
        } if flags.nuw => {
            fact(
                *x,
                IntPredicate::Eq,
                Operand::Const(Konst::new(*from_width, bit)),
            );
        }
        Op::ICmp { pred, lhs, rhs } if lhs != rhs => {
            for (x, other, pred) in [(lhs, rhs, *pred), (rhs, lhs, swapped(*pred))] {
                if let Operand::Inst(x) = *x {
                    if int_width(LLVMTypeOf(values[x])).is_some() {
                        fact(x, polarity(pred), other.clone());
                    }
                }
            }
        }
        Op::PointerICmp { pred, lhs, rhs } => {
            let null = Operand::Pointer(PtrConst::Null);
            for (x, other, pred) in [(lhs, rhs, *pred), (rhs, lhs, swapped(*pred))] {
                if let (&Operand::Inst(x), true) = (x, *other == null) {
                    fact(x, polarity(pred), null.clone());
                }
            }
        }
        _ => {}
    }
}

/// Does `value` have exactly one use?
///
/// # Safety
/// `value` is live.
unsafe fn has_one_use(value: LLVMValueRef) -> bool {
    let mut users = ir::each_user(value);
    users.next().is_some() && users.next().is_none()
}

/// Is `inst` a call of `llvm.assume` (whose intrinsic id is `assume`,
/// `ir::intrinsic_id("llvm.assume")`)? `read` collects their positions,
/// `add`'s `assumes`, in its first sweep over the instructions.
///
/// # Safety
/// `inst` is a live instruction.
pub unsafe fn is_assume_call(inst: LLVMValueRef, assume: u32) -> bool {
    !LLVMIsACallInst(inst).is_null() && ir::called_intrinsic_id(inst) == assume
}

/// The arguments (integers of at most 64 bits, pointers of address space
/// 0) that a `switch`, or a conditional branch or one of the `llvm.assume`
/// calls `assumes` (positions in `insts`), takes as its condition, or
/// through an `icmp` or a `trunc`, or through such a condition under the
/// `and`s and `or`s `facts` walks; each once.
///
/// # Safety
/// `fcfg` was read from a live function, unchanged since, and `insts` are
/// instructions of it.
pub unsafe fn compared_arguments(
    fcfg: &FunctionCfg,
    insts: &[LLVMValueRef],
    assumes: &[InstId],
) -> Vec<LLVMValueRef> {
    let mut conditions = Vec::new();
    let mut compared = Vec::new();
    for &bb in &fcfg.blocks {
        let term = LLVMGetBasicBlockTerminator(bb);
        if term.is_null() {
            continue;
        }
        match LLVMGetInstructionOpcode(term) {
            LLVMOpcode::LLVMBr if LLVMIsConditional(term) != 0 => {
                conditions.push(LLVMGetCondition(term))
            }
            LLVMOpcode::LLVMSwitch => compared.push(ir::switch::condition(term)),
            _ => {}
        }
    }
    conditions.extend(assumes.iter().map(|&k| LLVMGetOperand(insts[k], 0)));
    for cond in conditions {
        for c in sub_conditions(cond) {
            if !LLVMIsAICmpInst(c).is_null() {
                compared.extend([LLVMGetOperand(c, 0), LLVMGetOperand(c, 1)]);
            } else if !LLVMIsATruncInst(c).is_null() {
                compared.push(LLVMGetOperand(c, 0));
            } else {
                compared.push(c);
            }
        }
    }
    let mut arguments = Vec::new();
    for v in compared {
        let ty = LLVMTypeOf(v);
        if !LLVMIsAArgument(v).is_null()
            && (int_width(ty).is_some() || is_plain_pointer(ty))
            && !arguments.contains(&v)
        {
            arguments.push(v);
        }
    }
    arguments
}

/// `cond` and the conditions under it that `facts` may walk: the operands
/// of `and`, `or` and `select` of `i1`s, either way round (a superset of
/// what either edge walks), at most `MAX_CONDITIONS` for each edge.
///
/// # Safety
/// `cond` is a live value.
unsafe fn sub_conditions(cond: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut seen = Vec::new();
    let mut conditions = vec![cond];
    while let Some(c) = conditions.pop() {
        if seen.contains(&c) || seen.len() == 2 * MAX_CONDITIONS {
            continue;
        }
        seen.push(c);
        let operands = match LLVMIsAInstruction(c).is_null() {
            true => 0..0,
            false => match LLVMGetInstructionOpcode(c) {
                LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMOr => 0..2,
                LLVMOpcode::LLVMSelect => 0..3,
                _ => 0..0,
            },
        };
        conditions.extend(operands.rev().map(|k| LLVMGetOperand(c, k)));
    }
    seen
}

/// One use of a value: operand `operand` of `user`, which happens in
/// `block` (a phi's incoming block); `into` is the phi's own block (`None`
/// for any other user).
struct LlvmUse {
    user: LLVMValueRef,
    operand: u32,
    block: Block,
    into: Option<Block>,
}

/// Every use of `value`.
unsafe fn llvm_uses(value: LLVMValueRef, fcfg: &FunctionCfg) -> Vec<LlvmUse> {
    let mut users = ir::users(value);
    users.sort_unstable();
    users.dedup();
    let mut uses = Vec::new();
    for user in users {
        let is_phi = LLVMGetInstructionOpcode(user) == LLVMOpcode::LLVMPHI;
        let user_block = fcfg.block_of_inst(user);
        for k in 0..LLVMGetNumOperands(user) as u32 {
            if LLVMGetOperand(user, k) != value {
                continue;
            }
            uses.push(if is_phi {
                LlvmUse {
                    user,
                    operand: k,
                    block: fcfg.block_of(LLVMGetIncomingBlock(user, k)),
                    into: Some(user_block),
                }
            } else {
                LlvmUse {
                    user,
                    operand: k,
                    block: user_block,
                    into: None,
                }
            });
        }
    }
    uses
}

/// Drops the copies on edges no phi reads `x` on (most edges into a join:
/// they would only cost the solver time).
fn drop_unused_edge_copies(planned: &mut Vec<Planned>, uses_of: &FastMap<InstId, Vec<LlvmUse>>) {
    let read_on_edges: FastSet<(InstId, Block, Block)> = uses_of
        .iter()
        .flat_map(|(&x, uses)| {
            uses.iter()
                .filter_map(move |u| u.into.map(|to| (x, u.block, to)))
        })
        .collect();
    planned.retain(|p| {
        p.edge_to
            .is_none_or(|to| read_on_edges.contains(&(p.x, p.at.block, to)))
    });
}

/// The copies on edges, by value and edge, in plan order.
struct EdgeCopies {
    by_edge: FastMap<(InstId, Block, Block), Vec<usize>>,
}

impl EdgeCopies {
    fn new(planned: &[Planned]) -> Self {
        let mut by_edge: FastMap<(InstId, Block, Block), Vec<usize>> = FastMap::default();
        for (k, p) in planned.iter().enumerate() {
            if let Some(to) = p.edge_to {
                by_edge.entry((p.x, p.at.block, to)).or_default().push(k);
            }
        }
        EdgeCopies { by_edge }
    }

    /// The last copy of `x` on the edge from `from` to `to`: the one its
    /// phis read.
    fn last(&self, x: InstId, from: Block, to: Block) -> Option<usize> {
        self.by_edge.get(&(x, from, to))?.last().copied()
    }

    /// The copy of `x` on the same edge planned just before copy `k`.
    fn before(&self, x: InstId, from: Block, to: Block, k: usize) -> Option<usize> {
        let copies = self.by_edge.get(&(x, from, to))?;
        let i = copies.iter().position(|&c| c == k)?;
        i.checked_sub(1).map(|i| copies[i])
    }
}

/// The fields (`Op::OverflowField`) of the `*.with.overflow` calls among
/// `user_insts`: the solver reads a call's arguments in the `extractvalue`s
/// of its fields, so these read the copies too (at their own point: the
/// argument is the same SSA value there, so what holds of it there held
/// at the call).
///
/// # Safety
/// As `add`'s.
unsafe fn overflow_fields_of(
    program: &Program,
    values: &[LLVMValueRef],
    id_of: &AddressIndex,
    user_insts: &[InstId],
) -> Vec<InstId> {
    let mut fields = Vec::new();
    for &id in user_insts {
        // Calls are opaque; the cheap test first.
        if !matches!(program.insts[id].op, Op::Opaque) || LLVMIsACallInst(values[id]).is_null() {
            continue;
        }
        for user in ir::each_user(values[id]) {
            let field = id_of.get(user as usize).map(|f| f as InstId);
            if let Some(f) = field.filter(|&f| matches!(program.insts[f].op, Op::OverflowField(_)))
            {
                fields.push(f);
            }
        }
    }
    fields
}

/// Applies `redirect` to the operands the solver reads through a copy of
/// instruction `id`, each with the point where it is used.
fn redirect_operands(
    inst: &mut Inst,
    phi_entries: &mut PhiTable,
    id: InstId,
    redirect_at: &impl Fn(&mut Operand, Point, Option<Block>),
) {
    let block = inst.block;
    let at = Point::at_inst(block, id);
    let redirect = |operand: &mut Operand, at: Point| redirect_at(operand, at, None);
    match &mut inst.op {
        Op::Binary { lhs, rhs, .. } | Op::ICmp { lhs, rhs, .. } => {
            redirect(lhs, at);
            redirect(rhs, at);
        }
        Op::Cast { value, .. }
        | Op::Freeze(value)
        | Op::Field(value)
        | Op::PtrToInt { value, .. } => redirect(value, at),
        Op::TableLoad { indices, .. } => indices.iter_mut().for_each(|(i, _)| redirect(i, at)),
        Op::Select {
            cond,
            if_true,
            if_false,
        } => {
            redirect(cond, at);
            redirect(if_true, at);
            redirect(if_false, at);
        }
        Op::Intrinsic { args, .. } => args.iter_mut().for_each(|a| redirect(a, at)),
        Op::Wide(op) => op.operands_mut().into_iter().for_each(|o| redirect(o, at)),
        Op::Float { op, .. } => op.operands_mut().into_iter().for_each(|o| redirect(o, at)),
        Op::OverflowField(f) => f.operands_mut().into_iter().for_each(|o| redirect(o, at)),
        Op::PointerICmp { lhs, rhs, .. } => {
            redirect(lhs, at);
            redirect(rhs, at);
        }
        Op::Gep {
            base,
            step,
            nuw_indices,
            ..
        } => {
            redirect(base, at);
            if let Some((index, _)) = step.as_mut().and_then(|s| s.variable.as_mut()) {
                redirect(index, at);
            }
            for (index, _) in nuw_indices.iter_mut().flatten() {
                redirect(index, at);
            }
        }
        // A phi's operand is read on the edge from its incoming block.
        Op::Phi(phi) => entries_in_mut(phi_entries, *phi)
            .iter_mut()
            .for_each(|(v, from)| redirect_at(v, Point::end(*from), Some(block))),
        // A copy's value is the copy it narrows and its `other` the copy
        // its compare reads, both set when it is placed (`add`). The
        // others have no operand.
        Op::Constrained { .. }
        | Op::PointerConstrained { .. }
        | Op::NotNull
        | Op::Bounded { .. }
        | Op::ConstantLoad(_)
        | Op::UndefLoad
        | Op::PointerLoad(_)
        | Op::Opaque => {}
    }
}
