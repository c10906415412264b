//! Ranges of integers of 65 to `MAX_RANGE_WIDTH` bits, as LLVM's SCCP
//! keeps a `ConstantRange` for every integer width: enough for the
//! bit-field extracts clang emits on wide storage units (`lshr i72 %x, 47`
//! then `and 16383`, or `shl` then `ashr`, then `trunc` to `i32`; csmith's
//! structs give `i72`, `i136`, …) and for the 128-bit arithmetic of Rust
//! code (`zext i64 to i128`, `mul`, `lshr i128 %p, 64`, `trunc i128 to
//! i64`), so that the `trunc`s, `zext`s and arithmetic on them get the
//! flags LLVM gives them (`flags::wide_binary`, `flags::wide_cast`).
//!
//! A `WideRange` is the zero- or sign-extension of a 64-bit interval: the
//! values `min ..= max` (unsigned, or signed) of 64 bits, extended to
//! `width` bits. That covers every range above, keeps the lattice element
//! in 32 bytes (as a narrow range), and needs no table to merge two of
//! them (`union`). A range not of this form is the full set: the caller
//! makes the value overdefined (so `(zext i64 %a) * 3`, which LLVM bounds
//! by `3 * (2^64 - 1)`, is not bounded here). One element is the wide
//! constant (the solver's `Lattice::WideRange`; a wide constant that is no
//! extension of 64 bits stays a `Lattice::Wide` id, without ranges).
//!
//! The transfer functions work on the unsigned and signed hulls (`Hulls`)
//! of the operands, intervals of `ApInt`s of the operands' width, with the
//! overflow-checked `ApInt` operations: each returns a range holding every
//! result that is neither poison nor UB, or `None` (full). The tests check
//! them against the constant folder on random ranges.
//!
//! Invariants: `65 <= width <= MAX_RANGE_WIDTH`; `min <= max` in the
//! form's order; a sign-extended range has a negative `min` (one with
//! `min >= 0` is written zero-extended), so equal sets have equal ranges.

use std::cmp::Ordering;

use crate::apint::ApInt;
use crate::transforms::sccp::fold::{BinOp, CastOp, IntPredicate};
use crate::transforms::sccp::range::{self, ConstantRange};

/// Widths with ranges: wider values are constants or overdefined (the
/// rules divide and multiply `ApInt`s of the width).
pub const MAX_RANGE_WIDTH: u32 = 512;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WideRange {
    /// The bounds, as `u64` (zero-extended) or `i64` bits (sign-extended).
    min: u64,
    max: u64,
    width: u16,
    signed: bool,
}

/// Every bit up to the highest set bit of `x` set.
fn fill_below(x: &ApInt) -> ApInt {
    ApInt::all_ones(x.width()).lshr(x.leading_zeros())
}

/// Does `x` fit in 64 bits, as an unsigned number?
fn fits_u64(x: &ApInt) -> bool {
    x.to_u64().is_some()
}

/// Does `x` fit in 64 bits, as a signed number?
fn fits_i64(x: &ApInt) -> bool {
    fits_signed(x, 64)
}

/// Does the signed value of `x` fit in `bits` bits?
fn fits_signed(x: &ApInt, bits: u32) -> bool {
    bits >= x.width() || x.trunc(bits).sext(x.width()) == *x
}

fn low_word(x: &ApInt) -> u64 {
    x.words()[0]
}

/// An order on `ApInt`s: `ApInt::ucmp` or `ApInt::scmp`.
type Order = fn(&ApInt, &ApInt) -> Ordering;

/// `a` if it is `which` (less or greater) than `b` in `order`, else `b`.
fn pick(a: &ApInt, b: &ApInt, order: Order, which: Ordering) -> ApInt {
    if order(a, b) == which { a } else { b }.clone()
}

fn umin_of(a: &ApInt, b: &ApInt) -> ApInt {
    pick(a, b, ApInt::ucmp, Ordering::Less)
}

fn umax_of(a: &ApInt, b: &ApInt) -> ApInt {
    pick(a, b, ApInt::ucmp, Ordering::Greater)
}

fn smin_of(a: &ApInt, b: &ApInt) -> ApInt {
    pick(a, b, ApInt::scmp, Ordering::Less)
}

fn smax_of(a: &ApInt, b: &ApInt) -> ApInt {
    pick(a, b, ApInt::scmp, Ordering::Greater)
}

impl WideRange {
    fn check_width(width: u32) {
        assert!(
            (65..=MAX_RANGE_WIDTH).contains(&width),
            "wide range of {width} bits"
        );
    }

