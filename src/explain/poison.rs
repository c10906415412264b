//! Why a stored value cannot be poison, in words, for the single-store row
//! ("the argument %n is noundef").
//!
//! The decision is the pass's own (`mem2reg::values::guaranteed_not_poison`,
//! which its single-store path and phi folding use); this module only names
//! the reason for a value that rule accepts.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use crate::transforms::mem2reg::values::{guaranteed_not_poison, not_poison_attribute};

/// Why `value` cannot be poison, as a phrase for the table, or `None` when
/// the pass does not consider it guaranteed not to be poison.
///
/// # Safety
/// `value` is live; `label` is how it prints.
pub unsafe fn not_poison_because(value: LLVMValueRef, label: &str) -> Option<String> {
    if !guaranteed_not_poison(value) {
        return None;
    }
    if !LLVMIsAArgument(value).is_null() {
        let attribute = not_poison_attribute(value).unwrap_or("not poison");
        return Some(format!("the argument {label} is {attribute}"));
    }
    if !LLVMIsAGlobalValue(value).is_null() {
        return Some(format!("the address {label} is not poison"));
    }
    if !LLVMIsAConstant(value).is_null() {
        return Some(format!("the constant {label} is not poison"));
    }
    Some(format!("{label} is not poison"))
}
