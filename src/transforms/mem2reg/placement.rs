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
use crate::analysis::frontier::{dominance_frontiers_bounded, FrontierIdf, IdfCalculator};
use crate::analysis::liveness::LiveInQuery;

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
    let mut phis = vec![Vec::new(); slots.len()];
    // A slot never read before written, or never written, has no live phi.
    let candidates: Vec<usize> = (0..slots.len())
        .filter(|&s| !slots[s].defs.is_empty() && !slots[s].upward_exposed.is_empty())
        .collect();
    if candidates.is_empty() {
        return phis;
    }
    let edges = cfg.num_edges();
    let bound = 8 * (cfg.num_blocks() + edges) + 4096;
    let frontiers = dominance_frontiers_bounded(cfg, dt, bound);
    let mut idf = match &frontiers {
        Some(df) => Idf::FromSets(FrontierIdf::new(df, reachable)),
        None => Idf::Walk(IdfCalculator::new(cfg, dt)),
    };
    let mut live = LiveInQuery::new(cfg, reachable);
    for s in candidates {
        let slot = &slots[s];
        live.set_variable(&slot.defs, &slot.upward_exposed);
        let mut blocks = idf.calculate(&slot.defs);
        blocks.retain(|&b| live.is_live_in(b));
        phis[s] = blocks;
    }
    phis
}

/// The two DF⁺ engines; see the module doc for when each is used.
enum Idf<'a> {
    FromSets(FrontierIdf<'a>),
    Walk(IdfCalculator<'a>),
}

impl Idf<'_> {
    /// DF⁺(defs), sorted by block number.
    fn calculate(&mut self, defs: &[Block]) -> Vec<Block> {
        match self {
            Idf::FromSets(idf) => idf.calculate(defs, None),
            Idf::Walk(idf) => idf.calculate(defs, None),
        }
    }
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
