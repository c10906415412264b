//! Dominance frontiers by their definition, and the iterated frontier by
//! fixpoint.
//!
//! DF (seed 004, "支配边界"; Cytron et al., TOPLAS 1991, §4.2):
//!
//! ```text
//! Y ∈ DF(X)  ⇔  X dom P for some P ∈ preds(Y), and not (X sdom Y)
//! ```
//!
//! computed literally: for every reachable `Y`, every reachable predecessor
//! `P` and every `X ∈ Dom(P)`. Unreachable blocks have empty frontiers and
//! are in none (they dominate nothing and are dominated by nothing).
//!
//! DF⁺ (Cytron et al. 1991, §4.3): DF(S) = ⋃_{X∈S} DF(X), and
//!
//! ```text
//! DF⁺(S) = lim DF_i,   DF_1 = DF(S),   DF_{i+1} = DF(S ∪ DF_i)
//! ```
//!
//! iterated until the set stops changing (it only grows, inside a finite set).

use super::dominance::{dominates, dominators, strictly_dominates};
use super::BlockSet;
use crate::analysis::cfg::{Block, Cfg};

/// DF(X) for every block `X`.
pub fn dominance_frontier(cfg: &Cfg) -> Vec<BlockSet> {
    frontier_from_dominators(cfg, &dominators(cfg))
}

/// DF(X) for every block, given Dom(n) for every block.
pub fn frontier_from_dominators(cfg: &Cfg, dom: &[BlockSet]) -> Vec<BlockSet> {
    let n = cfg.num_blocks();
    let mut df = vec![BlockSet::new(); n];
    for y in 0..n {
        for &p in cfg.preds(y) {
            // Dom(p) is empty when p is unreachable: no contribution.
            for &x in &dom[p] {
                debug_assert!(dominates(dom, x, p));
                if !strictly_dominates(dom, x, y) {
                    df[x].insert(y);
                }
            }
        }
    }
    df
}

/// DF⁺(S) for a set of blocks `S` (duplicates and unreachable blocks
/// allowed; unreachable ones contribute nothing).
pub fn iterated_frontier(cfg: &Cfg, s: &[Block]) -> BlockSet {
    iterate_frontier(&dominance_frontier(cfg), s)
}

/// DF⁺(S) given the frontier of every block.
pub fn iterate_frontier(df: &[BlockSet], s: &[Block]) -> BlockSet {
    let base: BlockSet = s.iter().copied().collect();
    let mut result = frontier_of_set(df, &base);
    loop {
        let with_result: BlockSet = base.union(&result).copied().collect();
        let next = frontier_of_set(df, &with_result);
        if next == result {
            return result;
        }
        result = next;
    }
}

/// DF(S) = ⋃_{X ∈ S} DF(X).
fn frontier_of_set(df: &[BlockSet], s: &BlockSet) -> BlockSet {
    s.iter().flat_map(|&x| df[x].iter().copied()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{set, swap_loop};

    #[test]
    fn frontiers_of_the_swap_loop() {
        // Seed 001, §3: DF(for.body) = {for.cond}, DF(for.cond) = {for.cond}.
        let df = dominance_frontier(&swap_loop());
        assert_eq!(
            df,
            vec![set(&[]), set(&[1]), set(&[1]), set(&[1]), set(&[])]
        );
    }

    #[test]
    fn iterated_frontiers_of_the_seeds_table() {
        let cfg = swap_loop();
        // %a and %b: stores in entry and for.body.
        assert_eq!(iterated_frontier(&cfg, &[0, 2]), set(&[1]));
        // %i: stores in entry and for.inc.
        assert_eq!(iterated_frontier(&cfg, &[0, 3]), set(&[1]));
        // %n.addr: stored in entry only; DF(entry) = ∅ (Theorem 15.3.10).
        assert_eq!(iterated_frontier(&cfg, &[0]), set(&[]));
        // %t: stored in for.body only.
        assert_eq!(iterated_frontier(&cfg, &[2]), set(&[1]));
    }

    #[test]
    fn the_iteration_reaches_the_outer_join() {
        // 0 -> 1 (header); 1 -> 2, 3; 2 -> 4; 3 -> 4; 4 -> 1, 5.
        // DF(2) = {4}, DF(4) = {1}: DF⁺({2}) needs the second round.
        let cfg = Cfg::from_edges(6, &[(0, 1), (1, 2), (1, 3), (2, 4), (3, 4), (4, 1), (4, 5)]);
        let df = dominance_frontier(&cfg);
        assert_eq!(df[2], set(&[4]));
        assert_eq!(df[4], set(&[1]));
        assert_eq!(iterated_frontier(&cfg, &[2]), set(&[1, 4]));
    }

    #[test]
    fn unreachable_blocks_are_in_no_frontier() {
        // 0 -> 1 -> 2; 3 (unreachable) -> 2, 3 -> 3
        let cfg = Cfg::from_edges(4, &[(0, 1), (1, 2), (3, 2), (3, 3)]);
        let df = dominance_frontier(&cfg);
        assert!(df.iter().all(|f| f.is_empty()));
        assert_eq!(iterated_frontier(&cfg, &[3, 1]), set(&[]));
    }

    #[test]
    fn an_entry_with_predecessors_has_a_frontier() {
        // LLVM IR forbids edges into the entry, and the fast analyses rely
        // on that. The definition does not: with 0 -> 1 -> 0, block 0
        // dominates its predecessor 1 and does not strictly dominate itself.
        let cfg = Cfg::from_edges(2, &[(0, 1), (1, 0)]);
        assert_eq!(dominance_frontier(&cfg), vec![set(&[0]), set(&[0])]);
        assert_eq!(iterated_frontier(&cfg, &[]), set(&[]));
        assert_eq!(iterated_frontier(&cfg, &[0]), set(&[0]));
    }

    #[test]
    fn a_self_loop_is_in_its_own_frontier() {
        // 0 -> 1, 1 -> 1, 1 -> 2
        let cfg = Cfg::from_edges(3, &[(0, 1), (1, 1), (1, 2)]);
        assert_eq!(dominance_frontier(&cfg)[1], set(&[1]));
    }
}
