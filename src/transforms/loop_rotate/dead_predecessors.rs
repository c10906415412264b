//! loop-simplify's first step on every loop (LLVM's `simplifyOneLoop`):
//! a block of a loop other than its header can have a predecessor outside
//! the loop only if that predecessor is unreachable, and loop-simplify
//! "shamelessly" deletes such edges. The predecessor's terminator becomes
//! `unreachable` (`changeToUnreachable`); each block it branched to loses
//! its phi entries from it (`BasicBlock::removePredecessor`: a phi left
//! with no entry becomes `poison`, one left with a single value other than
//! itself, `PHINode::hasConstantValue`, becomes that value).
//!
//! LLVM's loop pass manager runs loop-simplify on every loop before
//! rotating any, so this runs once, first (csmith 22013's `@func_68` on
//! LLVM 22 has two such blocks, `for.inc1049` one of them: an empty loop
//! whose latch nothing reaches).
//!
//! A block of a loop that is not that loop's header is a non-header block
//! of some loop unless it is the header of a top-level loop: so every
//! other block in a loop has its unreachable predecessors cut.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::edit::{constant_value, phis, rebuild_phi};
use super::graph::{FlowGraph, LoopNest};
use crate::analysis::cfg::Block;
use crate::ir::delete;
use crate::transforms::ssa_updater::Graph;

/// Cuts every edge from an unreachable block into a loop block that is not
/// a top-level loop's header. Returns how many blocks were cut off.
///
/// # Safety
/// `g` and `nest` describe the live function `builder` edits.
pub unsafe fn cut(g: &mut FlowGraph, nest: &LoopNest, builder: LLVMBuilderRef) -> usize {
    let mut dead: Vec<Block> = Vec::new();
    for b in 0..g.blocks.len() {
        let Some(l) = nest.innermost(b) else {
            continue;
        };
        let top_level_header = nest.loops[l].header == b && nest.loops[l].parent.is_none();
        if !g.reachable[b] || top_level_header {
            continue;
        }
        dead.extend(g.preds(b).iter().copied().filter(|&p| !g.reachable[p]));
    }
    dead.sort_unstable();
    dead.dedup();
    for &p in &dead {
        change_to_unreachable(g, p, builder);
    }
    dead.len()
}

/// Replaces `p`'s terminator by `unreachable` and drops `p` from its
/// successors' phis.
unsafe fn change_to_unreachable(g: &mut FlowGraph, p: Block, builder: LLVMBuilderRef) {
    let p_bb = g.blocks[p];
    let mut succs = g.succs(p).to_vec();
    succs.sort_unstable();
    succs.dedup();
    for &s in &succs {
        remove_predecessor(g.blocks[s], p_bb, builder);
        g.remove_edges(p, s);
    }
    let term = LLVMGetBasicBlockTerminator(p_bb);
    LLVMPositionBuilderBefore(builder, term);
    LLVMBuildUnreachable(builder);
    delete::erase_with_poison(term);
}

/// `bb`'s phis without their entries from `pred`, folded as LLVM's
/// `removePredecessor` folds them.
unsafe fn remove_predecessor(
    bb: LLVMBasicBlockRef,
    pred: LLVMBasicBlockRef,
    builder: LLVMBuilderRef,
) {
    for phi in phis(bb) {
        let entries_before = LLVMCountIncoming(phi);
        let phi = rebuild_phi(builder, phi, |b| (b != pred).then_some(b));
        if LLVMCountIncoming(phi) == 0 {
            delete::erase_with_poison(phi);
        } else if entries_before > 1 {
            if let Some(value) = constant_value(phi) {
                delete::replace_and_erase(phi, value);
            }
        }
    }
}
