//! Integer intrinsics expanded inline on canonical registers (no Zbb, no
//! library calls): the min/max family, `abs`, the funnel shifts
//! `fshl`/`fshr` (rotations are funnel shifts of a value with itself),
//! `ctlz`/`cttz`/`ctpop`, `bswap`, `bitreverse`, the `*.with.overflow`
//! family and the saturating `*.sat` family, for integers of 1 to 64 bits.
//!
//! The expansions are those of LLVM's `TargetLowering` for a target
//! without the instructions: `expandCTPOP` (the SWAR population count of
//! Hacker's Delight, §5-1, Figure 5-2, with the final multiply),
//! `expandCTLZ` (smear the highest set bit right, count the zeros that
//! remain), `expandCTTZ` (`ctpop((x & -x) - 1)`), `expandBSWAP`/
//! `expandBITREVERSE` (swap ever larger groups with masks, Hacker's
//! Delight §7-1), `expandFunnelShift`, `expandMULO`/`expandADDSUBO` and
//! `expandAddSubSat`. An operation on an `iN` narrower than 64 bits runs on
//! the 64-bit register and re-canonicalises its result (`integers`); where
//! the 64-bit result is exact (sums and products of narrow operands), the
//! overflow bit is "the canonical result differs from the exact one".

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMIntPredicate;

use super::super::mir::*;
use super::{Lowerer, Result, Ty};

/// A byte repeated over a 64-bit word (the SWAR masks).
const fn splat(byte: u8) -> i64 {
    (byte as u64 * 0x0101_0101_0101_0101) as i64
}

impl Lowerer {
    /// Lowers `inst` if `fam` is one of this module's families; false if
    /// it is not one.
    pub(super) unsafe fn int_intrinsic(&mut self, inst: LLVMValueRef, fam: &str) -> Result<bool> {
        const FAMILIES: &[&str] = &[
            "smin",
            "smax",
            "umin",
            "umax",
            "abs",
            "fshl",
            "fshr",
            "ctpop",
            "ctlz",
            "cttz",
            "bswap",
            "bitreverse",
        ];
        let (op, rest) = fam.split_once('.').unwrap_or((fam, ""));
        let overflow = rest == "with.overflow"
            && ["sadd", "uadd", "ssub", "usub", "smul", "umul"].contains(&op);
        let sat = rest == "sat" && ["sadd", "uadd", "ssub", "usub"].contains(&op);
        if !FAMILIES.contains(&fam) && !overflow && !sat {
            return Ok(false);
        }
        let x = LLVMGetOperand(inst, 0);
        let Ty::Int(bits) = self.ty_of(x, inst)? else {
            return Err(self.unsupported(inst));
        };
        let a = self.val(x, inst)?;
        let operand = |lw: &mut Self, k| lw.val(LLVMGetOperand(inst, k), inst);
        if overflow || sat {
            if bits == 1 {
                return Err(self.unsupported(inst));
            }
            let b = operand(self, 1)?;
            let (r, o) = self.checked(op, a, b, bits);
            if overflow {
                self.def_agg(inst, vec![r, o]);
            } else {
                let r = self.saturate(op, a, r, o, bits);
                self.def(inst, r);
            }
            return Ok(true);
        }
        use LLVMIntPredicate::*;
        let r = match fam {
            "smin" | "smax" | "umin" | "umax" => {
                let b = operand(self, 1)?;
                let pred = match fam {
                    "smin" => LLVMIntSLT,
                    "smax" => LLVMIntSGT,
                    "umin" => LLVMIntULT,
                    _ => LLVMIntUGT,
                };
                let c = self.compare(pred, a, b, bits);
                self.select_value(c, a, b, Ty::Int(bits))
            }
            "abs" => self.abs(a, bits),
            "fshl" | "fshr" => {
                let b = operand(self, 1)?;
                let amount = LLVMGetOperand(inst, 2);
                let shift = match self.const_int(amount) {
                    Some(c) => Shift::Const((c as u64 & mask(bits)) % bits as u64),
                    None => Shift::Reg(operand(self, 2)?),
                };
                self.funnel(fam == "fshl", a, b, shift, bits)
            }
            "ctpop" => {
                let z = self.zext_from(a, bits);
                let n = self.popcount(z);
                self.count_result(n, bits)
            }
            "ctlz" => self.ctlz(a, bits),
            "cttz" => self.cttz(a, bits),
            "bswap" if bits % 16 == 0 => {
                let r = self.bswap64(a);
                self.high_part(r, bits)
            }
            "bitreverse" if bits == 1 => a,
            "bitreverse" => {
                let r = self.bswap64(a);
                let r = self.reverse_bits_in_bytes(r);
                self.high_part(r, bits)
            }
            _ => return Err(self.unsupported(inst)),
        };
        self.def(inst, r);
        Ok(true)
    }

    /// `|a|`, wrapping for the minimum value (`abs(INT_MIN)` is `INT_MIN`
    /// when the poison flag is clear, and poison otherwise).
    fn abs(&mut self, a: VReg, bits: u32) -> VReg {
        if bits == 1 {
            return a; // |-1| = 1 = -1 in i1
        }
        let sign = self.opi("srai", a, 63);
        let t = self.op("xor", Class::Int, a, sign);
        let r = self.op("sub", Class::Int, t, sign);
        self.sext_from(r, bits)
    }

