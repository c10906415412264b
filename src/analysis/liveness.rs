//! Live-in blocks of one variable (Algorithm 16.4.2 of the seed, lesson 16.4).
//!
//! Input, per variable: the blocks that define it (for an alloca: contain a
//! store) and the blocks with an *upward-exposed* use (a load with no store
//! to the same slot before it in the block). Output: the blocks at whose
//! start the variable is live, i.e. some path from the block's start reaches
//! a use without passing a definition.
//!
//! The walk goes backwards from the upward-exposed uses over predecessors,
//! stopping at defining blocks (a definition kills) and at unreachable
//! blocks (the renaming never visits them, so they need no value).
//!
//! Invariant: a block enters `live` at most once; total work per variable is
//! O(live blocks + their predecessor edges). Scratch space is a `StampSet`,
//! so many variables share one calculator.
//!
//! `LiveInQuery` answers "is the variable live-in at this block?" for a few
//! blocks only, by searching forward from the block until a use or a
//! definition: live-in(B) = UE(B) ∨ (B ∉ D ∧ ∃ successor S: live-in(S)).
//! Pruned placement needs liveness only at the blocks of DF⁺(D), which are
//! few, while whole live-in sets can be quadratic in total: Proposition
//! 16.4.11's chain-in-a-loop has n variables each live over Θ(n) blocks but
//! only one candidate phi block each, where the answer is found at once.
//! A search that finds no use marks every block it saw as dead for that
//! variable, so repeated queries do not repeat a failed search.

use super::cfg::{Block, Cfg};
use super::stamps::StampSet;

pub struct LiveInCalculator<'a> {
    cfg: &'a Cfg,
    reachable: &'a [bool],
    defined: StampSet,
    live: StampSet,
    worklist: Vec<Block>,
}

impl<'a> LiveInCalculator<'a> {
    pub fn new(cfg: &'a Cfg, reachable: &'a [bool]) -> Self {
        let n = cfg.num_blocks();
        LiveInCalculator {
            cfg,
            reachable,
            defined: StampSet::new(n),
            live: StampSet::new(n),
            worklist: Vec::new(),
        }
    }

    /// The live-in blocks, in the order found. `upward_exposed` lists the
    /// blocks whose first access is a use (Algorithm 16.4.2's W).
    pub fn live_in_blocks(&mut self, defs: &[Block], upward_exposed: &[Block]) -> Vec<Block> {
        self.defined.clear();
        self.live.clear();
        for &d in defs {
            self.defined.insert(d);
        }
        self.worklist.clear();
        self.worklist.extend(
            upward_exposed
                .iter()
                .copied()
                .filter(|&b| self.reachable[b]),
        );
        let mut live = Vec::new();
        while let Some(b) = self.worklist.pop() {
            if !self.live.insert(b) {
                continue;
            }
            live.push(b);
            for &p in self.cfg.preds(b) {
                if !self.defined.contains(p) && self.reachable[p] && !self.live.contains(p) {
                    self.worklist.push(p);
                }
            }
        }
        live
    }

    /// Whether `b` was found live-in by the last `live_in_blocks` call.
    pub fn was_live_in(&self, b: Block) -> bool {
        self.live.contains(b)
    }
}

/// On-demand live-in queries for one variable at a time (see the module
/// doc). Scratch space is stamped, so one value serves many variables.
pub struct LiveInQuery<'a> {
    cfg: &'a Cfg,
    reachable: &'a [bool],
    defined: StampSet,
    exposed: StampSet,
    /// Blocks from which no use can be reached without a definition.
    dead: StampSet,
    /// Blocks seen by the current search.
    seen: StampSet,
    stack: Vec<Block>,
    visited: Vec<Block>,
}

impl<'a> LiveInQuery<'a> {
    pub fn new(cfg: &'a Cfg, reachable: &'a [bool]) -> Self {
        let n = cfg.num_blocks();
        LiveInQuery {
            cfg,
            reachable,
            defined: StampSet::new(n),
            exposed: StampSet::new(n),
            dead: StampSet::new(n),
            seen: StampSet::new(n),
            stack: Vec::new(),
            visited: Vec::new(),
        }
    }

