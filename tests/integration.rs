//! Pebble's integration tests, built as one test crate (`autotests =
//! false` in Cargo.toml): each file below was its own test binary, and
//! each binary linked the library and LLVM again, a good part of the
//! suite's `cargo-test` step on a 2-core machine. The files keep their
//! names and paths; `cargo test --test integration <file>::` runs one of
//! them (for example `cargo test --release --test integration
//! wide_int_qemu::`).

mod common;

#[path = "cli_errors.rs"]
mod cli_errors;
#[path = "cli_help_and_drill.rs"]
mod cli_help_and_drill;
#[path = "drill_vs_oracle.rs"]
mod drill_vs_oracle;
#[path = "explain.rs"]
mod explain;
#[path = "explain_vs_compat.rs"]
mod explain_vs_compat;
#[path = "ir_delete.rs"]
mod ir_delete;
#[path = "placement_properties.rs"]
mod placement_properties;
#[path = "plugin_abi.rs"]
mod plugin_abi;
#[path = "wide_int_qemu.rs"]
mod wide_int_qemu;
