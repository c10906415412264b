//! Integers wider than 64 bits (`i65` … `i4096`): constant folding on
//! `ApInt` with the rules `fold` applies to narrower ones (LangRef; LLVM's
//! `ConstantFoldBinaryInstruction` on `APInt`), and the table that gives
//! each wide constant a small id so the lattice stays `Copy`.
//!
//! What is folded: the thirteen binary operations with their
//! `nsw`/`nuw`/`exact`/`disjoint` flags, `icmp`, and `zext`/`sext`/`trunc`
//! where either side is wider than 64 bits (so `trunc i128 → i32` of a
//! constant gives a `Konst`, `zext i32 → i128` a wide constant). As in
//! `fold`, poison and immediate UB are never given a value (`None`).
//! `and` with 0, `or` with all ones and `mul` by 0 are constants whatever
//! the other operand is (`fold::absorbing`). Up to
//! `range::MAX_RANGE_WIDTH` bits, values also have ranges (`range`: the extension of a 64-bit interval), evaluated
//! when an operand is not a constant, as LLVM's SCCP does for every
//! width; wider values are constants or overdefined.
//!
//! The rules are written once, on `ApInt`, for every width; for widths up
//! to 64 the tests check them against `fold`'s `u64` rules, so the two
//! implementations check each other.

pub mod range;

use std::collections::HashMap;

use crate::apint::ApInt;

use super::fold::{BinOp, CastOp, IntPredicate, PoisonFlags};
use super::lattice::{Konst, Lattice};
use super::program::Operand;
use super::range::ConstantRange;
use range::{CastRange, CastSource, Hulls, WideRange, MAX_RANGE_WIDTH};

/// Widths above this are not evaluated (division is quadratic in bits).
pub const MAX_WIDE_WIDTH: u32 = 4096;

/// An index into a `WideTable`.
pub type WideId = u32;

/// Wide constants by id; equal values have equal ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WideTable {
    values: Vec<ApInt>,
    ids: HashMap<ApInt, WideId>,
}

impl WideTable {
    pub fn intern(&mut self, value: ApInt) -> WideId {
        if let Some(&id) = self.ids.get(&value) {
            return id;
        }
        let id = self.values.len() as WideId;
        self.values.push(value.clone());
        self.ids.insert(value, id);
        id
    }

    pub fn get(&self, id: WideId) -> &ApInt {
        &self.values[id as usize]
    }

    /// The lattice element of a constant of any width: a `Konst` up to 64
    /// bits, a one-element `WideRange` up to `MAX_RANGE_WIDTH` when it
    /// extends 64 bits,
    /// a wide id otherwise.
    pub fn lattice(&mut self, value: ApInt) -> Lattice {
        if value.width() <= 64 {
            Lattice::Const(Konst::new(value.width(), value.words()[0]))
        } else if let Some(r) = WideRange::constant(&value) {
            Lattice::WideRange(r)
        } else {
            Lattice::Wide(self.intern(value))
        }
    }

    /// The constant a lattice element holds, as an `ApInt`.
    pub fn constant(&self, value: Lattice) -> Option<ApInt> {
        match value {
            Lattice::Const(k) => Some(ApInt::from_u64(k.width(), k.zext())),
            Lattice::Wide(id) => Some(self.get(id).clone()),
            Lattice::WideRange(r) => r.single(),
            _ => None,
        }
    }

    /// The hulls of a value of `width` bits (65 to `MAX_RANGE_WIDTH`)
    /// for the range rules: of its range or constant, every value when
    /// overdefined or unknown.
    pub fn hulls(&self, value: Lattice, width: u32) -> Hulls {
        match value {
            Lattice::WideRange(r) => Hulls::of(width, Some(r)),
            Lattice::Wide(id) => Hulls::constant(self.get(id)),
            _ => Hulls::full(width),
        }
    }
}

