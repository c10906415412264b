//! Constant folding of the integer intrinsics LLVM's SCCP folds through
//! `ConstantFoldCall` (llvm/lib/Analysis/ConstantFolding.cpp), on scalar
//! integers of at most 64 bits, when every argument is a constant:
//! `ctpop`, `ctlz`, `cttz`, `bswap`, `bitreverse`, `umin`/`umax`/`smin`/
//! `smax`, `abs`, `fshl`/`fshr` (LangRef semantics).
//!
//! With arguments that are not all constants, `range` gives a range of
//! the result, as LLVM's SCCP does with `ConstantRange::intrinsic`.
//!
//! As in `fold`, poison is never given a value: `ctlz`/`cttz` of 0 with
//! the "zero is poison" argument true and `abs` of INT_MIN with the "INT_MIN
//! is poison" argument true give `None`. `bswap` of a width that is not a
//! multiple of 16 does not verify, so it is refused too.

use super::lattice::{mask, Konst};
use super::range::ConstantRange;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intrinsic {
    Ctpop,
    Ctlz,
    Cttz,
    Bswap,
    BitReverse,
    UMin,
    UMax,
    SMin,
    SMax,
    Abs,
    Fshl,
    Fshr,
}

impl Intrinsic {
    /// The intrinsic of an overloaded name such as `llvm.ctpop.i32`.
    pub fn from_name(name: &str) -> Option<Intrinsic> {
        let base = name.strip_prefix("llvm.")?;
        let base = base.rsplit_once('.').map_or(base, |(b, _)| b);
        Some(match base {
            "ctpop" => Intrinsic::Ctpop,
            "ctlz" => Intrinsic::Ctlz,
            "cttz" => Intrinsic::Cttz,
            "bswap" => Intrinsic::Bswap,
            "bitreverse" => Intrinsic::BitReverse,
            "umin" => Intrinsic::UMin,
            "umax" => Intrinsic::UMax,
            "smin" => Intrinsic::SMin,
            "smax" => Intrinsic::SMax,
            "abs" => Intrinsic::Abs,
            "fshl" => Intrinsic::Fshl,
            "fshr" => Intrinsic::Fshr,
            _ => return None,
        })
    }

    /// How many arguments it takes.
    pub fn arity(self) -> usize {
        match self {
            Intrinsic::Ctpop | Intrinsic::Bswap | Intrinsic::BitReverse => 1,
            Intrinsic::Fshl | Intrinsic::Fshr => 3,
            _ => 2,
        }
    }
}

/// The call's result for constant arguments (`args.len() == arity`; the
/// `i1` flag of `ctlz`/`cttz`/`abs` is the second), `None` if poison.
pub fn fold(f: Intrinsic, args: &[Konst]) -> Option<Konst> {
    debug_assert_eq!(args.len(), f.arity());
    let a = args[0];
    let w = a.width();
    let u = a.zext();
    let r = |bits: u64| Some(Konst::new(w, bits));
    // Left-aligned in 64 bits, so u64's bit counts apply.
    let aligned = u << (64 - w);
    match f {
        Intrinsic::Ctpop => r(u.count_ones() as u64),
        Intrinsic::Ctlz | Intrinsic::Cttz => {
            if u == 0 {
                return if args[1].is_zero() { r(w as u64) } else { None };
            }
            r(if f == Intrinsic::Ctlz {
                aligned.leading_zeros()
            } else {
                u.trailing_zeros()
            } as u64)
        }
        Intrinsic::Bswap => {
            if !w.is_multiple_of(16) {
                return None;
            }
            r(aligned.swap_bytes())
        }
        Intrinsic::BitReverse => r(aligned.reverse_bits()),
        Intrinsic::UMin => Some(if u <= args[1].zext() { a } else { args[1] }),
        Intrinsic::UMax => Some(if u >= args[1].zext() { a } else { args[1] }),
        Intrinsic::SMin => Some(if a.sext() <= args[1].sext() {
            a
        } else {
            args[1]
        }),
        Intrinsic::SMax => Some(if a.sext() >= args[1].sext() {
            a
        } else {
            args[1]
        }),
        Intrinsic::Abs => {
            if a.sext() == Konst::signed_min(w) && !args[1].is_zero() {
                return None;
            }
            r(a.sext().unsigned_abs())
        }
        Intrinsic::Fshl | Intrinsic::Fshr => {
            // The concatenation a:b shifted by s modulo the width; fshl
            // keeps the high half, fshr the low half.
            let (hi, lo) = (u as u128, args[1].zext() as u128);
            let s = (args[2].zext() % w as u64) as u32;
            let cat = (hi << w) | lo;
            let bits = if f == Intrinsic::Fshl {
                (cat << s) >> w
            } else {
                cat >> s
            };
            r((bits & mask(w) as u128) as u64)
        }
    }
}

