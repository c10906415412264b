//! `pebble-mem2reg`: promote entry-block allocas to SSA values
//! (Algorithm 16.4.3 of the seed, `../shared/seeds/001_*.txt`).
//!
//! Each round:
//! 1. collect the promotable allocas of the entry block (`promotable`),
//!    logging their loads and stores on the same walk of each use list
//!    (`accesses`), and delete their lifetime markers and droppable uses;
//! 2. summarise them as an `AccessSummary` (per slot, store blocks and
//!    blocks whose first access is a load) from the log — one scan of the
//!    blocks that both load and store;
//! 3. place exactly the pruned phis, `DF⁺(D) ∩ LiveIn` (`placement`);
//! 4. rename by one iterative walk of the dominator tree (`rename`): a
//!    load becomes the value on top of its slot's stack, a store pushes its
//!    value, each CFG edge gives the phis of its target their incoming value;
//! 5. give phis `poison` for unreachable predecessors, replace loads left in
//!    unreachable blocks by `poison`, delete stores and allocas.
//!
//! Rounds repeat until none is promotable: promoting a slot that held the
//! address of another alloca can make that one promotable.
//!
//! The default mode has no fast paths and no phi folding: the phis inserted
//! are exactly Φ_pruned (Theorem 16.4.7), which `<stats>` reports. (One
//! exception, `fold_address_phis`: new phis that only carry an alloca's
//! address around are folded so that the next round can promote it.)
//!
//! `<compat>` reproduces LLVM 19's output: its fast paths (`fast_paths`) in
//! its alloca order, phis queued in its order, incoming entries in its
//! renaming order and the phi debug locations its walk produces
//! (`llvm_order`), folding to a fixed point (`simplify`), then
//! `poison` for unreachable predecessors; accesses left in unreachable code
//! keep `ptr poison`. Placement and renaming are the same code in both modes.
//!
//! In every mode, debug declarations become `dbg.value`s (`debug_info`) and a
//! replaced load's `!nonnull`/`!noundef` facts are kept (`metadata`). The CFG
//! is never changed, so one dominator tree serves every round.
//!
//! `promote_function_recorded` also reports, per alloca, the round, the path
//! and the phis placed and folded (`record`), for `pebble explain`.

pub mod accesses;
pub mod phase_times;
pub mod placement;
pub mod promotable;
pub(crate) mod record;

mod debug_info;
mod fast_paths;
mod llvm_order;
mod metadata;
mod rename;
mod simplify;
pub(crate) mod values;

use llvm_sys::core::*;
use llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::analysis::cfg::Block;
use crate::analysis::dominators::DomTree;
use crate::analysis::lists::Lists;
use crate::ir::{self, delete, AddressIndex, FunctionCfg};
use crate::passes::{Flags, Outcome, PassInfo};
use accesses::AccessLog;
pub use debug_info::Fragment;
use debug_info::{DebugInfo, DebugUsers};
use llvm_order::{SuccessorOrder, Walk};
use metadata::MetadataKinds;
use phase_times::{Phase, PhaseClock, PhaseTimes};
use placement::{AccessSummary, SlotAccesses};
use promotable::Intrinsics;
use record::{Path, Recorder};
/// Numbers names `name.N` (also the `<updater>` mode's phis).
pub(crate) use rename::push_decimal;
use rename::{NewPhi, PhiNamer, Phis, RenameHooks};

pub const PASS: PassInfo = PassInfo {
    name: "pebble-mem2reg",
    c_name: b"pebble-mem2reg\0",
    params: &["stats", "verify-oracle", "compat", "updater", "phase-times"],
    run: run_pass,
    debug_markers: true,
};

/// The parameters that choose how promotion is done: at most one may be
/// given (`crate::passes::conflict`).
pub const MODES: &[&str] = &["compat", "updater"];

