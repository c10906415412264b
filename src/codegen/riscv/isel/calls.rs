//! Calls and the ABI: incoming parameters (`entry`), direct, indirect
//! and variadic calls, and returns.
//!
//! Follows the RISC-V ELF psABI, "Integer Calling Convention" and
//! "Hardware Floating-point Calling Convention" (lp64d): arguments in
//! a0–a7 / fa0–fa7 assigned by `abi::Assigner` (floats fall back to
//! integer registers, variadic arguments go in integer registers), values
//! of up to two registers of each class returned in a0/a1 and fa0/fa1.
//! Narrow integer arguments are passed canonical (sign-extended) unless
//! the call site says `zeroext`; results are re-canonicalised since the
//! callee may leave the upper bits unspecified.
//!
//! Conventions: `ccc`, and the internal `fastcc` and `coldcc`, which LLVM
//! only gives functions whose every use is a direct call in the module
//! (`GlobalOpt`'s `isProfitableToMakeFastCC`/`ChangeCalleesToFastCall`,
//! and `coldcc` likewise under `-enable-cold-cc`). Both are lowered as the
//! C convention, identically at the definition and at every call, which
//! keeps caller and callee in agreement; a call with one of them to a
//! function not defined here (compiled elsewhere, where LLVM's RISC-V
//! `CC_RISCV_FastCC` may place arguments in t-registers) is refused, as is
//! every other convention. `tail` is a hint and `notail` a prohibition,
//! both satisfied by an ordinary call; `musttail` guarantees a tail call,
//! lowered by `tail_calls` with the arguments placed here (`call_args`).
//!
//! `byval(T)` arguments, as `RISCVISelLowering.cpp`'s `LowerCall`
//! ("Create local copies for byval args"): the caller copies the `T` into
//! a fresh object of its own frame (`getMemcpy`: inline loads and stores
//! when small, else a `memcpy` call) and passes the copy's address as an
//! ordinary pointer argument, so whatever the callee writes through it
//! leaves the caller's object alone. `LowerFormalArguments` gives an
//! incoming `byval` parameter no special treatment (the callee owns the
//! copy its caller made and receives its address like any pointer), and
//! neither does `entry`. `inalloca` and `preallocated` arguments are copied
//! the same way, since LLVM's `LowerCallTo` marks them `ByVal` too
//! (`preallocated`'s setup intrinsics are refused, as llc cannot select
//! them either).

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::{LLVMABIAlignmentOfType, LLVMABISizeOfType};
use llvm_sys::LLVMTypeKind;

use super::super::abi::Assigner;
use super::super::mir::*;
use super::intrinsics::fits_inline;
use super::{scalar_ty, Lowerer, Result, Ty};
use crate::ir;

/// The calling conventions lowered as the C convention (`LLVMCallConv`).
fn c_like_convention(cc: u32) -> bool {
    use llvm_sys::LLVMCallConv::*;
    [LLVMCCallConv, LLVMFastCallConv, LLVMColdCallConv]
        .iter()
        .any(|&c| c as u32 == cc)
}

impl Lowerer {
    /// Refuses a function defined with a convention other than `ccc`,
    /// `fastcc` and `coldcc`.
    pub(super) unsafe fn check_definition_convention(&self) -> Result<()> {
        let cc = LLVMGetFunctionCallConv(self.func);
        if !c_like_convention(cc) {
            return Err(format!(
                "{}: unsupported calling convention {cc}",
                ir::function_label(self.func)
            ));
        }
        Ok(())
    }

    /// Refuses a call whose convention or tail-call kind the back end
    /// does not honour (see the module comment).
    unsafe fn check_call_convention(&self, inst: LLVMValueRef, callee: LLVMValueRef) -> Result<()> {
        let cc = LLVMGetInstructionCallConv(inst);
        let defined_here = !LLVMIsAFunction(callee).is_null() && LLVMCountBasicBlocks(callee) > 0;
        let ok = cc == llvm_sys::LLVMCallConv::LLVMCCallConv as u32
            || (c_like_convention(cc) && defined_here);
        if !ok {
            return Err(self.unsupported(inst));
        }
        Ok(())
    }

