//! Dominators by iterated set intersection (seed 004, "确定支配集"):
//!
//! ```text
//! Dom(entry) = {entry}
//! Dom(n)     = {n} ∪ ⋂_{p ∈ preds(n), p reachable} Dom(p)
//! ```
//!
//! starting from Dom(n) = all reachable blocks for every reachable
//! `n ≠ entry` and iterating over all blocks until no set changes. The
//! greatest fixpoint is the dominator relation: `d ∈ Dom(n)` iff every path
//! from the entry to `n` passes `d`.
//!
//! The immediate dominator is read off the sets as the seed does ("确定最近
//! 必经节点"): the dominators of `n` form a chain, so idom(n) is the strict
//! dominator `d` of `n` with |Dom(d)| = |Dom(n)| - 1.
//!
//! Unreachable blocks have no dominators (Dom = ∅), dominate nothing, and
//! have no idom; they are also left out of the intersections (a path from
//! the entry never comes through them).

use super::BlockSet;
use crate::analysis::cfg::{Block, Cfg};

/// Which blocks a path from the entry reaches, by the fixpoint
/// "the entry is reachable; a successor of a reachable block is reachable".
pub fn reachable(cfg: &Cfg) -> Vec<bool> {
    let n = cfg.num_blocks();
    let mut reach = vec![false; n];
    if n == 0 {
        return reach;
    }
    reach[cfg.entry()] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for b in 0..n {
            if !reach[b] {
                continue;
            }
            for &s in cfg.succs(b) {
                if !reach[s] {
                    reach[s] = true;
                    changed = true;
                }
            }
        }
    }
    reach
}

/// Dom(n) for every block: the set of blocks that dominate `n` (including
/// `n` itself); empty for unreachable blocks.
pub fn dominators(cfg: &Cfg) -> Vec<BlockSet> {
    let n = cfg.num_blocks();
    let reach = reachable(cfg);
    let all_reachable: BlockSet = (0..n).filter(|&b| reach[b]).collect();
    let mut dom: Vec<BlockSet> = (0..n)
        .map(|b| {
            if !reach[b] {
                BlockSet::new()
            } else if b == cfg.entry() {
                BlockSet::from([b])
            } else {
                all_reachable.clone()
            }
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for b in 0..n {
            if !reach[b] || b == cfg.entry() {
                continue;
            }
            let mut new = intersection_over_reachable_preds(cfg, &reach, &dom, b);
            new.insert(b);
            if new != dom[b] {
                dom[b] = new;
                changed = true;
            }
        }
    }
    dom
}

/// ⋂ Dom(p) over the reachable predecessors `p` of `b` (a reachable
/// non-entry block has at least one).
fn intersection_over_reachable_preds(
    cfg: &Cfg,
    reach: &[bool],
    dom: &[BlockSet],
    b: Block,
) -> BlockSet {
    let mut result: Option<BlockSet> = None;
    for &p in cfg.preds(b) {
        if !reach[p] {
            continue;
        }
        result = Some(match result {
            None => dom[p].clone(),
            Some(acc) => acc.intersection(&dom[p]).copied().collect(),
        });
    }
    result.unwrap_or_default()
}

/// The immediate dominator of every block; `None` for the entry and for
/// unreachable blocks.
pub fn idoms(cfg: &Cfg) -> Vec<Option<Block>> {
    idoms_from_dominators(&dominators(cfg))
}

/// idom(n) = the strict dominator `d` of `n` whose own set is exactly one
/// smaller than Dom(n) (the dominators of `n` form a chain).
pub fn idoms_from_dominators(dom: &[BlockSet]) -> Vec<Option<Block>> {
    (0..dom.len())
        .map(|n| {
            dom[n]
                .iter()
                .copied()
                .find(|&d| d != n && dom[d].len() + 1 == dom[n].len())
        })
        .collect()
}

/// `a` dominates `b` (reflexive); false when either is unreachable.
pub fn dominates(dom: &[BlockSet], a: Block, b: Block) -> bool {
    dom[b].contains(&a)
}

/// `a` dominates `b` and `a ≠ b`.
pub fn strictly_dominates(dom: &[BlockSet], a: Block, b: Block) -> bool {
    a != b && dominates(dom, a, b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{set, swap_loop};

    #[test]
    fn dominator_sets_of_the_swap_loop() {
        let dom = dominators(&swap_loop());
        assert_eq!(
            dom,
            vec![
                set(&[0]),
                set(&[0, 1]),
                set(&[0, 1, 2]),
                set(&[0, 1, 2, 3]),
                set(&[0, 1, 4])
            ]
        );
        assert_eq!(
            idoms(&swap_loop()),
            vec![None, Some(0), Some(1), Some(2), Some(1)]
        );
    }

    #[test]
    fn irreducible_loop_entries_have_only_the_entry_as_idom() {
        // 0 -> 1, 0 -> 2, 1 <-> 2, 2 -> 3
        let cfg = Cfg::from_edges(4, &[(0, 1), (0, 2), (1, 2), (2, 1), (2, 3)]);
        assert_eq!(idoms(&cfg), vec![None, Some(0), Some(0), Some(2)]);
    }

    #[test]
    fn unreachable_blocks_dominate_nothing_and_have_no_dominators() {
        // 0 -> 1; 2 (unreachable) -> 1; 2 -> 2
        let cfg = Cfg::from_edges(3, &[(0, 1), (2, 1), (2, 2)]);
        let dom = dominators(&cfg);
        assert_eq!(dom, vec![set(&[0]), set(&[0, 1]), set(&[])]);
        assert_eq!(idoms(&cfg), vec![None, Some(0), None]);
        assert!(!dominates(&dom, 2, 2));
        assert!(!dominates(&dom, 2, 1));
        assert_eq!(reachable(&cfg), vec![true, true, false]);
    }

    #[test]
    fn a_single_block_dominates_itself_only() {
        let cfg = Cfg::from_edges(1, &[(0, 0)]);
        assert_eq!(dominators(&cfg), vec![set(&[0])]);
        assert_eq!(idoms(&cfg), vec![None]);
        assert!(!strictly_dominates(&dominators(&cfg), 0, 0));
    }
}
