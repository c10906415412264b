//! Replacing one splittable alloca by one new alloca per partition, and
//! rewriting every slice onto them (the second half of Algorithm 16.4.5).
//!
//! `plan` gives each partition a type and a mode (`Scalar`, `Typed`,
//! `Vector`, `Memory`: what each means is stated there); `Rewriter` carries
//! the plan out, slice by slice: `rewrite_access` for loads and stores,
//! `rewrite_piece` for the partition's piece of a memcpy or memset, with
//! the vector element operations of `vectors` and the integer-widening
//! operations (shifts, masks, conversions) of `bits`.
//!
//! Invariant (the seed's): after rewriting a use, the bytes it reads or
//! writes are exactly the bytes of the new allocas covering its slice, at
//! the same relative offsets; memcpy/memset pieces go partition by
//! partition, and a copy's other side is never this alloca (`slices`
//! rejects that), so the order of pieces does not matter.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::layout::{common_alignment, Layout};
use super::partition::{overlapping, piece, Partition};
use super::slices::{Access, AllocaUses, SliceUse};
use super::vector;
use crate::ir::{self, delete};

mod bits;
mod plan;
mod vectors;

pub use plan::{members_of, plan_partition, Mode, NewSlot};

/// Rewrites an alloca's slices onto its partitions' new allocas, then
/// erases the old uses, derived pointers and the alloca. Returns the new
/// allocas.
pub struct Rewriter<'a> {
    layout: &'a Layout,
    builder: LLVMBuilderRef,
    i8: LLVMTypeRef,
    i64: LLVMTypeRef,
}

impl Drop for Rewriter<'_> {
    fn drop(&mut self) {
        // SAFETY: the builder was created in `new` and is disposed once.
        unsafe { LLVMDisposeBuilder(self.builder) }
    }
}

impl<'a> Rewriter<'a> {
    /// # Safety
    /// `layout` belongs to a live module.
    pub unsafe fn new(layout: &'a Layout) -> Self {
        Rewriter {
            layout,
            builder: LLVMCreateBuilderInContext(layout.context),
            i8: LLVMInt8TypeInContext(layout.context),
            i64: LLVMInt64TypeInContext(layout.context),
        }
    }

    /// Creates the new allocas, just before the old one.
    ///
    /// # Safety
    /// `alloca` is live; `plans` has one entry per partition.
    pub unsafe fn create_slots(
        &self,
        alloca: LLVMValueRef,
        parts: &[Partition],
        plans: &[(LLVMTypeRef, Mode)],
    ) -> Vec<NewSlot> {
        let base = ir::name(alloca);
        let old_align = LLVMGetAlignment(alloca) as u64;
        LLVMPositionBuilderBefore(self.builder, alloca);
        parts
            .iter()
            .zip(plans)
            .map(|(&part, &(ty, mode))| {
                let known = common_alignment(old_align, part.begin);
                let align = if known <= self.layout.abi_align(ty) {
                    self.layout.pref_align(ty)
                } else {
                    known
                };
                let name = format!("{base}.sroa.{}", part.begin);
                let new = LLVMBuildAlloca(self.builder, ty, c"".as_ptr());
                ir::set_name(new, &name);
                LLVMSetAlignment(new, align as u32);
                NewSlot {
                    part,
                    alloca: new,
                    ty,
                    mode,
                    align,
                    name,
                }
            })
            .collect()
    }

