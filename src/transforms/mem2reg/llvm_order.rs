//! The order in which LLVM's `RenamePass` walks CFG edges, which is the
//! order of the incoming entries of the phis it fills (compat mode only).
//!
//! LLVM walks the CFG depth-first from the entry with a worklist of
//! (block, predecessor) pairs: on reaching a block through an edge it adds
//! that predecessor's entries to the block's new phis (once per parallel
//! edge), stops if the block was visited, and otherwise goes on with the
//! block's distinct successors, in an order that changed between versions
//! (`SuccessorOrder`): LLVM 19 continues in place with the first successor
//! and pushes the others, in order, to be popped last-in first-out; LLVM 22
//! pushes them all in reverse (`reverse(successors(BB))`, a successor once),
//! so it visits them in the order of their last occurrence. The two agree
//! for a two-way `br`; they differ for switches.
//!
//! The *values* on each edge do not depend on the walk (they are the
//! reaching definitions the dominator-tree renamer computes); only the order
//! of the entries does, and that is what `edge_order` reproduces.
//!
//! The *debug locations* LLVM gives new phis do depend on the walk: its
//! renamer carries, per slot, the location of the last store on the path it
//! followed (phis do not change it), sets a phi's location from the first
//! edge that reaches it and merges the location of every later edge into it.
//! `phi_locations` replays that walk with the locations only.

use crate::analysis::cfg::{Block, Cfg};
use crate::analysis::lists::Lists;

/// The CFG LLVM's renamer walks, and the successor order it walks it in.
#[derive(Clone, Copy)]
pub struct Walk<'a> {
    pub cfg: &'a Cfg,
    pub successors: SuccessorOrder,
}

/// In which order LLVM's renamer visits a block's distinct successors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuccessorOrder {
    /// LLVM 19: the first successor, then the others in reverse order of
    /// their first occurrence.
    FirstThenReversed,
    /// LLVM 22: in the order of their last occurrence.
    LastOccurrence,
}

impl SuccessorOrder {
    /// The order of the LLVM Pebble is built for.
    pub fn of_this_llvm() -> Self {
        if crate::ir::version::MEM2REG.successors_by_last_occurrence {
            SuccessorOrder::LastOccurrence
        } else {
            SuccessorOrder::FirstThenReversed
        }
    }

    /// `succs`' distinct blocks in visiting order.
    fn visiting_order(self, succs: &[Block]) -> Vec<Block> {
        let mut distinct: Vec<Block> = Vec::with_capacity(succs.len());
        match self {
            SuccessorOrder::FirstThenReversed => {
                for &s in succs {
                    if !distinct.contains(&s) {
                        distinct.push(s);
                    }
                }
                if distinct.len() > 1 {
                    distinct[1..].reverse();
                }
            }
            SuccessorOrder::LastOccurrence => {
                for &s in succs.iter().rev() {
                    if !distinct.contains(&s) {
                        distinct.push(s);
                    }
                }
                distinct.reverse();
            }
        }
        distinct
    }
}

/// LLVM's renaming walk itself, carrying a state `S` that each branch of
/// the walk copies (LLVM copies its value and location vectors). `on_edge(b,
/// pred, state)` runs whenever `b` is reached through an edge (once per
/// distinct predecessor visit), visited or not; `on_visit(b, state)` runs the
/// first time `b` is entered, before its successors are followed.
fn walk_like_llvm<S: Clone>(
    walk: Walk,
    start: S,
    mut on_edge: impl FnMut(Block, Block, &S),
    mut on_visit: impl FnMut(Block, &mut S),
) {
    let cfg = walk.cfg;
    let n = cfg.num_blocks();
    if n == 0 {
        return;
    }
    let mut visited = vec![false; n];
    let mut worklist: Vec<(Block, Option<Block>, S)> = vec![(cfg.entry(), None, start)];
    while let Some((mut block, mut pred, mut state)) = worklist.pop() {
        loop {
            if let Some(p) = pred {
                on_edge(block, p, &state);
            }
            if visited[block] {
                break;
            }
            visited[block] = true;
            on_visit(block, &mut state);
            // Continuing in place with the first block to visit is the
            // same as pushing it last and popping it at once.
            let order = walk.successors.visiting_order(cfg.succs(block));
            let Some((&first, rest)) = order.split_first() else {
                break;
            };
            for &s in rest.iter().rev() {
                worklist.push((s, Some(block), state.clone()));
            }
            pred = Some(block);
            block = first;
        }
    }
}

/// For every block, its reachable predecessors in the order LLVM's renamer
/// reaches the block from them (each distinct predecessor once).
pub fn edge_order(walk: Walk) -> Vec<Vec<Block>> {
    let mut order: Vec<Vec<Block>> = vec![Vec::new(); walk.cfg.num_blocks()];
    walk_like_llvm(
        walk,
        (),
        |block, pred, _| order[block].push(pred),
        |_, _| {},
    );
    order
}

