//! Debug-info markers (`#dbg_declare`, `#dbg_value`, `#dbg_assign`) as the
//! passes read and write them: LLVM 22's debug records through the C API's
//! record functions, LLVM 19's debug intrinsic calls. The second module
//! (after `version`) with `cfg(feature = "llvm22")`; callers see one
//! `Record` type and one set of functions on both versions.
//!
//! Why two forms: LLVM 19's C API cannot iterate records (no
//! `LLVMGetFirstDbgRecord`), so the glue converts a function to intrinsics
//! around a pass that uses this module (`PassInfo::debug_markers`,
//! `PebblePass::run`) and this module reads and makes calls; a pass that
//! never looks at markers runs on records there too.
//! LLVM 22 always has records and its C API iterates them, reads their
//! kind, variable, expression and location (`LLVMDbgVariableRecordGet*`,
//! `LLVMDbgRecordGetDebugLoc`) and inserts them before an instruction
//! (`LLVMDIBuilderInsertDbgValueRecordBefore`,
//! `LLVMDIBuilderInsertDeclareRecordBefore`); the glue forwards what it
//! lacks (`plugin/pebble_plugin.cpp`, `pebble_record_*`): the records
//! describing a value (`findDbgUsers`), the assignment markers of an
//! instruction (`at::getDVRAssignmentMarkers`), a record's raw location and
//! setting it, its location's values (`location_ops`), its block, erasing a record,
//! inserting one before another record or at the head of an instruction's
//! records, cloning one with values remapped (`RemapDbgRecord`), moving an
//! instruction with its records and moving records from one instruction
//! to another.
//!
//! Positions, identical in both forms once the glue converts back:
//! `Before::Instruction(i)` is just before `i`, after the records already
//! attached to it (an intrinsic call just before `i`);
//! `Before::HeadOf(i)` is before every record attached to `i` (a call
//! before the first of the calls preceding `i`); `Before::Record(r)` is
//! just before `r`.
//!
//! Locations (what a marker describes) are metadata: `ValueAsMetadata` of
//! a value, a `DIArgList`, or an empty node.

use llvm_sys::core::*;
use llvm_sys::debuginfo::*;
use llvm_sys::prelude::*;

/// Whether this build reads records natively (LLVM 22) rather than the
/// intrinsics the glue converts records to (LLVM 19).
pub const NATIVE: bool = cfg!(feature = "llvm22");

/// One debug marker: a record (LLVM 22) or an intrinsic call (LLVM 19).
#[cfg(feature = "llvm22")]
pub type Record = LLVMDbgRecordRef;
/// One debug marker: a record (LLVM 22) or an intrinsic call (LLVM 19).
#[cfg(not(feature = "llvm22"))]
pub type Record = LLVMValueRef;

/// What a marker says about its variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The variable lives at the address (`dbg.declare`).
    Declare,
    /// The variable has the value (`dbg.value`).
    Value,
    /// An assignment-tracking marker (`dbg.assign`).
    Assign,
    /// A label or anything else.
    Other,
}

/// Where a new marker goes (see the module doc).
#[derive(Clone, Copy, Debug)]
pub enum Before {
    Instruction(LLVMValueRef),
    HeadOf(LLVMValueRef),
    Record(Record),
}

/// What a new marker describes its variable by.
#[derive(Clone, Copy, Debug)]
pub enum Location {
    /// A value (the C API's inserters take one).
    Value(LLVMValueRef),
    /// Another marker's location as it is (`location`): it may be a
    /// `DIArgList` or empty, which no value stands for.
    Raw(LLVMMetadataRef),
}

impl Location {
    unsafe fn metadata(self) -> LLVMMetadataRef {
        match self {
            Location::Value(value) => LLVMValueAsMetadata(value),
            Location::Raw(raw) => raw,
        }
    }
}

