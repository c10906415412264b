//! SSA repair for one variable with several definitions (Algorithm 16.4.6
//! of the seed `../shared/seeds/001_*.txt`; LLVM's `SSAUpdater` /
//! `SSAUpdaterImpl.h`; [SSAB, Ch. 5] "SSA reconstruction").
//!
//! A transformation that duplicates code leaves a value with two or more
//! definitions. The caller registers, per block, the value *available at
//! the end of that block* (`add_available_value`) and asks for the value
//! reaching a use. A query for block `B` walks predecessors backwards from
//! `B` as Braun et al.'s `readVariable` does, stopping at blocks with an
//! available value (`explore`). On that explored subgraph:
//! 1. a pseudo-entry is made the parent of every block with a value (the
//!    "roots"), and the subgraph's dominators are computed with
//!    Cooper–Harvey–Kennedy over a post-order numbering (`dominators`);
//! 2. phis go at the iterated dominance frontier of the roots, computed by
//!    fixpoint: a block needs a phi when a definition lies on the dominator
//!    path from one of its predecessors up to its immediate dominator
//!    (`place_phis`);
//! 3. every explored block gets the value of its nearest dominating
//!    definition or phi; a needed phi is first looked for among the block's
//!    existing phis (`find_existing_phi`, which matches whole webs of phis),
//!    and only then created (`materialise`).
//!
//! Theorem 16.4.10: the value returned is, on every execution, the last
//! available definition executed before the use, and its definition
//! dominates the use. Where no definition reaches (the entry without a
//! definition) the value is the factory's `poison`.
//!
//! Unreachable code (blocks no path from the function's entry reaches)
//! never executes, so it contributes nothing: a query from an unreachable
//! block answers `poison`, and an unreachable predecessor is left out of
//! exploration and placement — its phi entries are `poison` — exactly as
//! Cytron's placement on the reachable CFG does (and `pebble-mem2reg`).
//! Without this a join with one dead predecessor would get a needless
//! `phi [x, poison]`.
//!
//! **Not supported: a use and a definition in the same block with the order
//! unknown.** `value_in_middle_of_block(B)` means "at a point of `B` above
//! every definition registered for `B`". A non-phi use below a definition in
//! its own block needs that definition, which the updater cannot tell apart
//! from a use above it (LLVM's `SSAUpdater` silently returns the live-in
//! value there, and LLVM's loop rotation special-cases it: "SSAUpdater can't
//! handle a non-PHI use in the same block as an earlier def"). So
//! `rewrite_use` rejects every non-phi use in a block that has an available
//! value with `UpdaterError::UseInDefiningBlock` instead of guessing; the
//! caller either knows the use is above the definitions and calls
//! `value_in_middle_of_block`, or knows it is below and uses its own
//! definition.
//!
//! The algorithm works on plain data: a `Cfg` and opaque values; phis are
//! made through the `PhiFactory` trait, implemented over LLVM in `llvm` and
//! over a toy IR in the tests. `bulk` is the many-variables variant
//! (LLVM's `SSAUpdaterBulk`), `promote` is `pebble-mem2reg<updater>`.

pub mod bulk;
pub mod deferred;
pub mod llvm;
pub mod promote;

use std::borrow::Cow;
use std::fmt;
use std::hash::Hash;

use crate::analysis::cfg::{Block, Cfg};
// FxHash: the maps are keyed by block numbers and LLVM handles.
use crate::ir::{FastMap, FastSet};

pub use promote::promote_with_updater;

/// The control-flow graph a query explores: the predecessors and successors
/// of each block, with edge multiplicity. `Cfg` is one; a client that
/// changes the CFG as it goes (loop rotation) keeps its own, updated in
/// place, instead of rebuilding a `Cfg` for every query.
pub trait Graph {
    fn preds(&self, b: Block) -> &[Block];
    fn succs(&self, b: Block) -> &[Block];
}

impl Graph for Cfg {
    fn preds(&self, b: Block) -> &[Block] {
        Cfg::preds(self, b)
    }
    fn succs(&self, b: Block) -> &[Block] {
        Cfg::succs(self, b)
    }
}

/// How the updater reads and makes phis of the variable's type.
///
/// Incoming values are always listed per predecessor *edge* of the phi's
/// block, in `Cfg::preds` order (duplicate edges included).
pub trait PhiFactory {
    type Value: Copy + Eq + Hash + fmt::Debug;

