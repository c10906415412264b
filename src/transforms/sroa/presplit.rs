//! Integer loads and stores as splittable slices: cutting the ones that
//! straddle partitions into one access per partition, before the partitions
//! are rewritten (LLVM 19's `SROA::presplitLoadsAndStores` and the
//! splittable integer slices of `AllocaSliceRewriter` in
//! `llvm/lib/Transforms/Scalar/SROA.cpp`).
//!
//! LLVM's slice builder marks every non-volatile `load`/`store` of an
//! integer whose width is a whole number of bytes *splittable*
//! (`handleLoadOrStore`): such an access may be moving bits from one place
//! to another, like a memcpy, and need not keep its partition whole. The
//! rules, in LLVM's order, on the partitions formed with those slices
//! splittable (`partition::partitions`):
//!
//! 1. **Pre-splitting a transfer** (`split_transfers`, LLVM's
//!    `presplitLoadsAndStores`). A splittable load of the alloca that
//!    spans several partitions, and whose only users are simple stores,
//!    becomes one `iK` load per partition piece; each store of it becomes
//!    one store per piece at the same relative offset, wherever it stores
//!    (another alloca then has new slices and is looked at again). A
//!    splittable store into the alloca that spans several partitions and
//!    stores a simple load becomes one store per piece of one load per
//!    piece, the loads placed where the old load was (the old load stays
//!    while it has other users). A load that ran past the end of the alloca
//!    copies only the bytes inside it (LLVM's slice size). Pieces are copied as memory, byte for
//!    byte, so byte order does not matter. A load is not pre-split when it
//!    lies inside one partition, when it is stored by a store of the alloca
//!    that lies inside one partition, or when it and a store of it into the
//!    alloca are cut at different relative offsets; a store is not
//!    pre-split when its load is not.
//! 2. **Which integer accesses stay splittable** (`split_integer_accesses`;
//!    LLVM's `splitAlloca` after pre-splitting): a byte offset is
//!    *splittable* when no slice (lifetime markers included) strictly
//!    contains it; a splittable load or store keeps being splittable only
//!    when both its ends are splittable offsets (for an alloca of more than
//!    1024 bytes: only when it covers the whole alloca). The others, and the
//!    pieces made by rule 1, are unsplittable.
//! 3. **Splitting what stays splittable** (`split_integer_accesses`; LLVM's
//!    rewriter with `IsSplit`): on the partitions those slices form, an
//!    integer load spanning several becomes one `iK` load per piece, each
//!    zero-extended and shifted to its bytes (the target's byte order) and
//!    or-ed together; a store becomes one store per piece of
//!    `trunc (lshr value, shift)`. A load that ran past the end of the alloca
//!    (`SliceUse::clamped`) gets zero in the bytes past it (LLVM leaves them
//!    undefined).
//!
//! Afterwards every load and store lies inside one partition, and the
//! caller collects the alloca's slices again (`slices::collect`): the
//! pieces are ordinary loads and stores through `inbounds` i8 GEPs.
//!
//! Difference from LLVM: LLVM rewrites the pieces of rule 3 while it
//! rewrites each partition, and a partition holding such a piece is then
//! never widened as an integer (`isIntegerWideningViableForSlice` rejects
//! slices that leave the partition); here the pieces are real accesses
//! before planning, so they count as accesses of their partition (a whole
//! piece allows widening). That can only leave fewer allocas.
//!
//! Invariant: the bytes each access reads or writes are unchanged; only
//! the number of instructions doing it changes.

use std::collections::{HashMap, HashSet};

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAtomicOrdering, LLVMOpcode, LLVMTypeKind};

use super::layout::common_alignment;
use super::partition::{overlapping, partitions, Partition, Slice};
use super::rewrite::Rewriter;
use super::slices::{base_of, Access, AllocaUses, SliceUse};
use crate::ir::{self, delete};

/// LLVM's bound on the allocas whose splittable offsets are tracked byte by
/// byte (`MaxBitVectorSize`).
const MAX_TRACKED_SIZE: u64 = 1024;

