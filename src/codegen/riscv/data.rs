//! Global variables: their initialisers serialised to bytes plus
//! relocations, emitted as `.data`, `.rodata` or `.bss` (GNU `as`).
//!
//! Layout comes from the module's data layout (`LLVMABISizeOfType`,
//! `LLVMOffsetOfElement`), so struct padding matches what the C compiler of
//! the other translation units expects. Integer and pointer fields that are
//! constant expressions become `.quad`/`.word`/`.half`/`.byte` of a
//! relocatable expression (`const_expr`). Thread-local variables go to
//! `.tdata`/`.tbss`; global aliases become `.set`; `llvm.global_ctors` and
//! `llvm.global_dtors` become `.init_array`/`.fini_array` entries. Symbol
//! binding and visibility (`symbol_binding`) follow LLVM's
//! `AsmPrinter::emitLinkage` and `emitVisibility`: external → `.globl`,
//! weak/linkonce/common and `extern_weak` declarations → `.weak`,
//! hidden/protected visibility → `.hidden`/`.protected`.

use std::fmt::Write;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMLinkage, LLVMTypeKind};

use super::const_expr::{self, Reloc};
use super::emit::sym;
use super::isel::constant_words;
use crate::ir;

struct Image {
    bytes: Vec<u8>,
    /// (offset, size in bytes, value) of relocatable fields
    relocs: Vec<(usize, usize, Reloc)>,
}

/// `.globl`/`.weak` and `.hidden`/`.protected` lines for the global value
/// `v` (none for internal and private symbols).
///
/// # Safety
/// `v` is a live global value.
pub unsafe fn symbol_binding(v: LLVMValueRef) -> String {
    use llvm_sys::LLVMVisibility::*;
    let s = sym(&ir::name(v));
    let mut out = String::new();
    match LLVMGetLinkage(v) {
        LLVMLinkage::LLVMInternalLinkage | LLVMLinkage::LLVMPrivateLinkage => return out,
        LLVMLinkage::LLVMExternalLinkage if LLVMIsDeclaration(v) != 0 => {}
        LLVMLinkage::LLVMExternalLinkage | LLVMLinkage::LLVMCommonLinkage => {
            let _ = writeln!(out, "\t.globl {s}");
        }
        _ => {
            let _ = writeln!(out, "\t.weak {s}");
        }
    }
    match LLVMGetVisibility(v) {
        LLVMHiddenVisibility => {
            let _ = writeln!(out, "\t.hidden {s}");
        }
        LLVMProtectedVisibility => {
            let _ = writeln!(out, "\t.protected {s}");
        }
        LLVMDefaultVisibility => {}
    }
    out
}

unsafe fn write(
    td: LLVMTargetDataRef,
    c: LLVMValueRef,
    at: usize,
    img: &mut Image,
) -> Result<(), ()> {
    let ty = LLVMTypeOf(c);
    if LLVMIsNull(c) != 0 || LLVMIsUndef(c) != 0 || LLVMIsPoison(c) != 0 {
        return Ok(());
    }
    if !LLVMIsAConstantInt(c).is_null() {
        let n = LLVMABISizeOfType(td, ty) as usize;
        if LLVMGetIntTypeWidth(ty) > 64 {
            // Wide: its words, little-endian, then zero padding.
            let bytes: Vec<u8> = constant_words(c)
                .ok_or(())?
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect();
            let store = (LLVMGetIntTypeWidth(ty).div_ceil(8) as usize).min(n);
            img.bytes[at..at + store].copy_from_slice(&bytes[..store]);
            return Ok(());
        }
        let v = LLVMConstIntGetZExtValue(c);
        img.bytes[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
        return Ok(());
    }
    if !LLVMIsAConstantFP(c).is_null() {
        let mut lossy = 0;
        let d = LLVMConstRealGetDouble(c, &mut lossy);
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMFP128TypeKind => {
                let (lo, hi) = super::isel::fp128_bits(c).ok_or(())?;
                img.bytes[at..at + 8].copy_from_slice(&lo.to_le_bytes());
                img.bytes[at + 8..at + 16].copy_from_slice(&hi.to_le_bytes());
            }
            LLVMTypeKind::LLVMDoubleTypeKind => {
                img.bytes[at..at + 8].copy_from_slice(&d.to_bits().to_le_bytes())
            }
            LLVMTypeKind::LLVMFloatTypeKind => {
                img.bytes[at..at + 4].copy_from_slice(&(d as f32).to_bits().to_le_bytes())
            }
            _ => return Err(()),
        }
        return Ok(());
    }
    if let Some(r) = const_expr::eval(td, c) {
        let n = LLVMABISizeOfType(td, ty) as usize;
        if r.is_constant() {
            img.bytes[at..at + n].copy_from_slice(&r.off.to_le_bytes()[..n]);
        } else if matches!(n, 1 | 2 | 4 | 8) {
            img.relocs.push((at, n, r));
        } else {
            return Err(());
        }
        return Ok(());
    }
    match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMArrayTypeKind => {
            let elem = LLVMGetElementType(ty);
            let n = LLVMGetArrayLength2(ty) as usize;
            let esz = LLVMABISizeOfType(td, elem) as usize;
            if !LLVMIsAConstantDataSequential(c).is_null()
                && esz == 1
                && LLVMGetTypeKind(elem) == LLVMTypeKind::LLVMIntegerTypeKind
            {
                let mut len = 0usize;
                let p = LLVMGetAsString(c, &mut len);
                let s = std::slice::from_raw_parts(p as *const u8, len);
                img.bytes[at..at + len].copy_from_slice(s);
                return Ok(());
            }
            for i in 0..n {
                write(td, LLVMGetAggregateElement(c, i as u32), at + i * esz, img)?;
            }
            Ok(())
        }
        LLVMTypeKind::LLVMStructTypeKind => {
            for i in 0..LLVMCountStructElementTypes(ty) {
                let off = LLVMOffsetOfElement(td, ty, i) as usize;
                write(td, LLVMGetAggregateElement(c, i), at + off, img)?;
            }
            Ok(())
        }
        _ => Err(()),
    }
}

