//! Pruned phi placement for many slots (Algorithms 16.4.2 and 16.2.4 of the
//! seed): for each slot, its live-in blocks from the upward-exposed uses,
//! then DF⁺(definition blocks) restricted to those blocks.
//!
//! Done for many slots at once, which is where LLVM 19 is quadratic
//! (Proposition 16.4.11): DF⁺ comes from the frontier sets computed once per
//! function (`FrontierIdf`) whenever their total size stays linear in the
//! graph, else from the linear per-slot Sreedhar–Gao walk (`IdfCalculator`);
//! liveness is then asked only at the blocks of DF⁺(D) (`LiveInQuery`),
//! never computed as whole sets. The result is DF⁺(D) ∩ LiveIn by
//! construction; the oracle tests hold it to that.

use crate::analysis::cfg::{Block, Cfg};
use crate::analysis::dominators::DomTree;
use crate::analysis::frontier::{
    dominance_frontiers_bounded, FrontierIdf, IdfCalculator, IteratedFrontier,
};
use crate::analysis::lists::Lists;
use crate::analysis::liveness::LiveInQuery;

/// What placement needs to know of one slot, as owned lists (the teaching
/// views, the oracle and the tests; the pass keeps an `AccessSummary`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SlotAccesses {
    /// Blocks with a store to the slot (each once).
    pub defs: Vec<Block>,
    /// Blocks with a load that no store in the same block precedes.
    pub upward_exposed: Vec<Block>,
}

/// `SlotAccesses` of every slot, in two flat lists: slot `s`'s are
/// `defs[s]` and `upward_exposed[s]`, each sorted by block number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccessSummary {
    pub defs: Lists<Block>,
    pub upward_exposed: Lists<Block>,
}

impl AccessSummary {
    pub fn from_slots(slots: &[SlotAccesses]) -> Self {
        AccessSummary {
            defs: slots.iter().map(|s| s.defs.iter().copied()).collect(),
            upward_exposed: slots
                .iter()
                .map(|s| s.upward_exposed.iter().copied())
                .collect(),
        }
    }

    pub fn to_slots(&self) -> Vec<SlotAccesses> {
        (0..self.len())
            .map(|s| SlotAccesses {
                defs: self.defs[s].to_vec(),
                upward_exposed: self.upward_exposed[s].to_vec(),
            })
            .collect()
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the slot may need a phi: it is stored somewhere and read
    /// somewhere before being written.
    fn may_need_phis(&self, slot: usize) -> bool {
        !self.defs[slot].is_empty() && !self.upward_exposed[slot].is_empty()
    }
}

/// The pruned phi blocks of every slot, each list sorted by block number.
pub fn pruned_phi_blocks(
    cfg: &Cfg,
    dt: &DomTree,
    reachable: &[bool],
    slots: &AccessSummary,
) -> Lists<Block> {
    if !(0..slots.len()).any(|s| slots.may_need_phis(s)) {
        return (0..slots.len()).map(|_| []).collect();
    }
    let edges = cfg.num_edges();
    let bound = 8 * (cfg.num_blocks() + edges) + 4096;
    let frontiers = dominance_frontiers_bounded(cfg, dt, bound);
    // See the module doc for when each is used.
    let mut idf: Box<dyn IteratedFrontier> = match &frontiers {
        Some(df) => Box::new(FrontierIdf::new(df, reachable)),
        None => Box::new(IdfCalculator::new(cfg, dt)),
    };
    let mut live = LiveInQuery::new(cfg, reachable);
    let mut phis = Lists::with_capacity(slots.len(), 0);
    let mut blocks = Vec::new(); // DF⁺ of each slot in turn
    for s in 0..slots.len() {
        if !slots.may_need_phis(s) {
            phis.push_list([]);
            continue;
        }
        live.set_variable(&slots.defs[s], &slots.upward_exposed[s]);
        idf.calculate_into(&slots.defs[s], None, &mut blocks);
        phis.push_list(blocks.iter().copied().filter(|&b| live.is_live_in(b)));
    }
    phis
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
        let phis = pruned_phi_blocks(&cfg, &dt, &reach, &AccessSummary::from_slots(&slots));
        assert_eq!(
            phis.to_vecs(),
            vec![vec![], vec![1], vec![1], vec![1], vec![]]
        );
    }
}
