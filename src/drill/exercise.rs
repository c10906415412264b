//! Random phi-placement exercises: a CFG and variables defined and used in
//! some of its blocks.
//!
//! Generation (all choices from one `SplitMix64` stream seeded by the seed
//! and the difficulty, so a seed always gives the same exercise):
//! 1. a spanning tree: block `i` gets one predecessor among `0..i` (usually
//!    `i - 1`), so every block is reachable and the entry has no
//!    predecessor, as LLVM requires;
//! 2. extra edges, at most two successors per block: forward edges make
//!    joins, edges to an earlier block (or itself) make loops;
//! 3. `hard` only: one or two unreachable blocks with edges into the graph
//!    (they add predecessors that renaming never visits);
//! 4. per variable and block, a short sequence of definitions and uses.
//!
//! A candidate is kept only if it fits its difficulty (`easy`/`medium`:
//! reducible with a loop; `hard`: an irreducible loop and unreachable
//! blocks) and is worth solving (some phi; for `medium`/`hard`, a variable
//! whose minimal and pruned placements differ). Otherwise the stream
//! continues with the next candidate.

use crate::analysis::cfg::{Block, Cfg};
use crate::analysis::dominators::DomTree;

use super::rng::SplitMix64;
use super::solution::solve;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficulty {
    /// 5-7 blocks, 2 variables, reducible, a loop
    Easy,
    /// 7-10 blocks, 3 variables, reducible, loops
    Medium,
    /// 9-12 blocks plus 1-2 unreachable ones, 4 variables, an irreducible loop
    Hard,
}

impl Difficulty {
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    fn params(self) -> Params {
        match self {
            Difficulty::Easy => Params {
                blocks: (5, 7),
                unreachable: (0, 0),
                variables: 2,
                branch_percent: 45,
                back_percent: 30,
            },
            Difficulty::Medium => Params {
                blocks: (7, 10),
                unreachable: (0, 0),
                variables: 3,
                branch_percent: 55,
                back_percent: 35,
            },
            Difficulty::Hard => Params {
                blocks: (9, 12),
                unreachable: (1, 2),
                variables: 4,
                branch_percent: 65,
                back_percent: 45,
            },
        }
    }
}

struct Params {
    /// Reachable blocks, inclusive range.
    blocks: (usize, usize),
    unreachable: (usize, usize),
    variables: usize,
    /// Chance that a block with one successor gets a second one.
    branch_percent: usize,
    /// Chance that an extra edge goes backwards (a loop).
    back_percent: usize,
}

/// What a statement does to a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Def,
    Use,
}

/// A variable and its statements, per block, in execution order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    pub name: String,
    pub actions: Vec<Vec<Action>>,
}

impl Variable {
    /// D: the blocks that define it.
    pub fn defs(&self) -> Vec<Block> {
        self.blocks_where(|a| a.contains(&Action::Def))
    }

    /// The blocks whose first statement on it is a use.
    pub fn upward_exposed(&self) -> Vec<Block> {
        self.blocks_where(|a| a.first() == Some(&Action::Use))
    }

    fn blocks_where(&self, keep: impl Fn(&[Action]) -> bool) -> Vec<Block> {
        (0..self.actions.len())
            .filter(|&b| keep(&self.actions[b]))
            .collect()
    }
}

/// One exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exercise {
    pub difficulty: Difficulty,
    pub seed: u64,
    pub cfg: Cfg,
    pub variables: Vec<Variable>,
}

/// How many candidates a seed may try; every seed tested so far needs far
/// fewer (see the tests), and running out still returns a valid exercise.
const MAX_CANDIDATES: usize = 10_000;

const VARIABLE_NAMES: [&str; 4] = ["x", "y", "z", "w"];

/// Chance that a variable other than the first is block-local.
const LOCAL_VARIABLE_PERCENT: usize = 25;

