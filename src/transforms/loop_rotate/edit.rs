//! The CFG edits rotation makes, each applied to the IR and to the
//! `FlowGraph` together (the graph's invariant, see `graph`): splitting an
//! edge, merging a block into its only predecessor, and rewriting a phi's
//! incoming blocks. Deletion goes through `ir::delete` only.

use std::ffi::CString;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::graph::FlowGraph;
use crate::analysis::cfg::Block;
use crate::ir::{self, debug_records, delete};
use crate::transforms::ssa_updater::Graph;

/// The phis at the top of `bb`.
///
/// # Safety
/// `bb` is a live block.
pub unsafe fn phis(bb: LLVMBasicBlockRef) -> Vec<LLVMValueRef> {
    ir::instructions(bb)
        .take_while(|&i| LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMPHI)
        .collect()
}

/// Replaces `phi` by a phi whose entries are `phi`'s with each incoming
/// block passed through `map` (`None`: the entry is dropped), in the same
/// order, with the same name. The C API can neither remove an entry nor
/// change an incoming block in place. Returns the new phi; `phi` is erased.
///
/// # Safety
/// `phi` is a live phi; no handle to it may be used afterwards.
pub unsafe fn rebuild_phi(
    builder: LLVMBuilderRef,
    phi: LLVMValueRef,
    map: impl Fn(LLVMBasicBlockRef) -> Option<LLVMBasicBlockRef>,
) -> LLVMValueRef {
    LLVMPositionBuilderBefore(builder, phi);
    let rebuilt = LLVMBuildPhi(builder, LLVMTypeOf(phi), c"".as_ptr());
    let (mut values, mut blocks): (Vec<_>, Vec<_>) = (0..LLVMCountIncoming(phi))
        .filter_map(|k| {
            map(LLVMGetIncomingBlock(phi, k)).map(|b| (LLVMGetIncomingValue(phi, k), b))
        })
        .unzip();
    LLVMAddIncoming(
        rebuilt,
        values.as_mut_ptr(),
        blocks.as_mut_ptr(),
        values.len() as u32,
    );
    let name = ir::name(phi);
    delete::replace_and_erase(phi, rebuilt);
    ir::set_name(rebuilt, &name);
    rebuilt
}

/// The entries of every phi of `bb` coming from `old` now come from `new`.
///
/// # Safety
/// The blocks are live.
pub unsafe fn rename_incoming(
    builder: LLVMBuilderRef,
    bb: LLVMBasicBlockRef,
    old: LLVMBasicBlockRef,
    new: LLVMBasicBlockRef,
) {
    for phi in phis(bb) {
        if (0..LLVMCountIncoming(phi)).any(|k| LLVMGetIncomingBlock(phi, k) == old) {
            rebuild_phi(builder, phi, |b| Some(if b == old { new } else { b }));
        }
    }
}

/// LLVM's `PHINode::hasConstantValue`: the one value `phi` merges, entries
/// of itself aside (`poison` when it has only those).
///
/// # Safety
/// `phi` is a live phi.
pub unsafe fn constant_value(phi: LLVMValueRef) -> Option<LLVMValueRef> {
    let mut value = None;
    for k in 0..LLVMCountIncoming(phi) {
        let v = LLVMGetIncomingValue(phi, k);
        if v == phi || value == Some(v) {
            continue;
        }
        if value.is_some() {
            return None;
        }
        value = Some(v);
    }
    Some(value.unwrap_or_else(|| LLVMGetPoison(LLVMTypeOf(phi))))
}

/// Adds the entry `[value, from]` to `phi`.
///
/// # Safety
/// The values are live; `from` is (or becomes) a predecessor of `phi`'s block.
pub unsafe fn add_incoming(phi: LLVMValueRef, value: LLVMValueRef, from: LLVMBasicBlockRef) {
    let mut values = [value];
    let mut blocks = [from];
    LLVMAddIncoming(phi, values.as_mut_ptr(), blocks.as_mut_ptr(), 1);
}

