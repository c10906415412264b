//! A conservative copy of LLVM's `isGuaranteedNotToBePoison` for the cases
//! mem2reg's decisions depend on (`llvm/lib/Analysis/ValueTracking.cpp`):
//!
//! * the single-store path needs dominance for every load unless the
//!   stored value is a non-instruction known not to be poison;
//! * phi folding may ignore `undef` inputs only when the common value is
//!   known not to be poison.
//!
//! Known not poison here: `undef` (it is not poison), integer and
//! floating-point constants, null pointers, global variables and functions,
//! arguments marked `noundef`, `dereferenceable` or
//! `dereferenceable_or_null`, and `freeze` instructions. LLVM proves more
//! for instructions (e.g. a `!noundef` load), so a phi merging `undef` with
//! such an instruction may be reported as kept when LLVM folds it; every
//! non-instruction case is LLVM's exact rule.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// Why `value` cannot be poison, as a phrase for the table, or `None`.
///
/// # Safety
/// `value` is live; `label` is how it prints.
pub unsafe fn not_poison_because(value: LLVMValueRef, label: &str) -> Option<String> {
    if !LLVMIsAInstruction(value).is_null() {
        return (!LLVMIsAFreezeInst(value).is_null()).then(|| format!("{label} is a freeze"));
    }
    if !LLVMIsAArgument(value).is_null() {
        return argument_attribute(value).map(|attr| format!("the argument {label} is {attr}"));
    }
    if !LLVMIsAPoisonValue(value).is_null() || !LLVMIsAConstantExpr(value).is_null() {
        return None;
    }
    if !LLVMIsAUndefValue(value).is_null() {
        return Some("undef is not poison".to_string());
    }
    let constant = !LLVMIsAConstantInt(value).is_null()
        || !LLVMIsAConstantFP(value).is_null()
        || !LLVMIsAConstantPointerNull(value).is_null();
    if constant {
        return Some(format!("the constant {label} is not poison"));
    }
    let global = !LLVMIsAGlobalVariable(value).is_null() || !LLVMIsAFunction(value).is_null();
    global.then(|| format!("the address {label} is not poison"))
}

/// # Safety
/// `value` is live.
pub unsafe fn known_not_poison(value: LLVMValueRef) -> bool {
    not_poison_because(value, "").is_some()
}

/// The first attribute of an argument that rules out poison.
unsafe fn argument_attribute(arg: LLVMValueRef) -> Option<&'static str> {
    let function = LLVMGetParamParent(arg);
    let position = (0..LLVMCountParams(function)).find(|&i| LLVMGetParam(function, i) == arg)?;
    // Attribute index 0 is the return value, 1 the first argument.
    let index = position + 1;
    ["noundef", "dereferenceable", "dereferenceable_or_null"]
        .into_iter()
        .find(|attr| {
            let kind = LLVMGetEnumAttributeKindForName(attr.as_ptr() as *const _, attr.len());
            kind != 0 && !LLVMGetEnumAttributeAtIndex(function, index, kind).is_null()
        })
}