    /// The `Entry` pseudo-instruction and the canonicalisation of narrow
    /// parameters (whose upper bits the caller may have left unspecified).
    pub(super) unsafe fn entry(&mut self) -> Result<()> {
        let fty = LLVMGlobalGetValueType(self.func);
        let mut asg = Assigner::default();
        let mut params = Vec::new();
        let mut fixups = Vec::new();
        for k in 0..LLVMCountParams(self.func) {
            // (A `byval` parameter is the address of the caller's copy: an
            // ordinary pointer here, see the module comment.)
            let p = LLVMGetParam(self.func, k);
            let tys: Vec<Ty> = match self.agg_layout(LLVMTypeOf(p)) {
                Some(layout) => layout.into_iter().map(|(t, _)| t).collect(),
                None => vec![scalar_ty(LLVMTypeOf(p)).ok_or_else(|| {
                    format!(
                        "{}: unsupported parameter: {}",
                        ir::function_label(self.func),
                        ir::render(p)
                    )
                })?],
            };
            let mut leaves = Vec::new();
            if self.aligned_pair(LLVMTypeOf(p)) {
                asg.align_pair(false);
            }
            for ty in tys {
                let (loc, lc) = asg.next(ty.class(), false);
                let v = self.new_vreg(lc);
                params.push((v, loc));
                leaves.push((v, ty, lc));
            }
            fixups.push((p, leaves));
        }
        self.incoming_stack_bytes = asg.stack_bytes;
        if LLVMIsFunctionVarArg(fty) != 0 {
            if asg.stack_bytes > 0 {
                return Err(format!(
                    "{}: unsupported: variadic function with stack parameters",
                    ir::function_label(self.func)
                ));
            }
            self.f.varargs = Some(VarArgs {
                int_regs_used: asg.int_used,
            });
        }
        self.push(Inst::Entry { params });
        for (p, leaves) in fixups {
            let mut regs = Vec::new();
            for (v, ty, lc) in leaves {
                regs.push(match (ty, lc) {
                    (Ty::F64, Class::Int) => self.unary("fmv.d.x", Class::Float, v),
                    (Ty::F32, Class::Int) => self.unary("fmv.w.x", Class::Float, v),
                    (Ty::Int(b), _) if b != 32 => self.sext_from(v, b),
                    _ => v,
                });
            }
            if self.agg_layout(LLVMTypeOf(p)).is_some() {
                self.aggs.insert(p, regs);
            } else {
                self.vals.insert(p, regs[0]);
            }
        }
        Ok(())
    }

    /// Registers and ABI classes of a value about to be passed: aggregates
    /// contribute one entry per leaf.
    pub(super) unsafe fn pieces(
        &mut self,
        v: LLVMValueRef,
        ctx: LLVMValueRef,
    ) -> Result<Vec<(VReg, Ty)>> {
        if let Some(layout) = self.agg_layout(LLVMTypeOf(v)) {
            let regs = self.agg_val(v, ctx)?;
            return Ok(regs
                .into_iter()
                .zip(layout.into_iter().map(|(t, _)| t))
                .collect());
        }
        let ty = self.ty_of(v, ctx)?;
        Ok(vec![(self.val(v, ctx)?, ty)])
    }

    /// Return-value locations: integers in a0, a1, floats in fa0, fa1.
    pub(super) fn return_locs(tys: &[Ty]) -> Option<Vec<ArgLoc>> {
        let (mut i, mut f) = (0u8, 0u8);
        let mut out = Vec::new();
        for t in tys {
            if t.class() == Class::Int {
                out.push(ArgLoc::IntReg(i));
                i += 1;
            } else {
                out.push(ArgLoc::FloatReg(f));
                f += 1;
            }
        }
        (i <= 2 && f <= 2).then_some(out)
    }

