//! The slices of one alloca (Definition 16.4.4): every use, followed through
//! constant-offset GEPs, that reads or writes a constant byte range of it.
//!
//! Accepted uses of the alloca or of a pointer derived from it:
//! * a non-volatile, non-atomic `load` — an unsplittable slice;
//! * a non-volatile, non-atomic `store` *into* it — an unsplittable slice;
//! * `llvm.memcpy`/`llvm.memmove` with a constant length, non-volatile, whose
//!   other pointer is not derived from the same alloca — a splittable slice;
//! * `llvm.memset` with a constant length, non-volatile — a splittable slice;
//! * a memcpy/memmove between two ranges of the alloca itself: dead when
//!   the ranges are the same, else two unsplittable slices (as in LLVM);
//! * a GEP whose indices are all constant integers, or a pointer bitcast —
//!   followed, its offset added;
//! * `llvm.lifetime.start/end` — dropped when the alloca is split;
//! * a `select` or `phi` of the address (`speculate::classify`): followed
//!   when it always yields this address, its operand made `poison` when it
//!   never does, erased when nothing accesses memory through it, or its
//!   loads speculated (`AllocaUses::speculate`: the caller rewrites them
//!   and collects again).
//!
//! Anything else is an escape (`Escape`), and the alloca is left alone: a
//! call may read or write it in ways we do not see, a variable index may
//! reach any byte, a volatile access must stay one access. Zero-length
//! memory intrinsics are dead.
//!
//! Accesses outside the alloca are undefined behaviour, and follow LLVM
//! 19's `SliceBuilder` (`insertUse`, `visitStoreInst`, `visitMemSetInst`,
//! `visitMemTransferInst`) rather than keeping the alloca whole:
//! * an access that begins before byte 0 or at or after `size` touches no
//!   byte of the alloca: it is *undefined* (`AllocaUses::undefined`): a
//!   load becomes `poison`, a store, memset or memcpy/memmove (both sides:
//!   the whole transfer) is erased;
//! * a store that begins inside but runs past the end is undefined too
//!   (LLVM is stricter with stores than with loads);
//! * a load, memset or memcpy/memmove that begins inside and runs past the
//!   end is *clamped* to `[begin, size)`: a load keeps its type
//!   (`SliceUse::clamped`), and only a partition type that covers it, or an
//!   integer load of an integer partition (zero-extended, as LLVM), is
//!   promotable; a clamped intrinsic is cut at the end.
//!
//! Undefined accesses are erased as soon as the alloca's slices are known
//! (whether or not it is then split), and counted (`<stats>`: "poisoned N
//! dead uses"). A copy within the alloca that reaches outside
//! it still leaves the alloca alone (`Escape::OutOfBounds`).

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAtomicOrdering, LLVMOpcode};

use super::layout::Layout;
use super::partition::Slice;
use super::speculate;
use crate::ir;

/// How a slice touches the alloca.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Load,
    Store,
    /// `memcpy`/`memmove`; `into` when the alloca is the destination.
    Copy {
        into: bool,
        other: LLVMValueRef,
        other_align: u64,
        is_move: bool,
    },
    Set {
        byte: LLVMValueRef,
    },
    /// A memcpy/memmove between two distinct ranges of this alloca: two
    /// unsplittable slices, one per side; `partner` is where the other
    /// side begins.
    SelfCopy {
        into: bool,
        partner: u64,
        is_move: bool,
    },
}

/// One slice with what rewriting it needs to know.
#[derive(Clone, Copy, Debug)]
pub struct SliceUse {
    pub inst: LLVMValueRef,
    pub access: Access,
    pub begin: u64,
    pub end: u64,
    /// The loaded or stored type (null for memory intrinsics).
    pub ty: LLVMTypeRef,
    /// A load whose type runs past the end of the alloca: `end` is the
    /// alloca's size, not `begin` + the type's store size.
    pub clamped: bool,
}

impl SliceUse {
    pub fn splittable(&self) -> bool {
        matches!(self.access, Access::Copy { .. } | Access::Set { .. })
    }

    /// A load or a store (not a memory intrinsic).
    pub fn is_load_or_store(&self) -> bool {
        matches!(self.access, Access::Load | Access::Store)
    }
}

