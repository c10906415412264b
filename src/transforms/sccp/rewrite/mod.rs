//! Applying a `Solution` to the LLVM function (the C API edge).
//!
//! Order matters, because LLVM must never see a use of a deleted value:
//! 1. every instruction of an executable block whose value is a constant
//!    has its uses replaced by that constant and is erased (all such
//!    instructions are side-effect free: intrinsic calls only of the
//!    side-effect free integer intrinsics of `intrinsic`, and loads only
//!    when they are neither volatile nor atomic and read inside a constant
//!    global or carry `!range` metadata of one value, so nothing that
//!    could trap is removed but loads, whose trap would be UB); a call or
//!    an atomic load declared to return one value (`read::bounds`) stays,
//!    and only its uses get the constant, and so does a division whose
//!    divisor may be 0 (or -1, of the signed minimum): its range leaves
//!    the trap out, as LLVM's does, but unlike LLVM we never delete a
//!    trap; an `insertvalue` whose fields all are
//!    constants or undef becomes a constant struct (`aggregate`).
//!    Then the instructions that stay get the `nuw`/`nsw`/`nneg` flags
//!    their operands' ranges prove (`flags`, as LLVM 19's SCCP; on LLVM 22
//!    also `nuw` on a `nusw` GEP whose indices are not negative, after
//!    GEPs of constants are folded), and
//!    `sext`/`ashr`/`sdiv`/`srem` on non-negative values become
//!    `zext nneg`/`lshr`/`udiv`/`urem` (`signed`), and `and x, mask` whose
//!    `x` fits the mask is replaced by `x` (`mask`);
//! 2. a conditional `br`/`switch` of an executable block with one
//!    executable outgoing edge becomes `br label %taken`, one with none (a
//!    branch on undef or poison, UB) becomes `unreachable`; a `switch` (on a
//!    range) with some edges not executable is rebuilt without the cases
//!    that lead there (if its default edge is one of them, the default
//!    takes a kept case's destination: no value reaches it);
//! 3. phis of executable blocks whose predecessor list changed are rebuilt
//!    with exactly one entry per remaining edge (the C API cannot remove an
//!    incoming entry); a phi left with one value on every remaining edge is
//!    replaced by that value instead, as LLVM's `removePredecessor` does;
//! 4. blocks that are not executable are emptied (their values replaced by
//!    poison, which only other dead code or dropped phi entries could still
//!    use) and deleted.
//!
//! Steps 2–4 change the CFG. They are skipped when a non-executable block
//! has its address taken (`blockaddress`): deleting it would change a
//! constant other code may compare against. Step 1 alone is still sound,
//! since it relies only on which edges can execute, not on the CFG shape.

use llvm_sys::core::*;
use llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use llvm_sys::prelude::*;
use llvm_sys::target::LLVMGetModuleDataLayout;

use crate::analysis::cfg::Block;
use crate::apint::ApInt;
use crate::ir;

use super::flags;
use super::float::FloatOp;
use super::fold::{BinOp, PoisonFlags};
use super::lattice::{Konst, Lattice};
use super::pointer::PtrConst;
use super::program::{Op, Operand};
use super::range::ConstantRange;
use super::read::{CopiedUse, ReadFunction};
use super::returns;
use super::signed::{self, UnsignedForm};
use super::solver::Solution;
use super::wide::range::{CastSource, Hulls, WideRange, MAX_RANGE_WIDTH};
use super::wide::WideOp;

mod aggregate;
mod cfg;
mod gep;
mod masks;
use cfg::{fold_terminators, has_address_taken, rebuild_phis};
use gep::{add_gep_nuw, fold_constant_geps};
use masks::remove_masks;

/// What the rewrite did to one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Instructions replaced by a constant.
    pub constants: usize,
    /// Conditional branches and switches made unconditional.
    pub branches_folded: usize,
    pub blocks_removed: usize,
    /// Phis replaced by their only remaining incoming value (not
    /// constants; not printed by `<stats>`).
    pub phis_simplified: usize,
    /// `nuw`/`nsw`/`nneg` flags added from ranges (`flags`), GEPs' `nuw`
    /// included.
    pub flags_added: usize,
    /// Signed instructions replaced by their unsigned forms (`signed`).
    pub made_unsigned: usize,
    /// Uses of a value replaced by the constant a branch proves it is
    /// there (`predicate`), or by the constant an instruction that stays
    /// (a call, an atomic load) is declared to return.
    pub uses_replaced: usize,
    /// `and x, mask` replaced by `x` (`mask`).
    pub masks_removed: usize,
    /// `range` or `nonnull` attributes added to (or narrowed on) the
    /// function's return (`returns`).
    pub return_attributes: usize,
}

