//! Integer ranges for SCCP: a set of `width`-bit values that is one
//! contiguous arc of the circle of integers modulo 2^width, and the
//! transfer functions of the integer instructions on such sets.
//!
//! This is the idea of LLVM's `ConstantRange` (llvm/IR/ConstantRange.h, a
//! half-open `[Lower, Upper)` that may wrap around), written for our plain
//! 1–64-bit integers. We store an arc as its first element and its number
//! of elements:
//!
//! ```text
//!   { lo, lo+1, …, lo+size-1 }  (mod 2^width),   0 ≤ size ≤ 2^width
//! ```
//!
//! `size == 0` is the empty set, `size == 2^width` the full set. Viewed as
//! unsigned numbers an arc may wrap past the maximum back to 0; viewed as
//! signed numbers it may wrap past the signed maximum. Both views are used.
//!
//! Soundness is the one invariant: every transfer function returns a range
//! containing every value the instruction can produce for operands taken
//! from the argument ranges. Results that are poison (a violated `nsw`/`nuw`,
//! a shift by the width or more) may be left out, since poison may be
//! refined to any value; results of immediate UB are never left out: a
//! division whose divisor range contains 0 (or `sdiv`/`srem` of INT_MIN by
//! -1) gives the full range, so a range never lets the rewrite delete a
//! trapping division. The unit tests check soundness against brute force:
//! exhaustively for every pair of 4-bit ranges and every single 8-bit
//! range, and on random 8-bit range pairs.
//!
//! Precision is best effort (hulls), like LLVM's: `and`/`or`/`xor` go
//! through known bits (the bits shared by a range's unsigned minimum and
//! maximum), the rest through interval arithmetic on the unsigned or signed
//! view, whichever gives the smaller arc.
//!
//! This module is the set type (`ConstantRange`: construction, union,
//! intersection, bounds); `transfer` holds the transfer functions, `tests`
//! the brute-force checks of both.

#[cfg(test)]
mod tests;
mod transfer;

pub use transfer::{binary, icmp, sext, trunc, zext};

use super::lattice::{mask, Konst};

/// A set of integers of `width` bits that is one arc modulo 2^width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConstantRange {
    width: u32,
    /// First element (masked); 0 when the range is empty or full.
    lo: u64,
    /// Number of elements, 0 ..= 2^width, in 65 bits: the low 64 here and
    /// bit 64 (set only by 2^64, the full 64-bit range) in `size_high`. A
    /// `u128` field would align the range, and every lattice element
    /// holding one, to 16 bytes and make it 32 bytes long instead of 24;
    /// the solver reads its values from memory far more often than it
    /// computes sizes.
    size_low: u64,
    size_high: bool,
}

/// 2^width as a u128.
fn modulus(width: u32) -> u128 {
    1u128 << width
}

impl ConstantRange {
    pub fn empty(width: u32) -> Self {
        Self::check_width(width);
        Self::raw(width, 0, 0)
    }

    pub fn full(width: u32) -> Self {
        Self::check_width(width);
        Self::raw(width, 0, modulus(width))
    }

    pub fn single(k: Konst) -> Self {
        Self::raw(k.width(), k.zext(), 1)
    }

    fn check_width(width: u32) {
        assert!(
            (1..=64).contains(&width),
            "integer width {width} not in 1..=64"
        );
    }

    /// The arc starting at `lo` with `size` elements (full if `size` is
    /// 2^width or more).
    fn arc(width: u32, lo: u64, size: u128) -> Self {
        if size == 0 {
            return Self::empty(width);
        }
        if size >= modulus(width) {
            return Self::full(width);
        }
        Self::raw(width, lo & mask(width), size)
    }

    /// LLVM's `ConstantRange(Lower, Upper)`: the half-open arc from
    /// `lower` up to `upper` (exclusive), wrapping past the maximum when
    /// `upper < lower`, as `!range` metadata and `range` attributes write
    /// it. `lower == upper` is read as the full set (LLVM's only valid
    /// reading of it in an attribute; metadata forbids it).
    pub fn half_open(width: u32, lower: u64, upper: u64) -> Self {
        Self::check_width(width);
        let (lower, upper) = (lower & mask(width), upper & mask(width));
        if lower == upper {
            return Self::full(width);
        }
        let size = (upper as u128 + modulus(width) - lower as u128) % modulus(width);
        Self::arc(width, lower, size)
    }

