//! The one way Pebble deletes IR: instructions and dead blocks.
//!
//! LLVM frees an instruction or block the moment it is erased. Anything that
//! still points at it then points into freed memory: a `Use` of an erased
//! value (erasing the user later writes into the freed value's use list, as
//! `Use::zap` does), a terminator that still names an erased block, a phi
//! entry for an erased predecessor, or a Rust handle kept in a worklist. The
//! rules, followed by every function here:
//!
//! 1. An instruction is erased only when nothing uses it: its uses are
//!    replaced first (by the caller's value, or by `poison` when the caller
//!    knows only dead code can still use it).
//! 2. Dead blocks are deleted as a group, the way LLVM's `DeleteDeadBlocks`
//!    does: every value they define is replaced by `poison` (only other dead
//!    code, or live phi entries the caller has already dropped, can use it),
//!    then every instruction of every block in the group is erased (so the
//!    terminators' uses of blocks go away while all those blocks still
//!    exist), and only then are the empty blocks deleted. Deleting them one
//!    at a time in block order is the bug this module exists for: a cycle of
//!    dead blocks means some block is freed while a terminator of another
//!    still uses it.
//!
//! Callers guarantee, before `delete_dead_blocks`: no live block's
//! terminator branches to a dead block, and no live phi has an entry for
//! one (the C API cannot remove a phi entry: rebuild the phi first). The
//! function checks the first in every build (it reads only the blocks' use
//! lists) and refuses to delete anything when it does not hold.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::{instructions, is_instruction};

/// Replaces every use of `inst` with `replacement`, then erases `inst`.
///
/// # Safety
/// `inst` is a live instruction; `replacement` is a live value of the same
/// type that is not `inst` and does not use `inst` in a way that would make
/// the rewrite invalid (the caller's contract, as for `RAUW`). No handle to
/// `inst` may be used after this call.
pub unsafe fn replace_and_erase(inst: LLVMValueRef, replacement: LLVMValueRef) {
    debug_assert_ne!(inst, replacement, "an instruction cannot replace itself");
    if replacement == inst {
        // Replacing a value by itself would leave its uses in place and
        // then free it under them: in release builds it costs a value.
        erase_with_poison(inst);
        return;
    }
    if !LLVMGetFirstUse(inst).is_null() {
        LLVMReplaceAllUsesWith(inst, replacement);
    }
    LLVMInstructionEraseFromParent(inst);
}

/// Erases an instruction the caller believes unused. In debug builds a
/// remaining use is a bug (asserted); in release builds remaining uses are
/// replaced by `poison` first, so a mistake costs a value, never the heap.
///
/// # Safety
/// `inst` is a live instruction. No handle to it may be used afterwards.
pub unsafe fn erase_unused(inst: LLVMValueRef) {
    debug_assert!(
        LLVMGetFirstUse(inst).is_null(),
        "erasing an instruction that is still used"
    );
    erase_with_poison(inst);
}

/// Erases an instruction whose remaining users are all dead code: they get
/// `poison` in its place.
///
/// # Safety
/// `inst` is a live instruction. No handle to it may be used afterwards.
pub unsafe fn erase_with_poison(inst: LLVMValueRef) {
    if !LLVMGetFirstUse(inst).is_null() {
        LLVMReplaceAllUsesWith(inst, LLVMGetPoison(LLVMTypeOf(inst)));
    }
    LLVMInstructionEraseFromParent(inst);
}

/// Erases `inst` as `erase_with_poison` does, then every instruction that
/// this leaves trivially dead (`is_trivially_dead`: unused, and erasing it
/// changes nothing else), and so on through their operands: LLVM SROA's
/// `deleteDeadInstructions`. Instructions `spared` says true of are left
/// (the caller's own handles, e.g. the ones it erases next). `before_erase`
/// sees each erased one before it goes (not `inst`). Returns how many of
/// them were erased.
///
/// Each instruction is erased once: only unused ones are queued, and an
/// unused instruction is no operand of any other, so no queued handle is
/// freed by another erasure.
///
/// # Safety
/// `inst` is a live instruction. No handle to it, or to an instruction
/// passed to `before_erase`, may be used afterwards.
pub unsafe fn erase_with_dead_operands(
    inst: LLVMValueRef,
    spared: impl Fn(LLVMValueRef) -> bool,
    before_erase: &mut impl FnMut(LLVMValueRef),
) -> usize {
    let mut queue = vec![inst];
    let mut erased = 0;
    while let Some(next) = queue.pop() {
        let operands: Vec<LLVMValueRef> = (0..LLVMGetNumOperands(next).max(0) as u32)
            .map(|k| LLVMGetOperand(next, k))
            .filter(|&v| v != next && is_instruction(v))
            .collect();
        if next != inst {
            before_erase(next);
            erased += 1;
        }
        erase_with_poison(next);
        for operand in operands {
            if !spared(operand) && is_trivially_dead(operand) && !queue.contains(&operand) {
                queue.push(operand);
            }
        }
    }
    erased
}