/// What a new marker says: its location, variable, expression and debug
/// location (a `DILocation`, or null for none).
#[derive(Clone, Copy, Debug)]
pub struct Contents {
    pub location: Location,
    pub variable: LLVMMetadataRef,
    pub expression: LLVMMetadataRef,
    pub debug_loc: LLVMMetadataRef,
}

#[cfg(feature = "llvm22")]
extern "C" {
    fn pebble_record_users(value: LLVMValueRef, out: *mut Record, capacity: u32) -> u32;
    fn pebble_record_assign_markers(inst: LLVMValueRef, out: *mut Record, capacity: u32) -> u32;
    fn pebble_record_location(record: Record) -> LLVMMetadataRef;
    fn pebble_record_set_location(record: Record, location: LLVMMetadataRef);
    fn pebble_record_erase(record: Record);
    fn pebble_record_block(record: Record) -> LLVMBasicBlockRef;
    fn pebble_record_move_to_end(inst: LLVMValueRef, block: LLVMBasicBlockRef);
    fn pebble_record_move_before(inst: LLVMValueRef, before: LLVMValueRef);
    fn pebble_record_move_all(from: LLVMValueRef, to: LLVMValueRef, at_head: i32);
    fn pebble_record_location_ops(record: Record, out: *mut LLVMValueRef, capacity: u32) -> u32;
    fn pebble_record_clone_remapped(
        record: Record,
        before: LLVMValueRef,
        keys: *const LLVMValueRef,
        values: *const LLVMValueRef,
        n: u32,
    );
    #[allow(clippy::too_many_arguments)]
    fn pebble_record_insert(
        declare: i32,
        location: LLVMMetadataRef,
        variable: LLVMMetadataRef,
        expression: LLVMMetadataRef,
        debug_loc: LLVMMetadataRef,
        before_inst: LLVMValueRef,
        at_head: i32,
        before_record: Record,
    );
}

/// Reads a glue list (count first, then the records).
#[cfg(feature = "llvm22")]
unsafe fn glue_list(read: impl Fn(*mut Record, u32) -> u32) -> Vec<Record> {
    let n = read(std::ptr::null_mut(), 0);
    let mut out = vec![std::ptr::null_mut(); n as usize];
    let got = read(out.as_mut_ptr(), n);
    out.truncate(got.min(n) as usize);
    out
}

/// The markers whose location is `value` itself (not a `DIArgList` holding
/// it), each once, in LLVM's `findDbgUsers` order (19: use-list order).
///
/// # Safety
/// `value` is live, in `context`.
pub unsafe fn users(context: LLVMContextRef, value: LLVMValueRef) -> Vec<Record> {
    #[cfg(feature = "llvm22")]
    {
        let _ = context;
        glue_list(|out, cap| pebble_record_users(value, out, cap))
    }
    #[cfg(not(feature = "llvm22"))]
    {
        let wrapper = LLVMMetadataAsValue(context, LLVMValueAsMetadata(value));
        let mut out = Vec::new();
        for user in super::users(wrapper) {
            if kind(user) != Kind::Other
                && LLVMGetOperand(user, 0) == wrapper
                && !out.contains(&user)
            {
                out.push(user);
            }
        }
        out
    }
}

/// The `dbg.assign` markers linked to `inst` by its `!DIAssignID`, each once.
///
/// # Safety
/// `inst` is a live instruction; `assign_kind` is the `DIAssignID` kind.
pub unsafe fn assign_markers(inst: LLVMValueRef, assign_kind: u32) -> Vec<Record> {
    #[cfg(feature = "llvm22")]
    {
        let _ = assign_kind;
        glue_list(|out, cap| pebble_record_assign_markers(inst, out, cap))
    }
    #[cfg(not(feature = "llvm22"))]
    {
        let id = LLVMGetMetadata(inst, assign_kind);
        if id.is_null() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for user in super::users(id) {
            if kind(user) == Kind::Assign && LLVMGetOperand(user, 3) == id && !out.contains(&user) {
                out.push(user);
            }
        }
        out
    }
}

