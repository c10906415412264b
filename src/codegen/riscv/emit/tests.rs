use super::*;
use crate::codegen::riscv::mir::MBlock;
use crate::codegen::riscv::{allocate, layout, RegAlloc};

/// `entry(x in a0, y on the stack); call g(); tail h(y in a0, x on the
/// stack)`, allocated by `regalloc` and emitted.
fn tail_call_after_call(regalloc: RegAlloc) -> String {
    let mut f = MFunction::new("t");
    let x = f.new_vreg(Class::Int);
    let y = f.new_vreg(Class::Int);
    f.blocks = vec![MBlock {
        insts: vec![
            Inst::Entry {
                params: vec![(x, ArgLoc::IntReg(0)), (y, ArgLoc::Stack(0))],
            },
            Inst::Call {
                callee: Callee::Direct("g".into()),
                args: vec![],
                rets: vec![],
            },
            Inst::TailCall {
                callee: Callee::Direct("h".into()),
                args: vec![(y, ArgLoc::IntReg(0)), (x, ArgLoc::Stack(0))],
            },
        ],
    }];
    let (mut code, spill_slots) = allocate(&f, regalloc).unwrap();
    crate::codegen::riscv::checker::check(&f, &code, spill_slots).unwrap();
    let order = layout::layout(&mut code, &[]);
    let mut out = String::new();
    emit_function(&mut out, &f, &code, &order, spill_slots, ".LBB0", &|_| true);
    out
}

/// The lines of `asm` that are instructions.
fn insts(asm: &str) -> Vec<&str> {
    asm.lines()
        .filter(|l| l.starts_with('\t') && !l.starts_with("\t."))
        .map(str::trim)
        .collect()
}

#[test]
fn tail_call_moves_arguments_then_pops_the_frame_then_jumps() {
    for regalloc in [RegAlloc::LinearScan, RegAlloc::GraphColor] {
        let asm = tail_call_after_call(regalloc);
        let lines = insts(&asm);
        let size: i64 = lines[0]
            .strip_prefix("addi sp, sp, -")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no frame: {asm}"));
        let at = |want: &str| {
            lines
                .iter()
                .position(|l| *l == want)
                .unwrap_or_else(|| panic!("no `{want}` in {asm}"))
        };
        let pop = at(&format!("addi sp, sp, {size}"));
        let restore_ra = lines[..pop]
            .iter()
            .rposition(|l| l.starts_with("ld ra, "))
            .unwrap_or_else(|| panic!("ra not restored: {asm}"));
        // x (kept in a callee-saved register across the call) goes to
        // the incoming stack argument's place, y to a0, both before the
        // epilogue; the jump is the last instruction.
        let stack_arg = lines
            .iter()
            .position(|l| l.starts_with("sd s") && l.ends_with(&format!(", {size}(sp)")))
            .unwrap_or_else(|| panic!("no store to the incoming area: {asm}"));
        let a0 = lines
            .iter()
            .rposition(|l| l.starts_with("mv a0, ") || l.starts_with("ld a0, "))
            .unwrap_or_else(|| panic!("a0 not set: {asm}"));
        assert!(at("call g") < stack_arg && stack_arg < restore_ra, "{asm}");
        assert!(at("call g") < a0 && a0 < restore_ra, "{asm}");
        assert_eq!(pop + 1, lines.len() - 1, "{asm}");
        assert_eq!(lines.last(), Some(&"tail h"), "{asm}");
        assert!(!lines.contains(&"ret"), "{asm}");
    }
}

#[test]
fn indirect_tail_call_jumps_through_t4() {
    let mut f = MFunction::new("t");
    let p = f.new_vreg(Class::Int);
    f.blocks = vec![MBlock {
        insts: vec![
            Inst::Entry {
                params: vec![(p, ArgLoc::IntReg(0))],
            },
            Inst::TailCall {
                callee: Callee::Indirect(p),
                args: vec![(p, ArgLoc::IntReg(0))],
            },
        ],
    }];
    let (mut code, spill_slots) = allocate(&f, RegAlloc::GraphColor).unwrap();
    let order = layout::layout(&mut code, &[]);
    let mut out = String::new();
    emit_function(&mut out, &f, &code, &order, spill_slots, ".LBB0", &|_| true);
    assert_eq!(insts(&out), vec!["mv t4, a0", "jr t4"], "{out}");
}
