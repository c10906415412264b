//! The worklists of iterated coalescing and the helpers every phase shares.
//!
//! Source: George & Appel, "Iterated Register Coalescing" (TOPLAS 1996),
//! §4 "Data structures" and Figure 4: `MakeWorklist`, `Adjacent`,
//! `NodeMoves`, `MoveRelated`, `DecrementDegree`, `EnableMoves`,
//! `AddWorkList`, `GetAlias`; the seed's §寄存器分配 "图染色流程", step 3
//! (the initial lists: low-degree move-unrelated nodes to simplify, moves to
//! coalesce, low-degree move-related nodes to freeze, high-degree nodes to
//! spill).
//!
//! Invariants (the paper's, checked in debug builds by `check_invariants`):
//! every non-precoloured node is in exactly one of the node sets, recorded
//! in `state`; every move in exactly one move set, recorded in
//! `move_state`; a node on the simplify list has degree < K and no active
//! or pending move; one on the freeze list has degree < K; one on the spill
//! list has degree ≥ K (SelectSpill also moves
//! high-degree nodes to the simplify list, after freezing their moves).

use std::collections::BinaryHeap;

use super::super::abi::PReg;
use super::build::{is_precolored, Graph, Node, PRECOLORED};
use super::select_spill::SpillEntry;

/// Which of the paper's node sets a node is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeState {
    Precolored,
    /// Not a register of this round.
    Absent,
    Initial,
    Simplify,
    Freeze,
    Spill,
    /// On the select stack.
    Selected,
    Coalesced,
    Colored,
    Spilled,
}

/// Which of the paper's move sets a move is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveState {
    Worklist,
    Active,
    Coalesced,
    Constrained,
    Frozen,
}

/// A set of small integers with O(1) insert, remove, membership and pop
/// (the paper's doubly linked lists).
#[derive(Clone, Debug)]
pub struct IndexSet {
    items: Vec<u32>,
    pos: Vec<u32>,
}

const ABSENT: u32 = u32::MAX;

impl IndexSet {
    pub fn new(n: usize) -> Self {
        IndexSet {
            items: Vec::new(),
            pos: vec![ABSENT; n],
        }
    }
    pub fn insert(&mut self, x: u32) {
        if self.pos[x as usize] == ABSENT {
            self.pos[x as usize] = self.items.len() as u32;
            self.items.push(x);
        }
    }
    pub fn remove(&mut self, x: u32) {
        let p = self.pos[x as usize];
        if p != ABSENT {
            let last = self.items.pop().expect("non-empty");
            if last != x {
                self.items[p as usize] = last;
                self.pos[last as usize] = p;
            }
            self.pos[x as usize] = ABSENT;
        }
    }
    pub fn contains(&self, x: u32) -> bool {
        self.pos[x as usize] != ABSENT
    }
    pub fn pop(&mut self) -> Option<u32> {
        let x = *self.items.last()?;
        self.remove(x);
        Some(x)
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.items.iter().copied()
    }
}

/// One step of the algorithm, recorded for `pebble llc --explain-regalloc`.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Simplify pushed the node on the select stack.
    Simplify(Node),
    /// The move joined `v` into `u`; `rule` is "Briggs" or "George".
    Coalesce {
        u: Node,
        v: Node,
        rule: &'static str,
    },
    /// The move's ends interfere (or both are precoloured): never coalesced.
    Constrained { u: Node, v: Node },
    /// Freeze gave up the moves of the node.
    Freeze(Node),
    /// SelectSpill pushed a high-degree node, optimistically.
    PotentialSpill { n: Node, cost: f64, degree: u32 },
    /// AssignColors popped the node: its colour, or None (actual spill).
    Select { n: Node, colour: Option<PReg> },
    /// MakeWorklist's lists, as the seed's step 3 lists them.
    Worklists {
        simplify: Vec<Node>,
        freeze: Vec<Node>,
        spill: Vec<Node>,
        moves: usize,
    },
}

