//! Reading an LLVM function into the solver's `Program` (the edge between
//! the C API and the algorithm).
//!
//! An instruction is described in detail only if every type involved is a
//! scalar integer of at most 64 bits; anything else (vectors, pointers,
//! floats, `i128`) becomes `Op::Opaque`, i.e. overdefined. Operands that are
//! not instructions of this function or `ConstantInt`s of at most 64 bits
//! (arguments, globals, constant expressions, `undef`, `poison`) become
//! `Operand::Unknown`, i.e. overdefined.

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};

use crate::ir::{self, FunctionCfg};

use super::fold::{BinOp, CastOp, IntPredicate, PoisonFlags};
use super::lattice::Konst;
use super::program::{Inst, InstId, Op, Operand, Program, Terminator};

/// The program and the LLVM instruction behind each `InstId`.
pub struct ReadFunction {
    pub program: Program,
    pub llvm_insts: Vec<LLVMValueRef>,
    pub fcfg: FunctionCfg,
}

/// The width of a scalar integer type of at most 64 bits.
///
/// # Safety
/// `ty` is a live type.
pub unsafe fn int_width(ty: LLVMTypeRef) -> Option<u32> {
    if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMIntegerTypeKind {
        return None;
    }
    let w = LLVMGetIntTypeWidth(ty);
    (1..=64).contains(&w).then_some(w)
}

/// # Safety
/// `function` is a defined function of a live module that verifies.
pub unsafe fn read_function(function: LLVMValueRef) -> ReadFunction {
    let fcfg = FunctionCfg::read(function);
    let mut llvm_insts = Vec::new();
    let mut id_of: HashMap<LLVMValueRef, InstId> = HashMap::new();
    let mut blocks_of = Vec::new();
    for (b, &bb) in fcfg.blocks.iter().enumerate() {
        for inst in ir::instructions(bb) {
            if LLVMIsATerminatorInst(inst).is_null() {
                id_of.insert(inst, llvm_insts.len());
                llvm_insts.push(inst);
                blocks_of.push(b);
            }
        }
    }
    let reader = Reader {
        fcfg: &fcfg,
        id_of: &id_of,
    };
    let insts = llvm_insts
        .iter()
        .zip(&blocks_of)
        .map(|(&inst, &block)| Inst {
            block,
            op: reader.op(inst),
        })
        .collect();
    let terminators = fcfg
        .blocks
        .iter()
        .map(|&bb| reader.terminator(LLVMGetBasicBlockTerminator(bb)))
        .collect();
    ReadFunction {
        program: Program { insts, terminators },
        llvm_insts,
        fcfg,
    }
}

struct Reader<'a> {
    fcfg: &'a FunctionCfg,
    id_of: &'a HashMap<LLVMValueRef, InstId>,
}