impl Report {
    pub fn changed_cfg(&self) -> bool {
        self.branches_folded > 0 || self.blocks_removed > 0
    }
}

/// # Safety
/// `read` was read from the live function `function` and nothing changed it
/// since; `solution` solves `read.program`.
pub unsafe fn apply(function: LLVMValueRef, read: &ReadFunction, solution: &Solution) -> Report {
    let mut copied_users = replace_copied_uses(read, solution);
    let mut uses_replaced = 0;
    let mut report = Report {
        constants: replace_constants(read, solution, &mut uses_replaced, &mut copied_users),
        ..Report::default()
    };
    report.uses_replaced = uses_replaced + copied_users.len();
    report.constants += replace_pointer_bits(read, solution);
    report.constants += aggregate::fold_aggregates(read, solution);
    report.flags_added = add_flags(read, solution);
    report.masks_removed = remove_masks(read, solution);
    report.return_attributes = returns::infer(function, read, solution);
    let builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(function)));
    // These three are the last steps that read `read.llvm_insts`; the
    // first two erase some of them, of kinds the other does not read (the
    // unsigned forms' operations, and `getelementptr`s), and the third
    // reads the `getelementptr`s the second did not erase.
    report.made_unsigned = make_unsigned(builder, read, solution);
    let data_layout = LLVMGetModuleDataLayout(LLVMGetGlobalParent(function));
    let folded_geps = fold_constant_geps(read, solution, data_layout);
    report.constants += folded_geps.len();
    report.flags_added += add_gep_nuw(read, solution, &folded_geps);
    let dead: Vec<Block> = (0..read.program.num_blocks())
        .filter(|&b| !solution.executable_blocks[b])
        .collect();
    if dead.iter().any(|&b| has_address_taken(read.fcfg.blocks[b])) {
        LLVMDisposeBuilder(builder);
        return report;
    }
    let new_succs = fold_terminators(builder, read, solution, &mut report);
    report.phis_simplified = rebuild_phis(builder, read, solution, &new_succs);
    LLVMDisposeBuilder(builder);
    let dead_blocks: Vec<LLVMBasicBlockRef> = dead.iter().map(|&b| read.fcfg.blocks[b]).collect();
    // Every terminator into a dead block was folded and every phi entry
    // from one dropped above, so the group has no live user.
    ir::delete::delete_dead_blocks(&dead_blocks)
        .expect("sccp: a folded terminator still branches to a dead block");
    report.blocks_removed = dead.len();
    report
}

/// Step 0: the uses a branch copy (`predicate`) stands for get the copy's
/// constant, but for users step 1 replaces. First, while every user
/// recorded by `read` is alive. Returns the user of each use replaced.
unsafe fn replace_copied_uses(read: &ReadFunction, solution: &Solution) -> Vec<LLVMValueRef> {
    let mut users = Vec::new();
    for copy in &read.copies {
        let block = read.program.insts[copy.id].block;
        let value = solution.values[copy.id];
        if !matches!(value, Lattice::Const(_) | Lattice::Pointer(_))
            || !solution.executable_blocks[block]
        {
            continue;
        }
        for u in &copy.uses {
            if !use_stays(read, solution, u) {
                continue;
            }
            let ty = LLVMTypeOf(LLVMGetOperand(u.user, u.operand));
            let constant = match value {
                Lattice::Const(k) => LLVMConstInt(ty, k.zext(), 0),
                Lattice::Pointer(p) => pointer_constant(read, p, ty),
                _ => unreachable!("only constants are put in"),
            };
            LLVMSetOperand(u.user, u.operand, constant);
            users.push(u.user);
        }
    }
    users
}