    /// The value of the variable where no definition reaches. Must return
    /// the same value every time (existing phis are matched by equality).
    fn poison(&mut self) -> Self::Value;

    /// The phis already at the top of `block` that have the variable's type,
    /// with their incoming values: the candidates for reuse. Phis whose
    /// incoming list is incomplete (being built) must be left out. A
    /// factory may offer fewer (reuse only saves phis; the updater makes
    /// any phi it does not find).
    fn existing_phis(&mut self, block: Block) -> Vec<ExistingPhi<Self::Value>>;

    /// The existing phi `phi` of `block` (as `existing_phis` lists it), if
    /// it is one. Factories that keep the list should not copy all of it.
    fn existing_phi(&mut self, block: Block, phi: Self::Value) -> Option<ExistingPhi<Self::Value>> {
        self.existing_phis(block).into_iter().find(|e| e.phi == phi)
    }

    /// A new phi at the top of `block`, without incoming values yet.
    fn create_phi(&mut self, block: Block) -> Self::Value;

    /// Gives a phi made by `create_phi` its incoming values.
    fn set_incoming(&mut self, phi: Self::Value, block: Block, incoming: &[Self::Value]);
}

impl<F: PhiFactory + ?Sized> PhiFactory for &mut F {
    type Value = F::Value;
    fn poison(&mut self) -> Self::Value {
        (**self).poison()
    }
    fn existing_phis(&mut self, block: Block) -> Vec<ExistingPhi<Self::Value>> {
        (**self).existing_phis(block)
    }
    fn existing_phi(&mut self, block: Block, phi: Self::Value) -> Option<ExistingPhi<Self::Value>> {
        (**self).existing_phi(block, phi)
    }
    fn create_phi(&mut self, block: Block) -> Self::Value {
        (**self).create_phi(block)
    }
    fn set_incoming(&mut self, phi: Self::Value, block: Block, incoming: &[Self::Value]) {
        (**self).set_incoming(phi, block, incoming)
    }
}

/// A phi present in a block before the query, and its incoming values (one
/// per predecessor edge, in `Cfg::preds` order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExistingPhi<V> {
    pub phi: V,
    pub incoming: Vec<V>,
}

/// Where a use of the variable sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UseSite {
    /// The incoming value of a phi for the edge from `pred`: needs the value
    /// at the end of `pred`.
    PhiOperand { pred: Block },
    /// An ordinary instruction in `block`.
    Instruction { block: Block },
}

/// A broken precondition of a query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UpdaterError {
    /// A non-phi use in a block that also has a definition: whether the use
    /// is above or below the definition is unknown (see the module doc).
    UseInDefiningBlock { block: Block },
}

impl fmt::Display for UpdaterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UpdaterError::UseInDefiningBlock { block } => write!(
                f,
                "SSA updater: a non-phi use in block {block}, which also defines the value, \
                 is not supported (its order relative to the definition is unknown)"
            ),
        }
    }
}

impl std::error::Error for UpdaterError {}

/// The updater for one variable.
pub struct SsaUpdater<'c, V> {
    cfg: &'c dyn Graph,
    /// Which blocks a path from the entry reaches.
    reachable: Cow<'c, [bool]>,
    /// The value at the end of each block known so far: the registered
    /// definitions, plus the phis earlier queries placed or adopted.
    ///
    /// Unlike LLVM, values merely inherited at a join are not cached: a
    /// cached join becomes a root of later queries, and two roots carrying
    /// the same value then meet in a useless `phi [v, v]` (seen on csmith
    /// programs). Phis are real definitions, so caching them is exact.
    available: FastMap<Block, V>,
    /// The blocks registered by `add_available_value` (the cache above
    /// holds more: a cached join is not a definition).
    defining: FastSet<Block>,
    /// Every phi this updater created, in creation order.
    inserted: Vec<V>,
    /// Whether queries index their explored blocks in a vector over all
    /// blocks (`index_densely`) rather than a hash map.
    dense: bool,
}

impl<'c, V: Copy + Eq + Hash + fmt::Debug> SsaUpdater<'c, V> {
    pub fn new(cfg: &'c Cfg) -> Self {
        Self::build(cfg, Cow::Owned(cfg.reachable()))
    }

