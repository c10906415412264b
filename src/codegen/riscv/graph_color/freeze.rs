//! Freeze: give up coalescing the moves of one low-degree node, so that it
//! can be simplified.
//!
//! Source: George & Appel, "Iterated Register Coalescing" (TOPLAS 1996),
//! Figure 4, procedures `Freeze` and `FreezeMoves`; the seed's §寄存器分配
//! "冻结 (Freeze)": when neither simplification nor coalescing can proceed,
//! pick a low-degree move-related node and freeze all its moves. The other
//! end of each frozen move may thereby stop being move-related and become
//! simplifiable.

use super::build::{is_precolored, Node};
use super::worklists::{Event, Irc, MoveState, NodeState};

impl Irc {
    /// One step of `Freeze`; the freeze list must not be empty.
    pub fn freeze_one(&mut self) {
        let u = self.freeze.pop().expect("freeze list not empty");
        self.state[u as usize] = NodeState::Initial;
        self.set_state(u, NodeState::Simplify);
        self.record(Event::Freeze(u));
        self.freeze_moves(u);
    }

    /// The paper's `FreezeMoves(u)`.
    pub fn freeze_moves(&mut self, u: Node) {
        for m in self.node_moves(u) {
            let mv = self.g.moves[m as usize];
            let (x, y) = (self.get_alias(mv.dst), self.get_alias(mv.src));
            let v = if y == self.get_alias(u) { x } else { y };
            self.set_move_state(m, MoveState::Frozen);
            if !is_precolored(v)
                && self.state[v as usize] == NodeState::Freeze
                && !self.move_related(v)
                && self.g.degree[v as usize] < self.g.k(v)
            {
                self.set_state(v, NodeState::Simplify);
            }
        }
    }
}
