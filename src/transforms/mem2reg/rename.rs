//! Phi insertion and renaming for one round of `pebble-mem2reg`
//! (Algorithm 16.4.3's `RenameAll`, an instance of Algorithm 16.2.3).
//!
//! The walk is a pre-order walk of the dominator tree with an explicit
//! stack. `current[s]` is the value of slot `s` at the point reached; every
//! change is recorded in an undo log, and leaving a block pops the log back
//! to the mark taken when entering it. So memory is O(slots + stores) and no
//! value vector is copied per edge or per block.
//!
//! Why one walk of the dominator tree is enough: a load's value is the last
//! definition on every path to it, which (the phis being placed at DF⁺ ∩
//! LiveIn) is the nearest definition among its dominators — exactly what is
//! on top of the stack when the load is visited (Theorem 16.2.6). The value
//! flowing along an edge X -> Y is the top of the stack at the end of X,
//! recorded when X is visited, whatever order the edges are later added in.
//!
//! Incoming values are recorded per predecessor *slot* of the phi's block
//! (one per edge, duplicates included); the caller adds them to the phis in
//! the order its mode wants.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::accesses::AccessLog;
use super::Round;
use crate::analysis::cfg::Block;
use crate::analysis::lists::{group_by_list, Lists};
use crate::ir::{self, delete, FastMap, FunctionCfg};

/// A phi created for slot `slot` at block `block`.
pub struct NewPhi {
    pub phi: LLVMValueRef,
    pub slot: u32,
    pub block: Block,
}

/// The phis of a round, in creation order, with their incoming values:
/// `incoming[i]` has one entry per predecessor edge of phi `i`'s block,
/// null until renamed (and for unreachable predecessors). One flat list
/// holds them all: a vector per phi cost an allocation and a free each, in
/// the phase where LLVM frees the most.
pub struct Phis {
    list: Vec<NewPhi>,
    incoming: Lists<LLVMValueRef>,
}

impl std::ops::Deref for Phis {
    type Target = [NewPhi];
    fn deref(&self) -> &[NewPhi] {
        &self.list
    }
}

/// What the rewrite does besides replacing: debug info and load metadata.
pub trait RenameHooks {
    /// `load` of `slot` is about to be replaced by `value`.
    unsafe fn on_load(&mut self, load: LLVMValueRef, slot: u32, value: LLVMValueRef);
    /// `store` into `slot` is about to be deleted.
    unsafe fn on_store(&mut self, store: LLVMValueRef, slot: u32);
    /// `phi` of `slot` now holds the variable in its block.
    unsafe fn on_phi(&mut self, phi: LLVMValueRef, slot: u32);
}

/// Creates the empty, unnamed phis (see `PhiNamer`). `queue` lists slots in
/// the order their phis are inserted; each phi goes to the top of its block,
/// so in a block the last queued comes first (LLVM's order, when `queue` is
/// LLVM's). The result is in creation order; a slot's phis are consecutive,
/// in layout order.
pub unsafe fn insert_phis(
    fcfg: &FunctionCfg,
    allocas: &[LLVMValueRef],
    phi_blocks: &Lists<Block>,
    queue: impl Iterator<Item = usize>,
) -> Phis {
    let mut phis = Phis {
        list: Vec::with_capacity(phi_blocks.total_items()),
        incoming: Lists::with_capacity(phi_blocks.total_items(), 0),
    };
    let Some(&first) = allocas.first() else {
        return phis;
    };
    let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(first)));
    for slot in queue {
        let ty = LLVMGetAllocatedType(allocas[slot]);
        for &b in &phi_blocks[slot] {
            let first = LLVMGetFirstInstruction(fcfg.blocks[b]);
            ir::debug_records::position_before_markers(builder, first);
            // Positioning copies the next instruction's location; a new phi
            // has none of its own (LLVM merges store locations; see README).
            LLVMSetCurrentDebugLocation2(builder, std::ptr::null_mut());
            let phi = LLVMBuildPhi(builder, ty, c"".as_ptr());
            phis.list.push(NewPhi {
                phi,
                slot: slot as u32,
                block: b,
            });
            let preds = fcfg.cfg.preds(b).len();
            phis.incoming
                .push_list(std::iter::repeat_n(std::ptr::null_mut(), preds));
        }
    }
    LLVMDisposeBuilder(builder);
    phis
}

/// Names the phis `<alloca>.<n>`, `n` counting the slot's phis in layout
/// order, as LLVM names them. LLVM names a phi when it creates it, which
/// compat mode copies (the order matters when a name is taken: the second
/// gets a suffix). The default mode names a slot's phis once the loads are
/// gone, just before erasing the slot's alloca: the loads' names have left
/// LLVM's symbol tables by then, so the tables do not grow, a phi may take
/// a name an erased load had, and the alloca's entry in the tables is still
/// in the cache when the alloca is erased.
pub struct PhiNamer<'a> {
    allocas: &'a [LLVMValueRef],
    phis: &'a [NewPhi],
    /// The slot's phis are `phis[range[slot].0..range[slot].1]`.
    range: Vec<(u32, u32)>,
    /// One buffer for every name: a string per phi was a visible share of
    /// the pass on many-phi inputs.
    name: String,
}

