//! An incremental `Build`: the interference graph of the program after a
//! `RewriteProgram`, from the graph of the program before it.
//!
//! Source: the paper's `Main` rebuilds the graph from scratch after every
//! spill (George & Appel, "Iterated Register Coalescing", TOPLAS 1996,
//! Figure 4). On large functions that spill a little in many rounds the
//! rebuilds were most of the time (`irreducible_vars(2000, 20)` of
//! scripts/lib/gen_ir.py: 15 rounds, each 0.12 s of build). What a rewrite
//! changes is small and local:
//! * a spilled register is no node any more: it lives in its slot, and
//!   its definitions and uses became spill temporaries;
//! * the liveness of every other register is unchanged (the rewrite adds
//!   no use or definition of one), so every edge, move and cost between
//!   two of them stays as it was;
//! * the temporaries live inside one block, from a reload to the
//!   instruction reading it or from the instruction writing it to its
//!   store, and never across a call or a block boundary.
//!
//! So the graph after the rewrite is the graph before it, less the spilled
//! nodes' edges and moves, plus what a walk of each block holding a new
//! temporary finds that involves one (`build::Walker` with a `Scope`
//! starting at the first new register), from the old live-out set less
//! the spilled registers. The edge, move and cost sets are exactly those of
//! a full build (`matches_full_build` checks it in debug builds); the order
//! of adjacency and move lists differs (the new entries come last), so
//! the colouring may too.
//!
//! Invariants: `Snapshot::graph` is the graph `build` made for the program
//! of `Snapshot::regs` registers, before any coalescing; `live_out` its
//! blocks' live-out sets.

use super::super::liveness::RegSet;
use super::super::mir::VReg;
use super::build::{node_of, Graph, Scope, Walker};
use super::program::{Op, Program};

/// A graph before colouring mutated it, with what a rebuild needs.
pub struct Snapshot {
    pub graph: Graph,
    pub live_out: Vec<RegSet>,
    /// The program's number of registers when it was built.
    pub regs: usize,
}

impl Snapshot {
    /// The graph `build` made for `p`, with its live-out sets.
    pub fn new(graph: Graph, live_out: Vec<RegSet>, p: &Program) -> Self {
        Snapshot {
            graph,
            live_out,
            regs: p.num_regs(),
        }
    }
}

/// The graph of `p`, the program of `snapshot` after `RewriteProgram`
/// spilled `spilled`; `None` when the graph's interference matrix has no
/// room for the new nodes (a full build then chooses the representation).
/// Also returns the new live-out sets, for the next round.
pub fn rebuild(
    snapshot: Snapshot,
    p: &Program,
    spilled: &[VReg],
    weights: &[f64],
) -> Option<(Graph, Vec<RegSet>)> {
    let Snapshot {
        mut graph,
        mut live_out,
        regs,
    } = snapshot;
    let nregs = p.num_regs();
    if !graph.grow(nregs, &p.classes[regs..], &p.is_temp[regs..]) {
        return None;
    }
    graph.remove_nodes(spilled.iter().map(|&r| node_of(r)));
    let mut gone = RegSet::new(nregs);
    for &r in spilled {
        gone.insert(r);
    }
    for set in &mut live_out {
        set.grow(nregs);
        set.difference_with(&gone);
    }
    let scope = Scope { from: regs as VReg };
    let walker = Walker::new(&graph, p, scope);
    for (b, ops) in p.blocks.iter().enumerate() {
        if holds_register_from(p, ops, scope.from) {
            walker.walk(&mut graph, ops, live_out[b].clone(), weights[b]);
        }
    }
    Some((graph, live_out))
}

/// Whether a block mentions a register numbered `from` or above (a spill
/// temporary of the last rewrite).
fn holds_register_from(p: &Program, ops: &[Op], from: VReg) -> bool {
    ops.iter().any(|op| {
        let mut found = false;
        op.for_each_use(p, |r| found |= r >= from);
        op.for_each_def(p, |r| found |= r >= from);
        found
    })
}

/// Debug builds: `g` has the nodes, edges, moves and costs of a full build
/// of `p` (lists compared as sets: their order differs).
pub fn matches_full_build(g: &Graph, full: &Graph) -> Result<(), String> {
    if g.nodes != full.nodes || g.class != full.class || g.is_temp != full.is_temp {
        return Err("nodes differ".into());
    }
    for n in 0..g.nodes {
        let sorted = |list: &[u32]| {
            let mut v = list.to_vec();
            v.sort_unstable();
            v
        };
        if sorted(&g.adj_list[n]) != sorted(&full.adj_list[n]) {
            return Err(format!("node {n}: neighbours differ"));
        }
        if g.degree[n] != full.degree[n] {
            return Err(format!(
                "node {n}: degree {} != {}",
                g.degree[n], full.degree[n]
            ));
        }
        if g.cost[n] != full.cost[n] || g.crosses_call[n] != full.crosses_call[n] {
            return Err(format!("node {n}: cost or call crossing differ"));
        }
        let moves = |graph: &Graph| {
            let mut v: Vec<_> = graph.move_list[n]
                .iter()
                .map(|&m| graph.moves[m as usize].key())
                .collect();
            v.sort_unstable();
            v
        };
        if moves(g) != moves(full) {
            return Err(format!("node {n}: moves differ"));
        }
        for &t in &g.adj_list[n] {
            if !full.interfere(n as u32, t) || !g.interfere(n as u32, t) {
                return Err(format!("edge {n}-{t} not in both interference sets"));
            }
        }
    }
    let all = |graph: &Graph| {
        let mut v: Vec<_> = graph.moves.iter().map(|m| m.key()).collect();
        v.sort_unstable();
        v
    };
    if all(g) != all(full) {
        return Err("move lists differ".into());
    }
    Ok(())
}
