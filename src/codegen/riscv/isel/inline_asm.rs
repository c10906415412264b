//! GNU inline assembly in the forms C libraries use on RISC-V: register
//! operands `r` (and `f`), memory `m` / `A` (an address register printed
//! `0(reg)` / `(reg)`), immediates `i`/`n`, outputs `=r` and early-clobber
//! `=&r`, read-write `+r` (clang splits it into an output and a matching
//! input `0`), matching-operand digits, and `memory` and caller-saved
//! register clobbers.
//!
//! Semantics: GCC's "Extended Asm" and LLVM's LangRef "Inline Assembler
//! Expressions" (constraint codes, `$N`/`${N}`/`${N:z}` operand
//! references, `$$`). The template is emitted with operands substituted,
//! as LLVM's `AsmPrinter::PrintInlineAsm` does. Lowering: one `Inst::Seq`
//! whose uses are the input registers and whose defs are the outputs, all
//! early clobbers (stricter than GCC asks, always correct); a matching
//! input is copied into its output register before the template. With a
//! register clobber the sequence counts as a call (every caller-saved
//! register is clobbered; values live across it are in callee-saved
//! registers) and its inputs are kept live past it, so none sits in a
//! register the template overwrites. Anything else — other constraint
//! letters, `{reg}` operands, callee-saved or special clobbers,
//! `asm goto` — is refused naming the function and the constraint.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;

use super::super::atomic_seq::{AsmOp, Seq};
use super::super::mir::*;
use super::{scalar_ty, Lowerer, Result};
use crate::ir;

/// Whether `r` (as clang spells a clobber) names a caller-saved register.
fn caller_saved_clobber(r: &str) -> bool {
    const INT: &[&str] = &[
        "ra", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "a0", "a1", "a2", "a3", "a4", "a5", "a6",
        "a7", "x1", "x5", "x6", "x7", "x10", "x11", "x12", "x13", "x14", "x15", "x16", "x17",
        "x28", "x29", "x30", "x31",
    ];
    let num = |p: &str| r.strip_prefix(p).and_then(|n| n.parse::<u32>().ok());
    INT.contains(&r)
        || num("ft").is_some_and(|n| n <= 11)
        || num("fa").is_some_and(|n| n <= 7)
        || num("f").is_some_and(|n| n <= 7 || (10..=17).contains(&n) || n >= 28)
}

impl Lowerer {
    fn asm_refusal(&self, what: &str) -> String {
        // SAFETY: the function is live.
        unsafe {
            format!(
                "{}: unsupported inline asm constraint: {what}",
                ir::function_label(self.func)
            )
        }
    }