    /// Rewrites every use onto `slots` and erases the old uses, dead uses
    /// and derived pointers (the caller erases the alloca). Returns the allocas found on the
    /// other side of copies (they gained new slices: worth another look).
    ///
    /// # Safety
    /// `uses` were collected from an alloca and nothing changed since;
    /// `slots` were made from the partitions of those uses.
    pub unsafe fn rewrite(&self, uses: &AllocaUses, slots: &[NewSlot]) -> Vec<LLVMValueRef> {
        let parts: Vec<Partition> = slots.iter().map(|s| s.part).collect();
        let mut others = Vec::new();
        for u in &uses.uses {
            let range = overlapping(&parts, u.begin, u.end);
            if u.splittable() {
                for p in range {
                    let (b, e) = piece(&parts[p], u.begin, u.end);
                    self.rewrite_piece(u, &slots[p], b, e);
                }
                if let Access::Copy { other, .. } = u.access {
                    others.push(super::slices::base_of(other));
                }
                delete::erase_unused(u.inst);
            } else if let Access::SelfCopy {
                into,
                partner,
                is_move,
            } = u.access
            {
                // Done once, from the destination side.
                if into {
                    let len = u.end - u.begin;
                    let src = overlapping(&parts, partner, partner + len).start;
                    let dst = &slots[range.start];
                    LLVMPositionBuilderBefore(self.builder, u.inst);
                    let rel_dst = u.begin - dst.part.begin;
                    let rel_src = partner - slots[src].part.begin;
                    let d = self.slot_ptr(dst, rel_dst);
                    let s = self.slot_ptr(&slots[src], rel_src);
                    let da = common_alignment(dst.align, rel_dst);
                    let sa = common_alignment(slots[src].align, rel_src);
                    let len = LLVMConstInt(self.i64, len, 0);
                    if is_move {
                        LLVMBuildMemMove(self.builder, d, da as u32, s, sa as u32, len);
                    } else {
                        LLVMBuildMemCpy(self.builder, d, da as u32, s, sa as u32, len);
                    }
                    delete::erase_unused(u.inst);
                }
            } else {
                debug_assert_eq!(range.len(), 1);
                self.rewrite_access(u, &slots[range.start]);
            }
        }
        let mut dead = uses.dead.clone();
        dead.sort_unstable();
        dead.dedup();
        for &dead in &dead {
            delete::erase_unused(dead);
        }
        // Children first. A followed phi may still use itself: poison.
        for &derived in uses.derived.iter().rev() {
            delete::erase_with_poison(derived);
        }
        others
    }

    unsafe fn slot_ptr(&self, slot: &NewSlot, rel: u64) -> LLVMValueRef {
        self.offset_ptr(slot.alloca, rel)
    }

    /// New instructions go just before `inst`.
    pub(super) unsafe fn position_before(&self, inst: LLVMValueRef) {
        LLVMPositionBuilderBefore(self.builder, inst);
    }

    /// `ptr + offset` bytes (an `inbounds` i8 GEP; `ptr` itself for 0).
    pub(super) unsafe fn offset_ptr(&self, ptr: LLVMValueRef, offset: u64) -> LLVMValueRef {
        if offset == 0 {
            return ptr;
        }
        let mut idx = [LLVMConstInt(self.i64, offset, 0)];
        LLVMBuildInBoundsGEP2(
            self.builder,
            self.i8,
            ptr,
            idx.as_mut_ptr(),
            1,
            c"".as_ptr(),
        )
    }

    pub(super) unsafe fn load(
        &self,
        ty: LLVMTypeRef,
        ptr: LLVMValueRef,
        align: u64,
    ) -> LLVMValueRef {
        let v = LLVMBuildLoad2(self.builder, ty, ptr, c"".as_ptr());
        LLVMSetAlignment(v, align as u32);
        v
    }

    pub(super) unsafe fn store(
        &self,
        value: LLVMValueRef,
        ptr: LLVMValueRef,
        align: u64,
    ) -> LLVMValueRef {
        let s = LLVMBuildStore(self.builder, value, ptr);
        LLVMSetAlignment(s, align as u32);
        s
    }

