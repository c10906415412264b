//! The transfer functions of the integer instructions on ranges: for
//! operands in the argument ranges, a range holding every result that is
//! not poison (the soundness invariant of the parent module).

use super::ConstantRange;
use crate::transforms::sccp::fold::{BinOp, IntPredicate, PoisonFlags};
use crate::transforms::sccp::lattice::{mask, Konst};

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
