//! Steps 2 and 3 of the rewrite (module comment of `rewrite`), the ones that
//! change the CFG: conditional terminators with fewer executable edges are
//! folded, and the phis of blocks whose predecessors changed are rebuilt
//! with one entry per remaining edge. `apply` then deletes the blocks that
//! are not executable (step 4).

use llvm_sys::core::*;
use llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use llvm_sys::prelude::*;

use crate::analysis::cfg::Block;
use crate::ir;

use super::super::program::Terminator;
use super::super::read::ReadFunction;
use super::super::solver::Solution;
use super::Report;

/// Step 2. Returns every block's successors after folding (the old ones
/// for blocks left alone).
pub(super) unsafe fn fold_terminators(
    builder: LLVMBuilderRef,
    read: &ReadFunction,
    solution: &Solution,
    report: &mut Report,
) -> Vec<Vec<Block>> {
    let mut new_succs = Vec::with_capacity(read.program.num_blocks());
    for (b, term) in read.program.terminators.iter().enumerate() {
        let old = read.fcfg.cfg.succs(b).to_vec();
        let change = if solution.executable_blocks[b] {
            terminator_change(b, term, solution)
        } else {
            None
        };
        let old_term = LLVMGetBasicBlockTerminator(read.fcfg.blocks[b]);
        let new_term = match change {
            None => {
                new_succs.push(old);
                continue;
            }
            Some(TerminatorChange::Unreachable) => {
                report.branches_folded += 1;
                LLVMPositionBuilderBefore(builder, old_term);
                new_succs.push(Vec::new());
                LLVMBuildUnreachable(builder)
            }
            Some(TerminatorChange::Jump(taken)) => {
                report.branches_folded += 1;
                LLVMPositionBuilderBefore(builder, old_term);
                new_succs.push(vec![taken]);
                LLVMBuildBr(builder, read.fcfg.blocks[taken])
            }
            Some(TerminatorChange::Switch { default, cases }) => {
                LLVMPositionBuilderBefore(builder, old_term);
                let switch = LLVMBuildSwitch(
                    builder,
                    ir::switch::condition(old_term),
                    read.fcfg.blocks[default],
                    cases.len() as u32,
                );
                let mut succs = vec![default];
                for &(k, to) in &cases {
                    let value = ir::switch::case_value(old_term, k as u32);
                    LLVMAddCase(switch, value, read.fcfg.blocks[to]);
                    succs.push(to);
                }
                new_succs.push(succs);
                switch
            }
        };
        LLVMInstructionSetDebugLoc(new_term, LLVMInstructionGetDebugLoc(old_term));
        // A terminator is void: nothing uses its value.
        ir::delete::erase_unused(old_term);
    }
    new_succs
}

/// What becomes of a conditional terminator of an executable block.
#[derive(Clone, Debug, PartialEq, Eq)]
enum TerminatorChange {
    /// No successor is reachable: the condition is undef or poison, and
    /// branching on it is UB (LLVM's `removeNonFeasibleEdges`).
    Unreachable,
    /// Only one successor is reachable: `br label %taken`.
    Jump(Block),
    /// A switch keeps only its cases with an executable edge, as
    /// `(index of the case in the old switch, destination)`. If its default
    /// edge is not executable, the default becomes the first kept case's
    /// destination: the values that would reach it never occur (the
    /// condition's range excludes them).
    Switch {
        default: Block,
        cases: Vec<(usize, Block)>,
    },
}

/// Decided by the executable edges the solver found (a `br` or `switch` on
/// a constant has one; a `switch` on a range may lose some cases).
fn terminator_change(b: Block, term: &Terminator, solution: &Solution) -> Option<TerminatorChange> {
    term.condition()?;
    let succs = term.successors();
    let live = |to: Block| solution.is_edge_executable(b, to);
    let mut reachable: Vec<Block> = succs.iter().copied().filter(|&s| live(s)).collect();
    reachable.sort_unstable();
    reachable.dedup();
    if reachable.is_empty() {
        return Some(TerminatorChange::Unreachable);
    }
    if reachable.len() == 1 {
        return Some(TerminatorChange::Jump(reachable[0]));
    }
    let Terminator::Switch { default, cases, .. } = term else {
        return None;
    };
    if succs.iter().all(|&s| live(s)) {
        return None;
    }
    let kept: Vec<(usize, Block)> = cases
        .iter()
        .enumerate()
        .filter(|&(_, &(_, to))| live(to))
        .map(|(k, &(_, to))| (k, to))
        .collect();
    let default = if live(*default) {
        *default
    } else {
        kept.first()?.1
    };
    Some(TerminatorChange::Switch {
        default,
        cases: kept,
    })
}

