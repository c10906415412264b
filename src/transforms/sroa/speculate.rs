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
//! * `Unused`: nothing uses the merge: it is erased (as LLVM marks it dead).
//! * `NoAccess`: the merge is used, but nothing reads or writes memory
//!   through it: its users, and theirs, are only casts, GEPs whose indices
//!   are all zero, selects and phis (LLVM's `hasUnsafePHIOrSelectUse`
//!   finds no load or store: a use of size zero, which `insertUse` marks
//!   dead). When it points into the alloca it is erased too, its users
//!   given `poison`, as LLVM's dead users are.
//! * `Follow`: the merge is that pointer whatever happens (a select on a
//!   constant condition that picks it, a select of it and itself, a phi
//!   whose incoming values are it or the phi itself): walked through as a
//!   derived pointer at the same offset.
//! * `DeadOperand`: a select on a constant condition that picks the other
//!   operand: the alloca's operand is never used and becomes `poison`.
//! * `Speculate`: every user is a plain load (or, of a select with
//!   `modify-cfg`, a plain store through it), and loading every incoming
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
//!   `select c, (load T, a), (load T, b)` at the load when both addresses
//!   are safe. Otherwise, with `modify-cfg` (the default, as LLVM's
//!   `sroa`), the load is predicated (`predicate_load`, LLVM's
//!   `rewriteMemOpOfSelect`): its block is split before it, and each unsafe
//!   address is loaded only on its side of a branch on `c`; with
//!   `preserve-cfg` the alloca is left alone. A plain store through the
//!   select is never speculated: with `modify-cfg` it is predicated the
//!   same way (`predicate_store`: one store per hand, each on its side of
//!   the branch), with `preserve-cfg` the alloca is left alone.
//! * phi: the loads must be in the phi's block with nothing that may write
//!   memory between the phi and them, all of one type; one load per
//!   incoming edge goes at the end of the predecessor, and a new phi merges
//!   them. A predecessor whose terminator has side effects (an `invoke`) or
//!   defines the address cannot take the load; one with several successors
//!   needs a safe address (the load would run on the other paths too), one
//!   with a single successor does not (the original load ran on that path).
//!
//! What this invalidates: the CFG only when a load is predicated; the
//! select or phi of addresses is erased once its loads are gone.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAtomicOrdering, LLVMLinkage, LLVMOpcode};

use super::layout::{common_alignment, Layout};
use super::slices::static_size;
use crate::ir::attributes::MemoryEffects;
use crate::ir::{self, delete, FastSet};

/// What the slice walker does with a select or phi of a pointer into the
/// alloca.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merge {
    /// No users: dead, erased.
    Unused,
    /// Users, but no load or store through them (`reaches_no_access`).
    NoAccess,
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
pub unsafe fn classify(
    merge: LLVMValueRef,
    ptr: LLVMValueRef,
    layout: &Layout,
    modify_cfg: bool,
) -> Merge {
    if LLVMGetFirstUse(merge).is_null() {
        return Merge::Unused;
    }
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
    if reaches_no_access(merge) {
        return Merge::NoAccess;
    }
    let safe = if is_select {
        select_is_speculatable(merge, layout, modify_cfg)
    } else {
        phi_is_speculatable(merge, layout)
    };
    if safe {
        Merge::Speculate
    } else {
        Merge::Escape
    }
}

/// Whether every user of `merge`, followed through casts, GEPs whose
/// indices are all zero, selects and phis, is one of those: nothing loads,
/// stores or otherwise uses the address (LLVM 19 and 22's
/// `hasUnsafePHIOrSelectUse` returning no unsafe use with size zero).
/// A load, a store or any other user answers no, and `classify` goes on
/// as before.
unsafe fn reaches_no_access(merge: LLVMValueRef) -> bool {
    // A set, not a list: reg2mem'd code can hang webs of thousands of
    // pointer phis and selects off one address.
    let mut seen: FastSet<LLVMValueRef> = FastSet::default();
    seen.insert(merge);
    let mut work = vec![merge];
    while let Some(value) = work.pop() {
        for user in ir::each_user(value) {
            let passes_address = match ir::opcode(user) {
                Some(
                    LLVMOpcode::LLVMSelect
                    | LLVMOpcode::LLVMPHI
                    | LLVMOpcode::LLVMBitCast
                    | LLVMOpcode::LLVMAddrSpaceCast,
                ) => true,
                Some(LLVMOpcode::LLVMGetElementPtr) => has_all_zero_indices(user),
                _ => false,
            };
            if !passes_address {
                return false;
            }
            if seen.insert(user) {
                work.push(user);
            }
        }
    }
    true
}