/// Every use of a splittable alloca.
#[derive(Default)]
pub struct AllocaUses {
    pub uses: Vec<SliceUse>,
    /// Derived pointers (GEPs and casts), parents before children.
    pub derived: Vec<LLVMValueRef>,
    /// Lifetime markers and zero-length memory intrinsics: erased when the
    /// alloca is split.
    pub dead: Vec<LLVMValueRef>,
    /// Accesses outside the alloca (undefined behaviour, module doc), and
    /// selects and phis of its address that nothing uses or accesses
    /// memory through: erased, their uses given `poison`, whatever happens
    /// to the alloca.
    pub undefined: Vec<LLVMValueRef>,
    /// Selects on a constant condition that never pick the alloca's
    /// operand (its index): that operand becomes `poison`.
    pub dead_operands: Vec<(LLVMValueRef, u32)>,
    /// Selects and phis whose loads can be speculated (`speculate`).
    pub speculate: Vec<LLVMValueRef>,
    /// The byte ranges lifetime markers cover (clamped to the alloca, as
    /// LLVM's slices of them): they are no slices here, but they decide
    /// which integer accesses stay splittable (`presplit`).
    pub lifetimes: Vec<(u64, u64)>,
    /// Selects and phis followed as derived pointers (visited once).
    followed: Vec<LLVMValueRef>,
}

impl AllocaUses {
    /// The slices for `partition::partitions`, `id` = index into `uses`.
    pub fn slices(&self) -> Vec<Slice> {
        self.uses
            .iter()
            .enumerate()
            .map(|(i, u)| Slice {
                begin: u.begin,
                end: u.end,
                splittable: u.splittable(),
                id: i as u32,
            })
            .collect()
    }
}

/// Why an alloca cannot be split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escape {
    /// Its address is stored to memory: promoting that memory may later
    /// turn the loads of it into direct uses (LLVM's post-promotion list).
    AddressStored,
    VariableIndex,
    Volatile,
    OutOfBounds,
    /// A memcpy/memmove between parts of the alloca we could not pair up.
    CopyWithinItself,
    /// Any other user: a call, a comparison, a cast to an integer, a phi...
    OtherUser,
    /// The alloca itself is not a fixed-size, single-element, address-space-0 one.
    NotStatic,
}

/// Intrinsic IDs the slice builder recognises, looked up once per function.
pub struct MemIntrinsics {
    memcpy: u32,
    memmove: u32,
    memset: u32,
    lifetime_start: u32,
    lifetime_end: u32,
}

impl MemIntrinsics {
    pub fn lookup() -> Self {
        MemIntrinsics {
            memcpy: ir::intrinsic_id("llvm.memcpy"),
            memmove: ir::intrinsic_id("llvm.memmove"),
            memset: ir::intrinsic_id("llvm.memset"),
            lifetime_start: ir::intrinsic_id("llvm.lifetime.start"),
            lifetime_end: ir::intrinsic_id("llvm.lifetime.end"),
        }
    }
}

/// The allocated size of a static alloca SROA may split.
///
/// # Safety
/// `alloca` is a live alloca.
pub unsafe fn static_size(alloca: LLVMValueRef, layout: &Layout) -> Option<u64> {
    let count = LLVMGetOperand(alloca, 0);
    let ty = LLVMGetAllocatedType(alloca);
    let single = !LLVMIsAConstantInt(count).is_null() && LLVMConstIntGetZExtValue(count) == 1;
    if !single || LLVMGetPointerAddressSpace(LLVMTypeOf(alloca)) != 0 || !layout.is_fixed_sized(ty)
    {
        return None;
    }
    let size = layout.alloc_size(ty);
    (size > 0).then_some(size)
}

