//! Block terminators as `Terminator`s: `br` (a jump or a branch on a
//! condition), `switch` on an integer of at most 64 bits with constant
//! cases, and any other terminator as its successors only.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::ir;

use super::super::program::{Operand, Terminator};
use super::{int_width, Reader};

impl Reader<'_> {
    /// A block's terminator `term` (null for a block without one: no
    /// successors).
    pub(super) unsafe fn terminator(&self, term: LLVMValueRef) -> Terminator {
        if term.is_null() {
            return Terminator::Other(Vec::new());
        }
        let succ = |k: u32| self.fcfg.block_of(LLVMGetSuccessor(term, k));
        match LLVMGetInstructionOpcode(term) {
            LLVMOpcode::LLVMBr if LLVMIsConditional(term) == 0 => Terminator::Jump(succ(0)),
            LLVMOpcode::LLVMBr => Terminator::Branch {
                cond: self.operand(LLVMGetCondition(term)),
                if_true: succ(0),
                if_false: succ(1),
            },
            LLVMOpcode::LLVMSwitch => self.switch(term),
            _ => Terminator::Other((0..LLVMGetNumSuccessors(term)).map(succ).collect()),
        }
    }

    /// A switch through `ir::switch`: successor `k + 1` is case `k`'s
    /// destination.
    unsafe fn switch(&self, term: LLVMValueRef) -> Terminator {
        let succ = |k: u32| self.fcfg.block_of(LLVMGetSuccessor(term, k));
        let all = || Terminator::Other((0..LLVMGetNumSuccessors(term)).map(succ).collect());
        let cond = ir::switch::condition(term);
        if int_width(LLVMTypeOf(cond)).is_none() {
            return all();
        }
        let mut cases = Vec::new();
        for k in 0..ir::switch::num_cases(term) {
            match self.operand(ir::switch::case_value(term, k)) {
                Operand::Const(c) => cases.push((c, succ(k + 1))),
                _ => return all(),
            }
        }
        Terminator::Switch {
            cond: self.operand(cond),
            default: succ(0),
            cases,
        }
    }
}
