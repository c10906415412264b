//! What `promote_function` decided for each alloca, for tools that show the
//! pass at work (`pebble explain`), so that what they print is what the pass
//! computed rather than a re-derivation of it.
//!
//! A `Recorder` is filled only when the caller gives one
//! (`promote_function_recorded`); the pass itself never does, and every
//! recording site is behind an `Option`, so the pass does no extra work.
//!
//! Per promoted alloca it holds: the round that promoted it (promoting one
//! alloca can make another promotable, see `mod.rs`), the path it took
//! (compat mode: LLVM 19's `dead`, `single store`, `single block`, or the
//! general path with the reason a fast path gave up; the default mode takes
//! the general path for every alloca), and, on the general path, the blocks
//! that got a phi and whether phi folding (compat mode only) removed it.
//!
//! Allocas are identified by the `LLVMValueRef` they had when promotion
//! started. The pass erases them, so the handle is an identity only and
//! must not be dereferenced afterwards; the pass creates no allocas, so a
//! handle is never reused by another alloca during the run.

use std::collections::HashMap;

use llvm_sys::prelude::LLVMValueRef;

use crate::analysis::cfg::Block;

/// The path an alloca took through `promote_round`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// No load or store once lifetime markers are gone: erased.
    Dead,
    /// One store; every load became the stored value. `needs_dominance` is
    /// false when the value is a non-instruction guaranteed not to be
    /// poison, so loads the store does not dominate took it too.
    SingleStore { needs_dominance: bool },
    /// Every access in one block: each load took the nearest store above
    /// it; `has_store` is false when there was no store (loads became
    /// `undef`).
    SingleBlock { has_store: bool },
    /// Pruned placement and renaming. `gave_up` says which fast path was
    /// tried and why it failed (compat mode).
    General { gave_up: Option<GaveUp> },
}

impl Path {
    /// Only the general path places phis (and computes live-in and DF⁺).
    pub fn places_phis(&self) -> bool {
        matches!(self, Path::General { .. })
    }
}

/// Why a fast path fell back to the general one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GaveUp {
    /// Single store: the store does not dominate a load in this block (in
    /// its own block: the load comes first). When single block was tried
    /// after it and failed too, this earlier reason is the one kept.
    LoadNotDominated(Block),
    /// Single block: a load comes before every store.
    LoadBeforeFirstStore,
}

/// A phi the general path placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedPhi {
    pub block: Block,
    /// Compat mode: removed by phi folding after renaming.
    pub folded: bool,
}

/// What happened to one alloca.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promoted {
    /// Identity only (see the module comment).
    pub alloca: LLVMValueRef,
    /// 1 for allocas promotable from the start.
    pub round: usize,
    pub path: Path,
    /// General path: the phis placed, in placement order.
    pub phis: Vec<PlacedPhi>,
}

/// Every alloca the pass promoted in one function, in the order it decided.
#[derive(Debug, Default)]
pub struct Recorder {
    promoted: Vec<Promoted>,
    index: HashMap<LLVMValueRef, usize>,
    round: usize,
}

impl Recorder {
    /// What happened to `alloca`, if the pass promoted it.
    pub fn of(&self, alloca: LLVMValueRef) -> Option<&Promoted> {
        self.index.get(&alloca).map(|&i| &self.promoted[i])
    }

    pub(super) fn start_round(&mut self) {
        self.round += 1;
    }

    pub(super) fn path(&mut self, alloca: LLVMValueRef, path: Path) {
        self.index.insert(alloca, self.promoted.len());
        self.promoted.push(Promoted {
            alloca,
            round: self.round,
            path,
            phis: Vec::new(),
        });
    }

    /// The general path placed phis for `alloca` in `blocks`.
    pub(super) fn placed(&mut self, alloca: LLVMValueRef, blocks: &[Block]) {
        if let Some(p) = self.entry(alloca) {
            p.phis = blocks
                .iter()
                .map(|&block| PlacedPhi {
                    block,
                    folded: false,
                })
                .collect();
        }
    }

    /// Phi folding removed the phi of `alloca` in `block`.
    pub(super) fn folded(&mut self, alloca: LLVMValueRef, block: Block) {
        if let Some(p) = self.entry(alloca) {
            for phi in p.phis.iter_mut().filter(|phi| phi.block == block) {
                phi.folded = true;
            }
        }
    }

    fn entry(&mut self, alloca: LLVMValueRef) -> Option<&mut Promoted> {
        let i = *self.index.get(&alloca)?;
        debug_assert!(self.promoted[i].path.places_phis());
        Some(&mut self.promoted[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distinct fake handles: the recorder only compares them.
    fn handle(n: usize) -> LLVMValueRef {
        (n * 8) as LLVMValueRef
    }

    #[test]
    fn records_rounds_paths_and_folded_phis() {
        let mut r = Recorder::default();
        r.start_round();
        r.path(
            handle(1),
            Path::SingleStore {
                needs_dominance: true,
            },
        );
        r.path(handle(2), Path::General { gave_up: None });
        r.placed(handle(2), &[3, 1]);
        r.folded(handle(2), 1);
        r.start_round();
        r.path(handle(3), Path::Dead);
        assert_eq!(r.of(handle(1)).unwrap().round, 1);
        assert_eq!(r.of(handle(3)).unwrap().round, 2);
        assert_eq!(
            r.of(handle(2)).unwrap().phis,
            vec![
                PlacedPhi {
                    block: 3,
                    folded: false
                },
                PlacedPhi {
                    block: 1,
                    folded: true
                }
            ]
        );
        assert!(r.of(handle(4)).is_none());
    }
}
