//! The passes, one module per pass.

pub mod loop_rotate;
pub mod mem2reg;
pub mod sccp;
pub mod sroa;
pub mod ssa_updater;
