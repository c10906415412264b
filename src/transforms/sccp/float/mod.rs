//! Floating-point constants of `float` and `double`: what LLVM's SCCP folds
//! through `ConstantFoldInstOperands` / `ConstantFoldCall`
//! (llvm/lib/Analysis/ConstantFolding.cpp, on `APFloat`), computed with
//! Rust's `f32`/`f64`, whose operations are the IEEE 754 ones in the
//! default environment LangRef assumes outside `strictfp` (round to
//! nearest, ties to even; no traps): `fadd`, `fsub`, `fmul`, `fdiv`,
//! `frem` (fmod, exact), `fneg`, `fcmp` (all 16 predicates),
//! `llvm.fabs`, `llvm.copysign`, `fptosi`/`fptoui` (to at most 64 bits),
//! `sitofp`/`uitofp` (from at most 64 bits), `fpext`, `fptrunc`,
//! `bitcast` between a float and an integer of its size; the
//! intrinsics whose IEEE result is exact: `llvm.sqrt` (correctly
//! rounded), `llvm.floor`/`ceil`/`trunc`/`round`/`roundeven`/`rint`/
//! `nearbyint`, `llvm.minnum`/`maxnum`/`minimum`/`maximum`, and
//! `llvm.fma`/`fmuladd` (one rounding: Rust's `mul_add`).
//!
//! Never folded (`None`, the solver makes it overdefined), each a case
//! where the result would be poison or the exact value is not ours to
//! pick:
//! * `nnan` with a NaN operand or result, `ninf` with an infinite one
//!   (LangRef: poison);
//! * `fptosi`/`fptoui` of NaN or of a value whose integer part does not
//!   fit the result type (poison), `uitofp nneg` of a negative value;
//! * `fneg`/`fabs`/`copysign` whose result is a NaN: they only move the
//!   sign bit, so the NaN's payload would have to be kept bit for bit; and
//!   for the same reason a `bitcast` to or from a NaN;
//! * the intrinsics above on NaN operands or with a NaN result, `sqrt` of
//!   an infinity or a negative value (fewer folds than LLVM, never a
//!   different value);
//! * with a non-IEEE denormal mode (`denormal-fp-math`), any subnormal
//!   operand or result (LLVM flushes or keeps them by that mode).
//!
//! A NaN produced by arithmetic is the preferred NaN (positive, quiet,
//! zero payload), always one of the NaNs LangRef allows ("Behavior of
//! Floating-Point NaN values"). NaN *constants* in the IR are not read
//! (`read` makes them `Operand::Unknown`): their payload does not survive
//! every conversion the C API makes. `read` describes no floating-point
//! operation at all in a `strictfp` function (the rounding mode and
//! exceptions are then dynamic), and `half`, `bfloat`, `fp128`,
//! `x86_fp80` and `ppc_fp128` are never described.
//!
//! `nsz`, `arcp`, `contract`, `afn` and `reassoc` allow results other
//! than the exact one; the exact one is always allowed, so they are
//! ignored.

use super::lattice::{Konst, Lattice};
use super::program::Operand;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    F32,
    F64,
}

/// A `float` or `double` constant, by its bits (so `-0.0 != 0.0` and a NaN
/// equals itself, as the lattice needs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloatConst {
    kind: FloatKind,
    bits: u64,
}

impl FloatConst {
    pub fn f32(v: f32) -> FloatConst {
        let v = if v.is_nan() { f32::NAN } else { v };
        FloatConst {
            kind: FloatKind::F32,
            bits: v.to_bits() as u64,
        }
    }

    pub fn f64(v: f64) -> FloatConst {
        let v = if v.is_nan() { f64::NAN } else { v };
        FloatConst {
            kind: FloatKind::F64,
            bits: v.to_bits(),
        }
    }

    /// The value whose bits are `bits` (the low 32 for `F32`), unless it
    /// is a NaN: a NaN's payload is not kept (`f32`, `f64`).
    pub fn from_bits(kind: FloatKind, bits: u64) -> Option<FloatConst> {
        let f = FloatConst { kind, bits };
        (!f.is_nan()).then_some(f)
    }

