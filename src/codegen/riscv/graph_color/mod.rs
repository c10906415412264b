//! Graph-colouring register allocation with iterated register coalescing.
//!
//! Source: L. George and A. W. Appel, "Iterated Register Coalescing",
//! ACM TOPLAS 18(3), 1996, Figure 4 (procedure `Main` and those it calls);
//! the seed's §寄存器分配：冲突图与图染色算法, whose "图染色流程" this
//! follows step by step:
//!
//! 1. liveness analysis and `Build` (`build`): interference graph, moves,
//!    spill costs; precoloured nodes for call clobbers and ABI registers;
//! 2. `MakeWorklist` (`worklists`);
//! 3. repeat, taking the first non-empty list: `Simplify` (`simplify`),
//!    `Coalesce` (`coalesce`: Briggs between virtual registers, George
//!    against precoloured ones), `Freeze` (`freeze`), `SelectSpill`
//!    (`select_spill`);
//! 4. `AssignColors` (`assign`);
//! 5. if anything was actually spilled, `RewriteProgram` (`rewrite`) and
//!    start again from 1 on the program with its spill code (`program`);
//!    from the third round on, step 1 updates the previous round's graph
//!    instead of building it again (`rebuild`: the same edges, moves and
//!    costs, checked against a full build in debug builds).
//!
//! Interface: the same as `linear_scan` (`allocate`, then `rewrite` into
//! `PInst`s the checker and `emit` read), so `pebble llc` chooses the
//! allocator with one match. Unlike linear scan, spill code uses ordinary
//! allocated registers (the temporaries of `rewrite`), not the scratch
//! registers t4–t6/ft9–ft11 (which stay reserved for emission).
//!
//! Registers and classes: K = 24 integer colours (t0–t3, a0–a7, s1–s11,
//! s0 unless the frame pointer needs it) and 29 float colours; the integer
//! and float graphs never meet (edges join one class only).

pub mod assign;
pub mod build;
pub mod coalesce;
pub mod explain;
pub mod freeze;
pub mod program;
pub mod rebuild;
pub mod rewrite;
pub mod select_spill;
pub mod simplify;
pub mod worklists;

use super::abi::{self, PReg};
use super::linear_scan::{Loc, PInst};
use super::mir::{MFunction, VReg};
use build::node_of;
use program::Program;
use worklists::{Irc, NodeState};

/// Rounds of build–colour–rewrite before giving up (each round's spill
/// temporaries are never spilled again, so two or three rounds are usual).
const MAX_ROUNDS: usize = 32;

/// The result of allocating one function.
pub struct Allocation {
    /// Per input virtual register: its register, or its spill slot (None:
    /// never used). Spilled registers are reloaded into temporaries whose
    /// registers differ from one instruction to the next.
    pub loc: Vec<Option<Loc>>,
    pub spill_slots: u32,
    /// Build–colour rounds run (1: nothing spilled).
    pub rounds: usize,
    program: Program,
    /// Location of every register of `program`.
    reg_loc: Vec<Option<Loc>>,
}

/// One round, kept for `pebble llc --explain-regalloc`.
pub struct Round {
    pub irc: Irc,
    pub program: Program,
}

/// `rebuild::rebuild`; debug builds check the result against a full build.
fn rebuild_checked(
    snapshot: rebuild::Snapshot,
    p: &Program,
    spilled: &[VReg],
    reserved: &[PReg],
    weights: &[f64],
) -> Option<(build::Graph, Vec<super::liveness::RegSet>)> {
    let rebuilt = rebuild::rebuild(snapshot, p, spilled, weights)?;
    if cfg!(debug_assertions) {
        let full = build::build(p, reserved, weights);
        if let Err(e) = rebuild::matches_full_build(&rebuilt.0, &full) {
            panic!("graph colouring: the rebuilt graph differs from a full build: {e}");
        }
    }
    Some(rebuilt)
}

/// Allocates the registers of `f`.
pub fn allocate(f: &MFunction) -> Result<Allocation, String> {
    run(f, false).map(|(a, _)| a)
}

/// Allocates the registers of `f`, keeping every round for the picture.
pub fn allocate_traced(f: &MFunction) -> Result<(Allocation, Vec<Round>), String> {
    run(f, true)
}

/// Rewrites `f` with the allocation (the same output as
/// `linear_scan::rewrite`).
pub fn rewrite(f: &MFunction, a: &Allocation) -> Vec<Vec<PInst>> {
    rewrite::to_physical(f, &a.program, &|r| {
        a.reg_loc[r as usize].expect("every register of the program has a location")
    })
}

