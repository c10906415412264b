//! `ir::delete` on IR parsed by LLVM: dead-block groups (cycles, values used
//! across the group, a block still branched to from live code) and the
//! instruction helpers. Each case checks the module verifies afterwards and
//! that what should remain is there; the use-after-free this module exists
//! for is seen by `scripts/memcheck` (valgrind), these tests pin the
//! contract.

use std::ffi::{CStr, CString};

use pebble::llvm_sys::analysis::{LLVMVerifierFailureAction, LLVMVerifyModule};
use pebble::llvm_sys::core::*;
use pebble::llvm_sys::prelude::*;

use pebble::ir::delete;

/// A parsed module and its context, disposed together.
struct Module {
    context: LLVMContextRef,
    module: LLVMModuleRef,
}

impl Module {
    fn parse(text: &str) -> Module {
        let source = CString::new(text).unwrap();
        // SAFETY: the buffer is owned by parse_ir from the call
        // on; every out-pointer is checked.
        unsafe {
            let buffer = LLVMCreateMemoryBufferWithMemoryRangeCopy(
                source.as_ptr(),
                text.len(),
                c"test.ll".as_ptr(),
            );
            let context = LLVMContextCreate();
            let module = pebble::ir::version::parse_ir(context, buffer)
                .unwrap_or_else(|message| panic!("parse: {message}"));
            let parsed = Module { context, module };
            parsed.assert_verifies();
            parsed
        }
    }

    fn function(&self, name: &str) -> LLVMValueRef {
        let name = CString::new(name).unwrap();
        // SAFETY: the module is live.
        let f = unsafe { LLVMGetNamedFunction(self.module, name.as_ptr()) };
        assert!(!f.is_null());
        f
    }

    fn assert_verifies(&self) {
        // SAFETY: the module is live; the message is disposed.
        unsafe {
            let mut message = std::ptr::null_mut();
            let broken = LLVMVerifyModule(
                self.module,
                LLVMVerifierFailureAction::LLVMReturnStatusAction,
                &mut message,
            );
            let text = CStr::from_ptr(message).to_string_lossy().into_owned();
            LLVMDisposeMessage(message);
            assert_eq!(broken, 0, "module does not verify: {text}\n{}", self.text());
        }
    }

    fn text(&self) -> String {
        // SAFETY: the module is live; the string is disposed.
        unsafe {
            let s = LLVMPrintModuleToString(self.module);
            let text = CStr::from_ptr(s).to_string_lossy().into_owned();
            LLVMDisposeMessage(s);
            text
        }
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        // SAFETY: we own both; the module goes before its context.
        unsafe {
            LLVMDisposeModule(self.module);
            LLVMContextDispose(self.context);
        }
    }
}

/// The blocks of `f` whose names are in `names`, in layout order.
fn blocks_named(f: LLVMValueRef, names: &[&str]) -> Vec<LLVMBasicBlockRef> {
    let mut out = Vec::new();
    // SAFETY: `f` is a live function.
    unsafe {
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            let name = CStr::from_ptr(LLVMGetBasicBlockName(bb)).to_string_lossy();
            if names.contains(&name.as_ref()) {
                out.push(bb);
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
    }
    assert_eq!(out.len(), names.len(), "blocks {names:?}");
    out
}

fn block_count(f: LLVMValueRef) -> u32 {
    // SAFETY: `f` is a live function.
    unsafe { LLVMCountBasicBlocks(f) }
}

/// The reproducer: an unreachable two-block cycle. Deleting `%u1`
/// alone would free it while `%u2`'s branch still uses it.
#[test]
fn a_cycle_of_dead_blocks_is_deleted_as_a_group() {
    let m = Module::parse(
        "define i32 @g(i32 %x) {
entry:
  ret i32 %x
u1:
  br label %u2
u2:
  br label %u1
}",
    );
    let f = m.function("g");
    let dead = blocks_named(f, &["u1", "u2"]);
    // SAFETY: both blocks are live, dead and of `f`; no live phi names them.
    let result = unsafe { delete::delete_dead_blocks(&dead) };
    assert_eq!(result, Ok(()));
    assert_eq!(block_count(f), 1);
    m.assert_verifies();
}

