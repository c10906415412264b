//! Machine IR: RV64GC instructions over virtual registers.
//!
//! An `MFunction` is a list of blocks in layout order; each block is a list
//! of `Inst<R>` whose last instruction is a terminator (`Jump`, `Branch`,
//! `Switch`, `Ret`, `Unreachable`, `IndirectJump`, `TailCall`). `R` is the
//! register type: `VReg` before
//! register allocation, `Loc` after (see `linear_scan`). Keeping one generic
//! instruction type lets the allocator rewrite operands with `map` and lets
//! the checker walk the virtual and the physical form side by side: `map`
//! and `for_each_use`/`for_each_def` visit operands in one fixed order.
//!
//! Invariants (established by `lower`, relied on by every later phase):
//! * integer values narrower than 64 bits are kept canonical in their
//!   register: i8/i16/i32 sign-extended to 64 bits, i1 as 0 or 1;
//! * `Mv` copies within one register class; every other instruction's
//!   operand classes are fixed by its mnemonic;
//! * ABI registers appear only inside the `Entry`, `Call`, `TailCall` and
//!   `Ret` pseudo-instructions (as `ArgLoc`s), so the allocator never sees
//!   precoloured registers; emission performs those moves.

/// A virtual register: an index into `MFunction::classes`.
pub type VReg = u32;

/// Register class of a virtual register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    Int,
    Float,
}

/// Where the ABI puts one argument or return value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgLoc {
    /// a0..a7 (index 0..7)
    IntReg(u8),
    /// fa0..fa7 (index 0..7)
    FloatReg(u8),
    /// byte offset in the outgoing (or incoming) argument area
    Stack(u32),
}

