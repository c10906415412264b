//! LLVM 19's two cheap paths, for `pebble-mem2reg<compat>`:
//! `rewriteSingleStoreAlloca` and `promoteSingleBlockAlloca`, tried in that
//! order for each alloca before any phi placement, in the order LLVM visits
//! the allocas (a finished alloca is replaced in the list by the last one,
//! which is visited next: this is what orders the phis later).
//!
//! * **Dead**: no users left once markers are gone: the alloca is erased.
//! * **Single store**: exactly one store. Each load dominated by it (in its
//!   block: after it) takes the stored value. When the stored value is a
//!   constant or argument guaranteed not to be poison, even a load the store
//!   does not dominate may take it (it would have read uninitialised memory,
//!   which may be anything). If some load remains, the alloca falls through
//!   to the next path with the loads already rewritten.
//! * **Single block**: every access in one block. Each load takes the value
//!   of the nearest store above it; no store at all gives `undef`. A load
//!   above every store gives up (the block may be in a loop).
//!
//! Lemma 16.4.8 of the seed: neither path removes a phi that pruned SSA
//! would place, so the general path gives the same result for the rest.
//!
//! With a `Recorder` in the context, each alloca's path is recorded, and for
//! one left to the general path, why the fast paths gave up.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::debug_info::DebugUsers;
use super::record::{GaveUp, Path};
use super::values::guaranteed_not_poison;
use super::{Context, Report};
use crate::ir::{self, delete, FastMap};

/// Runs the fast paths over `allocas` (promotable, markers removed); returns
/// the allocas left for the general path, in LLVM's order.
///
/// # Safety
/// The allocas belong to `ctx`'s function.
pub unsafe fn run(
    ctx: &mut Context,
    allocas: Vec<LLVMValueRef>,
    report: &mut Report,
) -> Vec<LLVMValueRef> {
    let mut order = InstructionOrder::default();
    let mut list = allocas;
    let mut general = Vec::new();
    let mut i = 0;
    while i < list.len() {
        let alloca = list[i];
        let debug_users = ctx.debug_users(alloca);
        let path = if ir::users(alloca).is_empty() {
            if let Some(debug) = &ctx.debug {
                debug.forget_address(&debug_users, alloca);
            }
            delete::erase_unused(alloca);
            report.dead += 1;
            Path::Dead
        } else {
            try_single_paths(ctx, &mut order, alloca, &debug_users, report)
        };
        if let Some(recorder) = ctx.recorder.as_deref_mut() {
            recorder.path(alloca, path);
        }
        if path.places_phis() {
            general.push(alloca);
            i += 1;
        } else {
            list.swap_remove(i);
        }
    }
    general
}

/// Single store, then single block; `Path::General` when both fail (or do
/// not apply). The reason is worked out only for a recorder.
unsafe fn try_single_paths(
    ctx: &mut Context,
    order: &mut InstructionOrder,
    alloca: LLVMValueRef,
    debug_users: &DebugUsers,
    report: &mut Report,
) -> Path {
    let info = AllocaInfo::analyze(alloca);
    let mut gave_up = None;
    if let [store] = info.stores[..] {
        let needs_dominance = requires_dominating_store(LLVMGetOperand(store, 0));
        match single_store(ctx, order, alloca, &info, needs_dominance, debug_users) {
            Ok(()) => {
                report.single_store += 1;
                return Path::SingleStore { needs_dominance };
            }
            Err(load) if ctx.recorder.is_some() => {
                let block = ctx.fcfg.block_of(LLVMGetInstructionParent(load));
                gave_up = Some(GaveUp::LoadNotDominated(block));
            }
            Err(_) => {}
        }
    }
    if info.only_block.is_some() {
        if single_block(ctx, order, alloca, &info, debug_users) {
            report.single_block += 1;
            let has_store = !info.stores.is_empty();
            return Path::SingleBlock { has_store };
        }
        gave_up = gave_up.or(Some(GaveUp::LoadBeforeFirstStore));
    }
    Path::General { gave_up }
}

/// LLVM's `RequireDominatingStore`: a load the store does not dominate may
/// take the stored value only if it is a non-instruction that cannot be
/// poison (the load would otherwise read uninitialised memory, which may be
/// anything).
unsafe fn requires_dominating_store(stored: LLVMValueRef) -> bool {
    ir::is_instruction(stored) || !guaranteed_not_poison(stored)
}

/// LLVM's `AnalyzeAlloca`: the stores, and the one block holding every
/// access if there is one (computed before any load is rewritten).
struct AllocaInfo {
    stores: Vec<LLVMValueRef>,
    only_block: Option<LLVMBasicBlockRef>,
}

