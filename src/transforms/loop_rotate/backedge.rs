//! One latch for a loop with several (LLVM's loop-simplify,
//! `insertUniqueBackedgeBlock` in `LoopSimplify.cpp`), so it can be rotated.
//!
//! Every back edge is sent to a new block `<header>.backedge: br <header>`,
//! placed after the last latch; each header phi keeps its preheader entry
//! and gets one entry from the new block, a new phi `<phi>.be` there
//! merging the latches' values (no phi when they all agree). LLVM does
//! this for fewer than 8 back edges, and first tries to split off a nested
//! loop when a header phi feeds itself around some back edge
//! (`separateNestedLoop`); Pebble does not split nested loops, so such
//! loops stay skipped (multiple latches), as do loops entered through an
//! indirect edge. The old latches' `!llvm.loop` moves to the new block, as
//! loop-simplify moves it.

use std::ffi::CString;

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::edit::{add_incoming, phis, rebuild_phi};
use super::graph::{FlowGraph, LoopId, LoopNest};
use super::preheader::can_redirect;
use crate::analysis::cfg::Block;
use crate::ir;
use crate::transforms::ssa_updater::llvm::llvm_predecessors;
use crate::transforms::ssa_updater::Graph;

/// LLVM's limit on back edges merged.
const MAX_BACKEDGES: usize = 8;

/// Merges the back edges of loop `l` (preheader `p`) into one block;
/// returns it, or `None` (nothing changed) when LLVM would not.
///
/// # Safety
/// `g` mirrors the IR and `p` is `l`'s preheader.
pub unsafe fn merge(
    g: &mut FlowGraph,
    nest: &mut LoopNest,
    l: LoopId,
    p: Block,
    builder: LLVMBuilderRef,
) -> Option<Block> {
    let header = nest.loops[l].header;
    let (h_bb, p_bb) = (g.blocks[header], g.blocks[p]);
    // The latches in LLVM's `predecessors()` order, each once.
    let mut latches: Vec<LLVMBasicBlockRef> = Vec::new();
    for b in llvm_predecessors(h_bb) {
        if b != p_bb && !latches.contains(&b) {
            latches.push(b);
        }
    }
    let edges = g.preds(header).len() - 1;
    if latches.len() < 2 || edges >= MAX_BACKEDGES {
        return None;
    }
    if latches
        .iter()
        .any(|&b| !can_redirect(LLVMGetBasicBlockTerminator(b), h_bb))
    {
        return None;
    }
    let feeds_itself = |phi: LLVMValueRef| {
        (0..LLVMCountIncoming(phi))
            .any(|k| LLVMGetIncomingValue(phi, k) == phi && LLVMGetIncomingBlock(phi, k) != p_bb)
    };
    if phis(h_bb).into_iter().any(feeds_itself) {
        return None;
    }

    let name = CString::new(format!(
        "{}.backedge",
        ir::name(LLVMBasicBlockAsValue(h_bb))
    ))
    .unwrap_or_default();
    let context = LLVMGetTypeContext(LLVMTypeOf(LLVMBasicBlockAsValue(h_bb)));
    let be_bb =
        LLVMAppendBasicBlockInContext(context, LLVMGetBasicBlockParent(h_bb), name.as_ptr());
    LLVMMoveBasicBlockAfter(be_bb, latches[latches.len() - 1]);
    LLVMPositionBuilderAtEnd(builder, be_bb);
    let branch = LLVMBuildBr(builder, h_bb);
    for phi in phis(h_bb) {
        let entries: Vec<(LLVMValueRef, LLVMBasicBlockRef)> = (0..LLVMCountIncoming(phi))
            .map(|k| (LLVMGetIncomingValue(phi, k), LLVMGetIncomingBlock(phi, k)))
            .filter(|&(_, b)| b != p_bb)
            .collect();
        let value = if entries.iter().all(|&(v, _)| v == entries[0].0) {
            entries[0].0
        } else {
            LLVMPositionBuilderBefore(builder, branch);
            let name = CString::new(format!("{}.be", ir::name(phi))).unwrap_or_default();
            let merged = LLVMBuildPhi(builder, LLVMTypeOf(phi), name.as_ptr());
            for &(v, b) in &entries {
                add_incoming(merged, v, b);
            }
            merged
        };
        let rebuilt = rebuild_phi(builder, phi, |b| (b == p_bb).then_some(b));
        add_incoming(rebuilt, value, be_bb);
    }
    // The loop ID moves from the old latches to the new one: the first
    // latch's, as loop-simplify takes it.
    let loop_kind = ir::metadata_kind(context, "llvm.loop");
    let mut loop_id: LLVMValueRef = std::ptr::null_mut();
    for &b in &latches {
        let term = LLVMGetBasicBlockTerminator(b);
        if loop_id.is_null() {
            loop_id = LLVMGetMetadata(term, loop_kind);
        }
        LLVMSetMetadata(term, loop_kind, std::ptr::null_mut());
        for k in 0..LLVMGetNumSuccessors(term) {
            if LLVMGetSuccessor(term, k) == h_bb {
                LLVMSetSuccessor(term, k, be_bb);
            }
        }
    }
    if !loop_id.is_null() {
        LLVMSetMetadata(branch, loop_kind, loop_id);
    }
    let be = g.add_block(be_bb, true);
    for &b in &latches {
        let lb = g.block_of(b);
        g.redirect_edges(lb, header, be);
    }
    g.add_edge(be, header);
    nest.set_innermost(be, Some(l));
    Some(be)
}