/// An integer load or store LLVM makes a splittable slice: a whole number
/// of bytes (`typeSizeEqualsStoreSize`). Slices are never volatile.
///
/// # Safety
/// `u.ty` is live when `u` is a load or store.
pub unsafe fn is_splittable_integer(u: &SliceUse) -> bool {
    u.is_load_or_store()
        && LLVMGetTypeKind(u.ty) == LLVMTypeKind::LLVMIntegerTypeKind
        && LLVMGetIntTypeWidth(u.ty).is_multiple_of(8)
}

/// The partitions of `uses` when the uses `splittable_int` picks are
/// splittable, as well as the memory intrinsics.
fn partitions_with(uses: &AllocaUses, splittable_int: impl Fn(usize) -> bool) -> Vec<Partition> {
    let mut slices: Vec<Slice> = uses
        .uses
        .iter()
        .enumerate()
        .map(|(i, u)| Slice {
            begin: u.begin,
            end: u.end,
            splittable: u.splittable() || splittable_int(i),
            id: i as u32,
        })
        .collect();
    partitions(&mut slices)
}

/// Where the partitions cut `[begin, end)`, relative to `begin` (empty
/// when it lies inside one).
fn cuts(parts: &[Partition], begin: u64, end: u64) -> Vec<u64> {
    let range = overlapping(parts, begin, end);
    parts[range]
        .iter()
        .map(|p| p.end)
        .filter(|&e| e < end)
        .map(|e| e - begin)
        .collect()
}

/// The pieces `(offset, size)` of a `len`-byte access cut at `cuts`.
fn pieces(cuts: &[u64], len: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::with_capacity(cuts.len() + 1);
    let mut at = 0;
    for &c in cuts.iter().chain(std::iter::once(&len)) {
        out.push((at, c - at));
        at = c;
    }
    out
}

unsafe fn is_simple(inst: LLVMValueRef) -> bool {
    LLVMGetVolatile(inst) == 0
        && LLVMGetOrdering(inst) == LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
}

/// The simple load `store` stores, if it stores one.
unsafe fn stored_load(store: LLVMValueRef) -> Option<LLVMValueRef> {
    let value = LLVMGetOperand(store, 0);
    (ir::opcode(value) == Some(LLVMOpcode::LLVMLoad) && is_simple(value)).then_some(value)
}

/// Whether every user of `load` is a simple store (of it: a load is never
/// an address).
unsafe fn only_simply_stored(load: LLVMValueRef) -> bool {
    ir::each_user(load).all(|u| ir::opcode(u) == Some(LLVMOpcode::LLVMStore) && is_simple(u))
}

/// What rule 1 of the module doc found: the loads and stores of the alloca
/// to pre-split, each with its cuts.
#[derive(Default)]
struct Transfers {
    /// A load, its cuts and the length of its slice (less than the type's
    /// for a load that ran past the end of the alloca).
    loads: Vec<(LLVMValueRef, Vec<u64>, u64)>,
    stores: Vec<(LLVMValueRef, Vec<u64>)>,
}

