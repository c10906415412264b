//! `pebble-loop-rotate`: turn top-tested loops into bottom-tested ones by
//! copying the header's test into the preheader, then repair SSA with the
//! `SsaUpdater` (the seed's "SSAUpdater in loop rotation", Algorithm 16.4.6;
//! LLVM's `LoopRotatePass`).
//!
//! ```text
//!   while (c) { body }    ==>    if (c) { do { body } while (c); }
//! ```
//!
//! Driver: find the natural loops once (`graph::LoopNest`, innermost
//! first, as LLVM's loop pass manager visits them) and keep the CFG and the
//! loop nest up to date through every edit (`graph`); for each loop, check
//! the shape on the CFG (`shape::classify`) and the header on the IR
//! (`legality`), make sure it has a preheader ending in a plain `br`
//! (`preheader`, inserting one as loop-simplify would), then rotate it
//! (`rotate`). Each loop is decided once, as LLVM does without
//! `-loop-rotate-multi`.
//!
//! Before any loop, the unreachable blocks that branch into a loop are cut
//! off (`dead_predecessors`, loop-simplify's first step).
//!
//! `<stats>` prints, per function with loops,
//! `pebble-loop-rotate: @f: rotated 2 loops, inserted 1 preheader; skipped
//! 1 (multiple latches), 1 (header too large)` (and `cut 1 unreachable
//! predecessor` when there was one).
//!
//! Differences from LLVM's pass (which runs loop-simplify and LCSSA first):
//! a loop with several latches is given one back-edge block (`backedge`,
//! loop-simplify's `insertUniqueBackedgeBlock`) except where LLVM would
//! first split off a nested loop (a header phi feeding itself around a
//! back edge), with 8 or more back edges, or when a latch's terminator
//! cannot be redirected: such a loop is skipped and counted as `multiple
//! latches`; only the header's exit is made dedicated before rotating (after
//! it, every edge into it from a loop that does not contain it is split, as
//! LLVM does); loop-closed SSA is formed only for the rotated header's
//! values (the ones rotation gives a second definition); the preheader
//! copies are simplified by `simplify`'s subset of InstSimplify.

pub mod backedge;
pub mod dead_predecessors;
pub mod edit;
pub mod graph;
pub mod latch;
pub mod legality;
pub mod loop_id;
pub mod noalias;
pub mod preheader;
pub mod rotate;
pub mod shape;
pub mod simplify;

use std::collections::BTreeMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use crate::analysis::dominators::DomTree;
use crate::ir::{self, FunctionCfg};
use crate::passes::{Flags, Outcome, PassInfo};
use graph::{FlowGraph, LoopId, LoopNest};
use shape::SkipReason;

pub const PASS: PassInfo = PassInfo {
    name: "pebble-loop-rotate",
    c_name: b"pebble-loop-rotate\0",
    params: &["stats"],
    run: run_pass,
    // Reads and writes records on LLVM 22 (`rotate::RecordCopies`, the
    // record-preserving moves of `edit` and `latch`); LLVM 19's intrinsic
    // calls are skipped (`legality::is_debug_intrinsic`) and moved as
    // instructions.
    debug_markers: true,
};

/// What rotation did to one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Natural loops decided (rotated or skipped).
    pub loops: usize,
    pub rotated: usize,
    /// Dedicated preheaders inserted (`preheader`).
    pub preheaders: usize,
    /// Latches folded into their exiting predecessor (`latch`).
    pub latches_folded: usize,
    /// Loops whose back edges were merged into one (`backedge`).
    pub backedges: usize,
    /// Unreachable blocks whose branches into a loop were cut
    /// (`dead_predecessors`).
    pub dead_predecessors: usize,
    pub skipped: BTreeMap<SkipReason, usize>,
}

impl Report {
    /// The `<stats>` line (without the pass and function prefix).
    pub fn summary(&self) -> String {
        let plural = if self.rotated == 1 { "" } else { "s" };
        let mut s = format!("rotated {} loop{plural}", self.rotated);
        if self.latches_folded > 0 {
            let plural = if self.latches_folded == 1 { "" } else { "es" };
            s.push_str(&format!(", folded {} latch{plural}", self.latches_folded));
        }
        if self.backedges > 0 {
            let plural = if self.backedges == 1 { "" } else { "s" };
            s.push_str(&format!(
                ", merged back edges of {} loop{plural}",
                self.backedges
            ));
        }
        if self.preheaders > 0 {
            let plural = if self.preheaders == 1 { "" } else { "s" };
            s.push_str(&format!(", inserted {} preheader{plural}", self.preheaders));
        }
        if self.dead_predecessors > 0 {
            let plural = if self.dead_predecessors == 1 { "" } else { "s" };
            s.push_str(&format!(
                ", cut {} unreachable predecessor{plural}",
                self.dead_predecessors
            ));
        }
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
    Ok(
        if report.rotated > 0
            || report.preheaders > 0
            || report.latches_folded > 0
            || report.backedges > 0
            || report.dead_predecessors > 0
        {
            Outcome::ChangedCfg
        } else {
            Outcome::Unchanged
        },
    )
}

/// Rotates every rotatable loop of `function`.
///
/// # Safety
/// `function` is a defined function of a live module that verifies.
pub unsafe fn rotate_function(function: LLVMValueRef) -> Result<Report, String> {
    let mut report = Report::default();
    let fcfg = FunctionCfg::read(function);
    let dt = DomTree::compute(&fcfg.cfg);
    let mut nest = LoopNest::compute(&fcfg.cfg, &dt);
    if nest.loops.is_empty() {
        return Ok(report);
    }
    let mut g = FlowGraph::from_function(&fcfg);
    drop(fcfg);
    let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(function)));
    let options = rotate::Options {
        builder,
        hoist: !ir::attributes::has_function_attribute(function, "presplitcoroutine"),
    };
    report.dead_predecessors = dead_predecessors::cut(&mut g, &nest, builder);
    let mut result = Ok(());
    for l in 0..nest.loops.len() {
        report.loops += 1;
        match rotate_loop(&mut g, &mut nest, l, options, &mut report) {
            Ok(()) => report.rotated += 1,
            Err(Decision::Skip(reason)) => *report.skipped.entry(reason).or_default() += 1,
            Err(Decision::Failed(message)) => {
                result = Err(message);
                break;
            }
        }
    }
    LLVMDisposeBuilder(builder);
    result.map(|()| report)
}

