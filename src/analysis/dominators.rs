//! Dominator tree by the Cooper–Harvey–Kennedy iterative algorithm.
//!
//! Source: K. D. Cooper, T. J. Harvey, K. Kennedy, "A Simple, Fast Dominance
//! Algorithm" (2001), Figure 3: iterate `idom(b) = intersect(processed preds)`
//! in reverse post-order until nothing changes; `intersect` walks the two
//! candidates up the current tree by post-order number.
//!
//! Invariants after `compute`:
//! * `idom(entry) == None`, and `idom(b) == None` for every unreachable `b`
//!   (unreachable blocks are not in the tree);
//! * `level(entry) == 0`, `level(b) == level(idom(b)) + 1`;
//! * `dfs_in`/`dfs_out` number a pre-order walk of the tree, so
//!   `a dom b  <=>  dfs_in(a) <= dfs_in(b) && dfs_out(b) <= dfs_out(a)`;
//! * children are listed in increasing block order (deterministic walks).
//!
//! Every walk uses an explicit stack: a 100 000-block chain is a
//! 100 000-deep tree.

use super::cfg::{Block, Cfg};

const NONE: usize = usize::MAX;

#[derive(Clone, Debug)]
pub struct DomTree {
    idom: Vec<usize>,
    /// Children of `b`: `children[child_start[b]..child_start[b + 1]]`
    /// (flat, one allocation for the whole tree).
    child_start: Vec<u32>,
    children: Vec<Block>,
    level: Vec<u32>,
    dfs_in: Vec<u32>,
    dfs_out: Vec<u32>,
    preorder: Vec<Block>,
}

impl DomTree {
    pub fn compute(cfg: &Cfg) -> Self {
        let n = cfg.num_blocks();
        let rpo = cfg.reverse_postorder();
        // Post-order number of each reachable block: larger is closer to the entry.
        let mut po_num = vec![NONE; n];
        for (i, &b) in rpo.iter().enumerate() {
            po_num[b] = rpo.len() - 1 - i;
        }
        let mut idom = vec![NONE; n];
        if n > 0 {
            let entry = cfg.entry();
            idom[entry] = entry;
            let mut changed = true;
            while changed {
                changed = false;
                for &b in rpo.iter().skip(1) {
                    let mut new_idom = NONE;
                    for &p in cfg.preds(b) {
                        if idom[p] == NONE {
                            continue; // unreachable or not yet processed
                        }
                        new_idom = if new_idom == NONE {
                            p
                        } else {
                            intersect(&idom, &po_num, p, new_idom)
                        };
                    }
                    if idom[b] != new_idom {
                        idom[b] = new_idom;
                        changed = true;
                    }
                }
            }
            idom[entry] = NONE;
        }
        Self::from_idoms(
            cfg.num_blocks(),
            if n > 0 { Some(cfg.entry()) } else { None },
            idom,
        )
    }

    /// Builds the tree (children, levels, DFS numbers) from immediate
    /// dominators; `NONE` marks the root and blocks outside the tree.
    fn from_idoms(n: usize, root: Option<Block>, idom: Vec<usize>) -> Self {
        // Counting sort by parent; blocks are visited in increasing order,
        // so each child list comes out sorted.
        let mut child_start = vec![0u32; n + 1];
        for &d in &idom {
            if d != NONE {
                child_start[d + 1] += 1;
            }
        }
        for b in 0..n {
            child_start[b + 1] += child_start[b];
        }
        let mut fill: Vec<u32> = child_start[..n].to_vec();
        let mut children = vec![0; child_start[n] as usize];
        for (b, &d) in idom.iter().enumerate() {
            if d != NONE {
                children[fill[d] as usize] = b;
                fill[d] += 1;
            }
        }
        let kids = |b: Block| &children[child_start[b] as usize..child_start[b + 1] as usize];
        let mut level = vec![0u32; n];
        let mut dfs_in = vec![u32::MAX; n];
        let mut dfs_out = vec![u32::MAX; n];
        let mut preorder = Vec::with_capacity(n);
        if let Some(root) = root {
            let mut counter = 0u32;
            let mut stack: Vec<(Block, usize)> = vec![(root, 0)];
            dfs_in[root] = counter;
            counter += 1;
            preorder.push(root);
            while let Some(top) = stack.last_mut() {
                let (b, next) = *top;
                if let Some(&c) = kids(b).get(next) {
                    top.1 += 1;
                    level[c] = level[b] + 1;
                    dfs_in[c] = counter;
                    counter += 1;
                    preorder.push(c);
                    stack.push((c, 0));
                } else {
                    dfs_out[b] = counter;
                    counter += 1;
                    stack.pop();
                }
            }
        }
        DomTree {
            idom,
            child_start,
            children,
            level,
            dfs_in,
            dfs_out,
            preorder,
        }
    }

