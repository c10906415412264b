//! Reading a `switch` instruction: its condition, default destination and
//! cases. The one place that knows how the C API exposes case values, which
//! differs between LLVM versions: in LLVM 19 a case value is operand
//! `2 * (k + 1)` of the switch (condition, default, then (value, dest)
//! pairs); LLVM 22 no longer stores case values as operands and reads them
//! with `LLVMGetSwitchCaseValue` (the call itself is in `version`). Passes
//! and the back end read switches only through this module.
//!
//! Successor numbering is the same in both versions: successor 0 is the
//! default destination and successor `k + 1` is case `k`'s destination.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The condition a switch tests.
///
/// # Safety
/// `switch` is a live `switch` instruction.
pub unsafe fn condition(switch: LLVMValueRef) -> LLVMValueRef {
    LLVMGetOperand(switch, 0)
}

/// The default destination.
///
/// # Safety
/// `switch` is a live `switch` instruction.
pub unsafe fn default_dest(switch: LLVMValueRef) -> LLVMBasicBlockRef {
    LLVMGetSuccessor(switch, 0)
}

/// The number of cases (not counting the default).
///
/// # Safety
/// `switch` is a live `switch` instruction.
pub unsafe fn num_cases(switch: LLVMValueRef) -> u32 {
    LLVMGetNumSuccessors(switch) - 1
}

/// Case `k`'s value (a `ConstantInt`), `k < num_cases(switch)`.
///
/// # Safety
/// `switch` is a live `switch` instruction and `k` is in range.
pub unsafe fn case_value(switch: LLVMValueRef, k: u32) -> LLVMValueRef {
    super::version::switch_case_value(switch, k)
}

/// Case `k`'s destination.
///
/// # Safety
/// `switch` is a live `switch` instruction and `k` is in range.
pub unsafe fn case_dest(switch: LLVMValueRef, k: u32) -> LLVMBasicBlockRef {
    LLVMGetSuccessor(switch, k + 1)
}

/// Every case as (value, destination), in order.
///
/// # Safety
/// `switch` is a live `switch` instruction.
pub unsafe fn cases(switch: LLVMValueRef) -> Vec<(LLVMValueRef, LLVMBasicBlockRef)> {
    (0..num_cases(switch))
        .map(|k| (case_value(switch, k), case_dest(switch, k)))
        .collect()
}
