//! The function as the graph-colouring allocator sees it: the machine IR of
//! `mir` plus the spill code that earlier rounds inserted.
//!
//! Source: George & Appel, "Iterated Register Coalescing" (TOPLAS 1996),
//! procedure `RewriteProgram` in Figure 4: a spilled temporary gets a memory
//! location, and every definition and use of it becomes a new short-lived
//! temporary, stored after the definition and loaded before the use. The
//! seed's §寄存器分配 "相关代码重写 (Rewrite)" says the same: "def 后插
//! store，use 前插 load" and the whole allocation runs again.
//!
//! Invariants:
//! * each block's `Op::Orig` entries are the instructions of the input
//!   block, in order and one-to-one; only `Reload`/`Store` are added, so the
//!   final rewrite pairs every instruction with its original (the checker
//!   compares the two forms);
//! * a register of the program is an input virtual register or a spill
//!   temporary; `origin` maps both to the input register whose value it
//!   holds;
//! * a register with `in_memory` set is not a node of the interference
//!   graph: it occurs only as an operand of an ABI pseudo-instruction
//!   (`Entry`/`Call`/`TailCall`/`Ret`, `Inst::is_abi_pseudo`), whose ABI
//!   moves read and write its spill slot directly (as `linear_scan` does).

use super::super::mir::{Class, Inst, MFunction, VReg};

/// One step of a block.
#[derive(Clone, Debug)]
pub enum Op {
    /// An instruction of the input, its operands renamed to temporaries
    /// where they were spilled.
    Orig(Inst<VReg>),
    /// `temp` = the spill slot `slot` (before the instruction reading it).
    Reload { temp: VReg, slot: u32 },
    /// The spill slot `slot` = `temp` (after the instruction defining it).
    Store { temp: VReg, slot: u32 },
}

impl Op {
    /// Registers read, skipping those that live in memory.
    pub fn for_each_use(&self, p: &Program, mut f: impl FnMut(VReg)) {
        match self {
            Op::Orig(i) => i.for_each_use(|r| {
                if p.in_memory[r as usize].is_none() {
                    f(r)
                }
            }),
            Op::Store { temp, .. } => f(*temp),
            Op::Reload { .. } => {}
        }
    }

    /// Registers written, skipping those that live in memory.
    pub fn for_each_def(&self, p: &Program, mut f: impl FnMut(VReg)) {
        match self {
            Op::Orig(i) => i.for_each_def(|r| {
                if p.in_memory[r as usize].is_none() {
                    f(r)
                }
            }),
            Op::Reload { temp, .. } => f(*temp),
            Op::Store { .. } => {}
        }
    }
}

/// The program being allocated.
#[derive(Clone, Debug)]
pub struct Program {
    pub blocks: Vec<Vec<Op>>,
    pub classes: Vec<Class>,
    /// The input register each register stands for.
    pub origin: Vec<VReg>,
    /// Spill slot of a register kept in memory (see the module doc).
    pub in_memory: Vec<Option<u32>>,
    /// Whether the register is a spill temporary (never spilled again: its
    /// live range is already as short as it can be).
    pub is_temp: Vec<bool>,
    pub succs: Vec<Vec<usize>>,
}

impl Program {
    pub fn new(f: &MFunction) -> Self {
        let n = f.classes.len();
        Program {
            blocks: f
                .blocks
                .iter()
                .map(|b| b.insts.iter().cloned().map(Op::Orig).collect())
                .collect(),
            classes: f.classes.clone(),
            origin: (0..n as VReg).collect(),
            in_memory: vec![None; n],
            is_temp: vec![false; n],
            succs: (0..f.blocks.len()).map(|b| f.succs(b)).collect(),
        }
    }

    pub fn num_regs(&self) -> usize {
        self.classes.len()
    }

    /// A new spill temporary standing for `of`.
    pub fn new_temp(&mut self, of: VReg) -> VReg {
        self.classes.push(self.classes[of as usize]);
        self.origin.push(self.origin[of as usize]);
        self.in_memory.push(None);
        self.is_temp.push(true);
        (self.classes.len() - 1) as VReg
    }
}
