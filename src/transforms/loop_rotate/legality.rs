//! The checks of a loop header that need the IR: the terminator must be a
//! conditional `br`, the header must be small, and every instruction in it
//! must be safe to duplicate.
//!
//! Size limit: `MAX_HEADER_SIZE` = 16 instructions, counting every
//! instruction of the header except phis, debug intrinsics and the
//! terminator. (LLVM's limit is also 16, `-rotation-max-header-size`, but
//! measured in target code-size cost; the two agree on -O0-style headers of
//! loads, compares and arithmetic, where each instruction costs about 1.)
//!
//! Not duplicable (LLVM's `CodeMetrics::notDuplicatable` and convergence):
//! a call or invoke marked `noduplicate` or `convergent` (on the call or on
//! the callee), `callbr`, any value of `token` type, and exception-handling
//! pads.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use super::shape::SkipReason;
use crate::ir;

/// The largest header, in counted instructions, that is copied.
pub const MAX_HEADER_SIZE: usize = 16;

/// `Ok` when the header of a CFG-rotatable loop may be duplicated.
///
/// # Safety
/// `header` is a live block with a terminator.
pub unsafe fn check_header(header: LLVMBasicBlockRef) -> Result<(), SkipReason> {
    let term = LLVMGetBasicBlockTerminator(header);
    if ir::opcode(term) != Some(LLVMOpcode::LLVMBr) || LLVMIsConditional(term) == 0 {
        return Err(SkipReason::HeaderNotExiting);
    }
    let mut size = 0usize;
    for inst in ir::instructions(header) {
        if !duplicable(inst) {
            return Err(SkipReason::NotDuplicable);
        }
        let op = LLVMGetInstructionOpcode(inst);
        if op != LLVMOpcode::LLVMPHI && inst != term && !is_debug_intrinsic(inst) {
            size += 1;
        }
    }
    if size > MAX_HEADER_SIZE {
        return Err(SkipReason::HeaderTooLarge);
    }
    Ok(())
}

/// Calls of `llvm.dbg.*`: not counted, and not copied by the rotation.
///
/// # Safety
/// `inst` is a live instruction.
pub unsafe fn is_debug_intrinsic(inst: LLVMValueRef) -> bool {
    LLVMGetInstructionOpcode(inst) == LLVMOpcode::LLVMCall
        && ir::called_intrinsic_name(inst).is_some_and(|n| n.starts_with("llvm.dbg."))
}

unsafe fn duplicable(inst: LLVMValueRef) -> bool {
    if LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMTypeKind::LLVMTokenTypeKind {
        return false;
    }
    match LLVMGetInstructionOpcode(inst) {
        LLVMOpcode::LLVMCallBr
        | LLVMOpcode::LLVMLandingPad
        | LLVMOpcode::LLVMCatchPad
        | LLVMOpcode::LLVMCleanupPad
        | LLVMOpcode::LLVMCatchSwitch => false,
        LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke => {
            !has_attribute(inst, "noduplicate") && !has_attribute(inst, "convergent")
        }
        _ => true,
    }
}

/// A function attribute on the call site or on the called function.
unsafe fn has_attribute(call: LLVMValueRef, name: &str) -> bool {
    let kind = crate::ir::attributes::kind(name);
    let function_index = llvm_sys::LLVMAttributeFunctionIndex;
    if !LLVMGetCallSiteEnumAttribute(call, function_index, kind).is_null() {
        return true;
    }
    let callee = LLVMGetCalledValue(call);
    !callee.is_null()
        && !LLVMIsAFunction(callee).is_null()
        && !LLVMGetEnumAttributeAtIndex(callee, function_index, kind).is_null()
}

/// Whether a block may be put in front of `bb` (LLVM's
/// `canSplitPredecessors`): not when `bb` is an exception-handling pad
/// other than a landing pad.
///
/// # Safety
/// `bb` is a live block.
pub unsafe fn can_split_before(bb: LLVMBasicBlockRef) -> bool {
    let first = ir::instructions(bb).find(|&i| LLVMGetInstructionOpcode(i) != LLVMOpcode::LLVMPHI);
    !first.is_some_and(|i| {
        matches!(
            LLVMGetInstructionOpcode(i),
            LLVMOpcode::LLVMCatchPad
                | LLVMOpcode::LLVMCleanupPad
                | LLVMOpcode::LLVMCatchSwitch
                | LLVMOpcode::LLVMLandingPad
        )
    })
}
