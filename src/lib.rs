//! Pebble: SSA construction and repair passes over LLVM 19 or 22 IR,
//! written in Rust and loaded into `opt` as a pass plugin, plus a RISC-V
//! back end.
//!
//! The LLVM version is a Cargo feature, `llvm19` (default) or `llvm22`,
//! exactly one. It selects the llvm-sys crate, named `llvm_sys` here for
//! the whole crate; the C API calls that differ between the two versions
//! are in `ir::version`, the C++ differences in the glue's
//! `LLVM_VERSION_MAJOR` blocks.
//!
//! Layout (see `../shared/DESIGN.md` §2):
//! * `analysis`: CFG analyses on plain block indices (no LLVM types);
//! * `ir`: the thin layer over the LLVM C API (reading a function into a
//!   `Cfg`, applying rewrites);
//! * `transforms`: the passes, one module per pass;
//! * `passes`: the table of passes and parameters the plugin registers;
//! * `ffi`: the panic-safe `extern "C"` entry points the C++ glue calls.

#[cfg(all(feature = "llvm19", feature = "llvm22"))]
compile_error!(
    "features `llvm19` and `llvm22` are exclusive: for LLVM 22 build with \
     `--no-default-features --features llvm22`"
);
#[cfg(not(any(feature = "llvm19", feature = "llvm22")))]
compile_error!("choose an LLVM version: `--features llvm19` or `--features llvm22`");

#[cfg(feature = "llvm19")]
pub extern crate llvm_sys_191 as llvm_sys;
#[cfg(all(feature = "llvm22", not(feature = "llvm19")))]
pub extern crate llvm_sys_221 as llvm_sys;

pub mod analysis;
pub mod apint;
pub mod codegen;
pub mod drill;
pub mod explain;
pub mod ffi;
pub mod ir;
pub mod oracle;
pub mod passes;
pub mod transforms;
