//! The type and mode of each partition's new alloca (`plan_partition`,
//! LLVM 19's `rewritePartition` rules):
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
//! * When the type allows none of these, the widest integer a whole load or
//!   store uses is tried as a `Scalar` type (LLVM 22's `selectPartitionType`
//!   falls back to it; LLVM 19 does not, and keeps such an alloca).
//! * `Memory`: anything else. Every slice keeps its kind of memory access,
//!   moved to the new alloca at the same relative offset, but for whole
//!   loads and stores of a type that converts to the new alloca's, which
//!   become ones of its type (as LLVM's rewriter does for any new alloca);
//!   the new alloca stays, and is looked at again. Correct whatever the
//!   slices are, only not promotable.
//!
//! Invariant: a plan's mode is one that `Rewriter` can carry out for every
//! member; `Memory` is always possible.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;

use crate::transforms::sroa::layout::Layout;
use crate::transforms::sroa::partition::{overlapping, piece, Partition};
use crate::transforms::sroa::slices::{Access, AllocaUses, SliceUse};
use crate::transforms::sroa::vector::{self, VectorTy};

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
    // LLVM 22's `selectPartitionType` (not LLVM 19): when the partition's
    // type promotes no way, the widest integer a whole load or store uses
    // may, by integer widening (`double` and `i64` loads of a `[2 x i32]`
    // partition of a `<4 x i32>`).
    if let Some(int_ty) = widest_whole_int(part, members, uses) {
        if int_ty != ty
            && layout.plain_bits(int_ty) == Some(8 * size)
            && scalar_viable(layout, int_ty, part, members, uses)
        {
            return (int_ty, Mode::Scalar { bits: 8 * size });
        }
    }
    (ty, Mode::Memory)
}

/// The loads and stores that cover the whole partition, from its start.
fn whole_accesses<'u>(
    part: Partition,
    members: &'u Members,
    uses: &'u [SliceUse],
) -> impl Iterator<Item = &'u SliceUse> + 'u {
    members.iter().filter_map(move |&(i, b, e)| {
        let u = &uses[i];
        (u.is_load_or_store() && b == part.begin && e == part.end && u.begin == b).then_some(u)
    })
}

/// The widest whole-byte integer type among the whole accesses that is no
/// wider than the partition (LLVM's `findCommonType`'s second result).
unsafe fn widest_whole_int(
    part: Partition,
    members: &Members,
    uses: &[SliceUse],
) -> Option<LLVMTypeRef> {
    let mut widest: Option<(u32, LLVMTypeRef)> = None;
    for u in whole_accesses(part, members, uses) {
        if LLVMGetTypeKind(u.ty) != LLVMTypeKind::LLVMIntegerTypeKind
            || skipped_int(u.ty, part.size())
        {
            continue;
        }
        let w = LLVMGetIntTypeWidth(u.ty);
        if widest.is_none_or(|(best, _)| best < w) {
            widest = Some((w, u.ty));
        }
    }
    widest.map(|(_, t)| t)
}

/// An integer type that `findCommonType` passes over for a partition of
/// `size` bytes: not a whole number of bytes, or wider than the partition
/// (the type of a split integer access).
unsafe fn skipped_int(ty: LLVMTypeRef, size: u64) -> bool {
    LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMIntegerTypeKind && {
        let w = LLVMGetIntTypeWidth(ty);
        !w.is_multiple_of(8) || (w / 8) as u64 > size
    }
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
pub(super) unsafe fn converts(layout: &Layout, u: &SliceUse, ty: LLVMTypeRef) -> bool {
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
    // LLVM's findCommonType: the type of the loads/stores covering the
    // whole partition, if they all have one, and the widest integer among
    // them.
    let mut common: Option<LLVMTypeRef> = None;
    let mut is_common = true;
    for u in whole_accesses(part, members, uses) {
        if skipped_int(u.ty, size) {
            continue;
        }
        match common {
            Some(t) if t != u.ty => is_common = false,
            _ => common = Some(u.ty),
        }
    }
    let widest_int = widest_whole_int(part, members, uses);
    let mut ty = common
        .filter(|&t| is_common && layout.alloc_size(t) >= size)
        .or_else(|| layout.type_partition(allocated, part.begin, size))
        .or_else(|| widest_int.filter(|&t| layout.alloc_size(t) >= size));
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