impl Exercise {
    /// The exercise of this difficulty and seed.
    pub fn generate(difficulty: Difficulty, seed: u64) -> Exercise {
        // Mix the difficulty in so `--seed 1` differs between difficulties.
        let mut rng =
            SplitMix64::new(seed ^ (difficulty as u64 + 1).wrapping_mul(0xA076_1D64_78BD_642F));
        let params = difficulty.params();
        let mut candidate = None;
        for _ in 0..MAX_CANDIDATES {
            let cfg = random_cfg(&mut rng, &params);
            let variables = (0..params.variables)
                .map(|v| {
                    // Now and then a block-local variable (never read before it is
                    // written in a block): semi-pruned SSA gives it no phi.
                    let local = v > 0 && rng.chance(LOCAL_VARIABLE_PERCENT);
                    random_variable(&mut rng, &cfg, VARIABLE_NAMES[v], local)
                })
                .collect();
            let exercise = Exercise {
                difficulty,
                seed,
                cfg,
                variables,
            };
            if exercise.fits_difficulty() && exercise.worth_solving() {
                return exercise;
            }
            candidate = Some(exercise);
        }
        candidate.expect("MAX_CANDIDATES > 0")
    }

    pub fn num_blocks(&self) -> usize {
        self.cfg.num_blocks()
    }

    pub fn block_name(&self, b: Block) -> String {
        format!("B{b}")
    }

    /// The shape the difficulty promises.
    pub fn fits_difficulty(&self) -> bool {
        let reachable = self.cfg.reachable();
        let has_join = (0..self.num_blocks()).any(|b| {
            reachable[b] && self.cfg.preds(b).iter().filter(|&&p| reachable[p]).count() >= 2
        });
        let shape = loop_shape(&self.cfg);
        let unreachable = reachable.iter().any(|&r| !r);
        has_join
            && match self.difficulty {
                Difficulty::Easy | Difficulty::Medium => {
                    shape == LoopShape::Reducible && !unreachable
                }
                Difficulty::Hard => shape == LoopShape::Irreducible && unreachable,
            }
    }

    /// Some phi is needed; above `easy`, pruning must matter for some variable.
    fn worth_solving(&self) -> bool {
        let solution = solve(self);
        let some_phi = solution.variables.iter().any(|v| !v.pruned.is_empty());
        let pruning_matters = solution.variables.iter().any(|v| v.minimal != v.pruned);
        some_phi && (self.difficulty == Difficulty::Easy || pruning_matters)
    }
}

fn random_cfg(rng: &mut SplitMix64, p: &Params) -> Cfg {
    let n = rng.range(p.blocks.0, p.blocks.1);
    let unreachable = rng.range(p.unreachable.0, p.unreachable.1);
    let mut succs: Vec<Vec<Block>> = vec![Vec::new(); n + unreachable];
    // 1. Spanning tree: i - 1 always has room (only i can be its child yet).
    for i in 1..n {
        let parent = if rng.chance(60) {
            i - 1
        } else {
            let open: Vec<Block> = (0..i).filter(|&j| succs[j].len() < 2).collect();
            open[rng.below(open.len())]
        };
        succs[parent].push(i);
    }
    // 2. Second successors; the last block stays an exit.
    for (b, out) in succs.iter_mut().enumerate().take(n - 1) {
        if out.len() >= 2 || !rng.chance(p.branch_percent) {
            continue;
        }
        let target = if rng.chance(p.back_percent) {
            rng.range(1, b.max(1)) // backwards or to itself; never the entry
        } else {
            rng.range(b + 1, n - 1)
        };
        if target != 0 && !out.contains(&target) {
            out.push(target);
        }
    }
    // 3. Unreachable blocks jump into the graph (or to each other).
    let total = n + unreachable;
    for (u, out) in succs.iter_mut().enumerate().skip(n) {
        let edges = rng.range(1, 2);
        for _ in 0..edges {
            let target = rng.range(1, total - 1);
            if target != u && !out.contains(&target) {
                out.push(target);
            }
        }
    }
    let edges: Vec<(Block, Block)> = succs
        .iter()
        .enumerate()
        .flat_map(|(b, ss)| ss.iter().map(move |&s| (b, s)))
        .collect();
    Cfg::from_edges(n + unreachable, &edges)
}