/// Puts a new block `name` on every edge `from -> to` (LLVM's
/// `SplitCriticalEdge` without its analyses): placed before `before` in the
/// layout, ending in `br to`; `to`'s phis see it instead of `from`.
///
/// # Safety
/// `from -> to` is an edge of the graph; `before` is a live block.
pub unsafe fn split_edge(
    g: &mut FlowGraph,
    builder: LLVMBuilderRef,
    from: Block,
    to: Block,
    name: &str,
    before: LLVMBasicBlockRef,
) -> Block {
    let (from_bb, to_bb) = (g.blocks[from], g.blocks[to]);
    let c_name = CString::new(name).unwrap_or_default();
    let context = LLVMGetTypeContext(LLVMTypeOf(LLVMBasicBlockAsValue(to_bb)));
    let new_bb = LLVMInsertBasicBlockInContext(context, before, c_name.as_ptr());
    LLVMPositionBuilderAtEnd(builder, new_bb);
    LLVMBuildBr(builder, to_bb);
    let term = LLVMGetBasicBlockTerminator(from_bb);
    for k in 0..LLVMGetNumSuccessors(term) {
        if LLVMGetSuccessor(term, k) == to_bb {
            LLVMSetSuccessor(term, k, new_bb);
        }
    }
    rename_incoming(builder, to_bb, from_bb, new_bb);
    let new = g.add_block(new_bb, g.reachable[from]);
    g.redirect_edges(from, to, new);
    g.add_edge(new, to);
    new
}

/// Merges `bb` into its only predecessor when that predecessor ends in an
/// unconditional branch to it (LLVM's `MergeBlockIntoPredecessor`): `bb`'s
/// phis must already be gone. Returns the predecessor, or `None` (nothing
/// changed) when the shape does not allow it or `bb`'s address is taken.
///
/// # Safety
/// `bb` is a live block of the graph without phis.
pub unsafe fn merge_into_predecessor(
    g: &mut FlowGraph,
    builder: LLVMBuilderRef,
    bb: Block,
) -> Result<Option<Block>, String> {
    let &[pred] = g.preds(bb) else {
        return Ok(None);
    };
    let (bb_ref, pred_ref) = (g.blocks[bb], g.blocks[pred]);
    let pred_term = LLVMGetBasicBlockTerminator(pred_ref);
    let plain_branch =
        ir::opcode(pred_term) == Some(LLVMOpcode::LLVMBr) && LLVMIsConditional(pred_term) == 0;
    if pred == bb || !plain_branch || address_taken(bb_ref) {
        return Ok(None);
    }
    debug_assert!(phis(bb_ref).is_empty());
    // `bb`'s uses are `pred`'s branch and the phi entries of its successors
    // (RAUW on a block rewrites those too): all now name `pred`.
    LLVMReplaceAllUsesWith(
        LLVMBasicBlockAsValue(bb_ref),
        LLVMBasicBlockAsValue(pred_ref),
    );
    // The branch's debug records describe the end of `pred`: they go on in
    // front of `bb`'s first instruction's, each instruction moving with its
    // own (as LLVM's splice of the whole block does).
    let first = LLVMGetFirstInstruction(bb_ref);
    debug_records::move_attached(pred_term, first, true);
    delete::erase_unused(pred_term);
    for inst in ir::instructions(bb_ref) {
        debug_records::move_to_end(builder, inst, pred_ref);
    }
    g.remove_edges(pred, bb);
    g.move_out_edges(bb, pred);
    g.remove_block(bb);
    delete::delete_dead_blocks(&[bb_ref]).map_err(|e| {
        format!(
            "loop rotation: merged block still used by {}",
            ir::render(e.user)
        )
    })?;
    Ok(Some(pred))
}

/// A use of the block that is not an instruction: a `blockaddress`.
///
/// # Safety
/// `bb` is a live block.
pub unsafe fn address_taken(bb: LLVMBasicBlockRef) -> bool {
    let mut u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb));
    while !u.is_null() {
        if !ir::is_instruction(LLVMGetUser(u)) {
            return true;
        }
        u = LLVMGetNextUse(u);
    }
    false
}
