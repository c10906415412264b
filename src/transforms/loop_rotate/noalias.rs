//! Noalias scopes of a copied `llvm.experimental.noalias.scope.decl`, as
//! LLVM's `rotateLoop` handles them (`LoopRotationUtils.cpp`, "There are
//! noalias scope declarations"; `cloneAndAdaptNoAliasScopes` in
//! `CloneFunction.cpp`).
//!
//! A declaration says: from here on, accesses in these scopes do not alias
//! accesses outside them. Copying it into the preheader leaves two
//! declarations of the same scope, one dominating the other, which
//! `-verify-noalias-scope-decl-dom` rejects and which would let the
//! copies' accesses be treated as not aliasing the originals'. LLVM:
//! 1. puts one more copy `D''` of each declaration at the top of the new
//!    header `N`, keeping the original scopes;
//! 2. gives the original header's declarations and accesses fresh clones of
//!    the scopes, named `<scope>:h.rot`;
//! 3. gives the preheader's instructions from the first copied declaration
//!    to the end fresh clones named `<scope>:pre.rot`.
//!
//! A scope is `distinct !{!self, !domain, !"name"}`; a scope list `!{...}`
//! of scopes. The C API has no distinct nodes, but a uniqued node that
//! comes to reference itself (a temporary operand replaced by the node)
//! becomes distinct: that is how `MDBuilder::createAnonymousAliasScope`
//! makes its self-reference too.

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::debuginfo::{LLVMMetadataReplaceAllUsesWith, LLVMTemporaryMDNode};
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::ir;

const DECL: &str = "llvm.experimental.noalias.scope.decl";

/// A call of `llvm.experimental.noalias.scope.decl`.
///
/// # Safety
/// `inst` is a live instruction.
pub unsafe fn is_scope_decl(inst: LLVMValueRef) -> bool {
    LLVMGetInstructionOpcode(inst) == LLVMOpcode::LLVMCall
        && ir::called_intrinsic_name(inst).is_some_and(|n| n == DECL)
}

/// Steps 1–3 for the declarations `decls` of the header `h_bb` whose copies
/// went into `p_bb` (pairs (original, copy), in header order).
///
/// # Safety
/// The blocks and instructions are live; the copies are in `p_bb`.
pub unsafe fn clone_scopes(
    builder: LLVMBuilderRef,
    h_bb: LLVMBasicBlockRef,
    p_bb: LLVMBasicBlockRef,
    n_bb: LLVMBasicBlockRef,
    decls: &[(LLVMValueRef, LLVMValueRef)],
) {
    let Some(&(_, first_copy)) = decls.first() else {
        return;
    };
    let context = LLVMGetTypeContext(LLVMTypeOf(LLVMBasicBlockAsValue(h_bb)));
    let top = ir::instructions(n_bb)
        .find(|&i| LLVMGetInstructionOpcode(i) != LLVMOpcode::LLVMPHI)
        .unwrap_or_else(|| LLVMGetBasicBlockTerminator(n_bb));
    // Before `top`'s debug records too (LLVM inserts at `getFirstNonPHIIt`).
    ir::debug_records::position_before_markers(builder, top);
    for &(decl, _) in decls {
        ir::insert_keeping_location(builder, LLVMInstructionClone(decl), c"");
    }
    let lists: Vec<LLVMValueRef> = decls.iter().map(|&(d, _)| LLVMGetOperand(d, 0)).collect();
    let kinds = [
        ir::metadata_kind(context, "noalias"),
        ir::metadata_kind(context, "alias.scope"),
    ];

    let in_header = cloned_scopes(context, &lists, "h.rot");
    for inst in ir::instructions(h_bb) {
        adapt(context, inst, &in_header, kinds);
    }
    let in_preheader = cloned_scopes(context, &lists, "pre.rot");
    let mut inst = first_copy;
    while !inst.is_null() {
        adapt(context, inst, &in_preheader, kinds);
        inst = LLVMGetNextInstruction(inst);
    }
    debug_assert_eq!(LLVMGetInstructionParent(first_copy), p_bb);
}

