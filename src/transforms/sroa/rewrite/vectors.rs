//! The vector element operations of the `Vector` mode: extracting and
//! inserting a run of elements (LLVM's `extractVector`/`insertVector`:
//! `extractelement`/`insertelement` for one, a `shufflevector`, and a
//! `select` to merge, for several) and splatting a value over lanes.
//!
//! Invariant: every helper builds at the rewriter's insertion point and
//! returns a value of the type its doc names.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::{NewSlot, Rewriter};

impl Rewriter<'_> {
    /// The type of elements `[first, last)` of the vector type `vec`: the
    /// element for one, `vec` itself for all of them.
    pub(super) unsafe fn elements_type(
        &self,
        vec: LLVMTypeRef,
        first: u32,
        last: u32,
    ) -> LLVMTypeRef {
        let elem = LLVMGetElementType(vec);
        match last - first {
            1 => elem,
            k if k == LLVMGetVectorSize(vec) => vec,
            k => LLVMVectorType(elem, k),
        }
    }

    /// Elements `[first, last)` of the vector `v` (LLVM's `extractVector`).
    pub(super) unsafe fn extract_elements(
        &self,
        v: LLVMValueRef,
        first: u32,
        last: u32,
    ) -> LLVMValueRef {
        let n = LLVMGetVectorSize(LLVMTypeOf(v));
        if first == 0 && last == n {
            return v;
        }
        if last - first == 1 {
            return LLVMBuildExtractElement(self.builder, v, self.index(first), c"".as_ptr());
        }
        let mask: Vec<Option<u32>> = (first..last).map(Some).collect();
        let poison = LLVMGetPoison(LLVMTypeOf(v));
        LLVMBuildShuffleVector(self.builder, v, poison, self.mask(&mask), c"".as_ptr())
    }

    /// The slot's vector with elements `[first, last)` replaced by `value`
    /// (an element, or a vector of `last - first` elements; LLVM's
    /// `insertVector`): `value` itself when it covers the whole vector,
    /// else the old vector is loaded and merged.
    pub(super) unsafe fn insert_elements(
        &self,
        slot: &NewSlot,
        value: LLVMValueRef,
        first: u32,
        last: u32,
    ) -> LLVMValueRef {
        let n = LLVMGetVectorSize(slot.ty);
        if first == 0 && last == n {
            return value;
        }
        let old = self.load(slot.ty, slot.alloca, slot.align);
        if last - first == 1 {
            return LLVMBuildInsertElement(
                self.builder,
                old,
                value,
                self.index(first),
                c"".as_ptr(),
            );
        }
        // Widen `value` to n elements (lanes outside the range are poison),
        // then take those lanes from it and the others from `old`.
        let widen: Vec<Option<u32>> = (0..n)
            .map(|i| (first..last).contains(&i).then(|| i - first))
            .collect();
        let poison = LLVMGetPoison(LLVMTypeOf(value));
        let wide =
            LLVMBuildShuffleVector(self.builder, value, poison, self.mask(&widen), c"".as_ptr());
        let i1 = LLVMInt1TypeInContext(self.layout.context);
        let mut lanes: Vec<LLVMValueRef> = (0..n)
            .map(|i| LLVMConstInt(i1, (first..last).contains(&i) as u64, 0))
            .collect();
        let select = LLVMConstVector(lanes.as_mut_ptr(), n);
        LLVMBuildSelect(self.builder, select, wide, old, c"".as_ptr())
    }

    /// `k` copies of the scalar `v` as a vector (just `v` for one).
    pub(super) unsafe fn vector_splat(&self, v: LLVMValueRef, k: u32) -> LLVMValueRef {
        if k == 1 {
            return v;
        }
        let vec_ty = LLVMVectorType(LLVMTypeOf(v), k);
        // IRBuilder's CreateVectorSplat inserts at an i64 index.
        let zero = LLVMConstInt(LLVMInt64TypeInContext(self.layout.context), 0, 0);
        let one =
            LLVMBuildInsertElement(self.builder, LLVMGetPoison(vec_ty), v, zero, c"".as_ptr());
        let zeros = vec![Some(0); k as usize];
        LLVMBuildShuffleVector(
            self.builder,
            one,
            LLVMGetPoison(vec_ty),
            self.mask(&zeros),
            c"".as_ptr(),
        )
    }

    unsafe fn index(&self, i: u32) -> LLVMValueRef {
        LLVMConstInt(LLVMInt32TypeInContext(self.layout.context), i as u64, 0)
    }

    /// A shuffle mask; `None` lanes are poison.
    unsafe fn mask(&self, lanes: &[Option<u32>]) -> LLVMValueRef {
        let i32 = LLVMInt32TypeInContext(self.layout.context);
        let mut values: Vec<LLVMValueRef> = lanes
            .iter()
            .map(|l| l.map_or_else(|| LLVMGetPoison(i32), |i| LLVMConstInt(i32, i as u64, 0)))
            .collect();
        LLVMConstVector(values.as_mut_ptr(), values.len() as u32)
    }
}
