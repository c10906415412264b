//! Return attributes from the solution, as LLVM 22's function `sccp`
//! infers them (`inferReturnAttributes` in SCCPSolver.cpp; LLVM 19's does
//! not): the values the executable `ret`s of a function with an exact
//! definition return, met in the lattice, give
//! * a `range` attribute on the return when they are a range of two or
//!   more integers none of which may be undef (intersected with a `range`
//!   already there; a constant is left to the rewrite, which replaces the
//!   returned value);
//!   Integers of 65 to `wide::range::MAX_RANGE_WIDTH` bits get one too,
//!   when they have none yet;
//! * `nonnull` when they are pointers that are never null.
//!
//! A function whose definition another may replace (`linkonce`, `weak`,
//! their `_odr` forms, `available_externally`, or any external one in a
//! module with `SemanticInterposition`) is left alone, as is a `naked` one:
//! callers could see a body whose returns were never solved.
//!
//! Sound because the solution over-approximates every value that is not
//! poison, and a return outside its `range` (or a null `nonnull` return)
//! is poison: the attribute only says what no execution contradicts.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAttributeReturnIndex, LLVMLinkage, LLVMTypeKind};

use super::lattice::Lattice;
use super::program::{InstId, Operand};
use super::range::ConstantRange;
use super::read::{attribute_range, int_width, is_plain_pointer, wide_width, ReadFunction};
use super::solver::Solution;
use super::wide::range::{WideRange, MAX_RANGE_WIDTH};
use crate::apint::ApInt;
use crate::ir::{self, FastMap};

/// Are the returns of `function` worth reading (an exact definition that
/// returns an integer of at most `MAX_RANGE_WIDTH` bits or a pointer of
/// address space 0)? `semantic_interposition`: the module has that flag.
///
/// # Safety
/// `function` is a live defined function.
pub unsafe fn tracked(function: LLVMValueRef, semantic_interposition: bool) -> bool {
    use LLVMLinkage::*;
    let replaceable = matches!(
        LLVMGetLinkage(function),
        LLVMLinkOnceAnyLinkage
            | LLVMLinkOnceODRLinkage
            | LLVMWeakAnyLinkage
            | LLVMWeakODRLinkage
            | LLVMAvailableExternallyLinkage
            | LLVMExternalWeakLinkage
            | LLVMCommonLinkage
    ) || (semantic_interposition
        && !matches!(
            LLVMGetLinkage(function),
            LLVMInternalLinkage | LLVMPrivateLinkage
        ));
    let ty = LLVMGetReturnType(LLVMGlobalGetValueType(function));
    let ranged_wide = wide_width(ty).is_some_and(|w| w <= MAX_RANGE_WIDTH);
    let carried = int_width(ty).is_some() || ranged_wide || is_plain_pointer(ty);
    carried && !replaceable && !ir::attributes::has_function_attribute(function, "naked")
}

/// Adds the return attributes the solution proves (module comment);
/// returns how many it added or narrowed.
///
/// # Safety
/// `read` was read from the live function `function`; `solution` solves
/// `read.program`.
pub unsafe fn infer(function: LLVMValueRef, read: &ReadFunction, solution: &Solution) -> usize {
    let Some(returned) = returned_value(read, solution) else {
        return 0;
    };
    let context = LLVMGetModuleContext(LLVMGetGlobalParent(function));
    let ty = LLVMGetReturnType(LLVMGlobalGetValueType(function));
    match returned {
        Lattice::Range(r) => {
            let old = attribute_range(function, r.width());
            let new = old.map_or(r, |o| r.intersect(o));
            if new.is_empty() || old == Some(new) {
                return 0;
            }
            set_range(function, context, new);
            1
        }
        // No `range` read back for these widths: one already there stays.
        Lattice::WideRange(r) if r.single().is_none() => {
            if has_return_attribute(function, "range") {
                return 0;
            }
            set_wide_range(function, context, r);
            1
        }
        Lattice::NotNull if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMPointerTypeKind => {
            if has_return_attribute(function, "nonnull") {
                return 0;
            }
            let attribute = LLVMCreateEnumAttribute(context, ir::attributes::kind("nonnull"), 0);
            LLVMAddAttributeAtIndex(function, LLVMAttributeReturnIndex, attribute);
            1
        }
        _ => 0,
    }
}

/// Does the function's return carry the enum attribute `name`?
unsafe fn has_return_attribute(function: LLVMValueRef, name: &str) -> bool {
    let kind = ir::attributes::kind(name);
    !LLVMGetEnumAttributeAtIndex(function, LLVMAttributeReturnIndex, kind).is_null()
}

/// The meet of what every executable `ret` returns (read through the
/// branch or assume copy it uses, if any: `predicate`); `None` when a value
/// may be undef, is of a kind attributes do not describe, or no `ret`
/// executes.
fn returned_value(read: &ReadFunction, solution: &Solution) -> Option<Lattice> {
    if read.returns.is_empty() {
        return None; // not tracked: no copy map to build
    }
    let copy_used_by: FastMap<usize, InstId> = read
        .copies
        .iter()
        .flat_map(|copy| {
            copy.uses
                .iter()
                .filter(|u| u.id.is_none())
                .map(move |u| (u.user as usize, copy.id))
        })
        .collect();
    let mut met: Option<Lattice> = None;
    for (block, ret, operand) in &read.returns {
        if !solution.executable_blocks[*block] {
            continue;
        }
        let copied = copy_used_by
            .get(&(*ret as usize))
            .map(|&c| Operand::Inst(c));
        let value = match copied.as_ref().unwrap_or(operand) {
            &Operand::Inst(i) if solution.may_be_undef[i] || solution.undef[i] => return None,
            &Operand::Inst(i) => solution.values[i],
            &Operand::Const(k) => Lattice::Const(k),
            &Operand::Pointer(p) => Lattice::Pointer(p),
            Operand::Unknown => Lattice::Overdefined,
            Operand::Wide(k) => Lattice::WideRange(WideRange::constant(k)?),
            Operand::Undef | Operand::Float(_) => return None,
        };
        met = Some(met.map_or(value, |m| m.meet(value)));
    }
    met
}

/// Replaces the return's `range` attribute by `range`.
unsafe fn set_range(function: LLVMValueRef, context: LLVMContextRef, range: ConstantRange) {
    let kind = ir::attributes::kind("range");
    let (lower, upper) = range.half_open_bounds();
    let attribute = LLVMCreateConstantRangeAttribute(context, kind, range.width(), &lower, &upper);
    LLVMRemoveEnumAttributeAtIndex(function, LLVMAttributeReturnIndex, kind);
    LLVMAddAttributeAtIndex(function, LLVMAttributeReturnIndex, attribute);
}

/// Sets the return's `range` attribute to `range`, of more than 64 bits:
/// `[min, max + 1)` by its signed bounds (a sign-extended interval wraps
/// there if at all).
unsafe fn set_wide_range(function: LLVMValueRef, context: LLVMContextRef, range: WideRange) {
    let kind = ir::attributes::kind("range");
    let (lower, max) = range.signed_bounds();
    let upper = max.add(&ApInt::from_u64(range.width(), 1));
    let attribute = LLVMCreateConstantRangeAttribute(
        context,
        kind,
        range.width(),
        lower.words().as_ptr(),
        upper.words().as_ptr(),
    );
    LLVMAddAttributeAtIndex(function, LLVMAttributeReturnIndex, attribute);
}
