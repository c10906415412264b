//! The thin layer over LLVM's C API: reading a function into a `Cfg`, and
//! the few queries and rewrites the passes need. The C API calls that differ
//! between LLVM 19 and 22 are in `version`, and debug markers (LLVM 22's
//! records, LLVM 19's intrinsics) are read and written through
//! `debug_records`.
//!
//! Everything here is `unsafe` in the C API's sense: the caller guarantees
//! that the values belong to a live module and are of the kind the function
//! expects. Nothing here formats strings except on error paths: printing IR
//! builds a module-wide slot table each time (see DESIGN.md §4).
//!
//! Holding handles across deletion: an `LLVMValueRef`/`LLVMBasicBlockRef`
//! is a raw pointer into LLVM's heap and dies with the IR it names. IR is
//! deleted only through `delete` (its module doc states the rules), and no
//! pass keeps a handle across a step that may erase what it names: keep
//! indices, or re-read handles after the step.

use std::collections::{HashMap, HashSet};
use std::ffi::CStr;
use std::hash::{BuildHasherDefault, Hasher};

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::analysis::cfg::{Block, Cfg};

pub mod address_index;
pub mod attributes;
pub mod const_int;
pub mod debug_records;
pub mod delete;
pub mod switch;
pub mod type_size;
pub mod version;
pub use address_index::AddressIndex;

/// A hasher for pointer and integer keys: the multiply-rotate of rustc's
/// FxHash. The passes key maps by LLVM handles (blocks, allocas) on every
/// load and store they visit; std's SipHash, built to resist adversarial
/// keys, was a visible share of the pass's time (callgrind), and pointers
/// from LLVM's allocator are not adversarial.
#[derive(Clone, Copy, Debug, Default)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A `HashMap` with `FastHasher`.
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A `HashSet` with `FastHasher`.
pub type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

/// A function's blocks in layout order, their `Cfg`, and the way back from
/// an LLVM block to its number.
pub struct FunctionCfg {
    pub cfg: Cfg,
    pub blocks: Vec<LLVMBasicBlockRef>,
    index: AddressIndex,
}

impl FunctionCfg {
    /// # Safety
    /// `function` is a defined function.
    pub unsafe fn read(function: LLVMValueRef) -> Self {
        let mut blocks = Vec::new();
        let mut bb = LLVMGetFirstBasicBlock(function);
        while !bb.is_null() {
            blocks.push(bb);
            bb = LLVMGetNextBasicBlock(bb);
        }
        let index = AddressIndex::new(blocks.iter().map(|&b| b as usize));
        let mut edges = Vec::with_capacity(blocks.len());
        for (i, &bb) in blocks.iter().enumerate() {
            let term = LLVMGetBasicBlockTerminator(bb);
            if term.is_null() {
                continue;
            }
            for k in 0..LLVMGetNumSuccessors(term) {
                edges.push((i, block_number(&index, LLVMGetSuccessor(term, k))));
            }
        }
        let cfg = Cfg::from_edges(blocks.len(), &edges);
        FunctionCfg { cfg, blocks, index }
    }

    pub fn block_of(&self, bb: LLVMBasicBlockRef) -> Block {
        block_number(&self.index, bb)
    }

    /// # Safety
    /// `inst` is an instruction of this function.
    pub unsafe fn block_of_inst(&self, inst: LLVMValueRef) -> Block {
        self.block_of(LLVMGetInstructionParent(inst))
    }
}

/// The number of a block of the function `index` was built from.
fn block_number(index: &AddressIndex, bb: LLVMBasicBlockRef) -> Block {
    match index.get(bb as usize) {
        Some(b) => b as Block,
        None => panic!("block {bb:?} is not in this function"),
    }
}

/// The instructions of a block, first to last. The next instruction is read
/// before the current one is yielded, so the caller may erase it.
pub struct Instructions {
    next: LLVMValueRef,
}

impl Iterator for Instructions {
    type Item = LLVMValueRef;
    fn next(&mut self) -> Option<LLVMValueRef> {
        if self.next.is_null() {
            return None;
        }
        let cur = self.next;
        // SAFETY: `cur` is a live instruction (the caller erases at most the
        // instruction it was just given, never the next one).
        self.next = unsafe { LLVMGetNextInstruction(cur) };
        Some(cur)
    }
}

/// # Safety
/// `bb` is a live basic block.
pub unsafe fn instructions(bb: LLVMBasicBlockRef) -> Instructions {
    Instructions {
        next: LLVMGetFirstInstruction(bb),
    }
}

/// The users of a value, one per use, read lazily: for callers that do not
/// change the use list while reading it (see `users` for those that do).
pub struct Users {
    next: LLVMUseRef,
}

impl Iterator for Users {
    type Item = LLVMValueRef;
    fn next(&mut self) -> Option<LLVMValueRef> {
        if self.next.is_null() {
            return None;
        }
        // SAFETY: `next` is a live use of a live value (the caller does not
        // edit the use list while iterating).
        unsafe {
            let user = LLVMGetUser(self.next);
            self.next = LLVMGetNextUse(self.next);
            Some(user)
        }
    }
}

/// # Safety
/// `value` is live and its use list is not changed during the iteration.
pub unsafe fn each_user(value: LLVMValueRef) -> Users {
    Users {
        next: LLVMGetFirstUse(value),
    }
}

