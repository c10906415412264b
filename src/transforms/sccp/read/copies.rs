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
//! the false edge of the `trunc`. A copy of `x` below another
//! copy of `x` reads that one, so nested loops and ifs narrow in turn.
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

use super::int_width;
use crate::analysis::cfg::Block;
use crate::analysis::dominators::DomTree;
use crate::ir::{AddressIndex, FastMap, FunctionCfg};
use crate::transforms::sccp::fold::{CastOp, IntPredicate};
use crate::transforms::sccp::lattice::Konst;
use crate::transforms::sccp::predicate::{inverse, swapped};
use crate::transforms::sccp::program::{Inst, InstId, Op, Operand, Program, Terminator};

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

/// A copy before it is placed: of `x` in `block`, where `x pred other`.
struct Planned {
    x: InstId,
    block: Block,
    pred: IntPredicate,
    other: Operand,
}

/// Adds the copies to `program` (see the module comment) and returns
/// them with their LLVM uses.
///
/// # Safety
/// `program` was just read from the live function of `fcfg`, unchanged
/// since; `values` are the LLVM values of its instructions (numbered by
/// `id_of`) and arguments.
pub unsafe fn add(
    program: &mut Program,
    values: &[LLVMValueRef],
    id_of: &AddressIndex,
    fcfg: &FunctionCfg,
) -> Vec<Copy> {
    let planned = plan(program, values, fcfg);
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
        for (user, operand, at) in llvm_uses(values[x], fcfg) {
            let Some(k) = index.innermost(x, at, None) else {
                continue;
            };
            let id = id_of.get(user as usize).map(|id| id as InstId);
            match id {
                Some(id) => user_insts.push(id),
                None => user_terminators.push(fcfg.block_of_inst(user)),
            }
            copies[k].uses.push(CopiedUse { user, operand, id });
        }
    }
    let redirect = |operand: &mut Operand, at: Block| {
        if let Operand::Inst(x) = *operand {
            if let Some(k) = index.innermost(x, at, None) {
                *operand = Operand::Inst(first + k);
            }
        }
    };
    user_insts.sort_unstable();
    user_insts.dedup();
    for id in user_insts {
        redirect_operands(&mut program.insts[id], &redirect);
    }
    user_terminators.sort_unstable();
    user_terminators.dedup();
    for b in user_terminators {
        match &mut program.terminators[b] {
            Terminator::Branch { cond, .. } | Terminator::Switch { cond, .. } => redirect(cond, b),
            Terminator::Jump(_) | Terminator::Other(_) => {}
        }
    }
    for (k, p) in planned.iter().enumerate() {
        let value = match index.innermost(p.x, p.block, Some(k)) {
            Some(outer) => Operand::Inst(first + outer),
            None => Operand::Inst(p.x),
        };
        let width = int_width(LLVMTypeOf(values[p.x])).expect("planned for integers only");
        program.insts.push(Inst {
            block: p.block,
            op: Op::Constrained {
                value,
                pred: p.pred,
                other: p.other.clone(),
                width,
            },
        });
    }
    copies
}

/// Each copied value's copies in reachable blocks, for the innermost copy
/// whose block dominates a given block: sorted by the blocks' numbers in a
/// depth-first walk of the dominator tree, each with the position of the
/// nearest copy whose block dominates its own (the copies' blocks nest as
/// the tree's subtrees do). Scanning every copy of a value for every use
/// was quadratic: an argument compared in every block (`bench-sccp`'s
/// irreducible CFGs) has thousands of both.
struct CopyIndex<'a> {
    /// Per value, sorted by `dfs_in`.
    by_value: FastMap<InstId, Vec<IndexedCopy>>,
    dt: &'a DomTree,
}

/// One copy in a `CopyIndex`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct IndexedCopy {
    /// Its block's `DomTree::dfs_in`.
    dfs_in: u32,
    /// Its index among the planned copies.
    copy: usize,
    block: Block,
    /// The position of the nearest copy of the same value whose block
    /// dominates this one's.
    enclosing: Option<usize>,
}

