//! The loop's `!llvm.loop` node kept through rotation (LLVM's
//! `LoopRotate::processLoop` in `LoopRotationUtils.cpp`: `L->getLoopID()`
//! before the latch is folded and the loop rotated, `L->setLoopID(LoopMD)`
//! after either, "we presume LoopRotation DOESN'T ADD its own metadata").
//!
//! The node lives on the terminators of the loop's latches (the blocks of
//! the loop that branch to its header, `Loop::getLoopLatches`). Rotation
//! changes the header (the old body entry `N`) and the latch (the old
//! header merged into the old latch, or left after it), and folding a
//! latch erases the branch that held the node: without this, `#pragma
//! unroll`, `llvm.loop.mustprogress` and vectorizer hints are lost.
//!
//! Invariant: `read` is `Loop::getLoopID` (every latch carries the same
//! node, whose first operand is itself, else `None`); `write` is
//! `Loop::setLoopID` (every latch's terminator gets the node; blocks that
//! stopped being latches keep what they had, as in LLVM).

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::graph::{FlowGraph, LoopId, LoopNest};
use crate::analysis::cfg::Block;
use crate::ir;

/// The latches' terminators of loop `l` whose header is `header`.
unsafe fn latch_terminators(
    g: &FlowGraph,
    nest: &LoopNest,
    l: LoopId,
    header: Block,
) -> Vec<LLVMValueRef> {
    let mut latches: Vec<Block> = nest.preds_inside(g, l, header).collect();
    latches.sort_unstable();
    latches.dedup();
    latches
        .into_iter()
        .map(|b| LLVMGetBasicBlockTerminator(g.blocks[b]))
        .filter(|t| !t.is_null())
        .collect()
}

unsafe fn kind(g: &FlowGraph, header: Block) -> u32 {
    let context = LLVMGetTypeContext(LLVMTypeOf(LLVMBasicBlockAsValue(g.blocks[header])));
    ir::metadata_kind(context, "llvm.loop")
}

/// The loop ID of loop `l` (header `header`), as `Loop::getLoopID`.
///
/// # Safety
/// `g` mirrors the IR.
pub unsafe fn read(
    g: &FlowGraph,
    nest: &LoopNest,
    l: LoopId,
    header: Block,
) -> Option<LLVMValueRef> {
    let kind = kind(g, header);
    let mut id = None;
    for term in latch_terminators(g, nest, l, header) {
        let md = LLVMGetMetadata(term, kind);
        if md.is_null() || id.is_some_and(|id| id != md) {
            return None;
        }
        id = Some(md);
    }
    let id = id?;
    if LLVMGetMDNodeNumOperands(id) == 0 {
        return None;
    }
    let mut operands = vec![std::ptr::null_mut(); LLVMGetMDNodeNumOperands(id) as usize];
    LLVMGetMDNodeOperands(id, operands.as_mut_ptr());
    (operands[0] == id).then_some(id)
}

/// Puts loop ID `id` on every latch of loop `l`, now headed by `header`.
///
/// # Safety
/// `g` mirrors the IR; `id` came from `read` on the same function.
pub unsafe fn write(g: &FlowGraph, nest: &LoopNest, l: LoopId, header: Block, id: LLVMValueRef) {
    let kind = kind(g, header);
    for term in latch_terminators(g, nest, l, header) {
        LLVMSetMetadata(term, kind, id);
    }
}
