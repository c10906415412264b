//! Memory: allocas (frame slots, variable-length allocas on the stack),
//! `getelementptr` address arithmetic, loads and stores of every scalar
//! width, and constant address expressions (also used by `data`).
//!
//! Offsets come from the module's data layout (`LLVMOffsetOfElement`,
//! `LLVMABISizeOfType`), as LLVM's `DataLayout`; a constant-offset GEP used
//! only by loads and stores folds into their 12-bit displacement (RV64I
//! load/store addressing). Integers whose store size is not a power of two
//! (i24, i40, i48, i56) are loaded and stored bytewise, as LLVM's type
//! legaliser splits them.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use super::super::atomic_seq::Seq;
use super::super::mir::*;
use super::value_numbering::AvailKey;
use super::{fits12, scalar_ty, Lowerer, Result, Ty};
use crate::ir;

/// Whether the module is compiled for a shared library: position
/// independent (`PIC Level`) but not a position-independent executable
/// (no `PIE Level`), LLVM's `IsSharedLibrary` in `getTLSModel`.
unsafe fn is_shared_library(module: LLVMModuleRef) -> bool {
    ir::module_flag(module, "PIC Level").is_some() && ir::module_flag(module, "PIE Level").is_none()
}

/// A symbol plus offset, for constant addresses.
pub type SymOff = (String, i64);

/// Constant address expressions: globals (not thread-local ones), and
/// GEP/casts of them.
///
/// # Safety
/// `c` is a live constant.
pub unsafe fn const_address(td: LLVMTargetDataRef, c: LLVMValueRef) -> Option<SymOff> {
    if !LLVMIsAGlobalValue(c).is_null() {
        // A thread-local variable has no link-time address (each thread's
        // copy is found from `tp`): not a constant address.
        if !LLVMIsAGlobalVariable(c).is_null() && LLVMIsThreadLocal(c) != 0 {
            return None;
        }
        return Some((ir::name(c), 0));
    }
    if LLVMIsAConstantExpr(c).is_null() {
        return None;
    }
    match LLVMGetConstOpcode(c) {
        LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMPtrToInt | LLVMOpcode::LLVMIntToPtr => {
            const_address(td, LLVMGetOperand(c, 0))
        }
        LLVMOpcode::LLVMGetElementPtr => {
            let (sym, base) = const_address(td, LLVMGetOperand(c, 0))?;
            let off = gep_const_offset(td, c)?;
            Some((sym, base + off))
        }
        _ => None,
    }
}

/// The byte offset of a GEP (instruction or constant expression) whose
/// indices are all constant.
///
/// # Safety
/// `g` is a live GEP.
pub unsafe fn gep_const_offset(td: LLVMTargetDataRef, g: LLVMValueRef) -> Option<i64> {
    let mut off = 0i64;
    let mut ty = LLVMGetGEPSourceElementType(g);
    for k in 1..LLVMGetNumOperands(g) as u32 {
        let idx = LLVMGetOperand(g, k);
        if LLVMIsAConstantInt(idx).is_null() {
            return None;
        }
        let i = LLVMConstIntGetSExtValue(idx);
        if k > 1 {
            match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMStructTypeKind => {
                    off += LLVMOffsetOfElement(td, ty, i as u32) as i64;
                    ty = LLVMStructGetTypeAtIndex(ty, i as u32);
                    continue;
                }
                LLVMTypeKind::LLVMArrayTypeKind => ty = LLVMGetElementType(ty),
                _ => return None,
            }
        }
        off = off.wrapping_add(i.wrapping_mul(LLVMABISizeOfType(td, ty) as i64));
    }
    Some(off)
}

/// A thread-local global, or a constant GEP/cast of one: (global, offset).
unsafe fn tls_base(td: LLVMTargetDataRef, c: LLVMValueRef) -> Option<(LLVMValueRef, i64)> {
    if !LLVMIsAGlobalVariable(c).is_null() {
        return (LLVMIsThreadLocal(c) != 0).then_some((c, 0));
    }
    if LLVMIsAConstantExpr(c).is_null() {
        return None;
    }
    match LLVMGetConstOpcode(c) {
        LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => {
            tls_base(td, LLVMGetOperand(c, 0))
        }
        LLVMOpcode::LLVMGetElementPtr => {
            let (g, base) = tls_base(td, LLVMGetOperand(c, 0))?;
            Some((g, base + gep_const_offset(td, c)?))
        }
        _ => None,
    }
}