    pub(super) unsafe fn call(&mut self, inst: LLVMValueRef) -> Result<()> {
        let callee = LLVMGetCalledValue(inst);
        if !LLVMIsAInlineAsm(callee).is_null() {
            return self.inline_asm(inst);
        }
        if let Some(name) = ir::called_intrinsic_name(inst) {
            return self.intrinsic(inst, &name);
        }
        self.check_call_convention(inst, callee)?;
        if LLVMGetTailCallKind(inst) == llvm_sys::LLVMTailCallKind::LLVMTailCallKindMustTail {
            return self.musttail_call(inst, callee);
        }
        if !LLVMIsAFunction(callee).is_null() && self.partial_inline_sqrt(inst, callee)? {
            return Ok(());
        }
        let (args, _) = self.call_args(inst)?;
        let callee = self.callee_operand(inst, callee)?;
        let fty = LLVMGetCalledFunctionType(inst);
        let rty = LLVMGetReturnType(fty);
        let rtys = self.return_tys(inst, rty)?;
        let locs = Self::return_locs(&rtys).ok_or_else(|| self.unsupported(inst))?;
        let regs: Vec<VReg> = rtys.iter().map(|t| self.new_vreg(t.class())).collect();
        self.push(Inst::Call {
            callee,
            args,
            rets: regs.iter().copied().zip(locs).collect(),
        });
        let regs: Vec<VReg> = regs
            .into_iter()
            .zip(&rtys)
            .map(|(r, t)| match *t {
                Ty::Int(b) if b != 32 => self.sext_from(r, b),
                _ => r,
            })
            .collect();
        if self.agg_layout(rty).is_some() {
            self.def_agg(inst, regs);
        } else if let Some(&r) = regs.first() {
            self.def(inst, r);
        }
        Ok(())
    }

    /// The arguments of a call in their ABI locations, and the bytes of
    /// stack they take.
    pub(super) unsafe fn call_args(
        &mut self,
        inst: LLVMValueRef,
    ) -> Result<(Vec<(VReg, ArgLoc)>, u32)> {
        let fty = LLVMGetCalledFunctionType(inst);
        let nfixed = LLVMCountParamTypes(fty);
        let nargs = LLVMGetNumArgOperands(inst);
        // The `byval` copies first, as `LowerCall` makes them: no argument
        // computed earlier has to live across a `memcpy` call.
        let mut copies = Vec::new();
        for k in 0..nargs {
            copies.push(match self.byval_type(inst, k) {
                Some(ty) => Some(self.byval_copy(inst, k, LLVMGetOperand(inst, k), ty)?),
                None => None,
            });
        }
        let mut asg = Assigner::default();
        let mut args = Vec::new();
        for k in 0..nargs {
            let a = LLVMGetOperand(inst, k);
            let pieces = match copies[k as usize] {
                Some(copy) => vec![(copy, Ty::Int(64))],
                None => self.pieces(a, inst)?,
            };
            let scalar = self.agg_layout(LLVMTypeOf(a)).is_none();
            if self.aligned_pair(LLVMTypeOf(a)) {
                asg.align_pair(k >= nfixed);
            }
            for (mut v, ty) in pieces {
                if let Ty::Int(b) = ty {
                    if scalar
                        && b < 32
                        && b != 1
                        && !LLVMGetCallSiteEnumAttribute(inst, k + 1, self.attr_zeroext).is_null()
                    {
                        v = self.zext_from(v, b);
                    }
                }
                let (loc, lc) = asg.next(ty.class(), k >= nfixed);
                if lc != ty.class() {
                    v = self.unary(
                        if ty == Ty::F64 { "fmv.x.d" } else { "fmv.x.w" },
                        Class::Int,
                        v,
                    );
                }
                args.push((v, loc));
            }
        }
        Ok((args, asg.stack_bytes))
    }

    /// The type of call argument `k`'s `byval` attribute, or of its
    /// `inalloca` or `preallocated` one, if it has one: LLVM's
    /// `TargetLowering::LowerCallTo` sets the `ByVal` flag for those too
    /// ("for CCAssignFn callbacks that don't know about inalloca"), so
    /// RISC-V's `LowerCall` copies them as it copies `byval` arguments.
    pub(super) unsafe fn byval_type(&self, inst: LLVMValueRef, k: u32) -> Option<LLVMTypeRef> {
        self.attrs_copied_arg
            .iter()
            .map(|&kind| LLVMGetCallSiteEnumAttribute(inst, k + 1, kind))
            .find(|a| !a.is_null())
            .map(|a| LLVMGetTypeAttributeValue(a))
    }