    /// LLVM's `(Lower, Upper)` of a range that is neither empty nor full:
    /// the first element and the one past the last, modulo 2^width.
    pub fn half_open_bounds(self) -> (u64, u64) {
        debug_assert!(!self.is_empty() && !self.is_full());
        let upper = (self.lo as u128 + self.size()) % modulus(self.width);
        (self.lo, upper as u64)
    }

    /// `{min ..= max}` in unsigned order; empty if `min > max`.
    pub fn unsigned(width: u32, min: u64, max: u64) -> Self {
        Self::check_width(width);
        if min > max {
            return Self::empty(width);
        }
        Self::arc(width, min, (max - min) as u128 + 1)
    }

    /// `{min ..= max}` in signed order; empty if `min > max`. Both bounds
    /// must be representable in `width` bits.
    pub fn signed(width: u32, min: i64, max: i64) -> Self {
        Self::check_width(width);
        if min > max {
            return Self::empty(width);
        }
        debug_assert!(min >= Konst::signed_min(width) && max <= Konst::signed_max(width));
        Self::arc(width, min as u64, (max as i128 - min as i128) as u128 + 1)
    }

    /// Like `signed`, but bounds are first clamped to the representable
    /// range (for results known to avoid signed overflow).
    fn signed_clamped(width: u32, min: i128, max: i128) -> Self {
        let lo = min.max(Konst::signed_min(width) as i128);
        let hi = max.min(Konst::signed_max(width) as i128);
        if lo > hi {
            return Self::empty(width);
        }
        Self::signed(width, lo as i64, hi as i64)
    }

    /// Like `unsigned`, with the upper bound clamped to the maximum.
    fn unsigned_clamped(width: u32, min: u128, max: u128) -> Self {
        let hi = max.min(mask(width) as u128);
        if min > hi {
            return Self::empty(width);
        }
        Self::unsigned(width, min as u64, hi as u64)
    }

    pub fn width(self) -> u32 {
        self.width
    }

    pub fn is_empty(self) -> bool {
        self.size() == 0
    }

    pub fn is_full(self) -> bool {
        self.size() == modulus(self.width)
    }

    /// The number of elements.
    pub fn size(self) -> u128 {
        (self.size_high as u128) << 64 | self.size_low as u128
    }

    /// The range of these fields as they are (callers keep the
    /// invariants).
    fn raw(width: u32, lo: u64, size: u128) -> Self {
        debug_assert!(size <= modulus(width));
        ConstantRange {
            width,
            lo,
            size_low: size as u64,
            size_high: size >> 64 != 0,
        }
    }

    /// Every value of `k`'s width except `k`.
    pub fn all_but(k: Konst) -> Self {
        Self::arc(k.width(), k.zext().wrapping_add(1), modulus(k.width()) - 1)
    }

    pub fn single_element(self) -> Option<Konst> {
        (self.size() == 1).then(|| Konst::new(self.width, self.lo))
    }

    pub fn contains(self, k: Konst) -> bool {
        debug_assert_eq!(k.width(), self.width);
        self.contains_bits(k.zext())
    }

    fn contains_bits(self, bits: u64) -> bool {
        let offset = (bits.wrapping_sub(self.lo) & mask(self.width)) as u128;
        offset < self.size()
    }

    /// Does the arc pass from the unsigned maximum to 0?
    fn wraps_unsigned(self) -> bool {
        self.lo as u128 + self.size() > modulus(self.width)
    }

    /// Unsigned minimum and maximum (`None` when empty).
    pub fn unsigned_bounds(self) -> Option<(u64, u64)> {
        if self.is_empty() {
            None
        } else if self.wraps_unsigned() {
            Some((0, mask(self.width)))
        } else {
            Some((self.lo, (self.lo as u128 + self.size() - 1) as u64))
        }
    }

