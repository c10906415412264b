//! `pebble-loop-rotate`: turn top-tested loops into bottom-tested ones by
//! copying the header's test into the preheader, then repair SSA with the
//! `SsaUpdater` (the seed's "SSAUpdater in loop rotation", Algorithm 16.4.6;
//! LLVM's `LoopRotatePass`).
//!
//! ```text
//!   while (c) { body }    ==>    if (c) { do { body } while (c); }
//! ```
//!
//! Driver: find the natural loops (`analysis::loops`, innermost first);
//! for each loop not decided yet, check the shape on the CFG
//! (`shape::classify`) and the header on the IR (`legality`); rotate the
//! first rotatable one (`rotate`), then recompute the CFG, dominators and
//! loops, since rotation adds a block and edges. A loop is decided once:
//! skipped loops are remembered by header, rotated ones by their new header.
//!
//! `<stats>` prints, per function with loops,
//! `pebble-loop-rotate: @f: rotated 2 loops; skipped 1 (multiple latches), 1 (header too large)`.
//!
//! Differences from LLVM's pass: no loop-simplify/LCSSA first (a loop
//! without a dedicated preheader, or with several latches, is skipped
//! rather than canonicalised), the copies in the preheader are not
//! simplified (an `instsimplify` afterwards folds them), and the old header
//! is not merged into the latch (a `simplifycfg` afterwards does).

pub mod legality;
pub mod rotate;
pub mod shape;

use std::collections::{BTreeMap, HashSet};

use llvm_sys::prelude::*;

use crate::analysis::dominators::DomTree;
use crate::analysis::loops::{natural_loops, NaturalLoop};
use crate::ir::{self, FunctionCfg};
use crate::passes::{Flags, Outcome, PassInfo};
use shape::{Shape, SkipReason};

pub const PASS: PassInfo = PassInfo {
    name: "pebble-loop-rotate",
    c_name: b"pebble-loop-rotate\0",
    params: &["stats"],
    run: run_pass,
};

/// What rotation did to one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Natural loops decided (rotated or skipped).
    pub loops: usize,
    pub rotated: usize,
    pub skipped: BTreeMap<SkipReason, usize>,
}

impl Report {
    /// The `<stats>` line (without the pass and function prefix).
    pub fn summary(&self) -> String {
        let plural = if self.rotated == 1 { "" } else { "s" };
        let mut s = format!("rotated {} loop{plural}", self.rotated);
        if !self.skipped.is_empty() {
            let parts: Vec<String> = self
                .skipped
                .iter()
                .map(|(reason, n)| format!("{n} ({})", reason.describe()))
                .collect();
            s.push_str("; skipped ");
            s.push_str(&parts.join(", "));
        }
        s
    }
}

unsafe fn run_pass(flags: Flags, function: LLVMValueRef) -> Result<Outcome, String> {
    let report = rotate_function(function)?;
    if flags.has(&PASS, "stats") && report.loops > 0 {
        eprintln!(
            "pebble-loop-rotate: {}: {}",
            ir::function_label(function),
            report.summary()
        );
    }
    Ok(if report.rotated > 0 {
        Outcome::ChangedCfg
    } else {
        Outcome::Unchanged
    })
}

/// Rotates every rotatable loop of `function`.
///
/// # Safety
/// `function` is a defined function of a live module that verifies.
pub unsafe fn rotate_function(function: LLVMValueRef) -> Result<Report, String> {
    let mut report = Report::default();
    let mut decided: HashSet<LLVMBasicBlockRef> = HashSet::new();
    'recompute: loop {
        let fcfg = FunctionCfg::read(function);
        let dt = DomTree::compute(&fcfg.cfg);
        for l in natural_loops(&fcfg.cfg, &dt) {
            if !decided.insert(fcfg.blocks[l.header]) {
                continue;
            }
            report.loops += 1;
            match check(&fcfg, &l) {
                Err(reason) => *report.skipped.entry(reason).or_default() += 1,
                Ok(shape) => {
                    let new_header = rotate::rotate(function, &fcfg, &shape)?;
                    decided.insert(new_header);
                    report.rotated += 1;
                    continue 'recompute;
                }
            }
        }
        return Ok(report);
    }
}

unsafe fn check(fcfg: &FunctionCfg, l: &NaturalLoop) -> Result<Shape, SkipReason> {
    let shape = shape::classify(&fcfg.cfg, l)?;
    legality::check_header(fcfg.blocks[shape.header])?;
    Ok(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stats_line_lists_reasons_in_check_order() {
        let mut r = Report {
            loops: 4,
            rotated: 2,
            ..Report::default()
        };
        r.skipped.insert(SkipReason::HeaderTooLarge, 1);
        r.skipped.insert(SkipReason::MultipleLatches, 1);
        assert_eq!(
            r.summary(),
            "rotated 2 loops; skipped 1 (multiple latches), 1 (header too large)"
        );
        let one = Report {
            loops: 1,
            rotated: 1,
            ..Report::default()
        };
        assert_eq!(one.summary(), "rotated 1 loop");
    }
}