/// The marker's kind; `Other` for anything that is not a debug marker.
///
/// # Safety
/// `record` is live.
pub unsafe fn kind(record: Record) -> Kind {
    #[cfg(feature = "llvm22")]
    {
        match LLVMDbgRecordGetKind(record) {
            llvm_sys::LLVMDbgRecordKind::LLVMDbgRecordDeclare => Kind::Declare,
            llvm_sys::LLVMDbgRecordKind::LLVMDbgRecordValue => Kind::Value,
            llvm_sys::LLVMDbgRecordKind::LLVMDbgRecordAssign => Kind::Assign,
            _ => Kind::Other,
        }
    }
    #[cfg(not(feature = "llvm22"))]
    {
        if super::opcode(record) != Some(llvm_sys::LLVMOpcode::LLVMCall) {
            return Kind::Other;
        }
        match super::called_intrinsic_name(record).as_deref() {
            Some("llvm.dbg.declare") => Kind::Declare,
            Some("llvm.dbg.value") => Kind::Value,
            Some("llvm.dbg.assign") => Kind::Assign,
            _ => Kind::Other,
        }
    }
}

/// What the marker describes the variable by (its first operand).
///
/// # Safety
/// `record` is a live variable marker.
pub unsafe fn location(record: Record) -> LLVMMetadataRef {
    #[cfg(feature = "llvm22")]
    {
        pebble_record_location(record)
    }
    #[cfg(not(feature = "llvm22"))]
    {
        LLVMValueAsMetadata(LLVMGetOperand(record, 0))
    }
}

/// Makes the marker describe its variable by `location`.
///
/// # Safety
/// `record` is a live variable marker; `location` is valid for it.
pub unsafe fn set_location(context: LLVMContextRef, record: Record, location: LLVMMetadataRef) {
    #[cfg(feature = "llvm22")]
    {
        let _ = context;
        pebble_record_set_location(record, location);
    }
    #[cfg(not(feature = "llvm22"))]
    {
        LLVMSetOperand(record, 0, LLVMMetadataAsValue(context, location));
    }
}

/// The block holding the marker.
///
/// # Safety
/// `record` is live and in a block.
pub unsafe fn block(record: Record) -> LLVMBasicBlockRef {
    #[cfg(feature = "llvm22")]
    {
        pebble_record_block(record)
    }
    #[cfg(not(feature = "llvm22"))]
    {
        LLVMGetInstructionParent(record)
    }
}

/// The `DILocalVariable` the marker describes.
///
/// # Safety
/// `record` is a live variable marker.
pub unsafe fn variable(record: Record) -> LLVMMetadataRef {
    #[cfg(feature = "llvm22")]
    {
        LLVMDbgVariableRecordGetVariable(record)
    }
    #[cfg(not(feature = "llvm22"))]
    {
        LLVMValueAsMetadata(LLVMGetOperand(record, 1))
    }
}

/// The marker's `DIExpression`.
///
/// # Safety
/// `record` is a live variable marker.
pub unsafe fn expression(record: Record) -> LLVMMetadataRef {
    #[cfg(feature = "llvm22")]
    {
        LLVMDbgVariableRecordGetExpression(record)
    }
    #[cfg(not(feature = "llvm22"))]
    {
        LLVMValueAsMetadata(LLVMGetOperand(record, 2))
    }
}

/// The marker's own `DILocation` (null when it has none).
///
/// # Safety
/// `record` is live.
pub unsafe fn debug_loc(record: Record) -> LLVMMetadataRef {
    #[cfg(feature = "llvm22")]
    {
        LLVMDbgRecordGetDebugLoc(record)
    }
    #[cfg(not(feature = "llvm22"))]
    {
        LLVMInstructionGetDebugLoc(record)
    }
}

