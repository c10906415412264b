//! Reading `float` and `double` instructions into `Op::Float`: the
//! function's floating-point environment (`strictfp` reads nothing; a
//! denormal mode other than IEEE is recorded, so that `float` folds
//! nothing a flush could change), the fast-math flags that make a result
//! poison (`nnan`, `ninf`), and each operation's operands and types.
//!
//! Invariant: an instruction becomes `Op::Float` only if every type it
//! involves is `float` or `double` (`float_kind`); anything else is left
//! to the other readers (and so, in the end, to `Op::Opaque`).

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMRealPredicate, LLVMTypeKind};

use crate::ir;

use super::super::float::{
    Environment, FBinOp, FMinMax, FPredicate, FUnary, FastMath, FloatKind, FloatOp,
};
use super::{int_width, Reader};

/// `float` or `double`.
///
/// # Safety
/// `ty` is a live type.
pub unsafe fn float_kind(ty: LLVMTypeRef) -> Option<FloatKind> {
    match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMFloatTypeKind => Some(FloatKind::F32),
        LLVMTypeKind::LLVMDoubleTypeKind => Some(FloatKind::F64),
        _ => None,
    }
}

/// The floating-point environment of `function`, `None` if it is
/// `strictfp` (then no floating-point operation is evaluated: the rounding
/// mode and the exception flags are dynamic).
pub(super) unsafe fn float_environment(function: LLVMValueRef) -> Option<Environment> {
    if ir::attributes::has_function_attribute(function, "strictfp") {
        return None;
    }
    let not_ieee = |name| {
        ir::attributes::string_function_attribute(function, name)
            .is_some_and(|mode| mode != "ieee,ieee" && mode != "ieee")
    };
    Some(Environment {
        denormals_not_ieee: not_ieee("denormal-fp-math") || not_ieee("denormal-fp-math-f32"),
    })
}

/// The fast-math flags of `inst` that make results poison.
unsafe fn fast_math(inst: LLVMValueRef) -> FastMath {
    if LLVMCanValueUseFastMathFlags(inst) == 0 {
        return FastMath::default();
    }
    let flags = LLVMGetFastMathFlags(inst);
    FastMath {
        nnan: flags & llvm_sys::LLVMFastMathNoNaNs != 0,
        ninf: flags & llvm_sys::LLVMFastMathNoInfs != 0,
    }
}

