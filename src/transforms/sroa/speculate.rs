//! Addresses of an alloca that flow through a `select` or a `phi`: folded
//! when the merge is trivial, else the loads through it are *speculated*
//! (each address loaded, the loaded values merged) so that the alloca's
//! slices are direct loads again. LLVM 19's `SROA.cpp`: `foldSelectInst`
//! and `PHINode::hasConstantValue` in the slice builder, then
//! `isSafeSelectToSpeculate`/`speculateSelectInstLoads` and
//! `isSafePHIToSpeculate`/`speculatePHINodeLoads`.
//!
//! The slice walker (`slices`) asks `classify` about every select or phi
//! that uses a pointer into the alloca:
//! * `Follow`: the merge is that pointer whatever happens (a select on a
//!   constant condition that picks it, a select of it and itself, a phi
//!   whose incoming values are it or the phi itself): walked through as a
//!   derived pointer at the same offset.
//! * `DeadOperand`: a select on a constant condition that picks the other
//!   operand: the alloca's operand is never used and becomes `poison`.
//! * `Speculate`: every user is a plain load, and loading every incoming
//!   address is safe where the load will be placed (below). Nothing changes
//!   until the alloca's slices are known to be otherwise fine: then `apply`
//!   rewrites, and the alloca is collected again (the loads are direct).
//! * `Escape`: anything else; the alloca is left alone.
//!
//! Safety of a speculated load (LLVM's `isSafeToLoadUnconditionally`, the
//! part that needs no scan of nearby accesses): the address is a constant
//! offset from an alloca, a global variable that is not `extern_weak`, or
//! an argument with `dereferenceable(N)`, the loaded bytes lie inside it,
//! and its known alignment at that offset is at least the load's.
//! * select: each load `load T, (select c, a, b)` becomes
//!   `select c, (load T, a), (load T, b)` at the load, so both addresses
//!   must be safe (`preserve-cfg`, the only mode implemented here).
//! * phi: the loads must be in the phi's block with nothing that may write
//!   memory between the phi and them, all of one type; one load per
//!   incoming edge goes at the end of the predecessor, and a new phi merges
//!   them. A predecessor whose terminator has side effects (an `invoke`) or
//!   defines the address cannot take the load; one with several successors
//!   needs a safe address (the load would run on the other paths too), one
//!   with a single successor does not (the original load ran on that path).
//!
//! What this invalidates: nothing in the CFG; the select or phi of
//! addresses is erased once its loads are gone.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAtomicOrdering, LLVMLinkage, LLVMOpcode};

use super::layout::{common_alignment, Layout};
use super::slices::static_size;
use crate::ir::{self, delete};

/// What the slice walker does with a select or phi of a pointer into the
/// alloca.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merge {
    Follow,
    /// Operand `index` (the alloca's) is dead.
    DeadOperand(u32),
    Speculate,
    Escape,
}

/// Classifies the select or phi `merge`, a user of `ptr`.
///
/// # Safety
/// `merge` is a live select or phi using `ptr`.
pub unsafe fn classify(merge: LLVMValueRef, ptr: LLVMValueRef, layout: &Layout) -> Merge {
    let is_select = ir::opcode(merge) == Some(LLVMOpcode::LLVMSelect);
    if is_select {
        if let Some(chosen) = constant_choice(merge) {
            return if LLVMGetOperand(merge, chosen) == ptr {
                Merge::Follow
            } else {
                Merge::DeadOperand(if chosen == 1 { 2 } else { 1 })
            };
        }
        if LLVMGetOperand(merge, 1) == LLVMGetOperand(merge, 2) {
            return Merge::Follow;
        }
    } else if phi_always(merge, ptr) {
        return Merge::Follow;
    }
    let safe = if is_select {
        select_is_speculatable(merge, layout)
    } else {
        phi_is_speculatable(merge, layout)
    };
    if safe {
        Merge::Speculate
    } else {
        Merge::Escape
    }
}

/// The operand (1 or 2) a select on a constant condition picks.
unsafe fn constant_choice(select: LLVMValueRef) -> Option<u32> {
    let cond = LLVMGetOperand(select, 0);
    if LLVMIsAConstantInt(cond).is_null() {
        return None;
    }
    Some(if LLVMConstIntGetZExtValue(cond) != 0 {
        1
    } else {
        2
    })
}

/// Every incoming value of the phi is `ptr` or the phi itself.
unsafe fn phi_always(phi: LLVMValueRef, ptr: LLVMValueRef) -> bool {
    (0..LLVMCountIncoming(phi)).all(|i| {
        let v = LLVMGetIncomingValue(phi, i);
        v == ptr || v == phi
    })
}

/// A non-volatile, non-atomic load.
unsafe fn is_plain_load(inst: LLVMValueRef) -> bool {
    ir::opcode(inst) == Some(LLVMOpcode::LLVMLoad)
        && LLVMGetVolatile(inst) == 0
        && LLVMGetOrdering(inst) == LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
}