#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Print one statistics line per function with entry-block allocas.
    pub stats: bool,
    /// Check every round's placement phi-for-phi against the independent
    /// oracle (`crate::oracle`, cubic: for tests) and fail on a difference.
    pub verify_oracle: bool,
    /// LLVM 19's output: fast paths, phi folding, LLVM's phi and operand
    /// order (see `fast_paths`, `simplify`, `llvm_order`).
    pub compat: bool,
    /// Time each phase of the pass (`phase_times`); `<phase-times>` prints
    /// them, one line per function.
    pub phase_times: bool,
}

/// What promotion did to one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Allocas in the entry block before the pass.
    pub entry_allocas: usize,
    pub promoted: usize,
    /// Phis created and still in the IR: the phis folded after renaming
    /// (compat mode's folding, the default mode's address-phi fold) are
    /// not counted here but in `folded`.
    pub phis: usize,
    /// Phis created and then folded away.
    pub folded: usize,
    /// Compat mode: allocas that took each fast path.
    pub single_store: usize,
    pub single_block: usize,
    pub dead: usize,
    /// Zero unless `Options::phase_times`.
    pub times: PhaseTimes,
}

unsafe fn run_pass(flags: Flags, function: LLVMValueRef) -> Result<Outcome, String> {
    let options = Options {
        stats: flags.has(&PASS, "stats"),
        verify_oracle: flags.has(&PASS, "verify-oracle"),
        compat: flags.has(&PASS, "compat"),
        phase_times: flags.has(&PASS, "phase-times"),
    };
    // <updater>: the same allocas promoted through the SSA updater (LLVM's
    // LoadAndStorePromoter approach), a second construction to cross-check.
    let report = if flags.has(&PASS, "updater") {
        crate::transforms::ssa_updater::promote_with_updater(function)?
    } else {
        promote_function(function, &options)?
    };
    if options.stats && report.entry_allocas > 0 {
        eprintln!("{}", stats_line(function, &report, &options));
    }
    if options.phase_times && report.entry_allocas > 0 {
        eprintln!(
            "pebble-mem2reg: {}: {}",
            ir::function_label(function),
            report.times.describe()
        );
    }
    Ok(if report.promoted > 0 {
        Outcome::ChangedKeepingCfg
    } else {
        Outcome::Unchanged
    })
}

unsafe fn stats_line(function: LLVMValueRef, report: &Report, options: &Options) -> String {
    let paths = if options.compat {
        format!(
            " ({} single-store, {} single-block, {} dead)",
            report.single_store, report.single_block, report.dead
        )
    } else {
        String::new()
    };
    let folded = if report.folded > 0 {
        format!(" ({} folded)", report.folded)
    } else {
        String::new()
    };
    format!(
        "pebble-mem2reg: {}: promoted {} allocas{paths}, inserted {} phis{folded}",
        ir::function_label(function),
        report.promoted,
        report.phis
    )
}

/// The allocas of the entry block (LLVM looks at every instruction but the
/// terminator).
///
/// # Safety
/// `function` is a defined function.
pub unsafe fn entry_allocas(function: LLVMValueRef) -> Vec<LLVMValueRef> {
    ir::instructions(LLVMGetEntryBasicBlock(function))
        .filter(|&i| ir::opcode(i) == Some(LLVMOpcode::LLVMAlloca))
        .collect()
}

/// Promotes every promotable entry-block alloca of `function`.
///
/// # Safety
/// `function` is a defined function of a live module that verifies.
pub unsafe fn promote_function(
    function: LLVMValueRef,
    options: &Options,
) -> Result<Report, String> {
    promote(function, options, None)
}

/// `promote_function`, also recording what happened to each alloca.
///
/// # Safety
/// As `promote_function`.
pub(crate) unsafe fn promote_function_recorded(
    function: LLVMValueRef,
    options: &Options,
    recorder: &mut Recorder,
) -> Result<Report, String> {
    promote(function, options, Some(recorder))
}