    /// `min ..= max` (unsigned, `min <= max`) zero-extended to `width`.
    fn zero_extended(width: u32, min: u64, max: u64) -> Self {
        Self::check_width(width);
        debug_assert!(min <= max);
        WideRange {
            min,
            max,
            width: width as u16,
            signed: false,
        }
    }

    /// `min ..= max` (signed, `min <= max`) sign-extended to `width`.
    fn sign_extended(width: u32, min: i64, max: i64) -> Self {
        if min >= 0 {
            return Self::zero_extended(width, min as u64, max as u64);
        }
        Self::check_width(width);
        debug_assert!(min <= max);
        WideRange {
            min: min as u64,
            max: max as u64,
            width: width as u16,
            signed: true,
        }
    }

    /// The unsigned interval `lo ..= hi` (`lo <= hi`), if it is an
    /// extension of 64 bits (`None`: the caller takes the full set).
    pub fn from_unsigned(lo: &ApInt, hi: &ApInt) -> Option<Self> {
        let width = lo.width();
        if fits_u64(hi) {
            return Some(Self::zero_extended(width, low_word(lo), low_word(hi)));
        }
        // Both negative and at most 64 bits: a sign extension.
        (lo.is_negative() && fits_i64(lo) && hi.is_negative())
            .then(|| Self::sign_extended(width, low_word(lo) as i64, low_word(hi) as i64))
    }

    /// The signed interval `lo ..= hi` (`lo <= hi`), if it is an
    /// extension of 64 bits.
    pub fn from_signed(lo: &ApInt, hi: &ApInt) -> Option<Self> {
        let width = lo.width();
        if fits_i64(lo) && fits_i64(hi) {
            Some(Self::sign_extended(
                width,
                low_word(lo) as i64,
                low_word(hi) as i64,
            ))
        } else if !lo.is_negative() && fits_u64(hi) {
            Some(Self::zero_extended(width, low_word(lo), low_word(hi)))
        } else {
            None
        }
    }

    /// The range of one constant (`None`: no extension of 64 bits).
    pub fn constant(value: &ApInt) -> Option<Self> {
        if !(65..=MAX_RANGE_WIDTH).contains(&value.width()) {
            return None;
        }
        Self::from_unsigned(value, value)
    }

    /// The zero extension of a range of at most 64 bits to `width`.
    pub fn zext_of(r: ConstantRange, width: u32) -> Option<Self> {
        let (lo, hi) = r.unsigned_bounds()?;
        Some(Self::zero_extended(width, lo, hi))
    }

    /// The sign extension of a range of at most 64 bits to `width`.
    pub fn sext_of(r: ConstantRange, width: u32) -> Option<Self> {
        let (lo, hi) = r.signed_bounds()?;
        Some(Self::sign_extended(width, lo, hi))
    }

    pub fn width(self) -> u32 {
        self.width as u32
    }

    /// A bound as a value of the range's width.
    fn extend(self, bound: u64) -> ApInt {
        if self.signed {
            ApInt::from_i64(self.width(), bound as i64)
        } else {
            ApInt::from_u64(self.width(), bound)
        }
    }

    /// The one element, if there is one.
    pub fn single(self) -> Option<ApInt> {
        (self.min == self.max).then(|| self.extend(self.min))
    }

    /// The unsigned hull.
    pub fn unsigned_bounds(self) -> (ApInt, ApInt) {
        if !self.signed || (self.max as i64) < 0 {
            (self.extend(self.min), self.extend(self.max))
        } else {
            // Negative and non-negative values.
            (ApInt::zero(self.width()), ApInt::all_ones(self.width()))
        }
    }

    /// The signed hull.
    pub fn signed_bounds(self) -> (ApInt, ApInt) {
        (self.extend(self.min), self.extend(self.max))
    }

    /// Is `value` (of this width) in the range?
    pub fn contains(self, value: &ApInt) -> bool {
        let (lo, hi) = self.unsigned_bounds();
        let (slo, shi) = self.signed_bounds();
        lo.ucmp(value) != Ordering::Greater
            && value.ucmp(&hi) != Ordering::Greater
            && slo.scmp(value) != Ordering::Greater
            && value.scmp(&shi) != Ordering::Greater
    }

