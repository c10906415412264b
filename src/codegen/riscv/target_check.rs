//! What `pebble llc` accepts as input, checked before anything is lowered.
//!
//! The back end emits RV64GC code for the lp64d ABI. IR made for another
//! target is not "the same program for another machine": clang has already
//! laid out types, lowered calls and chosen `va_list` for the target it was
//! given, so x86-64 or riscv32 IR compiled as rv64 gives wrong code (issue
//! 15 found a crashing binary). IR that does not verify (a use before its
//! definition) breaks the invariants every phase relies on. So, in order:
//!
//! 1. the target triple, when present, names the `riscv64` architecture;
//! 2. the data layout, when present, is rv64's
//!    (`e-m:e-p:64:64-i64:64-i128:128-n32:64-S128`, what clang emits);
//! 3. the `target-abi` module flag, when present, is `lp64d` (lp64 and lp64f
//!    share rv64's data layout but pass floating-point values differently);
//! 4. LLVM's verifier accepts the module.
//!
//! A missing triple or data layout is target-neutral IR (hand-written tests)
//! and is compiled for rv64, as `llc -mtriple=riscv64` would. Each refusal
//! is one message starting `error: ` (the driver prints it after
//! `pebble llc: `) and nothing is written.

use std::ffi::CStr;

use llvm_sys::analysis::{LLVMVerifierFailureAction, LLVMVerifyModule};
use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The data layout of riscv64 with lp64/lp64d (clang 19 and LLVM's target).
pub const RV64_DATA_LAYOUT: &str = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128";

/// The only ABI the back end implements.
pub const ABI: &str = "lp64d";

/// Refuses a module that is not rv64/lp64d IR or does not verify.
///
/// # Safety
/// `module` is a live module.
pub unsafe fn check(module: LLVMModuleRef) -> Result<(), String> {
    check_triple(&text(LLVMGetTarget(module)))?;
    check_data_layout(&text(LLVMGetDataLayoutStr(module)))?;
    if let Some(abi) = target_abi(module) {
        check_abi(&abi)?;
    }
    verify(module)
}

fn check_triple(triple: &str) -> Result<(), String> {
    let arch = triple.split('-').next().unwrap_or("");
    if triple.is_empty() || arch == "riscv64" {
        return Ok(());
    }
    Err(format!(
        "error: the module's target triple is '{triple}': pebble llc compiles riscv64 IR only \
         (clang --target=riscv64-linux-gnu -mabi=lp64d)"
    ))
}

fn check_data_layout(layout: &str) -> Result<(), String> {
    if layout.is_empty() || layout == RV64_DATA_LAYOUT {
        return Ok(());
    }
    Err(format!(
        "error: the module's data layout '{layout}' is not rv64's ('{RV64_DATA_LAYOUT}')"
    ))
}

fn check_abi(abi: &str) -> Result<(), String> {
    if abi == ABI {
        return Ok(());
    }
    Err(format!(
        "error: the module's target-abi is '{abi}': pebble llc implements {ABI} only"
    ))
}

/// The `target-abi` module flag's string, if the module has one.
unsafe fn target_abi(module: LLVMModuleRef) -> Option<String> {
    let flag = crate::ir::module_flag(module, "target-abi")?;
    let value = LLVMMetadataAsValue(LLVMGetModuleContext(module), flag);
    let mut len = 0u32;
    let s = LLVMGetMDString(value, &mut len);
    if s.is_null() {
        return Some(String::new());
    }
    let bytes = std::slice::from_raw_parts(s as *const u8, len as usize);
    Some(String::from_utf8_lossy(bytes).into_owned())
}

/// LLVM's verifier; its first few lines on failure.
unsafe fn verify(module: LLVMModuleRef) -> Result<(), String> {
    let mut message = std::ptr::null_mut();
    let broken = LLVMVerifyModule(
        module,
        LLVMVerifierFailureAction::LLVMReturnStatusAction,
        &mut message,
    ) != 0;
    let report = if message.is_null() {
        String::new()
    } else {
        let s = CStr::from_ptr(message).to_string_lossy().into_owned();
        LLVMDisposeMessage(message);
        s
    };
    if !broken {
        return Ok(());
    }
    let first: Vec<&str> = report.lines().filter(|l| !l.is_empty()).take(4).collect();
    Err(format!(
        "error: the input does not verify: {}",
        first.join("; ")
    ))
}

/// A C string owned by LLVM (not to be freed) as text.
unsafe fn text(s: *const std::ffi::c_char) -> String {
    if s.is_null() {
        return String::new();
    }
    CStr::from_ptr(s).to_string_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn riscv64_triples_and_layout_pass_others_are_named() {
        assert!(check_triple("riscv64-unknown-linux-gnu").is_ok());
        assert!(check_triple("riscv64").is_ok());
        assert!(check_triple("").is_ok());
        let e = check_triple("riscv32-unknown-linux-gnu").unwrap_err();
        assert!(e.contains("'riscv32-unknown-linux-gnu'"), "{e}");
        assert!(check_triple("x86_64-pc-linux-gnu").is_err());
        assert!(check_data_layout(RV64_DATA_LAYOUT).is_ok());
        assert!(check_data_layout("").is_ok());
        let e = check_data_layout("e-m:e-p:32:32-i64:64-n32-S128").unwrap_err();
        assert!(e.starts_with("error: "), "{e}");
        assert!(check_abi("lp64d").is_ok());
        assert!(check_abi("lp64").is_err());
    }
}