/// A memory base: a register, or an `alloca` slot of the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base<R> {
    Reg(R),
    Slot(u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Callee<R> {
    Direct(String),
    Indirect(R),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inst<R> {
    /// `op rd, rs1, rs2`
    Op {
        op: &'static str,
        rd: R,
        rs1: R,
        rs2: R,
    },
    /// `op rd, rs1, imm` (imm fits the instruction's immediate field)
    OpImm {
        op: &'static str,
        rd: R,
        rs1: R,
        imm: i64,
    },
    /// `op rd, rs` or `op rd, rs, rm` (conversions with a rounding mode)
    Unary {
        op: &'static str,
        rd: R,
        rs: R,
        rm: Option<&'static str>,
    },
    /// `op rd, rs1, rs2, rs3` (fused multiply-add)
    Fma {
        op: &'static str,
        rd: R,
        rs1: R,
        rs2: R,
        rs3: R,
    },
    Li {
        rd: R,
        imm: i64,
    },
    /// Address of `sym + off`.
    La {
        rd: R,
        sym: String,
        off: i64,
    },
    /// Copy within one class.
    Mv {
        rd: R,
        rs: R,
    },
    Load {
        op: &'static str,
        rd: R,
        base: Base<R>,
        off: i64,
    },
    Store {
        op: &'static str,
        src: R,
        base: Base<R>,
        off: i64,
    },
    /// Address of an `alloca` slot plus `off`.
    FrameAddr {
        rd: R,
        slot: u32,
        off: i64,
    },
    /// A call: reads `args` (moved to their ABI places by emission),
    /// clobbers every caller-saved register, then defines `ret`.
    Call {
        callee: Callee<R>,
        args: Vec<(R, ArgLoc)>,
        rets: Vec<(R, ArgLoc)>,
    },
    /// A guaranteed tail call (`musttail`), a terminator without
    /// successors: reads `args` (moved to their ABI places by emission,
    /// stack arguments into this function's own incoming argument area,
    /// which the callee's prototype, identical to the caller's, fills
    /// exactly), pops the frame and jumps to the callee, which returns to
    /// this function's caller. Nothing is live after it, so unlike `Call`
    /// it clobbers nothing the allocators must know about.
    TailCall {
        callee: Callee<R>,
        args: Vec<(R, ArgLoc)>,
    },
    /// First instruction of the entry block: defines the parameters.
    Entry {
        params: Vec<(R, ArgLoc)>,
    },
    /// `rd` = `sp` (llvm.stacksave).
    StackSave {
        rd: R,
    },
    /// `sp` = `rs` (llvm.stackrestore).
    StackRestore {
        rs: R,
    },
    /// Allocates `size` bytes (rounded up to 16) below the current stack;
    /// `rd` = their address (above the outgoing argument area).
    DynAlloca {
        rd: R,
        size: R,
    },
    /// `rd` = address of the first variadic argument (for `va_start`).
    VaStart {
        rd: R,
    },
    Ret {
        vals: Vec<(R, ArgLoc)>,
    },
    Jump {
        target: usize,
    },
    /// `op rs1, rs2 (or zero), taken`, else fall to `not_taken`.
    Branch {
        op: &'static str,
        rs1: R,
        rs2: Option<R>,
        taken: usize,
        not_taken: usize,
    },
    Switch {
        val: R,
        cases: Vec<(i64, usize)>,
        default: usize,
    },
    Unreachable,
    /// A fixed sequence (`atomic_seq`: fences, AMOs, LR/SC loops) reading
    /// `uses` and writing `defs` (results first, then temporaries). Its
    /// defs are early clobbers: written while uses are still read, so they
    /// never share a register with a use or with each other.
    Seq {
        seq: Box<super::atomic_seq::Seq>,
        defs: Vec<R>,
        uses: Vec<R>,
    },
    /// `jr rs` (`indirectbr`): `rs` holds the address of one of `targets`.
    IndirectJump {
        rs: R,
        targets: Vec<usize>,
    },
}

impl<R: Copy> Inst<R> {
    /// Visits the registers read, in a fixed order.
    pub fn for_each_use(&self, mut f: impl FnMut(R)) {
        use Inst::*;
        match self {
            Op { rs1, rs2, .. } => {
                f(*rs1);
                f(*rs2);
            }
            OpImm { rs1, .. } => f(*rs1),
            Unary { rs, .. } | Mv { rs, .. } => f(*rs),
            Fma { rs1, rs2, rs3, .. } => {
                f(*rs1);
                f(*rs2);
                f(*rs3);
            }
            Load { base, .. } => {
                if let Base::Reg(r) = base {
                    f(*r)
                }
            }
            Store { src, base, .. } => {
                f(*src);
                if let Base::Reg(r) = base {
                    f(*r)
                }
            }
            Call { callee, args, .. } | TailCall { callee, args } => {
                if let Callee::Indirect(r) = callee {
                    f(*r)
                }
                for (r, _) in args {
                    f(*r)
                }
            }
            Ret { vals } => {
                for (r, _) in vals {
                    f(*r)
                }
            }
            Branch { rs1, rs2, .. } => {
                f(*rs1);
                if let Some(r) = rs2 {
                    f(*r)
                }
            }
            Switch { val, .. } => f(*val),
            Seq { uses, .. } => uses.iter().for_each(|r| f(*r)),
            IndirectJump { rs, .. } => f(*rs),
            StackRestore { rs } | DynAlloca { size: rs, .. } => f(*rs),
            Li { .. }
            | La { .. }
            | FrameAddr { .. }
            | Entry { .. }
            | VaStart { .. }
            | StackSave { .. } => {}
            Jump { .. } | Unreachable => {}
        }
    }

    /// Visits the registers written, in a fixed order.
    pub fn for_each_def(&self, mut f: impl FnMut(R)) {
        use Inst::*;
        match self {
            Op { rd, .. }
            | OpImm { rd, .. }
            | Unary { rd, .. }
            | Fma { rd, .. }
            | Li { rd, .. }
            | La { rd, .. }
            | Mv { rd, .. }
            | Load { rd, .. }
            | FrameAddr { rd, .. }
            | VaStart { rd }
            | StackSave { rd }
            | DynAlloca { rd, .. } => f(*rd),
            Call { rets: params, .. } | Entry { params } => {
                for (r, _) in params {
                    f(*r)
                }
            }
            Seq { defs, .. } => defs.iter().for_each(|r| f(*r)),
            _ => {}
        }
    }

    /// The same instruction with every use renamed by `u` and every def by
    /// `d`, visiting operands in the order of `for_each_use`/`for_each_def`.
    pub fn map<S>(&self, u: &mut impl FnMut(R) -> S, d: &mut impl FnMut(R) -> S) -> Inst<S> {
        use Inst::*;
        let base = |b: &Base<R>, u: &mut dyn FnMut(R) -> S| match b {
            Base::Reg(r) => Base::Reg(u(*r)),
            Base::Slot(s) => Base::Slot(*s),
        };
        match self {
            Op { op, rd, rs1, rs2 } => {
                let (rs1, rs2) = (u(*rs1), u(*rs2));
                Op {
                    op,
                    rd: d(*rd),
                    rs1,
                    rs2,
                }
            }
            OpImm { op, rd, rs1, imm } => {
                let rs1 = u(*rs1);
                OpImm {
                    op,
                    rd: d(*rd),
                    rs1,
                    imm: *imm,
                }
            }
            Unary { op, rd, rs, rm } => {
                let rs = u(*rs);
                Unary {
                    op,
                    rd: d(*rd),
                    rs,
                    rm: *rm,
                }
            }
            Fma {
                op,
                rd,
                rs1,
                rs2,
                rs3,
            } => {
                let (rs1, rs2, rs3) = (u(*rs1), u(*rs2), u(*rs3));
                Fma {
                    op,
                    rd: d(*rd),
                    rs1,
                    rs2,
                    rs3,
                }
            }
            Li { rd, imm } => Li {
                rd: d(*rd),
                imm: *imm,
            },
            La { rd, sym, off } => La {
                rd: d(*rd),
                sym: sym.clone(),
                off: *off,
            },
            Mv { rd, rs } => {
                let rs = u(*rs);
                Mv { rd: d(*rd), rs }
            }
            Load {
                op,
                rd,
                base: b,
                off,
            } => {
                let b = base(b, u);
                Load {
                    op,
                    rd: d(*rd),
                    base: b,
                    off: *off,
                }
            }
            Store {
                op,
                src,
                base: b,
                off,
            } => {
                let src = u(*src);
                let b = base(b, u);
                Store {
                    op,
                    src,
                    base: b,
                    off: *off,
                }
            }
            FrameAddr { rd, slot, off } => FrameAddr {
                rd: d(*rd),
                slot: *slot,
                off: *off,
            },
            Call { callee, args, rets } => {
                let callee = match callee {
                    Callee::Direct(s) => Callee::Direct(s.clone()),
                    Callee::Indirect(r) => Callee::Indirect(u(*r)),
                };
                let args = args.iter().map(|(r, l)| (u(*r), *l)).collect();
                let rets = rets.iter().map(|(r, l)| (d(*r), *l)).collect();
                Call { callee, args, rets }
            }
            TailCall { callee, args } => {
                let callee = match callee {
                    Callee::Direct(s) => Callee::Direct(s.clone()),
                    Callee::Indirect(r) => Callee::Indirect(u(*r)),
                };
                let args = args.iter().map(|(r, l)| (u(*r), *l)).collect();
                TailCall { callee, args }
            }
            Entry { params } => Entry {
                params: params.iter().map(|(r, l)| (d(*r), *l)).collect(),
            },
            VaStart { rd } => VaStart { rd: d(*rd) },
            StackSave { rd } => StackSave { rd: d(*rd) },
            StackRestore { rs } => StackRestore { rs: u(*rs) },
            DynAlloca { rd, size } => {
                let size = u(*size);
                DynAlloca { rd: d(*rd), size }
            }
            Ret { vals } => Ret {
                vals: vals.iter().map(|(r, l)| (u(*r), *l)).collect(),
            },
            Jump { target } => Jump { target: *target },
            Branch {
                op,
                rs1,
                rs2,
                taken,
                not_taken,
            } => {
                let rs1 = u(*rs1);
                let rs2 = rs2.map(&mut *u);
                Branch {
                    op,
                    rs1,
                    rs2,
                    taken: *taken,
                    not_taken: *not_taken,
                }
            }
            Switch {
                val,
                cases,
                default,
            } => Switch {
                val: u(*val),
                cases: cases.clone(),
                default: *default,
            },
            Unreachable => Unreachable,
            Seq { seq, defs, uses } => {
                let uses = uses.iter().map(|r| u(*r)).collect();
                Seq {
                    seq: seq.clone(),
                    defs: defs.iter().map(|r| d(*r)).collect(),
                    uses,
                }
            }
            IndirectJump { rs, targets } => IndirectJump {
                rs: u(*rs),
                targets: targets.clone(),
            },
        }
    }

    /// Whether the defs are early clobbers (written before the last use is
    /// read): liveness starts them at the read position.
    pub fn early_clobber(&self) -> bool {
        matches!(self, Inst::Seq { .. })
    }

    /// Successor blocks of a terminator (empty for other instructions).
    pub fn succs(&self) -> Vec<usize> {
        match self {
            Inst::Jump { target } => vec![*target],
            Inst::Branch {
                taken, not_taken, ..
            } => vec![*taken, *not_taken],
            Inst::Switch { cases, default, .. } => {
                let mut v: Vec<usize> = cases.iter().map(|c| c.1).collect();
                v.push(*default);
                v
            }
            Inst::IndirectJump { targets, .. } => targets.clone(),
            _ => vec![],
        }
    }

    /// Rewrites successor `from` to `to` (used when splitting edges).
    pub fn redirect(&mut self, from: usize, to: usize) {
        let fix = |b: &mut usize| {
            if *b == from {
                *b = to
            }
        };
        match self {
            Inst::Jump { target } => fix(target),
            Inst::Branch {
                taken, not_taken, ..
            } => {
                fix(taken);
                fix(not_taken)
            }
            Inst::Switch { cases, default, .. } => {
                cases.iter_mut().for_each(|c| fix(&mut c.1));
                fix(default)
            }
            Inst::IndirectJump { targets, .. } => targets.iter_mut().for_each(fix),
            _ => {}
        }
    }

    /// Calls, and inline asm with register clobbers (treated as clobbering
    /// every caller-saved register).
    pub fn is_call(&self) -> bool {
        match self {
            Inst::Call { .. } => true,
            Inst::Seq { seq, .. } => matches!(
                **seq,
                super::atomic_seq::Seq::InlineAsm {
                    clobbers_regs: true,
                    ..
                }
            ),
            _ => false,
        }
    }

    /// The ABI pseudo-instructions, whose operands emission moves between
    /// ABI places and allocated locations directly: they may stay in spill
    /// slots (no reload or store temporary is needed).
    pub fn is_abi_pseudo(&self) -> bool {
        matches!(
            self,
            Inst::Entry { .. } | Inst::Call { .. } | Inst::TailCall { .. } | Inst::Ret { .. }
        )
    }

    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            Inst::Jump { .. }
                | Inst::Branch { .. }
                | Inst::Switch { .. }
                | Inst::Ret { .. }
                | Inst::Unreachable
                | Inst::IndirectJump { .. }
                | Inst::TailCall { .. }
        )
    }
}

