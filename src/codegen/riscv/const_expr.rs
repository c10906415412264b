//! Constant expressions as link-time values: `symbol - symbol + offset`.
//!
//! What an ELF relocation (or a pair of them, `R_RISCV_ADD*`/`SUB*` for a
//! difference) can express, which is also what GNU `as` accepts in `.quad`,
//! `.word`, `.half` and `.byte`: at most one symbol added and one
//! subtracted, plus a constant. `eval` folds LLVM constant expressions
//! into that form: `getelementptr` (byte offsets from the data layout),
//! `bitcast`, `addrspacecast`, `ptrtoint`, `inttoptr` (pointers are 64-bit,
//! so the value is unchanged unless the integer is narrower: truncated),
//! `add`, `sub`, `trunc` (symbolic values: the relocation of the narrower
//! field truncates), `zext`/`sext` of symbol-free values, and
//! `blockaddress` (a local label, see `block_address_label`). Anything else
//! (a product of an address, a comparison of addresses) is no relocation:
//! `None`, and the caller refuses it. Thread-local globals are not
//! link-time addresses (their address depends on the thread) and are
//! refused here too; code reaches them through `isel`'s TLS sequences.
//! The model is LLVM's `ConstantFolding` + `AsmPrinter::lowerConstant`
//! (`MCBinaryExpr` of symbol references).

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use super::isel::gep_const_offset;
use crate::ir;

/// `plus - minus + off`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reloc {
    pub plus: Option<String>,
    pub minus: Option<String>,
    pub off: i64,
}

impl Reloc {
    fn constant(off: i64) -> Self {
        Reloc {
            off,
            ..Default::default()
        }
    }

    pub fn is_constant(&self) -> bool {
        self.plus.is_none() && self.minus.is_none()
    }

    /// `self + k * other` for k = ±1, if the result has at most one symbol
    /// on each side (equal symbols on both sides cancel).
    fn combine(self, other: Reloc, negate: bool) -> Option<Reloc> {
        let (op, om) = if negate {
            (other.minus, other.plus)
        } else {
            (other.plus, other.minus)
        };
        let off = if negate {
            self.off.wrapping_sub(other.off)
        } else {
            self.off.wrapping_add(other.off)
        };
        let mut plus: Vec<String> = self.plus.into_iter().chain(op).collect();
        let mut minus: Vec<String> = self.minus.into_iter().chain(om).collect();
        for k in (0..plus.len()).rev() {
            if let Some(j) = minus.iter().position(|m| *m == plus[k]) {
                minus.remove(j);
                plus.remove(k);
            }
        }
        if plus.len() > 1 || minus.len() > 1 {
            return None;
        }
        Some(Reloc {
            plus: plus.pop(),
            minus: minus.pop(),
            off,
        })
    }

    /// The assembler expression (`sym-other+12`).
    pub fn render(&self) -> String {
        let mut s = String::new();
        if let Some(p) = &self.plus {
            s.push_str(&super::emit::sym(p));
        }
        if let Some(m) = &self.minus {
            s.push('-');
            s.push_str(&super::emit::sym(m));
        }
        if s.is_empty() {
            return self.off.to_string();
        }
        if self.off != 0 {
            s.push_str(&format!("{:+}", self.off));
        }
        s
    }
}

/// The label `blockaddress(f, bb)` names: `.LBA<k>_<i>` for the `k`-th
/// defined function of the module (the numbering of `compile_module`'s
/// block labels) and its `i`-th block.
///
/// # Safety
/// `f` is a live function and `bb` one of its blocks.
pub unsafe fn block_address_label(f: LLVMValueRef, bb: LLVMBasicBlockRef) -> Option<String> {
    let mut k = 0;
    let mut g = LLVMGetFirstFunction(LLVMGetGlobalParent(f));
    while !g.is_null() && g != f {
        if LLVMCountBasicBlocks(g) > 0 {
            k += 1;
        }
        g = LLVMGetNextFunction(g);
    }
    let mut i = 0;
    let mut b = LLVMGetFirstBasicBlock(f);
    while !b.is_null() {
        if b == bb {
            return Some(format!(".LBA{k}_{i}"));
        }
        i += 1;
        b = LLVMGetNextBasicBlock(b);
    }
    None
}

fn truncate(v: i64, bits: u32) -> i64 {
    if bits >= 64 {
        v
    } else {
        (v << (64 - bits)) >> (64 - bits)
    }
}

unsafe fn int_bits(t: LLVMTypeRef) -> u32 {
    match LLVMGetTypeKind(t) {
        LLVMTypeKind::LLVMIntegerTypeKind => LLVMGetIntTypeWidth(t),
        _ => 64,
    }
}

