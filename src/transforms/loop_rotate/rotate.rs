//! The rewrite of one loop into bottom-tested form (LLVM's
//! `LoopRotate::rotateLoop` in `LoopRotationUtils.cpp`, step for step).
//!
//! Before (shape from `shape::classify`, preheader from `preheader`):
//! ```text
//!   P:  ...; br H
//!   H:  φ = phi [init, P], [next, T]; I1..Ik; br c, N, E
//!   N .. T (body; T: br H)         E (exit)
//! ```
//! After:
//! ```text
//!   P:       ...; I1'..Ik' (copies, φ read as init); br c', N.lr.ph, E
//!   N.lr.ph: br N                                  (the new preheader)
//!   N:       phis [V', N.lr.ph], [V, T]; ...
//!   T:       ...; I1..Ik; br c, N, H.E_crit_edge   (H merged into T)
//!   H.E_crit_edge: split = phi [V, T]; br E        (loop-closed SSA)
//!   E:       phi [split, H.E_crit_edge], [V', P]
//! ```
//! 1. **Copy** (LLVM: the loop over the header's instructions): an
//!    instruction whose operands are all defined outside the loop and which
//!    touches no memory is *moved* to `P` (LLVM hoists it: "cheaper to hoist
//!    than to duplicate"); any other is simplified on its remapped operands
//!    (`simplify`: the seed's `%sq` folds to `0`) or else cloned. The
//!    header's branch is cloned last; if its condition folded to the
//!    constant that enters the loop, `P` branches straight to `N` and the
//!    exit keeps its single predecessor (LLVM's "we can fold the
//!    conditional branch in the preheader").
//! 2. **Edges**: `P -> N` is split by `N.lr.ph` (the rotated loop's
//!    dedicated preheader); `N`'s and `E`'s phis get entries for the new
//!    edges; `H` loses its entry edge, and the entries of its phis for it;
//!    `H -> E` is split by `H.E_crit_edge`, which `E`, now also entered from
//!    `P`, needs for loop-closed SSA (LLVM splits every new critical exit
//!    edge).
//! 3. **SSA repair**: each value `V` of `H` now has two definitions, `V` at
//!    the end of `H` and `V'` at the end of `P`. Uses in `H` after the
//!    definition keep `V`. Every other use inside the loop reads the phi
//!    at `N` (`[V', N.lr.ph], [V, H]`): the loop is entered only at `N`, and
//!    `H`, its bottom, is left only to `N` or out of the loop, so between
//!    `N` and a use in the loop no other definition runs. That phi is made
//!    directly (or an existing phi of `N` with exactly those entries
//!    adopted, as the SSA updater would), without exploring the loop body:
//!    exploring it from each use was quadratic on deep nests. Uses outside
//!    the loop go through the `SsaUpdater` (the seed's "SSAUpdater in loop
//!    rotation", Algorithm 16.4.6) with `V` at `H`, `V'` at `P` and the
//!    phi at `N`, which places the exit phis. Debug markers naming `V`
//!    get a value the repair already has for their block, or `undef` /
//!    `poison` (`repair_debug_uses`), never a phi of their own.
//! 4. **Loop-closed SSA**: the uses of `V` outside the loop that are left
//!    (all reached through `H`'s exit edge, the only way out from a block
//!    where `V` is the current value) read a phi `split = phi [V, H]` in the
//!    split exit block (LLVM's `SplitCriticalEdge` with `PreserveLCSSA`),
//!    or `V.lcssa` in `E` when `E` kept `H` as its only predecessor.
//! 5. **Cleanup**: `H`'s phis, whose only predecessor is now `T`, are
//!    replaced by their single incoming value, and `H` is merged into `T`
//!    when `T` ends in `br H` (LLVM's `MergeBlockIntoPredecessor`), so the
//!    seed's loop is one block.
//!
//! Preconditions: the shape's conditions, `legality::check_header`, and a
//! preheader `P` ending in a plain `br H`.

