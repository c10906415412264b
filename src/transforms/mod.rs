//! The passes, one module per pass.

pub mod loop_rotate;
pub mod mem2reg;
pub mod ssa_updater;