impl Lowerer {
    /// The address of a thread-local global in this thread, by the model
    /// LLVM's `TargetMachine::getTLSModel` picks: for a shared library
    /// (the module says `PIC Level` and no `PIE Level`, as `clang -fPIC`
    /// marks it) general-dynamic, which LLVM's RISC-V back end also uses
    /// for local-dynamic; otherwise local-exec for a definition and
    /// initial-exec for a declaration; the IR's model instead when it is
    /// more specific (`thread_local(initialexec)` and the like).
    unsafe fn tls_address(&mut self, g: LLVMValueRef) -> VReg {
        use llvm_sys::LLVMThreadLocalMode::*;
        let name = ir::name(g);
        let key = AvailKey::Addr(format!("{name}@tls"), 0);
        if let Some(&r) = self.avail.get(&key) {
            return r;
        }
        let module = LLVMGetGlobalParent(g);
        let default = if is_shared_library(module) {
            LLVMGeneralDynamicTLSModel
        } else if LLVMIsDeclaration(g) == 0 {
            LLVMLocalExecTLSModel
        } else {
            LLVMInitialExecTLSModel
        };
        // LLVM's enum order: general-dynamic, local-dynamic, initial-exec,
        // local-exec, each more specific than the one before.
        let model = (default as u32).max(LLVMGetThreadLocalMode(g) as u32);
        let rd = if model <= LLVMLocalDynamicTLSModel as u32 {
            self.tls_get_addr(name)
        } else {
            let rd = self.new_vreg(Class::Int);
            self.push(Inst::Seq {
                seq: Box::new(Seq::TlsAddr {
                    sym: name,
                    local_exec: model == LLVMLocalExecTLSModel as u32,
                }),
                defs: vec![rd],
                uses: vec![],
            });
            rd
        };
        self.avail.insert(key, rd);
        rd
    }

    /// General-dynamic: `__tls_get_addr(&tls_index of sym)`, the index's
    /// address from `la.tls.gd` (a GOT pair the linker fills in).
    fn tls_get_addr(&mut self, sym: String) -> VReg {
        let index = self.new_vreg(Class::Int);
        self.push(Inst::Seq {
            seq: Box::new(Seq::TlsGdIndex { sym }),
            defs: vec![index],
            uses: vec![],
        });
        let rd = self.new_vreg(Class::Int);
        self.push(Inst::Call {
            callee: Callee::Direct("__tls_get_addr".into()),
            args: vec![(index, ArgLoc::IntReg(0))],
            rets: vec![(rd, ArgLoc::IntReg(0))],
        });
        rd
    }

    /// An integer or pointer constant that is a relocatable expression
    /// (`const_expr`), or the address of a thread-local global.
    pub(super) unsafe fn relocatable(
        &mut self,
        c: LLVMValueRef,
        ctx: LLVMValueRef,
    ) -> Result<VReg> {
        if let Some((g, off)) = tls_base(self.td, c) {
            let base = self.tls_address(g);
            return Ok(self.add_offset(base, off));
        }
        let Some(Ty::Int(bits)) = scalar_ty(LLVMTypeOf(c)) else {
            return Err(self.unsupported(ctx));
        };
        let r = super::super::const_expr::eval(self.td, c).ok_or_else(|| self.unsupported(ctx))?;
        let v = match (r.plus, r.minus) {
            (None, None) => return Ok(self.li(super::canonical(r.off, bits))),
            (Some(p), None) => self.la(p, r.off),
            (p, Some(m)) => {
                let a = match p {
                    Some(p) => self.la(p, 0),
                    None => self.li(0),
                };
                let b = self.la(m, 0);
                let d = self.op("sub", Class::Int, a, b);
                self.add_offset(d, r.off)
            }
        };
        Ok(self.sext_from(v, bits))
    }

    /// `llvm.ptrmask`: the pointer and-ed with the mask (clang's `va_arg`
    /// of a 16-byte aligned type rounds the pointer with it).
    pub(super) unsafe fn ptrmask(&mut self, inst: LLVMValueRef) -> Result<()> {
        let p = self.val(LLVMGetOperand(inst, 0), inst)?;
        let m = LLVMGetOperand(inst, 1);
        let r = match self.const_int(m) {
            Some(c) if fits12(c) => self.opi("andi", p, c),
            _ => {
                let Some(Ty::Int(bits)) = scalar_ty(LLVMTypeOf(m)) else {
                    return Err(self.unsupported(inst));
                };
                let m = self.val(m, inst)?;
                let m = self.sext_from(m, bits);
                self.op("and", Class::Int, p, m)
            }
        };
        self.def(inst, r);
        Ok(())
    }

