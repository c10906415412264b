//! Integer operations of 1 to 64 bits: binary arithmetic and logic,
//! shifts, `icmp`, `select`, and the canonical extensions every integer
//! result goes through.
//!
//! Follows the RISC-V unprivileged ISA manual (RV64I and M: the `*w`
//! forms operate on 32 bits and sign-extend, which is the canonical i32)
//! and `mir`'s invariant: i8/i16/i32 are held sign-extended, i1 as 0/1, so
//! an operation whose result may leave the range re-extends it and an
//! unsigned operation zero-extends its operands first (as LLVM's type
//! legaliser promotes narrow integers: `PromoteIntRes_*` in
//! `LegalizeIntegerTypes.cpp`).

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};

use super::super::mir::*;
use super::{canonical, fits12, scalar_ty, Lowerer, Result, Ty};

impl Lowerer {
    /// Re-establishes the canonical form of a `bits`-wide integer.
    pub(super) fn sext_from(&mut self, v: VReg, bits: u32) -> VReg {
        match bits {
            1 => self.opi("andi", v, 1),
            32 => self.opi("addiw", v, 0),
            64 => v,
            _ => {
                let t = self.opi("slli", v, 64 - bits as i64);
                self.opi("srai", t, 64 - bits as i64)
            }
        }
    }

    /// The zero-extension of a canonical `bits`-wide integer.
    pub(super) fn zext_from(&mut self, v: VReg, bits: u32) -> VReg {
        match bits {
            1 | 64 => v,
            2..=11 => self.opi("andi", v, (1 << bits) - 1),
            _ => {
                let t = self.opi("slli", v, 64 - bits as i64);
                self.opi("srli", t, 64 - bits as i64)
            }
        }
    }

    pub(super) unsafe fn int_binop(&mut self, inst: LLVMValueRef, opc: LLVMOpcode) -> Result<()> {
        use LLVMOpcode::*;
        let Ty::Int(bits) = self.ty_of(inst, inst)? else {
            return Err(self.unsupported(inst));
        };
        let (x, y) = (LLVMGetOperand(inst, 0), LLVMGetOperand(inst, 1));
        let imm = self.const_int(y).map(|c| canonical(c, bits));
        let w = bits == 32;
        let narrow = !matches!(bits, 32 | 64);
        // (register form, immediate form or "", re-extend result)
        let (rr, ri, resext): (&'static str, &'static str, bool) = match (opc, bits) {
            (LLVMAdd | LLVMSub | LLVMXor, 1) | (LLVMOr, _) | (LLVMAnd, _) | (LLVMXor, _) => {
                match opc {
                    LLVMOr => ("or", "ori", false),
                    LLVMAnd => ("and", "andi", false),
                    _ => ("xor", "xori", false),
                }
            }
            (LLVMMul, 1) => ("and", "andi", false),
            (_, 1) => return Err(self.unsupported(inst)),
            (LLVMAdd, _) => (
                if w { "addw" } else { "add" },
                if w { "addiw" } else { "addi" },
                narrow,
            ),
            (LLVMSub, _) => (if w { "subw" } else { "sub" }, "", narrow),
            (LLVMMul, _) => (if w { "mulw" } else { "mul" }, "", narrow),
            (LLVMSDiv, _) => (if w { "divw" } else { "div" }, "", narrow),
            (LLVMSRem, _) => (if w { "remw" } else { "rem" }, "", false),
            (LLVMUDiv, _) => (if w { "divuw" } else { "divu" }, "", narrow),
            (LLVMURem, _) => (if w { "remuw" } else { "remu" }, "", narrow),
            (LLVMShl, _) => (
                if w { "sllw" } else { "sll" },
                if w { "slliw" } else { "slli" },
                narrow,
            ),
            (LLVMLShr, _) => (
                if w { "srlw" } else { "srl" },
                if w { "srliw" } else { "srli" },
                narrow,
            ),
            (LLVMAShr, _) => (
                if w { "sraw" } else { "sra" },
                if w { "sraiw" } else { "srai" },
                false,
            ),
            _ => return Err(self.unsupported(inst)),
        };
        let mut a = self.val(x, inst)?;
        let unsigned_narrow = narrow && matches!(opc, LLVMUDiv | LLVMURem | LLVMLShr);
        if unsigned_narrow {
            a = self.zext_from(a, bits);
        }
        let is_shift = matches!(opc, LLVMShl | LLVMLShr | LLVMAShr);
        let r = match imm {
            Some(c) if is_shift && !ri.is_empty() => {
                let sh = c & if w { 31 } else { 63 };
                self.opi(ri, a, sh)
            }
            Some(c) if opc == LLVMSub && fits12(c.wrapping_neg()) && bits > 1 => {
                self.opi(if w { "addiw" } else { "addi" }, a, -c)
            }
            Some(c) if !ri.is_empty() && !is_shift && fits12(c) => self.opi(ri, a, c),
            _ => {
                let mut b = self.val(y, inst)?;
                if unsigned_narrow && !is_shift {
                    b = self.zext_from(b, bits);
                }
                self.op(rr, Class::Int, a, b)
            }
        };
        let r = if resext { self.sext_from(r, bits) } else { r };
        self.def(inst, r);
        Ok(())
    }