/// A GEP whose indices are all integer constants equal to zero (LLVM's
/// `GetElementPtrInst::hasAllZeroIndices`).
unsafe fn has_all_zero_indices(gep: LLVMValueRef) -> bool {
    (1..LLVMGetNumOperands(gep).max(1) as u32).all(|k| {
        let index = LLVMGetOperand(gep, k);
        !LLVMIsAConstantInt(index).is_null() && LLVMIsNull(index) != 0
    })
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

unsafe fn select_is_speculatable(select: LLVMValueRef, layout: &Layout, modify_cfg: bool) -> bool {
    let users = ir::users(select);
    !users.is_empty()
        && users.iter().all(|&user| {
            if is_store_through(user, select) {
                // Never speculated: predicated, with `modify-cfg` only.
                return modify_cfg && can_split_before(user);
            }
            is_plain_load(user)
                && layout.is_fixed_sized(LLVMTypeOf(user))
                && (hands_safe(select, user, layout) == [true, true]
                    || (modify_cfg && can_split_before(user)))
        })
}

/// A non-volatile store *through* `ptr` (not of it: storing the address
/// is an escape, and the slice walker says so first).
unsafe fn is_store_through(inst: LLVMValueRef, ptr: LLVMValueRef) -> bool {
    ir::opcode(inst) == Some(LLVMOpcode::LLVMStore)
        && LLVMGetOperand(inst, 1) == ptr
        && LLVMGetOperand(inst, 0) != ptr
        && LLVMGetVolatile(inst) == 0
        && LLVMGetOrdering(inst) == LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
}

/// Whether each hand of the select can be loaded where `load` is.
unsafe fn hands_safe(select: LLVMValueRef, load: LLVMValueRef, layout: &Layout) -> [bool; 2] {
    let size = layout.store_size(LLVMTypeOf(load));
    let align = LLVMGetAlignment(load) as u64;
    [1, 2].map(|k| safe_to_load(LLVMGetOperand(select, k), size, align, layout))
}

/// Whether `predicate_load` can split the block of `load` just before it:
/// the block is not an exception-handling pad, and every use of it is a
/// `br` or `switch` branching there (no `blockaddress`; their targets can
/// be redirected through the C API).
unsafe fn can_split_before(load: LLVMValueRef) -> bool {
    let block = LLVMGetInstructionParent(load);
    let mut inst = LLVMGetFirstInstruction(block);
    while !inst.is_null() && ir::opcode(inst) == Some(LLVMOpcode::LLVMPHI) {
        inst = LLVMGetNextInstruction(inst);
    }
    let is_pad = matches!(
        ir::opcode(inst),
        Some(LLVMOpcode::LLVMLandingPad | LLVMOpcode::LLVMCatchPad | LLVMOpcode::LLVMCleanupPad)
            | Some(LLVMOpcode::LLVMCatchSwitch)
    );
    !is_pad
        && ir::users(LLVMBasicBlockAsValue(block)).iter().all(|&u| {
            matches!(
                ir::opcode(u),
                Some(LLVMOpcode::LLVMBr | LLVMOpcode::LLVMSwitch)
            )
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

/// LLVM's `mayWriteToMemory`: every store, fence and atomic, and every
/// call but those whose `memory` attributes only read. A debug intrinsic
/// (`memory(none)`) must not count: on LLVM 19 SROA sees them as calls
/// (`PassInfo::debug_markers`), and `-g` would change the code.
unsafe fn may_write(inst: LLVMValueRef) -> bool {
    use LLVMOpcode::*;
    match ir::opcode(inst) {
        Some(LLVMCall) => MemoryEffects::of_call(inst).may_write(),
        Some(LLVMStore | LLVMInvoke | LLVMCallBr | LLVMFence | LLVMAtomicRMW)
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
    let kind = crate::ir::attributes::kind(name);
    let attr = LLVMGetEnumAttributeAtIndex(function, index, kind);
    (!attr.is_null()).then(|| LLVMGetEnumAttributeValue(attr))
}

/// What `apply` did.
#[derive(Default)]
pub struct Applied {
    /// Loads created.
    pub loads: usize,
    /// Blocks were split (`modify-cfg`).
    pub cfg_changed: bool,
    /// The bases of the addresses now loaded directly (allocas among them
    /// gained slices).
    pub bases: Vec<LLVMValueRef>,
}

/// Speculates the loads through each merge (classified `Speculate` and
/// unchanged since).
///
/// # Safety
/// Every merge is live, was classified `Speculate`, and is listed once.
pub unsafe fn apply(merges: &[LLVMValueRef], layout: &Layout) -> Applied {
    let builder = LLVMCreateBuilderInContext(layout.context);
    let mut loads = 0;
    let mut cfg_changed = false;
    let mut bases = Vec::new();
    for &merge in merges {
        if ir::opcode(merge) == Some(LLVMOpcode::LLVMSelect) {
            let (n, split) = speculate_select(builder, merge, layout);
            loads += n;
            cfg_changed |= split;
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
    Applied {
        loads,
        cfg_changed,
        bases,
    }
}

/// `load (select c, a, b)` → `select c, (load a), (load b)`, per load;
/// a load whose hands are not both safe is predicated instead
/// (`predicate_load`: only classified so with `modify-cfg`). Returns the
/// loads created and whether the CFG changed.
unsafe fn speculate_select(
    builder: LLVMBuilderRef,
    select: LLVMValueRef,
    layout: &Layout,
) -> (usize, bool) {
    let cond = LLVMGetOperand(select, 0);
    let mut count = 0;
    let mut cfg_changed = false;
    for load in ir::users(select) {
        if ir::opcode(load) == Some(LLVMOpcode::LLVMStore) {
            predicate_store(builder, select, load, layout);
            cfg_changed = true;
            continue;
        }
        let safe = hands_safe(select, load, layout);
        if safe != [true, true] {
            count += predicate_load(builder, select, load, safe, layout);
            cfg_changed = true;
            continue;
        }
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
    (count, cfg_changed)
}

/// LLVM's `rewriteMemOpOfSelect` for a load: the load's block is split
/// before it, and each unsafe hand is loaded only on its side of a branch
/// on the select's condition (a safe hand is loaded before the branch); a
/// phi merges the two values where the load was.
///
/// The C API cannot move phi entries to another block, so the split keeps
/// the original block as the tail (its terminator, and its successors'
/// phi entries, stay right) and moves what comes before the load into a
/// new head block, to which its predecessors are redirected
/// (`can_split_before` checked they are `br`/`switch`). Handles stay
/// valid: instructions are moved, never freed. Returns the loads created.
unsafe fn predicate_load(
    builder: LLVMBuilderRef,
    select: LLVMValueRef,
    load: LLVMValueRef,
    safe: [bool; 2],
    layout: &Layout,
) -> usize {
    let ctx = layout.context;
    let (head, tail, base) = split_before(builder, load, layout);
    let ty = LLVMTypeOf(load);
    let align = LLVMGetAlignment(load);
    let name = ir::name(load);
    let cond = LLVMGetOperand(select, 0);
    let side = |k: u32| if k == 1 { "then" } else { "else" };
    let hand = |k: u32, at: LLVMBasicBlockRef| {
        LLVMPositionBuilderAtEnd(builder, at);
        let v = LLVMBuildLoad2(builder, ty, LLVMGetOperand(select, k), c"".as_ptr());
        LLVMSetAlignment(v, align);
        ir::set_name(v, &format!("{name}.{}.val", side(k)));
        (v, at)
    };
    let arm_block = |k: u32| {
        let b = LLVMInsertBasicBlockInContext(ctx, tail, c"".as_ptr());
        ir::set_name(LLVMBasicBlockAsValue(b), &format!("{base}.{}", side(k)));
        b
    };
    let incoming = match safe {
        [false, false] => {
            let (then, els) = (arm_block(1), arm_block(2));
            LLVMPositionBuilderAtEnd(builder, head);
            LLVMBuildCondBr(builder, cond, then, els);
            let arms = [hand(1, then), hand(2, els)];
            for (_, b) in arms {
                LLVMPositionBuilderAtEnd(builder, b);
                LLVMBuildBr(builder, tail);
            }
            arms
        }
        _ => {
            // One hand is safe: loaded in the head, before the branch; the
            // other only on its side.
            let (safe_k, unsafe_k) = if safe[0] { (1, 2) } else { (2, 1) };
            let arm = arm_block(unsafe_k);
            let in_head = hand(safe_k, head);
            LLVMPositionBuilderAtEnd(builder, head);
            if unsafe_k == 1 {
                LLVMBuildCondBr(builder, cond, arm, tail);
            } else {
                LLVMBuildCondBr(builder, cond, tail, arm);
            }
            let in_arm = hand(unsafe_k, arm);
            LLVMPositionBuilderAtEnd(builder, arm);
            LLVMBuildBr(builder, tail);
            [in_head, in_arm]
        }
    };
    ir::debug_records::position_before_markers(builder, load);
    let phi = LLVMBuildPhi(builder, ty, c"".as_ptr());
    let (mut values, mut blocks): (Vec<_>, Vec<_>) = incoming.into_iter().unzip();
    LLVMAddIncoming(phi, values.as_mut_ptr(), blocks.as_mut_ptr(), 2);
    delete::replace_and_erase(load, phi);
    ir::set_name(phi, &name);
    2
}

/// Splits the block of `inst` just before it (`predicate_load`'s doc: the
/// original block becomes the tail, named `<name>.cont`; a new head, named
/// as the block was, takes what came before `inst`). Returns the head, the
/// tail and the old name; the head has no terminator yet.
unsafe fn split_before(
    builder: LLVMBuilderRef,
    inst: LLVMValueRef,
    layout: &Layout,
) -> (LLVMBasicBlockRef, LLVMBasicBlockRef, String) {
    let tail = LLVMGetInstructionParent(inst);
    let base = ir::name(LLVMBasicBlockAsValue(tail));
    let head = LLVMInsertBasicBlockInContext(layout.context, tail, c"".as_ptr());
    for user in ir::users(LLVMBasicBlockAsValue(tail)) {
        for i in 0..LLVMGetNumSuccessors(user) {
            if LLVMGetSuccessor(user, i) == tail {
                LLVMSetSuccessor(user, i, head);
            }
        }
    }
    let mut moved = LLVMGetFirstInstruction(tail);
    while moved != inst {
        let next = LLVMGetNextInstruction(moved);
        // With its debug records (LLVM 22), as LLVM's block split moves them.
        ir::debug_records::move_to_end(builder, moved, head);
        moved = next;
    }
    LLVMPositionBuilderAtEnd(builder, head);
    ir::set_name(LLVMBasicBlockAsValue(tail), &format!("{base}.cont"));
    ir::set_name(LLVMBasicBlockAsValue(head), &base);
    (head, tail, base)
}

/// LLVM's `rewriteMemOpOfSelect` for a store (`store v, (select c, a, b)`,
/// never speculated): the block is split before it and `v` is stored to
/// `a` in a `.then` block and to `b` in an `.else` block, both branching
/// to the tail.
unsafe fn predicate_store(
    builder: LLVMBuilderRef,
    select: LLVMValueRef,
    store: LLVMValueRef,
    layout: &Layout,
) {
    let (head, tail, base) = split_before(builder, store, layout);
    let value = LLVMGetOperand(store, 0);
    let align = LLVMGetAlignment(store);
    let arms = [(1, "then"), (2, "else")].map(|(k, side)| {
        let b = LLVMInsertBasicBlockInContext(layout.context, tail, c"".as_ptr());
        ir::set_name(LLVMBasicBlockAsValue(b), &format!("{base}.{side}"));
        LLVMPositionBuilderAtEnd(builder, b);
        let s = LLVMBuildStore(builder, value, LLVMGetOperand(select, k));
        LLVMSetAlignment(s, align);
        LLVMBuildBr(builder, tail);
        b
    });
    LLVMPositionBuilderAtEnd(builder, head);
    LLVMBuildCondBr(builder, LLVMGetOperand(select, 0), arms[0], arms[1]);
    delete::erase_unused(store);
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
