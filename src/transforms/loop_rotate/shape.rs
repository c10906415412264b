//! Which loops `pebble-loop-rotate` may rotate, judged on the CFG alone
//! (the LLVM-side checks — terminator kind, header size, duplicability —
//! are in `legality`).
//!
//! A loop is rotatable when it has
//! * exactly one latch `T` (one block with back edges to the header `H`);
//! * a header that tests and exits: exactly two successor edges, one to a
//!   block `N` inside the loop and one to a block `E` outside;
//! * a latch that does not exit (otherwise the loop is already
//!   bottom-tested: rotating it again would only move the test around);
//! * a dedicated preheader `P`: the only edge into `H` from outside the
//!   loop comes from `P`, and it is `P`'s only successor edge.
//!
//! The rotated loop is entered at `N`; `H` becomes its bottom.

use crate::analysis::cfg::{Block, Cfg};
use crate::analysis::loops::NaturalLoop;

/// The blocks a rotation involves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub header: Block,
    pub latch: Block,
    pub preheader: Block,
    /// The header's successor inside the loop: the rotated loop's header.
    pub body: Block,
    /// The header's successor outside the loop.
    pub exit: Block,
}

/// Why a loop is left alone. The order is the order of the checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SkipReason {
    MultipleLatches,
    HeaderNotExiting,
    AlreadyBottomTested,
    NoDedicatedPreheader,
    HeaderTooLarge,
    NotDuplicable,
}

impl SkipReason {
    pub fn describe(self) -> &'static str {
        match self {
            SkipReason::MultipleLatches => "multiple latches",
            SkipReason::HeaderNotExiting => "header not exiting",
            SkipReason::AlreadyBottomTested => "latch exits",
            SkipReason::NoDedicatedPreheader => "no dedicated preheader",
            SkipReason::HeaderTooLarge => "header too large",
            SkipReason::NotDuplicable => "header not duplicable",
        }
    }
}

/// The rotation shape of `l`, or why it has none.
pub fn classify(cfg: &Cfg, l: &NaturalLoop) -> Result<Shape, SkipReason> {
    let &[latch] = l.latches.as_slice() else {
        return Err(SkipReason::MultipleLatches);
    };
    let header = l.header;
    let (body, exit) = match *cfg.succs(header) {
        [a, b] if l.contains(a) && !l.contains(b) => (a, b),
        [a, b] if l.contains(b) && !l.contains(a) => (b, a),
        _ => return Err(SkipReason::HeaderNotExiting),
    };
    if latch == header || cfg.succs(latch).iter().any(|&s| !l.contains(s)) {
        return Err(SkipReason::AlreadyBottomTested);
    }
    let outside: Vec<Block> = cfg
        .preds(header)
        .iter()
        .copied()
        .filter(|&p| !l.contains(p))
        .collect();
    let &[preheader] = outside.as_slice() else {
        return Err(SkipReason::NoDedicatedPreheader);
    };
    if cfg.succs(preheader) != [header] {
        return Err(SkipReason::NoDedicatedPreheader);
    }
    Ok(Shape {
        header,
        latch,
        preheader,
        body,
        exit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::dominators::DomTree;
    use crate::analysis::loops::natural_loops;

    fn only_loop(cfg: &Cfg) -> NaturalLoop {
        let loops = natural_loops(cfg, &DomTree::compute(cfg));
        assert_eq!(loops.len(), 1);
        loops.into_iter().next().unwrap()
    }

    #[test]
    fn the_seeds_while_loop_is_rotatable() {
        // entry(0) -> header(1) -> body(2) -> header; header -> exit(3)
        let cfg = Cfg::from_edges(4, &[(0, 1), (1, 2), (1, 3), (2, 1)]);
        assert_eq!(
            classify(&cfg, &only_loop(&cfg)),
            Ok(Shape {
                header: 1,
                latch: 2,
                preheader: 0,
                body: 2,
                exit: 3
            })
        );
    }

    #[test]
    fn exit_first_successor_order_is_accepted() {
        let cfg = Cfg::from_edges(4, &[(0, 1), (1, 3), (1, 2), (2, 1)]);
        assert_eq!(
            classify(&cfg, &only_loop(&cfg)).map(|s| (s.body, s.exit)),
            Ok((2, 3))
        );
    }

    #[test]
    fn each_reason_is_found() {
        let reason = |n, edges: &[(Block, Block)]| {
            let cfg = Cfg::from_edges(n, edges);
            classify(&cfg, &only_loop(&cfg)).unwrap_err()
        };
        // continue-style second back edge
        assert_eq!(
            reason(5, &[(0, 1), (1, 2), (1, 4), (2, 3), (2, 1), (3, 1)]),
            SkipReason::MultipleLatches
        );
        // for(;;) { if (c) break; }: the header only falls into the body
        assert_eq!(
            reason(4, &[(0, 1), (1, 2), (2, 1), (2, 3)]),
            SkipReason::HeaderNotExiting
        );
        // do-while: latch exits
        assert_eq!(
            reason(4, &[(0, 1), (1, 2), (2, 1), (2, 3), (1, 3)]),
            SkipReason::AlreadyBottomTested
        );
        // self-loop
        assert_eq!(
            reason(3, &[(0, 1), (1, 1), (1, 2)]),
            SkipReason::AlreadyBottomTested
        );
        // two entries from outside
        assert_eq!(
            reason(6, &[(0, 4), (0, 5), (4, 1), (5, 1), (1, 2), (1, 3), (2, 1)]),
            SkipReason::NoDedicatedPreheader
        );
        // the entry edge comes from a branching block
        assert_eq!(
            reason(5, &[(0, 1), (0, 4), (1, 2), (1, 3), (2, 1), (3, 4)]),
            SkipReason::NoDedicatedPreheader
        );
    }
}
