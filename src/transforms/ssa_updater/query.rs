//! One query of the SSA updater on the subgraph it explores (LLVM's
//! `SSAUpdaterImpl`): `explore` walks predecessors back from the starting
//! blocks to the blocks with a value (the roots); `number_forward` numbers
//! the explored blocks in post-order from a pseudo-entry above the roots;
//! `dominators` (Cooper–Harvey–Kennedy) and `place_phis` (a fixpoint over
//! the iterated dominance frontier of the roots) decide which blocks need
//! a phi; `materialise` reuses a matching web of existing phis
//! (`find_existing_phi`) or makes new ones, and records them in the updater.
//!
//! Invariants: info 0 is the pseudo-entry; every explored block has one
//! info, found through `index`; after `place_phis` every block a root
//! reaches (`num > 0`) has a `def`, the info whose value reaches its end,
//! and after `materialise` that info has a value.

use std::fmt;
use std::hash::Hash;

use super::{ExistingPhi, Graph, PhiFactory, SsaUpdater};
use crate::analysis::cfg::Block;
use crate::ir::{FastMap, FastSet};

/// An explored block's position in a query's `infos`: `u32`, so that the
/// infos the sweeps walk stay small (see `Info`).
type InfoId = u32;
const NONE: InfoId = InfoId::MAX;
const PSEUDO_ENTRY: InfoId = 0;

/// What one query knows of one explored block (LLVM's `BBInfo`) that its
/// sweeps read: 20 bytes, so that a query over a large function keeps its
/// infos in the cache while it makes phis (the block and the value, read
/// once per block, are kept apart in `Query::blocks` and `Query::values`).
/// On `bench-rotate`'s `irreducible_vars` 4000x100 the 56-byte infos with
/// the block and value inside missed the 512 KiB second-level cache three
/// times as often as at 2000x100 (callgrind's cache simulation).
#[derive(Clone, Copy)]
struct Info {
    /// The info whose value reaches the end of this block: itself for a
    /// root or a phi block; `NONE` until placement decides.
    def: InfoId,
    /// Post-order number in the forward walk from the roots; 0 = not
    /// reached (unreachable from every root), -1 queued, -2 expanded.
    num: i32,
    idom: InfoId,
    /// Where the infos of the predecessors start in `Query::pred_infos`
    /// (explored blocks that are not roots only; see `Query::preds`).
    preds_start: u32,
    preds_len: u32,
}

/// A vector indexed by `InfoId`.
struct ByInfo<T>(Vec<T>);

impl<T> std::ops::Index<InfoId> for ByInfo<T> {
    type Output = T;
    fn index(&self, i: InfoId) -> &T {
        &self.0[i as usize]
    }
}

impl<T> std::ops::IndexMut<InfoId> for ByInfo<T> {
    fn index_mut(&mut self, i: InfoId) -> &mut T {
        &mut self.0[i as usize]
    }
}

/// One `value_at_end_of_block` query on the subgraph it explores.
pub(super) struct Query<'c, V> {
    cfg: &'c dyn Graph,
    infos: ByInfo<Info>,
    /// Each info's block.
    blocks: ByInfo<Block>,
    /// The value at the end of each info's block, once known.
    values: ByInfo<Option<V>>,
    index: ExploredIndex,
    /// The infos of every explored block's predecessors, each block's
    /// contiguous (exploration visits a block once and lists them all):
    /// one vector per query rather than one per block.
    pred_infos: Vec<InfoId>,
    /// (block info, existing phi) pairs whose web does not match. Which
    /// phis a match attempt visits follows from where it starts (each
    /// incoming value names the phi of the next block), so a failed start
    /// fails wherever another attempt reaches it.
    failed: FastSet<(InfoId, V)>,
}

/// The info of each explored block.
enum ExploredIndex {
    Map(FastMap<Block, InfoId>),
    /// `infos` position per block, 0 (the pseudo-entry's, never a block's)
    /// for a block not explored.
    Dense(Vec<u32>),
}

impl ExploredIndex {
    fn get(&self, block: Block) -> Option<InfoId> {
        match self {
            ExploredIndex::Map(map) => map.get(&block).copied(),
            ExploredIndex::Dense(at) => match at[block] {
                0 => None,
                i => Some(i),
            },
        }
    }

    fn insert(&mut self, block: Block, i: InfoId) {
        match self {
            ExploredIndex::Map(map) => {
                map.insert(block, i);
            }
            ExploredIndex::Dense(at) => at[block] = i,
        }
    }
}

