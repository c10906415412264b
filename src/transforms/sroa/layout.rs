//! The target data layout questions SROA asks: byte sizes and offsets
//! (`LLVMABISizeOfType`, `LLVMStoreSizeOfType`, `LLVMOffsetOfElement`),
//! constant GEP offsets, which types are "plain" bit containers, legal
//! integer widths, and the natural type of a byte range of an aggregate
//! (LLVM 19's `getTypePartition` in `SROA.cpp`).
//!
//! Everything is in bytes except `plain_bits`. Offsets are `i64` while they
//! are being accumulated (a GEP may step backwards) and checked to lie in
//! the alloca before they become slices.

use std::cell::OnceCell;
use std::ffi::CStr;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::LLVMTypeKind;

use super::vector::{Elem, Shape, VectorTy};

/// The data layout of one function's module.
pub struct Layout {
    td: LLVMTargetDataRef,
    pub context: LLVMContextRef,
    pub little_endian: bool,
    legal_ints: OnceCell<Vec<u64>>,
}

impl Layout {
    /// # Safety
    /// `function` is a live function.
    pub unsafe fn of_function(function: LLVMValueRef) -> Self {
        let module = LLVMGetGlobalParent(function);
        let td = LLVMGetModuleDataLayout(module);
        Layout {
            td,
            context: LLVMGetModuleContext(module),
            little_endian: matches!(LLVMByteOrder(td), LLVMByteOrdering::LLVMLittleEndian),
            legal_ints: OnceCell::new(),
        }
    }

    /// Bytes between consecutive array elements (`getTypeAllocSize`).
    ///
    /// # Safety
    /// The values and types passed in are live and belong to the layout's module.
    pub unsafe fn alloc_size(&self, ty: LLVMTypeRef) -> u64 {
        LLVMABISizeOfType(self.td, ty)
    }

    /// Bytes a load or store of `ty` touches.
    ///
    /// # Safety
    /// The values and types passed in are live and belong to the layout's module.
    pub unsafe fn store_size(&self, ty: LLVMTypeRef) -> u64 {
        LLVMStoreSizeOfType(self.td, ty)
    }

    /// # Safety
    /// The values and types passed in are live and belong to the layout's module.
    pub unsafe fn size_in_bits(&self, ty: LLVMTypeRef) -> u64 {
        LLVMSizeOfTypeInBits(self.td, ty)
    }

    /// # Safety
    /// The values and types passed in are live and belong to the layout's module.
    pub unsafe fn abi_align(&self, ty: LLVMTypeRef) -> u64 {
        LLVMABIAlignmentOfType(self.td, ty) as u64
    }

    /// # Safety
    /// The values and types passed in are live and belong to the layout's module.
    pub unsafe fn pref_align(&self, ty: LLVMTypeRef) -> u64 {
        LLVMPreferredAlignmentOfType(self.td, ty) as u64
    }

    /// # Safety
    /// `ty` is a live struct type with more than `index` fields.
    pub unsafe fn offset_of_element(&self, ty: LLVMTypeRef, index: u32) -> u64 {
        LLVMOffsetOfElement(self.td, ty, index)
    }

    /// Whether `ty` has a fixed size the layout can answer for (no scalable
    /// vectors, no target extension or opaque types).
    ///
    /// # Safety
    /// The values and types passed in are live and belong to the layout's module.
    pub unsafe fn is_fixed_sized(&self, ty: LLVMTypeRef) -> bool {
        use LLVMTypeKind::*;
        match LLVMGetTypeKind(ty) {
            LLVMIntegerTypeKind
            | LLVMHalfTypeKind
            | LLVMBFloatTypeKind
            | LLVMFloatTypeKind
            | LLVMDoubleTypeKind
            | LLVMX86_FP80TypeKind
            | LLVMFP128TypeKind
            | LLVMPPC_FP128TypeKind
            | LLVMPointerTypeKind
            | LLVMVectorTypeKind => true,
            LLVMArrayTypeKind => self.is_fixed_sized(LLVMGetElementType(ty)),
            LLVMStructTypeKind => {
                LLVMIsOpaqueStruct(ty) == 0
                    && (0..LLVMCountStructElementTypes(ty))
                        .all(|i| self.is_fixed_sized(LLVMStructGetTypeAtIndex(ty, i)))
            }
            _ => false,
        }
    }

