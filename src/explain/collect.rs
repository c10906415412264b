//! The LLVM side of `pebble explain`: reads one function's facts, then runs
//! the pass on it and reads back what the pass decided, producing a
//! `FunctionReport`.
//!
//! `explain` parses the input twice; each function comes as a pair of the
//! same function in both copies, which may be rewritten once the facts are
//! read. Order of work:
//! 1. names, CFG, dominator tree and frontiers (`analysis::*`);
//! 2. per entry-block alloca: `promotable::check`, then its loads and
//!    stores in block order;
//! 3. the promotable allocas lose their lifetime markers and become a
//!    `mem2reg::Round`, the pass's unit of work: its `summarise_accesses`
//!    gives the `SlotAccesses`, which must agree with step 2; live-in blocks
//!    and DF⁺(D) come from the calculators the placement uses;
//! 4. `promote_function_recorded` in the default mode (with
//!    `<verify-oracle>` on functions of at most 500 blocks) on the first
//!    copy: the phis `pebble-mem2reg` places for each alloca, which must be
//!    DF⁺(D) ∩ LiveIn of step 3;
//! 5. the same in compat mode (`pebble-mem2reg<compat>`, LLVM 19's
//!    behaviour, checked against `opt -passes=mem2reg` elsewhere) on the
//!    second copy: the path each alloca takes, and which of its phis the
//!    folding removes.
//!
//! An alloca that becomes promotable only after another one is promoted
//! (its address was stored in it) has its first-round facts reported as
//! not promotable, with the instruction that blocks it, plus the round,
//! path and phis the pass gave it later.

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::analysis::cfg::Block;
use crate::analysis::dominators::DomTree;
use crate::analysis::frontier::{dominance_frontiers, IdfCalculator, IteratedFrontier};
use crate::analysis::liveness::LiveInCalculator;
use crate::ir::{self, FunctionCfg};
use crate::transforms::mem2reg::placement::SlotAccesses;
use crate::transforms::mem2reg::promotable::{self, Intrinsics};
use crate::transforms::mem2reg::record::{Path, Promoted, Recorder};
use crate::transforms::mem2reg::{entry_allocas, promote_function_recorded, Options, Round};

use super::names::LocalNames;
use super::poison::not_poison_because;
use super::report::*;

/// Largest function whose placement is also checked by the naive oracle.
const ORACLE_CHECK_MAX_BLOCKS: usize = 500;

/// One load or store of an alloca.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Access {
    block: Block,
    /// Position of the instruction in its block (only compared within a block).
    index: usize,
    is_store: bool,
}

/// A promotable alloca between steps 2 and 3.
struct Candidate {
    report_index: usize,
    alloca: LLVMValueRef,
    accesses: Vec<Access>,
}