    pub(super) unsafe fn alloca(&mut self, inst: LLVMValueRef) -> Result<()> {
        let ty = LLVMGetAllocatedType(inst);
        let align = LLVMGetAlignment(inst).max(1) as u64;
        let Some(count) = self.const_int(LLVMGetOperand(inst, 0)) else {
            // Variable-length: moves sp at run time.
            let n = LLVMGetOperand(inst, 0);
            let Ty::Int(bits) = self.ty_of(n, inst)? else {
                return Err(self.unsupported(inst));
            };
            let n = self.val(n, inst)?;
            let n = self.zext_from(n, bits);
            let elem = self.li(LLVMABISizeOfType(self.td, ty) as i64);
            let mut size = self.op("mul", Class::Int, n, elem);
            if align > 16 {
                size = self.add_offset(size, align as i64 - 16);
            }
            let rd = self.new_vreg(Class::Int);
            self.push(Inst::DynAlloca { rd, size });
            self.f.dynamic_stack = true;
            let rd = self.align_up(rd, align);
            self.def(inst, rd);
            return Ok(());
        };
        let size = LLVMABISizeOfType(self.td, ty) * count.max(0) as u64;
        if align > 16 {
            // Over-aligned: the frame is only 16-byte aligned, so take
            // `align - 16` bytes more and round the address up (the value
            // is a register, not a slot).
            self.f.slots.push(StackSlot {
                size: size.max(1) + align - 16,
                align: 16,
            });
            let slot = (self.f.slots.len() - 1) as u32;
            let rd = self.new_vreg(Class::Int);
            self.push(Inst::FrameAddr { rd, slot, off: 0 });
            let rd = self.align_up(rd, align);
            self.def(inst, rd);
            return Ok(());
        }
        self.f.slots.push(StackSlot {
            size: size.max(1),
            align,
        });
        let slot = (self.f.slots.len() - 1) as u32;
        self.slots.insert(inst, slot);
        if count == 1 && self.is_private(inst) {
            self.private.insert(slot);
        }
        Ok(())
    }

    /// `(v + align - 1) & -align` for a power-of-two `align` > 16.
    pub(super) fn align_up(&mut self, v: VReg, align: u64) -> VReg {
        if align <= 16 {
            return v;
        }
        let t = self.add_offset(v, align as i64 - 1);
        let mask = -(align as i64);
        if fits12(mask) {
            self.opi("andi", t, mask)
        } else {
            let m = self.li(mask);
            self.op("and", Class::Int, t, m)
        }
    }

    /// Whether every use of the alloca `a` is a plain (non-volatile,
    /// non-atomic) load or store of its allocated scalar type with `a` as
    /// the address: then its address never escapes (see `private`).
    pub(super) unsafe fn is_private(&self, a: LLVMValueRef) -> bool {
        let ty = LLVMGetAllocatedType(a);
        // (In the entry block, so lowered before any block that uses it.)
        if scalar_ty(ty).is_none()
            || LLVMGetInstructionParent(a) != LLVMGetEntryBasicBlock(self.func)
        {
            return false;
        }
        let plain = |u: LLVMValueRef| {
            LLVMGetVolatile(u) == 0
                && LLVMGetOrdering(u) == llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
        };
        ir::users(a).iter().all(|&u| match ir::opcode(u) {
            Some(LLVMOpcode::LLVMLoad) => plain(u) && LLVMTypeOf(u) == ty,
            Some(LLVMOpcode::LLVMStore) => {
                let v = LLVMGetOperand(u, 0);
                plain(u) && v != a && LLVMGetOperand(u, 1) == a && LLVMTypeOf(v) == ty
            }
            _ => false,
        })
    }

    /// A GEP with constant indices off an alloca or a register, whose users
    /// are all loads and stores using it as their address.
    pub(super) unsafe fn fold_gep(&self, g: LLVMValueRef) -> Option<(Base<LLVMValueRef>, i64)> {
        if ir::opcode(g) != Some(LLVMOpcode::LLVMGetElementPtr) {
            return None;
        }
        let off = gep_const_offset(self.td, g)?;
        let base = LLVMGetOperand(g, 0);
        if let Some(&s) = self.slots.get(&base) {
            return Some((Base::Slot(s), off));
        }
        if ir::is_instruction(base) || !LLVMIsAArgument(base).is_null() {
            return fits12(off).then_some((Base::Reg(base), off));
        }
        None
    }

    pub(super) unsafe fn only_memory_users(&self, g: LLVMValueRef) -> bool {
        ir::users(g).iter().all(|&u| match ir::opcode(u) {
            Some(LLVMOpcode::LLVMLoad) => true,
            Some(LLVMOpcode::LLVMStore) => LLVMGetOperand(u, 1) == g && LLVMGetOperand(u, 0) != g,
            _ => false,
        })
    }

