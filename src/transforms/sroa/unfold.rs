//! Loads and stores of whole aggregates become one load or store per
//! scalar field (LLVM 19's `AggLoadStoreRewriter` in `SROA.cpp`).
//!
//! Clang returns small structs by loading them as `{ i64, i32 }` from an
//! alloca whose fields were stored one by one; such a load overlaps every
//! field, so it would glue all the fields into one partition of a type no
//! scalar can live in. After unfolding, `load { i64, i32 }` is two loads
//! (at offsets 0 and 8) combined with `insertvalue`, and a store of an
//! aggregate is `extractvalue`s and one store per field; each is an
//! ordinary slice.
//!
//! This runs on the accesses reachable from an alloca through GEPs and
//! bitcasts, before its slices are collected, whether or not the alloca
//! is then split: the rewrite is correct on its own (each field is read or
//! written at its own offset with the alignment the whole access
//! guaranteed there). Volatile and atomic accesses, and aggregates with
//! more than `MAX_LEAVES` scalar fields, are left whole.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAtomicOrdering, LLVMOpcode, LLVMTypeKind};

use super::layout::{common_alignment, Layout};
use crate::ir::{self, delete};

/// Aggregates with more scalar fields than this stay whole.
const MAX_LEAVES: usize = 256;

/// A scalar field of an aggregate: its index path and byte offset.
struct Leaf {
    path: Vec<u32>,
    offset: u64,
    ty: LLVMTypeRef,
}

/// Unfolds the aggregate loads and stores reachable from `alloca`.
/// Returns how many were unfolded.
///
/// # Safety
/// `alloca` is a live alloca of a function that verifies.
pub unsafe fn unfold_aggregate_accesses(alloca: LLVMValueRef, layout: &Layout) -> usize {
    let mut found = Vec::new();
    let mut stack = vec![alloca];
    while let Some(ptr) = stack.pop() {
        for user in ir::users(ptr) {
            match ir::opcode(user) {
                Some(LLVMOpcode::LLVMGetElementPtr) | Some(LLVMOpcode::LLVMBitCast)
                    if LLVMGetOperand(user, 0) == ptr =>
                {
                    stack.push(user)
                }
                Some(LLVMOpcode::LLVMLoad) if is_aggregate(LLVMTypeOf(user)) => found.push(user),
                Some(LLVMOpcode::LLVMStore)
                    if LLVMGetOperand(user, 1) == ptr
                        && is_aggregate(LLVMTypeOf(LLVMGetOperand(user, 0))) =>
                {
                    found.push(user)
                }
                _ => {}
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    let builder = LLVMCreateBuilderInContext(layout.context);
    let mut count = 0;
    for inst in found {
        if unfold(builder, layout, inst) {
            count += 1;
        }
    }
    LLVMDisposeBuilder(builder);
    count
}

unsafe fn is_aggregate(ty: LLVMTypeRef) -> bool {
    matches!(
        LLVMGetTypeKind(ty),
        LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind
    )
}

unsafe fn unfold(builder: LLVMBuilderRef, layout: &Layout, inst: LLVMValueRef) -> bool {
    if LLVMGetVolatile(inst) != 0
        || LLVMGetOrdering(inst) != LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
    {
        return false;
    }
    let is_load = LLVMGetInstructionOpcode(inst) == LLVMOpcode::LLVMLoad;
    let (ty, ptr) = if is_load {
        (LLVMTypeOf(inst), LLVMGetOperand(inst, 0))
    } else {
        (LLVMTypeOf(LLVMGetOperand(inst, 0)), LLVMGetOperand(inst, 1))
    };
    if !layout.is_fixed_sized(ty) {
        return false;
    }
    let mut leaves = Vec::new();
    if !collect_leaves(layout, ty, &mut Vec::new(), 0, &mut leaves) || leaves.is_empty() {
        return false;
    }
    let align = LLVMGetAlignment(inst) as u64;
    let i32t = LLVMInt32TypeInContext(layout.context);
    LLVMPositionBuilderBefore(builder, inst);
    let mut agg = LLVMGetPoison(ty);
    let stored = if is_load {
        None
    } else {
        Some(LLVMGetOperand(inst, 0))
    };
    for leaf in &leaves {
        let mut idx: Vec<LLVMValueRef> = std::iter::once(0)
            .chain(leaf.path.iter().copied())
            .map(|i| LLVMConstInt(i32t, i as u64, 0))
            .collect();
        let field_ptr = LLVMBuildInBoundsGEP2(
            builder,
            ty,
            ptr,
            idx.as_mut_ptr(),
            idx.len() as u32,
            c"".as_ptr(),
        );
        let field_align = common_alignment(align, leaf.offset) as u32;
        match stored {
            None => {
                let v = LLVMBuildLoad2(builder, leaf.ty, field_ptr, c"".as_ptr());
                LLVMSetAlignment(v, field_align);
                agg = insert_value(builder, agg, v, &leaf.path);
            }
            Some(value) => {
                let v = extract_value(builder, value, &leaf.path);
                let s = LLVMBuildStore(builder, v, field_ptr);
                LLVMSetAlignment(s, field_align);
            }
        }
    }
    if is_load {
        let name = ir::name(inst);
        delete::replace_and_erase(inst, agg);
        if !name.is_empty() && ir::is_instruction(agg) {
            ir::set_name(agg, &name);
        }
    } else {
        delete::erase_unused(inst);
    }
    true
}

/// The scalar fields of `ty` in layout order; false when there are too many.
unsafe fn collect_leaves(
    layout: &Layout,
    ty: LLVMTypeRef,
    path: &mut Vec<u32>,
    offset: u64,
    out: &mut Vec<Leaf>,
) -> bool {
    match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMStructTypeKind => {
            for i in 0..LLVMCountStructElementTypes(ty) {
                let field_offset = offset + layout.offset_of_element(ty, i);
                path.push(i);
                let ok = collect_leaves(
                    layout,
                    LLVMStructGetTypeAtIndex(ty, i),
                    path,
                    field_offset,
                    out,
                );
                path.pop();
                if !ok {
                    return false;
                }
            }
            true
        }
        LLVMTypeKind::LLVMArrayTypeKind => {
            let elem = LLVMGetElementType(ty);
            let n = LLVMGetArrayLength2(ty);
            if n as usize > MAX_LEAVES {
                return false;
            }
            let step = layout.alloc_size(elem);
            for i in 0..n as u32 {
                path.push(i);
                let ok = collect_leaves(layout, elem, path, offset + i as u64 * step, out);
                path.pop();
                if !ok {
                    return false;
                }
            }
            true
        }
        _ => {
            out.push(Leaf {
                path: path.clone(),
                offset,
                ty,
            });
            out.len() <= MAX_LEAVES
        }
    }
}

unsafe fn insert_value(
    builder: LLVMBuilderRef,
    agg: LLVMValueRef,
    v: LLVMValueRef,
    path: &[u32],
) -> LLVMValueRef {
    if path.len() == 1 {
        return LLVMBuildInsertValue(builder, agg, v, path[0], c"".as_ptr());
    }
    let inner = LLVMBuildExtractValue(builder, agg, path[0], c"".as_ptr());
    let updated = insert_value(builder, inner, v, &path[1..]);
    LLVMBuildInsertValue(builder, agg, updated, path[0], c"".as_ptr())
}

unsafe fn extract_value(builder: LLVMBuilderRef, agg: LLVMValueRef, path: &[u32]) -> LLVMValueRef {
    path.iter().fold(agg, |v, &i| {
        LLVMBuildExtractValue(builder, v, i, c"".as_ptr())
    })
}
