//! Poison-generating flags proved by ranges, as LLVM 19's SCCP does after
//! solving (`refineInstruction` in llvm/lib/Transforms/Utils/SCCPSolver.cpp):
//!
//! * `add`/`sub`/`mul`/`shl` get `nuw` (`nsw`) when no pair of values from
//!   the operands' ranges wraps as unsigned (signed) numbers; LLVM asks
//!   whether `makeGuaranteedNoWrapRegion(op, B)` contains `A`, which for
//!   these operations is the same question asked of the ranges' bounds;
//! * `zext` and `uitofp` get `nneg` when the operand's range has no
//!   negative value;
//! * `trunc` gets `nuw` when the operand's range fits in the narrower type
//!   as unsigned numbers, `nsw` when it fits as signed numbers;
//! * the same for integers of 65 to `wide::range::MAX_RANGE_WIDTH` bits
//!   (`wide_binary`, `wide_cast`, on the hulls of `wide::range`);
//! * on LLVM 22 only, a `getelementptr` with `nusw` (or `inbounds`) gets
//!   `nuw` when no index's range has a negative value.
//!
//! LLVM's SCCP infers no `exact`, and neither do we: a range says nothing
//! of the low bits a division or shift drops.
//!
//! Soundness: the operand ranges hold every value the operands take when
//! they are not poison (`range`'s invariant), and a poison operand makes
//! the result poison with or without the flag; so a flag added here never
//! turns a value into poison. Shift amounts of the width or more are poison
//! already (LLVM clamps the amount range to `0..width` for the same reason).
//! The unit tests check every rule against brute force over 4-bit ranges.

use super::fold::{BinOp, CastOp, PoisonFlags};
use super::lattice::{mask, Konst};
use super::range::ConstantRange;
use super::wide::{self, range::CastSource, range::Hulls};

/// The flags a binary operation on values in `a` and `b` may carry beyond
/// those it has (only `nuw` and `nsw` are ever set).
pub fn binary(op: BinOp, has: PoisonFlags, a: ConstantRange, b: ConstantRange) -> PoisonFlags {
    let mut add = PoisonFlags::default();
    if !matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl) {
        return add;
    }
    let (Some(ua), Some(ub), Some(sa), Some(sb)) = (
        a.unsigned_bounds(),
        b.unsigned_bounds(),
        a.signed_bounds(),
        b.signed_bounds(),
    ) else {
        return add;
    };
    let w = a.width();
    let (umax, smin, smax) = (
        mask(w) as i128,
        Konst::signed_min(w) as i128,
        Konst::signed_max(w) as i128,
    );
    let unsigned = |x: (u64, u64)| (x.0 as i128, x.1 as i128);
    let signed = |x: (i64, i64)| (x.0 as i128, x.1 as i128);
    let ((ua0, ua1), (ub0, ub1)) = (unsigned(ua), unsigned(ub));
    let ((sa0, sa1), (sb0, sb1)) = (signed(sa), signed(sb));
    let (nuw, nsw) = match op {
        BinOp::Add => (ua1 + ub1 <= umax, sa0 + sb0 >= smin && sa1 + sb1 <= smax),
        BinOp::Sub => (ua0 >= ub1, sa0 - sb1 >= smin && sa1 - sb0 <= smax),
        BinOp::Mul => {
            let corners = [sa0 * sb0, sa0 * sb1, sa1 * sb0, sa1 * sb1];
            (
                (ua1 as u128) * (ub1 as u128) <= umax as u128,
                corners.iter().all(|&p| (smin..=smax).contains(&p)),
            )
        }
        _ => {
            // shl: amounts of `w` or more are poison whatever the flags.
            if ub0 >= w as i128 {
                (true, true)
            } else {
                let s = ub1.min(w as i128 - 1) as u32;
                (ua1 <= (umax >> s), sa0 >= (smin >> s) && sa1 <= (smax >> s))
            }
        }
    };
    add.nuw = nuw && !has.nuw;
    add.nsw = nsw && !has.nsw;
    add
}

/// The flags a cast of a value in `a` to `to_width` bits may carry beyond
/// those it has: `nneg` on `zext`, `nuw`/`nsw` on `trunc`.
pub fn cast(op: CastOp, has: PoisonFlags, a: ConstantRange, to_width: u32) -> PoisonFlags {
    let mut add = PoisonFlags::default();
    let (Some((_, umax)), Some((smin, smax))) = (a.unsigned_bounds(), a.signed_bounds()) else {
        return add;
    };
    match op {
        CastOp::ZExt => add.nneg = adds_nneg(has, a),
        CastOp::Trunc => {
            add.nuw = umax <= mask(to_width) && !has.nuw;
            add.nsw = smin >= Konst::signed_min(to_width)
                && smax <= Konst::signed_max(to_width)
                && !has.nsw;
        }
        CastOp::SExt => {}
    }
    add
}