    /// The bits of the value (a `float`'s in the low 32).
    pub fn bits(self) -> u64 {
        self.bits
    }

    /// The value `v` rounded to `kind`.
    pub fn of_kind(kind: FloatKind, v: f64) -> FloatConst {
        match kind {
            FloatKind::F32 => FloatConst::f32(v as f32),
            FloatKind::F64 => FloatConst::f64(v),
        }
    }

    pub fn kind(self) -> FloatKind {
        self.kind
    }

    /// The value as an `f64` (exact for `float` too).
    pub fn value(self) -> f64 {
        match self.kind {
            FloatKind::F32 => f32::from_bits(self.bits as u32) as f64,
            FloatKind::F64 => f64::from_bits(self.bits),
        }
    }

    pub fn is_nan(self) -> bool {
        self.value().is_nan()
    }

    pub fn is_infinite(self) -> bool {
        self.value().is_infinite()
    }

    pub fn is_subnormal(self) -> bool {
        match self.kind {
            FloatKind::F32 => f32::from_bits(self.bits as u32).is_subnormal(),
            FloatKind::F64 => f64::from_bits(self.bits).is_subnormal(),
        }
    }

    fn with_sign(self, negative: bool) -> FloatConst {
        let sign = match self.kind {
            FloatKind::F32 => 1u64 << 31,
            FloatKind::F64 => 1u64 << 63,
        };
        FloatConst {
            kind: self.kind,
            bits: if negative {
                self.bits | sign
            } else {
                self.bits & !sign
            },
        }
    }

    fn is_sign_negative(self) -> bool {
        self.value().is_sign_negative()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FBinOp {
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
}

/// `fcmp` predicates (LangRef order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FPredicate {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Uno,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    True,
}

/// The fast-math flags that make a result poison.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FastMath {
    pub nnan: bool,
    pub ninf: bool,
}

/// How the function treats subnormals (`denormal-fp-math`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Environment {
    /// Not "ieee,ieee" for this type: subnormals are not folded.
    pub denormals_not_ieee: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FloatOp {
    Binary {
        op: FBinOp,
        fmf: FastMath,
        lhs: Operand,
        rhs: Operand,
    },
    FNeg {
        fmf: FastMath,
        value: Operand,
    },
    Fabs {
        fmf: FastMath,
        value: Operand,
    },
    CopySign {
        fmf: FastMath,
        magnitude: Operand,
        sign: Operand,
    },
    /// An `i1`.
    FCmp {
        pred: FPredicate,
        fmf: FastMath,
        lhs: Operand,
        rhs: Operand,
    },
    /// `fptosi`/`fptoui` to an integer of `width` ≤ 64 bits.
    ToInt {
        signed: bool,
        width: u32,
        value: Operand,
    },
    /// `sitofp`/`uitofp` of an integer of at most 64 bits.
    FromInt {
        signed: bool,
        nneg: bool,
        fmf: FastMath,
        kind: FloatKind,
        value: Operand,
    },
    /// `fpext`/`fptrunc`.
    Convert {
        fmf: FastMath,
        kind: FloatKind,
        value: Operand,
    },
    /// `bitcast` of an integer to a float of its size.
    FromBits {
        kind: FloatKind,
        value: Operand,
    },
    /// `bitcast` of a float to an integer of its size (`width` bits).
    ToBits {
        width: u32,
        value: Operand,
    },
    /// `llvm.sqrt` and the rounding intrinsics.
    Unary {
        op: FUnary,
        fmf: FastMath,
        value: Operand,
    },
    /// `llvm.minnum`, `llvm.maxnum`, `llvm.minimum`, `llvm.maximum`.
    MinMax {
        op: FMinMax,
        fmf: FastMath,
        lhs: Operand,
        rhs: Operand,
    },
    /// `llvm.fma` and `llvm.fmuladd`, `a * b + c` rounded once (LLVM's
    /// folder fuses `fmuladd` too). Boxed: three operands inline would
    /// make every `Op` larger.
    MulAdd {
        fmf: FastMath,
        operands: Box<[Operand; 3]>,
    },
}

