//! Replacing one splittable alloca by one new alloca per partition, and
//! rewriting every slice onto them (the second half of Algorithm 16.4.5).
//!
//! Each partition gets a type and a mode (`plan_partition`, LLVM 19's
//! `rewritePartition` rules):
//! * the type is the common type of the loads/stores that cover the whole
//!   partition; else the natural type of those bytes in the allocated type
//!   (`Layout::type_partition`); else the widest whole-partition integer;
//!   an integer `iN` replaces no type or an array of integers when `iN` is
//!   a native width; `[N x i8]` is the last resort;
//! * `Scalar`: the type is a plain bag of bits (`Layout::plain_bits`) and
//!   every slice can become a load/store of the whole new alloca: whole
//!   accesses through a bitcast/`ptrtoint`/`inttoptr`, partial integer
//!   accesses and partial copy pieces through shifts, masks, `trunc` and
//!   `zext` ("integer widening", allowed as in LLVM only when some access
//!   covers the whole partition). The new alloca is then promotable.
//! * `Typed`: a non-plain type (aggregate, vector, `i1`) that every slice
//!   loads or stores whole, as that type (only the pointer changes) or as a
//!   type it converts to by a bitcast, `ptrtoint` or `inttoptr` (`i1` and
//!   `<1 x i1>`, `float` and `<2 x i16>`: the value is converted, as LLVM's
//!   `convertValue`), or an integer load that ran past the end of the
//!   alloca, of a narrower integer type (zero-extended, as LLVM's
//!   `load.ext`). Promotable too.
//! * `Vector`: the partition is accessed as a vector and every slice covers
//!   whole elements (`vector::promotion_type`); every slice becomes a load
//!   or store of the whole vector with `extractelement`/`insertelement`
//!   (a `shufflevector`, and a `select` to merge, for a run of elements).
//!   Promotable.
//! * `Memory`: anything else. Every slice keeps its kind of memory access,
//!   moved to the new alloca at the same relative offset; the new alloca
//!   stays. Correct whatever the slices are, only not promotable.
//!
//! Invariant (the seed's): after rewriting a use, the bytes it reads or
//! writes are exactly the bytes of the new allocas covering its slice, at
//! the same relative offsets; memcpy/memset pieces go partition by
//! partition, and a copy's other side is never this alloca (`slices`
//! rejects that), so the order of pieces does not matter.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;

use super::layout::{common_alignment, Layout};
use super::partition::{overlapping, piece, Partition};
use super::slices::{Access, AllocaUses, SliceUse};
use super::vector::{self, VectorTy};
use crate::ir::{self, delete};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A plain type of `bits` bits; every access converted to a whole one.
    Scalar {
        bits: u64,
    },
    Typed,
    /// A vector of `n` elements of `elem_bytes` bytes.
    Vector {
        elem_bytes: u64,
        n: u32,
    },
    Memory,
}

/// The new alloca of one partition.
pub struct NewSlot {
    pub part: Partition,
    pub alloca: LLVMValueRef,
    pub ty: LLVMTypeRef,
    pub mode: Mode,
    pub align: u64,
    pub name: String,
}

/// The uses of one partition: (index into `AllocaUses::uses`, piece).
type Members = Vec<(usize, u64, u64)>;

/// Which uses touch which partition, with the piece each one touches.
pub fn members_of(parts: &[Partition], uses: &AllocaUses) -> Vec<Members> {
    let mut members = vec![Vec::new(); parts.len()];
    for (i, u) in uses.uses.iter().enumerate() {
        for p in overlapping(parts, u.begin, u.end) {
            let (b, e) = piece(&parts[p], u.begin, u.end);
            members[p].push((i, b, e));
        }
    }
    members
}

