//! Floating point (float and double): arithmetic, `fcmp`, `frem`, the
//! partial inlining of the `sqrt` builtin, and the floating-point
//! intrinsics.
//!
//! F/D extension instructions (RISC-V ISA manual, "F" and "D" chapters);
//! unordered predicates are the negation of the opposite ordered one
//! (`feq`/`flt`/`fle` are the quiet and signalling compares the C
//! operators need); `frem` calls libm's `fmod`, as LLVM's `FREM` libcall;
//! `sqrt` follows LLVM's `PartiallyInlineLibCalls`.
//!
//! Intrinsics: `fma`/`fmuladd` (`fmadd`), `fabs`, `sqrt`, `copysign`
//! (`fsgnj`), `minnum`/`maxnum` (`fmin`/`fmax`, which return the other
//! operand for one NaN, as IEEE 754-2008 minNum), `minimum`/`maximum`
//! (`fmin`/`fmax` order -0 below +0; a NaN operand makes the result NaN,
//! as LLVM's `lowerFMINIMUM_FMAXIMUM` for RISC-V), `is.fpclass` (`fclass`
//! with the test mask translated to its bit order), `lrint`/`llrint`
//! (`fcvt.l` in the dynamic rounding mode); the rounding family (`floor`,
//! `ceil`, `trunc`, `round`, `roundeven`, `rint`, `nearbyint`),
//! `lround`/`llround` and the elementary functions call libm, as LLVM's
//! RISC-V back end does without Zfa (`RTLIB` libcalls), which keeps
//! exception flags and the dynamic rounding mode exactly as C says.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMRealPredicate};

use super::super::mir::*;
use super::{scalar_ty, Lowerer, Result, Ty};
use crate::ir;

/// Intrinsic families that are libm functions of one or two arguments of
/// the result's type: (family, double name, float name, arguments).
const LIBM: &[(&str, &str, &str, u32)] = &[
    ("floor", "floor", "floorf", 1),
    ("ceil", "ceil", "ceilf", 1),
    ("trunc", "trunc", "truncf", 1),
    ("round", "round", "roundf", 1),
    ("roundeven", "roundeven", "roundevenf", 1),
    ("rint", "rint", "rintf", 1),
    ("nearbyint", "nearbyint", "nearbyintf", 1),
    ("sin", "sin", "sinf", 1),
    ("cos", "cos", "cosf", 1),
    ("tan", "tan", "tanf", 1),
    ("exp", "exp", "expf", 1),
    ("exp2", "exp2", "exp2f", 1),
    ("exp10", "exp10", "exp10f", 1),
    ("log", "log", "logf", 1),
    ("log2", "log2", "log2f", 1),
    ("log10", "log10", "log10f", 1),
    ("pow", "pow", "powf", 2),
];

/// `llvm.is.fpclass` test bits (0 sNaN, 1 qNaN, 2 -inf, 3 -normal,
/// 4 -subnormal, 5 -0, 6 +0, 7 +subnormal, 8 +normal, 9 +inf) as the bits
/// of `fclass`'s result (0 -inf … 7 +inf, 8 sNaN, 9 qNaN).
fn fclass_mask(test: u64) -> i64 {
    let nan = test & 3;
    let rest = (test >> 2) & 0xff;
    ((nan << 8) | rest) as i64
}

