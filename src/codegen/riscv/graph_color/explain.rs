//! `pebble llc --explain-regalloc FUNC [--svg out.svg]`: graph colouring of
//! one function, told the way the seed's §寄存器分配 "图染色流程" walks
//! through it, and drawn.
//!
//! The text follows the steps of the seed's list for every round: the
//! graph `Build` made, the initial worklists (step 3), each Simplify /
//! Coalesce / Freeze / SelectSpill step with the select stack after it
//! (step 4), AssignColors popping the stack (step 5), and the Rewrite that
//! starts the next round (step 6). Names: `v12` is virtual register 12 of
//! the machine IR, `v12.3` a spill temporary standing for `v12`, `a0` …
//! the precoloured physical registers.
//!
//! The picture (Graphviz) is the first round's interference graph: one
//! node per virtual register filled with the colour of its register (an
//! actual spill drawn red and dashed; a double border marks a value live
//! across a call, which only callee-saved registers can hold), grey lines
//! for interference, green bold lines for coalesced moves, dotted lines
//! for moves that stayed copies (frozen or constrained), precoloured
//! registers as boxes where a move joined a value to one.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::super::abi::{self, PReg};
use super::super::mir::{ArgLoc, Base, Callee, Class, Inst, MFunction};
use super::build::{is_precolored, MoveKind, Node, PRECOLORED};
use super::program::Op;
use super::worklists::{Event, MoveState, NodeState};
use super::{allocate_traced, Round};

pub struct Explained {
    pub text: String,
    pub dot: String,
}

/// Runs graph colouring on `f` with a trace and renders it.
pub fn explain(f: &MFunction) -> Result<Explained, String> {
    let (alloc, rounds) = allocate_traced(f)?;
    let mut text = String::new();
    let k = |c: Class| super::build::colours(c, reserved(f)).len();
    let _ = writeln!(
        text,
        "@{}: graph colouring with iterated coalescing (George & Appel 1996), K = {} integer, {} float registers",
        f.name,
        k(Class::Int),
        k(Class::Float)
    );
    if let Some(r) = rounds.first() {
        listing(&mut text, r);
    }
    for (i, r) in rounds.iter().enumerate() {
        round_text(&mut text, i + 1, r);
    }
    let _ = writeln!(
        text,
        "result: {} round(s), {} value(s) spilled",
        alloc.rounds, alloc.spill_slots
    );
    let dot = rounds.first().map(picture).unwrap_or_default();
    Ok(Explained { text, dot })
}

fn reserved(f: &MFunction) -> &'static [PReg] {
    if f.dynamic_stack {
        &[abi::FP]
    } else {
        &[]
    }
}

/// The name of a node: `a0`, `v12`, or `v12.3` for a spill temporary.
fn name(r: &Round, n: Node) -> String {
    if is_precolored(n) {
        return abi::name(n as PReg).to_string();
    }
    let v = (n - PRECOLORED) as usize;
    let p = &r.program;
    if p.is_temp[v] {
        let k = (0..v).filter(|&w| p.origin[w] == p.origin[v]).count();
        format!("v{}.{k}", p.origin[v])
    } else {
        format!("v{v}")
    }
}

fn names(r: &Round, ns: &[Node]) -> String {
    if ns.is_empty() {
        return "—".into();
    }
    ns.iter().map(|&n| name(r, n)).collect::<Vec<_>>().join(" ")
}

/// The select stack, bottom first; a long one shows its top only.
fn stack_names(r: &Round, stack: &[Node]) -> String {
    const SHOWN: usize = 12;
    if stack.len() <= SHOWN {
        return names(r, stack);
    }
    let top = &stack[stack.len() - SHOWN..];
    format!("… {} more, {}", stack.len() - SHOWN, names(r, top))
}

/// The machine IR the first round colours, one instruction per line.
fn listing(out: &mut String, r: &Round) {
    let _ = writeln!(out, "\nmachine IR (virtual registers):");
    for (b, ops) in r.program.blocks.iter().enumerate() {
        let _ = writeln!(out, "  block {b}:");
        for op in ops {
            if let Op::Orig(i) = op {
                let _ = writeln!(out, "    {}", show_inst(r, i));
            }
        }
    }
}

