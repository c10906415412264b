//! The transfer functions of the integer instructions on ranges: for
//! operands in the argument ranges, a range holding every result that is
//! not poison (the soundness invariant of the parent module).

use super::ConstantRange;
use crate::transforms::sccp::fold::{BinOp, IntPredicate, PoisonFlags};
use crate::transforms::sccp::lattice::{mask, Konst};

/// The range of `a op b` for `a` in `lhs`, `b` in `rhs` (same width).
/// Empty operands give an empty result. A result that would be empty
/// because every combination is poison or UB is widened to the full
/// range, so a range never stands for "no value".
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

// Division and remainder: a divisor of 0, and `sdiv`/`srem` of the
// signed minimum by -1, are immediate UB, so those pairs have no result
// and add nothing to the range (LLVM's `ConstantRange::udiv`, `urem`,
// `sdiv`, `srem`). A divisor that is only 0 leaves the range empty, which
// `binary` widens to full.

/// The smallest element of `b` other than 0 (`b` holds one).
fn smallest_non_zero(b: ConstantRange) -> u64 {
    let (min, _) = b.unsigned_bounds().unwrap();
    if min != 0 {
        min
    } else if b.contains(Konst::new(b.width, 1)) {
        1
    } else {
        b.lo // the arc wraps and ends at 0: `lo ..= max` are the others
    }
}

fn udiv(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    let ((amin, amax), (_, bmax)) = (a.unsigned_bounds().unwrap(), b.unsigned_bounds().unwrap());
    if bmax == 0 {
        return ConstantRange::empty(w);
    }
    ConstantRange::unsigned(w, amin / bmax, amax / smallest_non_zero(b))
}

fn urem(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    let ((_, amax), (_, bmax)) = (a.unsigned_bounds().unwrap(), b.unsigned_bounds().unwrap());
    if bmax == 0 {
        return ConstantRange::empty(w);
    }
    if amax < smallest_non_zero(b) {
        return a; // x % y == x
    }
    ConstantRange::unsigned(w, 0, amax.min(bmax - 1))
}

/// A signed interval, `(min, max)`.
type Interval = (i128, i128);

/// The signed bounds of the part of `b` above 0 and of the part below.
fn by_sign(b: ConstantRange) -> (Option<Interval>, Option<Interval>) {
    let (min, max) = b.signed_bounds().unwrap();
    let (min, max) = (min as i128, max as i128);
    let positive = (max >= 1).then(|| (min.max(1), max));
    let negative = (min <= -1).then(|| (min, max.min(-1)));
    (positive, negative)
}

/// The hull of `x / y` (truncating) over `x` in `xs`, `y` in `ys`, both
/// signed intervals and `ys` of one sign: the quotient is monotone in
/// each operand then, so its extremes are at the corners.
fn quotient_hull(xs: Interval, ys: Interval) -> Interval {
    let corners = [xs.0 / ys.0, xs.0 / ys.1, xs.1 / ys.0, xs.1 / ys.1];
    (
        *corners.iter().min().unwrap(),
        *corners.iter().max().unwrap(),
    )
}

fn sdiv(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    let (amin, amax) = a.signed_bounds().unwrap();
    let xs = (amin as i128, amax as i128);
    let min = Konst::signed_min(w) as i128;
    let (positive, negative) = by_sign(b);
    let mut pieces = Vec::new();
    pieces.extend(positive.map(|ys| quotient_hull(xs, ys)));
    if let Some(ys) = negative {
        if xs.0 == min && ys.1 == -1 {
            // min / -1 overflows: divide the rest of the dividends by
            // every negative divisor, and min by the others.
            if xs.1 > min {
                pieces.push(quotient_hull((min + 1, xs.1), ys));
            }
            if ys.0 < -1 {
                pieces.push(quotient_hull(xs, (ys.0, -2)));
            }
        } else {
            pieces.push(quotient_hull(xs, ys));
        }
    }
    match pieces
        .into_iter()
        .reduce(|p, q| (p.0.min(q.0), p.1.max(q.1)))
    {
        Some((lo, hi)) => ConstantRange::signed_clamped(w, lo, hi),
        None => ConstantRange::empty(w),
    }
}

