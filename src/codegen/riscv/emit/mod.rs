//! Assembly emission (GNU `as` syntax) of an allocated function, in the
//! frame `frame` lays out.
//!
//! Emission expands the ABI pseudo-instructions: `Entry`, `Call`,
//! `TailCall` and `Ret` move values between ABI places and allocated
//! locations. Register to register moves there form a parallel copy,
//! sequentialised by `out_of_ssa::sequentialize` with a scratch register:
//! stores to memory are done first (while every source is intact), then
//! register moves, then loads from slots into registers (no register source
//! is needed any more). Offsets beyond 12 bits go through t6.

use std::fmt::Write;

use crate::codegen::riscv::abi::{self, PReg};
use crate::codegen::riscv::atomic_seq::{FrameValue, Seq};
use crate::codegen::riscv::linear_scan::{Loc, PInst};
use crate::codegen::riscv::mir::{ArgLoc, Base, Callee, Class, Inst, MFunction};
use crate::codegen::riscv::out_of_ssa::sequentialize;
use crate::codegen::riscv::switch_plan;

mod frame;

use frame::{layout, Frame};

/// Quotes a symbol name for `as` when it is not a plain identifier.
pub fn sym(name: &str) -> String {
    let plain = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$');
    if plain {
        name.to_string()
    } else {
        format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
    }
}

/// A register, or memory at `sp + offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Reg(PReg),
    Mem(&'static str, i64),
}

/// The class of the value an ABI location carries.
fn f_class(a: ArgLoc) -> Class {
    match a {
        ArgLoc::FloatReg(_) => Class::Float,
        _ => Class::Int,
    }
}

struct Emitter<'a> {
    out: &'a mut String,
    frame: Frame,
    label: String,
    defined: &'a dyn Fn(&str) -> bool,
    /// base register of frame accesses: sp, or s0 when sp moves
    fp: &'static str,
    /// local labels made so far (`local_label`)
    locals: usize,
}

fn reg(l: Loc) -> &'static str {
    match l {
        Loc::Reg(p) => abi::name(p),
        Loc::Spill(_) => unreachable!("rewrite leaves no slot operand here"),
    }
}