/// Collects the slices of `alloca`, or says why it escapes.
///
/// # Safety
/// `alloca` is a live entry-block alloca of a function that verifies.
pub unsafe fn collect(
    alloca: LLVMValueRef,
    layout: &Layout,
    intr: &MemIntrinsics,
    modify_cfg: bool,
) -> Result<AllocaUses, Escape> {
    let size = static_size(alloca, layout).ok_or(Escape::NotStatic)?;
    let mut out = AllocaUses::default();
    let mut self_copies = Vec::new();
    let mut stack: Vec<(LLVMValueRef, i64)> = vec![(alloca, 0)];
    while let Some((ptr, offset)) = stack.pop() {
        for user in ir::users(ptr) {
            let mut walker = Walker {
                alloca,
                size,
                layout,
                intr,
                out: &mut out,
                self_copies: &mut self_copies,
                modify_cfg,
            };
            if let Some(derived) = walker.visit(user, ptr, offset)? {
                out.derived.push(user);
                stack.push((user, derived));
            }
        }
    }
    pair_self_copies(&mut out, self_copies, size)?;
    Ok(out)
}

/// One side of a copy within the alloca, seen while walking.
struct SelfCopySide {
    call: LLVMValueRef,
    into: bool,
    offset: i64,
    len: u64,
    is_move: bool,
}

/// Matches the two sides of every copy within the alloca: the same range
/// on both sides is a no-op (dead), distinct ranges are two unsplittable
/// slices that know each other's offset.
fn pair_self_copies(
    out: &mut AllocaUses,
    mut sides: Vec<SelfCopySide>,
    size: u64,
) -> Result<(), Escape> {
    sides.sort_by_key(|s| (s.call as usize, !s.into));
    for pair in sides.chunks(2) {
        let [dst, src] = pair else {
            return Err(Escape::CopyWithinItself);
        };
        if dst.call != src.call || !dst.into || src.into {
            return Err(Escape::CopyWithinItself);
        }
        if dst.offset == src.offset {
            out.dead.push(dst.call);
            continue;
        }
        for (me, other) in [(dst, src), (src, dst)] {
            let begin = u64::try_from(me.offset).map_err(|_| Escape::OutOfBounds)?;
            let end = begin.checked_add(me.len).ok_or(Escape::OutOfBounds)?;
            if end > size {
                return Err(Escape::OutOfBounds);
            }
            out.uses.push(SliceUse {
                inst: me.call,
                access: Access::SelfCopy {
                    into: me.into,
                    partner: other.offset as u64,
                    is_move: me.is_move,
                },
                begin,
                end,
                ty: std::ptr::null_mut(),
                clamped: false,
            });
        }
    }
    Ok(())
}

struct Walker<'a> {
    alloca: LLVMValueRef,
    size: u64,
    layout: &'a Layout,
    intr: &'a MemIntrinsics,
    out: &'a mut AllocaUses,
    self_copies: &'a mut Vec<SelfCopySide>,
    /// Loads through a select may be predicated (`speculate`).
    modify_cfg: bool,
}