/// The flags a `uitofp` of a value in `a` may carry beyond those it has:
/// `nneg` (LLVM 19's `PossiblyNonNegInst` is `zext` and `uitofp`).
pub fn unsigned_to_float(has: PoisonFlags, a: ConstantRange) -> PoisonFlags {
    PoisonFlags {
        nneg: adds_nneg(has, a),
        ..PoisonFlags::default()
    }
}

/// May `nneg` be added to a `zext` or `uitofp` of a value in `a`: none is
/// negative and the instruction does not have it yet.
fn adds_nneg(has: PoisonFlags, a: ConstantRange) -> bool {
    !has.nneg && a.signed_bounds().is_some_and(|(smin, _)| smin >= 0)
}

/// May a `getelementptr` with `nusw` and without `nuw` get `nuw`, its
/// indices taking values in `indices`: when none is negative (LLVM 22's
/// `refineInstruction`; with `nusw`, non-negative offsets cannot wrap
/// the address as unsigned numbers either).
pub fn gep_nuw(mut indices: impl Iterator<Item = ConstantRange>) -> bool {
    indices.all(|r| r.signed_bounds().is_none_or(|(smin, _)| smin >= 0))
}

/// The flags an `add`/`sub`/`mul`/`shl` of 65 to `MAX_RANGE_WIDTH` bits
/// may carry beyond those it has, by the rules of `binary` asked of the
/// operands' hulls (`wide::range`).
pub fn wide_binary(op: BinOp, has: PoisonFlags, a: &Hulls, b: &Hulls) -> PoisonFlags {
    if !matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl) {
        return PoisonFlags::default();
    }
    let (unsigned_wraps, signed_wraps) = wide::range::may_wrap(op, a, b);
    PoisonFlags {
        nuw: !unsigned_wraps && !has.nuw,
        nsw: !signed_wraps && !has.nsw,
        ..PoisonFlags::default()
    }
}

/// The flags a cast where the operand or the result has 65 to
/// `MAX_RANGE_WIDTH` bits may carry beyond those it has: `nneg` on a
/// `zext` of a value that is never negative, `nuw`/`nsw` on a `trunc` of
/// a value that fits.
pub fn wide_cast(op: CastOp, has: PoisonFlags, source: CastSource, to_width: u32) -> PoisonFlags {
    let mut add = PoisonFlags::default();
    match (op, source) {
        (CastOp::ZExt, CastSource::Narrow(r)) => add.nneg = adds_nneg(has, r),
        (CastOp::ZExt, CastSource::Wide(width, r)) => {
            add.nneg = !has.nneg && !Hulls::of(width, r).signed.0.is_negative();
        }
        (CastOp::Trunc, CastSource::Wide(width, r)) => {
            let (unsigned, signed) = Hulls::of(width, r).fits(to_width);
            add.nuw = unsigned && !has.nuw;
            add.nsw = signed && !has.nsw;
        }
        _ => {}
    }
    add
}

