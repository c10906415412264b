//! Which allocas mem2reg may promote (Definition 16.4.1 of the seed, plus
//! what LLVM 19's `isAllocaPromotable` also accepts).
//!
//! An entry-block alloca is promotable when every user is
//! * a non-volatile load of exactly the allocated type,
//! * a non-volatile store of a value of the allocated type *into* it (the
//!   alloca is the pointer operand, never the stored value),
//! * `llvm.lifetime.start`/`end`, or a droppable use (an `llvm.assume`
//!   operand bundle),
//! * a bitcast or all-zero-index GEP used only by such markers, or an
//!   addrspacecast used only by lifetime markers.
//!
//! Anything else (the address stored as a value, passed to a call, compared,
//! cast to an integer, offset by a non-zero GEP) may let the program reach
//! the slot without a load or store we can see, so the alloca stays.
//!
//! `remove_markers` deletes the markers of an alloca about to be promoted,
//! as LLVM's `removeIntrinsicUsers` does, leaving only loads and stores.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::ir::{self, delete};

/// Why an alloca cannot be promoted: the first offending user and a reason.
#[derive(Clone, Debug)]
pub struct NotPromotable {
    pub user: LLVMValueRef,
    pub reason: Reason,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    VolatileLoad,
    VolatileStore,
    LoadOfOtherType,
    StoreOfOtherType,
    AddressStored,
    NonZeroGep,
    CastWithOtherUses,
    OtherUser,
}

impl Reason {
    pub fn describe(self) -> &'static str {
        match self {
            Reason::VolatileLoad => "volatile load",
            Reason::VolatileStore => "volatile store",
            Reason::LoadOfOtherType => "load of a type other than the allocated one",
            Reason::StoreOfOtherType => "store of a type other than the allocated one",
            Reason::AddressStored => "its address is stored (escapes)",
            Reason::NonZeroGep => "used by a getelementptr with a non-zero index",
            Reason::CastWithOtherUses => {
                "a cast or zero-index getelementptr of it has uses other than lifetime markers"
            }
            Reason::OtherUser => "used by an instruction other than a load or store (escapes)",
        }
    }
}

/// Intrinsic IDs looked up once per pass run.
#[derive(Clone, Copy, Debug)]
pub struct Intrinsics {
    pub lifetime_start: u32,
    pub lifetime_end: u32,
    pub assume: u32,
    pub pseudoprobe: u32,
    pub noalias_scope_decl: u32,
}

impl Intrinsics {
    pub fn lookup() -> Self {
        Intrinsics {
            lifetime_start: ir::intrinsic_id("llvm.lifetime.start"),
            lifetime_end: ir::intrinsic_id("llvm.lifetime.end"),
            assume: ir::intrinsic_id("llvm.assume"),
            pseudoprobe: ir::intrinsic_id("llvm.pseudoprobe"),
            noalias_scope_decl: ir::intrinsic_id("llvm.experimental.noalias.scope.decl"),
        }
    }

    unsafe fn id_of(&self, inst: LLVMValueRef) -> Option<u32> {
        (ir::opcode(inst) == Some(LLVMOpcode::LLVMCall)).then(|| ir::called_intrinsic_id(inst))
    }

    /// # Safety
    /// `inst` is live.
    pub unsafe fn is_lifetime_marker(&self, inst: LLVMValueRef) -> bool {
        matches!(self.id_of(inst), Some(id) if id != 0 && (id == self.lifetime_start || id == self.lifetime_end))
    }

    /// LLVM's `User::isDroppable`.
    ///
    /// # Safety
    /// `inst` is live.
    pub unsafe fn is_droppable(&self, inst: LLVMValueRef) -> bool {
        matches!(self.id_of(inst), Some(id) if id != 0
            && (id == self.assume || id == self.pseudoprobe || id == self.noalias_scope_decl))
    }
}

/// # Safety
/// `alloca` is a live alloca instruction.
pub unsafe fn check(alloca: LLVMValueRef, intr: &Intrinsics) -> Result<(), NotPromotable> {
    check_logging_accesses(alloca, intr, |_, _| {}).map(|_| ())
}

