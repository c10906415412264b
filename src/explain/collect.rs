//! The LLVM side of `pebble explain`: reads one function's facts and runs
//! the pass on it, producing a `FunctionReport`.
//!
//! Order of work on a function (the module is `explain`'s private copy, so
//! it may be rewritten once the facts are read):
//! 1. names, CFG, dominator tree and frontiers (`analysis::*`);
//! 2. per entry-block alloca: `promotable::check`, then its loads and
//!    stores in block order, and the path LLVM takes (`path::llvm_path`);
//! 3. the promotable allocas lose their lifetime markers and become a
//!    `mem2reg::Round`, the pass's unit of work: its `summarise_accesses`
//!    gives the `SlotAccesses`, which must agree with step 2, and
//!    `placement::pruned_phi_blocks` the phis; live-in blocks and DF⁺(D)
//!    come from the same calculators;
//! 4. `promote_function` (default mode, with `<verify-oracle>` on functions
//!    of at most 500 blocks) inserts and renames exactly those phis; `fold` then applies
//!    LLVM's phi folding to say which of them LLVM would remove.
//!
//! Only the first round is shown: an alloca that becomes promotable after
//! another one is promoted (its address was stored in it) is reported as
//! not promotable, with the store that blocks it.

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::analysis::cfg::Block;
use crate::analysis::dominators::DomTree;
use crate::analysis::frontier::{dominance_frontiers, IdfCalculator};
use crate::analysis::liveness::LiveInCalculator;
use crate::ir::{self, FunctionCfg};
use crate::transforms::mem2reg::placement::{pruned_phi_blocks, SlotAccesses};
use crate::transforms::mem2reg::promotable::{self, Intrinsics};
use crate::transforms::mem2reg::{entry_allocas, promote_function, Options, Round};

use super::fold::{fold_like_llvm, NewPhi};
use super::names::LocalNames;
use super::path::{llvm_path, Access};
use super::poison::not_poison_because;
use super::report::*;

/// Prefix given to the promoted allocas so their phis can be found again.
const SLOT_PREFIX: &str = "pebble.explain.slot";

/// Largest function whose placement is also checked by the naive oracle.
const ORACLE_CHECK_MAX_BLOCKS: usize = 500;

/// A promotable alloca between steps 2 and 3.
struct Candidate {
    report_index: usize,
    alloca: LLVMValueRef,
    accesses: Vec<Access>,
}

/// Reads the facts of `function` and then promotes it in place.
///
/// # Safety
/// `function` is a defined function of a verified module that nothing else
/// uses while this runs.
pub unsafe fn explain_function(function: LLVMValueRef) -> Result<FunctionReport, String> {
    let names = LocalNames::new(function);
    let fcfg = FunctionCfg::read(function);
    let cfg = &fcfg.cfg;
    let dt = DomTree::compute(cfg);
    let reachable = cfg.reachable();
    let mut report = FunctionReport {
        name: format!("@{}", names_global(function)),
        blocks: fcfg.blocks.iter().map(|&bb| names.block(bb)).collect(),
        cfg: cfg.clone(),
        reachable: reachable.clone(),
        idom: (0..cfg.num_blocks()).map(|b| dt.idom(b)).collect(),
        frontiers: dominance_frontiers(cfg, &dt),
        allocas: Vec::new(),
    };
    let intrinsics = Intrinsics::lookup();
    let positions = instruction_positions(&fcfg);
    let mut candidates = Vec::new();
    for alloca in entry_allocas(function) {
        let name = names.value(alloca);
        let status = match promotable::check(alloca, &intrinsics) {
            Err(blocked) => Status::NotPromotable {
                reason: blocked.reason.describe().to_string(),
                user: ir::render(blocked.user),
            },
            Ok(()) => {
                let accesses = accesses_of(alloca, &fcfg, &positions);
                candidates.push(Candidate {
                    report_index: report.allocas.len(),
                    alloca,
                    accesses: accesses.clone(),
                });
                Status::Promotable(first_facts(alloca, &accesses, &dt, &names))
            }
        };
        report.allocas.push(AllocaReport { name, status });
    }
    if !candidates.is_empty() {
        place_and_fold(function, &fcfg, &dt, &reachable, &candidates, &mut report)?;
    }
    Ok(report)
}

unsafe fn names_global(function: LLVMValueRef) -> String {
    let name = ir::name(function);
    if name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '$' | '.' | '_'))
    {
        name
    } else {
        format!("\"{name}\"")
    }
}

/// Every instruction's position in its block.
unsafe fn instruction_positions(fcfg: &FunctionCfg) -> HashMap<LLVMValueRef, usize> {
    let mut positions = HashMap::new();
    for &bb in &fcfg.blocks {
        for (i, inst) in ir::instructions(bb).enumerate() {
            positions.insert(inst, i);
        }
    }
    positions
}