/// The intrinsic a new LLVM 19 marker calls: its declaration and type.
#[cfg(not(feature = "llvm22"))]
unsafe fn intrinsic(module: LLVMModuleRef, declare: bool) -> (LLVMValueRef, LLVMTypeRef) {
    let name = if declare {
        "llvm.dbg.declare"
    } else {
        "llvm.dbg.value"
    };
    let id = super::intrinsic_id(name);
    let function = LLVMGetIntrinsicDeclaration(module, id, std::ptr::null_mut(), 0);
    let ty = LLVMIntrinsicGetType(LLVMGetModuleContext(module), id, std::ptr::null_mut(), 0);
    (function, ty)
}

/// Inserts a new `dbg.declare` (`declare`) or `dbg.value` saying
/// `contents`, at `before`. `di_builder` is the module's `DIBuilder` (the
/// C API's record inserters need one) and `builder` an IR builder (LLVM
/// 19's calls are built with it).
///
/// # Safety
/// `before` names live IR of `module`; `contents` are valid metadata of
/// its context; a `Before::Record` is a record (LLVM 22) or a call (19).
pub unsafe fn insert(
    module: LLVMModuleRef,
    di_builder: LLVMDIBuilderRef,
    builder: LLVMBuilderRef,
    declare: bool,
    contents: Contents,
    before: Before,
) {
    #[cfg(feature = "llvm22")]
    {
        let _ = (module, builder);
        let c = &contents;
        if let (Before::Instruction(inst), Location::Value(value)) = (before, c.location) {
            if !c.debug_loc.is_null() {
                let insert = if declare {
                    LLVMDIBuilderInsertDeclareRecordBefore
                } else {
                    LLVMDIBuilderInsertDbgValueRecordBefore
                };
                insert(
                    di_builder,
                    value,
                    c.variable,
                    c.expression,
                    c.debug_loc,
                    inst,
                );
                return;
            }
        }
        // What the C API cannot do: a raw location, no debug location, or
        // a place other than just before an instruction.
        let (inst, at_head, record) = match before {
            Before::Instruction(inst) => (inst, 0, std::ptr::null_mut()),
            Before::HeadOf(inst) => (inst, 1, std::ptr::null_mut()),
            Before::Record(record) => (std::ptr::null_mut(), 0, record),
        };
        pebble_record_insert(
            declare as i32,
            c.location.metadata(),
            c.variable,
            c.expression,
            c.debug_loc,
            inst,
            at_head,
            record,
        );
    }
    #[cfg(not(feature = "llvm22"))]
    {
        let _ = di_builder;
        let at = match before {
            Before::Instruction(inst) => inst,
            Before::Record(call) => call,
            // The first of the calls just before `inst`.
            Before::HeadOf(inst) => {
                let mut first = inst;
                loop {
                    let previous = LLVMGetPreviousInstruction(first);
                    if previous.is_null() || kind(previous) == Kind::Other {
                        break first;
                    }
                    first = previous;
                }
            }
        };
        let context = LLVMGetModuleContext(module);
        let (function, ty) = intrinsic(module, declare);
        let mut args = [
            LLVMMetadataAsValue(context, contents.location.metadata()),
            LLVMMetadataAsValue(context, contents.variable),
            LLVMMetadataAsValue(context, contents.expression),
        ];
        LLVMPositionBuilderBefore(builder, at);
        let call = LLVMBuildCall2(builder, ty, function, args.as_mut_ptr(), 3, c"".as_ptr());
        if !contents.debug_loc.is_null() {
            LLVMInstructionSetDebugLoc(call, contents.debug_loc);
        }
    }
}

/// Positions `builder` before `inst` and before the markers attached to
/// it: where a phi goes at the top of a block (LLVM 22's verifier rejects
/// a phi carrying debug records, which `LLVMPositionBuilderBefore` would
/// leave on it). On LLVM 19 markers are calls of their own and this is
/// `LLVMPositionBuilderBefore`.
///
/// # Safety
/// `builder` and `inst` are live.
pub unsafe fn position_before_markers(builder: LLVMBuilderRef, inst: LLVMValueRef) {
    #[cfg(feature = "llvm22")]
    {
        LLVMPositionBuilderBeforeInstrAndDbgRecords(builder, inst);
    }
    #[cfg(not(feature = "llvm22"))]
    {
        LLVMPositionBuilderBefore(builder, inst);
    }
}

