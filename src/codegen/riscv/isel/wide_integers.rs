//! Integers wider than 64 bits (`i128`, and the odd widths up to `i256`
//! and beyond that clang gives packed bitfield storage units), split into
//! 64-bit parts, least significant first, the last part as wide as what
//! remains and held canonical like any narrow integer (sign-extended), so
//! the value is the sign-extension of the `iN` to the parts' full width.
//!
//! This is LLVM's type legaliser's integer expansion
//! (`LegalizeIntegerTypes.cpp`, `DAGTypeLegalizer::ExpandIntRes_*`) done on
//! words instead of halves: add/sub with a carry (borrow) chain computed
//! by `sltu` (`ExpandIntRes_ADDSUB` without carry flags), and/or/xor per
//! part, shifts by a constant as word moves plus two-word funnels
//! (`ExpandShiftByConstant`), variable shifts by selecting the words for
//! every possible word distance and funnelling by the bit distance
//! (`ExpandShiftWithUnknownAmountBit`, generalised to n words, branch-free),
//! comparisons from the most significant part down (`IntegerExpandSetCCOperands`),
//! `trunc`/`zext`/`sext` by taking, zero-filling or sign-filling parts, and
//! `mul`/`udiv`/`sdiv`/`urem`/`srem` of up to 128 bits through libgcc's
//! `__multi3`, `__udivti3`, `__divti3`, `__umodti3`, `__modti3` (the
//! `RTLIB` calls, arguments and results as register pairs, as the RISC-V
//! psABI passes 2×XLEN scalars). Loads, stores, phis, calls and returns
//! treat the parts as the leaves of an aggregate (`aggregates`).

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};

use super::super::mir::*;
use super::aggregates::wide_parts;
use super::{scalar_ty, Lowerer, Result, Ty};

/// The width of an integer type wider than 64 bits, else None.
///
/// # Safety
/// `t` is a live type.
pub(super) unsafe fn wide_width(t: LLVMTypeRef) -> Option<u32> {
    (LLVMGetTypeKind(t) == LLVMTypeKind::LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 64)
        .then(|| LLVMGetIntTypeWidth(t))
}

/// Bits of the most significant part of an integer of `bits`.
fn top_bits(bits: u32) -> u32 {
    bits - 64 * (bits.div_ceil(64) - 1)
}

impl Lowerer {
    /// Whether `inst` computes on wide integers (its result or its first
    /// operand is one); such an instruction is lowered here.
    pub(super) unsafe fn is_wide(&self, inst: LLVMValueRef) -> bool {
        let operand_wide = LLVMGetNumOperands(inst) > 0
            && wide_width(LLVMTypeOf(LLVMGetOperand(inst, 0))).is_some();
        wide_width(LLVMTypeOf(inst)).is_some() || operand_wide
    }

    /// Lowers an instruction on wide integers (`is_wide`).
    pub(super) unsafe fn wide(&mut self, inst: LLVMValueRef, opc: LLVMOpcode) -> Result<()> {
        use LLVMOpcode::*;
        match opc {
            LLVMAdd | LLVMSub | LLVMAnd | LLVMOr | LLVMXor | LLVMShl | LLVMLShr | LLVMAShr
            | LLVMMul | LLVMUDiv | LLVMSDiv | LLVMURem | LLVMSRem => self.wide_binop(inst, opc),
            LLVMICmp => self.wide_icmp(inst),
            LLVMTrunc | LLVMZExt | LLVMSExt => self.wide_cast(inst, opc),
            _ => Err(self.unsupported(inst)),
        }
    }

    /// The parts of a wide operand.
    unsafe fn parts(&mut self, v: LLVMValueRef, ctx: LLVMValueRef) -> Result<Vec<VReg>> {
        self.agg_val(v, ctx)
    }

    /// Re-canonicalises the most significant part of a result.
    fn canonical_top(&mut self, mut parts: Vec<VReg>, bits: u32) -> Vec<VReg> {
        let top = parts.len() - 1;
        parts[top] = self.sext_from(parts[top], top_bits(bits));
        parts
    }

    /// The parts zero-extended: the top one zero-extended from its width.
    fn zext_top(&mut self, mut parts: Vec<VReg>, bits: u32) -> Vec<VReg> {
        let top = parts.len() - 1;
        parts[top] = self.zext_from(parts[top], top_bits(bits));
        parts
    }

