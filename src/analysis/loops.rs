//! Natural loops from back edges and dominators (Aho–Sethi–Ullman, Dragon
//! book §9.6; LLVM's `LoopInfo` for reducible loops).
//!
//! An edge `t -> h` is a back edge when `h` dominates `t`. All back edges
//! into one header form one loop: the header plus every block that reaches
//! a latch (the source of a back edge) backwards without passing the
//! header. Only reachable blocks take part. Cycles without a dominating
//! header (irreducible control flow) are not natural loops and are not
//! reported.
//!
//! Loops are returned innermost first: a loop nested in another has
//! strictly fewer blocks, so ordering by size (then header) puts every
//! inner loop before the loops containing it.

use super::cfg::{Block, Cfg};
use super::dominators::DomTree;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaturalLoop {
    pub header: Block,
    /// Sources of back edges into the header, each once, sorted.
    pub latches: Vec<Block>,
    /// Every block of the loop (header included), sorted.
    pub blocks: Vec<Block>,
}

impl NaturalLoop {
    pub fn contains(&self, b: Block) -> bool {
        self.blocks.binary_search(&b).is_ok()
    }
}

/// The natural loops of `cfg`, innermost first.
pub fn natural_loops(cfg: &Cfg, dt: &DomTree) -> Vec<NaturalLoop> {
    let n = cfg.num_blocks();
    let mut latches_of: Vec<Vec<Block>> = vec![Vec::new(); n];
    for t in 0..n {
        if !dt.is_reachable(t) {
            continue;
        }
        for &h in cfg.succs(t) {
            if dt.dominates(h, t) && latches_of[h].last() != Some(&t) {
                latches_of[h].push(t);
            }
        }
    }
    let mut loops = Vec::new();
    let mut in_loop = vec![false; n];
    for (header, latches) in latches_of.into_iter().enumerate() {
        if latches.is_empty() {
            continue;
        }
        let mut blocks = vec![header];
        in_loop[header] = true;
        let mut worklist: Vec<Block> = latches.clone();
        while let Some(b) = worklist.pop() {
            if in_loop[b] {
                continue;
            }
            in_loop[b] = true;
            blocks.push(b);
            worklist.extend(
                cfg.preds(b)
                    .iter()
                    .copied()
                    .filter(|&p| dt.is_reachable(p) && !in_loop[p]),
            );
        }
        for &b in &blocks {
            in_loop[b] = false;
        }
        blocks.sort_unstable();
        let mut latches = latches;
        latches.sort_unstable();
        latches.dedup();
        loops.push(NaturalLoop {
            header,
            latches,
            blocks,
        });
    }
    loops.sort_by_key(|l| (l.blocks.len(), l.header));
    loops
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nest_is_found_inner_first() {
        // 0 -> 1 (outer header) -> 2 (inner header) -> 3 -> 2; 2 -> 4 -> 1; 1 -> 5
        let cfg = Cfg::from_edges(6, &[(0, 1), (1, 2), (2, 3), (3, 2), (2, 4), (4, 1), (1, 5)]);
        let dt = DomTree::compute(&cfg);
        let loops = natural_loops(&cfg, &dt);
        assert_eq!(loops.len(), 2);
        assert_eq!(
            loops[0],
            NaturalLoop {
                header: 2,
                latches: vec![3],
                blocks: vec![2, 3]
            }
        );
        assert_eq!(
            loops[1],
            NaturalLoop {
                header: 1,
                latches: vec![4],
                blocks: vec![1, 2, 3, 4]
            }
        );
    }

    #[test]
    fn two_back_edges_make_one_loop_with_two_latches() {
        // 0 -> 1 -> 2 -> 1; 1 -> 3 -> 1; 1 -> 4; a duplicate edge 2 -> 1
        let cfg = Cfg::from_edges(5, &[(0, 1), (1, 2), (2, 1), (2, 1), (1, 3), (3, 1), (1, 4)]);
        let dt = DomTree::compute(&cfg);
        let loops = natural_loops(&cfg, &dt);
        assert_eq!(
            loops,
            vec![NaturalLoop {
                header: 1,
                latches: vec![2, 3],
                blocks: vec![1, 2, 3]
            }]
        );
    }

    #[test]
    fn irreducible_cycles_and_unreachable_loops_are_not_natural_loops() {
        // 0 -> 1 <-> 2 <- 0 (irreducible); 3 -> 4 -> 3 unreachable
        let cfg = Cfg::from_edges(5, &[(0, 1), (0, 2), (1, 2), (2, 1), (3, 4), (4, 3)]);
        let dt = DomTree::compute(&cfg);
        assert!(natural_loops(&cfg, &dt).is_empty());
    }

    #[test]
    fn a_self_loop_is_its_own_latch() {
        let cfg = Cfg::from_edges(3, &[(0, 1), (1, 1), (1, 2)]);
        let dt = DomTree::compute(&cfg);
        assert_eq!(
            natural_loops(&cfg, &dt),
            vec![NaturalLoop {
                header: 1,
                latches: vec![1],
                blocks: vec![1]
            }]
        );
    }
}
