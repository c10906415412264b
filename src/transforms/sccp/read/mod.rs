//! Reading an LLVM function into the solver's `Program` (the edge between
//! the C API and the algorithm).
//!
//! An instruction is described in detail only if every type involved is a
//! scalar integer: of at most 64 bits (`Op::Binary`, `Op::Cast`, …) or of
//! 65 to `wide::MAX_WIDE_WIDTH` bits (`Op::Wide`, read as `ApInt` through
//! `ir::const_int`), a `float` or `double` (`Op::Float`), or a pointer of
//! address space 0 (phis, `select`, `freeze`, `icmp`, `alloca` as a
//! pointer that is not null, and `getelementptr`, with its byte offset when
//! `memory::gep_step` finds it); anything else
//! (vectors, other pointers, loads of pointers) becomes `Op::Opaque`, i.e.
//! overdefined. `undef` and `poison` (of any type) become
//! `Operand::Undef`, which the solver resolves as LLVM does; constant
//! pointers become `Operand::Pointer`, described as a `pointer::PtrConst`
//! (`memory`), and `ReadFunction::pointers` keeps an LLVM constant for
//! each (`rewrite` builds one for a pointer the solver computed, from
//! `ReadFunction::globals`); other operands that are not instructions of this function or
//! constants (arguments, other constant expressions) become
//! `Operand::Unknown`, i.e. overdefined. The facts `pointer` relies on
//! (linkage, `unnamed_addr`, size) are read here. Loads from
//! read-only globals become `Op::ConstantLoad` or `Op::TableLoad`
//! (`memory`); other loads and calls, and arguments, whose metadata or
//! attributes bound their value become `Op::Bounded` or `Op::NotNull`
//! (`bounds`).

pub mod aggregate;
mod bounds;
mod copies;
mod float;
mod memory;
mod opcodes;
mod terminators;

pub use bounds::attribute_range;
pub use copies::{CopiedUse, Copy};
use float::float_environment;
pub use float::float_kind;
pub(crate) use opcodes::{bin_op, binary_flags, int_cast, predicate};

use std::cell::RefCell;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::{
    LLVMABISizeOfType, LLVMGetModuleDataLayout, LLVMPointerSize, LLVMTargetDataRef,
};
use llvm_sys::{LLVMLinkage, LLVMOpcode, LLVMTypeKind, LLVMUnnamedAddr};

use crate::analysis::cfg::Block;
use crate::ir::{self, AddressIndex, FastMap, FunctionCfg};

use super::float::{Environment, FloatConst};
use super::intrinsic::Intrinsic;
use super::lattice::Konst;
use super::overflow::{OverflowField, OverflowOp};
use super::pointer::{Global, PtrConst};
use super::program::{add_phi, Inst, InstId, Op, Operand, PhiTable, Program};
use super::wide::{WideOp, MAX_WIDE_WIDTH};
use crate::apint::ApInt;
use aggregate::{Field, PhiFields};

/// The program and the LLVM instruction behind each `InstId` below
/// `llvm_insts.len()`. The instructions after those have none: first one
/// per argument a branch compares or whose attributes bound it (its
/// `bounds::argument_op`), then on LLVM 22 the phis of struct phis'
/// fields (`aggregate::PhiFields`), then the branch copies of `predicate`
/// (`copies`).
pub struct ReadFunction {
    pub program: Program,
    pub llvm_insts: Vec<LLVMValueRef>,
    pub copies: Vec<Copy>,
    /// The `getelementptr` instructions whose base is a constant or
    /// another `getelementptr` instruction (`rewrite` folds those whose
    /// operands end up constants).
    pub gep_candidates: Vec<InstId>,
    /// An LLVM constant for each pointer constant the program holds (an
    /// `Operand::Pointer`), for `rewrite` to put where the solver found one.
    pub pointers: FastMap<PtrConst, LLVMValueRef>,
    /// The globals pointer constants are based on, by
    /// `pointer::Global::id` (for `rewrite` to build the pointers the
    /// solver computed: a GEP of a constant).
    pub globals: Vec<LLVMValueRef>,
    pub fcfg: FunctionCfg,
    /// The `insertvalue` instructions that may become constant structs
    /// (`aggregate::is_foldable_insert`), in instruction order: `rewrite`
    /// makes constants of those whose fields all end up constant or undef.
    pub aggregates: Vec<InstId>,
    /// Each `ret` with the value it returns, by block, when
    /// `returns::tracked` says the function's returns are worth reading
    /// (else empty).
    pub returns: Vec<(Block, LLVMValueRef, Operand)>,
}