    /// A load or store (unsplittable, inside the slot's partition).
    unsafe fn rewrite_access(&self, u: &SliceUse, slot: &NewSlot) {
        let rel = u.begin - slot.part.begin;
        let size = u.end - u.begin;
        let ptr_operand = if u.access == Access::Load { 0 } else { 1 };
        match slot.mode {
            Mode::Typed if u.ty != slot.ty => self.rewrite_as_slot_type(u, slot),
            // As LLVM's `AllocaSliceRewriter` for any new alloca: a whole
            // access of another type becomes one of the slot's type
            // (`float` and `<1 x float>` stores of an `i32` slot become
            // `i32` stores), so that the slot, looked at again, sees
            // integer accesses it can cut around a narrower one.
            Mode::Memory
                if u.ty != slot.ty
                    && rel == 0
                    && size == slot.part.size()
                    && !u.clamped
                    && plan::converts(self.layout, u, slot.ty) =>
            {
                self.rewrite_as_slot_type(u, slot)
            }
            Mode::Typed | Mode::Memory => {
                LLVMPositionBuilderBefore(self.builder, u.inst);
                LLVMSetOperand(u.inst, ptr_operand, self.slot_ptr(slot, rel));
                LLVMSetAlignment(u.inst, common_alignment(slot.align, rel) as u32);
            }
            Mode::Vector { elem_bytes, n } => {
                LLVMPositionBuilderBefore(self.builder, u.inst);
                let (first, last) = vector::element_range(rel, rel + size, elem_bytes, n)
                    .expect("vector promotion checked the element range");
                if u.access == Access::Load {
                    let v = self.load(slot.ty, slot.alloca, slot.align);
                    let piece = self.extract_elements(v, first, last);
                    let new = self.convert_value(piece, u.ty);
                    self.replace_load(u.inst, new);
                } else {
                    let piece_ty = self.elements_type(slot.ty, first, last);
                    let value = self.convert_value(LLVMGetOperand(u.inst, 0), piece_ty);
                    let new = self.insert_elements(slot, value, first, last);
                    self.store(new, slot.alloca, slot.align);
                    delete::erase_unused(u.inst);
                }
            }
            Mode::Scalar { bits } => {
                LLVMPositionBuilderBefore(self.builder, u.inst);
                let whole = size == slot.part.size();
                if u.access == Access::Load {
                    let v = self.load(slot.ty, slot.alloca, slot.align);
                    let new = if u.clamped {
                        self.widen_past_end(v, bits, u.ty)
                    } else if whole {
                        self.convert(v, u.ty)
                    } else {
                        self.extract(self.as_int(v, bits), bits, rel, size)
                    };
                    self.replace_load(u.inst, new);
                } else {
                    let value = LLVMGetOperand(u.inst, 0);
                    let new = if whole {
                        self.convert(value, slot.ty)
                    } else {
                        self.insert_into_slot(slot, bits, value, rel, size)
                    };
                    self.store(new, slot.alloca, slot.align);
                    delete::erase_unused(u.inst);
                }
            }
        }
    }

    /// A whole access of another type than the slot's, which converts to
    /// it (`plan::converts`), or a narrower integer load past the end of
    /// the alloca: a load or store of the whole slot, the value converted.
    unsafe fn rewrite_as_slot_type(&self, u: &SliceUse, slot: &NewSlot) {
        LLVMPositionBuilderBefore(self.builder, u.inst);
        if u.access == Access::Load {
            let v = self.load(slot.ty, slot.alloca, slot.align);
            let new = if u.clamped {
                let bits = LLVMGetIntTypeWidth(slot.ty) as u64;
                self.widen_past_end(v, bits, u.ty)
            } else {
                self.convert_value(v, u.ty)
            };
            self.replace_load(u.inst, new);
        } else {
            let value = self.convert_value(LLVMGetOperand(u.inst, 0), slot.ty);
            self.store(value, slot.alloca, slot.align);
            delete::erase_unused(u.inst);
        }
    }

    /// Replaces a load by `new`, which takes over its name.
    unsafe fn replace_load(&self, load: LLVMValueRef, new: LLVMValueRef) {
        let name = ir::name(load);
        delete::replace_and_erase(load, new);
        if !name.is_empty() && ir::is_instruction(new) {
            ir::set_name(new, &name);
        }
    }

