//! The RV64GC back end behind `pebble llc`.
//!
//! Pipeline, one phase per module:
//! 0. `target_check`: the input is rv64/lp64d IR that verifies, or it is
//!    refused before anything is lowered;
//! 1. `isel`: LLVM IR → machine IR over virtual registers (`mir`), with
//!    phis turned into edge copies by `out_of_ssa`;
//! 2. register allocation, one of: `liveness` + `linear_scan` (live
//!    intervals, Poletto–Sarkar, `-O0`) or `graph_color` (iterated register
//!    coalescing, George–Appel, `-O2`), both ending in the same `PInst`
//!    form; `regalloc_stats` counts what either one cost;
//! 3. `checker` (when asked): symbolic verification of the allocation;
//! 4. `layout`: jump threading and the block order;
//! 5. `emit` (+ `data` for globals, `switch_plan` for switches): frame
//!    layout, ABI moves, assembly.

pub mod abi;
pub mod atomic_seq;
pub mod checker;
pub mod const_expr;
pub mod data;
pub mod emit;
pub mod graph_color;
pub mod isel;
pub mod layout;
pub mod linear_scan;
pub mod liveness;
pub mod mir;
pub mod out_of_ssa;
pub mod regalloc_stats;
pub mod switch_plan;
pub mod target_check;

use std::collections::HashSet;
use std::ffi::{CStr, CString};

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::LLVMGetModuleDataLayout;

use crate::ir;

/// The register allocator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RegAlloc {
    #[default]
    LinearScan,
    GraphColor,
}

/// Options of one compilation.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Run the allocation checker on every function.
    pub verify_regalloc: bool,
    pub regalloc: RegAlloc,
    /// Count copies, spills and callee-saved registers per function.
    pub regalloc_stats: bool,
    /// Record graph colouring's rounds for this function (the picture).
    pub explain: Option<String>,
}

/// What a compilation produced besides the assembly.
#[derive(Default)]
pub struct Compiled {
    pub asm: String,
    /// Per function (with `regalloc_stats`): name and statistics.
    pub stats: Vec<(String, regalloc_stats::Stats)>,
    /// With `explain`: the trace text and the Graphviz drawing.
    pub explained: Option<graph_color::explain::Explained>,
}

/// Compiles the IR file at `path` to assembly text.
pub fn compile_file(path: &std::path::Path, opts: &Options) -> Result<Compiled, String> {
    // SAFETY: the context, buffer and module are created, used and disposed
    // here; nothing escapes.
    unsafe {
        let ctx = LLVMContextCreate();
        let result = parse(ctx, path).and_then(|m| {
            let r = target_check::check(m).and_then(|()| compile_module(m, opts));
            LLVMDisposeModule(m);
            r
        });
        LLVMContextDispose(ctx);
        result
    }
}

unsafe fn parse(ctx: LLVMContextRef, path: &std::path::Path) -> Result<LLVMModuleRef, String> {
    let cpath = CString::new(path.to_string_lossy().as_bytes()).map_err(|e| e.to_string())?;
    let mut buf = std::ptr::null_mut();
    let mut msg = std::ptr::null_mut();
    if LLVMCreateMemoryBufferWithContentsOfFile(cpath.as_ptr(), &mut buf, &mut msg) != 0 {
        let m = CStr::from_ptr(msg).to_string_lossy().into_owned();
        LLVMDisposeMessage(msg);
        return Err(format!("{}: {m}", path.display()));
    }
    ir::version::parse_ir(ctx, buf).map_err(|m| format!("{}: {m}", path.display()))
}

/// Gives every unnamed global value a name, so that definitions and uses
/// agree on a symbol.
unsafe fn name_anonymous(module: LLVMModuleRef) {
    let mut n = 0;
    let mut fix = |v: LLVMValueRef| {
        if ir::name(v).is_empty() {
            ir::set_name(v, &format!("__pebble_anon_{n}"));
            n += 1;
        }
    };
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        fix(f);
        f = LLVMGetNextFunction(f);
    }
    let mut g = LLVMGetFirstGlobal(module);
    while !g.is_null() {
        fix(g);
        g = LLVMGetNextGlobal(g);
    }
}

