//! The `extern "C"` entry points called by `plugin/pebble_plugin.cpp`.
//!
//! Nothing may unwind across this boundary: every entry point runs its body
//! under `catch_unwind`, and a panic becomes an error message that the glue
//! reports with `LLVMContext::emitError`, naming the pass and the function.

use std::ffi::{c_char, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

use llvm_sys::prelude::LLVMValueRef;

use crate::passes::{Flags, Outcome, PASSES};

/// Mirror of `llvm::PassPluginLibraryInfo` (`llvm/Passes/PassPlugin.h` in
/// LLVM 19, `llvm/Plugins/PassPlugin.h` in 22). It is returned by value, so
/// a field missing here is a struct of the wrong size: the caller's and the
/// callee's idea of where the result lives disagree (`tests/plugin_abi.rs`
/// compares the size with the C++ one).
#[repr(C)]
pub struct PassPluginLibraryInfo {
    pub api_version: u32,
    pub plugin_name: *const c_char,
    pub plugin_version: *const c_char,
    pub register_callbacks: *const std::ffi::c_void,
    /// LLVM 22: `bool (*PreCodeGenCallback)(Module &, TargetMachine &,
    /// CodeGenFileType, raw_pwrite_stream &)`, null for Pebble.
    #[cfg(feature = "llvm22")]
    pub pre_codegen_callback: *const std::ffi::c_void,
}

extern "C" {
    fn pebble_plugin_info() -> PassPluginLibraryInfo;
    fn pebble_plugin_info_size_cxx() -> usize;
}

/// The symbol `opt -load-pass-plugin` looks up. It must be defined in Rust:
/// a cdylib does not export symbols defined only in the C++ object.
///
/// # Safety
/// Called by LLVM's plugin loader.
#[no_mangle]
pub unsafe extern "C" fn llvmGetPassPluginInfo() -> PassPluginLibraryInfo {
    pebble_plugin_info()
}

/// `sizeof(PassPluginLibraryInfo)` as the C++ glue sees it, exported for the
/// ABI test (`tests/plugin_abi.rs`): a symbol defined only in the C++ object
/// is not exported by the cdylib.
#[no_mangle]
pub extern "C" fn pebble_plugin_info_size() -> usize {
    // SAFETY: returns a constant.
    unsafe { pebble_plugin_info_size_cxx() }
}

fn guarded<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(fallback)
}

#[no_mangle]
pub extern "C" fn pebble_pass_count() -> u32 {
    PASSES.len() as u32
}

#[no_mangle]
pub extern "C" fn pebble_pass_name(pass: u32) -> *const c_char {
    guarded(std::ptr::null(), || {
        PASSES
            .get(pass as usize)
            .map_or(std::ptr::null(), |p| p.c_name.as_ptr() as *const c_char)
    })
}

/// # Safety
/// `name` points to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn pebble_pass_param_bit(pass: u32, name: *const c_char, len: usize) -> i32 {
    guarded(-1, || {
        let bytes = std::slice::from_raw_parts(name as *const u8, len);
        let Ok(name) = std::str::from_utf8(bytes) else {
            return -1;
        };
        PASSES
            .get(pass as usize)
            .and_then(|p| p.param_bit(name))
            .map_or(-1, |b| b as i32)
    })
}

/// NUL-terminated copies of every parameter name, made once.
fn param_c_strings() -> &'static Vec<Vec<CString>> {
    static NAMES: OnceLock<Vec<Vec<CString>>> = OnceLock::new();
    NAMES.get_or_init(|| {
        PASSES
            .iter()
            .map(|p| p.params.iter().map(|s| CString::new(*s).unwrap()).collect())
            .collect()
    })
}

#[no_mangle]
pub extern "C" fn pebble_pass_param_name(pass: u32, bit: u32) -> *const c_char {
    guarded(std::ptr::null(), || {
        param_c_strings()
            .get(pass as usize)
            .and_then(|names| names.get(bit as usize))
            .map_or(std::ptr::null(), |s| s.as_ptr())
    })
}

#[no_mangle]
pub extern "C" fn pebble_pass_param_list(pass: u32) -> *const c_char {
    static LISTS: OnceLock<Vec<CString>> = OnceLock::new();
    guarded(std::ptr::null(), || {
        let lists = LISTS.get_or_init(|| {
            PASSES
                .iter()
                .map(|p| CString::new(p.params.join(", ")).unwrap())
                .collect()
        });
        lists
            .get(pass as usize)
            .map_or(std::ptr::null(), |s| s.as_ptr())
    })
}

/// Why the parameter bits `flags` do not go together for pass `pass`
/// (modes that exclude each other), as a message to release with
/// `pebble_free_message`; null when they do.
#[no_mangle]
pub extern "C" fn pebble_pass_param_conflict(pass: u32, flags: u32) -> *mut c_char {
    guarded(std::ptr::null_mut(), || {
        PASSES
            .get(pass as usize)
            .and_then(|p| crate::passes::conflict(p, Flags(flags)))
            .map_or(std::ptr::null_mut(), |m| {
                CString::new(m.replace('\0', " "))
                    .unwrap_or_default()
                    .into_raw()
            })
    })
}

fn panic_text(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

/// Runs pass `pass` on `function`. Returns 0 (unchanged), 1 (changed, CFG
/// kept), 2 (CFG changed) or -1 with `*message` set.
///
/// # Safety
/// `function` is a defined function of a live module; `message` is writable.
#[no_mangle]
pub unsafe extern "C" fn pebble_run_function_pass(
    pass: u32,
    flags: u32,
    function: LLVMValueRef,
    message: *mut *mut c_char,
) -> i32 {
    let result = catch_unwind(AssertUnwindSafe(|| {
        let info = PASSES
            .get(pass as usize)
            .ok_or_else(|| format!("no pass number {pass}"))?;
        (info.run)(Flags(flags), function)
    }));
    let error = match result {
        Ok(Ok(Outcome::Unchanged)) => return 0,
        Ok(Ok(Outcome::ChangedKeepingCfg)) => return 1,
        Ok(Ok(Outcome::ChangedCfg)) => return 2,
        Ok(Err(e)) => e,
        Err(panic) => format!("internal error (panic): {}", panic_text(panic)),
    };
    let text = CString::new(error.replace('\0', " ")).unwrap_or_default();
    *message = text.into_raw();
    -1
}

/// 1 when the glue converts the function's debug records to intrinsics
/// around pass `pass` (`PassInfo::converts_debug_records`), else 0.
#[no_mangle]
pub extern "C" fn pebble_pass_converts_debug_records(pass: u32) -> i32 {
    guarded(1, || {
        PASSES
            .get(pass as usize)
            .map_or(1, |p| p.converts_debug_records() as i32)
    })
}

/// # Safety
/// `message` came from `pebble_run_function_pass` or
/// `pebble_pass_param_conflict` (or is null).
#[no_mangle]
pub unsafe extern "C" fn pebble_free_message(message: *mut c_char) {
    if !message.is_null() {
        drop(CString::from_raw(message));
    }
}