    /// As `new`, with the reachability of `cfg`'s blocks (`Cfg::reachable`)
    /// already computed, to share it between many updaters.
    pub fn with_reachable(cfg: &'c Cfg, reachable: &'c [bool]) -> Self {
        Self::build(cfg, Cow::Borrowed(reachable))
    }

    /// As `with_reachable`, over any `Graph`; `reachable[b]` says whether a
    /// path from the function's entry reaches block `b`.
    pub fn with_graph(graph: &'c dyn Graph, reachable: &'c [bool]) -> Self {
        Self::build(graph, Cow::Borrowed(reachable))
    }

    fn build(cfg: &'c dyn Graph, reachable: Cow<'c, [bool]>) -> Self {
        SsaUpdater {
            cfg,
            reachable,
            available: FastMap::default(),
            defining: FastSet::default(),
            inserted: Vec::new(),
            dense: false,
        }
    }

    /// Makes each query index the blocks it explores in a vector over all
    /// of the function's blocks instead of a hash map: for an updater whose
    /// queries explore most of the function (`pebble-mem2reg<updater>`,
    /// one query per variable), where the map's hashing and growth cost
    /// more than the vector. A client with many small queries on a large
    /// function (loop rotation) keeps the map: the vector costs a pass over
    /// every block per query.
    pub fn index_densely(mut self) -> Self {
        self.dense = true;
        self
    }

    /// `value` is the variable's value at the end of `block` (replaces an
    /// earlier registration for the block).
    pub fn add_available_value(&mut self, block: Block, value: V) {
        self.available.insert(block, value);
        self.defining.insert(block);
    }

    /// Whether `block` has a registered definition.
    pub fn has_value_for_block(&self, block: Block) -> bool {
        self.defining.contains(&block)
    }

    /// The phis this updater created so far.
    pub fn inserted_phis(&self) -> &[V] {
        &self.inserted
    }

    /// The variable's value at the end of `block`.
    pub fn value_at_end_of_block<F>(&mut self, block: Block, factory: &mut F) -> V
    where
        F: PhiFactory<Value = V>,
    {
        if let Some(&v) = self.available.get(&block) {
            return v;
        }
        if !self.reachable[block] {
            return factory.poison();
        }
        Query::new(self.cfg).run(block, self, factory)
    }

    /// `value_at_end_of_block` for several blocks in one query: the
    /// subgraph the blocks explore is placed once (LLVM's `SSAUpdater`
    /// caches every explored block's value to the same end; see
    /// `available` for why this one does not). On an irreducible CFG each
    /// query explores nearly every block, so asking for the live-in loads
    /// of a variable one by one was quadratic.
    pub fn values_at_end_of_blocks<F>(&mut self, blocks: &[Block], factory: &mut F) -> Vec<V>
    where
        F: PhiFactory<Value = V>,
    {
        let mut out: Vec<Option<V>> = Vec::with_capacity(blocks.len());
        let mut asked: Vec<Block> = Vec::new();
        let mut seen: FastSet<Block> = FastSet::default();
        for &b in blocks {
            let known = match self.available.get(&b) {
                Some(&v) => Some(v),
                None if !self.reachable[b] => Some(factory.poison()),
                None => None,
            };
            if known.is_none() && seen.insert(b) {
                asked.push(b);
            }
            out.push(known);
        }
        if !asked.is_empty() {
            let query = if self.dense {
                Query::dense(self.cfg, self.reachable.len())
            } else {
                Query::new(self.cfg)
            };
            let values = query.run_many(&asked, self, factory);
            let found: FastMap<Block, V> = asked.into_iter().zip(values).collect();
            for (slot, b) in out.iter_mut().zip(blocks) {
                if slot.is_none() {
                    *slot = Some(found[b]);
                }
            }
        }
        out.into_iter().flatten().collect()
    }

    /// The variable's value at a point of `block` above every definition
    /// registered for `block` (its live-in value). For a block without a
    /// definition this is the value at its end.
    pub fn value_in_middle_of_block<F>(&mut self, block: Block, factory: &mut F) -> V
    where
        F: PhiFactory<Value = V>,
    {
        if !self.has_value_for_block(block) {
            return self.value_at_end_of_block(block, factory);
        }
        // The block has its own definition, so it cannot be a root of its
        // own query: merge the predecessors' values by hand.
        let values: Vec<V> = self
            .cfg
            .preds(block)
            .to_vec()
            .into_iter()
            .map(|p| self.value_at_end_of_block(p, factory))
            .collect();
        self.join(block, values, factory)
    }

