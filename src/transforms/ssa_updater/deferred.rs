//! Phis planned first and built later: the `PhiFactory` of
//! `pebble-mem2reg<updater>`, which asks one query per alloca.
//!
//! Built as each query asks (`LlvmPhis`), a variable's phis went into
//! nearly every block of an irreducible CFG between two queries: once a
//! query's data and the phis it built no longer fit the second-level
//! cache, each variable's phi building evicted the next query's data, and
//! each variable walked every block's LLVM instructions again (on
//! `bench-rotate`'s `irreducible_vars` 2000 → 4000 × 100 the simulated
//! L2 misses grew ×2.59 for ×2.02 the instructions, the time ×2.4–2.8).
//! Here a query only records its phis (`PlannedPhis`: block, variable,
//! incoming values, in plain vectors) and the round's queries run one
//! after the other; then `build` makes every phi in two passes:
//! 1. block by block (a counting sort of the plan by block): a block's
//!    LLVM instructions are touched once however many variables place a
//!    phi there; its first phi of a type is built with `poison` entries
//!    and the others of that type are copies of it (a copy is allocated
//!    with room for exactly its entries, where `LLVMAddIncoming` grows the
//!    list as it appends);
//! 2. in the order the phis were planned, one variable's after another's:
//!    each entry is set, mostly to another phi of the same variable,
//!    touched just before (setting them block by block touched every
//!    variable's phis in turn, and missed the last-level cache twice as
//!    often).
//!
//! Simulated misses of the pass on 2000 / 4000 × 100 (callgrind, 64 KiB
//! D1, 512 KiB L2): 2.55 M / 6.60 M before, 1.88 M / 4.37 M now.
//!
//! The IR is what building each phi as it was asked made: in each block
//! the phis in the order the queries created them, each put first in its
//! block (so the last created ends up on top), named `name.N` per variable
//! in its creation order, entries in LLVM's `predecessors()` order.
//!
//! Invariant: a planned value that is an LLVM value stays live until
//! `build` has run (the caller erases nothing in between).

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::llvm::{position_at_top, PredOrders};
use super::{ExistingPhi, PhiFactory};
use crate::analysis::cfg::Block;
use crate::ir::{self, FunctionCfg};
use crate::transforms::mem2reg::push_decimal;

/// A value of a planned program: an LLVM value, or the planned phi with
/// this number (`PlannedPhis::phis`). One word: LLVM values are aligned,
/// so their lowest bit is free to mark a planned phi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Planned(usize);

impl Planned {
    pub fn value(v: LLVMValueRef) -> Self {
        debug_assert_eq!(v as usize & 1, 0, "LLVM values are aligned");
        Planned(v as usize)
    }

    fn phi(id: usize) -> Self {
        Planned(id << 1 | 1)
    }

    /// The planned phi's number, if this is one.
    pub fn phi_id(self) -> Option<usize> {
        (self.0 & 1 == 1).then_some(self.0 >> 1)
    }

    /// The LLVM value, if this is one.
    pub fn llvm_value(self) -> Option<LLVMValueRef> {
        (self.0 & 1 == 0).then_some(self.0 as LLVMValueRef)
    }

    /// The LLVM value, once the phis are built (`built[id]` for a phi).
    pub fn resolve(self, built: &[LLVMValueRef]) -> LLVMValueRef {
        match self.phi_id() {
            Some(id) => built[id],
            None => self.0 as LLVMValueRef,
        }
    }
}

/// One planned phi.
struct PlannedPhi {
    block: u32,
    /// Index into `PlannedPhis::vars`.
    var: u32,
    /// Its number among its variable's phis (the `N` of `name.N`).
    number: u32,
    /// Its entries, in `Cfg::preds` order: `incoming[start..start + len]`.
    start: u32,
    len: u32,
}

/// A variable the phis are planned for: their type and base name.
struct Var {
    ty: LLVMTypeRef,
    name: String,
    poison: LLVMValueRef,
    phis: u32,
}

