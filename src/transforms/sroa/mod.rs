//! `pebble-sroa`: scalar replacement of aggregates, then promotion
//! (Definition 16.4.4 and Algorithm 16.4.5 of the seed,
//! `../shared/seeds/001_*.txt`; the driver follows LLVM 19's
//! `SROA::runSROA` in `llvm/lib/Transforms/Scalar/SROA.cpp`).
//!
//! 1. Worklist: the entry-block allocas that `pebble-mem2reg` cannot
//!    promote as they are, taken last first (as LLVM pops its worklist).
//! 2. For each: collect its slices (`slices`; an escape leaves it alone),
//!    form partitions by the sweep (`partition`), give each partition a
//!    type and a mode (integer widening, or a vector type, `vector`) and a
//!    new alloca named `<old>.sroa.<byte offset>`
//!    (`rewrite::plan_partition`), rewrite every slice onto the new allocas
//!    and erase the old one (`rewrite::Rewriter`). An alloca whose only
//!    partition is itself, kept in memory, is left as it is: nothing to gain.
//!    Before collecting, whole-aggregate loads and stores are unfolded into
//!    per-field ones (`unfold`, LLVM's `AggLoadStoreRewriter`); before
//!    partitioning, integer loads and stores that straddle partitions are
//!    cut into one access per partition and the slices collected again
//!    (`presplit`, LLVM's `presplitLoadsAndStores` and splittable integer
//!    slices).
//! 3. A copy whose other side is another entry alloca gave that alloca new
//!    slices (loads/stores instead of one memcpy): it goes back on the list,
//!    as do the new allocas (a copy within the old alloca became a copy
//!    between two new ones, which can now be split).
//! 4. Promotion by `mem2reg::promote_function` (not a copy of it): the new
//!    scalar allocas and the function's plain scalar allocas, so the pass
//!    can run instead of `pebble-mem2reg`. In compat mode, as LLVM's SROA
//!    calls `PromoteMemToReg`: its fast paths and its phi folding. The
//!    folding matters here, not only for looks: a phi left as
//!    `phi [%a, ..], [%self, ..]` is a use of alloca `%a`'s address that
//!    keeps `%a` escaped, where LLVM folds the phi away and promotes `%a`.
//! 5. Allocas left alone because their address was stored to memory are
//!    tried again when promotion changed something (promoting the slot
//!    that held the address can turn it into direct uses), as LLVM's
//!    `PostPromotionWorklist` (which holds only the allocas whose address
//!    store it rewrote; retrying all of them is simpler and finds more).
//!
//! Termination: every rewrite either replaces an alloca by strictly smaller
//! ones or by promotable ones, which leave the worklist; each later round
//! needs a promotion, which removes an alloca.
//!
//! Selects and phis of an alloca's address are followed, made dead or
//! have their loads speculated or predicated first (`speculate`); accesses
//! outside the alloca are erased as LLVM does (`slices`' module doc).
//!
//! Differences from LLVM's `sroa` (measured ones in `docs/sroa.md`): a
//! select or phi whose loads cannot be speculated is an escape (LLVM still
//! splits around it and keeps that part in memory); loads are speculated
//! before the alloca is known to become promotable (LLVM speculates only
//! for promotable ones: the result is correct either way); integer loads
//! and stores that straddle partitions are cut into per-partition accesses
//! before the partitions are planned (`presplit`: LLVM pre-splits the
//! transfers the same way, but cuts the other splittable ones while
//! rewriting); no splitting of copies within one alloca;
//! and the name suffix is the partition's byte offset (LLVM's is the index
//! of its first slice, which is often the same).
//! Debug declarations of a split alloca are split into fragments as LLVM
//! does (`mem2reg::split_debug_declares`: each part's alloca declares the
//! fragment of the variable it holds, bounded by the variable's size), but
//! a declaration whose expression does more than select a fragment, and
//! assignment-tracking markers (`dbg.assign`), are dropped with the alloca.

pub mod layout;
pub mod partition;
pub mod presplit;
pub mod rewrite;
pub mod slices;
pub mod speculate;
pub mod unfold;
pub mod vector;

use std::collections::HashSet;

use llvm_sys::core::*;
use llvm_sys::debuginfo::LLVMGetSubprogram;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::ir::{self, delete};
use crate::passes::{Flags, Outcome, PassInfo};
use crate::transforms::mem2reg::{self, promotable};
use layout::Layout;
use rewrite::{Mode, Rewriter};
use slices::{Escape, MemIntrinsics};

pub const PASS: PassInfo = PassInfo {
    name: "pebble-sroa",
    c_name: b"pebble-sroa\0",
    params: &["stats", "preserve-cfg", "modify-cfg"],
    run: run_pass,
    debug_markers: true,
};

