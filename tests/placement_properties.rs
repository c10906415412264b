//! Property tests: the fast CFG analyses and pebble-mem2reg's placement
//! against the naive oracle (`pebble::oracle`), on random CFGs.
//!
//! The generator draws 1 to 12 blocks, then a random edge list (at most
//! about two edges per block), half of the time threaded on a chain
//! 0 -> 1 -> ... -> n-1 first (so most blocks are reachable and extra edges
//! form loops, often irreducible ones: a back edge plus a forward edge into
//! the loop body). Without the chain, blocks are often unreachable.
//! Self-loops, duplicate edges and 1-block functions come out of both. As in
//! LLVM IR, no edge enters the entry block: the fast analyses assume it
//! (with an edge into the entry, DF(entry) can be non-empty, and the runner
//! method misses it). Each case carries 1 to 3 variables, each with random
//! definition blocks and random upward-exposed blocks.
//! `generator_covers_the_interesting_shapes` checks that all of these shapes
//! really are produced.
//!
//! Each property runs `CASES` cases; six properties make 15 000 CFGs per
//! `cargo test`. A failure shrinks and prints the case as
//! `blocks 0..n; edges a->b ...; var0 defs {..} ue {..}; ...`.

use std::collections::BTreeSet;
use std::fmt;

use pebble::analysis::cfg::{Block, Cfg};
use pebble::analysis::dominators::DomTree;
use pebble::analysis::frontier::{dominance_frontiers, IdfCalculator, IteratedFrontier};
use pebble::analysis::liveness::LiveInCalculator;
use pebble::oracle::dominance::{dominates, strictly_dominates};
use pebble::oracle::*;
use pebble::transforms::mem2reg::placement::{pruned_phi_blocks, AccessSummary, SlotAccesses};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::FileFailurePersistence;
use proptest::test_runner::TestRunner;

const CASES: u32 = 2_500;
const MAX_BLOCKS: usize = 12;

/// One variable: the blocks that define it and the blocks whose first
/// access to it is a use. Both sorted, without duplicates.
#[derive(Clone)]
struct Var {
    defs: Vec<Block>,
    upward_exposed: Vec<Block>,
}

/// A random CFG with a few variables.
#[derive(Clone)]
struct Case {
    blocks: usize,
    edges: Vec<(Block, Block)>,
    vars: Vec<Var>,
}

impl Case {
    fn cfg(&self) -> Cfg {
        Cfg::from_edges(self.blocks, &self.edges)
    }

    fn slots(&self) -> Vec<SlotAccesses> {
        self.vars
            .iter()
            .map(|v| SlotAccesses {
                defs: v.defs.clone(),
                upward_exposed: v.upward_exposed.clone(),
            })
            .collect()
    }
}

/// `{1, 2}` for a list of blocks.
fn braces(blocks: &[Block]) -> String {
    let items: Vec<String> = blocks.iter().map(|b| b.to_string()).collect();
    format!("{{{}}}", items.join(", "))
}

impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "blocks 0..{}; edges", self.blocks)?;
        for (from, to) in &self.edges {
            write!(f, " {from}->{to}")?;
        }
        for (i, v) in self.vars.iter().enumerate() {
            write!(
                f,
                "; var{i} defs {} ue {}",
                braces(&v.defs),
                braces(&v.upward_exposed)
            )?;
        }
        Ok(())
    }
}

