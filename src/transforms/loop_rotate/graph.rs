//! The function's CFG and loop nest as rotation changes them.
//!
//! Rotation adds blocks (a new preheader, an exit-edge split), moves edges
//! and merges the old header into the latch. Re-reading the function and
//! recomputing dominators and loops after each rotation made the pass
//! cubic on deep loop nests (1 000 nested loops: 102 s). Instead the CFG is
//! read once into `FlowGraph` and every IR edit that changes an edge also
//! edits the graph, so the graph always mirrors the IR (each edit in
//! `edit` does both). Blocks are never renumbered: a block that goes away
//! keeps its number with no edges.
//!
//! `LoopNest` is the natural-loop forest computed once at the start, as
//! each block's innermost loop plus each loop's parent. It is built the way
//! LLVM's `LoopInfoBase::analyze` builds it, not from `analysis::loops`'
//! per-loop block lists: those hold every block of every enclosing loop,
//! quadratic in a deep nest (1 000 nested loops: 0.4 G instructions, most
//! of the pass). Headers are taken inner first (reverse dominator-tree
//! preorder: a header comes after every header dominating it); each one's
//! body is walked backwards from its latches, and a block already in a
//! loop stands for that loop's outermost ancestor found so far, whose
//! walk continues from its header (`discoverAndMapSubloop`), so every
//! block is walked once per loop it is innermost in, plus once per
//! subloop header. Ancestors are found with path compression. A block rotation adds is given the innermost loop LLVM's
//! `LoopInfo` would give it; a loop's body is never stored, so inner
//! rotations cannot make it stale: `contains(l, b)` walks up from `b`'s
//! innermost loop.
//!
//! Invariant kept by every editor: `preds`/`succs` list exactly the edges of
//! the live blocks' terminators (with multiplicity), and `reachable` is
//! reachability from the entry (rotation never changes which blocks are
//! reachable: new blocks sit on reachable edges).

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use crate::analysis::cfg::{Block, Cfg};
use crate::analysis::dominators::DomTree;
use crate::ir::FunctionCfg;
use crate::transforms::ssa_updater::Graph;

/// A CFG with edge multiplicity over the function's blocks, editable.
pub struct FlowGraph {
    /// Block number to LLVM block; entries of deleted blocks are stale.
    pub blocks: Vec<LLVMBasicBlockRef>,
    index: HashMap<LLVMBasicBlockRef, Block>,
    preds: Vec<Vec<Block>>,
    succs: Vec<Vec<Block>>,
    pub reachable: Vec<bool>,
}

impl FlowGraph {
    pub fn from_function(fcfg: &FunctionCfg) -> Self {
        let n = fcfg.cfg.num_blocks();
        FlowGraph {
            blocks: fcfg.blocks.clone(),
            index: fcfg
                .blocks
                .iter()
                .enumerate()
                .map(|(i, &b)| (b, i))
                .collect(),
            preds: (0..n).map(|b| fcfg.cfg.preds(b).to_vec()).collect(),
            succs: (0..n).map(|b| fcfg.cfg.succs(b).to_vec()).collect(),
            reachable: fcfg.cfg.reachable(),
        }
    }

    pub fn block_of(&self, bb: LLVMBasicBlockRef) -> Block {
        self.index[&bb]
    }

    /// # Safety
    /// `inst` is an instruction of the function.
    pub unsafe fn block_of_inst(&self, inst: LLVMValueRef) -> Block {
        self.block_of(LLVMGetInstructionParent(inst))
    }

    /// Registers a new block, without edges yet.
    pub fn add_block(&mut self, bb: LLVMBasicBlockRef, reachable: bool) -> Block {
        let b = self.blocks.len();
        self.blocks.push(bb);
        self.index.insert(bb, b);
        self.preds.push(Vec::new());
        self.succs.push(Vec::new());
        self.reachable.push(reachable);
        b
    }

    pub fn add_edge(&mut self, from: Block, to: Block) {
        self.succs[from].push(to);
        self.preds[to].push(from);
    }

    /// Removes every edge `from -> to`.
    pub fn remove_edges(&mut self, from: Block, to: Block) {
        self.succs[from].retain(|&s| s != to);
        self.preds[to].retain(|&p| p != from);
    }

    /// Every edge `from -> to` becomes `from -> new_to`.
    pub fn redirect_edges(&mut self, from: Block, to: Block, new_to: Block) {
        let n = self.succs[from].iter().filter(|&&s| s == to).count();
        self.remove_edges(from, to);
        for _ in 0..n {
            self.add_edge(from, new_to);
        }
    }

    /// `b` has been merged away: it has no edges left.
    pub fn remove_block(&mut self, b: Block) {
        debug_assert!(self.preds[b].is_empty() && self.succs[b].is_empty());
        self.reachable[b] = false;
        self.index.remove(&self.blocks[b]);
    }

    /// Moves every out-edge of `from` to `to` (their targets see `to` as
    /// predecessor instead of `from`).
    pub fn move_out_edges(&mut self, from: Block, to: Block) {
        for s in std::mem::take(&mut self.succs[from]) {
            for p in &mut self.preds[s] {
                if *p == from {
                    *p = to;
                }
            }
            self.succs[to].push(s);
        }
    }
}

impl Graph for FlowGraph {
    fn preds(&self, b: Block) -> &[Block] {
        &self.preds[b]
    }
    fn succs(&self, b: Block) -> &[Block] {
        &self.succs[b]
    }
}

/// A loop of the nest, by its index in `LoopNest::loops`.
pub type LoopId = usize;

pub struct LoopInfo {
    pub header: Block,
    pub parent: Option<LoopId>,
    pub depth: usize,
}