/// The factory: records phis, offers none for reuse (each alloca gets its
/// own phis: see `promote`).
#[derive(Default)]
pub struct PlannedPhis {
    vars: Vec<Var>,
    phis: Vec<PlannedPhi>,
    incoming: Vec<Planned>,
}

impl PlannedPhis {
    pub fn new() -> Self {
        Self::default()
    }

    /// The phis from now on are of a new variable of type `ty`, named
    /// `name.0`, `name.1`, … (plain `name` when `name` is empty).
    ///
    /// # Safety
    /// `ty` is a live first-class type.
    pub unsafe fn start_variable(&mut self, ty: LLVMTypeRef, name: &str) {
        self.vars.push(Var {
            ty,
            name: name.to_string(),
            poison: LLVMGetPoison(ty),
            phis: 0,
        });
    }

    fn current(&mut self) -> &mut Var {
        self.vars
            .last_mut()
            .expect("start_variable comes before any phi")
    }
}

impl PhiFactory for PlannedPhis {
    type Value = Planned;

    fn poison(&mut self) -> Planned {
        Planned::value(self.current().poison)
    }

    fn existing_phis(&mut self, _block: Block) -> Vec<ExistingPhi<Planned>> {
        Vec::new()
    }

    fn existing_phi(&mut self, _block: Block, _phi: Planned) -> Option<ExistingPhi<Planned>> {
        None
    }

    fn create_phi(&mut self, block: Block) -> Planned {
        let var = (self.vars.len() - 1) as u32;
        let current = self.current();
        let number = current.phis;
        current.phis += 1;
        self.phis.push(PlannedPhi {
            block: u32::try_from(block).expect("fewer than 2^32 blocks"),
            var,
            number,
            start: 0,
            len: 0,
        });
        Planned::phi(self.phis.len() - 1)
    }

    fn set_incoming(&mut self, phi: Planned, _block: Block, incoming: &[Planned]) {
        let id = phi.phi_id().expect("only planned phis get entries");
        let start = u32::try_from(self.incoming.len()).expect("fewer than 2^32 phi entries");
        self.incoming.extend_from_slice(incoming);
        let p = &mut self.phis[id];
        p.start = start;
        p.len = incoming.len() as u32;
    }
}

/// Builds every planned phi (see the module doc) and returns them by
/// planned number.
///
/// # Safety
/// `fcfg` is current for its live function; every LLVM value in `plan` is
/// live and of its phi's type.
pub unsafe fn build(fcfg: &FunctionCfg, plan: &PlannedPhis) -> Vec<LLVMValueRef> {
    let mut built = vec![std::ptr::null_mut(); plan.phis.len()];
    if plan.phis.is_empty() {
        return built;
    }
    let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(plan.vars[0].ty));
    let mut name = String::new();
    let mut preds = PredOrders::default();
    let by_block = numbers_by_block(plan, fcfg.blocks.len());
    for group in
        by_block.chunk_by(|&a, &b| plan.phis[a as usize].block == plan.phis[b as usize].block)
    {
        let block = plan.phis[group[0] as usize].block as usize;
        let bb = fcfg.blocks[block];
        // The block's first phi of each type, with poison entries.
        let mut templates: Vec<LLVMValueRef> = Vec::new();
        for &i in group {
            let p = &plan.phis[i as usize];
            let var = &plan.vars[p.var as usize];
            position_at_top(builder, bb);
            let phi = match templates.iter().find(|&&t| LLVMTypeOf(t) == var.ty) {
                Some(&t) => {
                    let phi = LLVMInstructionClone(t);
                    // Built with the builder's (empty) location, as `t` was.
                    llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(phi, std::ptr::null_mut());
                    LLVMInsertIntoBuilder(builder, phi);
                    phi
                }
                None => {
                    let (llvm, _) = preds.get(&fcfg.cfg, &fcfg.blocks, block);
                    let phi = LLVMBuildPhi(builder, var.ty, c"".as_ptr());
                    let mut poisons = vec![var.poison; llvm.len()];
                    LLVMAddIncoming(
                        phi,
                        poisons.as_mut_ptr(),
                        llvm.as_ptr() as *mut LLVMBasicBlockRef,
                        llvm.len() as u32,
                    );
                    templates.push(phi);
                    phi
                }
            };
            name_phi(phi, &var.name, p.number, &mut name);
            built[i as usize] = phi;
        }
    }
    // Every phi exists: now the entries, in the order the phis were
    // planned, a variable's after another's: a phi's entries are mostly
    // its variable's other phis, touched just before.
    for (i, p) in plan.phis.iter().enumerate() {
        let incoming = &plan.incoming[p.start as usize..(p.start + p.len) as usize];
        let (_, order) = preds.get(&fcfg.cfg, &fcfg.blocks, p.block as usize);
        debug_assert_eq!(incoming.len(), order.len());
        for (k, &position) in order.iter().enumerate() {
            LLVMSetOperand(
                built[i],
                k as u32,
                incoming[position as usize].resolve(&built),
            );
        }
    }
    LLVMDisposeBuilder(builder);
    built
}