impl Walker<'_> {
    /// Records `user` (a user of `ptr`, which is the alloca plus `offset`).
    /// Returns the offset of `user` itself when it is a derived pointer.
    unsafe fn visit(
        &mut self,
        user: LLVMValueRef,
        ptr: LLVMValueRef,
        offset: i64,
    ) -> Result<Option<i64>, Escape> {
        match ir::opcode(user) {
            Some(LLVMOpcode::LLVMLoad) => {
                check_simple(user)?;
                let ty = LLVMTypeOf(user);
                self.push(user, Access::Load, offset, ty)?;
                Ok(None)
            }
            Some(LLVMOpcode::LLVMStore) => {
                if LLVMGetOperand(user, 0) == ptr {
                    return Err(Escape::AddressStored);
                }
                check_simple(user)?;
                let ty = LLVMTypeOf(LLVMGetOperand(user, 0));
                self.push(user, Access::Store, offset, ty)?;
                Ok(None)
            }
            Some(LLVMOpcode::LLVMGetElementPtr) => {
                if LLVMGetTypeKind(LLVMTypeOf(user)) != llvm_sys::LLVMTypeKind::LLVMPointerTypeKind
                {
                    return Err(Escape::OtherUser);
                }
                let step = self.layout.gep_offset(user).ok_or(Escape::VariableIndex)?;
                Ok(Some(offset.checked_add(step).ok_or(Escape::OutOfBounds)?))
            }
            Some(LLVMOpcode::LLVMBitCast)
                if LLVMGetTypeKind(LLVMTypeOf(user))
                    == llvm_sys::LLVMTypeKind::LLVMPointerTypeKind =>
            {
                Ok(Some(offset))
            }
            Some(LLVMOpcode::LLVMCall) => {
                self.visit_call(user, ptr, offset)?;
                Ok(None)
            }
            Some(LLVMOpcode::LLVMSelect | LLVMOpcode::LLVMPHI) => {
                self.visit_merge(user, ptr, offset)
            }
            _ => Err(Escape::OtherUser),
        }
    }

    /// A select or phi of the address (`speculate::classify`).
    unsafe fn visit_merge(
        &mut self,
        merge: LLVMValueRef,
        ptr: LLVMValueRef,
        offset: i64,
    ) -> Result<Option<i64>, Escape> {
        if self.out.followed.contains(&merge) {
            // It names this address twice, or is a loop phi using itself.
            return Ok(None);
        }
        match speculate::classify(merge, ptr, self.layout, self.modify_cfg) {
            speculate::Merge::Follow => {
                self.out.followed.push(merge);
                Ok(Some(offset))
            }
            speculate::Merge::Unused => {
                self.out.undefined.push(merge);
                Ok(None)
            }
            // Dead only where it points into the alloca: LLVM makes an
            // address outside it a dead operand instead, which is left to
            // the rules below.
            speculate::Merge::NoAccess if u64::try_from(offset).is_ok_and(|b| b < self.size) => {
                self.out.undefined.push(merge);
                Ok(None)
            }
            speculate::Merge::DeadOperand(index) => {
                self.out.dead_operands.push((merge, index));
                Ok(None)
            }
            speculate::Merge::Speculate if u64::try_from(offset).is_ok_and(|b| b < self.size) => {
                if !self.out.speculate.contains(&merge) {
                    self.out.speculate.push(merge);
                }
                Ok(None)
            }
            _ if stores_itself(merge) => Err(Escape::AddressStored),
            _ => Err(Escape::OtherUser),
        }
    }

    unsafe fn visit_call(
        &mut self,
        call: LLVMValueRef,
        ptr: LLVMValueRef,
        offset: i64,
    ) -> Result<(), Escape> {
        let id = ir::called_intrinsic_id(call);
        let intr = self.intr;
        if id == 0 {
            return Err(Escape::OtherUser);
        }
        if id == intr.lifetime_start || id == intr.lifetime_end {
            let (marked, size) = ir::version::lifetime_marker_operands(call);
            if marked != ptr {
                return Err(Escape::OtherUser);
            }
            self.out.dead.push(call);
            self.push_lifetime(size, offset);
            return Ok(());
        }
        let is_copy = id == intr.memcpy || id == intr.memmove;
        if !is_copy && id != intr.memset {
            return Err(Escape::OtherUser);
        }
        let volatile = LLVMGetOperand(call, 3);
        if LLVMIsAConstantInt(volatile).is_null() || LLVMConstIntGetZExtValue(volatile) != 0 {
            return Err(Escape::Volatile);
        }
        let len = LLVMGetOperand(call, 2);
        if LLVMIsAConstantInt(len).is_null() || LLVMGetIntTypeWidth(LLVMTypeOf(len)) > 64 {
            return Err(Escape::VariableIndex);
        }
        let len = LLVMConstIntGetZExtValue(len);
        let access = if is_copy {
            let into = LLVMGetOperand(call, 0) == ptr;
            let other = LLVMGetOperand(call, if into { 1 } else { 0 });
            if other == ptr {
                // memcpy(p, p): a no-op; listed twice among the users.
                if !self.out.dead.contains(&call) {
                    self.out.dead.push(call);
                }
                return Ok(());
            }
            if base_of(other) == self.alloca {
                if len > 0 {
                    self.self_copies.push(SelfCopySide {
                        call,
                        into,
                        offset,
                        len,
                        is_move: id == intr.memmove,
                    });
                } else if into {
                    self.out.dead.push(call);
                }
                return Ok(());
            }
            Access::Copy {
                into,
                other,
                other_align: param_align(call, if into { 1 } else { 0 }),
                is_move: id == intr.memmove,
            }
        } else {
            if LLVMGetOperand(call, 0) != ptr {
                return Err(Escape::OtherUser);
            }
            Access::Set {
                byte: LLVMGetOperand(call, 1),
            }
        };
        if len == 0 {
            self.out.dead.push(call);
            return Ok(());
        }
        self.push_range(call, access, offset, len, std::ptr::null_mut())
    }

    /// The range of a lifetime marker: from its offset, its length (all of
    /// the alloca for `-1`, or when the marker has no size, LLVM 22)
    /// clamped to the end, as LLVM's `insertUse`.
    unsafe fn push_lifetime(&mut self, size: Option<LLVMValueRef>, offset: i64) {
        let Some(begin) = u64::try_from(offset).ok().filter(|&b| b < self.size) else {
            return;
        };
        let len = match size {
            Some(len)
                if !LLVMIsAConstantInt(len).is_null()
                    && LLVMGetIntTypeWidth(LLVMTypeOf(len)) <= 64 =>
            {
                LLVMConstIntGetZExtValue(len)
            }
            _ => u64::MAX,
        };
        let end = begin.saturating_add(len).min(self.size);
        if end > begin {
            self.out.lifetimes.push((begin, end));
        }
    }

    unsafe fn push(
        &mut self,
        inst: LLVMValueRef,
        access: Access,
        offset: i64,
        ty: LLVMTypeRef,
    ) -> Result<(), Escape> {
        if !self.layout.is_fixed_sized(ty) {
            return Err(Escape::OtherUser);
        }
        let len = self.layout.store_size(ty);
        if len == 0 {
            return Err(Escape::OtherUser);
        }
        self.push_range(inst, access, offset, len, ty)
    }

    fn push_range(
        &mut self,
        inst: LLVMValueRef,
        access: Access,
        offset: i64,
        len: u64,
        ty: LLVMTypeRef,
    ) -> Result<(), Escape> {
        let Some(begin) = u64::try_from(offset).ok().filter(|&b| b < self.size) else {
            self.out.undefined.push(inst);
            return Ok(());
        };
        let mut end = begin.saturating_add(len);
        let mut clamped = false;
        if end > self.size {
            if access == Access::Store {
                self.out.undefined.push(inst);
                return Ok(());
            }
            clamped = access == Access::Load;
            end = self.size;
        }
        self.out.uses.push(SliceUse {
            inst,
            access,
            begin,
            end,
            ty,
            clamped,
        });
        Ok(())
    }
}

