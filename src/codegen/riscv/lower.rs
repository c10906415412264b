//! Instruction selection: one LLVM function (read through the C API) to
//! machine IR over virtual registers.
//!
//! A tree-less, one-instruction-at-a-time selector (in the style of QBE's
//! `rv64/isel.c` and LLVM's FastISel): every LLVM value gets a virtual
//! register; constants are materialised where they are used; allocas become
//! frame slots that loads and stores address directly. Two small folds keep
//! -O0 code reasonable: an `icmp` whose only user is the branch after it
//! becomes a compare-and-branch, and a constant-offset `getelementptr`
//! whose only users are loads and stores becomes their address offset.
//!
//! Redundancy within extended basic blocks (a block inherits what its only
//! predecessor had available, see `Lowerer::avail`) is removed by local
//! value numbering over the machine operations as they are emitted:
//! constants, addresses and pure integer operations with the same operands
//! are computed once; a load from a private slot (an alloca whose address
//! never escapes) reuses the register last stored to or loaded from it.
//! Stores are kept, so memory always holds the variable's value. Calls to
//! builtin `sqrt`/`sqrtf` are partially inlined (`fsqrt`, the library
//! only for a NaN result, which keeps `errno`).
//!
//! Integer widths follow the invariant of `mir` (i8/i16/i32 sign-extended,
//! i1 as 0/1): results that may leave the canonical range are re-extended,
//! unsigned operations zero-extend their operands first. Phi nodes become
//! parallel copies on edges (`out_of_ssa`).
//!
//! Anything not handled fails with `@f: unsupported instruction: <inst>`.

use std::collections::{HashMap, HashSet};

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate, LLVMTypeKind};

use super::abi::Assigner;
use super::mir::*;
use super::out_of_ssa;
use crate::ir;

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

/// A symbol plus offset, for constant addresses.
pub type SymOff = (String, i64);

/// Constant address expressions: globals, and GEP/casts of them.
///
/// # Safety
/// `c` is a live constant.
pub unsafe fn const_address(td: LLVMTargetDataRef, c: LLVMValueRef) -> Option<SymOff> {
    if !LLVMIsAGlobalValue(c).is_null() {
        return Some((ir::name(c), 0));
    }
    if LLVMIsAConstantExpr(c).is_null() {
        return None;
    }
    match LLVMGetConstOpcode(c) {
        LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMPtrToInt | LLVMOpcode::LLVMIntToPtr => {
            const_address(td, LLVMGetOperand(c, 0))
        }
        LLVMOpcode::LLVMGetElementPtr => {
            let (sym, base) = const_address(td, LLVMGetOperand(c, 0))?;
            let off = gep_const_offset(td, c)?;
            Some((sym, base + off))
        }
        _ => None,
    }
}

/// The byte offset of a GEP (instruction or constant expression) whose
/// indices are all constant.
///
/// # Safety
/// `g` is a live GEP.
pub unsafe fn gep_const_offset(td: LLVMTargetDataRef, g: LLVMValueRef) -> Option<i64> {
    let mut off = 0i64;
    let mut ty = LLVMGetGEPSourceElementType(g);
    for k in 1..LLVMGetNumOperands(g) as u32 {
        let idx = LLVMGetOperand(g, k);
        if LLVMIsAConstantInt(idx).is_null() {
            return None;
        }
        let i = LLVMConstIntGetSExtValue(idx);
        if k > 1 {
            match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMStructTypeKind => {
                    off += LLVMOffsetOfElement(td, ty, i as u32) as i64;
                    ty = LLVMStructGetTypeAtIndex(ty, i as u32);
                    continue;
                }
                LLVMTypeKind::LLVMArrayTypeKind => ty = LLVMGetElementType(ty),
                _ => return None,
            }
        }
        off = off.wrapping_add(i.wrapping_mul(LLVMABISizeOfType(td, ty) as i64));
    }
    Some(off)
}

/// Appends the scalar leaves of `ty` at byte offset `base`; false if some
/// leaf is not a scalar the back end handles.
///
/// # Safety
/// `ty` is a live type of the module whose layout is `td`.
pub unsafe fn leaves(
    td: LLVMTargetDataRef,
    ty: LLVMTypeRef,
    base: u64,
    out: &mut Vec<(Ty, u64)>,
) -> bool {
    match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMStructTypeKind => (0..LLVMCountStructElementTypes(ty)).all(|i| {
            leaves(
                td,
                LLVMStructGetTypeAtIndex(ty, i),
                base + LLVMOffsetOfElement(td, ty, i),
                out,
            )
        }),
        LLVMTypeKind::LLVMArrayTypeKind => {
            let e = LLVMGetElementType(ty);
            let size = LLVMABISizeOfType(td, e);
            let n = LLVMGetArrayLength2(ty);
            n <= 16 && (0..n).all(|i| leaves(td, e, base + i * size, out))
        }
        _ => match scalar_ty(ty) {
            Some(t) => {
                out.push((t, base));
                true
            }
            None => false,
        },
    }
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

