//! Function attributes through the C API: enum attributes (`strictfp`) by
//! kind, string attributes (`"denormal-fp-math"="ieee,ieee"`) by name.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The kind LLVM gives the enum attribute `name` (`nonnull`, `range`), 0
/// when `name` is not one.
pub fn kind(name: &str) -> u32 {
    // SAFETY: reads only the given bytes.
    unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len()) }
}

/// Does `function` carry the attribute `name` (an enum attribute when LLVM
/// knows the name as one, else a string attribute)?
///
/// # Safety
/// `function` is a live function.
pub unsafe fn has_function_attribute(function: LLVMValueRef, name: &str) -> bool {
    let kind = kind(name);
    if kind != 0 {
        let index = llvm_sys::LLVMAttributeFunctionIndex;
        return !LLVMGetEnumAttributeAtIndex(function, index, kind).is_null();
    }
    string_function_attribute(function, name).is_some()
}

/// The value of the string attribute `name` of `function`, if it has one.
///
/// # Safety
/// `function` is a live function.
pub unsafe fn string_function_attribute(function: LLVMValueRef, name: &str) -> Option<String> {
    let attr = LLVMGetStringAttributeAtIndex(
        function,
        llvm_sys::LLVMAttributeFunctionIndex,
        name.as_ptr() as *const _,
        name.len() as u32,
    );
    if attr.is_null() {
        return None;
    }
    let mut len = 0u32;
    let value = LLVMGetStringAttributeValue(attr, &mut len);
    let bytes = std::slice::from_raw_parts(value as *const u8, len as usize);
    Some(String::from_utf8_lossy(bytes).into_owned())
}