/// The predecessors of every block, with multiplicity, sorted.
fn predecessors(succs: &[Vec<Block>], keep: impl Fn(Block) -> bool) -> Vec<Vec<Block>> {
    let mut preds = vec![Vec::new(); succs.len()];
    for (b, ss) in succs.iter().enumerate() {
        if keep(b) {
            for &s in ss {
                preds[s].push(b);
            }
        }
    }
    for p in &mut preds {
        p.sort_unstable();
    }
    preds
}

/// Step 3: every phi of a surviving block whose predecessors changed gets
/// one entry per surviving edge, taking the value the old phi had for that
/// predecessor block (all entries of one block carry the same value).
/// Returns the number of phis replaced by their single value.
pub(super) unsafe fn rebuild_phis(
    builder: LLVMBuilderRef,
    read: &ReadFunction,
    solution: &Solution,
    new_succs: &[Vec<Block>],
) -> usize {
    let mut simplified = 0;
    let old_succs: Vec<Vec<Block>> = (0..read.program.num_blocks())
        .map(|b| read.fcfg.cfg.succs(b).to_vec())
        .collect();
    let old_preds = predecessors(&old_succs, |_| true);
    let new_preds = predecessors(new_succs, |b| solution.executable_blocks[b]);
    for b in 0..read.program.num_blocks() {
        if !solution.executable_blocks[b] || old_preds[b] == new_preds[b] {
            continue;
        }
        let phis: Vec<LLVMValueRef> = ir::instructions(read.fcfg.blocks[b])
            .take_while(|&i| !LLVMIsAPHINode(i).is_null())
            .collect();
        for phi in phis {
            simplified += rebuild_phi(builder, read, phi, &new_preds[b]) as usize;
        }
    }
    simplified
}

/// Rebuilds one phi; returns true if it was replaced by its single value
/// instead.
unsafe fn rebuild_phi(
    builder: LLVMBuilderRef,
    read: &ReadFunction,
    old: LLVMValueRef,
    preds: &[Block],
) -> bool {
    // The old entries sorted by block, so that each predecessor's value is
    // a binary search (a block with thousands of predecessors must not cost
    // their square).
    let mut entries: Vec<(Block, LLVMValueRef)> = (0..LLVMCountIncoming(old))
        .map(|k| {
            let block = read.fcfg.block_of(LLVMGetIncomingBlock(old, k));
            (block, LLVMGetIncomingValue(old, k))
        })
        .collect();
    entries.sort_unstable_by_key(|&(block, _)| block);
    let value_for = |pred: Block| {
        let k = entries
            .binary_search_by_key(&pred, |&(block, _)| block)
            .expect("a phi has an entry for every predecessor");
        entries[k].1
    };
    let mut values: Vec<LLVMValueRef> = preds.iter().map(|&p| value_for(p)).collect();
    if let Some(single) = single_value(old, &values) {
        ir::delete::replace_and_erase(old, single);
        return true;
    }
    let mut blocks: Vec<LLVMBasicBlockRef> = preds.iter().map(|&p| read.fcfg.blocks[p]).collect();
    LLVMPositionBuilderBefore(builder, old);
    let new = LLVMBuildPhi(builder, LLVMTypeOf(old), c"".as_ptr());
    LLVMAddIncoming(
        new,
        values.as_mut_ptr(),
        blocks.as_mut_ptr(),
        preds.len() as u32,
    );
    if LLVMCanValueUseFastMathFlags(old) != 0 {
        LLVMSetFastMathFlags(new, LLVMGetFastMathFlags(old));
    }
    LLVMInstructionSetDebugLoc(new, LLVMInstructionGetDebugLoc(old));
    let name = ir::name(old);
    ir::set_name(old, "");
    ir::set_name(new, &name);
    ir::delete::replace_and_erase(old, new);
    false
}

/// The value a phi may be replaced by: the same value `v` on every
/// remaining edge. `v` then dominates the phi's block (it dominates the end
/// of every predecessor). An instruction of the phi's own block is refused:
/// it could only reach the phi around a cycle through the block, where it
/// does not dominate the phi (and in a live block that cannot be the only
/// value anyway, but we do not rely on it).
unsafe fn single_value(phi: LLVMValueRef, values: &[LLVMValueRef]) -> Option<LLVMValueRef> {
    let first = *values.first()?;
    if values.iter().any(|&v| v != first) || first == phi {
        return None;
    }
    if ir::is_instruction(first) && LLVMGetInstructionParent(first) == LLVMGetInstructionParent(phi)
    {
        return None;
    }
    Some(first)
}

/// Is the block's address taken (used by something that is not an
/// instruction, i.e. a `blockaddress` constant)?
pub(super) unsafe fn has_address_taken(bb: LLVMBasicBlockRef) -> bool {
    ir::users(LLVMBasicBlockAsValue(bb))
        .into_iter()
        .any(|u| !ir::is_instruction(u))
}