/// What the pass did to one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Allocas in the entry block before the pass.
    pub entry_allocas: usize,
    /// Allocas replaced by per-partition allocas.
    pub split: usize,
    /// New allocas created for partitions.
    pub slices: usize,
    /// From `promote_function`, summed over rounds.
    pub promoted: usize,
    pub phis: usize,
    /// Loads through a `select` or `phi` of addresses replaced by loads of
    /// each address (`speculate`).
    pub speculated: usize,
    /// Accesses outside their alloca, erased (loads replaced by `poison`),
    /// and select operands never picked, replaced by `poison`.
    pub poisoned: usize,
    /// Integer loads and stores cut into one access per partition
    /// (`presplit`): pieces made by pre-splitting transfers, plus one per
    /// alloca whose splittable accesses were cut (not in the `<stats>` line).
    pub presplit: usize,
    /// Blocks were split to predicate loads (`modify-cfg`).
    pub cfg_changed: bool,
}

unsafe fn run_pass(flags: Flags, function: LLVMValueRef) -> Result<Outcome, String> {
    let preserve = flags.has(&PASS, "preserve-cfg");
    if preserve && flags.has(&PASS, "modify-cfg") {
        return Err("pebble-sroa: preserve-cfg and modify-cfg exclude each other".into());
    }
    let report = sroa_function(function, !preserve)?;
    if flags.has(&PASS, "stats") && report.entry_allocas > 0 {
        eprintln!(
            "pebble-sroa: {}: split {} allocas into {} slices, promoted {} allocas, inserted {} phis, \
             speculated {} loads, poisoned {} dead uses",
            ir::function_label(function),
            report.split,
            report.slices,
            report.promoted,
            report.phis,
            report.speculated,
            report.poisoned
        );
    }
    Ok(if report.cfg_changed {
        Outcome::ChangedCfg
    } else if report.split > 0
        || report.promoted > 0
        || report.speculated > 0
        || report.poisoned > 0
        || report.presplit > 0
    {
        Outcome::ChangedKeepingCfg
    } else {
        Outcome::Unchanged
    })
}

/// Splits and promotes the entry-block allocas of `function`. With
/// `modify_cfg` (LLVM's `sroa<modify-cfg>`, its default), a load through a
/// select of an address that is not safe to load may be predicated
/// (`speculate`), which splits blocks.
///
/// # Safety
/// `function` is a defined function of a live module that verifies.
pub unsafe fn sroa_function(function: LLVMValueRef, modify_cfg: bool) -> Result<Report, String> {
    let allocas = mem2reg::entry_allocas(function);
    let mut report = Report {
        entry_allocas: allocas.len(),
        ..Report::default()
    };
    if allocas.is_empty() {
        return Ok(report);
    }
    let mut splitter = Splitter {
        layout: Layout::of_function(function),
        mem: MemIntrinsics::lookup(),
        promo: promotable::Intrinsics::lookup(),
        entry: LLVMGetEntryBasicBlock(function),
        has_debug_info: !LLVMGetSubprogram(function).is_null(),
        function,
        modify_cfg,
        worklist: Vec::new(),
        queued: HashSet::new(),
        address_stored: HashSet::new(),
        grown: HashSet::new(),
    };
    for a in allocas {
        splitter.enqueue(a);
    }
    loop {
        splitter.drain(&mut report);
        let promoted = mem2reg::promote_function(
            function,
            &mem2reg::Options {
                compat: true,
                ..Default::default()
            },
        )?;
        report.promoted += promoted.promoted;
        report.phis += promoted.phis;
        if promoted.promoted == 0 || splitter.address_stored.is_empty() {
            return Ok(report);
        }
        splitter.retry_address_stored(function);
    }
}

/// A select operand that is never picked gets `poison` (it was the
/// alloca's address, `speculate::Merge::DeadOperand`).
unsafe fn poison_dead_operands(dead: &[(LLVMValueRef, u32)]) {
    for &(merge, index) in dead {
        let operand = LLVMGetOperand(merge, index);
        LLVMSetOperand(merge, index, LLVMGetPoison(LLVMTypeOf(operand)));
    }
}

struct Splitter {
    layout: Layout,
    mem: MemIntrinsics,
    promo: promotable::Intrinsics,
    entry: LLVMBasicBlockRef,
    has_debug_info: bool,
    function: LLVMValueRef,
    modify_cfg: bool,
    /// Popped from the back; `queued` mirrors it.
    worklist: Vec<LLVMValueRef>,
    queued: HashSet<LLVMValueRef>,
    /// Allocas left alone because their address is stored somewhere, by
    /// address only: promotion may erase them (promoting the slot that
    /// held the address can make one promotable), so these are never
    /// dereferenced, only matched against the live entry allocas.
    address_stored: HashSet<usize>,
    /// New allocas wider than the one they replace (by address, never
    /// dereferenced): not grown again.
    grown: HashSet<usize>,
}

