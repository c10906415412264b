//! Debug info across promotion: LLVM's `ConvertDebugDeclareToDebugValue`.
//!
//! A promoted alloca's `llvm.dbg.declare` says "the variable lives at this
//! address". Once the slot is gone, the variable's value is whatever was last
//! stored, so a `llvm.dbg.value` is placed before each removed store (the
//! stored value) and at the top of each new phi's block (the phi); then the
//! declaration is erased, with any `dbg.value` that reads through the
//! address (`DW_OP_deref`).
//!
//! Markers are read and made through `ir::debug_records`: LLVM 22's debug
//! records through the C API's record functions, LLVM 19's intrinsics
//! (the glue converts its records around the pass); this module is the
//! same for both.
//!
//! LLVM inserts a phi's record at the head of its block's first insertion
//! point, so the records of several phis come out in reverse phi order;
//! inserting each at the head of the first non-phi instruction's markers
//! (`Before::HeadOf`) gives the same order.
//!
//! Assignment tracking (`dbg.assign`, LLVM's `AssignmentTrackingInfo`): the
//! alloca's own markers (linked by its `!DIAssignID`) describe which
//! variables it holds; at a removed store, each `dbg.assign` linked to that
//! store is demoted to a `dbg.value` of its value at its place, a variable
//! with no such marker gets a `dbg.value` of the stored value as for a
//! declare, and new phis are described as for a declare; the markers are
//! deleted with the alloca.
//!
//! Approximation (documented): a value "covers" the variable when its size is
//! at least the fragment size of the expression, else the alloca's size;
//! LLVM consults the variable's DWARF type size first, which is the same for
//! every scalar a C front end declares.

use std::collections::HashSet;
use std::ffi::CStr;

use llvm_sys::core::*;
use llvm_sys::debuginfo::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::LLVMOpcode;

use crate::ir::debug_records::{self as records, Before, Contents, Kind, Location, Record};
use crate::ir::type_size::{self, TypeSize};
use crate::ir::{self, delete};

/// The debug markers that describe one alloca.
#[derive(Clone, Debug, Default)]
pub struct DebugUsers {
    /// `dbg.declare`s (address of the variable).
    pub declares: Vec<Record>,
    /// `dbg.value`s whose expression starts with `DW_OP_deref`.
    pub deref_values: Vec<Record>,
    /// `dbg.assign` markers linked to the alloca, one per variable.
    pub assigns: Vec<Record>,
    /// Every `dbg.assign` linked to the alloca (deleted with it).
    pub linked_assigns: Vec<Record>,
}

/// What a `DIExpression` says, read from its printed form (the C API has
/// no accessor for the elements; expressions are few and short).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Expression {
    starts_with_deref: bool,
    is_deref: bool,
    /// `DW_OP_LLVM_fragment`'s (offset, size) in bits.
    fragment: Option<(u64, u64)>,
    /// Nothing but a fragment, if any.
    only_fragment: bool,
}

impl Expression {
    fn parse(text: &str) -> Self {
        let inner = text
            .split_once("!DIExpression(")
            .and_then(|(_, rest)| rest.rsplit_once(')'))
            .map(|(inner, _)| inner.trim())
            .unwrap_or("");
        let ops: Vec<&str> = inner
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        let at = ops.iter().position(|&op| op == "DW_OP_LLVM_fragment");
        let number = |i: usize| ops.get(i).and_then(|n| n.parse::<u64>().ok());
        let fragment = at.and_then(|i| Some((number(i + 1)?, number(i + 2)?)));
        Expression {
            starts_with_deref: ops.first() == Some(&"DW_OP_deref"),
            is_deref: ops == ["DW_OP_deref"],
            fragment,
            only_fragment: ops.is_empty()
                || (at == Some(0) && ops.len() == 3 && fragment.is_some()),
        }
    }
}

/// A part of an alloca that SROA split: the new alloca, and the bits of the
/// old alloca it holds.
#[derive(Clone, Copy, Debug)]
pub struct Fragment {
    pub alloca: LLVMValueRef,
    pub offset_bits: u64,
    pub size_bits: u64,
}

extern "C" {
    /// In the glue (`plugin/pebble_plugin.cpp`): `DIVariable::getSizeInBits`,
    /// 0 when unknown. The C API has no accessor for a variable's type.
    fn pebble_variable_size_in_bits(variable: LLVMMetadataRef) -> u64;
}