/// Moves `inst` to the end of `block` with the markers attached to it, as
/// LLVM's block splicing moves an instruction's records along. On LLVM 19
/// markers are calls of their own, moved like any instruction by the
/// caller.
///
/// # Safety
/// `inst` is a live instruction, `block` a live block of its function
/// and `builder` a builder of its context; moving breaks no dominance.
pub unsafe fn move_to_end(builder: LLVMBuilderRef, inst: LLVMValueRef, block: LLVMBasicBlockRef) {
    #[cfg(feature = "llvm22")]
    {
        let _ = builder;
        pebble_record_move_to_end(inst, block);
    }
    #[cfg(not(feature = "llvm22"))]
    {
        // Inserting through a builder renames: keep the name.
        let name = std::ffi::CString::new(super::name(inst)).unwrap_or_default();
        LLVMInstructionRemoveFromParent(inst);
        LLVMPositionBuilderAtEnd(builder, block);
        super::insert_keeping_location(builder, inst, &name);
    }
}

/// Erases a marker (callers go through `delete::erase_debug_record`).
///
/// # Safety
/// `record` is live and not used afterwards; as an LLVM 19 call it has no
/// users (debug intrinsics never do).
pub(super) unsafe fn erase(record: Record) {
    #[cfg(feature = "llvm22")]
    {
        pebble_record_erase(record);
    }
    #[cfg(not(feature = "llvm22"))]
    {
        super::delete::erase_unused(record);
    }
}

/// Whether `inst` is itself a marker: an LLVM 19 `llvm.dbg.*` call (LLVM
/// 22's records are not instructions).
///
/// # Safety
/// `inst` is a live instruction.
pub unsafe fn is_marker(inst: LLVMValueRef) -> bool {
    #[cfg(feature = "llvm22")]
    {
        let _ = inst;
        false
    }
    #[cfg(not(feature = "llvm22"))]
    {
        super::opcode(inst) == Some(llvm_sys::LLVMOpcode::LLVMCall)
            && super::called_intrinsic_name(inst).is_some_and(|n| n.starts_with("llvm.dbg."))
    }
}

/// The markers attached to `inst`, in order: its records (LLVM 22), or the
/// `llvm.dbg.*` calls just before it (LLVM 19: what becomes its records
/// when the glue converts back).
///
/// # Safety
/// `inst` is a live instruction, not itself a marker.
pub unsafe fn attached(inst: LLVMValueRef) -> Vec<Record> {
    #[cfg(feature = "llvm22")]
    {
        let mut out = Vec::new();
        let mut record = LLVMGetFirstDbgRecord(inst);
        while !record.is_null() {
            out.push(record);
            record = LLVMGetNextDbgRecord(record);
        }
        out
    }
    #[cfg(not(feature = "llvm22"))]
    {
        let mut out = Vec::new();
        let mut call = LLVMGetPreviousInstruction(inst);
        while !call.is_null() && is_marker(call) {
            out.push(call);
            call = LLVMGetPreviousInstruction(call);
        }
        out.reverse();
        out
    }
}

/// The values a variable marker's location names (one, a `DIArgList`'s
/// arguments, or none for an empty location): LLVM's `location_ops()`.
///
/// # Safety
/// `record` is a live variable marker.
pub unsafe fn location_ops(record: Record) -> Vec<LLVMValueRef> {
    #[cfg(feature = "llvm22")]
    {
        let n = pebble_record_location_ops(record, std::ptr::null_mut(), 0);
        let mut out = vec![std::ptr::null_mut(); n as usize];
        let got = pebble_record_location_ops(record, out.as_mut_ptr(), n);
        out.truncate(got.min(n) as usize);
        out
    }
    #[cfg(not(feature = "llvm22"))]
    {
        // Operand 0 wraps the location; the C API gives a wrapped
        // `ValueAsMetadata`'s value as its only operand (`LLVMIsAMDNode`
        // admits it and empty nodes, not a `DIArgList`, which it cannot
        // read).
        let wrapper = LLVMGetOperand(record, 0);
        if !LLVMIsAMDNode(wrapper).is_null() && LLVMGetNumOperands(wrapper) == 1 {
            vec![LLVMGetOperand(wrapper, 0)]
        } else {
            Vec::new()
        }
    }
}