    /// The caller's copy of `byval` argument `k` (`src` pointing to a
    /// `ty`), whose address is passed instead of `src` (see the module
    /// comment): a frame slot of `ty`'s alloc size at the argument's
    /// alignment (`alignstack`, else `align`, else `ty`'s ABI alignment, as
    /// `TargetLowering::LowerCallTo` computes the `ByValAlign`), filled by
    /// the inline copy of small `memcpy`s or by a `memcpy` call.
    unsafe fn byval_copy(
        &mut self,
        inst: LLVMValueRef,
        k: u32,
        src: LLVMValueRef,
        ty: LLVMTypeRef,
    ) -> Result<VReg> {
        let size = LLVMABISizeOfType(self.td, ty);
        let align = [self.attr_alignstack, self.attr_align]
            .into_iter()
            .map(|kind| LLVMGetCallSiteEnumAttribute(inst, k + 1, kind))
            .find(|a| !a.is_null())
            .map_or(LLVMABIAlignmentOfType(self.td, ty) as u64, |a| {
                LLVMGetEnumAttributeValue(a)
            })
            .max(1);
        // Over-aligned: as an over-aligned `alloca`, take `align - 16` bytes
        // more of the 16-byte-aligned frame and round the address up.
        self.f.slots.push(StackSlot {
            size: size.max(1) + align.saturating_sub(16),
            align: align.min(16),
        });
        let slot = (self.f.slots.len() - 1) as u32;
        let frame = self.new_vreg(Class::Int);
        self.push(Inst::FrameAddr {
            rd: frame,
            slot,
            off: 0,
        });
        let copy = self.align_up(frame, align);
        let dst = if align > 16 {
            Base::Reg(copy)
        } else {
            Base::Slot(slot)
        };
        if fits_inline(size as i64, align) {
            let src = self.address(src, inst)?;
            self.inline_copy((dst, 0), src, size as i64, align);
        } else if size > 0 {
            let src = self.val(src, inst)?;
            let len = self.li(size as i64);
            let rd = self.new_vreg(Class::Int);
            self.push(Inst::Call {
                callee: Callee::Direct("memcpy".into()),
                args: vec![
                    (copy, ArgLoc::IntReg(0)),
                    (src, ArgLoc::IntReg(1)),
                    (len, ArgLoc::IntReg(2)),
                ],
                rets: vec![(rd, ArgLoc::IntReg(0))],
            });
        }
        Ok(copy)
    }

    /// The called value: a symbol, or the register holding the address.
    pub(super) unsafe fn callee_operand(
        &mut self,
        inst: LLVMValueRef,
        callee: LLVMValueRef,
    ) -> Result<Callee<VReg>> {
        Ok(if !LLVMIsAFunction(callee).is_null() {
            Callee::Direct(ir::name(callee))
        } else {
            Callee::Indirect(self.val(callee, inst)?)
        })
    }

    /// The scalar leaves of a return type (none for `void`).
    pub(super) unsafe fn return_tys(
        &self,
        inst: LLVMValueRef,
        rty: LLVMTypeRef,
    ) -> Result<Vec<Ty>> {
        Ok(if LLVMGetTypeKind(rty) == LLVMTypeKind::LLVMVoidTypeKind {
            vec![]
        } else if let Some(layout) = self.agg_layout(rty) {
            layout.into_iter().map(|(t, _)| t).collect()
        } else {
            vec![scalar_ty(rty).ok_or_else(|| self.unsupported(inst))?]
        })
    }

    pub(super) unsafe fn ret(&mut self, inst: LLVMValueRef) -> Result<()> {
        if LLVMGetNumOperands(inst) == 0 {
            self.push(Inst::Ret { vals: vec![] });
            return Ok(());
        }
        let x = LLVMGetOperand(inst, 0);
        let scalar = self.agg_layout(LLVMTypeOf(x)).is_none();
        let mut pieces = self.pieces(x, inst)?;
        for (v, ty) in pieces.iter_mut() {
            if let Ty::Int(b) = *ty {
                if scalar
                    && b < 32
                    && !LLVMGetEnumAttributeAtIndex(self.func, 0, self.attr_zeroext).is_null()
                {
                    *v = self.zext_from(*v, b);
                }
            }
        }
        let tys: Vec<Ty> = pieces.iter().map(|p| p.1).collect();
        let locs = Self::return_locs(&tys).ok_or_else(|| self.unsupported(inst))?;
        self.push(Inst::Ret {
            vals: pieces.into_iter().map(|p| p.0).zip(locs).collect(),
        });
        Ok(())
    }
}
