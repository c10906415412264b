//! Helpers shared by the integration tests that run LLVM tools.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

/// LLVM 19's bindir, from `PEBBLE_LLVM_CONFIG` (default
/// `/usr/lib/llvm-19/bin/llvm-config`), as the scripts find it.
pub fn llvm_bindir() -> PathBuf {
    let config = std::env::var("PEBBLE_LLVM_CONFIG")
        .unwrap_or_else(|_| "/usr/lib/llvm-19/bin/llvm-config".to_string());
    let out = Command::new(&config)
        .arg("--bindir")
        .output()
        .unwrap_or_else(|e| panic!("{config}: {e}"));
    PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
}

/// Phi instructions per defined function (`@name`) of textual IR.
pub fn phis_per_function(ir: &str) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    let mut current = None;
    for line in ir.lines() {
        if line.starts_with("define ") {
            let name = line.split('@').nth(1).unwrap().split('(').next().unwrap();
            current = Some(format!("@{name}"));
            counts.insert(format!("@{name}"), 0);
        } else if line.contains(" = phi ") {
            *counts.get_mut(current.as_ref().unwrap()).unwrap() += 1;
        }
    }
    counts
}
