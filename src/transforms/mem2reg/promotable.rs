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

use crate::ir;

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
    let allocated = LLVMGetAllocatedType(alloca);
    let fail = |user, reason| Err(NotPromotable { user, reason });
    for user in ir::users(alloca) {
        match ir::opcode(user) {
            Some(LLVMOpcode::LLVMLoad) => {
                if LLVMGetVolatile(user) != 0 {
                    return fail(user, Reason::VolatileLoad);
                }
                if LLVMTypeOf(user) != allocated {
                    return fail(user, Reason::LoadOfOtherType);
                }
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
    Ok(())
}

unsafe fn all_zero_indices(gep: LLVMValueRef) -> bool {
    (1..LLVMGetNumOperands(gep) as u32).all(|i| {
        let idx = LLVMGetOperand(gep, i);
        !LLVMIsAConstantInt(idx).is_null() && LLVMConstIntGetZExtValue(idx) == 0
            || !LLVMIsAConstantAggregateZero(idx).is_null()
    })
}

unsafe fn only_markers(value: LLVMValueRef, intr: &Intrinsics, droppable_ok: bool) -> bool {
    ir::users(value)
        .into_iter()
        .all(|u| intr.is_lifetime_marker(u) || (droppable_ok && intr.is_droppable(u)))
}

/// Deletes the lifetime markers, droppable uses and marker-only casts of a
/// promotable alloca, so that only its loads and stores remain.
///
/// # Safety
/// `check(alloca)` returned `Ok`.
pub unsafe fn remove_markers(alloca: LLVMValueRef, intr: &Intrinsics) {
    for user in ir::users(alloca) {
        match ir::opcode(user) {
            Some(LLVMOpcode::LLVMLoad) | Some(LLVMOpcode::LLVMStore) => {}
            Some(LLVMOpcode::LLVMCall) => remove_marker_use(user, alloca, intr),
            _ => {
                // A cast or zero GEP used only by markers.
                for inner in ir::users(user) {
                    remove_marker_use(inner, user, intr);
                }
                LLVMInstructionEraseFromParent(user);
            }
        }
    }
}

/// `users()` lists a user once per use, so a marker may come twice: erase
/// only what is still attached to its block.
unsafe fn remove_marker_use(user: LLVMValueRef, value: LLVMValueRef, intr: &Intrinsics) {
    if LLVMGetInstructionParent(user).is_null() {
        return;
    }
    if intr.is_droppable(user) {
        drop_droppable_use(user, value);
    } else {
        LLVMInstructionEraseFromParent(user);
    }
}

/// LLVM's `dropDroppableUse` for an `llvm.assume` operand bundle: the
/// bundle that mentions `value` keeps its place but becomes
/// `"ignore"(poison, ...)`, so the assumption no longer speaks of the slot.
/// The C API cannot retag a bundle in place, so the call is rebuilt.
unsafe fn drop_droppable_use(call: LLVMValueRef, value: LLVMValueRef) {
    if LLVMGetInstructionParent(call).is_null() {
        return;
    }
    let n = LLVMGetNumOperandBundles(call);
    if n == 0 {
        return; // not in a bundle (a droppable intrinsic without bundles)
    }
    let mut bundles = Vec::with_capacity(n as usize);
    for i in 0..n {
        let b = LLVMGetOperandBundleAtIndex(call, i);
        let mut tag_len = 0usize;
        let tag = LLVMGetOperandBundleTag(b, &mut tag_len);
        let mut args: Vec<LLVMValueRef> = (0..LLVMGetNumOperandBundleArgs(b))
            .map(|k| LLVMGetOperandBundleArgAtIndex(b, k))
            .collect();
        let new = if args.contains(&value) {
            for a in args.iter_mut().filter(|a| **a == value) {
                *a = LLVMGetPoison(LLVMTypeOf(value));
            }
            LLVMCreateOperandBundle(c"ignore".as_ptr(), 6, args.as_mut_ptr(), args.len() as u32)
        } else {
            LLVMCreateOperandBundle(tag, tag_len, args.as_mut_ptr(), args.len() as u32)
        };
        LLVMDisposeOperandBundle(b);
        bundles.push(new);
    }
    let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(value)));
    LLVMPositionBuilderBefore(builder, call);
    let mut args: Vec<LLVMValueRef> = (0..LLVMGetNumArgOperands(call))
        .map(|k| LLVMGetOperand(call, k))
        .collect();
    let new_call = LLVMBuildCallWithOperandBundles(
        builder,
        LLVMGetCalledFunctionType(call),
        LLVMGetCalledValue(call),
        args.as_mut_ptr(),
        args.len() as u32,
        bundles.as_mut_ptr(),
        bundles.len() as u32,
        c"".as_ptr(),
    );
    for b in bundles {
        LLVMDisposeOperandBundle(b);
    }
    LLVMDisposeBuilder(builder);
    LLVMInstructionEraseFromParent(call);
    let _ = new_call;
}