/// The intrinsics of one operand folded, each exact in IEEE 754: an
/// integral value (LLVM's `APFloat::roundToIntegral`) or the correctly
/// rounded square root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FUnary {
    Sqrt,
    Floor,
    Ceil,
    Trunc,
    /// Ties away from zero.
    Round,
    /// Ties to even: `llvm.roundeven`, and `llvm.rint` and
    /// `llvm.nearbyint` in the default rounding mode.
    RoundEven,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FMinMax {
    MinNum,
    MaxNum,
    Minimum,
    Maximum,
}

impl FMinMax {
    fn is_min(self) -> bool {
        matches!(self, FMinMax::MinNum | FMinMax::Minimum)
    }
}

/// The operands of `$op`, a `&FloatOp` or a `&mut FloatOp`, as references
/// of the same kind (`$iter`: `iter` or `iter_mut`), so that `operands` and
/// `operands_mut` list the same ones.
macro_rules! operands_of {
    ($op:expr, $iter:ident) => {
        match $op {
            FloatOp::Binary { lhs, rhs, .. }
            | FloatOp::FCmp { lhs, rhs, .. }
            | FloatOp::MinMax { lhs, rhs, .. } => vec![lhs, rhs],
            FloatOp::MulAdd { operands, .. } => operands.$iter().collect(),
            FloatOp::CopySign {
                magnitude, sign, ..
            } => vec![magnitude, sign],
            FloatOp::FNeg { value, .. }
            | FloatOp::Fabs { value, .. }
            | FloatOp::ToInt { value, .. }
            | FloatOp::FromInt { value, .. }
            | FloatOp::Convert { value, .. }
            | FloatOp::Unary { value, .. }
            | FloatOp::FromBits { value, .. }
            | FloatOp::ToBits { value, .. } => vec![value],
        }
    };
}

impl FloatOp {
    pub fn operands(&self) -> Vec<&Operand> {
        operands_of!(self, iter)
    }

    /// `operands`, to change (`read::copies` points them at branch
    /// copies).
    pub fn operands_mut(&mut self) -> Vec<&mut Operand> {
        operands_of!(self, iter_mut)
    }

    /// The instruction's value given its operands' values: undefined while
    /// one is, a constant when all are and the fold is allowed,
    /// overdefined otherwise.
    pub fn evaluate(&self, env: Environment, value_of: impl Fn(&Operand) -> Lattice) -> Lattice {
        let values: Vec<Lattice> = self.operands().into_iter().map(value_of).collect();
        if values.contains(&Lattice::Undefined) {
            return Lattice::Undefined;
        }
        self.fold(env, &values).unwrap_or(Lattice::Overdefined)
    }

