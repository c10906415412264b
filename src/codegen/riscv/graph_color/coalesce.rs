//! Coalesce: join the two ends of a move into one node when that cannot
//! make the graph harder to colour.
//!
//! Source: George & Appel, "Iterated Register Coalescing" (TOPLAS 1996),
//! Figure 4, procedures `Coalesce`, `Combine`, `OK` (George's test) and
//! `Conservative` (Briggs's test); the seed's §寄存器分配 "合并 (Coalesce)":
//! * Briggs, between two virtual registers: the merged node has fewer than
//!   K neighbours of significant degree (≥ K), so simplification will still
//!   remove it;
//! * George, when one end `u` is precoloured: every neighbour `t` of the
//!   other end `v` already interferes with `u`, or has degree < K (or is
//!   precoloured). Precoloured nodes have no adjacency lists, so Briggs's
//!   test could not be computed for them; George's needs only `v`'s.
//!
//! A move whose ends interfere, or whose ends are both precoloured, is
//! constrained: never coalesced. One that fails the test stays active and
//! is retried when a degree drops (`enable_moves`).

use super::build::{is_precolored, Node};
use super::worklists::{Event, Irc, MoveState, NodeState};

impl Irc {
    /// One step of `Coalesce`; the move worklist must not be empty.
    pub fn coalesce_one(&mut self) {
        let m = self.worklist_moves.pop().expect("move worklist not empty");
        let mv = self.g.moves[m as usize];
        let x = self.get_alias(mv.dst);
        let y = self.get_alias(mv.src);
        let (u, v) = if is_precolored(y) { (y, x) } else { (x, y) };
        // popped from the worklist: now in no move set until decided
        self.move_state[m as usize] = MoveState::Frozen;
        if u == v {
            self.set_move_state(m, MoveState::Coalesced);
            self.add_work_list(u);
        } else if is_precolored(v) || self.g.interfere(u, v) {
            self.set_move_state(m, MoveState::Constrained);
            self.record(Event::Constrained { u, v });
            self.add_work_list(u);
            self.add_work_list(v);
        } else if let Some(rule) = self.coalescible(u, v) {
            self.set_move_state(m, MoveState::Coalesced);
            self.record(Event::Coalesce { u, v, rule });
            self.combine(u, v);
            self.add_work_list(u);
        } else {
            self.set_move_state(m, MoveState::Active);
        }
    }

    /// The test that allows joining `v` into `u`, if one does.
    fn coalescible(&mut self, u: Node, v: Node) -> Option<&'static str> {
        if is_precolored(u) {
            if !self.george_colour_ok(u, v) {
                return None;
            }
            let ok = self.g.adj_list[v as usize]
                .iter()
                .filter(|&&t| self.is_adjacent(t))
                .all(|&t| self.george_ok(t, u));
            ok.then_some("George")
        } else {
            self.briggs_conservative(u, v).then_some("Briggs")
        }
    }

    /// `u` must be one of the colours of `v`'s class (reserved registers
    /// such as the frame pointer are never given out).
    fn george_colour_ok(&self, u: Node, v: Node) -> bool {
        self.g.colours[self.g.class[v as usize] as usize].contains(&(u as u8))
    }

    /// The paper's `OK(t, r)`: George's condition for one neighbour.
    fn george_ok(&self, t: Node, r: Node) -> bool {
        self.g.degree[t as usize] < self.g.k(t) || is_precolored(t) || self.g.interfere(t, r)
    }

    /// The paper's `Conservative(Adjacent(u) ∪ Adjacent(v))`: Briggs's
    /// test. The union is taken with a mark per node (stamped with a fresh
    /// epoch each call) instead of a sorted, deduplicated list: this test
    /// runs for every move, and sorting the neighbour lists of large nodes
    /// was most of the allocator's time on big functions. It stops at the
    /// K-th significant neighbour.
    fn briggs_conservative(&mut self, u: Node, v: Node) -> bool {
        let k = self.g.k(u);
        let epoch = self.next_epoch();
        let mut significant = 0;
        for x in [u, v] {
            for &n in &self.g.adj_list[x as usize] {
                let seen = &mut self.mark[n as usize];
                if *seen == epoch
                    || matches!(
                        self.state[n as usize],
                        NodeState::Selected | NodeState::Coalesced
                    )
                {
                    continue;
                }
                *seen = epoch;
                if self.g.degree[n as usize] >= k {
                    significant += 1;
                    if significant >= k {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The paper's `Combine(u, v)` (with `EnableMoves(v)`, the erratum of
    /// the published figure).
    fn combine(&mut self, u: Node, v: Node) {
        self.set_state(v, NodeState::Coalesced);
        self.alias[v as usize] = u;
        if !is_precolored(u) {
            let vm = std::mem::take(&mut self.g.move_list[v as usize]);
            self.g.move_list[u as usize].extend_from_slice(&vm);
            self.g.move_list[v as usize] = vm;
        }
        self.enable_moves(&[v]);
        let (cv, xv) = (self.g.cost[v as usize], self.g.crosses_call[v as usize]);
        self.g.cost[u as usize] += cv;
        self.g.crosses_call[u as usize] |= xv;
        for t in self.adjacent(v) {
            self.g.add_edge(t, u);
            self.decrement_degree(t);
        }
        if !is_precolored(u)
            && self.g.degree[u as usize] >= self.g.k(u)
            && self.state[u as usize] == NodeState::Freeze
        {
            self.set_state(u, NodeState::Spill);
        }
        // Its degree may have grown: its priority may be lower.
        self.queue_spill(u);
    }
}