    /// `fshl(a, b, s)`: the high `bits` of `a:b << s`; `fshr`: the low
    /// `bits` of `a:b >> s` (shift amounts modulo `bits`).
    fn funnel(&mut self, left: bool, a: VReg, b: VReg, shift: Shift, bits: u32) -> VReg {
        let w = bits as i64;
        let zb = self.zext_from(b, bits);
        let r = match shift {
            Shift::Const(0) => return if left { a } else { b },
            Shift::Const(s) => {
                let s = s as i64;
                let (hi, lo) = if left {
                    (self.opi("slli", a, s), self.opi("srli", zb, w - s))
                } else {
                    (self.opi("slli", a, w - s), self.opi("srli", zb, s))
                };
                self.op("or", Class::Int, hi, lo)
            }
            Shift::Reg(c) => {
                let s = if bits.is_power_of_two() {
                    self.opi("andi", c, w - 1)
                } else {
                    let zc = self.zext_from(c, bits);
                    let n = self.li(w);
                    self.op("remu", Class::Int, zc, n)
                };
                // (bits - 1 - s) is in range where bits - s may be `bits`:
                // shift by one first, then by the rest.
                let top = self.li(w - 1);
                let inv = self.op("sub", Class::Int, top, s);
                let (hi, lo) = if left {
                    let b1 = self.opi("srli", zb, 1);
                    (
                        self.op("sll", Class::Int, a, s),
                        self.op("srl", Class::Int, b1, inv),
                    )
                } else {
                    let a1 = self.opi("slli", a, 1);
                    (
                        self.op("sll", Class::Int, a1, inv),
                        self.op("srl", Class::Int, zb, s),
                    )
                };
                self.op("or", Class::Int, hi, lo)
            }
        };
        self.sext_from(r, bits)
    }

    /// The number of set bits of the 64-bit register `x`.
    fn popcount(&mut self, x: VReg) -> VReg {
        let m1 = self.li(splat(0x55));
        let m2 = self.li(splat(0x33));
        let m4 = self.li(splat(0x0f));
        let h01 = self.li(splat(0x01));
        let t = self.opi("srli", x, 1);
        let t = self.op("and", Class::Int, t, m1);
        let x = self.op("sub", Class::Int, x, t);
        let lo = self.op("and", Class::Int, x, m2);
        let t = self.opi("srli", x, 2);
        let hi = self.op("and", Class::Int, t, m2);
        let x = self.op("add", Class::Int, lo, hi);
        let t = self.opi("srli", x, 4);
        let x = self.op("add", Class::Int, x, t);
        let x = self.op("and", Class::Int, x, m4);
        let x = self.op("mul", Class::Int, x, h01);
        self.opi("srli", x, 56)
    }

    /// Leading zeros of a `bits`-wide value (`bits` for zero).
    fn ctlz(&mut self, a: VReg, bits: u32) -> VReg {
        let mut x = self.zext_from(a, bits);
        let mut sh = 1;
        while sh < bits {
            let t = self.opi("srli", x, sh as i64);
            x = self.op("or", Class::Int, x, t);
            sh *= 2;
        }
        let zeros = self.unary("not", Class::Int, x);
        let n = self.popcount(zeros);
        let n = self.opi("addi", n, -(64 - bits as i64));
        self.count_result(n, bits)
    }

    /// Trailing zeros of a `bits`-wide value (`bits` for zero).
    fn cttz(&mut self, a: VReg, bits: u32) -> VReg {
        let y = if bits < 64 {
            let stop = self.li(1 << bits);
            self.op("or", Class::Int, a, stop)
        } else {
            a
        };
        let neg = self.unary("neg", Class::Int, y);
        let low = self.op("and", Class::Int, y, neg);
        let below = self.opi("addi", low, -1);
        let n = self.popcount(below);
        self.count_result(n, bits)
    }

    /// Swaps `x`'s bit groups of `width` under `mask` with their
    /// neighbours: `((x >> width) & mask) | ((x & mask) << width)`.
    fn swap_groups(&mut self, x: VReg, width: i64, mask: i64) -> VReg {
        let m = self.li(mask);
        let t = self.opi("srli", x, width);
        let hi = self.op("and", Class::Int, t, m);
        let t = self.op("and", Class::Int, x, m);
        let lo = self.opi("slli", t, width);
        self.op("or", Class::Int, hi, lo)
    }

    /// The 64-bit byte swap of `x`.
    fn bswap64(&mut self, x: VReg) -> VReg {
        let x = self.swap_groups(x, 8, 0x00ff_00ff_00ff_00ff);
        let x = self.swap_groups(x, 16, 0x0000_ffff_0000_ffff);
        let hi = self.opi("srli", x, 32);
        let lo = self.opi("slli", x, 32);
        self.op("or", Class::Int, hi, lo)
    }