/// Keys of `Lowerer::avail`.
#[derive(Clone, PartialEq, Eq, Hash)]
enum AvailKey {
    Int(i64),
    Float(u64, bool),
    Addr(String, i64),
    Frame(u32),
    /// `op rd, rs1, rs2` (integer operations only)
    Op(&'static str, VReg, VReg),
    /// `op rd, rs1, imm`
    OpImm(&'static str, VReg, i64),
    /// `op rd, rs` without rounding mode (integer operations only)
    Unary(&'static str, VReg),
    /// the value a private slot holds
    Slot(u32),
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
        attr_zeroext: LLVMGetEnumAttributeKindForName(c"zeroext".as_ptr(), 7),
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
        if LLVMGetFunctionCallConv(self.func) != 0 {
            return Err(format!(
                "{}: unsupported calling convention",
                ir::function_label(self.func)
            ));
        }
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
        self.phis(&fcfg.blocks)?;
        self.layout_pieces();
        Ok(())
    }

    /// Renumbers the machine blocks so that the pieces of each IR block are
    /// consecutive (blocks appended later, such as split critical edges,
    /// keep their order at the end).
    fn layout_pieces(&mut self) {
        let n = self.f.blocks.len();
        let mut order: Vec<usize> = self.pieces_of.iter().flatten().copied().collect();
        if order.iter().enumerate().all(|(k, &b)| k == b) {
            return;
        }
        let mut placed = vec![false; n];
        order.iter().for_each(|&b| placed[b] = true);
        order.extend((0..n).filter(|&b| !placed[b]));
        let mut new_index = vec![0; n];
        for (k, &b) in order.iter().enumerate() {
            new_index[b] = k;
        }
        let mut old = std::mem::take(&mut self.f.blocks);
        for &b in &order {
            let mut blk = std::mem::take(&mut old[b]);
            if let Some(t) = blk.insts.last_mut() {
                renumber_targets(t, &new_index);
            }
            self.f.blocks.push(blk);
        }
    }

    /// Ends the machine block being filled and continues in a new one.
    fn new_piece(&mut self) -> usize {
        self.f.blocks.push(MBlock::default());
        let b = self.f.blocks.len() - 1;
        self.pieces_of.last_mut().expect("an IR block").push(b);
        b
    }

    /// `sqrt`/`sqrtf` from libm, called as a builtin: `fsqrt` computes the
    /// same result and only differs in not setting `errno` for a negative
    /// argument, where the result is NaN. So: `fsqrt`, and the library call
    /// only when the result is NaN (LLVM's PartiallyInlineLibCalls).
    unsafe fn partial_inline_sqrt(
        &mut self,
        inst: LLVMValueRef,
        callee: LLVMValueRef,
    ) -> Result<bool> {
        let name = ir::name(callee);
        let ty = match name.as_str() {
            "sqrt" => Ty::F64,
            "sqrtf" => Ty::F32,
            _ => return Ok(false),
        };
        let fty = LLVMGlobalGetValueType(callee);
        let nobuiltin = LLVMGetEnumAttributeKindForName(c"nobuiltin".as_ptr(), 9);
        let fn_index = llvm_sys::LLVMAttributeFunctionIndex;
        let caller_forbids = |k: &std::ffi::CStr| {
            !LLVMGetStringAttributeAtIndex(self.func, fn_index, k.as_ptr(), k.count_bytes() as u32)
                .is_null()
        };
        let ok = LLVMIsDeclaration(callee) != 0
            && LLVMIsFunctionVarArg(fty) == 0
            && LLVMCountParamTypes(fty) == 1
            && LLVMGetNumArgOperands(inst) == 1
            && scalar_ty(LLVMGetReturnType(fty)) == Some(ty)
            && scalar_ty(LLVMTypeOf(LLVMGetOperand(inst, 0))) == Some(ty)
            && LLVMGetCallSiteEnumAttribute(inst, fn_index, nobuiltin).is_null()
            && LLVMGetEnumAttributeAtIndex(callee, fn_index, nobuiltin).is_null()
            && !caller_forbids(c"no-builtins")
            && !caller_forbids(if ty == Ty::F64 {
                c"no-builtin-sqrt"
            } else {
                c"no-builtin-sqrtf"
            });
        if !ok {
            return Ok(false);
        }
        let d = ty == Ty::F64;
        let x = self.val(LLVMGetOperand(inst, 0), inst)?;
        let r = self.new_vreg(Class::Float);
        self.push(Inst::Unary {
            op: if d { "fsqrt.d" } else { "fsqrt.s" },
            rd: r,
            rs: x,
            rm: None,
        });
        let ordered = self.op(if d { "feq.d" } else { "feq.s" }, Class::Int, r, r);
        let slow = self.new_piece();
        let cont = self.new_piece();
        self.push(Inst::Branch {
            op: "bne",
            rs1: ordered,
            rs2: None,
            taken: cont,
            not_taken: slow,
        });
        let done = std::mem::take(&mut self.out);
        self.f.blocks[self.cur].insts.extend(done);
        self.f.blocks[slow].insts = vec![
            Inst::Call {
                callee: Callee::Direct(name),
                args: vec![(x, ArgLoc::FloatReg(0))],
                rets: vec![(r, ArgLoc::FloatReg(0))],
            },
            Inst::Jump { target: cont },
        ];
        self.cur = cont;
        self.def(inst, r);
        Ok(true)
    }

    /// For each block, the predecessor whose exit table it inherits: its
    /// only predecessor, when that one comes earlier in layout order (and
    /// so is lowered first). The entry block (index 0) keeps what `entry`
    /// made available.
    fn ebb_parents(cfg: &crate::analysis::cfg::Cfg) -> Vec<Option<usize>> {
        (0..cfg.num_blocks())
            .map(|b| {
                let preds = cfg.preds(b);
                let p = *preds.first()?;
                (preds.iter().all(|&q| q == p) && p < b).then_some(p)
            })
            .collect()
    }

    /// The exit table of lowered block `p`, handed to one of its heirs.
    fn inherit(&mut self, p: usize) -> HashMap<AvailKey, VReg> {
        self.pending_heirs[p] -= 1;
        if self.pending_heirs[p] == 0 {
            self.exit_avail[p].take().unwrap_or_default()
        } else {
            self.exit_avail[p].clone().unwrap_or_default()
        }
    }

    /// The `Entry` pseudo-instruction and the canonicalisation of narrow
    /// parameters (whose upper bits the caller may have left unspecified).
    unsafe fn entry(&mut self) -> Result<()> {
        let fty = LLVMGlobalGetValueType(self.func);
        let mut asg = Assigner::default();
        let mut params = Vec::new();
        let mut fixups = Vec::new();
        for k in 0..LLVMCountParams(self.func) {
            let p = LLVMGetParam(self.func, k);
            let tys: Vec<Ty> = match self.agg_layout(LLVMTypeOf(p)) {
                Some(layout) => layout.into_iter().map(|(t, _)| t).collect(),
                None => vec![scalar_ty(LLVMTypeOf(p)).ok_or_else(|| {
                    format!(
                        "{}: unsupported parameter: {}",
                        ir::function_label(self.func),
                        ir::render(p)
                    )
                })?],
            };
            let mut leaves = Vec::new();
            for ty in tys {
                let (loc, lc) = asg.next(ty.class(), false);
                let v = self.new_vreg(lc);
                params.push((v, loc));
                leaves.push((v, ty, lc));
            }
            fixups.push((p, leaves));
        }
        if LLVMIsFunctionVarArg(fty) != 0 {
            if asg.stack_bytes > 0 {
                return Err(format!(
                    "{}: unsupported: variadic function with stack parameters",
                    ir::function_label(self.func)
                ));
            }
            self.f.varargs = Some(VarArgs {
                int_regs_used: asg.int_used,
            });
        }
        self.push(Inst::Entry { params });
        for (p, leaves) in fixups {
            let mut regs = Vec::new();
            for (v, ty, lc) in leaves {
                regs.push(match (ty, lc) {
                    (Ty::F64, Class::Int) => self.unary("fmv.d.x", Class::Float, v),
                    (Ty::F32, Class::Int) => self.unary("fmv.w.x", Class::Float, v),
                    (Ty::Int(b), _) if b != 32 => self.sext_from(v, b),
                    _ => v,
                });
            }
            if self.agg_layout(LLVMTypeOf(p)).is_some() {
                self.aggs.insert(p, regs);
            } else {
                self.vals.insert(p, regs[0]);
            }
        }
        Ok(())
    }

    unsafe fn phis(&mut self, blocks: &[LLVMBasicBlockRef]) -> Result<()> {
        let mut edges: Vec<out_of_ssa::EdgeCopies> = Vec::new();
        for (s, &bb) in blocks.iter().enumerate() {
            let phis: Vec<LLVMValueRef> = ir::instructions(bb)
                .take_while(|&i| LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMPHI)
                .collect();
            if phis.is_empty() {
                continue;
            }
            let mut preds: Vec<LLVMBasicBlockRef> = Vec::new();
            for k in 0..LLVMCountIncoming(phis[0]) {
                let p = LLVMGetIncomingBlock(phis[0], k);
                if !preds.contains(&p) {
                    preds.push(p);
                }
            }
            for pbb in preds {
                let p = *self.pieces_of[self.block_index[&pbb]].last().unwrap();
                self.avail.clear();
                let mut copies = Vec::new();
                for &phi in &phis {
                    let incoming = (0..LLVMCountIncoming(phi))
                        .find(|&k| LLVMGetIncomingBlock(phi, k) == pbb)
                        .map(|k| LLVMGetIncomingValue(phi, k))
                        .ok_or_else(|| self.unsupported(phi))?;
                    // Constants are materialised at the end of the
                    // predecessor, before its terminator.
                    if self.agg_layout(LLVMTypeOf(phi)).is_some() {
                        let dst = self.agg_for(phi)?;
                        let src = self.agg_val(incoming, phi)?;
                        copies.extend(dst.into_iter().zip(src));
                    } else {
                        let dst = self.vreg_for(phi)?;
                        let src = self.val(incoming, phi)?;
                        copies.push((dst, src));
                    }
                }
                let setup = std::mem::take(&mut self.out);
                let insts = &mut self.f.blocks[p].insts;
                let at = insts.len() - 1;
                insts.splice(at..at, setup);
                edges.push(((p, s), copies));
            }
        }
        out_of_ssa::place_edge_copies(&mut self.f, edges);
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
        if !LLVMIsAConstantExpr(c).is_null() && LLVMGetConstOpcode(c) == LLVMOpcode::LLVMIntToPtr {
            return self.val(LLVMGetOperand(c, 0), ctx);
        }
        Err(self.unsupported(ctx))
    }

    fn li(&mut self, imm: i64) -> VReg {
        self.avail_or(AvailKey::Int(imm), Class::Int, |rd| Inst::Li { rd, imm })
    }

    fn la(&mut self, sym: String, off: i64) -> VReg {
        let key = AvailKey::Addr(sym.clone(), off);
        self.avail_or(key, Class::Int, |rd| Inst::La { rd, sym, off })
    }

    /// Integer operations are pure and cheap to key: an identical one
    /// computed earlier (see `avail`) is reused. Float operations are not
    /// (they raise exception flags a program may test between the two).
    fn reusable(op: &'static str) -> bool {
        !op.starts_with('f')
    }

    /// The register already holding `key`, or a new one defined by `make`.
    fn avail_or(&mut self, key: AvailKey, c: Class, make: impl FnOnce(VReg) -> Inst<VReg>) -> VReg {
        if let Some(&r) = self.avail.get(&key) {
            return r;
        }
        let rd = self.new_vreg(c);
        self.push(make(rd));
        self.avail.insert(key, rd);
        rd
    }

    fn unary(&mut self, op: &'static str, c: Class, rs: VReg) -> VReg {
        let make = |rd| Inst::Unary {
            op,
            rd,
            rs,
            rm: None,
        };
        if Self::reusable(op) {
            return self.avail_or(AvailKey::Unary(op, rs), c, make);
        }
        let rd = self.new_vreg(c);
        self.push(make(rd));
        rd
    }

    fn unary_rm(&mut self, op: &'static str, c: Class, rs: VReg, rm: &'static str) -> VReg {
        let rd = self.new_vreg(c);
        self.push(Inst::Unary {
            op,
            rd,
            rs,
            rm: Some(rm),
        });
        rd
    }

    fn op(&mut self, op: &'static str, c: Class, rs1: VReg, rs2: VReg) -> VReg {
        let make = |rd| Inst::Op { op, rd, rs1, rs2 };
        if Self::reusable(op) {
            return self.avail_or(AvailKey::Op(op, rs1, rs2), c, make);
        }
        let rd = self.new_vreg(c);
        self.push(make(rd));
        rd
    }

    fn opi(&mut self, op: &'static str, rs1: VReg, imm: i64) -> VReg {
        self.avail_or(AvailKey::OpImm(op, rs1, imm), Class::Int, |rd| {
            Inst::OpImm { op, rd, rs1, imm }
        })
    }

    /// Re-establishes the canonical form of a `bits`-wide integer.
    fn sext_from(&mut self, v: VReg, bits: u32) -> VReg {
        match bits {
            1 => self.opi("andi", v, 1),
            32 => self.opi("addiw", v, 0),
            64 => v,
            _ => {
                let t = self.opi("slli", v, 64 - bits as i64);
                self.opi("srai", t, 64 - bits as i64)
            }
        }
    }

    /// The zero-extension of a canonical `bits`-wide integer.
    fn zext_from(&mut self, v: VReg, bits: u32) -> VReg {
        match bits {
            1 | 64 => v,
            2..=11 => self.opi("andi", v, (1 << bits) - 1),
            _ => {
                let t = self.opi("slli", v, 64 - bits as i64);
                self.opi("srli", t, 64 - bits as i64)
            }
        }
    }

    unsafe fn const_int(&self, v: LLVMValueRef) -> Option<i64> {
        if LLVMIsAConstantInt(v).is_null() {
            return None;
        }
        Some(LLVMConstIntGetSExtValue(v))
    }

    /// The scalar leaves (type, byte offset) of a struct or array type, or
    /// None for scalars and for aggregates too large to keep in registers.
    unsafe fn agg_layout(&self, ty: LLVMTypeRef) -> Option<Vec<(Ty, u64)>> {
        if !matches!(
            LLVMGetTypeKind(ty),
            LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind
        ) {
            return None;
        }
        let mut out = Vec::new();
        (leaves(self.td, ty, 0, &mut out) && out.len() <= 16).then_some(out)
    }

    unsafe fn agg_layout_of(&self, v: LLVMValueRef, ctx: LLVMValueRef) -> Result<Vec<(Ty, u64)>> {
        self.agg_layout(LLVMTypeOf(v))
            .ok_or_else(|| self.unsupported(ctx))
    }

    /// Registers of an aggregate instruction result, created on first mention.
    unsafe fn agg_for(&mut self, inst: LLVMValueRef) -> Result<Vec<VReg>> {
        if let Some(r) = self.aggs.get(&inst) {
            return Ok(r.clone());
        }
        let layout = self.agg_layout_of(inst, inst)?;
        let regs: Vec<VReg> = layout
            .iter()
            .map(|(t, _)| self.new_vreg(t.class()))
            .collect();
        self.aggs.insert(inst, regs.clone());
        Ok(regs)
    }

    unsafe fn agg_val(&mut self, v: LLVMValueRef, ctx: LLVMValueRef) -> Result<Vec<VReg>> {
        if let Some(r) = self.aggs.get(&v) {
            return Ok(r.clone());
        }
        if ir::is_instruction(v) || !LLVMIsAArgument(v).is_null() {
            return self.agg_for(v);
        }
        let mut out = Vec::new();
        self.agg_const(v, ctx, &mut out)?;
        Ok(out)
    }

    unsafe fn agg_const(
        &mut self,
        c: LLVMValueRef,
        ctx: LLVMValueRef,
        out: &mut Vec<VReg>,
    ) -> Result<()> {
        let ty = LLVMTypeOf(c);
        let Some(layout) = self.agg_layout(ty) else {
            out.push(self.constant(c, ctx)?);
            return Ok(());
        };
        if LLVMIsNull(c) != 0 || LLVMIsUndef(c) != 0 || LLVMIsPoison(c) != 0 {
            for (t, _) in layout {
                let z = self.li(0);
                out.push(if t.class() == Class::Float {
                    self.unary("fmv.d.x", Class::Float, z)
                } else {
                    z
                });
            }
            return Ok(());
        }
        let n = match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMStructTypeKind => LLVMCountStructElementTypes(ty),
            _ => LLVMGetArrayLength2(ty) as u32,
        };
        for i in 0..n {
            let e = LLVMGetAggregateElement(c, i);
            if e.is_null() {
                return Err(self.unsupported(ctx));
            }
            self.agg_const(e, ctx, out)?;
        }
        Ok(())
    }

    fn def_agg(&mut self, inst: LLVMValueRef, regs: Vec<VReg>) {
        if let Some(old) = self.aggs.get(&inst).cloned() {
            for (d, s) in old.into_iter().zip(regs) {
                self.push(Inst::Mv { rd: d, rs: s });
            }
        } else {
            self.aggs.insert(inst, regs);
        }
    }

    /// The leaf range `[start, start + len)` that an extractvalue or
    /// insertvalue index path designates.
    unsafe fn leaf_range(&self, inst: LLVMValueRef, ty: LLVMTypeRef) -> (usize, usize) {
        let n = LLVMGetNumIndices(inst) as usize;
        let idx = std::slice::from_raw_parts(LLVMGetIndices(inst), n);
        let mut ty = ty;
        let mut start = 0;
        for &i in idx {
            let count = |t| {
                let mut v = Vec::new();
                leaves(self.td, t, 0, &mut v);
                v.len()
            };
            match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMStructTypeKind => {
                    for k in 0..i {
                        start += count(LLVMStructGetTypeAtIndex(ty, k));
                    }
                    ty = LLVMStructGetTypeAtIndex(ty, i);
                }
                _ => {
                    ty = LLVMGetElementType(ty);
                    start += i as usize * count(ty);
                }
            }
        }
        let mut v = Vec::new();
        leaves(self.td, ty, 0, &mut v);
        (start, v.len())
    }

