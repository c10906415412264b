//! `pebble explain` run as users run it, independently of the lit suite:
//! the seed's §3 table on swap.ll row by row, the phi totals against
//! LLVM's own `opt -passes=mem2reg`, the DOT picture, `--function`, and
//! `--svg` (real rendering when Graphviz is installed, the documented error
//! when it is not).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::common::{llvm_bindir, phis_per_function};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn pebble() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pebble"))
}

fn input(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/lit/explain")
        .join(name)
}

fn run_ok(cmd: &mut Command) -> String {
    let out: Output = cmd.output().expect("pebble runs");
    assert!(
        out.status.success(),
        "pebble failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The table rows of the text output, keyed by alloca, cells split at runs
/// of two or more spaces (cells themselves contain single spaces only).
fn rows(table: &str) -> HashMap<String, Vec<String>> {
    table
        .lines()
        .filter(|l| l.starts_with('%'))
        .map(|l| {
            let cells: Vec<String> = l
                .split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(String::from)
                .collect();
            (cells[0].clone(), cells)
        })
        .collect()
}

fn set(cell: &str) -> BTreeSet<String> {
    cell.trim_matches(|c| c == '{' || c == '}')
        .split(", ")
        .map(String::from)
        .collect()
}

#[test]
fn swap_loop_reproduces_the_seeds_table_row_for_row() {
    let out = run_ok(pebble().arg("explain").arg(input("swap.ll")));
    let rows = rows(&out);
    assert_eq!(rows.len(), 5, "five allocas:\n{out}");
    // Columns: alloca, stores, loads, path, live-in, DF+, phis, LLVM folds.
    let n = &rows["%n.addr"];
    assert_eq!(n[1], "entry");
    assert_eq!(n[2], "for.cond");
    assert_eq!(
        n[3],
        "single store, the argument %n is noundef: every load becomes %n"
    );
    assert_eq!(
        (n[4].as_str(), n[5].as_str(), n[6].as_str()),
        ("—", "—", "0")
    );

    let a = &rows["%a"];
    assert_eq!(a[1], "entry, for.body");
    assert_eq!(a[2], "for.body (before its store), for.end");
    assert_eq!(a[3], "general");
    assert_eq!(set(&a[4]), set("for.body, for.cond, for.inc, for.end"));
    assert_eq!(a[5], "{for.cond}");
    assert_eq!(a[6], "1 (for.cond)");

    let b = &rows["%b"];
    assert_eq!(b[1], "entry, for.body");
    assert_eq!(b[2], "for.body (before its store, twice)");
    assert_eq!(b[3], "general");
    assert_eq!(set(&b[4]), set("for.body, for.cond, for.inc"));
    assert_eq!(
        (b[5].as_str(), b[6].as_str()),
        ("{for.cond}", "1 (for.cond)")
    );

    let i = &rows["%i"];
    assert_eq!(i[1], "entry, for.inc");
    assert_eq!(i[2], "for.cond, for.inc (before its store)");
    assert_eq!(i[3], "general");
    assert_eq!(set(&i[4]), set("for.cond, for.inc, for.body"));
    assert_eq!(
        (i[5].as_str(), i[6].as_str()),
        ("{for.cond}", "1 (for.cond)")
    );

    // The seed says "single block"; LLVM 19 tries the single-store path
    // first and it succeeds (one store, the load below it).
    let t = &rows["%t"];
    assert_eq!(t[1], "for.body");
    assert_eq!(t[2], "for.body (after its store)");
    assert!(t[3].starts_with("single store: "), "{}", t[3]);
    assert!(t[3].contains("one block too"), "{}", t[3]);
    assert_eq!(
        (t[4].as_str(), t[5].as_str(), t[6].as_str()),
        ("—", "—", "0")
    );

    assert!(out.contains("phis: pebble-mem2reg inserts 3, LLVM's mem2reg keeps 3"));
}

/// Phi instructions per function in `opt -passes=mem2reg`'s output.
fn llvm_phis_per_function(file: &Path) -> BTreeMap<String, usize> {
    let out = Command::new(llvm_bindir().join("opt"))
        .args(["-passes=mem2reg", "-S"])
        .arg(file)
        .output()
        .expect("opt runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    phis_per_function(&String::from_utf8(out.stdout).unwrap())
}

/// "LLVM's mem2reg keeps K" per function in explain's output.
fn explained_kept_phis(table: &str) -> BTreeMap<String, usize> {
    let mut kept = BTreeMap::new();
    let mut current = String::new();
    for line in table.lines() {
        if let Some(rest) = line.strip_prefix("function ") {
            current = rest.split(':').next().unwrap().to_string();
        } else if let Some((_, k)) = line.split_once("LLVM's mem2reg keeps ") {
            kept.insert(current.clone(), k.trim().parse().unwrap());
        }
    }
    kept
}

#[test]
fn phis_llvm_keeps_match_opt_function_by_function() {
    for name in ["swap.ll", "cases.ll", "later-round.ll", "paths.ll"] {
        let file = input(name);
        let out = run_ok(pebble().arg("explain").arg(&file));
        let explained = explained_kept_phis(&out);
        let llvm = llvm_phis_per_function(&file);
        assert!(!llvm.is_empty());
        assert_eq!(
            explained, llvm,
            "{name}: explain's kept phis vs opt -passes=mem2reg"
        );
    }
}

#[test]
fn function_filter_selects_one_function_and_rejects_unknown_names() {
    let out = run_ok(
        pebble()
            .args(["explain", "--function", "same"])
            .arg(input("cases.ll")),
    );
    assert_eq!(out.matches("function @").count(), 1);
    assert!(out.starts_with("function @same:"));
    let bad = pebble()
        .args(["explain", "--function", "nope"])
        .arg(input("cases.ll"))
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("no defined function named @nope"));
}

#[test]
fn markdown_and_json_carry_the_same_rows() {
    let md = run_ok(
        pebble()
            .args(["explain", "--format", "markdown"])
            .arg(input("swap.ll")),
    );
    assert!(
        md.contains("| %a | entry, for.body | for.body (before its store), for.end | general |")
    );
    let json = run_ok(
        pebble()
            .args(["explain", "--format", "json"])
            .arg(input("swap.ll")),
    );
    // Pebble computes live-in for the fast-path %n.addr too; JSON shows it.
    assert!(json.contains("\"live_in\": [\"for.cond\", \"for.body\", \"for.inc\"]"));
    assert!(json.contains("\"path\": \"single store\""));
}

fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pebble-explain-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn dot_marks_j_edges_and_dominator_edges() {
    let dot = temp_path("swap.dot");
    run_ok(
        pebble()
            .arg("explain")
            .arg(input("swap.ll"))
            .arg("--dot")
            .arg(&dot),
    );
    let text = std::fs::read_to_string(&dot).unwrap();
    // for.inc (3) -> for.cond (1) is the only J-edge of the swap loop.
    assert!(text.contains("f0_b3 -> f0_b1 [color=red, fontcolor=red, label=\"J\"]"));
    assert_eq!(text.matches("label=\"J\"").count(), 1);
    // Four dominator-tree edges, drawn dashed.
    assert_eq!(text.matches("style=dashed").count(), 4);
    assert!(text.contains("for.cond\\lDF: {for.cond}\\lphis: %a, %b, %i\\l"));
}

fn graphviz_installed() -> bool {
    Command::new("dot").arg("-V").output().is_ok()
}

#[test]
fn svg_renders_with_graphviz_or_says_it_is_missing() {
    let svg = temp_path("swap.svg");
    let out = pebble()
        .arg("explain")
        .arg(input("swap.ll"))
        .arg("--svg")
        .arg(&svg)
        .output()
        .unwrap();
    if graphviz_installed() {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.contains("<svg") && text.contains("for.cond"));
    } else {
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("needs Graphviz"));
    }
}
