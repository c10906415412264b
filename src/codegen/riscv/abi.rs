//! The lp64d calling convention and the RV64 register file, as the back end
//! uses them (RISC-V psABI, "Integer Calling Convention" and "Hardware
//! Floating-point Calling Convention").
//!
//! * Physical registers are numbered 0..31 for x0..x31 and 32..63 for
//!   f0..f31 (`PReg`).
//! * Scalar integer and pointer arguments go in a0..a7, then on the stack
//!   (8 bytes each); `float`/`double` arguments go in fa0..fa7, then in a
//!   free a-register, then on the stack. Variadic arguments always use the
//!   integer convention (a double travels as its bit pattern).
//! * i32 values are passed sign-extended whatever their signedness; i8/i16
//!   follow the `signext`/`zeroext` attribute (handled by `lower`).
//! * Caller-saved: ra, t0..t6, a0..a7, ft0..ft11, fa0..fa7.
//!   Callee-saved: sp, s0..s11, fs0..fs11.
//! * Reserved by this back end: t4, t5, t6 and ft9, ft10, ft11 are scratch
//!   registers for spill code, parallel moves and large offsets; they are
//!   never given to a virtual register.

use super::mir::{ArgLoc, Class};

pub type PReg = u8;

pub const ZERO: PReg = 0;
pub const RA: PReg = 1;
pub const SP: PReg = 2;
/// s0, the frame pointer of functions with dynamic allocas.
pub const FP: PReg = 8;
pub const A0: PReg = 10;
pub const FA0: PReg = 32 + 10;
/// Integer scratch registers (t4, t5, t6).
pub const T4: PReg = 29;
pub const T5: PReg = 30;
pub const T6: PReg = 31;
/// Float scratch registers (ft9, ft10, ft11).
pub const FT9: PReg = 32 + 29;
pub const FT10: PReg = 32 + 30;
pub const FT11: PReg = 32 + 31;

/// Allocatable caller-saved registers, in order of preference.
pub const INT_CALLER_SAVED: &[PReg] = &[5, 6, 7, 28, 17, 16, 15, 14, 13, 12, 11, 10];
pub const INT_CALLEE_SAVED: &[PReg] = &[9, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 8];
pub const FLOAT_CALLER_SAVED: &[PReg] = &[
    32, 33, 34, 35, 36, 37, 38, 39, 60, 49, 48, 47, 46, 45, 44, 43, 42,
];
pub const FLOAT_CALLEE_SAVED: &[PReg] = &[40, 41, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59];

pub fn class_of(p: PReg) -> Class {
    if p < 32 {
        Class::Int
    } else {
        Class::Float
    }
}

pub fn is_callee_saved(p: PReg) -> bool {
    INT_CALLEE_SAVED.contains(&p) || FLOAT_CALLEE_SAVED.contains(&p) || p == SP
}

/// Every register a call may overwrite.
pub fn caller_saved() -> impl Iterator<Item = PReg> {
    (0..64u8).filter(|&p| p != ZERO && p != 3 && p != 4 && !is_callee_saved(p))
}

pub fn name(p: PReg) -> &'static str {
    const X: [&str; 32] = [
        "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
        "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
        "t5", "t6",
    ];
    const F: [&str; 32] = [
        "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2",
        "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9",
        "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
    ];
    if p < 32 {
        X[p as usize]
    } else {
        F[(p - 32) as usize]
    }
}

/// The physical register of an `ArgLoc` held in a register.
pub fn arg_reg(loc: ArgLoc) -> Option<PReg> {
    match loc {
        ArgLoc::IntReg(i) => Some(A0 + i),
        ArgLoc::FloatReg(i) => Some(FA0 + i),
        ArgLoc::Stack(_) => None,
    }
}

/// Assigns argument locations in order. `Assigner::next(class, variadic)`
/// returns where the next argument goes and, for a float that falls back to
/// the integer convention, says so (the caller then passes its bits in an
/// integer register or stack slot).
#[derive(Default)]
pub struct Assigner {
    pub int_used: u8,
    pub float_used: u8,
    pub stack_bytes: u32,
}

impl Assigner {
    /// Before a 2×XLEN-aligned scalar (fp128, i128): a variadic one takes
    /// an even-odd register pair (psABI: "variadic arguments with
    /// 2×XLEN-bit alignment ... are passed in an aligned register pair"),
    /// and one passed wholly on the stack takes a 16-byte aligned slot.
    pub fn align_pair(&mut self, variadic: bool) {
        if variadic && self.int_used < 8 && !self.int_used.is_multiple_of(2) {
            self.int_used += 1;
        }
        if self.int_used >= 8 && !self.stack_bytes.is_multiple_of(16) {
            self.stack_bytes += 8;
        }
    }

    /// Returns the location and the class the value must have there.
    pub fn next(&mut self, class: Class, variadic: bool) -> (ArgLoc, Class) {
        if class == Class::Float && !variadic && self.float_used < 8 {
            self.float_used += 1;
            return (ArgLoc::FloatReg(self.float_used - 1), Class::Float);
        }
        if self.int_used < 8 {
            self.int_used += 1;
            return (ArgLoc::IntReg(self.int_used - 1), Class::Int);
        }
        self.stack_bytes += 8;
        (ArgLoc::Stack(self.stack_bytes - 8), Class::Int)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_fall_back_to_integer_registers_then_stack() {
        let mut a = Assigner::default();
        for i in 0..8 {
            assert_eq!(
                a.next(Class::Float, false),
                (ArgLoc::FloatReg(i), Class::Float)
            );
        }
        assert_eq!(a.next(Class::Float, false), (ArgLoc::IntReg(0), Class::Int));
        assert_eq!(a.next(Class::Int, false), (ArgLoc::IntReg(1), Class::Int));
    }

    #[test]
    fn variadic_doubles_use_integer_registers() {
        let mut a = Assigner::default();
        assert_eq!(a.next(Class::Int, false), (ArgLoc::IntReg(0), Class::Int));
        assert_eq!(a.next(Class::Float, true), (ArgLoc::IntReg(1), Class::Int));
        for _ in 2..8 {
            a.next(Class::Int, true);
        }
        assert_eq!(a.next(Class::Int, true), (ArgLoc::Stack(0), Class::Int));
        assert_eq!(a.next(Class::Float, true), (ArgLoc::Stack(8), Class::Int));
    }

    #[test]
    fn pairs_align_when_variadic_or_on_the_stack() {
        let mut a = Assigner::default();
        a.next(Class::Int, false);
        a.align_pair(true);
        assert_eq!(a.next(Class::Int, true), (ArgLoc::IntReg(2), Class::Int));
        let mut b = Assigner::default();
        b.next(Class::Int, false);
        b.align_pair(false);
        assert_eq!(b.next(Class::Int, false), (ArgLoc::IntReg(1), Class::Int));
        let mut c = Assigner::default();
        for _ in 0..9 {
            c.next(Class::Int, false);
        }
        c.align_pair(false);
        assert_eq!(c.next(Class::Int, false), (ArgLoc::Stack(16), Class::Int));
    }

    #[test]
    fn scratch_registers_are_never_allocatable() {
        for p in [T4, T5, T6, FT9, FT10, FT11] {
            assert!(!INT_CALLER_SAVED.contains(&p) && !INT_CALLEE_SAVED.contains(&p));
            assert!(!FLOAT_CALLER_SAVED.contains(&p) && !FLOAT_CALLEE_SAVED.contains(&p));
        }
        assert_eq!(name(FA0), "fa0");
        assert_eq!(name(T6), "t6");
    }
}
