//! What a register allocation cost, counted on its result (`PInst`s), the
//! same way for either allocator: `pebble llc --regalloc-stats`.
//!
//! * copies before: `Mv` instructions of the machine IR plus register
//!   operands of `Entry`/`Call`/`TailCall`/`Ret` (each is a move between
//!   the value and its ABI register unless both got the same register);
//! * copies after: those whose two ends got different registers (`emit`
//!   prints nothing for the others);
//! * values spilled: spill slots (both allocators give one slot per spilled
//!   value);
//! * spill loads/stores: `Reload`/`Spill` instructions, plus ABI operands
//!   that live in a spill slot (`emit` loads or stores them directly);
//! * callee-saved registers used: the s/fs registers the prologue saves.

use std::fmt;

use super::abi::{self, PReg};
use super::linear_scan::{Loc, PInst};
use super::mir::{ArgLoc, Callee, Inst};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub copies_before: u64,
    pub copies_after: u64,
    pub spilled_values: u64,
    pub spill_loads: u64,
    pub spill_stores: u64,
    /// Callee-saved registers written (saved by the prologue), in order.
    pub callee_saved: Vec<PReg>,
}

impl Stats {
    /// Counts the allocation `code` with `spill_slots` slots.
    pub fn of(code: &[Vec<PInst>], spill_slots: u32) -> Stats {
        let mut s = Stats {
            spilled_values: spill_slots as u64,
            ..Stats::default()
        };
        let mut written = [false; 64];
        for pi in code.iter().flatten() {
            match pi {
                PInst::Reload { .. } => s.spill_loads += 1,
                PInst::Spill { .. } => s.spill_stores += 1,
                PInst::Orig { phys, .. } => {
                    s.count(phys);
                    phys.for_each_def(|l| {
                        if let Loc::Reg(p) = l {
                            written[p as usize] = true;
                        }
                    });
                }
            }
        }
        s.callee_saved = (0..64u8)
            .filter(|&p| written[p as usize] && abi::is_callee_saved(p) && p != abi::SP)
            .collect();
        s
    }

    fn count(&mut self, i: &Inst<Loc>) {
        match i {
            Inst::Mv { rd, rs } => {
                self.copies_before += 1;
                self.copies_after += (rd != rs) as u64;
            }
            Inst::Entry { params } => self.abi(params, false),
            Inst::Call { callee, args, rets } => {
                if let Callee::Indirect(Loc::Spill(_)) = callee {
                    self.spill_loads += 1;
                }
                self.abi(args, true);
                self.abi(rets, false);
            }
            Inst::TailCall { callee, args } => {
                if let Callee::Indirect(Loc::Spill(_)) = callee {
                    self.spill_loads += 1;
                }
                self.abi(args, true);
            }
            Inst::Ret { vals } => self.abi(vals, true),
            _ => {}
        }
    }

    /// ABI operands: `read` when the value goes to its ABI place.
    fn abi(&mut self, ops: &[(Loc, ArgLoc)], read: bool) {
        for &(l, a) in ops {
            let Some(q) = abi::arg_reg(a) else {
                // a stack argument: a memory access whatever the
                // allocation, beyond the spill slot's own
                if matches!(l, Loc::Spill(_)) {
                    self.spill_moves(read);
                }
                continue;
            };
            match l {
                Loc::Reg(p) => {
                    self.copies_before += 1;
                    self.copies_after += (p != q) as u64;
                }
                Loc::Spill(_) => {
                    self.copies_before += 1;
                    self.spill_moves(read);
                }
            }
        }
    }

    fn spill_moves(&mut self, read: bool) {
        if read {
            self.spill_loads += 1;
        } else {
            self.spill_stores += 1;
        }
    }

    pub fn add(&mut self, o: &Stats) {
        self.copies_before += o.copies_before;
        self.copies_after += o.copies_after;
        self.spilled_values += o.spilled_values;
        self.spill_loads += o.spill_loads;
        self.spill_stores += o.spill_stores;
        self.callee_saved.extend(&o.callee_saved);
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "copies {} -> {}, spilled {} values, {} spill loads, {} spill stores, {} callee-saved",
            self.copies_before,
            self.copies_after,
            self.spilled_values,
            self.spill_loads,
            self.spill_stores,
            self.callee_saved.len()
        )
    }
}

/// The callee-saved registers as `s1 s2 …`.
pub fn names(regs: &[PReg]) -> String {
    regs.iter()
        .map(|&p| abi::name(p))
        .collect::<Vec<_>>()
        .join(" ")
}