fn run(f: &MFunction, trace: bool) -> Result<(Allocation, Vec<Round>), String> {
    let reserved: &[PReg] = if f.dynamic_stack { &[abi::FP] } else { &[] };
    let mut p = Program::new(f);
    let weights = build::block_weights(&p.succs);
    let mut slots = 0u32;
    let mut rounds = Vec::new();
    // The graph of the last round before colouring, from the second round
    // on (`rebuild`: most functions colour in one round or two, and the
    // copy would cost them).
    let mut snapshot: Option<rebuild::Snapshot> = None;
    let mut spilled: Vec<VReg> = Vec::new();
    for round in 1..=MAX_ROUNDS {
        let (g, live_out) = snapshot
            .take()
            .and_then(|s| rebuild_checked(s, &p, &spilled, reserved, &weights))
            .unwrap_or_else(|| build::build_keeping_liveness(&p, reserved, &weights));
        if round >= 2 {
            snapshot = Some(rebuild::Snapshot::new(g.clone(), live_out, &p));
        }
        let mut irc = Irc::new(g, trace);
        loop {
            irc.check_invariants();
            if !irc.simplify.is_empty() {
                irc.simplify_one();
            } else if !irc.worklist_moves.is_empty() {
                irc.coalesce_one();
            } else if !irc.freeze.is_empty() {
                irc.freeze_one();
            } else if !irc.spill.is_empty() {
                irc.select_spill_one();
            } else {
                break;
            }
        }
        let mut saved = [false; 64];
        irc.assign_colours(&mut saved);
        spilled = irc.spilled.iter().map(|&n| n - build::PRECOLORED).collect();
        if spilled.iter().any(|&r| p.is_temp[r as usize]) {
            return Err(format!(
                "@{}: graph colouring found no register for a spill temporary",
                f.name
            ));
        }
        let done = spilled.is_empty();
        let reg_loc = done.then(|| locations(&irc, &p));
        if trace {
            rounds.push(Round {
                irc,
                program: p.clone(),
            });
        }
        if let Some(reg_loc) = reg_loc {
            let loc = reg_loc[..f.classes.len()].to_vec();
            return Ok((
                Allocation {
                    loc,
                    spill_slots: slots,
                    rounds: round,
                    program: p,
                    reg_loc,
                },
                rounds,
            ));
        }
        rewrite::rewrite_program(&mut p, &spilled, &mut slots);
    }
    Err(format!(
        "@{}: graph colouring did not converge in {MAX_ROUNDS} rounds",
        f.name
    ))
}

