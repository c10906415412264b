//! Fixed machine-code sequences for atomic operations: fences, AMOs and
//! LR/SC loops, expanded to assembly after register allocation.
//!
//! Sources: the RISC-V unprivileged ISA manual, "A" extension and Table A.6
//! ("Mappings from C/C++ primitives to RISC-V primitives"), and LLVM's
//! RISC-V back end, which follows it: `RISCVISelLowering.cpp`
//! (`emitLeadingFence`/`emitTrailingFence`, the masked atomic intrinsics)
//! and `RISCVExpandAtomicPseudoInsts.cpp` (the LR/SC loops). Each sequence
//! here is the one `llc -mtriple=riscv64-linux-gnu -mattr=+m,+a,+f,+d,+c`
//! emits for the same operation (register names aside); the unit tests
//! below pin them.
//!
//! A sequence is one `Inst::Seq` in machine IR: it reads `uses`, writes
//! `defs` (the results first, then temporaries). Every def may be written
//! before the last use is read (an LR/SC loop reads its address on every
//! iteration), so defs are *early clobbers*: liveness starts them at the
//! instruction's read position, and the allocator gives them registers
//! distinct from every use and from each other. Loops use GNU `as` numeric
//! local labels (`1:` … `1b`), so an expansion needs no unique names.
//!
//! Ordering bits of LR/SC (as LLVM's `getLRForRMW`/`getSCForRMW`):
//! acquire sets `.aq` on the LR, release `.rl` on the SC, seq_cst `.aqrl`
//! on the LR and `.rl` on the SC. AMOs take `.aq`/`.rl`/`.aqrl`.
//! Sub-word operations (i8, i16) work on the aligned 32-bit word holding
//! the field: mask and shifted operands are computed from the address
//! (`andi A, p, -4`, shift `8 * (p & 3)`), and the result is the word
//! shifted down (the caller re-extends it to the canonical form).

use super::mir::Class;

/// A C/C++ memory order (LLVM's `AtomicOrdering` without NotAtomic).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Order {
    /// unordered and monotonic
    Relaxed,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Order {
    /// The order a compare-and-swap loop needs for its success and failure
    /// orders together (LLVM's `getMergedAtomicOrdering`).
    pub fn merge(self, other: Order) -> Order {
        use Order::*;
        match (self.max(other), self.min(other)) {
            (Release, Acquire) => AcqRel,
            (m, _) => m,
        }
    }

    fn amo(self) -> &'static str {
        match self {
            Order::Relaxed => "",
            Order::Acquire => ".aq",
            Order::Release => ".rl",
            Order::AcqRel | Order::SeqCst => ".aqrl",
        }
    }

    fn lr(self) -> &'static str {
        match self {
            Order::Relaxed | Order::Release => "",
            Order::Acquire | Order::AcqRel => ".aq",
            Order::SeqCst => ".aqrl",
        }
    }

    fn sc(self) -> &'static str {
        match self {
            Order::Relaxed | Order::Acquire => "",
            _ => ".rl",
        }
    }

    /// The fence a `fence` instruction of this order becomes (Table A.6).
    pub fn fence(self) -> &'static str {
        match self {
            Order::Relaxed => "",
            Order::Acquire => "fence r, rw",
            Order::Release => "fence rw, w",
            Order::AcqRel => "fence.tso",
            Order::SeqCst => "fence rw, rw",
        }
    }

    /// Fences around an atomic load: (before, after).
    pub fn load_fences(self) -> (Option<Order>, Option<Order>) {
        match self {
            Order::SeqCst => (Some(Order::SeqCst), Some(Order::Acquire)),
            Order::Acquire | Order::AcqRel => (None, Some(Order::Acquire)),
            _ => (None, None),
        }
    }

    /// Fences around an atomic store: (before, after). LLVM 19 also puts
    /// `fence rw, rw` after a seq_cst store (the trailing-fence mapping).
    pub fn store_fences(self) -> (Option<Order>, Option<Order>) {
        match self {
            Order::SeqCst => (Some(Order::Release), Some(Order::SeqCst)),
            Order::Release | Order::AcqRel => (Some(Order::Release), None),
            _ => (None, None),
        }
    }
}

