//! Finding the copy a use reads: the innermost copy of the value that
//! holds where the use is. A copy holds from a point of its block (its
//! entry for a branch's copy, the instruction after an `llvm.assume` for an
//! assume's) to the end of every block that block dominates.
//!
//! The copies of each value are sorted by their block's number in a
//! depth-first walk of the dominator tree, then by position in the block,
//! each with the position of the nearest copy that holds at its own start
//! (the copies nest as the tree's subtrees do, and within a block in
//! order). Scanning every copy of a value for every use was quadratic: an
//! argument compared in every block (`bench-sccp`'s irreducible CFGs) has
//! thousands of both.

use super::{Planned, Point};
use crate::analysis::cfg::Block;
use crate::analysis::dominators::DomTree;
use crate::ir::FastMap;
use crate::transforms::sccp::program::InstId;

pub(super) struct CopyIndex<'a> {
    /// Per value, sorted by `(dfs_in, pos)`.
    by_value: FastMap<InstId, Vec<IndexedCopy>>,
    dt: &'a DomTree,
}

/// One copy in a `CopyIndex`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct IndexedCopy {
    /// Its block's `DomTree::dfs_in`.
    dfs_in: u32,
    /// Where in the block it starts to hold.
    pos: u32,
    /// Its index among the planned copies.
    copy: usize,
    block: Block,
    /// The position of the nearest copy of the same value that holds
    /// where this one starts.
    enclosing: Option<usize>,
}

impl<'a> CopyIndex<'a> {
    pub(super) fn new(planned: &[Planned], dt: &'a DomTree) -> Self {
        let mut by_value: FastMap<InstId, Vec<IndexedCopy>> = FastMap::default();
        // A copy on an edge holds at no point (`EdgeCopies` finds it).
        for (k, p) in planned.iter().enumerate() {
            if dt.is_reachable(p.at.block) && p.edge_to.is_none() {
                by_value.entry(p.x).or_default().push(IndexedCopy {
                    dfs_in: dt.dfs_in(p.at.block),
                    pos: p.at.pos,
                    copy: k,
                    block: p.at.block,
                    enclosing: None,
                });
            }
        }
        for copies in by_value.values_mut() {
            copies.sort_unstable();
            // The copies whose subtree is still open, outermost first (a
            // block dominates itself, so earlier copies of the same block
            // stay open).
            let mut open: Vec<usize> = Vec::new();
            for i in 0..copies.len() {
                let block = copies[i].block;
                while let Some(&top) = open.last() {
                    if dt.dominates(copies[top].block, block) {
                        break;
                    }
                    open.pop();
                }
                copies[i].enclosing = open.last().copied();
                open.push(i);
            }
        }
        CopyIndex { by_value, dt }
    }

    /// The innermost copy of `x` that holds at `at`. With `before`
    /// (`Some(k)`, `at` being copy `k`'s own point), the innermost one
    /// that copy `k` reads: of the copies of `x` at that same point (a
    /// branch on `x > 0 && x < 9` makes two), those planned before `k`,
    /// so that each reads the one before it and none reads itself or a
    /// later one.
    pub(super) fn innermost(&self, x: InstId, at: Point, before: Option<usize>) -> Option<usize> {
        let copies = self.by_value.get(&x)?;
        if !self.dt.is_reachable(at.block) {
            return None;
        }
        // The last copy that starts before `at` in the order; the ones
        // holding at `at` are it or its enclosing copies.
        let (dfs_in, pos) = (self.dt.dfs_in(at.block), at.pos);
        let end = match before {
            None => copies.partition_point(|c| (c.dfs_in, c.pos) <= (dfs_in, pos)),
            Some(k) => copies.partition_point(|c| (c.dfs_in, c.pos, c.copy) < (dfs_in, pos, k)),
        };
        let mut i = end.checked_sub(1);
        while let Some(pos) = i {
            let c = copies[pos];
            if self.dt.dominates(c.block, at.block) {
                return Some(c.copy);
            }
            i = c.enclosing;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cfg::Cfg;
    use crate::transforms::sccp::fold::IntPredicate;
    use crate::transforms::sccp::program::Operand;

    /// Does a copy at `copy` hold at `at`?
    fn holds(dt: &DomTree, copy: Point, at: Point) -> bool {
        if copy.block == at.block {
            copy.pos <= at.pos
        } else {
            dt.dominates(copy.block, at.block)
        }
    }

    /// On pseudo-random CFGs with copies of two values at random points
    /// (several in one block too, and several at one point),
    /// `CopyIndex::innermost` is the innermost holding copy a scan of all
    /// copies finds: the deepest block, the latest position in it, the
    /// last planned at that point; and for a copy, the one a scan of the
    /// copies planned before it at its point or holding above it finds.
    #[test]
    fn innermost_is_the_deepest_holding_copy() {
        let mut seed = 12345u64;
        let mut next = |m: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % m
        };
        for _ in 0..300 {
            let n = 2 + next(30);
            let mut edges = Vec::new();
            for b in 1..n {
                edges.push((next(b), b));
            }
            for _ in 0..next(n) {
                edges.push((next(n), next(n)));
            }
            let dt = DomTree::compute(&Cfg::from_edges(n, &edges));
            let planned: Vec<Planned> = (0..next(16))
                .map(|_| Planned {
                    x: next(2),
                    at: Point {
                        block: next(n),
                        pos: next(4) as u32,
                    },
                    pred: IntPredicate::Eq,
                    other: Operand::Unknown,
                    other_at: Point { block: 0, pos: 0 },
                    edge_to: None,
                })
                .collect();
            let index = CopyIndex::new(&planned, &dt);
            // The innermost of the holding copies `candidate` accepts.
            let scan = |x: usize, at: Point, candidate: &dyn Fn(usize) -> bool| {
                (0..planned.len())
                    .filter(|&j| {
                        planned[j].x == x
                            && candidate(j)
                            && dt.is_reachable(planned[j].at.block)
                            && holds(&dt, planned[j].at, at)
                    })
                    .max_by_key(|&j| (dt.level(planned[j].at.block), planned[j].at.pos, j))
            };
            for x in 0..2 {
                for block in 0..n {
                    for pos in [0, 1, 2, 3, u32::MAX] {
                        let at = Point { block, pos };
                        let expected = scan(x, at, &|_| true);
                        assert_eq!(index.innermost(x, at, None), expected, "x {x} at {at:?}");
                    }
                }
            }
            for (k, p) in planned.iter().enumerate() {
                if !dt.is_reachable(p.at.block) {
                    continue;
                }
                let expected = scan(p.x, p.at, &|j| planned[j].at != p.at || j < k);
                assert_eq!(index.innermost(p.x, p.at, Some(k)), expected, "copy {k}");
            }
        }
    }
}