unsafe fn promote(
    function: LLVMValueRef,
    options: &Options,
    recorder: Option<&mut Recorder>,
) -> Result<Report, String> {
    let mut clock = PhaseClock::start(options.phase_times);
    let mut in_entry = entry_allocas(function);
    let mut report = Report {
        entry_allocas: in_entry.len(),
        ..Report::default()
    };
    if in_entry.is_empty() {
        return Ok(report);
    }
    let fcfg = FunctionCfg::read(function);
    let dt = DomTree::compute(&fcfg.cfg);
    let reachable = fcfg.cfg.reachable();
    clock.lap(Phase::Read, &mut report.times);
    let mut ctx = Context {
        fcfg: &fcfg,
        dt: &dt,
        reachable: &reachable,
        intrinsics: Intrinsics::lookup(),
        debug: DebugInfo::for_function(function),
        metadata: MetadataKinds::new(LLVMGetModuleContext(LLVMGetGlobalParent(function))),
        edge_order: None,
        block_keys: None,
        recorder,
        clock,
    };
    loop {
        let checked = check_allocas(&ctx, in_entry);
        ctx.clock.lap(Phase::Check, &mut report.times);
        if checked.allocas.is_empty() {
            return Ok(report);
        }
        if let Some(recorder) = ctx.recorder.as_deref_mut() {
            recorder.start_round();
        }
        report.promoted += checked.allocas.len();
        promote_round(&mut ctx, checked, options, &mut report)?;
        in_entry = entry_allocas(function);
    }
}

/// The promotable allocas of a round, with what the check saw on the way.
struct Checked {
    allocas: Vec<LLVMValueRef>,
    /// Allocas with markers to delete: most have none, and their use lists
    /// need not be walked again.
    with_markers: Vec<LLVMValueRef>,
    /// The loads and stores of `allocas[i]`, the log's entry `i`.
    log: AccessLog,
}

/// Checks `candidates`, one walk of each use list logging the accesses.
unsafe fn check_allocas(ctx: &Context, candidates: Vec<LLVMValueRef>) -> Checked {
    let mut checked = Checked {
        allocas: Vec::with_capacity(candidates.len()),
        with_markers: Vec::new(),
        log: AccessLog::default(),
    };
    for a in candidates {
        let log = &mut checked.log;
        let result = promotable::check_logging_accesses(a, &ctx.intrinsics, |user, is_store| {
            log.push(ctx.fcfg.block_of_inst(user), is_store)
        });
        match result {
            Ok(markers) => {
                log.finish_alloca();
                checked.allocas.push(a);
                if markers {
                    checked.with_markers.push(a);
                }
            }
            Err(_) => log.discard_alloca(),
        }
    }
    checked
}

/// What every round of one function shares.
pub(crate) struct Context<'a> {
    fcfg: &'a FunctionCfg,
    dt: &'a DomTree,
    reachable: &'a [bool],
    intrinsics: Intrinsics,
    debug: Option<DebugInfo>,
    metadata: MetadataKinds,
    /// LLVM's renaming edge order, computed on first use (compat mode).
    edge_order: Option<Vec<Vec<Block>>>,
    /// The key LLVM's mem2reg orders blocks by (`ir::version::
    /// mem2reg_block_keys`), read on first use (compat mode).
    block_keys: Option<Vec<u32>>,
    /// Given by `promote_function_recorded` only.
    recorder: Option<&'a mut Recorder>,
    clock: PhaseClock,
}

