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
//!    start again from 1 on the program with its spill code (`program`).
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
    for round in 1..=MAX_ROUNDS {
        let g = build::build(&p, reserved, &weights);
        let mut irc = Irc::new(g, trace);
        let is_temp = |n: u32| p.is_temp[(n - build::PRECOLORED) as usize];
        loop {
            irc.check_invariants();
            if !irc.simplify.is_empty() {
                irc.simplify_one();
            } else if !irc.worklist_moves.is_empty() {
                irc.coalesce_one();
            } else if !irc.freeze.is_empty() {
                irc.freeze_one();
            } else if !irc.spill.is_empty() {
                irc.select_spill_one(&is_temp);
            } else {
                break;
            }
        }
        let mut saved = [false; 64];
        irc.assign_colours(&mut saved);
        let spilled: Vec<VReg> = irc.spilled.iter().map(|&n| n - build::PRECOLORED).collect();
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