use std::collections::HashMap;
use std::ffi::CString;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::edit::{self, add_incoming, phis, rebuild_phi, split_edge};
use super::graph::{FlowGraph, LoopId, LoopNest};
use super::legality::is_debug_intrinsic;
use super::noalias;
use super::preheader;
use super::shape::Shape;
use super::simplify::simplify;
use crate::analysis::cfg::Block;
use crate::ir::attributes::MemoryEffects;
use crate::ir::{self, debug_records, delete, version};
use crate::transforms::ssa_updater::llvm::{llvm_predecessors, operand_uses, LlvmPhis, OperandUse};
use crate::transforms::ssa_updater::{Graph, SsaUpdater, UseSite};

/// What a rotation did besides rotating, for `<stats>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rotated {
    /// Header instructions moved to the preheader instead of copied.
    pub hoisted: usize,
    /// Copies that simplified to an existing value.
    pub simplified: usize,
}

/// Rotates loop `l`, whose shape is `shape` and preheader `preheader`.
///
/// # Safety
/// `g` mirrors the function's IR, `shape` is `l`'s current shape, and the
/// preconditions of the module doc hold.
pub unsafe fn rotate(
    g: &mut FlowGraph,
    nest: &mut LoopNest,
    l: LoopId,
    shape: &Shape,
    preheader: Block,
    options: Options,
) -> Result<Rotated, String> {
    let builder = options.builder;
    let mut rotation = Rotation {
        g,
        nest,
        l,
        h: shape.header,
        p: preheader,
        n: shape.body,
        e: shape.exit,
        builder,
        stats: Rotated::default(),
        decls: Vec::new(),
    };
    rotation.run(options.hoist)?;
    Ok(rotation.stats)
}

/// Per-function settings of the rotation.
#[derive(Clone, Copy)]
pub struct Options {
    pub builder: LLVMBuilderRef,
    /// Whether invariant header instructions may be moved to the preheader
    /// (not in pre-split coroutines, as in LLVM).
    pub hoist: bool,
}

struct Rotation<'a> {
    g: &'a mut FlowGraph,
    nest: &'a mut LoopNest,
    l: LoopId,
    h: Block,
    p: Block,
    n: Block,
    e: Block,
    builder: LLVMBuilderRef,
    stats: Rotated,
    /// Copied noalias scope declarations: (original, copy).
    decls: Vec<(LLVMValueRef, LLVMValueRef)>,
}

/// How far `outside_value` follows single predecessors (a bound on the
/// work per debug marker).
const MAX_CHAIN: usize = 32;

/// A value of the header and its value at the end of the preheader.
type Def = (LLVMValueRef, LLVMValueRef);