fn show_inst(r: &Round, i: &Inst<u32>) -> String {
    let v = |x: &u32| name(r, PRECOLORED + x);
    let abi_list = |l: &[(u32, ArgLoc)]| {
        l.iter()
            .map(|(x, a)| match abi::arg_reg(*a) {
                Some(p) => format!("{}={}", abi::name(p), v(x)),
                None => format!("stack={}", v(x)),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let base = |b: &Base<u32>| match b {
        Base::Reg(x) => v(x),
        Base::Slot(s) => format!("slot{s}"),
    };
    match i {
        Inst::Op { op, rd, rs1, rs2 } => format!("{op} {}, {}, {}", v(rd), v(rs1), v(rs2)),
        Inst::OpImm { op, rd, rs1, imm } => format!("{op} {}, {}, {imm}", v(rd), v(rs1)),
        Inst::Unary { op, rd, rs, .. } => format!("{op} {}, {}", v(rd), v(rs)),
        Inst::Li { rd, imm } => format!("li {}, {imm}", v(rd)),
        Inst::La { rd, sym, off } => format!("la {}, {sym}{off:+}", v(rd)),
        Inst::Mv { rd, rs } => format!("mv {}, {}", v(rd), v(rs)),
        Inst::Load {
            op,
            rd,
            base: b,
            off,
        } => format!("{op} {}, {off}({})", v(rd), base(b)),
        Inst::Store {
            op,
            src,
            base: b,
            off,
        } => format!("{op} {}, {off}({})", v(src), base(b)),
        Inst::Entry { params } => format!("entry {}", abi_list(params)),
        Inst::Call { callee, args, rets } => {
            let c = match callee {
                Callee::Direct(s) => s.clone(),
                Callee::Indirect(x) => v(x),
            };
            format!("call {c}({}) -> ({})", abi_list(args), abi_list(rets))
        }
        Inst::TailCall { callee, args } => {
            let c = match callee {
                Callee::Direct(s) => s.clone(),
                Callee::Indirect(x) => v(x),
            };
            format!("tail {c}({})", abi_list(args))
        }
        Inst::Ret { vals } => format!("ret {}", abi_list(vals)),
        Inst::Jump { target } => format!("j block {target}"),
        Inst::Branch {
            op,
            rs1,
            rs2,
            taken,
            not_taken,
        } => {
            let b = rs2.as_ref().map_or("zero".to_string(), v);
            format!("{op} {}, {b}, block {taken} else block {not_taken}", v(rs1))
        }
        other => format!("{:?}", other.map(&mut |x| v(&x), &mut |x| v(&x))),
    }
}

fn round_text(out: &mut String, i: usize, r: &Round) {
    let irc = &r.irc;
    let nodes = (PRECOLORED..irc.g.nodes as Node)
        .filter(|&n| irc.state[n as usize] != NodeState::Absent)
        .count();
    let copies = irc
        .g
        .moves
        .iter()
        .filter(|m| m.kind == MoveKind::Copy)
        .count();
    let _ = writeln!(
        out,
        "\nround {i}\n  build: {nodes} nodes, {} interference edges between them, {} moves ({copies} copies, {} to or from ABI registers)",
        irc.built_edges.len(),
        irc.g.moves.len(),
        irc.g.moves.len() - copies
    );
    let mut stack: Vec<Node> = Vec::new();
    let mut popped = false;
    for e in irc.trace.as_deref().unwrap_or_default() {
        let line = match e {
            Event::Worklists {
                simplify,
                freeze,
                spill,
                moves,
            } => format!(
                "  worklists: simplify [{}]  freeze [{}]  spill [{}]  moves {moves}",
                names(r, simplify),
                names(r, freeze),
                names(r, spill)
            ),
            Event::Simplify(n) => {
                stack.push(*n);
                format!(
                    "  simplify {:<10} stack [{}]",
                    name(r, *n),
                    stack_names(r, &stack)
                )
            }
            Event::PotentialSpill { n, cost, degree } => format!(
                "  spill?   {} (cost {cost} / degree {degree}, the lowest): to the simplify list, optimistically",
                name(r, *n)
            ),
            Event::Coalesce { u, v, rule } => {
                format!("  coalesce {} into {} ({rule})", name(r, *v), name(r, *u))
            }
            Event::Constrained { u, v } => format!(
                "  constrained move {} - {} (they interfere)",
                name(r, *u),
                name(r, *v)
            ),
            Event::Freeze(n) => format!("  freeze   {} (its moves stay copies)", name(r, *n)),
            Event::Select { n, colour } => {
                let head = if popped {
                    ""
                } else {
                    "  assign (pop the stack):\n"
                };
                popped = true;
                stack.pop();
                match colour {
                    Some(c) => format!("{head}    {:<10} -> {}", name(r, *n), abi::name(*c)),
                    None => format!(
                        "{head}    {:<10} -> no colour left: actual spill",
                        name(r, *n)
                    ),
                }
            }
        };
        let _ = writeln!(out, "{line}");
    }
    let coalesced: Vec<String> = (PRECOLORED..irc.g.nodes as Node)
        .filter(|&n| irc.state[n as usize] == NodeState::Coalesced)
        .map(|n| {
            let c = irc.colour[n as usize].map_or("spilled", abi::name);
            format!("{} -> {c}", name(r, n))
        })
        .collect();
    if !coalesced.is_empty() {
        let _ = writeln!(
            out,
            "    coalesced nodes take their alias's colour: {}",
            coalesced.join(", ")
        );
    }
    if !irc.spilled.is_empty() {
        let _ = writeln!(
            out,
            "  rewrite: {} get spill slots; a load before each use and a store after each definition, through new temporaries; build again",
            names(r, &irc.spilled)
        );
    }
}

/// A fill colour per physical register, distinct within a class.
fn fill(p: PReg) -> String {
    let hue = (p as f64 % 32.0) * 0.618_034 % 1.0;
    let sat = if abi::class_of(p) == Class::Int {
        0.35
    } else {
        0.2
    };
    format!("{hue:.3} {sat:.2} 1.0")
}

fn picture(r: &Round) -> String {
    let irc = &r.irc;
    let mut s = String::from(
        "graph interference {\n  layout=neato; overlap=false; splines=true; sep=\"+8\";\n  node [shape=ellipse, style=filled, fontname=\"Helvetica\", fontsize=11];\n  edge [color=\"#b0b0b0\"];\n",
    );
    let live: Vec<Node> = (PRECOLORED..irc.g.nodes as Node)
        .filter(|&n| irc.state[n as usize] != NodeState::Absent)
        .collect();
    for &n in &live {
        let id = name(r, n);
        let crosses = irc.g.crosses_call[n as usize];
        let per = if crosses { ", peripheries=2" } else { "" };
        let colour = match irc.state[n as usize] {
            NodeState::Spilled => None,
            _ => irc.colour[n as usize],
        };
        match colour {
            Some(c) => {
                let _ = writeln!(
                    s,
                    "  \"{id}\" [label=\"{id}\\n{}\", fillcolor=\"{}\"{per}];",
                    abi::name(c),
                    fill(c)
                );
            }
            None => {
                let _ = writeln!(
                    s,
                    "  \"{id}\" [label=\"{id}\\nspilled\", fillcolor=\"#ffd0d0\", color=red, style=\"filled,dashed\"{per}];"
                );
            }
        }
    }
    for &(u, v) in &irc.built_edges {
        let _ = writeln!(s, "  \"{}\" -- \"{}\";", name(r, u), name(r, v));
    }
    let mut boxes: BTreeSet<Node> = BTreeSet::new();
    for (m, mv) in irc.g.moves.iter().enumerate() {
        let coalesced = irc.move_state[m] == MoveState::Coalesced;
        if !coalesced && (is_precolored(mv.dst) || is_precolored(mv.src)) {
            continue; // ABI moves that stayed: drawn as the register's label
        }
        for n in [mv.dst, mv.src] {
            if is_precolored(n) {
                boxes.insert(n);
            }
        }
        let style = if coalesced {
            "color=\"#2a9d2a\", penwidth=2.5, style=bold, len=0.6"
        } else {
            "color=\"#2a9d2a\", style=dotted"
        };
        let _ = writeln!(
            s,
            "  \"{}\" -- \"{}\" [{style}];",
            name(r, mv.dst),
            name(r, mv.src)
        );
    }
    for p in boxes {
        let _ = writeln!(
            s,
            "  \"{0}\" [shape=box, label=\"{0}\", fillcolor=\"{1}\"];",
            abi::name(p as PReg),
            fill(p as PReg)
        );
    }
    s.push_str("}\n");
    s
}
