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

use super::worklists::{Event, Irc, NodeState};

impl Irc {
    /// The spill priority of a node: lower spills first.
    pub fn spill_priority(&self, n: u32, is_temp: bool) -> f64 {
        if is_temp {
            return f64::INFINITY;
        }
        self.g.cost[n as usize] / self.g.degree[n as usize].max(1) as f64
    }

    /// One step of `SelectSpill`; the spill list must not be empty.
    /// `is_temp(n)` tells spill temporaries apart.
    pub fn select_spill_one(&mut self, is_temp: &dyn Fn(u32) -> bool) {
        let m = self
            .spill
            .iter()
            .min_by(|&a, &b| {
                let (pa, pb) = (
                    self.spill_priority(a, is_temp(a)),
                    self.spill_priority(b, is_temp(b)),
                );
                pa.total_cmp(&pb).then(a.cmp(&b))
            })
            .expect("spill list not empty");
        self.record(Event::PotentialSpill {
            n: m,
            cost: self.g.cost[m as usize],
            degree: self.g.degree[m as usize],
        });
        self.set_state(m, NodeState::Simplify);
        self.freeze_moves(m);
    }
}