impl Context<'_> {
    /// LLVM's block order keys (see `block_keys`).
    unsafe fn block_keys(&mut self) -> &[u32] {
        let blocks = &self.fcfg.blocks;
        self.block_keys
            .get_or_insert_with(|| ir::version::mem2reg_block_keys(blocks))
    }

    unsafe fn debug_users(&self, alloca: LLVMValueRef) -> DebugUsers {
        match &self.debug {
            Some(debug) => debug.users_of(alloca),
            None => DebugUsers::default(),
        }
    }

    /// LLVM's block dominance: everything dominates an unreachable block.
    unsafe fn llvm_block_dominates(&self, a: LLVMBasicBlockRef, b: LLVMBasicBlockRef) -> bool {
        let (a, b) = (self.fcfg.block_of(a), self.fcfg.block_of(b));
        a == b || !self.reachable[b] || self.dt.dominates(a, b)
    }

    /// LLVM's `DominatorTree::dominates(value, phi)`: a non-instruction
    /// dominates everything; an instruction dominates a phi when its block
    /// strictly dominates the phi's block.
    unsafe fn value_dominates_phi(&self, value: LLVMValueRef, phi: LLVMValueRef) -> bool {
        value_dominates_phi(self.fcfg, self.dt, value, phi)
    }
}

/// LLVM's `DominatorTree::dominates(value, phi)` (see
/// `Context::value_dominates_phi`).
unsafe fn value_dominates_phi(
    fcfg: &FunctionCfg,
    dt: &DomTree,
    value: LLVMValueRef,
    phi: LLVMValueRef,
) -> bool {
    if !ir::is_instruction(value) {
        return true;
    }
    let def = fcfg.block_of_inst(value);
    let phi_block = fcfg.block_of_inst(phi);
    def != phi_block && dt.dominates(def, phi_block)
}