/// Does the copied use `u` stay in the output: its user is in an
/// executable block and not replaced by a constant (step 1), and, for a
/// phi, its edge is executable (step 3 drops the others)? Only those are
/// worth rewriting, and counting.
unsafe fn use_stays(read: &ReadFunction, solution: &Solution, u: &CopiedUse) -> bool {
    let block = match u.id {
        Some(id) => read.program.insts[id].block,
        None => read.fcfg.block_of_inst(u.user),
    };
    if !solution.executable_blocks[block]
        || u.id.is_some_and(|id| replaced_by_constant(solution, id))
    {
        return false;
    }
    LLVMIsAPHINode(u.user).is_null() || {
        let from = read.fcfg.block_of(LLVMGetIncomingBlock(u.user, u.operand));
        solution.is_edge_executable(from, block)
    }
}

/// Step 1. Returns the number of instructions replaced; adds to
/// `kept_uses_replaced` the uses of instructions that stay (a call or an
/// atomic load whose declared range is one value) replaced by their
/// constant.
///
/// A `*.with.overflow` call whose extracted fields were all replaced is
/// erased too and counted (LLVM replaces the call by a constant struct):
/// it is `Op::Opaque`, so no later step reads its handle in
/// `read.llvm_insts`, and its block executes (it dominates the replaced
/// extractions), so no dead block holds it. Step 0's uses in it
/// (`copied_users`, the user of each) are gone with it and dropped from
/// that list, which counts what the output holds.
unsafe fn replace_constants(
    read: &ReadFunction,
    solution: &Solution,
    kept_uses_replaced: &mut usize,
    copied_users: &mut Vec<LLVMValueRef>,
) -> usize {
    let mut count = 0;
    let mut overflow_calls = Vec::new();
    let mut kept = Vec::new();
    for (i, inst) in read.instructions() {
        if !solution.executable_blocks[inst.block] {
            continue;
        }
        // Checked before the LLVM instruction is read: most stay.
        if !replaced_by_constant(solution, i) {
            continue;
        }
        let llvm_inst = read.llvm_insts[i];
        let ty = LLVMTypeOf(llvm_inst);
        let constant = match solution.values[i] {
            Lattice::Const(k) => LLVMConstInt(ty, k.zext(), 0),
            Lattice::Wide(id) => ir::const_int::build(ty, solution.wide.get(id).words()),
            Lattice::WideRange(r) => {
                let k = r.single().expect("replaced_by_constant: one element");
                ir::const_int::build(ty, k.words())
            }
            // Exact: a float widens to a double without rounding, and
            // LLVM rounds it back to the same float.
            Lattice::Float(f) => LLVMConstReal(ty, f.value()),
            Lattice::Pointer(p) => pointer_constant(read, p, ty),
            _ => LLVMGetUndef(ty),
        };
        debug_assert!(!matches!(inst.op, Op::Opaque));
        if let Op::Bounded {
            erasable: false, ..
        } = inst.op
        {
            // A call or an atomic load: it stays, its uses take the
            // constant (LLVM's `tryToReplaceWithConstant` without
            // `canRemoveInstruction`), after the loop, so that only
            // uses by instructions that stay are counted.
            kept.push((llvm_inst, constant));
            continue;
        }
        if division_may_trap(solution, &inst.op, ty) {
            // LLVM erases it: a trap is UB, which its ranges leave out
            // (`range::transfer`). We never delete a trap; the division
            // stays and its uses take the constant.
            kept.push((llvm_inst, constant));
            continue;
        }
        if matches!(inst.op, Op::OverflowField(_)) {
            overflow_calls.push(LLVMGetOperand(llvm_inst, 0));
        }
        ir::delete::replace_and_erase(llvm_inst, constant);
        count += 1;
    }
    for (inst, constant) in kept {
        *kept_uses_replaced += replace_uses(inst, constant);
    }
    overflow_calls.sort_unstable();
    overflow_calls.dedup();
    // Which calls go is decided before any goes (erasing one gives no
    // other its last use), so `copied_users` is only compared with live
    // handles. Still sorted after `retain`.
    overflow_calls.retain(|&call| LLVMGetFirstUse(call).is_null());
    copied_users.retain(|user| overflow_calls.binary_search(user).is_err());
    for call in overflow_calls {
        ir::delete::erase_unused(call);
        count += 1;
    }
    count
}

/// Replaces every use of `inst` by `constant`; returns how many there
/// were.
unsafe fn replace_uses(inst: LLVMValueRef, constant: LLVMValueRef) -> usize {
    let count = ir::each_user(inst).count();
    LLVMReplaceAllUsesWith(inst, constant);
    count
}

