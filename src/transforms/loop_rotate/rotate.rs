//! The rewrite of one loop into bottom-tested form (LLVM's
//! `LoopRotate::rotateLoop` in `LoopRotationUtils.cpp`, without its
//! block merging and simplification).
//!
//! Before (shape from `shape::classify`):
//! ```text
//!   P:  ...; br H
//!   H:  φ = phi [init, P], [next, T]; I1..Ik; br c, N, E
//!   N .. T (body; T: br H)         E (exit)
//! ```
//! After:
//! ```text
//!   P:     ...; I1'..Ik' (copies, φ read as init); br c', N.lr.ph, E
//!   N.lr.ph: br N                                (the new preheader)
//!   N .. T: br H
//!   H:     I1..Ik; br c, N, E                    (now the loop's bottom)
//! ```
//! Every value `V` defined in `H` now has two definitions: `V` at the end
//! of `H` and its copy `V'` at the end of `P` (for a phi φ: the phi, with
//! only its latch entry left, and `init`). Each use of `V` outside `H` (and
//! each phi operand) is rewired by the `SsaUpdater`, which places the phis
//! at `N` (the new loop header: `[V', N.lr.ph], [V, H]`) and at `E` and
//! beyond (exit phis: `[V, H], [V', P]`). Non-phi uses inside `H` follow
//! their definition in `H`, so they keep it — the case the updater rejects
//! (a use after a definition in its block) never reaches it.
//!
//! Finally `H`'s phis, whose only predecessor is now `T`, are replaced by
//! their single incoming value, which dominates `H` (it is available at the
//! end of `T`, and `T` is `H`'s only predecessor).
//!
//! Preconditions: the shape's conditions, and `legality::check_header`.

use std::collections::HashMap;
use std::ffi::CString;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::legality::is_debug_intrinsic;
use super::shape::Shape;
use crate::ir::{self, FunctionCfg};
use crate::transforms::ssa_updater::llvm::{operand_uses, use_site, LlvmPhis};
use crate::transforms::ssa_updater::{SsaUpdater, UseSite};

/// Rotates the loop; returns the new header (the old header's successor
/// in the loop).
///
/// # Safety
/// `fcfg` is the current CFG of `function`, and `shape` passed the checks.
pub unsafe fn rotate(
    function: LLVMValueRef,
    fcfg: &FunctionCfg,
    shape: &Shape,
) -> Result<LLVMBasicBlockRef, String> {
    let blocks = Blocks {
        header: fcfg.blocks[shape.header],
        preheader: fcfg.blocks[shape.preheader],
        body: fcfg.blocks[shape.body],
        exit: fcfg.blocks[shape.exit],
    };
    let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(function)));
    let result = Rotation { blocks, builder }.run(function);
    LLVMDisposeBuilder(builder);
    result.map(|()| blocks.body)
}

#[derive(Clone, Copy)]
struct Blocks {
    header: LLVMBasicBlockRef,
    preheader: LLVMBasicBlockRef,
    body: LLVMBasicBlockRef,
    exit: LLVMBasicBlockRef,
}

struct Rotation {
    blocks: Blocks,
    builder: LLVMBuilderRef,
}

impl Rotation {
    unsafe fn run(&self, function: LLVMValueRef) -> Result<(), String> {
        let Blocks {
            header,
            preheader,
            body,
            exit,
        } = self.blocks;
        let header_phis: Vec<LLVMValueRef> = phis(header);
        // The value each header value has at the end of the preheader.
        let mut at_preheader: HashMap<LLVMValueRef, LLVMValueRef> = HashMap::new();
        for &phi in &header_phis {
            at_preheader.insert(phi, incoming_from(phi, preheader)?);
        }
        let mut defs = self.copy_header_into_preheader(&mut at_preheader);
        let new_preheader = self.split_entry_edge(body);
        let mapped = |v: LLVMValueRef| at_preheader.get(&v).copied().unwrap_or(v);
        for phi in phis(body) {
            add_incoming(phi, mapped(incoming_from(phi, header)?), new_preheader);
        }
        for phi in phis(exit) {
            add_incoming(phi, mapped(incoming_from(phi, header)?), preheader);
        }
        let mut single_entry = Vec::with_capacity(header_phis.len());
        for phi in header_phis {
            let init = at_preheader[&phi];
            let rebuilt = self.drop_incoming(phi, preheader);
            defs.push((rebuilt, init));
            single_entry.push(rebuilt);
        }
        drop(at_preheader); // its keys are erased phis

        repair_ssa(function, header, preheader, &defs)?;
        for phi in single_entry {
            fold_single_entry_phi(phi);
        }
        Ok(())
    }

    /// Copies the header's non-phi instructions (debug intrinsics aside)
    /// before the preheader's branch, reading header phis as their
    /// preheader values; the copied branch replaces the preheader's.
    /// Returns (original, copy) pairs.
    unsafe fn copy_header_into_preheader(
        &self,
        at_preheader: &mut HashMap<LLVMValueRef, LLVMValueRef>,
    ) -> Vec<(LLVMValueRef, LLVMValueRef)> {
        let Blocks {
            header, preheader, ..
        } = self.blocks;
        let old_branch = LLVMGetBasicBlockTerminator(preheader);
        LLVMPositionBuilderBefore(self.builder, old_branch);
        let mut defs = Vec::new();
        for inst in ir::instructions(header) {
            if LLVMGetInstructionOpcode(inst) == LLVMOpcode::LLVMPHI || is_debug_intrinsic(inst) {
                continue;
            }
            let copy = LLVMInstructionClone(inst);
            for k in 0..LLVMGetNumOperands(copy) as u32 {
                if let Some(&v) = at_preheader.get(&LLVMGetOperand(copy, k)) {
                    LLVMSetOperand(copy, k, v);
                }
            }
            let name = if has_value(inst) {
                ir::name(inst)
            } else {
                String::new()
            };
            let c_name = CString::new(name).unwrap_or_default();
            LLVMInsertIntoBuilderWithName(self.builder, copy, c_name.as_ptr());
            at_preheader.insert(inst, copy);
            if has_value(inst) {
                defs.push((inst, copy));
            }
        }
        LLVMInstructionEraseFromParent(old_branch);
        defs
    }

