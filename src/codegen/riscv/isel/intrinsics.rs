//! `llvm.*` intrinsic calls: `memcpy`/`memmove`/`memset` as libc calls,
//! varargs (`va_start`/`va_copy`/`va_end`, the psABI's `va_list` being a
//! plain pointer), `stacksave`/`stackrestore`, `fmuladd`/`fma`, `fabs`,
//! `sqrt`; debug, lifetime and alias-scope markers emit no code.
//!
//! Semantics from the LLVM Language Reference Manual, "Intrinsic
//! Functions"; anything not listed is refused.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::super::mir::*;
use super::{scalar_ty, Lowerer, Result, Ty};

impl Lowerer {
    pub(super) unsafe fn libc_call(
        &mut self,
        inst: LLVMValueRef,
        name: &str,
        nargs: u32,
    ) -> Result<()> {
        let mut args = Vec::new();
        for k in 0..nargs {
            let a = LLVMGetOperand(inst, k);
            let Ty::Int(b) = self.ty_of(a, inst)? else {
                return Err(self.unsupported(inst));
            };
            let mut v = self.val(a, inst)?;
            if k == 2 && b == 32 {
                v = self.zext_from(v, 32); // size_t length
            }
            args.push((v, ArgLoc::IntReg(k as u8)));
        }
        let rd = self.new_vreg(Class::Int);
        self.push(Inst::Call {
            callee: Callee::Direct(name.into()),
            args,
            rets: vec![(rd, ArgLoc::IntReg(0))],
        });
        Ok(())
    }

    pub(super) unsafe fn intrinsic(&mut self, inst: LLVMValueRef, name: &str) -> Result<()> {
        if name.ends_with(".f128") {
            return self.fp128_intrinsic(inst, name);
        }
        if name.starts_with("llvm.ptrmask.") {
            return self.ptrmask(inst);
        }
        let strip = |p: &str| name.strip_prefix(p).is_some();
        if strip("llvm.dbg.")
            || strip("llvm.lifetime.")
            || strip("llvm.experimental.noalias")
            || name == "llvm.va_end"
        {
            return Ok(());
        }
        if strip("llvm.memcpy.") || strip("llvm.memmove.") || strip("llvm.memset.") {
            let f = name.split('.').nth(1).unwrap();
            return self.libc_call(inst, f, 3);
        }
        if name == "llvm.va_start" || strip("llvm.va_start.") {
            if self.f.varargs.is_none() {
                return Err(self.unsupported(inst));
            }
            let p = self.val(LLVMGetOperand(inst, 0), inst)?;
            let rd = self.new_vreg(Class::Int);
            self.push(Inst::VaStart { rd });
            self.push(Inst::Store {
                op: "sd",
                src: rd,
                base: Base::Reg(p),
                off: 0,
            });
            return Ok(());
        }
        if name == "llvm.va_copy" || strip("llvm.va_copy.") {
            let d = self.val(LLVMGetOperand(inst, 0), inst)?;
            let s = self.val(LLVMGetOperand(inst, 1), inst)?;
            let t = self.new_vreg(Class::Int);
            self.push(Inst::Load {
                op: "ld",
                rd: t,
                base: Base::Reg(s),
                off: 0,
            });
            self.push(Inst::Store {
                op: "sd",
                src: t,
                base: Base::Reg(d),
                off: 0,
            });
            return Ok(());
        }
        if strip("llvm.va_end.") {
            return Ok(());
        }
        if strip("llvm.stacksave") {
            let rd = self.new_vreg(Class::Int);
            self.push(Inst::StackSave { rd });
            self.def(inst, rd);
            return Ok(());
        }
        if strip("llvm.stackrestore") {
            let rs = self.val(LLVMGetOperand(inst, 0), inst)?;
            self.push(Inst::StackRestore { rs });
            return Ok(());
        }
        let ty = scalar_ty(LLVMTypeOf(inst));
        let d = ty == Some(Ty::F64);
        let float = matches!(ty, Some(Ty::F32 | Ty::F64));
        if float && (strip("llvm.fmuladd.") || strip("llvm.fma.")) {
            let a = self.val(LLVMGetOperand(inst, 0), inst)?;
            let b = self.val(LLVMGetOperand(inst, 1), inst)?;
            let c = self.val(LLVMGetOperand(inst, 2), inst)?;
            let rd = self.new_vreg(Class::Float);
            self.push(Inst::Fma {
                op: if d { "fmadd.d" } else { "fmadd.s" },
                rd,
                rs1: a,
                rs2: b,
                rs3: c,
            });
            self.def(inst, rd);
            return Ok(());
        }
        if float && (strip("llvm.fabs.") || strip("llvm.sqrt.")) {
            let a = self.val(LLVMGetOperand(inst, 0), inst)?;
            let op = match (strip("llvm.fabs."), d) {
                (true, true) => "fabs.d",
                (true, false) => "fabs.s",
                (false, true) => "fsqrt.d",
                (false, false) => "fsqrt.s",
            };
            let r = self.unary(op, Class::Float, a);
            self.def(inst, r);
            return Ok(());
        }
        Err(self.unsupported(inst))
    }
}