/// The type and mode of one partition's new alloca.
///
/// # Safety
/// The uses are live.
pub unsafe fn plan_partition(
    layout: &Layout,
    allocated: LLVMTypeRef,
    part: Partition,
    members: &Members,
    uses: &[SliceUse],
) -> (LLVMTypeRef, Mode) {
    let ty = choose_type(layout, allocated, part, members, uses);
    let size = part.size();
    if members
        .iter()
        .any(|&(i, _, _)| matches!(uses[i].access, Access::SelfCopy { .. }))
    {
        // Copied within the old alloca: a memcpy between the new allocas
        // for now, split again when they are revisited.
        return (ty, Mode::Memory);
    }
    if layout.plain_bits(ty) == Some(8 * size) && scalar_viable(layout, ty, part, members, uses) {
        return (ty, Mode::Scalar { bits: 8 * size });
    }
    // Whole accesses only: of the partition's type, else (after vector
    // promotion, as LLVM tries it first) of types that convert to it.
    let all_whole = |convert: bool| {
        members.iter().all(|&(i, b, e)| {
            let u = &uses[i];
            u.is_load_or_store()
                && b == part.begin
                && e == part.end
                && (u.ty == ty
                    || (convert && !u.clamped && converts(layout, u, ty))
                    || (convert && u.clamped && past_end_int_load(u, ty)))
        })
    };
    if all_whole(false) {
        return (ty, Mode::Typed);
    }
    if let Some(v) = vector_plan(layout, part, members, uses) {
        let elem_bytes = v.elem.bits(layout.pointer_bits()) / 8;
        return (layout.vector_type(v), Mode::Vector { elem_bytes, n: v.n });
    }
    if all_whole(true) {
        return (ty, Mode::Typed);
    }
    (ty, Mode::Memory)
}

/// An integer load that ran past the end of the alloca, of an integer
/// partition type of any width (`i1` too): the slot is loaded and
/// zero-extended (LLVM's `IsLoadPastEnd` case of `visitLoadInst`).
unsafe fn past_end_int_load(u: &SliceUse, ty: LLVMTypeRef) -> bool {
    let is_int = |t: LLVMTypeRef| LLVMGetTypeKind(t) == LLVMTypeKind::LLVMIntegerTypeKind;
    u.access == Access::Load
        && is_int(u.ty)
        && is_int(ty)
        && LLVMGetIntTypeWidth(ty) < LLVMGetIntTypeWidth(u.ty)
}

/// Whether a whole load or store of `u.ty` can read or write a slot of type
/// `ty` through a bitcast, `ptrtoint` or `inttoptr` (LLVM's
/// `canConvertValue`, as `vector::can_convert` states it): `<1 x i1>` and
/// `i1`, a `float` and a `<2 x i16>`.
unsafe fn converts(layout: &Layout, u: &SliceUse, ty: LLVMTypeRef) -> bool {
    use vector::Shape;
    let (from, to) = (layout.shape_of(u.ty), layout.shape_of(ty));
    let simple = |s: Shape| matches!(s, Shape::Scalar(_) | Shape::Vector(_));
    let ptr_bits = layout.pointer_bits();
    simple(from)
        && simple(to)
        && match u.access {
            Access::Load => vector::can_convert(to, from, ptr_bits),
            _ => vector::can_convert(from, to, ptr_bits),
        }
}

/// The vector type of a partition accessed as a vector (`vector`), tried
/// after integer widening as in LLVM.
unsafe fn vector_plan(
    layout: &Layout,
    part: Partition,
    members: &Members,
    uses: &[SliceUse],
) -> Option<VectorTy> {
    let described: Vec<vector::Member> = members
        .iter()
        .map(|&(i, b, e)| {
            let u = &uses[i];
            let kind = match u.access {
                Access::Load => vector::Kind::Load(layout.shape_of(u.ty)),
                Access::Store => vector::Kind::Store(layout.shape_of(u.ty)),
                _ => vector::Kind::Intrinsic,
            };
            vector::Member {
                begin: b - part.begin,
                end: e - part.begin,
                kind,
            }
        })
        .collect();
    let v = vector::promotion_type(part.size(), &described, layout.pointer_bits())?;
    (layout.alloc_size(layout.vector_type(v)) >= part.size()).then_some(v)
}