/// Is `op` a division or remainder that may trap for the operand values
/// the solution allows: a divisor that may be 0, or the signed minimum
/// that may be divided by -1? (`ty`: the instruction's type.)
unsafe fn division_may_trap(solution: &Solution, op: &Op, ty: LLVMTypeRef) -> bool {
    let (op, lhs, rhs) = match op {
        Op::Binary { op, lhs, rhs, .. } => (op, lhs, rhs),
        Op::Wide(wide) => return wide_division_may_trap(solution, wide),
        _ => return false,
    };
    let signed = match op {
        BinOp::UDiv | BinOp::URem => false,
        BinOp::SDiv | BinOp::SRem => true,
        _ => return false,
    };
    let width = LLVMGetIntTypeWidth(ty); // a scalar integer: `Op::Binary`
    let divisor = operand_range(solution, rhs, width);
    let minimum = Konst::new(width, Konst::signed_min(width) as u64);
    divisor.contains(Konst::new(width, 0))
        || (signed
            && divisor.contains(Konst::new(width, u64::MAX))
            && operand_range(solution, lhs, width).contains(minimum))
}

/// Step 1, `ptrtoint`: one of a constant pointer whose bits the solver
/// does not know (a global's address) is replaced by the constant
/// expression `ptrtoint` of that pointer, as LLVM's SCCP holds any
/// constant. No later step reads a `ptrtoint`'s handle. Returns how many.
unsafe fn replace_pointer_bits(read: &ReadFunction, solution: &Solution) -> usize {
    let mut count = 0;
    for (i, inst) in read.instructions() {
        let Op::PtrToInt { value, .. } = &inst.op else {
            continue;
        };
        if !solution.executable_blocks[inst.block] || replaced_by_constant(solution, i) {
            continue;
        }
        let pointer = match value {
            Operand::Pointer(p) => *p,
            Operand::Inst(d) => match solution.values[*d] {
                Lattice::Pointer(p) => p,
                _ => continue,
            },
            _ => continue,
        };
        let llvm_inst = read.llvm_insts[i];
        let pointer = pointer_constant(read, pointer, LLVMTypeOf(LLVMGetOperand(llvm_inst, 0)));
        let constant = LLVMConstPtrToInt(pointer, LLVMTypeOf(llvm_inst));
        ir::delete::replace_and_erase(llvm_inst, constant);
        count += 1;
    }
    count
}

/// `division_may_trap` of a division of more than 64 bits: its divisor
/// may be 0, or -1 if signed (the dividend is not looked at).
fn wide_division_may_trap(solution: &Solution, op: &WideOp) -> bool {
    let WideOp::Binary { op, rhs, width, .. } = op else {
        return false;
    };
    if !matches!(op, BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem) {
        return false;
    }
    let signed = matches!(op, BinOp::SDiv | BinOp::SRem);
    let divisor = match rhs {
        Operand::Wide(k) => Some((**k).clone()),
        _ => None,
    };
    let may_be = |k: &ApInt| match (&divisor, wide_operand_range(solution, rhs)) {
        (Some(d), _) => d == k,
        (None, Some(r)) => r.contains(k),
        (None, None) => true,
    };
    may_be(&ApInt::zero(*width)) || (signed && may_be(&ApInt::all_ones(*width)))
}

/// An LLVM constant of pointer type `ty` for `p`: the one `read` found
/// in the IR, or, for a pointer the solver computed (a GEP of a constant),
/// the form LLVM's constant folder gives it: `null`, `inttoptr` of the
/// address, or `getelementptr [inbounds] (i8, ptr @g, i64 offset)`.
unsafe fn pointer_constant(read: &ReadFunction, p: PtrConst, ty: LLVMTypeRef) -> LLVMValueRef {
    if let Some(&constant) = read.pointers.get(&p) {
        return constant;
    }
    match p {
        PtrConst::Null => LLVMConstPointerNull(ty),
        PtrConst::Address(a) => {
            let i64_ty = LLVMInt64TypeInContext(LLVMGetTypeContext(ty));
            LLVMConstIntToPtr(LLVMConstInt(i64_ty, a, 0), ty)
        }
        PtrConst::InGlobal { global, offset } => ir::version::constant_byte_gep(
            read.globals[global.id as usize],
            offset,
            global.inbounds,
        ),
    }
}