    pub(super) unsafe fn icmp(&mut self, inst: LLVMValueRef) -> Result<()> {
        let x = LLVMGetOperand(inst, 0);
        let Ty::Int(bits) = self.ty_of(x, inst)? else {
            return Err(self.unsupported(inst));
        };
        let pred = LLVMGetICmpPredicate(inst);
        if bits > 1 && self.fusable(inst) {
            self.fused.insert(inst);
            return Ok(());
        }
        let y = LLVMGetOperand(inst, 1);
        let (a, b) = (self.val(x, inst)?, self.val(y, inst)?);
        let r = self.compare(pred, a, b, bits);
        self.def(inst, r);
        Ok(())
    }

    /// `icmp pred a, b` of two canonical `bits`-wide integers, as 0/1.
    pub(super) fn compare(
        &mut self,
        pred: LLVMIntPredicate,
        mut a: VReg,
        mut b: VReg,
        bits: u32,
    ) -> VReg {
        use LLVMIntPredicate::*;
        if bits == 1 && matches!(pred, LLVMIntSLT | LLVMIntSLE | LLVMIntSGT | LLVMIntSGE) {
            // i1 is held as 0/1; signed order needs 0/-1.
            a = self.unary("neg", Class::Int, a);
            b = self.unary("neg", Class::Int, b);
        }
        match pred {
            LLVMIntEQ | LLVMIntNE => {
                let t = self.op("xor", Class::Int, a, b);
                self.unary(
                    if pred == LLVMIntEQ { "seqz" } else { "snez" },
                    Class::Int,
                    t,
                )
            }
            LLVMIntSLT => self.op("slt", Class::Int, a, b),
            LLVMIntSGT => self.op("slt", Class::Int, b, a),
            LLVMIntULT => self.op("sltu", Class::Int, a, b),
            LLVMIntUGT => self.op("sltu", Class::Int, b, a),
            LLVMIntSGE | LLVMIntSLE | LLVMIntUGE | LLVMIntULE => {
                let (op, p, q) = match pred {
                    LLVMIntSGE => ("slt", a, b),
                    LLVMIntSLE => ("slt", b, a),
                    LLVMIntUGE => ("sltu", a, b),
                    _ => ("sltu", b, a),
                };
                let t = self.op(op, Class::Int, p, q);
                self.opi("xori", t, 1)
            }
        }
    }

    pub(super) unsafe fn select(&mut self, inst: LLVMValueRef) -> Result<()> {
        let ty = self.ty_of(inst, inst)?;
        if scalar_ty(LLVMTypeOf(LLVMGetOperand(inst, 0))) != Some(Ty::Int(1)) {
            return Err(self.unsupported(inst));
        }
        let c = self.val(LLVMGetOperand(inst, 0), inst)?;
        let a = self.val(LLVMGetOperand(inst, 1), inst)?;
        let b = self.val(LLVMGetOperand(inst, 2), inst)?;
        let r = self.select_value(c, a, b, ty);
        self.def(inst, r);
        Ok(())
    }

    /// `select` of an aggregate or wide integer: leaf by leaf.
    pub(super) unsafe fn select_leaves(&mut self, inst: LLVMValueRef) -> Result<()> {
        if scalar_ty(LLVMTypeOf(LLVMGetOperand(inst, 0))) != Some(Ty::Int(1)) {
            return Err(self.unsupported(inst));
        }
        let layout = self.agg_layout_of(inst, inst)?;
        let c = self.val(LLVMGetOperand(inst, 0), inst)?;
        let a = self.agg_val(LLVMGetOperand(inst, 1), inst)?;
        let b = self.agg_val(LLVMGetOperand(inst, 2), inst)?;
        let r = layout
            .iter()
            .zip(a.into_iter().zip(b))
            .map(|(&(t, _), (x, y))| self.select_value(c, x, y, t))
            .collect();
        self.def_agg(inst, r);
        Ok(())
    }

    /// `c ? a : b` for a 0/1 register `c`, without a branch.
    pub(super) fn select_value(&mut self, c: VReg, mut a: VReg, mut b: VReg, ty: Ty) -> VReg {
        let (to_int, from_int) = match ty {
            Ty::F64 => ("fmv.x.d", "fmv.d.x"),
            Ty::F32 => ("fmv.x.w", "fmv.w.x"),
            Ty::Int(_) => ("", ""),
        };
        if !to_int.is_empty() {
            a = self.unary(to_int, Class::Int, a);
            b = self.unary(to_int, Class::Int, b);
        }
        // r = b ^ ((a ^ b) & -c)
        let m = self.unary("neg", Class::Int, c);
        let t = self.op("xor", Class::Int, a, b);
        let t = self.op("and", Class::Int, t, m);
        let mut r = self.op("xor", Class::Int, b, t);
        if !from_int.is_empty() {
            r = self.unary(from_int, Class::Float, r);
        }
        r
    }
}
