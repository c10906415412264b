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
    keep_freed_memory();
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

/// Tells glibc's `malloc` not to give freed memory back to the system
/// (`M_TRIM_THRESHOLD` at its largest). Graph colouring builds and drops
/// its interference graph once per round, and on a large function every
/// round's tables were returned at the top of the heap and faulted in
/// again, page by page: `pebble llc` on `irreducible_vars(4000, 20)`
/// (scripts/lib/gen_ir.py, after mem2reg; 15 rounds) spent 3.1 s of
/// system time, 0.3 s with this, the same user time; SQLite's amalgamation
/// is unchanged (0.1 s). The process is short-lived, so the memory it
/// keeps is given back at exit. Only this binary does it: the plugin runs
/// inside `opt`, whose allocator is not ours to tune.
fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        const M_TRIM_THRESHOLD: i32 = -1;
        extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        // SAFETY: `mallopt` only sets a parameter of the allocator, before
        // this program has allocated anything that depends on it; a value
        // it rejects leaves the default in place (it then returns 0).
        unsafe {
            mallopt(M_TRIM_THRESHOLD, i32::MAX);
        }
    }
}