impl ReadFunction {
    /// The instructions that have an LLVM instruction (every one but the
    /// copies), with it.
    pub fn instructions(&self) -> impl Iterator<Item = (InstId, &Inst)> {
        self.program
            .insts
            .iter()
            .take(self.llvm_insts.len())
            .enumerate()
    }
}

/// The width of a scalar integer type of at most 64 bits.
///
/// # Safety
/// `ty` is a live type.
pub unsafe fn int_width(ty: LLVMTypeRef) -> Option<u32> {
    if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMIntegerTypeKind {
        return None;
    }
    let w = LLVMGetIntTypeWidth(ty);
    (1..=64).contains(&w).then_some(w)
}

/// The width of a scalar integer type of 65 to `MAX_WIDE_WIDTH` bits.
///
/// # Safety
/// `ty` is a live type.
pub unsafe fn wide_width(ty: LLVMTypeRef) -> Option<u32> {
    if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMIntegerTypeKind {
        return None;
    }
    let w = LLVMGetIntTypeWidth(ty);
    (65..=MAX_WIDE_WIDTH).contains(&w).then_some(w)
}

/// A scalar pointer of address space 0, the only pointers the solver
/// carries (`null` is not a valid address there by default).
///
/// # Safety
/// `ty` is a live type.
pub unsafe fn is_plain_pointer(ty: LLVMTypeRef) -> bool {
    LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMPointerTypeKind && LLVMGetPointerAddressSpace(ty) == 0
}