/// The natural-loop forest.
pub struct LoopNest {
    /// Innermost first (`analysis::loops` order): inner loops before the
    /// loops containing them.
    pub loops: Vec<LoopInfo>,
    innermost: Vec<Option<LoopId>>,
}

impl LoopNest {
    /// The natural-loop forest of `cfg` (only reachable blocks take part).
    pub fn compute(cfg: &Cfg, dt: &DomTree) -> Self {
        let n = cfg.num_blocks();
        let mut innermost: Vec<Option<LoopId>> = vec![None; n];
        let mut headers: Vec<Block> = Vec::new();
        let mut parent: Vec<Option<LoopId>> = Vec::new();
        // `outer[l]`: an ancestor of `l` (itself at first), compressed
        // towards the outermost one found so far.
        let mut outer: Vec<LoopId> = Vec::new();
        for &h in dt.preorder().iter().rev() {
            let latches: Vec<Block> = cfg
                .preds(h)
                .iter()
                .copied()
                .filter(|&t| dt.is_reachable(t) && dt.dominates(h, t))
                .collect();
            if latches.is_empty() {
                continue;
            }
            let l = headers.len();
            headers.push(h);
            parent.push(None);
            outer.push(l);
            innermost[h] = Some(l);
            let mut work = latches;
            while let Some(b) = work.pop() {
                match innermost[b] {
                    None => {
                        innermost[b] = Some(l);
                        work.extend(cfg.preds(b).iter().copied().filter(|&p| dt.is_reachable(p)));
                    }
                    Some(inner) => {
                        let top = find_outer(&mut outer, inner);
                        if top != l {
                            parent[top] = Some(l);
                            outer[top] = l;
                            let sub_header = headers[top];
                            work.extend(
                                cfg.preds(sub_header)
                                    .iter()
                                    .copied()
                                    .filter(|&p| dt.is_reachable(p) && innermost[p] != Some(top)),
                            );
                        }
                    }
                }
            }
        }
        let mut depth = vec![0; headers.len()];
        for id in (0..headers.len()).rev() {
            depth[id] = parent[id].map_or(1, |p| depth[p] + 1);
        }
        LoopNest {
            loops: (0..headers.len())
                .map(|id| LoopInfo {
                    header: headers[id],
                    parent: parent[id],
                    depth: depth[id],
                })
                .collect(),
            innermost,
        }
    }

    /// The predecessors of `b` (one per edge) that lie in loop `l`.
    pub fn preds_inside<'a>(
        &'a self,
        g: &'a FlowGraph,
        l: LoopId,
        b: Block,
    ) -> impl Iterator<Item = Block> + 'a {
        g.preds(b)
            .iter()
            .copied()
            .filter(move |&p| self.contains(l, p))
    }

    /// Whether block `b` lies in loop `l` (or a loop nested in it).
    pub fn contains(&self, l: LoopId, b: Block) -> bool {
        let target = self.loops[l].depth;
        let mut m = self.innermost.get(b).copied().flatten();
        while let Some(x) = m {
            if x == l {
                return true;
            }
            if self.loops[x].depth <= target {
                return false;
            }
            m = self.loops[x].parent;
        }
        false
    }

    /// The innermost loop `b` lies in (`None`: in no loop).
    pub fn innermost(&self, b: Block) -> Option<LoopId> {
        self.innermost.get(b).copied().flatten()
    }

    /// Records the innermost loop of a new block (`None`: in no loop).
    pub fn set_innermost(&mut self, b: Block, l: Option<LoopId>) {
        if self.innermost.len() <= b {
            self.innermost.resize(b + 1, None);
        }
        self.innermost[b] = l;
    }

    /// The innermost loop among `l`'s proper ancestors that contains `b`.
    pub fn enclosing_with(&self, l: LoopId, b: Block) -> Option<LoopId> {
        let mut m = self.loops[l].parent;
        while let Some(x) = m {
            if self.contains(x, b) {
                return Some(x);
            }
            m = self.loops[x].parent;
        }
        None
    }
}

/// The outermost known ancestor of `l`, compressing the path to it.
fn find_outer(outer: &mut [LoopId], l: LoopId) -> LoopId {
    let mut root = l;
    while outer[root] != root {
        root = outer[root];
    }
    let mut x = l;
    while outer[x] != root {
        let next = outer[x];
        outer[x] = root;
        x = next;
    }
    root
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::loops::natural_loops;

    /// xorshift: deterministic random graphs.
    fn graphs() -> impl Iterator<Item = Cfg> {
        let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move |bound: u64| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % bound
        };
        (0..400).map(move |_| {
            let n = 2 + next(10) as usize;
            let mut edges = Vec::new();
            for b in 0..n {
                for _ in 0..1 + next(2) {
                    let to = 1 + next(n as u64 - 1) as usize;
                    edges.push((b, to));
                }
            }
            Cfg::from_edges(n, &edges)
        })
    }

    #[test]
    fn the_nest_has_the_natural_loops_blocks_and_nesting() {
        for cfg in graphs() {
            let dt = DomTree::compute(&cfg);
            let nest = LoopNest::compute(&cfg, &dt);
            let loops = natural_loops(&cfg, &dt);
            assert_eq!(nest.loops.len(), loops.len(), "{cfg:?}");
            for (id, info) in nest.loops.iter().enumerate() {
                let natural = loops.iter().find(|l| l.header == info.header).unwrap();
                for b in 0..cfg.num_blocks() {
                    assert_eq!(
                        nest.contains(id, b),
                        natural.contains(b),
                        "{cfg:?} loop {id} block {b}"
                    );
                }
                // Inner loops come first.
                if let Some(p) = info.parent {
                    assert!(p > id);
                }
            }
        }
    }
}