    pub(super) unsafe fn address_value(
        &mut self,
        base: Base<LLVMValueRef>,
        off: i64,
    ) -> Result<VReg> {
        match base {
            Base::Slot(slot) => {
                let rd = self.new_vreg(Class::Int);
                self.push(Inst::FrameAddr { rd, slot, off });
                Ok(rd)
            }
            Base::Reg(v) => {
                let b = self.val(v, v)?;
                Ok(self.add_offset(b, off))
            }
        }
    }

    pub(super) fn add_offset(&mut self, b: VReg, off: i64) -> VReg {
        if off == 0 {
            b
        } else if fits12(off) {
            self.opi("addi", b, off)
        } else {
            let t = self.li(off);
            self.op("add", Class::Int, b, t)
        }
    }

    /// The address operand of a load or store as base + offset.
    pub(super) unsafe fn address(
        &mut self,
        p: LLVMValueRef,
        ctx: LLVMValueRef,
    ) -> Result<(Base<VReg>, i64)> {
        if let Some(&s) = self.slots.get(&p) {
            return Ok((Base::Slot(s), 0));
        }
        if self.folded.contains(&p) {
            let (base, off) = self.fold_gep(p).expect("folded GEPs stay foldable");
            return Ok(match base {
                Base::Slot(s) => (Base::Slot(s), off),
                Base::Reg(v) => (Base::Reg(self.val(v, ctx)?), off),
            });
        }
        Ok((Base::Reg(self.val(p, ctx)?), 0))
    }

    /// Loads a `ty` from `base + off` into a canonical register. Integers
    /// whose store size is 3, 5, 6 or 7 bytes are assembled bytewise.
    pub(super) fn load_scalar(&mut self, ty: Ty, base: Base<VReg>, off: i64) -> VReg {
        let (op, bits) = match ty {
            Ty::F32 => ("flw", 0),
            Ty::F64 => ("fld", 0),
            Ty::Int(b) => match b.div_ceil(8) {
                1 if b == 8 => ("lb", b),
                1 => ("lbu", b),
                2 => ("lh", b),
                3 | 4 => ("lw", b),
                _ => ("ld", b),
            },
        };
        if let Ty::Int(b) = ty {
            let size = b.div_ceil(8);
            if matches!(size, 3 | 5 | 6 | 7) {
                let mut acc = None;
                for k in 0..size as i64 {
                    let rd = self.new_vreg(Class::Int);
                    self.push(Inst::Load {
                        op: "lbu",
                        rd,
                        base,
                        off: off + k,
                    });
                    let part = if k == 0 {
                        rd
                    } else {
                        self.opi("slli", rd, 8 * k)
                    };
                    acc = Some(match acc {
                        None => part,
                        Some(a) => self.op("or", Class::Int, a, part),
                    });
                }
                return self.sext_from(acc.unwrap(), b);
            }
        }
        let rd = self.new_vreg(ty.class());
        self.push(Inst::Load { op, rd, base, off });
        match bits {
            0 | 8 | 16 | 32 | 64 => rd,
            b => self.sext_from(rd, b),
        }
    }

    pub(super) fn store_scalar(&mut self, ty: Ty, src: VReg, base: Base<VReg>, off: i64) {
        let op = match ty {
            Ty::F32 => "fsw",
            Ty::F64 => "fsd",
            Ty::Int(b) => match b.div_ceil(8) {
                1 => "sb",
                2 => "sh",
                4 => "sw",
                8 => "sd",
                n => {
                    for k in 0..n as i64 {
                        let part = if k == 0 {
                            src
                        } else {
                            self.opi("srli", src, 8 * k)
                        };
                        self.push(Inst::Store {
                            op: "sb",
                            src: part,
                            base,
                            off: off + k,
                        });
                    }
                    return;
                }
            },
        };
        self.push(Inst::Store { op, src, base, off });
    }

    pub(super) unsafe fn load(&mut self, inst: LLVMValueRef) -> Result<()> {
        if self.is_atomic(inst) {
            return self.atomic_load(inst);
        }
        let (base, off) = self.address(LLVMGetOperand(inst, 0), inst)?;
        if let Some(leaves) = self.agg_layout(LLVMTypeOf(inst)) {
            let regs: Vec<VReg> = leaves
                .iter()
                .map(|&(t, o)| self.load_scalar(t, base, off + o as i64))
                .collect();
            self.def_agg(inst, regs);
            return Ok(());
        }
        let ty = self.ty_of(inst, inst)?;
        let private = match base {
            Base::Slot(s) if self.private.contains(&s) => Some(s),
            _ => None,
        };
        if let Some(&r) = private.and_then(|s| self.avail.get(&AvailKey::Slot(s))) {
            self.def(inst, r);
            return Ok(());
        }
        let rd = self.load_scalar(ty, base, off);
        if let Some(s) = private {
            self.avail.insert(AvailKey::Slot(s), rd);
        }
        self.def(inst, rd);
        Ok(())
    }