    unsafe fn extract_value(&mut self, inst: LLVMValueRef) -> Result<()> {
        let a = LLVMGetOperand(inst, 0);
        let regs = self.agg_val(a, inst)?;
        let (start, len) = self.leaf_range(inst, LLVMTypeOf(a));
        if self.agg_layout(LLVMTypeOf(inst)).is_some() {
            self.def_agg(inst, regs[start..start + len].to_vec());
        } else {
            self.ty_of(inst, inst)?;
            self.def(inst, regs[start]);
        }
        Ok(())
    }

    unsafe fn insert_value(&mut self, inst: LLVMValueRef) -> Result<()> {
        let a = LLVMGetOperand(inst, 0);
        let mut regs = self.agg_val(a, inst)?;
        let (start, len) = self.leaf_range(inst, LLVMTypeOf(a));
        let v = LLVMGetOperand(inst, 1);
        let new = if self.agg_layout(LLVMTypeOf(v)).is_some() {
            self.agg_val(v, inst)?
        } else {
            vec![self.val(v, inst)?]
        };
        if new.len() != len {
            return Err(self.unsupported(inst));
        }
        regs.splice(start..start + len, new);
        self.def_agg(inst, regs);
        Ok(())
    }

    /// Registers and ABI classes of a value about to be passed: aggregates
    /// contribute one entry per leaf.
    unsafe fn pieces(&mut self, v: LLVMValueRef, ctx: LLVMValueRef) -> Result<Vec<(VReg, Ty)>> {
        if let Some(layout) = self.agg_layout(LLVMTypeOf(v)) {
            let regs = self.agg_val(v, ctx)?;
            return Ok(regs
                .into_iter()
                .zip(layout.into_iter().map(|(t, _)| t))
                .collect());
        }
        let ty = self.ty_of(v, ctx)?;
        Ok(vec![(self.val(v, ctx)?, ty)])
    }