    /// Reverses the bits within each byte of `x`.
    fn reverse_bits_in_bytes(&mut self, x: VReg) -> VReg {
        let x = self.swap_groups(x, 4, splat(0x0f));
        let x = self.swap_groups(x, 2, splat(0x33));
        self.swap_groups(x, 1, splat(0x55))
    }

    /// The top `bits` of the 64-bit `r` as a canonical `bits`-wide value
    /// (where the byte or bit reversal of a narrow value ends up).
    fn high_part(&mut self, r: VReg, bits: u32) -> VReg {
        if bits == 64 {
            r
        } else {
            self.opi("srai", r, 64 - bits as i64)
        }
    }

    /// `op` (`sadd`, `uadd`, `ssub`, `usub`, `smul`, `umul`) of canonical
    /// `bits`-wide `a` and `b`: the wrapped canonical result and whether
    /// the exact result did not fit (0/1).
    fn checked(&mut self, op: &str, a: VReg, b: VReg, bits: u32) -> (VReg, VReg) {
        let signed = op.starts_with('s');
        let (a, b) = if signed {
            (a, b)
        } else {
            (self.zext_from(a, bits), self.zext_from(b, bits))
        };
        let exact_in_64 = match &op[1..] {
            "mul" => bits <= 32,
            _ => bits < 64,
        };
        let wide = match &op[1..] {
            "add" => self.op("add", Class::Int, a, b),
            "sub" => self.op("sub", Class::Int, a, b),
            _ => self.op("mul", Class::Int, a, b),
        };
        let r = self.sext_from(wide, bits);
        if exact_in_64 {
            // The exact result is `wide`: it overflowed iff the canonical
            // result differs (signed), or bits above `bits` are set
            // (unsigned; a borrow sets all of them).
            let o = if signed {
                let d = self.op("xor", Class::Int, r, wide);
                self.unary("snez", Class::Int, d)
            } else {
                let hi = self.opi("srli", wide, bits as i64);
                self.unary("snez", Class::Int, hi)
            };
            return (r, o);
        }
        let o = match op {
            // 64-bit: the sum wrapped iff it is below an operand in the
            // direction the other operand's sign says.
            "sadd" => {
                let lt = self.op("slt", Class::Int, wide, a);
                let zero = self.li(0);
                let neg = self.op("slt", Class::Int, b, zero);
                self.op("xor", Class::Int, lt, neg)
            }
            "ssub" => {
                let lt = self.op("slt", Class::Int, wide, a);
                let zero = self.li(0);
                let pos = self.op("slt", Class::Int, zero, b);
                self.op("xor", Class::Int, lt, pos)
            }
            "uadd" => self.op("sltu", Class::Int, wide, a),
            "usub" => self.op("sltu", Class::Int, a, b),
            // Products: the full 128-bit product must be the
            // (sign- or zero-) extension of the canonical result.
            "smul" => {
                let hi = self.op("mulh", Class::Int, a, b);
                let sign = self.opi("srai", r, 63);
                let d = self.op("xor", Class::Int, hi, sign);
                let d2 = self.op("xor", Class::Int, wide, r);
                let any = self.op("or", Class::Int, d, d2);
                self.unary("snez", Class::Int, any)
            }
            _ => {
                let hi = self.op("mulhu", Class::Int, a, b);
                let d = if bits < 64 {
                    let above = self.opi("srli", wide, bits as i64);
                    self.op("or", Class::Int, hi, above)
                } else {
                    hi
                };
                self.unary("snez", Class::Int, d)
            }
        };
        (r, o)
    }

    /// The saturated result of `op` given its wrapped result `r` and
    /// overflow bit `o`: unsigned sums saturate to all ones, unsigned
    /// differences to zero, signed ones to the bound on `a`'s side (an
    /// overflowing signed sum has operands of `a`'s sign, an overflowing
    /// difference a result of `a`'s sign).
    fn saturate(&mut self, op: &str, a: VReg, r: VReg, o: VReg, bits: u32) -> VReg {
        match op {
            "uadd" => {
                let all = self.unary("neg", Class::Int, o);
                let s = self.op("or", Class::Int, r, all);
                self.sext_from(s, bits)
            }
            "usub" => {
                let keep = self.opi("addi", o, -1);
                self.op("and", Class::Int, r, keep)
            }
            _ => {
                let max = self.li(((1u64 << (bits - 1)) - 1) as i64);
                let sign = self.opi("srai", a, 63);
                let bound = self.op("xor", Class::Int, max, sign);
                self.select_value(o, bound, r, Ty::Int(bits))
            }
        }
    }

    /// A bit count (at most 64) as a canonical `bits`-wide value: only
    /// types narrower than i8 can be too narrow for it.
    fn count_result(&mut self, n: VReg, bits: u32) -> VReg {
        if bits < 8 {
            self.sext_from(n, bits)
        } else {
            n
        }
    }
}

/// A shift amount: known, or in a register.
#[derive(Clone, Copy)]
enum Shift {
    Const(u64),
    Reg(VReg),
}

/// The low `bits` set.
fn mask(bits: u32) -> u64 {
    if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}
