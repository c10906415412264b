//! Pruned phi placement for many slots (Algorithms 16.4.2 and 16.2.4 of the
//! seed): for each slot, its live-in blocks from the upward-exposed uses,
//! then DF⁺(definition blocks) restricted to those blocks.
//!
//! Plain data in, plain data out: the LLVM side summarises each alloca as
//! `SlotAccesses`, which is also what the oracle checks against.
//!
//! Postcondition: `phi_blocks[a] == DF⁺(defs[a]) ∩ LiveIn(a)`, sorted by
//! block number (= layout order). The entry block never appears: the entry's
//! implicit `undef` definition adds no frontier (DF(entry) = ∅).

use crate::analysis::cfg::{Block, Cfg};
use crate::analysis::dominators::DomTree;
use crate::analysis::frontier::IdfCalculator;
use crate::analysis::liveness::LiveInCalculator;

/// What placement needs to know of one slot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SlotAccesses {
    /// Blocks with a store to the slot (each once).
    pub defs: Vec<Block>,
    /// Blocks with a load that no store in the same block precedes.
    pub upward_exposed: Vec<Block>,
}

/// The pruned phi blocks of every slot, each list sorted by block number.
pub fn pruned_phi_blocks(
    cfg: &Cfg,
    dt: &DomTree,
    reachable: &[bool],
    slots: &[SlotAccesses],
) -> Vec<Vec<Block>> {
    let mut live = LiveInCalculator::new(cfg, reachable);
    let mut idf = IdfCalculator::new(cfg, dt);
    slots
        .iter()
        .map(|slot| {
            if slot.upward_exposed.is_empty() {
                return Vec::new(); // never read before written: no phi is live
            }
            live.live_in_blocks(&slot.defs, &slot.upward_exposed);
            idf.calculate(&slot.defs, Some(&|b| live.was_live_in(b)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_swap_loop_gets_three_phis_at_for_cond() {
        // entry(0) -> cond(1) -> body(2) -> inc(3) -> cond; cond -> end(4)
        let cfg = Cfg::from_edges(5, &[(0, 1), (1, 2), (1, 4), (2, 3), (3, 1)]);
        let dt = DomTree::compute(&cfg);
        let reach = cfg.reachable();
        let slot = |defs: &[Block], ue: &[Block]| SlotAccesses {
            defs: defs.to_vec(),
            upward_exposed: ue.to_vec(),
        };
        let slots = [
            slot(&[0], &[1]),       // %n.addr
            slot(&[0, 2], &[2, 4]), // %a
            slot(&[0, 2], &[2]),    // %b
            slot(&[0, 3], &[1, 3]), // %i
            slot(&[2], &[]),        // %t: load after the store in body
        ];
        let phis = pruned_phi_blocks(&cfg, &dt, &reach, &slots);
        assert_eq!(phis, vec![vec![], vec![1], vec![1], vec![1], vec![]]);
    }
}
