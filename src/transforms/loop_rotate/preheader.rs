//! A dedicated preheader for the loop: a block outside the loop whose only
//! successor is the header and which ends in a plain `br` (LLVM's
//! `Loop::getLoopPreheader`, which also requires `isLegalToHoistInto`: no
//! `invoke`, `callbr`, `catchret`, `cleanupret`, `catchswitch` terminator).
//!
//! Rotation replaces the preheader's terminator by a copy of the header's
//! test, so taking a block ending in anything but `br` as the preheader
//! deletes that terminator: a `callbr` (asm goto) whose result is still
//! used, or a `catchret`, after which the funclet is never left (issue 15,
//! item 7). When the loop has no such block, one is inserted as LLVM's
//! loop-simplify does (`InsertPreheaderForLoop`, `SplitBlockPredecessors`
//! with suffix `.preheader`): every edge into the header from outside the
//! loop is sent to a new block `<header>.preheader: br <header>`; each
//! header phi gets one entry from it, a new phi `<phi>.ph` in the preheader
//! when the outside entries disagree. An edge from an `indirectbr` cannot
//! be redirected: the loop is skipped. (LLVM takes an `indirectbr` block
//! whose only target is the header as the preheader and replaces the
//! `indirectbr`; Pebble keeps to blocks ending in `br`.)

use std::ffi::CString;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::edit::{add_incoming, phis, rebuild_phi};
use super::graph::{FlowGraph, LoopId, LoopNest};
use super::shape::SkipReason;
use crate::analysis::cfg::Block;
use crate::ir;
use crate::transforms::ssa_updater::llvm::llvm_predecessors;
use crate::transforms::ssa_updater::Graph;

/// The header's predecessors outside loop `l`, each once.
pub fn outside_preds(g: &FlowGraph, nest: &LoopNest, l: LoopId) -> Vec<Block> {
    let header = nest.loops[l].header;
    let mut outside: Vec<Block> = g
        .preds(header)
        .iter()
        .copied()
        .filter(|&p| !nest.contains(l, p))
        .collect();
    outside.sort_unstable();
    outside.dedup();
    outside
}

/// The preheader of loop `l`, inserted if needed; `true` when inserted.
///
/// # Safety
/// `g` mirrors the IR.
pub unsafe fn ensure(
    g: &mut FlowGraph,
    nest: &mut LoopNest,
    l: LoopId,
    builder: LLVMBuilderRef,
) -> Result<(Block, bool), SkipReason> {
    let header = nest.loops[l].header;
    let outside = outside_preds(g, nest, l);
    if let [p] = *outside.as_slice() {
        if g.succs(p) == [header] && is_plain_branch(LLVMGetBasicBlockTerminator(g.blocks[p])) {
            return Ok((p, false));
        }
    }
    let header_bb = g.blocks[header];
    for &p in &outside {
        if !can_redirect(LLVMGetBasicBlockTerminator(g.blocks[p]), header_bb) {
            return Err(SkipReason::EntryNotSplittable);
        }
    }
    let ph = split_predecessors(g, builder, header, &outside, "preheader");
    nest.set_innermost(ph, nest.loops[l].parent);
    Ok((ph, true))
}

/// An unconditional `br`.
///
/// # Safety
/// `term` is a live terminator.
pub unsafe fn is_plain_branch(term: LLVMValueRef) -> bool {
    ir::opcode(term) == Some(LLVMOpcode::LLVMBr) && LLVMIsConditional(term) == 0
}

/// Whether every edge of `term` to `header` may be moved to a new block:
/// not from an `indirectbr`, whose targets are reached through block
/// addresses. (A `callbr`'s indirect targets are ordinary successors in
/// LLVM 19, and LLVM splits them too.)
///
/// # Safety
/// `term` is a live terminator.
pub unsafe fn can_redirect(term: LLVMValueRef, _header: LLVMBasicBlockRef) -> bool {
    ir::opcode(term) != Some(LLVMOpcode::LLVMIndirectBr)
}