unsafe fn select_is_speculatable(select: LLVMValueRef, layout: &Layout) -> bool {
    let users = ir::users(select);
    !users.is_empty()
        && users.iter().all(|&load| {
            is_plain_load(load) && {
                let ty = LLVMTypeOf(load);
                let align = LLVMGetAlignment(load) as u64;
                layout.is_fixed_sized(ty)
                    && (1..=2).all(|k| {
                        safe_to_load(
                            LLVMGetOperand(select, k),
                            layout.store_size(ty),
                            align,
                            layout,
                        )
                    })
            }
        })
}

unsafe fn phi_is_speculatable(phi: LLVMValueRef, layout: &Layout) -> bool {
    let block = LLVMGetInstructionParent(phi);
    let users = ir::users(phi);
    let Some(&first) = users.first() else {
        return false;
    };
    let ty = LLVMTypeOf(first);
    let mut align = 1;
    for &load in &users {
        if !is_plain_load(load)
            || LLVMGetInstructionParent(load) != block
            || LLVMTypeOf(load) != ty
            || writes_between(phi, load)
        {
            return false;
        }
        align = align.max(LLVMGetAlignment(load) as u64);
    }
    if !layout.is_fixed_sized(ty) {
        return false;
    }
    let size = layout.store_size(ty);
    (0..LLVMCountIncoming(phi)).all(|i| {
        let value = LLVMGetIncomingValue(phi, i);
        let term = LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(phi, i));
        if term.is_null() || term == value || !plain_terminator(term) {
            return false;
        }
        LLVMGetNumSuccessors(term) == 1 || safe_to_load(value, size, align, layout)
    })
}

/// A terminator without side effects, before which a load may go.
unsafe fn plain_terminator(term: LLVMValueRef) -> bool {
    matches!(
        ir::opcode(term),
        Some(LLVMOpcode::LLVMBr) | Some(LLVMOpcode::LLVMSwitch) | Some(LLVMOpcode::LLVMIndirectBr)
    )
}

/// Whether anything from `phi` (exclusive) to `load` may write memory.
unsafe fn writes_between(phi: LLVMValueRef, load: LLVMValueRef) -> bool {
    let mut inst = LLVMGetNextInstruction(phi);
    while !inst.is_null() && inst != load {
        if may_write(inst) {
            return true;
        }
        inst = LLVMGetNextInstruction(inst);
    }
    false
}

/// Conservative `mayWriteToMemory`: every store, call and atomic.
unsafe fn may_write(inst: LLVMValueRef) -> bool {
    use LLVMOpcode::*;
    match ir::opcode(inst) {
        Some(LLVMStore | LLVMCall | LLVMInvoke | LLVMCallBr | LLVMFence | LLVMAtomicRMW)
        | Some(LLVMAtomicCmpXchg | LLVMVAArg) => true,
        Some(LLVMLoad) => LLVMGetOrdering(inst) != LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic,
        _ => false,
    }
}

/// Whether `bytes` bytes at `ptr`, aligned to `align`, can be loaded
/// anywhere `ptr` is defined (module doc).
unsafe fn safe_to_load(ptr: LLVMValueRef, bytes: u64, align: u64, layout: &Layout) -> bool {
    let mut base = ptr;
    let mut offset: i64 = 0;
    loop {
        match ir::opcode(base) {
            Some(LLVMOpcode::LLVMGetElementPtr) => {
                let Some(step) = layout.gep_offset(base) else {
                    return false;
                };
                let Some(sum) = offset.checked_add(step) else {
                    return false;
                };
                offset = sum;
                base = LLVMGetOperand(base, 0);
            }
            Some(LLVMOpcode::LLVMBitCast) => base = LLVMGetOperand(base, 0),
            _ => break,
        }
    }
    let Ok(offset) = u64::try_from(offset) else {
        return false;
    };
    let Some((size, base_align)) = dereferenceable(base, layout) else {
        return false;
    };
    offset.checked_add(bytes).is_some_and(|end| end <= size)
        && common_alignment(base_align, offset) >= align
}

/// The dereferenceable size and known alignment of an object's start.
unsafe fn dereferenceable(base: LLVMValueRef, layout: &Layout) -> Option<(u64, u64)> {
    if ir::opcode(base) == Some(LLVMOpcode::LLVMAlloca) {
        let size = static_size(base, layout)?;
        return Some((size, (LLVMGetAlignment(base) as u64).max(1)));
    }
    if !LLVMIsAGlobalVariable(base).is_null() {
        let ty = LLVMGlobalGetValueType(base);
        if LLVMGetLinkage(base) == LLVMLinkage::LLVMExternalWeakLinkage
            || !layout.is_fixed_sized(ty)
        {
            return None;
        }
        return Some((
            layout.alloc_size(ty),
            (LLVMGetAlignment(base) as u64).max(1),
        ));
    }
    if !LLVMIsAArgument(base).is_null() {
        let function = LLVMGetParamParent(base);
        let index = (0..LLVMCountParams(function)).find(|&i| LLVMGetParam(function, i) == base)?;
        let bytes = int_attribute(function, index + 1, "dereferenceable")?;
        let align = int_attribute(function, index + 1, "align").unwrap_or(1);
        return Some((bytes, align.max(1)));
    }
    None
}

