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
//! 4. the queries of all of a round's allocas only plan their phis
//!    (`deferred::PlannedPhis`); then the phis are built, block by block
//!    (`deferred::build`: a block's IR is touched once however many allocas
//!    place a phi there, where building them alloca by alloca walked the
//!    whole function's IR again per alloca), and only then are loads
//!    replaced (chains of load-to-load replacements resolved first, also
//!    through the loads of other allocas stored into this one, so no
//!    replacement points at a deleted load), and loads, stores and allocas
//!    deleted;
//! 5. after each round, the new phis that carry an entry alloca's address
//!    around and simplify away are folded, with the default mode's
//!    `mem2reg::fold_address_phis`, so that the next round promotes that
//!    alloca as the default mode does.
//!
//! Each alloca's phis are its own: the updater reuses no phi of another
//! alloca or of the input (the planning factory offers none), as the
//! default mode places per alloca. Offering every phi of the type made
//! this mode quadratic: on irreducible CFGs every block held a phi of each
//! variable already promoted, and each needed phi was matched against all
//! of them, each match following a web of phis before failing (1 000
//! blocks × 100 variables: 10.7 s).
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

use super::deferred::{self, Planned, PlannedPhis};
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
    // Promotion never changes the CFG: one read serves every round.
    let fcfg = FunctionCfg::read(function);
    let reachable = fcfg.cfg.reachable();
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
        let round_phis = promote_round(&fcfg, &reachable, &allocas, &intrinsics)?;
        report.promoted += allocas.len();
        report.phis += round_phis.len();
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

/// What one alloca's accesses need once the round's phis are built.
struct Promotion {
    alloca: LLVMValueRef,
    stores: Vec<LLVMValueRef>,
    /// Each load and what it reads: a stored value, another load (of this
    /// alloca or, stored into it, of another one of the round), a planned
    /// phi, undef or poison.
    loads: Vec<(LLVMValueRef, Planned)>,
}

/// Promotes `allocas`, whose only users are loads and stores: plans every
/// alloca's phis (`plan_one`), builds them (`deferred::build`), then
/// replaces the loads and erases the loads, stores and allocas. Returns
/// the phis built.
unsafe fn promote_round(
    fcfg: &FunctionCfg,
    reachable: &[bool],
    allocas: &[LLVMValueRef],
    intrinsics: &Intrinsics,
) -> Result<Vec<LLVMValueRef>, String> {
    let mut round: Vec<LLVMValueRef> = allocas.to_vec();
    round.sort_unstable();
    let mut plan = PlannedPhis::new();
    // The loads of the round's allocas that another load reads (through a
    // store), with what they read: the only ones a replacement must look
    // through. One map of every load would be a cache miss per load on
    // large functions; these are few.
    let mut chains: FastMap<LLVMValueRef, Option<Planned>> = FastMap::default();
    let mut promotions = Vec::with_capacity(allocas.len());
    for &alloca in allocas {
        promotable::remove_markers(alloca, intrinsics);
        promotions.push(plan_one(
            fcfg,
            reachable,
            &mut plan,
            alloca,
            &round,
            &mut chains,
        ));
    }
    if !chains.is_empty() {
        for (load, v) in promotions.iter().flat_map(|p| &p.loads) {
            if let Some(entry) = chains.get_mut(load) {
                *entry = Some(*v);
            }
        }
    }
    // Nothing is erased before this: every LLVM value the plan holds is live.
    let built = deferred::build(fcfg, &plan);
    // Every target is resolved before any load goes: `resolve` reads the
    // map, never the IR, and no final target is a load being replaced.
    let mut targets = Vec::new();
    for p in &promotions {
        for &(load, v) in &p.loads {
            targets.push((load, resolve(&chains, v)?.resolve(&built)));
        }
    }
    for (load, target) in targets {
        delete::replace_and_erase(load, target);
    }
    for p in promotions {
        for store in p.stores {
            delete::erase_unused(store);
        }
        delete::erase_unused(p.alloca);
    }
    Ok(built)
}

/// Plans the promotion of one alloca whose only users are loads and
/// stores: its phis go into `plan`, what each of its loads reads into the
/// `Promotion`; a stored value that is a load of an alloca of the round
/// (`round`, sorted) goes into `chains`. The IR is not changed.
unsafe fn plan_one(
    fcfg: &FunctionCfg,
    reachable: &[bool],
    plan: &mut PlannedPhis,
    alloca: LLVMValueRef,
    round: &[LLVMValueRef],
    chains: &mut FastMap<LLVMValueRef, Option<Planned>>,
) -> Promotion {
    let ty = LLVMGetAllocatedType(alloca);
    let undef = Planned::value(LLVMGetUndef(ty));
    let poison = Planned::value(LLVMGetPoison(ty));
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
    let mut stores = Vec::new();
    let mut loads = Vec::new();
    let mut live_in_loads: Vec<(Block, LLVMValueRef)> = Vec::new();
    let mut blocks: Vec<Block> = users_by_block.keys().copied().collect();
    blocks.sort_unstable();
    for b in blocks {
        let users = &users_by_block[&b];
        let mut current = (b == entry).then_some(undef);
        for inst in accesses_in_order(fcfg, b, alloca, users) {
            if LLVMGetInstructionOpcode(inst) == LLVMOpcode::LLVMStore {
                let stored = LLVMGetOperand(inst, 0);
                if is_load_of(stored, round) {
                    chains.insert(stored, None);
                }
                current = Some(Planned::value(stored));
                stores.push(inst);
            } else if !reachable[b] {
                loads.push((inst, poison));
            } else if let Some(v) = current {
                loads.push((inst, v));
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

    plan.start_variable(ty, &ir::name(alloca));
    // One query for all of them: on an irreducible CFG each one alone
    // explores nearly every block.
    let live_in_blocks: Vec<Block> = live_in_loads.iter().map(|&(b, _)| b).collect();
    let values = updater.values_in_middle_of_blocks(&live_in_blocks, plan);
    loads.extend(live_in_loads.into_iter().map(|(_, load)| load).zip(values));
    Promotion {
        alloca,
        stores,
        loads,
    }
}

/// Whether `v` is a load of one of `allocas` (sorted).
unsafe fn is_load_of(v: LLVMValueRef, allocas: &[LLVMValueRef]) -> bool {
    !LLVMIsALoadInst(v).is_null() && allocas.binary_search(&LLVMGetOperand(v, 0)).is_ok()
}

/// The final replacement of a value: a load being promoted stands for its
/// own replacement. Chains end because a load's replacement is defined
/// strictly before it (a stored value, possibly another alloca's load, or
/// a merge of those).
fn resolve(
    chains: &FastMap<LLVMValueRef, Option<Planned>>,
    mut v: Planned,
) -> Result<Planned, String> {
    for _ in 0..=chains.len() {
        match v.llvm_value().and_then(|load| chains.get(&load)) {
            Some(&Some(next)) => v = next,
            Some(None) => {
                return Err("internal error: a load read by mem2reg<updater> has no value".into())
            }
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
