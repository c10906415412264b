//! Floating point: float and double (arithmetic, `fcmp`, `frem`, the
//! partial inlining of the `sqrt` builtin) and `long double` (fp128, soft
//! float through libgcc; see the second `impl` block).
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
use llvm_sys::{LLVMOpcode, LLVMRealPredicate, LLVMTypeKind};

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
        let nobuiltin = crate::ir::attributes::kind("nobuiltin");
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
        if is_fp128(LLVMTypeOf(inst)) {
            return self.fp128_binop(inst, opc);
        }
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
        if is_fp128(LLVMTypeOf(inst)) {
            return self.fp128_binop(inst, LLVMOpcode::LLVMFRem);
        }
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
        if is_fp128(LLVMTypeOf(LLVMGetOperand(inst, 0))) {
            return self.fp128_fcmp(inst);
        }
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

/// Whether `t` is `fp128` (C's `long double` under lp64d).
///
/// # Safety
/// `t` is a live type.
pub unsafe fn is_fp128(t: LLVMTypeRef) -> bool {
    LLVMGetTypeKind(t) == LLVMTypeKind::LLVMFP128TypeKind
}

/// The (low, high) 64-bit halves of an `fp128` constant. The C API reads
/// floating-point constants only as a (lossy) double, so this parses the
/// exact form LLVM's `AsmWriter` prints for fp128: `0xL` followed by the
/// low then the high word in hex.
///
/// # Safety
/// `c` is a live `fp128` constant.
pub unsafe fn fp128_bits(c: LLVMValueRef) -> Option<(u64, u64)> {
    let text = ir::render(c);
    let hex = text.split("0xL").nth(1)?.get(..32)?;
    let lo = u64::from_str_radix(&hex[..16], 16).ok()?;
    let hi = u64::from_str_radix(&hex[16..], 16).ok()?;
    Some((lo, hi))
}

/// `long double` (IEEE binary128, `fp128`) is soft float on RV64GC: a
/// value is two integer registers (low, high word; `aggregates` treats it
/// as two i64 leaves, so loads, stores, phis, `select`, calls and returns
/// move it like a pair, as the psABI passes it: a pair of integer
/// registers, or the stack). Arithmetic, comparisons and conversions are
/// calls to libgcc's soft-fp routines, chosen as LLVM's
/// `TargetLoweringBase::initLibcalls` and `softenSetCCOperands` choose
/// them (`__addtf3`, `__lttf2`, `__extenddftf2`, …).
impl Lowerer {
    /// Values in consecutive argument registers by class: integers in
    /// a0.., floats in fa0.. (a soft-float routine's arguments and results).
    fn in_registers(&self, values: &[VReg]) -> Vec<(VReg, ArgLoc)> {
        let (mut i, mut f) = (0u8, 0u8);
        values
            .iter()
            .map(|&v| {
                if self.f.classes[v as usize] == Class::Int {
                    i += 1;
                    (v, ArgLoc::IntReg(i - 1))
                } else {
                    f += 1;
                    (v, ArgLoc::FloatReg(f - 1))
                }
            })
            .collect()
    }

    /// A call to a soft-float routine: integer arguments in a0.., float
    /// arguments in fa0..; results in a0/a1 or fa0.
    fn libcall(&mut self, name: &str, args: &[VReg], rets: &[Class]) -> Vec<VReg> {
        let args = self.in_registers(args);
        let regs: Vec<VReg> = rets.iter().map(|&c| self.new_vreg(c)).collect();
        let rets = self.in_registers(&regs);
        self.push(Inst::Call {
            callee: Callee::Direct(name.into()),
            args,
            rets,
        });
        regs
    }

    unsafe fn fp128_val(&mut self, v: LLVMValueRef, ctx: LLVMValueRef) -> Result<Vec<VReg>> {
        self.agg_val(v, ctx)
    }

    /// Whether a parameter or argument of type `t` is a 2×XLEN-aligned
    /// scalar (fp128; i128 alike), which the psABI passes in an aligned
    /// register pair when variadic and at a 16-byte aligned stack slot.
    pub(super) unsafe fn aligned_pair(&self, t: LLVMTypeRef) -> bool {
        is_fp128(t)
            || (LLVMGetTypeKind(t) == LLVMTypeKind::LLVMIntegerTypeKind
                && LLVMGetIntTypeWidth(t) == 128)
    }