/// Rule 1's choice (LLVM's first loop and its two filters).
unsafe fn find_transfers(uses: &AllocaUses, parts: &[Partition]) -> Transfers {
    let mut unsplittable_loads: HashSet<LLVMValueRef> = HashSet::new();
    let mut load_cuts: HashMap<LLVMValueRef, Vec<u64>> = HashMap::new();
    let mut found = Transfers::default();
    for u in &uses.uses {
        let cut = if is_splittable_integer(u) {
            cuts(parts, u.begin, u.end)
        } else {
            Vec::new()
        };
        if cut.is_empty() {
            match u.access {
                Access::Load => {
                    unsplittable_loads.insert(u.inst);
                }
                Access::Store => {
                    if let Some(load) = stored_load(u.inst) {
                        unsplittable_loads.insert(load);
                    }
                }
                _ => {}
            }
            continue;
        }
        if u.access == Access::Load {
            if only_simply_stored(u.inst) {
                load_cuts.insert(u.inst, cut.clone());
                found.loads.push((u.inst, cut, u.end - u.begin));
            } else {
                unsplittable_loads.insert(u.inst);
            }
        } else if stored_load(u.inst).is_some() {
            found.stores.push((u.inst, cut));
        }
    }
    // A load of this alloca stored into it is pre-split only when both are
    // cut at the same relative offsets.
    found.stores.retain(|(store, cut)| {
        let load = LLVMGetOperand(*store, 0);
        if unsplittable_loads.contains(&load) {
            return false;
        }
        match load_cuts.get(&load) {
            Some(c) if c != cut => {
                unsplittable_loads.insert(load);
                false
            }
            _ => true,
        }
    });
    // A later store may have made an earlier store's load unsplittable.
    found
        .stores
        .retain(|(store, _)| !unsplittable_loads.contains(&LLVMGetOperand(*store, 0)));
    found
        .loads
        .retain(|(load, _, _)| !unsplittable_loads.contains(load));
    found
}

/// Rule 1: pre-splits the loads and stores of the alloca that only move
/// integers between memory and straddle its partitions. Returns the new
/// loads and stores made in the alloca (unsplittable for rule 2) and pushes
/// the bases of the other memory they touched onto `others` (it has new
/// slices).
///
/// # Safety
/// `uses` were just collected and nothing changed since.
pub unsafe fn split_transfers(
    uses: &AllocaUses,
    rewriter: &Rewriter,
    others: &mut Vec<LLVMValueRef>,
) -> Vec<LLVMValueRef> {
    let mut made = Vec::new();
    if !uses.uses.iter().any(|u| is_splittable_integer(u)) {
        return made;
    }
    let parts = partitions_with(uses, |i| is_splittable_integer(&uses.uses[i]));
    if parts.len() < 2 {
        return made;
    }
    let found = find_transfers(uses, &parts);
    if found.loads.is_empty() && found.stores.is_empty() {
        return made;
    }
    let split_stores: HashSet<LLVMValueRef> = found.stores.iter().map(|&(s, _)| s).collect();
    let mut split_loads: HashMap<LLVMValueRef, Vec<LLVMValueRef>> = HashMap::new();
    for (load, cut, len) in &found.loads {
        let parts = load_pieces(rewriter, *load, cut, *len);
        made.extend_from_slice(&parts);
        for store in ir::users(*load) {
            if split_stores.contains(&store) {
                continue; // Split below, with these pieces.
            }
            let ptr = LLVMGetOperand(store, 1);
            store_pieces(rewriter, store, &parts, cut);
            others.push(base_of(ptr));
            delete::erase_unused(store);
        }
        split_loads.insert(*load, parts);
    }
    for (store, cut) in &found.stores {
        let load = LLVMGetOperand(*store, 0);
        let parts = match split_loads.get(&load) {
            Some(parts) => parts.clone(),
            None => {
                others.push(base_of(LLVMGetOperand(load, 0)));
                let len = LLVMGetIntTypeWidth(LLVMTypeOf(load)) as u64 / 8;
                load_pieces(rewriter, load, cut, len)
            }
        };
        let stores = store_pieces(rewriter, *store, &parts, cut);
        made.extend(stores);
        delete::erase_unused(*store);
        if LLVMGetFirstUse(load).is_null() && !split_loads.contains_key(&load) {
            delete::erase_unused(load);
        }
    }
    for load in split_loads.into_keys() {
        delete::erase_unused(load);
    }
    made
}

/// One `iK` load per piece of the first `len` bytes of `load`, just
/// before it.
unsafe fn load_pieces(
    rewriter: &Rewriter,
    load: LLVMValueRef,
    cut: &[u64],
    len: u64,
) -> Vec<LLVMValueRef> {
    let ptr = LLVMGetOperand(load, 0);
    let align = LLVMGetAlignment(load) as u64;
    let name = ir::name(load);
    rewriter.position_before(load);
    pieces(cut, len)
        .into_iter()
        .map(|(offset, size)| {
            let piece = rewriter.load(
                rewriter.int_ty(8 * size),
                rewriter.offset_ptr(ptr, offset),
                common_alignment(align, offset),
            );
            if !name.is_empty() {
                ir::set_name(piece, &name);
            }
            piece
        })
        .collect()
}