fn srem(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    // |y| over the divisors, 0 excluded: |x srem y| < |y|, with x's sign.
    let (positive, negative) = by_sign(b);
    let magnitudes = [positive, negative.map(|(lo, hi)| (-hi, -lo))];
    let Some((min_abs, max_abs)) = magnitudes
        .into_iter()
        .flatten()
        .reduce(|p, q| (p.0.min(q.0), p.1.max(q.1)))
    else {
        return ConstantRange::empty(w);
    };
    let (amin, amax) = a.signed_bounds().unwrap();
    let (amin, amax) = (amin as i128, amax as i128);
    if (amin >= 0 && amax < min_abs) || (amax < 0 && -amin < min_abs) {
        return a; // x srem y == x
    }
    let lo = if amin >= 0 { 0 } else { amin.max(1 - max_abs) };
    let hi = if amax < 0 { 0 } else { amax.min(max_abs - 1) };
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

/// `and` and `or` intersect the known bits' range with the exact unsigned
/// minimum and maximum of `x & y` (`x | y`) over the operands' unsigned
/// hulls (`bitwise_bounds`). LLVM 19's `binaryAnd` bounds the result by
/// `[0, umin(max a, max b)]` only, LLVM 22's adds an estimate of the
/// minimum; the exact bounds are at least as tight as both, so `and (add
/// nuw (shl nuw 1, s), 63), -64` is not 0 here as in LLVM 22 (zstd's
/// `ZSTD_reset_matchState`).
fn and(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    let ((za, oa), (zb, ob)) = (a.known_bits(), b.known_bits());
    let bits = ConstantRange::from_known_bits(w, za | zb, oa & ob);
    let (min, max) = bitwise_bounds(w, a, b, min_and, max_and);
    bits.intersect_unsigned_hulls(ConstantRange::unsigned(w, min, max))
}

fn or(a: ConstantRange, b: ConstantRange) -> ConstantRange {
    let w = a.width;
    let ((za, oa), (zb, ob)) = (a.known_bits(), b.known_bits());
    let bits = ConstantRange::from_known_bits(w, za & zb, oa | ob);
    let (min, max) = bitwise_bounds(w, a, b, min_or, max_or);
    bits.intersect_unsigned_hulls(ConstantRange::unsigned(w, min, max))
}

/// An operation's exact bounds over two unsigned intervals, each bound
/// given as `(min or max)(top bit, [a_lo, a_hi], [b_lo, b_hi])`.
type Bound = fn(u64, [u64; 2], [u64; 2]) -> u64;

/// The unsigned minimum and maximum of `x op y` for `x`, `y` in the
/// unsigned hulls of `a`, `b` (which hold them: sound for wrapping ranges
/// too, only less tight).
fn bitwise_bounds(
    w: u32,
    a: ConstantRange,
    b: ConstantRange,
    min: Bound,
    max: Bound,
) -> (u64, u64) {
    let (a_lo, a_hi) = a.unsigned_bounds().unwrap();
    let (b_lo, b_hi) = b.unsigned_bounds().unwrap();
    let top = 1u64 << (w - 1);
    (
        min(top, [a_lo, a_hi], [b_lo, b_hi]),
        max(top, [a_lo, a_hi], [b_lo, b_hi]),
    )
}

// The four bounds are Warren's (Hacker's Delight, 2nd ed., §4-3, `minAND`,
// `maxAND`, `minOR`, `maxOR`): from the top bit down, the first bit where
// raising one operand's minimum (or lowering its maximum) to a multiple of
// that bit stays in its interval and changes the result is taken, and the
// scan stops. Exact for intervals; `range::tests` checks it by brute force.

fn min_and(top: u64, [mut a, b]: [u64; 2], [mut c, d]: [u64; 2]) -> u64 {
    let mut m = top;
    while m != 0 {
        if !a & !c & m != 0 {
            let raised = (a | m) & m.wrapping_neg();
            if raised <= b {
                a = raised;
                break;
            }
            let raised = (c | m) & m.wrapping_neg();
            if raised <= d {
                c = raised;
                break;
            }
        }
        m >>= 1;
    }
    a & c
}

fn max_and(top: u64, [a, mut b]: [u64; 2], [c, mut d]: [u64; 2]) -> u64 {
    let mut m = top;
    while m != 0 {
        if b & !d & m != 0 {
            let lowered = (b & !m) | (m - 1);
            if lowered >= a {
                b = lowered;
                break;
            }
        } else if !b & d & m != 0 {
            let lowered = (d & !m) | (m - 1);
            if lowered >= c {
                d = lowered;
                break;
            }
        }
        m >>= 1;
    }
    b & d
}

fn min_or(top: u64, [mut a, b]: [u64; 2], [mut c, d]: [u64; 2]) -> u64 {
    let mut m = top;
    while m != 0 {
        if !a & c & m != 0 {
            let raised = (a | m) & m.wrapping_neg();
            if raised <= b {
                a = raised;
                break;
            }
        } else if a & !c & m != 0 {
            let raised = (c | m) & m.wrapping_neg();
            if raised <= d {
                c = raised;
                break;
            }
        }
        m >>= 1;
    }
    a | c
}

fn max_or(top: u64, [a, mut b]: [u64; 2], [c, mut d]: [u64; 2]) -> u64 {
    let mut m = top;
    while m != 0 {
        if b & d & m != 0 {
            let lowered = (b - m) | (m - 1);
            if lowered >= a {
                b = lowered;
                break;
            }
            let lowered = (d - m) | (m - 1);
            if lowered >= c {
                d = lowered;
                break;
            }
        }
        m >>= 1;
    }
    b | d
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
    let bits = ConstantRange::from_known_bits(w, zeros, ones);
    // Every bit that may be set in one operand is set in the other: the
    // difference borrows nothing, so `x ^ y` is `x - y` (LLVM's
    // `binaryXor`; `xor x, 0` is `x`).
    let may_be_set = |zeros: u64| !zeros & mask(w);
    if may_be_set(zb) & !oa == 0 {
        return bits.intersect(sub(a, b, PoisonFlags::default()));
    }
    if may_be_set(za) & !ob == 0 {
        return bits.intersect(sub(b, a, PoisonFlags::default()));
    }
    bits
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
mod bitwise_bounds_tests {
    use super::*;

    /// Every unsigned interval of `w` bits as `[lo, hi]`.
    fn intervals(w: u32) -> Vec<[u64; 2]> {
        let n = 1u64 << w;
        (0..n)
            .flat_map(|lo| (lo..n).map(move |hi| [lo, hi]))
            .collect()
    }

    #[test]
    fn bounds_are_exact_for_every_pair_of_i4_intervals() {
        let w = 4;
        let top = 1 << (w - 1);
        for x in intervals(w) {
            for y in intervals(w) {
                let pairs = || (x[0]..=x[1]).flat_map(move |p| (y[0]..=y[1]).map(move |q| (p, q)));
                let ands = || pairs().map(|(p, q)| p & q);
                let ors = || pairs().map(|(p, q)| p | q);
                let at = format!("{x:?} {y:?}");
                assert_eq!(min_and(top, x, y), ands().min().unwrap(), "min and {at}");
                assert_eq!(max_and(top, x, y), ands().max().unwrap(), "max and {at}");
                assert_eq!(min_or(top, x, y), ors().min().unwrap(), "min or {at}");
                assert_eq!(max_or(top, x, y), ors().max().unwrap(), "max or {at}");
            }
        }
    }

    #[test]
    fn a_high_mask_keeps_a_lower_bound() {
        // zstd: `and (add nuw (shl nuw 1, s), 63), -64` is at least 64.
        let w = 64;
        let x = ConstantRange::unsigned(w, 64, (1 << 63) + 63);
        let high = ConstantRange::single(Konst::new(w, (-64i64) as u64));
        let r = and(x, high);
        assert_eq!(r.unsigned_bounds(), Some((64, 1 << 63)));
        assert!(!r.contains(Konst::new(w, 0)));
    }
}