/// Read-modify-write operations done in an LR/SC loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    Nand,
    Max,
    Min,
    UMax,
    UMin,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seq {
    /// `fence`: no operands.
    Fence(Order),
    /// `amo<op>.{w,d} old, val, (addr)`: uses [addr, val], defs [old].
    Amo {
        op: &'static str,
        double: bool,
        order: Order,
    },
    /// i8/i16 `or`/`xor`/`and` as an AMO on the containing word: uses
    /// [addr, val], defs [old, A, S, V, M].
    MaskedAmo {
        op: &'static str,
        bits: u32,
        order: Order,
    },
    /// A full-word operation without an AMO (nand): uses [addr, val],
    /// defs [old, T].
    LrSc {
        op: RmwOp,
        double: bool,
        order: Order,
    },
    /// An i8/i16 operation in a masked loop: uses [addr, val], defs
    /// [old, A, S, M, V, T, T2, SH].
    MaskedLrSc { op: RmwOp, bits: u32, order: Order },
    /// Compare-and-swap: uses [addr, cmp, new], defs [old, ok, T].
    CmpXchg { double: bool, order: Order },
    /// i8/i16 compare-and-swap: uses [addr, cmp, new], defs
    /// [old, ok, A, S, M, C, N, T].
    MaskedCmpXchg { bits: u32, order: Order },
    /// Floating-point read-modify-write as a compare-and-swap loop (as
    /// LLVM's AtomicExpand, which keeps FP instructions out of the LR/SC
    /// loop): uses [addr, val (float)], defs [old (float), D, N, T, F].
    FloatRmw {
        op: &'static str,
        double: bool,
        order: Order,
    },
    /// The address of thread-local `sym` (not atomic, but a fixed sequence
    /// too): local-exec (`%tprel` relocations) or initial-exec (the offset
    /// loaded from the GOT, `la.tls.ie`), as the psABI's "Thread Local
    /// Storage" section gives them. Defs [address].
    TlsAddr { sym: String, local_exec: bool },
    /// General-dynamic thread-local access, first half: the GOT address
    /// of `sym`'s `tls_index` (`la.tls.gd`), which `isel` then passes to
    /// `__tls_get_addr` in an ordinary call (the psABI's "Thread Local
    /// Storage" section). Defs [GOT address].
    TlsGdIndex { sym: String },
    /// `ebreak` (`llvm.debugtrap`: a breakpoint, execution continues).
    Ebreak,
    /// The return address of this function (`llvm.returnaddress(0)`) or
    /// its frame address, the stack pointer at entry (`llvm.frameaddress(0)`,
    /// where LLVM's RISC-V back end points s0). Both depend on the frame
    /// layout, so `emit` expands them, not `expand`. Defs [value].
    FrameValue(FrameValue),
    /// GNU inline asm (`isel::inline_asm`): the template with `$N`
    /// references to `ops`; `ties` (def, use) copy a matching input into
    /// its output first. Defs are the outputs, uses the inputs.
    InlineAsm {
        template: String,
        ops: Vec<AsmOp>,
        ties: Vec<(usize, usize)>,
        clobbers_regs: bool,
    },
}

/// What `Seq::FrameValue` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameValue {
    ReturnAddress,
    FrameAddress,
}

/// An inline asm operand, as its template reference prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AsmOp {
    /// the register of def j
    Def(usize),
    /// the register of use j
    Use(usize),
    /// `0(reg)` of use j (`m`)
    Mem(usize),
    /// `(reg)` of use j (`A`)
    Addr(usize),
    Imm(i64),
}

/// The template with `$N`, `${N}` and `${N:mod}` replaced by their
/// operands and `$$` by `$` (LLVM's `AsmPrinter::PrintInlineAsm`); the
/// `z` modifier prints `zero` for the immediate 0.
fn substitute(template: &str, ops: &[AsmOp], defs: &[&str], uses: &[&str]) -> String {
    let show = |k: usize, modifier: Option<char>| match ops.get(k) {
        Some(AsmOp::Def(j)) => defs[*j].to_string(),
        Some(AsmOp::Use(j)) => uses[*j].to_string(),
        Some(AsmOp::Mem(j)) => format!("0({})", uses[*j]),
        Some(AsmOp::Addr(j)) => format!("({})", uses[*j]),
        Some(AsmOp::Imm(0)) if modifier == Some('z') => "zero".to_string(),
        Some(AsmOp::Imm(v)) => v.to_string(),
        None => format!("${k}"),
    };
    let mut out = String::new();
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '$' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some('$') => {
                chars.next();
                out.push('$');
            }
            Some('{') => {
                chars.next();
                let inner: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let (num, modifier) = match inner.split_once(':') {
                    Some((n, m)) => (n.to_string(), m.chars().next()),
                    None => (inner.clone(), None),
                };
                match num.parse::<usize>() {
                    Ok(k) => out.push_str(&show(k, modifier)),
                    Err(_) => out.push_str(&format!("${{{inner}}}")),
                }
            }
            Some(d) if d.is_ascii_digit() => {
                let mut num = String::new();
                while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    num.push(d);
                    chars.next();
                }
                out.push_str(&show(num.parse().unwrap(), None));
            }
            _ => out.push('$'),
        }
    }
    out
}

