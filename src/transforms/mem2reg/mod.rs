//! `pebble-mem2reg`: promote entry-block allocas to SSA values
//! (Algorithm 16.4.3 of the seed, `../shared/seeds/001_*.txt`).
//!
//! Each round:
//! 1. collect the promotable allocas of the entry block (`promotable`), and
//!    delete their lifetime markers and droppable uses;
//! 2. summarise each one as `SlotAccesses` (store blocks; blocks whose first
//!    access is a load) — one scan of the blocks that both load and store;
//! 3. place exactly the pruned phis, `DF⁺(D) ∩ LiveIn` (`placement`);
//! 4. rename by one iterative walk of the dominator tree (`rename`): a
//!    load becomes the value on top of its slot's stack, a store pushes its
//!    value, each CFG edge gives the phis of its target their incoming value;
//! 5. give phis `poison` for unreachable predecessors, replace loads left in
//!    unreachable blocks by `poison`, delete stores and allocas.
//!
//! Rounds repeat until none is promotable: promoting a slot that held the
//! address of another alloca can make that one promotable.
//!
//! Unlike LLVM's `PromoteMem2Reg` there are no fast paths and no phi
//! folding: the phis inserted are exactly Φ_pruned (Theorem 16.4.7), which
//! `<stats>` reports. The CFG is never changed, so one dominator tree serves
//! every round.

pub mod placement;
pub mod promotable;
mod rename;

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::debuginfo::LLVMGetSubprogram;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::analysis::cfg::Block;
use crate::analysis::dominators::DomTree;
use crate::ir::{self, FunctionCfg};
use crate::passes::{Flags, Outcome, PassInfo};
use placement::SlotAccesses;
use promotable::Intrinsics;

pub const PASS: PassInfo = PassInfo {
    name: "pebble-mem2reg",
    c_name: b"pebble-mem2reg\0",
    params: &["stats", "updater"],
    run: run_pass,
};

#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Print one statistics line per function with entry-block allocas.
    pub stats: bool,
}

/// What promotion did to one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Allocas in the entry block before the pass.
    pub entry_allocas: usize,
    pub promoted: usize,
    pub phis: usize,
}

unsafe fn run_pass(flags: Flags, function: LLVMValueRef) -> Result<Outcome, String> {
    let options = Options {
        stats: flags.has(&PASS, "stats"),
    };
    let report = if flags.has(&PASS, "updater") {
        crate::transforms::ssa_updater::promote_with_updater(function)?
    } else {
        promote_function(function)?
    };
    if options.stats && report.entry_allocas > 0 {
        eprintln!(
            "pebble-mem2reg: {}: promoted {} allocas, inserted {} phis",
            ir::function_label(function),
            report.promoted,
            report.phis
        );
    }
    Ok(if report.promoted > 0 {
        Outcome::ChangedKeepingCfg
    } else {
        Outcome::Unchanged
    })
}

/// The allocas of the entry block (LLVM looks at every instruction but the
/// terminator).
///
/// # Safety
/// `function` is a defined function.
pub unsafe fn entry_allocas(function: LLVMValueRef) -> Vec<LLVMValueRef> {
    ir::instructions(LLVMGetEntryBasicBlock(function))
        .filter(|&i| ir::opcode(i) == Some(LLVMOpcode::LLVMAlloca))
        .collect()
}

/// Promotes every promotable entry-block alloca of `function`.
///
/// # Safety
/// `function` is a defined function of a live module that verifies.
pub unsafe fn promote_function(function: LLVMValueRef) -> Result<Report, String> {
    let mut report = Report {
        entry_allocas: entry_allocas(function).len(),
        ..Report::default()
    };
    if report.entry_allocas == 0 {
        return Ok(report);
    }
    let intrinsics = Intrinsics::lookup();
    let fcfg = FunctionCfg::read(function);
    let dt = DomTree::compute(&fcfg.cfg);
    let reachable = fcfg.cfg.reachable();
    loop {
        let allocas: Vec<LLVMValueRef> = entry_allocas(function)
            .into_iter()
            .filter(|&a| promotable::check(a, &intrinsics).is_ok())
            .collect();
        if allocas.is_empty() {
            return Ok(report);
        }
        let round = Round::new(function, &fcfg, &dt, &reachable, allocas, &intrinsics);
        report.phis += round.promote()?;
        report.promoted += round.allocas.len();
    }
}

/// One round of promotion over a fixed set of promotable allocas.
struct Round<'a> {
    function: LLVMValueRef,
    fcfg: &'a FunctionCfg,
    dt: &'a DomTree,
    reachable: &'a [bool],
    allocas: Vec<LLVMValueRef>,
    /// alloca -> its index in `allocas`
    slot_of: HashMap<LLVMValueRef, u32>,
}