/// Stores `parts` (the pieces of what `store` stores, cut at `cut`) at
/// their offsets from `store`'s address, just before it.
unsafe fn store_pieces(
    rewriter: &Rewriter,
    store: LLVMValueRef,
    parts: &[LLVMValueRef],
    cut: &[u64],
) -> Vec<LLVMValueRef> {
    let ptr = LLVMGetOperand(store, 1);
    let align = LLVMGetAlignment(store) as u64;
    rewriter.position_before(store);
    let offsets = std::iter::once(0).chain(cut.iter().copied());
    parts
        .iter()
        .zip(offsets)
        .map(|(&part, offset)| {
            rewriter.store(
                part,
                rewriter.offset_ptr(ptr, offset),
                common_alignment(align, offset),
            )
        })
        .collect()
}

/// Rules 2 and 3: splits the integer loads and stores that stay
/// splittable and straddle partitions (`unsplittable`: rule 1's pieces).
/// Returns whether it changed anything.
///
/// # Safety
/// `uses` were just collected and nothing changed since.
pub unsafe fn split_integer_accesses(
    uses: &AllocaUses,
    size: u64,
    unsplittable: &HashSet<LLVMValueRef>,
    rewriter: &Rewriter,
) -> bool {
    let candidate = |u: &SliceUse| is_splittable_integer(u) && !unsplittable.contains(&u.inst);
    if uses.uses.len() < 2 || !uses.uses.iter().any(&candidate) {
        return false;
    }
    let stays = splittable_ends(uses, size);
    let keep: Vec<bool> = uses
        .uses
        .iter()
        .map(|u| candidate(u) && stays(u.begin, u.end))
        .collect();
    if !keep.contains(&true) {
        return false;
    }
    let parts = partitions_with(uses, |i| keep[i]);
    let mut changed = false;
    for (u, _) in uses.uses.iter().zip(&keep).filter(|(_, &k)| k) {
        let cut = cuts(&parts, u.begin, u.end);
        if cut.is_empty() {
            continue;
        }
        changed = true;
        if u.access == Access::Load {
            split_load(rewriter, u, &cut);
        } else {
            split_store(rewriter, u, &cut);
        }
    }
    changed
}

/// Rule 2: whether an access `[begin, end)` keeps its splittability.
fn splittable_ends(uses: &AllocaUses, size: u64) -> impl Fn(u64, u64) -> bool {
    let tracked = (size <= MAX_TRACKED_SIZE).then(|| {
        // inside[o]: some slice has begin < o < end (a difference array
        // over the offsets, then its running sum).
        let mut delta = vec![0i64; size as usize + 2];
        let ranges = uses
            .uses
            .iter()
            .map(|u| (u.begin, u.end))
            .chain(uses.lifetimes.iter().copied());
        for (b, e) in ranges {
            let (from, to) = (b + 1, e.min(size));
            if from < to {
                delta[from as usize] += 1;
                delta[to as usize] -= 1;
            }
        }
        let mut depth = 0;
        delta
            .iter()
            .map(|d| {
                depth += d;
                depth == 0
            })
            .collect::<Vec<bool>>()
    });
    move |begin, end| match &tracked {
        Some(free) => free[begin as usize] && free[end as usize],
        None => begin == 0 && end >= size,
    }
}

