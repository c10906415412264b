//! Struct values field by field, as LLVM's SCCP tracks them
//! (`getStructValueState`, `visitInsertValueInst`, `visitExtractValueInst`
//! and `getConstantOrNull` in llvm/lib/Transforms/Utils/SCCPSolver.cpp).
//!
//! Field `i` of a struct value is known in two cases only: the value is a
//! constant (the field is its element `i`), or it is an `insertvalue` with
//! one index (the field is the inserted value if the index is `i`, else
//! field `i` of the aggregate operand). Everything else LLVM's function
//! pass leaves overdefined: arguments, loads, calls, `select`s of
//! structs, `insertvalue` with several indices (every field), a struct
//! inserted into a struct, and arrays; phis of structs too on LLVM 19.
//! LLVM 22 merges a struct phi field by field: `read` gives each field of
//! such a phi that an `extractvalue` reads a phi of its own in the
//! program (with no LLVM instruction), over the incoming structs' fields.
//! Apart from those, these rules never merge two values, so a field is
//! one LLVM value or a phi's field, found at read time by walking the
//! `insertvalue` chain (`field_source`) rather than by lattice cells per
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

use crate::ir::FastMap;
use crate::transforms::sccp::program::InstId;

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

/// Where field `i` of a struct value comes from.
pub enum Field {
    /// This LLVM value.
    Value(LLVMValueRef),
    /// Field `i` of this struct phi, which LLVM 22 merges field by field
    /// (`read`'s struct phi fields).
    Phi(LLVMValueRef),
    /// Nothing LLVM's SCCP tracks: overdefined.
    Unknown,
}

/// Field `i` of `agg`, a value of a struct type, through its
/// `insertvalue` chain (module comment).
///
/// # Safety
/// `agg` is a live value of a struct type with more than `i` fields.
pub unsafe fn field_source(mut agg: LLVMValueRef, i: u32) -> Field {
    for _ in 0..MAX_CHAIN {
        if LLVMIsConstant(agg) != 0 {
            let element = LLVMGetAggregateElement(agg, i);
            return if element.is_null() {
                Field::Unknown
            } else {
                Field::Value(element)
            };
        }
        if !LLVMIsAPHINode(agg).is_null() {
            return Field::Phi(agg);
        }
        if LLVMIsAInsertValueInst(agg).is_null() || LLVMGetNumIndices(agg) != 1 {
            return Field::Unknown;
        }
        if *LLVMGetIndices(agg) == i {
            let inserted = LLVMGetOperand(agg, 1);
            // LLVM does not track structs in structs.
            return if is_struct(LLVMTypeOf(inserted)) {
                Field::Unknown
            } else {
                Field::Value(inserted)
            };
        }
        agg = LLVMGetOperand(agg, 0);
    }
    Field::Unknown
}

/// The value of field `i` of `agg` when it is one LLVM value (not a field
/// of a phi).
///
/// # Safety
/// As `field_source`.
pub unsafe fn field_value(agg: LLVMValueRef, i: u32) -> Option<LLVMValueRef> {
    match field_source(agg, i) {
        Field::Value(v) => Some(v),
        Field::Phi(_) | Field::Unknown => None,
    }
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

/// The phis `read` adds for the fields of struct phis (LLVM 22): one per
/// (struct phi, field) that an `extractvalue` reads, directly or through
/// another such phi's incoming value, numbered from `first` in the order
/// they were asked for.
pub struct PhiFields {
    first: InstId,
    ids: FastMap<(usize, u32), InstId>,
    /// The struct phi and field of each, in id order.
    pub order: Vec<(LLVMValueRef, u32)>,
}

impl PhiFields {
    pub fn new(first: InstId) -> Self {
        PhiFields {
            first,
            ids: FastMap::default(),
            order: Vec::new(),
        }
    }

    /// The id of the phi of field `i` of `phi`, numbered on first use.
    pub fn id(&mut self, phi: LLVMValueRef, i: u32) -> InstId {
        let next = self.first + self.order.len();
        let id = *self.ids.entry((phi as usize, i)).or_insert(next);
        if id == next {
            self.order.push((phi, i));
        }
        id
    }
}