unsafe fn compile_module(module: LLVMModuleRef, opts: &Options) -> Result<Compiled, String> {
    name_anonymous(module);
    let td = LLVMGetModuleDataLayout(module);
    let mut defined: HashSet<String> = HashSet::new();
    let mut functions = Vec::new();
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        if LLVMCountBasicBlocks(f) > 0 {
            defined.insert(ir::name(f));
            functions.push(f);
        }
        f = LLVMGetNextFunction(f);
    }
    let mut g = LLVMGetFirstGlobal(module);
    while !g.is_null() {
        if LLVMIsDeclaration(g) == 0 {
            defined.insert(ir::name(g));
        }
        g = LLVMGetNextGlobal(g);
    }
    let mut a = LLVMGetFirstGlobalAlias(module);
    while !a.is_null() {
        defined.insert(ir::name(a));
        a = LLVMGetNextGlobalAlias(a);
    }
    let mut out = Compiled::default();
    // (`.L` labels are local: block addresses.)
    let is_defined = |s: &str| s.starts_with(".L") || defined.contains(s);
    for (k, &func) in functions.iter().enumerate() {
        let mut mf = isel::lower_function(td, func)?;
        if opts.explain.as_deref() == Some(mf.name.as_str()) {
            out.explained = Some(graph_color::explain::explain(&mf)?);
        }
        let (mut code, spill_slots) = allocate(&mf, opts.regalloc)?;
        if opts.verify_regalloc || cfg!(debug_assertions) {
            checker::check(&mf, &code, spill_slots)?;
        }
        if opts.regalloc_stats {
            let s = regalloc_stats::Stats::of(&code, spill_slots);
            out.stats.push((mf.name.clone(), s));
        }
        checker::check_early_clobbers(&mf, &code)?;
        let address_taken: Vec<usize> = mf.block_labels.iter().map(|l| l.0).collect();
        let order = layout::layout(&mut code, &address_taken);
        // emit_function writes `.globl` for global functions; weak ones get
        // `.weak` instead (and either may add a visibility).
        let binding = data::symbol_binding(func);
        let globl = format!("\t.globl {}\n", emit::sym(&mf.name));
        match binding.strip_prefix(&globl) {
            Some(rest) => out.asm.push_str(rest),
            None => {
                mf.global = false;
                out.asm.push_str(&binding);
            }
        }
        emit::emit_function(
            &mut out.asm,
            &mf,
            &code,
            &order,
            spill_slots,
            &format!(".LBB{k}"),
            &is_defined,
        );
    }
    data::emit_globals(&mut out.asm, module, td)?;
    out.asm
        .push_str("\t.section .note.GNU-stack,\"\",@progbits\n");
    Ok(out)
}

/// Allocates registers with the chosen allocator: the function in physical
/// form and its number of spill slots.
pub fn allocate(
    mf: &mir::MFunction,
    regalloc: RegAlloc,
) -> Result<(Vec<Vec<linear_scan::PInst>>, u32), String> {
    Ok(match regalloc {
        RegAlloc::LinearScan => {
            let a = linear_scan::allocate(mf);
            (linear_scan::rewrite(mf, &a), a.spill_slots)
        }
        RegAlloc::GraphColor => {
            let a = graph_color::allocate(mf)?;
            (graph_color::rewrite(mf, &a), a.spill_slots)
        }
    })
}

/// Every refusal in the IR file at `path`, one message per refused
/// function (and one for the globals), where `compile_file` stops at the
/// first: what `examples/llc_survey.rs` counts to find what blocks a real
/// program.
pub fn survey_file(path: &std::path::Path) -> Result<Vec<String>, String> {
    // SAFETY: as in `compile_file`: everything created here is disposed here.
    unsafe {
        let ctx = LLVMContextCreate();
        let result = parse(ctx, path).map(|m| {
            let r = survey_module(m);
            LLVMDisposeModule(m);
            r
        });
        LLVMContextDispose(ctx);
        result
    }
}

unsafe fn survey_module(module: LLVMModuleRef) -> Vec<String> {
    name_anonymous(module);
    let td = LLVMGetModuleDataLayout(module);
    let mut refusals = Vec::new();
    if !LLVMGetFirstGlobalAlias(module).is_null() {
        refusals.push("unsupported: global aliases".into());
    }
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        if LLVMCountBasicBlocks(f) > 0 {
            if let Err(e) = isel::lower_function(td, f) {
                refusals.push(e);
            }
        }
        f = LLVMGetNextFunction(f);
    }
    if let Err(e) = data::emit_globals(&mut String::new(), module, td) {
        refusals.push(e);
    }
    refusals
}
