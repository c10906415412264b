//! Signed instructions on values known to be non-negative become their
//! unsigned forms, as LLVM 19's SCCP does after solving (`replaceSignedInst`
//! in llvm/lib/Transforms/Utils/SCCPSolver.cpp):
//!
//! ```text
//!   sext x        →  zext nneg x          x ≥ 0
//!   ashr x, s     →  lshr x, s            x ≥ 0 (keeps `exact`)
//!   sdiv x, y     →  udiv x, y            x ≥ 0 and y ≥ 0 (keeps `exact`)
//!   srem x, y     →  urem x, y            x ≥ 0 and y ≥ 0
//!   sitofp x      →  uitofp nneg x        x ≥ 0
//! ```
//!
//! Each pair computes the same value on non-negative operands, and traps
//! (division by zero) on the same ones; `INT_MIN / -1` cannot occur. The
//! ranges hold every non-poison value of the operands (`range`), and a
//! poison operand makes both forms poison, so the rewrite is a refinement.
//! LLVM skips an operand it replaced itself in the same walk (it has no
//! lattice value for the new instruction); our new instruction has the old
//! one's value, so we do not need to.

use super::fold::{BinOp, CastOp};
use super::lattice::Lattice;

/// The unsigned form an instruction takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnsignedForm {
    ZExtNNeg,
    LShr,
    UDiv,
    URem,
    UIToFPNNeg,
}

/// Is every value of this lattice element (a constant or a range) at least
/// 0 as a signed number? Overdefined and ⊤ are not known to be.
pub fn non_negative(value: Lattice) -> bool {
    value
        .range()
        .and_then(|r| r.signed_bounds())
        .is_some_and(|(min, _)| min >= 0)
}

/// The unsigned form of a binary operation whose operands have the values
/// `lhs` and `rhs`, if it has one.
pub fn binary(op: BinOp, lhs: Lattice, rhs: Lattice) -> Option<UnsignedForm> {
    match op {
        BinOp::AShr if non_negative(lhs) => Some(UnsignedForm::LShr),
        BinOp::SDiv if non_negative(lhs) && non_negative(rhs) => Some(UnsignedForm::UDiv),
        BinOp::SRem if non_negative(lhs) && non_negative(rhs) => Some(UnsignedForm::URem),
        _ => None,
    }
}

/// The unsigned form of a cast of a value `value`, if it has one.
pub fn cast(op: CastOp, value: Lattice) -> Option<UnsignedForm> {
    (op == CastOp::SExt && non_negative(value)).then_some(UnsignedForm::ZExtNNeg)
}

/// The unsigned form of an integer-to-float conversion (`signed`: `sitofp`)
/// of a value `value`, if it has one: a non-negative integer converts to
/// the same float either way, rounded the same.
pub fn int_to_float(signed: bool, value: Lattice) -> Option<UnsignedForm> {
    (signed && non_negative(value)).then_some(UnsignedForm::UIToFPNNeg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transforms::sccp::fold::{self, PoisonFlags};
    use crate::transforms::sccp::lattice::Konst;
    use crate::transforms::sccp::range::ConstantRange;

    /// On every pair of non-negative i8 values the two forms agree,
    /// including on traps (`None`).
    #[test]
    fn unsigned_forms_compute_the_same_values() {
        let none = PoisonFlags::default();
        let exact = PoisonFlags {
            exact: true,
            ..none
        };
        for x in 0..128u64 {
            for y in 0..128u64 {
                let (a, b) = (Konst::new(8, x), Konst::new(8, y));
                for (s, u) in [
                    (BinOp::AShr, BinOp::LShr),
                    (BinOp::SDiv, BinOp::UDiv),
                    (BinOp::SRem, BinOp::URem),
                ] {
                    for f in [none, exact] {
                        let f = if s == BinOp::SRem { none } else { f };
                        assert_eq!(fold::binary(s, f, a, b), fold::binary(u, f, a, b));
                    }
                }
            }
            let a = Konst::new(8, x);
            let nneg = PoisonFlags { nneg: true, ..none };
            assert_eq!(
                fold::cast(CastOp::SExt, none, a, 32),
                fold::cast(CastOp::ZExt, nneg, a, 32)
            );
        }
    }

    #[test]
    fn only_non_negative_operands() {
        let r = |a, b| Lattice::Range(ConstantRange::signed(8, a, b));
        assert_eq!(cast(CastOp::SExt, r(0, 100)), Some(UnsignedForm::ZExtNNeg));
        assert_eq!(cast(CastOp::SExt, r(-1, 100)), None);
        assert_eq!(cast(CastOp::SExt, Lattice::Overdefined), None);
        assert_eq!(cast(CastOp::ZExt, r(0, 100)), None);
        assert_eq!(
            int_to_float(true, r(0, 100)),
            Some(UnsignedForm::UIToFPNNeg)
        );
        assert_eq!(int_to_float(true, r(-1, 100)), None);
        assert_eq!(int_to_float(false, r(0, 100)), None);
        assert_eq!(
            binary(BinOp::AShr, r(0, 5), Lattice::Overdefined),
            Some(UnsignedForm::LShr)
        );
        assert_eq!(binary(BinOp::SDiv, r(0, 5), Lattice::Overdefined), None);
        assert_eq!(
            binary(BinOp::SRem, r(0, 5), r(1, 3)),
            Some(UnsignedForm::URem)
        );
        assert_eq!(binary(BinOp::SDiv, r(-3, 5), r(1, 3)), None);
    }
}