/// Promotes one round's allocas (promotable at the round's start).
unsafe fn promote_round(
    ctx: &mut Context,
    checked: Checked,
    options: &Options,
    report: &mut Report,
) -> Result<(), String> {
    for &a in &checked.with_markers {
        promotable::remove_markers(a, &ctx.intrinsics);
    }
    // The log still describes the allocas once their markers are gone, but
    // not after the fast paths, which may rewrite some loads of an alloca
    // they then leave to the general path: compat mode walks again.
    let (general, log) = if options.compat {
        (fast_paths::run(ctx, checked.allocas, report), None)
    } else {
        if let Some(recorder) = ctx.recorder.as_deref_mut() {
            for &a in &checked.allocas {
                recorder.path(a, Path::General { gave_up: None });
            }
        }
        (checked.allocas, Some(checked.log))
    };
    ctx.clock.lap(Phase::Check, &mut report.times);
    if general.is_empty() {
        return Ok(());
    }
    let round = Round::new(ctx.fcfg, ctx.dt, ctx.reachable, general);
    // Without debug info there is nothing to describe (the hooks and
    // `delete_leftovers` read `debug_users` only when `ctx.debug` is set).
    let debug_users: Vec<DebugUsers> = match ctx.debug {
        Some(_) => round.allocas.iter().map(|&a| ctx.debug_users(a)).collect(),
        None => Vec::new(),
    };
    let log = match log {
        Some(log) => log,
        None => round.log_accesses(),
    };
    let accesses = round.summarise_log(&log);
    ctx.clock.lap(Phase::Summarise, &mut report.times);
    let phi_blocks = placement::pruned_phi_blocks(&ctx.fcfg.cfg, ctx.dt, ctx.reachable, &accesses);
    if let Some(recorder) = ctx.recorder.as_deref_mut() {
        for (&a, blocks) in round.allocas.iter().zip(phi_blocks.iter()) {
            recorder.placed(a, blocks);
        }
    }
    if options.verify_oracle {
        round.verify_with_oracle(&accesses, &phi_blocks)?;
    }
    ctx.clock.lap(Phase::Place, &mut report.times);
    // The default mode queues slots last to first, so each block lists them
    // in slot order; compat queues them as LLVM does, first to last.
    let slots = round.allocas.len();
    let mut phis = if options.compat {
        // LLVM creates (and names) a slot's phis in its block order.
        let keys = ctx.block_keys();
        let llvm_phi_blocks: Lists<Block> = phi_blocks
            .iter()
            .map(|blocks| {
                let mut blocks = blocks.to_vec();
                blocks.sort_by_key(|&b| keys[b]);
                blocks
            })
            .collect();
        let phis = rename::insert_phis(ctx.fcfg, &round.allocas, &llvm_phi_blocks, 0..slots);
        let mut namer = PhiNamer::new(&round.allocas, &phis);
        ctx.clock
            .naming_phis(&mut report.times, || namer.name_all());
        phis
    } else {
        rename::insert_phis(ctx.fcfg, &round.allocas, &phi_blocks, (0..slots).rev())
    };
    report.phis += phis.len();
    ctx.clock.lap(Phase::Insert, &mut report.times);
    let wants_locations = options.compat && ctx.debug.is_some();
    let blocks = ctx.fcfg.cfg.num_blocks();
    let mut hooks = Rewrite {
        ctx,
        allocas: &round.allocas,
        debug_users: &debug_users,
        store_locations: wants_locations.then(|| vec![Vec::new(); blocks]),
    };
    rename::rename(&round, &mut phis, &log, &mut hooks);
    let store_locations = hooks.store_locations.take();
    ctx.clock.lap(Phase::Rename, &mut report.times);
    if options.compat {
        if let Some(stores) = store_locations {
            set_phi_locations_like_llvm(ctx, &round, &phis, &stores);
        }
        let folded = finish_like_llvm(ctx, &round, &phis)?;
        report.phis -= folded;
        report.folded += folded;
        round.delete_leftovers(ctx.debug.as_mut(), &debug_users, true, |_| {});
    } else {
        // Folding may erase phis: they are named first. This round's
        // allocas are no incoming value of any phi (a promotable alloca's
        // address is never stored), so they may go before the entries.
        let mut namer = PhiNamer::new(&round.allocas, &phis);
        let (clock, times) = (&ctx.clock, &mut report.times);
        round.delete_leftovers(ctx.debug.as_mut(), &debug_users, false, |slot| {
            clock.naming_phis(times, || namer.name_slot(slot))
        });
        rename::add_incoming_in_pred_order(&round, &mut phis)?;
        let new_phis: Vec<LLVMValueRef> = phis.iter().map(|p| p.phi).collect();
        let folded = fold_address_phis(ctx.fcfg, ctx.dt, &new_phis);
        report.phis -= folded;
        report.folded += folded;
    }
    ctx.clock.lap(Phase::Finish, &mut report.times);
    Ok(())
}

/// Gives the new phis the debug locations LLVM's renamer gives them (see
/// `llvm_order::phi_locations`).
unsafe fn set_phi_locations_like_llvm(
    ctx: &Context,
    round: &Round,
    phis: &[NewPhi],
    stores: &[Vec<(u32, LLVMMetadataRef)>],
) {
    let Some(debug) = &ctx.debug else { return };
    let phis_at = rename::phis_by_block(ctx.fcfg.cfg.num_blocks(), phis, |i, p| (i, p.slot));
    let walk = Walk {
        cfg: &ctx.fcfg.cfg,
        successors: SuccessorOrder::of_this_llvm(),
    };
    let locations = llvm_order::phi_locations(
        walk,
        round.allocas.len(),
        phis.len(),
        &phis_at,
        stores,
        std::ptr::null_mut(),
        |a, b| debug.merged_location(a, b),
    );
    for (p, location) in phis.iter().zip(locations) {
        if !location.is_null() {
            LLVMInstructionSetDebugLoc(p.phi, location);
        }
    }
}