impl Lowerer {
    /// Lowers `inst` if `fam` is a floating-point intrinsic family; false
    /// if it is not one.
    pub(super) unsafe fn float_intrinsic(&mut self, inst: LLVMValueRef, fam: &str) -> Result<bool> {
        let arg = |k| LLVMGetOperand(inst, k);
        if fam == "is.fpclass" {
            let ty = self.ty_of(arg(0), inst)?;
            let test = self
                .const_int(arg(1))
                .ok_or_else(|| self.unsupported(inst))?;
            let x = self.val(arg(0), inst)?;
            let class = self.unary(
                if ty == Ty::F64 {
                    "fclass.d"
                } else {
                    "fclass.s"
                },
                Class::Int,
                x,
            );
            let mask = self.li(fclass_mask(test as u64));
            let hit = self.op("and", Class::Int, class, mask);
            let r = self.unary("snez", Class::Int, hit);
            self.def(inst, r);
            return Ok(true);
        }
        if matches!(fam, "lround" | "llround" | "lrint" | "llrint") {
            let from = self.ty_of(arg(0), inst)?;
            let Ty::Int(bits) = self.ty_of(inst, inst)? else {
                return Err(self.unsupported(inst));
            };
            if from.class() != Class::Float || bits == 1 {
                return Err(self.unsupported(inst));
            }
            let d = from == Ty::F64;
            let x = self.val(arg(0), inst)?;
            let r = if fam.ends_with("rint") {
                self.unary(if d { "fcvt.l.d" } else { "fcvt.l.s" }, Class::Int, x)
            } else {
                let rd = self.new_vreg(Class::Int);
                self.push(Inst::Call {
                    callee: Callee::Direct(if d { "lround" } else { "lroundf" }.into()),
                    args: vec![(x, ArgLoc::FloatReg(0))],
                    rets: vec![(rd, ArgLoc::IntReg(0))],
                });
                rd
            };
            let r = self.sext_from(r, bits);
            self.def(inst, r);
            return Ok(true);
        }
        let libm = LIBM.iter().find(|e| e.0 == fam);
        let ours = libm.is_some()
            || matches!(
                fam,
                "fma"
                    | "fmuladd"
                    | "fabs"
                    | "sqrt"
                    | "copysign"
                    | "minnum"
                    | "maxnum"
                    | "minimum"
                    | "maximum"
            );
        if !ours {
            return Ok(false);
        }
        let ty = self.ty_of(inst, inst)?;
        if ty.class() != Class::Float {
            return Err(self.unsupported(inst));
        }
        let d = ty == Ty::F64;
        let pick = |double: &'static str, single: &'static str| if d { double } else { single };
        let n = LLVMGetNumArgOperands(inst);
        let mut xs = Vec::new();
        for k in 0..n {
            if self.ty_of(arg(k), inst)? != ty {
                return Err(self.unsupported(inst));
            }
            xs.push(self.val(arg(k), inst)?);
        }
        let r = match (fam, xs.as_slice()) {
            (_, _) if libm.is_some() => {
                let &(_, double, single, nargs) = libm.unwrap();
                if n != nargs {
                    return Err(self.unsupported(inst));
                }
                let rd = self.new_vreg(Class::Float);
                self.push(Inst::Call {
                    callee: Callee::Direct(pick(double, single).into()),
                    args: xs
                        .iter()
                        .enumerate()
                        .map(|(k, &x)| (x, ArgLoc::FloatReg(k as u8)))
                        .collect(),
                    rets: vec![(rd, ArgLoc::FloatReg(0))],
                });
                rd
            }
            ("fma" | "fmuladd", &[a, b, c]) => {
                let rd = self.new_vreg(Class::Float);
                self.push(Inst::Fma {
                    op: pick("fmadd.d", "fmadd.s"),
                    rd,
                    rs1: a,
                    rs2: b,
                    rs3: c,
                });
                rd
            }
            ("fabs", &[a]) => self.unary(pick("fabs.d", "fabs.s"), Class::Float, a),
            ("sqrt", &[a]) => self.unary(pick("fsqrt.d", "fsqrt.s"), Class::Float, a),
            ("copysign", &[a, b]) => self.op(pick("fsgnj.d", "fsgnj.s"), Class::Float, a, b),
            ("minnum", &[a, b]) => self.op(pick("fmin.d", "fmin.s"), Class::Float, a, b),
            ("maxnum", &[a, b]) => self.op(pick("fmax.d", "fmax.s"), Class::Float, a, b),
            ("minimum" | "maximum", &[a, b]) => {
                let op = match fam {
                    "minimum" => pick("fmin.d", "fmin.s"),
                    _ => pick("fmax.d", "fmax.s"),
                };
                let m = self.op(op, Class::Float, a, b);
                // Both ordered: the fmin/fmax result; else a NaN (a + b).
                let feq = pick("feq.d", "feq.s");
                let pa = self.op(feq, Class::Int, a, a);
                let pb = self.op(feq, Class::Int, b, b);
                let ordered = self.op("and", Class::Int, pa, pb);
                let nan = self.op(pick("fadd.d", "fadd.s"), Class::Float, a, b);
                self.select_value(ordered, m, nan, ty)
            }
            _ => return Err(self.unsupported(inst)),
        };
        self.def(inst, r);
        Ok(true)
    }

