//! Facts about values that the LLVM-compatible paths need.
//!
//! `guaranteed_not_poison` is a conservative subset of LLVM's
//! `isGuaranteedNotToBePoison`: integer, floating-point and null constants,
//! global values, arguments marked `noundef`, `dereferenceable` or
//! `dereferenceable_or_null`, `freeze`, loads marked `!noundef`, and, up to
//! depth 6 as in LLVM, integer instructions that cannot create poison
//! (`add`/`sub`/`mul`/`and`/`or`/`xor` without `nuw`/`nsw`/`disjoint`,
//! `icmp`, `zext`/`sext`/`trunc` without flags) whose operands are not
//! poison. Anything else (other instructions, constant expressions, `undef`,
//! `poison`) may be poison. Where LLVM proves more, compat mode keeps a phi
//! or a load that LLVM folds — never the reverse.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

/// # Safety
/// `value` is live.
pub unsafe fn guaranteed_not_poison(value: LLVMValueRef) -> bool {
    not_poison(value, 6)
}

unsafe fn not_poison(value: LLVMValueRef, depth: u32) -> bool {
    if LLVMIsUndef(value) != 0 {
        return false;
    }
    if !LLVMIsAConstantInt(value).is_null()
        || !LLVMIsAConstantFP(value).is_null()
        || !LLVMIsAConstantPointerNull(value).is_null()
        || !LLVMIsAGlobalValue(value).is_null()
    {
        return true;
    }
    if !LLVMIsAArgument(value).is_null() {
        return not_poison_attribute(value).is_some();
    }
    if LLVMIsAInstruction(value).is_null() {
        return false;
    }
    match LLVMGetInstructionOpcode(value) {
        LLVMOpcode::LLVMFreeze => true,
        LLVMOpcode::LLVMLoad => {
            let context = LLVMGetTypeContext(LLVMTypeOf(value));
            let kind = LLVMGetMDKindIDInContext(context, c"noundef".as_ptr(), 7);
            !LLVMGetMetadata(value, kind).is_null()
        }
        _ if depth == 0 || creates_poison(value) => false,
        _ => (0..LLVMGetNumOperands(value) as u32)
            .all(|i| not_poison(LLVMGetOperand(value, i), depth - 1)),
    }
}

/// Whether the instruction may produce poison from non-poison operands
/// (or is not one of the few kinds this module reasons about).
unsafe fn creates_poison(inst: LLVMValueRef) -> bool {
    use LLVMOpcode::*;
    let integer = LLVMGetTypeKind(LLVMTypeOf(inst)) == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind;
    match LLVMGetInstructionOpcode(inst) {
        LLVMAdd | LLVMSub | LLVMMul | LLVMShl => {
            // shl by the width or more is poison even without flags.
            let opcode = LLVMGetInstructionOpcode(inst);
            opcode == LLVMShl || !integer || LLVMGetNUW(inst) != 0 || LLVMGetNSW(inst) != 0
        }
        LLVMOr => !integer || LLVMGetIsDisjoint(inst) != 0,
        LLVMAnd | LLVMXor => !integer,
        LLVMICmp => false,
        LLVMZExt => LLVMGetNNeg(inst) != 0,
        LLVMSExt => false,
        LLVMTrunc => LLVMGetNUW(inst) != 0 || LLVMGetNSW(inst) != 0,
        _ => true,
    }
}

/// The first attribute of argument `arg` that rules out poison, if any
/// (also named by `pebble explain`).
///
/// # Safety
/// `arg` is a live argument.
pub(crate) unsafe fn not_poison_attribute(arg: LLVMValueRef) -> Option<&'static str> {
    let function = LLVMGetParamParent(arg);
    let position = (0..LLVMCountParams(function)).find(|&i| LLVMGetParam(function, i) == arg)?;
    // Attribute index 0 is the return value, 1 the first argument.
    ["noundef", "dereferenceable", "dereferenceable_or_null"]
        .into_iter()
        .find(|name| {
            let kind = crate::ir::attributes::kind(name);
            !LLVMGetEnumAttributeAtIndex(function, position + 1, kind).is_null()
        })
}