    unsafe fn wide_binop(&mut self, inst: LLVMValueRef, opc: LLVMOpcode) -> Result<()> {
        use LLVMOpcode::*;
        let bits = wide_width(LLVMTypeOf(inst)).ok_or_else(|| self.unsupported(inst))?;
        let a = self.parts(LLVMGetOperand(inst, 0), inst)?;
        let y = LLVMGetOperand(inst, 1);
        let r = match opc {
            LLVMShl | LLVMLShr | LLVMAShr => {
                let left = opc == LLVMShl;
                let a = if opc == LLVMLShr {
                    self.zext_top(a, bits)
                } else {
                    a
                };
                let fill = if opc == LLVMAShr {
                    Some(self.opi("srai", a[a.len() - 1], 63))
                } else {
                    None
                };
                let r = match self.wide_const_amount(y) {
                    Some(c) if c >= bits as u64 => {
                        // Poison: any value will do.
                        a.clone()
                    }
                    Some(c) => self.shift_by_const(&a, left, fill, c as u32),
                    None => {
                        let s = self.parts(y, inst)?[0];
                        self.shift_by_reg(&a, left, fill, s)
                    }
                };
                if left || opc == LLVMLShr {
                    self.canonical_top(r, bits)
                } else {
                    r
                }
            }
            LLVMMul | LLVMUDiv | LLVMSDiv | LLVMURem | LLVMSRem => {
                if bits > 128 {
                    return Err(self.unsupported(inst));
                }
                let b = self.parts(y, inst)?;
                let signed = matches!(opc, LLVMSDiv | LLVMSRem);
                let (a, b) = if signed || opc == LLVMMul {
                    (a, b)
                } else {
                    (self.zext_top(a, bits), self.zext_top(b, bits))
                };
                let name = match opc {
                    LLVMMul => "__multi3",
                    LLVMUDiv => "__udivti3",
                    LLVMSDiv => "__divti3",
                    LLVMURem => "__umodti3",
                    _ => "__modti3",
                };
                let r = self.libgcc_ti3(name, &a, &b);
                self.canonical_top(r, bits)
            }
            _ => {
                let b = self.parts(y, inst)?;
                match opc {
                    LLVMAnd | LLVMOr | LLVMXor => {
                        let op = match opc {
                            LLVMAnd => "and",
                            LLVMOr => "or",
                            _ => "xor",
                        };
                        a.iter()
                            .zip(&b)
                            .map(|(&x, &y)| self.op(op, Class::Int, x, y))
                            .collect()
                    }
                    LLVMAdd => {
                        let r = self.add_parts(&a, &b);
                        self.canonical_top(r, bits)
                    }
                    _ => {
                        let r = self.sub_parts(&a, &b);
                        self.canonical_top(r, bits)
                    }
                }
            }
        };
        self.def_agg(inst, r);
        Ok(())
    }

    /// A constant shift amount (its low 64 bits, when the rest is zero).
    unsafe fn wide_const_amount(&self, y: LLVMValueRef) -> Option<u64> {
        if LLVMIsAConstantInt(y).is_null() {
            return None;
        }
        let words = super::aggregates::constant_words(y)?;
        words[1..].iter().all(|&w| w == 0).then_some(words[0])
    }

    /// `a + b` with the carry rippling up (`sltu` of a sum below an addend).
    fn add_parts(&mut self, a: &[VReg], b: &[VReg]) -> Vec<VReg> {
        let mut out = Vec::new();
        let mut carry: Option<VReg> = None;
        for (k, (&x, &y)) in a.iter().zip(b).enumerate() {
            let t = self.op("add", Class::Int, x, y);
            let last = k + 1 == a.len();
            match carry {
                None => {
                    if !last {
                        carry = Some(self.op("sltu", Class::Int, t, x));
                    }
                    out.push(t);
                }
                Some(c) => {
                    let s = self.op("add", Class::Int, t, c);
                    if !last {
                        let c1 = self.op("sltu", Class::Int, t, x);
                        let c2 = self.op("sltu", Class::Int, s, t);
                        carry = Some(self.op("or", Class::Int, c1, c2));
                    }
                    out.push(s);
                }
            }
        }
        out
    }

    /// `a - b` with the borrow rippling up.
    fn sub_parts(&mut self, a: &[VReg], b: &[VReg]) -> Vec<VReg> {
        let mut out = Vec::new();
        let mut borrow: Option<VReg> = None;
        for (k, (&x, &y)) in a.iter().zip(b).enumerate() {
            let t = self.op("sub", Class::Int, x, y);
            let last = k + 1 == a.len();
            match borrow {
                None => {
                    if !last {
                        borrow = Some(self.op("sltu", Class::Int, x, y));
                    }
                    out.push(t);
                }
                Some(c) => {
                    let d = self.op("sub", Class::Int, t, c);
                    if !last {
                        let b1 = self.op("sltu", Class::Int, x, y);
                        let b2 = self.op("sltu", Class::Int, t, c);
                        borrow = Some(self.op("or", Class::Int, b1, b2));
                    }
                    out.push(d);
                }
            }
        }
        out
    }