/// The block count is drawn first; edges and variables are then drawn
/// inside it, so shrinking removes single edges, lowers endpoints and drops
/// definition or use blocks one at a time. No edge enters the entry block
/// (an LLVM IR rule), so a 1-block case has no edges.
fn cases() -> impl Strategy<Value = Case> {
    (1..=MAX_BLOCKS).prop_flat_map(|blocks| {
        let block = 0..blocks;
        // 1..blocks is empty for one block; 1..2 then yields only block 1,
        // which is dropped below.
        let target = 1..blocks.max(2);
        let block_list = || proptest::collection::btree_set(block.clone(), 0..4);
        (
            Just(blocks),
            any::<bool>(),
            // Sparse graphs are the interesting ones: at most about two
            // extra edges per block.
            proptest::collection::vec((block.clone(), target), 0..=2 * blocks + 1),
            proptest::collection::vec((block_list(), block_list()), 1..=3),
        )
            .prop_map(|(blocks, chain, extra, raw_vars)| {
                let mut edges: Vec<(Block, Block)> = Vec::new();
                if chain {
                    edges.extend((1..blocks).map(|b| (b - 1, b)));
                }
                edges.extend(extra.into_iter().filter(|&(_, to)| to < blocks));
                let vars = raw_vars
                    .into_iter()
                    .map(|(defs, ue)| Var {
                        defs: defs.into_iter().collect(),
                        upward_exposed: ue.into_iter().collect(),
                    })
                    .collect();
                Case {
                    blocks,
                    edges,
                    vars,
                }
            })
    })
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        // A shrunk failure is saved next to this file and replayed first.
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

fn sorted(set: &BlockSet) -> Vec<Block> {
    set.iter().copied().collect()
}

proptest! {
    #![proptest_config(config())]

    /// Reachability agrees, and CHK's immediate dominators and its
    /// `dominates` equal the sets of the iterative intersection, for every
    /// pair of blocks.
    #[test]
    fn dominator_tree_matches_naive_dominator_sets(case in cases()) {
        let cfg = case.cfg();
        let dt = DomTree::compute(&cfg);
        let dom = dominators(&cfg);
        let reach = reachable(&cfg);
        let fast_idoms: Vec<Option<Block>> = (0..case.blocks).map(|b| dt.idom(b)).collect();
        prop_assert_eq!(fast_idoms, idoms(&cfg));
        prop_assert_eq!(&cfg.reachable(), &reach);
        for (a, &a_reachable) in reach.iter().enumerate() {
            prop_assert_eq!(dt.is_reachable(a), a_reachable, "reachability of {}", a);
            for b in 0..case.blocks {
                prop_assert_eq!(dt.dominates(a, b), dominates(&dom, a, b), "{} dom {}", a, b);
                prop_assert_eq!(
                    dt.strictly_dominates(a, b),
                    strictly_dominates(&dom, a, b),
                    "{} sdom {}", a, b
                );
            }
        }
    }

    /// The runner method gives DF(X) = { Y | X dom a pred of Y, not X sdom Y }.
    #[test]
    fn runner_frontiers_match_the_definition(case in cases()) {
        let cfg = case.cfg();
        let dt = DomTree::compute(&cfg);
        let naive: Vec<Vec<Block>> = dominance_frontier(&cfg).iter().map(sorted).collect();
        prop_assert_eq!(dominance_frontiers(&cfg, &dt), naive);
    }

    /// Sreedhar–Gao without pruning gives the fixpoint DF⁺(D), for several
    /// variables through one reused calculator; adding the entry to D
    /// changes nothing (DF(entry) = ∅).
    #[test]
    fn sreedhar_gao_matches_the_iterated_frontier(case in cases()) {
        let cfg = case.cfg();
        let dt = DomTree::compute(&cfg);
        let mut idf = IdfCalculator::new(&cfg, &dt);
        for var in &case.vars {
            let naive = sorted(&iterated_frontier(&cfg, &var.defs));
            prop_assert_eq!(idf.calculate(&var.defs, None), naive.clone(), "defs {:?}", var.defs);
            let mut with_entry = var.defs.clone();
            with_entry.push(cfg.entry());
            prop_assert_eq!(idf.calculate(&with_entry, None), naive, "defs {:?} + entry", var.defs);
        }
    }

    /// The backward walk of Algorithm 16.4.2 equals the least fixpoint of
    /// the liveness equations, for several variables through one calculator.
    #[test]
    fn live_in_walk_matches_the_dataflow_equations(case in cases()) {
        let cfg = case.cfg();
        let reach = cfg.reachable();
        let mut calc = LiveInCalculator::new(&cfg, &reach);
        for var in &case.vars {
            let naive = live_in(&cfg, &var.defs, &var.upward_exposed);
            let mut fast = calc.live_in_blocks(&var.defs, &var.upward_exposed);
            fast.sort_unstable();
            prop_assert_eq!(&fast, &sorted(&naive), "var {:?} / {:?}", var.defs, var.upward_exposed);
            for b in 0..case.blocks {
                prop_assert_eq!(calc.was_live_in(b), naive.contains(&b), "was_live_in({})", b);
            }
        }
    }

    /// pebble-mem2reg's placement is DF⁺(D) ∩ LiveIn for every slot, and
    /// the oracle's own checker agrees.
    #[test]
    fn mem2reg_placement_is_the_pruned_placement(case in cases()) {
        let cfg = case.cfg();
        let dt = DomTree::compute(&cfg);
        let reach = cfg.reachable();
        let slots = case.slots();
        let fast = pruned_phi_blocks(&cfg, &dt, &reach, &AccessSummary::from_slots(&slots)).to_vecs();
        let naive: Vec<Vec<Block>> = case
            .vars
            .iter()
            .map(|v| sorted(&pruned_placement(&cfg, &v.defs, &v.upward_exposed)))
            .collect();
        // The checker's message names the slot, the block and the kind of
        // difference; the comparison below then also pins the block order.
        prop_assert_eq!(check_pruned_placement(&cfg, &slots, &fast), Ok(()));
        prop_assert_eq!(&fast, &naive, "pebble-mem2reg (left) vs oracle (right)");
    }

    /// The oracle's placements nest: pruned ⊆ semi-pruned ⊆ minimal, and
    /// pruned is exactly the live part of minimal.
    #[test]
    fn oracle_placements_nest(case in cases()) {
        let cfg = case.cfg();
        for v in &case.vars {
            let minimal = minimal_placement(&cfg, &v.defs);
            let semi = semi_pruned_placement(&cfg, &v.defs, &v.upward_exposed);
            let pruned = pruned_placement(&cfg, &v.defs, &v.upward_exposed);
            prop_assert!(pruned.is_subset(&semi), "pruned {:?} semi {:?}", pruned, semi);
            prop_assert!(semi.is_subset(&minimal), "semi {:?} minimal {:?}", semi, minimal);
            let live = live_in(&cfg, &v.defs, &v.upward_exposed);
            let live_part: BlockSet = minimal.intersection(&live).copied().collect();
            prop_assert_eq!(pruned, live_part);
        }
    }
}

/// Whether the reachable part of the graph has a loop with two entries:
/// after removing the back edges (u -> v with v dom u) a cycle remains.
fn is_irreducible(cfg: &Cfg) -> bool {
    let dom = dominators(cfg);
    let reach = reachable(cfg);
    let n = cfg.num_blocks();
    let forward: Vec<(Block, Block)> = cfg
        .edges()
        .filter(|&(u, v)| reach[u] && !dominates(&dom, v, u))
        .collect();
    // Kahn's algorithm: a cycle leaves blocks that never reach in-degree 0.
    let mut indegree = vec![0usize; n];
    for &(_, v) in &forward {
        indegree[v] += 1;
    }
    let mut ready: Vec<Block> = (0..n).filter(|&b| reach[b] && indegree[b] == 0).collect();
    let mut removed = 0;
    while let Some(b) = ready.pop() {
        removed += 1;
        for &(u, v) in &forward {
            if u == b {
                indegree[v] -= 1;
                if indegree[v] == 0 {
                    ready.push(v);
                }
            }
        }
    }
    removed < reach.iter().filter(|&&r| r).count()
}

/// The generator is only as good as the shapes it produces: check that a
/// sample of 2 000 cases contains each interesting shape many times.
#[test]
fn generator_covers_the_interesting_shapes() {
    let mut runner = TestRunner::deterministic();
    let strategy = cases();
    let (mut irreducible, mut unreachable, mut self_loop, mut duplicate, mut single) =
        (0, 0, 0, 0, 0);
    let (mut nonempty_phis, mut dead_idf_blocks) = (0, 0);
    for _ in 0..2_000 {
        let case = strategy.new_tree(&mut runner).unwrap().current();
        let cfg = case.cfg();
        irreducible += is_irreducible(&cfg) as u32;
        unreachable += reachable(&cfg).contains(&false) as u32;
        self_loop += case.edges.iter().any(|&(a, b)| a == b) as u32;
        let distinct: BTreeSet<_> = case.edges.iter().collect();
        duplicate += (distinct.len() < case.edges.len()) as u32;
        single += (case.blocks == 1) as u32;
        for v in &case.vars {
            let pruned = pruned_placement(&cfg, &v.defs, &v.upward_exposed);
            let minimal = minimal_placement(&cfg, &v.defs);
            nonempty_phis += !pruned.is_empty() as u32;
            dead_idf_blocks += (pruned.len() < minimal.len()) as u32;
        }
    }
    let counts = [
        ("irreducible", irreducible),
        ("unreachable", unreachable),
        ("self loop", self_loop),
        ("duplicate edge", duplicate),
        ("single block", single),
        ("variable with pruned phis", nonempty_phis),
        ("variable where pruning removes phis", dead_idf_blocks),
    ];
    eprintln!("generator coverage in 2000 cases: {counts:?}");
    for (shape, count) in counts {
        assert!(count >= 40, "only {count} cases of shape '{shape}' in 2000");
    }
}

/// `is_irreducible` itself, on the textbook examples.
#[test]
fn irreducibility_detector_knows_the_classic_shapes() {
    // Two-entry loop: 0 -> 1, 0 -> 2, 1 <-> 2.
    assert!(is_irreducible(&Cfg::from_edges(
        3,
        &[(0, 1), (0, 2), (1, 2), (2, 1)]
    )));
    // Natural loop with a self-loop: 0 -> 1 -> 2 -> 1, 2 -> 2.
    assert!(!is_irreducible(&Cfg::from_edges(
        3,
        &[(0, 1), (1, 2), (2, 1), (2, 2)]
    )));
    // An unreachable two-entry loop does not count.
    assert!(!is_irreducible(&Cfg::from_edges(
        4,
        &[(0, 1), (2, 3), (3, 2)]
    )));
}
