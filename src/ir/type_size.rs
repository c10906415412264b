//! Type sizes that may scale with `vscale`, as LLVM's `TypeSize`.
//!
//! The C API's size queries (`LLVMABISizeOfType`, `LLVMSizeOfTypeInBits`,
//! `LLVMStoreSizeOfType`) convert LLVM's `TypeSize` to a plain integer, and
//! for a scalable vector (`<vscale x 4 x i32>`) that conversion is a fatal
//! error ("Invalid size request on a scalable vector": `opt` aborts, issue
//! 15). Code that may see a scalable type asks here instead: a known
//! minimum and whether it is multiplied by `vscale` (at least 1), compared
//! with LLVM's `TypeSize::isKnownGE`.
//!
//! Sizes follow `DataLayout::getTypeAllocSizeInBits`: a vector's bits are
//! its elements' bits packed, rounded up to bytes and then to the type's ABI
//! alignment (`LLVMABIAlignmentOfType` reads only the known minimum, so it
//! is safe on scalable vectors). A struct containing a scalable vector is
//! not measured (`None`): callers treat an unknown size conservatively.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::{LLVMABIAlignmentOfType, LLVMABISizeOfType, LLVMTargetDataRef};
use llvm_sys::LLVMTypeKind;

/// A size in bits: `min_bits`, times `vscale` when `scalable`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeSize {
    pub min_bits: u64,
    pub scalable: bool,
}

impl TypeSize {
    pub fn fixed(bits: u64) -> Self {
        TypeSize {
            min_bits: bits,
            scalable: false,
        }
    }

    /// LLVM's `TypeSize::isKnownGE(self, other)`: true when `self >= other`
    /// for every `vscale >= 1`.
    pub fn is_known_ge(self, other: TypeSize) -> bool {
        if other.scalable && !self.scalable {
            return false;
        }
        self.min_bits >= other.min_bits
    }
}

/// Whether `ty` is, or contains, a scalable vector.
///
/// # Safety
/// `ty` is a live type.
pub unsafe fn is_scalable(ty: LLVMTypeRef) -> bool {
    match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMScalableVectorTypeKind => true,
        LLVMTypeKind::LLVMStructTypeKind => {
            let n = LLVMCountStructElementTypes(ty);
            (0..n).any(|i| is_scalable(LLVMStructGetTypeAtIndex(ty, i)))
        }
        LLVMTypeKind::LLVMArrayTypeKind => is_scalable(LLVMGetElementType(ty)),
        _ => false,
    }
}

/// `DataLayout::getTypeAllocSizeInBits(ty)`, never fatal; `None` for a
/// struct or array holding scalable vectors, or an unsized type.
///
/// # Safety
/// `ty` is a live type of the module `td` belongs to.
pub unsafe fn alloc_size_bits(td: LLVMTargetDataRef, ty: LLVMTypeRef) -> Option<TypeSize> {
    if LLVMTypeIsSized(ty) == 0 {
        return None;
    }
    if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMScalableVectorTypeKind {
        let element = LLVMGetElementType(ty);
        if is_scalable(element) || LLVMTypeIsSized(element) == 0 {
            return None;
        }
        // Vector elements are bit-packed (DataLayout::getTypeSizeInBits).
        let element_bits = llvm_sys::target::LLVMSizeOfTypeInBits(td, element);
        let bits = element_bits * u64::from(LLVMGetVectorSize(ty));
        let align = u64::from(LLVMABIAlignmentOfType(td, ty)).max(1);
        let bytes = bits.div_ceil(8).div_ceil(align) * align;
        return Some(TypeSize {
            min_bits: bytes * 8,
            scalable: true,
        });
    }
    if is_scalable(ty) {
        return None;
    }
    Some(TypeSize::fixed(LLVMABISizeOfType(td, ty) * 8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_ge_follows_llvm() {
        let scalable = |b| TypeSize {
            min_bits: b,
            scalable: true,
        };
        assert!(scalable(128).is_known_ge(scalable(128)));
        assert!(scalable(128).is_known_ge(TypeSize::fixed(128)));
        assert!(!scalable(64).is_known_ge(TypeSize::fixed(128)));
        // vscale may be 1 or 100: a fixed size is never known to cover it.
        assert!(!TypeSize::fixed(4096).is_known_ge(scalable(128)));
        assert!(TypeSize::fixed(64).is_known_ge(TypeSize::fixed(32)));
    }
}