    pub(super) unsafe fn store(&mut self, inst: LLVMValueRef) -> Result<()> {
        if self.is_atomic(inst) {
            return self.atomic_store(inst);
        }
        let v = LLVMGetOperand(inst, 0);
        if let Some(leaves) = self.agg_layout(LLVMTypeOf(v)) {
            let regs = self.agg_val(v, inst)?;
            let (base, off) = self.address(LLVMGetOperand(inst, 1), inst)?;
            for (&(t, o), r) in leaves.iter().zip(regs) {
                self.store_scalar(t, r, base, off + o as i64);
            }
            return Ok(());
        }
        let ty = self.ty_of(v, inst)?;
        let src = self.val(v, inst)?;
        let (base, off) = self.address(LLVMGetOperand(inst, 1), inst)?;
        self.store_scalar(ty, src, base, off);
        if let Base::Slot(s) = base {
            if self.private.contains(&s) {
                // `src` is canonical, which is what loading it back yields.
                self.avail.insert(AvailKey::Slot(s), src);
            }
        }
        Ok(())
    }

    pub(super) unsafe fn gep(&mut self, g: LLVMValueRef) -> Result<()> {
        if self.ty_of(g, g)? != Ty::Int(64) {
            return Err(self.unsupported(g));
        }
        // (Not when an earlier block in layout order already asked for its register.)
        if !self.vals.contains_key(&g) && self.fold_gep(g).is_some() && self.only_memory_users(g) {
            self.folded.insert(g);
            return Ok(());
        }
        let base_ptr = LLVMGetOperand(g, 0);
        let mut off = 0i64;
        let mut terms: Vec<(VReg, i64)> = Vec::new();
        let mut ty = LLVMGetGEPSourceElementType(g);
        for k in 1..LLVMGetNumOperands(g) as u32 {
            let idx = LLVMGetOperand(g, k);
            if k > 1 {
                match LLVMGetTypeKind(ty) {
                    LLVMTypeKind::LLVMStructTypeKind => {
                        let i = self.const_int(idx).ok_or_else(|| self.unsupported(g))? as u32;
                        off += LLVMOffsetOfElement(self.td, ty, i) as i64;
                        ty = LLVMStructGetTypeAtIndex(ty, i);
                        continue;
                    }
                    LLVMTypeKind::LLVMArrayTypeKind => ty = LLVMGetElementType(ty),
                    _ => return Err(self.unsupported(g)),
                }
            }
            let scale = LLVMABISizeOfType(self.td, ty) as i64;
            match self.const_int(idx) {
                Some(i) => off = off.wrapping_add(i.wrapping_mul(scale)),
                None => {
                    let Ty::Int(bits) = self.ty_of(idx, g)? else {
                        return Err(self.unsupported(g));
                    };
                    if bits == 1 {
                        return Err(self.unsupported(g));
                    }
                    let v = self.val(idx, g)?;
                    terms.push((v, scale));
                }
            }
        }
        let mut acc = match (self.slots.get(&base_ptr), terms.is_empty()) {
            (Some(&slot), _) => {
                let rd = self.new_vreg(Class::Int);
                self.push(Inst::FrameAddr { rd, slot, off });
                off = 0;
                rd
            }
            (None, _) if !ir::is_instruction(base_ptr) && LLVMIsAArgument(base_ptr).is_null() => {
                match const_address(self.td, base_ptr) {
                    Some((sym, o)) => {
                        let rd = self.la(sym, o.wrapping_add(off));
                        off = 0;
                        rd
                    }
                    None => self.val(base_ptr, g)?,
                }
            }
            _ => self.val(base_ptr, g)?,
        };
        for (v, scale) in terms {
            let scaled = if scale == 1 {
                v
            } else if scale > 0 && (scale as u64).is_power_of_two() {
                self.opi("slli", v, scale.trailing_zeros() as i64)
            } else {
                let s = self.li(scale);
                self.op("mul", Class::Int, v, s)
            };
            acc = self.op("add", Class::Int, acc, scaled);
        }
        let r = self.add_offset(acc, off);
        self.def(g, r);
        Ok(())
    }
}
