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

use super::fold::{BinOp, IntPredicate, PoisonFlags};
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
    fn known_bits(self) -> (u64, u64) {
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

// ---------------------------------------------------------------- transfer

/// The range of `a op b` for `a` in `lhs`, `b` in `rhs` (same width).
/// Empty operands give an empty result. A result that would be empty
/// because every combination is poison is widened to the full range, so a
/// range never stands for "only poison".
pub fn binary(
    op: BinOp,
    flags: PoisonFlags,
    lhs: ConstantRange,
    rhs: ConstantRange,
) -> ConstantRange {
    debug_assert_eq!(lhs.width, rhs.width);
    let w = lhs.width;
    if lhs.is_empty() || rhs.is_empty() {
        return ConstantRange::empty(w);
    }
    let r = match op {
        BinOp::Add => add(lhs, rhs, flags),
        BinOp::Sub => sub(lhs, rhs, flags),
        BinOp::Mul => mul(lhs, rhs, flags),
        BinOp::UDiv => udiv(lhs, rhs),
        BinOp::URem => urem(lhs, rhs),
        BinOp::SDiv => sdiv(lhs, rhs),
        BinOp::SRem => srem(lhs, rhs),
        BinOp::Shl => shl(lhs, rhs),
        BinOp::LShr => lshr(lhs, rhs),
        BinOp::AShr => ashr(lhs, rhs),
        BinOp::And => and(lhs, rhs),
        BinOp::Or => or(lhs, rhs),
        BinOp::Xor => xor(lhs, rhs),
    };
    if r.is_empty() {
        ConstantRange::full(w)
    } else {
        r
    }
}

fn add(a: ConstantRange, b: ConstantRange, flags: PoisonFlags) -> ConstantRange {
    let w = a.width;
    let mut r = ConstantRange::arc(w, a.lo.wrapping_add(b.lo), a.size() + b.size() - 1);
    let (ua, ub) = (a.unsigned_bounds().unwrap(), b.unsigned_bounds().unwrap());
    let (sa, sb) = (a.signed_bounds().unwrap(), b.signed_bounds().unwrap());
    if flags.nuw {
        let nuw = ConstantRange::unsigned_clamped(
            w,
            ua.0 as u128 + ub.0 as u128,
            ua.1 as u128 + ub.1 as u128,
        );
        r = non_poison(r, nuw);
    }
    if flags.nsw {
        let nsw = ConstantRange::signed_clamped(
            w,
            sa.0 as i128 + sb.0 as i128,
            sa.1 as i128 + sb.1 as i128,
        );
        r = non_poison(r, nsw);
    }
    r
}

fn sub(a: ConstantRange, b: ConstantRange, flags: PoisonFlags) -> ConstantRange {
    let w = a.width;
    let b_last = (b.lo as u128 + b.size() - 1) as u64;
    let mut r = ConstantRange::arc(w, a.lo.wrapping_sub(b_last), a.size() + b.size() - 1);
    let (ua, ub) = (a.unsigned_bounds().unwrap(), b.unsigned_bounds().unwrap());
    let (sa, sb) = (a.signed_bounds().unwrap(), b.signed_bounds().unwrap());
    if flags.nuw {
        let lo = (ua.0 as i128 - ub.1 as i128).max(0) as u128;
        let hi = ua.1 as i128 - ub.0 as i128;
        let nuw = if hi < 0 {
            ConstantRange::empty(w)
        } else {
            ConstantRange::unsigned_clamped(w, lo, hi as u128)
        };
        r = non_poison(r, nuw);
    }
    if flags.nsw {
        let nsw = ConstantRange::signed_clamped(
            w,
            sa.0 as i128 - sb.1 as i128,
            sa.1 as i128 - sb.0 as i128,
        );
        r = non_poison(r, nsw);
    }
    r
}

/// With a no-wrap flag: `flagged` holds every non-poison result; if it is
/// empty every result is poison and the plain range is kept.
fn non_poison(plain: ConstantRange, flagged: ConstantRange) -> ConstantRange {
    if flagged.is_empty() {
        plain
    } else {
        plain.smaller(flagged)
    }
}

fn mul(a: ConstantRange, b: ConstantRange, flags: PoisonFlags) -> ConstantRange {
    let w = a.width;
    let (ua, ub) = (a.unsigned_bounds().unwrap(), b.unsigned_bounds().unwrap());
    let (sa, sb) = (a.signed_bounds().unwrap(), b.signed_bounds().unwrap());
    // Products are monotone in each factor within one sign, so the
    // extremes are at the corners of the operand box.
    let (umin, umax) = (ua.0 as u128 * ub.0 as u128, ua.1 as u128 * ub.1 as u128);
    let corners = [
        sa.0 as i128 * sb.0 as i128,
        sa.0 as i128 * sb.1 as i128,
        sa.1 as i128 * sb.0 as i128,
        sa.1 as i128 * sb.1 as i128,
    ];
    let (smin, smax) = (
        *corners.iter().min().unwrap(),
        *corners.iter().max().unwrap(),
    );
    let mut r = ConstantRange::full(w);
    if umax <= mask(w) as u128 {
        r = r.smaller(ConstantRange::unsigned(w, umin as u64, umax as u64));
    }
    if smin >= Konst::signed_min(w) as i128 && smax <= Konst::signed_max(w) as i128 {
        r = r.smaller(ConstantRange::signed(w, smin as i64, smax as i64));
    }
    if flags.nuw {
        r = non_poison(r, ConstantRange::unsigned_clamped(w, umin, umax));
    }
    if flags.nsw {
        r = non_poison(r, ConstantRange::signed_clamped(w, smin, smax));
    }
    r
}

fn udiv(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    if b.contains_bits(0) {
        return ConstantRange::full(w); // may be UB: never narrowed
    }
    let ((amin, amax), (bmin, bmax)) = (a.unsigned_bounds().unwrap(), b.unsigned_bounds().unwrap());
    ConstantRange::unsigned(w, amin / bmax, amax / bmin)
}

fn urem(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    if b.contains_bits(0) {
        return ConstantRange::full(w);
    }
    let ((amin, amax), (bmin, bmax)) = (a.unsigned_bounds().unwrap(), b.unsigned_bounds().unwrap());
    if amax < bmin {
        return ConstantRange::unsigned(w, amin, amax); // x % y == x
    }
    ConstantRange::unsigned(w, 0, amax.min(bmax - 1))
}

/// Can `sdiv`/`srem` raise UB for some operands of these ranges?
fn signed_division_may_trap(a: ConstantRange, b: ConstantRange) -> bool {
    let w = a.width;
    b.contains_bits(0)
        || (a.contains(Konst::new(w, Konst::signed_min(w) as u64))
            && b.contains(Konst::new(w, u64::MAX)))
}

fn sdiv(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    let (sa, sb) = (a.signed_bounds().unwrap(), b.signed_bounds().unwrap());
    // The signed hull of the divisor must exclude 0, so it has one sign;
    // then the quotient is monotone in each operand: extremes at corners.
    if signed_division_may_trap(a, b) || (sb.0 <= 0 && sb.1 >= 0) {
        return ConstantRange::full(w);
    }
    let corners = [
        sa.0 as i128 / sb.0 as i128,
        sa.0 as i128 / sb.1 as i128,
        sa.1 as i128 / sb.0 as i128,
        sa.1 as i128 / sb.1 as i128,
    ];
    let (min, max) = (
        *corners.iter().min().unwrap(),
        *corners.iter().max().unwrap(),
    );
    ConstantRange::signed_clamped(w, min, max)
}

fn srem(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    if signed_division_may_trap(a, b) {
        return ConstantRange::full(w);
    }
    let (sa, sb) = (a.signed_bounds().unwrap(), b.signed_bounds().unwrap());
    // |x srem y| < |y|, with the sign of x.
    let largest_divisor = (sb.0 as i128).abs().max((sb.1 as i128).abs());
    let bound = largest_divisor - 1;
    let lo = if sa.0 >= 0 {
        0
    } else {
        (sa.0 as i128).max(-bound)
    };
    let hi = if sa.1 <= 0 {
        0
    } else {
        (sa.1 as i128).min(bound)
    };
    ConstantRange::signed_clamped(w, lo, hi)
}

/// The shift amounts that do not make the result poison, as `(min, max)`.
fn shift_amounts(b: ConstantRange) -> Option<(u32, u32)> {
    let (min, max) = b.unsigned_bounds()?;
    let w = b.width as u64;
    (min < w).then(|| (min as u32, max.min(w - 1) as u32))
}

fn shl(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    let Some((smin, smax)) = shift_amounts(b) else {
        return ConstantRange::empty(w);
    };
    let (amin, amax) = a.unsigned_bounds().unwrap();
    if amax == 0 {
        return ConstantRange::single(Konst::new(w, 0));
    }
    // No bit is shifted out: monotone in both operands.
    if (amax as u128) << smax <= mask(w) as u128 {
        return ConstantRange::unsigned(w, amin << smin, amax << smax);
    }
    if let Some(k) = a.single_element() {
        if smin == smax {
            return ConstantRange::single(Konst::new(w, k.zext() << smin));
        }
    }
    // At least the low `smin` bits are zero.
    ConstantRange::from_known_bits(w, mask(smin), 0)
}

fn lshr(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    let Some((smin, smax)) = shift_amounts(b) else {
        return ConstantRange::empty(w);
    };
    let (amin, amax) = a.unsigned_bounds().unwrap();
    ConstantRange::unsigned(w, amin >> smax, amax >> smin)
}

fn ashr(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    let Some((smin, smax)) = shift_amounts(b) else {
        return ConstantRange::empty(w);
    };
    let (lo, hi) = a.signed_bounds().unwrap();
    let corners = [lo >> smin, lo >> smax, hi >> smin, hi >> smax];
    ConstantRange::signed(
        w,
        *corners.iter().min().unwrap(),
        *corners.iter().max().unwrap(),
    )
}

fn and(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    let ((za, oa), (zb, ob)) = (a.known_bits(), b.known_bits());
    let bits = ConstantRange::from_known_bits(w, za | zb, oa & ob);
    let (amax, bmax) = (
        a.unsigned_bounds().unwrap().1,
        b.unsigned_bounds().unwrap().1,
    );
    bits.intersect_unsigned_hulls(ConstantRange::unsigned(w, 0, amax.min(bmax)))
}

fn or(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    let ((za, oa), (zb, ob)) = (a.known_bits(), b.known_bits());
    let bits = ConstantRange::from_known_bits(w, za & zb, oa | ob);
    let (amin, bmin) = (
        a.unsigned_bounds().unwrap().0,
        b.unsigned_bounds().unwrap().0,
    );
    bits.intersect_unsigned_hulls(ConstantRange::unsigned(w, amin.max(bmin), mask(w)))
}

fn xor(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    // `xor x, -1` is `-1 - x`: exact, even for wrapping ranges.
    let all_ones = ConstantRange::single(Konst::new(w, u64::MAX));
    if b == all_ones {
        return sub(all_ones, a, PoisonFlags::default());
    }
    if a == all_ones {
        return sub(all_ones, b, PoisonFlags::default());
    }
    let ((za, oa), (zb, ob)) = (a.known_bits(), b.known_bits());
    let zeros = (za & zb) | (oa & ob);
    let ones = (za & ob) | (oa & zb);
    ConstantRange::from_known_bits(w, zeros, ones)
}

/// `zext` to `to_width` bits.
pub fn zext(a: ConstantRange, to_width: u32) -> ConstantRange {
    match a.unsigned_bounds() {
        None => ConstantRange::empty(to_width),
        Some((min, max)) => ConstantRange::unsigned(to_width, min, max),
    }
}

/// `sext` to `to_width` bits.
pub fn sext(a: ConstantRange, to_width: u32) -> ConstantRange {
    match a.signed_bounds() {
        None => ConstantRange::empty(to_width),
        Some((min, max)) => ConstantRange::signed(to_width, min, max),
    }
}

/// `trunc` to `to_width` bits: reduction modulo 2^to_width maps the arc
/// onto an arc of the same size (full if it has 2^to_width elements or
/// more), because 2^to_width divides 2^width.
pub fn trunc(a: ConstantRange, to_width: u32) -> ConstantRange {
    ConstantRange::arc(to_width, a.lo, a.size())
}

/// `icmp pred a, b` when every pair of elements gives the same answer;
/// `None` when it depends on the elements (or a range is empty).
pub fn icmp(pred: IntPredicate, a: ConstantRange, b: ConstantRange) -> Option<bool> {
    use IntPredicate::*;
    debug_assert_eq!(a.width, b.width);
    let (ua, ub) = (a.unsigned_bounds()?, b.unsigned_bounds()?);
    let (sa, sb) = (a.signed_bounds()?, b.signed_bounds()?);
    // `less(x, y)`: is x < y for all pairs (Some(true)), x >= y for all
    // pairs (Some(false)), or neither?
    fn less<T: Ord>(x: (T, T), y: (T, T)) -> Option<bool> {
        if x.1 < y.0 {
            Some(true)
        } else if x.0 >= y.1 {
            Some(false)
        } else {
            None
        }
    }
    let not = |v: Option<bool>| v.map(|b| !b);
    match pred {
        Eq | Ne => {
            let equal = if let (Some(x), Some(y)) = (a.single_element(), b.single_element()) {
                Some(x == y)
            } else if !a.intersects(b) {
                Some(false)
            } else {
                None
            };
            if pred == Eq {
                equal
            } else {
                not(equal)
            }
        }
        Ult => less(ua, ub),
        Uge => not(less(ua, ub)),
        Ugt => less(ub, ua),
        Ule => not(less(ub, ua)),
        Slt => less(sa, sb),
        Sge => not(less(sa, sb)),
        Sgt => less(sb, sa),
        Sle => not(less(sb, sa)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transforms::sccp::fold;

    fn flag_sets() -> Vec<PoisonFlags> {
        let none = PoisonFlags::default();
        vec![
            none,
            PoisonFlags { nsw: true, ..none },
            PoisonFlags { nuw: true, ..none },
            PoisonFlags {
                nsw: true,
                nuw: true,
                ..none
            },
        ]
    }

    /// Every non-empty range of `width` bits (and the empty one).
    fn all_ranges(width: u32) -> Vec<ConstantRange> {
        let n = 1u64 << width;
        let mut out = vec![ConstantRange::empty(width), ConstantRange::full(width)];
        for lo in 0..n {
            for size in 1..n as u128 {
                out.push(ConstantRange::arc(width, lo, size));
            }
        }
        out
    }

    fn elements(r: ConstantRange) -> Vec<Konst> {
        (0..r.size())
            .map(|i| Konst::new(r.width, r.lo.wrapping_add(i as u64)))
            .collect()
    }

    /// The elements of `r` in a brute-force sense, checked against the
    /// accessors.
    #[test]
    fn accessors_agree_with_elements_on_i4() {
        for r in all_ranges(4) {
            let els = elements(r);
            assert_eq!(els.len() as u128, r.size());
            for x in 0..16 {
                let k = Konst::new(4, x);
                assert_eq!(r.contains(k), els.contains(&k), "{r:?} {x}");
            }
            let umin = els.iter().map(|k| k.zext()).min();
            let umax = els.iter().map(|k| k.zext()).max();
            let smin = els.iter().map(|k| k.sext()).min();
            let smax = els.iter().map(|k| k.sext()).max();
            match r.unsigned_bounds() {
                None => assert!(els.is_empty()),
                Some((lo, hi)) => {
                    assert!(lo <= umin.unwrap() && hi >= umax.unwrap(), "{r:?}");
                    // Exact unless the arc wraps.
                    if !r.wraps_unsigned() {
                        assert_eq!((lo, hi), (umin.unwrap(), umax.unwrap()));
                    }
                }
            }
            if let Some((lo, hi)) = r.signed_bounds() {
                assert!(lo <= smin.unwrap() && hi >= smax.unwrap(), "{r:?}");
            }
            let (zeros, ones) = r.known_bits();
            for k in &els {
                assert_eq!(k.zext() & zeros, 0);
                assert_eq!(k.zext() & ones, ones);
            }
        }
    }

    #[test]
    fn union_and_intersects_on_i4() {
        let ranges = all_ranges(4);
        for &a in &ranges {
            for &b in &ranges {
                let u = a.union(b);
                let ea = elements(a);
                let eb = elements(b);
                for k in ea.iter().chain(&eb) {
                    assert!(u.contains(*k), "{a:?} ∪ {b:?} = {u:?} misses {k:?}");
                }
                let shared = ea.iter().any(|k| eb.contains(k));
                assert_eq!(a.intersects(b), shared, "{a:?} {b:?}");
            }
        }
    }

    /// The intersection holds every shared element, is exact when the
    /// shared elements form one arc, and is never larger than either set.
    #[test]
    fn intersect_on_i4() {
        let ranges = all_ranges(4);
        for &a in &ranges {
            for &b in &ranges {
                let i = a.intersect(b);
                let shared: Vec<Konst> =
                    elements(a).into_iter().filter(|&k| b.contains(k)).collect();
                for &k in &shared {
                    assert!(i.contains(k), "{a:?} ∩ {b:?} = {i:?} misses {k:?}");
                }
                assert!(i.size() <= a.size().min(b.size()), "{a:?} ∩ {b:?} = {i:?}");
                let one_arc = ranges.iter().any(|r| {
                    r.size() == shared.len() as u128 && shared.iter().all(|&k| r.contains(k))
                });
                if one_arc {
                    assert_eq!(i.size(), shared.len() as u128, "{a:?} ∩ {b:?} = {i:?}");
                }
            }
        }
    }

    /// The union is the smallest arc: no arc with fewer elements holds both.
    #[test]
    fn union_is_smallest_on_i3() {
        let ranges = all_ranges(3);
        for &a in &ranges {
            for &b in &ranges {
                let u = a.union(b);
                let need: Vec<Konst> = elements(a).into_iter().chain(elements(b)).collect();
                let best = ranges
                    .iter()
                    .filter(|r| need.iter().all(|k| r.contains(*k)))
                    .map(|r| r.size())
                    .min()
                    .unwrap();
                assert_eq!(u.size(), best, "{a:?} ∪ {b:?}");
            }
        }
    }

    /// Soundness of one binary transfer function for one pair of ranges:
    /// every concrete non-poison, non-UB result is in the range; if some
    /// concrete pair is UB, the range is full.
    fn check_binary(op: BinOp, flags: PoisonFlags, a: ConstantRange, b: ConstantRange) {
        let r = binary(op, flags, a, b);
        if a.is_empty() || b.is_empty() {
            assert!(r.is_empty());
            return;
        }
        let plain = PoisonFlags::default();
        for x in elements(a) {
            for y in elements(b) {
                match fold::binary(op, flags, x, y) {
                    Some(v) => assert!(
                        r.contains(v),
                        "{op:?} {flags:?} {a:?} {b:?}: {x:?} {y:?} -> {v:?} not in {r:?}"
                    ),
                    None => {
                        let ub =
                            matches!(op, BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem)
                                && fold::binary(op, plain, x, y).is_none();
                        if ub {
                            assert!(r.is_full(), "{op:?} {a:?} {b:?} may trap but gives {r:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn binary_is_sound_for_every_pair_of_i4_ranges() {
        let ranges = all_ranges(4);
        for op in BinOp::ALL {
            let flags = if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul) {
                flag_sets()
            } else {
                vec![PoisonFlags::default()]
            };
            for &f in &flags {
                for &a in &ranges {
                    for &b in &ranges {
                        check_binary(op, f, a, b);
                    }
                }
            }
        }
    }

    /// A small deterministic generator (SplitMix64) for sampled tests.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        /// Mostly small ranges (where precision matters), some large.
        fn range(&mut self, width: u32) -> ConstantRange {
            let n = 1u64 << width;
            let lo = self.next() % n;
            let size = match self.next() % 4 {
                0 => 1,
                1 => 1 + self.next() % 4,
                2 => 1 + self.next() % 40,
                _ => 1 + self.next() % n,
            };
            ConstantRange::arc(width, lo, size as u128)
        }
    }

    #[test]
    fn binary_is_sound_on_random_i8_range_pairs() {
        let mut rng = Rng(7);
        for _ in 0..3000 {
            let (a, b) = (rng.range(8), rng.range(8));
            for op in BinOp::ALL {
                for f in flag_sets() {
                    check_binary(op, f, a, b);
                }
            }
        }
    }

    #[test]
    fn icmp_is_sound_and_decides_singletons_on_i4() {
        let ranges = all_ranges(4);
        for pred in IntPredicate::ALL {
            for &a in &ranges {
                for &b in &ranges {
                    let answer = icmp(pred, a, b);
                    for x in elements(a) {
                        for y in elements(b) {
                            let v = fold::icmp(pred, x, y).zext() == 1;
                            if let Some(claimed) = answer {
                                assert_eq!(claimed, v, "{pred:?} {a:?} {b:?}");
                            }
                        }
                    }
                    if let (Some(x), Some(y)) = (a.single_element(), b.single_element()) {
                        assert_eq!(answer, Some(fold::icmp(pred, x, y).zext() == 1));
                    }
                }
            }
        }
    }

    /// Casts: every 8-bit range, exhaustively, to 4 and 16 bits; and i1.
    #[test]
    fn casts_are_sound_for_every_i8_range() {
        let check = |a: ConstantRange| {
            let (z, s, t) = (zext(a, 16), sext(a, 16), trunc(a, 4));
            for x in elements(a) {
                assert!(z.contains(Konst::new(16, x.zext())), "zext {a:?}");
                assert!(s.contains(Konst::new(16, x.sext() as u64)), "sext {a:?}");
                assert!(t.contains(Konst::new(4, x.zext())), "trunc {a:?}");
            }
            // Extensions of a range that does not wrap are exact.
            if !a.wraps_unsigned() {
                assert_eq!(z.size(), a.size());
            }
        };
        for lo in 0..256u64 {
            for size in 1..=256u128 {
                check(ConstantRange::arc(8, lo, size));
            }
        }
        // zext/sext of i1 are exact.
        let full1 = ConstantRange::full(1);
        assert_eq!(zext(full1, 32), ConstantRange::unsigned(32, 0, 1));
        assert_eq!(sext(full1, 32), ConstantRange::signed(32, -1, 0));
    }

    /// Unary soundness for each single 8-bit range against a constant
    /// right operand (the common `x op C` shape), exhaustively over C.
    #[test]
    fn binary_with_constant_is_sound_for_every_i8_range_sample() {
        let mut rng = Rng(11);
        for _ in 0..60 {
            let a = rng.range(8);
            for c in 0..256u64 {
                let b = ConstantRange::single(Konst::new(8, c));
                for op in BinOp::ALL {
                    check_binary(op, PoisonFlags::default(), a, b);
                    check_binary(op, PoisonFlags::default(), b, a);
                }
            }
        }
    }

    /// The folds the gap analysis against LLVM's `sccp` was about.
    #[test]
    fn examples_from_llvm_sccp() {
        let zext_i8 = zext(ConstantRange::full(8), 32);
        let c = |v: i64| ConstantRange::single(Konst::new(32, v as u64));
        // icmp sge i32 37742, (zext i8 %x)  →  true
        assert_eq!(icmp(IntPredicate::Sge, c(37742), zext_i8), Some(true));
        // or (zext i1 %c), 5  →  5
        let zext_i1 = zext(ConstantRange::full(1), 32);
        let r = binary(BinOp::Or, PoisonFlags::default(), zext_i1, c(5));
        assert_eq!(r.single_element(), Some(Konst::new(32, 5)));
        // icmp sgt i64 (sext i32 %y), 6106516853331006442  →  false
        let sext_i32 = sext(ConstantRange::full(32), 64);
        let big = ConstantRange::single(Konst::new(64, 6106516853331006442));
        assert_eq!(icmp(IntPredicate::Sgt, sext_i32, big), Some(false));
        // …but icmp slt (zext i8 %x), 200 is not decided.
        assert_eq!(icmp(IntPredicate::Slt, zext_i8, c(200)), None);
        // udiv by a range containing 0 is never narrowed.
        let zero_or_one = ConstantRange::unsigned(32, 0, 1);
        assert!(binary(BinOp::UDiv, PoisonFlags::default(), c(5), zero_or_one).is_full());
    }

    #[test]
    fn widths_up_to_64_do_not_overflow() {
        let full = ConstantRange::full(64);
        assert!(full.is_full());
        assert_eq!(full.unsigned_bounds(), Some((0, u64::MAX)));
        assert_eq!(full.signed_bounds(), Some((i64::MIN, i64::MAX)));
        let one = ConstantRange::single(Konst::new(64, 1));
        assert!(binary(BinOp::Add, PoisonFlags::default(), full, one).is_full());
        let top = ConstantRange::single(Konst::new(64, u64::MAX));
        assert_eq!(
            binary(BinOp::Add, PoisonFlags::default(), top, one).single_element(),
            Some(Konst::new(64, 0))
        );
        let r = sext(ConstantRange::full(32), 64);
        assert_eq!(r.size(), 1u128 << 32);
        assert_eq!(trunc(r, 32), ConstantRange::full(32));
    }

    #[test]
    fn the_full_64_bit_range_counts_2_to_the_64() {
        let full = ConstantRange::full(64);
        assert_eq!(full.size(), 1u128 << 64);
        assert!(full.is_full() && !full.is_empty());
        let almost = ConstantRange::unsigned(64, 1, u64::MAX);
        assert_eq!(almost.size(), (1u128 << 64) - 1);
        assert!(!almost.is_full());
        assert_eq!(almost.union(ConstantRange::single(Konst::new(64, 0))), full);
        assert_eq!(
            std::mem::size_of::<ConstantRange>(),
            24,
            "no 16-byte alignment"
        );
        let lattice = std::mem::size_of::<crate::transforms::sccp::lattice::Lattice>();
        assert!(lattice <= 32, "a lattice element takes {lattice} bytes");
    }
}