/// Does step 1 replace instruction `i` (of an executable block) by a
/// constant? Later steps must not touch it.
fn replaced_by_constant(solution: &Solution, i: usize) -> bool {
    match solution.values[i] {
        Lattice::Const(_) | Lattice::Wide(_) | Lattice::Float(_) | Lattice::Pointer(_) => true,
        Lattice::WideRange(r) => r.single().is_some(),
        // A phi or select that only saw undef or poison (`solver`).
        Lattice::Undefined => solution.undef[i],
        _ => false,
    }
}

/// Step 1b: the flags ranges prove (`flags`) on the instructions of
/// executable blocks that stay. Returns the number of flags added.
unsafe fn add_flags(read: &ReadFunction, solution: &Solution) -> usize {
    let mut count = 0;
    for (i, inst) in read.instructions() {
        if !solution.executable_blocks[inst.block] || replaced_by_constant(solution, i) {
            continue; // erased by step 1
        }
        let range = |operand: &Operand, width: u32| operand_range(solution, operand, width);
        let add = match &inst.op {
            Op::Binary {
                op,
                flags: has,
                lhs,
                rhs,
            } => {
                let width = LLVMGetIntTypeWidth(LLVMTypeOf(read.llvm_insts[i]));
                flags::binary(*op, *has, range(lhs, width), range(rhs, width))
            }
            Op::Cast {
                op,
                flags: has,
                value,
                from_width,
                to_width,
            } => flags::cast(*op, *has, range(value, *from_width), *to_width),
            Op::Wide(op) => wide_flags(solution, op),
            Op::Float {
                op:
                    FloatOp::FromInt {
                        signed: false,
                        nneg,
                        value,
                        ..
                    },
                ..
            } => {
                let operand = LLVMGetOperand(read.llvm_insts[i], 0);
                let width = LLVMGetIntTypeWidth(LLVMTypeOf(operand));
                let has = PoisonFlags {
                    nneg: *nneg,
                    ..PoisonFlags::default()
                };
                flags::unsigned_to_float(has, range(value, width))
            }
            _ => continue,
        };
        let llvm_inst = read.llvm_insts[i];
        if add.nuw {
            LLVMSetNUW(llvm_inst, 1);
        }
        if add.nsw {
            LLVMSetNSW(llvm_inst, 1);
        }
        if add.nneg {
            LLVMSetNNeg(llvm_inst, 1);
        }
        count += add.nuw as usize + add.nsw as usize + add.nneg as usize;
    }
    count
}

/// The flags an instruction on integers wider than 64 bits may carry
/// beyond those it has (`flags::wide_binary`, `flags::wide_cast`; none
/// above `MAX_RANGE_WIDTH` bits).
fn wide_flags(solution: &Solution, op: &WideOp) -> PoisonFlags {
    let hulls = |operand: &Operand, width: u32| wide_operand_hulls(solution, operand, width);
    match op {
        WideOp::Binary {
            op,
            width,
            flags: has,
            lhs,
            rhs,
        } if *width <= MAX_RANGE_WIDTH => {
            flags::wide_binary(*op, *has, &hulls(lhs, *width), &hulls(rhs, *width))
        }
        WideOp::Cast {
            op,
            flags: has,
            value,
            from_width,
            to_width,
        } if (*from_width).max(*to_width) <= MAX_RANGE_WIDTH => {
            let source = if *from_width <= 64 {
                CastSource::Narrow(operand_range(solution, value, *from_width))
            } else {
                CastSource::Wide(*from_width, wide_operand_range(solution, value))
            };
            flags::wide_cast(*op, *has, source, *to_width)
        }
        _ => PoisonFlags::default(),
    }
}

/// The range of an integer operand of 65 to `MAX_RANGE_WIDTH` bits for
/// proving flags (`None`: every value; a range that may include undef
/// counts as that, as in `operand_value`).
fn wide_operand_range(solution: &Solution, operand: &Operand) -> Option<WideRange> {
    match operand {
        Operand::Inst(d) => match solution.value_without_undef(*d) {
            Lattice::WideRange(r) => Some(r),
            _ => None,
        },
        Operand::Wide(k) => WideRange::constant(k),
        _ => None,
    }
}