/// Statements of one variable; it must be defined somewhere reachable
/// besides the entry and, unless `local`, used somewhere before being
/// defined (else no phi could be live). A `local` variable is only ever
/// used after a definition in the same block.
fn random_variable(rng: &mut SplitMix64, cfg: &Cfg, name: &str, local: bool) -> Variable {
    let reachable = cfg.reachable();
    loop {
        let actions: Vec<Vec<Action>> = (0..cfg.num_blocks())
            .map(|b| {
                let actions = random_actions(rng, b);
                if local && actions.first() == Some(&Action::Use) {
                    vec![Action::Def, Action::Use]
                } else {
                    actions
                }
            })
            .collect();
        let v = Variable {
            name: name.to_string(),
            actions,
        };
        let defined = v.defs().iter().any(|&b| reachable[b] && b != 0);
        let exposed = v.upward_exposed().iter().any(|&b| reachable[b]);
        if defined && (exposed || local) {
            return v;
        }
    }
}

fn random_actions(rng: &mut SplitMix64, block: Block) -> Vec<Action> {
    let roll = rng.below(100);
    if block == 0 {
        // The entry initialises most variables and never reads them first.
        return match roll {
            0..=54 => vec![Action::Def],
            55..=64 => vec![Action::Def, Action::Use],
            _ => vec![],
        };
    }
    match roll {
        0..=15 => vec![Action::Def],
        16..=35 => vec![Action::Use],
        36..=42 => vec![Action::Use, Action::Def],
        43..=46 => vec![Action::Def, Action::Use],
        _ => vec![],
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopShape {
    NoLoop,
    Reducible,
    Irreducible,
}

/// A CFG is reducible iff every retreating edge of a depth-first search
/// from the entry goes to a block that dominates its source (Hecht and
/// Ullman 1974); such edges are back edges of natural loops.
pub fn loop_shape(cfg: &Cfg) -> LoopShape {
    let dt = DomTree::compute(cfg);
    let n = cfg.num_blocks();
    let mut on_stack = vec![false; n];
    let mut seen = vec![false; n];
    let mut shape = LoopShape::NoLoop;
    if n == 0 {
        return shape;
    }
    let mut stack: Vec<(Block, usize)> = vec![(0, 0)];
    seen[0] = true;
    on_stack[0] = true;
    while let Some(top) = stack.last_mut() {
        let (b, next) = *top;
        let Some(&s) = cfg.succs(b).get(next) else {
            on_stack[b] = false;
            stack.pop();
            continue;
        };
        top.1 += 1;
        if on_stack[s] {
            if !dt.dominates(s, b) {
                return LoopShape::Irreducible;
            }
            shape = LoopShape::Reducible;
        } else if !seen[s] {
            seen[s] = true;
            on_stack[s] = true;
            stack.push((s, 0));
        }
    }
    shape
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loop_shapes() {
        // 0 -> 1 -> 2 -> 1: a natural loop.
        assert_eq!(
            loop_shape(&Cfg::from_edges(3, &[(0, 1), (1, 2), (2, 1)])),
            LoopShape::Reducible
        );
        // 0 -> 1, 0 -> 2, 1 <-> 2: two entries into the cycle.
        let irreducible = Cfg::from_edges(3, &[(0, 1), (0, 2), (1, 2), (2, 1)]);
        assert_eq!(loop_shape(&irreducible), LoopShape::Irreducible);
        assert_eq!(
            loop_shape(&Cfg::from_edges(3, &[(0, 1), (0, 2), (1, 2)])),
            LoopShape::NoLoop
        );
    }

    #[test]
    fn a_seed_always_gives_the_same_exercise() {
        for d in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
            assert_eq!(Exercise::generate(d, 42), Exercise::generate(d, 42));
            assert_ne!(Exercise::generate(d, 42).cfg, Exercise::generate(d, 43).cfg);
        }
    }

    #[test]
    fn some_variables_are_block_local() {
        let local = (0..100)
            .flat_map(|seed| Exercise::generate(Difficulty::Medium, seed).variables)
            .filter(|v| v.upward_exposed().is_empty())
            .count();
        assert!(local > 10, "{local} block-local variables in 300");
    }

    #[test]
    fn every_seed_fits_its_difficulty() {
        for seed in 0..300 {
            for d in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
                let ex = Exercise::generate(d, seed);
                assert!(ex.fits_difficulty(), "{d:?} seed {seed}");
                assert!(ex.worth_solving(), "{d:?} seed {seed}");
                assert!(
                    !ex.cfg.preds(0).iter().any(|_| true),
                    "the entry has no predecessor"
                );
                assert!((0..ex.num_blocks()).all(|b| ex.cfg.succs(b).len() <= 2));
            }
        }
    }
}
