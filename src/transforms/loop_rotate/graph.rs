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
//! `LoopNest` is the natural-loop forest computed once at the start
//! (`analysis::loops`), as each block's innermost loop plus each loop's
//! parent. A block rotation adds is given the innermost loop LLVM's
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

use crate::analysis::cfg::Block;
use crate::analysis::loops::NaturalLoop;
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
    /// The forest of `loops` (innermost first) over `n` blocks. Linear in
    /// the loops' total size, which `natural_loops` already spent.
    pub fn new(n: usize, loops: &[NaturalLoop]) -> Self {
        let mut innermost: Vec<Option<LoopId>> = vec![None; n];
        let mut header_of: HashMap<Block, LoopId> = HashMap::new();
        for (id, l) in loops.iter().enumerate() {
            header_of.insert(l.header, id);
        }
        let mut parent: Vec<Option<LoopId>> = vec![None; loops.len()];
        for (id, l) in loops.iter().enumerate() {
            for &b in &l.blocks {
                if innermost[b].is_none() {
                    innermost[b] = Some(id);
                }
                // The first (smallest) loop other than an inner loop itself
                // that holds the inner loop's header is its parent.
                if let Some(&inner) = header_of.get(&b) {
                    if inner != id && parent[inner].is_none() {
                        parent[inner] = Some(id);
                    }
                }
            }
        }
        let mut depth = vec![0; loops.len()];
        for id in (0..loops.len()).rev() {
            depth[id] = parent[id].map_or(1, |p| depth[p] + 1);
        }
        LoopNest {
            loops: loops
                .iter()
                .enumerate()
                .map(|(id, l)| LoopInfo {
                    header: l.header,
                    parent: parent[id],
                    depth: depth[id],
                })
                .collect(),
            innermost,
        }
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