impl<'a> Round<'a> {
    unsafe fn new(
        function: LLVMValueRef,
        fcfg: &'a FunctionCfg,
        dt: &'a DomTree,
        reachable: &'a [bool],
        allocas: Vec<LLVMValueRef>,
        intrinsics: &Intrinsics,
    ) -> Self {
        for &a in &allocas {
            promotable::remove_markers(a, intrinsics);
        }
        let slot_of = allocas.iter().enumerate().map(|(i, &a)| (a, i as u32)).collect();
        Round {
            function,
            fcfg,
            dt,
            reachable,
            allocas,
            slot_of,
        }
    }

    /// Runs the round; returns the number of phis inserted.
    unsafe fn promote(&self) -> Result<usize, String> {
        let accesses = self.summarise_accesses();
        let phi_blocks =
            placement::pruned_phi_blocks(&self.fcfg.cfg, self.dt, self.reachable, &accesses);
        let phis = rename::insert_phis(self.fcfg, &self.allocas, &phi_blocks);
        let count = phis.len();
        rename::rename(self, phis)?;
        self.delete_leftovers();
        Ok(count)
    }

    /// The slot a load or store accesses, if it is one being promoted.
    unsafe fn slot_accessed(&self, inst: LLVMValueRef) -> Option<(u32, bool)> {
        let (ptr, is_store) = match LLVMGetInstructionOpcode(inst) {
            LLVMOpcode::LLVMLoad => (LLVMGetOperand(inst, 0), false),
            LLVMOpcode::LLVMStore => (LLVMGetOperand(inst, 1), true),
            _ => return None,
        };
        self.slot_of.get(&ptr).map(|&s| (s, is_store))
    }

    /// Definition blocks and upward-exposed use blocks of every slot, from
    /// the slots' use lists; only blocks that both load and store a slot are
    /// scanned, each once, to see which access comes first.
    unsafe fn summarise_accesses(&self) -> Vec<SlotAccesses> {
        let mut out = Vec::with_capacity(self.allocas.len());
        let mut to_scan: HashMap<Block, Vec<u32>> = HashMap::new();
        for (slot, &alloca) in self.allocas.iter().enumerate() {
            let mut defs = Vec::new();
            let mut uses = Vec::new();
            for user in ir::users(alloca) {
                let b = self.fcfg.block_of_inst(user);
                if !self.reachable[b] {
                    continue;
                }
                if LLVMGetInstructionOpcode(user) == LLVMOpcode::LLVMStore {
                    defs.push(b);
                } else {
                    uses.push(b);
                }
            }
            defs.sort_unstable();
            defs.dedup();
            uses.sort_unstable();
            uses.dedup();
            let mut upward_exposed = Vec::new();
            for b in uses {
                if defs.binary_search(&b).is_ok() {
                    to_scan.entry(b).or_default().push(slot as u32);
                } else {
                    upward_exposed.push(b);
                }
            }
            out.push(SlotAccesses {
                defs,
                upward_exposed,
            });
        }
        let mut pending = vec![false; self.allocas.len()];
        for (b, slots) in to_scan {
            let mut left = slots.len();
            for &s in &slots {
                pending[s as usize] = true;
            }
            for inst in ir::instructions(self.fcfg.blocks[b]) {
                let Some((s, is_store)) = self.slot_accessed(inst) else { continue };
                if !pending[s as usize] {
                    continue;
                }
                pending[s as usize] = false;
                if !is_store {
                    out[s as usize].upward_exposed.push(b);
                }
                left -= 1;
                if left == 0 {
                    break;
                }
            }
        }
        out
    }

    /// Loads and stores in unreachable blocks were not renamed: loads become
    /// poison, stores go. Debug declarations of the slots go too (their
    /// conversion to `dbg.value` is the compat mode's work). Then the
    /// allocas themselves.
    unsafe fn delete_leftovers(&self) {
        let has_debug_info = !LLVMGetSubprogram(self.function).is_null();
        for &alloca in &self.allocas {
            for user in ir::users(alloca) {
                if LLVMGetInstructionParent(user).is_null() {
                    continue;
                }
                if LLVMGetInstructionOpcode(user) == LLVMOpcode::LLVMLoad {
                    LLVMReplaceAllUsesWith(user, LLVMGetPoison(LLVMTypeOf(user)));
                }
                LLVMInstructionEraseFromParent(user);
            }
            if has_debug_info {
                delete_debug_declares(alloca);
            }
            LLVMInstructionEraseFromParent(alloca);
        }
    }
}

/// Erases `llvm.dbg.declare` calls describing `alloca`. Debug intrinsics
/// refer to a value through metadata, so they are users of the value's
/// `MetadataAsValue` wrapper, not of the value.
unsafe fn delete_debug_declares(alloca: LLVMValueRef) {
    let context = LLVMGetTypeContext(LLVMTypeOf(alloca));
    let wrapper = LLVMMetadataAsValue(context, LLVMValueAsMetadata(alloca));
    for user in ir::users(wrapper) {
        if ir::opcode(user) == Some(LLVMOpcode::LLVMCall)
            && ir::called_intrinsic_name(user).as_deref() == Some("llvm.dbg.declare")
            && !LLVMGetInstructionParent(user).is_null()
        {
            LLVMInstructionEraseFromParent(user);
        }
    }
}