    fn fold(&self, env: Environment, values: &[Lattice]) -> Option<Lattice> {
        let float = |k: usize| match values[k] {
            Lattice::Float(f) => Some(f),
            _ => None,
        };
        let allowed = |fmf: FastMath, f: FloatConst| {
            let poison = (fmf.nnan && f.is_nan()) || (fmf.ninf && f.is_infinite());
            let flushed = env.denormals_not_ieee && f.is_subnormal();
            !(poison || flushed)
        };
        // Every float operand and the float result must be allowed.
        let checked = |fmf: FastMath, inputs: &[FloatConst], result: FloatConst| {
            (inputs.iter().all(|&f| allowed(fmf, f)) && allowed(fmf, result))
                .then_some(Lattice::Float(result))
        };
        match self {
            FloatOp::Binary { op, fmf, .. } => {
                let (a, b) = (float(0)?, float(1)?);
                checked(*fmf, &[a, b], binary(*op, a, b))
            }
            FloatOp::FNeg { fmf, .. } => {
                let a = float(0)?;
                let r = a.with_sign(!a.is_sign_negative());
                (!r.is_nan()).then_some(())?;
                checked(*fmf, &[a], r)
            }
            FloatOp::Fabs { fmf, .. } => {
                let a = float(0)?;
                (!a.is_nan()).then_some(())?;
                checked(*fmf, &[a], a.with_sign(false))
            }
            FloatOp::CopySign { fmf, .. } => {
                let (a, b) = (float(0)?, float(1)?);
                (!a.is_nan()).then_some(())?;
                checked(*fmf, &[a, b], a.with_sign(b.is_sign_negative()))
            }
            FloatOp::FCmp { pred, fmf, .. } => {
                let (a, b) = (float(0)?, float(1)?);
                checked(*fmf, &[a, b], a)?;
                Some(Lattice::Const(Konst::bool(fcmp(*pred, a, b))))
            }
            FloatOp::ToInt { signed, width, .. } => {
                let a = float(0)?;
                if env.denormals_not_ieee && a.is_subnormal() {
                    return None;
                }
                to_int(a, *signed, *width).map(Lattice::Const)
            }
            FloatOp::FromInt {
                signed,
                nneg,
                fmf,
                kind,
                ..
            } => {
                let k = values[0].constant()?;
                let negative = k.sext() < 0;
                if *nneg && negative {
                    return None;
                }
                let r = if *signed {
                    from_i64(*kind, k.sext())
                } else {
                    from_u64(*kind, k.zext())
                };
                checked(*fmf, &[], r)
            }
            FloatOp::Convert { fmf, kind, .. } => {
                let a = float(0)?;
                checked(*fmf, &[a], FloatConst::of_kind(*kind, a.value()))
            }
            // The bits as they are (no flush either: a bitcast is no
            // floating-point operation), but for NaNs (`from_bits`).
            FloatOp::FromBits { kind, .. } => {
                FloatConst::from_bits(*kind, values[0].constant()?.zext()).map(Lattice::Float)
            }
            FloatOp::ToBits { width, .. } => {
                let a = float(0)?;
                (!a.is_nan()).then(|| Lattice::Const(Konst::new(*width, a.bits())))
            }
            FloatOp::Unary { op, fmf, .. } => {
                let a = float(0)?;
                // LLVM folds the square root of finite values only, and
                // not of negative ones (a NaN, with an exception on the
                // host); a rounding of an infinity is itself, of a NaN a
                // NaN whose payload LLVM picks (not folded).
                let unfolded_root = *op == FUnary::Sqrt && (a.value() < 0.0 || a.is_infinite());
                if a.is_nan() || unfolded_root {
                    return None;
                }
                checked(*fmf, &[a], unary(*op, a))
            }
            FloatOp::MinMax { op, fmf, .. } => {
                let (a, b) = (float(0)?, float(1)?);
                // NaN operands are not folded (the quiet and signaling
                // NaN rules of `minnum` changed between LLVM versions).
                // `-0.0` is below `0.0`: `minimum` requires it, `minnum`
                // may return either, and LLVM 19 and 22 fold so.
                let (x, y) = (a.value(), b.value());
                if x.is_nan() || y.is_nan() {
                    return None;
                }
                let zeros_below =
                    x == 0.0 && y == 0.0 && a.is_sign_negative() && !b.is_sign_negative();
                let below = x < y || zeros_below;
                let r = if below == op.is_min() { a } else { b };
                checked(*fmf, &[a, b], r)
            }
            FloatOp::MulAdd { fmf, .. } => {
                let (a, b, c) = (float(0)?, float(1)?, float(2)?);
                let r = mul_add(a, b, c);
                // `inf * 0` and NaN operands: a NaN, whose payload LLVM
                // picks (as for `fneg`).
                if [a, b, c, r].iter().any(|f| f.is_nan()) {
                    return None;
                }
                checked(*fmf, &[a, b, c], r)
            }
        }
    }
}

/// The intrinsic `op` of `a` (not a NaN; for `Sqrt`, finite and not
/// negative), in `a`'s type.
pub fn unary(op: FUnary, a: FloatConst) -> FloatConst {
    let on_f64 = |x: f64| match op {
        FUnary::Sqrt => x.sqrt(),
        FUnary::Floor => x.floor(),
        FUnary::Ceil => x.ceil(),
        FUnary::Trunc => x.trunc(),
        FUnary::Round => x.round(),
        FUnary::RoundEven => x.round_ties_even(),
    };
    match a.kind() {
        // The root in single precision; the roundings are exact in
        // either.
        FloatKind::F32 if op == FUnary::Sqrt => FloatConst::f32((a.value() as f32).sqrt()),
        kind => FloatConst::of_kind(kind, on_f64(a.value())),
    }
}

