//! The solution of a phi-placement exercise, computed with the same fast
//! analyses the passes use (the oracle checks them in
//! `tests/drill_vs_oracle.rs`):
//!
//! * dominator tree: `DomTree::compute` (Cooper, Harvey and Kennedy);
//! * DF: `dominance_frontiers` (the same paper's runner walk);
//! * DF⁺(D): `IdfCalculator` (Sreedhar and Gao's DJ-graph walk);
//! * live-in: `LiveInCalculator` (Algorithm 16.4.2 of seed 001);
//! * minimal placement: DF⁺(D) (Cytron et al. 1991);
//! * semi-pruned: DF⁺(D) for variables upward exposed in some block (Briggs
//!   et al. 1998: "non-local" names), none for the others;
//! * pruned: DF⁺(D) ∩ LiveIn, by `mem2reg::placement::pruned_phi_blocks`,
//!   the function `pebble-mem2reg` itself calls.
//!
//! Unreachable blocks follow the passes' conventions: they are in no
//! dominator tree, frontier, live-in set or placement.

use crate::analysis::cfg::Block;
use crate::analysis::dominators::DomTree;
use crate::analysis::frontier::{dominance_frontiers, IdfCalculator, IteratedFrontier};
use crate::analysis::liveness::LiveInCalculator;
use crate::transforms::mem2reg::placement::{pruned_phi_blocks, AccessSummary, SlotAccesses};

use super::exercise::Exercise;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub reachable: Vec<bool>,
    /// Immediate dominators (`None`: the entry, or unreachable).
    pub idom: Vec<Option<Block>>,
    /// DF of every block, sorted.
    pub frontiers: Vec<Vec<Block>>,
    /// One per variable, in the exercise's order.
    pub variables: Vec<VariableSolution>,
}

/// Every list sorted by block number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariableSolution {
    pub defs: Vec<Block>,
    pub upward_exposed: Vec<Block>,
    pub idf: Vec<Block>,
    pub live_in: Vec<Block>,
    pub minimal: Vec<Block>,
    pub semi_pruned: Vec<Block>,
    pub pruned: Vec<Block>,
}

pub fn solve(exercise: &Exercise) -> Solution {
    let cfg = &exercise.cfg;
    let dt = DomTree::compute(cfg);
    let reachable = cfg.reachable();
    let slots: Vec<SlotAccesses> = exercise
        .variables
        .iter()
        .map(|v| SlotAccesses {
            defs: v.defs(),
            upward_exposed: v.upward_exposed(),
        })
        .collect();
    let pruned = pruned_phi_blocks(cfg, &dt, &reachable, &AccessSummary::from_slots(&slots));
    let mut idf = IdfCalculator::new(cfg, &dt);
    let mut live = LiveInCalculator::new(cfg, &reachable);
    let variables = slots
        .iter()
        .zip(pruned.iter())
        .map(|(slot, pruned)| {
            let idf_blocks = idf.calculate(&slot.defs, None);
            let mut live_in = live.live_in_blocks(&slot.defs, &slot.upward_exposed);
            live_in.sort_unstable();
            let non_local = !slot.upward_exposed.is_empty();
            VariableSolution {
                defs: slot.defs.clone(),
                upward_exposed: slot.upward_exposed.clone(),
                minimal: idf_blocks.clone(),
                semi_pruned: if non_local {
                    idf_blocks.clone()
                } else {
                    Vec::new()
                },
                idf: idf_blocks,
                live_in,
                pruned: pruned.to_vec(),
            }
        })
        .collect();
    Solution {
        idom: (0..cfg.num_blocks()).map(|b| dt.idom(b)).collect(),
        frontiers: dominance_frontiers(cfg, &dt),
        reachable,
        variables,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cfg::Cfg;
    use crate::drill::exercise::{Action, Difficulty, Variable};

    /// The seed's swap loop as an exercise, with %a's accesses:
    /// entry(0) -> cond(1) -> body(2) -> inc(3) -> cond; cond -> end(4).
    #[test]
    fn the_seeds_variable_a() {
        use Action::*;
        let exercise = Exercise {
            difficulty: Difficulty::Easy,
            seed: 0,
            cfg: Cfg::from_edges(5, &[(0, 1), (1, 2), (1, 4), (2, 3), (3, 1)]),
            variables: vec![Variable {
                name: "a".to_string(),
                actions: vec![vec![Def], vec![], vec![Use, Def], vec![], vec![Use]],
            }],
        };
        let s = solve(&exercise);
        let a = &s.variables[0];
        assert_eq!(a.live_in, vec![1, 2, 3, 4]);
        assert_eq!(a.idf, vec![1]);
        assert_eq!(
            (a.minimal.clone(), a.semi_pruned.clone(), a.pruned.clone()),
            (vec![1], vec![1], vec![1])
        );
        assert_eq!(s.idom, vec![None, Some(0), Some(1), Some(2), Some(1)]);
    }
}