/// `check`, also saying whether `remove_markers` has anything to delete
/// (a user other than a load or store), and calling `on_access(user,
/// is_store)` for each load and store met on the way, so that a pass need
/// not walk the use list a second time to find out either (see
/// `accesses`). On `Err` the calls made so far are to be forgotten.
///
/// # Safety
/// `alloca` is a live alloca instruction.
pub unsafe fn check_logging_accesses(
    alloca: LLVMValueRef,
    intr: &Intrinsics,
    mut on_access: impl FnMut(LLVMValueRef, bool),
) -> Result<bool, NotPromotable> {
    let allocated = LLVMGetAllocatedType(alloca);
    let fail = |user, reason| Err(NotPromotable { user, reason });
    let mut markers = false;
    for user in ir::each_user(alloca) {
        let opcode = ir::opcode(user);
        markers |= !matches!(
            opcode,
            Some(LLVMOpcode::LLVMLoad) | Some(LLVMOpcode::LLVMStore)
        );
        match opcode {
            Some(LLVMOpcode::LLVMLoad) => {
                if LLVMGetVolatile(user) != 0 {
                    return fail(user, Reason::VolatileLoad);
                }
                if LLVMTypeOf(user) != allocated {
                    return fail(user, Reason::LoadOfOtherType);
                }
                on_access(user, false);
            }
            Some(LLVMOpcode::LLVMStore) => {
                let value = LLVMGetOperand(user, 0);
                if value == alloca {
                    return fail(user, Reason::AddressStored);
                }
                if LLVMGetVolatile(user) != 0 {
                    return fail(user, Reason::VolatileStore);
                }
                if LLVMTypeOf(value) != allocated {
                    return fail(user, Reason::StoreOfOtherType);
                }
                on_access(user, true);
            }
            Some(LLVMOpcode::LLVMCall)
                if intr.is_lifetime_marker(user) || intr.is_droppable(user) => {}
            Some(LLVMOpcode::LLVMBitCast) => {
                if !only_markers(user, intr, true) {
                    return fail(user, Reason::CastWithOtherUses);
                }
            }
            Some(LLVMOpcode::LLVMGetElementPtr) => {
                if !all_zero_indices(user) {
                    return fail(user, Reason::NonZeroGep);
                }
                if !only_markers(user, intr, true) {
                    return fail(user, Reason::CastWithOtherUses);
                }
            }
            Some(LLVMOpcode::LLVMAddrSpaceCast) => {
                if !only_markers(user, intr, false) {
                    return fail(user, Reason::CastWithOtherUses);
                }
            }
            _ => return fail(user, Reason::OtherUser),
        }
    }
    Ok(markers)
}

unsafe fn all_zero_indices(gep: LLVMValueRef) -> bool {
    (1..LLVMGetNumOperands(gep) as u32).all(|i| {
        let idx = LLVMGetOperand(gep, i);
        !LLVMIsAConstantInt(idx).is_null() && LLVMConstIntGetZExtValue(idx) == 0
            || !LLVMIsAConstantAggregateZero(idx).is_null()
    })
}

unsafe fn only_markers(value: LLVMValueRef, intr: &Intrinsics, droppable_ok: bool) -> bool {
    ir::each_user(value)
        .all(|u| intr.is_lifetime_marker(u) || (droppable_ok && intr.is_droppable(u)))
}

/// Deletes the lifetime markers, droppable uses and marker-only casts of a
/// promotable alloca, so that only its loads and stores remain.
///
/// A droppable call may name the slot several times, directly and through
/// casts, so every name of the slot is collected first and each call is
/// rewritten once, dropping all of them together.
///
/// # Safety
/// `check(alloca)` returned `Ok`.
pub unsafe fn remove_markers(alloca: LLVMValueRef, intr: &Intrinsics) {
    // Most allocas have only loads and stores: nothing to collect.
    let only_accesses = ir::each_user(alloca).all(|u| {
        matches!(
            LLVMGetInstructionOpcode(u),
            LLVMOpcode::LLVMLoad | LLVMOpcode::LLVMStore
        )
    });
    if only_accesses {
        return;
    }
    let mut names = vec![alloca];
    let mut casts = Vec::new();
    for user in ir::users(alloca) {
        let is_access = matches!(
            ir::opcode(user),
            Some(LLVMOpcode::LLVMLoad) | Some(LLVMOpcode::LLVMStore) | Some(LLVMOpcode::LLVMCall)
        );
        if !is_access && !casts.contains(&user) {
            casts.push(user);
            names.push(user);
        }
    }
    let mut calls = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for &name in &names {
        for user in ir::users(name) {
            if ir::opcode(user) == Some(LLVMOpcode::LLVMCall) && seen.insert(user) {
                calls.push(user);
            }
        }
    }
    for call in calls {
        if intr.is_droppable(call) {
            drop_droppable_uses(call, &names);
        } else {
            delete::erase_unused(call); // a lifetime marker
        }
    }
    for cast in casts {
        delete::erase_unused(cast);
    }
}

