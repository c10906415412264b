//! First-class aggregates (structs and arrays of up to 16 scalar leaves):
//! one virtual register per scalar leaf; `extractvalue` and `insertvalue`
//! select leaf ranges; constants are flattened leaf by leaf. Integers wider
//! than 64 bits are held the same way, as their 64-bit parts (see
//! `wide_integers`), so phis, loads, stores, calls and returns of them go
//! through this module too.
//! An `fp128` counts as an aggregate of two i64 leaves (low and high word),
//! which is how it is passed and stored.
//!
//! The flattening is LLVM's `ComputeValueVTs` (one value per leaf, in
//! memory order), which is also what clang's lp64d coercion passes and
//! returns in registers (see `calls`).

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::LLVMTypeKind;

use super::super::mir::*;
use super::{scalar_ty, Lowerer, Result, Ty};
use crate::ir;

/// Appends the scalar leaves of `ty` at byte offset `base`; false if some
/// leaf is not a scalar the back end handles.
///
/// # Safety
/// `ty` is a live type of the module whose layout is `td`.
pub unsafe fn leaves(
    td: LLVMTargetDataRef,
    ty: LLVMTypeRef,
    base: u64,
    out: &mut Vec<(Ty, u64)>,
) -> bool {
    match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMStructTypeKind => (0..LLVMCountStructElementTypes(ty)).all(|i| {
            leaves(
                td,
                LLVMStructGetTypeAtIndex(ty, i),
                base + LLVMOffsetOfElement(td, ty, i),
                out,
            )
        }),
        LLVMTypeKind::LLVMArrayTypeKind => {
            let e = LLVMGetElementType(ty);
            let size = LLVMABISizeOfType(td, e);
            let n = LLVMGetArrayLength2(ty);
            n <= 16 && (0..n).all(|i| leaves(td, e, base + i * size, out))
        }
        LLVMTypeKind::LLVMIntegerTypeKind if LLVMGetIntTypeWidth(ty) > 64 => {
            let parts = wide_parts(LLVMGetIntTypeWidth(ty));
            out.extend(parts.into_iter().zip((0..).map(|k| base + 8 * k)));
            true
        }
        LLVMTypeKind::LLVMFP128TypeKind => {
            out.push((Ty::Int(64), base));
            out.push((Ty::Int(64), base + 8));
            true
        }
        _ => match scalar_ty(ty) {
            Some(t) => {
                out.push((t, base));
                true
            }
            None => false,
        },
    }
}

/// The parts of an integer of `bits` > 64: 64-bit words from the least
/// significant, the last one as wide as what remains (LLVM's
/// `ExpandInteger` splits in halves; words are the same thing for the
/// power-of-two widths and cover the odd ones).
pub(super) fn wide_parts(bits: u32) -> Vec<Ty> {
    let n = bits.div_ceil(64);
    (0..n)
        .map(|k| Ty::Int(if k + 1 < n { 64 } else { bits - 64 * k }))
        .collect()
}

impl Lowerer {
    /// The scalar leaves (type, byte offset) of a struct or array type, or
    /// None for scalars and for aggregates too large to keep in registers.
    pub(super) unsafe fn agg_layout(&self, ty: LLVMTypeRef) -> Option<Vec<(Ty, u64)>> {
        let wide_int = LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMIntegerTypeKind
            && LLVMGetIntTypeWidth(ty) > 64;
        if !wide_int
            && !matches!(
                LLVMGetTypeKind(ty),
                LLVMTypeKind::LLVMStructTypeKind
                    | LLVMTypeKind::LLVMArrayTypeKind
                    | LLVMTypeKind::LLVMFP128TypeKind
            )
        {
            return None;
        }
        let mut out = Vec::new();
        (leaves(self.td, ty, 0, &mut out) && out.len() <= 16).then_some(out)
    }

    pub(super) unsafe fn agg_layout_of(
        &self,
        v: LLVMValueRef,
        ctx: LLVMValueRef,
    ) -> Result<Vec<(Ty, u64)>> {
        self.agg_layout(LLVMTypeOf(v))
            .ok_or_else(|| self.unsupported(ctx))
    }

    /// Registers of an aggregate instruction result, created on first mention.
    pub(super) unsafe fn agg_for(&mut self, inst: LLVMValueRef) -> Result<Vec<VReg>> {
        if let Some(r) = self.aggs.get(&inst) {
            return Ok(r.clone());
        }
        let layout = self.agg_layout_of(inst, inst)?;
        let regs: Vec<VReg> = layout
            .iter()
            .map(|(t, _)| self.new_vreg(t.class()))
            .collect();
        self.aggs.insert(inst, regs.clone());
        Ok(regs)
    }

    pub(super) unsafe fn agg_val(
        &mut self,
        v: LLVMValueRef,
        ctx: LLVMValueRef,
    ) -> Result<Vec<VReg>> {
        if let Some(r) = self.aggs.get(&v) {
            return Ok(r.clone());
        }
        if ir::is_instruction(v) || !LLVMIsAArgument(v).is_null() {
            return self.agg_for(v);
        }
        let mut out = Vec::new();
        self.agg_const(v, ctx, &mut out)?;
        Ok(out)
    }

