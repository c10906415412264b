//! Redundant masks: `and x, m`, where `m` is a run of low bits (`0…01…1`)
//! and every value `x` may take is at most `m`, is `x` itself. LLVM 22's
//! SCCP removes these after solving (`simplifyInstruction` in
//! SCCPSolver.cpp, "Remove masking operations"), and so does `rewrite`;
//! LLVM 19's does not.
//!
//! Typical source: `(x >> 8) & 0xffffff` on an `i32`, where the shift
//! already cleared the high byte.

use super::lattice::{mask, Konst};
use super::range::ConstantRange;

/// Whether `and x, m` is `x` for every `x` in `range`.
pub fn is_redundant(range: ConstantRange, m: Konst) -> bool {
    is_low_bit_mask(m)
        && range
            .unsigned_bounds()
            .is_some_and(|(_, max)| max <= m.zext())
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