    /// The piece `[b, e)` of a memcpy/memmove/memset in the slot's partition.
    unsafe fn rewrite_piece(&self, u: &SliceUse, slot: &NewSlot, b: u64, e: u64) {
        LLVMPositionBuilderBefore(self.builder, u.inst);
        let rel = b - slot.part.begin;
        let size = e - b;
        let other_offset = b - u.begin;
        let whole = size == slot.part.size();
        let slot_align = common_alignment(slot.align, rel);
        match (slot.mode, u.access) {
            (
                Mode::Scalar { bits },
                Access::Copy {
                    into,
                    other,
                    other_align,
                    ..
                },
            ) => {
                let other_ptr = self.offset_ptr(other, other_offset);
                let other_align = common_alignment(other_align, other_offset);
                let piece_ty = if whole {
                    slot.ty
                } else {
                    LLVMIntTypeInContext(self.layout.context, (8 * size) as u32)
                };
                if into {
                    let v = self.load(piece_ty, other_ptr, other_align);
                    if ir::is_instruction(v) {
                        ir::set_name(v, &format!("{}.{rel}.copyload", slot.name));
                    }
                    let new = if whole {
                        v
                    } else {
                        self.insert_into_slot(slot, bits, v, rel, size)
                    };
                    self.store(new, slot.alloca, slot.align);
                } else {
                    let v = self.load(slot.ty, slot.alloca, slot.align);
                    let out = if whole {
                        v
                    } else {
                        self.extract(self.as_int(v, bits), bits, rel, size)
                    };
                    self.store(out, other_ptr, other_align);
                }
            }
            (
                Mode::Vector { elem_bytes, n },
                Access::Copy {
                    into,
                    other,
                    other_align,
                    ..
                },
            ) => {
                let (first, last) = vector::element_range(rel, rel + size, elem_bytes, n)
                    .expect("vector promotion checked the element range");
                let other_ptr = self.offset_ptr(other, other_offset);
                let other_align = common_alignment(other_align, other_offset);
                if into {
                    let piece_ty = self.elements_type(slot.ty, first, last);
                    let v = self.load(piece_ty, other_ptr, other_align);
                    if ir::is_instruction(v) {
                        ir::set_name(v, &format!("{}.{rel}.copyload", slot.name));
                    }
                    let new = self.insert_elements(slot, v, first, last);
                    self.store(new, slot.alloca, slot.align);
                } else {
                    let v = self.load(slot.ty, slot.alloca, slot.align);
                    let piece = self.extract_elements(v, first, last);
                    self.store(piece, other_ptr, other_align);
                }
            }
            (Mode::Vector { elem_bytes, n }, Access::Set { byte }) => {
                let (first, last) = vector::element_range(rel, rel + size, elem_bytes, n)
                    .expect("vector promotion checked the element range");
                let elem = LLVMGetElementType(slot.ty);
                let one = self.int_to(self.splat(byte, 8 * elem_bytes), elem);
                let v = self.vector_splat(one, last - first);
                let new = self.insert_elements(slot, v, first, last);
                self.store(new, slot.alloca, slot.align);
            }
            (Mode::Scalar { bits }, Access::Set { byte }) => {
                let new = if whole {
                    self.int_to(self.splat(byte, bits), slot.ty)
                } else {
                    let v = self.splat(byte, 8 * size);
                    self.insert_into_slot(slot, bits, v, rel, size)
                };
                self.store(new, slot.alloca, slot.align);
            }
            (
                _,
                Access::Copy {
                    into,
                    other,
                    other_align,
                    is_move,
                },
            ) => {
                let here = self.slot_ptr(slot, rel);
                let there = self.offset_ptr(other, other_offset);
                let there_align = common_alignment(other_align, other_offset);
                let len = LLVMConstInt(self.i64, size, 0);
                let (dst, da, src, sa) = if into {
                    (here, slot_align, there, there_align)
                } else {
                    (there, there_align, here, slot_align)
                };
                if is_move {
                    LLVMBuildMemMove(self.builder, dst, da as u32, src, sa as u32, len);
                } else {
                    LLVMBuildMemCpy(self.builder, dst, da as u32, src, sa as u32, len);
                }
            }
            (_, Access::Set { byte }) => {
                let here = self.slot_ptr(slot, rel);
                let len = LLVMConstInt(self.i64, size, 0);
                LLVMBuildMemSet(self.builder, here, byte, len, slot_align as u32);
            }
            (_, Access::Load | Access::Store | Access::SelfCopy { .. }) => {
                unreachable!("only copies and sets are split")
            }
        }
    }
}