    /// The 64-bit interval this range extends, as a 64-bit range: its
    /// truncation to any width up to 64 is the range's.
    fn inner(self) -> ConstantRange {
        if self.signed {
            ConstantRange::signed(64, self.min as i64, self.max as i64)
        } else {
            ConstantRange::unsigned(64, self.min, self.max)
        }
    }

    /// A range holding both (`None`: only the full set does, among the
    /// ranges of this form).
    pub fn union(self, other: WideRange) -> Option<WideRange> {
        debug_assert_eq!(self.width, other.width);
        let (a, b) = (self.signed_bounds(), other.signed_bounds());
        WideRange::from_signed(&smin_of(&a.0, &b.0), &smax_of(&a.1, &b.1)).or_else(|| {
            let (a, b) = (self.unsigned_bounds(), other.unsigned_bounds());
            WideRange::from_unsigned(&umin_of(&a.0, &b.0), &umax_of(&a.1, &b.1))
        })
    }
}

/// The unsigned and signed hulls of an operand: of its range, or of
/// every value of its width (`None`).
#[derive(Clone, Debug)]
pub struct Hulls {
    pub unsigned: (ApInt, ApInt),
    pub signed: (ApInt, ApInt),
}

impl Hulls {
    pub fn of(width: u32, r: Option<WideRange>) -> Hulls {
        match r {
            Some(r) => Hulls {
                unsigned: r.unsigned_bounds(),
                signed: r.signed_bounds(),
            },
            None => Hulls::full(width),
        }
    }

    pub fn full(width: u32) -> Hulls {
        Hulls {
            unsigned: (ApInt::zero(width), ApInt::all_ones(width)),
            signed: (ApInt::signed_min(width), ApInt::signed_max(width)),
        }
    }

    /// The hulls of one constant of any width.
    pub fn constant(k: &ApInt) -> Hulls {
        Hulls {
            unsigned: (k.clone(), k.clone()),
            signed: (k.clone(), k.clone()),
        }
    }

    fn width(&self) -> u32 {
        self.unsigned.0.width()
    }

    /// Does every value fit in `to_width` bits, as an unsigned number
    /// (`.0`) and as a signed one (`.1`)? (What `trunc nuw`/`nsw` need.)
    pub fn fits(&self, to_width: u32) -> (bool, bool) {
        let w = self.width();
        (
            to_width >= w || self.unsigned.1.leading_zeros() >= w - to_width,
            fits_signed(&self.signed.0, to_width) && fits_signed(&self.signed.1, to_width),
        )
    }

    /// The shift amounts that do not make a shift poison (`None`: none).
    fn shift_amounts(&self) -> Option<(u32, u32)> {
        let w = self.width() as u64;
        let lo = self.unsigned.0.to_u64().filter(|&s| s < w)?;
        let hi = self.unsigned.1.to_u64().map_or(w - 1, |s| s.min(w - 1));
        Some((lo as u32, hi as u32))
    }
}

/// `x << s` if no set bit is shifted out (as an unsigned number).
fn shl_unsigned(x: &ApInt, s: u32) -> Option<ApInt> {
    let r = x.shl(s);
    (r.lshr(s) == *x).then_some(r)
}

/// `x << s` if the signed value is kept (`x * 2^s` fits).
fn shl_signed(x: &ApInt, s: u32) -> Option<ApInt> {
    let r = x.shl(s);
    (r.ashr(s) == *x).then_some(r)
}

/// Can `a op b` overflow for operands in these hulls, unsigned (`.0`) and
/// signed (`.1`)? For `add`, `sub`, `mul` and `shl`: the flags `nuw` and
/// `nsw` hold where it cannot (LLVM's `makeGuaranteedNoWrapRegion` on
/// these intervals).
pub fn may_wrap(op: BinOp, a: &Hulls, b: &Hulls) -> (bool, bool) {
    let unsigned = unsigned_exact(op, a, b).is_none();
    let signed = signed_exact(op, a, b).is_none();
    (unsigned, signed)
}

/// The unsigned hull of `a op b` computed without wrapping (`None` if
/// some pair wraps, or the rule is not one of these four).
fn unsigned_exact(op: BinOp, a: &Hulls, b: &Hulls) -> Option<(ApInt, ApInt)> {
    let ((a0, a1), (b0, b1)) = (&a.unsigned, &b.unsigned);
    let no_wrap = |(v, wrapped): (ApInt, bool)| (!wrapped).then_some(v);
    match op {
        // The upper bound first: when it does not wrap, neither does the
        // lower.
        BinOp::Add => no_wrap(a1.uadd_ov(b1)).map(|hi| (a0.add(b0), hi)),
        BinOp::Sub => (a0.ucmp(b1) != Ordering::Less).then(|| (a0.sub(b1), a1.sub(b0))),
        BinOp::Mul => no_wrap(a1.umul_ov(b1)).map(|hi| (a0.mul(b0), hi)),
        BinOp::Shl => {
            let (s0, s1) = b.shift_amounts()?;
            Some((a0.shl(s0), shl_unsigned(a1, s1)?))
        }
        _ => None,
    }
}