impl<'a> PhiNamer<'a> {
    /// `phis` came from `insert_phis` with these `allocas` (a slot's phis
    /// are consecutive, in layout order).
    pub fn new(allocas: &'a [LLVMValueRef], phis: &'a [NewPhi]) -> Self {
        let mut range = vec![(0, 0); allocas.len()];
        for (i, p) in phis.iter().enumerate() {
            let r = &mut range[p.slot as usize];
            if r.0 == r.1 {
                r.0 = i as u32;
            }
            r.1 = i as u32 + 1;
        }
        PhiNamer {
            allocas,
            phis,
            range,
            name: String::new(),
        }
    }

    /// # Safety
    /// The slot's alloca and phis are live.
    pub unsafe fn name_slot(&mut self, slot: usize) {
        let (first, end) = self.range[slot];
        if first == end {
            return;
        }
        self.name.clear();
        self.name.push_str(&alloca_name(self.allocas[slot]));
        self.name.push('.');
        let base_len = self.name.len();
        for (version, p) in self.phis[first as usize..end as usize].iter().enumerate() {
            self.name.truncate(base_len);
            push_decimal(&mut self.name, version);
            ir::set_name(p.phi, &self.name);
        }
    }

    /// # Safety
    /// As `name_slot`, for every slot.
    pub unsafe fn name_all(&mut self) {
        for slot in 0..self.allocas.len() {
            self.name_slot(slot);
        }
    }
}

/// The alloca's name as `ir::name` gives it, borrowed when it is UTF-8.
unsafe fn alloca_name<'a>(alloca: LLVMValueRef) -> std::borrow::Cow<'a, str> {
    let mut len = 0usize;
    let ptr = LLVMGetValueName2(alloca, &mut len);
    if ptr.is_null() {
        return std::borrow::Cow::Borrowed("");
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(ptr as *const u8, len))
}

/// Appends `n` in decimal, as `format!("{n}")` writes it.
pub(crate) fn push_decimal(out: &mut String, n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut rest = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(d as char);
    }
}

/// Renames every load and store of the round's slots in reachable blocks,
/// records the phis' incoming values, and deletes the renamed accesses.
/// `log` lists the loads and stores of the round's slots: only the blocks
/// that hold one have their instructions walked.
pub unsafe fn rename(round: &Round, phis: &mut Phis, log: &AccessLog, hooks: &mut dyn RenameHooks) {
    let fcfg = round.fcfg;
    let cfg = &fcfg.cfg;
    let phis_at = phis_by_block(cfg.num_blocks(), phis, |i, _| i as u32);
    let mut current: Vec<LLVMValueRef> = round
        .allocas
        .iter()
        .map(|&a| LLVMGetUndef(LLVMGetAllocatedType(a)))
        .collect();
    // The walk's vectors are sized up front (the undo log holds at most
    // every phi and every store once; the stack, a path of the dominator
    // tree): growing them while instructions are being erased made glibc
    // consolidate its free lists again and again.
    let mut undo: Vec<(u32, LLVMValueRef)> = Vec::with_capacity(phis.len() + log.stores());
    let accessed = log.blocks(cfg.num_blocks());
    let mut stack: Vec<(Block, usize, usize)> = Vec::with_capacity(cfg.num_blocks());

    let mut enter =
        |x: Block, current: &mut Vec<LLVMValueRef>, undo: &mut Vec<(u32, LLVMValueRef)>| {
            let mark = undo.len();
            for &i in &phis_at[x] {
                let p = &phis[i as usize];
                hooks.on_phi(p.phi, p.slot);
                undo.push((p.slot, current[p.slot as usize]));
                current[p.slot as usize] = p.phi;
            }
            let instructions = accessed[x].then(|| ir::instructions(fcfg.blocks[x]));
            for inst in instructions.into_iter().flatten() {
                let Some((slot, is_store)) = round.slot_accessed(inst) else {
                    continue;
                };
                if is_store {
                    hooks.on_store(inst, slot);
                    undo.push((slot, current[slot as usize]));
                    current[slot as usize] = LLVMGetOperand(inst, 0);
                    delete::erase_unused(inst);
                } else {
                    let value = current[slot as usize];
                    hooks.on_load(inst, slot, value);
                    delete::replace_and_erase(inst, value);
                }
            }
            for (k, &y) in cfg.succs(x).iter().enumerate() {
                let slot_in_y = cfg.pred_slot(x, k);
                for &i in &phis_at[y] {
                    let slot = phis[i as usize].slot as usize;
                    phis.incoming[i as usize][slot_in_y] = current[slot];
                }
            }
            mark
        };

    let root = cfg.entry();
    let mark = enter(root, &mut current, &mut undo);
    stack.push((root, 0, mark));
    while let Some(top) = stack.last_mut() {
        let (x, next, _) = *top;
        if let Some(&child) = round.dt.children(x).get(next) {
            top.1 += 1;
            let mark = enter(child, &mut current, &mut undo);
            stack.push((child, 0, mark));
        } else {
            let (_, _, mark) = stack.pop().unwrap();
            while undo.len() > mark {
                let (slot, value) = undo.pop().unwrap();
                current[slot as usize] = value;
            }
        }
    }
}