unsafe fn choose_type(
    layout: &Layout,
    allocated: LLVMTypeRef,
    part: Partition,
    members: &Members,
    uses: &[SliceUse],
) -> LLVMTypeRef {
    let size = part.size();
    // LLVM's findCommonType: the types of the loads/stores covering the
    // whole partition, and the widest integer among them.
    let mut common: Option<LLVMTypeRef> = None;
    let mut is_common = true;
    let mut widest_int: Option<(u32, LLVMTypeRef)> = None;
    for &(i, b, e) in members {
        let u = &uses[i];
        if !u.is_load_or_store() || b != part.begin || e != part.end || u.begin != b {
            continue;
        }
        if LLVMGetTypeKind(u.ty) == LLVMTypeKind::LLVMIntegerTypeKind {
            let w = LLVMGetIntTypeWidth(u.ty);
            if !w.is_multiple_of(8) || (w / 8) as u64 > size {
                continue;
            }
            if widest_int.is_none_or(|(best, _)| best < w) {
                widest_int = Some((w, u.ty));
            }
        }
        match common {
            Some(t) if t != u.ty => is_common = false,
            _ => common = Some(u.ty),
        }
    }
    let mut ty = common
        .filter(|&t| is_common && layout.alloc_size(t) >= size)
        .or_else(|| layout.type_partition(allocated, part.begin, size))
        .or_else(|| {
            widest_int
                .map(|(_, t)| t)
                .filter(|&t| layout.alloc_size(t) >= size)
        });
    let int_array = |t: LLVMTypeRef| {
        LLVMGetTypeKind(t) == LLVMTypeKind::LLVMArrayTypeKind
            && LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMTypeKind::LLVMIntegerTypeKind
    };
    if ty.is_none_or(int_array) && layout.is_legal_integer(8 * size) {
        ty = Some(LLVMIntTypeInContext(layout.context, (8 * size) as u32));
    }
    ty.unwrap_or_else(|| LLVMArrayType2(LLVMInt8TypeInContext(layout.context), size))
}