/// # Safety
/// `function` is a defined function of a live module that verifies.
pub unsafe fn read_function(function: LLVMValueRef) -> ReadFunction {
    let fcfg = FunctionCfg::read(function);
    let mut llvm_insts = Vec::new();
    let mut blocks_of = Vec::new();
    let assume = ir::intrinsic_id("llvm.assume");
    let mut assumes = Vec::new();
    for (b, &bb) in fcfg.blocks.iter().enumerate() {
        for inst in ir::instructions(bb) {
            if LLVMIsATerminatorInst(inst).is_null() {
                if copies::is_assume_call(inst, assume) {
                    assumes.push(llvm_insts.len());
                }
                llvm_insts.push(inst);
                blocks_of.push(b);
            }
        }
    }
    // Instruction numbers by address: LLVM allocates a function's
    // instructions nearly in order, so the lookups of operands sweep this
    // index instead of missing the cache in a hash table.
    let id_of = AddressIndex::new(llvm_insts.iter().map(|&i| i as usize));
    let module = LLVMGetGlobalParent(function);
    // The arguments a branch compares get a number too (after the
    // instructions), so that `copies` can narrow their uses, and so do
    // those whose attributes say something of their value.
    let mut arguments = copies::compared_arguments(&fcfg, &llvm_insts, &assumes);
    // What each numbered argument is known to be (`Opaque` for one that is
    // only compared), read once.
    let mut argument_ops = vec![Op::Opaque; arguments.len()];
    for (a, op) in bounds::declared_arguments(function) {
        match arguments.iter().position(|&known| known == a) {
            Some(k) => argument_ops[k] = op,
            None => {
                arguments.push(a);
                argument_ops.push(op);
            }
        }
    }
    let argument_ids: FastMap<usize, InstId> = arguments
        .iter()
        .enumerate()
        .map(|(k, &a)| (a as usize, llvm_insts.len() + k))
        .collect();
    let reader = Reader {
        float_env: float_environment(function),
        fcfg: &fcfg,
        id_of: &id_of,
        argument_ids: &argument_ids,
        data_layout: LLVMGetModuleDataLayout(module),
        semantic_interposition: ir::module_flag(module, "SemanticInterposition").is_some(),
        globals: RefCell::new(Vec::new()),
        global_ids: RefCell::new(FastMap::default()),
        pointers: RefCell::new(FastMap::default()),
        null_is_valid: ir::attributes::has_function_attribute(function, "null_pointer_is_valid"),
        metadata_kinds: bounds::MetadataKinds::new(LLVMGetModuleContext(module)),
        phi_fields: ir::version::SCCP_TRACKS_STRUCT_PHIS
            .then(|| RefCell::new(PhiFields::new(llvm_insts.len() + arguments.len()))),
        phi_entries: RefCell::new(PhiTable::new()),
    };
    // What `rewrite` looks at besides the solution, found while each
    // instruction is in the cache: `rewrite` would touch every one again
    // (one sweep a cache miss per instruction past a few thousand blocks).
    let mut gep_candidates = Vec::new();
    let mut aggregates = Vec::new();
    let mut insts = Vec::with_capacity(llvm_insts.len() + arguments.len());
    for (id, (&inst, &block)) in llvm_insts.iter().zip(&blocks_of).enumerate() {
        if is_gep_of_constant_or_gep(inst) {
            gep_candidates.push(id);
        } else if aggregate::is_foldable_insert(inst) {
            aggregates.push(id);
        }
        insts.push(Inst {
            block,
            op: reader.op(inst),
        });
    }
    // An argument has its value from the entry on.
    insts.extend(argument_ops.into_iter().map(|op| Inst {
        block: fcfg.cfg.entry(),
        op,
    }));
    // The phis of struct phis' fields, numbered after the arguments in
    // the order the extracts asked for them; reading one may ask for more.
    if let Some(fields) = &reader.phi_fields {
        let mut k = 0;
        while k < fields.borrow().order.len() {
            let (phi, i) = fields.borrow().order[k];
            let op = reader.phi_field_op(phi, i);
            let block = fcfg.block_of(LLVMGetInstructionParent(phi));
            insts.push(Inst { block, op });
            k += 1;
        }
    }
    let terminators = fcfg
        .blocks
        .iter()
        .map(|&bb| reader.terminator(LLVMGetBasicBlockTerminator(bb)))
        .collect();
    let returns = if super::returns::tracked(function, reader.semantic_interposition) {
        fcfg.blocks
            .iter()
            .enumerate()
            .filter_map(|(b, &bb)| {
                let term = LLVMGetBasicBlockTerminator(bb);
                let returns_value = LLVMGetInstructionOpcode(term) == LLVMOpcode::LLVMRet
                    && LLVMGetNumOperands(term) == 1;
                returns_value.then(|| (b, term, reader.operand(LLVMGetOperand(term, 0))))
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut program = Program {
        insts,
        terminators,
        phi_entries: reader.phi_entries.take(),
    };
    let values: Vec<LLVMValueRef> = llvm_insts.iter().chain(&arguments).copied().collect();
    let copies = copies::add(&mut program, &values, &id_of, &fcfg, &assumes);
    ReadFunction {
        program,
        llvm_insts,
        copies,
        gep_candidates,
        aggregates,
        pointers: reader.pointers.into_inner(),
        globals: reader.globals.into_inner(),
        fcfg,
        returns,
    }
}

/// A GEP whose base is a constant or another GEP: one `rewrite` may make
/// a constant expression (`ReadFunction::gep_candidates`).
///
/// # Safety
/// `inst` is a live instruction.
unsafe fn is_gep_of_constant_or_gep(inst: LLVMValueRef) -> bool {
    if LLVMIsAGetElementPtrInst(inst).is_null() {
        return false;
    }
    let base = LLVMGetOperand(inst, 0);
    LLVMIsConstant(base) != 0 || !LLVMIsAGetElementPtrInst(base).is_null()
}

struct Reader<'a> {
    /// `None` in a `strictfp` function: no float is evaluated.
    float_env: Option<Environment>,
    fcfg: &'a FunctionCfg,
    id_of: &'a AddressIndex,
    /// The numbers of the arguments branches compare (`copies`).
    argument_ids: &'a FastMap<usize, InstId>,
    /// The module's data layout (owned by the module).
    data_layout: LLVMTargetDataRef,
    /// Whether the module has the `SemanticInterposition` flag (see
    /// `has_definitive_initializer`).
    semantic_interposition: bool,
    /// The globals seen as pointer bases; a global's index is its
    /// `pointer::Global::id`.
    globals: RefCell<Vec<LLVMValueRef>>,
    /// Each global's index in `globals`, by address.
    global_ids: RefCell<FastMap<usize, usize>>,
    /// `ReadFunction::pointers`, as it is filled.
    pointers: RefCell<FastMap<PtrConst, LLVMValueRef>>,
    /// The function has `null_pointer_is_valid`: an object may be at
    /// address 0, so no `alloca` or GEP is known not to be null.
    null_is_valid: bool,
    metadata_kinds: bounds::MetadataKinds,
    /// The phis of struct phis' fields (`aggregate::PhiFields`), on an
    /// LLVM whose SCCP tracks them.
    phi_fields: Option<RefCell<PhiFields>>,
    /// `Program::phi_entries`, as it is filled.
    phi_entries: RefCell<PhiTable>,
}

impl Reader<'_> {
    unsafe fn operand(&self, value: LLVMValueRef) -> Operand {
        if let Some(id) = self.id_of.get(value as usize) {
            return Operand::Inst(id as InstId);
        }
        if let Some(&id) = self.argument_ids.get(&(value as usize)) {
            return Operand::Inst(id);
        }
        if !LLVMIsAConstantInt(value).is_null() {
            let ty = LLVMTypeOf(value);
            if let Some(w) = int_width(ty) {
                return Operand::Const(Konst::new(w, LLVMConstIntGetZExtValue(value)));
            }
            if let (Some(w), Some(words)) = (wide_width(ty), ir::const_int::words(value)) {
                return Operand::Wide(Box::new(ApInt::from_words(w, &words)));
            }
        }
        if !LLVMIsAConstantFP(value).is_null() && self.float_env.is_some() {
            if let Some(kind) = float_kind(LLVMTypeOf(value)) {
                let mut loses_info = 0;
                let v = LLVMConstRealGetDouble(value, &mut loses_info);
                if !v.is_nan() && loses_info == 0 {
                    return Operand::Float(FloatConst::of_kind(kind, v));
                }
            }
        }
        if LLVMIsUndef(value) != 0 || LLVMIsPoison(value) != 0 {
            return Operand::Undef;
        }
        if let Some(k) = self.pointer_bits(value) {
            return Operand::Const(k);
        }
        if LLVMIsConstant(value) != 0 {
            if let Some(p) = self.pointer_constant(value) {
                self.pointers.borrow_mut().entry(p).or_insert(value);
                return Operand::Pointer(p);
            }
        }
        Operand::Unknown
    }

    /// The integer of the constant expression `ptrtoint (ptr P to iN)`,
    /// N at most 64, when the bits of `P` are known: `null`, or an
    /// `inttoptr` address (as LLVM's constant folder, which sees through
    /// `ptrtoint (inttoptr x)`).
    unsafe fn pointer_bits(&self, value: LLVMValueRef) -> Option<Konst> {
        if LLVMIsAConstantExpr(value).is_null()
            || LLVMGetConstOpcode(value) != LLVMOpcode::LLVMPtrToInt
        {
            return None;
        }
        let width = int_width(LLVMTypeOf(value))?;
        match self.pointer_constant(LLVMGetOperand(value, 0))? {
            PtrConst::Null => Some(Konst::new(width, 0)),
            PtrConst::Address(a) => Some(Konst::new(width, a)),
            PtrConst::InGlobal { .. } => None,
        }
    }

    unsafe fn op(&self, inst: LLVMValueRef) -> Op {
        self.try_op(inst)
            .or_else(|| self.declared_op(inst))
            .unwrap_or(Op::Opaque)
    }

    /// `None` for anything the solver does not evaluate.
    unsafe fn try_op(&self, inst: LLVMValueRef) -> Option<Op> {
        let ty = LLVMTypeOf(inst);
        let opcode = LLVMGetInstructionOpcode(inst);
        if self.is_carried(ty) {
            if let Some(op) = self.carrying_op(inst, opcode) {
                return Some(op);
            }
        }
        if let Some(op) = self.wide_op(inst, opcode) {
            return Some(Op::Wide(op));
        }
        if let Some(field) = self.overflow_field(inst, opcode) {
            return Some(Op::OverflowField(field));
        }
        if let Some(op) = self.field_op(inst, opcode, ty) {
            return Some(op);
        }
        if let (Some(env), Some(op)) = (self.float_env, self.float_op(inst, opcode)) {
            return Some(Op::Float { op, env });
        }
        if is_plain_pointer(ty) {
            return self.pointer_op(inst, opcode);
        }
        let result_width = int_width(ty)?;
        let operand = |k: u32| self.operand(LLVMGetOperand(inst, k));
        if let Some(op) = bin_op(opcode) {
            return Some(Op::Binary {
                op,
                flags: binary_flags(inst, op),
                lhs: operand(0),
                rhs: operand(1),
            });
        }
        Some(match opcode {
            LLVMOpcode::LLVMICmp if is_plain_pointer(LLVMTypeOf(LLVMGetOperand(inst, 0))) => {
                Op::PointerICmp {
                    pred: predicate(LLVMGetICmpPredicate(inst)),
                    lhs: operand(0),
                    rhs: operand(1),
                }
            }
            LLVMOpcode::LLVMICmp => {
                int_width(LLVMTypeOf(LLVMGetOperand(inst, 0)))?;
                Op::ICmp {
                    pred: predicate(LLVMGetICmpPredicate(inst)),
                    lhs: operand(0),
                    rhs: operand(1),
                }
            }
            LLVMOpcode::LLVMPtrToInt
                if is_plain_pointer(LLVMTypeOf(LLVMGetOperand(inst, 0)))
                    && LLVMPointerSize(self.data_layout) == 8 =>
            {
                Op::PtrToInt {
                    value: operand(0),
                    width: result_width,
                }
            }
            LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMTrunc => {
                let from_width = int_width(LLVMTypeOf(LLVMGetOperand(inst, 0)))?;
                let (op, flags) = int_cast(inst, opcode)?;
                Op::Cast {
                    op,
                    flags,
                    value: operand(0),
                    from_width,
                    to_width: result_width,
                }
            }
            LLVMOpcode::LLVMCall => {
                let intrinsic = Intrinsic::from_name(&ir::called_intrinsic_name(inst)?)?;
                let n = LLVMGetNumArgOperands(inst) as usize;
                if n != intrinsic.arity() {
                    return None;
                }
                let args: Vec<Operand> = (0..n as u32).map(operand).collect();
                // Every argument an integer of at most 64 bits (not a vector).
                let widths = (0..n as u32)
                    .map(|k| int_width(LLVMTypeOf(LLVMGetOperand(inst, k))))
                    .collect::<Option<Vec<u32>>>()?;
                Op::Intrinsic {
                    intrinsic,
                    args,
                    widths,
                }
            }
            LLVMOpcode::LLVMLoad => self.load_op(inst, result_width)?,
            _ => return None,
        })
    }

    /// Does the solver carry values of type `ty` (phis, `select`,
    /// `freeze`)?
    unsafe fn is_carried(&self, ty: LLVMTypeRef) -> bool {
        int_width(ty).is_some()
            || wide_width(ty).is_some()
            || (self.float_env.is_some() && float_kind(ty).is_some())
            || is_plain_pointer(ty)
    }

    /// An instruction producing a pointer of address space 0 that is not
    /// a phi, `select` or `freeze`: `alloca` and `getelementptr` (LLVM's
    /// `visitAllocaInst` and `visitGetElementPtrInst`, which mark them
    /// `notconstant null`).
    unsafe fn pointer_op(&self, inst: LLVMValueRef, opcode: LLVMOpcode) -> Option<Op> {
        match opcode {
            LLVMOpcode::LLVMAlloca if !self.null_is_valid => Some(Op::NotNull),
            LLVMOpcode::LLVMLoad => self.pointer_load_op(inst),
            LLVMOpcode::LLVMGetElementPtr => Some(Op::Gep {
                base: self.operand(LLVMGetOperand(inst, 0)),
                keeps_non_null: !self.null_is_valid && LLVMIsInBounds(inst) != 0,
                step: self.gep_step(inst),
                nuw_indices: self.nuw_indices(inst),
            }),
            _ => None,
        }
    }

    /// The indices of a GEP that may gain `nuw` (`Op::Gep`), if each is an
    /// integer of at most 64 bits.
    unsafe fn nuw_indices(&self, gep: LLVMValueRef) -> Option<Vec<(Operand, u32)>> {
        if !ir::version::gep_may_gain_nuw(gep) {
            return None;
        }
        (1..LLVMGetNumOperands(gep) as u32)
            .map(|k| {
                let index = LLVMGetOperand(gep, k);
                Some((self.operand(index), int_width(LLVMTypeOf(index))?))
            })
            .collect()
    }

    /// `extractvalue` of field 0 or 1 of a `*.with.overflow` call on
    /// scalar integers the solver carries.
    unsafe fn overflow_field(
        &self,
        inst: LLVMValueRef,
        opcode: LLVMOpcode,
    ) -> Option<OverflowField> {
        if opcode != LLVMOpcode::LLVMExtractValue || LLVMGetNumIndices(inst) != 1 {
            return None;
        }
        let call = LLVMGetOperand(inst, 0);
        if LLVMIsACallInst(call).is_null() || LLVMGetNumArgOperands(call) != 2 {
            return None;
        }
        let op = OverflowOp::from_name(&ir::called_intrinsic_name(call)?)?;
        let arg_ty = LLVMTypeOf(LLVMGetOperand(call, 0));
        int_width(arg_ty).or(wide_width(arg_ty))?;
        let field = *LLVMGetIndices(inst);
        (field <= 1).then(|| OverflowField {
            op,
            field,
            lhs: self.operand(LLVMGetOperand(call, 0)),
            rhs: self.operand(LLVMGetOperand(call, 1)),
        })
    }

    /// `extractvalue` with one index of a struct field whose value is known
    /// (`aggregate::field_value`), of a type the solver carries.
    unsafe fn field_op(
        &self,
        inst: LLVMValueRef,
        opcode: LLVMOpcode,
        ty: LLVMTypeRef,
    ) -> Option<Op> {
        if opcode != LLVMOpcode::LLVMExtractValue
            || LLVMGetNumIndices(inst) != 1
            || !self.is_carried(ty)
        {
            return None;
        }
        let agg = LLVMGetOperand(inst, 0);
        if !aggregate::is_struct(LLVMTypeOf(agg)) {
            return None;
        }
        Some(Op::Field(self.field_operand(agg, *LLVMGetIndices(inst))?))
    }

    /// Field `i` of the struct value `agg` as an operand; `None` when
    /// LLVM's SCCP finds it overdefined.
    unsafe fn field_operand(&self, agg: LLVMValueRef, i: u32) -> Option<Operand> {
        match aggregate::field_source(agg, i) {
            Field::Value(v) => Some(self.operand(v)),
            Field::Phi(phi) => {
                let fields = self.phi_fields.as_ref()?;
                Some(Operand::Inst(fields.borrow_mut().id(phi, i)))
            }
            Field::Unknown => None,
        }
    }

    /// The phi of field `i` of the struct phi `phi`: over the fields of its
    /// incoming values (LLVM 22's `visitPHINode` on a struct).
    unsafe fn phi_field_op(&self, phi: LLVMValueRef, i: u32) -> Op {
        self.phi(phi, |value| {
            self.field_operand(value, i).unwrap_or(Operand::Unknown)
        })
    }

    /// The phi `phi` with entries `operand` of its incoming values, its
    /// entries added to `phi_entries` (which `operand` must not read).
    unsafe fn phi(&self, phi: LLVMValueRef, operand: impl Fn(LLVMValueRef) -> Operand) -> Op {
        let entries = (0..LLVMCountIncoming(phi)).map(|k| {
            let block = self.fcfg.block_of(LLVMGetIncomingBlock(phi, k));
            (operand(LLVMGetIncomingValue(phi, k)), block)
        });
        add_phi(&mut self.phi_entries.borrow_mut(), entries)
    }

    /// Phis, `select` and `freeze`, which carry values of any type the
    /// solver knows (`is_carried`) without looking at them.
    unsafe fn carrying_op(&self, inst: LLVMValueRef, opcode: LLVMOpcode) -> Option<Op> {
        let operand = |k: u32| self.operand(LLVMGetOperand(inst, k));
        Some(match opcode {
            LLVMOpcode::LLVMSelect => {
                let cond_ty = LLVMTypeOf(LLVMGetOperand(inst, 0));
                if int_width(cond_ty) != Some(1) {
                    return None; // a vector condition
                }
                Op::Select {
                    cond: operand(0),
                    if_true: operand(1),
                    if_false: operand(2),
                }
            }
            LLVMOpcode::LLVMFreeze => Op::Freeze(operand(0)),
            LLVMOpcode::LLVMPHI => self.phi(inst, |value| self.operand(value)),
            _ => return None,
        })
    }

    /// An integer instruction where an operand or the result is wider
    /// than 64 bits (and none wider than `MAX_WIDE_WIDTH`).
    unsafe fn wide_op(&self, inst: LLVMValueRef, opcode: LLVMOpcode) -> Option<WideOp> {
        let operand = |k: u32| self.operand(LLVMGetOperand(inst, k));
        let ty = LLVMTypeOf(inst);
        if let Some(op) = bin_op(opcode) {
            return Some(WideOp::Binary {
                op,
                width: wide_width(ty)?,
                flags: binary_flags(inst, op),
                lhs: operand(0),
                rhs: operand(1),
            });
        }
        let candidate = matches!(
            opcode,
            LLVMOpcode::LLVMICmp
                | LLVMOpcode::LLVMZExt
                | LLVMOpcode::LLVMSExt
                | LLVMOpcode::LLVMTrunc
        );
        if !candidate {
            return None;
        }
        let from = LLVMTypeOf(LLVMGetOperand(inst, 0));
        match opcode {
            LLVMOpcode::LLVMICmp => Some(WideOp::ICmp {
                width: wide_width(from)?,
                pred: predicate(LLVMGetICmpPredicate(inst)),
                lhs: operand(0),
                rhs: operand(1),
            }),
            LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMTrunc => {
                let width = |t| int_width(t).or(wide_width(t));
                let (from_width, to_width) = (width(from)?, width(ty)?);
                if from_width <= 64 && to_width <= 64 {
                    return None;
                }
                let (op, flags) = int_cast(inst, opcode)?;
                Some(WideOp::Cast {
                    op,
                    flags,
                    value: operand(0),
                    from_width,
                    to_width,
                })
            }
            _ => None,
        }
    }

    /// What `pointer` needs to know about a global variable or function.
    unsafe fn global(&self, value: LLVMValueRef) -> Global {
        let mut globals = self.globals.borrow_mut();
        let id = *self
            .global_ids
            .borrow_mut()
            .entry(value as usize)
            .or_insert_with(|| {
                globals.push(value);
                globals.len() - 1
            });
        let linkage = LLVMGetLinkage(value);
        let own_linkage = matches!(
            linkage,
            LLVMLinkage::LLVMInternalLinkage | LLVMLinkage::LLVMPrivateLinkage
        );
        let has_size = LLVMIsAGlobalVariable(value).is_null() || {
            let ty = LLVMGlobalGetValueType(value);
            LLVMTypeIsSized(ty) != 0 && LLVMABISizeOfType(self.data_layout, ty) > 0
        };
        Global {
            id: u32::try_from(id).expect("fewer than 2^32 globals"),
            non_null: linkage != LLVMLinkage::LLVMExternalWeakLinkage,
            distinct: own_linkage
                && LLVMGetUnnamedAddress(value) != LLVMUnnamedAddr::LLVMGlobalUnnamedAddr
                && has_size,
            inbounds: true,
        }
    }
}