/// The most phis a match of an existing web may span. On irreducible CFGs
/// where every block holds a phi of each of many variables, a candidate
/// from another variable's web was followed across the whole function
/// before a mismatch showed (`pebble-mem2reg<updater>`, 500 blocks × 50
/// variables: 9.5 s). A larger web is not reused: new phis are made, which
/// is always correct.
const MAX_WEB: usize = 64;

impl<'c, V: Copy + Eq + Hash + fmt::Debug> Query<'c, V> {
    pub(super) fn new(cfg: &'c dyn Graph) -> Self {
        let pseudo = Info {
            def: NONE,
            num: 0,
            idom: NONE,
            preds_start: 0,
            preds_len: 0,
        };
        Query {
            cfg,
            infos: ByInfo(vec![pseudo]),
            blocks: ByInfo(vec![Block::MAX]),
            values: ByInfo(vec![None]),
            index: ExploredIndex::Map(FastMap::default()),
            pred_infos: Vec::new(),
            failed: FastSet::default(),
        }
    }

    /// As `new`, indexing the explored blocks densely (see
    /// `SsaUpdater::index_densely`) among `num_blocks` blocks.
    pub(super) fn dense(cfg: &'c dyn Graph, num_blocks: usize) -> Self {
        let mut query = Self::new(cfg);
        query.index = ExploredIndex::Dense(vec![0; num_blocks]);
        query.infos.0.reserve(num_blocks + 1);
        query.blocks.0.reserve(num_blocks + 1);
        query.values.0.reserve(num_blocks + 1);
        // Every explored block lists its predecessors once.
        query.pred_infos.reserve(2 * num_blocks);
        query
    }

    pub(super) fn run<F>(self, start: Block, updater: &mut SsaUpdater<V>, factory: &mut F) -> V
    where
        F: PhiFactory<Value = V>,
    {
        self.run_many(&[start], updater, factory)[0]
    }

    /// One query for several blocks (none with a known value): the union
    /// of their explored subgraphs is placed and materialised once.
    pub(super) fn run_many<F>(
        mut self,
        starts: &[Block],
        updater: &mut SsaUpdater<V>,
        factory: &mut F,
    ) -> Vec<V>
    where
        F: PhiFactory<Value = V>,
    {
        let roots = self.explore(starts, &updater.available, &updater.reachable);
        let list = self.number_forward(roots);
        if !list.is_empty() {
            self.dominators(&list, factory);
            self.place_phis(&list);
            self.materialise(&list, updater, factory);
        }
        starts
            .iter()
            .map(|start| {
                let i = self.index.get(*start).expect("every start is explored");
                if self.infos[i].num <= 0 || list.is_empty() {
                    // No root reaches the start: only the entry, without
                    // a definition, leads here.
                    return factory.poison();
                }
                let def = self.infos[i].def;
                self.values[def].expect("placement gives every explored block a defining info")
            })
            .collect()
    }

    /// The infos of `i`'s predecessors, in `Cfg::preds` order, `NONE` for
    /// an unreachable one (empty for a root).
    fn preds(&self, i: InfoId) -> &[InfoId] {
        let start = self.infos[i].preds_start as usize;
        &self.pred_infos[start..start + self.infos[i].preds_len as usize]
    }

    fn add_info(&mut self, block: Block, value: Option<V>) -> InfoId {
        let i = self.infos.0.len() as InfoId;
        self.blocks.0.push(block);
        self.values.0.push(value);
        self.infos.0.push(Info {
            def: if value.is_some() { i } else { NONE },
            num: 0,
            idom: NONE,
            preds_start: 0,
            preds_len: 0,
        });
        self.index.insert(block, i);
        i
    }

    /// Braun-style backward exploration (LLVM's `BuildBlockList`): every
    /// block reachable backwards from the starts without passing a block
    /// with a value. Returns the roots: explored blocks that have a value.
    fn explore(
        &mut self,
        starts: &[Block],
        available: &FastMap<Block, V>,
        reachable: &[bool],
    ) -> Vec<InfoId> {
        let mut roots = Vec::new();
        let mut worklist = Vec::with_capacity(starts.len());
        for &start in starts {
            if self.index.get(start).is_none() {
                worklist.push(self.add_info(start, None));
            }
        }
        while let Some(i) = worklist.pop() {
            let block = self.blocks[i];
            let preds = self.cfg.preds(block);
            self.infos[i].preds_start = self.pred_infos.len() as u32;
            self.infos[i].preds_len = preds.len() as u32;
            for &p in preds {
                if !reachable[p] {
                    self.pred_infos.push(NONE);
                    continue;
                }
                let pi = match self.index.get(p) {
                    Some(pi) => pi,
                    None => {
                        let value = available.get(&p).copied();
                        let pi = self.add_info(p, value);
                        if value.is_some() {
                            roots.push(pi);
                        } else {
                            worklist.push(pi);
                        }
                        pi
                    }
                };
                self.pred_infos.push(pi);
            }
        }
        roots
    }