impl Rotation<'_> {
    unsafe fn run(&mut self, hoist: bool) -> Result<(), String> {
        let (h_bb, p_bb) = (self.g.blocks[self.h], self.g.blocks[self.p]);
        let header_phis = phis(h_bb);
        // The value each header value has at the end of the preheader.
        let mut at_p: HashMap<LLVMValueRef, LLVMValueRef> = HashMap::new();
        for &phi in &header_phis {
            at_p.insert(phi, incoming_from(phi, p_bb)?);
        }
        let mut records = RecordCopies::start(h_bb, p_bb);
        let copied = self.copy_header(&mut at_p, hoist, &mut records);
        let folded = self.copy_branch(&at_p, &mut records);
        let mapped = |v: LLVMValueRef| at_p.get(&v).copied().unwrap_or(v);

        let entry = if folded {
            self.p
        } else {
            let name = format!("{}.lr.ph", block_name(self.g.blocks[self.n]));
            let before = self.g.blocks[self.n];
            let ph = split_edge(self.g, self.builder, self.p, self.n, &name, before);
            self.nest.set_innermost(ph, self.nest.loops[self.l].parent);
            ph
        };
        let entry_bb = self.g.blocks[entry];
        for phi in phis(self.g.blocks[self.n]) {
            add_incoming(phi, mapped(incoming_from(phi, h_bb)?), entry_bb);
        }
        let e_bb = self.g.blocks[self.e];
        if !folded {
            for phi in phis(e_bb) {
                add_incoming(phi, mapped(incoming_from(phi, h_bb)?), p_bb);
            }
        }
        // Header phis first, then the instructions, in order: LLVM's order,
        // which decides the order of the phis made at `N`.
        let mut defs: Vec<Def> = Vec::with_capacity(header_phis.len() + copied.len());
        for phi in header_phis {
            let init = at_p[&phi];
            let rebuilt = rebuild_phi(self.builder, phi, |b| (b != p_bb).then_some(b));
            defs.push((rebuilt, init));
        }
        defs.extend(copied);
        drop(at_p); // its keys include erased phis

        let closing = if folded {
            (self.g.preds(self.e) == [self.h]).then_some(self.e)
        } else {
            let name = format!("{}.{}_crit_edge", block_name(h_bb), block_name(e_bb));
            let x = split_edge(self.g, self.builder, self.h, self.e, &name, e_bb);
            let outer = self.nest.enclosing_with(self.l, self.e);
            self.nest.set_innermost(x, outer);
            self.split_other_exit_edges(x);
            Some(x)
        };
        for &def in &defs {
            self.repair(def, entry)?;
            if let Some(x) = closing {
                self.close_loop(def.0, x);
            }
        }
        let n_bb = self.g.blocks[self.n];
        noalias::clone_scopes(self.builder, h_bb, p_bb, n_bb, &self.decls);
        for (phi, _) in defs.iter().take_while(|(v, _)| is_phi(*v)) {
            fold_single_entry_phi(*phi);
        }
        if phis(h_bb).is_empty() {
            edit::merge_into_predecessor(self.g, self.builder, self.h)?;
        }
        Ok(())
    }

    /// The rest of LLVM's "preserve canonical loop form" after `H -> E` is
    /// split by `x`: every other edge into `E` from a block of a loop that
    /// does not contain `E` is split too (`X.E_crit_edge`), so that `E`
    /// stays a dedicated exit of every loop it leaves: `P -> E` when `P`
    /// lies in an outer loop, and the loop's other exiting blocks' edges
    /// (csmith 22013's `@func_68` on LLVM 22 has one,
    /// `for.body301.for.end504_crit_edge`). Not from an `indirectbr`, as LLVM.
    /// LLVM also gives each new block a `split` phi per phi of `E`; those
    /// have one entry, and simplifycfg removes them with the block.
    unsafe fn split_other_exit_edges(&mut self, x: Block) {
        let e_bb = self.g.blocks[self.e];
        let mut preds = self.g.preds(self.e).to_vec();
        preds.sort_unstable();
        preds.dedup();
        for pred in preds {
            let Some(m) = self.nest.innermost(pred) else {
                continue;
            };
            let pred_bb = self.g.blocks[pred];
            let redirectable = preheader::can_redirect(LLVMGetBasicBlockTerminator(pred_bb), e_bb);
            if pred == x || self.nest.contains(m, self.e) || !redirectable {
                continue;
            }
            let name = format!("{}.{}_crit_edge", block_name(pred_bb), block_name(e_bb));
            let split = split_edge(self.g, self.builder, pred, self.e, &name, self.g.blocks[x]);
            let outer = self.nest.enclosing_with(m, self.e);
            self.nest.set_innermost(split, outer);
        }
    }

    /// Step 1 for the header's non-phi, non-terminator instructions (debug
    /// intrinsics stay with the header). Returns the (original, value in the
    /// preheader) pairs of the copied values.
    unsafe fn copy_header(
        &mut self,
        at_p: &mut HashMap<LLVMValueRef, LLVMValueRef>,
        hoist: bool,
        records: &mut RecordCopies,
    ) -> Vec<Def> {
        let h_bb = self.g.blocks[self.h];
        let p_branch = LLVMGetBasicBlockTerminator(self.g.blocks[self.p]);
        let h_term = LLVMGetBasicBlockTerminator(h_bb);
        let mut defs = Vec::new();
        for inst in ir::instructions(h_bb) {
            if inst == h_term {
                break;
            }
            if LLVMGetInstructionOpcode(inst) == LLVMOpcode::LLVMPHI || is_debug_intrinsic(inst) {
                continue;
            }
            if hoist && self.hoistable(inst) {
                records.copy_hoisted(inst, p_branch, at_p);
                self.insert_before(p_branch, inst, true);
                self.stats.hoisted += 1;
                continue;
            }
            records.copy_cloned(inst, p_branch, at_p);
            let ops: Vec<LLVMValueRef> = (0..LLVMGetNumOperands(inst) as u32)
                .map(|k| {
                    let v = LLVMGetOperand(inst, k);
                    at_p.get(&v).copied().unwrap_or(v)
                })
                .collect();
            if let Some(v) = simplify(inst, &ops) {
                at_p.insert(inst, v);
                defs.push((inst, v));
                self.stats.simplified += 1;
                continue;
            }
            let copy = LLVMInstructionClone(inst);
            for (k, &v) in ops.iter().enumerate() {
                if LLVMGetOperand(copy, k as u32) != v {
                    LLVMSetOperand(copy, k as u32, v);
                }
            }
            self.insert_before(p_branch, copy, false);
            if noalias::is_scope_decl(inst) {
                self.decls.push((inst, copy));
            }
            if has_value(inst) {
                ir::set_name(copy, &ir::name(inst));
                defs.push((inst, copy));
            }
            at_p.insert(inst, copy);
        }
        defs
    }

    /// Puts `inst` before `at`: moved from its block when `moving`, else a
    /// fresh, unnamed clone.
    unsafe fn insert_before(&self, at: LLVMValueRef, inst: LLVMValueRef, moving: bool) {
        LLVMPositionBuilderBefore(self.builder, at);
        // Inserting through the builder sets the name it is given: a moved
        // instruction is given its own.
        let name = CString::new(if moving {
            ir::name(inst)
        } else {
            String::new()
        })
        .unwrap_or_default();
        if moving {
            LLVMInstructionRemoveFromParent(inst);
        }
        ir::insert_keeping_location(self.builder, inst, &name);
    }

    /// Whether `inst` may move to the preheader (LLVM: loop-invariant
    /// operands, no memory access, not a terminator, debug intrinsic or
    /// alloca).
    unsafe fn hoistable(&self, inst: LLVMValueRef) -> bool {
        let touches_memory = match LLVMGetInstructionOpcode(inst) {
            LLVMOpcode::LLVMCall => !MemoryEffects::of_call(inst).accesses_nothing(),
            LLVMOpcode::LLVMLoad
            | LLVMOpcode::LLVMStore
            | LLVMOpcode::LLVMVAArg
            | LLVMOpcode::LLVMAtomicRMW
            | LLVMOpcode::LLVMAtomicCmpXchg
            | LLVMOpcode::LLVMFence
            | LLVMOpcode::LLVMAlloca => true,
            _ => !LLVMIsATerminatorInst(inst).is_null(),
        };
        if touches_memory {
            return false;
        }
        (0..LLVMGetNumOperands(inst) as u32).all(|k| {
            let op = LLVMGetOperand(inst, k);
            !ir::is_instruction(op) || !self.nest.contains(self.l, self.g.block_of_inst(op))
        })
    }

    /// The header's branch, copied into the preheader in place of its
    /// branch. Returns whether the copy's condition folded to the constant
    /// that enters the loop (the copy is then `br N`).
    unsafe fn copy_branch(
        &mut self,
        at_p: &HashMap<LLVMValueRef, LLVMValueRef>,
        records: &mut RecordCopies,
    ) -> bool {
        let (h_bb, p_bb) = (self.g.blocks[self.h], self.g.blocks[self.p]);
        let n_bb = self.g.blocks[self.n];
        let h_term = LLVMGetBasicBlockTerminator(h_bb);
        let p_branch = LLVMGetBasicBlockTerminator(p_bb);
        let cond = LLVMGetCondition(h_term);
        let cond = at_p.get(&cond).copied().unwrap_or(cond);
        let taken = (!LLVMIsAConstantInt(cond).is_null())
            .then(|| LLVMGetSuccessor(h_term, u32::from(LLVMConstIntGetZExtValue(cond) == 0)));
        let folded = taken == Some(n_bb);
        records.copy_cloned(h_term, p_branch, at_p);
        LLVMPositionBuilderBefore(self.builder, p_branch);
        self.g.remove_edges(self.p, self.h);
        if folded {
            // With the header branch's location, as LLVM's `br` replacing
            // the folded copy.
            let branch = LLVMBuildBr(self.builder, n_bb);
            use llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
            LLVMInstructionSetDebugLoc(branch, LLVMInstructionGetDebugLoc(h_term));
            self.g.add_edge(self.p, self.n);
        } else {
            let copy = LLVMInstructionClone(h_term);
            LLVMSetCondition(copy, cond);
            ir::insert_keeping_location(self.builder, copy, c"");
            for k in 0..LLVMGetNumSuccessors(copy) {
                let s = self.g.block_of(LLVMGetSuccessor(copy, k));
                self.g.add_edge(self.p, s);
            }
        }
        delete::erase_unused(p_branch);
        folded
    }

    /// Step 3 for one header value `v` whose value at the end of the
    /// preheader is `pv`; `entry` is the block that enters `N` from outside.
    unsafe fn repair(&mut self, (v, pv): Def, entry: Block) -> Result<(), String> {
        let mut phi_n = None;
        let mut outside: Vec<(OperandUse, UseSite)> = Vec::new();
        for u in operand_uses(v) {
            let (site, at_end) = self.site(u);
            if site == self.h {
                continue; // below its definition in `H`, or `H`'s own edge
            }
            if self.g.reachable[site] && self.nest.contains(self.l, site) {
                let phi = match phi_n {
                    Some(phi) => phi,
                    None => *phi_n.insert(self.phi_at_n(v, pv, entry)),
                };
                LLVMSetOperand(u.user, u.index, phi);
            } else {
                let use_site = if at_end {
                    UseSite::PhiOperand { pred: site }
                } else {
                    UseSite::Instruction { block: site }
                };
                outside.push((u, use_site));
            }
        }
        let mut live_in: HashMap<Block, LLVMValueRef> = HashMap::new();
        if !outside.is_empty() {
            live_in = self.repair_outside(v, pv, phi_n, outside)?;
        }
        self.repair_debug_uses(v, pv, phi_n, &live_in);
        Ok(())
    }

    /// Step 3 for the uses of `v` outside the loop, through the SSA
    /// updater. Returns the value each block holding such a use (not in a
    /// phi) reads: the live-in value of that block.
    unsafe fn repair_outside(
        &mut self,
        v: LLVMValueRef,
        pv: LLVMValueRef,
        phi_n: Option<LLVMValueRef>,
        outside: Vec<(OperandUse, UseSite)>,
    ) -> Result<HashMap<Block, LLVMValueRef>, String> {
        let mut updater = SsaUpdater::with_graph(&*self.g, &self.g.reachable);
        updater.add_available_value(self.h, v);
        updater.add_available_value(self.p, pv);
        if let Some(phi) = phi_n {
            updater.add_available_value(self.n, phi);
        }
        // Named as LLVM's loop-closed phis, which these are.
        let name = format!("{}.lcssa", ir::name(v));
        let mut phis = LlvmPhis::over(&*self.g, &self.g.blocks, LLVMTypeOf(v), &name);
        let mut live_in = HashMap::new();
        for (u, site) in outside {
            let value = updater
                .rewrite_use(site, &mut phis)
                .map_err(|e| format!("loop rotation: {e}: {}", ir::render(u.user)))?;
            LLVMSetOperand(u.user, u.index, value);
            if let UseSite::Instruction { block } = site {
                live_in.insert(block, value);
            }
        }
        for &phi in updater.inserted_phis() {
            live_in.insert(self.g.block_of_inst(phi), phi);
        }
        Ok(live_in)
    }

    /// Step 3 for the debug markers whose location is `v` (LLVM's
    /// `RewriteUsesOfClonedInstructions` on `findDbgValues`): those in `H`
    /// keep `v`, those in `P` read `pv`; elsewhere a marker takes a value
    /// the repair already has for its block, without placing a phi for it
    /// ("to avoid adding PHINodes"): inside the loop the phi at `N` (which
    /// dominates the loop) if one was made; outside it the live-in value
    /// of its block when known (`outside_value`); any other marker gets
    /// `undef` (LLVM 19) or `poison` (22), `version::missing_debug_value`.
    /// LLVM asks its updater's cache instead, which also holds the blocks
    /// its searches passed through, and its LCSSA pass has already given
    /// the markers after the loop the exit phi; the values agree where
    /// both have one (each is the live-in value at the block), but inside
    /// the loop LLVM may say `poison` where this names the phi. A
    /// `DIArgList` location naming `v` is not rewritten
    /// (`debug_records::users` gives direct locations only).
    unsafe fn repair_debug_uses(
        &mut self,
        v: LLVMValueRef,
        pv: LLVMValueRef,
        phi_n: Option<LLVMValueRef>,
        live_in: &HashMap<Block, LLVMValueRef>,
    ) {
        let context = LLVMGetTypeContext(LLVMTypeOf(v));
        for record in debug_records::users(context, v) {
            if !matches!(
                debug_records::kind(record),
                debug_records::Kind::Value | debug_records::Kind::Assign
            ) {
                continue;
            }
            let site = self.g.block_of(debug_records::block(record));
            let value = if site == self.h {
                continue;
            } else if site == self.p {
                Some(pv)
            } else if !self.g.reachable[site] {
                None
            } else if self.nest.contains(self.l, site) {
                phi_n
            } else {
                self.outside_value(site, (v, pv), live_in)
            };
            let value = value.unwrap_or_else(|| version::missing_debug_value(LLVMTypeOf(v)));
            debug_records::set_location(context, record, LLVMValueAsMetadata(value));
        }
    }

    /// The live-in value of `v` at `site`, a block outside the loop, when
    /// the repair knows it without placing a phi: up the chain of single
    /// predecessors from `site` to a block whose live-in value a real use
    /// was given or where the updater placed a phi (`live_in`), or to `H`
    /// (`v`, which `close_loop` then replaces with the exit phi) or `P`
    /// (`pv`); `None` at a join or a block of the loop. Outside the loop
    /// only the updater's phis define `v`, so along such a chain the value
    /// at a block's end is its live-in value.
    unsafe fn outside_value(
        &self,
        site: Block,
        (v, pv): Def,
        live_in: &HashMap<Block, LLVMValueRef>,
    ) -> Option<LLVMValueRef> {
        let mut b = site;
        for _ in 0..MAX_CHAIN {
            if b == self.h {
                return Some(v);
            }
            if b == self.p {
                return Some(pv);
            }
            if let Some(&value) = live_in.get(&b) {
                return Some(value);
            }
            if self.nest.contains(self.l, b) {
                return None;
            }
            let preds = self.g.preds(b);
            match preds.first() {
                Some(&first) if preds.iter().all(|&q| q == first) => b = first,
                _ => return None,
            }
        }
        None
    }

    /// The block a use reads its value in, and whether it reads it at the
    /// end of that block (a phi operand) rather than at the user.
    unsafe fn site(&self, u: OperandUse) -> (Block, bool) {
        if LLVMGetInstructionOpcode(u.user) == LLVMOpcode::LLVMPHI {
            (self.g.block_of(LLVMGetIncomingBlock(u.user, u.index)), true)
        } else {
            (self.g.block_of_inst(u.user), false)
        }
    }

    /// The phi at `N` merging `pv` (from `entry`) and `v` (from `H`); the
    /// loop's other edges into `N` carry the phi itself. An existing phi of
    /// `N` with exactly these entries is reused (LLVM's `FindExistingPHI`).
    unsafe fn phi_at_n(&self, v: LLVMValueRef, pv: LLVMValueRef, entry: Block) -> LLVMValueRef {
        let (n_bb, h_bb, entry_bb) = (
            self.g.blocks[self.n],
            self.g.blocks[self.h],
            self.g.blocks[entry],
        );
        let expected = |b: LLVMBasicBlockRef, phi: LLVMValueRef| {
            if b == h_bb {
                v
            } else if b == entry_bb {
                pv
            } else {
                phi
            }
        };
        let ty = LLVMTypeOf(v);
        for phi in phis(n_bb) {
            if LLVMTypeOf(phi) == ty
                && (0..LLVMCountIncoming(phi)).all(|k| {
                    LLVMGetIncomingValue(phi, k) == expected(LLVMGetIncomingBlock(phi, k), phi)
                })
            {
                return phi;
            }
        }
        ir::debug_records::position_before_markers(self.builder, LLVMGetFirstInstruction(n_bb));
        let phi = LLVMBuildPhi(self.builder, ty, c"".as_ptr());
        ir::set_name(phi, &ir::name(v));
        for b in llvm_predecessors(n_bb) {
            add_incoming(phi, expected(b, phi), b);
        }
        phi
    }

    /// Step 4: the uses of `v` left outside the loop read a phi in
    /// `closing`, whose only predecessor is `H`.
    unsafe fn close_loop(&mut self, v: LLVMValueRef, closing: Block) {
        let uses: Vec<OperandUse> = operand_uses(v)
            .into_iter()
            .filter(|&u| {
                let (site, _) = self.site(u);
                site != self.h && self.g.reachable[site] && !self.nest.contains(self.l, site)
            })
            .collect();
        if uses.is_empty() {
            return;
        }
        let context = LLVMGetTypeContext(LLVMTypeOf(v));
        let markers: Vec<debug_records::Record> = debug_records::users(context, v)
            .into_iter()
            .filter(|&r| {
                let site = self.g.block_of(debug_records::block(r));
                site != self.h && self.g.reachable[site] && !self.nest.contains(self.l, site)
            })
            .collect();
        let bb = self.g.blocks[closing];
        let name = if closing == self.e {
            format!("{}.lcssa", ir::name(v))
        } else {
            "split".to_string()
        };
        ir::debug_records::position_before_markers(self.builder, LLVMGetFirstInstruction(bb));
        let phi = LLVMBuildPhi(self.builder, LLVMTypeOf(v), c"".as_ptr());
        ir::set_name(phi, &name);
        add_incoming(phi, v, self.g.blocks[self.h]);
        for u in uses {
            LLVMSetOperand(u.user, u.index, phi);
        }
        // The markers step 3 left on `v` outside the loop read it through
        // the same exit edge.
        for record in markers {
            debug_records::set_location(context, record, LLVMValueAsMetadata(phi));
        }
    }
}

