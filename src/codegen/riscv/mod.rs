//! The RV64GC back end behind `pebble llc`.
//!
//! Pipeline, one phase per module:
//! 1. `isel`: LLVM IR → machine IR over virtual registers (`mir`), with
//!    phis turned into edge copies by `out_of_ssa`;
//! 2. `liveness` + `linear_scan`: live intervals, Poletto–Sarkar
//!    allocation, spill-code rewrite;
//! 3. `checker` (when asked): symbolic verification of the allocation;
//! 4. `emit` (+ `data` for globals): frame layout, ABI moves, assembly.

pub mod abi;
pub mod atomic_seq;
pub mod checker;
pub mod const_expr;
pub mod data;
pub mod emit;
pub mod isel;
pub mod linear_scan;
pub mod liveness;
pub mod mir;
pub mod out_of_ssa;

use std::collections::HashSet;
use std::ffi::{CStr, CString};

use llvm_sys::core::*;
use llvm_sys::ir_reader::LLVMParseIRInContext;
use llvm_sys::prelude::*;
use llvm_sys::target::LLVMGetModuleDataLayout;

use crate::ir;

/// Options of one compilation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Run the allocation checker on every function.
    pub verify_regalloc: bool,
}

/// Compiles the IR file at `path` to assembly text.
pub fn compile_file(path: &std::path::Path, opts: Options) -> Result<String, String> {
    // SAFETY: the context, buffer and module are created, used and disposed
    // here; nothing escapes.
    unsafe {
        let ctx = LLVMContextCreate();
        let result = parse(ctx, path).and_then(|m| {
            let r = compile_module(m, opts);
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
    let mut module = std::ptr::null_mut();
    if LLVMParseIRInContext(ctx, buf, &mut module, &mut msg) != 0 {
        let m = CStr::from_ptr(msg).to_string_lossy().into_owned();
        LLVMDisposeMessage(msg);
        return Err(format!("{}: {m}", path.display()));
    }
    Ok(module)
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

unsafe fn compile_module(module: LLVMModuleRef, opts: Options) -> Result<String, String> {
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
    let mut out = String::new();
    // (`.L` labels are local: block addresses.)
    let is_defined = |s: &str| s.starts_with(".L") || defined.contains(s);
    for (k, &func) in functions.iter().enumerate() {
        let mut mf = isel::lower_function(td, func)?;
        let alloc = linear_scan::allocate(&mf);
        let code = linear_scan::rewrite(&mf, &alloc);
        if opts.verify_regalloc || cfg!(debug_assertions) {
            checker::check(&mf, &code, alloc.spill_slots)?;
        }
        checker::check_early_clobbers(&mf, &code)?;
        // emit_function writes `.globl` for global functions; weak ones get
        // `.weak` instead (and either may add a visibility).
        let binding = data::symbol_binding(func);
        let globl = format!("\t.globl {}\n", emit::sym(&mf.name));
        match binding.strip_prefix(&globl) {
            Some(rest) => out.push_str(rest),
            None => {
                mf.global = false;
                out.push_str(&binding);
            }
        }
        emit::emit_function(
            &mut out,
            &mf,
            &code,
            alloc.spill_slots,
            &format!(".LBB{k}"),
            &is_defined,
        );
    }
    data::emit_globals(&mut out, module, td)?;
    out.push_str("\t.section .note.GNU-stack,\"\",@progbits\n");
    Ok(out)
}
