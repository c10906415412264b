//! `pebble explain`'s phi totals are what the pass computes, function by
//! function, on every program of `tests/corpus` and every input of
//! `tests/lit/explain` (where LLVM's folding removes phis, which never
//! happens in the corpus at -O0):
//! * "LLVM's mem2reg keeps K" equals the phis `pebble-mem2reg<compat>`
//!   (LLVM 19's behaviour) adds to the function;
//! * "pebble-mem2reg inserts N" equals the "inserted N phis" of
//!   `pebble-mem2reg<stats>`.
//!
//! Each C program is compiled as users compile for explain (clang 19 -O0
//! -Xclang -disable-O0-optnone -fno-discard-value-names); the pass runs in
//! `opt` from the plugin next to the `pebble` binary under test.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{llvm_bindir, phis_per_function};

/// The plugin built with the `pebble` binary (cargo builds the crate's
/// cdylib next to it).
fn plugin() -> PathBuf {
    let plugin = Path::new(env!("CARGO_BIN_EXE_pebble"))
        .parent()
        .unwrap()
        .join("libpebble.so");
    assert!(plugin.is_file(), "{} not built", plugin.display());
    plugin
}

/// Runs `cmd`, fails the test on a non-zero status; returns (stdout, stderr).
fn run(cmd: &mut Command) -> (String, String) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{cmd:?} failed: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// The files with extension `ext` in `dir` (relative to the repository).
fn files(dir: &str, ext: &str, at_least: usize) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    assert!(
        files.len() >= at_least,
        "inputs missing in {}",
        dir.display()
    );
    files
}

fn compile(c_file: &Path, dir: &Path) -> PathBuf {
    let ll = dir.join(c_file.file_stem().unwrap()).with_extension("ll");
    run(Command::new(llvm_bindir().join("clang"))
        .args([
            "-O0",
            "-Xclang",
            "-disable-O0-optnone",
            "-fno-discard-value-names",
        ])
        .args(["-S", "-emit-llvm", "-w"])
        .arg(c_file)
        .arg("-o")
        .arg(&ll));
    ll
}

/// Phis the pass added to each function that has entry-block allocas.
fn added_phis(
    before: &str,
    after: &str,
    explained: &BTreeMap<String, Totals>,
) -> Vec<(String, usize)> {
    let before = phis_per_function(before);
    let after = phis_per_function(after);
    explained
        .keys()
        .map(|f| (f.clone(), after[f] - before[f]))
        .collect()
}

#[derive(Debug, Default, PartialEq, Eq)]
struct Totals {
    inserted: usize,
    kept: usize,
}

/// "phis: pebble-mem2reg inserts N, LLVM's mem2reg keeps K" per function.
fn explained_totals(table: &str) -> BTreeMap<String, Totals> {
    let mut totals = BTreeMap::new();
    let mut current = String::new();
    for line in table.lines() {
        if let Some(rest) = line.strip_prefix("function ") {
            current = rest.split(':').next().unwrap().to_string();
        } else if let Some(rest) = line.strip_prefix("phis: pebble-mem2reg inserts ") {
            let (n, k) = rest.split_once(", LLVM's mem2reg keeps ").unwrap();
            let totals_line = Totals {
                inserted: n.parse().unwrap(),
                kept: k.trim().parse().unwrap(),
            };
            totals.insert(current.clone(), totals_line);
        }
    }
    totals
}

/// "pebble-mem2reg: @f: promoted A allocas, inserted N phis" per function.
fn stats_inserted(stderr: &str) -> BTreeMap<String, usize> {
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("pebble-mem2reg: "))
        .map(|l| {
            let (f, rest) = l.split_once(": ").unwrap();
            let n = rest.split("inserted ").nth(1).unwrap();
            let n = n.split(' ').next().unwrap().parse().unwrap();
            (f.to_string(), n)
        })
        .collect()
}

#[test]
fn explain_totals_are_the_passes_phis_on_the_corpus() {
    let dir = std::env::temp_dir().join(format!("pebble-explain-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let opt = llvm_bindir().join("opt");
    let load = format!("-load-pass-plugin={}", plugin().display());
    let mut functions_checked = 0;
    let (mut inserted_total, mut kept_total) = (0, 0);
    let compiled = files("tests/corpus", "c", 20)
        .into_iter()
        .map(|c| compile(&c, &dir));
    for ll in compiled.chain(files("tests/lit/explain", "ll", 4)) {
        let name = ll.file_name().unwrap().to_string_lossy().into_owned();
        let before = std::fs::read_to_string(&ll).unwrap();
        let (table, _) = run(Command::new(env!("CARGO_BIN_EXE_pebble"))
            .arg("explain")
            .arg(&ll));
        let explained = explained_totals(&table);
        assert!(!explained.is_empty(), "{name}: no function explained");

        let (compat, _) = run(Command::new(&opt)
            .arg(&load)
            .args(["-passes=pebble-mem2reg<compat>", "-S"])
            .arg(&ll));
        let kept: Vec<(String, usize)> =
            explained.iter().map(|(f, t)| (f.clone(), t.kept)).collect();
        assert_eq!(
            kept,
            added_phis(&before, &compat, &explained),
            "{name}: explain's \"LLVM's mem2reg keeps\" vs the phis pebble-mem2reg<compat> adds"
        );

        let (_, stats) = run(Command::new(&opt)
            .arg(&load)
            .args(["-passes=pebble-mem2reg<stats>", "-disable-output"])
            .arg(&ll));
        let inserted: BTreeMap<String, usize> = explained
            .iter()
            .map(|(f, t)| (f.clone(), t.inserted))
            .collect();
        assert_eq!(
            inserted,
            stats_inserted(&stats),
            "{name}: explain's \"pebble-mem2reg inserts\" vs pebble-mem2reg<stats>"
        );
        functions_checked += explained.len();
        kept_total += explained.values().map(|t| t.kept).sum::<usize>();
        inserted_total += explained.values().map(|t| t.inserted).sum::<usize>();
    }
    // A run that saw no phi, or no folded one, would check little.
    assert!(
        functions_checked >= 50,
        "only {functions_checked} functions"
    );
    assert!(kept_total >= 100, "only {kept_total} phis kept");
    assert!(kept_total < inserted_total, "no phi folded anywhere");
    let _ = std::fs::remove_dir_all(&dir);
}
