//! The passes, one module per pass.

pub mod mem2reg;
pub mod sccp;
pub mod sroa;