    pub(super) unsafe fn inline_asm(&mut self, inst: LLVMValueRef) -> Result<()> {
        let asm = LLVMGetCalledValue(inst);
        let mut len = 0;
        let p = LLVMGetInlineAsmAsmString(asm, &mut len);
        let template =
            String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned();
        let p = LLVMGetInlineAsmConstraintString(asm, &mut len);
        let constraints =
            String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned();
        let mut ops: Vec<AsmOp> = Vec::new();
        let mut defs: Vec<VReg> = Vec::new();
        let mut uses: Vec<VReg> = Vec::new();
        let mut ties: Vec<(usize, usize)> = Vec::new();
        let mut clobbers_regs = false;
        let mut arg = 0u32;
        let rty = LLVMTypeOf(inst);
        let out_tys: Vec<LLVMTypeRef> = match LLVMGetTypeKind(rty) {
            LLVMTypeKind::LLVMVoidTypeKind => vec![],
            LLVMTypeKind::LLVMStructTypeKind => (0..LLVMCountStructElementTypes(rty))
                .map(|i| LLVMStructGetTypeAtIndex(rty, i))
                .collect(),
            _ => vec![rty],
        };
        // `asm("")` (a compiler barrier) has an empty constraint string.
        for c in constraints.split(',').filter(|c| !c.is_empty()) {
            if let Some(reg) = c.strip_prefix("~{").and_then(|r| r.strip_suffix('}')) {
                match reg {
                    "memory" => {}
                    r if caller_saved_clobber(r) => clobbers_regs = true,
                    _ => return Err(self.asm_refusal(c)),
                }
                continue;
            }
            // `=*m`: an indirect output is the address, an input operand.
            let c = c
                .strip_prefix("=*")
                .map_or(c, |m| if m == "m" { "*m" } else { c });
            if let Some(code) = c.strip_prefix('=') {
                let code = code.strip_prefix('&').unwrap_or(code);
                let ty = *out_tys.get(defs.len()).ok_or_else(|| self.asm_refusal(c))?;
                let class = match (code, scalar_ty(ty)) {
                    ("r", Some(t)) if t.class() == Class::Int => Class::Int,
                    ("f", Some(t)) if t.class() == Class::Float => Class::Float,
                    _ => return Err(self.asm_refusal(c)),
                };
                ops.push(AsmOp::Def(defs.len()));
                defs.push(self.new_vreg(class));
                continue;
            }
            let a = LLVMGetOperand(inst, arg);
            arg += 1;
            let code = c.strip_prefix('*').unwrap_or(c);
            match code {
                "r" | "f" => {
                    let want = if code == "r" {
                        Class::Int
                    } else {
                        Class::Float
                    };
                    if scalar_ty(LLVMTypeOf(a)).map(|t| t.class()) != Some(want) {
                        return Err(self.asm_refusal(c));
                    }
                    ops.push(AsmOp::Use(uses.len()));
                    uses.push(self.val(a, inst)?);
                }
                "m" | "A" => {
                    if LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMTypeKind::LLVMPointerTypeKind {
                        return Err(self.asm_refusal(c));
                    }
                    ops.push(if code == "m" {
                        AsmOp::Mem(uses.len())
                    } else {
                        AsmOp::Addr(uses.len())
                    });
                    uses.push(self.val(a, inst)?);
                }
                "i" | "n" => {
                    let k = self.const_int(a).ok_or_else(|| self.asm_refusal(c))?;
                    ops.push(AsmOp::Imm(k));
                }
                d if d.parse::<usize>().is_ok() => {
                    let j = d.parse::<usize>().unwrap();
                    let Some(&AsmOp::Def(out)) = ops.get(j) else {
                        return Err(self.asm_refusal(c));
                    };
                    ties.push((out, uses.len()));
                    ops.push(AsmOp::Def(out));
                    uses.push(self.val(a, inst)?);
                }
                _ => return Err(self.asm_refusal(c)),
            }
        }
        if arg != LLVMGetNumArgOperands(inst) || defs.len() != out_tys.len() {
            return Err(self.unsupported(inst));
        }
        let seq = Seq::InlineAsm {
            template,
            ops,
            ties,
            clobbers_regs,
        };
        let kept = uses.clone();
        self.push(Inst::Seq {
            seq: Box::new(seq),
            defs: defs.clone(),
            uses,
        });
        if clobbers_regs {
            // Inputs stay live past the asm: never in a clobbered register.
            for u in kept {
                self.push(Inst::Mv { rd: u, rs: u });
            }
        }
        let outs: Vec<VReg> = defs
            .iter()
            .map(|&d| {
                let r = self.new_vreg(self.f.classes[d as usize]);
                self.push(Inst::Mv { rd: r, rs: d });
                r
            })
            .collect();
        let outs: Vec<VReg> = outs
            .into_iter()
            .zip(&out_tys)
            .map(|(r, &t)| match scalar_ty(t) {
                Some(super::Ty::Int(b)) if b < 64 => self.sext_from(r, b),
                _ => r,
            })
            .collect();
        match outs.len() {
            0 => {}
            1 if LLVMGetTypeKind(rty) != LLVMTypeKind::LLVMStructTypeKind => {
                self.def(inst, outs[0])
            }
            _ => self.def_agg(inst, outs),
        }
        Ok(())
    }
}
