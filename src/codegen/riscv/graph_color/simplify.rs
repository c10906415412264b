//! Simplify: remove a low-degree node that is not move-related.
//!
//! Source: George & Appel, "Iterated Register Coalescing" (TOPLAS 1996),
//! Figure 4, procedure `Simplify`; the seed's §寄存器分配 "简化 (Simplify)":
//! a node of degree < K can always be coloured whatever its neighbours get,
//! so it is pushed on `selectStack` and its edges leave the graph (its
//! neighbours' degrees drop, which may make them simplifiable in turn).
//! Move-related nodes wait: they may still be coalesced.

use super::worklists::{Event, Irc, NodeState};

impl Irc {
    /// One step of `Simplify`; the simplify list must not be empty.
    pub fn simplify_one(&mut self) {
        let n = self.simplify.pop().expect("simplify list not empty");
        self.state[n as usize] = NodeState::Selected;
        self.select_stack.push(n);
        self.record(Event::Simplify(n));
        for m in self.adjacent(n) {
            self.decrement_degree(m);
        }
    }
}
