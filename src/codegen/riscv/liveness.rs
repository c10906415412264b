//! Liveness of virtual registers on machine IR, and the live intervals the
//! linear-scan allocator works on.
//!
//! Algorithm: the classic backward dataflow (Dragon book §9.2.5; the seed's
//! liveness section): `in[B] = use[B] ∪ (out[B] − def[B])`,
//! `out[B] = ∪ in[S]` over successors, solved one register at a time
//! (`solve`); then one backward walk per block gives liveness at every
//! instruction.
//!
//! Positions: blocks are laid out in index order; instruction `i` (counted
//! over the whole function) reads its operands at `2i` and writes its results
//! at `2i + 1`. A block spans `[2·first, 2·last + 1]`. The interval of a
//! register is the smallest `[start, end]` covering every position where it
//! is live, read or written (Poletto & Sarkar's "live interval", a
//! conservative hull: holes are not represented).

use super::mir::{MFunction, VReg};
use crate::analysis::bitset::BitSet;

/// A dense set of virtual registers: a `BitSet` by register number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegSet(BitSet);

impl RegSet {
    pub fn new(n: usize) -> Self {
        RegSet(BitSet::new(n))
    }
    pub fn insert(&mut self, r: VReg) {
        self.0.insert(r as usize)
    }
    pub fn remove(&mut self, r: VReg) {
        self.0.remove(r as usize)
    }
    pub fn contains(&self, r: VReg) -> bool {
        self.0.contains(r as usize)
    }
    /// `self |= other`; returns whether `self` grew.
    pub fn union_with(&mut self, other: &RegSet) -> bool {
        self.0.union_with(&other.0)
    }
    /// `self -= other`.
    pub fn difference_with(&mut self, other: &RegSet) {
        self.0.difference_with(&other.0)
    }
    /// Makes room for the registers `0..n`.
    pub fn grow(&mut self, n: usize) {
        self.0.grow(n)
    }
    /// How many registers the set has room for (at least its `n`).
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn iter(&self) -> impl Iterator<Item = VReg> + '_ {
        self.0.iter().map(|r| r as VReg)
    }
}

pub struct Liveness {
    pub live_in: Vec<RegSet>,
    pub live_out: Vec<RegSet>,
}

/// Block-level liveness by iterating the dataflow equations to a fixpoint.
pub fn compute(f: &MFunction) -> Liveness {
    let n = f.blocks.len();
    let nregs = f.classes.len();
    let mut uses = vec![RegSet::new(nregs); n];
    let mut defs = vec![RegSet::new(nregs); n];
    for (b, blk) in f.blocks.iter().enumerate() {
        for inst in &blk.insts {
            inst.for_each_use(|r| {
                if !defs[b].contains(r) {
                    uses[b].insert(r)
                }
            });
            inst.for_each_def(|r| defs[b].insert(r));
        }
    }
    let succs: Vec<Vec<usize>> = (0..n).map(|b| f.succs(b)).collect();
    solve(&succs, uses, defs)
}

/// The dataflow fixpoint on any CFG, given each block's upward-exposed uses
/// and its defs (`succs[b]`: successors of block `b`). The graph-colouring
/// allocator calls this on its own program, which carries spill code.
///
/// Solved one register at a time (Appel's "liveness by variable", the
/// path exploration of the seed's liveness section): from each block that
/// reads it before writing it, the register is made live-out of each
/// predecessor and, unless that block writes it, live-in there too and
/// followed further back. Each (block, register) pair is added at most
/// once, so the work is the size of the answer; the same least fixpoint
/// as iterating the equations, which on a nest of d loops takes about d
/// sweeps over every block's whole sets, cubic in the size of such a
/// function (`pebble llc` on 2 000 nested counted loops: 27 s, nearly
/// all of it in the sweeps).
pub fn solve(succs: &[Vec<usize>], uses: Vec<RegSet>, defs: Vec<RegSet>) -> Liveness {
    let n = succs.len();
    let nregs = uses.first().map_or(0, RegSet::capacity);
    let mut preds = vec![Vec::new(); n];
    for (b, ss) in succs.iter().enumerate() {
        for &s in ss {
            preds[s].push(b);
        }
    }
    let mut live_in = uses.clone();
    let mut live_out = vec![RegSet::new(nregs); n];
    let mut stack = Vec::new();
    for (b, used) in uses.iter().enumerate() {
        for r in used.iter() {
            stack.push(b);
            while let Some(x) = stack.pop() {
                for &p in &preds[x] {
                    if live_out[p].contains(r) {
                        continue;
                    }
                    live_out[p].insert(r);
                    if !defs[p].contains(r) && !live_in[p].contains(r) {
                        live_in[p].insert(r);
                        stack.push(p);
                    }
                }
            }
        }
    }
    Liveness { live_in, live_out }
}

/// A live interval `[start, end]` in the position numbering of the module doc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    pub start: u32,
    pub end: u32,
}

