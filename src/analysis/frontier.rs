//! Dominance frontiers and the iterated dominance frontier (IDF).
//!
//! * `dominance_frontiers`: DF(b) for every block by the "runner" method of
//!   Cooper–Harvey–Kennedy (2001), Figure 5: for each join block with two or
//!   more predecessors, walk up from each reachable predecessor to the join's
//!   immediate dominator, adding the join to the frontier of every block
//!   passed. Used by the teaching views and tests; the pass itself does not
//!   need it.
//! * `IdfCalculator`: DF⁺(D), optionally intersected with a live-in set, in
//!   time linear in the size of the graph, by Sreedhar & Gao, "A Linear Time
//!   Algorithm for Placing φ-nodes" (POPL 1995), in the priority-queue form
//!   of LLVM's `IDFCalculatorBase::calculate`: definition blocks are visited
//!   deepest first; from each root the dominator subtree is walked once, and
//!   every J-edge (an edge `x -> y` where `x` does not strictly dominate `y`)
//!   that leads to a block no deeper than the root puts that block in DF⁺.
//!   A block that gets a phi is a new definition and joins the queue.
//! * `FrontierIdf`: DF⁺ by Cytron's worklist over precomputed frontier sets
//!   (`dominance_frontiers_bounded`), cheaper per variable when the sets are
//!   small; mem2reg's placement picks between the two per function.
//!
//! Invariants: each block enters the queue at most once and each dominator
//! subtree is walked at most once per call (`walked` persists across roots:
//! a deeper root already looked at every J-edge a shallower one would accept,
//! since the acceptance bound only shrinks). With live-in pruning, a block
//! that is not live-in gets no phi and is not a new definition; the result is
//! `DF⁺(D) ∩ LiveIn` (checked against the naive fixpoint in the oracle tests).

use std::collections::BinaryHeap;

use super::cfg::{Block, Cfg};
use super::dominators::DomTree;
use super::lists::{group_by_list, Lists};
use super::stamps::StampSet;

/// DF(b) for every block, each list sorted by block number. Unreachable
/// blocks have empty frontiers and appear in none.
pub fn dominance_frontiers(cfg: &Cfg, dt: &DomTree) -> Vec<Vec<Block>> {
    dominance_frontiers_bounded(cfg, dt, usize::MAX)
        .expect("no bound")
        .to_vecs()
}

/// `dominance_frontiers`, or `None` as soon as the runners have taken more
/// than `max_steps` steps. The total size of all frontiers can be quadratic
/// in the number of blocks (a ladder of joins); callers that want the sets
/// only when they are small pass a bound proportional to the graph size.
/// The runners add to the frontiers in any block order: each addition is
/// recorded as a (block, join) pair, grouped by block at the end.
pub fn dominance_frontiers_bounded(
    cfg: &Cfg,
    dt: &DomTree,
    max_steps: usize,
) -> Option<Lists<Block>> {
    let n = cfg.num_blocks();
    let mut pairs: Vec<(u32, Block)> = Vec::new();
    // The join last added to each block's frontier.
    let mut last_join: Vec<Block> = vec![Block::MAX; n];
    let mut steps = 0usize;
    for join in 0..n {
        if !dt.is_reachable(join) {
            continue;
        }
        let reachable_preds = cfg.preds(join).iter().filter(|&&p| dt.is_reachable(p));
        if reachable_preds.clone().count() < 2 {
            continue;
        }
        let stop = dt.idom(join);
        for &p in reachable_preds {
            let mut runner = Some(p);
            while runner.is_some() && runner != stop {
                let r = runner.unwrap();
                // Joins are visited in increasing order, so a duplicate
                // (two predecessors whose runners meet) is always the last.
                if last_join[r] != join {
                    last_join[r] = join;
                    pairs.push((r as u32, join));
                }
                steps += 1;
                if steps > max_steps {
                    return None;
                }
                runner = dt.idom(r);
            }
        }
    }
    Some(group_by_list(n, &pairs))
}