/// Appends the definitions of the module's global variables to `out`.
///
/// # Safety
/// `module` is live and `td` is its data layout.
pub unsafe fn emit_globals(
    out: &mut String,
    module: LLVMModuleRef,
    td: LLVMTargetDataRef,
) -> Result<(), String> {
    let mut g = LLVMGetFirstGlobal(module);
    while !g.is_null() {
        let next = LLVMGetNextGlobal(g);
        let name = ir::name(g);
        if LLVMIsDeclaration(g) != 0 {
            out.push_str(&symbol_binding(g));
            g = next;
            continue;
        }
        if name == "llvm.used" || name == "llvm.compiler.used" {
            g = next;
            continue;
        }
        if name == "llvm.global_ctors" || name == "llvm.global_dtors" {
            emit_structors(out, g, &name[12..17])?;
            g = next;
            continue;
        }
        if name.starts_with("llvm.") {
            return Err(format!("@{name}: unsupported global variable"));
        }
        let ty = LLVMGlobalGetValueType(g);
        let size = LLVMABISizeOfType(td, ty) as usize;
        let mut img = Image {
            bytes: vec![0; size],
            relocs: vec![],
        };
        write(td, LLVMGetInitializer(g), 0, &mut img)
            .map_err(|_| format!("@{name}: unsupported initializer of global variable"))?;
        let zero = img.relocs.is_empty() && img.bytes.iter().all(|&b| b == 0);
        let tls = LLVMIsThreadLocal(g) != 0;
        let section = if tls && zero {
            ".section .tbss,\"awT\",@nobits"
        } else if tls {
            ".section .tdata,\"awT\",@progbits"
        } else if LLVMIsGlobalConstant(g) != 0 {
            ".section .rodata"
        } else if zero {
            ".bss"
        } else {
            ".data"
        };
        let align = match LLVMGetAlignment(g) {
            0 => LLVMABIAlignmentOfType(td, ty),
            a => a,
        };
        let s = sym(&name);
        let _ = writeln!(out, "\t{section}\n\t.p2align {}", align.trailing_zeros());
        out.push_str(&symbol_binding(g));
        let kind = if tls { "@tls_object" } else { "@object" };
        let _ = writeln!(out, "\t.type {s}, {kind}\n{s}:");
        emit_image(out, &img);
        let _ = writeln!(out, "\t.size {s}, {size}");
        g = next;
    }
    emit_aliases(out, module, td)?;
    emit_weak_function_declarations(out, module);
    Ok(())
}