/// Which debug records of the header go with its copies into the
/// preheader (LLVM's `rotateLoop` on `DbgVariableRecord`s: its
/// `NextDbgInsts`, `cloneDebugInfoFrom`, `RemapDbgRecordRange` and the
/// `DbgIntrinsics` set of records already at the preheader's end).
///
/// LLVM clones an instruction's records only from `next` on: the records
/// of the first instruction after the phis, and of the instruction after
/// each hoisted one, taken before the hoist (the hoisted instruction's own
/// records then fall onto that instruction, in front of `next`, and are
/// not cloned twice). Once an instruction has been cloned, `next` is empty
/// until the next hoist, so later copies get no records: LLVM's behaviour,
/// kept as it is. A copied variable record whose remapped location,
/// variable and expression equal those of a record attached to the
/// preheader's branch is dropped (its `makeHash` dedup); labels always go.
/// The copies are remapped with the values the header's values have in the
/// preheader, the others kept (`RF_IgnoreMissingLocals`), and inserted
/// before the preheader's branch, so the instruction put there next adopts
/// them and they precede it, as in LLVM.
///
/// On LLVM 19 the markers are the `llvm.dbg.*` calls before an
/// instruction (`debug_records::attached`): the same steps copy them, and
/// the calls themselves stay in the header (LLVM 19's own loop-rotate runs
/// on records, so the two agree).
struct RecordCopies {
    /// The record the next copy's records start from (`NextDbgInsts`).
    next: Option<debug_records::Record>,
    /// (location values, variable, expression) of the records at the
    /// preheader's branch before rotation.
    seen: Vec<RecordKey>,
}