/// An instruction on integers where an operand or the result is wider
/// than 64 bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WideOp {
    /// Operands and result of `width` bits.
    Binary {
        op: BinOp,
        width: u32,
        flags: PoisonFlags,
        lhs: Operand,
        rhs: Operand,
    },
    /// Operands of `width` bits.
    ICmp {
        pred: IntPredicate,
        width: u32,
        lhs: Operand,
        rhs: Operand,
    },
    Cast {
        op: CastOp,
        flags: PoisonFlags,
        value: Operand,
        from_width: u32,
        to_width: u32,
    },
}

impl WideOp {
    pub fn operands(&self) -> Vec<&Operand> {
        match self {
            WideOp::Binary { lhs, rhs, .. } | WideOp::ICmp { lhs, rhs, .. } => vec![lhs, rhs],
            WideOp::Cast { value, .. } => vec![value],
        }
    }

    /// `operands`, to change (`read::copies` points them at branch
    /// copies).
    pub fn operands_mut(&mut self) -> Vec<&mut Operand> {
        match self {
            WideOp::Binary { lhs, rhs, .. } | WideOp::ICmp { lhs, rhs, .. } => vec![lhs, rhs],
            WideOp::Cast { value, .. } => vec![value],
        }
    }

    /// The instruction's value given its operands' (`value_of`), with
    /// `table` holding the wide constants.
    pub fn evaluate(
        &self,
        table: &mut WideTable,
        value_of: impl Fn(&Operand, &mut WideTable) -> Lattice,
    ) -> Lattice {
        let values: Vec<Lattice> = self
            .operands()
            .into_iter()
            .map(|o| value_of(o, table))
            .collect();
        if values.contains(&Lattice::Undefined) {
            return Lattice::Undefined;
        }
        let constants: Vec<Option<ApInt>> = values.iter().map(|&v| table.constant(v)).collect();
        let folded = match (self, constants.as_slice()) {
            (WideOp::Binary { op, flags, .. }, [Some(a), Some(b)]) => binary(*op, *flags, a, b),
            (WideOp::Binary { op, .. }, [a, b]) => {
                a.iter().chain(b).find_map(|k| absorbing(*op, k))
            }
            (WideOp::ICmp { pred, .. }, [Some(a), Some(b)]) => {
                Some(ApInt::from_u64(1, icmp(*pred, a, b) as u64))
            }
            (
                WideOp::Cast {
                    op,
                    flags,
                    to_width,
                    ..
                },
                [Some(a)],
            ) => cast(*op, *flags, a, *to_width),
            _ => None,
        };
        if let Some(v) = folded {
            return table.lattice(v);
        }
        if constants.iter().all(Option::is_some) {
            return Lattice::Overdefined; // poison or UB
        }
        self.evaluate_on_ranges(table, &values)
    }

    /// The value from the operands' ranges (some operand is not a
    /// constant), as LLVM's SCCP computes it for integers of every width.
    fn evaluate_on_ranges(&self, table: &mut WideTable, values: &[Lattice]) -> Lattice {
        let too_wide = |w: u32| w > MAX_RANGE_WIDTH;
        match *self {
            WideOp::Binary { op, width, .. } if !too_wide(width) => {
                let (a, b) = (table.hulls(values[0], width), table.hulls(values[1], width));
                range::binary(op, &a, &b).map_or(Lattice::Overdefined, |r| wide_lattice(table, r))
            }
            WideOp::ICmp { pred, width, .. } if !too_wide(width) => {
                let (a, b) = (table.hulls(values[0], width), table.hulls(values[1], width));
                range::icmp(pred, &a, &b)
                    .map_or(Lattice::Overdefined, |v| Lattice::Const(Konst::bool(v)))
            }
            WideOp::Cast {
                op,
                from_width,
                to_width,
                ..
            } => {
                let source = match values[0] {
                    v if from_width <= 64 => CastSource::Narrow(
                        v.range_or_full(from_width)
                            .unwrap_or(ConstantRange::full(from_width)),
                    ),
                    Lattice::WideRange(r) => CastSource::Wide(from_width, Some(r)),
                    _ => CastSource::Wide(from_width, None),
                };
                match range::cast(op, source, to_width) {
                    CastRange::Narrow(r) => Lattice::from_range(r),
                    CastRange::Wide(r) => wide_lattice(table, r),
                    CastRange::Full => Lattice::Overdefined,
                }
            }
            _ => Lattice::Overdefined,
        }
    }
}

