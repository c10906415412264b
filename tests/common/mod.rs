//! Helpers shared by the integration tests that run LLVM tools.

use std::collections::BTreeMap;
use std::path::PathBuf;

/// The bindir of the LLVM the crate was built for (build.rs exports it:
/// LLVM 19 or 22 by the Cargo feature), so the tests run the `opt` that can
/// load the plugin they test.
pub fn llvm_bindir() -> PathBuf {
    PathBuf::from(env!("PEBBLE_LLVM_BINDIR"))
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
