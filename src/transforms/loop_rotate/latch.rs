//! Folding a trivial latch into the exiting block before it (LLVM's
//! `LoopRotate::simplifyLoopLatch` and `shouldSpeculateInstrs` in
//! `LoopRotationUtils.cpp`), and LLVM's rule for rotating a loop whose
//! latch exits (`profitableToRotateLoopExitingLatch`).
//!
//! "Fold the loop tail into the loop exit by speculating the loop tail
//! instructions. Typically, this is a single post-increment. In the case of
//! a simple 2-block loop, hoisting the increment can be much better than
//! duplicating the entire loop header." When the latch `T` ends in `br H`,
//! has a single predecessor edge from a block `X` that exits the loop and
//! ends in a `br`, and `T` holds at most one cheap increment (add, sub,
//! and, or, xor, shifts, a GEP with constant indices) plus integer
//! casts, `T`'s instructions move to the end of `X` (before its branch),
//! `X` branches to `H` where it branched to `T`, and `T` is deleted. `X` is
//! the new latch. If `X` is the header, the loop is now one block and is
//! not rotated (LLVM: "not much to rotate"); otherwise it is rotated even
//! though its latch exits.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::edit::{address_taken, phis, rename_incoming};
use super::graph::{FlowGraph, LoopId, LoopNest};
use super::legality::is_debug_intrinsic;
use super::preheader::is_plain_branch;
use super::shape::Shape;
use crate::analysis::cfg::Block;
use crate::ir::{self, delete};
use crate::transforms::ssa_updater::Graph;

/// Folds the latch `t` of loop `l` (header `header`) into its predecessor
/// when LLVM would; returns whether it did.
///
/// # Safety
/// `t` is `l`'s only latch and `g` mirrors the IR.
pub unsafe fn fold(
    g: &mut FlowGraph,
    nest: &LoopNest,
    l: LoopId,
    (header, t): (Block, Block),
    builder: LLVMBuilderRef,
) -> Result<bool, String> {
    let t_bb = g.blocks[t];
    let t_term = LLVMGetBasicBlockTerminator(t_bb);
    if !is_plain_branch(t_term) || address_taken(t_bb) || !phis(t_bb).is_empty() {
        return Ok(false);
    }
    let &[x] = g.preds(t) else {
        return Ok(false);
    };
    let exits = |b: Block| g.succs(b).iter().any(|&s| !nest.contains(l, s));
    if x == t || !exits(x) {
        return Ok(false);
    }
    let x_term = LLVMGetBasicBlockTerminator(g.blocks[x]);
    if ir::opcode(x_term) != Some(LLVMOpcode::LLVMBr) {
        return Ok(false);
    }
    // LLVM's `MultiExitLoop`: more than one block leaves the loop. Only
    // asked when an increment's operand is used outside the loop.
    let multi_exit = || x != header && exits(header) || loop_exits(g, nest, l) > 1;
    if !should_speculate(g, nest, l, t_bb, t_term, multi_exit) {
        return Ok(false);
    }
    let (x_bb, h_bb) = (g.blocks[x], g.blocks[header]);
    for inst in ir::instructions(t_bb) {
        if inst == t_term {
            break;
        }
        ir::debug_records::move_before(builder, inst, x_term);
    }
    // The records of `T`'s branch follow its instructions, before `X`'s
    // branch; the branch itself is erased below.
    ir::debug_records::move_attached(t_term, x_term, false);
    for k in 0..LLVMGetNumSuccessors(x_term) {
        if LLVMGetSuccessor(x_term, k) == t_bb {
            LLVMSetSuccessor(x_term, k, h_bb);
        }
    }
    rename_incoming(builder, h_bb, t_bb, x_bb);
    delete::erase_unused(t_term);
    g.redirect_edges(x, t, header);
    g.remove_edges(t, header);
    g.remove_block(t);
    delete::delete_dead_blocks(&[t_bb]).map_err(|e| {
        format!(
            "loop rotation: folded latch still used by {}",
            ir::render(e.user)
        )
    })?;
    Ok(true)
}

/// LLVM's `shouldSpeculateInstrs` on `T`'s instructions before `end`.
unsafe fn should_speculate(
    g: &FlowGraph,
    nest: &LoopNest,
    l: LoopId,
    t_bb: LLVMBasicBlockRef,
    end: LLVMValueRef,
    multi_exit: impl Fn() -> bool,
) -> bool {
    let mut seen_increment = false;
    for inst in ir::instructions(t_bb) {
        if inst == end {
            break;
        }
        if is_debug_intrinsic(inst) {
            continue;
        }
        match LLVMGetInstructionOpcode(inst) {
            LLVMOpcode::LLVMTrunc | LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt => {}
            op @ (LLVMOpcode::LLVMGetElementPtr
            | LLVMOpcode::LLVMAdd
            | LLVMOpcode::LLVMSub
            | LLVMOpcode::LLVMAnd
            | LLVMOpcode::LLVMOr
            | LLVMOpcode::LLVMXor
            | LLVMOpcode::LLVMShl
            | LLVMOpcode::LLVMLShr
            | LLVMOpcode::LLVMAShr) => {
                if op == LLVMOpcode::LLVMGetElementPtr && !constant_indices(inst) {
                    return false;
                }
                let (a, b) = (LLVMGetOperand(inst, 0), LLVMGetOperand(inst, 1));
                let iv = if LLVMIsAConstant(a).is_null() {
                    a
                } else if LLVMIsAConstant(b).is_null() {
                    b
                } else {
                    return false;
                };
                let used_outside = ir::users(iv)
                    .into_iter()
                    .any(|u| !nest.contains(l, g.block_of_inst(u)));
                if seen_increment || used_outside && multi_exit() {
                    return false;
                }
                seen_increment = true;
            }
            _ => return false,
        }
    }
    true
}

unsafe fn constant_indices(gep: LLVMValueRef) -> bool {
    (1..LLVMGetNumOperands(gep) as u32).all(|k| !LLVMIsAConstant(LLVMGetOperand(gep, k)).is_null())
}

/// How many blocks of loop `l` have a successor outside it (a walk over
/// the loop's blocks, backwards from its header's predecessors inside it).
fn loop_exits(g: &FlowGraph, nest: &LoopNest, l: LoopId) -> usize {
    let header = nest.loops[l].header;
    let mut seen = std::collections::HashSet::from([header]);
    let mut work: Vec<Block> = nest.preds_inside(g, l, header).collect();
    while let Some(b) = work.pop() {
        if seen.insert(b) {
            work.extend(nest.preds_inside(g, l, b));
        }
    }
    seen.iter()
        .filter(|&&b| g.succs(b).iter().any(|&s| !nest.contains(l, s)))
        .count()
}

/// LLVM's `profitableToRotateLoopExitingLatch`: some header phi is used
/// only in the header's exit block (or not at all).
///
/// # Safety
/// `shape` is the current shape of a loop of `g`'s function.
pub unsafe fn profitable_with_exiting_latch(g: &FlowGraph, shape: &Shape) -> bool {
    let exit = g.blocks[shape.exit];
    phis(g.blocks[shape.header]).into_iter().any(|phi| {
        ir::users(phi)
            .into_iter()
            .all(|u| LLVMGetInstructionParent(u) == exit)
    })
}