    pub(super) unsafe fn agg_const(
        &mut self,
        c: LLVMValueRef,
        ctx: LLVMValueRef,
        out: &mut Vec<VReg>,
    ) -> Result<()> {
        let ty = LLVMTypeOf(c);
        let Some(layout) = self.agg_layout(ty) else {
            out.push(self.constant(c, ctx)?);
            return Ok(());
        };
        if LLVMIsNull(c) != 0 || LLVMIsUndef(c) != 0 || LLVMIsPoison(c) != 0 {
            for (t, _) in layout {
                let z = self.li(0);
                out.push(if t.class() == Class::Float {
                    self.unary("fmv.d.x", Class::Float, z)
                } else {
                    z
                });
            }
            return Ok(());
        }
        if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMIntegerTypeKind {
            let words = constant_words(c).ok_or_else(|| self.unsupported(ctx))?;
            for (w, (t, _)) in words.into_iter().zip(layout) {
                let Ty::Int(b) = t else {
                    unreachable!("integer parts")
                };
                out.push(self.li(super::canonical(w as i64, b)));
            }
            return Ok(());
        }
        if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMFP128TypeKind {
            let (lo, hi) = super::float::fp128_bits(c).ok_or_else(|| self.unsupported(ctx))?;
            out.push(self.li(lo as i64));
            out.push(self.li(hi as i64));
            return Ok(());
        }
        let n = match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMStructTypeKind => LLVMCountStructElementTypes(ty),
            _ => LLVMGetArrayLength2(ty) as u32,
        };
        for i in 0..n {
            let e = LLVMGetAggregateElement(c, i);
            if e.is_null() {
                return Err(self.unsupported(ctx));
            }
            self.agg_const(e, ctx, out)?;
        }
        Ok(())
    }

    pub(super) fn def_agg(&mut self, inst: LLVMValueRef, regs: Vec<VReg>) {
        if let Some(old) = self.aggs.get(&inst).cloned() {
            for (d, s) in old.into_iter().zip(regs) {
                self.push(Inst::Mv { rd: d, rs: s });
            }
        } else {
            self.aggs.insert(inst, regs);
        }
    }

    /// The leaf range `[start, start + len)` that an extractvalue or
    /// insertvalue index path designates.
    pub(super) unsafe fn leaf_range(&self, inst: LLVMValueRef, ty: LLVMTypeRef) -> (usize, usize) {
        let n = LLVMGetNumIndices(inst) as usize;
        let idx = std::slice::from_raw_parts(LLVMGetIndices(inst), n);
        let mut ty = ty;
        let mut start = 0;
        for &i in idx {
            let count = |t| {
                let mut v = Vec::new();
                leaves(self.td, t, 0, &mut v);
                v.len()
            };
            match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMStructTypeKind => {
                    for k in 0..i {
                        start += count(LLVMStructGetTypeAtIndex(ty, k));
                    }
                    ty = LLVMStructGetTypeAtIndex(ty, i);
                }
                _ => {
                    ty = LLVMGetElementType(ty);
                    start += i as usize * count(ty);
                }
            }
        }
        let mut v = Vec::new();
        leaves(self.td, ty, 0, &mut v);
        (start, v.len())
    }

    pub(super) unsafe fn extract_value(&mut self, inst: LLVMValueRef) -> Result<()> {
        let a = LLVMGetOperand(inst, 0);
        let regs = self.agg_val(a, inst)?;
        let (start, len) = self.leaf_range(inst, LLVMTypeOf(a));
        if self.agg_layout(LLVMTypeOf(inst)).is_some() {
            self.def_agg(inst, regs[start..start + len].to_vec());
        } else {
            self.ty_of(inst, inst)?;
            self.def(inst, regs[start]);
        }
        Ok(())
    }

    pub(super) unsafe fn insert_value(&mut self, inst: LLVMValueRef) -> Result<()> {
        let a = LLVMGetOperand(inst, 0);
        let mut regs = self.agg_val(a, inst)?;
        let (start, len) = self.leaf_range(inst, LLVMTypeOf(a));
        let v = LLVMGetOperand(inst, 1);
        let new = if self.agg_layout(LLVMTypeOf(v)).is_some() {
            self.agg_val(v, inst)?
        } else {
            vec![self.val(v, inst)?]
        };
        if new.len() != len {
            return Err(self.unsupported(inst));
        }
        regs.splice(start..start + len, new);
        self.def_agg(inst, regs);
        Ok(())
    }
}

/// The 64-bit words of the integer constant `c` (`ir::const_int`).
pub use crate::ir::const_int::words as constant_words;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_parts_cover_the_width() {
        assert_eq!(wide_parts(128), vec![Ty::Int(64), Ty::Int(64)]);
        assert_eq!(wide_parts(72), vec![Ty::Int(64), Ty::Int(8)]);
        assert_eq!(wide_parts(168), vec![Ty::Int(64), Ty::Int(64), Ty::Int(40)]);
    }
}
