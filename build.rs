//! Compiles the C++ glue in `plugin/` against LLVM 19.
//!
//! LLVM is found through `PEBBLE_LLVM_CONFIG` (default
//! `/usr/lib/llvm-19/bin/llvm-config`): on Debian 12 the unversioned
//! `llvm-config` is LLVM 14.

use std::process::Command;

fn llvm_config(args: &[&str]) -> String {
    let tool = std::env::var("PEBBLE_LLVM_CONFIG")
        .unwrap_or_else(|_| "/usr/lib/llvm-19/bin/llvm-config".to_string());
    let out = Command::new(&tool).args(args).output().unwrap_or_else(|e| {
        panic!("cannot run {tool}: {e}; install llvm-19-dev or set PEBBLE_LLVM_CONFIG")
    });
    assert!(out.status.success(), "{tool} {args:?} failed");
    String::from_utf8(out.stdout).expect("llvm-config prints UTF-8")
}

fn main() {
    println!("cargo:rerun-if-changed=plugin/pebble_plugin.cpp");
    println!("cargo:rerun-if-env-changed=PEBBLE_LLVM_CONFIG");
    let version = llvm_config(&["--version"]);
    assert!(
        version.trim().starts_with("19."),
        "Pebble needs LLVM 19, found {}",
        version.trim()
    );
    let mut build = cc::Build::new();
    build.cpp(true).file("plugin/pebble_plugin.cpp");
    for flag in llvm_config(&["--cxxflags"]).split_whitespace() {
        build.flag(flag);
    }
    build.flag_if_supported("-Wno-unused-parameter");
    build.compile("pebble_plugin");
    let libdir = llvm_config(&["--libdir"]);
    // The `pebble` binary and the tests load libLLVM at run time.
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", libdir.trim());
}