    /// The width in bits of a type that is just a bag of bits of its store
    /// size, convertible to and from an integer of that width by a bitcast,
    /// `ptrtoint` or `inttoptr`: integers of whole bytes, floating-point
    /// types, address-space-0 pointers, and fixed vectors of integers or
    /// floating-point types without padding (a bitcast makes them `iN`, as
    /// LLVM's `isIntegerWideningViable` asks of the alloca type). `None`
    /// for anything else (i1, pointer vectors, aggregates), which SROA only
    /// moves around whole.
    ///
    /// # Safety
    /// The values and types passed in are live and belong to the layout's module.
    pub unsafe fn plain_bits(&self, ty: LLVMTypeRef) -> Option<u64> {
        use LLVMTypeKind::*;
        let bits = match LLVMGetTypeKind(ty) {
            LLVMIntegerTypeKind => LLVMGetIntTypeWidth(ty) as u64,
            LLVMHalfTypeKind | LLVMBFloatTypeKind => 16,
            LLVMFloatTypeKind => 32,
            LLVMDoubleTypeKind => 64,
            LLVMX86_FP80TypeKind => 80,
            LLVMFP128TypeKind | LLVMPPC_FP128TypeKind => 128,
            LLVMPointerTypeKind if LLVMGetPointerAddressSpace(ty) == 0 => {
                8 * LLVMPointerSizeForAS(self.td, 0) as u64
            }
            LLVMVectorTypeKind
                if matches!(
                    LLVMGetTypeKind(LLVMGetElementType(ty)),
                    LLVMIntegerTypeKind
                        | LLVMHalfTypeKind
                        | LLVMBFloatTypeKind
                        | LLVMFloatTypeKind
                        | LLVMDoubleTypeKind
                ) =>
            {
                self.size_in_bits(ty)
            }
            _ => return None,
        };
        (bits == 8 * self.store_size(ty)).then_some(bits)
    }

    /// Bits of an address-space-0 pointer.
    ///
    /// # Safety
    /// The layout's module is live.
    pub unsafe fn pointer_bits(&self) -> u64 {
        8 * LLVMPointerSizeForAS(self.td, 0) as u64
    }

