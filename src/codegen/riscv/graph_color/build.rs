//! Build: the interference graph, the moves and the spill costs of one
//! round.
//!
//! Source: George & Appel, "Iterated Register Coalescing" (TOPLAS 1996),
//! Figure 4, procedures `Build` and `AddEdge`; the seed's §寄存器分配
//! "建图 (Build)": every definition interferes with everything live after
//! it, found by walking each block backwards from its live-out set (the
//! liveness of `super::super::liveness`, solved on the program with its
//! spill code).
//!
//! Nodes `0..64` are the physical registers (precoloured: x0..x31 then
//! f0..f31, as `abi::PReg`); node `64 + r` is register `r` of the
//! `Program`. Precoloured nodes stand for:
//! * call clobbers: a value live across a call (live after it and not one
//!   of its results) interferes with every allocatable caller-saved
//!   register of its class, so only callee-saved colours remain for it;
//! * argument and return registers: each register operand of `Entry`,
//!   `Call`, `TailCall` and `Ret` is move-related to the ABI register it travels in
//!   (emission performs those moves; coalescing them makes them vanish).
//!
//! As in the paper, a move's source does not interfere with its
//! destination (`live := live \ use(I)` before the definition is
//! processed): the two hold the same value. Edges join nodes of one
//! register class only; the other class's registers are no constraint.
//!
//! Representation (the paper's §4): `adj_set`, a triangular bit matrix for
//! "do u and v interfere?" (a hash set when the function is too large for
//! one), and `adj_list` for iterating the neighbours of a non-precoloured
//! node. Precoloured nodes have no adjacency list and infinite degree.
//!
//! Spill cost (for `select_spill`): uses plus definitions, each weighted
//! by 10^(loop depth) of its block (natural loops of the machine CFG).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::super::abi::{self, PReg};
use super::super::liveness::{self, RegSet};
use super::super::mir::{Class, Inst, VReg};
use super::program::{Op, Program};
use crate::analysis::cfg::Cfg;
use crate::analysis::dominators::DomTree;
use crate::analysis::loops::natural_loops;

/// A node of the interference graph.
pub type Node = u32;

/// Number of precoloured nodes (one per physical register).
pub const PRECOLORED: u32 = 64;

/// Degree of a precoloured node: never simplified, never spilled.
pub const INFINITE_DEGREE: u32 = u32::MAX / 2;

pub fn node_of(r: u32) -> Node {
    PRECOLORED + r
}

pub fn is_precolored(n: Node) -> bool {
    n < PRECOLORED
}

/// Where a move comes from (for statistics and the picture).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MoveKind {
    /// An `Mv` instruction (a phi copy, or a copy from instruction selection).
    Copy,
    /// An operand of `Entry`/`Call`/`Ret` and its ABI register.
    Abi,
}

#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub dst: Node,
    pub src: Node,
    pub kind: MoveKind,
    /// 10^(loop depth) of the block it is in.
    pub weight: f64,
}

impl Move {
    /// The move as a value to compare (`rebuild::matches_full_build`).
    pub fn key(&self) -> (Node, Node, MoveKind, u64) {
        (self.dst, self.src, self.kind, self.weight.to_bits())
    }
}

/// "Do u and v interfere?" in O(1).
#[derive(Clone)]
enum AdjSet {
    /// Bit `i(i-1)/2 + j` for `i > j`.
    Matrix(Vec<u64>),
    Hash(HashSet<u64, BuildHasherDefault<PairHasher>>),
}