type RecordKey = (Vec<LLVMValueRef>, LLVMMetadataRef, LLVMMetadataRef);

impl RecordCopies {
    unsafe fn start(h_bb: LLVMBasicBlockRef, p_bb: LLVMBasicBlockRef) -> Self {
        let first = ir::instructions(h_bb).find(|&i| !is_phi(i) && !debug_records::is_marker(i));
        let next = first.and_then(|i| debug_records::attached(i).first().copied());
        let p_branch = LLVMGetBasicBlockTerminator(p_bb);
        let seen = debug_records::attached(p_branch)
            .into_iter()
            .filter(|&r| debug_records::kind(r) != debug_records::Kind::Other)
            .map(|r| key(r, |v| v))
            .collect();
        RecordCopies { next, seen }
    }

    /// `inst` is about to move to the preheader: its records from `next`
    /// are copied before `p_branch`, and `next` becomes the first record of
    /// the instruction after it.
    unsafe fn copy_hoisted(
        &mut self,
        inst: LLVMValueRef,
        p_branch: LLVMValueRef,
        at_p: &HashMap<LLVMValueRef, LLVMValueRef>,
    ) {
        if let Some(start) = self.next {
            self.copy(inst, start, p_branch, at_p);
        }
        let mut after = LLVMGetNextInstruction(inst);
        while !after.is_null() && debug_records::is_marker(after) {
            after = LLVMGetNextInstruction(after);
        }
        self.next = if after.is_null() {
            None
        } else {
            debug_records::attached(after).first().copied()
        };
    }