/// Rule 3 for a load: one load per piece, put together with `zext`,
/// `shl` and `or`.
unsafe fn split_load(rewriter: &Rewriter, u: &SliceUse, cut: &[u64]) {
    let load = u.inst;
    let ptr = LLVMGetOperand(load, 0);
    let align = LLVMGetAlignment(load) as u64;
    let bits = LLVMGetIntTypeWidth(u.ty) as u64;
    let name = ir::name(load);
    rewriter.position_before(load);
    let mut value: Option<LLVMValueRef> = None;
    for (offset, size) in pieces(cut, u.end - u.begin) {
        let piece = rewriter.load(
            rewriter.int_ty(8 * size),
            rewriter.offset_ptr(ptr, offset),
            common_alignment(align, offset),
        );
        let placed = rewriter.place(piece, bits, offset, size);
        value = Some(match value {
            None => placed,
            Some(v) => rewriter.or(v, placed),
        });
    }
    let value = value.expect("a split access has two pieces or more");
    delete::replace_and_erase(load, value);
    if !name.is_empty() && ir::is_instruction(value) {
        ir::set_name(value, &name);
    }
}

/// Rule 3 for a store: one store per piece of `trunc (lshr value, shift)`.
unsafe fn split_store(rewriter: &Rewriter, u: &SliceUse, cut: &[u64]) {
    let store = u.inst;
    let value = LLVMGetOperand(store, 0);
    let ptr = LLVMGetOperand(store, 1);
    let align = LLVMGetAlignment(store) as u64;
    let bits = LLVMGetIntTypeWidth(u.ty) as u64;
    rewriter.position_before(store);
    for (offset, size) in pieces(cut, u.end - u.begin) {
        let piece = rewriter.extract(value, bits, offset, size);
        rewriter.store(
            piece,
            rewriter.offset_ptr(ptr, offset),
            common_alignment(align, offset),
        );
    }
    delete::erase_unused(store);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(begin: u64, end: u64) -> Partition {
        Partition { begin, end }
    }

    #[test]
    fn cuts_are_the_inner_partition_ends() {
        let parts = [p(0, 1), p(1, 4), p(4, 8)];
        assert_eq!(cuts(&parts, 0, 8), vec![1, 4]);
        assert_eq!(cuts(&parts, 1, 8), vec![3]);
        assert!(cuts(&parts, 4, 8).is_empty());
        assert!(cuts(&parts, 1, 3).is_empty());
    }

    fn uses_at(ranges: &[(u64, u64)], lifetimes: &[(u64, u64)]) -> AllocaUses {
        let uses = ranges
            .iter()
            .map(|&(begin, end)| SliceUse {
                inst: std::ptr::null_mut(),
                access: Access::Store,
                begin,
                end,
                ty: std::ptr::null_mut(),
                clamped: false,
            })
            .collect();
        let mut all = AllocaUses::default();
        all.uses = uses;
        all.lifetimes = lifetimes.to_vec();
        all
    }

    #[test]
    fn ends_inside_another_slice_are_not_splittable() {
        // An i64 over [0,8), a <2 x i16> load over [2,6), an i8 at 7.
        let uses = uses_at(&[(0, 8), (2, 6), (7, 8)], &[]);
        let stays = splittable_ends(&uses, 8);
        assert!(stays(0, 8), "nothing straddles 0 or 8");
        assert!(!stays(2, 6), "2 and 6 are inside [0,8)");
        assert!(!stays(7, 8), "7 is inside [0,8)");
        // A lifetime marker over the whole alloca makes every inner offset
        // unsplittable (LLVM counts its slice).
        let uses = uses_at(&[(0, 8)], &[(0, 16)]);
        let stays = splittable_ends(&uses, 16);
        assert!(!stays(0, 8));
        assert!(stays(0, 16));
    }

    #[test]
    fn above_the_tracked_size_only_whole_accesses_stay() {
        let uses = uses_at(&[(0, 2000), (0, 8)], &[]);
        let stays = splittable_ends(&uses, 2000);
        assert!(stays(0, 2000));
        assert!(!stays(0, 8));
    }

    #[test]
    fn pieces_cover_the_access() {
        assert_eq!(pieces(&[1, 4], 8), vec![(0, 1), (1, 3), (4, 4)]);
        assert_eq!(pieces(&[], 4), vec![(0, 4)]);
    }
}
