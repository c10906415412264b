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
//! over a toy IR in the tests. `query` holds the steps above, one query at
//! a time; `bulk` is the many-variables variant (LLVM's `SSAUpdaterBulk`),
//! `promote` is `pebble-mem2reg<updater>`.

pub mod bulk;
pub mod deferred;
pub mod llvm;
pub mod promote;
mod query;

use std::borrow::Cow;
use std::fmt;
use std::hash::Hash;

use crate::analysis::cfg::{Block, Cfg};
// FxHash: the maps are keyed by block numbers and LLVM handles.
use crate::ir::{FastMap, FastSet};
use query::Query;

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

#[cfg(test)]
pub(crate) mod toy;

#[cfg(test)]
mod tests;
