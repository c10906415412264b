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
use crate::transforms::mem2reg::push_decimal;

/// Makes phis of type `ty` named `name` (LLVM uniquifies the names), or
/// `name.0`, `name.1`, … when numbered.
pub struct LlvmPhis<'a> {
    graph: &'a dyn Graph,
    blocks: &'a [LLVMBasicBlockRef],
    ty: LLVMTypeRef,
    name: String,
    /// The number of the next phi, when phis are numbered. Numbered names
    /// are unique at the first try, as the default mode's and LLVM's
    /// PromotePass's `name.N`: under one shared name every phi after the
    /// first collides, and LLVM's uniquifier appends a counter and probes
    /// the function's symbol table again, often more than once (`v5` + 1
    /// is `v51`, another variable's name); on `bench-rotate`'s
    /// `irreducible_vars` 4000x100 naming was 23% of the updater's
    /// instructions, each a probe into a table that grows with the input.
    numbered: Option<usize>,
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
    /// Which phis the updater may reuse.
    reuse: Reuse,
    /// `llvm_pred_order` per block, read once (and kept by `retarget`), in
    /// flat lists: block `b`'s entries are `pred_llvm[s..s + n]` and
    /// `pred_position[s..s + n]` for `(s, n) = pred_span[b]` (`UNREAD`
    /// until read). A query over a large function reads nearly every
    /// block's entries; a map of two vectors per block cost three cache
    /// misses per phi there (`bench-rotate`'s `irreducible_vars` 4000x100,
    /// cache simulation).
    pred_span: Vec<(u32, u32)>,
    pred_llvm: Vec<LLVMBasicBlockRef>,
    pred_position: Vec<u32>,
    /// The incoming values `set_incoming` hands LLVM, reused.
    scratch: Vec<LLVMValueRef>,
    /// Per block, a complete phi this factory made there (null: none), when
    /// it makes new phis as copies (`Reuse::None`, see `create_phi`).
    /// Cleared by `forget_templates` before any phi may be erased.
    templates: Vec<LLVMValueRef>,
}

/// The phis a factory offers the updater for reuse (`existing_phis`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reuse {
    /// Every phi of the type already in the block (LLVM's `SSAUpdater`).
    AnyOfType,
    /// None: every phi the updater needs is made. `pebble-mem2reg<updater>`
    /// promotes one alloca at a time, so a phi is then never shared
    /// between two allocas (or taken from the input), as in the default
    /// mode. Offering every phi made that mode quadratic: on irreducible
    /// CFGs every block holds a phi of each variable already promoted, and
    /// each needed phi was matched against all of them, each match
    /// following a web of phis before failing (1 000 blocks × 100
    /// variables: 10.7 s). The updater asks one query per variable, whose
    /// phis are all new, and merges a block with a definition once
    /// (`values_in_middle_of_blocks`), so it has nothing of its own to
    /// reuse either.
    None,
}

impl<'a> LlvmPhis<'a> {
    /// # Safety
    /// `fcfg` describes the live function the phis go into.
    pub unsafe fn new(fcfg: &'a FunctionCfg, ty: LLVMTypeRef, name: &str) -> Self {
        Self::over(&fcfg.cfg, &fcfg.blocks, ty, name)
    }

    /// As `new`, offering no phi for reuse (`Reuse::None`).
    ///
    /// # Safety
    /// As `new`.
    pub unsafe fn reusing_none(fcfg: &'a FunctionCfg, ty: LLVMTypeRef, name: &str) -> Self {
        let mut phis = Self::over(&fcfg.cfg, &fcfg.blocks, ty, name);
        phis.reuse = Reuse::None;
        phis.numbered = Some(0);
        phis.templates = vec![std::ptr::null_mut(); fcfg.blocks.len()];
        phis
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
            numbered: None,
            builder: LLVMCreateBuilderInContext(LLVMGetTypeContext(ty)),
            created: Vec::new(),
            existing: FastMap::default(),
            reuse: Reuse::AnyOfType,
            pred_span: Vec::new(),
            pred_llvm: Vec::new(),
            pred_position: Vec::new(),
            scratch: Vec::new(),
            templates: Vec::new(),
        }
    }
}

