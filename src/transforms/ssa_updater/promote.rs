//! `pebble-mem2reg<updater>`: promotes the same allocas as `pebble-mem2reg`
//! through the SSA updater instead of Cytron's placement and renaming — a
//! second, independent construction to cross-check the first (LLVM's
//! `LoadAndStorePromoter` approach).
//!
//! Per promotable alloca (the same `promotable::check` and rounds as the
//! default mode):
//! 1. scan each block that accesses it, in order: a load after a store in
//!    the same block takes that store's value; the block's last store is the
//!    value available at its end; loads before any store are *live-in*;
//! 2. the entry block without a store makes `undef` available (the
//!    alloca's initial content, as in the default mode); a live-in load in
//!    the entry reads `undef`;
//! 3. each live-in load asks `value_in_middle_of_block` of its block — it
//!    precedes every store there, which is exactly that query's contract;
//!    all of a variable's loads are asked in one query
//!    (`values_in_middle_of_blocks`);
//! 4. loads are replaced (chains of load-to-load replacements resolved
//!    first, so no replacement points at a deleted load), then loads, stores
//!    and the alloca are deleted;
//! 5. after each round, the new phis that carry an entry alloca's address
//!    around and simplify away are folded, with the default mode's
//!    `mem2reg::fold_address_phis`, so that the next round promotes that
//!    alloca as the default mode does.
//!
//! Each alloca's phis are its own: the updater reuses no phi of another
//! alloca or of the input (`Reuse::None`), as the default mode places per
//! alloca.
//!
//! Unreachable blocks are left out of the definitions and their loads read
//! poison, as in the default mode.
//!
//! Phi counts differ from the default mode before simplification: the
//! updater returns a value instead of a phi whose incoming values are all
//! equal, while the default mode places every pruned phi and leaves such
//! phis to `instsimplify`. After `instsimplify` both leave the same phis
//! (checked per function by `scripts/difftest-rotate`).

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::llvm::LlvmPhis;
use super::SsaUpdater;
use crate::analysis::cfg::Block;
use crate::analysis::dominators::DomTree;
use crate::ir::{self, delete, FastMap, FunctionCfg};
use crate::transforms::mem2reg::promotable::{self, Intrinsics};
use crate::transforms::mem2reg::{address_carriers, entry_allocas, fold_address_phis, Report};

/// Promotes every promotable entry-block alloca of `function` through the
/// SSA updater.
///
/// # Safety
/// `function` is a defined function of a live module that verifies.
pub unsafe fn promote_with_updater(function: LLVMValueRef) -> Result<Report, String> {
    let mut report = Report {
        entry_allocas: entry_allocas(function).len(),
        ..Report::default()
    };
    if report.entry_allocas == 0 {
        return Ok(report);
    }
    let intrinsics = Intrinsics::lookup();
    // Promotion never changes the CFG: one read serves every round, and
    // one phi factory every alloca (`LlvmPhis::retarget`). Only each
    // alloca's own phis are used: see `Reuse::None`.
    let fcfg = FunctionCfg::read(function);
    let reachable = fcfg.cfg.reachable();
    let mut phis: Option<LlvmPhis> = None;
    // For the address-phi fold, computed when a round needs it.
    let mut dt: Option<DomTree> = None;
    loop {
        let allocas: Vec<LLVMValueRef> = entry_allocas(function)
            .into_iter()
            .filter(|&a| promotable::check(a, &intrinsics).is_ok())
            .collect();
        if allocas.is_empty() {
            return Ok(report);
        }
        let mut round_phis = Vec::new();
        for &alloca in &allocas {
            promotable::remove_markers(alloca, &intrinsics);
            promote_one(&fcfg, &reachable, &mut phis, alloca, &mut round_phis)?;
            report.promoted += 1;
        }
        report.phis += round_phis.len();
        // The fold below erases phis: the factory's templates go first.
        if let Some(phis) = phis.as_mut() {
            phis.forget_templates();
        }
        // The default mode's address-phi fold, so that the next round
        // promotes the allocas whose address these phis carried around.
        if !address_carriers(&fcfg, &round_phis).is_empty() {
            let dt = dt.get_or_insert_with(|| DomTree::compute(&fcfg.cfg));
            let folded = fold_address_phis(&fcfg, dt, &round_phis);
            report.phis -= folded;
            report.folded += folded;
        }
    }
}