/// Where each program register lives after a round without spills.
fn locations(irc: &Irc, p: &Program) -> Vec<Option<Loc>> {
    (0..p.num_regs() as VReg)
        .map(|r| {
            if let Some(s) = p.in_memory[r as usize] {
                return Some(Loc::Spill(s));
            }
            let n = node_of(r);
            match irc.state[n as usize] {
                NodeState::Absent => None,
                _ => irc.colour[n as usize].map(Loc::Reg),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::riscv::checker::check;
    use crate::codegen::riscv::linear_scan::PInst;
    use crate::codegen::riscv::mir::{ArgLoc, Callee, Class, Inst, MBlock};

    fn reg(a: &Allocation, v: VReg) -> PReg {
        match a.loc[v as usize] {
            Some(Loc::Reg(p)) => p,
            other => panic!("v{v}: expected a register, got {other:?}"),
        }
    }

    /// b0: entry(a0 = p); x = p + 1; jump b1
    /// b1: `y_from(y, x, p)`; ret y (in a0)
    /// (p, x, y are v0, v1, v2.)
    fn two_blocks(y_from: impl Fn(VReg, VReg, VReg) -> Inst<VReg>) -> MFunction {
        let mut f = MFunction::new("t");
        let p = f.new_vreg(Class::Int);
        let x = f.new_vreg(Class::Int);
        let y = f.new_vreg(Class::Int);
        f.blocks = vec![
            MBlock {
                insts: vec![
                    Inst::Entry {
                        params: vec![(p, ArgLoc::IntReg(0))],
                    },
                    Inst::OpImm {
                        op: "addi",
                        rd: x,
                        rs1: p,
                        imm: 1,
                    },
                    Inst::Jump { target: 1 },
                ],
            },
            MBlock {
                insts: vec![
                    y_from(y, x, p),
                    Inst::Ret {
                        vals: vec![(y, ArgLoc::IntReg(0))],
                    },
                ],
            },
        ];
        f
    }

    /// `two_blocks` with y = x (a phi copy). Every copy coalesces: p and
    /// y with a0 (George), x with y (Briggs).
    #[test]
    fn phi_copy_and_abi_moves_coalesce() {
        let f = two_blocks(|rd, rs, _| Inst::Mv { rd, rs });
        let (p, x, y) = (0, 1, 2);
        let a = allocate(&f).unwrap();
        assert_eq!(
            (reg(&a, p), reg(&a, x), reg(&a, y)),
            (abi::A0, abi::A0, abi::A0)
        );
        assert_eq!(a.rounds, 1);
        check(&f, &rewrite(&f, &a), a.spill_slots).unwrap();
    }

    /// entry(a0 = x); v_i = x + i (i < n); call g(); s = Σ v_i; ret s.
    fn live_across_call(n: usize) -> MFunction {
        let mut f = MFunction::new("t");
        let x = f.new_vreg(Class::Int);
        let mut insts = vec![Inst::Entry {
            params: vec![(x, ArgLoc::IntReg(0))],
        }];
        let vs: Vec<VReg> = (0..n).map(|_| f.new_vreg(Class::Int)).collect();
        for (i, &v) in vs.iter().enumerate() {
            insts.push(Inst::OpImm {
                op: "addi",
                rd: v,
                rs1: x,
                imm: i as i64,
            });
        }
        insts.push(Inst::Call {
            callee: Callee::Direct("g".into()),
            args: vec![],
            rets: vec![],
        });
        let mut acc = vs[0];
        for &v in &vs[1..] {
            let s = f.new_vreg(Class::Int);
            insts.push(Inst::Op {
                op: "add",
                rd: s,
                rs1: acc,
                rs2: v,
            });
            acc = s;
        }
        insts.push(Inst::Ret {
            vals: vec![(acc, ArgLoc::IntReg(0))],
        });
        f.blocks = vec![MBlock { insts }];
        f
    }

    /// Two rounds of spilling by hand (values live across the call, the
    /// sum's chain, the returned value, whose ABI move goes), each graph
    /// rebuilt from the one before and compared with a full build.
    #[test]
    fn rebuilt_graph_is_the_full_build() {
        let f = live_across_call(30);
        let mut p = Program::new(&f);
        let weights = build::block_weights(&p.succs);
        let (g, live_out) = build::build_keeping_liveness(&p, &[], &weights);
        let mut snapshot = rebuild::Snapshot::new(g, live_out, &p);
        let mut slots = 0;
        let last = (f.classes.len() - 1) as VReg;
        for spilled in [vec![1, 2, 3, 17, 30, 31], vec![4, 5, 33, 40, last]] {
            rewrite::rewrite_program(&mut p, &spilled, &mut slots);
            let (g, live_out) = rebuild::rebuild(snapshot, &p, &spilled, &weights).unwrap();
            let full = build::build(&p, &[], &weights);
            rebuild::matches_full_build(&g, &full).unwrap();
            assert_eq!(g.nodes, build::PRECOLORED as usize + p.num_regs());
            assert!(spilled
                .iter()
                .all(|&r| g.adj_list[build::node_of(r) as usize].is_empty()));
            snapshot = rebuild::Snapshot::new(g, live_out, &p);
        }
        // A graph that kept a spilled node's edges is told apart.
        let full = build::build(&p, &[], &weights);
        let mut stale = full.clone();
        stale.add_edge(build::node_of(1), build::node_of(40));
        assert!(rebuild::matches_full_build(&stale, &full).is_err());
        // A spilled value (x = v1) live out of its block, one temporary a
        // block.
        let f = two_blocks(|rd, rs1, rs2| Inst::Op {
            op: "add",
            rd,
            rs1,
            rs2,
        });
        let mut p = Program::new(&f);
        let weights = build::block_weights(&p.succs);
        let (g, live_out) = build::build_keeping_liveness(&p, &[], &weights);
        let snapshot = rebuild::Snapshot::new(g, live_out, &p);
        rewrite::rewrite_program(&mut p, &[1], &mut 0);
        let (g, _) = rebuild::rebuild(snapshot, &p, &[1], &weights).unwrap();
        rebuild::matches_full_build(&g, &build::build(&p, &[], &weights)).unwrap();
    }

    #[test]
    fn values_live_across_a_call_get_callee_saved_registers() {
        let f = live_across_call(5);
        let a = allocate(&f).unwrap();
        for v in 1..=5 {
            assert!(abi::is_callee_saved(reg(&a, v)), "v{v}");
        }
        assert_eq!(a.spill_slots, 0);
        check(&f, &rewrite(&f, &a), 0).unwrap();
    }

    /// 30 values across a call, 12 callee-saved registers: 18 spill, the
    /// second round colours the spill temporaries with ordinary registers
    /// (never the scratch registers emission reserves).
    #[test]
    fn spilling_takes_a_second_round_without_scratch_registers() {
        let f = live_across_call(30);
        let a = allocate(&f).unwrap();
        assert_eq!((a.spill_slots, a.rounds), (18, 2));
        let code = rewrite(&f, &a);
        check(&f, &code, a.spill_slots).unwrap();
        let scratch = [abi::T4, abi::T5, abi::T6];
        let mut reloads = 0;
        for pi in code.iter().flatten() {
            if let PInst::Reload { reg, .. } | PInst::Spill { reg, .. } = pi {
                assert!(!scratch.contains(reg));
                reloads += matches!(pi, PInst::Reload { .. }) as u32;
            }
        }
        assert_eq!(reloads, 18, "one reload per use of a spilled value");
    }
}
