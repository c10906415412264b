//! Out of SSA: phi nodes become parallel copies on CFG edges, and each
//! parallel copy becomes a sequence of ordinary moves.
//!
//! Source: Boissinot, Darte, Rastello, Dupont de Dinechin, Guillon,
//! "Revisiting Out-of-SSA Translation for Correctness, Code Quality, and
//! Efficiency" (CGO 2009), Algorithm 1 (parallel copy sequentialisation);
//! the SSA book's Lesson 16.6 (the lost-copy and swap problems).
//!
//! * Placement (`place_edge_copies`): the copies of edge P→S go at the end of
//!   P when S is P's only successor, at the start of S when P is S's only
//!   predecessor, and otherwise in a new block splitting the critical edge.
//!   Never before a conditional branch of P: the branch may read a value
//!   the copies overwrite (the lost-copy problem). An edge out of an
//!   indirect jump cannot be split (the jump goes to the block's address):
//!   its copies go at the end of P, which `isel` makes safe by copying
//!   into fresh temporaries there and from them into the phis at the start
//!   of S (LLVM's `PHIElimination` scheme).
//! * Sequentialisation (`sequentialize`): a parallel copy reads every source
//!   before writing any destination. Copies whose destination is not read by
//!   another copy are emitted first; what remains are cycles, each broken by
//!   saving one value in a temporary (the swap problem). Fan-out (one source,
//!   several destinations) is allowed; destinations must be distinct.
//!
//! The tests check sequences against the parallel semantics by abstract
//! interpretation: every register starts holding a symbolic value named
//! after itself.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use super::mir::{Inst, MBlock, MFunction, VReg};

/// Whether `b` was written by the moves so far.
fn done<R: Eq>(out: &[(R, R)], b: R) -> bool {
    out.iter().any(|(d, _)| *d == b)
}

/// The parallel copies `(dst, src)` to perform on the CFG edge `(pred, succ)`.
pub type EdgeCopies = ((usize, usize), Vec<(VReg, VReg)>);

/// Orders the parallel copy `dst_i := src_i` (all reads before all writes)
/// into sequential moves `(dst, src)`. `temp` must not occur in `copies`.
pub fn sequentialize<R: Copy + Eq + Hash>(copies: &[(R, R)], temp: R) -> Vec<(R, R)> {
    let copies: Vec<(R, R)> = copies.iter().copied().filter(|(d, s)| d != s).collect();
    // loc[a]: where the value originally in `a` lives now; pred[b]: the
    // register whose original value `b` must receive.
    let mut loc: HashMap<R, R> = HashMap::new();
    let mut pred: HashMap<R, R> = HashMap::new();
    let mut todo: Vec<R> = Vec::new();
    let mut ready: Vec<R> = Vec::new();
    let mut out = Vec::new();
    for &(d, s) in &copies {
        loc.insert(s, s);
        pred.insert(d, s);
        todo.push(d);
    }
    for &(d, _) in &copies {
        if !loc.contains_key(&d) {
            // `d` is read by no copy: it may be written at once.
            ready.push(d);
        }
    }
    let mut written: HashSet<R> = HashSet::new();
    let mut drain = |ready: &mut Vec<R>, loc: &mut HashMap<R, R>, out: &mut Vec<(R, R)>| {
        while let Some(b) = ready.pop() {
            if !written.insert(b) {
                continue;
            }
            let a = pred[&b];
            let c = loc[&a];
            out.push((b, c));
            loc.insert(a, b);
            // The original value of `a` now also lives in `b`; if `a`
            // still held it and waits for a value itself, it is free.
            if a == c && pred.contains_key(&a) {
                ready.push(a);
            }
        }
    };
    drain(&mut ready, &mut loc, &mut out);
    for b in todo {
        if !done(&out, b) {
            // Every destination still unwritten is blocked by a cycle:
            // save `b` in the temporary, which frees it.
            out.push((temp, b));
            loc.insert(b, temp);
            ready.push(b);
            drain(&mut ready, &mut loc, &mut out);
        }
    }
    out
}

/// Inserts the parallel copies of each CFG edge `(pred, succ) -> copies`
/// into `f` (see the module doc for placement), sequentialised with one
/// fresh temporary per edge and class when a cycle needs it.
pub fn place_edge_copies(f: &mut MFunction, edges: Vec<EdgeCopies>) {
    let n = f.blocks.len();
    let mut npreds = vec![0usize; n];
    for b in 0..n {
        for s in f.succs(b) {
            npreds[s] += 1;
        }
    }
    for ((p, s), copies) in edges {
        let copies: Vec<(VReg, VReg)> = copies.into_iter().filter(|(d, s)| d != s).collect();
        if copies.is_empty() {
            continue;
        }
        let moves = sequence_with_temps(f, &copies);
        let p_succs = f.succs(p);
        let indirect = matches!(f.blocks[p].insts.last(), Some(Inst::IndirectJump { .. }));
        if p_succs.len() == 1 || indirect {
            let blk = &mut f.blocks[p];
            let at = blk.insts.len() - 1;
            blk.insts.splice(at..at, moves);
        } else if npreds[s] == 1 {
            f.blocks[s].insts.splice(0..0, moves);
        } else {
            let mut insts = moves;
            insts.push(Inst::Jump { target: s });
            f.blocks.push(MBlock { insts });
            let new = f.blocks.len() - 1;
            f.blocks[p]
                .insts
                .last_mut()
                .expect("terminator")
                .redirect(s, new);
        }
    }
}

