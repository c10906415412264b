//! Struct values field by field, as LLVM's SCCP tracks them
//! (`getStructValueState`, `visitInsertValueInst`, `visitExtractValueInst`
//! and `getConstantOrNull` in llvm/lib/Transforms/Utils/SCCPSolver.cpp).
//!
//! Field `i` of a struct value is known in two cases only: the value is a
//! constant (the field is its element `i`), or it is an `insertvalue` with
//! one index (the field is the inserted value if the index is `i`, else
//! field `i` of the aggregate operand). Everything else LLVM's function
//! pass leaves overdefined: arguments, loads, calls, phis and `select`s of
//! structs (LLVM 22 tracks struct phis; Pebble does not), `insertvalue`
//! with several indices (every field), a struct inserted into a struct,
//! and arrays. Since these rules never merge two values, a field is
//! always one LLVM value, found at read time by walking the
//! `insertvalue` chain (`field_value`) rather than by lattice cells per
//! field:
//!
//! * `extractvalue` of field `i` (one index) reads that value
//!   (`Op::Field`), so it folds when the value is a constant;
//! * an `insertvalue` whose fields are all constants or undef once solved
//!   becomes a constant struct (`ReadFunction::aggregates`, then
//!   `rewrite::aggregate`, which walks the chain again once the solved
//!   constants are in the IR), with `undef` for an undef or poison field,
//!   as LLVM writes it.
//!
//! The walk stops after `MAX_CHAIN` steps (the field is then unknown), so
//! reading a long chain is linear in its length per field.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;

/// How many `insertvalue`s `field_value` walks through before it gives up.
const MAX_CHAIN: usize = 64;

/// Structs of more fields are not read field by field.
const MAX_FIELDS: u32 = 64;

/// Is `ty` a struct type?
///
/// # Safety
/// `ty` is a live type.
pub unsafe fn is_struct(ty: LLVMTypeRef) -> bool {
    LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMStructTypeKind
}

/// The value of field `i` of `agg`, a value of a struct type: `None` when
/// LLVM's SCCP would find it overdefined (module comment).
///
/// # Safety
/// `agg` is a live value of a struct type with more than `i` fields.
pub unsafe fn field_value(mut agg: LLVMValueRef, i: u32) -> Option<LLVMValueRef> {
    for _ in 0..MAX_CHAIN {
        if LLVMIsConstant(agg) != 0 {
            let element = LLVMGetAggregateElement(agg, i);
            return (!element.is_null()).then_some(element);
        }
        if LLVMIsAInsertValueInst(agg).is_null() || LLVMGetNumIndices(agg) != 1 {
            return None;
        }
        if *LLVMGetIndices(agg) == i {
            let inserted = LLVMGetOperand(agg, 1);
            // LLVM does not track structs in structs.
            return (!is_struct(LLVMTypeOf(inserted))).then_some(inserted);
        }
        agg = LLVMGetOperand(agg, 0);
    }
    None
}

/// Is `inst` an `insertvalue` that may become a constant struct: of a
/// struct of at most `MAX_FIELDS` fields, with one index?
///
/// # Safety
/// `inst` is a live instruction.
pub unsafe fn is_foldable_insert(inst: LLVMValueRef) -> bool {
    !LLVMIsAInsertValueInst(inst).is_null()
        && is_struct(LLVMTypeOf(inst))
        && LLVMGetNumIndices(inst) == 1
        && LLVMCountStructElementTypes(LLVMTypeOf(inst)) <= MAX_FIELDS
}
