//! Live-in blocks of one variable by the backward dataflow equations
//! (seed 004, equations live-analysis-data-flow-1..3):
//!
//! ```text
//! LiveIn(B)  = UEVar(B) ∪ (LiveOut(B) \ VarKill(B))
//! LiveOut(B) = ⋃_{S ∈ succs(B)} LiveIn(S)          (LiveOut(exit) = ∅)
//! ```
//!
//! for a single variable, so each set is a yes/no per block: UEVar(B) says
//! the block's first access to the variable is a use (a load before any
//! store), VarKill(B) says the block defines it (has a store). Starting from
//! "live nowhere" and iterating until nothing changes gives the least
//! fixpoint, which is the definition: the variable is live-in at B iff some
//! path from B's start reaches a use without passing a definition.
//!
//! Only reachable blocks are considered: an unreachable block is never
//! live-in, as in mem2reg's live-in walk (Algorithm 16.4.2 of seed 001),
//! which does not enter unreachable blocks because renaming never visits
//! them. Successors of a reachable block are reachable, so this restriction
//! does not change any reachable block's answer.

use super::dominance::reachable;
use super::BlockSet;
use crate::analysis::cfg::{Block, Cfg};

/// The reachable blocks where the variable is live-in, given the blocks that
/// define it and the blocks where it is upward-exposed (used before defined).
pub fn live_in(cfg: &Cfg, defs: &[Block], upward_exposed: &[Block]) -> BlockSet {
    let n = cfg.num_blocks();
    let reach = reachable(cfg);
    let kills: BlockSet = defs.iter().copied().collect();
    let ue_var: BlockSet = upward_exposed.iter().copied().collect();
    let mut live_in = vec![false; n];
    let mut changed = true;
    while changed {
        changed = false;
        for b in 0..n {
            if !reach[b] || live_in[b] {
                continue; // the sets only grow: a live block stays live
            }
            let live_out = cfg.succs(b).iter().any(|&s| live_in[s]);
            let new = ue_var.contains(&b) || (live_out && !kills.contains(&b));
            if new {
                live_in[b] = true;
                changed = true;
            }
        }
    }
    (0..n).filter(|&b| live_in[b]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{set, swap_loop};

    // Rows of seed 001 §3 (blocks entry, for.cond, for.body, for.inc,
    // for.end = 0..5).

    #[test]
    fn live_in_row_of_a() {
        // %a: stores in entry, for.body; loads in for.body (first) and for.end.
        assert_eq!(live_in(&swap_loop(), &[0, 2], &[2, 4]), set(&[1, 2, 3, 4]));
    }

    #[test]
    fn live_in_row_of_b() {
        // %b: stores in entry, for.body; loads in for.body, before the store.
        assert_eq!(live_in(&swap_loop(), &[0, 2], &[2]), set(&[1, 2, 3]));
    }

    #[test]
    fn live_in_row_of_i() {
        // %i: stores in entry, for.inc; loads in for.cond and for.inc (first).
        assert_eq!(live_in(&swap_loop(), &[0, 3], &[1, 3]), set(&[1, 2, 3]));
    }

    #[test]
    fn live_in_of_the_fast_path_allocas() {
        // The table shows "—" for %n.addr and %t because LLVM takes a fast
        // path; the equations still give an answer. %n.addr: stored in
        // entry, loaded in for.cond (no store there).
        assert_eq!(live_in(&swap_loop(), &[0], &[1]), set(&[1, 2, 3]));
        // %t: the load in for.body follows the store: never upward-exposed.
        assert_eq!(live_in(&swap_loop(), &[2], &[]), set(&[]));
    }

    #[test]
    fn unreachable_blocks_are_never_live_in() {
        // 0 -> 1; 2 (unreachable) -> 1; a use in 1 and in 2.
        let cfg = Cfg::from_edges(3, &[(0, 1), (2, 1)]);
        assert_eq!(live_in(&cfg, &[], &[1, 2]), set(&[0, 1]));
    }
}
