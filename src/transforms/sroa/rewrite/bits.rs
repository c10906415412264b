//! The integer-widening operations of the `Scalar` mode (LLVM's
//! `extractInteger`/`insertInteger`): a partial access becomes a shift, a
//! mask, a `trunc` or a `zext` of the whole slot loaded as an integer, at
//! the bit position the target's byte order gives, and plain values
//! convert to and from integers of their width.
//!
//! Invariant: `extract`/`insert` of the same `(rel, size)` are inverse;
//! bytes outside `[rel, rel + size)` are kept bit for bit.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;

use super::{NewSlot, Rewriter};

impl Rewriter<'_> {
    /// Loads the slot as `iN`, puts the `8 * size`-bit integer `value` at
    /// byte `rel`, and returns the result converted back to the slot type.
    pub(super) unsafe fn insert_into_slot(
        &self,
        slot: &NewSlot,
        bits: u64,
        value: LLVMValueRef,
        rel: u64,
        size: u64,
    ) -> LLVMValueRef {
        let old = self.as_int(self.load(slot.ty, slot.alloca, slot.align), bits);
        let merged = self.insert(old, bits, value, rel, size);
        self.int_to(merged, slot.ty)
    }

    /// Bit position of byte range `[rel, rel + size)` inside an `N`-bit
    /// integer holding the partition, by the target's byte order.
    fn shift_of(&self, bits: u64, rel: u64, size: u64) -> u64 {
        if self.layout.little_endian {
            8 * rel
        } else {
            bits - 8 * (rel + size)
        }
    }

    pub(in crate::transforms::sroa) unsafe fn int_ty(&self, bits: u64) -> LLVMTypeRef {
        LLVMIntTypeInContext(self.layout.context, bits as u32)
    }

    /// `trunc (lshr v, shift)`: the `size` bytes at `rel` of `v: iN`.
    pub(in crate::transforms::sroa) unsafe fn extract(
        &self,
        v: LLVMValueRef,
        bits: u64,
        rel: u64,
        size: u64,
    ) -> LLVMValueRef {
        let shift = self.shift_of(bits, rel, size);
        let mut v = v;
        if shift > 0 {
            v = LLVMBuildLShr(
                self.builder,
                v,
                LLVMConstInt(LLVMTypeOf(v), shift, 0),
                c"".as_ptr(),
            );
        }
        if 8 * size < bits {
            v = LLVMBuildTrunc(self.builder, v, self.int_ty(8 * size), c"".as_ptr());
        }
        v
    }

    /// An integer load that ran past the end of the alloca, from the
    /// `bits`-bit integer `v` of the whole partition: the bytes past the end
    /// are undefined, LLVM makes them zero (`load.ext`), in the target's byte
    /// order (`endian_shift`).
    pub(super) unsafe fn widen_past_end(
        &self,
        v: LLVMValueRef,
        bits: u64,
        ty: LLVMTypeRef,
    ) -> LLVMValueRef {
        let mut v = LLVMBuildZExt(self.builder, v, ty, c"".as_ptr());
        let wide = LLVMGetIntTypeWidth(ty) as u64;
        if !self.layout.little_endian {
            v = LLVMBuildShl(
                self.builder,
                v,
                LLVMConstInt(ty, wide - bits, 0),
                c"".as_ptr(),
            );
        }
        v
    }

    /// `(old & ~(mask << shift)) | (zext value << shift)`.
    pub(super) unsafe fn insert(
        &self,
        old: LLVMValueRef,
        bits: u64,
        value: LLVMValueRef,
        rel: u64,
        size: u64,
    ) -> LLVMValueRef {
        let ty = self.int_ty(bits);
        let v = self.place(value, bits, rel, size);
        if 8 * size == bits {
            return v;
        }
        let shift = self.shift_of(bits, rel, size);
        let field = low_ones(8 * size) << shift;
        let keep = !field & low_ones(bits);
        let masked = LLVMBuildAnd(self.builder, old, self.const_wide(ty, keep), c"".as_ptr());
        LLVMBuildOr(self.builder, masked, v, c"".as_ptr())
    }

    /// `zext value << shift`: the `8 * size`-bit integer `value` as the
    /// bytes `[rel, rel + size)` of an `iN` (`bits` = N), the other bits
    /// zero.
    pub(in crate::transforms::sroa) unsafe fn place(
        &self,
        value: LLVMValueRef,
        bits: u64,
        rel: u64,
        size: u64,
    ) -> LLVMValueRef {
        let ty = self.int_ty(bits);
        let shift = self.shift_of(bits, rel, size);
        let mut v = value;
        if 8 * size < bits {
            v = LLVMBuildZExt(self.builder, v, ty, c"".as_ptr());
        }
        if shift > 0 {
            v = LLVMBuildShl(self.builder, v, LLVMConstInt(ty, shift, 0), c"".as_ptr());
        }
        v
    }

    /// `a | b`.
    pub(in crate::transforms::sroa) unsafe fn or(
        &self,
        a: LLVMValueRef,
        b: LLVMValueRef,
    ) -> LLVMValueRef {
        LLVMBuildOr(self.builder, a, b, c"".as_ptr())
    }

    /// An integer constant of up to 128 bits.
    unsafe fn const_wide(&self, ty: LLVMTypeRef, value: u128) -> LLVMValueRef {
        let words = [value as u64, (value >> 64) as u64];
        LLVMConstIntOfArbitraryPrecision(ty, 2, words.as_ptr())
    }

    /// The byte `byte: i8` repeated to fill `bits` bits.
    pub(super) unsafe fn splat(&self, byte: LLVMValueRef, bits: u64) -> LLVMValueRef {
        let ty = self.int_ty(bits);
        if bits == 8 {
            return byte;
        }
        let ones = (0..bits / 8).fold(0u128, |acc, _| (acc << 8) | 1);
        let wide = LLVMBuildZExt(self.builder, byte, ty, c"".as_ptr());
        LLVMBuildMul(self.builder, wide, self.const_wide(ty, ones), c"".as_ptr())
    }

    /// A plain value as the integer of its width.
    pub(super) unsafe fn as_int(&self, v: LLVMValueRef, bits: u64) -> LLVMValueRef {
        let ty = LLVMTypeOf(v);
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMIntegerTypeKind => v,
            LLVMTypeKind::LLVMPointerTypeKind => {
                LLVMBuildPtrToInt(self.builder, v, self.int_ty(bits), c"".as_ptr())
            }
            _ => LLVMBuildBitCast(self.builder, v, self.int_ty(bits), c"".as_ptr()),
        }
    }

    /// An integer as the plain type `ty` of the same width.
    pub(super) unsafe fn int_to(&self, v: LLVMValueRef, ty: LLVMTypeRef) -> LLVMValueRef {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMIntegerTypeKind => v,
            LLVMTypeKind::LLVMPointerTypeKind => {
                LLVMBuildIntToPtr(self.builder, v, ty, c"".as_ptr())
            }
            _ => LLVMBuildBitCast(self.builder, v, ty, c"".as_ptr()),
        }
    }

    /// A value as another type that `vector::can_convert` accepts: a
    /// bitcast, or through an integer when a pointer is involved (then
    /// both are scalars).
    pub(super) unsafe fn convert_value(&self, v: LLVMValueRef, to: LLVMTypeRef) -> LLVMValueRef {
        let from = LLVMTypeOf(v);
        if from == to {
            return v;
        }
        let is_ptr = |t| LLVMGetTypeKind(t) == LLVMTypeKind::LLVMPointerTypeKind;
        if is_ptr(from) || is_ptr(to) {
            return self.convert(v, to);
        }
        LLVMBuildBitCast(self.builder, v, to, c"".as_ptr())
    }

    /// A plain value as another plain type of the same width.
    pub(super) unsafe fn convert(&self, v: LLVMValueRef, to: LLVMTypeRef) -> LLVMValueRef {
        let from = LLVMTypeOf(v);
        if from == to {
            return v;
        }
        let bits = self.layout.plain_bits(from).expect("plain source type");
        self.int_to(self.as_int(v, bits), to)
    }
}

/// `bits` low one bits (bits ≤ 128).
fn low_ones(bits: u64) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::low_ones;

    #[test]
    fn low_ones_masks() {
        assert_eq!(low_ones(8), 0xff);
        assert_eq!(low_ones(64), u64::MAX as u128);
        assert_eq!(low_ones(128), u128::MAX);
        // The keep-mask of bytes [1, 2) of an i32: 0xffff00ff.
        assert_eq!(!(low_ones(8) << 8) & low_ones(32), 0xffff_00ff);
    }
}