impl Reader<'_> {
    /// A floating-point instruction of `float`/`double` (`float`).
    pub(super) unsafe fn float_op(
        &self,
        inst: LLVMValueRef,
        opcode: LLVMOpcode,
    ) -> Option<FloatOp> {
        use LLVMOpcode::*;
        // Decided by the opcode first: reading types and flags costs C API
        // calls on every instruction.
        let candidate = matches!(
            opcode,
            LLVMFAdd
                | LLVMFSub
                | LLVMFMul
                | LLVMFDiv
                | LLVMFRem
                | LLVMFNeg
                | LLVMFCmp
                | LLVMFPToSI
                | LLVMFPToUI
                | LLVMSIToFP
                | LLVMUIToFP
                | LLVMFPExt
                | LLVMFPTrunc
                | LLVMBitCast
                | LLVMCall
        );
        if !candidate || LLVMGetNumOperands(inst) == 0 {
            return None;
        }
        let operand = |k: u32| self.operand(LLVMGetOperand(inst, k));
        let ty = LLVMTypeOf(inst);
        let from = LLVMTypeOf(LLVMGetOperand(inst, 0));
        let fmf = fast_math(inst);
        let binary = |op| {
            float_kind(ty)?;
            Some(FloatOp::Binary {
                op,
                fmf,
                lhs: operand(0),
                rhs: operand(1),
            })
        };
        match opcode {
            LLVMFAdd => binary(FBinOp::FAdd),
            LLVMFSub => binary(FBinOp::FSub),
            LLVMFMul => binary(FBinOp::FMul),
            LLVMFDiv => binary(FBinOp::FDiv),
            LLVMFRem => binary(FBinOp::FRem),
            LLVMFNeg => {
                float_kind(ty)?;
                Some(FloatOp::FNeg {
                    fmf,
                    value: operand(0),
                })
            }
            LLVMFCmp => {
                float_kind(from)?;
                Some(FloatOp::FCmp {
                    pred: real_predicate(LLVMGetFCmpPredicate(inst)),
                    fmf,
                    lhs: operand(0),
                    rhs: operand(1),
                })
            }
            LLVMFPToSI | LLVMFPToUI => {
                float_kind(from)?;
                Some(FloatOp::ToInt {
                    signed: opcode == LLVMFPToSI,
                    width: int_width(ty)?,
                    value: operand(0),
                })
            }
            LLVMSIToFP | LLVMUIToFP => {
                int_width(from)?;
                Some(FloatOp::FromInt {
                    signed: opcode == LLVMSIToFP,
                    // LLVM 19's `PossiblyNonNegInst` is zext and uitofp.
                    nneg: opcode == LLVMUIToFP && LLVMGetNNeg(inst) != 0,
                    fmf,
                    kind: float_kind(ty)?,
                    value: operand(0),
                })
            }
            LLVMFPExt | LLVMFPTrunc => {
                float_kind(from)?;
                Some(FloatOp::Convert {
                    fmf,
                    kind: float_kind(ty)?,
                    value: operand(0),
                })
            }
            // Types of one size, by the verifier.
            LLVMBitCast => match (float_kind(from), float_kind(ty)) {
                (None, Some(kind)) => {
                    int_width(from)?;
                    Some(FloatOp::FromBits {
                        kind,
                        value: operand(0),
                    })
                }
                (Some(_), None) => Some(FloatOp::ToBits {
                    width: int_width(ty)?,
                    value: operand(0),
                }),
                _ => None,
            },
            LLVMCall => {
                float_kind(ty)?;
                let name = ir::called_intrinsic_name(inst)?;
                let n = LLVMGetNumArgOperands(inst);
                match name.rsplit_once('.')?.0 {
                    "llvm.fabs" if n == 1 => Some(FloatOp::Fabs {
                        fmf,
                        value: operand(0),
                    }),
                    "llvm.copysign" if n == 2 => Some(FloatOp::CopySign {
                        fmf,
                        magnitude: operand(0),
                        sign: operand(1),
                    }),
                    "llvm.fma" | "llvm.fmuladd" if n == 3 => Some(FloatOp::MulAdd {
                        fmf,
                        operands: Box::new([operand(0), operand(1), operand(2)]),
                    }),
                    base if n == 1 => Some(FloatOp::Unary {
                        op: unary_intrinsic(base)?,
                        fmf,
                        value: operand(0),
                    }),
                    base if n == 2 => Some(FloatOp::MinMax {
                        op: min_max_intrinsic(base)?,
                        fmf,
                        lhs: operand(0),
                        rhs: operand(1),
                    }),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// The `FUnary` of an intrinsic's name without its type suffix.
fn unary_intrinsic(name: &str) -> Option<FUnary> {
    Some(match name {
        "llvm.sqrt" => FUnary::Sqrt,
        "llvm.floor" => FUnary::Floor,
        "llvm.ceil" => FUnary::Ceil,
        "llvm.trunc" => FUnary::Trunc,
        "llvm.round" => FUnary::Round,
        "llvm.roundeven" | "llvm.rint" | "llvm.nearbyint" => FUnary::RoundEven,
        _ => return None,
    })
}

/// The `FMinMax` of an intrinsic's name without its type suffix.
fn min_max_intrinsic(name: &str) -> Option<FMinMax> {
    Some(match name {
        "llvm.minnum" => FMinMax::MinNum,
        "llvm.maxnum" => FMinMax::MaxNum,
        "llvm.minimum" => FMinMax::Minimum,
        "llvm.maximum" => FMinMax::Maximum,
        _ => return None,
    })
}

fn real_predicate(p: LLVMRealPredicate) -> FPredicate {
    use LLVMRealPredicate::*;
    match p {
        LLVMRealPredicateFalse => FPredicate::False,
        LLVMRealOEQ => FPredicate::Oeq,
        LLVMRealOGT => FPredicate::Ogt,
        LLVMRealOGE => FPredicate::Oge,
        LLVMRealOLT => FPredicate::Olt,
        LLVMRealOLE => FPredicate::Ole,
        LLVMRealONE => FPredicate::One,
        LLVMRealORD => FPredicate::Ord,
        LLVMRealUNO => FPredicate::Uno,
        LLVMRealUEQ => FPredicate::Ueq,
        LLVMRealUGT => FPredicate::Ugt,
        LLVMRealUGE => FPredicate::Uge,
        LLVMRealULT => FPredicate::Ult,
        LLVMRealULE => FPredicate::Ule,
        LLVMRealUNE => FPredicate::Une,
        LLVMRealPredicateTrue => FPredicate::True,
    }
}