fn wide_operand_hulls(solution: &Solution, operand: &Operand, width: u32) -> Hulls {
    Hulls::of(width, wide_operand_range(solution, operand))
}

/// The value of an integer operand of at most 64 bits for proving flags,
/// unsigned forms and masks: a range that may include undef counts as
/// overdefined (`Solution::value_without_undef`), and so does every
/// operand that is not an instruction or a constant of at most 64 bits.
fn operand_value(solution: &Solution, operand: &Operand) -> Lattice {
    match operand {
        Operand::Const(k) => Lattice::Const(*k),
        Operand::Inst(d) => solution.value_without_undef(*d),
        Operand::Wide(_)
        | Operand::Float(_)
        | Operand::Pointer(_)
        | Operand::Undef
        | Operand::Unknown => Lattice::Overdefined,
    }
}

/// The values an integer operand of `width` bits may take, by the
/// solution (every value for what it does not describe).
fn operand_range(solution: &Solution, operand: &Operand, width: u32) -> ConstantRange {
    operand_value(solution, operand)
        .range_or_full(width)
        .unwrap_or(ConstantRange::full(width))
}

/// Step 1c: signed instructions of executable blocks on non-negative
/// values become their unsigned forms (`signed`). Returns how many did.
/// Erases the replaced instructions: `read.llvm_insts` must not be read
/// for them after this.
unsafe fn make_unsigned(
    builder: LLVMBuilderRef,
    read: &ReadFunction,
    solution: &Solution,
) -> usize {
    let value = |operand: &Operand| operand_value(solution, operand);
    let mut count = 0;
    for (i, inst) in read.instructions() {
        if !solution.executable_blocks[inst.block] || replaced_by_constant(solution, i) {
            continue; // erased by step 1
        }
        let form = match &inst.op {
            Op::Binary { op, lhs, rhs, .. } => signed::binary(*op, value(lhs), value(rhs)),
            Op::Cast { op, value: v, .. } => signed::cast(*op, value(v)),
            Op::Float {
                op: FloatOp::FromInt {
                    signed, value: v, ..
                },
                ..
            } => signed::int_to_float(*signed, value(v)),
            _ => None,
        };
        let Some(form) = form else {
            continue;
        };
        let old = read.llvm_insts[i];
        // The builder folds constant operands into a constant (`udiv 7, 0`
        // into poison: not a refinement of the trap); such instructions
        // stay as they are.
        if (0..LLVMGetNumOperands(old) as u32).all(|k| LLVMIsConstant(LLVMGetOperand(old, k)) != 0)
        {
            continue;
        }
        LLVMPositionBuilderBefore(builder, old);
        let (a, ty) = (LLVMGetOperand(old, 0), LLVMTypeOf(old));
        let exact = || LLVMGetExact(old) != 0;
        let new = match form {
            UnsignedForm::ZExtNNeg => {
                let new = LLVMBuildZExt(builder, a, ty, c"".as_ptr());
                if ir::is_instruction(new) {
                    LLVMSetNNeg(new, 1);
                }
                new
            }
            UnsignedForm::LShr | UnsignedForm::UDiv => {
                let keep_exact = exact();
                let b = LLVMGetOperand(old, 1);
                let new = if form == UnsignedForm::LShr {
                    LLVMBuildLShr(builder, a, b, c"".as_ptr())
                } else {
                    LLVMBuildUDiv(builder, a, b, c"".as_ptr())
                };
                if ir::is_instruction(new) {
                    LLVMSetExact(new, keep_exact as LLVMBool);
                }
                new
            }
            UnsignedForm::URem => LLVMBuildURem(builder, a, LLVMGetOperand(old, 1), c"".as_ptr()),
            UnsignedForm::UIToFPNNeg => {
                let new = LLVMBuildUIToFP(builder, a, ty, c"".as_ptr());
                if ir::is_instruction(new) {
                    LLVMSetNNeg(new, 1);
                }
                new
            }
        };
        if !ir::is_instruction(new) {
            continue; // folded after all: a constant needs no cleanup
        }
        LLVMInstructionSetDebugLoc(new, LLVMInstructionGetDebugLoc(old));
        let name = ir::name(old);
        ir::set_name(old, "");
        ir::set_name(new, &name);
        ir::delete::replace_and_erase(old, new);
        count += 1;
    }
    count
}