/// A range holding the call's result for every choice of arguments from
/// `args` (ranges of the arguments' widths, the `i1` flag of `ctlz`/`cttz`/
/// `abs` second) that does not make it poison: what LLVM's SCCP gets from
/// `ConstantRange::intrinsic` for the intrinsics it covers (`ctpop`,
/// `ctlz`, `cttz`, `umin`/`umax`/`smin`/`smax`, `abs`), by bounds and known
/// bits. `None` (any value) for the others and for an empty argument.
pub fn range(f: Intrinsic, args: &[ConstantRange]) -> Option<ConstantRange> {
    debug_assert_eq!(args.len(), f.arity());
    if args.iter().any(|r| r.is_empty()) {
        return None;
    }
    let a = args[0];
    let w = a.width();
    // Is the `i1` "is poison" argument surely true?
    let poison_flag = || args[1].single_element().is_some_and(|k| !k.is_zero());
    // A count of bits: 0 ..= w fits in w bits for every w >= 1.
    let counts = |lo: u32, hi: u32| Some(ConstantRange::unsigned(w, lo as u64, hi as u64));
    match f {
        Intrinsic::Ctpop => {
            let (zeros, ones) = a.known_bits();
            counts(ones.count_ones(), w - zeros.count_ones())
        }
        Intrinsic::Ctlz => {
            // Leading zeros fall as the value grows.
            let (lo, hi) = a.unsigned_bounds()?;
            let clz = |v: u64| ((v << (64 - w)).leading_zeros()).min(w);
            let lo = if lo == 0 && poison_flag() { 1 } else { lo };
            if lo > hi {
                return None; // only poison
            }
            counts(clz(hi), clz(lo))
        }
        Intrinsic::Cttz => {
            let (zeros, ones) = a.known_bits();
            let least = zeros.trailing_ones().min(w);
            let most = if ones != 0 {
                ones.trailing_zeros()
            } else if poison_flag() {
                w - 1
            } else {
                w
            };
            counts(least.min(most), most)
        }
        Intrinsic::UMin | Intrinsic::UMax => {
            let ((al, ah), (bl, bh)) = (a.unsigned_bounds()?, args[1].unsigned_bounds()?);
            Some(if f == Intrinsic::UMin {
                ConstantRange::unsigned(w, al.min(bl), ah.min(bh))
            } else {
                ConstantRange::unsigned(w, al.max(bl), ah.max(bh))
            })
        }
        Intrinsic::SMin | Intrinsic::SMax => {
            let ((al, ah), (bl, bh)) = (a.signed_bounds()?, args[1].signed_bounds()?);
            Some(if f == Intrinsic::SMin {
                ConstantRange::signed(w, al.min(bl), ah.min(bh))
            } else {
                ConstantRange::signed(w, al.max(bl), ah.max(bh))
            })
        }
        Intrinsic::Abs => {
            let (lo, hi) = a.signed_bounds()?;
            // abs(INT_MIN) is INT_MIN's bits, 2^(w-1) unsigned, unless the
            // flag makes it poison.
            let lo = if lo == Konst::signed_min(w) && poison_flag() {
                lo + 1
            } else {
                lo
            };
            if lo > hi {
                return None;
            }
            let (lo_abs, hi_abs) = (lo.unsigned_abs(), hi.unsigned_abs());
            let least = if lo <= 0 && hi >= 0 {
                0
            } else {
                lo_abs.min(hi_abs)
            };
            Some(ConstantRange::unsigned(w, least, lo_abs.max(hi_abs)))
        }
        Intrinsic::Bswap | Intrinsic::BitReverse | Intrinsic::Fshl | Intrinsic::Fshr => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(w: u32, v: u64) -> Konst {
        Konst::new(w, v)
    }

    /// Every range of 4 bits (as unsigned and signed intervals) and of 1
    /// bit.
    fn ranges(width: u32) -> Vec<ConstantRange> {
        let n = 1u64 << width;
        let mut out = vec![ConstantRange::full(width)];
        for lo in 0..n {
            for hi in lo..n {
                out.push(ConstantRange::unsigned(width, lo, hi));
                let (slo, shi) = (lo as i64 - n as i64 / 2, hi as i64 - n as i64 / 2);
                out.push(ConstantRange::signed(width, slo, shi));
            }
        }
        out
    }

    fn elements(r: ConstantRange) -> Vec<Konst> {
        (0..1u64 << r.width())
            .map(|v| Konst::new(r.width(), v))
            .filter(|&k| r.contains(k))
            .collect()
    }

    /// `range` holds every result `fold` gives for arguments from the
    /// ranges (brute force on 4-bit values, every pair of ranges).
    #[test]
    fn range_is_sound_on_i4() {
        use Intrinsic::*;
        for f in [Ctpop, Ctlz, Cttz, UMin, UMax, SMin, SMax, Abs] {
            let seconds = match f {
                Ctpop => vec![],
                Ctlz | Cttz | Abs => ranges(1),
                _ => ranges(4),
            };
            for a in ranges(4) {
                let pairs: Vec<Vec<ConstantRange>> = if seconds.is_empty() {
                    vec![vec![a]]
                } else {
                    seconds.iter().map(|&b| vec![a, b]).collect()
                };
                for args in pairs {
                    let Some(result) = range(f, &args) else {
                        continue;
                    };
                    let choices: Vec<Vec<Konst>> = args.iter().map(|&r| elements(r)).collect();
                    for x in &choices[0] {
                        for y in choices
                            .get(1)
                            .map_or(vec![None], |c| c.iter().map(Some).collect())
                        {
                            let konsts: Vec<Konst> =
                                std::iter::once(*x).chain(y.copied()).collect();
                            if let Some(v) = fold(f, &konsts) {
                                assert!(
                                    result.contains(v),
                                    "{f:?} {args:?}: {result:?} misses {v:?} of {konsts:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn ranges_of_unknown_values() {
        let full = ConstantRange::full(32);
        let flag = |b| ConstantRange::single(Konst::new(1, b));
        assert_eq!(
            range(Intrinsic::Ctpop, &[full]),
            Some(ConstantRange::unsigned(32, 0, 32))
        );
        assert_eq!(
            range(Intrinsic::Ctlz, &[full, flag(1)]),
            Some(ConstantRange::unsigned(32, 0, 31))
        );
        assert_eq!(
            range(Intrinsic::Cttz, &[full, flag(0)]),
            Some(ConstantRange::unsigned(32, 0, 32))
        );
        let byte = ConstantRange::unsigned(32, 0, 255);
        assert_eq!(
            range(Intrinsic::Ctlz, &[byte, flag(0)]),
            Some(ConstantRange::unsigned(32, 24, 32))
        );
        assert_eq!(range(Intrinsic::UMin, &[full, byte]), Some(byte));
        assert_eq!(
            range(Intrinsic::Abs, &[full, flag(1)]),
            Some(ConstantRange::unsigned(32, 0, i32::MAX as u64))
        );
        assert_eq!(range(Intrinsic::Bswap, &[full]), None);
    }

    #[test]
    fn names() {
        assert_eq!(
            Intrinsic::from_name("llvm.ctpop.i32"),
            Some(Intrinsic::Ctpop)
        );
        assert_eq!(Intrinsic::from_name("llvm.umin.i8"), Some(Intrinsic::UMin));
        assert_eq!(Intrinsic::from_name("llvm.fshl.i64"), Some(Intrinsic::Fshl));
        assert_eq!(Intrinsic::from_name("llvm.memcpy.p0.p0.i64"), None);
        assert_eq!(Intrinsic::from_name("ctpop"), None);
    }

    #[test]
    fn bit_counts() {
        let f = k(1, 0);
        let t = k(1, 1);
        assert_eq!(fold(Intrinsic::Ctpop, &[k(8, 0xf1)]), Some(k(8, 5)));
        assert_eq!(fold(Intrinsic::Ctlz, &[k(8, 0x10), t]), Some(k(8, 3)));
        assert_eq!(fold(Intrinsic::Ctlz, &[k(8, 0), f]), Some(k(8, 8)));
        assert_eq!(fold(Intrinsic::Ctlz, &[k(8, 0), t]), None, "poison");
        assert_eq!(fold(Intrinsic::Cttz, &[k(32, 0x80), f]), Some(k(32, 7)));
        assert_eq!(fold(Intrinsic::Cttz, &[k(32, 0), f]), Some(k(32, 32)));
        assert_eq!(fold(Intrinsic::Ctlz, &[k(64, 1), t]), Some(k(64, 63)));
    }

    #[test]
    fn byte_and_bit_order() {
        assert_eq!(
            fold(Intrinsic::Bswap, &[k(32, 0x1122_3344)]),
            Some(k(32, 0x4433_2211))
        );
        assert_eq!(
            fold(Intrinsic::Bswap, &[k(16, 0x1122)]),
            Some(k(16, 0x2211))
        );
        assert_eq!(fold(Intrinsic::Bswap, &[k(8, 0x12)]), None);
        assert_eq!(fold(Intrinsic::BitReverse, &[k(8, 0x01)]), Some(k(8, 0x80)));
        assert_eq!(
            fold(Intrinsic::BitReverse, &[k(3, 0b011)]),
            Some(k(3, 0b110))
        );
    }

    #[test]
    fn min_max_abs() {
        let (m1, one) = (k(8, 0xff), k(8, 1));
        assert_eq!(fold(Intrinsic::UMin, &[m1, one]), Some(one));
        assert_eq!(fold(Intrinsic::SMin, &[m1, one]), Some(m1));
        assert_eq!(fold(Intrinsic::UMax, &[m1, one]), Some(m1));
        assert_eq!(fold(Intrinsic::SMax, &[m1, one]), Some(one));
        let (f, t) = (k(1, 0), k(1, 1));
        assert_eq!(
            fold(Intrinsic::Abs, &[k(8, (-5i64) as u64), t]),
            Some(k(8, 5))
        );
        assert_eq!(fold(Intrinsic::Abs, &[k(8, 0x80), f]), Some(k(8, 0x80)));
        assert_eq!(fold(Intrinsic::Abs, &[k(8, 0x80), t]), None, "poison");
    }

    /// fshl/fshr against the LangRef's definition on every i8 triple of a
    /// sample, and two examples from the LangRef.
    #[test]
    fn funnel_shifts() {
        assert_eq!(
            fold(Intrinsic::Fshl, &[k(8, 255), k(8, 0), k(8, 15)]),
            Some(k(8, 128))
        );
        assert_eq!(
            fold(Intrinsic::Fshl, &[k(8, 15), k(8, 15), k(8, 11)]),
            Some(k(8, 120))
        );
        assert_eq!(
            fold(Intrinsic::Fshr, &[k(8, 255), k(8, 0), k(8, 15)]),
            Some(k(8, 254))
        );
        assert_eq!(
            fold(Intrinsic::Fshr, &[k(8, 15), k(8, 15), k(8, 11)]),
            Some(k(8, 225))
        );
        for a in (0..256u64).step_by(7) {
            for b in (0..256u64).step_by(11) {
                for s in 0..20u64 {
                    let cat = (a << 8) | b;
                    let sh = s % 8;
                    let l = ((cat << sh) >> 8) & 0xff;
                    let r = (cat >> sh) & 0xff;
                    assert_eq!(
                        fold(Intrinsic::Fshl, &[k(8, a), k(8, b), k(8, s)]),
                        Some(k(8, l))
                    );
                    assert_eq!(
                        fold(Intrinsic::Fshr, &[k(8, a), k(8, b), k(8, s)]),
                        Some(k(8, r))
                    );
                }
            }
        }
    }
}