/// Sequentialises one parallel copy, per register class (moves never cross
/// classes), creating a temporary of the class only if a cycle needs one.
fn sequence_with_temps(f: &mut MFunction, copies: &[(VReg, VReg)]) -> Vec<Inst<VReg>> {
    const NONE: VReg = VReg::MAX;
    let mut out = Vec::new();
    for class in [super::mir::Class::Int, super::mir::Class::Float] {
        let mine: Vec<_> = copies
            .iter()
            .copied()
            .filter(|(d, _)| f.classes[*d as usize] == class)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let seq = sequentialize(&mine, NONE);
        let temp = if seq.iter().any(|&(d, _)| d == NONE) {
            f.new_vreg(class)
        } else {
            NONE
        };
        let fix = |r: VReg| if r == NONE { temp } else { r };
        out.extend(seq.into_iter().map(|(d, s)| Inst::Mv {
            rd: fix(d),
            rs: fix(s),
        }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const TEMP: u32 = 1000;

    /// Runs `moves` on a state where register r holds value r; returns the
    /// final state of registers 0..n.
    fn run_sequential(n: u32, moves: &[(u32, u32)]) -> Vec<u32> {
        let mut st: HashMap<u32, u32> = (0..n).map(|r| (r, r)).collect();
        st.insert(TEMP, u32::MAX);
        for &(d, s) in moves {
            let v = st[&s];
            assert_ne!(v, u32::MAX, "read of the temporary before it was written");
            st.insert(d, v);
        }
        (0..n).map(|r| st[&r]).collect()
    }

    fn run_parallel(n: u32, copies: &[(u32, u32)]) -> Vec<u32> {
        let mut st: Vec<u32> = (0..n).collect();
        for &(d, s) in copies {
            st[d as usize] = s;
        }
        st
    }

    fn check(n: u32, copies: &[(u32, u32)]) {
        let seq = sequentialize(copies, TEMP);
        assert_eq!(
            run_sequential(n, &seq),
            run_parallel(n, copies),
            "copies {copies:?} -> {seq:?}"
        );
    }

    #[test]
    fn swap_needs_the_temporary() {
        // a, b := b, a
        let seq = sequentialize(&[(0, 1), (1, 0)], TEMP);
        assert_eq!(seq.len(), 3);
        check(2, &[(0, 1), (1, 0)]);
    }

    #[test]
    fn chain_is_ordered_without_temporary() {
        // lost copy shape: c := b, b := a (b must be read before written)
        let seq = sequentialize(&[(2, 1), (1, 0)], TEMP);
        assert_eq!(seq, vec![(2, 1), (1, 0)]);
    }

    #[test]
    fn fan_out_from_a_cycle_needs_no_extra_moves() {
        // a, b, c := b, a, a: copy c first, then the cycle unblocks.
        let copies = [(0, 1), (1, 0), (2, 0)];
        let seq = sequentialize(&copies, TEMP);
        assert_eq!(seq.len(), 3, "{seq:?}");
        check(3, &copies);
    }

    #[test]
    fn rotation_and_fan_out() {
        check(4, &[(0, 1), (1, 2), (2, 0), (3, 0)]);
        check(3, &[(1, 0), (2, 0)]);
        check(4, &[(0, 1), (1, 0), (2, 3), (3, 2)]);
    }

    proptest! {
        /// Any parallel copy with distinct destinations (sources arbitrary,
        /// including fan-out and cycles) is sequentialised faithfully.
        #[test]
        fn matches_parallel_semantics(srcs in proptest::collection::vec(0u32..8, 8), mask in proptest::collection::vec(any::<bool>(), 8)) {
            let copies: Vec<(u32, u32)> = (0..8u32).filter(|&d| mask[d as usize]).map(|d| (d, srcs[d as usize])).collect();
            check(8, &copies);
        }
    }

    #[test]
    fn critical_edge_is_split_and_single_edges_are_not() {
        use crate::codegen::riscv::mir::{Class, MFunction};
        // b0: br b1 / b2; b1: jump b2; b2: ret.  Edge b0->b2 is critical.
        let mut f = MFunction::new("t");
        let c = f.new_vreg(Class::Int);
        let x = f.new_vreg(Class::Int);
        let p = f.new_vreg(Class::Int);
        f.blocks = vec![
            MBlock {
                insts: vec![Inst::Branch {
                    op: "bne",
                    rs1: c,
                    rs2: None,
                    taken: 1,
                    not_taken: 2,
                }],
            },
            MBlock {
                insts: vec![Inst::Jump { target: 2 }],
            },
            MBlock {
                insts: vec![Inst::Ret { vals: vec![] }],
            },
        ];
        place_edge_copies(&mut f, vec![((0, 2), vec![(p, x)]), ((1, 2), vec![(p, c)])]);
        assert_eq!(f.blocks.len(), 4);
        assert_eq!(f.blocks[0].insts[0].succs(), vec![1, 3]);
        assert_eq!(
            f.blocks[3].insts,
            vec![Inst::Mv { rd: p, rs: x }, Inst::Jump { target: 2 }]
        );
        assert_eq!(f.blocks[1].insts[0], Inst::Mv { rd: p, rs: c });
    }
}