/// `a * b + c` with one rounding, in the operands' type.
pub fn mul_add(a: FloatConst, b: FloatConst, c: FloatConst) -> FloatConst {
    match a.kind() {
        FloatKind::F32 => {
            let f = |k: FloatConst| k.value() as f32;
            FloatConst::f32(f(a).mul_add(f(b), f(c)))
        }
        FloatKind::F64 => FloatConst::f64(a.value().mul_add(b.value(), c.value())),
    }
}

/// `a op b`, rounded to the operands' type.
pub fn binary(op: FBinOp, a: FloatConst, b: FloatConst) -> FloatConst {
    debug_assert_eq!(a.kind(), b.kind());
    match a.kind() {
        FloatKind::F32 => {
            let (x, y) = (a.value() as f32, b.value() as f32);
            FloatConst::f32(match op {
                FBinOp::FAdd => x + y,
                FBinOp::FSub => x - y,
                FBinOp::FMul => x * y,
                FBinOp::FDiv => x / y,
                FBinOp::FRem => x % y,
            })
        }
        FloatKind::F64 => {
            let (x, y) = (a.value(), b.value());
            FloatConst::f64(match op {
                FBinOp::FAdd => x + y,
                FBinOp::FSub => x - y,
                FBinOp::FMul => x * y,
                FBinOp::FDiv => x / y,
                FBinOp::FRem => x % y,
            })
        }
    }
}

/// `fcmp pred a, b`: ordered predicates are false and unordered ones true
/// when either operand is NaN.
pub fn fcmp(pred: FPredicate, a: FloatConst, b: FloatConst) -> bool {
    let (x, y) = (a.value(), b.value());
    let unordered = x.is_nan() || y.is_nan();
    use FPredicate::*;
    match pred {
        False => false,
        True => true,
        Ord => !unordered,
        Uno => unordered,
        Oeq => !unordered && x == y,
        Ogt => !unordered && x > y,
        Oge => !unordered && x >= y,
        Olt => !unordered && x < y,
        Ole => !unordered && x <= y,
        One => !unordered && x != y,
        Ueq => unordered || x == y,
        Ugt => unordered || x > y,
        Uge => unordered || x >= y,
        Ult => unordered || x < y,
        Ule => unordered || x <= y,
        Une => unordered || x != y,
    }
}

/// `fptosi`/`fptoui` to `width` bits: the value truncated toward zero, or
/// `None` (poison) for NaN and values out of range.
pub fn to_int(a: FloatConst, signed: bool, width: u32) -> Option<Konst> {
    let t = a.value().trunc();
    // 2^(width-1) and 2^width are exact doubles for width ≤ 64.
    let half = 2f64.powi(width as i32 - 1);
    if signed {
        (t >= -half && t < half).then(|| Konst::new(width, t as i64 as u64))
    } else {
        // -0.0 and values in (-1, 0) truncate to -0.0, which is 0.
        (t >= 0.0 && t < 2.0 * half).then(|| Konst::new(width, t as u64))
    }
}

/// `sitofp`, rounded to nearest (Rust's `as` rounds ties to even).
pub fn from_i64(kind: FloatKind, v: i64) -> FloatConst {
    match kind {
        FloatKind::F32 => FloatConst::f32(v as f32),
        FloatKind::F64 => FloatConst::f64(v as f64),
    }
}

/// `uitofp`, rounded to nearest.
pub fn from_u64(kind: FloatKind, v: u64) -> FloatConst {
    match kind {
        FloatKind::F32 => FloatConst::f32(v as f32),
        FloatKind::F64 => FloatConst::f64(v as f64),
    }
}

#[cfg(test)]
mod tests;