type ScopeMap = HashMap<LLVMMetadataRef, LLVMMetadataRef>;

/// A fresh scope for every scope of the lists (LLVM's `cloneNoAliasScopes`).
unsafe fn cloned_scopes(context: LLVMContextRef, lists: &[LLVMValueRef], ext: &str) -> ScopeMap {
    let mut map = ScopeMap::new();
    for &list in lists {
        for scope in node_operands(list) {
            if LLVMIsAMDNode(scope).is_null() {
                continue;
            }
            let ops = node_operands(scope);
            let domain = ops.get(1).map(|&d| LLVMValueAsMetadata(d));
            let name = match ops.get(2).map(|&s| md_string(s)) {
                Some(n) if !n.is_empty() => format!("{n}:{ext}"),
                _ => ext.to_string(),
            };
            map.insert(
                LLVMValueAsMetadata(scope),
                anonymous_scope(context, domain, &name),
            );
        }
    }
    map
}

/// `distinct !{!self, !domain, !"name"}`.
unsafe fn anonymous_scope(
    context: LLVMContextRef,
    domain: Option<LLVMMetadataRef>,
    name: &str,
) -> LLVMMetadataRef {
    let temp = LLVMTemporaryMDNode(context, std::ptr::null_mut(), 0);
    let mut ops = vec![temp];
    ops.extend(domain);
    ops.push(LLVMMDStringInContext2(
        context,
        name.as_ptr() as *const _,
        name.len(),
    ));
    let node = LLVMMDNodeInContext2(context, ops.as_mut_ptr(), ops.len());
    // Replaces the temporary by the node (making it self-referential, hence
    // distinct) and deletes the temporary.
    LLVMMetadataReplaceAllUsesWith(temp, node);
    node
}

/// The scope lists of `inst` with the mapped scopes replaced (LLVM's
/// `adaptNoAliasScopes`): a declaration's argument, `!noalias`, `!alias.scope`.
unsafe fn adapt(context: LLVMContextRef, inst: LLVMValueRef, map: &ScopeMap, kinds: [u32; 2]) {
    if is_scope_decl(inst) {
        if let Some(list) = mapped_list(context, LLVMGetOperand(inst, 0), map) {
            LLVMSetOperand(inst, 0, LLVMMetadataAsValue(context, list));
        }
    }
    for kind in kinds {
        let md = LLVMGetMetadata(inst, kind);
        if md.is_null() {
            continue;
        }
        if let Some(list) = mapped_list(context, md, map) {
            LLVMSetMetadata(inst, kind, LLVMMetadataAsValue(context, list));
        }
    }
}

unsafe fn mapped_list(
    context: LLVMContextRef,
    list: LLVMValueRef,
    map: &ScopeMap,
) -> Option<LLVMMetadataRef> {
    let mut changed = false;
    let mut ops: Vec<LLVMMetadataRef> = Vec::new();
    for scope in node_operands(list) {
        if LLVMIsAMDNode(scope).is_null() {
            continue;
        }
        let md = LLVMValueAsMetadata(scope);
        match map.get(&md) {
            Some(&new) => {
                ops.push(new);
                changed = true;
            }
            None => ops.push(md),
        }
    }
    changed.then(|| LLVMMDNodeInContext2(context, ops.as_mut_ptr(), ops.len()))
}

unsafe fn node_operands(node: LLVMValueRef) -> Vec<LLVMValueRef> {
    if LLVMIsAMDNode(node).is_null() {
        return Vec::new();
    }
    let n = LLVMGetMDNodeNumOperands(node) as usize;
    let mut ops = vec![std::ptr::null_mut(); n];
    LLVMGetMDNodeOperands(node, ops.as_mut_ptr());
    ops.into_iter().filter(|o| !o.is_null()).collect()
}

unsafe fn md_string(v: LLVMValueRef) -> String {
    let mut len = 0u32;
    let p = LLVMGetMDString(v, &mut len);
    if p.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize)).into_owned()
}