    /// Post-order numbers by a forward walk from the roots over explored
    /// blocks; returns the explored non-root blocks reached, in post-order.
    /// Every block is numbered below the block that queued it, so below all
    /// its dominators in the subgraph, as the dominator intersection needs.
    fn number_forward(&mut self, roots: Vec<InfoId>) -> Vec<InfoId> {
        let mut list = Vec::with_capacity(self.infos.0.len());
        let mut next: i32 = 1;
        let mut stack = Vec::with_capacity(roots.len());
        for r in roots {
            self.infos[r].idom = PSEUDO_ENTRY;
            self.infos[r].num = -1;
            stack.push(r);
        }
        while let Some(&i) = stack.last() {
            if self.infos[i].num == -2 {
                self.infos[i].num = next;
                next += 1;
                if self.values[i].is_none() {
                    list.push(i);
                }
                stack.pop();
                continue;
            }
            self.infos[i].num = -2;
            for &s in self.cfg.succs(self.blocks[i]) {
                if let Some(si) = self.index.get(s) {
                    if self.infos[si].num == 0 {
                        self.infos[si].num = -1;
                        stack.push(si);
                    }
                }
            }
        }
        self.infos[PSEUDO_ENTRY].num = next;
        list
    }

    /// Cooper–Harvey–Kennedy on the subgraph, in reverse post-order until
    /// nothing changes. A (reachable) predecessor no root reaches is only
    /// entered from the function's entry without passing a definition: it
    /// becomes one more root, defining poison.
    fn dominators<F>(&mut self, list: &[InfoId], factory: &mut F)
    where
        F: PhiFactory<Value = V>,
    {
        let mut changed = true;
        while changed {
            changed = false;
            for &i in list.iter().rev() {
                let mut new_idom = NONE;
                let start = self.infos[i].preds_start as usize;
                for k in start..start + self.infos[i].preds_len as usize {
                    let p = self.pred_infos[k];
                    if p == NONE {
                        continue; // unreachable: contributes nothing
                    }
                    if self.infos[p].num == 0 {
                        let poison = factory.poison();
                        let num = self.infos[PSEUDO_ENTRY].num;
                        self.values[p] = Some(poison);
                        let info = &mut self.infos[p];
                        info.def = p;
                        info.idom = PSEUDO_ENTRY;
                        info.num = num;
                        self.infos[PSEUDO_ENTRY].num += 1;
                    }
                    if self.infos[p].idom == NONE {
                        continue; // not processed yet in this sweep
                    }
                    new_idom = if new_idom == NONE {
                        p
                    } else {
                        self.intersect(new_idom, p)
                    };
                }
                if new_idom != NONE && new_idom != self.infos[i].idom {
                    self.infos[i].idom = new_idom;
                    changed = true;
                }
            }
        }
    }

    fn intersect(&self, mut a: InfoId, mut b: InfoId) -> InfoId {
        while a != b {
            while self.infos[a].num < self.infos[b].num {
                a = self.infos[a].idom;
            }
            while self.infos[b].num < self.infos[a].num {
                b = self.infos[b].idom;
            }
        }
        a
    }

    /// The iterated dominance frontier of the roots within the subgraph, by
    /// fixpoint (LLVM's `FindPHIPlacement`): a block needs a phi when some
    /// predecessor's dominator path up to the block's idom contains a
    /// definition (a root or a phi block); otherwise it inherits its idom's
    /// reaching definition.
    fn place_phis(&mut self, list: &[InfoId]) {
        let mut changed = true;
        while changed {
            changed = false;
            for &i in list.iter().rev() {
                if self.infos[i].def == i {
                    continue;
                }
                let idom = self.infos[i].idom;
                let needs_phi = self
                    .preds(i)
                    .iter()
                    .any(|&p| p != NONE && self.def_on_dom_path(p, idom));
                let inherited = self.infos[idom].def;
                // `inherited` is set: the idom comes earlier in reverse
                // post-order. Should it not be, a phi is the safe answer.
                let new_def = if needs_phi || inherited == NONE {
                    i
                } else {
                    inherited
                };
                if new_def != self.infos[i].def {
                    self.infos[i].def = new_def;
                    changed = true;
                }
            }
        }
    }