impl Reader<'_> {
    unsafe fn operand(&self, value: LLVMValueRef) -> Operand {
        if let Some(&id) = self.id_of.get(&value) {
            return Operand::Inst(id);
        }
        if !LLVMIsAConstantInt(value).is_null() {
            if let Some(w) = int_width(LLVMTypeOf(value)) {
                return Operand::Const(Konst::new(w, LLVMConstIntGetZExtValue(value)));
            }
        }
        Operand::Unknown
    }

    unsafe fn op(&self, inst: LLVMValueRef) -> Op {
        self.try_op(inst).unwrap_or(Op::Opaque)
    }

    /// `None` for anything the solver does not evaluate.
    unsafe fn try_op(&self, inst: LLVMValueRef) -> Option<Op> {
        let result_width = int_width(LLVMTypeOf(inst))?;
        let operand = |k: u32| self.operand(LLVMGetOperand(inst, k));
        let opcode = LLVMGetInstructionOpcode(inst);
        if let Some(op) = bin_op(opcode) {
            return Some(Op::Binary {
                op,
                flags: binary_flags(inst, op),
                lhs: operand(0),
                rhs: operand(1),
            });
        }
        Some(match opcode {
            LLVMOpcode::LLVMICmp => {
                int_width(LLVMTypeOf(LLVMGetOperand(inst, 0)))?;
                Op::ICmp {
                    pred: predicate(LLVMGetICmpPredicate(inst)),
                    lhs: operand(0),
                    rhs: operand(1),
                }
            }
            LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMTrunc => {
                int_width(LLVMTypeOf(LLVMGetOperand(inst, 0)))?;
                let (op, flags) = match opcode {
                    LLVMOpcode::LLVMZExt => (
                        CastOp::ZExt,
                        PoisonFlags {
                            nneg: LLVMGetNNeg(inst) != 0,
                            ..PoisonFlags::default()
                        },
                    ),
                    LLVMOpcode::LLVMSExt => (CastOp::SExt, PoisonFlags::default()),
                    _ => (
                        CastOp::Trunc,
                        // LLVM 19's `Instruction::hasNoUnsignedWrap` (behind
                        // LLVMGetNUW) also answers for `trunc`.
                        PoisonFlags {
                            nuw: LLVMGetNUW(inst) != 0,
                            nsw: LLVMGetNSW(inst) != 0,
                            ..PoisonFlags::default()
                        },
                    ),
                };
                Op::Cast {
                    op,
                    flags,
                    value: operand(0),
                    to_width: result_width,
                }
            }
            LLVMOpcode::LLVMSelect => {
                let cond_ty = LLVMTypeOf(LLVMGetOperand(inst, 0));
                if int_width(cond_ty) != Some(1) {
                    return None; // a vector condition
                }
                Op::Select {
                    cond: operand(0),
                    if_true: operand(1),
                    if_false: operand(2),
                }
            }
            LLVMOpcode::LLVMFreeze => Op::Freeze(operand(0)),
            LLVMOpcode::LLVMPHI => {
                let incoming = (0..LLVMCountIncoming(inst))
                    .map(|k| {
                        let block = self.fcfg.block_of(LLVMGetIncomingBlock(inst, k));
                        (self.operand(LLVMGetIncomingValue(inst, k)), block)
                    })
                    .collect();
                Op::Phi(incoming)
            }
            _ => return None,
        })
    }

    unsafe fn terminator(&self, term: LLVMValueRef) -> Terminator {
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

    /// Operands of a switch: condition, default destination, then one
    /// (case value, destination) pair per case; successor `k + 1` is case
    /// `k`'s destination.
    unsafe fn switch(&self, term: LLVMValueRef) -> Terminator {
        let succ = |k: u32| self.fcfg.block_of(LLVMGetSuccessor(term, k));
        let all = || Terminator::Other((0..LLVMGetNumSuccessors(term)).map(succ).collect());
        let cond = LLVMGetOperand(term, 0);
        if int_width(LLVMTypeOf(cond)).is_none() {
            return all();
        }
        let mut cases = Vec::new();
        for k in 1..LLVMGetNumSuccessors(term) {
            match self.operand(LLVMGetOperand(term, 2 * k)) {
                Operand::Const(c) => cases.push((c, succ(k))),
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

fn bin_op(opcode: LLVMOpcode) -> Option<BinOp> {
    use LLVMOpcode::*;
    Some(match opcode {
        LLVMAdd => BinOp::Add,
        LLVMSub => BinOp::Sub,
        LLVMMul => BinOp::Mul,
        LLVMUDiv => BinOp::UDiv,
        LLVMSDiv => BinOp::SDiv,
        LLVMURem => BinOp::URem,
        LLVMSRem => BinOp::SRem,
        LLVMShl => BinOp::Shl,
        LLVMLShr => BinOp::LShr,
        LLVMAShr => BinOp::AShr,
        LLVMAnd => BinOp::And,
        LLVMOr => BinOp::Or,
        LLVMXor => BinOp::Xor,
        _ => return None,
    })
}

/// The poison flags `op` can carry, read with the C API getter that is
/// valid for it (calling a getter on the wrong kind of instruction asserts).
unsafe fn binary_flags(inst: LLVMValueRef, op: BinOp) -> PoisonFlags {
    let mut flags = PoisonFlags::default();
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl => {
            flags.nsw = LLVMGetNSW(inst) != 0;
            flags.nuw = LLVMGetNUW(inst) != 0;
        }
        BinOp::UDiv | BinOp::SDiv | BinOp::LShr | BinOp::AShr => {
            flags.exact = LLVMGetExact(inst) != 0;
        }
        BinOp::Or => flags.disjoint = LLVMGetIsDisjoint(inst) != 0,
        BinOp::URem | BinOp::SRem | BinOp::And | BinOp::Xor => {}
    }
    flags
}

fn predicate(p: LLVMIntPredicate) -> IntPredicate {
    use LLVMIntPredicate::*;
    match p {
        LLVMIntEQ => IntPredicate::Eq,
        LLVMIntNE => IntPredicate::Ne,
        LLVMIntUGT => IntPredicate::Ugt,
        LLVMIntUGE => IntPredicate::Uge,
        LLVMIntULT => IntPredicate::Ult,
        LLVMIntULE => IntPredicate::Ule,
        LLVMIntSGT => IntPredicate::Sgt,
        LLVMIntSGE => IntPredicate::Sge,
        LLVMIntSLT => IntPredicate::Slt,
        LLVMIntSLE => IntPredicate::Sle,
    }
}