    /// Word `k` of `a` extended beyond its parts by `fill` (zero when
    /// None) and below by zero.
    fn word(&mut self, a: &[VReg], k: i64, fill: Option<VReg>) -> VReg {
        if k < 0 {
            self.li(0)
        } else if (k as usize) < a.len() {
            a[k as usize]
        } else {
            fill.unwrap_or_else(|| self.li(0))
        }
    }

    /// Shift by a constant `c` < width: whole words move by `c / 64`, and
    /// each result word is a funnel of two source words by `c % 64`.
    fn shift_by_const(&mut self, a: &[VReg], left: bool, fill: Option<VReg>, c: u32) -> Vec<VReg> {
        let (q, r) = ((c / 64) as i64, (c % 64) as i64);
        (0..a.len() as i64)
            .map(|i| {
                if left {
                    let lo = self.word(a, i - q, fill);
                    if r == 0 {
                        return lo;
                    }
                    let below = self.word(a, i - q - 1, fill);
                    let hi = self.opi("slli", lo, r);
                    let carried = self.opi("srli", below, 64 - r);
                    self.op("or", Class::Int, hi, carried)
                } else {
                    let w = self.word(a, i + q, fill);
                    if r == 0 {
                        return w;
                    }
                    let above = self.word(a, i + q + 1, fill);
                    let lo = self.opi("srli", w, r);
                    let carried = self.opi("slli", above, 64 - r);
                    self.op("or", Class::Int, lo, carried)
                }
            })
            .collect()
    }

    /// Shift by the amount in register `s` (less than the width, else the
    /// result is poison): for every word distance `k`, the words at that
    /// distance, kept where `s / 64 == k`; then the funnel by `s % 64`,
    /// written so that a zero bit distance needs no branch (the carried-in
    /// word is shifted by one, then by `63 - s % 64`).
    fn shift_by_reg(&mut self, a: &[VReg], left: bool, fill: Option<VReg>, s: VReg) -> Vec<VReg> {
        let n = a.len() as i64;
        let q = self.opi("srli", s, 6);
        let r = self.opi("andi", s, 63);
        let inv = self.opi("xori", r, 63);
        let dir = if left { -1 } else { 1 };
        // moved[i] = word(i + dir * q); one more below/above for funnelling.
        let mut moved = Vec::new();
        for i in -1..=n {
            let mut w = self.word(a, i + dir * (n + 1), fill);
            for k in 0..=n {
                let at_k = if k == 0 {
                    self.unary("seqz", Class::Int, q)
                } else {
                    let d = self.opi("addi", q, -k);
                    self.unary("seqz", Class::Int, d)
                };
                let src = self.word(a, i + dir * k, fill);
                w = self.select_value(at_k, src, w, Ty::Int(64));
            }
            moved.push(w);
        }
        // moved[j + 1] is the word that lands on result word j.
        (0..n as usize)
            .map(|j| {
                let w = moved[j + 1];
                if left {
                    let below = moved[j];
                    let hi = self.op("sll", Class::Int, w, r);
                    let b1 = self.opi("srli", below, 1);
                    let carried = self.op("srl", Class::Int, b1, inv);
                    self.op("or", Class::Int, hi, carried)
                } else {
                    let above = moved[j + 2];
                    let lo = self.op("srl", Class::Int, w, r);
                    let a1 = self.opi("slli", above, 1);
                    let carried = self.op("sll", Class::Int, a1, inv);
                    self.op("or", Class::Int, lo, carried)
                }
            })
            .collect()
    }

    /// A libgcc `TImode` routine of two 128-bit operands (parts widened
    /// to two words) returning a 128-bit result in a0/a1.
    fn libgcc_ti3(&mut self, name: &str, a: &[VReg], b: &[VReg]) -> Vec<VReg> {
        let mut args = Vec::new();
        for (k, &v) in a.iter().chain(b).enumerate() {
            args.push((v, ArgLoc::IntReg(k as u8)));
        }
        let lo = self.new_vreg(Class::Int);
        let hi = self.new_vreg(Class::Int);
        self.push(Inst::Call {
            callee: Callee::Direct(name.into()),
            args,
            rets: vec![(lo, ArgLoc::IntReg(0)), (hi, ArgLoc::IntReg(1))],
        });
        vec![lo, hi]
    }

