//! The independent oracle: naive reference versions of the placement
//! analyses, written to be obviously correct rather than fast.
//!
//! Every function here follows a textbook definition or fixpoint equation
//! literally, on sets of block numbers, and shares no code with the fast
//! analyses in `crate::analysis` (only the `Cfg` type itself, for its
//! successor and predecessor lists). The property tests
//! (`tests/placement_properties.rs`) compare the two on random CFGs, and
//! `check_pruned_placement` lets the pass verify its own phi placement.
//!
//! * `dominance`: Dom(n) by iterated set intersection, idom from the sets
//!   (seed 004, "确定支配集" and "确定最近必经节点");
//! * `frontier`: DF by its definition, DF⁺ by fixpoint (seed 004, "支配边界";
//!   Cytron et al. 1991);
//! * `liveness`: live-in blocks of one variable by the backward dataflow
//!   equations (seed 004, equations live-analysis-data-flow-1..3);
//! * `placement`: the minimal, semi-pruned and pruned phi placements of
//!   Lessons 16.2/16.4 (seed 001, Theorem 16.4.7), and the checker.
//!
//! Cost: cubic or worse in the number of blocks. Fine for tests and for an
//! opt-in self-check, not for production use.

pub mod dominance;
pub mod frontier;
pub mod liveness;
pub mod placement;

use std::collections::BTreeSet;

use crate::analysis::cfg::Block;

/// A set of blocks; ordered so that results print and compare in block order.
pub type BlockSet = BTreeSet<Block>;

pub use dominance::{dominators, idoms, reachable};
pub use frontier::{dominance_frontier, iterated_frontier};
pub use liveness::live_in;
pub use placement::{
    check_pruned_placement, check_pruned_placement_named, minimal_placement, pruned_placement,
    semi_pruned_placement,
};

/// The seed's swap loop, shared by the unit tests of the oracle modules:
/// entry(0) -> cond(1); cond -> body(2), end(4); body -> inc(3); inc -> cond.
#[cfg(test)]
pub(crate) fn swap_loop() -> crate::analysis::cfg::Cfg {
    crate::analysis::cfg::Cfg::from_edges(5, &[(0, 1), (1, 2), (1, 4), (2, 3), (3, 1)])
}

/// Shorthand for building expected sets in tests.
#[cfg(test)]
pub(crate) fn set(blocks: &[Block]) -> BlockSet {
    blocks.iter().copied().collect()
}