    /// Signed minimum and maximum (`None` when empty).
    pub fn signed_bounds(self) -> Option<(i64, i64)> {
        // Flipping the sign bit maps signed order onto unsigned order.
        let sign = 1u64 << (self.width - 1);
        let flipped = ConstantRange {
            lo: self.lo ^ if self.is_full() { 0 } else { sign },
            ..self
        };
        let (min, max) = flipped.unsigned_bounds()?;
        let to_signed = |bits: u64| Konst::new(self.width, bits ^ sign).sext();
        Some((to_signed(min), to_signed(max)))
    }

    /// Do the two sets share an element? (Two arcs intersect iff one holds
    /// the other's first element.)
    pub fn intersects(self, other: ConstantRange) -> bool {
        !self.is_empty()
            && !other.is_empty()
            && (self.contains_bits(other.lo) || other.contains_bits(self.lo))
    }

    /// An arc holding every element the two sets share: exactly their
    /// intersection when that is one arc; when it is two (each set
    /// wraps around both ends of the other), the smaller set.
    pub fn intersect(self, other: ConstantRange) -> ConstantRange {
        debug_assert_eq!(self.width, other.width);
        if self.is_full() {
            return other;
        }
        if other.is_full() || self.is_empty() {
            return self;
        }
        if other.is_empty() {
            return other;
        }
        // The elements of `b` from `a.lo` on, when `b` holds `a.lo`.
        let from = |a: ConstantRange, b: ConstantRange| {
            let distance = (a.lo.wrapping_sub(b.lo) & mask(a.width)) as u128;
            Self::arc(a.width, a.lo, a.size().min(b.size() - distance))
        };
        match (other.contains_bits(self.lo), self.contains_bits(other.lo)) {
            (false, false) => Self::empty(self.width),
            (true, false) => from(self, other),
            (false, true) => from(other, self),
            (true, true) if self.lo == other.lo => from(self, other),
            (true, true) if self.size() <= other.size() => self,
            (true, true) => other,
        }
    }

    /// The smallest arc containing both sets. It starts at the first
    /// element of one of them, so both candidates are tried.
    pub fn union(self, other: ConstantRange) -> ConstantRange {
        debug_assert_eq!(self.width, other.width);
        if self.is_empty() {
            return other;
        }
        if other.is_empty() {
            return self;
        }
        let covering = |a: ConstantRange, b: ConstantRange| {
            let distance = (b.lo.wrapping_sub(a.lo) & mask(a.width)) as u128;
            a.size().max(distance + b.size())
        };
        let (from_self, from_other) = (covering(self, other), covering(other, self));
        if from_self <= from_other {
            Self::arc(self.width, self.lo, from_self)
        } else {
            Self::arc(self.width, other.lo, from_other)
        }
    }

    /// The smaller of two sound results (both contain every possible value,
    /// so either may be used).
    fn smaller(self, other: ConstantRange) -> ConstantRange {
        if other.size() < self.size() {
            other
        } else {
            self
        }
    }

    /// Known bits: `(zeros, ones)`, the bits equal in every element. Like
    /// LLVM's `toKnownBits`, they are the bits above the highest bit where
    /// the unsigned minimum and maximum differ.
    pub fn known_bits(self) -> (u64, u64) {
        let Some((min, max)) = self.unsigned_bounds() else {
            return (0, 0);
        };
        let differ = min ^ max;
        let unknown = if differ == 0 {
            0
        } else {
            mask(64 - differ.leading_zeros())
        };
        let known = mask(self.width) & !unknown;
        (!min & known, min & known)
    }

    /// The unsigned hull of the values with the given known bits.
    fn from_known_bits(width: u32, zeros: u64, ones: u64) -> ConstantRange {
        Self::unsigned(width, ones, !zeros & mask(width))
    }

    fn intersect_unsigned_hulls(self, other: ConstantRange) -> ConstantRange {
        match (self.unsigned_bounds(), other.unsigned_bounds()) {
            (Some((a, b)), Some((c, d))) => Self::unsigned(self.width, a.max(c), b.min(d)),
            _ => Self::empty(self.width),
        }
    }
}