/// The fragment a declaration gets on one part of the alloca it described
/// (LLVM's `SROA::splitAlloca`, "migrate debug information"): `None` when
/// the part holds none of the variable (padding, or past its end);
/// `Some(None)` when the declaration's own expression still fits (the part
/// is the whole variable); else the fragment's (offset, size) in bits.
/// `declared` is the declaration's own fragment, `part` the part's
/// (offset, size) in the alloca, `variable_bits` the variable's size.
fn fragment_of_part(
    declared: Option<(u64, u64)>,
    alloca_bits: u64,
    part: (u64, u64),
    variable_bits: Option<u64>,
) -> Option<Option<(u64, u64)>> {
    let (offset, mut size) = part;
    if size >= alloca_bits && declared.is_none() {
        return Some(None);
    }
    // Relative to the declared fragment, as LLVM checks it.
    let mut start = offset;
    if let Some((_, declared_size)) = declared {
        if start >= declared_size {
            return None;
        }
        size = size.min(declared_size - start);
    }
    if let Some(bits) = variable_bits {
        size = size.min(bits);
        if size == 0 || start + size > bits {
            return None;
        }
        if size == bits {
            return Some(None);
        }
    }
    start += declared.map_or(0, |(declared_offset, _)| declared_offset);
    Some(Some((start, size)))
}

/// `DW_OP_LLVM_fragment`.
const DW_OP_LLVM_FRAGMENT: u64 = 0x1000;

/// Per-function state for debug-info conversion; `None` when the function
/// has no debug info (then nothing here runs).
pub struct DebugInfo {
    context: LLVMContextRef,
    module: LLVMModuleRef,
    data_layout: LLVMTargetDataRef,
    builder: LLVMBuilderRef,
    assign_kind: u32,
    /// `dbg.assign`s demoted to `dbg.value`s, deleted with their alloca.
    demoted: Vec<Record>,
    /// (phi, declare) pairs already described.
    described_phis: HashSet<(LLVMValueRef, Record)>,
    /// For new expressions and LLVM 22's records, made when first needed.
    di_builder: Option<LLVMDIBuilderRef>,
}

impl DebugInfo {
    /// # Safety
    /// `function` is a defined function.
    pub unsafe fn for_function(function: LLVMValueRef) -> Option<Self> {
        if LLVMGetSubprogram(function).is_null() {
            return None;
        }
        let module = LLVMGetGlobalParent(function);
        let context = LLVMGetModuleContext(module);
        Some(DebugInfo {
            context,
            module,
            data_layout: LLVMGetModuleDataLayout(module),
            builder: LLVMCreateBuilderInContext(context),
            assign_kind: LLVMGetMDKindIDInContext(context, c"DIAssignID".as_ptr(), 10),
            demoted: Vec::new(),
            described_phis: HashSet::new(),
            di_builder: None,
        })
    }

    /// The declares and deref-reading values that describe `alloca`.
    ///
    /// # Safety
    /// `alloca` is live.
    pub unsafe fn users_of(&self, alloca: LLVMValueRef) -> DebugUsers {
        let mut users = DebugUsers::default();
        for user in records::users(self.context, alloca) {
            match records::kind(user) {
                Kind::Declare => users.declares.push(user),
                Kind::Value if self.expression(user).starts_with_deref => {
                    users.deref_values.push(user)
                }
                _ => {}
            }
        }
        users.linked_assigns = self.assigns_linked_to(alloca);
        let mut variables = HashSet::new();
        for &assign in &users.linked_assigns {
            if variables.insert(variable_and_expression(assign)) {
                users.assigns.push(assign);
            }
        }
        users
    }

    /// The `dbg.assign` markers sharing `inst`'s `!DIAssignID`.
    unsafe fn assigns_linked_to(&self, inst: LLVMValueRef) -> Vec<Record> {
        records::assign_markers(inst, self.assign_kind)
    }

    unsafe fn expression(&self, marker: Record) -> Expression {
        let expression = LLVMMetadataAsValue(self.context, records::expression(marker));
        let text = LLVMPrintValueToString(expression);
        let parsed = Expression::parse(&CStr::from_ptr(text).to_string_lossy());
        LLVMDisposeMessage(text);
        parsed
    }