/// The planned numbers ordered by block, each block's in creation order:
/// a counting sort, which reads the plan twice in order (a comparison sort
/// looked each number's block up again and again, out of order, a cache
/// miss each on large plans).
fn numbers_by_block(plan: &PlannedPhis, num_blocks: usize) -> Vec<u32> {
    let mut start = vec![0u32; num_blocks + 1];
    for p in &plan.phis {
        start[p.block as usize + 1] += 1;
    }
    for b in 0..num_blocks {
        start[b + 1] += start[b];
    }
    let mut out = vec![0u32; plan.phis.len()];
    for (i, p) in plan.phis.iter().enumerate() {
        let b = p.block as usize;
        out[start[b] as usize] = i as u32;
        start[b] += 1;
    }
    out
}

/// Names `phi` `name.number` (`name` alone when empty, which LLVM leaves
/// unnamed), in `scratch`.
///
/// # Safety
/// `phi` is live.
unsafe fn name_phi(phi: LLVMValueRef, name: &str, number: u32, scratch: &mut String) {
    if name.is_empty() {
        return;
    }
    scratch.clear();
    scratch.push_str(name);
    scratch.push('.');
    push_decimal(scratch, number as usize);
    ir::set_name(phi, scratch);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planned_values_and_phis_round_trip() {
        let v = 0x1000 as LLVMValueRef;
        assert_eq!(Planned::value(v).llvm_value(), Some(v));
        assert_eq!(Planned::value(v).phi_id(), None);
        let p = Planned::phi(41);
        assert_eq!(p.phi_id(), Some(41));
        assert_eq!(p.llvm_value(), None);
        let built = vec![std::ptr::null_mut(); 41]
            .into_iter()
            .chain([0x2000 as LLVMValueRef])
            .collect::<Vec<_>>();
        assert_eq!(p.resolve(&built), 0x2000 as LLVMValueRef);
        assert_eq!(Planned::value(v).resolve(&built), v);
    }

    /// Blocks in order, each block's phis in the order they were planned.
    #[test]
    fn numbers_by_block_is_a_stable_sort() {
        let mut plan = PlannedPhis::default();
        plan.vars.push(Var {
            ty: std::ptr::null_mut(),
            name: String::new(),
            poison: std::ptr::null_mut(),
            phis: 0,
        });
        for b in [3, 1, 3, 0, 1, 3] {
            plan.create_phi(b);
        }
        assert_eq!(numbers_by_block(&plan, 5), vec![3, 1, 4, 0, 2, 5]);
        let numbers: Vec<u32> = plan.phis.iter().map(|p| p.number).collect();
        assert_eq!(
            numbers,
            vec![0, 1, 2, 3, 4, 5],
            "N of name.N in planning order"
        );
    }
}