/// The users of a value, one entry per use (a user with two uses of the
/// value appears twice), collected so the caller may rewrite them.
///
/// # Safety
/// `value` is live.
pub unsafe fn users(value: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    let mut u = LLVMGetFirstUse(value);
    while !u.is_null() {
        out.push(LLVMGetUser(u));
        u = LLVMGetNextUse(u);
    }
    out
}

/// # Safety
/// `value` is live.
pub unsafe fn is_instruction(value: LLVMValueRef) -> bool {
    !LLVMIsAInstruction(value).is_null()
}

/// The opcode of an instruction, or `None` for any other value.
///
/// # Safety
/// `value` is live.
pub unsafe fn opcode(value: LLVMValueRef) -> Option<LLVMOpcode> {
    is_instruction(value).then(|| LLVMGetInstructionOpcode(value))
}

/// The name of a value without the `%`/`@` sigil ("" when unnamed).
///
/// # Safety
/// `value` is live.
pub unsafe fn name(value: LLVMValueRef) -> String {
    let mut len = 0usize;
    let ptr = LLVMGetValueName2(value, &mut len);
    if ptr.is_null() {
        return String::new();
    }
    let bytes = std::slice::from_raw_parts(ptr as *const u8, len);
    String::from_utf8_lossy(bytes).into_owned()
}

/// # Safety
/// `value` is live.
pub unsafe fn set_name(value: LLVMValueRef, name: &str) {
    LLVMSetValueName2(value, name.as_ptr() as *const _, name.len());
}

/// Inserts the detached instruction `inst` at `builder`'s position with
/// its own debug location. `LLVMInsertIntoBuilderWithName` gives an
/// inserted instruction the builder's current location, which positioning
/// before an instruction sets to that instruction's: a moved or cloned
/// instruction would take the line of its new neighbour (LLVM's
/// `moveBefore` and `clone` keep it).
///
/// # Safety
/// `builder` is positioned; `inst` is live and in no block.
pub unsafe fn insert_keeping_location(
    builder: LLVMBuilderRef,
    inst: LLVMValueRef,
    name: &std::ffi::CStr,
) {
    LLVMSetCurrentDebugLocation2(builder, std::ptr::null_mut());
    LLVMInsertIntoBuilderWithName(builder, inst, name.as_ptr());
}

/// The intrinsic called by a call instruction, by name (`llvm.lifetime.start.p0`
/// and so on), or `None` for a call of anything else.
///
/// # Safety
/// `call` is a call instruction.
pub unsafe fn called_intrinsic_name(call: LLVMValueRef) -> Option<String> {
    let callee = LLVMGetCalledValue(call);
    if callee.is_null() || LLVMIsAFunction(callee).is_null() || LLVMGetIntrinsicID(callee) == 0 {
        return None;
    }
    Some(name(callee))
}

/// The called intrinsic's ID (0 when the callee is not an intrinsic).
///
/// # Safety
/// `call` is a call instruction.
pub unsafe fn called_intrinsic_id(call: LLVMValueRef) -> u32 {
    let callee = LLVMGetCalledValue(call);
    if callee.is_null() || LLVMIsAFunction(callee).is_null() {
        return 0;
    }
    LLVMGetIntrinsicID(callee)
}

/// The ID LLVM gives the intrinsic `name` (e.g. "llvm.lifetime.start").
pub fn intrinsic_id(name: &str) -> u32 {
    // SAFETY: reads only the given bytes.
    unsafe { LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len()) }
}

/// `%label` of a block for messages; an unnamed block is `%<number>` by its
/// layout position (its printed number may differ).
///
/// # Safety
/// `bb` is live.
pub unsafe fn block_label(bb: LLVMBasicBlockRef, index: Block) -> String {
    let label = name(LLVMBasicBlockAsValue(bb));
    if label.is_empty() {
        format!("%<block {index}>")
    } else {
        format!("%{label}")
    }
}

/// `@name` of a function, for messages.
///
/// # Safety
/// `function` is live.
pub unsafe fn function_label(function: LLVMValueRef) -> String {
    format!("@{}", name(function))
}

/// A one-line rendering of one instruction, for error messages only
/// (printing is slow: never call this in a hot path).
///
/// # Safety
/// `value` is live.
pub unsafe fn render(value: LLVMValueRef) -> String {
    let ptr = LLVMPrintValueToString(value);
    let text = CStr::from_ptr(ptr).to_string_lossy().trim().to_string();
    LLVMDisposeMessage(ptr);
    text
}

/// The id of metadata kind `name` (`noalias`, `llvm.loop`, ...) in
/// `context` (`LLVMGetMDKindIDInContext`: the context-free
/// `LLVMGetMDKindID` is deprecated on LLVM 22).
///
/// # Safety
/// `context` is live.
pub unsafe fn metadata_kind(context: LLVMContextRef, name: &str) -> u32 {
    LLVMGetMDKindIDInContext(context, name.as_ptr() as *const _, name.len() as u32)
}

/// The module flag `key`'s metadata, if the module has the flag.
///
/// # Safety
/// `module` is live.
pub unsafe fn module_flag(module: LLVMModuleRef, key: &str) -> Option<LLVMMetadataRef> {
    let flag = LLVMGetModuleFlag(module, key.as_ptr() as *const _, key.len());
    (!flag.is_null()).then_some(flag)
}
