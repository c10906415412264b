//! Code generation. `riscv` is the RV64GC back end behind `pebble llc`.

pub mod riscv;

use riscv::regalloc_stats::{self, Stats};

/// Arguments of `pebble llc`.
#[derive(clap::Args, Debug)]
pub struct LlcArgs {
    /// LLVM IR input (.ll or .bc)
    pub input: std::path::PathBuf,
    /// Assembly output
    #[arg(short = 'o')]
    pub output: Option<std::path::PathBuf>,
    /// Optimisation level: 0 allocates by linear scan (fastest compile), 2 by
    /// graph colouring with iterated coalescing (1 and 3 are accepted, as
    /// llc's, and mean 2)
    #[arg(short = 'O', default_value = "2", value_parser = ["0", "1", "2", "3"])]
    pub opt_level: String,
    /// Register allocator (overrides the one -O chooses)
    #[arg(long = "regalloc", value_parser = ["linear-scan", "graph-color"])]
    pub regalloc: Option<String>,
    /// Check every register allocation with the symbolic checker
    /// (always on in debug builds)
    #[arg(long = "verify-regalloc")]
    pub verify_regalloc: bool,
    /// Print per function and in total: copies before and after coalescing,
    /// values spilled, spill loads and stores, callee-saved registers used
    #[arg(long = "regalloc-stats")]
    pub regalloc_stats: bool,
    /// Print graph colouring's simplify/select stack for this function
    /// (the assembly is then written only with -o)
    #[arg(long = "explain-regalloc", value_name = "FUNC")]
    pub explain_regalloc: Option<String>,
    /// With --explain-regalloc: draw the interference graph (Graphviz SVG)
    #[arg(long = "svg", requires = "explain_regalloc")]
    pub svg: Option<std::path::PathBuf>,
    /// With --explain-regalloc: write the Graphviz source of the drawing
    #[arg(long = "dot", requires = "explain_regalloc")]
    pub dot: Option<std::path::PathBuf>,
}

/// Runs `pebble llc`. Failures are reported as `pebble llc: <message>` on
/// stderr with exit status 1 (the message names the function and the
/// instruction); no output file is written then.
pub fn llc_main(args: &LlcArgs) -> Result<(), String> {
    if let Err(e) = compile(args) {
        eprintln!("pebble llc: {e}");
        std::process::exit(1);
    }
    Ok(())
}

/// The allocator the arguments ask for.
fn regalloc(args: &LlcArgs) -> riscv::RegAlloc {
    match (args.regalloc.as_deref(), args.opt_level.as_str()) {
        (Some("linear-scan"), _) | (None, "0") => riscv::RegAlloc::LinearScan,
        _ => riscv::RegAlloc::GraphColor,
    }
}

fn compile(args: &LlcArgs) -> Result<(), String> {
    let opts = riscv::Options {
        verify_regalloc: args.verify_regalloc,
        regalloc: regalloc(args),
        regalloc_stats: args.regalloc_stats,
        explain: args
            .explain_regalloc
            .as_ref()
            .map(|f| f.trim_start_matches('@').to_string()),
    };
    let out = riscv::compile_file(&args.input, &opts)?;
    if let Some(f) = &opts.explain {
        let e = out
            .explained
            .as_ref()
            .ok_or_else(|| format!("{}: no defined function named @{f}", args.input.display()))?;
        print!("{}", e.text);
        if let Some(p) = &args.dot {
            std::fs::write(p, &e.dot).map_err(|err| format!("{}: {err}", p.display()))?;
        }
        if let Some(p) = &args.svg {
            crate::explain::write_svg(&e.dot, p)?;
        }
    }
    if args.regalloc_stats {
        print_stats(&out.stats);
    }
    match &args.output {
        Some(p) if p.as_os_str() != "-" => {
            std::fs::write(p, out.asm).map_err(|e| format!("{}: {e}", p.display()))
        }
        None if opts.explain.is_some() => Ok(()),
        _ => {
            use std::io::Write;
            std::io::stdout()
                .write_all(out.asm.as_bytes())
                .map_err(|e| e.to_string())
        }
    }
}

/// `--regalloc-stats` on stderr: one line per function, then the total.
fn print_stats(stats: &[(String, Stats)]) {
    let mut total = Stats::default();
    for (name, s) in stats {
        eprintln!(
            "pebble llc: @{name}: {s} ({})",
            regalloc_stats::names(&s.callee_saved)
        );
        total.add(s);
    }
    eprintln!("pebble llc: total: {total} ({} functions)", stats.len());
}