    /// Whether a value of type `ty` describes all of the variable (LLVM's
    /// `valueCoversEntireFragment`, see the module doc). Sizes may scale
    /// with `vscale` (`ir::type_size`: the C API's size queries are fatal
    /// on scalable vectors); an unknown size covers nothing, as in LLVM.
    unsafe fn covers(&self, ty: LLVMTypeRef, declare: Record, alloca: LLVMValueRef) -> bool {
        let Some(value) = type_size::alloc_size_bits(self.data_layout, ty) else {
            return false;
        };
        let variable = match self.expression(declare).fragment {
            Some((_, bits)) => Some(TypeSize::fixed(bits)),
            None => type_size::alloc_size_bits(self.data_layout, LLVMGetAllocatedType(alloca)),
        };
        variable.is_some_and(|v| value.is_known_ge(v))
    }

    /// Describes the variables at a store being removed: `dbg.value(value)`
    /// for every declare, before the store, after the assignment markers
    /// (see the module doc) are demoted.
    ///
    /// # Safety
    /// `store` stores into `alloca`, which `users` describe.
    pub unsafe fn describe_store(
        &mut self,
        users: &DebugUsers,
        alloca: LLVMValueRef,
        store: LLVMValueRef,
    ) {
        if !users.assigns.is_empty() {
            self.demote_assigns_of_store(users, alloca, store);
        }
        for &declare in &users.declares {
            self.value_at_store(declare, alloca, store);
        }
    }

    /// LLVM's `updateForDeletedStore`: each marker of the store becomes a
    /// `dbg.value` of its own value at its place; a variable of the alloca
    /// with no marker here is described as a declare would be.
    unsafe fn demote_assigns_of_store(
        &mut self,
        users: &DebugUsers,
        alloca: LLVMValueRef,
        store: LLVMValueRef,
    ) {
        let mut described = HashSet::new();
        for assign in self.assigns_linked_to(store) {
            described.insert(variable_and_expression(assign));
            let location = Location::Raw(records::location(assign));
            let debug_loc = records::debug_loc(assign);
            self.insert_dbg_value_at(location, assign, debug_loc, Before::Record(assign));
            self.demoted.push(assign);
        }
        for &assign in &users.assigns {
            if !described.contains(&variable_and_expression(assign)) {
                self.value_at_store(assign, alloca, store);
            }
        }
    }

    /// `ConvertDebugDeclareToDebugValue(declare, store)`.
    unsafe fn value_at_store(
        &mut self,
        declare: Record,
        alloca: LLVMValueRef,
        store: LLVMValueRef,
    ) {
        let mut value = LLVMGetOperand(store, 0);
        let expr = self.expression(declare);
        let convertible = expr.is_deref
            || (!expr.starts_with_deref && self.covers(LLVMTypeOf(value), declare, alloca));
        if !convertible {
            // A store to part of the variable: say that nothing is known.
            value = LLVMGetUndef(LLVMTypeOf(value));
        }
        self.insert_dbg_value(value, declare, Before::Instruction(store));
    }

    /// `dbg.value(phi)` for every variable of the alloca, at the top of the
    /// phi's block.
    ///
    /// # Safety
    /// `phi` is a new phi for `alloca`, which `users` describe.
    pub unsafe fn describe_phi(
        &mut self,
        users: &DebugUsers,
        alloca: LLVMValueRef,
        phi: LLVMValueRef,
    ) {
        for &declare in users.assigns.iter().chain(&users.declares) {
            if !self.described_phis.insert((phi, declare))
                || !self.covers(LLVMTypeOf(phi), declare, alloca)
            {
                continue;
            }
            let first_non_phi = ir::instructions(LLVMGetInstructionParent(phi))
                .find(|&i| ir::opcode(i) != Some(LLVMOpcode::LLVMPHI));
            if let Some(first) = first_non_phi {
                self.insert_dbg_value(phi, declare, Before::HeadOf(first));
            }
        }
    }

