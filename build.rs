//! Compiles the C++ glue in `plugin/` against the LLVM the crate is built
//! for: LLVM 19 with the `llvm19` feature (default), LLVM 22 with `llvm22`.
//!
//! The `llvm-config` used is `PEBBLE_LLVM_CONFIG` when set, else
//! `$LLVM_SYS_191_PREFIX/bin/llvm-config` (`LLVM_SYS_221_PREFIX` for 22, the
//! variable llvm-sys itself reads; `.cargo/config.toml` sets both), else
//! `/usr/lib/llvm-<major>/bin/llvm-config`: on Debian 12 the unversioned
//! `llvm-config` is LLVM 14. A version that does not match the feature is
//! refused with a message saying how to fix it, since the glue and llvm-sys
//! would otherwise see two different LLVMs.
//!
//! For the crate's code (tests, the CLI) it exports `PEBBLE_LLVM_BINDIR`
//! (the bindir of that LLVM) and `PEBBLE_LLVM_MAJOR`.

use std::process::Command;

/// The LLVM the enabled feature selects: (major version, llvm-sys prefix
/// variable, feature name).
fn selected_llvm() -> (u32, &'static str, &'static str) {
    let llvm19 = std::env::var_os("CARGO_FEATURE_LLVM19").is_some();
    let llvm22 = std::env::var_os("CARGO_FEATURE_LLVM22").is_some();
    match (llvm19, llvm22) {
        (true, false) => (19, "LLVM_SYS_191_PREFIX", "llvm19"),
        (false, true) => (22, "LLVM_SYS_221_PREFIX", "llvm22"),
        // src/lib.rs reports the feature error with a compile_error!; the
        // build script only needs not to fail first with a worse message.
        _ => (19, "LLVM_SYS_191_PREFIX", "llvm19"),
    }
}

fn llvm_config_path(major: u32, prefix_var: &str) -> String {
    if let Ok(tool) = std::env::var("PEBBLE_LLVM_CONFIG") {
        return tool;
    }
    match std::env::var(prefix_var) {
        Ok(prefix) => format!("{prefix}/bin/llvm-config"),
        Err(_) => format!("/usr/lib/llvm-{major}/bin/llvm-config"),
    }
}

fn llvm_config(tool: &str, major: u32, args: &[&str]) -> String {
    let out = Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!(
            "cannot run {tool}: {e}; install llvm-{major}-dev (scripts/setup) \
             or set PEBBLE_LLVM_CONFIG to LLVM {major}'s llvm-config"
        )
    });
    assert!(out.status.success(), "{tool} {args:?} failed");
    String::from_utf8(out.stdout).expect("llvm-config prints UTF-8")
}

fn main() {
    println!("cargo:rerun-if-changed=plugin/pebble_plugin.cpp");
    println!("cargo:rerun-if-env-changed=PEBBLE_LLVM_CONFIG");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_191_PREFIX");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    let (major, prefix_var, feature) = selected_llvm();
    let tool = llvm_config_path(major, prefix_var);
    let version = llvm_config(&tool, major, &["--version"]);
    let version = version.trim();
    if version.split('.').next() != Some(major.to_string().as_str()) {
        let other = if major == 19 {
            "`--no-default-features --features llvm22`"
        } else {
            "the default feature `llvm19`"
        };
        panic!(
            "{tool} is LLVM {version}, but the crate is built with feature `{feature}` \
             (LLVM {major}). Either point PEBBLE_LLVM_CONFIG at LLVM {major}'s llvm-config \
             (/usr/lib/llvm-{major}/bin/llvm-config), or build for that LLVM with {other}."
        );
    }
    let mut build = cc::Build::new();
    build.cpp(true).file("plugin/pebble_plugin.cpp");
    for flag in llvm_config(&tool, major, &["--cxxflags"]).split_whitespace() {
        build.flag(flag);
    }
    build.flag_if_supported("-Wno-unused-parameter");
    build.compile("pebble_plugin");
    let libdir = llvm_config(&tool, major, &["--libdir"]);
    let bindir = llvm_config(&tool, major, &["--bindir"]);
    // The `pebble` binary and the tests load libLLVM at run time.
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", libdir.trim());
    println!("cargo:rustc-env=PEBBLE_LLVM_BINDIR={}", bindir.trim());
    println!("cargo:rustc-env=PEBBLE_LLVM_MAJOR={major}");
}
