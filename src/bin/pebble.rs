//! The `pebble` command line: `llc`, `explain`, `drill`.

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "pebble",
    version,
    about = concat!(
        "Pebble: SSA passes for LLVM ",
        env!("PEBBLE_LLVM_MAJOR"),
        " (the LLVM this build is for) and a RISC-V back end"
    )
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Lower LLVM IR to RV64GC assembly
    Llc(pebble::codegen::LlcArgs),
    /// Show what mem2reg computes for each alloca of real IR
    Explain(pebble::explain::ExplainArgs),
    /// Exercises on random CFGs (phi placement)
    Drill(pebble::drill::DrillArgs),
}

fn main() {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Llc(args) => pebble::codegen::llc_main(args),
        Command::Explain(args) => pebble::explain::explain_main(args),
        Command::Drill(args) => pebble::drill::drill_main(args),
    };
    if let Err(message) = result {
        eprintln!("pebble: error: {message}");
        std::process::exit(1);
    }
}
