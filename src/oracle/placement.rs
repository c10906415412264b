//! The three phi placements of Lessons 16.2/16.4 for one variable, and a
//! checker for the pass's pruned placement.
//!
//! With `D` the blocks that define the variable (for an alloca: store to
//! it) and `UE` the blocks where it is upward-exposed (first access a load):
//!
//! * minimal (Cytron et al. 1991): Φ_min = DF⁺(D). The entry's implicit
//!   undef definition changes nothing: DF(entry) = ∅, so
//!   DF⁺(D ∪ {entry}) = DF⁺(D) (seed 001, Theorem 15.3.10). That needs
//!   the entry to have no predecessors, which LLVM IR guarantees; the
//!   definitions here do not assume it (see `frontier`'s tests);
//! * semi-pruned (Briggs et al. 1998): Φ_semi = DF⁺(D) if the variable is
//!   upward-exposed in some block (a "non-local" name), else ∅;
//! * pruned (Choi, Cytron, Ferrante 1991): Φ_pruned = DF⁺(D) ∩ LiveIn
//!   (seed 001, Theorems 16.2.7 and 16.4.7: what pebble-mem2reg places).
//!
//! Unreachable definition blocks contribute nothing (they are in no
//! frontier computation), and unreachable blocks are never live-in.
//! Everything is recomputed from the naive analyses of this module tree.
//!
//! Invariant (checked by the property tests): Φ_pruned ⊆ Φ_semi ⊆ Φ_min.

use super::dominance::dominators;
use super::frontier::{frontier_from_dominators, iterate_frontier, iterated_frontier};
use super::liveness::live_in;
use super::BlockSet;
use crate::analysis::cfg::{Block, Cfg};
use crate::transforms::mem2reg::placement::SlotAccesses;

/// Φ_min = DF⁺(D).
pub fn minimal_placement(cfg: &Cfg, defs: &[Block]) -> BlockSet {
    iterated_frontier(cfg, defs)
}

/// Φ_semi = DF⁺(D) for a non-local variable (upward-exposed somewhere),
/// ∅ for a variable that every block writes before it reads.
pub fn semi_pruned_placement(cfg: &Cfg, defs: &[Block], upward_exposed: &[Block]) -> BlockSet {
    if upward_exposed.is_empty() {
        BlockSet::new()
    } else {
        iterated_frontier(cfg, defs)
    }
}

/// Φ_pruned = DF⁺(D) ∩ LiveIn.
pub fn pruned_placement(cfg: &Cfg, defs: &[Block], upward_exposed: &[Block]) -> BlockSet {
    let idf = iterated_frontier(cfg, defs);
    let live = live_in(cfg, defs, upward_exposed);
    idf.intersection(&live).copied().collect()
}

/// Checks the pass's phi blocks against the oracle's pruned placement.
///
/// `phi_blocks[i]` are the blocks where the pass put a phi for `slots[i]`.
/// Returns `Err` describing the first difference: a count mismatch, a
/// block listed twice, or the first block (in block order) that is
/// "missing" (oracle places a phi, the pass does not) or "extra".
pub fn check_pruned_placement(
    cfg: &Cfg,
    slots: &[SlotAccesses],
    phi_blocks: &[Vec<Block>],
) -> Result<(), String> {
    check_pruned_placement_named(cfg, slots, phi_blocks, &|i| format!("slot {i}"), &|b| {
        b.to_string()
    })
}

/// `check_pruned_placement` with messages in the caller's names: the pass
/// names slots by alloca and blocks by label.
pub fn check_pruned_placement_named(
    cfg: &Cfg,
    slots: &[SlotAccesses],
    phi_blocks: &[Vec<Block>],
    slot_name: &dyn Fn(usize) -> String,
    block_name: &dyn Fn(Block) -> String,
) -> Result<(), String> {
    if slots.len() != phi_blocks.len() {
        return Err(format!(
            "{} slots but phi blocks for {}",
            slots.len(),
            phi_blocks.len()
        ));
    }
    // The frontiers do not depend on the slot: compute them once.
    let df = frontier_from_dominators(cfg, &dominators(cfg));
    for (index, (slot, actual)) in slots.iter().zip(phi_blocks).enumerate() {
        let idf = iterate_frontier(&df, &slot.defs);
        let live = live_in(cfg, &slot.defs, &slot.upward_exposed);
        let expected: BlockSet = idf.intersection(&live).copied().collect();
        compare_slot(&slot_name(index), &expected, actual, block_name)?;
    }
    Ok(())
}

