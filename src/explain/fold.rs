//! Which of the phis `pebble-mem2reg` inserted LLVM's mem2reg would fold
//! away, found by doing the folding on the promoted function.
//!
//! LLVM 19 (`PromoteMem2Reg::run`, after renaming and *before* giving
//! unreachable predecessors their `poison`) repeats until nothing changes:
//! for each new phi, in a fixed order, `simplifyInstruction`, which for a
//! phi is `simplifyPHINode`:
//! * ignore incoming values equal to the phi itself, `poison` and `undef`;
//! * the remaining values must all be one value `V`, else the phi stays;
//! * none left: the phi becomes `undef` (if an `undef` came in) or `poison`;
//! * if an `undef` or `poison` was ignored, `V` must dominate the phi, and
//!   with an `undef`, `V` must be known not poison (`poison::known_not_poison`).
//!
//! A removed phi is replaced everywhere by its value, which may make other
//! phis foldable: hence the fixed point. We visit phis in (block, alloca)
//! order, as the notes on LLVM 19 say its map iteration does. Incoming
//! values from unreachable predecessors are skipped, because at LLVM's
//! folding time those entries do not exist yet.
//!
//! Why run it rather than reason on paper: the incoming values are the ones
//! the pass's renaming produced, so the answer is about the same SSA graph
//! the user gets from `pebble-mem2reg`.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use crate::analysis::cfg::Block;
use crate::analysis::dominators::DomTree;
use crate::ir::FunctionCfg;

use super::poison::known_not_poison;

/// A phi the pass inserted for slot `slot` in block `block`.
#[derive(Clone, Copy, Debug)]
pub struct NewPhi {
    pub block: Block,
    pub slot: usize,
    pub phi: LLVMValueRef,
}

/// Folds the phis as LLVM would, rewriting the function; returns, for each
/// phi of `phis`, whether it was folded.
///
/// # Safety
/// The phis are live phis of the function `fcfg` was read from.
pub unsafe fn fold_like_llvm(
    fcfg: &FunctionCfg,
    dt: &DomTree,
    reachable: &[bool],
    phis: &[NewPhi],
) -> Vec<bool> {
    let mut order: Vec<usize> = (0..phis.len()).collect();
    order.sort_by_key(|&i| (phis[i].block, phis[i].slot));
    let mut folded = vec![false; phis.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for &i in &order {
            if folded[i] {
                continue;
            }
            let p = phis[i];
            if let Some(value) = simplify_phi(fcfg, dt, reachable, p) {
                LLVMReplaceAllUsesWith(p.phi, value);
                LLVMInstructionEraseFromParent(p.phi);
                folded[i] = true;
                changed = true;
            }
        }
    }
    folded
}

/// `simplifyPHINode` over the incoming values from reachable predecessors.
unsafe fn simplify_phi(
    fcfg: &FunctionCfg,
    dt: &DomTree,
    reachable: &[bool],
    p: NewPhi,
) -> Option<LLVMValueRef> {
    let mut common: Option<LLVMValueRef> = None;
    let (mut saw_undef, mut saw_poison) = (false, false);
    for k in 0..LLVMCountIncoming(p.phi) {
        if !reachable[fcfg.block_of(LLVMGetIncomingBlock(p.phi, k))] {
            continue;
        }
        let v = LLVMGetIncomingValue(p.phi, k);
        if v == p.phi {
            continue;
        }
        if !LLVMIsAPoisonValue(v).is_null() {
            saw_poison = true;
        } else if !LLVMIsAUndefValue(v).is_null() {
            saw_undef = true;
        } else if common.is_some_and(|c| c != v) {
            return None;
        } else {
            common = Some(v);
        }
    }
    let ty = LLVMTypeOf(p.phi);
    let Some(value) = common else {
        return Some(if saw_undef {
            LLVMGetUndef(ty)
        } else {
            LLVMGetPoison(ty)
        });
    };
    if saw_undef || saw_poison {
        if !value_dominates_phi(fcfg, dt, value, p) {
            return None;
        }
        if saw_undef && !known_not_poison(value) {
            return None;
        }
    }
    Some(value)
}

/// LLVM's `valueDominatesPHI`, i.e. `DominatorTree::dominates(V, phi)`:
/// non-instructions dominate everything; for a phi user an instruction must
/// be in a block that *strictly* dominates the phi's block (a value of the
/// phi's own block, even an earlier phi, does not count: a phi is treated
/// as a use at the top of its block).
unsafe fn value_dominates_phi(
    fcfg: &FunctionCfg,
    dt: &DomTree,
    value: LLVMValueRef,
    p: NewPhi,
) -> bool {
    if LLVMIsAInstruction(value).is_null() {
        return true;
    }
    dt.strictly_dominates(fcfg.block_of_inst(value), p.block)
}
