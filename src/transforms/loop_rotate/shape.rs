//! Which loops `pebble-loop-rotate` may rotate, judged on the CFG alone
//! (the LLVM-side checks — terminator kind, header size, duplicability,
//! the preheader's terminator — are in `legality` and `preheader`).
//!
//! A loop is rotatable when it has
//! * exactly one latch `T` (one block with back edges to the header `H`);
//!   loops with several are skipped (LLVM's loop-simplify would first merge
//!   them into one backedge block), the reason counted;
//! * a header that tests and exits: exactly two successor edges, one to a
//!   block `N` inside the loop and one to a block `E` outside;
//! * a latch other than the header (a one-block loop has nothing to
//!   rotate). A latch that exits makes the loop bottom-tested already; it
//!   is rotated only as LLVM decides (`latch`), so the shape records it.
//!
//! The loop has a preheader `P` by then (`preheader`). The rotated loop is
//! entered at `N`; `H` becomes its bottom.

use crate::analysis::cfg::Block;
use crate::transforms::ssa_updater::Graph;

/// The blocks a rotation involves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub header: Block,
    pub latch: Block,
    /// The header's successor inside the loop: the rotated loop's header.
    pub body: Block,
    /// The header's successor outside the loop.
    pub exit: Block,
    /// Whether the latch has a successor outside the loop.
    pub latch_exits: bool,
}

/// Why a loop is left alone. The order is the order of the checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SkipReason {
    MultipleLatches,
    HeaderNotExiting,
    AlreadyBottomTested,
    HeaderTooLarge,
    NotDuplicable,
    /// An edge into the header comes from an `indirectbr`: no preheader can
    /// be put on it (LLVM's loop-simplify cannot either).
    EntryNotSplittable,
}

impl SkipReason {
    pub fn describe(self) -> &'static str {
        match self {
            SkipReason::MultipleLatches => "multiple latches",
            SkipReason::HeaderNotExiting => "header not exiting",
            SkipReason::AlreadyBottomTested => "latch exits",
            SkipReason::HeaderTooLarge => "header too large",
            SkipReason::NotDuplicable => "header not duplicable",
            SkipReason::EntryNotSplittable => "entered by indirectbr",
        }
    }
}

/// The loop's only latch, or `MultipleLatches`.
pub fn single_latch(
    graph: &dyn Graph,
    header: Block,
    contains: impl Fn(Block) -> bool,
) -> Result<Block, SkipReason> {
    let mut latches: Vec<Block> = graph
        .preds(header)
        .iter()
        .copied()
        .filter(|&p| contains(p))
        .collect();
    latches.sort_unstable();
    latches.dedup();
    match *latches.as_slice() {
        [latch] => Ok(latch),
        _ => Err(SkipReason::MultipleLatches),
    }
}

/// The rotation shape of the loop with header `header` and blocks
/// `contains`, or why it has none.
pub fn classify(
    graph: &dyn Graph,
    header: Block,
    contains: impl Fn(Block) -> bool,
) -> Result<Shape, SkipReason> {
    let latch = single_latch(graph, header, &contains)?;
    let (body, exit) = match *graph.succs(header) {
        [a, b] if contains(a) && !contains(b) => (a, b),
        [a, b] if contains(b) && !contains(a) => (b, a),
        _ => return Err(SkipReason::HeaderNotExiting),
    };
    if latch == header {
        return Err(SkipReason::AlreadyBottomTested);
    }
    let latch_exits = graph.succs(latch).iter().any(|&s| !contains(s));
    Ok(Shape {
        header,
        latch,
        body,
        exit,
        latch_exits,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cfg::Cfg;
    use crate::analysis::dominators::DomTree;
    use crate::analysis::loops::{natural_loops, NaturalLoop};

    fn only_loop(cfg: &Cfg) -> NaturalLoop {
        let loops = natural_loops(cfg, &DomTree::compute(cfg));
        assert_eq!(loops.len(), 1);
        loops.into_iter().next().unwrap()
    }

    fn classify_only(cfg: &Cfg) -> Result<Shape, SkipReason> {
        let l = only_loop(cfg);
        classify(cfg, l.header, |b| l.contains(b))
    }

    #[test]
    fn the_seeds_while_loop_is_rotatable() {
        // entry(0) -> header(1) -> body(2) -> header; header -> exit(3)
        let cfg = Cfg::from_edges(4, &[(0, 1), (1, 2), (1, 3), (2, 1)]);
        assert_eq!(
            classify_only(&cfg),
            Ok(Shape {
                header: 1,
                latch: 2,
                body: 2,
                exit: 3,
                latch_exits: false,
            })
        );
    }

    #[test]
    fn exit_first_successor_order_is_accepted() {
        let cfg = Cfg::from_edges(4, &[(0, 1), (1, 3), (1, 2), (2, 1)]);
        assert_eq!(classify_only(&cfg).map(|s| (s.body, s.exit)), Ok((2, 3)));
    }

    #[test]
    fn each_reason_is_found() {
        let reason = |n, edges: &[(Block, Block)]| {
            let cfg = Cfg::from_edges(n, edges);
            classify_only(&cfg).unwrap_err()
        };
        // continue-style second back edge
        assert_eq!(
            reason(5, &[(0, 1), (1, 2), (1, 4), (2, 3), (2, 1), (3, 1)]),
            SkipReason::MultipleLatches
        );
        // for(;;) { if (c) break; }: the header only falls into the body
        assert_eq!(
            reason(4, &[(0, 1), (1, 2), (2, 1), (2, 3)]),
            SkipReason::HeaderNotExiting
        );
        // do-while: latch exits (recorded; whether to rotate is LLVM's rule)
        let cfg = Cfg::from_edges(4, &[(0, 1), (1, 2), (2, 1), (2, 3), (1, 3)]);
        assert!(classify_only(&cfg).unwrap().latch_exits);
        // self-loop
        assert_eq!(
            reason(3, &[(0, 1), (1, 1), (1, 2)]),
            SkipReason::AlreadyBottomTested
        );
    }
}
