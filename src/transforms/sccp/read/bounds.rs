//! What a load, a call or an argument declares about its value, for the
//! values `read` does not otherwise evaluate (LLVM 19's
//! `getValueFromMetadata` in SCCPSolver.cpp; LLVM 22's `getArgAttributeVL`
//! for arguments):
//! * an integer load or call with `!range` metadata, a call whose result
//!   has a `range` attribute (at the call site or on the callee), and an
//!   argument with a `range` attribute are in that range (`Op::Bounded`;
//!   with both metadata and attribute, in both);
//! * a pointer load with `!nonnull` metadata, a call whose result is
//!   `nonnull` (or `dereferenceable` where null is not a valid address), and
//!   an argument so declared are not null (`Op::NotNull`).
//!
//! A value outside what its metadata or attribute declares is poison
//! (LangRef), and poison may be refined to any value, so both facts hold
//! at every use. LLVM 19 reads the metadata and a call's `range`; LLVM 22
//! also a call's `nonnull` and the arguments' attributes. We read all of
//! them for both: more folds than LLVM 19's `sccp`, never a different
//! value.
//!
//! Left out: volatile loads (LLVM's `visitLoadInst` makes them overdefined
//! before it reads metadata), `musttail` calls and calls with operand
//! bundles (a constant could not replace their result: `musttail` must
//! return it unchanged, and a `clang.arc.attachedcall` bundle uses it
//! implicitly; LLVM's `tryToReplaceWithConstant` refuses both), and
//! integers wider than 64 bits.
//!
//! The C API cannot read a `range` attribute's bounds nor LLVM's rules for
//! `nonnull` and `dereferenceable`; `plugin/pebble_plugin.cpp` forwards
//! `CallBase::getRange`, `Argument::getRange`, `CallBase::isReturnNonNull`
//! and `Argument::hasNonNullAttr`.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAtomicOrdering, LLVMTailCallKind};

use super::{int_width, is_plain_pointer, Reader};
use crate::ir;
use crate::transforms::sccp::program::Op;
use crate::transforms::sccp::range::ConstantRange;

extern "C" {
    fn pebble_range_attribute(value: LLVMValueRef, lower: *mut u64, upper: *mut u64) -> i32;
    fn pebble_declared_non_null(value: LLVMValueRef) -> i32;
}

/// The metadata kinds read here, looked up once per function.
pub struct MetadataKinds {
    range: u32,
    nonnull: u32,
}

impl MetadataKinds {
    /// # Safety
    /// `context` is live.
    pub unsafe fn new(context: LLVMContextRef) -> Self {
        MetadataKinds {
            range: ir::metadata_kind(context, "range"),
            nonnull: ir::metadata_kind(context, "nonnull"),
        }
    }
}

impl Reader<'_> {
    /// A load or call `try_op` does not evaluate, as its metadata and
    /// attributes declare it; `None` when they declare nothing (then it is
    /// overdefined).
    ///
    /// # Safety
    /// `inst` is a live instruction.
    pub(super) unsafe fn declared_op(&self, inst: LLVMValueRef) -> Option<Op> {
        let is_load = !LLVMIsALoadInst(inst).is_null();
        if is_load {
            if LLVMGetVolatile(inst) != 0 {
                return None;
            }
        } else if LLVMIsACallInst(inst).is_null() || !result_replaceable(inst) {
            return None;
        }
        let ty = LLVMTypeOf(inst);
        if let Some(width) = int_width(ty) {
            let declared = self.metadata_range(inst, width);
            let declared = if is_load {
                declared
            } else {
                both(declared, attribute_range(inst, width))
            };
            let erasable =
                is_load && LLVMGetOrdering(inst) == LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic;
            return declared.map(|range| Op::Bounded { range, erasable });
        }
        let non_null = is_plain_pointer(ty)
            && (!LLVMGetMetadata(inst, self.metadata_kinds.nonnull).is_null()
                || (!is_load && pebble_declared_non_null(inst) != 0));
        non_null.then_some(Op::NotNull)
    }

    /// The `!range` metadata of `inst` (`width` bits): the hull of its
    /// ranges (it may list several, disjoint).
    unsafe fn metadata_range(&self, inst: LLVMValueRef, width: u32) -> Option<ConstantRange> {
        let node = LLVMGetMetadata(inst, self.metadata_kinds.range);
        if node.is_null() {
            return None;
        }
        let n = LLVMGetMDNodeNumOperands(node) as usize;
        if n == 0 || !n.is_multiple_of(2) {
            return None;
        }
        let mut bounds = vec![std::ptr::null_mut(); n];
        LLVMGetMDNodeOperands(node, bounds.as_mut_ptr());
        let mut hull: Option<ConstantRange> = None;
        for pair in bounds.chunks_exact(2) {
            if pair
                .iter()
                .any(|&b| b.is_null() || LLVMIsAConstantInt(b).is_null())
            {
                return None;
            }
            let r = ConstantRange::half_open(
                width,
                LLVMConstIntGetZExtValue(pair[0]),
                LLVMConstIntGetZExtValue(pair[1]),
            );
            hull = Some(hull.map_or(r, |h| h.union(r)));
        }
        hull
    }
}

/// The `range` attribute of a call's result, an argument or a function's
/// return, of `width` bits.
///
/// # Safety
/// `value` is a live call, argument or function.
pub unsafe fn attribute_range(value: LLVMValueRef, width: u32) -> Option<ConstantRange> {
    let (mut lower, mut upper) = (0, 0);
    (pebble_range_attribute(value, &mut lower, &mut upper) != 0)
        .then(|| ConstantRange::half_open(width, lower, upper))
}

/// A value known to be in two ranges is in their intersection (an arc
/// holding it: two arcs may meet in two pieces).
fn both(a: Option<ConstantRange>, b: Option<ConstantRange>) -> Option<ConstantRange> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.intersect(b)),
        (a, b) => a.or(b),
    }
}

/// May a constant replace the result of `call`? Not for a `musttail` call
/// nor one with operand bundles (module comment).
///
/// # Safety
/// `call` is a live call instruction.
unsafe fn result_replaceable(call: LLVMValueRef) -> bool {
    LLVMGetTailCallKind(call) != LLVMTailCallKind::LLVMTailCallKindMustTail
        && LLVMGetNumOperandBundles(call) == 0
}

/// The value of an argument, as its attributes declare it: `Op::Opaque`
/// (overdefined) when they declare nothing.
///
/// # Safety
/// `argument` is a live argument.
unsafe fn argument_op(argument: LLVMValueRef) -> Op {
    let ty = LLVMTypeOf(argument);
    if let Some(width) = int_width(ty) {
        if let Some(range) = attribute_range(argument, width) {
            return Op::Bounded {
                range,
                erasable: false,
            };
        }
    } else if is_plain_pointer(ty) && pebble_declared_non_null(argument) != 0 {
        return Op::NotNull;
    }
    Op::Opaque
}

/// The arguments of `function` whose attributes declare something of
/// their value, with what they declare (`argument_op`).
///
/// # Safety
/// `function` is live.
pub unsafe fn declared_arguments(function: LLVMValueRef) -> Vec<(LLVMValueRef, Op)> {
    (0..LLVMCountParams(function))
        .map(|k| LLVMGetParam(function, k))
        .map(|a| (a, argument_op(a)))
        .filter(|(_, op)| !matches!(op, Op::Opaque))
        .collect()
}
