//! The `PhiFactory` over LLVM: phis of one type in the blocks of a
//! function, plus the use-list helpers the clients need.
//!
//! Incoming values are exchanged per predecessor edge in the `Graph`'s
//! order; LLVM phis list them in their own order, so existing phis are read
//! by incoming block (duplicate edges from one block carry one value), and a
//! new phi lists its entries in LLVM's `predecessors()` order (the block's
//! use list), as LLVM's `SSAUpdater` does: the output then matches LLVM's
//! operand for operand, which `llvm-diff` checks.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::{ExistingPhi, Graph, PhiFactory, UseSite};
use crate::analysis::cfg::Block;
use crate::ir::{self, FastMap, FunctionCfg};

/// Makes phis of type `ty` named `name` (LLVM uniquifies the names),
/// offering every phi of the type already in a block for reuse (LLVM's
/// `SSAUpdater`; loop rotation's SSA repair). `pebble-mem2reg<updater>`
/// plans its phis instead (`deferred`).
pub struct LlvmPhis<'a> {
    graph: &'a dyn Graph,
    blocks: &'a [LLVMBasicBlockRef],
    ty: LLVMTypeRef,
    name: String,
    builder: LLVMBuilderRef,
    /// The phis created, in order.
    pub created: Vec<LLVMValueRef>,
    /// `existing_phis` per block, read once: a query asks for a block's
    /// phis again and again while matching webs of phis, and reading every
    /// phi of a block that holds one per promoted variable each time made
    /// `pebble-mem2reg<updater>` quadratic in the variables (500 blocks ×
    /// 50 variables, irreducible: 9.5 s, 87 % in this read). The phis'
    /// incoming values do not change while the factory lives (its clients
    /// rewrite uses only after their queries); the phis it completes are
    /// added as they are.
    existing: FastMap<Block, Vec<ExistingPhi<LLVMValueRef>>>,
    preds: PredOrders,
    /// The incoming values `set_incoming` hands LLVM, reused.
    scratch: Vec<LLVMValueRef>,
}

impl<'a> LlvmPhis<'a> {
    /// # Safety
    /// `fcfg` describes the live function the phis go into.
    pub unsafe fn new(fcfg: &'a FunctionCfg, ty: LLVMTypeRef, name: &str) -> Self {
        Self::over(&fcfg.cfg, &fcfg.blocks, ty, name)
    }

    /// Phis in a function whose CFG is `graph`, block `b` being `blocks[b]`.
    ///
    /// # Safety
    /// `graph` is the current CFG of the live blocks `blocks`.
    pub unsafe fn over(
        graph: &'a dyn Graph,
        blocks: &'a [LLVMBasicBlockRef],
        ty: LLVMTypeRef,
        name: &str,
    ) -> Self {
        LlvmPhis {
            graph,
            blocks,
            ty,
            name: name.to_string(),
            builder: LLVMCreateBuilderInContext(LLVMGetTypeContext(ty)),
            created: Vec::new(),
            existing: FastMap::default(),
            preds: PredOrders::default(),
            scratch: Vec::new(),
        }
    }

    fn known_phis(&mut self, block: Block) -> &Vec<ExistingPhi<LLVMValueRef>> {
        let (graph, blocks, ty) = (self.graph, self.blocks, self.ty);
        self.existing
            .entry(block)
            // SAFETY: the blocks are live and the graph is current.
            .or_insert_with(|| unsafe { existing_phis_in(graph, blocks, block, ty) })
    }
}

/// Each block's predecessors in LLVM's `predecessors()` order, and for
/// each the position of that block in `Graph::preds` (duplicate edges
/// carry one value, so any of its positions serves): the order a new
/// phi's entries follow. Read once per block, into flat lists: block `b`'s
/// entries are `llvm[s..s + n]` and `position[s..s + n]` for `(s, n) =
/// span[b]`. A query over a large function reads nearly every block's
/// entries; a map of two vectors per block cost three cache misses per
/// phi there (`bench-rotate`'s `irreducible_vars` 4000x100, cache
/// simulation). `span` is a map, not a vector indexed by block: loop
/// rotation makes a query per repaired value, each reading a few blocks,
/// and a vector as long as the function made each cost the function's
/// size (a third of `pebble-loop-rotate`'s time on 16 000 nested loops).
#[derive(Default)]
pub struct PredOrders {
    span: FastMap<Block, (u32, u32)>,
    llvm: Vec<LLVMBasicBlockRef>,
    position: Vec<u32>,
}