/// Whether some user of a select or phi of the address stores it to
/// memory: like a stored address, promoting that memory may turn the
/// loads of it into direct uses (reg2mem spills every select), so the
/// alloca is tried again after promotion (as LLVM, whose rewriter of the
/// slot puts the pointer's alloca on its post-promotion list).
unsafe fn stores_itself(merge: LLVMValueRef) -> bool {
    ir::each_user(merge)
        .any(|u| ir::opcode(u) == Some(LLVMOpcode::LLVMStore) && LLVMGetOperand(u, 0) == merge)
}

/// Loads and stores must be plain: volatile and atomic accesses stay as
/// they are.
unsafe fn check_simple(inst: LLVMValueRef) -> Result<(), Escape> {
    if LLVMGetVolatile(inst) != 0
        || LLVMGetOrdering(inst) != LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
    {
        return Err(Escape::Volatile);
    }
    Ok(())
}

/// The pointer a chain of GEPs and casts (`bitcast`, `addrspacecast`)
/// starts from.
///
/// # Safety
/// `ptr` is live.
pub unsafe fn base_of(mut ptr: LLVMValueRef) -> LLVMValueRef {
    loop {
        match ir::opcode(ptr) {
            Some(
                LLVMOpcode::LLVMGetElementPtr
                | LLVMOpcode::LLVMBitCast
                | LLVMOpcode::LLVMAddrSpaceCast,
            ) => {
                ptr = LLVMGetOperand(ptr, 0);
            }
            _ => return ptr,
        }
    }
}

/// The `align` attribute of argument `arg` of a call (1 when absent).
unsafe fn param_align(call: LLVMValueRef, arg: u32) -> u64 {
    let kind = crate::ir::attributes::kind("align");
    let attr = LLVMGetCallSiteEnumAttribute(call, arg + 1, kind);
    if attr.is_null() {
        return 1;
    }
    LLVMGetEnumAttributeValue(attr).max(1)
}
