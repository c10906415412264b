//! Instruction selection: one LLVM function (read through the C API) to
//! machine IR over virtual registers.
//!
//! A tree-less, one-instruction-at-a-time selector (in the style of QBE's
//! `rv64/isel.c` and LLVM's FastISel): every LLVM value gets a virtual
//! register; constants are materialised where they are used; allocas become
//! frame slots that loads and stores address directly. Two small folds keep
//! -O0 code reasonable: an `icmp` whose only user is the branch after it
//! becomes a compare-and-branch (`control_flow`), and a constant-offset
//! `getelementptr` whose only users are loads and stores becomes their
//! address offset (`memory`).
//!
//! This module holds what every concern shares: the `Lowerer` state, the
//! function driver (`run`: blocks in layout order, then phis), the
//! dispatch on opcodes (`inst`) and the operand reader (`val`, `constant`,
//! `def`: the register holding an LLVM value, materialising constants).
//! One file per concern implements the rest:
//!
//! | file | handles |
//! |---|---|
//! | `value_numbering` | emission helpers with local value numbering over extended basic blocks |
//! | `integers` | integer arithmetic, shifts, `icmp`, `select`, canonical extension |
//! | `casts` | `trunc`/`zext`/`sext`, pointer casts, bitcasts, int/float conversions |
//! | `float` | float/double arithmetic, `fcmp`, `frem`, the `sqrt` builtin |
//! | `memory` | allocas, `getelementptr`, loads and stores, constant addresses |
//! | `atomics` | atomic loads/stores (fences of Table A.6), `atomicrmw`, `cmpxchg`, `fence` |
//! | `aggregates` | first-class structs and arrays as one register per scalar leaf |
//! | `calls` | parameters, calls and returns under the lp64d calling convention |
//! | `tail_calls` | `musttail` calls: argument moves, epilogue, `tail`/`jr` |
//! | `intrinsics` | `llvm.*` calls: dispatch, memory and stack intrinsics, markers |
//! | `int_intrinsics` | min/max, `abs`, funnel shifts, bit counts and reversals, overflow and saturation |
//! | `wide_integers` | integers wider than 64 bits, as 64-bit parts |
//! | `inline_asm` | GNU inline asm: `r`/`m`/`i` operands, outputs, ties, clobbers |
//! | `control_flow` | `br`, `switch`, phis (through `out_of_ssa`), machine block layout |
//!
//! Integer widths follow the invariant of `mir` (i8/i16/i32 sign-extended,
//! i1 as 0/1): results that may leave the canonical range are re-extended,
//! unsigned operations zero-extend their operands first.
//!
//! Anything not handled fails with `@f: unsupported instruction: <inst>`.

mod aggregates;
mod atomics;
mod calls;
mod casts;
mod control_flow;
mod float;
mod inline_asm;
mod int_intrinsics;
mod integers;
mod intrinsics;
mod memory;
mod tail_calls;
mod value_numbering;
mod wide_integers;

use std::collections::{HashMap, HashSet};

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::LLVMOpcode;
use llvm_sys::LLVMTypeKind;

use super::mir::*;
use crate::ir;
use value_numbering::AvailKey;

pub use aggregates::{constant_words, leaves};
pub use float::{fp128_bits, is_fp128};
pub use memory::{const_address, gep_const_offset, SymOff};

pub type Result<T> = std::result::Result<T, String>;

/// A scalar type the back end handles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// integer of 1 to 64 bits, or a pointer (64)
    Int(u32),
    F32,
    F64,
}

impl Ty {
    fn class(self) -> Class {
        match self {
            Ty::Int(_) => Class::Int,
            _ => Class::Float,
        }
    }
}

/// # Safety
/// `t` is a live type.
pub unsafe fn scalar_ty(t: LLVMTypeRef) -> Option<Ty> {
    match LLVMGetTypeKind(t) {
        LLVMTypeKind::LLVMIntegerTypeKind => match LLVMGetIntTypeWidth(t) {
            w @ 1..=64 => Some(Ty::Int(w)),
            _ => None,
        },
        LLVMTypeKind::LLVMPointerTypeKind => Some(Ty::Int(64)),
        LLVMTypeKind::LLVMFloatTypeKind => Some(Ty::F32),
        LLVMTypeKind::LLVMDoubleTypeKind => Some(Ty::F64),
        _ => None,
    }
}

/// The canonical 64-bit register image of an integer constant of `bits`.
fn canonical(value: i64, bits: u32) -> i64 {
    match bits {
        1 => value & 1,
        64 => value,
        b => (value << (64 - b)) >> (64 - b),
    }
}

fn fits12(v: i64) -> bool {
    (-2048..2048).contains(&v)
}