/// An instruction nothing uses whose erasure changes nothing but itself:
/// arithmetic, casts, compares, `select`, GEPs, phis, vector and aggregate
/// element operations, `freeze`, and loads that are neither volatile nor
/// atomic (LLVM's `isInstructionTriviallyDead` for these kinds). Allocas
/// are not: passes keep handles to them.
///
/// # Safety
/// `value` is live.
pub unsafe fn is_trivially_dead(value: LLVMValueRef) -> bool {
    use llvm_sys::{LLVMAtomicOrdering, LLVMOpcode::*};
    let Some(opcode) = super::opcode(value) else {
        return false;
    };
    if !LLVMGetFirstUse(value).is_null() {
        return false;
    }
    match opcode {
        LLVMAdd | LLVMFAdd | LLVMSub | LLVMFSub | LLVMMul | LLVMFMul | LLVMUDiv | LLVMSDiv
        | LLVMFDiv | LLVMURem | LLVMSRem | LLVMFRem | LLVMShl | LLVMLShr | LLVMAShr | LLVMAnd
        | LLVMOr | LLVMXor | LLVMFNeg | LLVMTrunc | LLVMZExt | LLVMSExt | LLVMFPToUI
        | LLVMFPToSI | LLVMUIToFP | LLVMSIToFP | LLVMFPTrunc | LLVMFPExt | LLVMPtrToInt
        | LLVMIntToPtr | LLVMBitCast | LLVMAddrSpaceCast | LLVMICmp | LLVMFCmp | LLVMSelect
        | LLVMGetElementPtr | LLVMPHI | LLVMExtractElement | LLVMInsertElement
        | LLVMShuffleVector | LLVMExtractValue | LLVMInsertValue | LLVMFreeze => true,
        LLVMLoad => {
            LLVMGetVolatile(value) == 0
                && LLVMGetOrdering(value) == LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
        }
        _ => false,
    }
}

/// A dead block still reached from outside the group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveUseOfDeadBlock {
    /// The dead block that is still a branch target.
    pub block: LLVMBasicBlockRef,
    /// The instruction outside the group that branches to it.
    pub user: LLVMValueRef,
}

/// Deletes a group of dead blocks (rule 2 above). Blocks whose address is
/// taken (`blockaddress`) are deleted too; LLVM replaces such constants
/// when the block is freed, so callers that must keep them check first.
///
/// Returns an error, and deletes nothing, if an instruction outside the
/// group still uses a block of the group (a terminator the caller did not
/// rewrite).
///
/// # Safety
/// Every block is live, in the same function, and listed once; no live phi
/// has an entry for any of them. No handle to the blocks or their
/// instructions may be used after a successful call.
pub unsafe fn delete_dead_blocks(blocks: &[LLVMBasicBlockRef]) -> Result<(), LiveUseOfDeadBlock> {
    if blocks.is_empty() {
        return Ok(());
    }
    check_only_dead_users(blocks)?;
    // Rule 1 for the whole group: after this, nothing uses their values.
    for &bb in blocks {
        for inst in instructions(bb) {
            if !LLVMGetFirstUse(inst).is_null() {
                LLVMReplaceAllUsesWith(inst, LLVMGetPoison(LLVMTypeOf(inst)));
            }
        }
    }
    // Every block of the group is still alive while its users go.
    for &bb in blocks {
        let mut inst = LLVMGetLastInstruction(bb);
        while !inst.is_null() {
            let prev = LLVMGetPreviousInstruction(inst);
            LLVMInstructionEraseFromParent(inst);
            inst = prev;
        }
    }
    for &bb in blocks {
        debug_assert!(LLVMGetFirstInstruction(bb).is_null());
        LLVMDeleteBasicBlock(bb);
    }
    Ok(())
}

/// Every instruction that uses a block of the group is itself in the group.
unsafe fn check_only_dead_users(blocks: &[LLVMBasicBlockRef]) -> Result<(), LiveUseOfDeadBlock> {
    let mut group: Vec<usize> = blocks.iter().map(|&b| b as usize).collect();
    group.sort_unstable();
    for &bb in blocks {
        let mut u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb));
        while !u.is_null() {
            let user = LLVMGetUser(u);
            if is_instruction(user) {
                let parent = LLVMGetInstructionParent(user) as usize;
                if group.binary_search(&parent).is_err() {
                    return Err(LiveUseOfDeadBlock { block: bb, user });
                }
            }
            u = LLVMGetNextUse(u);
        }
    }
    Ok(())
}

/// Erases a debug marker (`debug_records::Record`: an LLVM 22 record, or an
/// LLVM 19 intrinsic call, which nothing uses).
///
/// # Safety
/// `record` is live; no handle to it is used after this call.
pub unsafe fn erase_debug_record(record: super::debug_records::Record) {
    super::debug_records::erase(record);
}