    /// `sqrt`/`sqrtf` from libm, called as a builtin: `fsqrt` computes the
    /// same result and only differs in not setting `errno` for a negative
    /// argument, where the result is NaN. So: `fsqrt`, and the library call
    /// only when the result is NaN (LLVM's PartiallyInlineLibCalls).
    pub(super) unsafe fn partial_inline_sqrt(
        &mut self,
        inst: LLVMValueRef,
        callee: LLVMValueRef,
    ) -> Result<bool> {
        let name = ir::name(callee);
        let ty = match name.as_str() {
            "sqrt" => Ty::F64,
            "sqrtf" => Ty::F32,
            _ => return Ok(false),
        };
        let fty = LLVMGlobalGetValueType(callee);
        let nobuiltin = LLVMGetEnumAttributeKindForName(c"nobuiltin".as_ptr(), 9);
        let fn_index = llvm_sys::LLVMAttributeFunctionIndex;
        let caller_forbids = |k: &std::ffi::CStr| {
            !LLVMGetStringAttributeAtIndex(self.func, fn_index, k.as_ptr(), k.count_bytes() as u32)
                .is_null()
        };
        let ok = LLVMIsDeclaration(callee) != 0
            && LLVMIsFunctionVarArg(fty) == 0
            && LLVMCountParamTypes(fty) == 1
            && LLVMGetNumArgOperands(inst) == 1
            && scalar_ty(LLVMGetReturnType(fty)) == Some(ty)
            && scalar_ty(LLVMTypeOf(LLVMGetOperand(inst, 0))) == Some(ty)
            && LLVMGetCallSiteEnumAttribute(inst, fn_index, nobuiltin).is_null()
            && LLVMGetEnumAttributeAtIndex(callee, fn_index, nobuiltin).is_null()
            && !caller_forbids(c"no-builtins")
            && !caller_forbids(if ty == Ty::F64 {
                c"no-builtin-sqrt"
            } else {
                c"no-builtin-sqrtf"
            });
        if !ok {
            return Ok(false);
        }
        let d = ty == Ty::F64;
        let x = self.val(LLVMGetOperand(inst, 0), inst)?;
        let r = self.new_vreg(Class::Float);
        self.push(Inst::Unary {
            op: if d { "fsqrt.d" } else { "fsqrt.s" },
            rd: r,
            rs: x,
            rm: None,
        });
        let ordered = self.op(if d { "feq.d" } else { "feq.s" }, Class::Int, r, r);
        let slow = self.new_piece();
        let cont = self.new_piece();
        self.push(Inst::Branch {
            op: "bne",
            rs1: ordered,
            rs2: None,
            taken: cont,
            not_taken: slow,
        });
        let done = std::mem::take(&mut self.out);
        self.f.blocks[self.cur].insts.extend(done);
        self.f.blocks[slow].insts = vec![
            Inst::Call {
                callee: Callee::Direct(name),
                args: vec![(x, ArgLoc::FloatReg(0))],
                rets: vec![(r, ArgLoc::FloatReg(0))],
            },
            Inst::Jump { target: cont },
        ];
        self.cur = cont;
        self.def(inst, r);
        Ok(true)
    }

