//! `llvm.*` intrinsic calls, dispatched on their family (the name without
//! `llvm.` and the overloaded type suffixes): integer ones are expanded in
//! `int_intrinsics`, floating-point ones in `float`; here the rest:
//! `memcpy`/`memmove`/`memset` (and their `.inline` forms) inline when
//! small and of constant size, else as libc calls,
//! varargs (`va_start`/`va_copy`/`va_end`, the psABI's `va_list` being a
//! plain pointer), `stacksave`/`stackrestore`, `load.relative`,
//! `objectsize` (unknown at code generation: -1, or 0 for the minimum, as
//! LLVM's `lowerObjectSizeCall` when nothing is known), `is.constant`
//! (`__builtin_constant_p`: true exactly when the operand is an LLVM
//! constant, as LLVM's `LowerConstantIntrinsics`, which every `llc`
//! pipeline runs, -O0 too), `expect`,
//! `threadlocal.address` (the address itself, which `memory` computes by
//! the variable's TLS model), `trap`/`ubsantrap` (`unimp`, as
//! LLVM's RISC-V back end), `debugtrap` (`ebreak`, as LLVM's),
//! `returnaddress`/`frameaddress` of depth 0 (ra and the stack pointer at
//! entry, read by `emit`; deeper frames refused), and the markers that emit no code (debug
//! records, `lifetime`, `invariant`, `assume`, `prefetch`, alias scopes,
//! `sideeffect`, annotations).
//!
//! Semantics from the LLVM Language Reference Manual, "Intrinsic
//! Functions"; anything not listed is refused.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::super::atomic_seq::{FrameValue, Seq};
use super::super::mir::*;
use super::{canonical, fits12, Lowerer, Result, Ty};
use crate::ir;

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
        // Matched by prefix: its operand may be a struct or an array, whose
        // type suffixes `family` does not strip.
        if name.starts_with("llvm.is.constant.") {
            let known = LLVMIsConstant(LLVMGetOperand(inst, 0)) != 0;
            let r = self.li(i64::from(known));
            self.def(inst, r);
            return Ok(());
        }
        let fam = family(name);
        if self.int_intrinsic(inst, fam)? || self.float_intrinsic(inst, fam)? {
            return Ok(());
        }
        let arg = |k| LLVMGetOperand(inst, k);
        match fam {
            _ if NO_CODE.contains(&fam) || fam.starts_with("dbg.") => {}
            "memcpy" | "memmove" | "memset" | "memcpy.inline" | "memset.inline" => {
                let f = fam.trim_end_matches(".inline");
                if !self.small_mem(inst, f)? {
                    return self.libc_call(inst, f, 3);
                }
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
            "debugtrap" => self.push(Inst::Seq {
                seq: Box::new(Seq::Ebreak),
                defs: vec![],
                uses: vec![],
            }),
            "returnaddress" | "frameaddress" => self.frame_value(inst, fam)?,
            _ => return Err(self.unsupported(inst)),
        }
        Ok(())
    }

    /// A `memcpy`/`memmove`/`memset` of a small constant size, not
    /// volatile, as at most `MAX_INLINE_MEM_OPS` loads and stores of the
    /// widest width both pointers' alignment allows (LLVM's
    /// `getMemcpy`/`getMemset` expansion, `MaxStoresPerMemcpy` = 8): every
    /// load comes before every store, which makes overlapping `memmove`s
    /// right too. False when the call stays a call.
    unsafe fn small_mem(&mut self, inst: LLVMValueRef, f: &str) -> Result<bool> {
        let arg = |k| LLVMGetOperand(inst, k);
        let (Some(len), Some(volatile)) = (self.const_int(arg(2)), self.const_int(arg(3))) else {
            return Ok(false);
        };
        let set = f == "memset";
        let align = if set {
            self.param_align(inst, 0)
        } else {
            self.param_align(inst, 0).min(self.param_align(inst, 1))
        };
        if volatile != 0 || !fits_inline(len, align) {
            return Ok(false);
        }
        let dst = self.address(arg(0), inst)?;
        if set {
            let byte = self.val(arg(1), inst)?;
            let byte = self.zext_from(byte, 8);
            let ones = self.li(0x0101_0101_0101_0101);
            let splat = self.op("mul", Class::Int, byte, ones);
            for (off, w) in chunks(len, align.clamp(1, 8) as i64) {
                self.store_scalar(Ty::Int(8 * w as u32), splat, dst.0, dst.1 + off);
            }
        } else {
            let src = self.address(arg(1), inst)?;
            self.inline_copy(dst, src, len, align);
        }
        Ok(true)
    }

    /// Copies `len` bytes from `src` to `dst` (bases and offsets, both
    /// `align`-aligned) as the loads and stores of `chunks`, every load
    /// before every store. The caller has checked `fits_inline`.
    pub(super) fn inline_copy(
        &mut self,
        dst: (Base<VReg>, i64),
        src: (Base<VReg>, i64),
        len: i64,
        align: u64,
    ) {
        let chunks = chunks(len, align.clamp(1, 8) as i64);
        let values: Vec<VReg> = chunks
            .iter()
            .map(|&(off, w)| self.load_scalar(Ty::Int(8 * w as u32), src.0, src.1 + off))
            .collect();
        for (&(off, w), v) in chunks.iter().zip(values) {
            self.store_scalar(Ty::Int(8 * w as u32), v, dst.0, dst.1 + off);
        }
    }

    /// The `align` attribute of call argument `k` (1 when absent).
    unsafe fn param_align(&self, inst: LLVMValueRef, k: u32) -> u64 {
        let kind = crate::ir::attributes::kind("align");
        let a = LLVMGetCallSiteEnumAttribute(inst, k + 1, kind);
        if a.is_null() {
            1
        } else {
            LLVMGetEnumAttributeValue(a).max(1)
        }
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
    /// `llvm.returnaddress(0)` / `llvm.frameaddress(0)`; other depths
    /// would walk the caller's frames, which this back end does not link
    /// through a frame pointer: refused.
    unsafe fn frame_value(&mut self, inst: LLVMValueRef, fam: &str) -> Result<()> {
        if self.const_int(LLVMGetOperand(inst, 0)) != Some(0) {
            return Err(format!(
                "{}: unsupported: llvm.{fam} of a depth other than 0: {}",
                ir::function_label(self.func),
                ir::render(inst)
            ));
        }
        let what = if fam == "returnaddress" {
            FrameValue::ReturnAddress
        } else {
            FrameValue::FrameAddress
        };
        let rd = self.new_vreg(Class::Int);
        self.push(Inst::Seq {
            seq: Box::new(Seq::FrameValue(what)),
            defs: vec![rd],
            uses: vec![],
        });
        self.def(inst, rd);
        Ok(())
    }

    fn trap(&mut self) {
        self.push(Inst::Unreachable);
        let done = std::mem::take(&mut self.out);
        self.f.blocks[self.cur].insts.extend(done);
        self.cur = self.new_piece();
        self.avail.clear();
    }
}

