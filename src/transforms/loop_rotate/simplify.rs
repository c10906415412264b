//! Simplifying an instruction of the header as it is copied into the
//! preheader, on its remapped operands (LLVM's `rotateLoop` calls
//! `simplifyInstruction` on each clone: "the entry from PHI nodes allows
//! icmps and other instructions to fold"). The seed's `%sq = mul %i, %i`
//! reads `%i` as `0` in the preheader and folds to `0`.
//!
//! Rules (a subset of LLVM's InstSimplify, integers of at most 64 bits):
//! * constant folding of binary operators, `icmp`, `zext`/`sext`/`trunc`
//!   and `freeze` through `sccp::fold` (LLVM 19's exact semantics; a fold
//!   that would be poison or UB is left alone);
//! * identities with one constant operand: `x+0`, `x-0`, `x*1`, `x/1`,
//!   `x|0`, `x^0`, `x&-1`, shifts by 0 give `x`; `x*0`, `x&0`, `x%1`,
//!   `0<<x`, `0>>x` give `0`; `x|-1` gives `-1`;
//! * identities of equal operands: `x-x`, `x^x` give `0`, `x&x`, `x|x` give
//!   `x`, `icmp x, x` is decided by its predicate;
//! * `select` with a constant condition or equal arms.
//!
//! Every rule returns a value that already exists (a constant or an
//! operand), so no instruction is made or deleted here: the caller copies
//! the instruction only when nothing applies.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::transforms::sccp::fold::{self, BinOp, CastOp, IntPredicate, PoisonFlags};
use crate::transforms::sccp::lattice::Konst;
use crate::transforms::sccp::read::{bin_op, binary_flags, int_cast, int_width, predicate};

/// The value `inst` computes when its operands are `ops`, if a rule above
/// gives one.
///
/// # Safety
/// `inst` is a live instruction and `ops` live values of its operands' types.
pub unsafe fn simplify(inst: LLVMValueRef, ops: &[LLVMValueRef]) -> Option<LLVMValueRef> {
    let ty = LLVMTypeOf(inst);
    let opcode = LLVMGetInstructionOpcode(inst);
    if let Some(op) = bin_op(opcode) {
        let width = int_width(ty)?;
        return binary(op, binary_flags(inst, op), ty, width, ops[0], ops[1]);
    }
    match opcode {
        LLVMOpcode::LLVMICmp => icmp(predicate(LLVMGetICmpPredicate(inst)), ty, ops[0], ops[1]),
        LLVMOpcode::LLVMSelect => {
            if ops[1] == ops[2] {
                return Some(ops[1]);
            }
            let c = konst(ops[0])?;
            Some(if c.is_zero() { ops[2] } else { ops[1] })
        }
        LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMTrunc => {
            let width = int_width(ty)?;
            let a = konst(ops[0])?;
            let (cast, mut flags) = int_cast(inst, opcode)?;
            if cast == CastOp::Trunc {
                // `trunc nuw/nsw` violated is poison; the plain result
                // refines it.
                flags = PoisonFlags::default();
            }
            fold::cast(cast, flags, a, width).map(|k| constant(ty, k))
        }
        LLVMOpcode::LLVMFreeze => konst(ops[0]).map(|_| ops[0]),
        _ => None,
    }
}

unsafe fn binary(
    op: BinOp,
    flags: PoisonFlags,
    ty: LLVMTypeRef,
    width: u32,
    a: LLVMValueRef,
    b: LLVMValueRef,
) -> Option<LLVMValueRef> {
    let (ka, kb) = (konst(a), konst(b));
    if let (Some(x), Some(y)) = (ka, kb) {
        return fold::binary(op, flags, x, y).map(|k| constant(ty, k));
    }
    let zero = || constant(ty, Konst::new(width, 0));
    let is = |k: Option<Konst>, v: i64| k.is_some_and(|k| k == Konst::new(width, v as u64));
    match op {
        BinOp::Add if is(kb, 0) => Some(a),
        BinOp::Add if is(ka, 0) => Some(b),
        BinOp::Sub if is(kb, 0) => Some(a),
        BinOp::Sub | BinOp::Xor if a == b => Some(zero()),
        BinOp::Mul if is(kb, 1) => Some(a),
        BinOp::Mul if is(ka, 1) => Some(b),
        BinOp::Mul | BinOp::And if is(ka, 0) || is(kb, 0) => Some(zero()),
        BinOp::And if is(kb, -1) || a == b => Some(a),
        BinOp::And if is(ka, -1) => Some(b),
        BinOp::Or if is(kb, -1) => Some(b),
        BinOp::Or if is(ka, -1) => Some(a),
        BinOp::Or if is(kb, 0) || a == b => Some(a),
        BinOp::Or if is(ka, 0) => Some(b),
        BinOp::Xor if is(kb, 0) => Some(a),
        BinOp::Xor if is(ka, 0) => Some(b),
        BinOp::Shl | BinOp::LShr | BinOp::AShr if is(kb, 0) => Some(a),
        BinOp::Shl | BinOp::LShr | BinOp::AShr if is(ka, 0) => Some(a),
        BinOp::UDiv | BinOp::SDiv if is(kb, 1) => Some(a),
        BinOp::URem | BinOp::SRem if is(kb, 1) => Some(zero()),
        _ => None,
    }
}

unsafe fn icmp(
    pred: IntPredicate,
    ty: LLVMTypeRef,
    a: LLVMValueRef,
    b: LLVMValueRef,
) -> Option<LLVMValueRef> {
    // A vector compare has a vector type: only scalar i1 results here.
    if int_width(ty) != Some(1) {
        return None;
    }
    if a == b {
        use IntPredicate::*;
        let holds = matches!(pred, Eq | Uge | Ule | Sge | Sle);
        return Some(constant(ty, Konst::bool(holds)));
    }
    let (x, y) = (konst(a)?, konst(b)?);
    Some(constant(ty, fold::icmp(pred, x, y)))
}

/// An integer constant of at most 64 bits.
unsafe fn konst(v: LLVMValueRef) -> Option<Konst> {
    if LLVMIsAConstantInt(v).is_null() {
        return None;
    }
    let width = int_width(LLVMTypeOf(v))?;
    Some(Konst::new(width, LLVMConstIntGetZExtValue(v)))
}

unsafe fn constant(ty: LLVMTypeRef, k: Konst) -> LLVMValueRef {
    LLVMConstInt(ty, k.zext(), 0)
}
