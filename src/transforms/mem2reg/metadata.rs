//! Keeping what a promoted load's metadata promised (LLVM's
//! `convertMetadataToAssumes`).
//!
//! * A `!noundef` load that would read `undef` (an uninitialised slot) was
//!   immediate undefined behaviour; `store i1 true, ptr poison` before it
//!   keeps the program undefined there (LLVM's "non-terminator unreachable").
//! * A `!nonnull` + `!noundef` load promised a non-null pointer; unless the
//!   new value is known non-null, `icmp ne ptr %v, null` + `llvm.assume`
//!   keeps the fact. (Only with `!noundef`: `!nonnull` alone makes a null
//!   load poison, while a failed assume is immediate UB.)
//!
//! `known_non_null` is a conservative subset of LLVM's `isKnownNonZero`
//! (allocas, non-weak globals, `nonnull`/`dereferenceable` arguments); where
//! it says "unknown" but LLVM knows better, the output has an extra, true,
//! assume.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMLinkage};

use crate::ir;

pub struct MetadataKinds {
    context: LLVMContextRef,
    nonnull: u32,
    noundef: u32,
    builder: LLVMBuilderRef,
}

impl MetadataKinds {
    /// # Safety
    /// `context` is live.
    pub unsafe fn new(context: LLVMContextRef) -> Self {
        let kind = |name: &str| {
            LLVMGetMDKindIDInContext(context, name.as_ptr() as *const _, name.len() as u32)
        };
        MetadataKinds {
            context,
            nonnull: kind("nonnull"),
            noundef: kind("noundef"),
            builder: LLVMCreateBuilderInContext(context),
        }
    }

    /// Called for a load about to be replaced by `value`.
    ///
    /// # Safety
    /// `load` is a live load instruction.
    pub unsafe fn keep_load_facts(&self, load: LLVMValueRef, value: LLVMValueRef) {
        let noundef = !LLVMGetMetadata(load, self.noundef).is_null();
        if !noundef {
            return;
        }
        if LLVMIsUndef(value) != 0 {
            LLVMPositionBuilderBefore(self.builder, load);
            let ptr = LLVMPointerTypeInContext(self.context, 0);
            let store = LLVMBuildStore(
                self.builder,
                LLVMConstInt(LLVMInt1TypeInContext(self.context), 1, 0),
                LLVMGetPoison(ptr),
            );
            LLVMSetAlignment(store, 1);
            return;
        }
        if LLVMGetMetadata(load, self.nonnull).is_null() || known_non_null(value) {
            return;
        }
        // Built on the load itself, right after it: replacing the load then
        // makes the compare read the new value, as in LLVM.
        let next = LLVMGetNextInstruction(load);
        LLVMPositionBuilderBefore(self.builder, next);
        let null = LLVMConstNull(LLVMTypeOf(load));
        let compare = LLVMBuildICmp(
            self.builder,
            LLVMIntPredicate::LLVMIntNE,
            load,
            null,
            c"".as_ptr(),
        );
        let module = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(load)));
        let id = ir::intrinsic_id("llvm.assume");
        let assume = LLVMGetIntrinsicDeclaration(module, id, std::ptr::null_mut(), 0);
        let ty = LLVMIntrinsicGetType(self.context, id, std::ptr::null_mut(), 0);
        let mut args = [compare];
        LLVMBuildCall2(self.builder, ty, assume, args.as_mut_ptr(), 1, c"".as_ptr());
    }
}

impl Drop for MetadataKinds {
    fn drop(&mut self) {
        // SAFETY: the builder is owned.
        unsafe { LLVMDisposeBuilder(self.builder) };
    }
}

/// A conservative "this pointer is not null" (see the module doc).
unsafe fn known_non_null(value: LLVMValueRef) -> bool {
    if !LLVMIsAAllocaInst(value).is_null() {
        return true;
    }
    if !LLVMIsAGlobalValue(value).is_null() && LLVMIsAGlobalAlias(value).is_null() {
        return LLVMGetLinkage(value) != LLVMLinkage::LLVMExternalWeakLinkage;
    }
    if !LLVMIsAArgument(value).is_null() {
        let function = LLVMGetParamParent(value);
        let index = (0..LLVMCountParams(function))
            .find(|&i| LLVMGetParam(function, i) == value)
            .map_or(0, |i| i + 1);
        return ["nonnull", "dereferenceable"].iter().any(|name| {
            let kind = crate::ir::attributes::kind(name);
            !LLVMGetEnumAttributeAtIndex(function, index, kind).is_null()
        });
    }
    false
}