impl AllocaInfo {
    unsafe fn analyze(alloca: LLVMValueRef) -> Self {
        let users = ir::users(alloca);
        let stores = users
            .iter()
            .copied()
            .filter(|&u| LLVMGetInstructionOpcode(u) == LLVMOpcode::LLVMStore)
            .collect();
        let first = LLVMGetInstructionParent(users[0]);
        let one_block = users.iter().all(|&u| LLVMGetInstructionParent(u) == first);
        AllocaInfo {
            stores,
            only_block: one_block.then_some(first),
        }
    }
}

/// Positions of instructions in their block, computed once per block (LLVM's
/// `LargeBlockInfo`), so that many allocas used in one large block do not
/// rescan it. Erased instructions are forgotten: their addresses may be
/// reused by new ones.
#[derive(Default)]
struct InstructionOrder {
    index: FastMap<LLVMValueRef, u32>,
}

impl InstructionOrder {
    unsafe fn position(&mut self, inst: LLVMValueRef) -> u32 {
        if let Some(&i) = self.index.get(&inst) {
            return i;
        }
        let block = LLVMGetInstructionParent(inst);
        for (i, other) in ir::instructions(block).enumerate() {
            self.index.insert(other, i as u32);
        }
        self.index[&inst]
    }

    /// Erases an unused instruction (a store) and forgets its position.
    unsafe fn erase(&mut self, inst: LLVMValueRef) {
        self.index.remove(&inst);
        delete::erase_unused(inst);
    }

    /// Replaces a load by `value`, erases it and forgets its position.
    unsafe fn replace_and_erase(&mut self, inst: LLVMValueRef, value: LLVMValueRef) {
        self.index.remove(&inst);
        delete::replace_and_erase(inst, value);
    }
}

/// `rewriteSingleStoreAlloca`. `Ok` when the alloca is gone; otherwise the
/// first load the store does not dominate (the dominated ones are already
/// rewritten). `require_dominance`: `requires_dominating_store` of the
/// stored value.
unsafe fn single_store(
    ctx: &mut Context,
    order: &mut InstructionOrder,
    alloca: LLVMValueRef,
    info: &AllocaInfo,
    require_dominance: bool,
    debug_users: &DebugUsers,
) -> Result<(), LLVMValueRef> {
    let store = info.stores[0];
    let stored = LLVMGetOperand(store, 0);
    let store_block = LLVMGetInstructionParent(store);
    let mut load_left = None;
    for load in ir::users(alloca) {
        if load == store {
            continue;
        }
        let load_block = LLVMGetInstructionParent(load);
        if require_dominance {
            let reached = if load_block == store_block {
                order.position(store) < order.position(load)
            } else {
                ctx.llvm_block_dominates(store_block, load_block)
            };
            if !reached {
                load_left = load_left.or(Some(load));
                continue;
            }
        }
        // Only unreachable code can load the value it stores.
        let value = if stored == load {
            LLVMGetPoison(LLVMTypeOf(load))
        } else {
            stored
        };
        ctx.metadata.keep_load_facts(load, value);
        order.replace_and_erase(load, value);
    }
    if let Some(load) = load_left {
        return Err(load);
    }
    if let Some(debug) = &mut ctx.debug {
        debug.describe_store(debug_users, alloca, store);
        debug.erase(debug_users);
    }
    order.erase(store);
    delete::erase_unused(alloca);
    Ok(())
}

/// `promoteSingleBlockAlloca`. True when the alloca is gone; false leaves
/// the loads already rewritten (each had a store above it) in place.
unsafe fn single_block(
    ctx: &mut Context,
    order: &mut InstructionOrder,
    alloca: LLVMValueRef,
    info: &AllocaInfo,
    debug_users: &DebugUsers,
) -> bool {
    let mut stores: Vec<(u32, LLVMValueRef)> = info
        .stores
        .iter()
        .map(|&s| (order.position(s), s))
        .collect();
    stores.sort_unstable_by_key(|&(i, _)| i);
    for load in ir::users(alloca) {
        if LLVMGetInstructionOpcode(load) != LLVMOpcode::LLVMLoad {
            continue;
        }
        let at = order.position(load);
        let above = stores.partition_point(|&(i, _)| i < at);
        let mut value = if above > 0 {
            LLVMGetOperand(stores[above - 1].1, 0)
        } else if stores.is_empty() {
            LLVMGetUndef(LLVMTypeOf(load))
        } else {
            return false; // read before written: maybe a loop-carried value
        };
        ctx.metadata.keep_load_facts(load, value);
        if value == load {
            value = LLVMGetPoison(LLVMTypeOf(load));
        }
        order.replace_and_erase(load, value);
    }
    for &(_, store) in &stores {
        if let Some(debug) = &mut ctx.debug {
            debug.describe_store(debug_users, alloca, store);
        }
        order.erase(store);
    }
    delete::erase_unused(alloca);
    if let Some(debug) = &mut ctx.debug {
        debug.erase(debug_users);
    }
    true
}