    pub(super) unsafe fn float_binop(&mut self, inst: LLVMValueRef, opc: LLVMOpcode) -> Result<()> {
        use LLVMOpcode::*;
        let ty = self.ty_of(inst, inst)?;
        let d = ty == Ty::F64;
        let op = match opc {
            LLVMFAdd => ["fadd.s", "fadd.d"][d as usize],
            LLVMFSub => ["fsub.s", "fsub.d"][d as usize],
            LLVMFMul => ["fmul.s", "fmul.d"][d as usize],
            _ => ["fdiv.s", "fdiv.d"][d as usize],
        };
        let a = self.val(LLVMGetOperand(inst, 0), inst)?;
        let b = self.val(LLVMGetOperand(inst, 1), inst)?;
        let r = self.op(op, Class::Float, a, b);
        self.def(inst, r);
        Ok(())
    }

    pub(super) unsafe fn frem(&mut self, inst: LLVMValueRef) -> Result<()> {
        let ty = self.ty_of(inst, inst)?;
        let a = self.val(LLVMGetOperand(inst, 0), inst)?;
        let b = self.val(LLVMGetOperand(inst, 1), inst)?;
        let rd = self.new_vreg(Class::Float);
        let name = if ty == Ty::F64 { "fmod" } else { "fmodf" };
        self.push(Inst::Call {
            callee: Callee::Direct(name.into()),
            args: vec![(a, ArgLoc::FloatReg(0)), (b, ArgLoc::FloatReg(1))],
            rets: vec![(rd, ArgLoc::FloatReg(0))],
        });
        self.def(inst, rd);
        Ok(())
    }

    pub(super) unsafe fn fcmp(&mut self, inst: LLVMValueRef) -> Result<()> {
        use LLVMRealPredicate::*;
        let ty = self.ty_of(LLVMGetOperand(inst, 0), inst)?;
        let d = (ty == Ty::F64) as usize;
        let (feq, flt, fle) = (
            ["feq.s", "feq.d"][d],
            ["flt.s", "flt.d"][d],
            ["fle.s", "fle.d"][d],
        );
        let pred = LLVMGetFCmpPredicate(inst);
        if matches!(pred, LLVMRealPredicateFalse | LLVMRealPredicateTrue) {
            let r = self.li((pred == LLVMRealPredicateTrue) as i64);
            self.def(inst, r);
            return Ok(());
        }
        let a = self.val(LLVMGetOperand(inst, 0), inst)?;
        let b = self.val(LLVMGetOperand(inst, 1), inst)?;
        // Ordered predicates directly; unordered ones as the negation of
        // the opposite ordered predicate.
        let (ordered, negate) = match pred {
            LLVMRealOEQ | LLVMRealOGT | LLVMRealOGE | LLVMRealOLT | LLVMRealOLE | LLVMRealONE
            | LLVMRealORD => (pred, false),
            LLVMRealUEQ => (LLVMRealONE, true),
            LLVMRealUGT => (LLVMRealOLE, true),
            LLVMRealUGE => (LLVMRealOLT, true),
            LLVMRealULT => (LLVMRealOGE, true),
            LLVMRealULE => (LLVMRealOGT, true),
            LLVMRealUNE => (LLVMRealOEQ, true),
            _ => (LLVMRealORD, true), // UNO
        };
        let r = match ordered {
            LLVMRealOEQ => self.op(feq, Class::Int, a, b),
            LLVMRealOGT => self.op(flt, Class::Int, b, a),
            LLVMRealOGE => self.op(fle, Class::Int, b, a),
            LLVMRealOLT => self.op(flt, Class::Int, a, b),
            LLVMRealOLE => self.op(fle, Class::Int, a, b),
            LLVMRealONE => {
                let l = self.op(flt, Class::Int, a, b);
                let g = self.op(flt, Class::Int, b, a);
                self.op("or", Class::Int, l, g)
            }
            _ => {
                let p = self.op(feq, Class::Int, a, a);
                let q = self.op(feq, Class::Int, b, b);
                self.op("and", Class::Int, p, q)
            }
        };
        let r = if negate { self.opi("xori", r, 1) } else { r };
        self.def(inst, r);
        Ok(())
    }
}
