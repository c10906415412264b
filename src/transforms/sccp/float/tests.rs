//! Unit tests of the floating-point folds.

use super::*;

fn d(v: f64) -> Lattice {
    Lattice::Float(FloatConst::f64(v))
}

fn eval(op: FloatOp, values: &[Lattice]) -> Lattice {
    let ops = op.operands().len();
    assert_eq!(ops, values.len());
    op.fold(Environment::default(), values)
        .unwrap_or(Lattice::Overdefined)
}

fn bin(op: FBinOp, fmf: FastMath) -> FloatOp {
    FloatOp::Binary {
        op,
        fmf,
        lhs: Operand::Unknown,
        rhs: Operand::Unknown,
    }
}

const NNAN: FastMath = FastMath {
    nnan: true,
    ninf: false,
};
const NINF: FastMath = FastMath {
    nnan: false,
    ninf: true,
};

#[test]
fn arithmetic_is_ieee_and_nan_is_the_preferred_nan() {
    let none = FastMath::default();
    assert_eq!(
        eval(bin(FBinOp::FAdd, none), &[d(0.1), d(0.2)]),
        d(0.1 + 0.2)
    );
    assert_eq!(eval(bin(FBinOp::FRem, none), &[d(7.5), d(-2.0)]), d(1.5));
    let nan = eval(bin(FBinOp::FDiv, none), &[d(0.0), d(0.0)]);
    assert_eq!(nan, Lattice::Float(FloatConst::f64(f64::NAN)));
    assert_eq!(FloatConst::f64(-f64::NAN), FloatConst::f64(f64::NAN));
    // float rounds each step to single precision.
    let f = |v: f32| Lattice::Float(FloatConst::f32(v));
    assert_eq!(
        eval(bin(FBinOp::FAdd, none), &[f(16777216.0), f(1.0)]),
        f(16777216.0)
    );
}

#[test]
fn fast_math_poison_is_not_folded() {
    let nan = eval(bin(FBinOp::FDiv, NNAN), &[d(0.0), d(0.0)]);
    assert_eq!(nan, Lattice::Overdefined, "a NaN result under nnan");
    let inf = eval(bin(FBinOp::FDiv, NINF), &[d(1.0), d(0.0)]);
    assert_eq!(inf, Lattice::Overdefined, "an inf result under ninf");
    let inf_in = eval(bin(FBinOp::FDiv, NINF), &[d(1.0), d(f64::INFINITY)]);
    assert_eq!(inf_in, Lattice::Overdefined, "an inf operand under ninf");
    assert_eq!(eval(bin(FBinOp::FMul, NNAN), &[d(2.0), d(3.0)]), d(6.0));
}

#[test]
fn comparisons_with_nan_and_signed_zero() {
    let (z, nz, nan) = (
        FloatConst::f64(0.0),
        FloatConst::f64(-0.0),
        FloatConst::f64(f64::NAN),
    );
    assert!(fcmp(FPredicate::Oeq, z, nz));
    assert!(!fcmp(FPredicate::One, z, nz));
    assert!(!fcmp(FPredicate::Oeq, nan, nan));
    assert!(fcmp(FPredicate::Une, nan, nan));
    assert!(fcmp(FPredicate::Uno, nan, z));
    assert!(!fcmp(FPredicate::Ord, nan, z));
    assert!(fcmp(FPredicate::Ule, nan, z));
    assert!(!fcmp(FPredicate::Olt, z, nz));
}

#[test]
fn sign_operations_are_exact() {
    let neg = FloatOp::FNeg {
        fmf: FastMath::default(),
        value: Operand::Unknown,
    };
    assert_eq!(eval(neg.clone(), &[d(0.0)]), d(-0.0));
    assert_eq!(eval(neg, &[d(-2.5)]), d(2.5));
    let copysign = FloatOp::CopySign {
        fmf: FastMath::default(),
        magnitude: Operand::Unknown,
        sign: Operand::Unknown,
    };
    assert_eq!(eval(copysign, &[d(3.0), d(-0.0)]), d(-3.0));
}

#[test]
fn conversions_out_of_range_are_poison() {
    let f = |v: f64| FloatConst::f64(v);
    assert_eq!(to_int(f(-1.9), true, 8), Some(Konst::new(8, -1i64 as u64)));
    assert_eq!(to_int(f(127.9), true, 8), Some(Konst::new(8, 127)));
    assert_eq!(to_int(f(128.0), true, 8), None);
    assert_eq!(to_int(f(-128.5), true, 8), Some(Konst::new(8, 0x80)));
    assert_eq!(to_int(f(-129.0), true, 8), None);
    assert_eq!(to_int(f(-0.5), false, 8), Some(Konst::new(8, 0)));
    assert_eq!(to_int(f(-1.0), false, 8), None);
    assert_eq!(to_int(f(255.5), false, 8), Some(Konst::new(8, 255)));
    assert_eq!(to_int(f(f64::NAN), true, 32), None);
    assert_eq!(to_int(f(9.3e18), true, 64), None);
    assert_eq!(
        to_int(f(1.8e19), false, 64),
        Some(Konst::new(64, 18000000000000000000))
    );
    assert_eq!(to_int(f(1.9e19), false, 64), None);
    // 2^53 + 1 rounds to even.
    assert_eq!(
        from_i64(FloatKind::F64, (1 << 53) + 1).value(),
        9007199254740992.0
    );
    assert_eq!(
        from_u64(FloatKind::F32, u64::MAX).value(),
        18446744073709551616.0
    );
}