/// The loads and stores of a promotable alloca (markers skipped), in
/// (block, position) order.
unsafe fn accesses_of(
    alloca: LLVMValueRef,
    fcfg: &FunctionCfg,
    positions: &HashMap<LLVMValueRef, usize>,
) -> Vec<Access> {
    let mut out: Vec<Access> = ir::users(alloca)
        .into_iter()
        .filter_map(|user| {
            let is_store = match ir::opcode(user) {
                Some(LLVMOpcode::LLVMStore) => true,
                Some(LLVMOpcode::LLVMLoad) => false,
                _ => return None,
            };
            Some(Access {
                block: fcfg.block_of_inst(user),
                index: positions[&user],
                is_store,
            })
        })
        .collect();
    out.sort_by_key(|a| (a.block, a.index));
    out.dedup();
    out
}

/// The facts that need no placement: sites, stored value, path.
unsafe fn first_facts(
    alloca: LLVMValueRef,
    accesses: &[Access],
    dt: &DomTree,
    names: &LocalNames,
) -> Promotion {
    let only_value = only_stored_value(alloca);
    // LLVM's `RequireDominatingStore`: an instruction, or a value that may be poison.
    let needs_dominance =
        only_value.is_none_or(|v| ir::is_instruction(v) || not_poison_because(v, "").is_none());
    let stored_value = only_value.map(|v| {
        let label = names.value(v);
        StoredValue {
            not_poison_because: not_poison_because(v, &label),
            label,
        }
    });
    Promotion {
        stores: store_sites(accesses),
        loads: load_sites(accesses),
        path: llvm_path(accesses, dt, needs_dominance),
        stored_value,
        live_in: Vec::new(),
        idf: Vec::new(),
        phis: Vec::new(),
        folded: Vec::new(),
    }
}

/// The value of the alloca's only store, if it has exactly one.
unsafe fn only_stored_value(alloca: LLVMValueRef) -> Option<LLVMValueRef> {
    let stores: Vec<LLVMValueRef> = ir::users(alloca)
        .into_iter()
        .filter(|&u| ir::opcode(u) == Some(LLVMOpcode::LLVMStore))
        .collect();
    match stores.as_slice() {
        [only] => Some(LLVMGetOperand(*only, 0)),
        _ => None,
    }
}

fn store_sites(accesses: &[Access]) -> Vec<Site> {
    let mut sites: Vec<Site> = Vec::new();
    for a in accesses.iter().filter(|a| a.is_store) {
        match sites.last_mut() {
            Some(site) if site.block == a.block => site.count += 1,
            _ => sites.push(Site {
                block: a.block,
                count: 1,
            }),
        }
    }
    sites
}

/// Loads per block, split at the block's first store (accesses are sorted).
fn load_sites(accesses: &[Access]) -> Vec<LoadSite> {
    let mut sites: Vec<LoadSite> = Vec::new();
    let mut block_stored = false;
    for (i, a) in accesses.iter().enumerate() {
        if i == 0 || accesses[i - 1].block != a.block {
            block_stored = false;
        }
        if a.is_store {
            block_stored = true;
            if let Some(site) = sites.last_mut().filter(|s| s.block == a.block) {
                site.block_has_store = true;
            }
            continue;
        }
        if sites.last().is_none_or(|s| s.block != a.block) {
            sites.push(LoadSite {
                block: a.block,
                before_store: 0,
                after_store: 0,
                block_has_store: block_stored || has_store_in(accesses, a.block),
            });
        }
        let site = sites.last_mut().expect("pushed above");
        if block_stored {
            site.after_store += 1;
        } else {
            site.before_store += 1;
        }
    }
    sites
}

fn has_store_in(accesses: &[Access], block: Block) -> bool {
    accesses.iter().any(|a| a.block == block && a.is_store)
}