    fn def_on_dom_path(&self, mut from: InfoId, to: InfoId) -> bool {
        while from != to && from != NONE {
            if self.infos[from].def == from {
                return true;
            }
            from = self.infos[from].idom;
        }
        false
    }

    /// Gives every phi block a phi (reused or new), then fills the new
    /// phis. The phis are recorded for later queries.
    fn materialise<F>(&mut self, list: &[InfoId], updater: &mut SsaUpdater<V>, factory: &mut F)
    where
        F: PhiFactory<Value = V>,
    {
        // Room for every phi block at once: on an irreducible CFG nearly
        // every explored block gets one, and growing the updater's map and
        // lists phi by phi rehashed and copied them again and again.
        let phi_blocks = list.iter().filter(|&&i| self.infos[i].def == i).count();
        updater.available.reserve(phi_blocks);
        updater.inserted.reserve(phi_blocks);
        let mut new_phis = Vec::with_capacity(phi_blocks);
        for &i in list {
            if self.infos[i].def != i {
                continue;
            }
            self.find_existing_phi(i, updater, factory);
            if self.values[i].is_some() {
                continue;
            }
            let block = self.blocks[i];
            let phi = factory.create_phi(block);
            self.values[i] = Some(phi);
            updater.available.insert(block, phi);
            updater.inserted.push(phi);
            new_phis.push(i);
        }
        let poison = factory.poison();
        let mut incoming: Vec<V> = Vec::new();
        for i in new_phis {
            incoming.clear();
            incoming.extend(self.preds(i).iter().map(|&p| {
                if p == NONE {
                    poison
                } else {
                    self.value_at_end(p)
                }
            }));
            let phi = self.values[i].unwrap();
            factory.set_incoming(phi, self.blocks[i], &incoming);
        }
    }

    fn value_at_end(&self, i: InfoId) -> V {
        let def = self.infos[i].def;
        self.values[def].expect("every explored block has a reaching definition after placement")
    }

    /// Looks for an existing phi of the block that, together with existing
    /// phis in the other phi blocks it reaches through its operands, has
    /// exactly the incoming values placement computed (LLVM's
    /// `FindExistingPHI`/`CheckIfPHIMatches`). On a match the whole web is
    /// adopted.
    fn find_existing_phi<F>(&mut self, i: InfoId, updater: &mut SsaUpdater<V>, factory: &mut F)
    where
        F: PhiFactory<Value = V>,
    {
        let block = self.blocks[i];
        for candidate in factory.existing_phis(block) {
            let phi = candidate.phi;
            if self.failed.contains(&(i, phi)) {
                continue;
            }
            let Some(tags) = self.phi_web_matches(i, candidate, factory) else {
                self.failed.insert((i, phi));
                continue;
            };
            for (info, phi) in tags {
                self.values[info] = Some(phi);
                updater.available.insert(self.blocks[info], phi);
            }
            return;
        }
    }

    fn phi_web_matches<F>(
        &self,
        i: InfoId,
        candidate: ExistingPhi<V>,
        factory: &mut F,
    ) -> Option<FastMap<InfoId, V>>
    where
        F: PhiFactory<Value = V>,
    {
        let poison = factory.poison();
        let mut tags: FastMap<InfoId, V> = FastMap::default();
        tags.insert(i, candidate.phi);
        let mut worklist = vec![(i, candidate)];
        while let Some((at, phi)) = worklist.pop() {
            if phi.incoming.len() != self.preds(at).len() {
                return None;
            }
            for (k, &incoming) in phi.incoming.iter().enumerate() {
                let p = self.preds(at)[k];
                if p == NONE {
                    if incoming != poison {
                        return None;
                    }
                    continue;
                }
                let def = self.infos[p].def;
                if let Some(expected) = self.values[def] {
                    if incoming != expected {
                        return None;
                    }
                    continue;
                }
                // `def` is a phi block still without a value: the incoming
                // value must be one of its existing phis, the same one for
                // every edge that leads there.
                if let Some(&tagged) = tags.get(&def) {
                    if tagged != incoming {
                        return None;
                    }
                    continue;
                }
                if tags.len() >= MAX_WEB || self.failed.contains(&(def, incoming)) {
                    return None;
                }
                let next = factory.existing_phi(self.blocks[def], incoming)?;
                tags.insert(def, incoming);
                worklist.push((def, next));
            }
        }
        Some(tags)
    }
}
