//! The rewrite's steps on `getelementptr` instructions: GEPs of constants
//! become constant expressions (step 1d), and on LLVM 22 the GEPs that
//! stay get the `nuw` their indices' ranges prove (step 1e).

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::LLVMTargetDataRef;
use llvm_sys::LLVMTypeKind;

use super::{operand_range, replaced_by_constant};
use crate::ir;
use crate::transforms::sccp::flags;
use crate::transforms::sccp::program::{InstId, Op};
use crate::transforms::sccp::read::ReadFunction;
use crate::transforms::sccp::solver::Solution;

/// Step 1d: a `getelementptr` instruction of an executable block whose
/// operands are all constants now (step 1 replaced the indices the solver
/// proved) becomes the same GEP as a constant expression, as LLVM's `sccp`
/// folds it. Returns those it folded, in increasing order. Only scalar
/// GEPs with integer indices over a sized, fixed-size type. On LLVM 19
/// `nusw`/`nuw` beyond `inbounds` are not kept (its C API builds constant
/// GEPs with `inbounds` or none), which only drops a source of poison; on
/// LLVM 22 every flag is, and `nuw` added as its constant folder does
/// (`ir::version::constant_gep_like`).
pub(super) unsafe fn fold_constant_geps(
    read: &ReadFunction,
    solution: &Solution,
    data_layout: LLVMTargetDataRef,
) -> Vec<InstId> {
    let mut folded = Vec::new();
    // A GEP whose base is another GEP folds once that one has: passes
    // until nothing folds (each pass folds at least one, or stops).
    let mut pending: Vec<InstId> = read
        .gep_candidates
        .iter()
        .copied()
        .filter(|&i| {
            solution.executable_blocks[read.program.insts[i].block]
                && matches!(read.program.insts[i].op, Op::Gep { .. } | Op::Opaque)
                && !replaced_by_constant(solution, i)
        })
        .collect();
    loop {
        let before = pending.len();
        pending.retain(|&i| {
            let done = fold_constant_gep(read.llvm_insts[i], data_layout);
            if done {
                folded.push(i);
            }
            !done
        });
        if pending.len() == before {
            folded.sort_unstable();
            return folded;
        }
    }
}

/// Step 1e (LLVM 22): a `getelementptr` instruction of an executable
/// block that stays, has `nusw` and not `nuw` (`Op::Gep::nuw_indices`),
/// and whose indices cannot be negative gets `nuw` (`flags::gep_nuw`).
/// `folded` (increasing) are the GEPs step 1d erased. Returns how many
/// got it.
pub(super) unsafe fn add_gep_nuw(
    read: &ReadFunction,
    solution: &Solution,
    folded: &[InstId],
) -> usize {
    let mut count = 0;
    for (i, inst) in read.instructions() {
        let Op::Gep {
            nuw_indices: Some(indices),
            ..
        } = &inst.op
        else {
            continue;
        };
        if !solution.executable_blocks[inst.block]
            || replaced_by_constant(solution, i)
            || folded.binary_search(&i).is_ok()
        {
            continue;
        }
        let ranges = indices
            .iter()
            .map(|(index, width)| operand_range(solution, index, *width));
        if flags::gep_nuw(ranges) {
            ir::version::set_gep_nuw(read.llvm_insts[i]);
            count += 1;
        }
    }
    count
}

/// Replaces `gep` by the same GEP as a constant expression if its operands
/// are all constants (see `fold_constant_geps`); returns whether it did.
unsafe fn fold_constant_gep(gep: LLVMValueRef, data_layout: LLVMTargetDataRef) -> bool {
    if LLVMGetTypeKind(LLVMTypeOf(gep)) != LLVMTypeKind::LLVMPointerTypeKind {
        return false;
    }
    let base = LLVMGetOperand(gep, 0);
    let mut indices: Vec<LLVMValueRef> = (1..LLVMGetNumOperands(gep) as u32)
        .map(|k| LLVMGetOperand(gep, k))
        .collect();
    let source = LLVMGetGEPSourceElementType(gep);
    let fixed_size =
        ir::type_size::alloc_size_bits(data_layout, source).is_some_and(|size| !size.scalable);
    // An undef or poison base is left to the solver's rules for them.
    if LLVMIsConstant(base) == 0
        || LLVMIsUndef(base) != 0
        || LLVMIsPoison(base) != 0
        || !fixed_size
        || indices.iter().any(|&v| LLVMIsAConstantInt(v).is_null())
    {
        return false;
    }
    let constant = ir::version::constant_gep_like(gep, source, base, &mut indices);
    ir::delete::replace_and_erase(gep, constant);
    true
}