/// For each block, `item(i, phi)` of each of its phis, top to bottom: the
/// reverse of creation order, since each was inserted at the top.
pub fn phis_by_block<T: Copy>(
    blocks: usize,
    phis: &[NewPhi],
    item: impl Fn(usize, &NewPhi) -> T,
) -> Lists<T> {
    let pairs: Vec<(u32, T)> = phis
        .iter()
        .enumerate()
        .rev()
        .map(|(i, p)| (p.block as u32, item(i, p)))
        .collect();
    group_by_list(blocks, &pairs)
}

/// Adds every incoming entry in predecessor order, `poison` for unreachable
/// predecessors (the default mode).
pub unsafe fn add_incoming_in_pred_order(round: &Round, phis: &mut Phis) -> Result<(), String> {
    let fcfg = round.fcfg;
    let mut blocks = Vec::new(); // reused for every phi
    for i in 0..phis.len() {
        let (phi, block) = (phis[i].phi, phis[i].block);
        let preds = fcfg.cfg.preds(block);
        blocks.clear();
        for (k, &pred) in preds.iter().enumerate() {
            if phis.incoming[i][k].is_null() {
                if round.reachable[pred] {
                    return Err(missing_value(fcfg, &phis[i], pred));
                }
                phis.incoming[i][k] = LLVMGetPoison(LLVMTypeOf(phi));
            }
            blocks.push(fcfg.blocks[pred]);
        }
        LLVMAddIncoming(
            phi,
            phis.incoming[i].as_mut_ptr(),
            blocks.as_mut_ptr(),
            preds.len() as u32,
        );
    }
    Ok(())
}

/// Adds the entries of reachable predecessors in `order[block]` (distinct
/// predecessors; each contributes one entry per parallel edge).
pub unsafe fn add_incoming_in_order(
    round: &Round,
    phis: &Phis,
    order: &[Vec<Block>],
) -> Result<(), String> {
    let fcfg = round.fcfg;
    // For each phi block: predecessor -> its slots (parallel edges).
    let mut slots_of: FastMap<Block, FastMap<Block, Vec<usize>>> = FastMap::default();
    let (mut values, mut blocks) = (Vec::new(), Vec::new()); // reused for every phi
    for (i, p) in phis.iter().enumerate() {
        let preds = fcfg.cfg.preds(p.block);
        let incoming = &phis.incoming[i];
        let slots = slots_of.entry(p.block).or_insert_with(|| {
            let mut by_pred: FastMap<Block, Vec<usize>> = FastMap::default();
            for (k, &q) in preds.iter().enumerate() {
                by_pred.entry(q).or_default().push(k);
            }
            by_pred
        });
        values.clear();
        blocks.clear();
        for &pred in &order[p.block] {
            for &k in &slots[&pred] {
                if incoming[k].is_null() {
                    return Err(missing_value(fcfg, p, pred));
                }
                values.push(incoming[k]);
                blocks.push(fcfg.blocks[pred]);
            }
        }
        LLVMAddIncoming(
            p.phi,
            values.as_mut_ptr(),
            blocks.as_mut_ptr(),
            values.len() as u32,
        );
    }
    Ok(())
}

/// Appends `poison` for every unreachable predecessor edge, predecessors in
/// LLVM's block order `keys` (`ir::version::mem2reg_block_keys`: LLVM's
/// fill-in after folding sorts them so).
pub unsafe fn add_poison_for_unreachable(round: &Round, phi: &NewPhi, keys: &[u32]) {
    let fcfg = round.fcfg;
    let mut preds: Vec<Block> = fcfg
        .cfg
        .preds(phi.block)
        .iter()
        .copied()
        .filter(|&p| !round.reachable[p])
        .collect();
    preds.sort_unstable_by_key(|&p| keys[p]);
    let poison = LLVMGetPoison(LLVMTypeOf(phi.phi));
    for pred in preds {
        let mut value = poison;
        let mut block = fcfg.blocks[pred];
        LLVMAddIncoming(phi.phi, &mut value, &mut block, 1);
    }
}

unsafe fn missing_value(fcfg: &FunctionCfg, p: &NewPhi, pred: Block) -> String {
    format!(
        "internal error: phi %{} got no value from reachable predecessor {}",
        ir::name(p.phi),
        ir::block_label(fcfg.blocks[pred], pred)
    )
}

#[cfg(test)]
mod tests {
    use super::push_decimal;

    #[test]
    fn push_decimal_writes_what_format_writes() {
        for n in [0, 7, 10, 99, 100, 12345, 80_000, usize::MAX] {
            let mut s = String::from("a.");
            push_decimal(&mut s, n);
            assert_eq!(s, format!("a.{n}"));
        }
    }
}
