//! RewriteProgram: spill code for the actual spills of a round, and the
//! final rewrite of the function into physical form.
//!
//! Source: George & Appel, "Iterated Register Coalescing" (TOPLAS 1996),
//! Figure 4, procedure `RewriteProgram`; the seed's §寄存器分配 "相关代码重写
//! (Rewrite)": each spilled register gets a spill slot; a store follows
//! each definition and a load precedes each use, through a new temporary
//! per instruction; then the whole allocation runs again on the rewritten
//! program (the temporaries' live ranges are a few instructions long, so
//! few rounds are needed).
//!
//! Operands of `Entry`, `Call`, `TailCall` and `Ret` need no temporary: their ABI moves
//! read and write the spill slot directly (`emit` does that, as for linear
//! scan), so a spilled register there is marked `in_memory`.
//!
//! The final rewrite (`to_physical`) pairs every original instruction with
//! its allocated form (`PInst::Orig`), reloads and stores becoming
//! `PInst::Reload`/`PInst::Spill` of the original register, so the checker
//! verifies the result against the input function.

use super::super::linear_scan::{Loc, PInst};
use super::super::mir::{Inst, MFunction, VReg};
use super::program::{Op, Program};

/// Whether the instruction's operands may stay in spill slots.
pub fn keeps_slots(i: &Inst<VReg>) -> bool {
    i.is_abi_pseudo()
}

/// The paper's `RewriteProgram(spilledNodes)`; `next_slot` counts the
/// spill slots handed out so far.
pub fn rewrite_program(p: &mut Program, spilled: &[VReg], next_slot: &mut u32) {
    for &r in spilled {
        debug_assert!(
            !p.is_temp[r as usize],
            "spill temporaries are never spilled"
        );
        p.in_memory[r as usize] = Some(*next_slot);
        *next_slot += 1;
    }
    for b in 0..p.blocks.len() {
        let ops = std::mem::take(&mut p.blocks[b]);
        let mut out = Vec::with_capacity(ops.len());
        for op in ops {
            match op {
                Op::Orig(i) if !keeps_slots(&i) => rewrite_inst(p, i, &mut out),
                op => out.push(op),
            }
        }
        p.blocks[b] = out;
    }
}

/// Spill code around one instruction: a reload temporary per spilled
/// register read, a store temporary per spilled register written.
fn rewrite_inst(p: &mut Program, i: Inst<VReg>, out: &mut Vec<Op>) {
    let mut reads: Vec<(VReg, VReg)> = Vec::new();
    let mut writes: Vec<(VReg, VReg)> = Vec::new();
    i.for_each_use(|r| {
        if p.in_memory[r as usize].is_some() && !reads.iter().any(|&(s, _)| s == r) {
            reads.push((r, 0));
        }
    });
    i.for_each_def(|r| {
        if p.in_memory[r as usize].is_some() {
            writes.push((r, 0));
        }
    });
    if reads.is_empty() && writes.is_empty() {
        out.push(Op::Orig(i));
        return;
    }
    for e in reads.iter_mut().chain(writes.iter_mut()) {
        e.1 = p.new_temp(e.0);
    }
    for &(r, t) in &reads {
        let slot = p.in_memory[r as usize].expect("spilled");
        out.push(Op::Reload { temp: t, slot });
    }
    let find =
        |list: &[(VReg, VReg)], r: VReg| list.iter().find(|&&(s, _)| s == r).map_or(r, |&(_, t)| t);
    out.push(Op::Orig(
        i.map(&mut |r| find(&reads, r), &mut |r| find(&writes, r)),
    ));
    for &(r, t) in &writes {
        let slot = p.in_memory[r as usize].expect("spilled");
        out.push(Op::Store { temp: t, slot });
    }
}

/// The allocated function: every instruction of `f` in physical form, with
/// the reloads and stores of the spill code. `loc(r)` is where program
/// register `r` lives.
pub fn to_physical(f: &MFunction, p: &Program, loc: &dyn Fn(VReg) -> Loc) -> Vec<Vec<PInst>> {
    let reg = |r: VReg| match loc(r) {
        Loc::Reg(q) => q,
        Loc::Spill(_) => unreachable!("spill temporaries live in registers"),
    };
    p.blocks
        .iter()
        .zip(&f.blocks)
        .map(|(ops, blk)| {
            let mut orig = blk.insts.iter();
            ops.iter()
                .map(|op| match op {
                    Op::Orig(i) => PInst::Orig {
                        virt: orig.next().expect("one Orig per instruction").clone(),
                        phys: i.map(&mut |r| loc(r), &mut |r| loc(r)),
                    },
                    Op::Reload { temp, slot } => PInst::Reload {
                        v: p.origin[*temp as usize],
                        slot: *slot,
                        reg: reg(*temp),
                    },
                    Op::Store { temp, slot } => PInst::Spill {
                        v: p.origin[*temp as usize],
                        reg: reg(*temp),
                        slot: *slot,
                    },
                })
                .collect()
        })
        .collect()
}
