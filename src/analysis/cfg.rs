//! The plain control-flow graph every analysis works on.
//!
//! Blocks are numbered `0..n` in the function's layout order and block 0 is
//! the entry. Edges keep their multiplicity: a `switch` with two cases going
//! to the same block contributes two edges, because a phi needs one incoming
//! value per edge. Predecessor lists are built in layout order of the source
//! block, then successor order, so `pred_slots` can tell for every edge which
//! position it has in its target's predecessor list.
//!
//! No LLVM type appears here: the analyses are tested on synthetic graphs.

/// A block number: the block's position in layout order.
pub type Block = usize;

/// A CFG with edge multiplicity, entry block 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cfg {
    succs: Vec<Vec<Block>>,
    preds: Vec<Vec<Block>>,
}

impl Cfg {
    /// A graph of `n` blocks and no edges.
    pub fn new(n: usize) -> Self {
        Cfg {
            succs: vec![Vec::new(); n],
            preds: vec![Vec::new(); n],
        }
    }

    /// A graph from an edge list; edges are added in the order given.
    pub fn from_edges(n: usize, edges: &[(Block, Block)]) -> Self {
        let mut cfg = Cfg::new(n);
        for &(from, to) in edges {
            cfg.add_edge(from, to);
        }
        cfg
    }

    /// Adds the edge `from -> to`; adding it twice makes two edges.
    pub fn add_edge(&mut self, from: Block, to: Block) {
        self.succs[from].push(to);
        self.preds[to].push(from);
    }

    pub fn num_blocks(&self) -> usize {
        self.succs.len()
    }

    pub fn entry(&self) -> Block {
        0
    }

    pub fn succs(&self, b: Block) -> &[Block] {
        &self.succs[b]
    }

    pub fn preds(&self, b: Block) -> &[Block] {
        &self.preds[b]
    }

    /// All edges in insertion order of their source's successor lists.
    pub fn edges(&self) -> impl Iterator<Item = (Block, Block)> + '_ {
        self.succs
            .iter()
            .enumerate()
            .flat_map(|(b, ss)| ss.iter().map(move |&s| (b, s)))
    }

    /// For every block `b` and successor position `k`, the position of the
    /// edge `b -> succs(b)[k]` in the predecessor list of its target.
    ///
    /// Valid because `add_edge` appends to both lists at once, so the k-th
    /// edge into a block is the k-th time it was named as a successor. This
    /// holds only while edges are added in layout order, as the IR reader and
    /// `from_edges` do; it is checked in debug builds.
    pub fn pred_slots(&self) -> Vec<Vec<u32>> {
        let mut seen = vec![0u32; self.num_blocks()];
        let mut slots = Vec::with_capacity(self.num_blocks());
        for (b, ss) in self.succs.iter().enumerate() {
            let mut row = Vec::with_capacity(ss.len());
            for &s in ss {
                let slot = seen[s];
                debug_assert_eq!(self.preds[s][slot as usize], b);
                row.push(slot);
                seen[s] += 1;
            }
            slots.push(row);
        }
        slots
    }

    /// Which blocks a path from the entry reaches.
    pub fn reachable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.num_blocks()];
        if self.num_blocks() == 0 {
            return seen;
        }
        let mut stack = vec![self.entry()];
        seen[self.entry()] = true;
        while let Some(b) = stack.pop() {
            for &s in self.succs(b) {
                if !seen[s] {
                    seen[s] = true;
                    stack.push(s);
                }
            }
        }
        seen
    }

    /// Reverse post-order of the blocks reachable from the entry, computed
    /// with an explicit stack (a 100 000-block chain must not overflow).
    pub fn reverse_postorder(&self) -> Vec<Block> {
        let n = self.num_blocks();
        let mut post = Vec::with_capacity(n);
        if n == 0 {
            return post;
        }
        let mut visited = vec![false; n];
        // (block, index of the next successor to look at)
        let mut stack: Vec<(Block, usize)> = vec![(self.entry(), 0)];
        visited[self.entry()] = true;
        while let Some(top) = stack.last_mut() {
            let (b, next) = *top;
            if let Some(&s) = self.succs[b].get(next) {
                top.1 += 1;
                if !visited[s] {
                    visited[s] = true;
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        post.reverse();
        post
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // 0 -> 1 -> 2, 0 -> 2 twice, 3 unreachable -> 2
    fn sample() -> Cfg {
        Cfg::from_edges(4, &[(0, 1), (1, 2), (0, 2), (0, 2), (3, 2)])
    }

    #[test]
    fn duplicate_edges_are_kept() {
        let cfg = sample();
        assert_eq!(cfg.succs(0), &[1, 2, 2]);
        assert_eq!(cfg.preds(2), &[1, 0, 0, 3]);
    }

    #[test]
    fn pred_slots_name_each_edge_once() {
        let cfg = sample();
        let slots = cfg.pred_slots();
        assert_eq!(slots[0], vec![0, 1, 2]);
        assert_eq!(slots[1], vec![0]);
        assert_eq!(slots[3], vec![3]);
    }

    #[test]
    fn reachability_and_rpo_skip_unreachable_blocks() {
        let cfg = sample();
        assert_eq!(cfg.reachable(), vec![true, true, true, false]);
        assert_eq!(cfg.reverse_postorder(), vec![0, 1, 2]);
    }

    #[test]
    fn rpo_of_a_long_chain_does_not_recurse() {
        let n = 200_000;
        let edges: Vec<_> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let cfg = Cfg::from_edges(n, &edges);
        let rpo = cfg.reverse_postorder();
        assert_eq!(rpo.len(), n);
        assert_eq!(rpo[n - 1], n - 1);
    }
}