    /// The description of `ty` vector promotion works on (`vector::Shape`).
    ///
    /// # Safety
    /// The values and types passed in are live and belong to the layout's module.
    pub unsafe fn shape_of(&self, ty: LLVMTypeRef) -> Shape {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind => Shape::Aggregate,
            LLVMTypeKind::LLVMVectorTypeKind => match element_of(LLVMGetElementType(ty)) {
                Some(elem) => Shape::Vector(VectorTy {
                    elem,
                    n: LLVMGetVectorSize(ty),
                }),
                None => Shape::Other,
            },
            _ => element_of(ty).map_or(Shape::Other, Shape::Scalar),
        }
    }

    /// The LLVM type of a vector element.
    ///
    /// # Safety
    /// The layout's module is live.
    pub unsafe fn elem_type(&self, elem: Elem) -> LLVMTypeRef {
        let c = self.context;
        match elem {
            Elem::Int(w) => LLVMIntTypeInContext(c, w),
            Elem::Half => LLVMHalfTypeInContext(c),
            Elem::BFloat => LLVMBFloatTypeInContext(c),
            Elem::Float => LLVMFloatTypeInContext(c),
            Elem::Double => LLVMDoubleTypeInContext(c),
            Elem::Fp128 => LLVMFP128TypeInContext(c),
            Elem::Ptr => LLVMPointerTypeInContext(c, 0),
        }
    }

    /// The LLVM type `<n x elem>`.
    ///
    /// # Safety
    /// The layout's module is live.
    pub unsafe fn vector_type(&self, v: VectorTy) -> LLVMTypeRef {
        LLVMVectorType(self.elem_type(v.elem), v.n)
    }

    /// Whether `iN` is a native integer width (the data layout's `n` spec).
    ///
    /// # Safety
    /// The values and types passed in are live and belong to the layout's module.
    pub unsafe fn is_legal_integer(&self, bits: u64) -> bool {
        self.legal_ints
            .get_or_init(|| {
                let raw = LLVMCopyStringRepOfTargetData(self.td);
                let text = CStr::from_ptr(raw).to_string_lossy().into_owned();
                LLVMDisposeMessage(raw);
                parse_legal_ints(&text)
            })
            .contains(&bits)
    }

    /// The byte offset a GEP adds to its pointer operand, when every index
    /// is a constant integer; `None` for a variable index, a vector GEP or
    /// an overflow, or a step of scalable size (`getelementptr <vscale x 4 x
    /// i32>`: asking its size would abort `opt`).
    ///
    /// # Safety
    /// The values and types passed in are live and belong to the layout's module.
    pub unsafe fn gep_offset(&self, gep: LLVMValueRef) -> Option<i64> {
        let mut ty = LLVMGetGEPSourceElementType(gep);
        if !self.is_fixed_sized(ty) {
            return None;
        }
        let n = LLVMGetNumOperands(gep) as u32;
        let mut offset = 0i64;
        for k in 1..n {
            let idx = LLVMGetOperand(gep, k);
            if LLVMIsAConstantInt(idx).is_null() || LLVMGetIntTypeWidth(LLVMTypeOf(idx)) > 64 {
                return None;
            }
            let index = LLVMConstIntGetSExtValue(idx);
            let step = if k == 1 {
                mul(index, self.alloc_size(ty))?
            } else {
                match LLVMGetTypeKind(ty) {
                    LLVMTypeKind::LLVMStructTypeKind => {
                        let field = u32::try_from(index).ok()?;
                        let at = LLVMOffsetOfElement(self.td, ty, field);
                        ty = LLVMStructGetTypeAtIndex(ty, field);
                        i64::try_from(at).ok()?
                    }
                    // A vector's elements step by their alloc size in a
                    // GEP, as an array's (LLVM's GEP type iterator).
                    LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => {
                        ty = LLVMGetElementType(ty);
                        mul(index, self.alloc_size(ty))?
                    }
                    _ => return None,
                }
            };
            offset = offset.checked_add(step)?;
        }
        Some(offset)
    }

    /// The type of the bytes `[offset, offset + size)` of `ty`, if they are
    /// exactly one element, a run of array elements, or a run of struct
    /// fields (LLVM's `getTypePartition`, which builds the sub-struct).
    ///
    /// # Safety
    /// The values and types passed in are live and belong to the layout's module.
    pub unsafe fn type_partition(
        &self,
        ty: LLVMTypeRef,
        offset: u64,
        size: u64,
    ) -> Option<LLVMTypeRef> {
        let alloc = self.alloc_size(ty);
        if offset == 0 && alloc == size {
            return Some(self.strip_wrapping(ty));
        }
        if offset > alloc || alloc - offset < size {
            return None;
        }
        let kind = LLVMGetTypeKind(ty);
        match kind {
            LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => {
                // A vector is stepped through like an array, by its
                // element's alloc size, and a run of its elements is an
                // array: LLVM's rule (its FIXME: not right for elements
                // narrower than a byte, whose partition is then typed as one
                // element; only whole accesses of that type promote it).
                let elem = LLVMGetElementType(ty);
                let elem_size = self.alloc_size(elem);
                if elem_size == 0 {
                    return None;
                }
                let count = if kind == LLVMTypeKind::LLVMArrayTypeKind {
                    LLVMGetArrayLength2(ty)
                } else {
                    LLVMGetVectorSize(ty) as u64
                };
                let skipped = offset / elem_size;
                if skipped >= count {
                    return None;
                }
                let inner = offset - skipped * elem_size;
                if inner > 0 || size < elem_size {
                    if inner + size > elem_size {
                        return None;
                    }
                    return self.type_partition(elem, inner, size);
                }
                if size == elem_size {
                    return Some(self.strip_wrapping(elem));
                }
                size.is_multiple_of(elem_size)
                    .then(|| LLVMArrayType2(elem, size / elem_size))
            }
            LLVMTypeKind::LLVMStructTypeKind => self.struct_partition(ty, offset, size),
            _ => None,
        }
    }

    unsafe fn struct_partition(
        &self,
        ty: LLVMTypeRef,
        offset: u64,
        size: u64,
    ) -> Option<LLVMTypeRef> {
        let total = self.alloc_size(ty);
        let end = offset + size;
        if offset >= total || end > total {
            return None;
        }
        let index = LLVMElementAtOffset(self.td, ty, offset);
        let inner = offset - LLVMOffsetOfElement(self.td, ty, index);
        let elem = LLVMStructGetTypeAtIndex(ty, index);
        let elem_size = self.alloc_size(elem);
        if inner >= elem_size {
            return None; // padding
        }
        if inner > 0 || size < elem_size {
            if inner + size > elem_size {
                return None;
            }
            return self.type_partition(elem, inner, size);
        }
        if size == elem_size {
            return Some(self.strip_wrapping(elem));
        }
        let count = LLVMCountStructElementTypes(ty);
        let mut end_index = count;
        if end < total {
            end_index = LLVMElementAtOffset(self.td, ty, end);
            if end_index == index || LLVMOffsetOfElement(self.td, ty, end_index) != end {
                return None;
            }
        }
        let mut fields: Vec<LLVMTypeRef> = (index..end_index)
            .map(|i| LLVMStructGetTypeAtIndex(ty, i))
            .collect();
        let sub = LLVMStructTypeInContext(
            LLVMGetTypeContext(ty),
            fields.as_mut_ptr(),
            fields.len() as u32,
            LLVMIsPackedStruct(ty),
        );
        (self.alloc_size(sub) == size).then_some(sub)
    }

    /// `{ i32 }` and `[1 x i32]` are just `i32` (LLVM's
    /// `stripAggregateTypeWrapping`).
    unsafe fn strip_wrapping(&self, ty: LLVMTypeRef) -> LLVMTypeRef {
        let inner = match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMArrayTypeKind => LLVMGetElementType(ty),
            LLVMTypeKind::LLVMStructTypeKind => {
                if LLVMCountStructElementTypes(ty) == 0 {
                    return ty;
                }
                LLVMStructGetTypeAtIndex(ty, LLVMElementAtOffset(self.td, ty, 0))
            }
            _ => return ty,
        };
        if self.alloc_size(ty) > self.alloc_size(inner)
            || self.size_in_bits(ty) > self.size_in_bits(inner)
        {
            return ty;
        }
        self.strip_wrapping(inner)
    }
}

