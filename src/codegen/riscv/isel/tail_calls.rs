//! Guaranteed tail calls: a `musttail call` and the `ret` after it.
//!
//! LLVM's LangRef ("call" instruction, `musttail`): the call is followed by
//! a `ret` of its result (or of nothing), caller and callee prototypes
//! match (the verifier checks parameter and return types and the
//! ABI-affecting attributes), and the callee accesses none of the caller's
//! allocas. It is lowered as LLVM's RISC-V back end lowers a tail call
//! (`RISCVISelLowering.cpp`: `LowerCall` with `IsTailCall` copies the
//! arguments to their registers and ends in `RISCVISD::TAIL`, the
//! `PseudoTAIL` before which `RISCVFrameLowering::emitEpilogue` restores
//! the saved registers and pops the frame): as `Inst::TailCall`, a
//! terminator that emission expands to the argument moves, the epilogue
//! and `tail sym` (direct) or `jr t4` (indirect). The `ret` after it
//! produces no code: the callee returns to this function's caller.
//!
//! Two cases LLVM 19's `isEligibleForTailCallOptimization` turns down (a
//! `musttail` call there is then a fatal error) are lowered here:
//! * stack-passed arguments go into this function's own incoming argument
//!   area, which the identical prototype makes exactly large enough (a
//!   call that would need more is refused all the same);
//! * `sret`: under the psABI the result pointer is an ordinary first
//!   argument that no register has to hold on return, so handing the
//!   caller's own pointer on is all a tail call needs.
//!
//! Refused, naming the function and the instruction: a `musttail` call in
//! a variadic function (it forwards `...`, whose register save area this
//! frame owns), and `byval`/`inalloca`/`preallocated` arguments (memory in
//! a frame the tail call pops; clang never passes them on RISC-V).

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::super::mir::*;
use super::{Lowerer, Result};
use crate::ir;

/// Argument attributes that put an argument in the caller's memory.
const FRAME_MEMORY_ATTRIBUTES: [&str; 3] = ["byval", "inalloca", "preallocated"];

impl Lowerer {
    /// Lowers `inst`, a `musttail` call of `callee`, to `Inst::TailCall`.
    pub(super) unsafe fn musttail_call(
        &mut self,
        inst: LLVMValueRef,
        callee: LLVMValueRef,
    ) -> Result<()> {
        let func = self.func;
        let refuse = |what: &str| {
            format!(
                "{}: unsupported musttail call {what}: {}",
                ir::function_label(func),
                ir::render(inst)
            )
        };
        if LLVMIsFunctionVarArg(LLVMGlobalGetValueType(self.func)) != 0 {
            return Err(refuse("in a variadic function"));
        }
        for k in 0..LLVMGetNumArgOperands(inst) {
            for attr in FRAME_MEMORY_ATTRIBUTES {
                let kind = crate::ir::attributes::kind(attr);
                if !LLVMGetCallSiteEnumAttribute(inst, k + 1, kind).is_null() {
                    return Err(refuse(&format!("with a {attr} argument")));
                }
            }
        }
        let (args, stack_bytes) = self.call_args(inst)?;
        if stack_bytes > self.incoming_stack_bytes {
            return Err(refuse(
                "with more stack-passed arguments than the function receives",
            ));
        }
        let rty = LLVMGetReturnType(LLVMGetCalledFunctionType(inst));
        let rtys = self.return_tys(inst, rty)?;
        Self::return_locs(&rtys).ok_or_else(|| self.unsupported(inst))?;
        let callee = self.callee_operand(inst, callee)?;
        self.push(Inst::TailCall { callee, args });
        Ok(())
    }

    /// Whether the block being lowered already ended in a tail call: what
    /// follows it (the `ret` of its result, and the no-op `bitcast` the
    /// LangRef allows between them) produces no code.
    pub(super) fn after_tail_call(&self) -> bool {
        matches!(self.out.last(), Some(Inst::TailCall { .. }))
    }
}
