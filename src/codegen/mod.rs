//! Code generation. `riscv` is the RV64GC back end behind `pebble llc`.
//! (Not implemented yet: see the `pebble llc` issue.)

/// Arguments of `pebble llc`.
#[derive(clap::Args, Debug)]
pub struct LlcArgs {
    /// LLVM IR input (.ll or .bc)
    pub input: std::path::PathBuf,
    /// Assembly output
    #[arg(short = 'o')]
    pub output: Option<std::path::PathBuf>,
    /// Register allocator
    #[arg(long = "regalloc", default_value = "linear-scan")]
    pub regalloc: String,
}

pub fn llc_main(_args: &LlcArgs) -> Result<(), String> {
    Err("pebble llc is not implemented yet".to_string())
}