fn unary_op(op: FUnary) -> FloatOp {
    FloatOp::Unary {
        op,
        fmf: FastMath::default(),
        value: Operand::Unknown,
    }
}

#[test]
fn roundings_and_roots_are_exact() {
    assert_eq!(eval(unary_op(FUnary::Round), &[d(-2.5)]), d(-3.0));
    assert_eq!(eval(unary_op(FUnary::RoundEven), &[d(-2.5)]), d(-2.0));
    assert_eq!(eval(unary_op(FUnary::RoundEven), &[d(3.5)]), d(4.0));
    assert_eq!(eval(unary_op(FUnary::Floor), &[d(-0.5)]), d(-1.0));
    assert_eq!(eval(unary_op(FUnary::Ceil), &[d(-0.5)]), d(-0.0));
    assert_eq!(
        eval(unary_op(FUnary::Trunc), &[d(f64::INFINITY)]),
        d(f64::INFINITY)
    );
    assert_eq!(eval(unary_op(FUnary::Sqrt), &[d(-0.0)]), d(-0.0));
    for unfolded in [-1.0, f64::INFINITY, f64::NAN] {
        let root = eval(unary_op(FUnary::Sqrt), &[d(unfolded)]);
        assert_eq!(root, Lattice::Overdefined, "sqrt({unfolded})");
    }
    // The root of a float in single precision.
    let two = Lattice::Float(FloatConst::f32(2.0));
    let root = Lattice::Float(FloatConst::f32(2f32.sqrt()));
    assert_eq!(eval(unary_op(FUnary::Sqrt), &[two]), root);
}

#[test]
fn min_and_max_put_negative_zero_below_zero() {
    let op = |op| FloatOp::MinMax {
        op,
        fmf: FastMath::default(),
        lhs: Operand::Unknown,
        rhs: Operand::Unknown,
    };
    for (a, b) in [(0.0, -0.0), (-0.0, 0.0)] {
        assert_eq!(eval(op(FMinMax::MinNum), &[d(a), d(b)]), d(-0.0));
        assert_eq!(eval(op(FMinMax::Maximum), &[d(a), d(b)]), d(0.0));
    }
    assert_eq!(eval(op(FMinMax::MaxNum), &[d(1.0), d(-3.0)]), d(1.0));
    assert_eq!(eval(op(FMinMax::Minimum), &[d(1.0), d(-3.0)]), d(-3.0));
    let nan = eval(op(FMinMax::MinNum), &[d(f64::NAN), d(1.0)]);
    assert_eq!(nan, Lattice::Overdefined);
}

#[test]
fn mul_add_rounds_once() {
    let fma = |fmf| FloatOp::MulAdd {
        fmf,
        operands: Box::new([Operand::Unknown, Operand::Unknown, Operand::Unknown]),
    };
    // (1 + 2^-27)^2 - 1 = 2^-26 + 2^-54; a product rounded first loses 2^-54.
    let e = 1.0 + 2f64.powi(-27);
    let exact = 2f64.powi(-26) + 2f64.powi(-54);
    assert_ne!(e * e - 1.0, exact);
    let none = FastMath::default();
    assert_eq!(eval(fma(none), &[d(e), d(e), d(-1.0)]), d(exact));
    let nan = eval(fma(none), &[d(f64::INFINITY), d(0.0), d(1.0)]);
    assert_eq!(nan, Lattice::Overdefined, "inf * 0: a NaN");
    let inf = eval(fma(NINF), &[d(f64::INFINITY), d(2.0), d(1.0)]);
    assert_eq!(inf, Lattice::Overdefined, "ninf: poison");
}

#[test]
fn bitcasts_keep_the_bits_but_of_nans() {
    let from = |kind, v: u64| {
        let op = FloatOp::FromBits {
            kind,
            value: Operand::Unknown,
        };
        eval(op, &[Lattice::Const(Konst::new(64, v))])
    };
    assert_eq!(from(FloatKind::F64, 2f64.to_bits()), d(2.0));
    assert_eq!(from(FloatKind::F64, 1), d(f64::from_bits(1)));
    let negative_nan = from(FloatKind::F32, 0xffff_ffff);
    assert_eq!(negative_nan, Lattice::Overdefined);
    let to = FloatOp::ToBits {
        width: 32,
        value: Operand::Unknown,
    };
    let bits = eval(to.clone(), &[Lattice::Float(FloatConst::f32(-1.5))]);
    assert_eq!(
        bits,
        Lattice::Const(Konst::new(32, (-1.5f32).to_bits() as u64))
    );
    let nan = eval(to, &[Lattice::Float(FloatConst::f32(f32::NAN))]);
    assert_eq!(nan, Lattice::Overdefined);
}
