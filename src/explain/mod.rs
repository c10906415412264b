//! `pebble explain`: what mem2reg computes for each alloca of real IR.
//!
//! For every defined function and every entry-block alloca: promotable or
//! not (and the instruction that prevents it), stores (D), loads, the path
//! LLVM 19 takes, live-in blocks (Algorithm 16.4.2), DF⁺(D), the pruned
//! phis and the phis LLVM's folding removes; then the dominator tree and
//! the dominance frontiers. It is the seed's §3 table ("mem2reg on the swap
//! loop", `../shared/seeds/001_*.txt`) for any input.
//!
//! What users see is what the pass computes: the facts come from the same
//! `analysis::*` code, `mem2reg::promotable::check` and the pass's own
//! `Round::summarise_accesses`; the phis, the path and the folded phis are
//! what `pebble-mem2reg` (default mode, for the phis) and
//! `pebble-mem2reg<compat>` (LLVM 19's behaviour: path and folding) record
//! while promoting the function (`mem2reg::record`). Nothing of LLVM's
//! decisions is re-derived here.
//!
//! Layout: `module` (parsing), `names` (labels as the IR prints them),
//! `collect` (the LLVM side), `poison` (the words for why a value cannot be
//! poison), `report` (plain data), `render` and `json` (text, Markdown,
//! JSON), `dot` (Graphviz).

mod collect;
pub mod dot;
mod json;
mod module;
mod names;
mod poison;
pub mod render;
pub mod report;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use module::OwnedModule;
use report::FunctionReport;

/// Output format of the table.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Aligned text columns, then the dominator tree and frontiers.
    #[default]
    Table,
    /// Every fact, including Pebble's live-in and DF⁺ for fast-path allocas.
    Json,
    /// A Markdown table per function (for documentation).
    Markdown,
}

/// The command line of `pebble explain` (its one-line help is the doc
/// comment of the `Explain` variant in `src/bin/pebble.rs`).
#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// LLVM IR input (.ll text or .bc bitcode); it must verify. The help
    /// names the clang of the LLVM this build is for.
    #[arg(help = concat!(
        "LLVM IR input (.ll text or .bc bitcode); it must verify. From C: clang-",
        env!("PEBBLE_LLVM_MAJOR"),
        " -O0 -Xclang -disable-O0-optnone -fno-discard-value-names -S -emit-llvm x.c -o x.ll"
    ))]
    pub input: PathBuf,

    /// Explain only the function with this name (without the `@`)
    #[arg(long, value_name = "NAME")]
    pub function: Option<String>,

    /// How to print the facts: `table` (text), `json` (every fact), `markdown`
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,

    /// Also write the CFG as Graphviz DOT to this file: dominator-tree edges
    /// dashed blue, J-edges red, each block with its DF and phis
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,

    /// Also render that picture as SVG to this file (needs Graphviz's `dot`
    /// on PATH: apt-get install graphviz)
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

pub fn explain_main(args: &ExplainArgs) -> Result<(), String> {
    let reports = explain_file(args)?;
    let text = match args.format {
        Format::Table => reports
            .iter()
            .map(render::table)
            .collect::<Vec<_>>()
            .join("\n"),
        Format::Markdown => reports
            .iter()
            .map(render::markdown)
            .collect::<Vec<_>>()
            .join("\n"),
        Format::Json => render::json(&reports),
    };
    print!("{text}");
    let picture = dot::dot(&reports);
    if let Some(path) = &args.dot {
        std::fs::write(path, &picture).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if let Some(path) = &args.svg {
        write_svg(&picture, path)?;
    }
    Ok(())
}

/// Parses the input and explains the selected functions. The input is
/// parsed twice: the pass runs in its default mode on one copy and in
/// compat mode on the other (`collect`).
pub fn explain_file(args: &ExplainArgs) -> Result<Vec<FunctionReport>, String> {
    let module = OwnedModule::parse_file(&args.input)?;
    let compat_copy = OwnedModule::parse_file(&args.input)?;
    let mut functions: Vec<_> = module
        .defined_functions()
        .into_iter()
        .zip(compat_copy.defined_functions())
        .collect();
    if let Some(wanted) = &args.function {
        let wanted = wanted.trim_start_matches('@');
        // SAFETY: the functions belong to `module`, alive here.
        functions.retain(|&(f, _)| unsafe { crate::ir::name(f) } == wanted);
        if functions.is_empty() {
            return Err(format!(
                "{}: no defined function named @{wanted}",
                args.input.display()
            ));
        }
    }
    functions
        .into_iter()
        // SAFETY: each pair is one defined function of the two parses of
        // the verified input, both owned here; functions are explained one
        // after the other.
        .map(|(f, copy)| unsafe { collect::explain_function(f, copy) })
        .collect()
}

/// Runs Graphviz `dot -Tsvg`.
pub fn write_svg(picture: &str, path: &std::path::Path) -> Result<(), String> {
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .arg("-o")
        .arg(path)
        .stdin(Stdio::piped())
        .spawn()
        .map_err(|e| {
            format!(
                "--svg needs Graphviz's `dot` on PATH ({e}); install it (apt-get install graphviz) \
                 or use --dot FILE and render it elsewhere"
            )
        })?;
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(picture.as_bytes())
        .map_err(|e| format!("writing to dot: {e}"))?;
    let status = child.wait().map_err(|e| format!("waiting for dot: {e}"))?;
    if !status.success() {
        return Err(format!("dot -Tsvg failed ({status})"));
    }
    Ok(())
}