fn compare_slot(
    slot: &str,
    expected: &BlockSet,
    actual: &[Block],
    block_name: &dyn Fn(Block) -> String,
) -> Result<(), String> {
    let mut seen = BlockSet::new();
    for &b in actual {
        if !seen.insert(b) {
            return Err(format!("{slot}: block {} listed twice", block_name(b)));
        }
    }
    let names = |set: &BlockSet| {
        let list: Vec<String> = set.iter().map(|&b| block_name(b)).collect();
        format!("{{{}}}", list.join(", "))
    };
    let Some(&b) = expected.symmetric_difference(&seen).next() else {
        return Ok(());
    };
    let kind = if expected.contains(&b) {
        "missing"
    } else {
        "extra"
    };
    Err(format!(
        "{slot}: block {} {kind} (oracle DF⁺(D) ∩ LiveIn = {}, pass = {})",
        block_name(b),
        names(expected),
        names(&seen)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{set, swap_loop};

    fn slot(defs: &[Block], ue: &[Block]) -> SlotAccesses {
        SlotAccesses {
            defs: defs.to_vec(),
            upward_exposed: ue.to_vec(),
        }
    }

    /// The five allocas of seed 001 §3, in the order n.addr, a, b, i, t.
    fn swap_loop_slots() -> Vec<SlotAccesses> {
        vec![
            slot(&[0], &[1]),
            slot(&[0, 2], &[2, 4]),
            slot(&[0, 2], &[2]),
            slot(&[0, 3], &[1, 3]),
            slot(&[2], &[]),
        ]
    }

    #[test]
    fn the_three_placements_on_the_seeds_table() {
        let cfg = swap_loop();
        let slots = swap_loop_slots();
        let minimal: Vec<_> = slots
            .iter()
            .map(|s| minimal_placement(&cfg, &s.defs))
            .collect();
        let semi: Vec<_> = slots
            .iter()
            .map(|s| semi_pruned_placement(&cfg, &s.defs, &s.upward_exposed))
            .collect();
        let pruned: Vec<_> = slots
            .iter()
            .map(|s| pruned_placement(&cfg, &s.defs, &s.upward_exposed))
            .collect();
        // %t is stored in for.body, so minimal SSA gives it a dead phi at
        // for.cond; it is never read before written, so semi-pruned drops it.
        assert_eq!(
            minimal,
            vec![set(&[]), set(&[1]), set(&[1]), set(&[1]), set(&[1])]
        );
        assert_eq!(
            semi,
            vec![set(&[]), set(&[1]), set(&[1]), set(&[1]), set(&[])]
        );
        // The table's phis column: 0, 1, 1, 1, 0 — three phis, all at for.cond.
        assert_eq!(
            pruned,
            vec![set(&[]), set(&[1]), set(&[1]), set(&[1]), set(&[])]
        );
    }

    #[test]
    fn pruning_removes_a_phi_where_the_variable_is_dead() {
        // Diamond 0 -> 1, 2 -> 3; stored in 1 and 2, read only in 1 (after
        // an upward-exposed load). DF⁺ = {3}, but nothing reads it after 3.
        let cfg = Cfg::from_edges(4, &[(0, 1), (0, 2), (1, 3), (2, 3)]);
        assert_eq!(minimal_placement(&cfg, &[1, 2]), set(&[3]));
        assert_eq!(semi_pruned_placement(&cfg, &[1, 2], &[1]), set(&[3]));
        assert_eq!(pruned_placement(&cfg, &[1, 2], &[1]), set(&[]));
        assert_eq!(pruned_placement(&cfg, &[1, 2], &[3]), set(&[3]));
    }

    #[test]
    fn checker_accepts_the_right_placement() {
        let phis = vec![vec![], vec![1], vec![1], vec![1], vec![]];
        assert_eq!(
            check_pruned_placement(&swap_loop(), &swap_loop_slots(), &phis),
            Ok(())
        );
    }

    #[test]
    fn checker_names_a_missing_phi() {
        let phis = vec![vec![], vec![1], vec![], vec![1], vec![]];
        let err = check_pruned_placement(&swap_loop(), &swap_loop_slots(), &phis).unwrap_err();
        assert!(err.starts_with("slot 2: block 1 missing"), "{err}");
    }

    #[test]
    fn checker_names_an_extra_phi() {
        // The minimal placement's dead phi for %t is not pruned SSA.
        let phis = vec![vec![], vec![1], vec![1], vec![1], vec![1]];
        let err = check_pruned_placement(&swap_loop(), &swap_loop_slots(), &phis).unwrap_err();
        assert!(err.starts_with("slot 4: block 1 extra"), "{err}");
    }

    #[test]
    fn checker_rejects_duplicates_and_count_mismatches() {
        let slots = swap_loop_slots();
        let twice = vec![vec![], vec![1, 1], vec![1], vec![1], vec![]];
        let err = check_pruned_placement(&swap_loop(), &slots, &twice).unwrap_err();
        assert!(err.starts_with("slot 1: block 1 listed twice"), "{err}");
        let short = vec![vec![], vec![1]];
        assert!(check_pruned_placement(&swap_loop(), &slots, &short).is_err());
    }
}