/// Does this set add any flag?
pub fn any(flags: PoisonFlags) -> bool {
    flags.nuw || flags.nsw || flags.nneg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transforms::sccp::fold;

    const W: u32 = 4;

    /// Every non-empty 4-bit range (all arcs).
    fn ranges() -> Vec<ConstantRange> {
        let mut out = vec![ConstantRange::full(W)];
        for lo in 0..16u64 {
            for size in 1..16u64 {
                let hi = lo + size - 1;
                out.push(if hi < 16 {
                    ConstantRange::unsigned(W, lo, hi)
                } else {
                    // A wrapping arc: the union of its two ends.
                    ConstantRange::unsigned(W, lo, 15).union(ConstantRange::unsigned(W, 0, hi - 16))
                });
            }
        }
        out
    }

    fn members(r: ConstantRange) -> Vec<Konst> {
        (0..16)
            .map(|v| Konst::new(W, v))
            .filter(|&k| r.contains(k))
            .collect()
    }

    /// `nuw` and `nsw` alone, each with whether `got` has it.
    fn each_wrap_flag(got: PoisonFlags) -> [(PoisonFlags, bool); 2] {
        let only = |nuw, nsw| PoisonFlags {
            nuw,
            nsw,
            ..Default::default()
        };
        [(only(true, false), got.nuw), (only(false, true), got.nsw)]
    }

    /// A flag is added only if no pair of members makes it poison (checked
    /// with `fold::binary`, the exact semantics).
    #[test]
    fn binary_flags_never_make_poison() {
        let rs = ranges();
        for op in [BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Shl] {
            for &a in &rs {
                for &b in &rs {
                    let got = binary(op, PoisonFlags::default(), a, b);
                    for (flag, on) in each_wrap_flag(got) {
                        if !on {
                            continue;
                        }
                        for x in members(a) {
                            for y in members(b) {
                                let plain = fold::binary(op, PoisonFlags::default(), x, y);
                                let flagged = fold::binary(op, flag, x, y);
                                assert!(
                                    plain.is_none() || flagged == plain,
                                    "{op:?} {flag:?} on {a:?} {b:?}: {x:?} {y:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// The rules are as precise as LLVM's on intervals: when every pair of
    /// members is free of wrapping and the ranges do not wrap, the flag is
    /// added.
    #[test]
    fn binary_flags_found_on_plain_intervals() {
        let plain: Vec<ConstantRange> = ranges()
            .into_iter()
            .filter(|r| {
                let (u, s) = (r.unsigned_bounds().unwrap(), r.signed_bounds().unwrap());
                r.size() == (u.1 - u.0 + 1) as u128 && r.size() == (s.1 - s.0 + 1) as u128
            })
            .collect();
        for op in [BinOp::Add, BinOp::Sub, BinOp::Mul] {
            for &a in &plain {
                for &b in &plain {
                    let got = binary(op, PoisonFlags::default(), a, b);
                    for (flag, on) in each_wrap_flag(got) {
                        let safe = members(a).iter().all(|&x| {
                            members(b)
                                .iter()
                                .all(|&y| fold::binary(op, flag, x, y).is_some())
                        });
                        assert_eq!(on, safe, "{op:?} {flag:?} on {a:?} {b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn cast_flags_never_make_poison() {
        for a in ranges() {
            for to in 1..W {
                let got = cast(CastOp::Trunc, PoisonFlags::default(), a, to);
                for x in members(a) {
                    let flags = PoisonFlags {
                        nuw: got.nuw,
                        nsw: got.nsw,
                        ..Default::default()
                    };
                    assert!(
                        fold::cast(CastOp::Trunc, flags, x, to).is_some(),
                        "{a:?} {to}"
                    );
                }
            }
            let got = cast(CastOp::ZExt, PoisonFlags::default(), a, 8);
            for x in members(a) {
                let flags = PoisonFlags {
                    nneg: got.nneg,
                    ..Default::default()
                };
                assert!(fold::cast(CastOp::ZExt, flags, x, 8).is_some(), "{a:?}");
            }
        }
    }

    #[test]
    fn the_llvm_examples() {
        // zext i8 %x to i32 is [0, 255]: add 10 is nuw nsw, sub 300 only
        // nsw, shl 3 both, trunc to i8 nuw only.
        let z = ConstantRange::unsigned(32, 0, 255);
        let k = |v: u64| ConstantRange::single(Konst::new(32, v));
        let f = |op| binary(op, PoisonFlags::default(), z, k(10));
        assert!(f(BinOp::Add).nuw && f(BinOp::Add).nsw);
        let s = binary(BinOp::Sub, PoisonFlags::default(), z, k(300));
        assert!(!s.nuw && s.nsw);
        let sh = binary(BinOp::Shl, PoisonFlags::default(), z, k(3));
        assert!(sh.nuw && sh.nsw);
        let t = cast(CastOp::Trunc, PoisonFlags::default(), z, 8);
        assert!(t.nuw && !t.nsw);
        assert!(cast(CastOp::ZExt, PoisonFlags::default(), z, 64).nneg);
        assert!(unsigned_to_float(PoisonFlags::default(), z).nneg);
        assert!(!unsigned_to_float(PoisonFlags::default(), ConstantRange::full(32)).nneg);
        let has = PoisonFlags {
            nuw: true,
            ..Default::default()
        };
        assert!(
            !binary(BinOp::Add, has, z, k(10)).nuw,
            "a flag it has is not added"
        );
        let full = ConstantRange::full(32);
        assert!(!any(binary(BinOp::Add, PoisonFlags::default(), full, k(1))));
    }
}
