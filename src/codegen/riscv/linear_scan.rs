//! Linear-scan register allocation and spill-code rewriting.
//!
//! Source: Poletto & Sarkar, "Linear Scan Register Allocation" (TOPLAS
//! 1999), Figure 1: intervals sorted by start; at each interval, expire the
//! active intervals that ended before it; take a free register, or spill the
//! interval (current or active) that ends furthest away.
//!
//! Call awareness: an interval that is live across a call (starts before the
//! call reads its arguments and ends after the call writes its result) may
//! only take a callee-saved register, since the call clobbers the others.
//! Intervals that do not cross calls prefer caller-saved registers, so
//! leaf code needs no saves. A spill victim must hold a register the current
//! interval may use.
//!
//! A spilled register lives in its own 8-byte spill slot for its whole
//! life. `rewrite` turns each instruction into physical form: spilled uses
//! are reloaded into the scratch registers (t4/t5, ft9/ft10/ft11) just
//! before, spilled defs are written to a scratch register and stored just
//! after. `Entry`/`Call`/`TailCall`/`Ret` keep spill slots as operands: emission moves
//! between ABI registers and slots directly.

use super::abi::{self, PReg};
use super::liveness::{self, Interval};
use super::mir::{Class, Inst, MFunction, VReg};

/// Where a virtual register lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Reg(PReg),
    /// spill slot index
    Spill(u32),
}

pub struct Allocation {
    /// Per virtual register (None: never used).
    pub loc: Vec<Option<Loc>>,
    pub spill_slots: u32,
}

/// Runs linear scan over the intervals of `f` with the given register pools.
pub fn allocate(f: &MFunction) -> Allocation {
    let live = liveness::compute(f);
    let (iv, calls) = liveness::intervals(f, &live);
    let reserved: &[PReg] = if f.dynamic_stack { &[abi::FP] } else { &[] };
    allocate_intervals(&f.classes, &iv, &calls, reserved, &hints(f))
}

/// A register an interval would like, to save a move: the ABI register it
/// is passed or returned in, or the register of the value it is copied from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    None,
    Reg(PReg),
    SameAs(VReg),
}

/// Hints from `Call`, `TailCall`, `Entry`, `Ret` operands and from copies (the first
/// hint found for a register wins).
pub fn hints(f: &MFunction) -> Vec<Hint> {
    let mut h = vec![Hint::None; f.classes.len()];
    let mut set = |r: VReg, hint: Hint| {
        if h[r as usize] == Hint::None {
            h[r as usize] = hint;
        }
    };
    for blk in &f.blocks {
        for inst in &blk.insts {
            match inst {
                Inst::Call {
                    args, rets: regs, ..
                } => {
                    for (r, a) in args.iter().chain(regs) {
                        if let Some(p) = abi::arg_reg(*a) {
                            set(*r, Hint::Reg(p));
                        }
                    }
                }
                Inst::Entry { params: regs }
                | Inst::Ret { vals: regs }
                | Inst::TailCall { args: regs, .. } => {
                    for (r, a) in regs {
                        if let Some(p) = abi::arg_reg(*a) {
                            set(*r, Hint::Reg(p));
                        }
                    }
                }
                Inst::Mv { rd, rs } => set(*rd, Hint::SameAs(*rs)),
                _ => {}
            }
        }
    }
    h
}

fn crosses_call(i: &Interval, calls: &[u32]) -> bool {
    // `calls` is sorted; the call at instruction c reads at 2c and writes
    // at 2c+1. Live across it: live at 2c (start <= 2c) and needed after
    // its results are written (end > 2c+1).
    let k = calls.partition_point(|&c| 2 * c < i.start);
    k < calls.len() && 2 * calls[k] + 1 < i.end
}

/// Preference rank of each physical register (lower is better).
fn ranks() -> [usize; 64] {
    let mut r = [usize::MAX; 64];
    let all = abi::INT_CALLER_SAVED
        .iter()
        .chain(abi::INT_CALLEE_SAVED)
        .chain(abi::FLOAT_CALLER_SAVED)
        .chain(abi::FLOAT_CALLEE_SAVED);
    for (k, &p) in all.enumerate() {
        r[p as usize] = k;
    }
    r
}

