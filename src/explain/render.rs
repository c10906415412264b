//! Printing a `FunctionReport` as a text table, a Markdown table or JSON.
//!
//! The table follows the seed's §3 "mem2reg on the swap loop": one row per
//! entry-block alloca with its stores (D), loads, the path LLVM takes,
//! live-in blocks, DF⁺(D) and phis; then the dominator tree and the
//! dominance frontiers. Block lists are in layout order.

use std::fmt::Write;

use crate::analysis::cfg::Block;

use super::json::Json;
use super::report::*;

/// The column titles of the alloca table.
pub const COLUMNS: [&str; 8] = [
    "alloca",
    "stores (D)",
    "loads",
    "path LLVM takes",
    "live-in blocks",
    "DF⁺(D)",
    "phis",
    "LLVM folds",
];

const NONE: &str = "—";

/// The function as a text table plus its dominator tree and frontiers.
pub fn table(report: &FunctionReport) -> String {
    let mut out = heading(report);
    if !report.allocas.is_empty() {
        let rows = rows(report);
        out.push_str(&aligned(&rows));
        out.push_str(&phi_summary(report));
        out.push_str(&fast_path_note(report));
    }
    out.push('\n');
    out.push_str(&dominator_tree(report));
    out.push_str(&frontiers(report));
    out
}

/// The same content with a Markdown table.
pub fn markdown(report: &FunctionReport) -> String {
    let mut out = format!("### `{}`\n\n", report.name);
    let _ = writeln!(out, "Blocks: {}.\n", report.blocks.join(", "));
    if report.allocas.is_empty() {
        out.push_str("No entry-block allocas.\n");
    } else {
        let rows = rows(report);
        for (i, row) in rows.iter().enumerate() {
            let cells: Vec<String> = row.iter().map(|c| c.replace('|', "\\|")).collect();
            let _ = writeln!(out, "| {} |", cells.join(" | "));
            if i == 0 {
                let _ = writeln!(out, "|{}", "---|".repeat(row.len()));
            }
        }
        out.push_str(&phi_summary(report));
        out.push_str(&fast_path_note(report));
    }
    out.push_str("\n```\n");
    out.push_str(&dominator_tree(report));
    out.push_str(&frontiers(report));
    out.push_str("```\n");
    out
}

fn heading(report: &FunctionReport) -> String {
    let mut out = format!(
        "function {}: blocks {}\n",
        report.name,
        report.blocks.join(", ")
    );
    let unreachable: Vec<&str> = blocks_where(report, |b| !report.reachable[b]);
    if !unreachable.is_empty() {
        let _ = writeln!(out, "unreachable blocks: {}", unreachable.join(", "));
    }
    if report.allocas.is_empty() {
        out.push_str("no entry-block allocas\n");
    }
    out.push('\n');
    out
}

fn blocks_where(report: &FunctionReport, keep: impl Fn(Block) -> bool) -> Vec<&str> {
    (0..report.blocks.len())
        .filter(|&b| keep(b))
        .map(|b| report.blocks[b].as_str())
        .collect()
}

/// Total phis, over every round: what `pebble-mem2reg` inserts (pruned) and
/// what LLVM's mem2reg keeps (general-path phis that survive folding, as
/// `pebble-mem2reg<compat>` recorded them).
pub fn phi_summary(report: &FunctionReport) -> String {
    let (mut inserted, mut kept) = (0, 0);
    for a in &report.allocas {
        if let Some((path, phis, folded)) = outcome(a) {
            inserted += phis.len();
            if path.places_phis() {
                kept += phis.len() - folded.len();
            }
        }
    }
    format!("\nphis: pebble-mem2reg inserts {inserted}, LLVM's mem2reg keeps {kept}\n")
}

/// The path, phis and folded phis of an alloca the pass promoted, in
/// whichever round.
fn outcome(a: &AllocaReport) -> Option<(&Path, &[Block], &[Block])> {
    match &a.status {
        Status::Promotable(p) => Some((&p.path, &p.phis, &p.folded)),
        Status::NotPromotable { later: Some(l), .. } => Some((&l.path, &l.phis, &l.folded)),
        Status::NotPromotable { later: None, .. } => None,
    }
}