impl Splitter {
    unsafe fn enqueue(&mut self, value: LLVMValueRef) {
        let is_entry_alloca = ir::opcode(value) == Some(LLVMOpcode::LLVMAlloca)
            && LLVMGetInstructionParent(value) == self.entry;
        if is_entry_alloca && self.queued.insert(value) {
            self.worklist.push(value);
        }
    }

    unsafe fn drain(&mut self, report: &mut Report) {
        while let Some(alloca) = self.worklist.pop() {
            self.queued.remove(&alloca);
            if promotable::check(alloca, &self.promo).is_ok() {
                continue; // mem2reg's job
            }
            unfold::unfold_aggregate_accesses(alloca, &self.layout);
            match slices::collect(alloca, &self.layout, &self.mem, self.modify_cfg) {
                Ok(mut uses) => {
                    let (erased, chains) = self.erase_undefined(&mut uses.undefined);
                    report.poisoned += erased;
                    if chains > 0 {
                        // Handles in `uses` may be gone with the chains.
                        self.enqueue(alloca);
                        continue;
                    }
                    poison_dead_operands(&uses.dead_operands);
                    report.poisoned += uses.dead_operands.len();
                    if !uses.speculate.is_empty() {
                        // The loads become direct: collect this alloca
                        // again, and the others now loaded directly.
                        let applied = speculate::apply(&uses.speculate, &self.layout);
                        report.speculated += applied.loads;
                        if applied.cfg_changed {
                            // The entry block may have been split: the
                            // allocas are in the new first block.
                            report.cfg_changed = true;
                            self.entry = LLVMGetEntryBasicBlock(self.function);
                        }
                        self.enqueue(alloca);
                        for base in applied.bases {
                            self.enqueue(base);
                        }
                        continue;
                    }
                    let Some(uses) = self.presplit(alloca, uses, report) else {
                        continue;
                    };
                    if let Some(new) = self.split(alloca, uses) {
                        report.split += 1;
                        report.slices += new;
                    }
                }
                Err(Escape::AddressStored) => {
                    self.address_stored.insert(alloca as usize);
                }
                Err(_) => {}
            }
        }
    }

    /// Cuts the integer loads and stores that straddle partitions
    /// (`presplit`), then collects the alloca's slices again. `None` when
    /// the alloca is to be looked at later instead (the new slices need
    /// more than splitting, or its slices can no longer be collected).
    unsafe fn presplit(
        &mut self,
        alloca: LLVMValueRef,
        uses: slices::AllocaUses,
        report: &mut Report,
    ) -> Option<slices::AllocaUses> {
        let mut others = Vec::new();
        let made = presplit::split_transfers(&uses, &Rewriter::new(&self.layout), &mut others);
        for other in others {
            self.enqueue(other);
        }
        let mut uses = uses;
        if !made.is_empty() {
            report.presplit += made.len();
            uses = self.collect_again(alloca)?;
        }
        let pieces: HashSet<LLVMValueRef> = made.into_iter().collect();
        let size = slices::static_size(alloca, &self.layout)?;
        let rewriter = Rewriter::new(&self.layout);
        if presplit::split_integer_accesses(&uses, size, &pieces, &rewriter) {
            drop(rewriter);
            report.presplit += 1;
            uses = self.collect_again(alloca)?;
        }
        Some(uses)
    }

    /// The slices of an alloca whose accesses were just cut into pieces:
    /// nothing else should have changed; if something did, the alloca goes
    /// back on the worklist.
    unsafe fn collect_again(&mut self, alloca: LLVMValueRef) -> Option<slices::AllocaUses> {
        let again = slices::collect(alloca, &self.layout, &self.mem, self.modify_cfg).ok();
        match again {
            Some(u)
                if u.undefined.is_empty()
                    && u.dead_operands.is_empty()
                    && u.speculate.is_empty() =>
            {
                Some(u)
            }
            _ => {
                self.enqueue(alloca);
                None
            }
        }
    }

