//! The passes the plugin registers, their parameters, and dispatch.
//!
//! The C++ glue asks this table for names and parameters, so adding a pass
//! or a parameter is a Rust-only change. Parameters are LLVM-style flags
//! (`pebble-mem2reg<stats;verify-oracle>`); bit `i` of the flag word is
//! `params[i]`.

use llvm_sys::prelude::LLVMValueRef;

/// What a pass did to a function, as the glue needs to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Unchanged,
    /// Instructions changed, the CFG did not (CFG analyses stay valid).
    ChangedKeepingCfg,
    ChangedCfg,
}

/// A pass entry point: flags, function. An `Err` names what went wrong; the
/// glue prefixes the pass and function names.
pub type RunFn = unsafe fn(Flags, LLVMValueRef) -> Result<Outcome, String>;

/// The parameter bits given to one pass invocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags(pub u32);

impl Flags {
    pub fn has(self, pass: &PassInfo, param: &str) -> bool {
        pass.param_bit(param)
            .map(|bit| self.0 & (1 << bit) != 0)
            .unwrap_or(false)
    }
}

pub struct PassInfo {
    pub name: &'static str,
    /// NUL-terminated copy of `name` for the C side.
    pub c_name: &'static [u8],
    pub params: &'static [&'static str],
    pub run: RunFn,
    /// The pass reads or writes debug markers (through
    /// `ir::debug_records`), so on LLVM 19 the glue converts the function's
    /// debug records to intrinsics around it. A pass that never looks at
    /// them says `false` and runs on records on both versions: LLVM's own
    /// RAUW, erasure and block deletion keep the records right, as they do
    /// for LLVM's passes.
    pub debug_markers: bool,
}

impl PassInfo {
    /// Whether the glue converts debug records to intrinsics around this
    /// pass in this build (LLVM 19's C API reads only intrinsics).
    pub fn converts_debug_records(&self) -> bool {
        self.debug_markers && !crate::ir::debug_records::NATIVE
    }

    pub fn param_bit(&self, param: &str) -> Option<u32> {
        self.params
            .iter()
            .position(|p| *p == param)
            .map(|i| i as u32)
    }
}

/// Every pass the plugin registers. Add a pass here and nowhere else.
pub static PASSES: &[PassInfo] = &[
    crate::transforms::mem2reg::PASS,
    crate::transforms::sroa::PASS,
    crate::transforms::sccp::PASS,
    crate::transforms::loop_rotate::PASS,
];

pub fn find(name: &str) -> Option<&'static PassInfo> {
    PASSES.iter().find(|p| p.name == name)
}

/// Parameters that choose a mode of a pass, at most one per invocation:
/// (pass name, its modes). LLVM rejects `sroa<modify-cfg;preserve-cfg>`
/// the same way.
static EXCLUSIVE: &[(&str, &[&str])] = &[(
    crate::transforms::mem2reg::PASS.name,
    crate::transforms::mem2reg::MODES,
)];

/// Why `flags` is not a valid combination for `pass` (two modes that
/// exclude each other), or `None` when it is.
pub fn conflict(pass: &PassInfo, flags: Flags) -> Option<String> {
    let (_, modes) = EXCLUSIVE.iter().find(|(name, _)| *name == pass.name)?;
    let given: Vec<&str> = modes
        .iter()
        .copied()
        .filter(|m| flags.has(pass, m))
        .collect();
    (given.len() > 1).then(|| {
        format!(
            "invalid {} pass parameters '{}' ({} exclude each other: choose one mode)",
            pass.name,
            given.join(";"),
            given.join(" and ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_nul_terminated_copies() {
        for p in PASSES {
            assert_eq!(&p.c_name[..p.c_name.len() - 1], p.name.as_bytes());
            assert_eq!(*p.c_name.last().unwrap(), 0);
            assert!(p.params.len() <= 32);
        }
    }

    #[test]
    fn modes_exclude_each_other() {
        let pass = &crate::transforms::mem2reg::PASS;
        let bits =
            |names: &[&str]| Flags(names.iter().map(|n| 1 << pass.param_bit(n).unwrap()).sum());
        assert_eq!(conflict(pass, bits(&["stats", "compat"])), None);
        assert_eq!(conflict(pass, bits(&["updater"])), None);
        let message = conflict(pass, bits(&["compat", "stats", "updater"])).unwrap();
        assert!(message.contains("'compat;updater'"), "{message}");
        assert_eq!(
            conflict(&crate::transforms::sroa::PASS, Flags(u32::MAX)),
            None
        );
        for (name, modes) in EXCLUSIVE {
            let pass = find(name).expect("EXCLUSIVE names a registered pass");
            assert!(modes.iter().all(|m| pass.param_bit(m).is_some()));
        }
    }
}
