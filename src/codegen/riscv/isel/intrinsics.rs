//! `llvm.*` intrinsic calls, dispatched on their family (the name without
//! `llvm.` and the overloaded type suffixes): integer ones are expanded in
//! `int_intrinsics`, floating-point ones in `float`; here the rest:
//! `memcpy`/`memmove`/`memset` (and their `.inline` forms) as libc calls,
//! varargs (`va_start`/`va_copy`/`va_end`, the psABI's `va_list` being a
//! plain pointer), `stacksave`/`stackrestore`, `load.relative`,
//! `objectsize` (unknown at code generation: -1, or 0 for the minimum, as
//! LLVM's `lowerObjectSizeCall` when nothing is known), `expect`,
//! `threadlocal.address` (the address itself: thread-local globals are
//! refused where their address is read), `trap`/`ubsantrap` (`unimp`, as
//! LLVM's RISC-V back end), and the markers that emit no code (debug
//! records, `lifetime`, `invariant`, `assume`, `prefetch`, alias scopes,
//! `sideeffect`, annotations).
//!
//! Semantics from the LLVM Language Reference Manual, "Intrinsic
//! Functions"; anything not listed is refused.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::super::mir::*;
use super::{canonical, fits12, Lowerer, Result, Ty};

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
        let fam = family(name);
        if self.int_intrinsic(inst, fam)? || self.float_intrinsic(inst, fam)? {
            return Ok(());
        }
        let arg = |k| LLVMGetOperand(inst, k);
        match fam {
            _ if NO_CODE.contains(&fam) || fam.starts_with("dbg.") => {}
            "memcpy" | "memmove" | "memset" => return self.libc_call(inst, fam, 3),
            "memcpy.inline" | "memset.inline" => {
                return self.libc_call(inst, fam.trim_end_matches(".inline"), 3)
            }
            "va_start" => {
                if self.f.varargs.is_none() {
                    return Err(self.unsupported(inst));
                }
                let p = self.val(arg(0), inst)?;
                let rd = self.new_vreg(Class::Int);
                self.push(Inst::VaStart { rd });
                self.push(Inst::Store {
                    op: "sd",
                    src: rd,
                    base: Base::Reg(p),
                    off: 0,
                });
            }
            "va_copy" => {
                let d = self.val(arg(0), inst)?;
                let s = self.val(arg(1), inst)?;
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
            }
            "stacksave" => {
                let rd = self.new_vreg(Class::Int);
                self.push(Inst::StackSave { rd });
                self.def(inst, rd);
            }
            "stackrestore" => {
                let rs = self.val(arg(0), inst)?;
                self.push(Inst::StackRestore { rs });
            }
            // The value itself (the hint is for optimisers).
            "expect"
            | "expect.with.probability"
            | "launder.invariant.group"
            | "strip.invariant.group"
            | "ptr.annotation"
            | "threadlocal.address" => {
                self.ty_of(inst, inst)?;
                let v = self.val(arg(0), inst)?;
                self.def(inst, v);
            }
            // A token-like pointer only `invariant.end` reads.
            "invariant.start" => {
                let z = self.li(0);
                self.def(inst, z);
            }
            "objectsize" => {
                let min = self
                    .const_int(arg(1))
                    .ok_or_else(|| self.unsupported(inst))?;
                let Ty::Int(bits) = self.ty_of(inst, inst)? else {
                    return Err(self.unsupported(inst));
                };
                let r = self.li(canonical(if min & 1 == 1 { 0 } else { -1 }, bits));
                self.def(inst, r);
            }
            "load.relative" => self.load_relative(inst)?,
            "trap" | "ubsantrap" => self.trap(),
            _ => return Err(self.unsupported(inst)),
        }
        Ok(())
    }

    /// `llvm.load.relative(p, off)`: `p + sext(load i32 (p + off))`, the
    /// reader of relative lookup tables (LLVM's `PreISelIntrinsicLowering`).
    unsafe fn load_relative(&mut self, inst: LLVMValueRef) -> Result<()> {
        let p = self.val(LLVMGetOperand(inst, 0), inst)?;
        let off = LLVMGetOperand(inst, 1);
        let (base, disp) = match self.const_int(off) {
            Some(c) if fits12(c) => (p, c),
            _ => {
                let o = self.val(off, inst)?;
                (self.op("add", Class::Int, p, o), 0)
            }
        };
        let rel = self.load_scalar(Ty::Int(32), Base::Reg(base), disp);
        let r = self.op("add", Class::Int, p, rel);
        self.def(inst, r);
        Ok(())
    }

    /// `unimp` (an illegal instruction: SIGILL), as LLVM lowers `ISD::TRAP`
    /// on RISC-V. It ends the machine block; whatever follows in the IR
    /// block (normally just `unreachable`) goes to a new, unreachable one.
    fn trap(&mut self) {
        self.push(Inst::Unreachable);
        let done = std::mem::take(&mut self.out);
        self.f.blocks[self.cur].insts.extend(done);
        self.cur = self.new_piece();
        self.avail.clear();
    }
}

/// Intrinsic families that compile to nothing.
const NO_CODE: &[&str] = &[
    "lifetime.start",
    "lifetime.end",
    "invariant.end",
    "experimental.noalias.scope.decl",
    "assume",
    "prefetch",
    "sideeffect",
    "donothing",
    "var.annotation",
    "codeview.annotation",
    "va_end",
];

/// The family of an intrinsic: its name without `llvm.` and without the
/// type suffixes of an overloaded intrinsic (`llvm.umin.i32` → `umin`,
/// `llvm.memcpy.p0.p0.i64` → `memcpy`, `llvm.lround.i64.f64` → `lround`).
pub(super) fn family(name: &str) -> &str {
    let mut fam = name.strip_prefix("llvm.").unwrap_or(name);
    while let Some((rest, last)) = fam.rsplit_once('.') {
        if !is_type_suffix(last) {
            break;
        }
        fam = rest;
    }
    fam
}

/// `i32`, `f64`, `p0`, `v4i32`, `nxv2f64`, `f128`, `bf16`, …
fn is_type_suffix(s: &str) -> bool {
    let s = s
        .strip_prefix("nxv")
        .or_else(|| s.strip_prefix('v'))
        .unwrap_or(s);
    let s = s.trim_start_matches(|c: char| c.is_ascii_digit());
    let t = s
        .strip_prefix("bf")
        .or_else(|| s.strip_prefix(['i', 'f', 'p']));
    t.is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_drop_type_suffixes() {
        for (name, fam) in [
            ("llvm.umin.i32", "umin"),
            ("llvm.memcpy.p0.p0.i64", "memcpy"),
            ("llvm.memcpy.inline.p0.p0.i64", "memcpy.inline"),
            ("llvm.lround.i64.f64", "lround"),
            ("llvm.umul.with.overflow.i64", "umul.with.overflow"),
            ("llvm.is.fpclass.f64", "is.fpclass"),
            ("llvm.lifetime.start.p0", "lifetime.start"),
            (
                "llvm.experimental.noalias.scope.decl",
                "experimental.noalias.scope.decl",
            ),
            ("llvm.va_start", "va_start"),
            ("llvm.va_start.p0", "va_start"),
            ("llvm.dbg.value", "dbg.value"),
            ("llvm.stacksave.p0", "stacksave"),
            ("llvm.fshl.i8", "fshl"),
            ("llvm.fabs.f128", "fabs"),
            ("llvm.smax.v4i32", "smax"),
            ("llvm.load.relative.i64", "load.relative"),
        ] {
            assert_eq!(family(name), fam, "{name}");
        }
    }
}