impl LlvmPhis<'_> {
    fn known_phis(&mut self, block: Block) -> &Vec<ExistingPhi<LLVMValueRef>> {
        let (graph, blocks, ty) = (self.graph, self.blocks, self.ty);
        self.existing
            .entry(block)
            // SAFETY: the blocks are live and the graph is current.
            .or_insert_with(|| unsafe { existing_phis_in(graph, blocks, block, ty) })
    }
}

impl LlvmPhis<'_> {
    /// Makes the factory one for a new variable of type `ty` named `name`,
    /// in the same function: the phis created so far and the phis known
    /// per block are forgotten, what it read of the CFG is kept.
    /// `pebble-mem2reg<updater>` promotes every alloca through one factory:
    /// re-reading each block's LLVM predecessor order per alloca cost as
    /// much as the phis themselves.
    pub fn retarget(&mut self, ty: LLVMTypeRef, name: &str) {
        self.ty = ty;
        self.name.clear();
        self.name.push_str(name);
        self.numbered = self.numbered.map(|_| 0);
        self.created.clear();
        self.existing.clear();
    }

    /// Forgets the phis kept as templates for `create_phi`: to be called
    /// before anything may erase a phi this factory made (the template
    /// handles would dangle). `pebble-mem2reg<updater>` calls it after each
    /// round, before the address-phi fold.
    pub fn forget_templates(&mut self) {
        self.templates.fill(std::ptr::null_mut());
    }

    /// A new phi without its final incoming values at the top of `bb`.
    /// With a template of the type in `block`, a copy of it: its incoming
    /// blocks are the block's LLVM predecessor order (`set_incoming` made
    /// it so), and a copy is allocated with room for exactly those entries,
    /// where an empty phi grows its operand list 2, 3, 4, 6, … as
    /// `LLVMAddIncoming` appends (on `bench-rotate`'s 500x50 shapes that
    /// growth was an eighth of the pass's instructions). `set_incoming`
    /// overwrites every incoming value of a copy. A copy carries the
    /// template's debug location, which is dropped so that the builder
    /// gives it the location a phi built in its place would get.
    ///
    /// # Safety
    /// The builder is positioned in `bb`, which is `self.blocks[block]`.
    unsafe fn new_phi(&mut self, block: Block) -> LLVMValueRef {
        match self.templates.get(block) {
            Some(&t) if !t.is_null() && LLVMTypeOf(t) == self.ty => {
                let phi = LLVMInstructionClone(t);
                llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(phi, std::ptr::null_mut());
                LLVMInsertIntoBuilder(self.builder, phi);
                phi
            }
            _ => LLVMBuildPhi(self.builder, self.ty, c"".as_ptr()),
        }
    }

    /// `block`'s predecessors in LLVM's `predecessors()` order, and for
    /// each the position of that block in `Graph::preds` (duplicate edges
    /// carry one value, so any of its positions serves). Read once per
    /// block: a new phi's entries follow it.
    fn llvm_pred_order(&mut self, block: Block) -> (&[LLVMBasicBlockRef], &[u32]) {
        if self.pred_span.len() <= block {
            self.pred_span.resize(block + 1, UNREAD);
        }
        if self.pred_span[block] == UNREAD {
            let start = self.pred_llvm.len();
            // SAFETY: the blocks are live and the graph is current.
            unsafe { self.read_pred_order(block) };
            let len = self.pred_llvm.len() - start;
            self.pred_span[block] = (start as u32, len as u32);
        }
        let (start, len) = self.pred_span[block];
        let range = start as usize..(start + len) as usize;
        (&self.pred_llvm[range.clone()], &self.pred_position[range])
    }

    /// Appends `block`'s entries to `pred_llvm` and `pred_position`.
    ///
    /// # Safety
    /// The blocks are live and the graph is current.
    unsafe fn read_pred_order(&mut self, block: Block) {
        let preds = self.graph.preds(block);
        let blocks = self.blocks;
        let llvm = llvm_predecessors(blocks[block]);
        debug_assert_eq!(llvm.len(), preds.len());
        if preds.len() > 8 {
            let at: FastMap<LLVMBasicBlockRef, usize> = preds
                .iter()
                .enumerate()
                .map(|(k, &p)| (blocks[p], k))
                .collect();
            self.pred_position
                .extend(llvm.iter().map(|bb| at[bb] as u32));
        } else {
            self.pred_position.extend(
                llvm.iter()
                    .map(|&bb| preds.iter().position(|&p| blocks[p] == bb).unwrap_or(0) as u32),
            );
        }
        self.pred_llvm.extend_from_slice(&llvm);
    }
}

