//! Folding the new phis after renaming, as LLVM 19's mem2reg does with
//! `simplifyInstruction` (compat mode only; Lesson 16.3's rules).
//!
//! A phi whose incoming values, ignoring itself, `undef` and `poison`, are
//! all one value `V` is replaced by `V`; with no such value, by `undef` (if
//! some input was `undef`) or `poison`. When `undef` or `poison` inputs were
//! ignored, `V` must dominate the phi. Replacing one phi can make another
//! foldable, so the folding repeats until nothing changes.
//!
//! One deliberate difference: LLVM also folds `phi [undef, ...], [V, ...]` to
//! a `V` that may be poison, which turns a read of uninitialised memory into
//! poison (LLVM's own test `single-store.ll`, `single_store_maybe_poison`,
//! marked FIXME). Here such a phi is kept unless `V` is guaranteed not to be
//! poison; `poison` inputs alone still allow the fold (poison may become any
//! value).

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::values::guaranteed_not_poison;
use crate::ir::delete;

/// Folds phis to a fixed point; `dominates(v, phi)` is instruction-level
/// dominance. Returns which phis were folded (and erased).
///
/// # Safety
/// `phis` are live phis with all their reachable incoming entries.
pub unsafe fn fold_phis(
    phis: &[LLVMValueRef],
    dominates: &dyn Fn(LLVMValueRef, LLVMValueRef) -> bool,
) -> Vec<bool> {
    let mut folded = vec![false; phis.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for (i, &phi) in phis.iter().enumerate() {
            if folded[i] {
                continue;
            }
            if let Some(value) = simplified(phi, dominates) {
                delete::replace_and_erase(phi, value);
                folded[i] = true;
                changed = true;
            }
        }
    }
    folded
}

unsafe fn simplified(
    phi: LLVMValueRef,
    dominates: &dyn Fn(LLVMValueRef, LLVMValueRef) -> bool,
) -> Option<LLVMValueRef> {
    let mut common: Option<LLVMValueRef> = None;
    let (mut has_undef, mut has_poison) = (false, false);
    for k in 0..LLVMCountIncoming(phi) {
        let value = LLVMGetIncomingValue(phi, k);
        if value == phi {
            continue;
        }
        if LLVMIsPoison(value) != 0 {
            has_poison = true;
            continue;
        }
        if LLVMIsUndef(value) != 0 {
            has_undef = true;
            continue;
        }
        match common {
            Some(c) if c != value => return None,
            _ => common = Some(value),
        }
    }
    let Some(value) = common else {
        let ty = LLVMTypeOf(phi);
        return Some(if has_undef {
            LLVMGetUndef(ty)
        } else {
            LLVMGetPoison(ty)
        });
    };
    if !(has_undef || has_poison) {
        return Some(value);
    }
    let safe = !has_undef || guaranteed_not_poison(value);
    (safe && dominates(value, phi)).then_some(value)
}