/// Intervals of every virtual register (None: never mentioned), and the
/// instruction positions of calls.
pub fn intervals(f: &MFunction, live: &Liveness) -> (Vec<Option<Interval>>, Vec<u32>) {
    let mut iv: Vec<Option<Interval>> = vec![None; f.classes.len()];
    let mut touch = |r: VReg, p: u32| {
        let e = &mut iv[r as usize];
        match e {
            None => *e = Some(Interval { start: p, end: p }),
            Some(i) => {
                i.start = i.start.min(p);
                i.end = i.end.max(p);
            }
        }
    };
    let mut calls = Vec::new();
    let mut idx: u32 = 0;
    for (b, blk) in f.blocks.iter().enumerate() {
        let first = idx;
        for inst in &blk.insts {
            inst.for_each_use(|r| touch(r, 2 * idx));
            let def_at = 2 * idx + !inst.early_clobber() as u32;
            inst.for_each_def(|r| touch(r, def_at));
            if inst.is_call() {
                calls.push(idx);
            }
            idx += 1;
        }
        let last = idx.saturating_sub(1).max(first);
        for r in live.live_in[b].iter() {
            touch(r, 2 * first);
        }
        for r in live.live_out[b].iter() {
            touch(r, 2 * last + 1);
        }
    }
    (iv, calls)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::riscv::mir::{Class, Inst, MBlock};

    /// b0: x = 1; jump b1
    /// b1: y = x + x; bne y, zero -> b1 / b2   (loop: x live around it)
    /// b2: ret y
    fn looping() -> (MFunction, VReg, VReg) {
        let mut f = MFunction::new("t");
        let x = f.new_vreg(Class::Int);
        let y = f.new_vreg(Class::Int);
        f.blocks = vec![
            MBlock {
                insts: vec![Inst::Li { rd: x, imm: 1 }, Inst::Jump { target: 1 }],
            },
            MBlock {
                insts: vec![
                    Inst::Op {
                        op: "add",
                        rd: y,
                        rs1: x,
                        rs2: x,
                    },
                    Inst::Branch {
                        op: "bne",
                        rs1: y,
                        rs2: None,
                        taken: 1,
                        not_taken: 2,
                    },
                ],
            },
            MBlock {
                insts: vec![Inst::Ret {
                    vals: vec![(y, crate::codegen::riscv::mir::ArgLoc::IntReg(0))],
                }],
            },
        ];
        (f, x, y)
    }

    #[test]
    fn loop_keeps_value_live_around_back_edge() {
        let (f, x, y) = looping();
        let l = compute(&f);
        assert!(l.live_in[1].contains(x) && l.live_out[1].contains(x));
        assert!(l.live_out[1].contains(y) && !l.live_in[1].contains(y));
        assert!(!l.live_in[0].contains(x));
        assert!(l.live_in[2].contains(y) && !l.live_in[2].contains(x));
    }

    #[test]
    fn intervals_cover_loop_and_exit() {
        let (f, x, y) = looping();
        let (iv, calls) = intervals(&f, &compute(&f));
        assert!(calls.is_empty());
        // x: defined at inst 0 (pos 1), live out of b1 (inst 3, pos 7).
        assert_eq!(iv[x as usize], Some(Interval { start: 1, end: 7 }));
        // y: defined at inst 2 (pos 5), read by ret at inst 4 (pos 8).
        assert_eq!(iv[y as usize], Some(Interval { start: 5, end: 8 }));
    }

    #[test]
    fn regset_operations() {
        let mut s = RegSet::new(130);
        s.insert(3);
        s.insert(129);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 129]);
        s.remove(3);
        assert!(!s.contains(3));
        let mut t = RegSet::new(130);
        assert!(t.union_with(&s));
        assert!(!t.union_with(&s));
    }

    /// The equations iterated over every block until nothing changes: the
    /// definition `solve` must agree with.
    fn sweep_to_fixpoint(succs: &[Vec<usize>], uses: &[RegSet], defs: &[RegSet]) -> Liveness {
        let n = succs.len();
        let nregs = uses.first().map_or(0, RegSet::capacity);
        let mut live_in = uses.to_vec();
        let mut live_out = vec![RegSet::new(nregs); n];
        let mut changed = true;
        while changed {
            changed = false;
            for b in (0..n).rev() {
                let mut out = RegSet::new(nregs);
                for &s in &succs[b] {
                    out.union_with(&live_in[s]);
                }
                let mut inn = out.clone();
                inn.difference_with(&defs[b]);
                inn.union_with(&uses[b]);
                changed |= inn != live_in[b];
                live_in[b] = inn;
                live_out[b] = out;
            }
        }
        Liveness { live_in, live_out }
    }

    proptest::proptest! {
        /// Random CFGs (loops, unreachable blocks, self-loops, duplicate
        /// edges) with random upward-exposed uses and defs: `solve` gives
        /// the sweeps' fixpoint, block by block.
        #[test]
        fn solve_matches_the_iterated_equations(
            n in 1usize..24,
            edges in proptest::collection::vec((0usize..24, 0usize..24), 0..60),
            marks in proptest::collection::vec((0usize..24, 0u32..40, proptest::bool::ANY), 0..120),
        ) {
            let mut succs = vec![Vec::new(); n];
            for (a, b) in edges {
                succs[a % n].push(b % n);
            }
            let mut uses = vec![RegSet::new(40); n];
            let mut defs = vec![RegSet::new(40); n];
            for (b, r, is_use) in marks {
                if is_use { uses[b % n].insert(r) } else { defs[b % n].insert(r) }
            }
            let expected = sweep_to_fixpoint(&succs, &uses, &defs);
            let got = solve(&succs, uses, defs);
            proptest::prop_assert_eq!(got.live_in, expected.live_in);
            proptest::prop_assert_eq!(got.live_out, expected.live_out);
        }
    }
}