/// The element of a wide range: one element is its constant (as
/// `WideTable::lattice` writes it).
fn wide_lattice(table: &mut WideTable, r: WideRange) -> Lattice {
    match r.single() {
        Some(k) => table.lattice(k),
        None => Lattice::WideRange(r),
    }
}

/// `a op b` for two constants of one width; `None` for poison or UB.
pub fn binary(op: BinOp, flags: PoisonFlags, a: &ApInt, b: &ApInt) -> Option<ApInt> {
    let w = a.width();
    let shift_amount = || b.to_u64().filter(|&s| s < w as u64).map(|s| s as u32);
    Some(match op {
        BinOp::Add => {
            let (r, uov) = a.uadd_ov(b);
            let (_, sov) = a.sadd_ov(b);
            if (flags.nuw && uov) || (flags.nsw && sov) {
                return None;
            }
            r
        }
        BinOp::Sub => {
            let (r, uov) = a.usub_ov(b);
            let (_, sov) = a.ssub_ov(b);
            if (flags.nuw && uov) || (flags.nsw && sov) {
                return None;
            }
            r
        }
        BinOp::Mul => {
            let (r, uov) = a.umul_ov(b);
            let (_, sov) = a.smul_ov(b);
            if (flags.nuw && uov) || (flags.nsw && sov) {
                return None;
            }
            r
        }
        BinOp::UDiv => {
            let (q, r) = a.udivrem(b)?;
            if flags.exact && !r.is_zero() {
                return None;
            }
            q
        }
        BinOp::URem => a.urem(b)?,
        BinOp::SDiv | BinOp::SRem => {
            if *a == ApInt::signed_min(w) && b.is_all_ones() {
                return None; // INT_MIN / -1 overflows: UB
            }
            let (q, r) = a.sdivrem(b)?;
            if op == BinOp::SRem {
                r
            } else if flags.exact && !r.is_zero() {
                return None;
            } else {
                q
            }
        }
        BinOp::Shl => {
            let s = shift_amount()?;
            let r = a.shl(s);
            if (flags.nuw && r.lshr(s) != *a) || (flags.nsw && r.ashr(s) != *a) {
                return None;
            }
            r
        }
        BinOp::LShr | BinOp::AShr => {
            let s = shift_amount()?;
            if flags.exact && a.trailing_zeros() < s {
                return None;
            }
            if op == BinOp::LShr {
                a.lshr(s)
            } else {
                a.ashr(s)
            }
        }
        BinOp::And => a.and(b),
        BinOp::Or => {
            if flags.disjoint && !a.and(b).is_zero() {
                return None;
            }
            a.or(b)
        }
        BinOp::Xor => a.xor(b),
    })
}

/// `fold::absorbing` on `ApInt`: the result when one operand is `known`
/// and the other anything.
pub fn absorbing(op: BinOp, known: &ApInt) -> Option<ApInt> {
    match op {
        BinOp::And | BinOp::Mul if known.is_zero() => Some(known.clone()),
        BinOp::Or if known.is_all_ones() => Some(known.clone()),
        _ => None,
    }
}

pub fn icmp(pred: IntPredicate, a: &ApInt, b: &ApInt) -> bool {
    use std::cmp::Ordering::*;
    let (u, s) = (a.ucmp(b), a.scmp(b));
    match pred {
        IntPredicate::Eq => u == Equal,
        IntPredicate::Ne => u != Equal,
        IntPredicate::Ugt => u == Greater,
        IntPredicate::Uge => u != Less,
        IntPredicate::Ult => u == Less,
        IntPredicate::Ule => u != Greater,
        IntPredicate::Sgt => s == Greater,
        IntPredicate::Sge => s != Less,
        IntPredicate::Slt => s == Less,
        IntPredicate::Sle => s != Greater,
    }
}

