//! Analyses over the plain CFG of `cfg::Cfg`: no LLVM types, so each one is
//! unit- and property-tested on synthetic graphs.

pub mod bitset;
pub mod cfg;
pub mod dominators;
pub mod frontier;
pub mod lists;
pub mod liveness;
pub mod loops;
pub mod stamps;