/// LLVM's `SplitBlockPredecessors`: the edges from `preds` into `header`
/// go through a new block `<header>.<suffix>`, placed before `header`,
/// which `header`'s phis see instead of `preds` (a new `.ph` phi merges
/// the entries that disagree). The caller records the block's loop.
///
/// # Safety
/// `preds` are predecessors of `header`, each once, whose edges to it can
/// be redirected (`can_redirect`); `g` mirrors the IR.
pub unsafe fn split_predecessors(
    g: &mut FlowGraph,
    builder: LLVMBuilderRef,
    header: Block,
    outside: &[Block],
    suffix: &str,
) -> Block {
    let header_bb = g.blocks[header];
    let name = CString::new(format!(
        "{}.{suffix}",
        ir::name(LLVMBasicBlockAsValue(header_bb))
    ))
    .unwrap_or_default();
    let context = LLVMGetTypeContext(LLVMTypeOf(LLVMBasicBlockAsValue(header_bb)));
    let ph_bb = LLVMInsertBasicBlockInContext(context, header_bb, name.as_ptr());
    LLVMPositionBuilderAtEnd(builder, ph_bb);
    LLVMBuildBr(builder, header_bb);
    let outside_bbs: Vec<LLVMBasicBlockRef> = outside.iter().map(|&p| g.blocks[p]).collect();
    for &p_bb in &outside_bbs {
        let term = LLVMGetBasicBlockTerminator(p_bb);
        for k in 0..LLVMGetNumSuccessors(term) {
            if LLVMGetSuccessor(term, k) == header_bb {
                LLVMSetSuccessor(term, k, ph_bb);
            }
        }
    }
    let is_outside = |b: LLVMBasicBlockRef| outside_bbs.contains(&b);
    for phi in phis(header_bb) {
        let entries: Vec<(LLVMValueRef, LLVMBasicBlockRef)> = (0..LLVMCountIncoming(phi))
            .map(|k| (LLVMGetIncomingValue(phi, k), LLVMGetIncomingBlock(phi, k)))
            .collect();
        if let [single] = outside_bbs.as_slice() {
            // One outside block: its entries now come from the preheader,
            // in place (LLVM sets the incoming block).
            let single = *single;
            rebuild_phi(builder, phi, |b| Some(if b == single { ph_bb } else { b }));
            continue;
        }
        let outside_values: Vec<LLVMValueRef> = entries
            .iter()
            .filter(|(_, b)| is_outside(*b))
            .map(|&(v, _)| v)
            .collect();
        let value = if outside_values.iter().all(|&v| v == outside_values[0]) {
            outside_values[0]
        } else {
            merge_in_preheader(builder, phi, &entries, ph_bb)
        };
        let rebuilt = rebuild_phi(builder, phi, |b| (!is_outside(b)).then_some(b));
        add_incoming(rebuilt, value, ph_bb);
    }
    let ph = g.add_block(ph_bb, true);
    for &p in outside {
        g.redirect_edges(p, header, ph);
    }
    g.add_edge(ph, header);
    ph
}

/// A phi `<phi>.ph` at the top of the preheader merging the outside entries
/// of `phi`, one per edge into the preheader.
unsafe fn merge_in_preheader(
    builder: LLVMBuilderRef,
    phi: LLVMValueRef,
    entries: &[(LLVMValueRef, LLVMBasicBlockRef)],
    ph_bb: LLVMBasicBlockRef,
) -> LLVMValueRef {
    let first = LLVMGetFirstInstruction(ph_bb);
    ir::debug_records::position_before_markers(builder, first);
    let name = CString::new(format!("{}.ph", ir::name(phi))).unwrap_or_default();
    let merged = LLVMBuildPhi(builder, LLVMTypeOf(phi), name.as_ptr());
    for p in llvm_predecessors(ph_bb) {
        if let Some(&(v, _)) = entries.iter().find(|(_, b)| *b == p) {
            add_incoming(merged, v, p);
        }
    }
    merged
}
