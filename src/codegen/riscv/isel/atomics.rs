//! Atomic memory accesses: for now only the check that refuses them
//! (`load atomic`, `store atomic`, `atomicrmw`, `cmpxchg` and `fence`
//! reach `Lowerer::inst`'s refusal).
//!
//! Their lowering belongs here, following the RISC-V ISA manual's
//! memory-model mapping table (A.6, "Mappings from C/C++ primitives to
//! RISC-V primitives"), as LLVM's RISC-V back end does.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::{Lowerer, Result};

impl Lowerer {
    pub(super) unsafe fn check_not_atomic(&self, inst: LLVMValueRef) -> Result<()> {
        if LLVMGetOrdering(inst) as u32
            > llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic as u32
        {
            return Err(self.unsupported(inst));
        }
        Ok(())
    }
}
