//! AssignColors: pop the select stack and give each node a colour none of
//! its already coloured neighbours has; a node left without one is an
//! actual spill.
//!
//! Source: George & Appel, "Iterated Register Coalescing" (TOPLAS 1996),
//! Figure 4, procedure `AssignColors`; the seed's §寄存器分配 "进行染色
//! (Assign Color)": rebuild the graph by re-adding the stack's nodes, top
//! first; simplification guarantees a colour for every node that had
//! degree < K when it was pushed, and an optimistic push may still find one.
//! Coalesced nodes take the colour of the node they were joined into.
//!
//! Choice among the free colours (the paper leaves it open):
//! 1. biased colouring (Briggs; the paper's §5): the colour of a move
//!    partner already coloured, the heaviest move first, so frozen and
//!    constrained moves may still vanish;
//! 2. a caller-saved register: free in a function that does not keep it
//!    across a call. Values live across calls interfere with every
//!    caller-saved register (`build`), so only callee-saved ones remain
//!    for them;
//! 3. a callee-saved register this function already saves, then a new one
//!    (each new one costs a store in the prologue and a load in the
//!    epilogue).
//!
//! Debug builds check the result: no two interfering nodes share a colour,
//! and both ends of every coalesced move got the same one.

use super::super::abi::{self, PReg};
use super::build::{is_precolored, Node, PRECOLORED};
use super::worklists::{Event, Irc, MoveState, NodeState};

impl Irc {
    /// The paper's `AssignColors`. `saved` marks the callee-saved registers
    /// given out so far.
    pub fn assign_colours(&mut self, saved: &mut [bool; 64]) {
        while let Some(n) = self.select_stack.pop() {
            let mut taken = [false; 64];
            for &w in &self.g.adj_list[n as usize] {
                let a = self.get_alias(w);
                if matches!(
                    self.state[a as usize],
                    NodeState::Colored | NodeState::Precolored
                ) {
                    if let Some(c) = self.colour[a as usize] {
                        taken[c as usize] = true;
                    }
                }
            }
            let class = self.g.class[n as usize] as usize;
            let ok: Vec<PReg> = self.g.colours[class]
                .iter()
                .copied()
                .filter(|&c| !taken[c as usize])
                .collect();
            if ok.is_empty() {
                self.state[n as usize] = NodeState::Spilled;
                self.spilled.push(n);
                self.record(Event::Select { n, colour: None });
                continue;
            }
            let c = self.pick_colour(n, &ok, saved);
            if abi::is_callee_saved(c) {
                saved[c as usize] = true;
            }
            self.state[n as usize] = NodeState::Colored;
            self.colour[n as usize] = Some(c);
            self.record(Event::Select { n, colour: Some(c) });
        }
        for n in PRECOLORED..self.g.nodes as Node {
            if self.state[n as usize] == NodeState::Coalesced {
                let a = self.get_alias(n);
                self.colour[n as usize] = self.colour[a as usize];
            }
        }
        self.check_colouring();
    }

    fn pick_colour(&self, n: Node, ok: &[PReg], saved: &[bool; 64]) -> PReg {
        let mut best: Option<(f64, PReg)> = None;
        for &m in &self.g.move_list[n as usize] {
            let mv = self.g.moves[m as usize];
            let (a, b) = (self.get_alias(mv.dst), self.get_alias(mv.src));
            let other = if a == n { b } else { a };
            if other == n {
                continue;
            }
            let coloured = matches!(
                self.state[other as usize],
                NodeState::Colored | NodeState::Precolored
            );
            if let (true, Some(c)) = (coloured, self.colour[other as usize]) {
                if ok.contains(&c) && best.is_none_or(|(w, _)| mv.weight > w) {
                    best = Some((mv.weight, c));
                }
            }
        }
        if let Some((_, c)) = best {
            return c;
        }
        ok.iter()
            .copied()
            .find(|&c| !abi::is_callee_saved(c))
            .or_else(|| ok.iter().copied().find(|&c| saved[c as usize]))
            .unwrap_or(ok[0])
    }

    /// Debug builds: the colouring respects every interference edge and
    /// every coalesced move.
    fn check_colouring(&self) {
        if !cfg!(debug_assertions) {
            return;
        }
        let col = |n: Node| -> Option<PReg> {
            let a = self.get_alias(n);
            match self.state[a as usize] {
                NodeState::Colored | NodeState::Precolored => self.colour[a as usize],
                _ => None,
            }
        };
        for n in PRECOLORED..self.g.nodes as Node {
            let Some(c) = col(n) else { continue };
            for &w in &self.g.adj_list[n as usize] {
                debug_assert!(
                    col(w) != Some(c),
                    "interfering nodes {n} and {w} share colour {}",
                    abi::name(c)
                );
            }
        }
        for (m, mv) in self.g.moves.iter().enumerate() {
            if self.move_state[m] == MoveState::Coalesced {
                let (a, b) = (col(mv.dst), col(mv.src));
                debug_assert!(
                    a == b || (a.is_none() && b.is_none()),
                    "coalesced move {m} got two colours"
                );
                debug_assert!(!(is_precolored(mv.dst) && is_precolored(mv.src)));
            }
        }
    }
}