/// Promotes one alloca whose only users are loads and stores; appends the
/// phis created to `created`.
unsafe fn promote_one<'a>(
    fcfg: &'a FunctionCfg,
    reachable: &[bool],
    factory: &mut Option<LlvmPhis<'a>>,
    alloca: LLVMValueRef,
    created: &mut Vec<LLVMValueRef>,
) -> Result<(), String> {
    let ty = LLVMGetAllocatedType(alloca);
    let undef = LLVMGetUndef(ty);
    let poison = LLVMGetPoison(ty);
    let entry = fcfg.cfg.entry();

    let mut users_by_block: FastMap<Block, Vec<LLVMValueRef>> = FastMap::default();
    for user in ir::users(alloca) {
        users_by_block
            .entry(fcfg.block_of_inst(user))
            .or_default()
            .push(user);
    }
    // One query explores nearly the whole function.
    let mut updater = SsaUpdater::with_reachable(&fcfg.cfg, reachable).index_densely();
    let mut replace: FastMap<LLVMValueRef, LLVMValueRef> = FastMap::default();
    let mut stores = Vec::new();
    let mut live_in_loads: Vec<(Block, LLVMValueRef)> = Vec::new();
    let mut blocks: Vec<Block> = users_by_block.keys().copied().collect();
    blocks.sort_unstable();
    for b in blocks {
        let users = &users_by_block[&b];
        let mut current = (b == entry).then_some(undef);
        for inst in accesses_in_order(fcfg, b, alloca, users) {
            if LLVMGetInstructionOpcode(inst) == LLVMOpcode::LLVMStore {
                current = Some(LLVMGetOperand(inst, 0));
                stores.push(inst);
            } else if !reachable[b] {
                replace.insert(inst, poison);
            } else if let Some(v) = current {
                replace.insert(inst, v);
            } else {
                live_in_loads.push((b, inst));
            }
        }
        if reachable[b] {
            if let Some(v) = current {
                updater.add_available_value(b, v);
            }
        }
    }
    if !updater.has_value_for_block(entry) {
        updater.add_available_value(entry, undef);
    }

    let name = ir::name(alloca);
    let phis = factory.get_or_insert_with(|| LlvmPhis::reusing_none(fcfg, ty, &name));
    phis.retarget(ty, &name);
    // One query for all of them: on an irreducible CFG each one alone
    // explores nearly every block.
    let live_in_blocks: Vec<Block> = live_in_loads.iter().map(|&(b, _)| b).collect();
    let values = updater.values_in_middle_of_blocks(&live_in_blocks, phis);
    for ((_, load), v) in live_in_loads.into_iter().zip(values) {
        replace.insert(load, v);
    }
    created.extend_from_slice(&phis.created);

    // Every target is resolved before any load goes: `resolve` reads the
    // map, never the IR, and no target is a load being replaced.
    let targets: Vec<(LLVMValueRef, LLVMValueRef)> = replace
        .iter()
        .map(|(&load, &v)| resolve(&replace, v).map(|t| (load, t)))
        .collect::<Result<_, _>>()?;
    for (load, target) in targets {
        delete::replace_and_erase(load, target);
    }
    for store in stores {
        delete::erase_unused(store);
    }
    delete::erase_unused(alloca);
    Ok(())
}

/// The final replacement of a value: a load of the alloca being promoted
/// stands for its own replacement. Chains end because a load's replacement
/// is defined strictly before it (a stored value or a merge of those).
fn resolve(
    replace: &FastMap<LLVMValueRef, LLVMValueRef>,
    mut v: LLVMValueRef,
) -> Result<LLVMValueRef, String> {
    for _ in 0..=replace.len() {
        match replace.get(&v) {
            Some(&next) => v = next,
            None => return Ok(v),
        }
    }
    Err("internal error: cyclic load replacement in mem2reg<updater>".to_string())
}

/// The loads and stores of `alloca` in block `b` in program order; a block
/// with a single access needs no scan.
unsafe fn accesses_in_order(
    fcfg: &FunctionCfg,
    b: Block,
    alloca: LLVMValueRef,
    users: &[LLVMValueRef],
) -> Vec<LLVMValueRef> {
    if users.len() == 1 {
        return users.to_vec();
    }
    ir::instructions(fcfg.blocks[b])
        .filter(|&inst| match LLVMGetInstructionOpcode(inst) {
            LLVMOpcode::LLVMLoad => LLVMGetOperand(inst, 0) == alloca,
            LLVMOpcode::LLVMStore => LLVMGetOperand(inst, 1) == alloca,
            _ => false,
        })
        .collect()
}