/// `LlvmPhis::pred_span` of a block not read yet.
const UNREAD: (u32, u32) = (u32::MAX, 0);

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
        match self.reuse {
            Reuse::AnyOfType => self.known_phis(block).clone(),
            Reuse::None => Vec::new(),
        }
    }

    fn existing_phi(
        &mut self,
        block: Block,
        phi: LLVMValueRef,
    ) -> Option<ExistingPhi<LLVMValueRef>> {
        if self.reuse == Reuse::None {
            return None;
        }
        self.known_phis(block)
            .iter()
            .find(|e| e.phi == phi)
            .cloned()
    }

    fn create_phi(&mut self, block: Block) -> LLVMValueRef {
        // SAFETY: as above; a phi goes first in its block.
        unsafe {
            let bb = self.blocks[block];
            let first = LLVMGetFirstInstruction(bb);
            if first.is_null() {
                LLVMPositionBuilderAtEnd(self.builder, bb);
            } else {
                ir::debug_records::position_before_markers(self.builder, first);
            }
            let phi = self.new_phi(block);
            match self.numbered.as_mut() {
                Some(next) if !self.name.is_empty() => {
                    let base = self.name.len();
                    self.name.push('.');
                    push_decimal(&mut self.name, *next);
                    ir::set_name(phi, &self.name);
                    self.name.truncate(base);
                    *next += 1;
                }
                _ => ir::set_name(phi, &self.name),
            }
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
        let (blocks, order) = self.llvm_pred_order(block);
        values.clear();
        values.extend(order.iter().map(|&k| incoming[k as usize]));
        // SAFETY: `phi` was made by `create_phi`; values and blocks are
        // live. LLVMAddIncoming only reads the two arrays (`*mut` in the C
        // signature only), so the cached block list is passed as it is. A
        // copy of a template already lists `blocks` (see `new_phi`): only
        // its values are set.
        unsafe {
            if LLVMCountIncoming(phi) == 0 {
                LLVMAddIncoming(
                    phi,
                    values.as_mut_ptr(),
                    blocks.as_ptr() as *mut LLVMBasicBlockRef,
                    values.len() as u32,
                )
            } else {
                debug_assert_eq!(LLVMCountIncoming(phi) as usize, values.len());
                for (k, &v) in values.iter().enumerate() {
                    debug_assert_eq!(LLVMGetIncomingBlock(phi, k as u32), blocks[k]);
                    LLVMSetOperand(phi, k as u32, v);
                }
            }
        }
        self.scratch = values;
        if let Some(t) = self.templates.get_mut(block) {
            *t = phi;
        }
        // A block not read yet gets the phi when it is read.
        if let Some(known) = self.existing.get_mut(&block) {
            known.push(ExistingPhi {
                phi,
                incoming: incoming.to_vec(),
            });
        }
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
