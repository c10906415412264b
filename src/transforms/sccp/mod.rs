//! `pebble-sccp`: sparse conditional constant propagation (Wegman and
//! Zadeck, "Constant Propagation with Conditional Branches", TOPLAS 1991;
//! the SCCP section of `../shared/seeds/004_*.txt`).
//!
//! Phases, each in its own file:
//! 1. `read`: the LLVM function becomes a `program::Program`, an
//!    instruction table with operand indices and one terminator per block;
//! 2. `solver`: the two-worklist fixpoint over the `lattice` (undefined ⊤,
//!    constant, integer range, constant pointer, pointer not null,
//!    overdefined ⊥), folding constants with
//!    `fold` (LLVM's exact integer semantics; poison and UB are never
//!    folded) and ranges with `range`;
//! 3. `rewrite`: constants replace instructions, branches and switches
//!    with one executable edge become unconditional, switch cases that
//!    cannot be taken are dropped, non-executable blocks are deleted and the
//!    phis of their successors rebuilt; instructions that stay get the
//!    `nuw`/`nsw`/`nneg` flags their operands' ranges prove (`flags`, as
//!    LLVM 19's SCCP), and signed instructions on non-negative values
//!    become unsigned ones (`signed`), both counted in `<stats>`; `and x,
//!    mask` whose `x` fits the mask becomes `x` (`mask`, as LLVM 22's
//!    SCCP, `masks removed`); GEP
//!    instructions whose operands are all constants become constant
//!    expressions, and the uses a branch copy stands for get its constant
//!    (`uses replaced`); the function's return gets the `range` or
//!    `nonnull` attribute its returned values prove (`returns`, as LLVM
//!    22's SCCP, `return attributes`).
//!
//! What is evaluated: integer arithmetic and bitwise operations
//! with their `nsw`/`nuw`/`exact`/`disjoint` flags, `icmp`, `zext`/`sext`/
//! `trunc` (with `nneg`/`nuw`/`nsw`), of at most 64 bits with ranges and
//! wider ones (`wide`, on `crate::apint::ApInt`) as constants only,
//! `float`/`double` arithmetic, comparisons, conversions and the
//! intrinsics whose result is exact (sqrt, the roundings, min/max, fma;
//! `float`),
//! the fields of `*.with.overflow` calls (`overflow`),
//! `select`, `freeze`, phis, `br` and
//! `switch`; calls of integer intrinsics with constant arguments
//! (`intrinsic`); pointers of address space 0 as constants carried through
//! phis, `select`, `freeze` and GEPs with constant indices (`pointer::offset`),
//! or as "not null" (`alloca`, `inbounds` GEPs of such pointers), and
//! `icmp` and `ptrtoint` of them (`pointer`); loads of `constant`
//! globals, also through GEP instructions (or chains of them) whose
//! indices the solver proves constant (`read::memory`). Uses of a value in
//! a block that a branch on
//! `icmp` alone enters read a copy narrowed by that comparison
//! (`predicate`, LLVM's PredicateInfo, which LLVM 22's function `sccp`
//! uses). LLVM's `undef`/`poison` are resolved as LLVM 19's
//! solver does (`solver`, "Undef and poison": skipped by phi and `select`
//! unions, waited on by everything else, no successor for a branch on
//! them). Everything else, including arguments and calls, is overdefined.
//!
//! Compared with LLVM's `sccp` (`scripts/difftest-sccp --csmith 60`): the
//! lattice has LLVM's integer ranges, so `icmp sge i32 37742, (zext i8
//! %x)` and `or (zext i1 %c), 5` fold here as there. Against LLVM 19 we
//! replace more instructions (the branch copies, which LLVM 19's function
//! pass does not have, and pointers that are not null); against LLVM 22,
//! which has both, about as many: it also folds (as a refinement of UB we
//! do not make) divisions whose divisor range contains 0 and loads outside
//! a global, and uses `switch` cases and pointer comparisons as branch
//! predicates. We also fold a few pointer comparisons (two constants that
//! are not null meet in "not null", where LLVM's lattice goes to
//! overdefined) and `icmp` on unknown values (`uge x, 0`) LLVM leaves
//! alone.
//!
//! Preconditions: the function verifies. Invalidates: the CFG when a
//! branch was folded or a block deleted (`Outcome::ChangedCfg`).