/// `op a to iN`; `None` when a `nneg`/`nuw`/`nsw` flag makes it poison.
pub fn cast(op: CastOp, flags: PoisonFlags, a: &ApInt, to_width: u32) -> Option<ApInt> {
    match op {
        CastOp::ZExt => (!(flags.nneg && a.is_negative())).then(|| a.zext(to_width)),
        CastOp::SExt => Some(a.sext(to_width)),
        CastOp::Trunc => {
            let r = a.trunc(to_width);
            if (flags.nuw && r.zext(a.width()) != *a) || (flags.nsw && r.sext(a.width()) != *a) {
                return None;
            }
            Some(r)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transforms::sccp::fold;
    use proptest::prelude::*;

    fn flags() -> impl Strategy<Value = PoisonFlags> {
        (
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(|(nsw, nuw, exact, disjoint, nneg)| PoisonFlags {
                nsw,
                nuw,
                exact,
                disjoint,
                nneg,
            })
    }

    /// Small values and the edges (0, ±1, INT_MIN, INT_MAX) often.
    fn value(w: u32) -> impl Strategy<Value = u64> {
        let m = crate::transforms::sccp::lattice::mask(w);
        prop_oneof![
            Just(0u64),
            Just(1),
            Just(m),
            Just(m >> 1),
            Just((m >> 1) + 1),
            0u64..(w as u64 + 2),
            any::<u64>(),
        ]
    }

    fn case() -> impl Strategy<Value = (u32, u64, u64)> {
        (1u32..=64).prop_flat_map(|w| (Just(w), value(w), value(w)))
    }

    fn ap(k: Konst) -> ApInt {
        ApInt::from_u64(k.width(), k.zext())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Up to 64 bits the `ApInt` rules are `fold`'s rules.
        #[test]
        fn rules_match_fold_up_to_64_bits((w, a, b) in case(), flags in flags(), to in 1u32..=64) {
            let (ka, kb) = (Konst::new(w, a), Konst::new(w, b));
            for op in BinOp::ALL {
                prop_assert_eq!(
                    binary(op, flags, &ap(ka), &ap(kb)),
                    fold::binary(op, flags, ka, kb).map(ap),
                    "{:?} {:?} i{} {} {}", op, flags, w, a, b
                );
            }
            for pred in [IntPredicate::Eq, IntPredicate::Ne, IntPredicate::Ugt, IntPredicate::Uge,
                         IntPredicate::Ult, IntPredicate::Ule, IntPredicate::Sgt, IntPredicate::Sge,
                         IntPredicate::Slt, IntPredicate::Sle] {
                prop_assert_eq!(icmp(pred, &ap(ka), &ap(kb)), !fold::icmp(pred, ka, kb).is_zero());
            }
            let ops: &[CastOp] = if to > w { &[CastOp::ZExt, CastOp::SExt] } else { &[CastOp::Trunc] };
            for &op in ops {
                prop_assert_eq!(cast(op, flags, &ap(ka), to), fold::cast(op, flags, ka, to).map(ap));
            }
        }
    }

    #[test]
    fn wide_folds() {
        let w = 128;
        let a = ApInt::from_u128(w, u128::MAX);
        let one = ApInt::from_u64(w, 1);
        let nuw = PoisonFlags {
            nuw: true,
            ..PoisonFlags::default()
        };
        assert_eq!(binary(BinOp::Add, nuw, &a, &one), None, "nuw wraps");
        assert_eq!(
            binary(BinOp::Add, PoisonFlags::default(), &a, &one),
            Some(ApInt::zero(w))
        );
        assert_eq!(binary(BinOp::Shl, PoisonFlags::default(), &one, &a), None);
        assert_eq!(
            binary(
                BinOp::SDiv,
                PoisonFlags::default(),
                &ApInt::signed_min(w),
                &a
            ),
            None
        );
        assert_eq!(
            binary(BinOp::URem, PoisonFlags::default(), &a, &ApInt::zero(w)),
            None
        );
        let mut table = WideTable::default();
        let x = table.lattice(ApInt::from_u128(w, 1 << 100));
        assert_eq!(x, table.lattice(ApInt::from_u128(w, 1 << 100)), "interned");
        assert_eq!(
            table.lattice(ApInt::from_u64(64, 7)),
            Lattice::Const(Konst::new(64, 7))
        );
    }
}