/// Values defined in one dead block and used in another (a phi and an add
/// on a cycle), in both directions: after the group goes, nothing is left
/// pointing at them.
#[test]
fn values_used_across_the_group_go_with_it() {
    let m = Module::parse(
        "define i32 @f(i32 %x) {
entry:
  br i1 false, label %dead.a, label %exit
dead.a:
  %p = phi i32 [ %x, %entry ], [ %s, %dead.b ]
  br label %dead.b
dead.b:
  %s = add i32 %p, 1
  br label %dead.a
exit:
  ret i32 %x
}",
    );
    let f = m.function("f");
    let dead = blocks_named(f, &["dead.a", "dead.b"]);
    // The caller's part: the live branch no longer names %dead.a.
    // SAFETY: `entry` ends in a conditional branch; the new one replaces it.
    unsafe {
        let entry = LLVMGetEntryBasicBlock(f);
        let exit = blocks_named(f, &["exit"])[0];
        let old = LLVMGetBasicBlockTerminator(entry);
        let builder = LLVMCreateBuilderInContext(m.context);
        LLVMPositionBuilderBefore(builder, old);
        LLVMBuildBr(builder, exit);
        LLVMDisposeBuilder(builder);
        delete::erase_unused(old);
    }
    // SAFETY: the group is dead and no live phi names it.
    let result = unsafe { delete::delete_dead_blocks(&dead) };
    assert_eq!(result, Ok(()));
    assert_eq!(block_count(f), 2);
    m.assert_verifies();
}

/// The caller forgot to rewrite a live branch: refused, and nothing of the
/// group is deleted (the module is unchanged and still verifies).
#[test]
fn a_dead_block_still_branched_to_from_live_code_is_refused() {
    let m = Module::parse(
        "define i32 @f(i1 %c) {
entry:
  br i1 %c, label %dead.a, label %exit
dead.a:
  br label %dead.b
dead.b:
  br label %dead.a
exit:
  ret i32 0
}",
    );
    let f = m.function("f");
    let before = m.text();
    let dead = blocks_named(f, &["dead.a", "dead.b"]);
    // SAFETY: the blocks are live; the function must refuse.
    let result = unsafe { delete::delete_dead_blocks(&dead) };
    let err = result.expect_err("a live branch still uses %dead.a");
    assert_eq!(err.block, dead[0]);
    // SAFETY: the refused call deleted nothing, so the handles are live.
    unsafe {
        assert_eq!(
            err.user,
            LLVMGetBasicBlockTerminator(LLVMGetEntryBasicBlock(f))
        );
    }
    assert_eq!(block_count(f), 4);
    assert_eq!(m.text(), before);
    m.assert_verifies();
}

/// A dead self-loop whose phi uses itself, and an empty group.
#[test]
fn a_dead_self_loop_and_an_empty_group() {
    let m = Module::parse(
        "define void @f() {
entry:
  ret void
loop:
  %i = phi i32 [ %j, %loop ]
  %j = add i32 %i, 1
  br label %loop
}",
    );
    let f = m.function("f");
    // SAFETY: an empty group deletes nothing.
    assert_eq!(unsafe { delete::delete_dead_blocks(&[]) }, Ok(()));
    assert_eq!(block_count(f), 2);
    let dead = blocks_named(f, &["loop"]);
    // SAFETY: the block is dead and only it uses its values.
    assert_eq!(unsafe { delete::delete_dead_blocks(&dead) }, Ok(()));
    assert_eq!(block_count(f), 1);
    m.assert_verifies();
}

/// `replace_and_erase` moves every use to the replacement;
/// `erase_with_poison` leaves poison in the users it had.
#[test]
fn instructions_are_replaced_before_they_are_erased() {
    let m = Module::parse(
        "define i32 @f(i32 %x) {
entry:
  %a = add i32 %x, 0
  %b = mul i32 %a, %a
  %c = sub i32 %b, 1
  %d = xor i32 %c, %a
  ret i32 %d
}",
    );
    let f = m.function("f");
    // SAFETY: the instructions are live and named in the IR above.
    unsafe {
        let entry = LLVMGetEntryBasicBlock(f);
        let a = LLVMGetFirstInstruction(entry);
        let c = LLVMGetNextInstruction(LLVMGetNextInstruction(a));
        delete::replace_and_erase(a, LLVMGetParam(f, 0));
        delete::erase_with_poison(c);
    }
    m.assert_verifies();
    let text = m.text();
    assert!(text.contains("%b = mul i32 %x, %x"), "{text}");
    assert!(text.contains("%d = xor i32 poison, %x"), "{text}");
    assert!(!text.contains("%a ="), "{text}");
    assert!(!text.contains("%c ="), "{text}");
}
