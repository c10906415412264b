//! Function attributes through the C API: enum attributes (`strictfp`) by
//! kind, string attributes (`"denormal-fp-math"="ieee,ieee"`) by name.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The kind LLVM gives the enum attribute `name` (`nonnull`, `range`), 0
/// when `name` is not one.
pub fn kind(name: &str) -> u32 {
    // SAFETY: reads only the given bytes.
    unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len()) }
}

/// Does `function` carry the attribute `name` (an enum attribute when LLVM
/// knows the name as one, else a string attribute)?
///
/// # Safety
/// `function` is a live function.
pub unsafe fn has_function_attribute(function: LLVMValueRef, name: &str) -> bool {
    let kind = kind(name);
    if kind != 0 {
        let index = llvm_sys::LLVMAttributeFunctionIndex;
        return !LLVMGetEnumAttributeAtIndex(function, index, kind).is_null();
    }
    string_function_attribute(function, name).is_some()
}

/// The value of the string attribute `name` of `function`, if it has one.
///
/// # Safety
/// `function` is a live function.
pub unsafe fn string_function_attribute(function: LLVMValueRef, name: &str) -> Option<String> {
    let attr = LLVMGetStringAttributeAtIndex(
        function,
        llvm_sys::LLVMAttributeFunctionIndex,
        name.as_ptr() as *const _,
        name.len() as u32,
    );
    if attr.is_null() {
        return None;
    }
    let mut len = 0u32;
    let value = LLVMGetStringAttributeValue(attr, &mut len);
    let bytes = std::slice::from_raw_parts(value as *const u8, len as usize);
    Some(String::from_utf8_lossy(bytes).into_owned())
}

/// What a call may do to memory, as LLVM's `CallBase::getMemoryEffects`:
/// the `memory` attribute of the call site intersected with the callee's.
/// Each is LLVM's `MemoryEffects` encoding, two bits per location (ref 1,
/// mod 2); a missing attribute allows everything. A call with operand
/// bundles may read or write through them (LLVM widens the callee's effects
/// for those), so only its call-site attribute is trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryEffects(u64);

impl MemoryEffects {
    /// Every location, read and written.
    const ANY: MemoryEffects = MemoryEffects(u64::MAX);
    /// The mod bit of every location.
    const MOD_BITS: u64 = 0xAAAA_AAAA_AAAA_AAAA;

    /// # Safety
    /// `call` is a live call instruction.
    pub unsafe fn of_call(call: LLVMValueRef) -> MemoryEffects {
        let kind = kind("memory");
        let index = llvm_sys::LLVMAttributeFunctionIndex;
        let of = |attr: LLVMAttributeRef| {
            if attr.is_null() {
                MemoryEffects::ANY
            } else {
                MemoryEffects(LLVMGetEnumAttributeValue(attr))
            }
        };
        let site = of(LLVMGetCallSiteEnumAttribute(call, index, kind));
        let callee = LLVMGetCalledValue(call);
        if LLVMIsAFunction(callee).is_null() || LLVMGetNumOperandBundles(call) > 0 {
            return site;
        }
        MemoryEffects(site.0 & of(LLVMGetEnumAttributeAtIndex(callee, index, kind)).0)
    }

    /// `memory(none)`.
    pub fn accesses_nothing(self) -> bool {
        self.0 == 0
    }

    /// LLVM's `!onlyReadsMemory()`: some location may be written.
    pub fn may_write(self) -> bool {
        self.0 & Self::MOD_BITS != 0
    }
}

#[cfg(test)]
mod tests {
    use super::MemoryEffects;

    #[test]
    fn memory_effects_bits() {
        // memory(none), memory(read), memory(argmem: readwrite) (LLVM 19's
        // encoding: argmem is the lowest location).
        assert!(MemoryEffects(0).accesses_nothing());
        assert!(!MemoryEffects(0b01_01_01).may_write());
        assert!(MemoryEffects(0b11).may_write());
        assert!(!MemoryEffects(0b11).accesses_nothing());
        assert!(MemoryEffects::ANY.may_write());
    }
}