impl PredOrders {
    /// # Safety
    /// `graph` is the current CFG of the live blocks `blocks`.
    pub unsafe fn get(
        &mut self,
        graph: &dyn Graph,
        blocks: &[LLVMBasicBlockRef],
        block: Block,
    ) -> (&[LLVMBasicBlockRef], &[u32]) {
        let (start, len) = match self.span.get(&block) {
            Some(&span) => span,
            None => {
                let start = self.llvm.len();
                self.read(graph, blocks, block);
                let span = (start as u32, (self.llvm.len() - start) as u32);
                self.span.insert(block, span);
                span
            }
        };
        let range = start as usize..(start + len) as usize;
        (&self.llvm[range.clone()], &self.position[range])
    }

    /// Appends `block`'s entries to `llvm` and `position`.
    ///
    /// # Safety
    /// As `get`.
    unsafe fn read(&mut self, graph: &dyn Graph, blocks: &[LLVMBasicBlockRef], block: Block) {
        let preds = graph.preds(block);
        let llvm = llvm_predecessors(blocks[block]);
        debug_assert_eq!(llvm.len(), preds.len());
        if preds.len() > 8 {
            let at: FastMap<LLVMBasicBlockRef, usize> = preds
                .iter()
                .enumerate()
                .map(|(k, &p)| (blocks[p], k))
                .collect();
            self.position.extend(llvm.iter().map(|bb| at[bb] as u32));
        } else {
            self.position.extend(
                llvm.iter()
                    .map(|&bb| preds.iter().position(|&p| blocks[p] == bb).unwrap_or(0) as u32),
            );
        }
        self.llvm.extend_from_slice(&llvm);
    }
}

impl Drop for LlvmPhis<'_> {
    fn drop(&mut self) {
        // SAFETY: the builder was created in `over` and is disposed once.
        unsafe { LLVMDisposeBuilder(self.builder) }
    }
}

impl PhiFactory for LlvmPhis<'_> {
    type Value = LLVMValueRef;

    fn poison(&mut self) -> LLVMValueRef {
        // SAFETY: `ty` is a live first-class type.
        unsafe { LLVMGetPoison(self.ty) }
    }

    fn existing_phis(&mut self, block: Block) -> Vec<ExistingPhi<LLVMValueRef>> {
        self.known_phis(block).clone()
    }

    fn existing_phi(
        &mut self,
        block: Block,
        phi: LLVMValueRef,
    ) -> Option<ExistingPhi<LLVMValueRef>> {
        self.known_phis(block)
            .iter()
            .find(|e| e.phi == phi)
            .cloned()
    }

    fn create_phi(&mut self, block: Block) -> LLVMValueRef {
        // SAFETY: as above; a phi goes first in its block.
        unsafe {
            position_at_top(self.builder, self.blocks[block]);
            let phi = LLVMBuildPhi(self.builder, self.ty, c"".as_ptr());
            ir::set_name(phi, &self.name);
            self.created.push(phi);
            phi
        }
    }

    // The values handed in come from this factory and from the live
    // function `over`'s safety contract is about.
    #[allow(clippy::not_unsafe_ptr_arg_deref)]
    fn set_incoming(&mut self, phi: LLVMValueRef, block: Block, incoming: &[LLVMValueRef]) {
        debug_assert_eq!(incoming.len(), self.graph.preds(block).len());
        let mut values = std::mem::take(&mut self.scratch);
        // SAFETY: the blocks are live and the graph is current.
        let (blocks, order) = unsafe { self.preds.get(self.graph, self.blocks, block) };
        values.clear();
        values.extend(order.iter().map(|&k| incoming[k as usize]));
        // SAFETY: `phi` was made by `create_phi`; values and blocks are
        // live. LLVMAddIncoming only reads the two arrays (`*mut` in the C
        // signature only), so the cached block list is passed as it is.
        unsafe {
            LLVMAddIncoming(
                phi,
                values.as_mut_ptr(),
                blocks.as_ptr() as *mut LLVMBasicBlockRef,
                values.len() as u32,
            )
        }
        self.scratch = values;
        // A block not read yet gets the phi when it is read.
        if let Some(known) = self.existing.get_mut(&block) {
            known.push(ExistingPhi {
                phi,
                incoming: incoming.to_vec(),
            });
        }
    }
}

/// Positions `builder` before the first instruction of `bb` (at its end
/// when empty).
///
/// # Safety
/// `builder` and `bb` are live.
pub unsafe fn position_at_top(builder: LLVMBuilderRef, bb: LLVMBasicBlockRef) {
    let first = LLVMGetFirstInstruction(bb);
    if first.is_null() {
        LLVMPositionBuilderAtEnd(builder, bb);
    } else {
        ir::debug_records::position_before_markers(builder, first);
    }
}