/// An `alloca`: size and alignment in bytes.
#[derive(Clone, Copy, Debug)]
pub struct StackSlot {
    pub size: u64,
    pub align: u64,
}

#[derive(Clone, Debug, Default)]
pub struct MBlock {
    pub insts: Vec<Inst<VReg>>,
}

/// Facts about a variadic function's incoming arguments.
#[derive(Clone, Copy, Debug)]
pub struct VarArgs {
    /// a-registers taken by the fixed parameters.
    pub int_regs_used: u8,
}

#[derive(Clone, Debug)]
pub struct MFunction {
    pub name: String,
    pub global: bool,
    pub blocks: Vec<MBlock>,
    pub classes: Vec<Class>,
    pub slots: Vec<StackSlot>,
    pub varargs: Option<VarArgs>,
    /// The function moves `sp` (dynamic allocas): frame accesses go through
    /// the frame pointer s0, which is then not allocatable.
    pub dynamic_stack: bool,
    /// Extra labels of blocks whose address is taken (`blockaddress`):
    /// (machine block, label).
    pub block_labels: Vec<(usize, String)>,
}

impl MFunction {
    pub fn new(name: &str) -> Self {
        MFunction {
            name: name.to_string(),
            global: true,
            blocks: vec![],
            classes: vec![],
            slots: vec![],
            varargs: None,
            dynamic_stack: false,
            block_labels: vec![],
        }
    }

    pub fn new_vreg(&mut self, class: Class) -> VReg {
        self.classes.push(class);
        (self.classes.len() - 1) as VReg
    }

    pub fn succs(&self, b: usize) -> Vec<usize> {
        self.blocks[b]
            .insts
            .last()
            .map(|t| t.succs())
            .unwrap_or_default()
    }

    /// Bytes of outgoing stack arguments the calls of this function need
    /// (a `TailCall` writes its stack arguments into the incoming area).
    pub fn outgoing_stack_bytes(&self) -> u64 {
        let mut max = 0;
        for b in &self.blocks {
            for i in &b.insts {
                if let Inst::Call { args, .. } = i {
                    for (_, l) in args {
                        if let ArgLoc::Stack(off) = l {
                            max = max.max(*off as u64 + 8);
                        }
                    }
                }
            }
        }
        max
    }
}