/// LLVM's ending: entries in its renaming order, folding to a fixed point,
/// then `poison` for unreachable predecessors of the phis that remain.
/// Returns how many phis were folded.
unsafe fn finish_like_llvm(ctx: &mut Context, round: &Round, phis: &Phis) -> Result<usize, String> {
    let cfg = &ctx.fcfg.cfg;
    let order = ctx.edge_order.get_or_insert_with(|| {
        llvm_order::edge_order(Walk {
            cfg,
            successors: SuccessorOrder::of_this_llvm(),
        })
    });
    rename::add_incoming_in_order(round, phis, order)?;
    // LLVM folds in (block, alloca) order.
    let keys = ctx.block_keys().to_vec();
    let mut by_block: Vec<usize> = (0..phis.len()).collect();
    by_block.sort_by_key(|&i| (keys[phis[i].block], phis[i].slot));
    let sorted: Vec<LLVMValueRef> = by_block.iter().map(|&i| phis[i].phi).collect();
    let folded = simplify::fold_phis(&sorted, &|v, p| ctx.value_dominates_phi(v, p));
    for (k, &i) in by_block.iter().enumerate() {
        if !folded[k] {
            rename::add_poison_for_unreachable(round, &phis[i], &keys);
        } else if let Some(recorder) = ctx.recorder.as_deref_mut() {
            recorder.folded(round.allocas[phis[i].slot as usize], phis[i].block);
        }
    }
    Ok(folded.iter().filter(|&&f| f).count())
}

/// Default mode keeps exactly the pruned phis, with one exception: new phis
/// that carry an entry-block alloca's address, directly or through other new
/// phis, and simplify away (say `phi [%target, %entry], [itself, %loop]` for
/// a slot copied onto itself) would keep `%target` from being promoted in
/// the next round, where LLVM, which folds them, promotes `%target`. Those
/// phis are folded here, with the same rules as compat mode, so that the
/// allocas left are LLVM's. `pebble-mem2reg<updater>` folds its new phis
/// with this too. Returns how many phis were folded.
///
/// # Safety
/// `phis` are live phis of the function behind `fcfg`, with all their
/// entries; `dt` is that function's dominator tree.
pub(crate) unsafe fn fold_address_phis(
    fcfg: &FunctionCfg,
    dt: &DomTree,
    phis: &[LLVMValueRef],
) -> usize {
    let candidates = address_carriers(fcfg, phis);
    if candidates.is_empty() {
        return 0;
    }
    let folded = simplify::fold_phis(&candidates, &|v, p| value_dominates_phi(fcfg, dt, v, p));
    folded.iter().filter(|&&f| f).count()
}

/// The pointer phis of `phis` that carry an entry-block alloca's address,
/// directly or through other such phis (none when none does: the fold
/// then needs no dominator tree).
///
/// # Safety
/// As `fold_address_phis`.
pub(crate) unsafe fn address_carriers(
    fcfg: &FunctionCfg,
    phis: &[LLVMValueRef],
) -> Vec<LLVMValueRef> {
    let entry = LLVMGetEntryBasicBlock(LLVMGetBasicBlockParent(fcfg.blocks[0]));
    let pointers: Vec<LLVMValueRef> = phis
        .iter()
        .copied()
        .filter(|&phi| {
            LLVMGetTypeKind(LLVMTypeOf(phi)) == llvm_sys::LLVMTypeKind::LLVMPointerTypeKind
        })
        .collect();
    // Grow the set to a fixed point: a phi joins when an incoming value is
    // an entry alloca or a phi already in the set.
    let mut carriers: std::collections::HashSet<LLVMValueRef> = std::collections::HashSet::new();
    let mut grew = true;
    while grew {
        grew = false;
        for &phi in &pointers {
            if carriers.contains(&phi) {
                continue;
            }
            let carries = (0..LLVMCountIncoming(phi)).any(|k| {
                let v = LLVMGetIncomingValue(phi, k);
                carriers.contains(&v)
                    || (!LLVMIsAAllocaInst(v).is_null() && LLVMGetInstructionParent(v) == entry)
            });
            if carries {
                carriers.insert(phi);
                grew = true;
            }
        }
    }
    pointers
        .into_iter()
        .filter(|p| carriers.contains(p))
        .collect()
}