/// Reads the facts of `function`, then promotes it in both modes:
/// `function` in the default mode, `compat_copy` (the same function in
/// another copy of the module) in compat mode.
///
/// # Safety
/// Both are the same defined function of two parses of one verified
/// module, which nothing else uses while this runs.
pub unsafe fn explain_function(
    function: LLVMValueRef,
    compat_copy: LLVMValueRef,
) -> Result<FunctionReport, String> {
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
    let allocas = entry_allocas(function);
    let mut candidates = Vec::new();
    for &alloca in &allocas {
        let name = names.value(alloca);
        let status = match promotable::check(alloca, &intrinsics) {
            Err(blocked) => Status::NotPromotable {
                reason: blocked.reason.describe().to_string(),
                user: ir::render(blocked.user),
                later: None,
            },
            Ok(()) => {
                let accesses = accesses_of(alloca, &fcfg, &positions);
                candidates.push(Candidate {
                    report_index: report.allocas.len(),
                    alloca,
                    accesses: accesses.clone(),
                });
                Status::Promotable(first_facts(alloca, &accesses, &names))
            }
        };
        report.allocas.push(AllocaReport { name, status });
    }
    if candidates.is_empty() {
        return Ok(report);
    }
    summarise(&fcfg, &dt, &reachable, &candidates, &mut report)?;
    let compat_allocas = entry_allocas(compat_copy);
    if compat_allocas.len() != allocas.len() {
        return Err(format!(
            "internal error: {}: the two copies differ",
            report.name
        ));
    }
    let options = Options {
        verify_oracle: cfg.num_blocks() <= ORACLE_CHECK_MAX_BLOCKS,
        ..Options::default()
    };
    let mut default_run = Recorder::default();
    promote_function_recorded(function, &options, &mut default_run)?;
    let compat = Options {
        compat: true,
        ..Options::default()
    };
    let mut compat_run = Recorder::default();
    promote_function_recorded(compat_copy, &compat, &mut compat_run)?;
    for (i, a) in report.allocas.iter_mut().enumerate() {
        let default = default_run.of(allocas[i]);
        let compat = compat_run.of(compat_allocas[i]);
        record_outcome(a, default, compat)
            .map_err(|e| format!("internal error: {}: {}: {e}", report.name, a.name))?;
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

/// The facts read before promotion: sites and the only stored value. The
/// path, live-in, DF⁺ and phis are filled in later.
unsafe fn first_facts(alloca: LLVMValueRef, accesses: &[Access], names: &LocalNames) -> Promotion {
    let stored_value = only_stored_value(alloca).map(|v| {
        let label = names.value(v);
        StoredValue {
            not_poison_because: not_poison_because(v, &label),
            label,
        }
    });
    Promotion {
        stores: store_sites(accesses),
        loads: load_sites(accesses),
        // Replaced by what the compat run records (`record_outcome`).
        path: Path::General { gave_up: None },
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

/// Step 3: the pass's summary of the accesses, live-in blocks and DF⁺(D).
unsafe fn summarise(
    fcfg: &FunctionCfg,
    dt: &DomTree,
    reachable: &[bool],
    candidates: &[Candidate],
    report: &mut FunctionReport,
) -> Result<(), String> {
    let allocas: Vec<LLVMValueRef> = candidates.iter().map(|c| c.alloca).collect();
    let intrinsics = Intrinsics::lookup();
    // As the pass does before summarising: only loads and stores remain.
    for &alloca in &allocas {
        promotable::remove_markers(alloca, &intrinsics);
    }
    let round = Round::new(fcfg, dt, reachable, allocas);
    let summary = round.summarise_accesses();
    let mut live = LiveInCalculator::new(&fcfg.cfg, reachable);
    let mut idf = IdfCalculator::new(&fcfg.cfg, dt);
    for (c, s) in candidates.iter().zip(&summary) {
        let alloca = &mut report.allocas[c.report_index];
        check_summary_agrees(&alloca.name, &c.accesses, reachable, s)?;
        let Status::Promotable(p) = &mut alloca.status else {
            unreachable!("candidates are promotable")
        };
        p.live_in = live.live_in_blocks(&s.defs, &s.upward_exposed);
        p.live_in.sort_unstable();
        p.idf = idf.calculate(&s.defs, None);
    }
    Ok(())
}

/// Steps 4 and 5 for one alloca: what the default run (`default`) and the
/// compat run (`compat`) recorded. Both runs promote the same allocas in the
/// same rounds (promotability does not depend on the mode), and their
/// general paths place the same phis (the fast paths remove none that
/// pruned SSA places: Lemma 16.4.8 of the seed).
fn record_outcome(
    alloca: &mut AllocaReport,
    default: Option<&Promoted>,
    compat: Option<&Promoted>,
) -> Result<(), String> {
    let (default, compat) = match (default, compat) {
        (None, None) if matches!(alloca.status, Status::NotPromotable { .. }) => return Ok(()),
        (Some(d), Some(c)) if d.round == c.round => (d, c),
        _ => {
            return Err(
                "the default and compat runs did not both promote it in one round".to_string(),
            )
        }
    };
    let phis: Vec<Block> = default.phis.iter().map(|p| p.block).collect();
    let compat_phis: Vec<Block> = compat.phis.iter().map(|p| p.block).collect();
    if compat.path.places_phis() && sorted(&compat_phis) != sorted(&phis) {
        return Err(format!(
            "compat placed phis in {compat_phis:?}, the default mode in {phis:?}"
        ));
    }
    let folded: Vec<Block> = compat
        .phis
        .iter()
        .filter(|p| p.folded)
        .map(|p| p.block)
        .collect();
    match &mut alloca.status {
        Status::Promotable(p) => {
            if compat.round != 1 {
                return Err(format!(
                    "promotable, but promoted in round {}",
                    compat.round
                ));
            }
            // What the pass placed is, by definition, DF⁺(D) ∩ LiveIn.
            let expected: Vec<Block> = p
                .idf
                .iter()
                .copied()
                .filter(|b| p.live_in.contains(b))
                .collect();
            if sorted(&expected) != sorted(&phis) {
                return Err(format!(
                    "the pass placed phis in {phis:?}, DF⁺(D) ∩ LiveIn is {expected:?}"
                ));
            }
            p.path = compat.path;
            p.phis = phis;
            p.folded = folded;
        }
        Status::NotPromotable { later, .. } => {
            *later = Some(LaterPromotion {
                round: compat.round,
                path: compat.path,
                phis,
                folded,
            });
        }
    }
    Ok(())
}

fn sorted(blocks: &[Block]) -> Vec<Block> {
    let mut v = blocks.to_vec();
    v.sort_unstable();
    v
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
