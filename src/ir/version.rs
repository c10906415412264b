//! The C API calls that differ between LLVM 19 and LLVM 22: the only module
//! with `cfg(feature = "llvm19"/"llvm22")` outside the crate root and the
//! `PassPluginLibraryInfo` mirror (`ffi`). Everything else calls these
//! functions and is the same source for both versions.
//!
//! The differences (measured, see DESIGN.md §4):
//! * switch case values are operands `2 * (k + 1)` in 19 and not operands at
//!   all in 22 (`LLVMGetSwitchCaseValue`, successor index `k + 1`);
//! * `LLVMParseIRInContext` (consumes the buffer) is deprecated in 22 for
//!   `LLVMParseIRInContext2` (does not);
//! * LLVM 22 numbers blocks (`BasicBlock::getNumber`, through the glue) and
//!   its mem2reg sorts phi blocks by that number; 19 has no such number;
//! * loop rotation gives a debug use of a header value it has no value
//!   for `undef` in 19 and `poison` in 22 (`missing_debug_value`);
//! * lifetime markers are `llvm.lifetime.start(i64 size, ptr p)` in 19 and
//!   `llvm.lifetime.start(ptr p)` in 22 (no size: always the whole alloca).
//! * the C API reads and sets a `getelementptr`'s `nusw`/`nuw` flags in 22
//!   (`LLVMGEPGetNoWrapFlags`), not in 19, whose SCCP infers none.

use llvm_sys::core::*;
use llvm_sys::ir_reader::*;
use llvm_sys::prelude::*;

/// The LLVM major version the crate is built for.
pub const LLVM_MAJOR: u32 = if cfg!(feature = "llvm22") { 22 } else { 19 };

/// Case `k`'s value of a switch (a `ConstantInt`).
///
/// # Safety
/// `switch` is a live `switch` instruction and `k` is below its case count.
pub unsafe fn switch_case_value(switch: LLVMValueRef, k: u32) -> LLVMValueRef {
    #[cfg(feature = "llvm22")]
    {
        LLVMGetSwitchCaseValue(switch, k + 1)
    }
    #[cfg(not(feature = "llvm22"))]
    {
        LLVMGetOperand(switch, 2 * (k + 1))
    }
}

/// A lifetime marker's pointer and the size it covers: `(p, Some(size))`
/// for LLVM 19's `llvm.lifetime.start(i64 size, ptr p)`, `(p, None)` (all
/// of the alloca) for LLVM 22's `llvm.lifetime.start(ptr p)`.
///
/// # Safety
/// `call` is a live call of `llvm.lifetime.start` or `llvm.lifetime.end`.
pub unsafe fn lifetime_marker_operands(call: LLVMValueRef) -> (LLVMValueRef, Option<LLVMValueRef>) {
    #[cfg(feature = "llvm22")]
    {
        (LLVMGetOperand(call, 0), None)
    }
    #[cfg(not(feature = "llvm22"))]
    {
        (LLVMGetOperand(call, 1), Some(LLVMGetOperand(call, 0)))
    }
}

/// Parses textual or bitcode IR from `buffer` into a new module of
/// `context`, taking ownership of `buffer` (freed whatever the result).
/// On failure returns LLVM's message.
///
/// # Safety
/// `context` and `buffer` are live; `buffer` is not used after the call.
pub unsafe fn parse_ir(
    context: LLVMContextRef,
    buffer: LLVMMemoryBufferRef,
) -> Result<LLVMModuleRef, String> {
    let mut module = std::ptr::null_mut();
    let mut message = std::ptr::null_mut();
    #[cfg(feature = "llvm22")]
    let failed = {
        let failed = LLVMParseIRInContext2(context, buffer, &mut module, &mut message);
        LLVMDisposeMemoryBuffer(buffer);
        failed
    };
    #[cfg(not(feature = "llvm22"))]
    let failed = LLVMParseIRInContext(context, buffer, &mut module, &mut message);
    if failed == 0 {
        return Ok(module);
    }
    if message.is_null() {
        return Err("cannot parse IR".to_string());
    }
    let text = std::ffi::CStr::from_ptr(message)
        .to_string_lossy()
        .into_owned();
    LLVMDisposeMessage(message);
    Err(format!("{}{NEWER_IR_NOTE}", text.trim_end()))
}