/// Why a loop was not rotated.
enum Decision {
    Skip(SkipReason),
    Failed(String),
}

impl From<SkipReason> for Decision {
    fn from(reason: SkipReason) -> Self {
        Decision::Skip(reason)
    }
}

unsafe fn rotate_loop(
    g: &mut FlowGraph,
    nest: &mut LoopNest,
    l: LoopId,
    options: rotate::Options,
    report: &mut Report,
) -> Result<(), Decision> {
    let header = nest.loops[l].header;
    // loop-simplify's canonical form first, as LLVM's loop pass manager
    // gives it to every loop: a preheader, one back edge.
    let (preheader, inserted) = preheader::ensure(g, nest, l, options.builder)?;
    report.preheaders += usize::from(inserted);
    if shape::single_latch(g, header, |b| nest.contains(l, b)).is_err()
        && backedge::merge(g, nest, l, preheader, options.builder).is_some()
    {
        report.backedges += 1;
    }
    simplify_header_phis(g.blocks[header]);
    // After loop-simplify's steps, as LLVM's loop-rotate reads it.
    let id = loop_id::read(g, nest, l, header);
    let latch = shape::single_latch(g, header, |b| nest.contains(l, b))?;
    let folded =
        latch::fold(g, nest, l, (header, latch), options.builder).map_err(Decision::Failed)?;
    report.latches_folded += usize::from(folded);
    if let (true, Some(id)) = (folded, id) {
        loop_id::write(g, nest, l, header, id);
    }
    let shape = shape::classify(g, header, |b| nest.contains(l, b))?;
    if shape.latch_exits && !folded && !latch::profitable_with_exiting_latch(g, &shape) {
        return Err(Decision::Skip(SkipReason::AlreadyBottomTested));
    }
    legality::check_header(g.blocks[header])?;
    let shape = dedicated_exit(g, nest, l, shape, options.builder)?;
    rotate::rotate(g, nest, l, &shape, preheader, options).map_err(Decision::Failed)?;
    if let Some(id) = id {
        loop_id::write(g, nest, l, shape.body, id);
    }
    Ok(())
}

/// The header's exit made dedicated (loop-simplify's `formDedicatedExitBlocks`:
/// only the loop enters it), so that rotation's loop-closed phis go where
/// LLVM's do. Only this exit: the others do not change in rotation.
unsafe fn dedicated_exit(
    g: &mut FlowGraph,
    nest: &mut LoopNest,
    l: LoopId,
    shape: shape::Shape,
    builder: LLVMBuilderRef,
) -> Result<shape::Shape, Decision> {
    use crate::transforms::ssa_updater::Graph;
    let e = shape.exit;
    let mut inside: Vec<usize> = nest.preds_inside(g, l, e).collect();
    inside.sort_unstable();
    inside.dedup();
    if inside.len() == g.preds(e).len() {
        return Ok(shape);
    }
    let e_bb = g.blocks[e];
    let splittable = inside
        .iter()
        .all(|&p| preheader::can_redirect(LLVMGetBasicBlockTerminator(g.blocks[p]), e_bb));
    if !splittable || edit::address_taken(e_bb) || !legality::can_split_before(e_bb) {
        return Ok(shape);
    }
    let loopexit = preheader::split_predecessors(g, builder, e, &inside, "loopexit");
    let outer = nest.enclosing_with(l, e);
    nest.set_innermost(loopexit, outer);
    Ok(shape::Shape {
        exit: loopexit,
        ..shape
    })
}

/// loop-simplify's last step: a header phi `x = phi [x, T], [v, P]` (itself
/// on the back edges, one value otherwise) is that value, which comes in
/// through the preheader and so dominates the header. (The preheader's
/// entry is never the phi itself, so `constant_value` never gives
/// `poison` here.)
unsafe fn simplify_header_phis(header: LLVMBasicBlockRef) {
    for phi in edit::phis(header) {
        if let Some(v) = edit::constant_value(phi) {
            ir::delete::replace_and_erase(phi, v);
        }
    }
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
