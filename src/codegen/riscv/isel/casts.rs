//! Casts: `trunc`, `zext`, `sext`, `ptrtoint`, `inttoptr`, `bitcast`,
//! `fptrunc`, `fpext` and the integer/float conversions.
//!
//! Integer casts only re-establish the canonical form (`integers`);
//! float-to-integer conversions round toward zero (`rtz`) as C requires,
//! with the F/D extension's `fcvt.*` (RISC-V ISA manual, "F" and "D"
//! chapters); `fmv.*` moves bit patterns between register files.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::super::mir::*;
use super::float::is_fp128;
use super::{Lowerer, Result, Ty};

impl Lowerer {
    pub(super) unsafe fn cast(&mut self, inst: LLVMValueRef, opc: LLVMOpcode) -> Result<()> {
        use LLVMOpcode::*;
        let x = LLVMGetOperand(inst, 0);
        if is_fp128(LLVMTypeOf(x)) || is_fp128(LLVMTypeOf(inst)) {
            return self.fp128_cast(inst, opc);
        }
        let from = self.ty_of(x, inst)?;
        let to = self.ty_of(inst, inst)?;
        let a = self.val(x, inst)?;
        let d = |t: Ty| (t == Ty::F64) as usize;
        let r = match (opc, from, to) {
            (LLVMTrunc, _, Ty::Int(b)) => self.sext_from(a, b),
            (LLVMZExt, Ty::Int(b), _) | (LLVMIntToPtr, Ty::Int(b), _) => self.zext_from(a, b),
            (LLVMSExt, Ty::Int(1), _) => self.unary("neg", Class::Int, a),
            (LLVMSExt, _, _) => a,
            (LLVMPtrToInt, _, Ty::Int(b)) => self.sext_from(a, b),
            (LLVMBitCast, Ty::Int(_), Ty::Int(_)) => a,
            (LLVMBitCast, Ty::F64, Ty::Int(64)) => self.unary("fmv.x.d", Class::Int, a),
            (LLVMBitCast, Ty::F32, Ty::Int(32)) => self.unary("fmv.x.w", Class::Int, a),
            (LLVMBitCast, Ty::Int(64), Ty::F64) => self.unary("fmv.d.x", Class::Float, a),
            (LLVMBitCast, Ty::Int(32), Ty::F32) => self.unary("fmv.w.x", Class::Float, a),
            (LLVMBitCast, f, t) if f == t => a,
            (LLVMFPTrunc, Ty::F64, Ty::F32) => self.unary("fcvt.s.d", Class::Float, a),
            (LLVMFPExt, Ty::F32, Ty::F64) => self.unary("fcvt.d.s", Class::Float, a),
            (LLVMFPToSI | LLVMFPToUI, f @ (Ty::F32 | Ty::F64), Ty::Int(b)) => {
                let signed = opc == LLVMFPToSI;
                let op = match (b > 32, signed, d(f)) {
                    (true, true, 1) => "fcvt.l.d",
                    (true, false, 1) => "fcvt.lu.d",
                    (false, true, 1) => "fcvt.w.d",
                    (false, false, 1) => "fcvt.wu.d",
                    (true, true, _) => "fcvt.l.s",
                    (true, false, _) => "fcvt.lu.s",
                    (false, true, _) => "fcvt.w.s",
                    (false, false, _) => "fcvt.wu.s",
                };
                let r = self.unary_rm(op, Class::Int, a, "rtz");
                self.sext_from(r, b)
            }
            (LLVMSIToFP | LLVMUIToFP, Ty::Int(b), t @ (Ty::F32 | Ty::F64)) => {
                let signed = opc == LLVMSIToFP;
                let mut a = a;
                if b == 1 && signed {
                    a = self.unary("neg", Class::Int, a);
                } else if b != 32 && !signed {
                    a = self.zext_from(a, b);
                }
                let op = match (b == 32, signed, d(t)) {
                    (true, true, 1) => "fcvt.d.w",
                    (true, false, 1) => "fcvt.d.wu",
                    (false, true, 1) => "fcvt.d.l",
                    (false, false, 1) => "fcvt.d.lu",
                    (true, true, _) => "fcvt.s.w",
                    (true, false, _) => "fcvt.s.wu",
                    (false, true, _) => "fcvt.s.l",
                    (false, false, _) => "fcvt.s.lu",
                };
                self.unary(op, Class::Float, a)
            }
            _ => return Err(self.unsupported(inst)),
        };
        self.def(inst, r);
        Ok(())
    }
}
