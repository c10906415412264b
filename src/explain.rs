//! `pebble explain`: the mem2reg facts of real IR. (Not implemented yet.)

#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// LLVM IR input
    pub input: std::path::PathBuf,
}

pub fn explain_main(_args: &ExplainArgs) -> Result<(), String> {
    Err("pebble explain is not implemented yet".to_string())
}
