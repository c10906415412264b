//! The frame of an allocated function, from `sp` upwards (sp is constant
//! after the prologue; its size `F` is a multiple of 16, as the psABI
//! requires):
//!
//! ```text
//!   [0, out)               outgoing stack arguments
//!   alloca slots           each at its alignment (at most 16)
//!   spill slots            8 bytes each
//!   saved registers        ra (if the function calls), used s/fs registers
//!   [F-64, F)              variadic functions only: a0..a7 save area, so
//!                          register and stack variadic arguments are contiguous
//!   F + k                  incoming stack arguments
//! ```

use crate::codegen::riscv::abi::{self, PReg};
use crate::codegen::riscv::linear_scan::{Loc, PInst};
use crate::codegen::riscv::mir::MFunction;

pub(super) struct Frame {
    pub(super) size: i64,
    /// bytes of outgoing stack arguments (a multiple of 16)
    pub(super) out_size: i64,
    pub(super) slot_off: Vec<i64>,
    pub(super) spill_base: i64,
    pub(super) saves: Vec<(PReg, i64)>,
    pub(super) va_area: Option<i64>,
}

fn align_up(x: i64, a: i64) -> i64 {
    (x + a - 1) / a * a
}

pub(super) fn layout(f: &MFunction, code: &[Vec<PInst>], spill_slots: u32) -> Frame {
    let out_size = align_up(f.outgoing_stack_bytes() as i64, 16);
    let mut off = out_size;
    let mut slot_off = Vec::new();
    for s in &f.slots {
        off = align_up(off, s.align as i64);
        slot_off.push(off);
        off += s.size as i64;
    }
    off = align_up(off, 8);
    let spill_base = off;
    off += 8 * spill_slots as i64;
    let mut used = [false; 64];
    let mut calls = false;
    for blk in code {
        for pi in blk {
            if let PInst::Orig { phys, .. } = pi {
                phys.for_each_def(|l| {
                    if let Loc::Reg(p) = l {
                        used[p as usize] = true
                    }
                });
                calls |= phys.is_call();
            }
        }
    }
    let mut saves = Vec::new();
    let mut regs: Vec<PReg> = if calls { vec![abi::RA] } else { vec![] };
    if f.dynamic_stack {
        used[abi::FP as usize] = true;
    }
    regs.extend((0..64u8).filter(|&p| used[p as usize] && abi::is_callee_saved(p) && p != abi::SP));
    for p in regs {
        saves.push((p, off));
        off += 8;
    }
    let mut size = align_up(off, 16);
    let va_area = f.varargs.map(|_| {
        size += 64;
        size - 64
    });
    Frame {
        size,
        out_size,
        slot_off,
        spill_base,
        saves,
        va_area,
    }
}
