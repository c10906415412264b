//! The `PhiFactory` over LLVM: phis of one type in the blocks of a
//! `FunctionCfg`, plus the use-list helper the clients need.
//!
//! Incoming values are exchanged per predecessor edge in `Cfg::preds`
//! order; LLVM phis list them in their own order, so existing phis are
//! read by incoming block (duplicate edges from one block carry one value).

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::{ExistingPhi, PhiFactory, UseSite};
use crate::analysis::cfg::Block;
use crate::ir::{self, FunctionCfg};

/// Makes phis of type `ty` named `name` (LLVM uniquifies the names).
pub struct LlvmPhis<'a> {
    fcfg: &'a FunctionCfg,
    ty: LLVMTypeRef,
    name: String,
    builder: LLVMBuilderRef,
    /// The phis created, in order.
    pub created: Vec<LLVMValueRef>,
}

impl<'a> LlvmPhis<'a> {
    /// # Safety
    /// `fcfg` describes the live function the phis go into.
    pub unsafe fn new(fcfg: &'a FunctionCfg, ty: LLVMTypeRef, name: &str) -> Self {
        LlvmPhis {
            fcfg,
            ty,
            name: name.to_string(),
            builder: LLVMCreateBuilderInContext(LLVMGetTypeContext(ty)),
            created: Vec::new(),
        }
    }
}

impl Drop for LlvmPhis<'_> {
    fn drop(&mut self) {
        // SAFETY: the builder was created in `new` and is disposed once.
        unsafe { LLVMDisposeBuilder(self.builder) }
    }
}

impl PhiFactory for LlvmPhis<'_> {
    type Value = LLVMValueRef;

    fn poison(&mut self) -> LLVMValueRef {
        // SAFETY: `ty` is a live first-class type.
        unsafe { LLVMGetPoison(self.ty) }
    }

    fn existing_phis(&mut self, block: Block) -> Vec<ExistingPhi<LLVMValueRef>> {
        // SAFETY: the blocks of `fcfg` are live.
        unsafe { existing_phis(self.fcfg, block, self.ty) }
    }

    fn create_phi(&mut self, block: Block) -> LLVMValueRef {
        // SAFETY: as above; a phi goes first in its block.
        unsafe {
            let bb = self.fcfg.blocks[block];
            let first = LLVMGetFirstInstruction(bb);
            if first.is_null() {
                LLVMPositionBuilderAtEnd(self.builder, bb);
            } else {
                LLVMPositionBuilderBefore(self.builder, first);
            }
            let phi = LLVMBuildPhi(self.builder, self.ty, c"".as_ptr());
            ir::set_name(phi, &self.name);
            self.created.push(phi);
            phi
        }
    }

    // The values handed in come from this factory and from the live
    // function `new`'s safety contract is about.
    #[allow(clippy::not_unsafe_ptr_arg_deref)]
    fn set_incoming(&mut self, phi: LLVMValueRef, block: Block, incoming: &[LLVMValueRef]) {
        let mut values = incoming.to_vec();
        let mut blocks: Vec<LLVMBasicBlockRef> = self
            .fcfg
            .cfg
            .preds(block)
            .iter()
            .map(|&p| self.fcfg.blocks[p])
            .collect();
        debug_assert_eq!(values.len(), blocks.len());
        // SAFETY: `phi` was made by `create_phi`; values and blocks are live.
        unsafe {
            LLVMAddIncoming(
                phi,
                values.as_mut_ptr(),
                blocks.as_mut_ptr(),
                values.len() as u32,
            )
        }
    }
}

/// The complete phis of type `ty` at the top of `block`, incoming values in
/// `Cfg::preds` order. A phi missing an entry for some predecessor (being
/// built) is left out.
///
/// # Safety
/// The function behind `fcfg` is live and `fcfg` is current.
pub unsafe fn existing_phis(
    fcfg: &FunctionCfg,
    block: Block,
    ty: LLVMTypeRef,
) -> Vec<ExistingPhi<LLVMValueRef>> {
    let mut out = Vec::new();
    for inst in ir::instructions(fcfg.blocks[block]) {
        if LLVMGetInstructionOpcode(inst) != LLVMOpcode::LLVMPHI {
            break;
        }
        if LLVMTypeOf(inst) != ty {
            continue;
        }
        let by_block: HashMap<LLVMBasicBlockRef, LLVMValueRef> = (0..LLVMCountIncoming(inst))
            .map(|k| (LLVMGetIncomingBlock(inst, k), LLVMGetIncomingValue(inst, k)))
            .collect();
        let incoming: Option<Vec<LLVMValueRef>> = fcfg
            .cfg
            .preds(block)
            .iter()
            .map(|&p| by_block.get(&fcfg.blocks[p]).copied())
            .collect();
        if let Some(incoming) = incoming {
            out.push(ExistingPhi {
                phi: inst,
                incoming,
            });
        }
    }
    out
}

/// One use of a value: the user and the operand position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandUse {
    pub user: LLVMValueRef,
    pub index: u32,
}

/// Every use of `value` by an instruction, as (user, operand index),
/// collected so the caller may rewrite them.
///
/// # Safety
/// `value` is live.
pub unsafe fn operand_uses(value: LLVMValueRef) -> Vec<OperandUse> {
    let mut out = Vec::new();
    let mut u = LLVMGetFirstUse(value);
    while !u.is_null() {
        let user = LLVMGetUser(u);
        if ir::is_instruction(user) {
            let n = LLVMGetNumOperands(user) as u32;
            if let Some(index) = (0..n).find(|&k| LLVMGetOperandUse(user, k) == u) {
                out.push(OperandUse { user, index });
            }
        }
        u = LLVMGetNextUse(u);
    }
    out
}

/// Where an instruction operand sits for the updater: a phi operand needs
/// the value at the end of its incoming block.
///
/// # Safety
/// `u.user` is an instruction of the function behind `fcfg`.
pub unsafe fn use_site(fcfg: &FunctionCfg, u: OperandUse) -> UseSite {
    if LLVMGetInstructionOpcode(u.user) == LLVMOpcode::LLVMPHI {
        UseSite::PhiOperand {
            pred: fcfg.block_of(LLVMGetIncomingBlock(u.user, u.index)),
        }
    } else {
        UseSite::Instruction {
            block: fcfg.block_of_inst(u.user),
        }
    }
}