/// The state of one round of the algorithm over one graph.
pub struct Irc {
    pub g: Graph,
    pub state: Vec<NodeState>,
    pub simplify: IndexSet,
    pub freeze: IndexSet,
    pub spill: IndexSet,
    pub move_state: Vec<MoveState>,
    pub worklist_moves: IndexSet,
    pub active_moves: IndexSet,
    pub select_stack: Vec<Node>,
    pub alias: Vec<Node>,
    pub colour: Vec<Option<PReg>>,
    pub spilled: Vec<Node>,
    pub trace: Option<Vec<Event>>,
    /// With a trace: the interference edges between non-precoloured nodes
    /// as `Build` made them (before coalescing adds edges to merged nodes).
    pub built_edges: Vec<(Node, Node)>,
    /// Per node, the epoch of the last set operation that visited it
    /// (`next_epoch`): a union of neighbour lists without sorting.
    pub mark: Vec<u32>,
    pub epoch: u32,
    /// The spill list's nodes by priority, with stale entries
    /// (`select_spill`).
    pub spill_queue: BinaryHeap<SpillEntry>,
}

impl Irc {
    /// The paper's `MakeWorklist` (all moves start on `worklistMoves`,
    /// the heaviest taken first).
    pub fn new(g: Graph, trace: bool) -> Self {
        let n = g.nodes;
        let nmoves = g.moves.len();
        let mut colour = vec![None; n];
        for (p, c) in colour.iter_mut().enumerate().take(PRECOLORED as usize) {
            *c = Some(p as PReg);
        }
        let mut irc = Irc {
            state: vec![NodeState::Initial; n],
            simplify: IndexSet::new(n),
            freeze: IndexSet::new(n),
            spill: IndexSet::new(n),
            move_state: vec![MoveState::Worklist; nmoves],
            worklist_moves: IndexSet::new(nmoves),
            active_moves: IndexSet::new(nmoves),
            select_stack: Vec::new(),
            alias: (0..n as Node).collect(),
            colour,
            spilled: Vec::new(),
            trace: trace.then(Vec::new),
            built_edges: Vec::new(),
            mark: vec![0; n],
            epoch: 0,
            spill_queue: BinaryHeap::new(),
            g,
        };
        if trace {
            for u in PRECOLORED..n as Node {
                for &v in &irc.g.adj_list[u as usize] {
                    if v > u {
                        irc.built_edges.push((u, v));
                    }
                }
            }
        }
        let mut order: Vec<u32> = (0..nmoves as u32).collect();
        order.sort_by(|&a, &b| {
            let (wa, wb) = (
                irc.g.moves[a as usize].weight,
                irc.g.moves[b as usize].weight,
            );
            wa.total_cmp(&wb).then(b.cmp(&a))
        });
        for m in order {
            irc.worklist_moves.insert(m);
        }
        for n in 0..n as Node {
            if is_precolored(n) {
                irc.state[n as usize] = NodeState::Precolored;
            } else if irc.g.cost[n as usize] == 0.0 {
                // Not a register of this round (never mentioned, or kept
                // in memory): on no list, never coloured.
                irc.state[n as usize] = NodeState::Absent;
            } else {
                irc.classify(n);
            }
        }
        if trace {
            let sorted = |s: &IndexSet| {
                let mut v: Vec<Node> = s.iter().collect();
                v.sort_unstable();
                v
            };
            let e = Event::Worklists {
                simplify: sorted(&irc.simplify),
                freeze: sorted(&irc.freeze),
                spill: sorted(&irc.spill),
                moves: nmoves,
            };
            irc.record(e);
        }
        irc
    }

    /// Puts an initial node on the list its degree and moves call for.
    fn classify(&mut self, n: Node) {
        let s = if self.g.degree[n as usize] >= self.g.k(n) {
            NodeState::Spill
        } else if self.move_related(n) {
            NodeState::Freeze
        } else {
            NodeState::Simplify
        };
        self.set_state(n, s);
    }

    pub fn record(&mut self, e: Event) {
        if let Some(t) = &mut self.trace {
            t.push(e);
        }
    }

    /// Moves `n` from whichever list it is on to the one of `s`.
    pub fn set_state(&mut self, n: Node, s: NodeState) {
        match self.state[n as usize] {
            NodeState::Simplify => self.simplify.remove(n),
            NodeState::Freeze => self.freeze.remove(n),
            NodeState::Spill => self.spill.remove(n),
            _ => {}
        }
        match s {
            NodeState::Simplify => self.simplify.insert(n),
            NodeState::Freeze => self.freeze.insert(n),
            NodeState::Spill => self.spill.insert(n),
            _ => {}
        }
        self.state[n as usize] = s;
        self.queue_spill(n);
    }