    /// `inst` is about to be cloned (or folded) into the preheader.
    unsafe fn copy_cloned(
        &mut self,
        inst: LLVMValueRef,
        p_branch: LLVMValueRef,
        at_p: &HashMap<LLVMValueRef, LLVMValueRef>,
    ) {
        if let Some(start) = self.next.take() {
            self.copy(inst, start, p_branch, at_p);
        }
    }

    unsafe fn copy(
        &self,
        inst: LLVMValueRef,
        start: debug_records::Record,
        before: LLVMValueRef,
        at_p: &HashMap<LLVMValueRef, LLVMValueRef>,
    ) {
        let records = debug_records::attached(inst);
        let Some(from) = records.iter().position(|&r| r == start) else {
            return;
        };
        let map: Vec<(LLVMValueRef, LLVMValueRef)> = at_p.iter().map(|(&k, &v)| (k, v)).collect();
        let mapped = |v: LLVMValueRef| at_p.get(&v).copied().unwrap_or(v);
        for &record in &records[from..] {
            let variable = debug_records::kind(record) != debug_records::Kind::Other;
            if variable && self.seen.contains(&key(record, mapped)) {
                continue;
            }
            debug_records::clone_remapped(record, before, &map);
        }
    }
}

/// A variable record's location values (through `map`), variable and
/// expression: what LLVM's `makeHash` hashes.
unsafe fn key(
    record: debug_records::Record,
    map: impl Fn(LLVMValueRef) -> LLVMValueRef,
) -> RecordKey {
    let values = debug_records::location_ops(record)
        .into_iter()
        .map(map)
        .collect();
    (
        values,
        debug_records::variable(record),
        debug_records::expression(record),
    )
}