impl Seq {
    /// Register classes of the defs, results first.
    pub fn def_classes(&self) -> Vec<Class> {
        use Class::*;
        match self {
            Seq::Fence(_) => vec![],
            Seq::Amo { .. } => vec![Int],
            Seq::MaskedAmo { .. } => vec![Int; 5],
            Seq::LrSc { .. } => vec![Int; 2],
            Seq::MaskedLrSc { .. } => vec![Int; 8],
            Seq::CmpXchg { .. } => vec![Int; 3],
            Seq::MaskedCmpXchg { .. } => vec![Int; 8],
            Seq::FloatRmw { .. } => vec![Float, Int, Int, Int, Float],
            Seq::TlsAddr { .. } | Seq::TlsGdIndex { .. } | Seq::FrameValue(_) => vec![Int],
            Seq::Ebreak => vec![],
            Seq::InlineAsm { .. } => vec![], // the outputs' classes, set by isel
        }
    }

    /// How many of the defs are results (the rest are temporaries).
    pub fn results(&self) -> usize {
        match self {
            Seq::Fence(_) | Seq::Ebreak => 0,
            Seq::CmpXchg { .. } | Seq::MaskedCmpXchg { .. } => 2,
            _ => 1,
        }
    }
}

/// Lines computing `A` (aligned address), `S` (bit shift) and, when given,
/// `M` (the field mask at its place) from address `p`.
fn word_of(out: &mut Vec<String>, bits: u32, p: &str, a: &str, s: &str, m: Option<&str>) {
    out.push(format!("andi {a}, {p}, -4"));
    out.push(format!("slli {s}, {p}, 3"));
    if let Some(m) = m {
        out.push(format!("li {m}, {}", (1u64 << bits) - 1));
        out.push(format!("sllw {m}, {m}, {s}"));
    }
}

/// `d = zext(v) << s` for a `bits`-wide field.
fn shifted_field(out: &mut Vec<String>, bits: u32, v: &str, d: &str, s: &str) {
    if bits == 8 {
        out.push(format!("andi {d}, {v}, 255"));
    } else {
        out.push(format!("slli {d}, {v}, {}", 64 - bits));
        out.push(format!("srli {d}, {d}, {}", 64 - bits));
    }
    out.push(format!("sllw {d}, {d}, {s}"));
}

