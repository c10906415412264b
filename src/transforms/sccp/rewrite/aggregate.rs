//! Step 1a (right after step 1): `insertvalue` instructions of executable blocks whose fields
//! (`read::aggregate::field_value`) are all constants once step 1 has put
//! the solved constants in the IR become a constant struct, as LLVM's
//! `getConstantOrNull` builds it: each field its constant, `undef` for an
//! undef or poison one (also what step 1 put for a phi or `select` that
//! only saw undef).

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use crate::ir;
use crate::transforms::sccp::read::aggregate::field_value;
use crate::transforms::sccp::read::ReadFunction;
use crate::transforms::sccp::solver::Solution;

/// Replaces each such `insertvalue` by its constant and erases it, in
/// instruction order (a chain's first `insertvalue` before the ones built
/// on it). Returns how many. They are `Op::Opaque`, so no other step reads
/// them.
///
/// # Safety
/// `read` and `solution` are `rewrite::apply`'s, after step 1.
pub(super) unsafe fn fold_aggregates(read: &ReadFunction, solution: &Solution) -> usize {
    let mut count = 0;
    for &id in &read.aggregates {
        if !solution.executable_blocks[read.program.insts[id].block] {
            continue;
        }
        let inst = read.llvm_insts[id];
        if let Some(mut fields) = constant_fields(inst) {
            let constant =
                LLVMConstNamedStruct(LLVMTypeOf(inst), fields.as_mut_ptr(), fields.len() as u32);
            ir::delete::replace_and_erase(inst, constant);
            count += 1;
        }
    }
    count
}

/// The constant of each field of `inst`, if all are constants.
unsafe fn constant_fields(inst: LLVMValueRef) -> Option<Vec<LLVMValueRef>> {
    let ty = LLVMTypeOf(inst);
    (0..LLVMCountStructElementTypes(ty))
        .map(|i| {
            let value = field_value(inst, i)?;
            if LLVMIsUndef(value) != 0 || LLVMIsPoison(value) != 0 {
                Some(LLVMGetUndef(LLVMStructGetTypeAtIndex(ty, i)))
            } else {
                (LLVMIsConstant(value) != 0).then_some(value)
            }
        })
        .collect()
}
