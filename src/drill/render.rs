//! Printing an exercise and its solution as text.

use std::fmt::Write;

use crate::analysis::cfg::Block;
use crate::explain::render::aligned;

use super::exercise::{Action, Exercise};
use super::solution::Solution;

fn names(ex: &Exercise, blocks: &[Block]) -> String {
    blocks
        .iter()
        .map(|&b| ex.block_name(b))
        .collect::<Vec<_>>()
        .join(", ")
}

fn list_or_none(ex: &Exercise, blocks: &[Block]) -> String {
    if blocks.is_empty() {
        "—".to_string()
    } else {
        names(ex, blocks)
    }
}

fn set(ex: &Exercise, blocks: &[Block]) -> String {
    if blocks.is_empty() {
        "∅".to_string()
    } else {
        format!("{{{}}}", names(ex, blocks))
    }
}

/// The statements of block `b`, all variables, in order.
fn statements(ex: &Exercise, b: Block) -> String {
    let mut parts = Vec::new();
    for v in &ex.variables {
        for a in &v.actions[b] {
            parts.push(match a {
                Action::Def => format!("{} = …", v.name),
                Action::Use => format!("use {}", v.name),
            });
        }
    }
    if parts.is_empty() {
        "(nothing)".to_string()
    } else {
        parts.join("; ")
    }
}

pub fn exercise(ex: &Exercise) -> String {
    let mut out = format!(
        "phi-placement drill: difficulty {}, seed {} (add --solution for the answers)\n\n",
        ex.difficulty.name(),
        ex.seed
    );
    let reachable = ex.cfg.reachable();
    let unreachable: Vec<Block> = (0..ex.num_blocks()).filter(|&b| !reachable[b]).collect();
    out.push_str("CFG: B0 is the entry");
    if !unreachable.is_empty() {
        let _ = write!(out, "; {} not reachable from it", names(ex, &unreachable));
    }
    out.push_str(".\n");
    let mut rows = vec![vec![
        "block".to_string(),
        "statements".to_string(),
        "successors".to_string(),
    ]];
    for b in 0..ex.num_blocks() {
        let succs = ex.cfg.succs(b);
        rows.push(vec![
            ex.block_name(b),
            statements(ex, b),
            if succs.is_empty() {
                "(exit)".to_string()
            } else {
                format!("→ {}", names(ex, succs))
            },
        ]);
    }
    out.push_str(&indent(&aligned(&rows)));
    let vars: Vec<&str> = ex.variables.iter().map(|v| v.name.as_str()).collect();
    let _ = writeln!(
        out,
        "\nVariables {}. Statements run left to right: `x = …` defines x, `use x` reads it.",
        vars.join(", ")
    );
    out.push_str(
        "\nQuestions:\n  \
         1. Draw the dominator tree; give DF of every reachable block.\n  \
         2. For each variable: its definition blocks D, DF⁺(D), and the blocks where it is live-in.\n  \
         3. Where do minimal, semi-pruned and pruned SSA place phis for each variable?\n",
    );
    out
}

pub fn solution(ex: &Exercise, s: &Solution) -> String {
    let mut out = String::from("Solution\n\ndominator tree:\n");
    out.push_str(&dominator_tree(ex, s));
    out.push_str("\nimmediate dominators and dominance frontiers:\n");
    let mut rows = vec![vec![
        "block".to_string(),
        "idom".to_string(),
        "DF".to_string(),
    ]];
    for b in (0..ex.num_blocks()).filter(|&b| s.reachable[b]) {
        rows.push(vec![
            ex.block_name(b),
            s.idom[b].map_or("—".to_string(), |d| ex.block_name(d)),
            set(ex, &s.frontiers[b]),
        ]);
    }
    out.push_str(&indent(&aligned(&rows)));
    out.push_str("\nper variable (placements side by side):\n");
    let header = [
        "var",
        "D",
        "upward-exposed",
        "DF⁺(D)",
        "live-in",
        "minimal",
        "semi-pruned",
        "pruned",
    ];
    let mut rows = vec![header.iter().map(|h| h.to_string()).collect::<Vec<_>>()];
    for (v, sol) in ex.variables.iter().zip(&s.variables) {
        rows.push(vec![
            v.name.clone(),
            list_or_none(ex, &sol.defs),
            list_or_none(ex, &sol.upward_exposed),
            set(ex, &sol.idf),
            list_or_none(ex, &sol.live_in),
            list_or_none(ex, &sol.minimal),
            list_or_none(ex, &sol.semi_pruned),
            list_or_none(ex, &sol.pruned),
        ]);
    }
    out.push_str(&indent(&aligned(&rows)));
    out.push_str(
        "\nminimal = DF⁺(D) (Cytron et al.); semi-pruned = DF⁺(D) for variables used before \
         defined in some block, none for block-local ones (Briggs et al.); pruned = DF⁺(D) ∩ \
         live-in, what pebble-mem2reg inserts. Unreachable blocks are in no tree, frontier or \
         placement. The entry's implicit undefined value adds nothing: DF(B0) = ∅.\n",
    );
    out
}

fn dominator_tree(ex: &Exercise, s: &Solution) -> String {
    let n = ex.num_blocks();
    let mut children = vec![Vec::new(); n];
    for b in 0..n {
        if let Some(d) = s.idom[b] {
            children[d].push(b);
        }
    }
    let mut out = String::new();
    let mut stack = vec![(0usize, 1usize)];
    while let Some((b, depth)) = stack.pop() {
        let _ = writeln!(out, "{}{}", "  ".repeat(depth), ex.block_name(b));
        for &c in children[b].iter().rev() {
            stack.push((c, depth + 1));
        }
    }
    out
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}
