//! Code generation. `riscv` is the RV64GC back end behind `pebble llc`.

pub mod riscv;

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
    /// Check every register allocation with the symbolic checker
    /// (always on in debug builds)
    #[arg(long = "verify-regalloc")]
    pub verify_regalloc: bool,
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

fn compile(args: &LlcArgs) -> Result<(), String> {
    if args.regalloc != "linear-scan" {
        return Err(format!(
            "unsupported register allocator '{}' (available: linear-scan)",
            args.regalloc
        ));
    }
    let opts = riscv::Options {
        verify_regalloc: args.verify_regalloc,
    };
    let asm = riscv::compile_file(&args.input, opts)?;
    match &args.output {
        Some(p) if p.as_os_str() != "-" => {
            std::fs::write(p, asm).map_err(|e| format!("{}: {e}", p.display()))
        }
        _ => {
            use std::io::Write;
            std::io::stdout()
                .write_all(asm.as_bytes())
                .map_err(|e| e.to_string())
        }
    }
}