/// The location each new phi ends up with in LLVM's renamer (see the module
/// doc). `phis_at[b]` lists `(phi, slot)` for the new phis of block `b`, top
/// to bottom; `stores[b]` lists `(slot, location)` for the stores of block
/// `b` in order. `none` is the absent location; `merge` is
/// `DILocation::getMergedLocation`. Like LLVM, each branch of the walk
/// carries its own copy of the per-slot locations.
pub fn phi_locations<L: Copy>(
    walk: Walk,
    slots: usize,
    phis: usize,
    phis_at: &Lists<(usize, u32)>,
    stores: &[Vec<(u32, L)>],
    none: L,
    mut merge: impl FnMut(L, L) -> L,
) -> Vec<L> {
    let mut location = vec![none; phis];
    let mut reached = vec![false; phis];
    walk_like_llvm(
        walk,
        vec![none; slots],
        |block, _, locs: &Vec<L>| {
            for &(phi, slot) in &phis_at[block] {
                let incoming = locs[slot as usize];
                location[phi] = if reached[phi] {
                    merge(location[phi], incoming)
                } else {
                    incoming
                };
                reached[phi] = true;
            }
        },
        |block, locs| {
            for &(slot, loc) in &stores[block] {
                locs[slot as usize] = loc;
            }
        },
    );
    location
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_successor_is_followed_before_the_others() {
        // entry(0) -> t(1), m(2); t -> m. LLVM reaches m from t first.
        let cfg = Cfg::from_edges(3, &[(0, 1), (0, 2), (1, 2)]);
        assert_eq!(
            edge_order(Walk {
                cfg: &cfg,
                successors: SuccessorOrder::FirstThenReversed
            })[2],
            vec![1, 0]
        );
    }

    #[test]
    fn pushed_successors_are_popped_last_in_first_out() {
        // entry(0) -> 1, 2, 3 (switch); each -> 4.
        let cfg = Cfg::from_edges(5, &[(0, 1), (0, 2), (0, 3), (1, 4), (2, 4), (3, 4)]);
        assert_eq!(
            edge_order(Walk {
                cfg: &cfg,
                successors: SuccessorOrder::FirstThenReversed
            })[4],
            vec![1, 3, 2]
        );
    }

    #[test]
    fn phi_locations_follow_the_walk_and_merge_later_edges() {
        // entry(0) stores slot 0 at "e"; -> t(1), m(2); t stores at "t", -> m.
        // m has a phi for slot 0: reached first from t ("t"), then entry.
        let cfg = Cfg::from_edges(3, &[(0, 1), (0, 2), (1, 2)]);
        let phis_at: Lists<(usize, u32)> = [vec![], vec![], vec![(0, 0)]].into_iter().collect();
        let stores = vec![vec![(0, "e")], vec![(0, "t")], vec![]];
        let merged = phi_locations(
            Walk {
                cfg: &cfg,
                successors: SuccessorOrder::FirstThenReversed,
            },
            1,
            1,
            &phis_at,
            &stores,
            "",
            |a, b| {
                if a == b {
                    a
                } else {
                    "merged"
                }
            },
        );
        assert_eq!(merged, vec!["merged"]);
        // Without the store in t both edges carry "e".
        let stores = vec![vec![(0, "e")], vec![], vec![]];
        let same = phi_locations(
            Walk {
                cfg: &cfg,
                successors: SuccessorOrder::FirstThenReversed,
            },
            1,
            1,
            &phis_at,
            &stores,
            "",
            |a, b| {
                if a == b {
                    a
                } else {
                    "merged"
                }
            },
        );
        assert_eq!(same, vec!["e"]);
    }

    #[test]
    fn llvm_22_visits_switch_successors_in_order_of_last_occurrence() {
        // entry(0): switch default 1, cases 2, 3; each -> 4. LLVM 19 visits
        // 1, 3, 2; LLVM 22 visits 1, 2, 3.
        let cfg = Cfg::from_edges(5, &[(0, 1), (0, 2), (0, 3), (1, 4), (2, 4), (3, 4)]);
        assert_eq!(
            edge_order(Walk {
                cfg: &cfg,
                successors: SuccessorOrder::LastOccurrence
            })[4],
            vec![1, 2, 3]
        );
        // LLVM's duplicate-edges test: entry -> other, join, join, other.
        // Last occurrences: join (2) before other (3).
        let cfg = Cfg::from_edges(3, &[(0, 1), (0, 2), (0, 2), (0, 1), (1, 2), (1, 2)]);
        assert_eq!(
            edge_order(Walk {
                cfg: &cfg,
                successors: SuccessorOrder::LastOccurrence
            })[2],
            vec![0, 1]
        );
        assert_eq!(
            edge_order(Walk {
                cfg: &cfg,
                successors: SuccessorOrder::FirstThenReversed
            })[2],
            vec![1, 0]
        );
    }

    #[test]
    fn both_orders_agree_on_two_way_branches() {
        let cfg = Cfg::from_edges(4, &[(0, 1), (0, 2), (1, 3), (2, 3), (3, 1)]);
        assert_eq!(
            edge_order(Walk {
                cfg: &cfg,
                successors: SuccessorOrder::LastOccurrence
            }),
            edge_order(Walk {
                cfg: &cfg,
                successors: SuccessorOrder::FirstThenReversed
            })
        );
    }

    #[test]
    fn parallel_edges_count_once_and_unreachable_blocks_never() {
        let cfg = Cfg::from_edges(3, &[(0, 1), (0, 1), (2, 1)]);
        assert_eq!(
            edge_order(Walk {
                cfg: &cfg,
                successors: SuccessorOrder::FirstThenReversed
            })[1],
            vec![0]
        );
    }
}