/// The allocation proper, on plain intervals (unit-tested on synthetic data).
pub fn allocate_intervals(
    classes: &[Class],
    iv: &[Option<Interval>],
    calls: &[u32],
    reserved: &[PReg],
    hints: &[Hint],
) -> Allocation {
    let mut order: Vec<VReg> = (0..iv.len() as VReg)
        .filter(|&r| iv[r as usize].is_some())
        .collect();
    order.sort_by_key(|&r| (iv[r as usize].unwrap().start, r));
    let mut loc: Vec<Option<Loc>> = vec![None; iv.len()];
    let mut spill_slots = 0u32;
    let rank = ranks();
    // active: (end, vreg, preg), per class
    let mut active: [Vec<(u32, VReg, PReg)>; 2] = [vec![], vec![]];
    let mut free: [Vec<PReg>; 2] = [
        abi::INT_CALLER_SAVED
            .iter()
            .chain(abi::INT_CALLEE_SAVED)
            .copied()
            .collect(),
        abi::FLOAT_CALLER_SAVED
            .iter()
            .chain(abi::FLOAT_CALLEE_SAVED)
            .copied()
            .collect(),
    ];
    free[0].retain(|p| !reserved.contains(p));
    let mut spill = |loc: &mut Vec<Option<Loc>>, r: VReg| {
        loc[r as usize] = Some(Loc::Spill(spill_slots));
        spill_slots += 1;
    };
    for r in order {
        let cur = iv[r as usize].unwrap();
        let ci = classes[r as usize] as usize;
        // Expire intervals that ended before this one starts.
        active[ci].retain(|&(end, _, p)| {
            if end < cur.start {
                free[ci].push(p);
                false
            } else {
                true
            }
        });
        let across = crosses_call(&cur, calls);
        let ok = |p: PReg| !across || abi::is_callee_saved(p);
        let hinted = match hints.get(r as usize) {
            Some(Hint::Reg(p)) => Some(*p),
            Some(Hint::SameAs(v)) => match loc[*v as usize] {
                Some(Loc::Reg(p)) => Some(p),
                _ => None,
            },
            _ => None,
        }
        .filter(|&p| ok(p) && free[ci].contains(&p));
        let pick = hinted.or_else(|| {
            free[ci]
                .iter()
                .copied()
                .filter(|&p| ok(p))
                .min_by_key(|&p| rank[p as usize])
        });
        if let Some(p) = pick {
            free[ci].retain(|&q| q != p);
            loc[r as usize] = Some(Loc::Reg(p));
            active[ci].push((cur.end, r, p));
            continue;
        }
        // No register: spill whichever usable interval ends furthest.
        let victim = active[ci]
            .iter()
            .enumerate()
            .filter(|(_, a)| ok(a.2))
            .max_by_key(|(_, a)| (a.0, a.1));
        match victim {
            Some((k, &(end, v, p))) if end > cur.end => {
                spill(&mut loc, v);
                active[ci].remove(k);
                loc[r as usize] = Some(Loc::Reg(p));
                active[ci].push((cur.end, r, p));
            }
            _ => spill(&mut loc, r),
        }
    }
    Allocation { loc, spill_slots }
}

/// One instruction of the allocated function.
#[derive(Clone, Debug)]
pub enum PInst {
    /// An instruction of the input, in virtual and physical form.
    Orig { virt: Inst<VReg>, phys: Inst<Loc> },
    /// Load spilled `v` from its slot into `reg`.
    Reload { v: VReg, slot: u32, reg: PReg },
    /// Store `v` from `reg` into its slot.
    Spill { v: VReg, reg: PReg, slot: u32 },
}

