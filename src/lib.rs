//! Pebble: SSA construction and repair passes over LLVM 19 IR, written in
//! Rust and loaded into `opt` as a pass plugin, plus a RISC-V back end.
//!
//! Layout (see `../shared/DESIGN.md` §2):
//! * `analysis`: CFG analyses on plain block indices (no LLVM types);
//! * `ir`: the thin layer over the LLVM C API (reading a function into a
//!   `Cfg`, applying rewrites);
//! * `transforms`: the passes, one module per pass;
//! * `passes`: the table of passes and parameters the plugin registers;
//! * `ffi`: the panic-safe `extern "C"` entry points the C++ glue calls.

pub mod analysis;
pub mod codegen;
pub mod drill;
pub mod explain;
pub mod ffi;
pub mod ir;
pub mod oracle;
pub mod passes;
pub mod transforms;