/// The rewrite's side effects: load metadata and debug info.
struct Rewrite<'c, 'a> {
    ctx: &'c mut Context<'a>,
    allocas: &'c [LLVMValueRef],
    debug_users: &'c [DebugUsers],
    /// Compat mode with debug info: per block, the (slot, location) of
    /// each store, in order, for `llvm_order::phi_locations`.
    store_locations: Option<Vec<Vec<(u32, LLVMMetadataRef)>>>,
}

impl RenameHooks for Rewrite<'_, '_> {
    unsafe fn on_load(&mut self, load: LLVMValueRef, _slot: u32, value: LLVMValueRef) {
        self.ctx.metadata.keep_load_facts(load, value);
    }

    unsafe fn on_store(&mut self, store: LLVMValueRef, slot: u32) {
        if let Some(stores) = &mut self.store_locations {
            let block = self.ctx.fcfg.block_of_inst(store);
            stores[block].push((slot, LLVMInstructionGetDebugLoc(store)));
        }
        if let Some(debug) = &mut self.ctx.debug {
            let s = slot as usize;
            debug.describe_store(&self.debug_users[s], self.allocas[s], store);
        }
    }

    unsafe fn on_phi(&mut self, phi: LLVMValueRef, slot: u32) {
        if let Some(debug) = &mut self.ctx.debug {
            let s = slot as usize;
            debug.describe_phi(&self.debug_users[s], self.allocas[s], phi);
        }
    }
}

/// One round of the general path over a fixed set of promotable allocas.
pub(crate) struct Round<'a> {
    fcfg: &'a FunctionCfg,
    dt: &'a DomTree,
    reachable: &'a [bool],
    allocas: Vec<LLVMValueRef>,
    /// alloca -> its index in `allocas`
    slot_of: AddressIndex,
}

impl<'a> Round<'a> {
    /// `pub(crate)`, like `summarise_accesses`: `pebble explain` shows the
    /// pass's own summary.
    pub(crate) fn new(
        fcfg: &'a FunctionCfg,
        dt: &'a DomTree,
        reachable: &'a [bool],
        allocas: Vec<LLVMValueRef>,
    ) -> Self {
        let slot_of = AddressIndex::new(allocas.iter().map(|&a| a as usize));
        Round {
            fcfg,
            dt,
            reachable,
            allocas,
            slot_of,
        }
    }

    /// Compares the placement with the oracle's DF⁺(D) ∩ LiveIn, before
    /// anything is changed, naming the first difference by alloca and block.
    unsafe fn verify_with_oracle(
        &self,
        accesses: &AccessSummary,
        phi_blocks: &Lists<Block>,
    ) -> Result<(), String> {
        crate::oracle::check_pruned_placement_named(
            &self.fcfg.cfg,
            &accesses.to_slots(),
            &phi_blocks.to_vecs(),
            &|slot| format!("%{}", ir::name(self.allocas[slot])),
            &|b| ir::block_label(self.fcfg.blocks[b], b),
        )
        .map_err(|e| format!("oracle disagrees with the phi placement: {e}"))
    }

    /// The slot a load or store accesses, if it is one being promoted.
    unsafe fn slot_accessed(&self, inst: LLVMValueRef) -> Option<(u32, bool)> {
        let (ptr, is_store) = match LLVMGetInstructionOpcode(inst) {
            LLVMOpcode::LLVMLoad => (LLVMGetOperand(inst, 0), false),
            LLVMOpcode::LLVMStore => (LLVMGetOperand(inst, 1), true),
            _ => return None,
        };
        self.slot_of.get(ptr as usize).map(|s| (s, is_store))
    }

    /// Definition blocks and upward-exposed use blocks of every slot, from
    /// the slots' use lists (see `accesses`).
    pub(crate) unsafe fn summarise_accesses(&self) -> Vec<SlotAccesses> {
        self.summarise_log(&self.log_accesses()).to_slots()
    }