/// Whether every member can become a whole load/store of a plain
/// partition type: whole loads/stores of a plain type of the same width,
/// copy/set pieces, and — only when some load/store covers the whole
/// partition, or the partition holds nothing but the tails of copies and
/// is a native integer width (LLVM's `isIntegerWideningViable`) — partial
/// loads/stores of whole-byte integers and partial pieces. A load that runs
/// past the end of the alloca (`SliceUse::clamped`) is an integer load of an
/// integer partition, zero-extended, and rules out widening (as LLVM's
/// `AllocaSliceRewriter::visitLoadInst` and `isIntegerWideningViableForSlice`).
unsafe fn scalar_viable(
    layout: &Layout,
    ty: LLVMTypeRef,
    part: Partition,
    members: &Members,
    uses: &[SliceUse],
) -> bool {
    let is_int = |t: LLVMTypeRef| LLVMGetTypeKind(t) == LLVMTypeKind::LLVMIntegerTypeKind;
    let only_tails = members.iter().all(|&(i, _, _)| uses[i].begin < part.begin);
    let mut whole_op = only_tails && layout.is_legal_integer(8 * part.size());
    let mut all_whole = true;
    let mut any_clamped = false;
    for &(i, b, e) in members {
        let u = &uses[i];
        let whole = b == part.begin && e == part.end;
        all_whole &= whole;
        if !u.is_load_or_store() {
            continue;
        }
        if u.clamped {
            if !(whole && is_int(u.ty) && is_int(ty)) {
                return false;
            }
            any_clamped = true;
            continue;
        }
        let Some(bits) = layout.plain_bits(u.ty) else {
            return false;
        };
        if whole {
            // As LLVM's `WholeAllocaOp`: a whole vector access does not
            // make widening worth it (vector promotion may be tried next).
            whole_op |= LLVMGetTypeKind(u.ty) != LLVMTypeKind::LLVMVectorTypeKind;
            debug_assert_eq!(bits, 8 * part.size());
        } else if !is_int(u.ty) {
            return false;
        }
    }
    all_whole || (whole_op && !any_clamped)
}

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
            Mode::Typed if u.ty != slot.ty => {
                // A whole access of another type (`converts`).
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

    /// The type of elements `[first, last)` of the vector type `vec`: the
    /// element for one, `vec` itself for all of them.
    unsafe fn elements_type(&self, vec: LLVMTypeRef, first: u32, last: u32) -> LLVMTypeRef {
        let elem = LLVMGetElementType(vec);
        match last - first {
            1 => elem,
            k if k == LLVMGetVectorSize(vec) => vec,
            k => LLVMVectorType(elem, k),
        }
    }

    /// Elements `[first, last)` of the vector `v` (LLVM's `extractVector`).
    unsafe fn extract_elements(&self, v: LLVMValueRef, first: u32, last: u32) -> LLVMValueRef {
        let n = LLVMGetVectorSize(LLVMTypeOf(v));
        if first == 0 && last == n {
            return v;
        }
        if last - first == 1 {
            return LLVMBuildExtractElement(self.builder, v, self.index(first), c"".as_ptr());
        }
        let mask: Vec<Option<u32>> = (first..last).map(Some).collect();
        let poison = LLVMGetPoison(LLVMTypeOf(v));
        LLVMBuildShuffleVector(self.builder, v, poison, self.mask(&mask), c"".as_ptr())
    }

    /// The slot's vector with elements `[first, last)` replaced by `value`
    /// (an element, or a vector of `last - first` elements; LLVM's
    /// `insertVector`): `value` itself when it covers the whole vector,
    /// else the old vector is loaded and merged.
    unsafe fn insert_elements(
        &self,
        slot: &NewSlot,
        value: LLVMValueRef,
        first: u32,
        last: u32,
    ) -> LLVMValueRef {
        let n = LLVMGetVectorSize(slot.ty);
        if first == 0 && last == n {
            return value;
        }
        let old = self.load(slot.ty, slot.alloca, slot.align);
        if last - first == 1 {
            return LLVMBuildInsertElement(
                self.builder,
                old,
                value,
                self.index(first),
                c"".as_ptr(),
            );
        }
        // Widen `value` to n elements (lanes outside the range are poison),
        // then take those lanes from it and the others from `old`.
        let widen: Vec<Option<u32>> = (0..n)
            .map(|i| (first..last).contains(&i).then(|| i - first))
            .collect();
        let poison = LLVMGetPoison(LLVMTypeOf(value));
        let wide =
            LLVMBuildShuffleVector(self.builder, value, poison, self.mask(&widen), c"".as_ptr());
        let i1 = LLVMInt1TypeInContext(self.layout.context);
        let mut lanes: Vec<LLVMValueRef> = (0..n)
            .map(|i| LLVMConstInt(i1, (first..last).contains(&i) as u64, 0))
            .collect();
        let select = LLVMConstVector(lanes.as_mut_ptr(), n);
        LLVMBuildSelect(self.builder, select, wide, old, c"".as_ptr())
    }

    /// `k` copies of the scalar `v` as a vector (just `v` for one).
    unsafe fn vector_splat(&self, v: LLVMValueRef, k: u32) -> LLVMValueRef {
        if k == 1 {
            return v;
        }
        let vec_ty = LLVMVectorType(LLVMTypeOf(v), k);
        // IRBuilder's CreateVectorSplat inserts at an i64 index.
        let zero = LLVMConstInt(LLVMInt64TypeInContext(self.layout.context), 0, 0);
        let one =
            LLVMBuildInsertElement(self.builder, LLVMGetPoison(vec_ty), v, zero, c"".as_ptr());
        let zeros = vec![Some(0); k as usize];
        LLVMBuildShuffleVector(
            self.builder,
            one,
            LLVMGetPoison(vec_ty),
            self.mask(&zeros),
            c"".as_ptr(),
        )
    }

    unsafe fn index(&self, i: u32) -> LLVMValueRef {
        LLVMConstInt(LLVMInt32TypeInContext(self.layout.context), i as u64, 0)
    }

    /// A shuffle mask; `None` lanes are poison.
    unsafe fn mask(&self, lanes: &[Option<u32>]) -> LLVMValueRef {
        let i32 = LLVMInt32TypeInContext(self.layout.context);
        let mut values: Vec<LLVMValueRef> = lanes
            .iter()
            .map(|l| l.map_or_else(|| LLVMGetPoison(i32), |i| LLVMConstInt(i32, i as u64, 0)))
            .collect();
        LLVMConstVector(values.as_mut_ptr(), values.len() as u32)
    }

    /// Loads the slot as `iN`, puts the `8 * size`-bit integer `value` at
    /// byte `rel`, and returns the result converted back to the slot type.
    unsafe fn insert_into_slot(
        &self,
        slot: &NewSlot,
        bits: u64,
        value: LLVMValueRef,
        rel: u64,
        size: u64,
    ) -> LLVMValueRef {
        let old = self.as_int(self.load(slot.ty, slot.alloca, slot.align), bits);
        let merged = self.insert(old, bits, value, rel, size);
        self.int_to(merged, slot.ty)
    }

    /// Bit position of byte range `[rel, rel + size)` inside an `N`-bit
    /// integer holding the partition, by the target's byte order.
    fn shift_of(&self, bits: u64, rel: u64, size: u64) -> u64 {
        if self.layout.little_endian {
            8 * rel
        } else {
            bits - 8 * (rel + size)
        }
    }

    pub(super) unsafe fn int_ty(&self, bits: u64) -> LLVMTypeRef {
        LLVMIntTypeInContext(self.layout.context, bits as u32)
    }

    /// `trunc (lshr v, shift)`: the `size` bytes at `rel` of `v: iN`.
    pub(super) unsafe fn extract(
        &self,
        v: LLVMValueRef,
        bits: u64,
        rel: u64,
        size: u64,
    ) -> LLVMValueRef {
        let shift = self.shift_of(bits, rel, size);
        let mut v = v;
        if shift > 0 {
            v = LLVMBuildLShr(
                self.builder,
                v,
                LLVMConstInt(LLVMTypeOf(v), shift, 0),
                c"".as_ptr(),
            );
        }
        if 8 * size < bits {
            v = LLVMBuildTrunc(self.builder, v, self.int_ty(8 * size), c"".as_ptr());
        }
        v
    }

    /// An integer load that ran past the end of the alloca, from the
    /// `bits`-bit integer `v` of the whole partition: the bytes past the end
    /// are undefined, LLVM makes them zero (`load.ext`), in the target's byte
    /// order (`endian_shift`).
    unsafe fn widen_past_end(&self, v: LLVMValueRef, bits: u64, ty: LLVMTypeRef) -> LLVMValueRef {
        let mut v = LLVMBuildZExt(self.builder, v, ty, c"".as_ptr());
        let wide = LLVMGetIntTypeWidth(ty) as u64;
        if !self.layout.little_endian {
            v = LLVMBuildShl(
                self.builder,
                v,
                LLVMConstInt(ty, wide - bits, 0),
                c"".as_ptr(),
            );
        }
        v
    }

    /// `(old & ~(mask << shift)) | (zext value << shift)`.
    unsafe fn insert(
        &self,
        old: LLVMValueRef,
        bits: u64,
        value: LLVMValueRef,
        rel: u64,
        size: u64,
    ) -> LLVMValueRef {
        let ty = self.int_ty(bits);
        let v = self.place(value, bits, rel, size);
        if 8 * size == bits {
            return v;
        }
        let shift = self.shift_of(bits, rel, size);
        let field = low_ones(8 * size) << shift;
        let keep = !field & low_ones(bits);
        let masked = LLVMBuildAnd(self.builder, old, self.const_wide(ty, keep), c"".as_ptr());
        LLVMBuildOr(self.builder, masked, v, c"".as_ptr())
    }

    /// `zext value << shift`: the `8 * size`-bit integer `value` as the
    /// bytes `[rel, rel + size)` of an `iN` (`bits` = N), the other bits
    /// zero.
    pub(super) unsafe fn place(
        &self,
        value: LLVMValueRef,
        bits: u64,
        rel: u64,
        size: u64,
    ) -> LLVMValueRef {
        let ty = self.int_ty(bits);
        let shift = self.shift_of(bits, rel, size);
        let mut v = value;
        if 8 * size < bits {
            v = LLVMBuildZExt(self.builder, v, ty, c"".as_ptr());
        }
        if shift > 0 {
            v = LLVMBuildShl(self.builder, v, LLVMConstInt(ty, shift, 0), c"".as_ptr());
        }
        v
    }

    /// `a | b`.
    pub(super) unsafe fn or(&self, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        LLVMBuildOr(self.builder, a, b, c"".as_ptr())
    }

    /// An integer constant of up to 128 bits.
    unsafe fn const_wide(&self, ty: LLVMTypeRef, value: u128) -> LLVMValueRef {
        let words = [value as u64, (value >> 64) as u64];
        LLVMConstIntOfArbitraryPrecision(ty, 2, words.as_ptr())
    }

    /// The byte `byte: i8` repeated to fill `bits` bits.
    unsafe fn splat(&self, byte: LLVMValueRef, bits: u64) -> LLVMValueRef {
        let ty = self.int_ty(bits);
        if bits == 8 {
            return byte;
        }
        let ones = (0..bits / 8).fold(0u128, |acc, _| (acc << 8) | 1);
        let wide = LLVMBuildZExt(self.builder, byte, ty, c"".as_ptr());
        LLVMBuildMul(self.builder, wide, self.const_wide(ty, ones), c"".as_ptr())
    }

    /// A plain value as the integer of its width.
    unsafe fn as_int(&self, v: LLVMValueRef, bits: u64) -> LLVMValueRef {
        let ty = LLVMTypeOf(v);
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMIntegerTypeKind => v,
            LLVMTypeKind::LLVMPointerTypeKind => {
                LLVMBuildPtrToInt(self.builder, v, self.int_ty(bits), c"".as_ptr())
            }
            _ => LLVMBuildBitCast(self.builder, v, self.int_ty(bits), c"".as_ptr()),
        }
    }

    /// An integer as the plain type `ty` of the same width.
    unsafe fn int_to(&self, v: LLVMValueRef, ty: LLVMTypeRef) -> LLVMValueRef {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMIntegerTypeKind => v,
            LLVMTypeKind::LLVMPointerTypeKind => {
                LLVMBuildIntToPtr(self.builder, v, ty, c"".as_ptr())
            }
            _ => LLVMBuildBitCast(self.builder, v, ty, c"".as_ptr()),
        }
    }

    /// A value as another type that `vector::can_convert` accepts: a
    /// bitcast, or through an integer when a pointer is involved (then
    /// both are scalars).
    unsafe fn convert_value(&self, v: LLVMValueRef, to: LLVMTypeRef) -> LLVMValueRef {
        let from = LLVMTypeOf(v);
        if from == to {
            return v;
        }
        let is_ptr = |t| LLVMGetTypeKind(t) == LLVMTypeKind::LLVMPointerTypeKind;
        if is_ptr(from) || is_ptr(to) {
            return self.convert(v, to);
        }
        LLVMBuildBitCast(self.builder, v, to, c"".as_ptr())
    }

    /// A plain value as another plain type of the same width.
    unsafe fn convert(&self, v: LLVMValueRef, to: LLVMTypeRef) -> LLVMValueRef {
        let from = LLVMTypeOf(v);
        if from == to {
            return v;
        }
        let bits = self.layout.plain_bits(from).expect("plain source type");
        self.int_to(self.as_int(v, bits), to)
    }
}

/// `bits` low one bits (bits ≤ 128).
fn low_ones(bits: u64) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::low_ones;

    #[test]
    fn low_ones_masks() {
        assert_eq!(low_ones(8), 0xff);
        assert_eq!(low_ones(64), u64::MAX as u128);
        assert_eq!(low_ones(128), u128::MAX);
        // The keep-mask of bytes [1, 2) of an i32: 0xffff00ff.
        assert_eq!(!(low_ones(8) << 8) & low_ones(32), 0xffff_00ff);
    }
}