/// A scalar type that vector promotion accepts as an element.
unsafe fn element_of(ty: LLVMTypeRef) -> Option<Elem> {
    use LLVMTypeKind::*;
    Some(match LLVMGetTypeKind(ty) {
        LLVMIntegerTypeKind if LLVMGetIntTypeWidth(ty) <= 128 => Elem::Int(LLVMGetIntTypeWidth(ty)),
        LLVMHalfTypeKind => Elem::Half,
        LLVMBFloatTypeKind => Elem::BFloat,
        LLVMFloatTypeKind => Elem::Float,
        LLVMDoubleTypeKind => Elem::Double,
        LLVMFP128TypeKind => Elem::Fp128,
        LLVMPointerTypeKind if LLVMGetPointerAddressSpace(ty) == 0 => Elem::Ptr,
        _ => return None,
    })
}

fn mul(index: i64, size: u64) -> Option<i64> {
    index.checked_mul(i64::try_from(size).ok()?)
}

/// The native integer widths of a data layout string: the `n8:16:32:64`
/// component (none when absent).
pub fn parse_legal_ints(layout: &str) -> Vec<u64> {
    layout
        .split('-')
        .find_map(|part| part.strip_prefix('n'))
        .map(|widths| widths.split(':').filter_map(|w| w.parse().ok()).collect())
        .unwrap_or_default()
}

/// The largest power of two dividing both `align` and `offset` (LLVM's
/// `commonAlignment`): what is known of `base + offset` when `base` is
/// `align`-aligned.
pub fn common_alignment(align: u64, offset: u64) -> u64 {
    let align = align.max(1);
    if offset == 0 {
        return align;
    }
    align.min(1 << offset.trailing_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_ints_of_x86_64_and_riscv() {
        let x86 = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";
        assert_eq!(parse_legal_ints(x86), vec![8, 16, 32, 64]);
        assert_eq!(
            parse_legal_ints("e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"),
            vec![32, 64]
        );
        assert!(parse_legal_ints("e-p:64:64").is_empty());
    }

    #[test]
    fn common_alignment_is_the_shared_power_of_two() {
        assert_eq!(common_alignment(8, 0), 8);
        assert_eq!(common_alignment(8, 4), 4);
        assert_eq!(common_alignment(8, 12), 4);
        assert_eq!(common_alignment(4, 16), 4);
        assert_eq!(common_alignment(16, 2), 2);
        assert_eq!(common_alignment(0, 3), 1);
    }
}
