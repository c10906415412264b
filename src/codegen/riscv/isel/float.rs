//! Floating point (float and double): arithmetic, `fcmp`, `frem`, and the
//! partial inlining of the `sqrt` builtin.
//!
//! F/D extension instructions (RISC-V ISA manual, "F" and "D" chapters);
//! unordered predicates are the negation of the opposite ordered one
//! (`feq`/`flt`/`fle` are the quiet and signalling compares the C
//! operators need); `frem` calls libm's `fmod`, as LLVM's `FREM` libcall;
//! `sqrt` follows LLVM's `PartiallyInlineLibCalls`.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMRealPredicate};

use super::super::mir::*;
use super::{scalar_ty, Lowerer, Result, Ty};
use crate::ir;

impl Lowerer {
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
