//! Redundant masks: `and x, m`, where `m` is a run of low bits (`0…01…1`)
//! and every value `x` may take is at most `m`, is `x` itself. LLVM 22's
//! SCCP removes these after solving (`simplifyInstruction` in
//! SCCPSolver.cpp, "Remove masking operations"), and so does `rewrite`;
//! LLVM 19's does not.
//!
//! Typical source: `(x >> 8) & 0xffffff` on an `i32`, where the shift
//! already cleared the high byte; and bit-field stores into `i72` or wider
//! words, which mask a value `zext` already bounded.

use std::cmp::Ordering;

use super::lattice::{mask, Konst};
use super::range::ConstantRange;
use super::wide::range::Hulls;
use crate::apint::ApInt;

/// Whether `and x, m` is `x` for every `x` in `range`.
pub fn is_redundant(range: ConstantRange, m: Konst) -> bool {
    is_low_bit_mask(m)
        && range
            .unsigned_bounds()
            .is_some_and(|(_, max)| max <= m.zext())
}

/// `is_redundant` of integers of more than 64 bits: `x`'s unsigned hull
/// is at most the mask `m`.
pub fn is_redundant_wide(x: &Hulls, m: &ApInt) -> bool {
    is_wide_low_bit_mask(m) && x.unsigned.1.ucmp(m) != Ordering::Greater
}

/// `is_low_bit_mask` of any width: the set bits are all those below the
/// highest one.
fn is_wide_low_bit_mask(m: &ApInt) -> bool {
    !m.is_zero() && m.leading_zeros() + m.count_ones() == m.width()
}

/// `0…01…1` with at least one bit set (LLVM's `APInt::isMask`).
fn is_low_bit_mask(m: Konst) -> bool {
    let bits = m.zext();
    bits != 0 && bits & bits.wrapping_add(1) & mask(m.width()) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every non-empty 4-bit range, the wrapped ones too.
    fn ranges() -> Vec<ConstantRange> {
        let mut out = Vec::new();
        for a in -8..8i64 {
            for b in a..8 {
                out.push(ConstantRange::signed(4, a, b));
                if a >= 0 {
                    out.push(ConstantRange::unsigned(4, a as u64, b as u64));
                }
            }
        }
        out
    }

    /// Brute force over every 4-bit range and constant: the rule holds
    /// exactly when `m` is a mask and every `x` of the range is at most
    /// `m`, and then `x & m == x` for each of them.
    #[test]
    fn redundant_exactly_when_every_value_fits() {
        for m in 0..16u64 {
            let k = Konst::new(4, m);
            for r in ranges() {
                let values: Vec<u64> = (0..16).filter(|&v| r.contains(Konst::new(4, v))).collect();
                if is_redundant(r, k) {
                    assert!(values.iter().all(|&v| v & m == v), "{r:?} & {m}");
                }
                let fits = values.iter().all(|&v| v <= m);
                let is_mask = [1, 3, 7, 15].contains(&m);
                assert_eq!(is_redundant(r, k), is_mask && fits, "{r:?} & {m}");
            }
        }
    }

    #[test]
    fn wide_masks_against_the_unsigned_hull() {
        let w = 72;
        let k = |v: u64| ApInt::from_words(w, &[v, 0]);
        let hull = |max: u64| Hulls {
            unsigned: (k(0), k(max)),
            signed: (k(0), k(max)),
        };
        assert!(is_redundant_wide(&hull(16383), &k(16383)));
        assert!(is_redundant_wide(&hull(100), &k(16383)));
        assert!(!is_redundant_wide(&hull(16384), &k(16383)));
        assert!(!is_redundant_wide(&hull(7), &k(16382)), "not a mask");
        assert!(!is_redundant_wide(&hull(0), &k(0)), "no bit set");
        let everything = Hulls::full(w);
        assert!(is_redundant_wide(&everything, &ApInt::all_ones(w)));
        assert!(!is_redundant_wide(&everything, &ApInt::all_ones(w).lshr(1)));
        // A mask of more than 64 bits.
        let high = ApInt::from_words(w, &[u64::MAX, 0xff]);
        assert!(is_redundant_wide(&hull(u64::MAX), &high));
        assert!(!is_redundant_wide(
            &hull(1),
            &ApInt::from_words(w, &[u64::MAX, 0xfe])
        ));
    }

    #[test]
    fn full_width_masks() {
        assert!(is_redundant(
            ConstantRange::full(64),
            Konst::new(64, u64::MAX)
        ));
        assert!(is_redundant(
            ConstantRange::unsigned(32, 0, 0xff_ffff),
            Konst::new(32, 0xff_ffff)
        ));
        assert!(!is_redundant(
            ConstantRange::unsigned(32, 0, 0x100_0000),
            Konst::new(32, 0xff_ffff)
        ));
    }
}