/// Appended to a parse error by a build for LLVM 19: IR a newer clang writes
/// (clang-22's `captures(none)`, for one) fails to parse with a message
/// about the syntax that gives no hint that the version is the cause.
const NEWER_IR_NOTE: &str = if LLVM_MAJOR < 22 {
    "\nnote: this build reads LLVM 19's IR; IR written by a newer clang may not parse: \
     write it with clang-19, or use a build for LLVM 22 (README: --features llvm22)"
} else {
    ""
};

#[cfg(feature = "llvm22")]
extern "C" {
    fn pebble_block_number(bb: LLVMBasicBlockRef) -> u32;
}

/// LLVM 22's `BasicBlock::getNumber()`: the number LLVM 22's mem2reg sorts
/// phi blocks by. `None` on LLVM 19, which has no block numbers (its
/// mem2reg sorts by layout position, which the caller then uses).
///
/// # Safety
/// `bb` is a live basic block inside a function.
pub unsafe fn block_number(bb: LLVMBasicBlockRef) -> Option<u32> {
    #[cfg(feature = "llvm22")]
    {
        Some(pebble_block_number(bb))
    }
    #[cfg(not(feature = "llvm22"))]
    {
        let _ = bb;
        None
    }
}

/// The blocks' keys in LLVM's mem2reg orderings (phi blocks per alloca, the
/// `poison` fill of unreachable predecessors, the fold order): on LLVM 22
/// `BasicBlock::getNumber()`, which is not the layout position when blocks
/// were created out of order (the IR parser numbers a block at its first
/// mention, a forward reference included); on LLVM 19 the layout position
/// (its mem2reg numbers the blocks in layout order).
///
/// # Safety
/// `blocks` are the live blocks of one function, in layout order.
pub unsafe fn mem2reg_block_keys(blocks: &[LLVMBasicBlockRef]) -> Vec<u32> {
    blocks
        .iter()
        .enumerate()
        .map(|(i, &bb)| block_number(bb).unwrap_or(i as u32))
        .collect()
}

/// How the `mem2reg` (`PromoteMemoryToRegister.cpp`) of the LLVM the crate
/// is built for behaves where 19 and 22 differ, for compat mode.
pub struct Mem2RegRules {
    /// LLVM 22 pushes a block's distinct successors in reverse and pops
    /// them, so it renames them in the order of their last occurrence;
    /// LLVM 19 continues with the first successor and pushes the others in
    /// order (renamed in reverse order of first occurrence).
    pub successors_by_last_occurrence: bool,
    /// `Value::dropDroppableUse` replaces a dropped operand-bundle use with
    /// `poison` in LLVM 22, `undef` in 19.
    pub dropped_use_is_poison: bool,
}

/// This build's rules.
pub const MEM2REG: Mem2RegRules = Mem2RegRules {
    successors_by_last_occurrence: LLVM_MAJOR >= 22,
    dropped_use_is_poison: LLVM_MAJOR >= 22,
};

/// What LLVM's loop rotation (`RewriteUsesOfClonedInstructions`) puts in a
/// debug marker of a header value where it has no value for the marker's
/// block: `undef` in LLVM 19, `poison` in LLVM 22 (measured with `opt
/// -passes=loop-rotate` on `tests/lit/loop-rotate/debug-uses.ll`).
///
/// # Safety
/// `ty` is a live first-class type.
pub unsafe fn missing_debug_value(ty: LLVMTypeRef) -> LLVMValueRef {
    if LLVM_MAJOR >= 22 {
        LLVMGetPoison(ty)
    } else {
        LLVMGetUndef(ty)
    }
}

/// Does this LLVM's SCCP merge phis of structs field by field (LLVM 22's
/// `visitPHINode`; LLVM 19 makes every field of a struct phi overdefined)?
pub const SCCP_TRACKS_STRUCT_PHIS: bool = LLVM_MAJOR >= 22;

/// A `getelementptr` that LLVM 22's SCCP may give `nuw` (`refineInstruction`:
/// it has `nusw`, which `inbounds` implies, and not `nuw` yet). Always false
/// on LLVM 19, whose SCCP infers no GEP flag.
///
/// # Safety
/// `gep` is a live `getelementptr` instruction.
pub unsafe fn gep_may_gain_nuw(gep: LLVMValueRef) -> bool {
    #[cfg(feature = "llvm22")]
    {
        let flags = LLVMGEPGetNoWrapFlags(gep);
        flags & llvm_sys::LLVMGEPFlagNUSW != 0 && flags & llvm_sys::LLVMGEPFlagNUW == 0
    }
    #[cfg(not(feature = "llvm22"))]
    {
        let _ = gep;
        false
    }
}

