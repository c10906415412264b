//! Which path LLVM 19's `PromoteMem2Reg::run` takes for one promotable
//! alloca: `dead`, `single store`, `single block` or `general`.
//!
//! Source: `llvm/lib/Transforms/Utils/PromoteMemoryToRegister.cpp` (19.x),
//! summarised in `../shared/notes/llvm19-mem2reg.md` "Per alloca, in order":
//! 1. no load or store left once lifetime markers are gone: *dead*;
//! 2. exactly one store *instruction* (`DefiningBlocks.size() == 1`):
//!    `rewriteSingleStoreAlloca` replaces every load by the stored value.
//!    When the stored value is an instruction or may be poison, a load must
//!    be dominated by the store (same block: after it), else LLVM falls back;
//!    a non-instruction value known not to be poison (a constant, a
//!    `noundef` argument) replaces every load unconditionally, since reading
//!    uninitialised memory may be refined to any value. A load in an
//!    unreachable block counts as dominated (LLVM's `DominatorTree` says
//!    every block dominates an unreachable one);
//! 3. every load and store in one block (`OnlyUsedInOneBlock`):
//!    `promoteSingleBlockAlloca` gives each load the nearest store above it;
//!    a load above every store, when stores exist, makes it give up;
//! 4. otherwise the *general* path: live-in blocks, IDF pruned by liveness,
//!    renaming.
//!
//! Plain data only: an alloca is summarised as its accesses (block,
//! position in the block, load or store), so the decision is unit-tested
//! without LLVM.

use crate::analysis::cfg::Block;
use crate::analysis::dominators::DomTree;

/// One load or store of an alloca.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub block: Block,
    /// Position of the instruction in its block (only compared within a block).
    pub index: usize,
    pub is_store: bool,
}

/// The path LLVM takes, with what made it give up a faster one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Path {
    /// No load or store: the alloca is erased.
    Dead,
    /// One store; every load becomes the stored value. `needs_dominance` is
    /// false when the value is a non-instruction known not to be poison.
    SingleStore { needs_dominance: bool },
    /// All accesses in one block: each load takes the nearest store above
    /// it; `has_store` is false when the loads all become `undef`.
    SingleBlock { has_store: bool },
    /// Live-in, pruned IDF, renaming. `gave_up` says which fast path was
    /// tried and why it failed, if any.
    General { gave_up: Option<GaveUp> },
}

/// Why a fast path fell back to the general one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GaveUp {
    /// The single store does not dominate the load in this block (or, in
    /// the store's own block, the load comes first).
    LoadNotDominated(Block),
    /// Single block: a load comes before every store.
    LoadBeforeFirstStore,
}

impl Path {
    /// The short name used in the table's path column.
    pub fn short(&self) -> &'static str {
        match self {
            Path::Dead => "dead",
            Path::SingleStore { .. } => "single store",
            Path::SingleBlock { .. } => "single block",
            Path::General { .. } => "general",
        }
    }

    /// LLVM computes live-in blocks and DF⁺ only on the general path.
    pub fn places_phis(&self) -> bool {
        matches!(self, Path::General { .. })
    }
}

/// The path LLVM takes for an alloca with these accesses.
/// `stored_value_needs_dominance` matters only with exactly one store.
pub fn llvm_path(accesses: &[Access], dt: &DomTree, stored_value_needs_dominance: bool) -> Path {
    if accesses.is_empty() {
        return Path::Dead;
    }
    let stores: Vec<&Access> = accesses.iter().filter(|a| a.is_store).collect();
    let mut gave_up = None;
    if let [store] = stores.as_slice() {
        match first_undominated_load(accesses, store, dt, stored_value_needs_dominance) {
            None => {
                return Path::SingleStore {
                    needs_dominance: stored_value_needs_dominance,
                }
            }
            Some(block) => gave_up = Some(GaveUp::LoadNotDominated(block)),
        }
    }
    let block = accesses[0].block;
    if accesses.iter().all(|a| a.block == block) {
        let first_store = stores.iter().map(|s| s.index).min();
        let load_above_stores = match first_store {
            None => false,
            Some(first) => accesses.iter().any(|a| !a.is_store && a.index < first),
        };
        if !load_above_stores {
            return Path::SingleBlock {
                has_store: first_store.is_some(),
            };
        }
        // LLVM reports the single-block failure only when it got that far;
        // a failed single-store attempt came first and is the better reason.
        gave_up = gave_up.or(Some(GaveUp::LoadBeforeFirstStore));
    }
    Path::General { gave_up }
}