/// The predecessors of `bb` in LLVM's `predecessors()` order: the
/// terminators among the block's users, in use-list order, one entry per
/// edge.
///
/// # Safety
/// `bb` is a live block.
pub unsafe fn llvm_predecessors(bb: LLVMBasicBlockRef) -> Vec<LLVMBasicBlockRef> {
    let mut out = Vec::new();
    let mut u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb));
    while !u.is_null() {
        let user = LLVMGetUser(u);
        if !LLVMIsATerminatorInst(user).is_null() {
            out.push(LLVMGetInstructionParent(user));
        }
        u = LLVMGetNextUse(u);
    }
    out
}

/// The complete phis of type `ty` at the top of `block`, incoming values in
/// `Cfg::preds` order. A phi missing an entry for some predecessor (being
/// built) is left out.
///
/// # Safety
/// The function behind `fcfg` is live and `fcfg` is current.
pub unsafe fn existing_phis(
    fcfg: &FunctionCfg,
    block: Block,
    ty: LLVMTypeRef,
) -> Vec<ExistingPhi<LLVMValueRef>> {
    existing_phis_in(&fcfg.cfg, &fcfg.blocks, block, ty)
}

/// As `existing_phis`, over a `Graph` and its blocks.
///
/// # Safety
/// `graph` is the current CFG of the live blocks `blocks`.
pub unsafe fn existing_phis_in(
    graph: &dyn Graph,
    blocks: &[LLVMBasicBlockRef],
    block: Block,
    ty: LLVMTypeRef,
) -> Vec<ExistingPhi<LLVMValueRef>> {
    let mut out = Vec::new();
    for inst in ir::instructions(blocks[block]) {
        if LLVMGetInstructionOpcode(inst) != LLVMOpcode::LLVMPHI {
            break;
        }
        if LLVMTypeOf(inst) != ty {
            continue;
        }
        let entries: Vec<(LLVMBasicBlockRef, LLVMValueRef)> = (0..LLVMCountIncoming(inst))
            .map(|k| (LLVMGetIncomingBlock(inst, k), LLVMGetIncomingValue(inst, k)))
            .collect();
        // A hash map only pays for itself on blocks with many predecessors.
        let by_block: FastMap<LLVMBasicBlockRef, LLVMValueRef> = if entries.len() > 8 {
            entries.iter().copied().collect()
        } else {
            FastMap::default()
        };
        let value_from = |bb: LLVMBasicBlockRef| {
            if entries.len() > 8 {
                by_block.get(&bb).copied()
            } else {
                entries.iter().find(|&&(b, _)| b == bb).map(|&(_, v)| v)
            }
        };
        let incoming: Option<Vec<LLVMValueRef>> = graph
            .preds(block)
            .iter()
            .map(|&p| value_from(blocks[p]))
            .collect();
        if let Some(incoming) = incoming {
            out.push(ExistingPhi {
                phi: inst,
                incoming,
            });
        }
    }
    out
}

/// One use of a value: the user and the operand position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandUse {
    pub user: LLVMValueRef,
    pub index: u32,
}

/// Every use of `value` by an instruction, as (user, operand index),
/// collected so the caller may rewrite them.
///
/// # Safety
/// `value` is live.
pub unsafe fn operand_uses(value: LLVMValueRef) -> Vec<OperandUse> {
    let mut out = Vec::new();
    let mut u = LLVMGetFirstUse(value);
    while !u.is_null() {
        let user = LLVMGetUser(u);
        if ir::is_instruction(user) {
            let n = LLVMGetNumOperands(user) as u32;
            if let Some(index) = (0..n).find(|&k| LLVMGetOperandUse(user, k) == u) {
                out.push(OperandUse { user, index });
            }
        }
        u = LLVMGetNextUse(u);
    }
    out
}

/// Where an instruction operand sits for the updater: a phi operand needs
/// the value at the end of its incoming block.
///
/// # Safety
/// `u.user` is an instruction of the function behind `fcfg`.
pub unsafe fn use_site(fcfg: &FunctionCfg, u: OperandUse) -> UseSite {
    if LLVMGetInstructionOpcode(u.user) == LLVMOpcode::LLVMPHI {
        UseSite::PhiOperand {
            pred: fcfg.block_of(LLVMGetIncomingBlock(u.user, u.index)),
        }
    } else {
        UseSite::Instruction {
            block: fcfg.block_of_inst(u.user),
        }
    }
}
