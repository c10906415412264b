//! The copies of `predicate`: after the function is read, every
//! conditional branch on an `icmp` of an instruction or argument `x` (an
//! integer of at most 64 bits; an argument is read as an instruction of
//! the entry, numbered after the instructions) gives each successor that
//! the branch alone enters an `Op::Constrained` copy of `x`, and every use
//! of `x` that block dominates (in a phi: every use whose incoming block
//! it dominates) reads the innermost such copy instead. So does every
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
//! 6`) read each other in the order they were planned.
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
use crate::ir::{self, AddressIndex, FunctionCfg};
use crate::transforms::sccp::fold::{BinOp, CastOp, IntPredicate};
use crate::transforms::sccp::lattice::Konst;
use crate::transforms::sccp::pointer::PtrConst;
use crate::transforms::sccp::predicate::{inverse, swapped};
use crate::transforms::sccp::program::{Inst, InstId, Op, Operand, Program, Terminator};

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
struct Planned {
    x: InstId,
    at: Point,
    pred: IntPredicate,
    other: Operand,
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
/// (`assume_calls`).
pub unsafe fn add(
    program: &mut Program,
    values: &[LLVMValueRef],
    id_of: &AddressIndex,
    fcfg: &FunctionCfg,
    assumes: &[InstId],
) -> Vec<Copy> {
    let planned = plan(program, values, id_of, fcfg, assumes);
    if planned.is_empty() {
        return Vec::new();
    }
    let dt = DomTree::compute(&fcfg.cfg);
    let first = program.insts.len();
    let index = CopyIndex::new(&planned, &dt);
    // The LLVM uses of each copied value, each taken by its innermost
    // copy; their users are the only instructions whose operands change.
    let mut copies: Vec<Copy> = (0..planned.len())
        .map(|k| Copy {
            id: first + k,
            uses: Vec::new(),
        })
        .collect();
    let mut user_insts: Vec<InstId> = Vec::new();
    let mut user_terminators: Vec<Block> = Vec::new();
    for x in index.copied_values() {
        for (user, operand, block, is_phi) in llvm_uses(values[x], fcfg) {
            let id = id_of.get(user as usize).map(|id| id as InstId);
            let at = match id {
                Some(id) if !is_phi => Point::at_inst(block, id),
                _ => Point::end(block),
            };
            let Some(k) = index.innermost(x, at, None) else {
                continue;
            };
            match id {
                Some(id) => user_insts.push(id),
                None => user_terminators.push(fcfg.block_of_inst(user)),
            }
            copies[k].uses.push(CopiedUse { user, operand, id });
        }
    }
    let redirect = |operand: &mut Operand, at: Point| {
        if let Operand::Inst(x) = *operand {
            if let Some(k) = index.innermost(x, at, None) {
                *operand = Operand::Inst(first + k);
            }
        }
    };
    user_insts.sort_unstable();
    user_insts.dedup();
    for id in user_insts {
        redirect_operands(&mut program.insts[id], id, &redirect);
    }
    user_terminators.sort_unstable();
    user_terminators.dedup();
    for b in user_terminators {
        match &mut program.terminators[b] {
            Terminator::Branch { cond, .. } | Terminator::Switch { cond, .. } => {
                redirect(cond, Point::end(b))
            }
            Terminator::Jump(_) | Terminator::Other(_) => {}
        }
    }
    for (k, p) in planned.iter().enumerate() {
        let value = match index.innermost(p.x, p.at, Some(k)) {
            Some(outer) => Operand::Inst(first + outer),
            None => Operand::Inst(p.x),
        };
        let (pred, other) = (p.pred, p.other.clone());
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
    for term in &program.terminators {
        if let Terminator::Switch {
            cond: Operand::Inst(x),
            cases,
            ..
        } = term
        {
            plan_switch(*x, cases, values, fcfg, &mut planned);
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
        for (block, holds) in [(if_true, true), (if_false, false)] {
            if fcfg.cfg.preds(block).len() == 1 {
                for (x, pred, other) in facts(program, values, c, holds) {
                    planned.push(Planned {
                        x,
                        at: Point::entry(block),
                        pred,
                        other,
                    });
                }
            }
        }
    }
    for &id in assumes {
        let Some(c) = id_of.get(LLVMGetOperand(values[id], 0) as usize) else {
            continue;
        };
        let at = Point::at_inst(program.insts[id].block, id + 1);
        for (x, pred, other) in facts(program, values, c as InstId, true) {
            planned.push(Planned { x, at, pred, other });
        }
    }
    planned
}

/// The copies of `switch x` (an integer of at most 64 bits, as every
/// switch the program reads): `x` equals the case value in a case's block
/// when that case is its only way in (LLVM 22's `processSwitch`; nothing
/// for the default). Left out when the switch is `x`'s only use.
unsafe fn plan_switch(
    x: InstId,
    cases: &[(Konst, Block)],
    values: &[LLVMValueRef],
    fcfg: &FunctionCfg,
    planned: &mut Vec<Planned>,
) {
    if has_one_use(values[x]) {
        return;
    }
    for &(case, block) in cases {
        if fcfg.cfg.preds(block).len() == 1 {
            planned.push(Planned {
                x,
                at: Point::entry(block),
                pred: IntPredicate::Eq,
                other: Operand::Const(case),
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
unsafe fn facts(
    program: &Program,
    values: &[LLVMValueRef],
    c: InstId,
    holds: bool,
) -> Vec<(InstId, IntPredicate, Operand)> {
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
    facts: &mut Vec<(InstId, IntPredicate, Operand)>,
) {
    let bit = Konst::bool(holds).zext();
    if !has_one_use(values[c]) {
        facts.push((c, IntPredicate::Eq, Operand::Const(Konst::new(1, bit))));
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
            facts.push((
                *x,
                IntPredicate::Eq,
                Operand::Const(Konst::new(*from_width, bit)),
            ));
        }
        Op::ICmp { pred, lhs, rhs } if lhs != rhs => {
            for (x, other, pred) in [(lhs, rhs, *pred), (rhs, lhs, swapped(*pred))] {
                if let Operand::Inst(x) = *x {
                    if int_width(LLVMTypeOf(values[x])).is_some() {
                        facts.push((x, polarity(pred), other.clone()));
                    }
                }
            }
        }
        Op::PointerICmp { pred, lhs, rhs } => {
            let null = Operand::Pointer(PtrConst::Null);
            for (x, other, pred) in [(lhs, rhs, *pred), (rhs, lhs, swapped(*pred))] {
                if let (&Operand::Inst(x), true) = (x, *other == null) {
                    facts.push((x, polarity(pred), null.clone()));
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

/// The positions in `insts` of the calls of `llvm.assume`.
///
/// # Safety
/// `insts` are live instructions.
pub unsafe fn assume_calls(insts: &[LLVMValueRef]) -> Vec<InstId> {
    let assume = ir::intrinsic_id("llvm.assume");
    (0..insts.len())
        .filter(|&k| {
            !LLVMIsACallInst(insts[k]).is_null() && ir::called_intrinsic_id(insts[k]) == assume
        })
        .collect()
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

/// Every use of `value`: the user, the operand number, the block where the
/// use happens (a phi's incoming block) and whether the user is a phi.
unsafe fn llvm_uses(
    value: LLVMValueRef,
    fcfg: &FunctionCfg,
) -> Vec<(LLVMValueRef, u32, Block, bool)> {
    let mut users = ir::users(value);
    users.sort_unstable();
    users.dedup();
    let mut uses = Vec::new();
    for user in users {
        let is_phi = LLVMGetInstructionOpcode(user) == LLVMOpcode::LLVMPHI;
        for k in 0..LLVMGetNumOperands(user) as u32 {
            if LLVMGetOperand(user, k) != value {
                continue;
            }
            let at = if is_phi {
                fcfg.block_of(LLVMGetIncomingBlock(user, k))
            } else {
                fcfg.block_of_inst(user)
            };
            uses.push((user, k, at, is_phi));
        }
    }
    uses
}

/// Applies `redirect` to the operands the solver reads through a copy of
/// instruction `id`, each with the point where it is used.
fn redirect_operands(inst: &mut Inst, id: InstId, redirect: &impl Fn(&mut Operand, Point)) {
    let at = Point::at_inst(inst.block, id);
    match &mut inst.op {
        Op::Binary { lhs, rhs, .. } | Op::ICmp { lhs, rhs, .. } => {
            redirect(lhs, at);
            redirect(rhs, at);
        }
        Op::Cast { value, .. } | Op::Freeze(value) | Op::TableLoad { index: value, .. } => {
            redirect(value, at)
        }
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
        Op::PointerICmp { lhs, rhs, .. } => {
            redirect(lhs, at);
            redirect(rhs, at);
        }
        Op::Gep { base, .. } => redirect(base, at),
        Op::Phi(incoming) => incoming
            .iter_mut()
            .for_each(|(v, from)| redirect(v, Point::end(*from))),
        // Read through `x` itself: sound, only less precise.
        Op::Constrained { .. }
        | Op::PointerConstrained { .. }
        | Op::NotNull
        | Op::Bounded { .. }
        | Op::ConstantLoad(_)
        | Op::UndefLoad
        | Op::PointerLoad(_)
        | Op::Wide(_)
        | Op::Float { .. }
        | Op::OverflowField(_)
        | Op::Opaque => {}
    }
}