fn fast_path_note(report: &FunctionReport) -> String {
    let any_fast = report.allocas.iter().any(|a| match &a.status {
        Status::Promotable(p) => !p.path.places_phis(),
        Status::NotPromotable { .. } => false,
    });
    if any_fast {
        "\n(live-in blocks and DF⁺(D) are shown for the general path only: LLVM's fast paths \
         compute neither; --format json has Pebble's values for every alloca)\n"
            .to_string()
    } else {
        String::new()
    }
}

/// Header row then one row per alloca.
pub fn rows(report: &FunctionReport) -> Vec<Vec<String>> {
    let mut rows = vec![COLUMNS.iter().map(|c| c.to_string()).collect()];
    for alloca in &report.allocas {
        rows.push(row(report, alloca));
    }
    rows
}

fn row(report: &FunctionReport, alloca: &AllocaReport) -> Vec<String> {
    let p = match &alloca.status {
        Status::NotPromotable {
            reason,
            user,
            later,
        } => {
            let mut cells = vec![NONE.to_string(); COLUMNS.len()];
            cells[0] = alloca.name.clone();
            cells[3] = format!("not promotable: {reason}: `{user}`");
            if let Some(l) = later {
                let _ = write!(cells[3], "; {}", later_text(report, l));
                cells[6] = phis_cell(report, &l.phis);
                cells[7] = folds_cell(report, &l.path, &l.phis, &l.folded);
            }
            return cells;
        }
        Status::Promotable(p) => p,
    };
    let general = p.path.places_phis();
    let names = |blocks: &[Block]| list(report, blocks);
    vec![
        alloca.name.clone(),
        stores_cell(report, &p.stores),
        loads_cell(report, &p.loads),
        path_text(report, p),
        if general {
            or_none(names(&p.live_in))
        } else {
            NONE.to_string()
        },
        if general {
            format!("{{{}}}", names(&p.idf)).replace("{}", "∅")
        } else {
            NONE.to_string()
        },
        phis_cell(report, &p.phis),
        folds_cell(report, &p.path, &p.phis, &p.folded),
    ]
}

