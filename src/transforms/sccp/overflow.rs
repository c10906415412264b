//! `llvm.{s,u}{add,sub,mul}.with.overflow`: the two fields of the result,
//! as LLVM's SCCP gets them from `ConstantFoldCall` (a constant struct
//! `{ iN result, i1 overflowed }`, then `extractvalue`).
//!
//! The lattice has no struct values, so `read` describes each
//! `extractvalue` of such a call as one `OverflowField` of the call's
//! operands: field 0 is the wrapped result, field 1 whether the exact
//! result did not fit (`ApInt`'s `*_ov`, any width). Neither field is ever
//! poison, so every pair of constant operands folds. The call itself stays
//! `Op::Opaque`; `rewrite` erases it once the extractions it fed are all
//! replaced.

use super::lattice::Lattice;
use super::program::Operand;
use super::wide::WideTable;
use crate::apint::ApInt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverflowOp {
    SAdd,
    UAdd,
    SSub,
    USub,
    SMul,
    UMul,
}

impl OverflowOp {
    /// The operation of an overloaded name such as
    /// `llvm.sadd.with.overflow.i32`.
    pub fn from_name(name: &str) -> Option<OverflowOp> {
        let base = name.strip_prefix("llvm.")?.split_once(".with.overflow")?.0;
        Some(match base {
            "sadd" => OverflowOp::SAdd,
            "uadd" => OverflowOp::UAdd,
            "ssub" => OverflowOp::SSub,
            "usub" => OverflowOp::USub,
            "smul" => OverflowOp::SMul,
            "umul" => OverflowOp::UMul,
            _ => return None,
        })
    }

    /// The wrapped result and whether it overflowed.
    pub fn fold(self, a: &ApInt, b: &ApInt) -> (ApInt, bool) {
        match self {
            OverflowOp::SAdd => a.sadd_ov(b),
            OverflowOp::UAdd => a.uadd_ov(b),
            OverflowOp::SSub => a.ssub_ov(b),
            OverflowOp::USub => a.usub_ov(b),
            OverflowOp::SMul => a.smul_ov(b),
            OverflowOp::UMul => a.umul_ov(b),
        }
    }
}

/// `extractvalue (call @llvm.<op>.with.overflow(lhs, rhs)), field`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverflowField {
    pub op: OverflowOp,
    /// 0: the result; 1: the overflow bit.
    pub field: u32,
    pub lhs: Operand,
    pub rhs: Operand,
}

impl OverflowField {
    pub fn operands(&self) -> Vec<&Operand> {
        vec![&self.lhs, &self.rhs]
    }

    /// `operands`, to change (`read::copies` points them at branch
    /// copies).
    pub fn operands_mut(&mut self) -> Vec<&mut Operand> {
        vec![&mut self.lhs, &mut self.rhs]
    }

    pub fn evaluate(
        &self,
        table: &mut WideTable,
        value_of: impl Fn(&Operand, &mut WideTable) -> Lattice,
    ) -> Lattice {
        let (a, b) = (value_of(&self.lhs, table), value_of(&self.rhs, table));
        if a == Lattice::Undefined || b == Lattice::Undefined {
            return Lattice::Undefined;
        }
        let (Some(x), Some(y)) = (table.constant(a), table.constant(b)) else {
            return Lattice::Overdefined;
        };
        let (result, overflowed) = self.op.fold(&x, &y);
        if self.field == 0 {
            table.lattice(result)
        } else {
            table.lattice(ApInt::from_u64(1, overflowed as u64))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transforms::sccp::lattice::Konst;

    #[test]
    fn names_and_fields() {
        assert_eq!(
            OverflowOp::from_name("llvm.umul.with.overflow.i64"),
            Some(OverflowOp::UMul)
        );
        assert_eq!(OverflowOp::from_name("llvm.sadd.sat.i32"), None);
        let field = |field, a: u64, b: u64| {
            OverflowField {
                op: OverflowOp::SAdd,
                field,
                lhs: Operand::Const(Konst::new(8, a)),
                rhs: Operand::Const(Konst::new(8, b)),
            }
            .evaluate(&mut WideTable::default(), |o, _| match o {
                Operand::Const(k) => Lattice::Const(*k),
                _ => Lattice::Overdefined,
            })
        };
        assert_eq!(field(0, 100, 100), Lattice::Const(Konst::new(8, 200)));
        assert_eq!(field(1, 100, 100), Lattice::Const(Konst::bool(true)));
        assert_eq!(field(1, 100, 27), Lattice::Const(Konst::bool(false)));
    }
}