/// `llvm.global_ctors`/`llvm.global_dtors` (`kind` "ctors"/"dtors"):
/// arrays of `{ i32 priority, ptr function, ptr data }` become pointers in
/// `.init_array`/`.fini_array`, or `.init_array.N` for a priority N other
/// than the default 65535 (the linker sorts those by N, before the rest),
/// as LLVM's `AsmPrinter::emitXXStructorList` with `getStaticCtorSection`
/// on ELF.
/// Entries are kept in array order within a priority (LLVM sorts stably);
/// a null function ends the list, as LLVM's `preprocessXXStructorList`.
unsafe fn emit_structors(out: &mut String, g: LLVMValueRef, kind: &str) -> Result<(), String> {
    let section = if kind == "ctors" {
        ".init_array"
    } else {
        ".fini_array"
    };
    let init = LLVMGetInitializer(g);
    let bad = || format!("@llvm.global_{kind}: unsupported initializer");
    if init.is_null()
        || LLVMIsAConstantAggregateZero(init).is_null() && LLVMIsAConstantArray(init).is_null()
    {
        return Err(bad());
    }
    let mut entries = Vec::new();
    for k in 0..LLVMGetNumOperands(init).max(0) as u32 {
        let e = LLVMGetOperand(init, k);
        let (prio, func) = (LLVMGetOperand(e, 0), LLVMGetOperand(e, 1));
        if LLVMIsNull(func) != 0 {
            break;
        }
        if LLVMIsAConstantInt(prio).is_null() || LLVMIsAGlobalValue(func).is_null() {
            return Err(bad());
        }
        entries.push((LLVMConstIntGetZExtValue(prio), sym(&ir::name(func))));
    }
    entries.sort_by_key(|e| e.0);
    for (prio, func) in entries {
        let name = if prio == 65535 {
            section.to_string()
        } else {
            format!("{section}.{prio}")
        };
        let kind = &section[1..];
        let _ = writeln!(
            out,
            "\t.section {name},\"aw\",@{kind}\n\t.p2align 3\n\t.quad {func}"
        );
    }
    Ok(())
}

/// `.weak` for `extern_weak` function declarations, so that an undefined
/// one resolves to 0 instead of failing the link.
unsafe fn emit_weak_function_declarations(out: &mut String, module: LLVMModuleRef) {
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        if LLVMCountBasicBlocks(f) == 0
            && LLVMGetLinkage(f) == LLVMLinkage::LLVMExternalWeakLinkage
            && !ir::name(f).starts_with("llvm.")
        {
            out.push_str(&symbol_binding(f));
        }
        f = LLVMGetNextFunction(f);
    }
}

/// Global aliases as `.set name, aliasee` (the aliasee any relocatable
/// constant expression, as LLVM's `AsmPrinter::emitGlobalAlias`).
unsafe fn emit_aliases(
    out: &mut String,
    module: LLVMModuleRef,
    td: LLVMTargetDataRef,
) -> Result<(), String> {
    let mut a = LLVMGetFirstGlobalAlias(module);
    while !a.is_null() {
        let name = ir::name(a);
        let target = LLVMAliasGetAliasee(a);
        let value = const_expr::eval(td, target)
            .filter(|r| r.minus.is_none() && r.plus.is_some())
            .ok_or_else(|| format!("@{name}: unsupported alias: {}", ir::render(a)))?;
        let s = sym(&name);
        out.push_str(&symbol_binding(a));
        let kind =
            if LLVMGetTypeKind(LLVMGlobalGetValueType(a)) == LLVMTypeKind::LLVMFunctionTypeKind {
                "@function"
            } else {
                "@object"
            };
        let _ = writeln!(out, "\t.type {s}, {kind}\n\t.set {s}, {}", value.render());
        a = LLVMGetNextGlobalAlias(a);
    }
    Ok(())
}

fn emit_image(out: &mut String, img: &Image) {
    if img.bytes.is_empty() {
        let _ = writeln!(out, "\t.zero 1");
        return;
    }
    let mut relocs = img.relocs.clone();
    relocs.sort_by_key(|r| r.0);
    let mut at = 0;
    let flush = |out: &mut String, from: usize, to: usize| {
        let chunk = &img.bytes[from..to];
        if chunk.iter().all(|&b| b == 0) {
            if !chunk.is_empty() {
                let _ = writeln!(out, "\t.zero {}", chunk.len());
            }
            return;
        }
        for line in chunk.chunks(16) {
            let list: Vec<String> = line.iter().map(|b| b.to_string()).collect();
            let _ = writeln!(out, "\t.byte {}", list.join(","));
        }
    };
    for (off, size, r) in relocs {
        flush(out, at, off);
        let dir = match size {
            1 => ".byte",
            2 => ".half",
            4 => ".word",
            _ => ".quad",
        };
        let _ = writeln!(out, "\t{dir} {}", r.render());
        at = off + size;
    }
    flush(out, at, img.bytes.len());
}
