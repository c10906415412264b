//! Where each slot is stored and loaded: the summary phi placement needs
//! (the definition blocks D, and the blocks whose first access is a load,
//! the upward-exposed uses of Algorithm 16.4.2).
//!
//! Built in two steps so that one walk of an alloca's use list serves both
//! the promotability check and the summary (`pebble-mem2reg` walks each
//! use list once per round; a second walk over every load and store was a
//! visible share of the pass on large functions, where the instructions
//! are no longer in the caches):
//! 1. `AccessLog` records, per alloca, the block and kind of each load and
//!    store as its use list is walked;
//! 2. `summarise` turns each slot's entries into sorted, deduplicated block
//!    lists. Only a block that both loads and stores a slot needs its
//!    instructions scanned, to see which access comes first; each such block
//!    is scanned once for all its slots.
//!
//! Invariant: the log of an alloca lists exactly the loads and stores among
//! its users (markers and droppable uses, deleted before renaming, are not
//! accesses). Entries in unreachable blocks are dropped by `summarise`.

use crate::analysis::cfg::Block;
use crate::analysis::lists::Lists;
use crate::ir::FastMap;

use super::placement::AccessSummary;

/// The loads and stores of a sequence of allocas, as (block, is store)
/// entries of 8 bytes; alloca `i`'s entries are
/// `entries[starts[i]..starts[i + 1]]`.
#[derive(Debug)]
pub struct AccessLog {
    starts: Vec<usize>,
    entries: Vec<(u32, bool)>,
}

impl Default for AccessLog {
    fn default() -> Self {
        AccessLog {
            starts: vec![0],
            entries: Vec::new(),
        }
    }
}

impl AccessLog {
    /// Adds an access of the alloca being logged.
    pub fn push(&mut self, block: Block, is_store: bool) {
        debug_assert!(u32::try_from(block).is_ok());
        self.entries.push((block as u32, is_store));
    }

    /// Ends the alloca being logged; it becomes entry number `len() - 1`.
    pub fn finish_alloca(&mut self) {
        self.starts.push(self.entries.len());
    }

    /// Forgets what was pushed since the last `finish_alloca` (an alloca
    /// found not promotable half-way through its use list).
    pub fn discard_alloca(&mut self) {
        self.entries.truncate(*self.starts.last().unwrap());
    }

    /// The number of allocas logged.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of stores logged.
    pub fn stores(&self) -> usize {
        self.entries
            .iter()
            .filter(|&&(_, is_store)| is_store)
            .count()
    }

    /// Which of `blocks` blocks hold an access logged.
    pub fn blocks(&self, blocks: usize) -> Vec<bool> {
        let mut out = vec![false; blocks];
        for &(b, _) in &self.entries {
            out[b as usize] = true;
        }
        out
    }

    fn of(&self, i: usize) -> &[(u32, bool)] {
        &self.entries[self.starts[i]..self.starts[i + 1]]
    }
}

/// The summary of each slot, slot `s` being the log's alloca `s`.
/// `loaded_first(block, slots)` scans `block` and returns those of `slots`
/// (all both loaded and stored there) whose first access in it is a load.
pub fn summarise(
    log: &AccessLog,
    reachable: &[bool],
    mut loaded_first: impl FnMut(Block, &[u32]) -> Vec<u32>,
) -> AccessSummary {
    let slots = log.len();
    let mut summary = AccessSummary {
        defs: Lists::with_capacity(slots, log.entries.len()),
        upward_exposed: Lists::with_capacity(slots, log.entries.len()),
    };
    let mut mixed: FastMap<Block, Vec<u32>> = FastMap::default();
    // Scratch lists reused for every slot.
    let (mut defs, mut uses) = (Vec::new(), Vec::new());
    for slot in 0..slots {
        defs.clear();
        uses.clear();
        for &(b, is_store) in log.of(slot) {
            let b = b as Block;
            if reachable[b] {
                if is_store {
                    defs.push(b);
                } else {
                    uses.push(b);
                }
            }
        }
        defs.sort_unstable();
        defs.dedup();
        uses.sort_unstable();
        uses.dedup();
        let stored_in = |b: &Block| defs.binary_search(b).is_ok();
        for &b in uses.iter().filter(|b| stored_in(b)) {
            mixed.entry(b).or_default().push(slot as u32);
        }
        summary.defs.push_list(defs.iter().copied());
        summary
            .upward_exposed
            .push_list(uses.iter().copied().filter(|b| !stored_in(b)));
    }
    if mixed.is_empty() {
        return summary;
    }
    let mut loaded_before_stored: Vec<(u32, Block)> = Vec::new();
    for (b, slots_here) in mixed {
        loaded_before_stored.extend(loaded_first(b, &slots_here).into_iter().map(|s| (s, b)));
    }
    loaded_before_stored.sort_unstable();
    summary.upward_exposed = merge_sorted(&summary.upward_exposed, &loaded_before_stored);
    summary
}