/// The hash of a node pair packed in a `u64` (`AdjSet::key`): a multiply
/// by an odd constant, then the high half folded into the low. The hash
/// table takes its bucket from the low bits and its tag from the top
/// seven; a multiply alone leaves the low bits depending on the pair's
/// low node only (session 22 tried `FastHasher` here and colouring got
/// twice slower), and SipHash, the default, was a seventh of the
/// allocator's time on `irreducible_vars` 2 000 × 20.
#[derive(Clone, Default)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        let h = self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^ (h >> 32)
    }

    fn write(&mut self, _: &[u8]) {
        unreachable!("AdjSet hashes u64 keys only")
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Above this many nodes the bit matrix (n²/2 bits: 64 MiB at this limit,
/// allocated zeroed, so only the pages that hold edges are touched) gives
/// way to a hash set. At 16 Ki nodes, `chain_in_loop(10000)`
/// (scripts/lib/gen_ir.py: 10 000 values live across one loop, some
/// 20 000 nodes nearly all interfering) went to the hash set and took
/// 47 s to colour, 8.6 s with the matrix.
const MATRIX_LIMIT: usize = 32 * 1024;

impl AdjSet {
    fn new(n: usize) -> Self {
        if n <= MATRIX_LIMIT {
            AdjSet::Matrix(vec![0; (n * n.saturating_sub(1) / 2).div_ceil(64) + 1])
        } else {
            AdjSet::Hash(HashSet::default())
        }
    }

    /// The pair as one word, the larger node in the high half.
    fn key(u: Node, v: Node) -> u64 {
        (u64::from(u.max(v)) << 32) | u64::from(u.min(v))
    }

    fn bit(u: Node, v: Node) -> usize {
        let (i, j) = if u > v { (u, v) } else { (v, u) };
        i as usize * (i as usize - 1) / 2 + j as usize
    }

    fn contains(&self, u: Node, v: Node) -> bool {
        match self {
            AdjSet::Matrix(m) => {
                let b = Self::bit(u, v);
                m[b / 64] & (1 << (b % 64)) != 0
            }
            AdjSet::Hash(h) => h.contains(&Self::key(u, v)),
        }
    }

    /// Makes room for `n` nodes; false when the matrix would pass
    /// `MATRIX_LIMIT` (the bit of a pair does not depend on `n`, so the
    /// matrix only grows at its end).
    fn grow(&mut self, n: usize) -> bool {
        match self {
            AdjSet::Matrix(_) if n > MATRIX_LIMIT => false,
            AdjSet::Matrix(m) => {
                let words = (n * n.saturating_sub(1) / 2).div_ceil(64) + 1;
                if words > m.len() {
                    m.resize(words, 0);
                }
                true
            }
            AdjSet::Hash(_) => true,
        }
    }

    fn remove(&mut self, u: Node, v: Node) {
        match self {
            AdjSet::Matrix(m) => {
                let b = Self::bit(u, v);
                m[b / 64] &= !(1 << (b % 64));
            }
            AdjSet::Hash(h) => {
                h.remove(&Self::key(u, v));
            }
        }
    }

    /// Inserts the pair; returns whether it was new.
    fn insert(&mut self, u: Node, v: Node) -> bool {
        match self {
            AdjSet::Matrix(m) => {
                let b = Self::bit(u, v);
                let was = m[b / 64] & (1 << (b % 64)) != 0;
                m[b / 64] |= 1 << (b % 64);
                !was
            }
            AdjSet::Hash(h) => h.insert(Self::key(u, v)),
        }
    }
}

/// The registers a class may be coloured with, in order of preference
/// (caller-saved first: they cost no save in the prologue).
pub fn colours(class: Class, reserved: &[PReg]) -> Vec<PReg> {
    let (caller, callee) = match class {
        Class::Int => (abi::INT_CALLER_SAVED, abi::INT_CALLEE_SAVED),
        Class::Float => (abi::FLOAT_CALLER_SAVED, abi::FLOAT_CALLEE_SAVED),
    };
    caller
        .iter()
        .chain(callee)
        .copied()
        .filter(|p| !reserved.contains(p))
        .collect()
}

#[derive(Clone)]
pub struct Graph {
    pub nodes: usize,
    pub class: Vec<Class>,
    adj_set: AdjSet,
    pub adj_list: Vec<Vec<Node>>,
    pub degree: Vec<u32>,
    pub moves: Vec<Move>,
    /// Moves each non-precoloured node takes part in.
    pub move_list: Vec<Vec<u32>>,
    pub cost: Vec<f64>,
    /// Live across at least one call.
    pub crosses_call: Vec<bool>,
    /// Spill temporaries of earlier rounds (`Program::is_temp`), by node;
    /// false for the precoloured ones.
    pub is_temp: Vec<bool>,
    /// Colours per class (`Class as usize`), preference order.
    pub colours: [Vec<PReg>; 2],
}

impl Graph {
    /// K of the node's class.
    pub fn k(&self, n: Node) -> u32 {
        self.colours[self.class[n as usize] as usize].len() as u32
    }

    pub fn interfere(&self, u: Node, v: Node) -> bool {
        self.adj_set.contains(u, v)
    }

    /// Adds the nodes of the registers past the graph's, up to `nregs`
    /// (spill temporaries: their `classes` and `is_temp` marks). False
    /// when the interference matrix has no room for them.
    pub(super) fn grow(&mut self, nregs: usize, classes: &[Class], is_temp: &[bool]) -> bool {
        let nodes = PRECOLORED as usize + nregs;
        if !self.adj_set.grow(nodes) {
            return false;
        }
        self.class.extend(classes);
        self.is_temp.extend(is_temp);
        self.adj_list.resize(nodes, Vec::new());
        self.degree.resize(nodes, 0);
        self.move_list.resize(nodes, Vec::new());
        self.cost.resize(nodes, 0.0);
        self.crosses_call.resize(nodes, false);
        self.nodes = nodes;
        true
    }

    /// Takes out every edge and move of the nodes `gone` (registers now
    /// kept in memory: no node of a full build has them), as if they had
    /// never been added; their neighbours' lists keep their order.
    pub(super) fn remove_nodes(&mut self, gone: impl IntoIterator<Item = Node>) {
        let mut is_gone = vec![false; self.nodes];
        let mut removed = Vec::new();
        for n in gone {
            if !std::mem::replace(&mut is_gone[n as usize], true) {
                removed.push(n);
            }
        }
        let mut touched = vec![false; self.nodes];
        for &n in &removed {
            for t in std::mem::take(&mut self.adj_list[n as usize]) {
                self.adj_set.remove(n, t);
                touched[t as usize] = true;
            }
            self.degree[n as usize] = 0;
            self.cost[n as usize] = 0.0;
            self.crosses_call[n as usize] = false;
        }
        for t in PRECOLORED as usize..self.nodes {
            if touched[t] && !is_gone[t] {
                self.adj_list[t].retain(|&x| !is_gone[x as usize]);
                self.degree[t] = self.adj_list[t].len() as u32;
            }
        }
        let mut number = vec![u32::MAX; self.moves.len()];
        let mut kept = Vec::with_capacity(self.moves.len());
        for (m, mv) in self.moves.iter().enumerate() {
            if !is_gone[mv.dst as usize] && !is_gone[mv.src as usize] {
                number[m] = kept.len() as u32;
                kept.push(*mv);
            }
        }
        self.moves = kept;
        for list in &mut self.move_list {
            list.retain(|&m| number[m as usize] != u32::MAX);
            for m in list.iter_mut() {
                *m = number[*m as usize];
            }
        }
    }

    /// The paper's `AddEdge(u, v)`.
    pub fn add_edge(&mut self, u: Node, v: Node) {
        if u == v || self.class[u as usize] != self.class[v as usize] {
            return;
        }
        if self.adj_set.insert(u, v) {
            for (a, b) in [(u, v), (v, u)] {
                if !is_precolored(a) {
                    self.adj_list[a as usize].push(b);
                    self.degree[a as usize] += 1;
                }
            }
        }
    }
}

/// 10^(loop depth) of every block.
pub fn block_weights(succs: &[Vec<usize>]) -> Vec<f64> {
    let n = succs.len();
    let edges: Vec<(usize, usize)> = succs
        .iter()
        .enumerate()
        .flat_map(|(b, ss)| ss.iter().map(move |&s| (b, s)))
        .collect();
    let cfg = Cfg::from_edges(n, &edges);
    let dt = DomTree::compute(&cfg);
    let mut depth = vec![0i32; n];
    for l in natural_loops(&cfg, &dt) {
        for &b in &l.blocks {
            depth[b] += 1;
        }
    }
    depth.iter().map(|&d| 10f64.powi(d.min(8))).collect()
}

/// The paper's `Build`, after liveness analysis of `p`.
pub fn build(p: &Program, reserved: &[PReg], weights: &[f64]) -> Graph {
    build_keeping_liveness(p, reserved, weights).0
}

/// `build`, also returning each block's live-out set (what `rebuild`
/// starts from).
pub fn build_keeping_liveness(
    p: &Program,
    reserved: &[PReg],
    weights: &[f64],
) -> (Graph, Vec<RegSet>) {
    let nregs = p.num_regs();
    let nodes = PRECOLORED as usize + nregs;
    let mut class: Vec<Class> = (0..PRECOLORED as u8).map(abi::class_of).collect();
    class.extend(&p.classes);
    let mut g = Graph {
        nodes,
        class,
        adj_set: AdjSet::new(nodes),
        adj_list: vec![Vec::new(); nodes],
        degree: vec![0; nodes],
        moves: Vec::new(),
        move_list: vec![Vec::new(); nodes],
        cost: vec![0.0; nodes],
        crosses_call: vec![false; nodes],
        is_temp: [false; PRECOLORED as usize]
            .into_iter()
            .chain(p.is_temp.iter().copied())
            .collect(),
        colours: [
            colours(Class::Int, reserved),
            colours(Class::Float, reserved),
        ],
    };
    for d in &mut g.degree[..PRECOLORED as usize] {
        *d = INFINITE_DEGREE;
    }
    let live = block_liveness(p);
    let walker = Walker::new(&g, p, Scope::ALL);
    for (b, ops) in p.blocks.iter().enumerate() {
        walker.walk(&mut g, ops, live.live_out[b].clone(), weights[b]);
    }
    (g, live.live_out)
}

/// What a walk over a block adds to the graph: everything (`ALL`, a full
/// build), or only the edges, moves and costs that involve a register
/// numbered `from` or above (`rebuild`: the spill temporaries of the last
/// rewrite; everything else is already in the graph).
#[derive(Clone, Copy)]
pub(super) struct Scope {
    pub(super) from: VReg,
}

impl Scope {
    pub(super) const ALL: Scope = Scope { from: 0 };

    fn counts(self, r: VReg) -> bool {
        r >= self.from
    }

    fn counts_pair(self, a: VReg, b: VReg) -> bool {
        self.counts(a) || self.counts(b)
    }
}

/// `Build`'s walk over the blocks of a program, adding what `scope` asks
/// for.
pub(super) struct Walker<'a> {
    p: &'a Program,
    scope: Scope,
    /// The registers a call clobbers and the allocator may give out
    /// (`colours`' caller-saved ones), per class.
    clobbered: [Vec<PReg>; 2],
}

impl<'a> Walker<'a> {
    pub(super) fn new(g: &Graph, p: &'a Program, scope: Scope) -> Self {
        let clobbered = [0, 1].map(|c| {
            g.colours[c]
                .iter()
                .copied()
                .filter(|&q| !abi::is_callee_saved(q))
                .collect()
        });
        Walker {
            p,
            scope,
            clobbered,
        }
    }

    /// One block, backwards from `live_now` (its live-out set); `w` is
    /// its weight.
    pub(super) fn walk(&self, g: &mut Graph, ops: &[Op], mut live_now: RegSet, w: f64) {
        let (p, scope, clobbered) = (self.p, self.scope, &self.clobbered);
        let mut defs: Vec<u32> = Vec::new();
        for op in ops.iter().rev() {
            op.for_each_use(p, |r| {
                if scope.counts(r) {
                    g.cost[node_of(r) as usize] += w
                }
            });
            op.for_each_def(p, |r| {
                if scope.counts(r) {
                    g.cost[node_of(r) as usize] += w
                }
            });
            if let Op::Orig(Inst::Mv { rd, rs }) = op {
                live_now.remove(*rs);
                if scope.counts_pair(*rd, *rs) {
                    add_move(g, node_of(*rd), node_of(*rs), MoveKind::Copy, w);
                }
            }
            if let Op::Orig(i) = op {
                // An ABI pseudo-instruction keeps spilled operands in their
                // slots (`rewrite::keeps_slots`): it never holds a temporary.
                if scope.from == 0 {
                    abi_moves(g, p, i, w);
                }
            }
            defs.clear();
            op.for_each_def(p, |r| defs.push(r));
            for &d in &defs {
                live_now.insert(d);
            }
            for &d in &defs {
                for l in live_now.iter() {
                    if scope.counts_pair(d, l) {
                        g.add_edge(node_of(d), node_of(l));
                    }
                }
            }
            if matches!(op, Op::Orig(i) if i.early_clobber()) {
                // An early-clobber def (`Inst::Seq`) is written before the
                // sequence has read its uses: it must not share a register
                // with any of them, even one that dies here.
                op.for_each_use(p, |u| {
                    for &d in &defs {
                        if scope.counts_pair(d, u) {
                            g.add_edge(node_of(d), node_of(u));
                        }
                    }
                });
            }
            for &d in &defs {
                live_now.remove(d);
            }
            // Calls, and inline asm with register clobbers (`Inst::is_call`).
            if matches!(op, Op::Orig(i) if i.is_call()) {
                for l in live_now.iter().filter(|&l| scope.counts(l)) {
                    let n = node_of(l);
                    g.crosses_call[n as usize] = true;
                    for &q in &clobbered[p.classes[l as usize] as usize] {
                        g.add_edge(n, q as Node);
                    }
                }
            }
            if matches!(op, Op::Orig(i) if i.is_call() && !matches!(i, Inst::Call { .. })) {
                // Inline asm with register clobbers: its text reads and
                // writes its operands alongside the registers it clobbers,
                // so no operand may sit in one (a call's operands are
                // precoloured to argument registers instead).
                let mut operands = Vec::new();
                op.for_each_use(p, |r| operands.push(r));
                op.for_each_def(p, |r| operands.push(r));
                for r in operands.into_iter().filter(|&r| scope.counts(r)) {
                    for &q in &clobbered[p.classes[r as usize] as usize] {
                        g.add_edge(node_of(r), q as Node);
                    }
                }
            }
            op.for_each_use(p, |r| live_now.insert(r));
        }
    }
}

fn add_move(g: &mut Graph, dst: Node, src: Node, kind: MoveKind, weight: f64) {
    if dst == src || g.class[dst as usize] != g.class[src as usize] {
        return;
    }
    let m = g.moves.len() as u32;
    g.moves.push(Move {
        dst,
        src,
        kind,
        weight,
    });
    for n in [dst, src] {
        if !is_precolored(n) {
            g.move_list[n as usize].push(m);
        }
    }
}

/// Each register operand of an ABI pseudo-instruction is move-related to
/// the ABI register it is passed in.
fn abi_moves(g: &mut Graph, p: &Program, i: &Inst<u32>, w: f64) {
    let operands: &[(u32, super::super::mir::ArgLoc)] = match i {
        Inst::Entry { params } => params,
        Inst::Call { args, rets, .. } => {
            for &(r, a) in args.iter().chain(rets) {
                abi_move(g, p, r, a, w);
            }
            return;
        }
        Inst::Ret { vals } | Inst::TailCall { args: vals, .. } => vals,
        _ => return,
    };
    for &(r, a) in operands {
        abi_move(g, p, r, a, w);
    }
}

fn abi_move(g: &mut Graph, p: &Program, r: u32, a: super::super::mir::ArgLoc, w: f64) {
    if p.in_memory[r as usize].is_some() {
        return;
    }
    if let Some(q) = abi::arg_reg(a) {
        add_move(g, node_of(r), q as Node, MoveKind::Abi, w);
    }
}

/// Block liveness of the program (the dataflow of `liveness::solve`).
pub fn block_liveness(p: &Program) -> liveness::Liveness {
    let n = p.blocks.len();
    let nregs = p.num_regs();
    let mut uses = vec![RegSet::new(nregs); n];
    let mut defs = vec![RegSet::new(nregs); n];
    for (b, ops) in p.blocks.iter().enumerate() {
        for op in ops {
            op.for_each_use(p, |r| {
                if !defs[b].contains(r) {
                    uses[b].insert(r)
                }
            });
            op.for_each_def(p, |r| defs[b].insert(r));
        }
    }
    liveness::solve(&p.succs, uses, defs)
}