    pub(super) unsafe fn fp128_binop(&mut self, inst: LLVMValueRef, opc: LLVMOpcode) -> Result<()> {
        use LLVMOpcode::*;
        let name = match opc {
            LLVMFAdd => "__addtf3",
            LLVMFSub => "__subtf3",
            LLVMFMul => "__multf3",
            LLVMFDiv => "__divtf3",
            _ => "fmodl",
        };
        let mut args = self.fp128_val(LLVMGetOperand(inst, 0), inst)?;
        args.extend(self.fp128_val(LLVMGetOperand(inst, 1), inst)?);
        let r = self.libcall(name, &args, &[Class::Int, Class::Int]);
        self.def_agg(inst, r);
        Ok(())
    }

    /// `fneg`: flip the sign bit of the high word.
    pub(super) unsafe fn fp128_neg(&mut self, inst: LLVMValueRef) -> Result<()> {
        let a = self.fp128_val(LLVMGetOperand(inst, 0), inst)?;
        let sign = self.li(i64::MIN);
        let hi = self.op("xor", Class::Int, a[1], sign);
        self.def_agg(inst, vec![a[0], hi]);
        Ok(())
    }

    /// `fcmp` on fp128: one or two comparison routines, their `int` result
    /// tested against zero (LLVM's `softenSetCCOperands` table).
    pub(super) unsafe fn fp128_fcmp(&mut self, inst: LLVMValueRef) -> Result<()> {
        use LLVMRealPredicate::*;
        let pred = LLVMGetFCmpPredicate(inst);
        if matches!(pred, LLVMRealPredicateFalse | LLVMRealPredicateTrue) {
            let r = self.li((pred == LLVMRealPredicateTrue) as i64);
            self.def(inst, r);
            return Ok(());
        }
        let mut args = self.fp128_val(LLVMGetOperand(inst, 0), inst)?;
        args.extend(self.fp128_val(LLVMGetOperand(inst, 1), inst)?);
        // (routine, relation of its result to 0)
        let (first, second): ((&str, &str), Option<(&str, &str)>) = match pred {
            LLVMRealOEQ => (("__eqtf2", "=="), None),
            LLVMRealUNE => (("__netf2", "!="), None),
            LLVMRealOGE => (("__getf2", ">="), None),
            LLVMRealOLT => (("__lttf2", "<"), None),
            LLVMRealOLE => (("__letf2", "<="), None),
            LLVMRealOGT => (("__gttf2", ">"), None),
            LLVMRealULT => (("__getf2", "<"), None),
            LLVMRealULE => (("__gttf2", "<="), None),
            LLVMRealUGT => (("__letf2", ">"), None),
            LLVMRealUGE => (("__lttf2", ">="), None),
            LLVMRealUNO => (("__unordtf2", "!="), None),
            LLVMRealORD => (("__unordtf2", "=="), None),
            LLVMRealUEQ => (("__eqtf2", "=="), Some(("__unordtf2", "!="))),
            _ => (("__eqtf2", "!="), Some(("__unordtf2", "=="))), // ONE
        };
        let test = |lw: &mut Self, (name, rel): (&str, &str)| {
            let r = lw.libcall(name, &args, &[Class::Int])[0];
            let zero = lw.li(0);
            match rel {
                "==" => lw.unary("seqz", Class::Int, r),
                "!=" => lw.unary("snez", Class::Int, r),
                "<" => lw.op("slt", Class::Int, r, zero),
                ">" => lw.op("slt", Class::Int, zero, r),
                "<=" => {
                    let t = lw.op("slt", Class::Int, zero, r);
                    lw.opi("xori", t, 1)
                }
                _ => {
                    let t = lw.op("slt", Class::Int, r, zero);
                    lw.opi("xori", t, 1)
                }
            }
        };
        let mut r = test(self, first);
        if let Some(s) = second {
            let r2 = test(self, s);
            let op = if pred == LLVMRealUEQ { "or" } else { "and" };
            r = self.op(op, Class::Int, r, r2);
        }
        self.def(inst, r);
        Ok(())
    }