/// The signed hull of `a op b` computed without wrapping.
fn signed_exact(op: BinOp, a: &Hulls, b: &Hulls) -> Option<(ApInt, ApInt)> {
    let ((a0, a1), (b0, b1)) = (&a.signed, &b.signed);
    let no_wrap = |(v, wrapped): (ApInt, bool)| (!wrapped).then_some(v);
    match op {
        BinOp::Add => Some((no_wrap(a0.sadd_ov(b0))?, no_wrap(a1.sadd_ov(b1))?)),
        BinOp::Sub => Some((no_wrap(a0.ssub_ov(b1))?, no_wrap(a1.ssub_ov(b0))?)),
        BinOp::Mul => {
            let corners = [(a0, b0), (a0, b1), (a1, b0), (a1, b1)]
                .into_iter()
                .map(|(x, y)| no_wrap(x.smul_ov(y)))
                .collect::<Option<Vec<ApInt>>>()?;
            let low = corners
                .iter()
                .fold(corners[0].clone(), |m, c| smin_of(&m, c));
            let high = corners
                .iter()
                .fold(corners[0].clone(), |m, c| smax_of(&m, c));
            Some((low, high))
        }
        BinOp::Shl => {
            let (s0, s1) = b.shift_amounts()?;
            // Both ends shifted furthest must keep their values; then so
            // do all amounts between. The most negative is the smallest
            // value shifted furthest (least, when it is not negative).
            let (far0, far1) = (shl_signed(a0, s1)?, shl_signed(a1, s1)?);
            let low = if a0.is_negative() { far0 } else { a0.shl(s0) };
            let high = if a1.is_negative() { a1.shl(s0) } else { far1 };
            Some((low, high))
        }
        _ => None,
    }
}

/// The range of `a op b` (operands and result of one width).
pub fn binary(op: BinOp, a: &Hulls, b: &Hulls) -> Option<WideRange> {
    if let Some((lo, hi)) = unsigned_exact(op, a, b) {
        if let Some(r) = WideRange::from_unsigned(&lo, &hi) {
            return Some(r);
        }
    }
    if let Some((lo, hi)) = signed_exact(op, a, b) {
        return WideRange::from_signed(&lo, &hi);
    }
    let ((a0, a1), (b0, b1)) = (&a.unsigned, &b.unsigned);
    let w = a.width();
    let one = ApInt::from_u64(w, 1);
    match op {
        // A divisor of 0 is UB: it adds nothing (`range::transfer`).
        BinOp::UDiv if !b1.is_zero() => {
            let smallest = umax_of(b0, &one);
            WideRange::from_unsigned(&a0.udiv(b1)?, &a1.udiv(&smallest)?)
        }
        BinOp::URem if !b1.is_zero() && a1.ucmp(b0) == Ordering::Less => {
            WideRange::from_unsigned(a0, a1)
        }
        BinOp::URem if !b1.is_zero() => {
            WideRange::from_unsigned(&ApInt::zero(w), &umin_of(a1, &b1.sub(&one)))
        }
        BinOp::LShr => {
            let (s0, s1) = b.shift_amounts()?;
            WideRange::from_unsigned(&a0.lshr(s1), &a1.lshr(s0))
        }
        BinOp::AShr => {
            let (s0, s1) = b.shift_amounts()?;
            let (x0, x1) = &a.signed;
            let low = x0.ashr(if x0.is_negative() { s0 } else { s1 });
            let high = x1.ashr(if x1.is_negative() { s1 } else { s0 });
            WideRange::from_signed(&low, &high)
        }
        BinOp::And => WideRange::from_unsigned(&ApInt::zero(w), &umin_of(a1, b1)),
        BinOp::Or => WideRange::from_unsigned(&umax_of(a0, b0), &fill_below(&a1.or(b1))),
        BinOp::Xor => WideRange::from_unsigned(&ApInt::zero(w), &fill_below(&a1.or(b1))),
        _ => None,
    }
}

