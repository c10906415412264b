//! The CFG as a Graphviz picture, with what mem2reg reasons about drawn on it.
//!
//! * CFG edges are black; a **J-edge** (Sreedhar and Gao, "A linear time
//!   algorithm for placing φ-nodes", POPL 1995: a CFG edge x → y where x
//!   does not strictly dominate y, i.e. x ≠ idom(y)) is red and labelled
//!   `J`. J-edges are exactly where dominance frontiers come from: y ∈ DF(z)
//!   for every z on the dominator-tree path from x up to, not including,
//!   idom(y).
//! * Dominator-tree edges (idom(y) → y, the D-edges) are blue and dashed,
//!   drawn without influencing the layout.
//! * Each block shows its DF and the phis placed there (pruned placement,
//!   `pebble-mem2reg`'s, in any round); a phi LLVM's folding removes, or
//!   that LLVM never places because a fast path promotes its alloca, is
//!   marked "folded".
//! * Unreachable blocks are grey.

use std::fmt::Write;

use crate::analysis::cfg::Block;

use super::report::{FunctionReport, Status};

/// One `digraph` with a cluster per function.
pub fn dot(reports: &[FunctionReport]) -> String {
    let mut out = String::from("digraph pebble_explain {\n");
    out.push_str("  node [shape=box, fontname=\"monospace\"];\n");
    out.push_str("  edge [fontname=\"monospace\"];\n");
    for (f, report) in reports.iter().enumerate() {
        cluster(&mut out, f, report);
    }
    out.push_str(legend());
    out.push_str("}\n");
    out
}

fn node_id(function: usize, block: Block) -> String {
    format!("f{function}_b{block}")
}

fn cluster(out: &mut String, f: usize, r: &FunctionReport) {
    let _ = writeln!(out, "  subgraph cluster_{f} {{");
    let _ = writeln!(out, "    label={};", quote(&r.name));
    for b in 0..r.blocks.len() {
        let style = if r.reachable[b] {
            ""
        } else {
            ", style=filled, fillcolor=\"#dddddd\", color=\"#888888\""
        };
        let _ = writeln!(
            out,
            "    {} [label=\"{}\"{style}];",
            node_id(f, b),
            block_label(r, b)
        );
    }
    for (x, y) in r.cfg.edges() {
        let j_edge = r.reachable[x] && r.idom[y] != Some(x);
        let attrs = if j_edge {
            " [color=red, fontcolor=red, label=\"J\"]"
        } else {
            ""
        };
        let _ = writeln!(out, "    {} -> {}{attrs};", node_id(f, x), node_id(f, y));
    }
    for (y, d) in r.idom.iter().enumerate() {
        if let Some(d) = d {
            let _ = writeln!(
                out,
                "    {} -> {} [color=blue, style=dashed, constraint=false, arrowhead=empty];",
                node_id(f, *d),
                node_id(f, y)
            );
        }
    }
    out.push_str("  }\n");
}

/// `for.cond`, `DF: {for.cond}`, `phis: %a, %b, %i`, left-aligned.
fn block_label(r: &FunctionReport, b: Block) -> String {
    let mut lines = vec![r.blocks[b].clone()];
    if !r.reachable[b] {
        lines.push("(unreachable)".to_string());
    } else {
        let df: Vec<&str> = r.frontiers[b]
            .iter()
            .map(|&d| r.blocks[d].as_str())
            .collect();
        lines.push(if df.is_empty() {
            "DF: ∅".to_string()
        } else {
            format!("DF: {{{}}}", df.join(", "))
        });
    }
    let mut phis = Vec::new();
    for a in &r.allocas {
        let (path, placed, folded) = match &a.status {
            Status::Promotable(p) => (&p.path, &p.phis, &p.folded),
            Status::NotPromotable { later: Some(l), .. } => (&l.path, &l.phis, &l.folded),
            Status::NotPromotable { later: None, .. } => continue,
        };
        if placed.contains(&b) {
            let folded = folded.contains(&b) || !path.places_phis();
            phis.push(if folded {
                format!("{} (folded)", a.name)
            } else {
                a.name.clone()
            });
        }
    }
    if !phis.is_empty() {
        lines.push(format!("phis: {}", phis.join(", ")));
    }
    // "\l" ends a left-justified line in a Graphviz label.
    lines.iter().map(|l| format!("{}\\l", escape(l))).collect()
}

fn legend() -> &'static str {
    "  subgraph cluster_legend {\n    label=\"legend\";\n    \
     legend [shape=plaintext, label=\"black: CFG edge\\lred J: J-edge (x does not strictly dominate y)\\l\
     blue dashed: dominator tree\\lgrey: unreachable\\l\"];\n  }\n"
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn quote(s: &str) -> String {
    format!("\"{}\"", escape(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cfg::Cfg;

    fn swap_loop() -> FunctionReport {
        let cfg = Cfg::from_edges(5, &[(0, 1), (1, 2), (1, 4), (2, 3), (3, 1)]);
        FunctionReport {
            name: "@fib".to_string(),
            blocks: ["entry", "for.cond", "for.body", "for.inc", "for.end"]
                .map(String::from)
                .to_vec(),
            reachable: vec![true; 5],
            idom: vec![None, Some(0), Some(1), Some(2), Some(1)],
            frontiers: vec![vec![], vec![1], vec![1], vec![1], vec![]],
            cfg,
            allocas: Vec::new(),
        }
    }

    #[test]
    fn only_the_back_edge_is_a_j_edge() {
        let text = dot(&[swap_loop()]);
        assert!(text.contains("f0_b3 -> f0_b1 [color=red"));
        assert_eq!(text.matches("label=\"J\"").count(), 1);
        assert_eq!(text.matches("style=dashed").count(), 4);
        assert!(text.contains("for.body\\lDF: {for.cond}\\l"));
    }
}