/// `lists` (each sorted) with the `(list, item)` pairs of `extra` (sorted)
/// added, each list staying sorted.
fn merge_sorted(lists: &Lists<Block>, extra: &[(u32, Block)]) -> Lists<Block> {
    let mut out = Lists::with_capacity(lists.len(), lists.total_items() + extra.len());
    let mut rest = extra;
    let mut merged = Vec::new();
    for i in 0..lists.len() {
        let here = rest.partition_point(|&(list, _)| list as usize == i);
        if here == 0 {
            out.push_list(lists[i].iter().copied());
            continue;
        }
        merged.clear();
        merged.extend_from_slice(&lists[i]);
        merged.extend(rest[..here].iter().map(|&(_, b)| b));
        merged.sort_unstable();
        out.push_list(merged.iter().copied());
        rest = &rest[here..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log_of(allocas: &[&[(Block, bool)]]) -> AccessLog {
        let mut log = AccessLog::default();
        for accesses in allocas {
            for &(b, s) in *accesses {
                log.push(b, s);
            }
            log.finish_alloca();
        }
        log
    }

    #[test]
    fn blocks_are_sorted_deduplicated_and_reachable_only() {
        let log = log_of(&[&[
            (3, true),
            (1, false),
            (3, true),
            (0, true),
            (4, false),
            (1, false),
        ]]);
        let reachable = [true, true, true, true, false];
        let out = summarise(&log, &reachable, |_, _| unreachable!());
        assert_eq!(out.defs[0], [0, 3]);
        assert_eq!(out.upward_exposed[0], [1]);
    }

    #[test]
    fn only_blocks_that_load_and_store_are_scanned() {
        // Slot 0 loads and stores in block 2 (load first), slot 1 too
        // (store first); block 1 only loads slot 0.
        let log = log_of(&[
            &[(2, true), (2, false), (1, false)],
            &[(2, false), (2, true)],
        ]);
        let mut scanned = Vec::new();
        let out = summarise(&log, &[true; 3], |b, slots| {
            scanned.push((b, slots.to_vec()));
            vec![0]
        });
        assert_eq!(scanned, vec![(2, vec![0, 1])]);
        assert_eq!(out.upward_exposed[0], [1, 2]);
        assert!(out.upward_exposed[1].is_empty());
    }

    #[test]
    fn blocks_loaded_before_stored_join_the_list_in_block_order() {
        // Slot 1 loads in block 5, and in blocks 2 and 4 before storing.
        let log = log_of(&[
            &[(3, true)],
            &[(4, false), (4, true), (5, false), (2, false), (2, true)],
            &[(0, false)],
        ]);
        let out = summarise(&log, &[true; 6], |_, slots| slots.to_vec());
        assert_eq!(
            out.upward_exposed.to_vecs(),
            vec![vec![], vec![2, 4, 5], vec![0]]
        );
        assert_eq!(out.defs.to_vecs(), vec![vec![3], vec![2, 4], vec![]]);
    }

    #[test]
    fn stores_and_blocks_count_every_logged_access() {
        let log = log_of(&[&[(2, true), (0, false)], &[(2, true), (3, true)]]);
        assert_eq!(log.stores(), 3);
        assert_eq!(log.blocks(5), vec![true, false, true, true, false]);
    }

    #[test]
    fn discarded_allocas_leave_no_entries() {
        let mut log = AccessLog::default();
        log.push(0, true);
        log.discard_alloca();
        log.push(1, true);
        log.finish_alloca();
        log.push(2, false);
        log.finish_alloca();
        assert_eq!(log.len(), 2);
        let out = summarise(&log, &[true; 3], |_, _| unreachable!());
        assert_eq!(out.defs[0], [1]);
        assert_eq!((&out.defs[1], &out.upward_exposed[1]), (&[][..], &[2][..]));
    }
}