/// Is `a pred b` decided by the hulls?
pub fn icmp(pred: IntPredicate, a: &Hulls, b: &Hulls) -> Option<bool> {
    // x < y for all pairs, or for none.
    fn less(x: &(ApInt, ApInt), y: &(ApInt, ApInt), cmp: Order) -> Option<bool> {
        if cmp(&x.1, &y.0) == Ordering::Less {
            Some(true)
        } else if cmp(&x.0, &y.1) != Ordering::Less {
            Some(false)
        } else {
            None
        }
    }
    let not = |v: Option<bool>| v.map(|v| !v);
    let (u, s) = ((&a.unsigned, &b.unsigned), (&a.signed, &b.signed));
    let (ucmp, scmp): (Order, Order) = (ApInt::ucmp, ApInt::scmp);
    match pred {
        IntPredicate::Eq | IntPredicate::Ne => {
            let disjoint = ucmp(&u.0 .1, &u.1 .0) == Ordering::Less
                || ucmp(&u.1 .1, &u.0 .0) == Ordering::Less;
            let one_value = u.0 .0 == u.0 .1 && u.0 == u.1;
            let eq = if disjoint {
                Some(false)
            } else if one_value {
                Some(true)
            } else {
                None
            };
            if pred == IntPredicate::Eq {
                eq
            } else {
                not(eq)
            }
        }
        IntPredicate::Ult => less(u.0, u.1, ucmp),
        IntPredicate::Uge => not(less(u.0, u.1, ucmp)),
        IntPredicate::Ugt => less(u.1, u.0, ucmp),
        IntPredicate::Ule => not(less(u.1, u.0, ucmp)),
        IntPredicate::Slt => less(s.0, s.1, scmp),
        IntPredicate::Sge => not(less(s.0, s.1, scmp)),
        IntPredicate::Sgt => less(s.1, s.0, scmp),
        IntPredicate::Sle => not(less(s.1, s.0, scmp)),
    }
}

/// What a cast gives on ranges: wide, narrow or nothing known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastRange {
    Wide(WideRange),
    Narrow(ConstantRange),
    Full,
}

/// The operand of a cast: a wide range (`None`: full) of `width` bits, or
/// a narrow one.
#[derive(Clone, Copy, Debug)]
pub enum CastSource {
    Wide(u32, Option<WideRange>),
    Narrow(ConstantRange),
}

/// `op value to to_width` on ranges, where the operand or the result is
/// wider than 64 bits (and neither wider than `MAX_RANGE_WIDTH`).
pub fn cast(op: CastOp, value: CastSource, to_width: u32) -> CastRange {
    let wide = |r: Option<WideRange>| r.map_or(CastRange::Full, CastRange::Wide);
    let too_wide = |w: u32| w > MAX_RANGE_WIDTH;
    if too_wide(to_width) || matches!(value, CastSource::Wide(w, _) if too_wide(w)) {
        return CastRange::Full;
    }
    match (op, value) {
        (CastOp::Trunc, CastSource::Wide(_, None)) if to_width <= 64 => {
            CastRange::Narrow(ConstantRange::full(to_width))
        }
        (CastOp::Trunc, CastSource::Wide(_, None)) => CastRange::Full,
        (CastOp::Trunc, CastSource::Wide(_, Some(r))) if to_width <= 64 => {
            let inner = r.inner();
            CastRange::Narrow(if to_width == 64 {
                inner
            } else {
                range::trunc(inner, to_width)
            })
        }
        // Above 64 bits the extension of the same 64 bits.
        (CastOp::Trunc, CastSource::Wide(_, Some(r))) => CastRange::Wide(WideRange {
            width: to_width as u16,
            ..r
        }),
        (CastOp::ZExt, CastSource::Narrow(r)) => wide(WideRange::zext_of(r, to_width)),
        (CastOp::SExt, CastSource::Narrow(r)) => wide(WideRange::sext_of(r, to_width)),
        (CastOp::ZExt, CastSource::Wide(width, r)) => {
            let (lo, hi) = Hulls::of(width, r).unsigned;
            wide(WideRange::from_unsigned(
                &lo.zext(to_width),
                &hi.zext(to_width),
            ))
        }
        (CastOp::SExt, CastSource::Wide(width, r)) => {
            let (lo, hi) = Hulls::of(width, r).signed;
            wide(WideRange::from_signed(
                &lo.sext(to_width),
                &hi.sext(to_width),
            ))
        }
        _ => CastRange::Full,
    }
}

#[cfg(test)]
mod tests;