pub struct Lowerer {
    td: LLVMTargetDataRef,
    func: LLVMValueRef,
    pub f: MFunction,
    vals: HashMap<LLVMValueRef, VReg>,
    /// first-class aggregates: one register per scalar leaf
    aggs: HashMap<LLVMValueRef, Vec<VReg>>,
    slots: HashMap<LLVMValueRef, u32>,
    block_index: HashMap<LLVMBasicBlockRef, usize>,
    out: Vec<Inst<VReg>>,
    /// icmps folded into the branch that follows them
    fused: HashSet<LLVMValueRef>,
    /// GEPs folded into their loads' and stores' addresses
    folded: HashSet<LLVMValueRef>,
    attr_zeroext: u32,
    /// `byval`, `inalloca`, `preallocated`: arguments the caller copies
    attrs_copied_arg: [u32; 3],
    attr_align: u32,
    attr_alignstack: u32,
    /// Bytes of stack the function's own parameters take (the incoming
    /// argument area a tail call may reuse).
    incoming_stack_bytes: u32,
    /// Values available at the current point of the block being lowered:
    /// constants, addresses, pure integer operations already computed, and
    /// the current contents of private slots (see `private`). Every
    /// register in the table is defined once and its definition dominates
    /// the current point: the table starts empty, or as the exit table of
    /// the block's only predecessor (extended basic blocks).
    avail: HashMap<AvailKey, VReg>,
    /// Exit tables of lowered blocks, kept while a successor may still
    /// inherit them (`pending_heirs` counts those successors).
    exit_avail: Vec<Option<HashMap<AvailKey, VReg>>>,
    pending_heirs: Vec<usize>,
    /// Slots of allocas whose address never escapes: every use is a
    /// non-volatile load or store of the allocated scalar type through the
    /// alloca itself. Nothing else can read or write them, so a load may
    /// reuse the register last stored to or loaded from the slot.
    private: HashSet<u32>,
    /// The machine block being filled, and for each IR block the machine
    /// blocks it became in layout order (more than one when a call to
    /// `sqrt` was split into a fast path and a slow path).
    cur: usize,
    pieces_of: Vec<Vec<usize>>,
}

/// Lowers one defined function to machine IR (phis already out of SSA).
///
/// # Safety
/// `func` is a defined function of a live module whose data layout is `td`.
pub unsafe fn lower_function(td: LLVMTargetDataRef, func: LLVMValueRef) -> Result<MFunction> {
    let name = ir::name(func);
    let mut lw = Lowerer {
        td,
        func,
        f: MFunction::new(&name),
        vals: HashMap::new(),
        aggs: HashMap::new(),
        slots: HashMap::new(),
        block_index: HashMap::new(),
        out: Vec::new(),
        fused: HashSet::new(),
        folded: HashSet::new(),
        attr_zeroext: crate::ir::attributes::kind("zeroext"),
        attrs_copied_arg: [
            crate::ir::attributes::kind("byval"),
            crate::ir::attributes::kind("inalloca"),
            crate::ir::attributes::kind("preallocated"),
        ],
        attr_align: crate::ir::attributes::kind("align"),
        attr_alignstack: crate::ir::attributes::kind("alignstack"),
        incoming_stack_bytes: 0,
        avail: HashMap::new(),
        exit_avail: Vec::new(),
        pending_heirs: Vec::new(),
        private: HashSet::new(),
        cur: 0,
        pieces_of: Vec::new(),
    };
    lw.f.global = !matches!(
        LLVMGetLinkage(func),
        llvm_sys::LLVMLinkage::LLVMInternalLinkage | llvm_sys::LLVMLinkage::LLVMPrivateLinkage
    );
    lw.run()?;
    Ok(lw.f)
}

impl Lowerer {
    fn unsupported(&self, inst: LLVMValueRef) -> String {
        // SAFETY: both values are live.
        unsafe {
            format!(
                "{}: unsupported instruction: {}",
                ir::function_label(self.func),
                ir::render(inst)
            )
        }
    }

    fn push(&mut self, i: Inst<VReg>) {
        self.out.push(i);
    }

    fn new_vreg(&mut self, c: Class) -> VReg {
        self.f.new_vreg(c)
    }

    unsafe fn ty_of(&self, v: LLVMValueRef, ctx: LLVMValueRef) -> Result<Ty> {
        scalar_ty(LLVMTypeOf(v)).ok_or_else(|| self.unsupported(ctx))
    }