impl<'a> CopyIndex<'a> {
    fn new(planned: &[Planned], dt: &'a DomTree) -> Self {
        let mut by_value: FastMap<InstId, Vec<IndexedCopy>> = FastMap::default();
        for (k, p) in planned.iter().enumerate() {
            if dt.is_reachable(p.block) {
                by_value.entry(p.x).or_default().push(IndexedCopy {
                    dfs_in: dt.dfs_in(p.block),
                    copy: k,
                    block: p.block,
                    enclosing: None,
                });
            }
        }
        for copies in by_value.values_mut() {
            copies.sort_unstable();
            // The copies whose subtree is still open, outermost first.
            let mut open: Vec<usize> = Vec::new();
            for i in 0..copies.len() {
                let block = copies[i].block;
                while let Some(&top) = open.last() {
                    if dt.dominates(copies[top].block, block) {
                        break;
                    }
                    open.pop();
                }
                copies[i].enclosing = open.last().copied();
                open.push(i);
            }
        }
        CopyIndex { by_value, dt }
    }

    /// The values with a copy in a reachable block.
    fn copied_values(&self) -> impl Iterator<Item = InstId> + '_ {
        self.by_value.keys().copied()
    }

    /// The innermost copy of `x` whose block dominates `at`, other than
    /// `except`.
    fn innermost(&self, x: InstId, at: Block, except: Option<usize>) -> Option<usize> {
        let copies = self.by_value.get(&x)?;
        if !self.dt.is_reachable(at) {
            return None;
        }
        // The last copy numbered at or before `at`; the ones dominating
        // `at` are it or its enclosing copies.
        let end = copies.partition_point(|c| c.dfs_in <= self.dt.dfs_in(at));
        let mut i = end.checked_sub(1);
        while let Some(pos) = i {
            let c = copies[pos];
            if Some(c.copy) != except && self.dt.dominates(c.block, at) {
                return Some(c.copy);
            }
            i = c.enclosing;
        }
        None
    }
}

/// The copies the branches call for, `other` as the compare reads it.
unsafe fn plan(program: &Program, values: &[LLVMValueRef], fcfg: &FunctionCfg) -> Vec<Planned> {
    let mut planned = Vec::new();
    for term in &program.terminators {
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
        let mut plan_value = |x: InstId, on_true: (IntPredicate, Operand), on_false| {
            for (block, (pred, other)) in [(if_true, on_true), (if_false, on_false)] {
                if fcfg.cfg.preds(block).len() == 1 {
                    planned.push(Planned {
                        x,
                        block,
                        pred,
                        other,
                    });
                }
            }
        };
        // The condition itself: true past the true edge, false past the
        // other (not planned when the branch is its only use, as it
        // mostly is).
        if !has_one_use(values[c]) {
            let bit = |b| (IntPredicate::Eq, Operand::Const(Konst::new(1, b)));
            plan_value(c, bit(1), bit(0));
        }
        // `trunc nuw x to i1`: x is 1 or 0 (any other value makes the
        // condition poison, and the branch UB).
        if let Op::Cast {
            op: CastOp::Trunc,
            flags,
            value: Operand::Inst(x),
            from_width,
            to_width: 1,
        } = program.insts[c].op
        {
            if flags.nuw {
                let is = |b| (IntPredicate::Eq, Operand::Const(Konst::new(from_width, b)));
                plan_value(x, is(1), is(0));
            }
        }
        let Op::ICmp { pred, lhs, rhs } = &program.insts[c].op else {
            continue;
        };
        if lhs == rhs {
            continue;
        }
        for (x, other, pred) in [(lhs, rhs, *pred), (rhs, lhs, swapped(*pred))] {
            let Operand::Inst(x) = *x else {
                continue;
            };
            if int_width(LLVMTypeOf(values[x])).is_some() {
                plan_value(x, (pred, other.clone()), (inverse(pred), other.clone()));
            }
        }
    }
    planned
}

/// Does `value` have exactly one use?
///
/// # Safety
/// `value` is live.
unsafe fn has_one_use(value: LLVMValueRef) -> bool {
    let first = LLVMGetFirstUse(value);
    !first.is_null() && LLVMGetNextUse(first).is_null()
}