/// The assembly lines of `seq` with its defs and uses in the given registers.
pub fn expand(seq: &Seq, defs: &[&str], uses: &[&str]) -> Vec<String> {
    let mut o = Vec::new();
    let w = |double: bool| if double { "d" } else { "w" };
    if let Seq::InlineAsm {
        template,
        ops,
        ties,
        ..
    } = seq
    {
        for &(d, u) in ties {
            o.push(format!("mv {}, {}", defs[d], uses[u]));
        }
        o.push("#APP".into());
        // An empty template is only the markers, as LLVM's AsmPrinter
        // prints it (no blank line between them).
        if !template.is_empty() {
            o.extend(
                substitute(template, ops, defs, uses)
                    .split('\n')
                    .map(|l| l.trim_start_matches('\t').to_string()),
            );
        }
        o.push("#NO_APP".into());
        return o;
    }
    if let Seq::TlsAddr { sym, local_exec } = seq {
        let (s, d) = (super::emit::sym(sym), defs[0]);
        if *local_exec {
            o.push(format!("lui {d}, %tprel_hi({s})"));
            o.push(format!("add {d}, {d}, tp, %tprel_add({s})"));
            o.push(format!("addi {d}, {d}, %tprel_lo({s})"));
        } else {
            o.push(format!("la.tls.ie {d}, {s}"));
            o.push(format!("add {d}, {d}, tp"));
        }
        return o;
    }
    if let Seq::TlsGdIndex { sym } = seq {
        o.push(format!("la.tls.gd {}, {}", defs[0], super::emit::sym(sym)));
        return o;
    }
    match *seq {
        Seq::Fence(order) => {
            if !order.fence().is_empty() {
                o.push(order.fence().to_string());
            }
        }
        Seq::Amo { op, double, order } => {
            let (p, v, d) = (uses[0], uses[1], defs[0]);
            o.push(format!(
                "amo{op}.{}{} {d}, {v}, ({p})",
                w(double),
                order.amo()
            ));
        }
        Seq::MaskedAmo { op, bits, order } => {
            let (p, val) = (uses[0], uses[1]);
            let [d, a, s, v, m] = [defs[0], defs[1], defs[2], defs[3], defs[4]];
            let and = op == "and";
            word_of(&mut o, bits, p, a, s, and.then_some(m));
            if and {
                o.push(format!("not {m}, {m}"));
            }
            shifted_field(&mut o, bits, val, v, s);
            if and {
                o.push(format!("or {v}, {v}, {m}"));
            }
            o.push(format!("amo{op}.w{} {d}, {v}, ({a})", order.amo()));
            o.push(format!("srlw {d}, {d}, {s}"));
        }
        Seq::LrSc { op, double, order } => {
            let (p, v, d, t) = (uses[0], uses[1], defs[0], defs[1]);
            let w = w(double);
            debug_assert_eq!(op, RmwOp::Nand);
            o.push(format!("1: lr.{w}{} {d}, ({p})", order.lr()));
            o.push(format!("and {t}, {d}, {v}"));
            o.push(format!("not {t}, {t}"));
            o.push(format!("sc.{w}{} {t}, {t}, ({p})", order.sc()));
            o.push(format!("bnez {t}, 1b"));
        }
        Seq::MaskedLrSc { op, bits, order } => {
            let (p, val) = (uses[0], uses[1]);
            let [d, a, s, m, v, t, t2, sh] = [
                defs[0], defs[1], defs[2], defs[3], defs[4], defs[5], defs[6], defs[7],
            ];
            word_of(&mut o, bits, p, a, s, Some(m));
            let signed = matches!(op, RmwOp::Max | RmwOp::Min);
            if signed {
                // The operand stays sign-extended; SH = 64 - bits - shift
                // moves the field to the top of a register and back.
                o.push(format!("andi {sh}, {s}, 24"));
                o.push(format!("sllw {v}, {val}, {s}"));
                o.push(format!("li {t}, {}", 64 - bits));
                o.push(format!("sub {sh}, {t}, {sh}"));
            } else {
                shifted_field(&mut o, bits, val, v, s);
            }
            o.push(format!("1: lr.w{} {d}, ({a})", order.lr()));
            let merge = |o: &mut Vec<String>, t: &str| {
                o.push(format!("xor {t}, {t}, {d}"));
                o.push(format!("and {t}, {t}, {m}"));
                o.push(format!("xor {t}, {t}, {d}"));
            };
            match op {
                RmwOp::Xchg | RmwOp::Add | RmwOp::Sub | RmwOp::Nand => {
                    match op {
                        RmwOp::Xchg => o.push(format!("mv {t}, {v}")),
                        RmwOp::Add => o.push(format!("add {t}, {d}, {v}")),
                        RmwOp::Sub => o.push(format!("sub {t}, {d}, {v}")),
                        _ => {
                            o.push(format!("and {t}, {d}, {v}"));
                            o.push(format!("not {t}, {t}"));
                        }
                    }
                    merge(&mut o, t);
                    o.push(format!("sc.w{} {t}, {t}, ({a})", order.sc()));
                    o.push(format!("bnez {t}, 1b"));
                }
                _ => {
                    o.push(format!("and {t}, {d}, {m}"));
                    o.push(format!("mv {t2}, {d}"));
                    if signed {
                        o.push(format!("sll {t}, {t}, {sh}"));
                        o.push(format!("sra {t}, {t}, {sh}"));
                    }
                    // Keep the old value when it already satisfies the bound.
                    let keep = match op {
                        RmwOp::Max => format!("bge {t}, {v}, 2f"),
                        RmwOp::Min => format!("bge {v}, {t}, 2f"),
                        RmwOp::UMax => format!("bgeu {t}, {v}, 2f"),
                        _ => format!("bgeu {v}, {t}, 2f"),
                    };
                    o.push(keep);
                    o.push(format!("xor {t2}, {d}, {v}"));
                    o.push(format!("and {t2}, {t2}, {m}"));
                    o.push(format!("xor {t2}, {t2}, {d}"));
                    o.push(format!("2: sc.w{} {t2}, {t2}, ({a})", order.sc()));
                    o.push(format!("bnez {t2}, 1b"));
                }
            }
            o.push(format!("srlw {d}, {d}, {s}"));
        }
        Seq::CmpXchg { double, order } => {
            let (p, c, n) = (uses[0], uses[1], uses[2]);
            let (d, ok, t) = (defs[0], defs[1], defs[2]);
            let w = w(double);
            o.push(format!("1: lr.{w}{} {d}, ({p})", order.lr()));
            o.push(format!("bne {d}, {c}, 2f"));
            o.push(format!("sc.{w}{} {t}, {n}, ({p})", order.sc()));
            o.push(format!("bnez {t}, 1b"));
            o.push(format!("2: xor {t}, {c}, {d}"));
            o.push(format!("seqz {ok}, {t}"));
        }
        Seq::MaskedCmpXchg { bits, order } => {
            let (p, cmp, new) = (uses[0], uses[1], uses[2]);
            let [d, ok, a, s, m, c, n, t] = [
                defs[0], defs[1], defs[2], defs[3], defs[4], defs[5], defs[6], defs[7],
            ];
            word_of(&mut o, bits, p, a, s, Some(m));
            shifted_field(&mut o, bits, cmp, c, s);
            shifted_field(&mut o, bits, new, n, s);
            o.push(format!("1: lr.w{} {d}, ({a})", order.lr()));
            o.push(format!("and {t}, {d}, {m}"));
            o.push(format!("bne {t}, {c}, 2f"));
            o.push(format!("xor {t}, {d}, {n}"));
            o.push(format!("and {t}, {t}, {m}"));
            o.push(format!("xor {t}, {t}, {d}"));
            o.push(format!("sc.w{} {t}, {t}, ({a})", order.sc()));
            o.push(format!("bnez {t}, 1b"));
            o.push(format!("2: and {t}, {d}, {m}"));
            o.push(format!("xor {t}, {t}, {c}"));
            o.push(format!("seqz {ok}, {t}"));
            o.push(format!("srlw {d}, {d}, {s}"));
        }
        Seq::FloatRmw { op, double, order } => {
            let (p, v) = (uses[0], uses[1]);
            let [r, d, n, t, f] = [defs[0], defs[1], defs[2], defs[3], defs[4]];
            let w = w(double);
            o.push(format!("l{w} {d}, 0({p})"));
            o.push(format!("1: fmv.{w}.x {f}, {d}"));
            o.push(format!("{op} {f}, {f}, {v}"));
            o.push(format!("fmv.x.{w} {n}, {f}"));
            o.push(format!("2: lr.{w}{} {t}, ({p})", order.lr()));
            o.push(format!("bne {t}, {d}, 3f"));
            o.push(format!("sc.{w}{} {t}, {n}, ({p})", order.sc()));
            o.push(format!("bnez {t}, 2b"));
            o.push("j 4f".into());
            o.push(format!("3: mv {d}, {t}"));
            o.push("j 1b".into());
            o.push(format!("4: fmv.{w}.x {r}, {d}"));
        }
        Seq::TlsAddr { .. } | Seq::TlsGdIndex { .. } | Seq::InlineAsm { .. } => {
            unreachable!("expanded above")
        }
        Seq::Ebreak => o.push("ebreak".into()),
        Seq::FrameValue(_) => unreachable!("expanded by emit (it needs the frame layout)"),
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(seq: Seq, defs: &[&str], uses: &[&str]) -> String {
        let d = seq.def_classes().len();
        assert_eq!(d, defs.len(), "def count of {seq:?}");
        expand(&seq, defs, uses).join("\n")
    }

    #[test]
    fn inline_asm_operands_substitute() {
        let ops = vec![AsmOp::Def(0), AsmOp::Use(0), AsmOp::Mem(1), AsmOp::Imm(0)];
        assert_eq!(
            substitute("add $0, ${1}, ${3:z} # $$ $2", &ops, &["a0"], &["a1", "a2"]),
            "add a0, a1, zero # $ 0(a2)"
        );
    }

    #[test]
    fn fences_follow_table_a6() {
        assert_eq!(Order::Acquire.fence(), "fence r, rw");
        assert_eq!(Order::Release.fence(), "fence rw, w");
        assert_eq!(Order::AcqRel.fence(), "fence.tso");
        assert_eq!(Order::SeqCst.fence(), "fence rw, rw");
        assert_eq!(
            Order::SeqCst.load_fences(),
            (Some(Order::SeqCst), Some(Order::Acquire))
        );
        assert_eq!(Order::Acquire.load_fences(), (None, Some(Order::Acquire)));
        assert_eq!(Order::Relaxed.load_fences(), (None, None));
        assert_eq!(
            Order::SeqCst.store_fences(),
            (Some(Order::Release), Some(Order::SeqCst))
        );
        assert_eq!(Order::Release.store_fences(), (Some(Order::Release), None));
    }

    #[test]
    fn merged_orders_of_cmpxchg() {
        assert_eq!(Order::Release.merge(Order::Acquire), Order::AcqRel);
        assert_eq!(Order::Acquire.merge(Order::Relaxed), Order::Acquire);
        assert_eq!(Order::SeqCst.merge(Order::Relaxed), Order::SeqCst);
        assert_eq!(Order::Release.merge(Order::Relaxed), Order::Release);
    }

    // The expected texts are llc 19's output for the same IR (see
    // tests/lit/llc/atomics.ll), with our register names.

    #[test]
    fn amo_suffixes() {
        let amo = |order| Seq::Amo {
            op: "add",
            double: false,
            order,
        };
        assert_eq!(
            lines(amo(Order::SeqCst), &["a0"], &["a0", "a1"]),
            "amoadd.w.aqrl a0, a1, (a0)"
        );
        assert_eq!(
            lines(amo(Order::Relaxed), &["a0"], &["a0", "a1"]),
            "amoadd.w a0, a1, (a0)"
        );
        let swap = Seq::Amo {
            op: "swap",
            double: true,
            order: Order::Release,
        };
        assert_eq!(
            lines(swap, &["a0"], &["a0", "a1"]),
            "amoswap.d.rl a0, a1, (a0)"
        );
    }

    #[test]
    fn nand_loop() {
        let s = Seq::LrSc {
            op: RmwOp::Nand,
            double: false,
            order: Order::SeqCst,
        };
        assert_eq!(
            lines(s, &["a2", "a3"], &["a0", "a1"]),
            "1: lr.w.aqrl a2, (a0)\nand a3, a2, a1\nnot a3, a3\nsc.w.rl a3, a3, (a0)\nbnez a3, 1b"
        );
    }

    #[test]
    fn masked_add_i8() {
        let s = Seq::MaskedLrSc {
            op: RmwOp::Add,
            bits: 8,
            order: Order::SeqCst,
        };
        let got = lines(
            s,
            &["a4", "a2", "a0", "a3", "a1", "a5", "a6", "a7"],
            &["a0", "a1"],
        );
        // (llc also reuses the address and value registers for the shift
        // and the shifted operand; ours are early clobbers, so distinct.)
        assert_eq!(
            got,
            "andi a2, a0, -4\nslli a0, a0, 3\nli a3, 255\nsllw a3, a3, a0\n\
             andi a1, a1, 255\nsllw a1, a1, a0\n\
             1: lr.w.aqrl a4, (a2)\nadd a5, a4, a1\nxor a5, a5, a4\nand a5, a5, a3\n\
             xor a5, a5, a4\nsc.w.rl a5, a5, (a2)\nbnez a5, 1b\nsrlw a4, a4, a0"
        );
    }

    #[test]
    fn masked_max_i16() {
        let s = Seq::MaskedLrSc {
            op: RmwOp::Max,
            bits: 16,
            order: Order::SeqCst,
        };
        let got = lines(
            s,
            &["a3", "a6", "s0", "a7", "s1", "a4", "a2", "a5"],
            &["a0", "a1"],
        );
        assert_eq!(
            got,
            "andi a6, a0, -4\nslli s0, a0, 3\nli a7, 65535\nsllw a7, a7, s0\n\
             andi a5, s0, 24\nsllw s1, a1, s0\nli a4, 48\nsub a5, a4, a5\n\
             1: lr.w.aqrl a3, (a6)\nand a4, a3, a7\nmv a2, a3\nsll a4, a4, a5\n\
             sra a4, a4, a5\nbge a4, s1, 2f\nxor a2, a3, s1\nand a2, a2, a7\n\
             xor a2, a2, a3\n2: sc.w.rl a2, a2, (a6)\nbnez a2, 1b\nsrlw a3, a3, s0"
        );
    }

    #[test]
    fn masked_or_and_and_i8() {
        let or = Seq::MaskedAmo {
            op: "or",
            bits: 8,
            order: Order::Relaxed,
        };
        assert_eq!(
            lines(or, &["a1", "a2", "a0", "a3", "a4"], &["a5", "a6"]),
            "andi a2, a5, -4\nslli a0, a5, 3\nandi a3, a6, 255\nsllw a3, a3, a0\n\
             amoor.w a1, a3, (a2)\nsrlw a1, a1, a0"
        );
        let and = Seq::MaskedAmo {
            op: "and",
            bits: 8,
            order: Order::Relaxed,
        };
        assert_eq!(
            lines(and, &["a1", "a2", "a0", "a3", "a4"], &["a5", "a6"]),
            "andi a2, a5, -4\nslli a0, a5, 3\nli a4, 255\nsllw a4, a4, a0\nnot a4, a4\n\
             andi a3, a6, 255\nsllw a3, a3, a0\nor a3, a3, a4\n\
             amoand.w a1, a3, (a2)\nsrlw a1, a1, a0"
        );
    }

    #[test]
    fn cmpxchg_orders() {
        let cx = |order| Seq::CmpXchg {
            double: false,
            order,
        };
        assert_eq!(
            lines(cx(Order::SeqCst), &["a3", "a1", "a4"], &["a0", "a5", "a2"]),
            "1: lr.w.aqrl a3, (a0)\nbne a3, a5, 2f\nsc.w.rl a4, a2, (a0)\nbnez a4, 1b\n\
             2: xor a4, a5, a3\nseqz a1, a4"
        );
        let acq = expand(
            &cx(Order::Acquire),
            &["a3", "a1", "a4"],
            &["a0", "a5", "a2"],
        );
        assert_eq!(acq[0], "1: lr.w.aq a3, (a0)");
        assert_eq!(acq[2], "sc.w a4, a2, (a0)");
        let rel = expand(
            &cx(Order::Release),
            &["a3", "a1", "a4"],
            &["a0", "a5", "a2"],
        );
        assert_eq!(rel[0], "1: lr.w a3, (a0)");
        assert_eq!(rel[2], "sc.w.rl a4, a2, (a0)");
    }

    #[test]
    fn masked_cmpxchg_i8() {
        let s = Seq::MaskedCmpXchg {
            bits: 8,
            order: Order::SeqCst,
        };
        let got = lines(
            s,
            &["a5", "s1", "a6", "a0", "a4", "a1", "a2", "a3"],
            &["s2", "s3", "s4"],
        );
        assert_eq!(
            got,
            "andi a6, s2, -4\nslli a0, s2, 3\nli a4, 255\nsllw a4, a4, a0\n\
             andi a1, s3, 255\nsllw a1, a1, a0\nandi a2, s4, 255\nsllw a2, a2, a0\n\
             1: lr.w.aqrl a5, (a6)\nand a3, a5, a4\nbne a3, a1, 2f\nxor a3, a5, a2\n\
             and a3, a3, a4\nxor a3, a3, a5\nsc.w.rl a3, a3, (a6)\nbnez a3, 1b\n\
             2: and a3, a5, a4\nxor a3, a3, a1\nseqz s1, a3\nsrlw a5, a5, a0"
        );
    }

    #[test]
    fn float_add_is_a_cas_loop() {
        let s = Seq::FloatRmw {
            op: "fadd.s",
            double: false,
            order: Order::SeqCst,
        };
        let got = expand(&s, &["fa1", "a2", "a1", "a3", "fa4"], &["a0", "fa0"]);
        assert_eq!(got[0], "lw a2, 0(a0)");
        assert_eq!(got[2], "fadd.s fa4, fa4, fa0");
        assert_eq!(got[4], "2: lr.w.aqrl a3, (a0)");
        assert_eq!(got[6], "sc.w.rl a3, a1, (a0)");
        assert_eq!(got.last().unwrap(), "4: fmv.w.x fa1, a2");
    }
}