    unsafe fn run(&mut self) -> Result<()> {
        let fcfg = ir::FunctionCfg::read(self.func);
        for (i, &bb) in fcfg.blocks.iter().enumerate() {
            self.block_index.insert(bb, i);
        }
        self.f.blocks = vec![MBlock::default(); fcfg.blocks.len()];
        self.check_definition_convention()?;
        self.entry()?;
        let heir_of = Self::ebb_parents(&fcfg.cfg);
        self.exit_avail = vec![None; fcfg.blocks.len()];
        self.pending_heirs = vec![0; fcfg.blocks.len()];
        for p in heir_of.iter().flatten() {
            self.pending_heirs[*p] += 1;
        }
        for (i, &bb) in fcfg.blocks.iter().enumerate() {
            self.avail = match heir_of[i] {
                Some(p) => self.inherit(p),
                None => HashMap::new(),
            };
            self.cur = i;
            self.pieces_of.push(vec![i]);
            for inst in ir::instructions(bb) {
                self.inst(inst)?;
            }
            if self.pending_heirs[i] > 0 {
                self.exit_avail[i] = Some(std::mem::take(&mut self.avail));
            }
            let insts = std::mem::take(&mut self.out);
            let i = self.cur;
            self.f.blocks[i].insts.extend(insts);
            if !self.f.blocks[i]
                .insts
                .last()
                .is_some_and(|t| t.is_terminator())
            {
                return Err(format!(
                    "{}: block without terminator",
                    ir::function_label(self.func)
                ));
            }
        }
        self.record_block_labels(&fcfg.blocks);
        self.phis(&fcfg.blocks)?;
        self.layout_pieces();
        Ok(())
    }

    /// The virtual register of an instruction's result, created on first
    /// mention (phis may mention values defined later in layout order).
    unsafe fn vreg_for(&mut self, inst: LLVMValueRef) -> Result<VReg> {
        if let Some(&v) = self.vals.get(&inst) {
            return Ok(v);
        }
        let ty = self.ty_of(inst, inst)?;
        let v = self.new_vreg(ty.class());
        self.vals.insert(inst, v);
        Ok(v)
    }

    /// The register holding `v` at this point; `ctx` names the instruction
    /// for error messages.
    unsafe fn val(&mut self, v: LLVMValueRef, ctx: LLVMValueRef) -> Result<VReg> {
        if let Some(&r) = self.vals.get(&v) {
            return Ok(r);
        }
        if let Some(&slot) = self.slots.get(&v) {
            return Ok(
                self.avail_or(AvailKey::Frame(slot), Class::Int, |rd| Inst::FrameAddr {
                    rd,
                    slot,
                    off: 0,
                }),
            );
        }
        if ir::is_instruction(v) {
            if self.folded.contains(&v) {
                // A folded GEP used as a plain value after all: compute it.
                let (base, off) = self.fold_gep(v).ok_or_else(|| self.unsupported(ctx))?;
                return self.address_value(base, off);
            }
            return self.vreg_for(v);
        }
        self.constant(v, ctx)
    }

    unsafe fn constant(&mut self, c: LLVMValueRef, ctx: LLVMValueRef) -> Result<VReg> {
        let ty = self.ty_of(c, ctx)?;
        if !LLVMIsAConstantInt(c).is_null() {
            let Ty::Int(bits) = ty else {
                return Err(self.unsupported(ctx));
            };
            let imm = canonical(LLVMConstIntGetSExtValue(c), bits);
            return Ok(self.li(imm));
        }
        if !LLVMIsAConstantFP(c).is_null() {
            let mut lossy = 0;
            let d = LLVMConstRealGetDouble(c, &mut lossy);
            let (bits, op) = match ty {
                Ty::F64 => (d.to_bits() as i64, "fmv.d.x"),
                _ => ((d as f32).to_bits() as i32 as i64, "fmv.w.x"),
            };
            let key = AvailKey::Float(bits as u64, ty == Ty::F64);
            if let Some(&r) = self.avail.get(&key) {
                return Ok(r);
            }
            let t = self.li(bits);
            let r = self.unary(op, Class::Float, t);
            self.avail.insert(key, r);
            return Ok(r);
        }
        if LLVMIsNull(c) != 0 || LLVMIsUndef(c) != 0 || LLVMIsPoison(c) != 0 {
            let t = self.li(0);
            return Ok(match ty {
                Ty::F64 | Ty::F32 => self.unary("fmv.d.x", Class::Float, t),
                _ => t,
            });
        }
        if let Some((sym, off)) = const_address(self.td, c) {
            return Ok(self.la(sym, off));
        }
        self.relocatable(c, ctx)
    }

    unsafe fn const_int(&self, v: LLVMValueRef) -> Option<i64> {
        if LLVMIsAConstantInt(v).is_null() {
            return None;
        }
        Some(LLVMConstIntGetSExtValue(v))
    }