/// The integer arguments (of at most 64 bits) that a conditional branch
/// takes as its condition, or through an `icmp` or a `trunc` of them, each
/// once.
///
/// # Safety
/// `fcfg` was read from a live function, unchanged since.
pub unsafe fn compared_arguments(fcfg: &FunctionCfg) -> Vec<LLVMValueRef> {
    let mut arguments = Vec::new();
    for &bb in &fcfg.blocks {
        let term = LLVMGetBasicBlockTerminator(bb);
        if term.is_null()
            || LLVMGetInstructionOpcode(term) != LLVMOpcode::LLVMBr
            || LLVMIsConditional(term) == 0
        {
            continue;
        }
        let cond = LLVMGetCondition(term);
        let compared: &[LLVMValueRef] = if !LLVMIsAICmpInst(cond).is_null() {
            &[LLVMGetOperand(cond, 0), LLVMGetOperand(cond, 1)]
        } else if !LLVMIsATruncInst(cond).is_null() {
            &[LLVMGetOperand(cond, 0)]
        } else {
            &[cond]
        };
        for &v in compared {
            if !LLVMIsAArgument(v).is_null()
                && int_width(LLVMTypeOf(v)).is_some()
                && !arguments.contains(&v)
            {
                arguments.push(v);
            }
        }
    }
    arguments
}

/// Every use of `value`: the user, the operand number and the block where
/// the use happens (a phi's incoming block).
unsafe fn llvm_uses(value: LLVMValueRef, fcfg: &FunctionCfg) -> Vec<(LLVMValueRef, u32, Block)> {
    let mut users: Vec<LLVMValueRef> = Vec::new();
    let mut u = LLVMGetFirstUse(value);
    while !u.is_null() {
        users.push(LLVMGetUser(u));
        u = LLVMGetNextUse(u);
    }
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
            uses.push((user, k, at));
        }
    }
    uses
}

/// Applies `redirect` to the operands the solver reads through a copy,
/// each with the block where it is used.
fn redirect_operands(inst: &mut Inst, redirect: &impl Fn(&mut Operand, Block)) {
    let at = inst.block;
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
        Op::Phi(incoming) => incoming.iter_mut().for_each(|(v, from)| redirect(v, *from)),
        // Read through `x` itself: sound, only less precise.
        Op::Constrained { .. }
        | Op::PointerICmp { .. }
        | Op::NotNull
        | Op::Bounded { .. }
        | Op::Gep { .. }
        | Op::ConstantLoad(_)
        | Op::Wide(_)
        | Op::Float { .. }
        | Op::OverflowField(_)
        | Op::Opaque => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cfg::Cfg;

    /// On pseudo-random CFGs with copies of two values in random blocks,
    /// `CopyIndex::innermost` is the deepest dominating copy a scan of all
    /// copies finds.
    #[test]
    fn innermost_is_the_deepest_dominating_copy() {
        let mut seed = 12345u64;
        let mut next = |m: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % m
        };
        for _ in 0..200 {
            let n = 2 + next(30);
            let mut edges = Vec::new();
            for b in 1..n {
                edges.push((next(b), b));
            }
            for _ in 0..next(n) {
                edges.push((next(n), next(n)));
            }
            let dt = DomTree::compute(&Cfg::from_edges(n, &edges));
            let mut used = std::collections::HashSet::new();
            let planned: Vec<Planned> = (0..next(12))
                .filter_map(|_| {
                    let (x, block) = (next(2), next(n));
                    used.insert((x, block)).then_some(Planned {
                        x,
                        block,
                        pred: IntPredicate::Eq,
                        other: Operand::Unknown,
                    })
                })
                .collect();
            let index = CopyIndex::new(&planned, &dt);
            for x in 0..2 {
                for at in 0..n {
                    for except in [None, Some(0), Some(1)] {
                        let scan = (0..planned.len())
                            .filter(|&k| {
                                planned[k].x == x
                                    && Some(k) != except
                                    && dt.dominates(planned[k].block, at)
                            })
                            .max_by_key(|&k| dt.level(planned[k].block));
                        assert_eq!(index.innermost(x, at, except), scan, "x {x} at {at}");
                    }
                }
            }
        }
    }
}