/// Folds the integer or pointer constant `c` to `plus - minus + off`
/// (offsets sign-extended from the constant's width).
///
/// # Safety
/// `c` is a live constant of the module whose layout is `td`.
pub unsafe fn eval(td: LLVMTargetDataRef, c: LLVMValueRef) -> Option<Reloc> {
    let ty = LLVMTypeOf(c);
    if !matches!(
        LLVMGetTypeKind(ty),
        LLVMTypeKind::LLVMIntegerTypeKind | LLVMTypeKind::LLVMPointerTypeKind
    ) || int_bits(ty) > 64
    {
        return None;
    }
    if !LLVMIsAConstantInt(c).is_null() {
        return Some(Reloc::constant(LLVMConstIntGetSExtValue(c)));
    }
    if LLVMIsNull(c) != 0 || LLVMIsUndef(c) != 0 || LLVMIsPoison(c) != 0 {
        return Some(Reloc::constant(0));
    }
    if !LLVMIsAGlobalValue(c).is_null() {
        if !LLVMIsAGlobalVariable(c).is_null() && LLVMIsThreadLocal(c) != 0 {
            return None;
        }
        return Some(Reloc {
            plus: Some(ir::name(c)),
            ..Default::default()
        });
    }
    if !LLVMIsABlockAddress(c).is_null() {
        let label = block_address_label(
            LLVMGetBlockAddressFunction(c),
            LLVMGetBlockAddressBasicBlock(c),
        )?;
        return Some(Reloc {
            plus: Some(label),
            ..Default::default()
        });
    }
    if LLVMIsAConstantExpr(c).is_null() {
        return None;
    }
    let op = |k| LLVMGetOperand(c, k);
    let bits = int_bits(ty);
    match LLVMGetConstOpcode(c) {
        LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => eval(td, op(0)),
        LLVMOpcode::LLVMPtrToInt | LLVMOpcode::LLVMIntToPtr | LLVMOpcode::LLVMTrunc => {
            let mut r = eval(td, op(0))?;
            if bits < int_bits(LLVMTypeOf(op(0))) {
                r.off = truncate(r.off, bits);
            } else if LLVMGetConstOpcode(c) == LLVMOpcode::LLVMIntToPtr {
                // a narrower integer widens to a pointer by zero extension
                let from = int_bits(LLVMTypeOf(op(0)));
                if from < 64 {
                    if !r.is_constant() {
                        return None;
                    }
                    r.off &= ((1u64 << from) - 1) as i64;
                }
            }
            Some(r)
        }
        LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt => {
            let r = eval(td, op(0))?;
            if !r.is_constant() {
                return None;
            }
            let from = int_bits(LLVMTypeOf(op(0)));
            let v = if LLVMGetConstOpcode(c) == LLVMOpcode::LLVMZExt && from < 64 {
                r.off & ((1u64 << from) - 1) as i64
            } else {
                r.off
            };
            Some(Reloc::constant(v))
        }
        LLVMOpcode::LLVMGetElementPtr => {
            let base = eval(td, op(0))?;
            let off = gep_const_offset(td, c)?;
            base.combine(Reloc::constant(off), false)
        }
        o @ (LLVMOpcode::LLVMAdd | LLVMOpcode::LLVMSub) => {
            let (a, b) = (eval(td, op(0))?, eval(td, op(1))?);
            let mut r = a.combine(b, o == LLVMOpcode::LLVMSub)?;
            r.off = truncate(r.off, bits);
            Some(r)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sym(s: &str) -> Reloc {
        Reloc {
            plus: Some(s.into()),
            ..Default::default()
        }
    }

    #[test]
    fn differences_cancel_and_render() {
        let d = sym("a").combine(sym("b"), true).unwrap();
        assert_eq!(d.render(), "a-b");
        let z = d.clone().combine(sym("b"), false).unwrap();
        assert_eq!(z.plus.as_deref(), Some("a"));
        let zero = sym("a").combine(sym("a"), true).unwrap();
        assert!(zero.is_constant());
        assert_eq!(zero.render(), "0");
        let off = sym("x").combine(Reloc::constant(-8), false).unwrap();
        assert_eq!(off.render(), "x-8");
    }

    #[test]
    fn two_symbols_on_one_side_are_no_relocation() {
        assert!(sym("a").combine(sym("b"), false).is_none());
        let d = sym("a").combine(sym("b"), true).unwrap();
        assert!(d.combine(sym("c"), true).is_none());
    }

    #[test]
    fn truncation_sign_extends_from_the_width() {
        assert_eq!(truncate(0x1_0000_00ff, 8), -1);
        assert_eq!(truncate(0x7f, 8), 0x7f);
        assert_eq!(truncate(-5, 64), -5);
    }
}