/// Most loads (and as many stores) a `memcpy`/`memset` is expanded into.
const MAX_INLINE_MEM_OPS: usize = 8;

/// Whether a copy or fill of `len` bytes at `align` is expanded inline
/// (at most `MAX_INLINE_MEM_OPS` accesses) rather than called.
pub(super) fn fits_inline(len: i64, align: u64) -> bool {
    len > 0 && chunks(len, align.clamp(1, 8) as i64).len() <= MAX_INLINE_MEM_OPS
}

/// (offset, bytes) of the accesses covering `len` bytes, `width` at a
/// time, the tail in halves.
fn chunks(len: i64, width: i64) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    let (mut off, mut w) = (0, width);
    while off < len && out.len() <= MAX_INLINE_MEM_OPS {
        while off + w > len {
            w /= 2;
        }
        out.push((off, w));
        off += w;
    }
    out
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
    fn chunks_cover_the_length_with_aligned_accesses() {
        assert_eq!(chunks(16, 8), vec![(0, 8), (8, 8)]);
        assert_eq!(chunks(7, 8), vec![(0, 4), (4, 2), (6, 1)]);
        assert_eq!(chunks(12, 4), vec![(0, 4), (4, 4), (8, 4)]);
        assert_eq!(chunks(3, 1), vec![(0, 1), (1, 1), (2, 1)]);
        for len in 1..80 {
            for width in [1, 2, 4, 8] {
                let c = chunks(len, width);
                let covered: i64 = c.iter().map(|x| x.1).sum();
                assert!(
                    c.len() > MAX_INLINE_MEM_OPS || covered == len,
                    "{len} {width}"
                );
                assert!(c.iter().all(|&(o, w)| o % w == 0 && w <= width));
            }
        }
    }

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