impl Emitter<'_> {
    fn line(&mut self, s: &str) {
        self.out.push('\t');
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// `op r, off(base)`, going through t6 when `off` needs more than 12 bits.
    fn mem(&mut self, op: &str, r: &str, off: i64, base: &str) {
        if (-2048..2048).contains(&off) {
            self.line(&format!("{op} {r}, {off}({base})"));
        } else {
            self.line(&format!("li t6, {off}"));
            self.line(&format!("add t6, {base}, t6"));
            self.line(&format!("{op} {r}, 0(t6)"));
        }
    }

    /// `rd = base + off` for any offset.
    fn addi(&mut self, rd: &str, base: &str, off: i64) {
        if (-2048..2048).contains(&off) {
            self.line(&format!("addi {rd}, {base}, {off}"));
        } else {
            self.line(&format!("li t6, {off}"));
            self.line(&format!("add {rd}, {base}, t6"));
        }
    }

    fn spill_off(&self, s: u32) -> i64 {
        self.frame.spill_base + 8 * s as i64
    }

    fn load_op(p: PReg) -> &'static str {
        if abi::class_of(p) == Class::Int {
            "ld"
        } else {
            "fld"
        }
    }

    fn store_op(p: PReg) -> &'static str {
        if abi::class_of(p) == Class::Int {
            "sd"
        } else {
            "fsd"
        }
    }

    fn mv(&mut self, d: PReg, s: PReg) {
        if d != s {
            let op = if abi::class_of(d) == Class::Int {
                "mv"
            } else {
                "fmv.d"
            };
            self.line(&format!("{op} {}, {}", abi::name(d), abi::name(s)));
        }
    }

    /// Moves a value from a location into register `d`.
    fn get(&mut self, d: PReg, l: Loc) {
        match l {
            Loc::Reg(p) => self.mv(d, p),
            Loc::Spill(s) => {
                let off = self.spill_off(s);
                let fp = self.fp;
                self.mem(Self::load_op(d), abi::name(d), off, fp);
            }
        }
    }

    /// The parallel move `dst_i := src_i` between registers, per class.
    fn parallel_move(&mut self, moves: &[(PReg, PReg)]) {
        for (class, temp) in [(Class::Int, abi::T5), (Class::Float, abi::FT10)] {
            let mine: Vec<(PReg, PReg)> = moves
                .iter()
                .copied()
                .filter(|(d, _)| abi::class_of(*d) == class)
                .collect();
            for (d, s) in sequentialize(&mine, temp) {
                self.mv(d, s);
            }
        }
    }

    fn prologue(&mut self, f: &MFunction) {
        let size = self.frame.size;
        if size == 0 {
            return;
        }
        if size <= 2048 {
            self.line(&format!("addi sp, sp, -{size}"));
        } else {
            self.line(&format!("li t6, {size}"));
            self.line("sub sp, sp, t6");
        }
        for (p, off) in self.frame.saves.clone() {
            self.mem(Self::store_op(p), abi::name(p), off, "sp");
        }
        if f.dynamic_stack {
            self.line("mv s0, sp");
        }
        if let (Some(va), Some(v)) = (self.frame.va_area, f.varargs) {
            for i in v.int_regs_used..8 {
                self.mem("sd", abi::name(abi::A0 + i), va + 8 * i as i64, "sp");
            }
        }
    }

    /// Restores the saved registers (ra among them when the function
    /// calls) and pops the frame: `sp` is back at its value on entry.
    fn pop_frame(&mut self) {
        if self.fp == "s0" {
            self.line("mv sp, s0");
        }
        for (p, off) in self.frame.saves.clone() {
            self.mem(Self::load_op(p), abi::name(p), off, "sp");
        }
        let size = self.frame.size;
        if size > 0 && size < 2048 {
            self.line(&format!("addi sp, sp, {size}"));
        } else if size > 0 {
            self.line(&format!("li t6, {size}"));
            self.line("add sp, sp, t6");
        }
    }

    /// `llvm.returnaddress(0)`: ra where the prologue saved it, or ra
    /// itself in a function without calls (nothing else writes ra: it is
    /// never allocated). `llvm.frameaddress(0)`: the stack pointer at
    /// entry, where LLVM's RISC-V back end points s0.
    fn frame_value(&mut self, what: FrameValue, rd: &str) {
        let fp = self.fp;
        match what {
            FrameValue::ReturnAddress => match self.frame.saves.iter().find(|s| s.0 == abi::RA) {
                Some(&(_, off)) => self.mem("ld", rd, off, fp),
                None => self.line(&format!("mv {rd}, ra")),
            },
            FrameValue::FrameAddress => {
                let size = self.frame.size;
                self.addi(rd, fp, size);
            }
        }
    }

    /// A location as a `Place` (spill slots are sp-relative memory).
    fn place(&self, l: Loc) -> Place {
        match l {
            Loc::Reg(p) => Place::Reg(p),
            Loc::Spill(s) => Place::Mem(self.fp, self.spill_off(s)),
        }
    }

    /// An ABI location as a `Place`; `incoming` stack arguments are above
    /// this frame, outgoing ones at the bottom of it.
    fn abi_place(&self, a: ArgLoc, incoming: bool) -> Place {
        match (abi::arg_reg(a), a) {
            (Some(p), _) => Place::Reg(p),
            (None, ArgLoc::Stack(off)) if incoming => {
                Place::Mem(self.fp, off as i64 + self.frame.size)
            }
            (None, ArgLoc::Stack(off)) => Place::Mem("sp", off as i64),
            _ => unreachable!(),
        }
    }

    /// Performs the parallel move `dst_i := src_i`. Memory destinations are
    /// written first (every source still intact; memory-to-memory goes
    /// through t5), then registers from registers (sequentialised), then
    /// registers from memory. Memory destinations never overlap memory
    /// sources in our uses (spill slots vs argument areas). Integer values
    /// in memory are 8 bytes, floats are moved as doubles (NaN-boxing kept).
    fn shuffle(&mut self, moves: &[(Place, Place, Class)]) {
        for &(d, s, c) in moves {
            if let Place::Mem(dbase, doff) = d {
                let r = match s {
                    Place::Reg(p) => p,
                    Place::Mem(sbase, soff) => {
                        let t = if c == Class::Int { abi::T5 } else { abi::FT10 };
                        self.mem(Self::load_op(t), abi::name(t), soff, sbase);
                        t
                    }
                };
                self.mem(Self::store_op(r), abi::name(r), doff, dbase);
            }
        }
        let regs: Vec<(PReg, PReg)> = moves
            .iter()
            .filter_map(|&(d, s, _)| match (d, s) {
                (Place::Reg(d), Place::Reg(s)) => Some((d, s)),
                _ => None,
            })
            .collect();
        self.parallel_move(&regs);
        for &(d, s, _) in moves {
            if let (Place::Reg(d), Place::Mem(sbase, soff)) = (d, s) {
                self.mem(Self::load_op(d), abi::name(d), soff, sbase);
            }
        }
    }

    fn entry(&mut self, params: &[(Loc, ArgLoc)]) {
        let moves: Vec<_> = params
            .iter()
            .map(|&(l, a)| (self.place(l), self.abi_place(a, true), f_class(a)))
            .collect();
        self.shuffle(&moves);
    }

    fn call(&mut self, callee: &Callee<Loc>, args: &[(Loc, ArgLoc)], rets: &[(Loc, ArgLoc)]) {
        if let Callee::Indirect(l) = callee {
            self.get(abi::T4, *l);
        }
        let moves: Vec<_> = args
            .iter()
            .map(|&(l, a)| (self.abi_place(a, false), self.place(l), f_class(a)))
            .collect();
        self.shuffle(&moves);
        match callee {
            Callee::Direct(name) => self.line(&format!("call {}", sym(name))),
            Callee::Indirect(_) => self.line("jalr t4"),
        }
        let moves: Vec<_> = rets
            .iter()
            .map(|&(l, a)| (self.place(l), self.abi_place(a, false), f_class(a)))
            .collect();
        self.shuffle(&moves);
    }

    /// A guaranteed tail call, as LLVM's RISC-V back end emits
    /// `PseudoTAIL` (`RISCVISelLowering.cpp` `LowerCall` with `IsTailCall`,
    /// the epilogue `RISCVFrameLowering::emitEpilogue` inserts before it):
    /// the arguments go to their ABI places while the frame still holds
    /// every source (stack arguments into this function's own incoming
    /// area, which no source occupies: parameters were moved out of it by
    /// `Entry`), then the frame is popped and control jumps to the callee
    /// with ra untouched, so the callee returns to this function's caller.
    /// An indirect target waits in t4, neither callee-saved (the epilogue
    /// would overwrite it) nor an argument register, and not used by the
    /// moves (t5, ft10) or the epilogue (t6).
    fn tail_call(&mut self, callee: &Callee<Loc>, args: &[(Loc, ArgLoc)]) {
        if let Callee::Indirect(l) = callee {
            self.get(abi::T4, *l);
        }
        let moves: Vec<_> = args
            .iter()
            .map(|&(l, a)| (self.abi_place(a, true), self.place(l), f_class(a)))
            .collect();
        self.shuffle(&moves);
        self.pop_frame();
        match callee {
            Callee::Direct(name) => self.line(&format!("tail {}", sym(name))),
            Callee::Indirect(_) => self.line("jr t4"),
        }
    }

    fn block_label(&self, b: usize) -> String {
        format!("{}_{b}", self.label)
    }

    /// A fresh label inside the function (switch trees and tables).
    fn local_label(&mut self) -> String {
        self.locals += 1;
        format!("{}_sw{}", self.label, self.locals)
    }

    /// Emits a switch plan (`switch_plan`) on register `v`: trees of `blt`
    /// on pivots, cases as `beq`, tables as a bounds check and an indirect
    /// jump through 32-bit offsets from the table (position independent;
    /// the assembler turns the label differences into ADD32/SUB32
    /// relocations, which survive linker relaxation).
    fn switch(
        &mut self,
        plan: &switch_plan::Plan,
        v: &str,
        (s1, s2): (&str, &str),
        default: usize,
        next: Option<usize>,
    ) {
        use switch_plan::{Cluster, Plan};
        match plan {
            Plan::Split { pivot, below, rest } => {
                let low = self.local_label();
                self.line(&format!("li {s1}, {pivot}"));
                self.line(&format!("blt {v}, {s1}, {low}"));
                self.switch(rest, v, (s1, s2), default, None);
                let _ = writeln!(self.out, "{low}:");
                self.switch(below, v, (s1, s2), default, next);
            }
            Plan::Linear(clusters) => {
                for c in clusters {
                    match c {
                        Cluster::Case(0, b) => {
                            self.line(&format!("beqz {v}, {}", self.block_label(*b)))
                        }
                        Cluster::Case(x, b) => {
                            self.line(&format!("li {s1}, {x}"));
                            self.line(&format!("beq {v}, {s1}, {}", self.block_label(*b)));
                        }
                        Cluster::Table { first, targets } => {
                            let (table, after) = (self.local_label(), self.local_label());
                            if (-2047..=2048).contains(first) {
                                self.line(&format!("addi {s1}, {v}, {}", -first));
                            } else {
                                self.line(&format!("li {s1}, {first}"));
                                self.line(&format!("sub {s1}, {v}, {s1}"));
                            }
                            self.line(&format!("li {s2}, {}", targets.len() - 1));
                            self.line(&format!("bltu {s2}, {s1}, {after}"));
                            self.line(&format!("slli {s1}, {s1}, 2"));
                            self.line(&format!("lla {s2}, {table}"));
                            self.line(&format!("add {s1}, {s1}, {s2}"));
                            self.line(&format!("lw {s1}, 0({s1})"));
                            self.line(&format!("add {s1}, {s1}, {s2}"));
                            self.line(&format!("jr {s1}"));
                            self.line(".p2align 2");
                            let _ = writeln!(self.out, "{table}:");
                            for t in targets {
                                self.line(&format!(".word {}-{table}", self.block_label(*t)));
                            }
                            let _ = writeln!(self.out, "{after}:");
                        }
                    }
                }
                if next != Some(default) {
                    self.line(&format!("j {}", self.block_label(default)));
                }
            }
        }
    }

    fn inst(&mut self, f: &MFunction, i: &Inst<Loc>, next: Option<usize>) {
        match i {
            Inst::Op { op, rd, rs1, rs2 } => {
                self.line(&format!("{op} {}, {}, {}", reg(*rd), reg(*rs1), reg(*rs2)))
            }
            Inst::OpImm { op, rd, rs1, imm } => {
                self.line(&format!("{op} {}, {}, {imm}", reg(*rd), reg(*rs1)))
            }
            Inst::Unary { op, rd, rs, rm } => match rm {
                Some(m) => self.line(&format!("{op} {}, {}, {m}", reg(*rd), reg(*rs))),
                None => self.line(&format!("{op} {}, {}", reg(*rd), reg(*rs))),
            },
            Inst::Fma {
                op,
                rd,
                rs1,
                rs2,
                rs3,
            } => self.line(&format!(
                "{op} {}, {}, {}, {}",
                reg(*rd),
                reg(*rs1),
                reg(*rs2),
                reg(*rs3)
            )),
            Inst::Li { rd, imm } => self.line(&format!("li {}, {imm}", reg(*rd))),
            Inst::La { rd, sym: s, off } => {
                let r = reg(*rd);
                if (self.defined)(s) {
                    let target = if *off == 0 {
                        sym(s)
                    } else {
                        format!("{}{:+}", sym(s), off)
                    };
                    self.line(&format!("lla {r}, {target}"));
                } else {
                    // Through the GOT, whose entries take no addend: the
                    // offset is added afterwards (with a scratch register
                    // other than rd when it does not fit an addi).
                    self.line(&format!("la {r}, {}", sym(s)));
                    if (-2048..2048).contains(off) && *off != 0 {
                        self.line(&format!("addi {r}, {r}, {off}"));
                    } else if *off != 0 {
                        let t = if *rd == Loc::Reg(abi::T6) {
                            abi::T5
                        } else {
                            abi::T6
                        };
                        let t = abi::name(t);
                        self.line(&format!("li {t}, {off}"));
                        self.line(&format!("add {r}, {r}, {t}"));
                    }
                }
            }
            Inst::Mv { rd, rs } => {
                if let (Loc::Reg(d), Loc::Reg(s)) = (rd, rs) {
                    self.mv(*d, *s)
                }
            }
            Inst::Load { op, rd, base, off } => {
                let (b, o) = self.base(base, *off);
                self.mem(op, reg(*rd), o, &b);
            }
            Inst::Store { op, src, base, off } => {
                let (b, o) = self.base(base, *off);
                self.mem(op, reg(*src), o, &b);
            }
            Inst::FrameAddr { rd, slot, off } => {
                let o = self.frame.slot_off[*slot as usize] + off;
                self.addi(reg(*rd), self.fp, o);
            }
            Inst::Call { callee, args, rets } => self.call(callee, args, rets),
            Inst::Entry { params } => self.entry(params),
            Inst::VaStart { rd } => {
                let v = f.varargs.expect("VaStart only in variadic functions");
                let o = self.frame.va_area.unwrap() + 8 * v.int_regs_used as i64;
                self.addi(reg(*rd), self.fp, o);
            }
            Inst::StackSave { rd } => self.line(&format!("mv {}, sp", reg(*rd))),
            Inst::StackRestore { rs } => self.line(&format!("mv sp, {}", reg(*rs))),
            Inst::DynAlloca { rd, size } => {
                self.line(&format!("addi t6, {}, 15", reg(*size)));
                self.line("andi t6, t6, -16");
                self.line("sub sp, sp, t6");
                self.addi(reg(*rd), "sp", self.frame.out_size);
            }
            Inst::Ret { vals } => {
                let moves: Vec<_> = vals
                    .iter()
                    .map(|&(l, a)| (self.abi_place(a, false), self.place(l), f_class(a)))
                    .collect();
                self.shuffle(&moves);
                self.pop_frame();
                self.line("ret");
            }
            Inst::TailCall { callee, args } => self.tail_call(callee, args),
            Inst::Jump { target } => {
                if next != Some(*target) {
                    self.line(&format!("j {}", self.block_label(*target)));
                }
            }
            Inst::Branch {
                op,
                rs1,
                rs2,
                taken,
                not_taken,
            } => {
                let b = rs2.map(reg).unwrap_or("zero");
                let (op, t, nt) = if next == Some(*taken) && next != Some(*not_taken) {
                    let inv = match *op {
                        "beq" => "bne",
                        "bne" => "beq",
                        "blt" => "bge",
                        "bge" => "blt",
                        "bltu" => "bgeu",
                        _ => "bltu",
                    };
                    (inv, *not_taken, *taken)
                } else {
                    (*op, *taken, *not_taken)
                };
                self.line(&format!("{op} {}, {b}, {}", reg(*rs1), self.block_label(t)));
                if next != Some(nt) {
                    self.line(&format!("j {}", self.block_label(nt)));
                }
            }
            Inst::Switch {
                val,
                cases,
                default,
            } => {
                let plan = switch_plan::plan(switch_plan::clusters(cases, *default));
                let v = reg(*val);
                // Two scratch registers other than the (possibly reloaded) value.
                let mut free = ["t6", "t5", "t4"].into_iter().filter(|&r| r != v);
                let scratch = (free.next().unwrap(), free.next().unwrap());
                self.switch(&plan, v, scratch, *default, next);
            }
            Inst::Unreachable => self.line("unimp"),
            Inst::IndirectJump { rs, .. } => self.line(&format!("jr {}", reg(*rs))),
            Inst::Seq { seq, defs, .. } if matches!(**seq, Seq::FrameValue(_)) => {
                let Seq::FrameValue(what) = **seq else {
                    unreachable!()
                };
                self.frame_value(what, reg(defs[0]));
            }
            Inst::Seq { seq, defs, uses } => {
                let defs: Vec<&str> = defs.iter().map(|l| reg(*l)).collect();
                let uses: Vec<&str> = uses.iter().map(|l| reg(*l)).collect();
                for l in super::atomic_seq::expand(seq, &defs, &uses) {
                    self.line(&l);
                }
            }
        }
    }

    fn base(&self, b: &Base<Loc>, off: i64) -> (String, i64) {
        match b {
            Base::Reg(l) => (reg(*l).to_string(), off),
            Base::Slot(s) => (self.fp.to_string(), self.frame.slot_off[*s as usize] + off),
        }
    }
}