/// Inserts a copy of `record` (any kind, labels too) just before `before`,
/// after the markers already there, with each value `map` has a pair for
/// replaced (`RemapDbgRecord` with `RF_IgnoreMissingLocals`: the others
/// are kept), as LLVM's loop rotation clones a header instruction's
/// records onto its copy.
///
/// # Safety
/// `record` and `before` are live; the mapped values are of the same
/// function and dominate `before`.
pub unsafe fn clone_remapped(
    record: Record,
    before: LLVMValueRef,
    map: &[(LLVMValueRef, LLVMValueRef)],
) {
    #[cfg(feature = "llvm22")]
    {
        let (keys, values): (Vec<_>, Vec<_>) = map.iter().copied().unzip();
        pebble_record_clone_remapped(
            record,
            before,
            keys.as_ptr(),
            values.as_ptr(),
            keys.len() as u32,
        );
    }
    #[cfg(not(feature = "llvm22"))]
    {
        // A call of its own: cloned, its value location remapped. A
        // `DIArgList` location is not copied: the C API can neither read
        // nor build one, and kept as it is it could name header values.
        let wrapper = LLVMGetOperand(record, 0);
        if kind(record) != Kind::Other && LLVMIsAMDNode(wrapper).is_null() {
            return;
        }
        let copy = LLVMInstructionClone(record);
        if let [value] = location_ops(record)[..] {
            if let Some(&(_, to)) = map.iter().find(|(from, _)| *from == value) {
                let context = LLVMGetTypeContext(LLVMTypeOf(to));
                LLVMSetOperand(
                    copy,
                    0,
                    LLVMMetadataAsValue(context, LLVMValueAsMetadata(to)),
                );
            }
        }
        let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(before)));
        LLVMPositionBuilderBefore(builder, before);
        super::insert_keeping_location(builder, copy, c"");
        LLVMDisposeBuilder(builder);
    }
}

/// Moves `inst` just before `before` with the markers attached to it,
/// after the markers attached to `before` (where LLVM's block splice puts
/// them). On LLVM 19 markers are calls of their own, moved like any
/// instruction by the caller.
///
/// # Safety
/// `inst` and `before` are live instructions of one function and
/// `builder` a builder of its context; moving breaks no dominance.
pub unsafe fn move_before(builder: LLVMBuilderRef, inst: LLVMValueRef, before: LLVMValueRef) {
    #[cfg(feature = "llvm22")]
    {
        let _ = builder;
        pebble_record_move_before(inst, before);
    }
    #[cfg(not(feature = "llvm22"))]
    {
        // Inserting through a builder renames: keep the name.
        let name = std::ffi::CString::new(super::name(inst)).unwrap_or_default();
        LLVMInstructionRemoveFromParent(inst);
        LLVMPositionBuilderBefore(builder, before);
        super::insert_keeping_location(builder, inst, &name);
    }
}

/// Moves the markers attached to `from` onto `to`: before the markers
/// already attached to `to` (`at_head`) or after them. For an instruction
/// about to be erased whose markers must survive it (a terminator whose
/// block is merged into another). LLVM 19: nothing to do, its markers are
/// calls of their own.
///
/// # Safety
/// `from` and `to` are live instructions of one function.
pub unsafe fn move_attached(from: LLVMValueRef, to: LLVMValueRef, at_head: bool) {
    #[cfg(feature = "llvm22")]
    {
        pebble_record_move_all(from, to, at_head as i32);
    }
    #[cfg(not(feature = "llvm22"))]
    {
        let _ = (from, to, at_head);
    }
}