/// LLVM's `dropDroppableUse` for every use of `names` in a droppable call:
/// an operand bundle that mentions one keeps its place but becomes
/// `"ignore"(undef, ...)` (`poison` in LLVM 22: `dropped_use`), so the
/// assumption no longer speaks of the slot; a plain argument becomes the
/// same constant. The C API cannot retag a bundle in
/// place, so the call is rebuilt, with its attributes and metadata.
unsafe fn drop_droppable_uses(call: LLVMValueRef, names: &[LLVMValueRef]) {
    for k in 0..LLVMGetNumArgOperands(call) {
        let arg = LLVMGetOperand(call, k);
        if names.contains(&arg) {
            LLVMSetOperand(call, k, dropped_use(LLVMTypeOf(arg)));
        }
    }
    let n = LLVMGetNumOperandBundles(call);
    let mut bundles = Vec::with_capacity(n as usize);
    let mut changed = false;
    for i in 0..n {
        let b = LLVMGetOperandBundleAtIndex(call, i);
        let mut tag_len = 0usize;
        let tag = LLVMGetOperandBundleTag(b, &mut tag_len);
        let mut args: Vec<LLVMValueRef> = (0..LLVMGetNumOperandBundleArgs(b))
            .map(|k| LLVMGetOperandBundleArgAtIndex(b, k))
            .collect();
        let new = if args.iter().any(|a| names.contains(a)) {
            changed = true;
            for a in args.iter_mut().filter(|a| names.contains(a)) {
                *a = dropped_use(LLVMTypeOf(*a));
            }
            LLVMCreateOperandBundle(c"ignore".as_ptr(), 6, args.as_mut_ptr(), args.len() as u32)
        } else {
            LLVMCreateOperandBundle(tag, tag_len, args.as_mut_ptr(), args.len() as u32)
        };
        LLVMDisposeOperandBundle(b);
        bundles.push(new);
    }
    if changed {
        rebuild_call_with_bundles(call, &mut bundles);
    }
    for b in bundles {
        LLVMDisposeOperandBundle(b);
    }
}

/// What `dropDroppableUse` puts in place of a dropped use: `undef` in
/// LLVM 19, `poison` in 22.
unsafe fn dropped_use(ty: LLVMTypeRef) -> LLVMValueRef {
    if crate::ir::version::MEM2REG.dropped_use_is_poison {
        LLVMGetPoison(ty)
    } else {
        LLVMGetUndef(ty)
    }
}

/// Replaces `call` by the same call with `bundles`, keeping its call-site
/// attributes and metadata (the builder keeps its debug location).
unsafe fn rebuild_call_with_bundles(call: LLVMValueRef, bundles: &mut [LLVMOperandBundleRef]) {
    let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(call)));
    LLVMPositionBuilderBefore(builder, call);
    let num_args = LLVMGetNumArgOperands(call);
    let mut args: Vec<LLVMValueRef> = (0..num_args).map(|k| LLVMGetOperand(call, k)).collect();
    let new_call = LLVMBuildCallWithOperandBundles(
        builder,
        LLVMGetCalledFunctionType(call),
        LLVMGetCalledValue(call),
        args.as_mut_ptr(),
        num_args,
        bundles.as_mut_ptr(),
        bundles.len() as u32,
        c"".as_ptr(),
    );
    LLVMDisposeBuilder(builder);
    let indices = [
        llvm_sys::LLVMAttributeFunctionIndex,
        llvm_sys::LLVMAttributeReturnIndex,
    ]
    .into_iter()
    .chain(1..=num_args);
    for index in indices {
        let count = LLVMGetCallSiteAttributeCount(call, index);
        let mut attrs = vec![std::ptr::null_mut(); count as usize];
        LLVMGetCallSiteAttributes(call, index, attrs.as_mut_ptr());
        for a in attrs {
            LLVMAddCallSiteAttribute(new_call, index, a);
        }
    }
    let mut count = 0usize;
    let entries = LLVMInstructionGetAllMetadataOtherThanDebugLoc(call, &mut count);
    let context = LLVMGetTypeContext(LLVMTypeOf(call));
    for i in 0..count as u32 {
        let kind = LLVMValueMetadataEntriesGetKind(entries, i);
        let md = LLVMValueMetadataEntriesGetMetadata(entries, i);
        LLVMSetMetadata(new_call, kind, LLVMMetadataAsValue(context, md));
    }
    if !entries.is_null() {
        LLVMDisposeValueMetadataEntries(entries);
    }
    delete::replace_and_erase(call, new_call);
}