    /// Return-value locations: integers in a0, a1, floats in fa0, fa1.
    fn return_locs(tys: &[Ty]) -> Option<Vec<ArgLoc>> {
        let (mut i, mut f) = (0u8, 0u8);
        let mut out = Vec::new();
        for t in tys {
            if t.class() == Class::Int {
                out.push(ArgLoc::IntReg(i));
                i += 1;
            } else {
                out.push(ArgLoc::FloatReg(f));
                f += 1;
            }
        }
        (i <= 2 && f <= 2).then_some(out)
    }

    unsafe fn inst(&mut self, inst: LLVMValueRef) -> Result<()> {
        use LLVMOpcode::*;
        let opc = LLVMGetInstructionOpcode(inst);
        match opc {
            LLVMExtractValue => return self.extract_value(inst),
            LLVMInsertValue => return self.insert_value(inst),
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

    unsafe fn alloca(&mut self, inst: LLVMValueRef) -> Result<()> {
        let ty = LLVMGetAllocatedType(inst);
        let Some(count) = self.const_int(LLVMGetOperand(inst, 0)) else {
            // Variable-length: moves sp at run time.
            if LLVMGetAlignment(inst) > 16 {
                return Err(self.unsupported(inst));
            }
            let n = LLVMGetOperand(inst, 0);
            let Ty::Int(bits) = self.ty_of(n, inst)? else {
                return Err(self.unsupported(inst));
            };
            let n = self.val(n, inst)?;
            let n = self.zext_from(n, bits);
            let elem = self.li(LLVMABISizeOfType(self.td, ty) as i64);
            let size = self.op("mul", Class::Int, n, elem);
            let rd = self.new_vreg(Class::Int);
            self.push(Inst::DynAlloca { rd, size });
            self.f.dynamic_stack = true;
            self.def(inst, rd);
            return Ok(());
        };
        let size = LLVMABISizeOfType(self.td, ty) * count.max(0) as u64;
        let align = LLVMGetAlignment(inst).max(1) as u64;
        if align > 16 {
            return Err(self.unsupported(inst));
        }
        self.f.slots.push(StackSlot {
            size: size.max(1),
            align,
        });
        let slot = (self.f.slots.len() - 1) as u32;
        self.slots.insert(inst, slot);
        if count == 1 && self.is_private(inst) {
            self.private.insert(slot);
        }
        Ok(())
    }

    /// Whether every use of the alloca `a` is a plain (non-volatile,
    /// non-atomic) load or store of its allocated scalar type with `a` as
    /// the address: then its address never escapes (see `private`).
    unsafe fn is_private(&self, a: LLVMValueRef) -> bool {
        let ty = LLVMGetAllocatedType(a);
        // (In the entry block, so lowered before any block that uses it.)
        if scalar_ty(ty).is_none()
            || LLVMGetInstructionParent(a) != LLVMGetEntryBasicBlock(self.func)
        {
            return false;
        }
        let plain = |u: LLVMValueRef| {
            LLVMGetVolatile(u) == 0
                && LLVMGetOrdering(u) == llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
        };
        ir::users(a).iter().all(|&u| match ir::opcode(u) {
            Some(LLVMOpcode::LLVMLoad) => plain(u) && LLVMTypeOf(u) == ty,
            Some(LLVMOpcode::LLVMStore) => {
                let v = LLVMGetOperand(u, 0);
                plain(u) && v != a && LLVMGetOperand(u, 1) == a && LLVMTypeOf(v) == ty
            }
            _ => false,
        })
    }

    unsafe fn int_binop(&mut self, inst: LLVMValueRef, opc: LLVMOpcode) -> Result<()> {
        use LLVMOpcode::*;
        let Ty::Int(bits) = self.ty_of(inst, inst)? else {
            return Err(self.unsupported(inst));
        };
        let (x, y) = (LLVMGetOperand(inst, 0), LLVMGetOperand(inst, 1));
        let imm = self.const_int(y).map(|c| canonical(c, bits));
        let w = bits == 32;
        let narrow = !matches!(bits, 32 | 64);
        // (register form, immediate form or "", re-extend result)
        let (rr, ri, resext): (&'static str, &'static str, bool) = match (opc, bits) {
            (LLVMAdd | LLVMSub | LLVMXor, 1) | (LLVMOr, _) | (LLVMAnd, _) | (LLVMXor, _) => {
                match opc {
                    LLVMOr => ("or", "ori", false),
                    LLVMAnd => ("and", "andi", false),
                    _ => ("xor", "xori", false),
                }
            }
            (LLVMMul, 1) => ("and", "andi", false),
            (_, 1) => return Err(self.unsupported(inst)),
            (LLVMAdd, _) => (
                if w { "addw" } else { "add" },
                if w { "addiw" } else { "addi" },
                narrow,
            ),
            (LLVMSub, _) => (if w { "subw" } else { "sub" }, "", narrow),
            (LLVMMul, _) => (if w { "mulw" } else { "mul" }, "", narrow),
            (LLVMSDiv, _) => (if w { "divw" } else { "div" }, "", narrow),
            (LLVMSRem, _) => (if w { "remw" } else { "rem" }, "", false),
            (LLVMUDiv, _) => (if w { "divuw" } else { "divu" }, "", narrow),
            (LLVMURem, _) => (if w { "remuw" } else { "remu" }, "", narrow),
            (LLVMShl, _) => (
                if w { "sllw" } else { "sll" },
                if w { "slliw" } else { "slli" },
                narrow,
            ),
            (LLVMLShr, _) => (
                if w { "srlw" } else { "srl" },
                if w { "srliw" } else { "srli" },
                narrow,
            ),
            (LLVMAShr, _) => (
                if w { "sraw" } else { "sra" },
                if w { "sraiw" } else { "srai" },
                false,
            ),
            _ => return Err(self.unsupported(inst)),
        };
        let mut a = self.val(x, inst)?;
        let unsigned_narrow = narrow && matches!(opc, LLVMUDiv | LLVMURem | LLVMLShr);
        if unsigned_narrow {
            a = self.zext_from(a, bits);
        }
        let is_shift = matches!(opc, LLVMShl | LLVMLShr | LLVMAShr);
        let r = match imm {
            Some(c) if is_shift && !ri.is_empty() => {
                let sh = c & if w { 31 } else { 63 };
                self.opi(ri, a, sh)
            }
            Some(c) if opc == LLVMSub && fits12(c.wrapping_neg()) && bits > 1 => {
                self.opi(if w { "addiw" } else { "addi" }, a, -c)
            }
            Some(c) if !ri.is_empty() && !is_shift && fits12(c) => self.opi(ri, a, c),
            _ => {
                let mut b = self.val(y, inst)?;
                if unsigned_narrow && !is_shift {
                    b = self.zext_from(b, bits);
                }
                self.op(rr, Class::Int, a, b)
            }
        };
        let r = if resext { self.sext_from(r, bits) } else { r };
        self.def(inst, r);
        Ok(())
    }

    unsafe fn float_binop(&mut self, inst: LLVMValueRef, opc: LLVMOpcode) -> Result<()> {
        use LLVMOpcode::*;
        let ty = self.ty_of(inst, inst)?;
        let d = ty == Ty::F64;
        let op = match opc {
            LLVMFAdd => ["fadd.s", "fadd.d"][d as usize],
            LLVMFSub => ["fsub.s", "fsub.d"][d as usize],
            LLVMFMul => ["fmul.s", "fmul.d"][d as usize],
            _ => ["fdiv.s", "fdiv.d"][d as usize],
        };
        let a = self.val(LLVMGetOperand(inst, 0), inst)?;
        let b = self.val(LLVMGetOperand(inst, 1), inst)?;
        let r = self.op(op, Class::Float, a, b);
        self.def(inst, r);
        Ok(())
    }

    unsafe fn frem(&mut self, inst: LLVMValueRef) -> Result<()> {
        let ty = self.ty_of(inst, inst)?;
        let a = self.val(LLVMGetOperand(inst, 0), inst)?;
        let b = self.val(LLVMGetOperand(inst, 1), inst)?;
        let rd = self.new_vreg(Class::Float);
        let name = if ty == Ty::F64 { "fmod" } else { "fmodf" };
        self.push(Inst::Call {
            callee: Callee::Direct(name.into()),
            args: vec![(a, ArgLoc::FloatReg(0)), (b, ArgLoc::FloatReg(1))],
            rets: vec![(rd, ArgLoc::FloatReg(0))],
        });
        self.def(inst, rd);
        Ok(())
    }

    /// An icmp that is the condition of the branch right after it, and used
    /// nowhere else, is folded into a compare-and-branch.
    unsafe fn fusable(&self, cmp: LLVMValueRef) -> bool {
        let next = LLVMGetNextInstruction(cmp);
        if next.is_null()
            || LLVMGetInstructionOpcode(next) != LLVMOpcode::LLVMBr
            || LLVMIsConditional(next) == 0
        {
            return false;
        }
        let users = ir::users(cmp);
        users.len() == 1 && users[0] == next && LLVMGetCondition(next) == cmp
    }

    unsafe fn icmp(&mut self, inst: LLVMValueRef) -> Result<()> {
        let x = LLVMGetOperand(inst, 0);
        let Ty::Int(bits) = self.ty_of(x, inst)? else {
            return Err(self.unsupported(inst));
        };
        let pred = LLVMGetICmpPredicate(inst);
        if bits > 1 && self.fusable(inst) {
            self.fused.insert(inst);
            return Ok(());
        }
        let y = LLVMGetOperand(inst, 1);
        let (mut a, mut b) = (self.val(x, inst)?, self.val(y, inst)?);
        use LLVMIntPredicate::*;
        if bits == 1 && matches!(pred, LLVMIntSLT | LLVMIntSLE | LLVMIntSGT | LLVMIntSGE) {
            // i1 is held as 0/1; signed order needs 0/-1.
            a = self.unary("neg", Class::Int, a);
            b = self.unary("neg", Class::Int, b);
        }
        let r = match pred {
            LLVMIntEQ | LLVMIntNE => {
                let t = self.op("xor", Class::Int, a, b);
                self.unary(
                    if pred == LLVMIntEQ { "seqz" } else { "snez" },
                    Class::Int,
                    t,
                )
            }
            LLVMIntSLT => self.op("slt", Class::Int, a, b),
            LLVMIntSGT => self.op("slt", Class::Int, b, a),
            LLVMIntULT => self.op("sltu", Class::Int, a, b),
            LLVMIntUGT => self.op("sltu", Class::Int, b, a),
            LLVMIntSGE | LLVMIntSLE | LLVMIntUGE | LLVMIntULE => {
                let (op, p, q) = match pred {
                    LLVMIntSGE => ("slt", a, b),
                    LLVMIntSLE => ("slt", b, a),
                    LLVMIntUGE => ("sltu", a, b),
                    _ => ("sltu", b, a),
                };
                let t = self.op(op, Class::Int, p, q);
                self.opi("xori", t, 1)
            }
        };
        self.def(inst, r);
        Ok(())
    }

    unsafe fn fcmp(&mut self, inst: LLVMValueRef) -> Result<()> {
        use LLVMRealPredicate::*;
        let ty = self.ty_of(LLVMGetOperand(inst, 0), inst)?;
        let d = (ty == Ty::F64) as usize;
        let (feq, flt, fle) = (
            ["feq.s", "feq.d"][d],
            ["flt.s", "flt.d"][d],
            ["fle.s", "fle.d"][d],
        );
        let pred = LLVMGetFCmpPredicate(inst);
        if matches!(pred, LLVMRealPredicateFalse | LLVMRealPredicateTrue) {
            let r = self.li((pred == LLVMRealPredicateTrue) as i64);
            self.def(inst, r);
            return Ok(());
        }
        let a = self.val(LLVMGetOperand(inst, 0), inst)?;
        let b = self.val(LLVMGetOperand(inst, 1), inst)?;
        // Ordered predicates directly; unordered ones as the negation of
        // the opposite ordered predicate.
        let (ordered, negate) = match pred {
            LLVMRealOEQ | LLVMRealOGT | LLVMRealOGE | LLVMRealOLT | LLVMRealOLE | LLVMRealONE
            | LLVMRealORD => (pred, false),
            LLVMRealUEQ => (LLVMRealONE, true),
            LLVMRealUGT => (LLVMRealOLE, true),
            LLVMRealUGE => (LLVMRealOLT, true),
            LLVMRealULT => (LLVMRealOGE, true),
            LLVMRealULE => (LLVMRealOGT, true),
            LLVMRealUNE => (LLVMRealOEQ, true),
            _ => (LLVMRealORD, true), // UNO
        };
        let r = match ordered {
            LLVMRealOEQ => self.op(feq, Class::Int, a, b),
            LLVMRealOGT => self.op(flt, Class::Int, b, a),
            LLVMRealOGE => self.op(fle, Class::Int, b, a),
            LLVMRealOLT => self.op(flt, Class::Int, a, b),
            LLVMRealOLE => self.op(fle, Class::Int, a, b),
            LLVMRealONE => {
                let l = self.op(flt, Class::Int, a, b);
                let g = self.op(flt, Class::Int, b, a);
                self.op("or", Class::Int, l, g)
            }
            _ => {
                let p = self.op(feq, Class::Int, a, a);
                let q = self.op(feq, Class::Int, b, b);
                self.op("and", Class::Int, p, q)
            }
        };
        let r = if negate { self.opi("xori", r, 1) } else { r };
        self.def(inst, r);
        Ok(())
    }

    unsafe fn select(&mut self, inst: LLVMValueRef) -> Result<()> {
        let ty = self.ty_of(inst, inst)?;
        if scalar_ty(LLVMTypeOf(LLVMGetOperand(inst, 0))) != Some(Ty::Int(1)) {
            return Err(self.unsupported(inst));
        }
        let c = self.val(LLVMGetOperand(inst, 0), inst)?;
        let mut a = self.val(LLVMGetOperand(inst, 1), inst)?;
        let mut b = self.val(LLVMGetOperand(inst, 2), inst)?;
        let (to_int, from_int) = match ty {
            Ty::F64 => ("fmv.x.d", "fmv.d.x"),
            Ty::F32 => ("fmv.x.w", "fmv.w.x"),
            Ty::Int(_) => ("", ""),
        };
        if !to_int.is_empty() {
            a = self.unary(to_int, Class::Int, a);
            b = self.unary(to_int, Class::Int, b);
        }
        // r = b ^ ((a ^ b) & -c)
        let m = self.unary("neg", Class::Int, c);
        let t = self.op("xor", Class::Int, a, b);
        let t = self.op("and", Class::Int, t, m);
        let mut r = self.op("xor", Class::Int, b, t);
        if !from_int.is_empty() {
            r = self.unary(from_int, Class::Float, r);
        }
        self.def(inst, r);
        Ok(())
    }

    unsafe fn cast(&mut self, inst: LLVMValueRef, opc: LLVMOpcode) -> Result<()> {
        use LLVMOpcode::*;
        let x = LLVMGetOperand(inst, 0);
        let from = self.ty_of(x, inst)?;
        let to = self.ty_of(inst, inst)?;
        let a = self.val(x, inst)?;
        let d = |t: Ty| (t == Ty::F64) as usize;
        let r = match (opc, from, to) {
            (LLVMTrunc, _, Ty::Int(b)) => self.sext_from(a, b),
            (LLVMZExt, Ty::Int(b), _) | (LLVMIntToPtr, Ty::Int(b), _) => self.zext_from(a, b),
            (LLVMSExt, Ty::Int(1), _) => self.unary("neg", Class::Int, a),
            (LLVMSExt, _, _) => a,
            (LLVMPtrToInt, _, Ty::Int(b)) => self.sext_from(a, b),
            (LLVMBitCast, Ty::Int(_), Ty::Int(_)) => a,
            (LLVMBitCast, Ty::F64, Ty::Int(64)) => self.unary("fmv.x.d", Class::Int, a),
            (LLVMBitCast, Ty::F32, Ty::Int(32)) => self.unary("fmv.x.w", Class::Int, a),
            (LLVMBitCast, Ty::Int(64), Ty::F64) => self.unary("fmv.d.x", Class::Float, a),
            (LLVMBitCast, Ty::Int(32), Ty::F32) => self.unary("fmv.w.x", Class::Float, a),
            (LLVMBitCast, f, t) if f == t => a,
            (LLVMFPTrunc, Ty::F64, Ty::F32) => self.unary("fcvt.s.d", Class::Float, a),
            (LLVMFPExt, Ty::F32, Ty::F64) => self.unary("fcvt.d.s", Class::Float, a),
            (LLVMFPToSI | LLVMFPToUI, f @ (Ty::F32 | Ty::F64), Ty::Int(b)) => {
                let signed = opc == LLVMFPToSI;
                let op = match (b > 32, signed, d(f)) {
                    (true, true, 1) => "fcvt.l.d",
                    (true, false, 1) => "fcvt.lu.d",
                    (false, true, 1) => "fcvt.w.d",
                    (false, false, 1) => "fcvt.wu.d",
                    (true, true, _) => "fcvt.l.s",
                    (true, false, _) => "fcvt.lu.s",
                    (false, true, _) => "fcvt.w.s",
                    (false, false, _) => "fcvt.wu.s",
                };
                let r = self.unary_rm(op, Class::Int, a, "rtz");
                self.sext_from(r, b)
            }
            (LLVMSIToFP | LLVMUIToFP, Ty::Int(b), t @ (Ty::F32 | Ty::F64)) => {
                let signed = opc == LLVMSIToFP;
                let mut a = a;
                if b == 1 && signed {
                    a = self.unary("neg", Class::Int, a);
                } else if b != 32 && !signed {
                    a = self.zext_from(a, b);
                }
                let op = match (b == 32, signed, d(t)) {
                    (true, true, 1) => "fcvt.d.w",
                    (true, false, 1) => "fcvt.d.wu",
                    (false, true, 1) => "fcvt.d.l",
                    (false, false, 1) => "fcvt.d.lu",
                    (true, true, _) => "fcvt.s.w",
                    (true, false, _) => "fcvt.s.wu",
                    (false, true, _) => "fcvt.s.l",
                    (false, false, _) => "fcvt.s.lu",
                };
                self.unary(op, Class::Float, a)
            }
            _ => return Err(self.unsupported(inst)),
        };
        self.def(inst, r);
        Ok(())
    }

    /// A GEP with constant indices off an alloca or a register, whose users
    /// are all loads and stores using it as their address.
    unsafe fn fold_gep(&self, g: LLVMValueRef) -> Option<(Base<LLVMValueRef>, i64)> {
        if ir::opcode(g) != Some(LLVMOpcode::LLVMGetElementPtr) {
            return None;
        }
        let off = gep_const_offset(self.td, g)?;
        let base = LLVMGetOperand(g, 0);
        if let Some(&s) = self.slots.get(&base) {
            return Some((Base::Slot(s), off));
        }
        if ir::is_instruction(base) || !LLVMIsAArgument(base).is_null() {
            return fits12(off).then_some((Base::Reg(base), off));
        }
        None
    }

    unsafe fn only_memory_users(&self, g: LLVMValueRef) -> bool {
        ir::users(g).iter().all(|&u| match ir::opcode(u) {
            Some(LLVMOpcode::LLVMLoad) => true,
            Some(LLVMOpcode::LLVMStore) => LLVMGetOperand(u, 1) == g && LLVMGetOperand(u, 0) != g,
            _ => false,
        })
    }

    unsafe fn address_value(&mut self, base: Base<LLVMValueRef>, off: i64) -> Result<VReg> {
        match base {
            Base::Slot(slot) => {
                let rd = self.new_vreg(Class::Int);
                self.push(Inst::FrameAddr { rd, slot, off });
                Ok(rd)
            }
            Base::Reg(v) => {
                let b = self.val(v, v)?;
                Ok(self.add_offset(b, off))
            }
        }
    }

    fn add_offset(&mut self, b: VReg, off: i64) -> VReg {
        if off == 0 {
            b
        } else if fits12(off) {
            self.opi("addi", b, off)
        } else {
            let t = self.li(off);
            self.op("add", Class::Int, b, t)
        }
    }

    /// The address operand of a load or store as base + offset.
    unsafe fn address(&mut self, p: LLVMValueRef, ctx: LLVMValueRef) -> Result<(Base<VReg>, i64)> {
        if let Some(&s) = self.slots.get(&p) {
            return Ok((Base::Slot(s), 0));
        }
        if self.folded.contains(&p) {
            let (base, off) = self.fold_gep(p).expect("folded GEPs stay foldable");
            return Ok(match base {
                Base::Slot(s) => (Base::Slot(s), off),
                Base::Reg(v) => (Base::Reg(self.val(v, ctx)?), off),
            });
        }
        Ok((Base::Reg(self.val(p, ctx)?), 0))
    }

    unsafe fn check_not_atomic(&self, inst: LLVMValueRef) -> Result<()> {
        if LLVMGetOrdering(inst) as u32
            > llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic as u32
        {
            return Err(self.unsupported(inst));
        }
        Ok(())
    }

    /// Loads a `ty` from `base + off` into a canonical register. Integers
    /// whose store size is 3, 5, 6 or 7 bytes are assembled bytewise.
    fn load_scalar(&mut self, ty: Ty, base: Base<VReg>, off: i64) -> VReg {
        let (op, bits) = match ty {
            Ty::F32 => ("flw", 0),
            Ty::F64 => ("fld", 0),
            Ty::Int(b) => match b.div_ceil(8) {
                1 if b == 8 => ("lb", b),
                1 => ("lbu", b),
                2 => ("lh", b),
                3 | 4 => ("lw", b),
                _ => ("ld", b),
            },
        };
        if let Ty::Int(b) = ty {
            let size = b.div_ceil(8);
            if matches!(size, 3 | 5 | 6 | 7) {
                let mut acc = None;
                for k in 0..size as i64 {
                    let rd = self.new_vreg(Class::Int);
                    self.push(Inst::Load {
                        op: "lbu",
                        rd,
                        base,
                        off: off + k,
                    });
                    let part = if k == 0 {
                        rd
                    } else {
                        self.opi("slli", rd, 8 * k)
                    };
                    acc = Some(match acc {
                        None => part,
                        Some(a) => self.op("or", Class::Int, a, part),
                    });
                }
                return self.sext_from(acc.unwrap(), b);
            }
        }
        let rd = self.new_vreg(ty.class());
        self.push(Inst::Load { op, rd, base, off });
        match bits {
            0 | 8 | 16 | 32 | 64 => rd,
            b => self.sext_from(rd, b),
        }
    }

    fn store_scalar(&mut self, ty: Ty, src: VReg, base: Base<VReg>, off: i64) {
        let op = match ty {
            Ty::F32 => "fsw",
            Ty::F64 => "fsd",
            Ty::Int(b) => match b.div_ceil(8) {
                1 => "sb",
                2 => "sh",
                4 => "sw",
                8 => "sd",
                n => {
                    for k in 0..n as i64 {
                        let part = if k == 0 {
                            src
                        } else {
                            self.opi("srli", src, 8 * k)
                        };
                        self.push(Inst::Store {
                            op: "sb",
                            src: part,
                            base,
                            off: off + k,
                        });
                    }
                    return;
                }
            },
        };
        self.push(Inst::Store { op, src, base, off });
    }

    unsafe fn load(&mut self, inst: LLVMValueRef) -> Result<()> {
        self.check_not_atomic(inst)?;
        let (base, off) = self.address(LLVMGetOperand(inst, 0), inst)?;
        if let Some(leaves) = self.agg_layout(LLVMTypeOf(inst)) {
            let regs: Vec<VReg> = leaves
                .iter()
                .map(|&(t, o)| self.load_scalar(t, base, off + o as i64))
                .collect();
            self.def_agg(inst, regs);
            return Ok(());
        }
        let ty = self.ty_of(inst, inst)?;
        let private = match base {
            Base::Slot(s) if self.private.contains(&s) => Some(s),
            _ => None,
        };
        if let Some(&r) = private.and_then(|s| self.avail.get(&AvailKey::Slot(s))) {
            self.def(inst, r);
            return Ok(());
        }
        let rd = self.load_scalar(ty, base, off);
        if let Some(s) = private {
            self.avail.insert(AvailKey::Slot(s), rd);
        }
        self.def(inst, rd);
        Ok(())
    }

    unsafe fn store(&mut self, inst: LLVMValueRef) -> Result<()> {
        self.check_not_atomic(inst)?;
        let v = LLVMGetOperand(inst, 0);
        if let Some(leaves) = self.agg_layout(LLVMTypeOf(v)) {
            let regs = self.agg_val(v, inst)?;
            let (base, off) = self.address(LLVMGetOperand(inst, 1), inst)?;
            for (&(t, o), r) in leaves.iter().zip(regs) {
                self.store_scalar(t, r, base, off + o as i64);
            }
            return Ok(());
        }
        let ty = self.ty_of(v, inst)?;
        let src = self.val(v, inst)?;
        let (base, off) = self.address(LLVMGetOperand(inst, 1), inst)?;
        self.store_scalar(ty, src, base, off);
        if let Base::Slot(s) = base {
            if self.private.contains(&s) {
                // `src` is canonical, which is what loading it back yields.
                self.avail.insert(AvailKey::Slot(s), src);
            }
        }
        Ok(())
    }

    unsafe fn gep(&mut self, g: LLVMValueRef) -> Result<()> {
        if self.ty_of(g, g)? != Ty::Int(64) {
            return Err(self.unsupported(g));
        }
        // (Not when an earlier block in layout order already asked for its register.)
        if !self.vals.contains_key(&g) && self.fold_gep(g).is_some() && self.only_memory_users(g) {
            self.folded.insert(g);
            return Ok(());
        }
        let base_ptr = LLVMGetOperand(g, 0);
        let mut off = 0i64;
        let mut terms: Vec<(VReg, i64)> = Vec::new();
        let mut ty = LLVMGetGEPSourceElementType(g);
        for k in 1..LLVMGetNumOperands(g) as u32 {
            let idx = LLVMGetOperand(g, k);
            if k > 1 {
                match LLVMGetTypeKind(ty) {
                    LLVMTypeKind::LLVMStructTypeKind => {
                        let i = self.const_int(idx).ok_or_else(|| self.unsupported(g))? as u32;
                        off += LLVMOffsetOfElement(self.td, ty, i) as i64;
                        ty = LLVMStructGetTypeAtIndex(ty, i);
                        continue;
                    }
                    LLVMTypeKind::LLVMArrayTypeKind => ty = LLVMGetElementType(ty),
                    _ => return Err(self.unsupported(g)),
                }
            }
            let scale = LLVMABISizeOfType(self.td, ty) as i64;
            match self.const_int(idx) {
                Some(i) => off = off.wrapping_add(i.wrapping_mul(scale)),
                None => {
                    let Ty::Int(bits) = self.ty_of(idx, g)? else {
                        return Err(self.unsupported(g));
                    };
                    if bits == 1 {
                        return Err(self.unsupported(g));
                    }
                    let v = self.val(idx, g)?;
                    terms.push((v, scale));
                }
            }
        }
        let mut acc = match (self.slots.get(&base_ptr), terms.is_empty()) {
            (Some(&slot), _) => {
                let rd = self.new_vreg(Class::Int);
                self.push(Inst::FrameAddr { rd, slot, off });
                off = 0;
                rd
            }
            (None, _) if !ir::is_instruction(base_ptr) && LLVMIsAArgument(base_ptr).is_null() => {
                match const_address(self.td, base_ptr) {
                    Some((sym, o)) => {
                        let rd = self.la(sym, o.wrapping_add(off));
                        off = 0;
                        rd
                    }
                    None => self.val(base_ptr, g)?,
                }
            }
            _ => self.val(base_ptr, g)?,
        };
        for (v, scale) in terms {
            let scaled = if scale == 1 {
                v
            } else if scale > 0 && (scale as u64).is_power_of_two() {
                self.opi("slli", v, scale.trailing_zeros() as i64)
            } else {
                let s = self.li(scale);
                self.op("mul", Class::Int, v, s)
            };
            acc = self.op("add", Class::Int, acc, scaled);
        }
        let r = self.add_offset(acc, off);
        self.def(g, r);
        Ok(())
    }

    unsafe fn call(&mut self, inst: LLVMValueRef) -> Result<()> {
        let callee = LLVMGetCalledValue(inst);
        if !LLVMIsAInlineAsm(callee).is_null() {
            return Err(self.unsupported(inst));
        }
        if let Some(name) = ir::called_intrinsic_name(inst) {
            return self.intrinsic(inst, &name);
        }
        if !LLVMIsAFunction(callee).is_null() && self.partial_inline_sqrt(inst, callee)? {
            return Ok(());
        }
        let fty = LLVMGetCalledFunctionType(inst);
        let nfixed = LLVMCountParamTypes(fty);
        let nargs = LLVMGetNumArgOperands(inst);
        let mut asg = Assigner::default();
        let mut args = Vec::new();
        for k in 0..nargs {
            let a = LLVMGetOperand(inst, k);
            let pieces = self.pieces(a, inst)?;
            let scalar = self.agg_layout(LLVMTypeOf(a)).is_none();
            for (mut v, ty) in pieces {
                if let Ty::Int(b) = ty {
                    if scalar
                        && b < 32
                        && b != 1
                        && !LLVMGetCallSiteEnumAttribute(inst, k + 1, self.attr_zeroext).is_null()
                    {
                        v = self.zext_from(v, b);
                    }
                }
                let (loc, lc) = asg.next(ty.class(), k >= nfixed);
                if lc != ty.class() {
                    v = self.unary(
                        if ty == Ty::F64 { "fmv.x.d" } else { "fmv.x.w" },
                        Class::Int,
                        v,
                    );
                }
                args.push((v, loc));
            }
        }
        let callee = if !LLVMIsAFunction(callee).is_null() {
            Callee::Direct(ir::name(callee))
        } else {
            Callee::Indirect(self.val(callee, inst)?)
        };
        let rty = LLVMGetReturnType(fty);
        let rtys: Vec<Ty> = if LLVMGetTypeKind(rty) == LLVMTypeKind::LLVMVoidTypeKind {
            vec![]
        } else if let Some(layout) = self.agg_layout(rty) {
            layout.into_iter().map(|(t, _)| t).collect()
        } else {
            vec![scalar_ty(rty).ok_or_else(|| self.unsupported(inst))?]
        };
        let locs = Self::return_locs(&rtys).ok_or_else(|| self.unsupported(inst))?;
        let regs: Vec<VReg> = rtys.iter().map(|t| self.new_vreg(t.class())).collect();
        self.push(Inst::Call {
            callee,
            args,
            rets: regs.iter().copied().zip(locs).collect(),
        });
        let regs: Vec<VReg> = regs
            .into_iter()
            .zip(&rtys)
            .map(|(r, t)| match *t {
                Ty::Int(b) if b != 32 => self.sext_from(r, b),
                _ => r,
            })
            .collect();
        if self.agg_layout(rty).is_some() {
            self.def_agg(inst, regs);
        } else if let Some(&r) = regs.first() {
            self.def(inst, r);
        }
        Ok(())
    }

    unsafe fn libc_call(&mut self, inst: LLVMValueRef, name: &str, nargs: u32) -> Result<()> {
        let mut args = Vec::new();
        for k in 0..nargs {
            let a = LLVMGetOperand(inst, k);
            let Ty::Int(b) = self.ty_of(a, inst)? else {
                return Err(self.unsupported(inst));
            };
            let mut v = self.val(a, inst)?;
            if k == 2 && b == 32 {
                v = self.zext_from(v, 32); // size_t length
            }
            args.push((v, ArgLoc::IntReg(k as u8)));
        }
        let rd = self.new_vreg(Class::Int);
        self.push(Inst::Call {
            callee: Callee::Direct(name.into()),
            args,
            rets: vec![(rd, ArgLoc::IntReg(0))],
        });
        Ok(())
    }

    unsafe fn intrinsic(&mut self, inst: LLVMValueRef, name: &str) -> Result<()> {
        let strip = |p: &str| name.strip_prefix(p).is_some();
        if strip("llvm.dbg.")
            || strip("llvm.lifetime.")
            || strip("llvm.experimental.noalias")
            || name == "llvm.va_end"
        {
            return Ok(());
        }
        if strip("llvm.memcpy.") || strip("llvm.memmove.") || strip("llvm.memset.") {
            let f = name.split('.').nth(1).unwrap();
            return self.libc_call(inst, f, 3);
        }
        if name == "llvm.va_start" || strip("llvm.va_start.") {
            if self.f.varargs.is_none() {
                return Err(self.unsupported(inst));
            }
            let p = self.val(LLVMGetOperand(inst, 0), inst)?;
            let rd = self.new_vreg(Class::Int);
            self.push(Inst::VaStart { rd });
            self.push(Inst::Store {
                op: "sd",
                src: rd,
                base: Base::Reg(p),
                off: 0,
            });
            return Ok(());
        }
        if name == "llvm.va_copy" || strip("llvm.va_copy.") {
            let d = self.val(LLVMGetOperand(inst, 0), inst)?;
            let s = self.val(LLVMGetOperand(inst, 1), inst)?;
            let t = self.new_vreg(Class::Int);
            self.push(Inst::Load {
                op: "ld",
                rd: t,
                base: Base::Reg(s),
                off: 0,
            });
            self.push(Inst::Store {
                op: "sd",
                src: t,
                base: Base::Reg(d),
                off: 0,
            });
            return Ok(());
        }
        if strip("llvm.va_end.") {
            return Ok(());
        }
        if strip("llvm.stacksave") {
            let rd = self.new_vreg(Class::Int);
            self.push(Inst::StackSave { rd });
            self.def(inst, rd);
            return Ok(());
        }
        if strip("llvm.stackrestore") {
            let rs = self.val(LLVMGetOperand(inst, 0), inst)?;
            self.push(Inst::StackRestore { rs });
            return Ok(());
        }
        let ty = scalar_ty(LLVMTypeOf(inst));
        let d = ty == Some(Ty::F64);
        let float = matches!(ty, Some(Ty::F32 | Ty::F64));
        if float && (strip("llvm.fmuladd.") || strip("llvm.fma.")) {
            let a = self.val(LLVMGetOperand(inst, 0), inst)?;
            let b = self.val(LLVMGetOperand(inst, 1), inst)?;
            let c = self.val(LLVMGetOperand(inst, 2), inst)?;
            let rd = self.new_vreg(Class::Float);
            self.push(Inst::Fma {
                op: if d { "fmadd.d" } else { "fmadd.s" },
                rd,
                rs1: a,
                rs2: b,
                rs3: c,
            });
            self.def(inst, rd);
            return Ok(());
        }
        if float && (strip("llvm.fabs.") || strip("llvm.sqrt.")) {
            let a = self.val(LLVMGetOperand(inst, 0), inst)?;
            let op = match (strip("llvm.fabs."), d) {
                (true, true) => "fabs.d",
                (true, false) => "fabs.s",
                (false, true) => "fsqrt.d",
                (false, false) => "fsqrt.s",
            };
            let r = self.unary(op, Class::Float, a);
            self.def(inst, r);
            return Ok(());
        }
        Err(self.unsupported(inst))
    }

    unsafe fn ret(&mut self, inst: LLVMValueRef) -> Result<()> {
        if LLVMGetNumOperands(inst) == 0 {
            self.push(Inst::Ret { vals: vec![] });
            return Ok(());
        }
        let x = LLVMGetOperand(inst, 0);
        let scalar = self.agg_layout(LLVMTypeOf(x)).is_none();
        let mut pieces = self.pieces(x, inst)?;
        for (v, ty) in pieces.iter_mut() {
            if let Ty::Int(b) = *ty {
                if scalar
                    && b < 32
                    && !LLVMGetEnumAttributeAtIndex(self.func, 0, self.attr_zeroext).is_null()
                {
                    *v = self.zext_from(*v, b);
                }
            }
        }
        let tys: Vec<Ty> = pieces.iter().map(|p| p.1).collect();
        let locs = Self::return_locs(&tys).ok_or_else(|| self.unsupported(inst))?;
        self.push(Inst::Ret {
            vals: pieces.into_iter().map(|p| p.0).zip(locs).collect(),
        });
        Ok(())
    }

    unsafe fn br(&mut self, inst: LLVMValueRef) -> Result<()> {
        if LLVMIsConditional(inst) == 0 {
            let t = self.block_index[&LLVMValueAsBasicBlock(LLVMGetOperand(inst, 0))];
            self.push(Inst::Jump { target: t });
            return Ok(());
        }
        // Operands of a conditional br: cond, false dest, true dest.
        let taken = self.block_index[&LLVMValueAsBasicBlock(LLVMGetOperand(inst, 2))];
        let not_taken = self.block_index[&LLVMValueAsBasicBlock(LLVMGetOperand(inst, 1))];
        let cond = LLVMGetCondition(inst);
        if self.fused.contains(&cond) {
            use LLVMIntPredicate::*;
            let (x, y) = (LLVMGetOperand(cond, 0), LLVMGetOperand(cond, 1));
            let (op, swap) = match LLVMGetICmpPredicate(cond) {
                LLVMIntEQ => ("beq", false),
                LLVMIntNE => ("bne", false),
                LLVMIntSLT => ("blt", false),
                LLVMIntSGE => ("bge", false),
                LLVMIntSGT => ("blt", true),
                LLVMIntSLE => ("bge", true),
                LLVMIntULT => ("bltu", false),
                LLVMIntUGE => ("bgeu", false),
                LLVMIntUGT => ("bltu", true),
                LLVMIntULE => ("bgeu", true),
            };
            let (x, y) = if swap { (y, x) } else { (x, y) };
            let rs1 = self.val(x, cond)?;
            let rs2 = if self.const_int(y) == Some(0) {
                None
            } else {
                Some(self.val(y, cond)?)
            };
            self.push(Inst::Branch {
                op,
                rs1,
                rs2,
                taken,
                not_taken,
            });
            return Ok(());
        }
        let c = self.val(cond, inst)?;
        self.push(Inst::Branch {
            op: "bne",
            rs1: c,
            rs2: None,
            taken,
            not_taken,
        });
        Ok(())
    }

    unsafe fn switch(&mut self, inst: LLVMValueRef) -> Result<()> {
        let x = ir::switch::condition(inst);
        let Ty::Int(bits) = self.ty_of(x, inst)? else {
            return Err(self.unsupported(inst));
        };
        let val = self.val(x, inst)?;
        let default = self.block_index[&ir::switch::default_dest(inst)];
        let mut cases = Vec::new();
        for (value, dest) in ir::switch::cases(inst) {
            let c = self
                .const_int(value)
                .ok_or_else(|| self.unsupported(inst))?;
            cases.push((canonical(c, bits), self.block_index[&dest]));
        }
        self.push(Inst::Switch {
            val,
            cases,
            default,
        });
        Ok(())
    }
}

/// Rewrites the successor blocks of terminator `t` through `new_index`.
fn renumber_targets(t: &mut Inst<VReg>, new_index: &[usize]) {
    match t {
        Inst::Jump { target } => *target = new_index[*target],
        Inst::Branch {
            taken, not_taken, ..
        } => {
            *taken = new_index[*taken];
            *not_taken = new_index[*not_taken];
        }
        Inst::Switch { cases, default, .. } => {
            cases.iter_mut().for_each(|c| c.1 = new_index[c.1]);
            *default = new_index[*default];
        }
        _ => {}
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

    #[test]
    fn ebb_parents_are_unique_earlier_predecessors() {
        use crate::analysis::cfg::Cfg;
        // 0 -> 1 (twice: a switch), 1 -> {2, 3}, 2 -> 3, 3 -> 4, 4 -> {4, 6},
        // 6 -> 5 (5's only predecessor comes later), 7 -> 7 (unreachable
        // self-loop).
        let cfg = Cfg::from_edges(
            8,
            &[
                (0, 1),
                (0, 1),
                (1, 2),
                (1, 3),
                (2, 3),
                (3, 4),
                (4, 4),
                (4, 6),
                (6, 5),
                (7, 7),
            ],
        );
        assert_eq!(
            Lowerer::ebb_parents(&cfg),
            vec![None, Some(0), Some(1), None, None, None, Some(4), None]
        );
    }

    #[test]
    fn renumbering_rewrites_every_successor() {
        let map = [0, 3, 1, 2];
        let mut j: Inst<VReg> = Inst::Jump { target: 1 };
        renumber_targets(&mut j, &map);
        assert_eq!(j, Inst::Jump { target: 3 });
        let mut b: Inst<VReg> = Inst::Branch {
            op: "bne",
            rs1: 0,
            rs2: None,
            taken: 2,
            not_taken: 3,
        };
        renumber_targets(&mut b, &map);
        assert_eq!(b.succs(), vec![1, 2]);
        let mut sw: Inst<VReg> = Inst::Switch {
            val: 0,
            cases: vec![(5, 1), (7, 3)],
            default: 0,
        };
        renumber_targets(&mut sw, &map);
        assert_eq!(sw.succs(), vec![3, 2, 0]);
    }
}
