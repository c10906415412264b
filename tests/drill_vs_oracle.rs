//! The drill's solutions (fast analyses: `DomTree`, `dominance_frontiers`,
//! `IdfCalculator`, `LiveInCalculator`, `pruned_phi_blocks`) agree with the
//! independent naive oracle (`pebble::oracle`) on 1 000 seeds of every
//! difficulty: idoms, DF, and per variable DF⁺(D), live-in and the minimal,
//! semi-pruned and pruned placements.

use pebble::drill::{solve, Difficulty, Exercise};
use pebble::oracle::{self, BlockSet};

const SEEDS: u64 = 1_000;

fn sorted(set: &BlockSet) -> Vec<usize> {
    set.iter().copied().collect()
}

fn check(difficulty: Difficulty, seed: u64) {
    let ex = Exercise::generate(difficulty, seed);
    let s = solve(&ex);
    let cfg = &ex.cfg;
    let at = format!("{difficulty:?} seed {seed}");
    assert_eq!(s.idom, oracle::idoms(cfg), "idoms, {at}");
    let df: Vec<Vec<usize>> = oracle::dominance_frontier(cfg).iter().map(sorted).collect();
    assert_eq!(s.frontiers, df, "DF, {at}");
    for (v, sol) in ex.variables.iter().zip(&s.variables) {
        let (defs, ue) = (v.defs(), v.upward_exposed());
        let at = format!("variable {}, {at}", v.name);
        assert_eq!(
            sol.idf,
            sorted(&oracle::iterated_frontier(cfg, &defs)),
            "DF⁺, {at}"
        );
        assert_eq!(
            sol.live_in,
            sorted(&oracle::live_in(cfg, &defs, &ue)),
            "live-in, {at}"
        );
        assert_eq!(
            sol.minimal,
            sorted(&oracle::minimal_placement(cfg, &defs)),
            "minimal, {at}"
        );
        assert_eq!(
            sol.semi_pruned,
            sorted(&oracle::semi_pruned_placement(cfg, &defs, &ue)),
            "semi-pruned, {at}"
        );
        assert_eq!(
            sol.pruned,
            sorted(&oracle::pruned_placement(cfg, &defs, &ue)),
            "pruned, {at}"
        );
    }
}

#[test]
fn easy_drills_agree_with_the_oracle() {
    (0..SEEDS).for_each(|seed| check(Difficulty::Easy, seed));
}

#[test]
fn medium_drills_agree_with_the_oracle() {
    (0..SEEDS).for_each(|seed| check(Difficulty::Medium, seed));
}

#[test]
fn hard_drills_agree_with_the_oracle() {
    (0..SEEDS).for_each(|seed| check(Difficulty::Hard, seed));
}

/// Guards the comparison itself: hard exercises must really contain what
/// makes them hard, or the oracle would only ever see easy graphs.
#[test]
fn hard_drills_have_irreducible_loops_and_unreachable_blocks() {
    for seed in 0..SEEDS {
        let ex = Exercise::generate(Difficulty::Hard, seed);
        assert!(ex.fits_difficulty(), "seed {seed}");
        assert!(ex.cfg.reachable().iter().any(|&r| !r), "seed {seed}");
    }
}
