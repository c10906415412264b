//! Constant folding of integer instructions with LLVM 19's exact semantics
//! (LangRef, "Instruction Reference"), for widths 1 to 64.
//!
//! These rules fold two constants; `range` holds the rules for sets of
//! values (which may leave poison results out, see there).
//!
//! Every folding function returns `None` when the result is not a plain
//! value: poison (a `nsw`/`nuw`/`exact`/`disjoint`/`nneg` flag violated, a
//! shift by the width or more) or immediate undefined behaviour (division
//! or remainder by zero, `sdiv`/`srem` of INT_MIN by -1). The solver then
//! makes the instruction overdefined: a fold must never turn UB into a value
//! (that would delete a trap) and never pick a value for poison (sound, but
//! we keep the rule simple and obviously safe).
//!
//! Overflow checks are done in 128-bit arithmetic, where no 64-bit operation
//! can overflow, rather than with bit tricks.

use super::lattice::{mask, Konst};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
}

impl BinOp {
    /// Every operation, for tests that check them all.
    pub const ALL: [BinOp; 13] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::UDiv,
        BinOp::SDiv,
        BinOp::URem,
        BinOp::SRem,
        BinOp::Shl,
        BinOp::LShr,
        BinOp::AShr,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
    ];
}

/// The poison-generating flags an instruction carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoisonFlags {
    pub nsw: bool,
    pub nuw: bool,
    pub exact: bool,
    /// `or disjoint`: poison if the operands share a set bit.
    pub disjoint: bool,
    /// `zext nneg`: poison if the operand is negative.
    pub nneg: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntPredicate {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

impl IntPredicate {
    /// Every predicate, for the tests that try them all.
    #[cfg(test)]
    pub const ALL: [IntPredicate; 10] = [
        IntPredicate::Eq,
        IntPredicate::Ne,
        IntPredicate::Ugt,
        IntPredicate::Uge,
        IntPredicate::Ult,
        IntPredicate::Ule,
        IntPredicate::Sgt,
        IntPredicate::Sge,
        IntPredicate::Slt,
        IntPredicate::Sle,
    ];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOp {
    ZExt,
    SExt,
    Trunc,
}

/// Does a signed result fit in `width` bits?
fn fits_signed(value: i128, width: u32) -> bool {
    (Konst::signed_min(width) as i128..=Konst::signed_max(width) as i128).contains(&value)
}

/// Does an unsigned result fit in `width` bits?
fn fits_unsigned(value: u128, width: u32) -> bool {
    value <= mask(width) as u128
}

/// `a op b` for two constants of the same width.
pub fn binary(op: BinOp, flags: PoisonFlags, a: Konst, b: Konst) -> Option<Konst> {
    debug_assert_eq!(a.width(), b.width());
    let w = a.width();
    let (ua, ub) = (a.zext(), b.zext());
    let (sa, sb) = (a.sext(), b.sext());
    let bits = match op {
        BinOp::Add => {
            if flags.nuw && !fits_unsigned(ua as u128 + ub as u128, w) {
                return None;
            }
            if flags.nsw && !fits_signed(sa as i128 + sb as i128, w) {
                return None;
            }
            ua.wrapping_add(ub)
        }
        BinOp::Sub => {
            if flags.nuw && ua < ub {
                return None;
            }
            if flags.nsw && !fits_signed(sa as i128 - sb as i128, w) {
                return None;
            }
            ua.wrapping_sub(ub)
        }
        BinOp::Mul => {
            if flags.nuw && !fits_unsigned(ua as u128 * ub as u128, w) {
                return None;
            }
            if flags.nsw && !fits_signed(sa as i128 * sb as i128, w) {
                return None;
            }
            ua.wrapping_mul(ub)
        }
        BinOp::UDiv => {
            if ub == 0 || (flags.exact && ua % ub != 0) {
                return None;
            }
            ua / ub
        }
        BinOp::URem => {
            if ub == 0 {
                return None;
            }
            ua % ub
        }
        BinOp::SDiv | BinOp::SRem => {
            if sb == 0 || (sa == Konst::signed_min(w) && sb == -1) {
                return None;
            }
            // Rust's `/` and `%` truncate toward zero, as LLVM's do.
            if op == BinOp::SRem {
                (sa % sb) as u64
            } else {
                if flags.exact && sa % sb != 0 {
                    return None;
                }
                (sa / sb) as u64
            }
        }
        BinOp::Shl => {
            if ub >= w as u64 {
                return None;
            }
            let r = Konst::new(w, ua << ub);
            if flags.nuw && r.zext() >> ub != ua {
                return None;
            }
            if flags.nsw && r.sext() >> ub != sa {
                return None;
            }
            r.zext()
        }
        BinOp::LShr | BinOp::AShr => {
            if ub >= w as u64 {
                return None;
            }
            if flags.exact && ua & mask(ub as u32) != 0 {
                return None;
            }
            if op == BinOp::LShr {
                ua >> ub
            } else {
                (sa >> ub) as u64
            }
        }
        BinOp::And => ua & ub,
        BinOp::Or => {
            if flags.disjoint && ua & ub != 0 {
                return None;
            }
            ua | ub
        }
        BinOp::Xor => ua ^ ub,
    };
    Some(Konst::new(w, bits))
}

/// The result of `op` when one operand, the left one if `is_lhs`, is the
/// constant `known` and the other is anything at all (another constant,
/// overdefined, not yet known): `and` with 0, `or` with all ones, `mul` by
/// 0, and a shift of 0 or an arithmetic shift of all ones, by any amount
/// (checked before two constants are folded, so that `ashr -1, 64` is -1:
/// LLVM's SCCP gets that from its ranges, whose shifts follow APInt's, an
/// amount past the width shifting every bit out). `None` when `known` does
/// not decide the result.
///
/// Sound even if the other operand is poison or undef, or a shift amount
/// past the width: the result we give is one the instruction may produce
/// (poison may be refined to any value), and none of these instructions
/// can raise UB. With a flag the answer stays a refinement: `mul nsw x, 0`
/// never overflows, `or disjoint x, -1` is either -1 (x = 0) or poison,
/// and `ashr exact -1, x` is -1 or poison.
pub fn absorbing(op: BinOp, known: Konst, is_lhs: bool) -> Option<Konst> {
    match op {
        BinOp::And | BinOp::Mul if known.is_zero() => Some(known),
        BinOp::Or if known.is_all_ones() => Some(known),
        BinOp::Shl | BinOp::LShr | BinOp::AShr if is_lhs && known.is_zero() => Some(known),
        BinOp::AShr if is_lhs && known.is_all_ones() => Some(known),
        _ => None,
    }
}

/// `icmp pred a, b`, an `i1`.
pub fn icmp(pred: IntPredicate, a: Konst, b: Konst) -> Konst {
    debug_assert_eq!(a.width(), b.width());
    let (ua, ub) = (a.zext(), b.zext());
    let (sa, sb) = (a.sext(), b.sext());
    Konst::bool(match pred {
        IntPredicate::Eq => ua == ub,
        IntPredicate::Ne => ua != ub,
        IntPredicate::Ugt => ua > ub,
        IntPredicate::Uge => ua >= ub,
        IntPredicate::Ult => ua < ub,
        IntPredicate::Ule => ua <= ub,
        IntPredicate::Sgt => sa > sb,
        IntPredicate::Sge => sa >= sb,
        IntPredicate::Slt => sa < sb,
        IntPredicate::Sle => sa <= sb,
    })
}

/// `op a to iN`. `zext nneg` of a negative value, `trunc nuw` dropping a set
/// bit and `trunc nsw` changing the signed value are poison.
pub fn cast(op: CastOp, flags: PoisonFlags, a: Konst, to_width: u32) -> Option<Konst> {
    match op {
        CastOp::ZExt => {
            if flags.nneg && a.sext() < 0 {
                return None;
            }
            Some(Konst::new(to_width, a.zext()))
        }
        CastOp::SExt => Some(Konst::new(to_width, a.sext() as u64)),
        CastOp::Trunc => {
            let r = Konst::new(to_width, a.zext());
            if flags.nuw && r.zext() != a.zext() {
                return None;
            }
            if flags.nsw && r.sext() != a.sext() {
                return None;
            }
            Some(r)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k8(v: i64) -> Konst {
        Konst::new(8, v as u64)
    }

    const NONE: PoisonFlags = PoisonFlags {
        nsw: false,
        nuw: false,
        exact: false,
        disjoint: false,
        nneg: false,
    };
    const NSW: PoisonFlags = PoisonFlags { nsw: true, ..NONE };
    const NUW: PoisonFlags = PoisonFlags { nuw: true, ..NONE };
    const EXACT: PoisonFlags = PoisonFlags {
        exact: true,
        ..NONE
    };

    /// A second, deliberately naive model of i8 arithmetic: compute in i64
    /// on the mathematical values and check the flags by range.
    fn reference_i8(op: BinOp, flags: PoisonFlags, a: u8, b: u8) -> Option<u8> {
        let (ua, ub) = (a as i64, b as i64);
        let (sa, sb) = (a as i8 as i64, b as i8 as i64);
        let in_u8 = |v: i64| (0..=255).contains(&v);
        let in_i8 = |v: i64| (-128..=127).contains(&v);
        let wrap = |v: i64| v.rem_euclid(256) as u8;
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul => {
                let f = |x: i64, y: i64| match op {
                    BinOp::Add => x + y,
                    BinOp::Sub => x - y,
                    _ => x * y,
                };
                if (flags.nuw && !in_u8(f(ua, ub))) || (flags.nsw && !in_i8(f(sa, sb))) {
                    return None;
                }
                Some(wrap(f(ua, ub)))
            }
            BinOp::UDiv | BinOp::URem => {
                if ub == 0 || (flags.exact && op == BinOp::UDiv && ua % ub != 0) {
                    return None;
                }
                Some(wrap(if op == BinOp::UDiv { ua / ub } else { ua % ub }))
            }
            BinOp::SDiv | BinOp::SRem => {
                let q = if sb == 0 { return None } else { sa / sb };
                if !in_i8(q) || (flags.exact && op == BinOp::SDiv && sa % sb != 0) {
                    return None; // -128 / -1 = 128 overflows: UB for both
                }
                Some(wrap(if op == BinOp::SDiv { q } else { sa % sb }))
            }
            BinOp::Shl => {
                if ub >= 8 {
                    return None;
                }
                let (u, s) = (ua * (1 << ub), sa * (1 << ub));
                if (flags.nuw && !in_u8(u)) || (flags.nsw && !in_i8(s)) {
                    return None;
                }
                Some(wrap(u))
            }
            BinOp::LShr | BinOp::AShr => {
                if ub >= 8 || (flags.exact && ua % (1 << ub) != 0) {
                    return None;
                }
                Some(wrap(if op == BinOp::LShr {
                    ua >> ub
                } else {
                    sa.div_euclid(1 << ub)
                }))
            }
            BinOp::And => Some(a & b),
            BinOp::Or => (!flags.disjoint || a & b == 0).then_some(a | b),
            BinOp::Xor => Some(a ^ b),
        }
    }

    #[test]
    fn every_i8_operation_matches_the_reference_model() {
        let ops = BinOp::ALL;
        let flag_sets = [
            NONE,
            NSW,
            NUW,
            PoisonFlags {
                nsw: true,
                nuw: true,
                ..NONE
            },
            EXACT,
            PoisonFlags {
                disjoint: true,
                ..NONE
            },
        ];
        for op in ops {
            for flags in flag_sets {
                for a in 0..=255u8 {
                    for b in 0..=255u8 {
                        let got =
                            binary(op, flags, k8(a as i64), k8(b as i64)).map(|k| k.zext() as u8);
                        let want = reference_i8(op, flags, a, b);
                        assert_eq!(got, want, "{op:?} {flags:?} {a} {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn division_traps_are_never_folded() {
        assert_eq!(binary(BinOp::UDiv, NONE, k8(7), k8(0)), None);
        assert_eq!(binary(BinOp::SDiv, NONE, k8(7), k8(0)), None);
        assert_eq!(binary(BinOp::URem, NONE, k8(7), k8(0)), None);
        assert_eq!(binary(BinOp::SRem, NONE, k8(7), k8(0)), None);
        assert_eq!(binary(BinOp::SDiv, NONE, k8(-128), k8(-1)), None);
        assert_eq!(binary(BinOp::SRem, NONE, k8(-128), k8(-1)), None);
        let min64 = Konst::new(64, i64::MIN as u64);
        let m1 = Konst::new(64, u64::MAX);
        assert_eq!(binary(BinOp::SDiv, NONE, min64, m1), None);
        assert_eq!(binary(BinOp::SRem, NONE, min64, m1), None);
    }

    #[test]
    fn sixty_four_bit_edges() {
        let max = Konst::new(64, i64::MAX as u64);
        let one = Konst::new(64, 1);
        assert_eq!(binary(BinOp::Add, NSW, max, one), None);
        assert_eq!(
            binary(BinOp::Add, NUW, max, one),
            Some(Konst::new(64, 1 << 63))
        );
        let umax = Konst::new(64, u64::MAX);
        assert_eq!(binary(BinOp::Add, NUW, umax, one), None);
        assert_eq!(binary(BinOp::Add, NONE, umax, one), Some(Konst::new(64, 0)));
        assert_eq!(binary(BinOp::Mul, NSW, max, Konst::new(64, 2)), None);
        assert_eq!(
            binary(BinOp::Shl, NONE, one, Konst::new(64, 63)),
            Some(Konst::new(64, 1 << 63))
        );
        assert_eq!(binary(BinOp::Shl, NONE, one, Konst::new(64, 64)), None);
        assert_eq!(
            binary(
                BinOp::AShr,
                NONE,
                Konst::new(64, 1 << 63),
                Konst::new(64, 63)
            ),
            Some(umax)
        );
        assert_eq!(
            binary(
                BinOp::SDiv,
                NONE,
                Konst::new(64, (-7i64) as u64),
                Konst::new(64, 2)
            ),
            Some(Konst::new(64, (-3i64) as u64))
        );
        assert_eq!(
            binary(
                BinOp::SRem,
                NONE,
                Konst::new(64, (-7i64) as u64),
                Konst::new(64, 2)
            ),
            Some(umax)
        );
    }

    #[test]
    fn i1_arithmetic() {
        let t = Konst::bool(true);
        let f = Konst::bool(false);
        assert_eq!(binary(BinOp::Add, NONE, t, t), Some(f));
        // true is -1 as a signed i1: -1 + -1 = -2 does not fit.
        assert_eq!(binary(BinOp::Add, NSW, t, t), None);
        assert_eq!(binary(BinOp::Xor, NONE, t, t), Some(f));
        assert_eq!(
            binary(BinOp::SDiv, NONE, t, t),
            None,
            "i1 -1 / -1 overflows"
        );
    }

    #[test]
    fn absorbing_elements() {
        for is_lhs in [true, false] {
            assert_eq!(absorbing(BinOp::And, k8(0), is_lhs), Some(k8(0)));
            assert_eq!(absorbing(BinOp::Mul, k8(0), is_lhs), Some(k8(0)));
            assert_eq!(absorbing(BinOp::Or, k8(-1), is_lhs), Some(k8(-1)));
            assert_eq!(absorbing(BinOp::Or, k8(0), is_lhs), None);
            assert_eq!(absorbing(BinOp::And, k8(1), is_lhs), None);
        }
        assert_eq!(absorbing(BinOp::UDiv, k8(0), true), None, "0 / x may trap");
        // A shift of 0 is 0, or poison past the width (refined to 0).
        assert_eq!(absorbing(BinOp::Shl, k8(0), true), Some(k8(0)));
        assert_eq!(absorbing(BinOp::LShr, k8(0), true), Some(k8(0)));
        assert_eq!(absorbing(BinOp::AShr, k8(-1), true), Some(k8(-1)));
        assert_eq!(absorbing(BinOp::Shl, k8(0), false), None, "x << 0 is x");
        assert_eq!(absorbing(BinOp::LShr, k8(-1), true), None);
        assert_eq!(absorbing(BinOp::AShr, k8(-1), false), None);
    }

    #[test]
    fn comparisons_signed_and_unsigned() {
        let (m1, one) = (k8(-1), k8(1));
        assert_eq!(icmp(IntPredicate::Ugt, m1, one), Konst::bool(true));
        assert_eq!(icmp(IntPredicate::Sgt, m1, one), Konst::bool(false));
        assert_eq!(icmp(IntPredicate::Sle, m1, m1), Konst::bool(true));
        assert_eq!(icmp(IntPredicate::Ne, m1, one), Konst::bool(true));
        assert_eq!(icmp(IntPredicate::Ult, one, m1), Konst::bool(true));
        assert_eq!(
            icmp(IntPredicate::Slt, k8(-128), k8(127)),
            Konst::bool(true)
        );
    }

    #[test]
    fn casts() {
        let m1 = k8(-1);
        assert_eq!(cast(CastOp::ZExt, NONE, m1, 32), Some(Konst::new(32, 255)));
        assert_eq!(
            cast(CastOp::ZExt, PoisonFlags { nneg: true, ..NONE }, m1, 32),
            None
        );
        assert_eq!(
            cast(CastOp::ZExt, PoisonFlags { nneg: true, ..NONE }, k8(5), 32),
            Some(Konst::new(32, 5))
        );
        assert_eq!(
            cast(CastOp::SExt, NONE, m1, 32),
            Some(Konst::new(32, u32::MAX as u64))
        );
        assert_eq!(
            cast(CastOp::SExt, NONE, Konst::bool(true), 64),
            Some(Konst::new(64, u64::MAX))
        );
        let k300 = Konst::new(32, 300);
        assert_eq!(cast(CastOp::Trunc, NONE, k300, 8), Some(k8(44)));
        assert_eq!(cast(CastOp::Trunc, NUW, k300, 8), None);
        assert_eq!(cast(CastOp::Trunc, NSW, k300, 8), None);
        let k200 = Konst::new(32, 200);
        assert_eq!(cast(CastOp::Trunc, NUW, k200, 8), Some(k8(200)));
        assert_eq!(cast(CastOp::Trunc, NSW, k200, 8), None, "200 is -56 as i8");
        let km5 = Konst::new(32, (-5i64) as u64);
        assert_eq!(cast(CastOp::Trunc, NSW, km5, 8), Some(k8(-5)));
        assert_eq!(cast(CastOp::Trunc, NUW, km5, 8), None);
    }
}