    pub fn num_blocks(&self) -> usize {
        self.idom.len()
    }

    /// The immediate dominator; `None` for the entry and unreachable blocks.
    pub fn idom(&self, b: Block) -> Option<Block> {
        let d = self.idom[b];
        (d != NONE).then_some(d)
    }

    /// Whether `b` is in the tree (reachable from the entry).
    pub fn is_reachable(&self, b: Block) -> bool {
        self.dfs_in[b] != u32::MAX
    }

    pub fn children(&self, b: Block) -> &[Block] {
        &self.children[self.child_start[b] as usize..self.child_start[b + 1] as usize]
    }

    /// Depth in the tree; the entry is at level 0. Meaningless for
    /// unreachable blocks.
    pub fn level(&self, b: Block) -> u32 {
        self.level[b]
    }

    pub fn dfs_in(&self, b: Block) -> u32 {
        self.dfs_in[b]
    }

    pub fn dfs_out(&self, b: Block) -> u32 {
        self.dfs_out[b]
    }

    /// Reachable blocks in tree pre-order (parents before children).
    pub fn preorder(&self) -> &[Block] {
        &self.preorder
    }

    /// `a` dominates `b` (reflexive). False when either is unreachable.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        self.is_reachable(a)
            && self.is_reachable(b)
            && self.dfs_in[a] <= self.dfs_in[b]
            && self.dfs_out[b] <= self.dfs_out[a]
    }

    pub fn strictly_dominates(&self, a: Block, b: Block) -> bool {
        a != b && self.dominates(a, b)
    }
}

/// Cooper–Harvey–Kennedy `intersect`: the nearest common ancestor of two
/// processed blocks in the tree built so far, by post-order numbers.
fn intersect(idom: &[usize], po_num: &[usize], mut a: Block, mut b: Block) -> Block {
    while a != b {
        while po_num[a] < po_num[b] {
            a = idom[a];
        }
        while po_num[b] < po_num[a] {
            b = idom[b];
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    //      0
    //     / \
    //    1   2
    //     \ /
    //      3 <-+
    //      |   |
    //      4 --+
    //      |
    //      5        6 (unreachable) -> 3
    fn diamond_loop() -> Cfg {
        Cfg::from_edges(
            7,
            &[
                (0, 1),
                (0, 2),
                (1, 3),
                (2, 3),
                (3, 4),
                (4, 3),
                (4, 5),
                (6, 3),
            ],
        )
    }

    #[test]
    fn idoms_of_a_diamond_with_a_loop() {
        let dt = DomTree::compute(&diamond_loop());
        let idoms: Vec<_> = (0..7).map(|b| dt.idom(b)).collect();
        assert_eq!(
            idoms,
            vec![None, Some(0), Some(0), Some(0), Some(3), Some(4), None]
        );
        assert_eq!(dt.level(5), 3);
        assert!(dt.dominates(3, 5));
        assert!(!dt.dominates(1, 3));
        assert!(!dt.is_reachable(6));
        assert!(!dt.dominates(0, 6));
    }

    #[test]
    fn irreducible_loop_entries_are_dominated_by_the_entry_only() {
        // 0 -> 1, 0 -> 2, 1 <-> 2
        let dt = DomTree::compute(&Cfg::from_edges(3, &[(0, 1), (0, 2), (1, 2), (2, 1)]));
        assert_eq!(dt.idom(1), Some(0));
        assert_eq!(dt.idom(2), Some(0));
    }

    #[test]
    fn a_deep_chain_builds_without_recursion() {
        let n = 100_000;
        let edges: Vec<_> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let dt = DomTree::compute(&Cfg::from_edges(n, &edges));
        assert_eq!(dt.level(n - 1), (n - 1) as u32);
        assert!(dt.dominates(0, n - 1));
    }
}
