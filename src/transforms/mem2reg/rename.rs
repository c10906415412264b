//! Phi insertion and renaming for one round of `pebble-mem2reg`
//! (Algorithm 16.4.3's `RenameAll`, an instance of Algorithm 16.2.3).
//!
//! The walk is a pre-order walk of the dominator tree with an explicit
//! stack. `current[s]` is the value of slot `s` at the point reached; every
//! change is recorded in an undo log, and leaving a block pops the log back
//! to the mark taken when entering it. So memory is O(slots + stores) and no
//! value vector is copied per edge or per block.
//!
//! Why one walk of the dominator tree is enough: a load's value is the last
//! definition on every path to it, which (the phis being placed at DF⁺ ∩
//! LiveIn) is the nearest definition among its dominators — exactly what is
//! on top of the stack when the load is visited (Theorem 16.2.6). The value
//! flowing along an edge X -> Y is the top of the stack at the end of X,
//! recorded when X is visited.
//!
//! Incoming values are collected per predecessor *slot* of the phi's block
//! (one per edge, duplicates included) and added in one `LLVMAddIncoming`
//! call per phi, in predecessor order; an unreachable predecessor gets
//! `poison`.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::Round;
use crate::analysis::cfg::Block;
use crate::ir::{self, FunctionCfg};

/// A phi created for slot `slot` at block `block`.
pub struct NewPhi {
    pub phi: LLVMValueRef,
    pub slot: u32,
    pub block: Block,
    /// One entry per predecessor edge of `block`; null until renamed.
    pub incoming: Vec<LLVMValueRef>,
}

/// Creates the empty phis, named `<alloca>.<n>` with `n` counting the
/// slot's phis in layout order, as LLVM names them. In each block the phis
/// come in slot order, above any phi already there.
pub unsafe fn insert_phis(
    fcfg: &FunctionCfg,
    allocas: &[LLVMValueRef],
    phi_blocks: &[Vec<Block>],
) -> Vec<NewPhi> {
    let Some(&first) = allocas.first() else {
        return Vec::new();
    };
    let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(first)));
    let mut phis = Vec::new();
    // Inserting at the top, later slots first, leaves the slots in order.
    for (slot, blocks) in phi_blocks.iter().enumerate().rev() {
        let alloca = allocas[slot];
        let ty = LLVMGetAllocatedType(alloca);
        let base = ir::name(alloca);
        for (version, &b) in blocks.iter().enumerate() {
            let bb = fcfg.blocks[b];
            LLVMPositionBuilderBefore(builder, LLVMGetFirstInstruction(bb));
            let phi = LLVMBuildPhi(builder, ty, c"".as_ptr());
            ir::set_name(phi, &format!("{base}.{version}"));
            phis.push(NewPhi {
                phi,
                slot: slot as u32,
                block: b,
                incoming: vec![std::ptr::null_mut(); fcfg.cfg.preds(b).len()],
            });
        }
    }
    LLVMDisposeBuilder(builder);
    phis
}

/// Renames every load and store of the round's slots in reachable blocks,
/// fills the phis' incoming values, and deletes the renamed accesses.
pub unsafe fn rename(round: &Round, mut phis: Vec<NewPhi>) -> Result<(), String> {
    let fcfg = round.fcfg;
    let cfg = &fcfg.cfg;
    let n = cfg.num_blocks();
    // phis_at[b]: indices into `phis` of the phis placed at b.
    let mut phis_at: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, p) in phis.iter().enumerate() {
        phis_at[p.block].push(i as u32);
    }
    let mut current: Vec<LLVMValueRef> = round
        .allocas
        .iter()
        .map(|&a| LLVMGetUndef(LLVMGetAllocatedType(a)))
        .collect();
    let mut undo: Vec<(u32, LLVMValueRef)> = Vec::new();

    let mut enter =
        |x: Block, current: &mut Vec<LLVMValueRef>, undo: &mut Vec<(u32, LLVMValueRef)>| {
            let mark = undo.len();
            for &i in &phis_at[x] {
                let p = &phis[i as usize];
                undo.push((p.slot, current[p.slot as usize]));
                current[p.slot as usize] = p.phi;
            }
            for inst in ir::instructions(fcfg.blocks[x]) {
                let Some((slot, is_store)) = round.slot_accessed(inst) else {
                    continue;
                };
                if is_store {
                    undo.push((slot, current[slot as usize]));
                    current[slot as usize] = LLVMGetOperand(inst, 0);
                } else {
                    LLVMReplaceAllUsesWith(inst, current[slot as usize]);
                }
                LLVMInstructionEraseFromParent(inst);
            }
            for (k, &y) in cfg.succs(x).iter().enumerate() {
                let slot_in_y = cfg.pred_slot(x, k);
                for &i in &phis_at[y] {
                    let p = &mut phis[i as usize];
                    p.incoming[slot_in_y] = current[p.slot as usize];
                }
            }
            mark
        };

    let root = cfg.entry();
    let mark = enter(root, &mut current, &mut undo);
    let mut stack: Vec<(Block, usize, usize)> = vec![(root, 0, mark)];
    while let Some(top) = stack.last_mut() {
        let (x, next, _) = *top;
        if let Some(&child) = round.dt.children(x).get(next) {
            top.1 += 1;
            let mark = enter(child, &mut current, &mut undo);
            stack.push((child, 0, mark));
        } else {
            let (_, _, mark) = stack.pop().unwrap();
            while undo.len() > mark {
                let (slot, value) = undo.pop().unwrap();
                current[slot as usize] = value;
            }
        }
    }

    for p in &mut phis {
        let preds = cfg.preds(p.block);
        let mut blocks = Vec::with_capacity(preds.len());
        for (k, &pred) in preds.iter().enumerate() {
            if p.incoming[k].is_null() {
                if round.reachable[pred] {
                    return Err(format!(
                        "internal error: phi {} got no value from reachable predecessor {}",
                        ir::name(p.phi),
                        ir::name(LLVMBasicBlockAsValue(fcfg.blocks[pred]))
                    ));
                }
                p.incoming[k] = LLVMGetPoison(LLVMTypeOf(p.phi));
            }
            blocks.push(fcfg.blocks[pred]);
        }
        LLVMAddIncoming(
            p.phi,
            p.incoming.as_mut_ptr(),
            blocks.as_mut_ptr(),
            preds.len() as u32,
        );
    }
    debug_assert!(phis
        .iter()
        .all(|p| ir::opcode(p.phi) == Some(LLVMOpcode::LLVMPHI)));
    Ok(())
}