    /// Splits one alloca; `None` when that would gain nothing. Returns the
    /// number of new allocas.
    unsafe fn split(&mut self, alloca: LLVMValueRef, uses: slices::AllocaUses) -> Option<usize> {
        let mut sl = uses.slices();
        let parts = partition::partitions(&mut sl);
        let members = rewrite::members_of(&parts, &uses);
        let allocated = LLVMGetAllocatedType(alloca);
        let plans: Vec<_> = parts
            .iter()
            .zip(&members)
            .map(|(&p, m)| rewrite::plan_partition(&self.layout, allocated, p, m, &uses.uses))
            .collect();
        let size = self.layout.alloc_size(allocated);
        if let [(ty, Mode::Memory)] = plans[..] {
            // One partition kept in memory: nothing to gain, unless its type
            // is wider than the alloca (a load past the end gave it its
            // type, as LLVM's findCommonType does). Then the new, wider
            // alloca is looked at again, with that load inside it.
            // Growing happens once per alloca: a grown one is never grown
            // again (by address, like `address_stored`), so this cannot
            // loop whatever types the accesses propose.
            let whole = parts[0].begin == 0 && parts[0].end == size;
            if whole
                && (self.layout.alloc_size(ty) <= size || self.grown.contains(&(alloca as usize)))
            {
                return None;
            }
        }
        let rewriter = Rewriter::new(&self.layout);
        let slots = rewriter.create_slots(alloca, &parts, &plans);
        let others = rewriter.rewrite(&uses, &slots);
        if let [slot] = &slots[..] {
            if self.layout.alloc_size(slot.ty) > size {
                self.grown.insert(slot.alloca as usize);
            }
        }
        drop(rewriter);
        if self.has_debug_info {
            self.split_debug_declares(alloca, &slots);
        }
        self.erase_alloca(alloca);
        // The other sides of copies gained slices; the new allocas kept in
        // memory may split further once their copies are between distinct
        // allocas (promotable ones are skipped when popped).
        for other in others.into_iter().chain(slots.iter().map(|s| s.alloca)) {
            self.enqueue(other);
        }
        Some(slots.len())
    }

    /// Each new alloca's share of the old one's variables: a fragment of
    /// `min(its type's bits, its partition's bits)` at the partition's
    /// offset, as LLVM's SROA computes it (no padding).
    unsafe fn split_debug_declares(&self, alloca: LLVMValueRef, slots: &[rewrite::NewSlot]) {
        let parts: Vec<mem2reg::Fragment> = slots
            .iter()
            .map(|slot| mem2reg::Fragment {
                alloca: slot.alloca,
                offset_bits: slot.part.begin * 8,
                size_bits: self.layout.size_in_bits(slot.ty).min(slot.part.size() * 8),
            })
            .collect();
        mem2reg::split_debug_declares(alloca, &parts);
    }

    /// Puts the allocas set aside for a stored address back on the
    /// worklist, after a promotion round: only those still in the entry
    /// block (promotion erased the ones it promoted; an address reused by a
    /// new alloca only gives that live alloca one more look).
    unsafe fn retry_address_stored(&mut self, function: LLVMValueRef) {
        let set_aside = std::mem::take(&mut self.address_stored);
        for alloca in mem2reg::entry_allocas(function) {
            if set_aside.contains(&(alloca as usize)) {
                self.enqueue(alloca);
            }
        }
    }

    /// Erases the accesses outside an alloca (`slices`' module doc): their
    /// users get `poison`. As LLVM's `deleteDeadInstructions`, what that
    /// leaves trivially dead goes too (a value computed only to be stored
    /// out of bounds, and the loads it came from): an entry alloca such a
    /// load read is looked at again, since that use is gone. Returns how
    /// many accesses were erased, and how many instructions with them.
    unsafe fn erase_undefined(&mut self, undefined: &mut Vec<LLVMValueRef>) -> (usize, usize) {
        undefined.sort_unstable();
        undefined.dedup();
        let mut read_allocas = Vec::new();
        let mut chains = 0;
        // An access erased later (a wide load feeding a wide store) is
        // not erased with another's chain: its handle is still to be used.
        for (k, &inst) in undefined.iter().enumerate() {
            let later = &undefined[k + 1..];
            let spared = |v: LLVMValueRef| later.binary_search(&v).is_ok();
            chains += delete::erase_with_dead_operands(inst, spared, &mut |dead| {
                if ir::opcode(dead) == Some(LLVMOpcode::LLVMLoad) {
                    read_allocas.push(slices::base_of(LLVMGetOperand(dead, 0)));
                }
            });
        }
        for base in read_allocas {
            self.enqueue(base);
        }
        (undefined.len(), chains)
    }

    unsafe fn erase_alloca(&mut self, alloca: LLVMValueRef) {
        self.address_stored.remove(&(alloca as usize));
        if self.queued.remove(&alloca) {
            self.worklist.retain(|&a| a != alloca);
        }
        delete::erase_unused(alloca);
    }
}
