//! SelectSpill: when only high-degree nodes are left, push the cheapest one
//! optimistically (it may still get a colour in `assign`).
//!
//! Source: George & Appel, "Iterated Register Coalescing" (TOPLAS 1996),
//! Figure 4, procedure `SelectSpill` (Briggs's optimistic colouring: the
//! node is only a *potential* spill); the seed's §寄存器分配 "选择溢出变量
//! (Select Spill)", which leaves the estimate open.
//!
//! Estimate (Chaitin's): spill cost / current degree, where the cost is the
//! uses and definitions weighted by 10^(loop depth) (`build`). A value
//! used rarely and interfering with many others goes first. Spill
//! temporaries from earlier rounds have infinite cost: their ranges are
//! already minimal, and spilling one again would not end.
//!
//! The candidates wait in a heap by (priority, node) (`Irc::spill_queue`),
//! queued when they join the spill list and when coalescing may have
//! lowered a priority (a merged node's degree grows). Otherwise a
//! priority only rises while the node waits (its degree falls as its
//! neighbours are simplified; costs only grow), so a queued priority is a
//! lower bound: the entry on top is taken when its priority is still the
//! node's, else queued again with the current one; an entry whose node
//! left the list is dropped. The node taken is the one a scan of the whole
//! list would take (lowest priority, then lowest number), without the
//! scan: with thousands of high-degree nodes the scans were 39 % of
//! `pebble llc`'s time on a 500-block irreducible CFG of 50 variables.

use std::cmp::Ordering;

use super::build::Node;
use super::worklists::{Event, Irc, NodeState};

/// A spill candidate as it was when queued.
#[derive(Clone, Copy, Debug)]
pub struct SpillEntry {
    pub priority: f64,
    pub node: Node,
}

impl Ord for SpillEntry {
    /// Reversed, so that `BinaryHeap` (a max-heap) pops the lowest
    /// priority first, then the lowest node.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .priority
            .total_cmp(&self.priority)
            .then(other.node.cmp(&self.node))
    }
}

impl PartialOrd for SpillEntry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for SpillEntry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for SpillEntry {}

impl Irc {
    /// The spill priority of a node: lower spills first.
    pub fn spill_priority(&self, n: Node) -> f64 {
        if self.g.is_temp[n as usize] {
            return f64::INFINITY;
        }
        self.g.cost[n as usize] / self.g.degree[n as usize].max(1) as f64
    }

    /// Queues `n` with its current priority if it is on the spill list
    /// (when it joins it, and after anything that may lower its priority).
    pub fn queue_spill(&mut self, n: Node) {
        if self.state[n as usize] == NodeState::Spill {
            let priority = self.spill_priority(n);
            self.spill_queue.push(SpillEntry { priority, node: n });
        }
    }

    /// One step of `SelectSpill`; the spill list must not be empty.
    pub fn select_spill_one(&mut self) {
        let m = loop {
            let top = self.spill_queue.pop().expect("every spill node is queued");
            let n = top.node;
            if self.state[n as usize] != NodeState::Spill {
                continue;
            }
            let now = self.spill_priority(n);
            if top.priority.total_cmp(&now) == Ordering::Equal {
                break n;
            }
            debug_assert!(top.priority < now, "a queued priority is a lower bound");
            self.spill_queue.push(SpillEntry {
                priority: now,
                node: n,
            });
        };
        debug_assert!(
            self.spill.iter().all(|n| {
                let (a, b) = (self.spill_priority(n), self.spill_priority(m));
                a.total_cmp(&b).then(n.cmp(&m)) != Ordering::Less
            }),
            "the queue gives the list's minimum"
        );
        self.record(Event::PotentialSpill {
            n: m,
            cost: self.g.cost[m as usize],
            degree: self.g.degree[m as usize],
        });
        self.set_state(m, NodeState::Simplify);
        self.freeze_moves(m);
    }
}
