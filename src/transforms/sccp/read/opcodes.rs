//! LLVM's opcodes, integer predicates and poison flags as the solver's
//! enums (`fold::BinOp`, `CastOp`, `IntPredicate`, `PoisonFlags`): the
//! one place they are mapped, shared with `loop_rotate::simplify`.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};

use super::super::fold::{BinOp, CastOp, IntPredicate, PoisonFlags};

/// The cast and its poison flags of a `zext`, `sext` or `trunc`.
///
/// # Safety
/// `inst` is a live instruction with opcode `opcode`.
pub(crate) unsafe fn int_cast(
    inst: LLVMValueRef,
    opcode: LLVMOpcode,
) -> Option<(CastOp, PoisonFlags)> {
    Some(match opcode {
        LLVMOpcode::LLVMZExt => (
            CastOp::ZExt,
            PoisonFlags {
                nneg: LLVMGetNNeg(inst) != 0,
                ..PoisonFlags::default()
            },
        ),
        LLVMOpcode::LLVMSExt => (CastOp::SExt, PoisonFlags::default()),
        LLVMOpcode::LLVMTrunc => (
            CastOp::Trunc,
            // LLVM 19's `Instruction::hasNoUnsignedWrap` (behind
            // LLVMGetNUW) also answers for `trunc`.
            PoisonFlags {
                nuw: LLVMGetNUW(inst) != 0,
                nsw: LLVMGetNSW(inst) != 0,
                ..PoisonFlags::default()
            },
        ),
        _ => return None,
    })
}

pub(crate) fn bin_op(opcode: LLVMOpcode) -> Option<BinOp> {
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
pub(crate) unsafe fn binary_flags(inst: LLVMValueRef, op: BinOp) -> PoisonFlags {
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

pub(crate) fn predicate(p: LLVMIntPredicate) -> IntPredicate {
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