    /// Starts answering for a new variable.
    pub fn set_variable(&mut self, defs: &[Block], upward_exposed: &[Block]) {
        self.defined.clear();
        self.exposed.clear();
        self.dead.clear();
        for &d in defs {
            self.defined.insert(d);
        }
        for &u in upward_exposed {
            self.exposed.insert(u);
        }
    }

    /// Whether the current variable is live at the start of `b`.
    pub fn is_live_in(&mut self, b: Block) -> bool {
        if !self.reachable[b] {
            return false;
        }
        if self.exposed.contains(b) {
            return true;
        }
        if self.defined.contains(b) || self.dead.contains(b) {
            return false;
        }
        self.seen.clear();
        self.stack.clear();
        self.visited.clear();
        self.stack.push(b);
        self.seen.insert(b);
        while let Some(x) = self.stack.pop() {
            self.visited.push(x);
            for &s in self.cfg.succs(x) {
                if self.exposed.contains(s) {
                    return true;
                }
                if self.defined.contains(s) || self.dead.contains(s) || !self.seen.insert(s) {
                    continue;
                }
                self.stack.push(s);
            }
        }
        // Everything reachable from here without a definition has no use.
        for &x in &self.visited {
            self.dead.insert(x);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The seed's swap loop: entry(0) -> cond(1); cond -> body(2), end(4);
    // body -> inc(3); inc -> cond.
    fn swap_loop() -> Cfg {
        Cfg::from_edges(5, &[(0, 1), (1, 2), (1, 4), (2, 3), (3, 1)])
    }

    #[test]
    fn seed_table_row_for_a() {
        // %a: stores in entry and body; loads in body (before its store) and end.
        let cfg = swap_loop();
        let reach = cfg.reachable();
        let mut calc = LiveInCalculator::new(&cfg, &reach);
        let mut live = calc.live_in_blocks(&[0, 2], &[2, 4]);
        live.sort();
        assert_eq!(live, vec![1, 2, 3, 4]);
    }

    #[test]
    fn seed_table_row_for_b_and_i() {
        let cfg = swap_loop();
        let reach = cfg.reachable();
        let mut calc = LiveInCalculator::new(&cfg, &reach);
        // %b: stores entry, body; loads only in body, before the store.
        let mut b = calc.live_in_blocks(&[0, 2], &[2]);
        b.sort();
        assert_eq!(b, vec![1, 2, 3]);
        // %i: stores entry, inc; loads in cond and in inc before the store.
        let mut i = calc.live_in_blocks(&[0, 3], &[1, 3]);
        i.sort();
        assert_eq!(i, vec![1, 2, 3]);
        assert!(calc.was_live_in(2) && !calc.was_live_in(0));
    }

    #[test]
    fn queries_give_the_same_rows_as_the_backward_walk() {
        let cfg = swap_loop();
        let reach = cfg.reachable();
        let vars: [(&[Block], &[Block]); 5] = [
            (&[0], &[1]),       // %n.addr
            (&[0, 2], &[2, 4]), // %a
            (&[0, 2], &[2]),    // %b
            (&[0, 3], &[1, 3]), // %i
            (&[2], &[]),        // %t
        ];
        let mut query = LiveInQuery::new(&cfg, &reach);
        let mut walk = LiveInCalculator::new(&cfg, &reach);
        for (defs, ue) in vars {
            walk.live_in_blocks(defs, ue);
            query.set_variable(defs, ue);
            // Twice: the second round of queries uses the dead marks.
            for _ in 0..2 {
                for b in 0..cfg.num_blocks() {
                    assert_eq!(
                        query.is_live_in(b),
                        walk.was_live_in(b),
                        "{defs:?} {ue:?} block {b}"
                    );
                }
            }
        }
    }

    #[test]
    fn unreachable_uses_are_not_live() {
        let cfg = Cfg::from_edges(3, &[(0, 1), (2, 1)]);
        let reach = cfg.reachable();
        let mut calc = LiveInCalculator::new(&cfg, &reach);
        let mut live = calc.live_in_blocks(&[], &[1, 2]);
        live.sort();
        assert_eq!(live, vec![0, 1]);
    }
}