    /// LLVM 19's `DILocation::getMergedLocation`: find the first pair of
    /// locations in the two inlined-at chains with the same subprogram and
    /// inlined-at location, then walk outwards merging pairs (same location
    /// stays; otherwise line and column where they agree, else 0, in the
    /// nearest common scope) while they belong to one subprogram; with no
    /// common location at all, line 0 in `a`'s scope. No location if either
    /// is absent.
    ///
    /// # Safety
    /// The locations are null or live `DILocation`s.
    pub unsafe fn merged_location(
        &self,
        a: LLVMMetadataRef,
        b: LLVMMetadataRef,
    ) -> LLVMMetadataRef {
        if a.is_null() || b.is_null() {
            return std::ptr::null_mut();
        }
        if a == b {
            return a;
        }
        let chain = |mut l: LLVMMetadataRef| {
            let mut out = Vec::new();
            while !l.is_null() {
                out.push(l);
                l = LLVMDILocationGetInlinedAt(l);
            }
            out
        };
        let key = |l: LLVMMetadataRef| {
            (
                self.subprogram(LLVMDILocationGetScope(l)),
                LLVMDILocationGetInlinedAt(l),
            )
        };
        let a_chain = chain(a);
        let b_chain = chain(b);
        let start = b_chain.iter().enumerate().find_map(|(bi, &l)| {
            let k = key(l);
            a_chain.iter().position(|&m| key(m) == k).map(|ai| (ai, bi))
        });
        let mut result = std::ptr::null_mut();
        if let Some((ai, bi)) = start {
            result = LLVMDILocationGetInlinedAt(a_chain[ai]);
            for (&l1, &l2) in a_chain[..=ai].iter().rev().zip(b_chain[..=bi].iter().rev()) {
                let merged = self.merge_pair(l1, l2, result);
                if merged.is_null() {
                    break;
                }
                result = merged;
            }
        }
        if !result.is_null() {
            return result;
        }
        LLVMDIBuilderCreateDebugLocation(
            self.context,
            0,
            0,
            LLVMDILocationGetScope(a),
            std::ptr::null_mut(),
        )
    }

    /// `getMergedLocation`'s `MergeLocPair`.
    unsafe fn merge_pair(
        &self,
        l1: LLVMMetadataRef,
        l2: LLVMMetadataRef,
        inlined_at: LLVMMetadataRef,
    ) -> LLVMMetadataRef {
        let (line1, col1) = (LLVMDILocationGetLine(l1), LLVMDILocationGetColumn(l1));
        if l1 == l2 {
            return LLVMDIBuilderCreateDebugLocation(
                self.context,
                line1,
                col1,
                LLVMDILocationGetScope(l1),
                inlined_at,
            );
        }
        let chain1 = self.scope_chain(LLVMDILocationGetScope(l1));
        let chain2 = self.scope_chain(LLVMDILocationGetScope(l2));
        if chain1.last() != chain2.last() {
            return std::ptr::null_mut();
        }
        let Some(&common) = chain2.iter().find(|s| chain1.contains(s)) else {
            return std::ptr::null_mut();
        };
        let same_line = line1 == LLVMDILocationGetLine(l2);
        let same_column = col1 == LLVMDILocationGetColumn(l2);
        let line = if same_line { line1 } else { 0 };
        let column = if same_line && same_column { col1 } else { 0 };
        LLVMDIBuilderCreateDebugLocation(self.context, line, column, common, inlined_at)
    }

    /// The subprogram a scope belongs to (the last of its chain).
    unsafe fn subprogram(&self, scope: LLVMMetadataRef) -> LLVMMetadataRef {
        self.scope_chain(scope)
            .last()
            .copied()
            .unwrap_or(std::ptr::null_mut())
    }

    /// A scope and its parents up to and including its subprogram. Lexical
    /// blocks keep their parent in operand 1 (the C API has no accessor).
    unsafe fn scope_chain(&self, mut scope: LLVMMetadataRef) -> Vec<LLVMMetadataRef> {
        let mut chain = Vec::new();
        while !scope.is_null() {
            chain.push(scope);
            match LLVMGetMetadataKind(scope) {
                LLVMMetadataKind::LLVMDILexicalBlockMetadataKind
                | LLVMMetadataKind::LLVMDILexicalBlockFileMetadataKind => {
                    let node = LLVMMetadataAsValue(self.context, scope);
                    let mut operands =
                        vec![std::ptr::null_mut(); LLVMGetMDNodeNumOperands(node) as usize];
                    LLVMGetMDNodeOperands(node, operands.as_mut_ptr());
                    scope = match operands.get(1) {
                        Some(&parent) if !parent.is_null() => LLVMValueAsMetadata(parent),
                        _ => std::ptr::null_mut(),
                    };
                }
                _ => break, // the subprogram (or something unexpected)
            }
        }
        chain
    }