/// Appends the assembly of one allocated function to `out`, its blocks in
/// `order` (`layout`; blocks left out are not emitted). `label` is a
/// module-unique prefix for block labels; `defined` tells whether a symbol
/// is defined in this module (`lla`) or not (`la`).
pub fn emit_function(
    out: &mut String,
    f: &MFunction,
    code: &[Vec<PInst>],
    order: &[usize],
    spill_slots: u32,
    label: &str,
    defined: &dyn Fn(&str) -> bool,
) {
    let frame = layout(f, code, spill_slots);
    let name = sym(&f.name);
    let _ = writeln!(out, "\t.text\n\t.p2align 2");
    if f.global {
        let _ = writeln!(out, "\t.globl {name}");
    }
    let _ = writeln!(out, "\t.type {name}, @function\n{name}:");
    let fp = if f.dynamic_stack { "s0" } else { "sp" };
    let mut e = Emitter {
        out,
        frame,
        label: label.to_string(),
        defined,
        fp,
        locals: 0,
    };
    e.prologue(f);
    for (k, &b) in order.iter().enumerate() {
        let _ = writeln!(e.out, "{}:", e.block_label(b));
        for (_, l) in f.block_labels.iter().filter(|l| l.0 == b) {
            let _ = writeln!(e.out, "{l}:");
        }
        let next = order.get(k + 1).copied();
        for pi in &code[b] {
            match pi {
                PInst::Orig { phys, .. } => e.inst(f, phys, next),
                PInst::Reload { slot, reg, .. } => {
                    let off = e.spill_off(*slot);
                    let fp = e.fp;
                    e.mem(Emitter::load_op(*reg), abi::name(*reg), off, fp);
                }
                PInst::Spill { reg, slot, .. } => {
                    let off = e.spill_off(*slot);
                    let fp = e.fp;
                    e.mem(Emitter::store_op(*reg), abi::name(*reg), off, fp);
                }
            }
        }
    }
    let _ = writeln!(e.out, "\t.size {name}, .-{name}");
}

#[cfg(test)]
mod tests;