/// The two ways to DF⁺ (`FrontierIdf`, `IdfCalculator`).
pub trait IteratedFrontier {
    /// DF⁺(`defs`), restricted to blocks where `live_in` is true when it is
    /// given, sorted by block number, into `phis` (cleared first: a caller
    /// placing many variables reuses one vector). Unreachable definition
    /// blocks are ignored.
    fn calculate_into(
        &mut self,
        defs: &[Block],
        live_in: Option<&dyn Fn(Block) -> bool>,
        phis: &mut Vec<Block>,
    );

    /// `calculate_into` a new vector.
    fn calculate(&mut self, defs: &[Block], live_in: Option<&dyn Fn(Block) -> bool>) -> Vec<Block> {
        let mut phis = Vec::new();
        self.calculate_into(defs, live_in, &mut phis);
        phis
    }
}

/// DF⁺ from precomputed frontier sets, by the worklist of Cytron et al.
/// (1991), Figure 11: a block added to DF⁺ becomes a definition in turn.
/// Cost per call: the frontier entries of the blocks it visits, which is
/// what makes placement for thousands of variables cheap when the sets are
/// small (the chain-in-a-loop case: every frontier is {header}).
///
/// With `live_in`, returns `DF⁺(D) ∩ LiveIn`: the closure itself is computed
/// in full (a block that gets no phi still propagates), and only the output
/// is filtered, so the result is that set by construction.
pub struct FrontierIdf<'a> {
    frontiers: &'a Lists<Block>,
    reachable: &'a [bool],
    in_idf: StampSet,
    defined: StampSet,
    worklist: Vec<Block>,
}

impl<'a> FrontierIdf<'a> {
    pub fn new(frontiers: &'a Lists<Block>, reachable: &'a [bool]) -> Self {
        let n = frontiers.len();
        FrontierIdf {
            frontiers,
            reachable,
            in_idf: StampSet::new(n),
            defined: StampSet::new(n),
            worklist: Vec::new(),
        }
    }
}

impl IteratedFrontier for FrontierIdf<'_> {
    fn calculate_into(
        &mut self,
        defs: &[Block],
        live_in: Option<&dyn Fn(Block) -> bool>,
        phis: &mut Vec<Block>,
    ) {
        phis.clear();
        self.in_idf.clear();
        self.defined.clear();
        self.worklist.clear();
        for &d in defs {
            if self.reachable[d] && self.defined.insert(d) {
                self.worklist.push(d);
            }
        }
        while let Some(x) = self.worklist.pop() {
            for &y in &self.frontiers[x] {
                if !self.in_idf.insert(y) {
                    continue;
                }
                if live_in.is_none_or(|live| live(y)) {
                    phis.push(y);
                }
                if self.defined.insert(y) {
                    self.worklist.push(y);
                }
            }
        }
        phis.sort_unstable();
    }
}

/// Reusable IDF computation: scratch space is sized once per function and
/// cleared by generation stamps, so one calculator serves many allocas
/// without O(blocks) work per call beyond what the walk itself touches.
pub struct IdfCalculator<'a> {
    cfg: &'a Cfg,
    dt: &'a DomTree,
    defined: StampSet,
    queued: StampSet,
    walked: StampSet,
    worklist: Vec<Block>,
    queue: BinaryHeap<(u32, u32, Block)>,
}

impl<'a> IdfCalculator<'a> {
    pub fn new(cfg: &'a Cfg, dt: &'a DomTree) -> Self {
        let n = cfg.num_blocks();
        IdfCalculator {
            cfg,
            dt,
            defined: StampSet::new(n),
            queued: StampSet::new(n),
            walked: StampSet::new(n),
            worklist: Vec::new(),
            queue: BinaryHeap::new(),
        }
    }
}