/// The block of the first load (in the given order) that the only store
/// does not dominate, if the value needs dominance at all.
fn first_undominated_load(
    accesses: &[Access],
    store: &Access,
    dt: &DomTree,
    needs_dominance: bool,
) -> Option<Block> {
    if !needs_dominance {
        return None;
    }
    accesses
        .iter()
        .filter(|a| !a.is_store)
        .find(|load| !store_dominates_load(store, load, dt))
        .map(|load| load.block)
}

/// LLVM's test: same block, the store comes first; otherwise block
/// dominance, where an unreachable load block is dominated by everything.
fn store_dominates_load(store: &Access, load: &Access, dt: &DomTree) -> bool {
    if store.block == load.block {
        return store.index < load.index;
    }
    !dt.is_reachable(load.block) || dt.dominates(store.block, load.block)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cfg::Cfg;

    fn load(block: Block, index: usize) -> Access {
        Access {
            block,
            index,
            is_store: false,
        }
    }

    fn store(block: Block, index: usize) -> Access {
        Access {
            block,
            index,
            is_store: true,
        }
    }

    // The seed's swap loop: entry(0) -> cond(1) -> body(2) -> inc(3) -> cond;
    // cond -> end(4).
    fn swap_loop() -> DomTree {
        DomTree::compute(&Cfg::from_edges(
            5,
            &[(0, 1), (1, 2), (1, 4), (2, 3), (3, 1)],
        ))
    }

    #[test]
    fn the_seeds_five_allocas_take_the_seeds_paths() {
        let dt = swap_loop();
        // %n.addr: store %n in entry, load in for.cond; %n is a noundef argument.
        let n_addr = [store(0, 5), load(1, 1)];
        assert_eq!(
            llvm_path(&n_addr, &dt, false),
            Path::SingleStore {
                needs_dominance: false
            }
        );
        // %a: stores in entry and for.body, loads in for.body (first) and for.end.
        let a = [store(0, 6), load(2, 0), store(2, 3), load(4, 0)];
        assert_eq!(llvm_path(&a, &dt, true), Path::General { gave_up: None });
        // %t: store then load, both in for.body; the value is an instruction.
        let t = [store(2, 1), load(2, 4)];
        assert_eq!(
            llvm_path(&t, &dt, true),
            Path::SingleStore {
                needs_dominance: true
            }
        );
    }

    #[test]
    fn a_single_store_below_its_load_falls_back() {
        let dt = swap_loop();
        // Loop-carried: the load in for.body comes before the store there.
        let x = [load(2, 0), store(2, 3)];
        assert_eq!(
            llvm_path(&x, &dt, true),
            Path::General {
                gave_up: Some(GaveUp::LoadNotDominated(2))
            }
        );
        // The same with a constant stored value: every load becomes it.
        assert_eq!(
            llvm_path(&x, &dt, false),
            Path::SingleStore {
                needs_dominance: false
            }
        );
    }

    #[test]
    fn a_store_in_the_loop_does_not_dominate_the_exit() {
        let dt = swap_loop();
        let x = [store(2, 0), load(4, 0)];
        assert_eq!(
            llvm_path(&x, &dt, true),
            Path::General {
                gave_up: Some(GaveUp::LoadNotDominated(4))
            }
        );
    }

    #[test]
    fn single_block_needs_every_load_below_a_store() {
        let dt = swap_loop();
        let ok = [store(2, 0), load(2, 1), store(2, 2), load(2, 3)];
        assert_eq!(
            llvm_path(&ok, &dt, true),
            Path::SingleBlock { has_store: true }
        );
        let bad = [load(2, 0), store(2, 1), store(2, 2)];
        assert_eq!(
            llvm_path(&bad, &dt, true),
            Path::General {
                gave_up: Some(GaveUp::LoadBeforeFirstStore)
            }
        );
        let no_store = [load(3, 0), load(3, 4)];
        assert_eq!(
            llvm_path(&no_store, &dt, true),
            Path::SingleBlock { has_store: false }
        );
    }

    #[test]
    fn no_access_is_dead_and_unreachable_loads_are_dominated() {
        let dt = DomTree::compute(&Cfg::from_edges(3, &[(0, 1)]));
        assert_eq!(llvm_path(&[], &dt, true), Path::Dead);
        let x = [store(1, 0), load(2, 0)]; // block 2 is unreachable
        assert_eq!(
            llvm_path(&x, &dt, true),
            Path::SingleStore {
                needs_dominance: true
            }
        );
    }
}
