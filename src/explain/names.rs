//! Names of a function's values and blocks as LLVM prints them.
//!
//! Named values print as their name; unnamed ones get the function-local
//! slot numbers of LLVM's `ModuleSlotTracker`: arguments first, then, block
//! by block, the block itself and each non-void instruction, counting only
//! unnamed ones. The C API does not expose those numbers, so we recount them
//! the same way.

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;

use crate::ir;

/// Display names of one function's arguments, blocks and instructions.
pub struct LocalNames {
    /// Value (argument, instruction, or block as value) -> bare name.
    names: HashMap<LLVMValueRef, String>,
}

impl LocalNames {
    /// # Safety
    /// `function` is a defined function.
    pub unsafe fn new(function: LLVMValueRef) -> Self {
        let mut names = HashMap::new();
        let mut next = 0usize;
        let mut assign = |v: LLVMValueRef, names: &mut HashMap<LLVMValueRef, String>| {
            let name = ir::name(v);
            let name = if name.is_empty() {
                next += 1;
                (next - 1).to_string()
            } else {
                quote_if_needed(&name)
            };
            names.insert(v, name);
        };
        for i in 0..LLVMCountParams(function) {
            assign(LLVMGetParam(function, i), &mut names);
        }
        let mut bb = LLVMGetFirstBasicBlock(function);
        while !bb.is_null() {
            assign(LLVMBasicBlockAsValue(bb), &mut names);
            for inst in ir::instructions(bb) {
                if LLVMGetTypeKind(LLVMTypeOf(inst)) != LLVMTypeKind::LLVMVoidTypeKind {
                    assign(inst, &mut names);
                }
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
        LocalNames { names }
    }

    /// A block's label: `entry`, `for.cond`, `3`.
    ///
    /// # Safety
    /// `bb` belongs to the function these names were built from.
    pub unsafe fn block(&self, bb: LLVMBasicBlockRef) -> String {
        self.names
            .get(&LLVMBasicBlockAsValue(bb))
            .cloned()
            .unwrap_or_else(|| "?".to_string())
    }

    /// A value as an operand prints: `%a`, `%3`, `@g`, `0`, `undef`.
    ///
    /// # Safety
    /// `value` is live.
    pub unsafe fn value(&self, value: LLVMValueRef) -> String {
        if let Some(name) = self.names.get(&value) {
            return format!("%{name}");
        }
        if !LLVMIsAGlobalValue(value).is_null() {
            return format!("@{}", quote_if_needed(&ir::name(value)));
        }
        // A constant prints as "<type> <value>": keep the value.
        let text = ir::render(value);
        match text.split_once(' ') {
            Some((_, rest)) => rest.to_string(),
            None => text,
        }
    }
}

/// LLVM quotes names with characters outside `[-a-zA-Z$._0-9]`.
fn quote_if_needed(name: &str) -> String {
    let plain = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '$' | '.' | '_'));
    if plain {
        name.to_string()
    } else {
        format!("\"{name}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::quote_if_needed;

    #[test]
    fn names_with_spaces_are_quoted() {
        assert_eq!(quote_if_needed("for.cond"), "for.cond");
        assert_eq!(quote_if_needed("a b"), "\"a b\"");
    }
}