    /// The loads and stores of the round's allocas, from their use lists.
    unsafe fn log_accesses(&self) -> AccessLog {
        let mut log = AccessLog::default();
        for &alloca in &self.allocas {
            for user in ir::each_user(alloca) {
                let is_store = LLVMGetInstructionOpcode(user) == LLVMOpcode::LLVMStore;
                log.push(self.fcfg.block_of_inst(user), is_store);
            }
            log.finish_alloca();
        }
        log
    }

    /// The summary from a log of the round's allocas, slot `s` being the
    /// log's entry `s`.
    unsafe fn summarise_log(&self, log: &AccessLog) -> AccessSummary {
        debug_assert_eq!(log.len(), self.allocas.len());
        let mut pending = vec![false; self.allocas.len()];
        accesses::summarise(log, self.reachable, |b, slots| {
            self.loaded_first(b, slots, &mut pending)
        })
    }

    /// Those of `slots` whose first access in `b` is a load; `pending` is
    /// all false on entry and on return.
    unsafe fn loaded_first(&self, b: Block, slots: &[u32], pending: &mut [bool]) -> Vec<u32> {
        let mut out = Vec::new();
        for &s in slots {
            pending[s as usize] = true;
        }
        let mut left = slots.len();
        for inst in ir::instructions(self.fcfg.blocks[b]) {
            let Some((s, is_store)) = self.slot_accessed(inst) else {
                continue;
            };
            if !pending[s as usize] {
                continue;
            }
            pending[s as usize] = false;
            if !is_store {
                out.push(s);
            }
            left -= 1;
            if left == 0 {
                break;
            }
        }
        out
    }

    /// Loads and stores in unreachable blocks were not renamed. The default
    /// mode deletes them (loads become poison); compat mode, like LLVM,
    /// leaves them accessing `ptr poison`. Then the allocas' debug
    /// declarations and the allocas themselves go; `before_erasing(slot)` is
    /// called just before each alloca is erased.
    unsafe fn delete_leftovers(
        &self,
        mut debug: Option<&mut DebugInfo>,
        debug_users: &[DebugUsers],
        compat: bool,
        mut before_erasing: impl FnMut(usize),
    ) {
        for (slot, &alloca) in self.allocas.iter().enumerate() {
            // Only real uses: replacing would also turn the debug uses of
            // an alloca without users into poison, where LLVM's erasing
            // makes them undef.
            if compat && !LLVMGetFirstUse(alloca).is_null() {
                LLVMReplaceAllUsesWith(alloca, LLVMGetPoison(LLVMTypeOf(alloca)));
            }
            // A load left here is in unreachable code: its users get poison.
            // Users are read again after each erasure, so no handle outlives
            // its instruction (an instruction using the alloca twice is
            // listed twice by `ir::users`).
            while let Some(user) = ir::each_user(alloca).next() {
                delete::erase_with_poison(user);
            }
            if let Some(debug) = debug.as_deref_mut() {
                debug.erase(&debug_users[slot]);
            }
            before_erasing(slot);
            delete::erase_unused(alloca);
        }
    }
}

/// Before a split alloca is deleted: moves its debug declarations to the
/// parts' allocas, each declaring the fragment of the variable it holds
/// (LLVM's SROA does the same), and erases the alloca's other debug users
/// (the `dbg.value`s that read through its address, its assignment
/// markers).
///
/// # Safety
/// `alloca` and the parts' allocas are live instructions of a defined
/// function.
pub unsafe fn split_debug_declares(alloca: LLVMValueRef, parts: &[Fragment]) {
    let function = LLVMGetBasicBlockParent(LLVMGetInstructionParent(alloca));
    if let Some(mut debug) = DebugInfo::for_function(function) {
        debug.split_declares(alloca, parts);
    }
}