    /// Erases the declares, deref-reading values and assignment markers of a
    /// promoted alloca, and the markers demoted so far.
    ///
    /// # Safety
    /// The alloca they describe is being deleted.
    pub unsafe fn erase(&mut self, users: &DebugUsers) {
        let demoted = std::mem::take(&mut self.demoted);
        // A marker can be both linked to the alloca and demoted at a store
        // (they may share a `!DIAssignID`): each is erased once, and no
        // handle is read after its marker is gone.
        let mut markers: Vec<Record> = users
            .declares
            .iter()
            .chain(&users.deref_values)
            .chain(&users.linked_assigns)
            .chain(&demoted)
            .copied()
            .collect();
        markers.sort_unstable();
        markers.dedup();
        for marker in markers {
            delete::erase_debug_record(marker);
        }
    }

    /// An alloca deleted without promotion (no loads or stores): its
    /// declares keep describing the variable as `ptr undef`, as LLVM leaves
    /// them.
    ///
    /// # Safety
    /// `users` describe `alloca`.
    pub unsafe fn forget_address(&self, users: &DebugUsers, alloca: LLVMValueRef) {
        let undef = LLVMValueAsMetadata(LLVMGetUndef(LLVMTypeOf(alloca)));
        for &declare in &users.declares {
            records::set_location(self.context, declare, undef);
        }
    }

    /// Gives every part of a split alloca its share of the alloca's
    /// declarations: a `dbg.declare` of the part's alloca with the fragment
    /// of the variable it holds (`fragment_of_part`), before `old`; then
    /// erases `old`'s own debug users (`erase`). A declaration whose
    /// expression does more than select a fragment is not carried over.
    ///
    /// # Safety
    /// `old` is a live alloca; the parts' allocas are live.
    pub unsafe fn split_declares(&mut self, old: LLVMValueRef, parts: &[Fragment]) {
        let users = self.users_of(old);
        let allocated = LLVMGetAllocatedType(old);
        if type_size::is_scalable(allocated) {
            // No fixed bit range to split a declaration by (SROA does not
            // split such allocas; this keeps LLVM's size query from aborting).
            self.erase(&users);
            return;
        }
        let alloca_bits = LLVMSizeOfTypeInBits(self.data_layout, allocated);
        for &declare in &users.declares {
            let expression = self.expression(declare);
            if !expression.only_fragment {
                continue;
            }
            let variable = records::variable(declare);
            let variable_bits = Some(pebble_variable_size_in_bits(variable)).filter(|&b| b > 0);
            for part in parts {
                let Some(fragment) = fragment_of_part(
                    expression.fragment,
                    alloca_bits,
                    (part.offset_bits, part.size_bits),
                    variable_bits,
                ) else {
                    continue;
                };
                let expr = match fragment {
                    None => records::expression(declare),
                    Some((offset, size)) => self.fragment_expression(offset, size),
                };
                self.insert_dbg_declare(part.alloca, declare, expr, old);
            }
        }
        self.erase(&users);
    }

    /// `!DIExpression(DW_OP_LLVM_fragment, offset, size)`.
    unsafe fn fragment_expression(&mut self, offset: u64, size: u64) -> LLVMMetadataRef {
        let mut ops = [DW_OP_LLVM_FRAGMENT, offset, size];
        LLVMDIBuilderCreateExpression(self.di_builder(), ops.as_mut_ptr(), ops.len())
    }

    /// The module's `DIBuilder`, made when first needed.
    unsafe fn di_builder(&mut self) -> LLVMDIBuilderRef {
        let module = self.module;
        *self
            .di_builder
            .get_or_insert_with(|| LLVMCreateDIBuilderDisallowUnresolved(module))
    }

    /// `dbg.declare(alloca)` for the variable of `like`, with `expression`
    /// and `like`'s location, before `before`.
    unsafe fn insert_dbg_declare(
        &mut self,
        alloca: LLVMValueRef,
        like: Record,
        expression: LLVMMetadataRef,
        before: LLVMValueRef,
    ) {
        let contents = Contents {
            location: Location::Value(alloca),
            variable: records::variable(like),
            expression,
            debug_loc: records::debug_loc(like),
        };
        self.insert_marker(true, contents, Before::Instruction(before));
    }