fn list(report: &FunctionReport, blocks: &[Block]) -> String {
    blocks
        .iter()
        .map(|&b| report.blocks[b].as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn or_none(s: String) -> String {
    if s.is_empty() {
        NONE.to_string()
    } else {
        s
    }
}

/// `(unreachable)` after a block no path from the entry reaches.
fn site_name(report: &FunctionReport, b: Block) -> String {
    if report.reachable[b] {
        report.blocks[b].clone()
    } else {
        format!("{} (unreachable)", report.blocks[b])
    }
}

fn stores_cell(report: &FunctionReport, stores: &[Site]) -> String {
    let cells: Vec<String> = stores
        .iter()
        .map(|s| match s.count {
            1 => site_name(report, s.block),
            n => format!("{} ({n} stores)", site_name(report, s.block)),
        })
        .collect();
    or_none(cells.join(", "))
}

/// `for.body (before its store, twice)`, as the seed writes it.
fn loads_cell(report: &FunctionReport, loads: &[LoadSite]) -> String {
    let cells: Vec<String> = loads.iter().map(|l| load_site(report, l)).collect();
    or_none(cells.join(", "))
}

fn times(n: usize) -> String {
    match n {
        1 => String::new(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    }
}

fn load_site(report: &FunctionReport, l: &LoadSite) -> String {
    let name = site_name(report, l.block);
    let (before, after) = (l.before_store, l.after_store);
    let note = if !l.block_has_store {
        times(before)
    } else if after == 0 {
        join_note("before its store", times(before))
    } else if before == 0 {
        join_note("after its store", times(after))
    } else {
        format!("{before} before its store, {after} after")
    };
    if note.is_empty() {
        name
    } else {
        format!("{name} ({note})")
    }
}

fn join_note(what: &str, count: String) -> String {
    if count.is_empty() {
        what.to_string()
    } else {
        format!("{what}, {count}")
    }
}

/// The path with the reason the seed gives for it.
pub fn path_text(report: &FunctionReport, p: &Promotion) -> String {
    let value = p.stored_value.as_ref();
    let label = value.map_or("the stored value", |v| v.label.as_str());
    match &p.path {
        Path::Dead => "dead: no load or store, the alloca is erased".to_string(),
        Path::SingleStore {
            needs_dominance: false,
        } => {
            let why = value
                .and_then(|v| v.not_poison_because.as_deref())
                .unwrap_or("the value is not poison");
            format!("single store, {why}: every load becomes {label}")
        }
        Path::SingleStore {
            needs_dominance: true,
        } => {
            let text = if p.loads.is_empty() {
                "single store: no load, the store is deleted".to_string()
            } else {
                format!("single store: every load is below the store and becomes {label}")
            };
            if one_block(p) {
                // The seed's table calls this row "single block"; LLVM 19
                // tries the single-store path first and it succeeds.
                format!("{text} (one block too: single store is tried first)")
            } else {
                text
            }
        }
        Path::SingleBlock { has_store: true } => {
            if p.loads.iter().all(|l| l.after_store == 1) && p.stores.iter().all(|s| s.count == 1) {
                "single block: the load takes the stored value".to_string()
            } else {
                "single block: each load takes the nearest store above it".to_string()
            }
        }
        Path::SingleBlock { has_store: false } => {
            "single block, no store: every load becomes undef".to_string()
        }
        Path::General { gave_up } => general_text(report, gave_up),
    }
}

fn general_text(report: &FunctionReport, gave_up: &Option<GaveUp>) -> String {
    match gave_up {
        None => "general".to_string(),
        Some(GaveUp::LoadNotDominated(b)) => format!(
            "general (single store gave up: the load in {} is not below the store)",
            report.blocks[*b]
        ),
        Some(GaveUp::LoadBeforeFirstStore) => {
            "general (single block gave up: a load comes before the first store)".to_string()
        }
    }
}

/// The short path name.
pub fn path_name(path: &Path) -> &'static str {
    match path {
        Path::Dead => "dead",
        Path::SingleStore { .. } => "single store",
        Path::SingleBlock { .. } => "single block",
        Path::General { .. } => "general",
    }
}

/// `promoted in round 2 (single store)`, for an alloca promoted once
/// another one no longer blocks it.
pub fn later_text(report: &FunctionReport, l: &LaterPromotion) -> String {
    let path = match &l.path {
        Path::General { gave_up } => general_text(report, gave_up),
        path => path_name(path).to_string(),
    };
    format!("promoted in round {} ({path})", l.round)
}

/// Every load and store of the alloca is in one block.
fn one_block(p: &Promotion) -> bool {
    match p.stores.as_slice() {
        [only] => p.loads.iter().all(|l| l.block == only.block),
        _ => false,
    }
}

fn phis_cell(report: &FunctionReport, phis: &[Block]) -> String {
    if phis.is_empty() {
        "0".to_string()
    } else {
        format!("{} ({})", phis.len(), list(report, phis))
    }
}

fn folds_cell(report: &FunctionReport, path: &Path, phis: &[Block], folded: &[Block]) -> String {
    if !path.places_phis() {
        return if phis.is_empty() {
            NONE.to_string()
        } else {
            "all (fast path places none)".to_string()
        };
    }
    if phis.is_empty() {
        NONE.to_string()
    } else if folded.is_empty() {
        "none".to_string()
    } else {
        list(report, folded)
    }
}

/// Columns padded to their widest cell, a rule under the header.
pub(crate) fn aligned(rows: &[Vec<String>]) -> String {
    let width = |s: &str| s.chars().count();
    let columns = rows[0].len();
    let widths: Vec<usize> = (0..columns)
        .map(|c| rows.iter().map(|r| width(&r[c])).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            line.push_str(cell);
            if c + 1 < columns {
                line.push_str(&" ".repeat(widths[c] - width(cell) + 2));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if i == 0 {
            let total = widths.iter().sum::<usize>() + 2 * (columns - 1);
            out.push_str(&"-".repeat(total));
            out.push('\n');
        }
    }
    out
}

/// The dominator tree, children indented under their immediate dominator.
pub fn dominator_tree(report: &FunctionReport) -> String {
    let n = report.blocks.len();
    let mut children = vec![Vec::new(); n];
    for b in 0..n {
        if let Some(d) = report.idom[b] {
            children[d].push(b);
        }
    }
    let mut out = String::from("dominator tree:\n");
    if n == 0 {
        return out;
    }
    let mut stack = vec![(0usize, 1usize)];
    while let Some((b, depth)) = stack.pop() {
        let _ = writeln!(out, "{}{}", "  ".repeat(depth), report.blocks[b]);
        for &c in children[b].iter().rev() {
            stack.push((c, depth + 1));
        }
    }
    out
}

/// One line per reachable block: `DF(for.body) = {for.cond}`.
pub fn frontiers(report: &FunctionReport) -> String {
    let mut out = String::from("dominance frontiers:\n");
    for b in (0..report.blocks.len()).filter(|&b| report.reachable[b]) {
        let df = list(report, &report.frontiers[b]);
        let df = if df.is_empty() {
            "∅".to_string()
        } else {
            format!("{{{df}}}")
        };
        let _ = writeln!(out, "  DF({}) = {df}", report.blocks[b]);
    }
    out
}

/// Every fact as JSON (Pebble's live-in and DF⁺ for every promotable
/// alloca, whatever LLVM's path).
pub fn json(reports: &[FunctionReport]) -> String {
    let functions = reports.iter().map(function_json).collect();
    let mut text = Json::object(vec![("functions", Json::Array(functions))]).pretty();
    text.push('\n');
    text
}

fn function_json(r: &FunctionReport) -> Json {
    let names = |blocks: &[Block]| Json::strings(blocks.iter().map(|&b| &r.blocks[b]));
    let per_block = |f: &dyn Fn(Block) -> Json| {
        Json::Object(
            (0..r.blocks.len())
                .filter(|&b| r.reachable[b])
                .map(|b| (r.blocks[b].clone(), f(b)))
                .collect(),
        )
    };
    let edges = r
        .cfg
        .edges()
        .map(|(x, y)| Json::strings([&r.blocks[x], &r.blocks[y]]))
        .collect();
    Json::object(vec![
        ("name", Json::str(&r.name)),
        ("blocks", Json::strings(&r.blocks)),
        ("edges", Json::Array(edges)),
        (
            "unreachable",
            Json::strings(blocks_where(r, |b| !r.reachable[b])),
        ),
        (
            "idom",
            per_block(&|b| r.idom[b].map_or(Json::Null, |d| Json::str(&r.blocks[d]))),
        ),
        (
            "dominance_frontiers",
            per_block(&|b| names(&r.frontiers[b])),
        ),
        (
            "allocas",
            Json::Array(r.allocas.iter().map(|a| alloca_json(r, a)).collect()),
        ),
    ])
}

fn alloca_json(r: &FunctionReport, a: &AllocaReport) -> Json {
    let names = |blocks: &[Block]| Json::strings(blocks.iter().map(|&b| &r.blocks[b]));
    let p = match &a.status {
        Status::NotPromotable {
            reason,
            user,
            later,
        } => {
            let mut fields = vec![
                ("name", Json::str(&a.name)),
                ("promotable", Json::Bool(false)),
                ("reason", Json::str(reason)),
                ("instruction", Json::str(user)),
            ];
            if let Some(l) = later {
                fields.extend([
                    ("promoted_in_round", Json::Int(l.round as i64)),
                    ("path", Json::str(path_name(&l.path))),
                    ("path_detail", Json::str(later_text(r, l))),
                    ("phis", names(&l.phis)),
                    ("folded_by_llvm", names(&l.folded)),
                ]);
            }
            return Json::object(fields);
        }
        Status::Promotable(p) => p,
    };
    let stores = p
        .stores
        .iter()
        .map(|s| {
            Json::object(vec![
                ("block", Json::str(&r.blocks[s.block])),
                ("count", Json::Int(s.count as i64)),
            ])
        })
        .collect();
    let loads = p
        .loads
        .iter()
        .map(|l| {
            Json::object(vec![
                ("block", Json::str(&r.blocks[l.block])),
                ("before_store", Json::Int(l.before_store as i64)),
                ("after_store", Json::Int(l.after_store as i64)),
                ("block_has_store", Json::Bool(l.block_has_store)),
            ])
        })
        .collect();
    Json::object(vec![
        ("name", Json::str(&a.name)),
        ("promotable", Json::Bool(true)),
        ("stores", Json::Array(stores)),
        ("loads", Json::Array(loads)),
        ("promoted_in_round", Json::Int(1)),
        ("path", Json::str(path_name(&p.path))),
        ("path_detail", Json::str(path_text(r, p))),
        (
            "stored_value",
            p.stored_value
                .as_ref()
                .map_or(Json::Null, |v| Json::str(&v.label)),
        ),
        ("llvm_computes_placement", Json::Bool(p.path.places_phis())),
        ("live_in", names(&p.live_in)),
        ("idf", names(&p.idf)),
        ("phis", names(&p.phis)),
        ("folded_by_llvm", names(&p.folded)),
    ])
}