/// Rewrites `f` with the allocation, inserting reloads and spills.
pub fn rewrite(f: &MFunction, a: &Allocation) -> Vec<Vec<PInst>> {
    let mut out = Vec::with_capacity(f.blocks.len());
    for blk in &f.blocks {
        let mut insts = Vec::with_capacity(blk.insts.len());
        for inst in &blk.insts {
            let keeps_slots = inst.is_abi_pseudo();
            let mut reloads: Vec<PInst> = Vec::new();
            let mut stores: Vec<PInst> = Vec::new();
            let mut used_scratch = [0usize; 2];
            let loc_of = |r: VReg| a.loc[r as usize].expect("allocated");
            let phys = inst.map(
                &mut |r| match loc_of(r) {
                    Loc::Spill(s) if !keeps_slots => {
                        if let Some(PInst::Reload { reg, .. }) = reloads
                            .iter()
                            .find(|p| matches!(p, PInst::Reload { v, .. } if *v == r))
                        {
                            return Loc::Reg(*reg);
                        }
                        let c = f.classes[r as usize] as usize;
                        let reg = [
                            [abi::T4, abi::T5, abi::T6],
                            [abi::FT9, abi::FT10, abi::FT11],
                        ][c][used_scratch[c]];
                        used_scratch[c] += 1;
                        reloads.push(PInst::Reload { v: r, slot: s, reg });
                        Loc::Reg(reg)
                    }
                    l => l,
                },
                &mut |r| match loc_of(r) {
                    Loc::Spill(s) if !keeps_slots => {
                        let reg = [abi::T4, abi::FT9][f.classes[r as usize] as usize];
                        stores.push(PInst::Spill { v: r, reg, slot: s });
                        Loc::Reg(reg)
                    }
                    l => l,
                },
            );
            insts.extend(reloads);
            insts.push(PInst::Orig {
                virt: inst.clone(),
                phys,
            });
            insts.extend(stores);
        }
        out.push(insts);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(s: u32, e: u32) -> Option<Interval> {
        Some(Interval { start: s, end: e })
    }

    /// The register `loc` names; fails the test if it is a spill or none.
    fn reg(loc: Option<Loc>) -> PReg {
        match loc {
            Some(Loc::Reg(p)) => p,
            other => panic!("expected a register, got {other:?}"),
        }
    }

    #[test]
    fn disjoint_intervals_share_a_register() {
        let a = allocate_intervals(
            &[Class::Int, Class::Int],
            &[iv(1, 4), iv(5, 9)],
            &[],
            &[],
            &[],
        );
        assert_eq!(a.loc[0], a.loc[1]);
        assert!(matches!(a.loc[0], Some(Loc::Reg(_))));
    }

    #[test]
    fn interval_across_call_gets_callee_saved() {
        // call at instruction 3 (positions 6/7); v0 spans it, v1 ends at it.
        let a = allocate_intervals(
            &[Class::Int, Class::Int],
            &[iv(1, 20), iv(3, 6)],
            &[3],
            &[],
            &[],
        );
        let (p0, p1) = (reg(a.loc[0]), reg(a.loc[1]));
        assert!(abi::is_callee_saved(p0));
        assert!(!abi::is_callee_saved(p1));
    }

    #[test]
    fn pressure_spills_the_furthest_end() {
        // 25 int registers are allocatable; 26 overlapping intervals: the
        // one that ends last is spilled, whichever came first.
        let n = abi::INT_CALLER_SAVED.len() + abi::INT_CALLEE_SAVED.len() + 1;
        let mut ivs: Vec<Option<Interval>> = (0..n as u32).map(|i| iv(i + 1, 100 + i)).collect();
        ivs[0] = iv(0, 1000);
        let a = allocate_intervals(&vec![Class::Int; n], &ivs, &[], &[], &[]);
        assert_eq!(a.loc[0], Some(Loc::Spill(0)));
        assert_eq!(a.spill_slots, 1);
        let regs: std::collections::HashSet<_> = a.loc[1..].iter().collect();
        assert_eq!(
            regs.len(),
            n - 1,
            "distinct registers for simultaneously live intervals"
        );
    }

    #[test]
    fn classes_do_not_compete() {
        let a = allocate_intervals(
            &[Class::Int, Class::Float],
            &[iv(1, 9), iv(1, 9)],
            &[],
            &[],
            &[],
        );
        let (p0, p1) = (reg(a.loc[0]), reg(a.loc[1]));
        assert_eq!(abi::class_of(p0), Class::Int);
        assert_eq!(abi::class_of(p1), Class::Float);
    }
}