/// Steps 3 and 4: the pass's summary, placement, promotion and folding.
unsafe fn place_and_fold(
    function: LLVMValueRef,
    fcfg: &FunctionCfg,
    dt: &DomTree,
    reachable: &[bool],
    candidates: &[Candidate],
    report: &mut FunctionReport,
) -> Result<(), String> {
    let allocas: Vec<LLVMValueRef> = candidates.iter().map(|c| c.alloca).collect();
    for (slot, &alloca) in allocas.iter().enumerate() {
        ir::set_name(alloca, &format!("{SLOT_PREFIX}{slot}"));
    }
    let intrinsics = Intrinsics::lookup();
    // As the pass does before summarising: only loads and stores remain.
    for &alloca in &allocas {
        promotable::remove_markers(alloca, &intrinsics);
    }
    let round = Round::new(fcfg, dt, reachable, allocas);
    let summary = round.summarise_accesses();
    for (c, s) in candidates.iter().zip(&summary) {
        check_summary_agrees(
            &report.allocas[c.report_index].name,
            &c.accesses,
            reachable,
            s,
        )?;
    }
    let phi_blocks = pruned_phi_blocks(&fcfg.cfg, dt, reachable, &summary);
    let mut live = LiveInCalculator::new(&fcfg.cfg, reachable);
    let mut idf = IdfCalculator::new(&fcfg.cfg, dt);
    for (slot, c) in candidates.iter().enumerate() {
        let Status::Promotable(p) = &mut report.allocas[c.report_index].status else {
            unreachable!("candidates are promotable")
        };
        let s = &summary[slot];
        p.live_in = live.live_in_blocks(&s.defs, &s.upward_exposed);
        p.live_in.sort_unstable();
        p.idf = idf.calculate(&s.defs, None);
        p.phis = phi_blocks[slot].clone();
    }
    // The pass itself (default mode: exactly the pruned phis, no folding)
    // promotes the function; it checks its own placement against the naive
    // oracle, which is cubic, so only on functions small enough for it.
    let options = Options {
        verify_oracle: fcfg.cfg.num_blocks() <= ORACLE_CHECK_MAX_BLOCKS,
        ..Options::default()
    };
    promote_function(function, &options)?;
    let inserted: usize = phi_blocks.iter().map(Vec::len).sum();
    let new_phis = find_new_phis(fcfg);
    if new_phis.len() != inserted {
        return Err(format!(
            "internal error: {}: placement gave {inserted} phis, the pass inserted {}",
            report.name,
            new_phis.len()
        ));
    }
    let folded = fold_like_llvm(fcfg, dt, reachable, &new_phis);
    for (p, _) in new_phis.iter().zip(&folded).filter(|(_, &f)| f) {
        if let Status::Promotable(promotion) =
            &mut report.allocas[candidates[p.slot].report_index].status
        {
            promotion.folded.push(p.block);
        }
    }
    Ok(())
}

/// The pass's `SlotAccesses` (reachable blocks only) must say what our own
/// scan says: otherwise the table would not show what the pass computes.
fn check_summary_agrees(
    name: &str,
    accesses: &[Access],
    reachable: &[bool],
    summary: &SlotAccesses,
) -> Result<(), String> {
    let mut defs: Vec<Block> = store_sites(accesses)
        .iter()
        .map(|s| s.block)
        .filter(|&b| reachable[b])
        .collect();
    defs.dedup();
    let upward: Vec<Block> = load_sites(accesses)
        .iter()
        .filter(|s| s.upward_exposed() && reachable[s.block])
        .map(|s| s.block)
        .collect();
    let mut pass_defs = summary.defs.clone();
    pass_defs.sort_unstable();
    let mut pass_upward = summary.upward_exposed.clone();
    pass_upward.sort_unstable();
    if defs != pass_defs || upward != pass_upward {
        return Err(format!(
            "internal error: {name}: explain found stores {defs:?} / upward-exposed loads \
             {upward:?}, the pass {pass_defs:?} / {pass_upward:?}"
        ));
    }
    Ok(())
}

/// The phis the pass inserted, recognised by the slot prefix of their names.
unsafe fn find_new_phis(fcfg: &FunctionCfg) -> Vec<NewPhi> {
    let mut out = Vec::new();
    for (block, &bb) in fcfg.blocks.iter().enumerate() {
        for inst in ir::instructions(bb) {
            if ir::opcode(inst) != Some(LLVMOpcode::LLVMPHI) {
                break;
            }
            let name = ir::name(inst);
            let Some(rest) = name.strip_prefix(SLOT_PREFIX) else {
                continue;
            };
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            if let Ok(slot) = digits.parse() {
                out.push(NewPhi {
                    block,
                    slot,
                    phi: inst,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acc(block: Block, index: usize, is_store: bool) -> Access {
        Access {
            block,
            index,
            is_store,
        }
    }

    #[test]
    fn loads_split_at_the_first_store_of_their_block() {
        // %b of the seed: stored in entry; in for.body loaded, loaded, stored.
        let b = [
            acc(0, 7, true),
            acc(2, 2, false),
            acc(2, 5, false),
            acc(2, 7, true),
        ];
        assert_eq!(
            load_sites(&b),
            vec![LoadSite {
                block: 2,
                before_store: 2,
                after_store: 0,
                block_has_store: true
            }]
        );
        // %t: store then load in one block.
        let t = [acc(2, 1, true), acc(2, 4, false)];
        assert_eq!(load_sites(&t)[0].after_store, 1);
        assert!(!load_sites(&t)[0].upward_exposed());
        assert_eq!(
            store_sites(&b),
            vec![Site { block: 0, count: 1 }, Site { block: 2, count: 1 }]
        );
    }

    #[test]
    fn a_load_block_without_store_is_upward_exposed() {
        let x = [acc(0, 0, true), acc(1, 0, false), acc(1, 3, false)];
        let sites = load_sites(&x);
        assert_eq!(sites[0].before_store, 2);
        assert!(!sites[0].block_has_store);
    }
}