/// A phi whose entries all carry one value (not itself) is that value.
unsafe fn fold_single_entry_phi(phi: LLVMValueRef) {
    let n = LLVMCountIncoming(phi);
    if n == 0 {
        return;
    }
    let first = LLVMGetIncomingValue(phi, 0);
    if first == phi || (1..n).any(|k| LLVMGetIncomingValue(phi, k) != first) {
        return;
    }
    delete::replace_and_erase(phi, first);
}

unsafe fn incoming_from(
    phi: LLVMValueRef,
    block: LLVMBasicBlockRef,
) -> Result<LLVMValueRef, String> {
    (0..LLVMCountIncoming(phi))
        .find(|&k| LLVMGetIncomingBlock(phi, k) == block)
        .map(|k| LLVMGetIncomingValue(phi, k))
        .ok_or_else(|| {
            format!(
                "loop rotation: phi without an entry for a predecessor: {}",
                ir::render(phi)
            )
        })
}

unsafe fn is_phi(v: LLVMValueRef) -> bool {
    ir::opcode(v) == Some(LLVMOpcode::LLVMPHI)
}

unsafe fn has_value(inst: LLVMValueRef) -> bool {
    LLVMGetTypeKind(LLVMTypeOf(inst)) != llvm_sys::LLVMTypeKind::LLVMVoidTypeKind
}

unsafe fn block_name(bb: LLVMBasicBlockRef) -> String {
    ir::name(LLVMBasicBlockAsValue(bb))
}
