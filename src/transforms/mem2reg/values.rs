//! Facts about values that the LLVM-compatible paths need.
//!
//! `guaranteed_not_poison` is a conservative subset of LLVM's
//! `isGuaranteedNotToBePoison`: integer, floating-point and null constants,
//! global values, and arguments marked `noundef`, `dereferenceable` or
//! `dereferenceable_or_null`. Anything else (instructions, constant
//! expressions, `undef`, `poison`) may be poison. Where LLVM proves more,
//! compat mode keeps a phi or a load that LLVM folds — never the reverse.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// # Safety
/// `value` is live.
pub unsafe fn guaranteed_not_poison(value: LLVMValueRef) -> bool {
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
    if LLVMIsAArgument(value).is_null() {
        return false;
    }
    not_poison_attribute(value).is_some()
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
            let kind = LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len());
            !LLVMGetEnumAttributeAtIndex(function, position + 1, kind).is_null()
        })
}