/// The value of an integer enum attribute of a function's argument.
unsafe fn int_attribute(function: LLVMValueRef, index: u32, name: &str) -> Option<u64> {
    let kind = LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len());
    let attr = LLVMGetEnumAttributeAtIndex(function, index, kind);
    (!attr.is_null()).then(|| LLVMGetEnumAttributeValue(attr))
}

/// Speculates the loads through each merge (classified `Speculate` and
/// unchanged since). Returns the number of loads created, and the bases of
/// the addresses now loaded directly (allocas among them gained slices).
///
/// # Safety
/// Every merge is live, was classified `Speculate`, and is listed once.
pub unsafe fn apply(merges: &[LLVMValueRef], layout: &Layout) -> (usize, Vec<LLVMValueRef>) {
    let builder = LLVMCreateBuilderInContext(layout.context);
    let mut loads = 0;
    let mut bases = Vec::new();
    for &merge in merges {
        if ir::opcode(merge) == Some(LLVMOpcode::LLVMSelect) {
            loads += speculate_select(builder, merge);
            bases.extend((1..=2).map(|k| LLVMGetOperand(merge, k)));
        } else {
            loads += speculate_phi(builder, merge);
            bases.extend((0..LLVMCountIncoming(merge)).map(|i| LLVMGetIncomingValue(merge, i)));
        }
        delete::erase_unused(merge);
    }
    LLVMDisposeBuilder(builder);
    let bases = bases
        .into_iter()
        .map(|p| super::slices::base_of(p))
        .collect();
    (loads, bases)
}

/// `load (select c, a, b)` → `select c, (load a), (load b)`, per load.
unsafe fn speculate_select(builder: LLVMBuilderRef, select: LLVMValueRef) -> usize {
    let cond = LLVMGetOperand(select, 0);
    let mut count = 0;
    for load in ir::users(select) {
        LLVMPositionBuilderBefore(builder, load);
        let ty = LLVMTypeOf(load);
        let align = LLVMGetAlignment(load);
        let name = ir::name(load);
        let hands: Vec<LLVMValueRef> = [(1, "true"), (2, "false")]
            .iter()
            .map(|&(k, side)| {
                let v = LLVMBuildLoad2(builder, ty, LLVMGetOperand(select, k), c"".as_ptr());
                LLVMSetAlignment(v, align);
                ir::set_name(v, &format!("{name}.sroa.speculate.load.{side}"));
                v
            })
            .collect();
        let merged = LLVMBuildSelect(builder, cond, hands[0], hands[1], c"".as_ptr());
        delete::replace_and_erase(load, merged);
        ir::set_name(merged, &format!("{name}.sroa.speculated"));
        count += 2;
    }
    count
}

/// The loads of a phi of addresses → a phi of loads in the predecessors.
unsafe fn speculate_phi(builder: LLVMBuilderRef, phi: LLVMValueRef) -> usize {
    let users = ir::users(phi);
    let ty = LLVMTypeOf(users[0]);
    // As LLVM: the first load's alignment (the check used the largest).
    let align = LLVMGetAlignment(users[0]);
    let name = ir::name(phi);
    LLVMPositionBuilderBefore(builder, phi);
    let merged = LLVMBuildPhi(builder, ty, c"".as_ptr());
    ir::set_name(merged, &format!("{name}.sroa.speculated"));
    // A phi may list a predecessor more than once (with one value): one
    // load per predecessor.
    let mut injected: Vec<(LLVMBasicBlockRef, LLVMValueRef)> = Vec::new();
    let mut values = Vec::new();
    let mut blocks = Vec::new();
    for i in 0..LLVMCountIncoming(phi) {
        let pred = LLVMGetIncomingBlock(phi, i);
        let load = match injected.iter().find(|(b, _)| *b == pred) {
            Some(&(_, l)) => l,
            None => {
                LLVMPositionBuilderBefore(builder, LLVMGetBasicBlockTerminator(pred));
                let l = LLVMBuildLoad2(builder, ty, LLVMGetIncomingValue(phi, i), c"".as_ptr());
                LLVMSetAlignment(l, align);
                ir::set_name(
                    l,
                    &format!(
                        "{name}.sroa.speculate.load.{}",
                        ir::name(LLVMBasicBlockAsValue(pred))
                    ),
                );
                injected.push((pred, l));
                l
            }
        };
        values.push(load);
        blocks.push(pred);
    }
    LLVMAddIncoming(
        merged,
        values.as_mut_ptr(),
        blocks.as_mut_ptr(),
        values.len() as u32,
    );
    for load in users {
        delete::replace_and_erase(load, merged);
    }
    injected.len()
}
