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

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::debug_info::DebugUsers;
use super::values::guaranteed_not_poison;
use super::{Context, Report};
use crate::ir;

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
        let done = if ir::users(alloca).is_empty() {
            if let Some(debug) = &ctx.debug {
                debug.forget_address(&debug_users, alloca);
            }
            LLVMInstructionEraseFromParent(alloca);
            report.dead += 1;
            true
        } else {
            let info = AllocaInfo::analyze(alloca);
            if info.stores.len() == 1 && single_store(ctx, &mut order, alloca, &info, &debug_users)
            {
                report.single_store += 1;
                true
            } else if info.only_block.is_some()
                && single_block(ctx, &mut order, alloca, &info, &debug_users)
            {
                report.single_block += 1;
                true
            } else {
                false
            }
        };
        if done {
            list.swap_remove(i);
        } else {
            general.push(alloca);
            i += 1;
        }
    }
    general
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
    index: HashMap<LLVMValueRef, u32>,
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

    unsafe fn erase(&mut self, inst: LLVMValueRef) {
        self.index.remove(&inst);
        LLVMInstructionEraseFromParent(inst);
    }
}

/// `rewriteSingleStoreAlloca`. True when the alloca is gone.
unsafe fn single_store(
    ctx: &mut Context,
    order: &mut InstructionOrder,
    alloca: LLVMValueRef,
    info: &AllocaInfo,
    debug_users: &DebugUsers,
) -> bool {
    let store = info.stores[0];
    let stored = LLVMGetOperand(store, 0);
    let require_dominance = ir::is_instruction(stored) || !guaranteed_not_poison(stored);
    let store_block = LLVMGetInstructionParent(store);
    let mut load_left = false;
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
                load_left = true;
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
        LLVMReplaceAllUsesWith(load, value);
        order.erase(load);
    }
    if load_left {
        return false;
    }
    if let Some(debug) = &mut ctx.debug {
        debug.describe_store(debug_users, alloca, store);
        debug.erase(debug_users);
    }
    order.erase(store);
    LLVMInstructionEraseFromParent(alloca);
    true
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
        LLVMReplaceAllUsesWith(load, value);
        order.erase(load);
    }
    for &(_, store) in &stores {
        if let Some(debug) = &mut ctx.debug {
            debug.describe_store(debug_users, alloca, store);
        }
        order.erase(store);
    }
    LLVMInstructionEraseFromParent(alloca);
    if let Some(debug) = &mut ctx.debug {
        debug.erase(debug_users);
    }
    true
}
