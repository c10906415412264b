//! What `pebble explain` found in one function, as plain data: the LLVM
//! side (`collect`) fills it, the renderers (`render`, `dot`) print it.
//! Blocks are layout-order indices into `FunctionReport::blocks`.

use crate::analysis::cfg::{Block, Cfg};

pub use crate::transforms::mem2reg::record::{GaveUp, Path};

/// One defined function.
#[derive(Clone, Debug)]
pub struct FunctionReport {
    /// `@name`.
    pub name: String,
    /// Block labels as the IR prints them (`entry`, `for.cond`, `3`).
    pub blocks: Vec<String>,
    pub cfg: Cfg,
    pub reachable: Vec<bool>,
    /// Immediate dominator of each block (`None`: the entry, or unreachable).
    pub idom: Vec<Option<Block>>,
    /// DF of each block, sorted by layout order.
    pub frontiers: Vec<Vec<Block>>,
    /// The entry-block allocas, in instruction order.
    pub allocas: Vec<AllocaReport>,
}

/// One entry-block alloca.
#[derive(Clone, Debug)]
pub struct AllocaReport {
    /// `%name` as the IR prints it.
    pub name: String,
    pub status: Status,
}

#[derive(Clone, Debug)]
pub enum Status {
    /// `promotable::check` refused it: `user` is the offending instruction.
    NotPromotable {
        reason: String,
        user: String,
        /// Promoted in a later round, once promoting another alloca removed
        /// what blocked it.
        later: Option<LaterPromotion>,
    },
    Promotable(Promotion),
}

/// The facts of a promotable alloca.
#[derive(Clone, Debug)]
pub struct Promotion {
    /// Blocks with stores, layout order; `count` stores in each.
    pub stores: Vec<Site>,
    /// Blocks with loads, layout order.
    pub loads: Vec<LoadSite>,
    /// From `pebble-mem2reg<compat>`'s record.
    pub path: Path,
    /// The stored value when there is exactly one store (`%n`, `0`).
    pub stored_value: Option<StoredValue>,
    /// LiveIn (Algorithm 16.4.2), layout order; computed by Pebble for every
    /// promotable alloca, by LLVM only on the general path.
    pub live_in: Vec<Block>,
    /// DF⁺ of the store blocks, layout order.
    pub idf: Vec<Block>,
    /// Pruned phis, DF⁺(D) ∩ LiveIn: what `pebble-mem2reg` inserts (from
    /// its record).
    pub phis: Vec<Block>,
    /// General path: the subset of `phis` that LLVM's phi folding removes
    /// (from `pebble-mem2reg<compat>`'s record).
    pub folded: Vec<Block>,
}

/// What the pass did with an alloca it promoted after the first round.
#[derive(Clone, Debug)]
pub struct LaterPromotion {
    pub round: usize,
    pub path: Path,
    /// As in `Promotion`.
    pub phis: Vec<Block>,
    pub folded: Vec<Block>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Site {
    pub block: Block,
    pub count: usize,
}

/// The loads of one block, split by the block's first store (if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadSite {
    pub block: Block,
    pub before_store: usize,
    pub after_store: usize,
    pub block_has_store: bool,
}

impl LoadSite {
    /// A block whose first access is a load: the slot is upward exposed there.
    pub fn upward_exposed(&self) -> bool {
        self.before_store > 0
    }
}

/// The only stored value, and why LLVM may use it without dominance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredValue {
    /// As the IR prints it: `%n`, `0`, `@g`, `undef`.
    pub label: String,
    /// `Some("the argument %n is noundef")` when it is known not to be poison.
    pub not_poison_because: Option<String>,
}