pub mod edges;
pub mod flags;
pub mod float;
pub mod fold;
pub mod intrinsic;
pub mod lattice;
pub mod mask;
pub mod overflow;
pub mod pointer;
pub mod predicate;
pub mod program;
pub mod range;
pub mod read;
pub mod returns;
pub mod rewrite;
pub mod signed;
pub mod solver;
pub mod wide;

use std::time::{Duration, Instant};

use llvm_sys::prelude::LLVMValueRef;

use crate::ir;
use crate::passes::{Flags, Outcome, PassInfo};
pub use rewrite::Report;

pub const PASS: PassInfo = PassInfo {
    name: "pebble-sccp",
    c_name: b"pebble-sccp\0",
    params: &["stats", "phase-times"],
    run: run_pass,
    // Never reads a marker: LLVM's RAUW and erasure update the records of
    // the values it replaces (lit `sccp/debug-records.ll`).
    debug_markers: false,
};

unsafe fn run_pass(flags: Flags, function: LLVMValueRef) -> Result<Outcome, String> {
    let (report, times) = sccp_function(function);
    if flags.has(&PASS, "stats") {
        eprintln!(
            "pebble-sccp: {}: {} constants, {} branches folded, {} blocks removed, {} flags added, \
             {} made unsigned, {} uses replaced, {} masks removed, {} return attributes",
            ir::function_label(function),
            report.constants,
            report.branches_folded,
            report.blocks_removed,
            report.flags_added,
            report.made_unsigned,
            report.uses_replaced,
            report.masks_removed,
            report.return_attributes
        );
    }
    if flags.has(&PASS, "phase-times") {
        eprintln!(
            "pebble-sccp: {}: {}",
            ir::function_label(function),
            times.describe()
        );
    }
    Ok(if report.changed_cfg() {
        Outcome::ChangedCfg
    } else if report.constants > 0
        || report.flags_added > 0
        || report.made_unsigned > 0
        || report.uses_replaced > 0
        || report.masks_removed > 0
        || report.return_attributes > 0
    {
        Outcome::ChangedKeepingCfg
    } else {
        Outcome::Unchanged
    })
}

/// The wall-clock time of each phase of one run (`<phase-times>`):
/// reading the function, solving, rewriting. `-time-passes` gives the
/// pass's total; this splits it, which is what a scaling study needs
/// (`scripts/bench-sccp --phases`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseTimes {
    pub read: Duration,
    pub solve: Duration,
    pub rewrite: Duration,
}

impl PhaseTimes {
    /// `read 1.234 ms, solve 2.345 ms, rewrite 0.456 ms`.
    pub fn describe(&self) -> String {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        format!(
            "read {:.3} ms, solve {:.3} ms, rewrite {:.3} ms",
            ms(self.read),
            ms(self.solve),
            ms(self.rewrite)
        )
    }
}

/// Runs SCCP on one function, timing each phase (three clock reads,
/// nothing beside the pass's own work: every run is timed, and
/// `<phase-times>` only decides whether the times are printed).
///
/// # Safety
/// `function` is a defined function of a live module that verifies.
pub unsafe fn sccp_function(function: LLVMValueRef) -> (Report, PhaseTimes) {
    let start = Instant::now();
    let read = read::read_function(function);
    let read_done = Instant::now();
    let solution = solver::solve(&read.program);
    let solve_done = Instant::now();
    let report = rewrite::apply(function, &read, &solution);
    let times = PhaseTimes {
        read: read_done - start,
        solve: solve_done - read_done,
        rewrite: solve_done.elapsed(),
    };
    (report, times)
}