    /// `dbg.value(value)` for the variable of `declare`, at line 0 of the
    /// declaration's scope (LLVM's `getDebugValueLoc`).
    unsafe fn insert_dbg_value(&mut self, value: LLVMValueRef, declare: Record, before: Before) {
        let declared_at = records::debug_loc(declare);
        let debug_loc = if declared_at.is_null() {
            declared_at
        } else {
            LLVMDIBuilderCreateDebugLocation(
                self.context,
                0,
                0,
                LLVMDILocationGetScope(declared_at),
                LLVMDILocationGetInlinedAt(declared_at),
            )
        };
        self.insert_dbg_value_at(Location::Value(value), declare, debug_loc, before);
    }

    /// A `dbg.value` of `location` for the variable and expression of
    /// `describes`, at `debug_loc`.
    unsafe fn insert_dbg_value_at(
        &mut self,
        location: Location,
        describes: Record,
        debug_loc: LLVMMetadataRef,
        before: Before,
    ) {
        let contents = Contents {
            location,
            variable: records::variable(describes),
            expression: records::expression(describes),
            debug_loc,
        };
        self.insert_marker(false, contents, before);
    }

    unsafe fn insert_marker(&mut self, declare: bool, contents: Contents, before: Before) {
        let di_builder = self.di_builder();
        records::insert(
            self.module,
            di_builder,
            self.builder,
            declare,
            contents,
            before,
        );
    }
}

/// A marker's variable and expression: which part of which variable it
/// describes.
unsafe fn variable_and_expression(marker: Record) -> (LLVMMetadataRef, LLVMMetadataRef) {
    (records::variable(marker), records::expression(marker))
}

impl Drop for DebugInfo {
    fn drop(&mut self) {
        // SAFETY: the builders were created here and are not shared.
        unsafe {
            LLVMDisposeBuilder(self.builder);
            if let Some(builder) = self.di_builder {
                LLVMDisposeDIBuilder(builder);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_are_read_from_their_printed_form() {
        assert_eq!(
            Expression::parse("metadata !DIExpression()"),
            Expression {
                only_fragment: true,
                ..Expression::default()
            }
        );
        let deref = Expression::parse("metadata !DIExpression(DW_OP_deref)");
        assert!(deref.is_deref && deref.starts_with_deref);
        let offset = Expression::parse("!DIExpression(DW_OP_deref, DW_OP_plus_uconst, 2)");
        assert!(offset.starts_with_deref && !offset.is_deref);
        let fragment = Expression::parse("!DIExpression(DW_OP_LLVM_fragment, 32, 16)");
        assert_eq!(fragment.fragment, Some((32, 16)));
        assert!(!fragment.starts_with_deref && fragment.only_fragment);
        assert!(!deref.only_fragment);
    }

    #[test]
    fn each_part_of_a_split_alloca_gets_its_share_of_the_variable() {
        // struct { i32, i32 } split in two: two 32-bit fragments.
        assert_eq!(
            fragment_of_part(None, 64, (0, 32), Some(64)),
            Some(Some((0, 32)))
        );
        assert_eq!(
            fragment_of_part(None, 64, (32, 32), Some(64)),
            Some(Some((32, 32)))
        );
        // A part as large as the alloca keeps the declared expression.
        assert_eq!(fragment_of_part(None, 64, (0, 64), Some(64)), Some(None));
        // Unknown variable size: the part's own size.
        assert_eq!(
            fragment_of_part(None, 64, (32, 32), None),
            Some(Some((32, 32)))
        );
    }

    #[test]
    fn fragments_stay_inside_the_variable() {
        // A 32-bit variable on a 64-bit alloca: the first part is all of
        // it, the second holds none of it.
        assert_eq!(fragment_of_part(None, 64, (0, 32), Some(32)), Some(None));
        assert_eq!(fragment_of_part(None, 64, (32, 32), Some(32)), None);
        // The alloca already held the fragment (64, 32) of a 128-bit
        // variable: its parts are fragments of that fragment; a part past
        // it is padding.
        let declared = Some((64, 32));
        assert_eq!(
            fragment_of_part(declared, 64, (0, 16), Some(128)),
            Some(Some((64, 16)))
        );
        assert_eq!(
            fragment_of_part(declared, 64, (16, 32), Some(128)),
            Some(Some((80, 16)))
        );
        assert_eq!(fragment_of_part(declared, 64, (32, 32), Some(128)), None);
    }
}