    /// `value_in_middle_of_block` for several blocks, with one query for
    /// all the values it needs (`values_at_end_of_blocks`).
    pub fn values_in_middle_of_blocks<F>(&mut self, blocks: &[Block], factory: &mut F) -> Vec<V>
    where
        F: PhiFactory<Value = V>,
    {
        let mut needed: Vec<Block> = Vec::new();
        for &b in blocks {
            if self.has_value_for_block(b) {
                needed.extend_from_slice(self.cfg.preds(b));
            } else {
                needed.push(b);
            }
        }
        let values = self.values_at_end_of_blocks(&needed, factory);
        let at_end: FastMap<Block, V> = needed.into_iter().zip(values).collect();
        // Each block with a definition is merged once, however often it is
        // asked for: a factory need not offer the phis it made for reuse.
        let mut joined: FastMap<Block, V> = FastMap::default();
        let mut out = Vec::with_capacity(blocks.len());
        for &b in blocks {
            if !self.has_value_for_block(b) {
                out.push(at_end[&b]);
            } else if let Some(&v) = joined.get(&b) {
                out.push(v);
            } else {
                let values: Vec<V> = self.cfg.preds(b).iter().map(|p| at_end[p]).collect();
                let v = self.join(b, values, factory);
                joined.insert(b, v);
                out.push(v);
            }
        }
        out
    }

    /// The value at the top of `block` (which has a definition) when its
    /// predecessors' edges carry `values` (in `preds` order). Unreachable
    /// predecessors give poison and do not count as a different value.
    fn join<F>(&mut self, block: Block, values: Vec<V>, factory: &mut F) -> V
    where
        F: PhiFactory<Value = V>,
    {
        let preds = self.cfg.preds(block);
        let live: Vec<V> = preds
            .iter()
            .zip(&values)
            .filter(|(&p, _)| self.reachable[p])
            .map(|(_, &v)| v)
            .collect();
        let Some(&first) = live.first() else {
            return factory.poison();
        };
        if live.iter().all(|&v| v == first) {
            return first;
        }
        if let Some(existing) = factory
            .existing_phis(block)
            .into_iter()
            .find(|e| e.incoming == values)
        {
            return existing.phi;
        }
        let phi = factory.create_phi(block);
        factory.set_incoming(phi, block, &values);
        self.inserted.push(phi);
        phi
    }

    /// The value a use at `site` must read. A non-phi use in a block with a
    /// definition is rejected (see the module doc).
    pub fn rewrite_use<F>(&mut self, site: UseSite, factory: &mut F) -> Result<V, UpdaterError>
    where
        F: PhiFactory<Value = V>,
    {
        match site {
            UseSite::PhiOperand { pred } => Ok(self.value_at_end_of_block(pred, factory)),
            UseSite::Instruction { block } => {
                if self.has_value_for_block(block) {
                    Err(UpdaterError::UseInDefiningBlock { block })
                } else {
                    Ok(self.value_at_end_of_block(block, factory))
                }
            }
        }
    }
}

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
struct Query<'c, V> {
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
    fn new(cfg: &'c dyn Graph) -> Self {
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
    fn dense(cfg: &'c dyn Graph, num_blocks: usize) -> Self {
        let mut query = Self::new(cfg);
        query.index = ExploredIndex::Dense(vec![0; num_blocks]);
        query.infos.0.reserve(num_blocks + 1);
        query.blocks.0.reserve(num_blocks + 1);
        query.values.0.reserve(num_blocks + 1);
        // Every explored block lists its predecessors once.
        query.pred_infos.reserve(2 * num_blocks);
        query
    }

    fn run<F>(self, start: Block, updater: &mut SsaUpdater<V>, factory: &mut F) -> V
    where
        F: PhiFactory<Value = V>,
    {
        self.run_many(&[start], updater, factory)[0]
    }

    /// One query for several blocks (none with a known value): the union
    /// of their explored subgraphs is placed and materialised once.
    fn run_many<F>(
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

#[cfg(test)]
pub(crate) mod toy;

#[cfg(test)]
mod tests;