    pub fn set_move_state(&mut self, m: u32, s: MoveState) {
        match self.move_state[m as usize] {
            MoveState::Worklist => self.worklist_moves.remove(m),
            MoveState::Active => self.active_moves.remove(m),
            _ => {}
        }
        match s {
            MoveState::Worklist => self.worklist_moves.insert(m),
            MoveState::Active => self.active_moves.insert(m),
            _ => {}
        }
        self.move_state[m as usize] = s;
    }

    /// `Adjacent(n) = adjList[n] \ (selectStack ∪ coalescedNodes)`.
    pub fn adjacent(&self, n: Node) -> Vec<Node> {
        self.g.adj_list[n as usize]
            .iter()
            .copied()
            .filter(|&m| self.is_adjacent(m))
            .collect()
    }

    /// Whether a neighbour `m` still counts (`Adjacent`'s filter).
    pub fn is_adjacent(&self, m: Node) -> bool {
        !matches!(
            self.state[m as usize],
            NodeState::Selected | NodeState::Coalesced
        )
    }

    /// A fresh epoch for `mark` (every mark is older than it).
    pub fn next_epoch(&mut self) -> u32 {
        if self.epoch == u32::MAX {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.epoch = 0;
        }
        self.epoch += 1;
        self.epoch
    }

    /// `NodeMoves(n) = moveList[n] ∩ (activeMoves ∪ worklistMoves)`.
    pub fn node_moves(&self, n: Node) -> Vec<u32> {
        self.g.move_list[n as usize]
            .iter()
            .copied()
            .filter(|&m| {
                matches!(
                    self.move_state[m as usize],
                    MoveState::Active | MoveState::Worklist
                )
            })
            .collect()
    }

    pub fn move_related(&self, n: Node) -> bool {
        self.g.move_list[n as usize].iter().any(|&m| {
            matches!(
                self.move_state[m as usize],
                MoveState::Active | MoveState::Worklist
            )
        })
    }

    /// The paper's `DecrementDegree`: a node falling below K leaves the
    /// spill list, and the moves around it may now pass the tests.
    pub fn decrement_degree(&mut self, m: Node) {
        if is_precolored(m) {
            return;
        }
        let d = self.g.degree[m as usize];
        self.g.degree[m as usize] = d - 1;
        if d == self.g.k(m) && self.state[m as usize] == NodeState::Spill {
            let mut nodes = self.adjacent(m);
            nodes.push(m);
            self.enable_moves(&nodes);
            let s = if self.move_related(m) {
                NodeState::Freeze
            } else {
                NodeState::Simplify
            };
            self.set_state(m, s);
        }
    }

    /// The paper's `EnableMoves` (precoloured nodes skipped: their moves are
    /// enabled through the other end, which is among the nodes given).
    pub fn enable_moves(&mut self, nodes: &[Node]) {
        for &n in nodes {
            if is_precolored(n) {
                continue;
            }
            for m in self.node_moves(n) {
                if self.move_state[m as usize] == MoveState::Active {
                    self.set_move_state(m, MoveState::Worklist);
                }
            }
        }
    }

    /// The paper's `GetAlias`.
    pub fn get_alias(&self, mut n: Node) -> Node {
        while self.state[n as usize] == NodeState::Coalesced {
            n = self.alias[n as usize];
        }
        n
    }

    /// The paper's `AddWorkList`.
    pub fn add_work_list(&mut self, u: Node) {
        if !is_precolored(u)
            && self.state[u as usize] == NodeState::Freeze
            && !self.move_related(u)
            && self.g.degree[u as usize] < self.g.k(u)
        {
            self.set_state(u, NodeState::Simplify);
        }
    }

    /// The paper's worklist invariants (debug builds).
    pub fn check_invariants(&self) {
        if !cfg!(debug_assertions) {
            return;
        }
        for n in PRECOLORED..self.g.nodes as Node {
            let k = self.g.k(n);
            match self.state[n as usize] {
                // (SelectSpill puts high-degree nodes here too)
                NodeState::Simplify => {
                    debug_assert!(!self.move_related(n), "simplify: not move related")
                }
                NodeState::Freeze => {
                    debug_assert!(self.g.degree[n as usize] < k, "freeze: degree < K")
                }
                NodeState::Spill => {
                    debug_assert!(self.g.degree[n as usize] >= k, "spill: degree >= K")
                }
                _ => {}
            }
        }
    }
}