    unsafe fn wide_icmp(&mut self, inst: LLVMValueRef) -> Result<()> {
        use LLVMIntPredicate::*;
        let a = self.parts(LLVMGetOperand(inst, 0), inst)?;
        let b = self.parts(LLVMGetOperand(inst, 1), inst)?;
        let pred = LLVMGetICmpPredicate(inst);
        let r = match pred {
            LLVMIntEQ | LLVMIntNE => {
                let mut any = None;
                for (&x, &y) in a.iter().zip(&b) {
                    let d = self.op("xor", Class::Int, x, y);
                    any = Some(match any {
                        None => d,
                        Some(acc) => self.op("or", Class::Int, acc, d),
                    });
                }
                let op = if pred == LLVMIntEQ { "seqz" } else { "snez" };
                self.unary(op, Class::Int, any.expect("parts"))
            }
            _ => {
                // a < b (or >, ≤, ≥ by swapping and negating), decided by
                // the highest differing part: signed there for signed
                // predicates, unsigned below.
                let (swap, negate) = match pred {
                    LLVMIntSLT | LLVMIntULT => (false, false),
                    LLVMIntSGT | LLVMIntUGT => (true, false),
                    LLVMIntSGE | LLVMIntUGE => (false, true),
                    _ => (true, true), // SLE, ULE
                };
                let signed = matches!(pred, LLVMIntSLT | LLVMIntSGT | LLVMIntSGE | LLVMIntSLE);
                let (a, b) = if swap { (b, a) } else { (a, b) };
                let mut lt = self.op("sltu", Class::Int, a[0], b[0]);
                for k in 1..a.len() {
                    let top = k + 1 == a.len();
                    let op = if top && signed { "slt" } else { "sltu" };
                    let here = self.op(op, Class::Int, a[k], b[k]);
                    let d = self.op("xor", Class::Int, a[k], b[k]);
                    let same = self.unary("seqz", Class::Int, d);
                    let below = self.op("and", Class::Int, same, lt);
                    lt = self.op("or", Class::Int, here, below);
                }
                if negate {
                    self.opi("xori", lt, 1)
                } else {
                    lt
                }
            }
        };
        self.def(inst, r);
        Ok(())
    }

    unsafe fn wide_cast(&mut self, inst: LLVMValueRef, opc: LLVMOpcode) -> Result<()> {
        use LLVMOpcode::*;
        let x = LLVMGetOperand(inst, 0);
        let from = wide_width(LLVMTypeOf(x));
        let to = wide_width(LLVMTypeOf(inst));
        let narrow_bits = |t: LLVMTypeRef| match scalar_ty(t) {
            Some(Ty::Int(b)) => Some(b),
            _ => None,
        };
        match (opc, from, to) {
            // wide → narrow: the low part, canonical at the new width.
            (LLVMTrunc, Some(_), None) => {
                let b = narrow_bits(LLVMTypeOf(inst)).ok_or_else(|| self.unsupported(inst))?;
                let p = self.parts(x, inst)?;
                let r = self.sext_from(p[0], b);
                self.def(inst, r);
            }
            // wide → narrower wide: the low parts.
            (LLVMTrunc, Some(_), Some(t)) => {
                let p = self.parts(x, inst)?;
                let n = t.div_ceil(64) as usize;
                let r = self.canonical_top(p[..n].to_vec(), t);
                self.def_agg(inst, r);
            }
            (LLVMZExt | LLVMSExt, f, Some(t)) => {
                let zext = opc == LLVMZExt;
                let (mut parts, from_bits) = match f {
                    Some(fb) => (self.parts(x, inst)?, fb),
                    None => {
                        let b = narrow_bits(LLVMTypeOf(x)).ok_or_else(|| self.unsupported(inst))?;
                        let v = self.val(x, inst)?;
                        // (i1 is held as 0/1: its sign extension is -x.)
                        let v = if b == 1 && !zext {
                            self.unary("neg", Class::Int, v)
                        } else {
                            v
                        };
                        (vec![v], if b == 1 && !zext { 64 } else { b })
                    }
                };
                if zext {
                    parts = self.zext_top(parts, from_bits);
                }
                let top = parts[parts.len() - 1];
                let fill = if zext {
                    self.li(0)
                } else {
                    self.opi("srai", top, 63)
                };
                let n = wide_parts(t).len();
                parts.resize(n, fill);
                let r = self.canonical_top(parts, t);
                self.def_agg(inst, r);
            }
            _ => return Err(self.unsupported(inst)),
        }
        Ok(())
    }
}