impl IteratedFrontier for IdfCalculator<'_> {
    fn calculate_into(
        &mut self,
        defs: &[Block],
        live_in: Option<&dyn Fn(Block) -> bool>,
        phis: &mut Vec<Block>,
    ) {
        phis.clear();
        self.defined.clear();
        self.queued.clear();
        self.walked.clear();
        let (cfg, dt) = (self.cfg, self.dt);
        for &d in defs {
            if dt.is_reachable(d) && self.defined.insert(d) {
                // Max-heap on (level, dfs number): deepest definitions first,
                // ties broken the way LLVM breaks them.
                self.queue.push((dt.level(d), dt.dfs_in(d), d));
                self.walked.insert(d);
            }
        }
        while let Some((root_level, _, root)) = self.queue.pop() {
            self.worklist.clear();
            self.worklist.push(root);
            self.walked.insert(root);
            while let Some(node) = self.worklist.pop() {
                for &succ in cfg.succs(node) {
                    // D-edges and J-edges into the root's strict subtree are
                    // deeper than the root: not in its frontier.
                    if dt.level(succ) > root_level || !self.queued.insert(succ) {
                        continue;
                    }
                    if let Some(live) = live_in {
                        if !live(succ) {
                            continue;
                        }
                    }
                    phis.push(succ);
                    if !self.defined.contains(succ) {
                        self.queue.push((dt.level(succ), dt.dfs_in(succ), succ));
                    }
                }
                for &child in dt.children(node) {
                    if self.walked.insert(child) {
                        self.worklist.push(child);
                    }
                }
            }
        }
        phis.sort_unstable();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The swap loop of the seed (blocks entry, for.cond, for.body, for.inc,
    // for.end = 0..5):
    //   entry -> cond; cond -> body, end; body -> inc; inc -> cond
    fn swap_loop() -> Cfg {
        Cfg::from_edges(5, &[(0, 1), (1, 2), (1, 4), (2, 3), (3, 1)])
    }

    #[test]
    fn frontiers_of_the_swap_loop() {
        let cfg = swap_loop();
        let dt = DomTree::compute(&cfg);
        let df = dominance_frontiers(&cfg, &dt);
        assert_eq!(df, vec![vec![], vec![1], vec![1], vec![1], vec![]]);
    }

    #[test]
    fn idf_of_the_seeds_variable_a() {
        // %a is stored in entry and for.body; live-in at body, cond, inc, end.
        let cfg = swap_loop();
        let dt = DomTree::compute(&cfg);
        let mut idf = IdfCalculator::new(&cfg, &dt);
        let live = [false, true, true, true, true];
        assert_eq!(idf.calculate(&[0, 2], Some(&|b| live[b])), vec![1]);
        // Not live anywhere: no phi at all.
        assert_eq!(
            idf.calculate(&[0, 2], Some(&|_| false)),
            Vec::<Block>::new()
        );
    }

    #[test]
    fn iterated_frontier_of_an_if_inside_a_loop() {
        // 0 -> 1 (header); 1 -> 2, 3; 2 -> 4; 3 -> 4; 4 -> 1, 5
        let cfg = Cfg::from_edges(6, &[(0, 1), (1, 2), (1, 3), (2, 4), (3, 4), (4, 1), (4, 5)]);
        let dt = DomTree::compute(&cfg);
        let mut idf = IdfCalculator::new(&cfg, &dt);
        // A store in 2 needs a phi at the join 4 and, through it, at 1.
        assert_eq!(idf.calculate(&[2], None), vec![1, 4]);
        let df = dominance_frontiers_bounded(&cfg, &dt, usize::MAX).unwrap();
        let reach = cfg.reachable();
        let mut from_sets = FrontierIdf::new(&df, &reach);
        assert_eq!(from_sets.calculate(&[2], None), vec![1, 4]);
        // Pruned to live-in {1}: 4 still propagates to 1.
        assert_eq!(from_sets.calculate(&[2], Some(&|b| b == 1)), vec![1]);
    }

    #[test]
    fn bounded_frontiers_give_up_past_the_bound() {
        let cfg = swap_loop();
        let dt = DomTree::compute(&cfg);
        assert_eq!(dominance_frontiers_bounded(&cfg, &dt, 1), None);
        assert_eq!(
            dominance_frontiers_bounded(&cfg, &dt, 100).map(|df| df.to_vecs()),
            Some(dominance_frontiers(&cfg, &dt))
        );
    }
}