    /// A new block `<body>.lr.ph` between the preheader's copied branch and
    /// `body`: the rotated loop's dedicated preheader.
    unsafe fn split_entry_edge(&self, body: LLVMBasicBlockRef) -> LLVMBasicBlockRef {
        let preheader = self.blocks.preheader;
        let name = CString::new(format!("{}.lr.ph", ir::name(LLVMBasicBlockAsValue(body))))
            .unwrap_or_default();
        let context = LLVMGetTypeContext(LLVMTypeOf(LLVMBasicBlockAsValue(body)));
        let block = LLVMInsertBasicBlockInContext(context, body, name.as_ptr());
        LLVMPositionBuilderAtEnd(self.builder, block);
        LLVMBuildBr(self.builder, body);
        let branch = LLVMGetBasicBlockTerminator(preheader);
        for k in 0..LLVMGetNumSuccessors(branch) {
            if LLVMGetSuccessor(branch, k) == body {
                LLVMSetSuccessor(branch, k, block);
            }
        }
        block
    }

    /// Replaces `phi` by a phi without the entries from `pred` (the C API
    /// cannot remove an incoming entry in place).
    unsafe fn drop_incoming(&self, phi: LLVMValueRef, pred: LLVMBasicBlockRef) -> LLVMValueRef {
        LLVMPositionBuilderBefore(self.builder, phi);
        let rebuilt = LLVMBuildPhi(self.builder, LLVMTypeOf(phi), c"".as_ptr());
        let (mut values, mut blocks): (Vec<_>, Vec<_>) = (0..LLVMCountIncoming(phi))
            .map(|k| (LLVMGetIncomingValue(phi, k), LLVMGetIncomingBlock(phi, k)))
            .filter(|&(_, b)| b != pred)
            .unzip();
        LLVMAddIncoming(
            rebuilt,
            values.as_mut_ptr(),
            blocks.as_mut_ptr(),
            values.len() as u32,
        );
        let name = ir::name(phi);
        LLVMReplaceAllUsesWith(phi, rebuilt);
        LLVMInstructionEraseFromParent(phi);
        ir::set_name(rebuilt, &name);
        rebuilt
    }
}

/// Rewires every use of every header value outside the header through the
/// SSA updater, with the value available at the end of the header and its
/// copy at the end of the preheader.
unsafe fn repair_ssa(
    function: LLVMValueRef,
    header: LLVMBasicBlockRef,
    preheader: LLVMBasicBlockRef,
    defs: &[(LLVMValueRef, LLVMValueRef)],
) -> Result<(), String> {
    let fcfg = FunctionCfg::read(function);
    let h = fcfg.block_of(header);
    let p = fcfg.block_of(preheader);
    for &(value, copy) in defs {
        let uses = operand_uses(value);
        if uses.is_empty() {
            continue;
        }
        let mut updater = SsaUpdater::new(&fcfg.cfg);
        updater.add_available_value(h, value);
        updater.add_available_value(p, copy);
        let mut phis = LlvmPhis::new(&fcfg, LLVMTypeOf(value), &ir::name(value));
        for u in uses {
            let site = use_site(&fcfg, u);
            if site == (UseSite::Instruction { block: h }) {
                continue; // below its definition in the header: unchanged
            }
            let v = updater
                .rewrite_use(site, &mut phis)
                .map_err(|e| format!("loop rotation: {e}: {}", ir::render(u.user)))?;
            LLVMSetOperand(u.user, u.index, v);
        }
    }
    Ok(())
}

/// A phi whose entries all carry one value (not itself) is that value.
unsafe fn fold_single_entry_phi(phi: LLVMValueRef) {
    let n = LLVMCountIncoming(phi);
    if n == 0 {
        return;
    }
    let first = LLVMGetIncomingValue(phi, 0);
    if first == phi || (1..n).any(|k| LLVMGetIncomingValue(phi, k) != first) {
        return;
    }
    LLVMReplaceAllUsesWith(phi, first);
    LLVMInstructionEraseFromParent(phi);
}

unsafe fn phis(block: LLVMBasicBlockRef) -> Vec<LLVMValueRef> {
    ir::instructions(block)
        .take_while(|&i| LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMPHI)
        .collect()
}

unsafe fn incoming_from(
    phi: LLVMValueRef,
    block: LLVMBasicBlockRef,
) -> Result<LLVMValueRef, String> {
    (0..LLVMCountIncoming(phi))
        .find(|&k| LLVMGetIncomingBlock(phi, k) == block)
        .map(|k| LLVMGetIncomingValue(phi, k))
        .ok_or_else(|| {
            format!(
                "loop rotation: phi without an entry for a predecessor: {}",
                ir::render(phi)
            )
        })
}

unsafe fn add_incoming(phi: LLVMValueRef, value: LLVMValueRef, block: LLVMBasicBlockRef) {
    let mut values = [value];
    let mut blocks = [block];
    LLVMAddIncoming(phi, values.as_mut_ptr(), blocks.as_mut_ptr(), 1);
}

unsafe fn has_value(inst: LLVMValueRef) -> bool {
    LLVMGetTypeKind(LLVMTypeOf(inst)) != llvm_sys::LLVMTypeKind::LLVMVoidTypeKind
}