    /// `llvm.*.f128`: `fmuladd` as a multiply and an add (it may be
    /// unfused), `fabs`/`copysign` on the sign bit, the rest as the libm
    /// `long double` function (`sqrtl`, `fmal`, `floorl`, …).
    pub(super) unsafe fn fp128_intrinsic(&mut self, inst: LLVMValueRef, name: &str) -> Result<()> {
        let family = name
            .strip_prefix("llvm.")
            .and_then(|n| n.strip_suffix(".f128"))
            .unwrap_or("");
        let n = LLVMGetNumArgOperands(inst);
        let mut args = Vec::new();
        for k in 0..n {
            let a = LLVMGetOperand(inst, k);
            if !is_fp128(LLVMTypeOf(a)) {
                return Err(self.unsupported(inst));
            }
            args.push(self.fp128_val(a, inst)?);
        }
        let pair = [Class::Int, Class::Int];
        let r = match (family, args.as_slice()) {
            ("fmuladd", [a, b, c]) => {
                let ab = self.libcall("__multf3", &[a[0], a[1], b[0], b[1]], &pair);
                self.libcall("__addtf3", &[ab[0], ab[1], c[0], c[1]], &pair)
            }
            ("fabs", [a]) => {
                let m = self.li(i64::MAX);
                vec![a[0], self.op("and", Class::Int, a[1], m)]
            }
            ("copysign", [a, b]) => {
                let m = self.li(i64::MAX);
                let mag = self.op("and", Class::Int, a[1], m);
                let s = self.opi("srli", b[1], 63);
                let s = self.opi("slli", s, 63);
                vec![a[0], self.op("or", Class::Int, mag, s)]
            }
            _ => {
                let libm = match family {
                    "sqrt" => "sqrtl",
                    "fma" => "fmal",
                    "floor" => "floorl",
                    "ceil" => "ceill",
                    "trunc" => "truncl",
                    "round" => "roundl",
                    "rint" => "rintl",
                    "nearbyint" => "nearbyintl",
                    "minnum" => "fminl",
                    "maxnum" => "fmaxl",
                    "pow" => "powl",
                    "exp" => "expl",
                    "log" => "logl",
                    "sin" => "sinl",
                    "cos" => "cosl",
                    _ => return Err(self.unsupported(inst)),
                };
                let flat: Vec<VReg> = args.concat();
                self.libcall(libm, &flat, &pair)
            }
        };
        self.def_agg(inst, r);
        Ok(())
    }

    /// Conversions to and from fp128 through libgcc.
    pub(super) unsafe fn fp128_cast(&mut self, inst: LLVMValueRef, opc: LLVMOpcode) -> Result<()> {
        use LLVMOpcode::*;
        let x = LLVMGetOperand(inst, 0);
        let (from, to) = (LLVMTypeOf(x), LLVMTypeOf(inst));
        match opc {
            LLVMFPExt => {
                let name = match scalar_ty(from) {
                    Some(Ty::F64) => "__extenddftf2",
                    Some(Ty::F32) => "__extendsftf2",
                    _ => return Err(self.unsupported(inst)),
                };
                let a = self.val(x, inst)?;
                let r = self.libcall(name, &[a], &[Class::Int, Class::Int]);
                self.def_agg(inst, r);
            }
            LLVMFPTrunc => {
                let name = match scalar_ty(to) {
                    Some(Ty::F64) => "__trunctfdf2",
                    Some(Ty::F32) => "__trunctfsf2",
                    _ => return Err(self.unsupported(inst)),
                };
                let a = self.fp128_val(x, inst)?;
                let r = self.libcall(name, &a, &[Class::Float])[0];
                self.def(inst, r);
            }
            LLVMFPToSI | LLVMFPToUI => {
                let Some(Ty::Int(bits)) = scalar_ty(to) else {
                    return Err(self.unsupported(inst));
                };
                let name = match (opc == LLVMFPToSI, bits > 32) {
                    (true, true) => "__fixtfdi",
                    (true, false) => "__fixtfsi",
                    (false, true) => "__fixunstfdi",
                    (false, false) => "__fixunstfsi",
                };
                let a = self.fp128_val(x, inst)?;
                let r = self.libcall(name, &a, &[Class::Int])[0];
                let r = self.sext_from(r, bits);
                self.def(inst, r);
            }
            LLVMSIToFP | LLVMUIToFP => {
                let Some(Ty::Int(bits)) = scalar_ty(from) else {
                    return Err(self.unsupported(inst));
                };
                let signed = opc == LLVMSIToFP;
                let mut a = self.val(x, inst)?;
                // Narrow values widen to the 32-bit routine's argument.
                let name = if bits > 32 {
                    if signed {
                        "__floatditf"
                    } else {
                        "__floatunditf"
                    }
                } else if bits == 32 && !signed {
                    "__floatunsitf"
                } else {
                    if bits == 1 && signed {
                        a = self.unary("neg", Class::Int, a);
                    } else if !signed {
                        a = self.zext_from(a, bits);
                    }
                    "__floatsitf"
                };
                let r = self.libcall(name, &[a], &[Class::Int, Class::Int]);
                self.def_agg(inst, r);
            }
            _ => return Err(self.unsupported(inst)),
        }
        Ok(())
    }
}
