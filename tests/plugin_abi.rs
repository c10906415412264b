//! The plugin's ABI as `opt` sees it: the built `libpebble.so` is loaded
//! with `libloading` the way LLVM's `PassPlugin::Load` does (dlopen, then
//! `llvmGetPassPluginInfo`), and what it returns is checked against the
//! LLVM the crate was built for.
//!
//! `PassPluginLibraryInfo` is returned by value, and the Rust entry point
//! returns the C++ glue's struct through a Rust mirror (`pebble::ffi`): if
//! the mirror and the C++ struct disagree in size (LLVM 22 added a fifth
//! field), the result is written past the caller's slot. So the size is
//! compared with the C++ `sizeof` (the glue exports it) before the entry
//! point is called at all, and the API version with the
//! `LLVM_PLUGIN_API_VERSION` of that LLVM's header, read independently of
//! the glue.

use std::ffi::CStr;
use std::path::PathBuf;

use pebble::ffi::PassPluginLibraryInfo;

/// The cdylib cargo built for this test run: `cargo test` puts it next to
/// the test executable, in `target/<profile>/deps/`.
fn plugin_path() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let path = exe.parent().unwrap().join("libpebble.so");
    assert!(path.is_file(), "{} not built", path.display());
    path
}

/// `LLVM_PLUGIN_API_VERSION` as the header of the LLVM the crate was built
/// for defines it (`llvm/Passes/PassPlugin.h` in 19, `llvm/Plugins/` in 22).
fn header_api_version() -> u32 {
    let bindir = PathBuf::from(env!("PEBBLE_LLVM_BINDIR"));
    let include = bindir.parent().unwrap().join("include/llvm");
    let header = ["Plugins/PassPlugin.h", "Passes/PassPlugin.h"]
        .iter()
        .map(|h| include.join(h))
        .find(|h| h.is_file())
        .unwrap_or_else(|| panic!("no PassPlugin.h under {}", include.display()));
    let text = std::fs::read_to_string(&header).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("#define LLVM_PLUGIN_API_VERSION "))
        .unwrap_or_else(|| panic!("no LLVM_PLUGIN_API_VERSION in {}", header.display()))
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn the_plugin_entry_point_returns_what_llvm_expects() {
    // SAFETY: loading the plugin runs no initialiser with preconditions
    // (it links the same libLLVM as this test).
    let library = unsafe { libloading::Library::new(plugin_path()) }.expect("dlopen libpebble.so");
    // SAFETY: the symbols have these signatures (src/ffi.rs).
    let (size_of_cxx, entry) = unsafe {
        let size: libloading::Symbol<unsafe extern "C" fn() -> usize> =
            library.get(b"pebble_plugin_info_size").unwrap();
        let entry: libloading::Symbol<unsafe extern "C" fn() -> PassPluginLibraryInfo> =
            library.get(b"llvmGetPassPluginInfo").unwrap();
        (size(), entry)
    };
    assert_eq!(
        std::mem::size_of::<PassPluginLibraryInfo>(),
        size_of_cxx,
        "the Rust mirror of PassPluginLibraryInfo (src/ffi.rs) and the C++ struct differ in size"
    );
    // SAFETY: the sizes agree, so the returned struct fits the mirror.
    let info = unsafe { entry() };
    assert_eq!(info.api_version, header_api_version());
    // SAFETY: the glue returns pointers to string literals.
    let name = unsafe { CStr::from_ptr(info.plugin_name) };
    assert_eq!(name.to_str().unwrap(), "Pebble");
    assert!(!info.register_callbacks.is_null());
}