/// Adds `nuw` to a `getelementptr` (LLVM 22 only: on 19 there is never a
/// candidate, `gep_may_gain_nuw`).
///
/// # Safety
/// `gep` is a live `getelementptr` instruction.
pub unsafe fn set_gep_nuw(gep: LLVMValueRef) {
    #[cfg(feature = "llvm22")]
    {
        LLVMGEPSetNoWrapFlags(gep, LLVMGEPGetNoWrapFlags(gep) | llvm_sys::LLVMGEPFlagNUW);
    }
    #[cfg(not(feature = "llvm22"))]
    {
        let _ = gep;
    }
}

/// The constant expression of `gep` (a `getelementptr` instruction whose
/// base `base` and indices `indices` are constant integers, over
/// `source`), with its flags: `inbounds` on LLVM 19 (its C API reads no
/// other); on LLVM 22 every no-wrap flag, and `nuw` when the GEP has
/// `nusw` and no index is negative, as LLVM 22's constant folder adds it
/// (measured: `sccp` folds `getelementptr inbounds i32, ptr @g, i64 2` to
/// `getelementptr inbounds nuw (i8, ptr @g, i64 8)`).
///
/// # Safety
/// `gep` is a live `getelementptr` instruction; `source`, `base` and
/// `indices` are its source element type and (constant) operands.
pub unsafe fn constant_gep_like(
    gep: LLVMValueRef,
    source: LLVMTypeRef,
    base: LLVMValueRef,
    indices: &mut [LLVMValueRef],
) -> LLVMValueRef {
    let count = indices.len() as u32;
    #[cfg(feature = "llvm22")]
    {
        let mut flags = LLVMGEPGetNoWrapFlags(gep);
        let non_negative = indices.iter().all(|&index| {
            let width = LLVMGetIntTypeWidth(LLVMTypeOf(index));
            width <= 64 && (LLVMConstIntGetSExtValue(index) >= 0)
        });
        if flags & llvm_sys::LLVMGEPFlagNUSW != 0 && non_negative {
            flags |= llvm_sys::LLVMGEPFlagNUW;
        }
        LLVMConstGEPWithNoWrapFlags(source, base, indices.as_mut_ptr(), count, flags)
    }
    #[cfg(not(feature = "llvm22"))]
    {
        if LLVMIsInBounds(gep) != 0 {
            LLVMConstInBoundsGEP2(source, base, indices.as_mut_ptr(), count)
        } else {
            LLVMConstGEP2(source, base, indices.as_mut_ptr(), count)
        }
    }
}

/// `getelementptr [inbounds] (i8, ptr base, i64 offset)`, the form LLVM's
/// constant folder gives a GEP of a global with a constant offset; on
/// LLVM 22 an `inbounds` one with a non-negative offset also gets `nuw`,
/// as there (`constant_gep_like`).
///
/// # Safety
/// `base` is a live constant pointer.
pub unsafe fn constant_byte_gep(base: LLVMValueRef, offset: i64, inbounds: bool) -> LLVMValueRef {
    let context = LLVMGetTypeContext(LLVMTypeOf(base));
    let i8_ty = LLVMInt8TypeInContext(context);
    let mut index = [LLVMConstInt(
        LLVMInt64TypeInContext(context),
        offset as u64,
        1,
    )];
    #[cfg(feature = "llvm22")]
    {
        let mut flags = 0;
        if inbounds {
            flags |= llvm_sys::LLVMGEPFlagInBounds | llvm_sys::LLVMGEPFlagNUSW;
            if offset >= 0 {
                flags |= llvm_sys::LLVMGEPFlagNUW;
            }
        }
        LLVMConstGEPWithNoWrapFlags(i8_ty, base, index.as_mut_ptr(), 1, flags)
    }
    #[cfg(not(feature = "llvm22"))]
    {
        if inbounds {
            LLVMConstInBoundsGEP2(i8_ty, base, index.as_mut_ptr(), 1)
        } else {
            LLVMConstGEP2(i8_ty, base, index.as_mut_ptr(), 1)
        }
    }
}