    unsafe fn inst(&mut self, inst: LLVMValueRef) -> Result<()> {
        use LLVMOpcode::*;
        let opc = LLVMGetInstructionOpcode(inst);
        if self.after_tail_call() {
            return match opc {
                LLVMRet | LLVMBitCast => Ok(()),
                _ => Err(self.unsupported(inst)),
            };
        }
        match opc {
            LLVMExtractValue => return self.extract_value(inst),
            LLVMInsertValue => return self.insert_value(inst),
            LLVMAdd | LLVMSub | LLVMMul | LLVMSDiv | LLVMUDiv | LLVMSRem | LLVMURem | LLVMAnd
            | LLVMOr | LLVMXor | LLVMShl | LLVMLShr | LLVMAShr | LLVMICmp | LLVMTrunc
            | LLVMZExt | LLVMSExt
                if self.is_wide(inst) =>
            {
                return self.wide(inst, opc)
            }
            LLVMSelect if self.agg_layout(LLVMTypeOf(inst)).is_some() => {
                return self.select_leaves(inst)
            }
            LLVMPHI | LLVMFreeze if self.agg_layout(LLVMTypeOf(inst)).is_some() => {
                let regs = self.agg_for(inst)?;
                if opc == LLVMFreeze {
                    let src = self.agg_val(LLVMGetOperand(inst, 0), inst)?;
                    for (d, s) in regs.into_iter().zip(src) {
                        self.push(Inst::Mv { rd: d, rs: s });
                    }
                }
                return Ok(());
            }
            _ => {}
        }
        match opc {
            LLVMPHI => {
                self.vreg_for(inst)?;
            }
            LLVMAlloca => self.alloca(inst)?,
            LLVMAdd | LLVMSub | LLVMMul | LLVMSDiv | LLVMUDiv | LLVMSRem | LLVMURem | LLVMAnd
            | LLVMOr | LLVMXor | LLVMShl | LLVMLShr | LLVMAShr => self.int_binop(inst, opc)?,
            LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv => self.float_binop(inst, opc)?,
            LLVMFRem => self.frem(inst)?,
            LLVMFNeg if float::is_fp128(LLVMTypeOf(inst)) => self.fp128_neg(inst)?,
            LLVMFNeg => {
                let ty = self.ty_of(inst, inst)?;
                let a = self.val(LLVMGetOperand(inst, 0), inst)?;
                let op = if ty == Ty::F64 { "fneg.d" } else { "fneg.s" };
                let r = self.unary(op, Class::Float, a);
                self.def(inst, r);
            }
            LLVMICmp => self.icmp(inst)?,
            LLVMFCmp => self.fcmp(inst)?,
            LLVMSelect => self.select(inst)?,
            LLVMTrunc | LLVMZExt | LLVMSExt | LLVMPtrToInt | LLVMIntToPtr | LLVMBitCast
            | LLVMFPTrunc | LLVMFPExt | LLVMFPToSI | LLVMFPToUI | LLVMSIToFP | LLVMUIToFP => {
                self.cast(inst, opc)?
            }
            LLVMFreeze => {
                self.ty_of(inst, inst)?;
                let a = self.val(LLVMGetOperand(inst, 0), inst)?;
                self.def(inst, a);
            }
            LLVMLoad => self.load(inst)?,
            LLVMStore => self.store(inst)?,
            LLVMGetElementPtr => self.gep(inst)?,
            LLVMCall => self.call(inst)?,
            LLVMRet => self.ret(inst)?,
            LLVMBr => self.br(inst)?,
            LLVMSwitch => self.switch(inst)?,
            LLVMUnreachable => self.push(Inst::Unreachable),
            LLVMAtomicRMW => self.atomic_rmw(inst)?,
            LLVMAtomicCmpXchg => self.cmpxchg(inst)?,
            LLVMFence => self.fence_inst(inst)?,
            LLVMIndirectBr => self.indirect_br(inst)?,
            _ => return Err(self.unsupported(inst)),
        }
        Ok(())
    }

    /// Binds the result of `inst` to `r`. A result first mentioned by a phi
    /// (forward reference) already has a register: copy into it.
    fn def(&mut self, inst: LLVMValueRef, r: VReg) {
        if let Some(&v) = self.vals.get(&inst) {
            self.push(Inst::Mv { rd: v, rs: r });
        } else {
            self.vals.insert(inst, r);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms() {
        assert_eq!(canonical(-1, 1), 1);
        assert_eq!(canonical(200, 8), -56);
        assert_eq!(canonical(0xffff_ffff, 32), -1);
        assert_eq!(canonical(0x7fff, 16), 0x7fff);
        assert_eq!(canonical(i64::MIN, 64), i64::MIN);
    }
}
