//! The plain control-flow graph every analysis works on.
//!
//! Blocks are numbered `0..n` in the function's layout order and block 0 is
//! the entry. Edges keep their multiplicity: a `switch` with two cases going
//! to the same block contributes two edges, because a phi needs one incoming
//! value per edge. Each edge also records its position in its target's
//! predecessor list (`pred_slot`), so a pass filling phi operands knows which
//! incoming slot an edge feeds.
//!
//! Precondition of every analysis: the entry block has no predecessors, as
//! LLVM IR requires (a branch to the entry block does not verify).
//!
//! No LLVM type appears here: the analyses are tested on synthetic graphs.

/// A block number: the block's position in layout order.
pub type Block = usize;

/// A CFG with edge multiplicity, entry block 0.
///
/// Stored flat (compressed sparse rows): the successors of `b` are
/// `succ[succ_start[b]..succ_start[b + 1]]`, likewise the predecessors. On
/// functions of tens of thousands of blocks, a `Vec` per block and list cost
/// more in allocation and cache misses than the analyses themselves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cfg {
    n: usize,
    succ_start: Vec<u32>,
    succ: Vec<Block>,
    /// `pred_slot[succ_start[b] + k]`: position of the edge `b -> succs(b)[k]`
    /// in the predecessor list of its target.
    pred_slot: Vec<u32>,
    pred_start: Vec<u32>,
    pred: Vec<Block>,
}

impl Cfg {
    /// A graph of `n` blocks and no edges.
    pub fn new(n: usize) -> Self {
        Cfg {
            n,
            succ_start: vec![0; n + 1],
            succ: Vec::new(),
            pred_slot: Vec::new(),
            pred_start: vec![0; n + 1],
            pred: Vec::new(),
        }
    }

    /// A graph from an edge list; edges are added in the order given (as by
    /// `add_edge` one after the other, in linear time).
    pub fn from_edges(n: usize, edges: &[(Block, Block)]) -> Self {
        let mut succ_start = vec![0u32; n + 1];
        let mut pred_start = vec![0u32; n + 1];
        for &(from, to) in edges {
            succ_start[from + 1] += 1;
            pred_start[to + 1] += 1;
        }
        for b in 0..n {
            succ_start[b + 1] += succ_start[b];
            pred_start[b + 1] += pred_start[b];
        }
        // Next free position of each block's successor and predecessor run.
        let mut succ_fill: Vec<u32> = succ_start[..n].to_vec();
        let mut pred_fill: Vec<u32> = pred_start[..n].to_vec();
        let mut succ = vec![0; edges.len()];
        let mut pred = vec![0; edges.len()];
        let mut pred_slot = vec![0; edges.len()];
        for &(from, to) in edges {
            let (s, p) = (succ_fill[from] as usize, pred_fill[to] as usize);
            succ[s] = to;
            pred[p] = from;
            pred_slot[s] = pred_fill[to] - pred_start[to];
            succ_fill[from] += 1;
            pred_fill[to] += 1;
        }
        Cfg {
            n,
            succ_start,
            succ,
            pred_slot,
            pred_start,
            pred,
        }
    }

    /// Adds the edge `from -> to`; adding it twice makes two edges. Linear in
    /// the graph's size (it shifts the flat arrays): build large graphs with
    /// `from_edges`.
    pub fn add_edge(&mut self, from: Block, to: Block) {
        let slot = self.preds(to).len() as u32;
        let s = self.succ_start[from + 1] as usize;
        self.succ.insert(s, to);
        self.pred_slot.insert(s, slot);
        for start in &mut self.succ_start[from + 1..] {
            *start += 1;
        }
        let p = self.pred_start[to + 1] as usize;
        self.pred.insert(p, from);
        for start in &mut self.pred_start[to + 1..] {
            *start += 1;
        }
    }

    pub fn num_blocks(&self) -> usize {
        self.n
    }

    pub fn entry(&self) -> Block {
        0
    }

    pub fn succs(&self, b: Block) -> &[Block] {
        &self.succ[self.succ_start[b] as usize..self.succ_start[b + 1] as usize]
    }

    pub fn preds(&self, b: Block) -> &[Block] {
        &self.pred[self.pred_start[b] as usize..self.pred_start[b + 1] as usize]
    }

    /// The number of edges.
    pub fn num_edges(&self) -> usize {
        self.succ.len()
    }

    /// All edges in insertion order of their source's successor lists.
    pub fn edges(&self) -> impl Iterator<Item = (Block, Block)> + '_ {
        (0..self.n).flat_map(move |b| self.succs(b).iter().map(move |&s| (b, s)))
    }

    /// For successor position `k` of block `b`, the position of that edge in
    /// the predecessor list of `succs(b)[k]`.
    pub fn pred_slot(&self, b: Block, k: usize) -> usize {
        self.pred_slot[self.succ_start[b] as usize + k] as usize
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
            if let Some(&s) = self.succs(b).get(next) {
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
    fn pred_slots_name_each_edge_once_whatever_the_insertion_order() {
        let cfg = sample();
        assert_eq!(cfg.preds(2), &[1, 0, 0, 3]);
        let slots: Vec<_> = (0..3).map(|k| cfg.pred_slot(0, k)).collect();
        assert_eq!(slots, vec![0, 1, 2]);
        assert_eq!(cfg.pred_slot(1, 0), 0);
        assert_eq!(cfg.pred_slot(3, 0), 3);
        for (b, succs) in (0..4).map(|b| (b, cfg.succs(b))) {
            for (k, &s) in succs.iter().enumerate() {
                assert_eq!(cfg.preds(s)[cfg.pred_slot(b, k)], b);
            }
        }
    }

    #[test]
    fn add_edge_after_construction_matches_from_edges() {
        let edges = [(0, 1), (1, 2), (0, 2), (0, 2), (3, 2)];
        let mut cfg = Cfg::new(4);
        for &(from, to) in &edges {
            cfg.add_edge(from, to);
        }
        assert_eq!(cfg, Cfg::from_edges(4, &edges));
        let mut grown = Cfg::from_edges(4, &edges[..3]);
        grown.add_edge(0, 2);
        grown.add_edge(3, 2);
        assert_eq!(grown, sample());
        assert_eq!(grown.num_edges(), 5);
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
