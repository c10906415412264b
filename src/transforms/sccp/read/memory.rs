//! Constant memory as the solver sees it: pointers that are constants in
//! the IR, and loads from read-only globals.
//!
//! A pointer is described as a `pointer::PtrConst` when it is `null`, a
//! global, a constant `getelementptr` expression with constant indices
//! into a global (its byte offset computed with the module's data layout),
//! or `inttoptr` of a 64-bit integer constant (pointers are 64 bits here).
//!
//! A `load` (not volatile, not atomic) of an integer of whole bytes from
//! such a pointer into a `constant` global with a definitive initializer
//! (no other definition can replace it: `has_definitive_initializer`)
//! becomes `Op::ConstantLoad` when each loaded byte lies inside an integer
//! (or a zero) of the initializer: what LLVM's `sccp` gets from
//! `ConstantFoldLoadFromConstPtr`. Only little-endian layouts are read;
//! bytes of floats, pointers, padding or `undef` are never read.
//!
//! A load through `getelementptr` *instructions* into such a global (one,
//! or a chain of them, each the base of the next, as clang -O0 emits for
//! `g[i][j].f`) is read the same way when every index is a constant, and
//! becomes `Op::TableLoad` otherwise: `%p = getelementptr [4 x i16], ptr
//! @table, i64 0, i64 %i`. The table holds the integer at each position
//! the indices can reach inside the global (a multiple of their strides'
//! greatest common divisor; `None` where the bytes are not one integer),
//! so that the solver looks one up once it proves every index constant.
//! LLVM's `sccp` gets the same by folding the GEPs to constant expressions
//! and then the load; `rewrite` replaces such GEPs by constant expressions
//! too. Only non-negative indices are read, so that
//! every position's address is computed without wrapping and satisfies
//! every flag a GEP may carry (`inbounds`, `nusw`, `nuw`): a position
//! outside the table is overdefined, never folded.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::{
    LLVMABISizeOfType, LLVMByteOrder, LLVMByteOrdering, LLVMOffsetOfElement, LLVMPointerSize,
    LLVMStoreSizeOfType,
};
use llvm_sys::{LLVMAtomicOrdering, LLVMLinkage, LLVMOpcode, LLVMTypeKind};

use super::{int_width, Reader};
use crate::ir;
use crate::transforms::sccp::lattice::{mask, Konst};
use crate::transforms::sccp::pointer::{Global, PtrConst};
use crate::transforms::sccp::program::{GepStep, Op};

/// The most positions an `Op::TableLoad` holds.
const MAX_TABLE: u64 = 1024;

/// The byte offset a GEP adds to its base: `constant`, plus `index ×
/// stride` for its one index that is not a constant, if it has one.
struct GepOffset {
    constant: i64,
    variable: Option<(LLVMValueRef, i64)>,
}

/// A chain of `getelementptr` instructions from `base` (`gep_chain`):
/// the bytes its constant indices add, and each index that is not a
/// constant with its stride.
struct GepChain {
    base: LLVMValueRef,
    constant: i64,
    variables: Vec<(LLVMValueRef, u64)>,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The integer of `inttoptr (i64 <integer> to ptr)`, a constant
/// expression.
///
/// # Safety
/// `value` is a live constant of pointer type.
unsafe fn integer_address(value: LLVMValueRef) -> Option<u64> {
    if LLVMIsAConstantExpr(value).is_null() || LLVMGetConstOpcode(value) != LLVMOpcode::LLVMIntToPtr
    {
        return None;
    }
    let integer = LLVMGetOperand(value, 0);
    let is_i64 = LLVMGetTypeKind(LLVMTypeOf(integer)) == LLVMTypeKind::LLVMIntegerTypeKind
        && LLVMGetIntTypeWidth(LLVMTypeOf(integer)) == 64;
    (is_i64 && !LLVMIsAConstantInt(integer).is_null()).then(|| LLVMConstIntGetZExtValue(integer))
}

/// Whether every load of the global variable `gv` sees its initializer
/// (LLVM's `GlobalVariable::hasDefinitiveInitializer`): it has one, no
/// other definition can replace it at link time, and it is not
/// `externally_initialized`. Weak, `linkonce`, `common` and `extern_weak`
/// definitions can be replaced; the `_odr` forms and
/// `available_externally` promise an equivalent definition, as external,
/// internal and private ones are the definition. In a module with the
/// `SemanticInterposition` flag an external definition that is not
/// `dso_local` can be interposed too; the C API does not say which
/// definitions are `dso_local`, so there only local ones count (LLVM
/// would also accept `dso_local` ones).
///
/// # Safety
/// `gv` is a live global variable.
pub(super) unsafe fn has_definitive_initializer(
    gv: LLVMValueRef,
    semantic_interposition: bool,
) -> bool {
    use LLVMLinkage::*;
    if LLVMGetInitializer(gv).is_null() || LLVMIsExternallyInitialized(gv) != 0 {
        return false;
    }
    match LLVMGetLinkage(gv) {
        LLVMInternalLinkage | LLVMPrivateLinkage => true,
        LLVMExternalLinkage
        | LLVMAvailableExternallyLinkage
        | LLVMLinkOnceODRLinkage
        | LLVMWeakODRLinkage => !semantic_interposition,
        _ => false,
    }
}

impl Reader<'_> {
    /// `value` as a constant pointer of address space 0, if it is one we
    /// can describe (`None` otherwise: not decided).
    pub(super) unsafe fn pointer_constant(&self, value: LLVMValueRef) -> Option<PtrConst> {
        let ty = LLVMTypeOf(value);
        if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMPointerTypeKind
            || LLVMGetPointerAddressSpace(ty) != 0
            || LLVMPointerSize(self.data_layout) != 8
        {
            return None;
        }
        if !LLVMIsAConstantPointerNull(value).is_null() {
            return Some(PtrConst::Null);
        }
        if let Some(address) = integer_address(value) {
            return Some(if address == 0 {
                PtrConst::Null
            } else {
                PtrConst::Address(address)
            });
        }
        if !LLVMIsAGlobalVariable(value).is_null() || !LLVMIsAFunction(value).is_null() {
            return Some(PtrConst::InGlobal {
                global: self.global(value),
                offset: 0,
            });
        }
        if LLVMIsAConstantExpr(value).is_null()
            || LLVMGetConstOpcode(value) != LLVMOpcode::LLVMGetElementPtr
        {
            return None;
        }
        let PtrConst::InGlobal { global, offset } =
            self.pointer_constant(LLVMGetOperand(value, 0))?
        else {
            return None; // a GEP from null
        };
        Some(PtrConst::InGlobal {
            global: Global {
                inbounds: global.inbounds && LLVMIsInBounds(value) != 0,
                ..global
            },
            offset: offset.wrapping_add(self.gep_offset(value)?),
        })
    }

    /// The byte offset a constant GEP adds to its base (wrapping, as
    /// addresses do), if every index is a constant integer and every type
    /// stepped through is an array or a struct.
    unsafe fn gep_offset(&self, gep: LLVMValueRef) -> Option<i64> {
        match self.gep_terms(gep, false)? {
            GepOffset {
                constant,
                variable: None,
            } => Some(constant),
            _ => None,
        }
    }

    /// `Op::Gep::step` of a `getelementptr` instruction: its offset as
    /// `gep_terms` finds it, one index of which may be a value (pointers
    /// of 64 bits, as `PtrConst` offsets are).
    pub(super) unsafe fn gep_step(&self, gep: LLVMValueRef) -> Option<GepStep> {
        if LLVMPointerSize(self.data_layout) != 8 {
            return None;
        }
        let terms = self.gep_terms(gep, true)?;
        Some(GepStep {
            constant: terms.constant,
            variable: terms
                .variable
                .map(|(index, stride)| (self.operand(index), stride)),
            inbounds: LLVMIsInBounds(gep) != 0,
        })
    }

    /// The offset of a GEP (constant expression or instruction) whose
    /// every type stepped through is an array or a struct; with
    /// `one_variable`, one index may be an integer value of at most 64 bits
    /// that is not a constant (an array step or the first index: struct
    /// fields are constants in valid IR).
    unsafe fn gep_terms(&self, gep: LLVMValueRef, one_variable: bool) -> Option<GepOffset> {
        let mut ty = LLVMGetGEPSourceElementType(gep);
        let constant_index = |v: LLVMValueRef| -> Option<i64> {
            if LLVMIsAConstantInt(v).is_null() || int_width(LLVMTypeOf(v)).is_none() {
                return None;
            }
            Some(LLVMConstIntGetSExtValue(v) as i64)
        };
        // A scalable step (`getelementptr <vscale x 4 x i32>, ...`) has no
        // constant offset; asking LLVMABISizeOfType would abort `opt`.
        let size = |t: LLVMTypeRef| match ir::type_size::alloc_size_bits(self.data_layout, t) {
            Some(size) if !size.scalable => Some((size.min_bits / 8) as i64),
            _ => None,
        };
        let mut offset = GepOffset {
            constant: 0,
            variable: None,
        };
        for k in 1..LLVMGetNumOperands(gep) as u32 {
            let v = LLVMGetOperand(gep, k);
            if k > 1 {
                match LLVMGetTypeKind(ty) {
                    LLVMTypeKind::LLVMArrayTypeKind => ty = LLVMGetElementType(ty),
                    LLVMTypeKind::LLVMStructTypeKind => {
                        let field = u32::try_from(constant_index(v)?).ok()?;
                        if field >= LLVMCountStructElementTypes(ty) {
                            return None;
                        }
                        let at = LLVMOffsetOfElement(self.data_layout, ty, field) as i64;
                        offset.constant = offset.constant.wrapping_add(at);
                        ty = LLVMStructGetTypeAtIndex(ty, field);
                        continue;
                    }
                    _ => return None,
                }
            }
            let stride = size(ty)?;
            match constant_index(v) {
                Some(i) => offset.constant = offset.constant.wrapping_add(i.wrapping_mul(stride)),
                None if one_variable
                    && offset.variable.is_none()
                    && int_width(LLVMTypeOf(v)).is_some() =>
                {
                    offset.variable = Some((v, stride));
                }
                None => return None,
            }
        }
        Some(offset)
    }

    /// Is `load` one whose bytes we may read from an initializer: neither
    /// volatile nor atomic, in a little-endian layout?
    unsafe fn is_readable_load(&self, load: LLVMValueRef) -> bool {
        LLVMGetVolatile(load) == 0
            && LLVMGetOrdering(load) == LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
            && LLVMByteOrder(self.data_layout) == LLVMByteOrdering::LLVMLittleEndian
    }

    /// The definitive initializer, its type and the byte offset a constant
    /// `pointer` into a `constant` global points at.
    unsafe fn initializer_at(
        &self,
        pointer: LLVMValueRef,
    ) -> Option<(LLVMValueRef, LLVMTypeRef, u64)> {
        let Some(PtrConst::InGlobal { global, offset }) = self.pointer_constant(pointer) else {
            return None;
        };
        let (init, ty) = self.definitive_initializer(global.id as usize)?;
        Some((init, ty, u64::try_from(offset).ok()?))
    }

    /// A load of a pointer straight from a constant global (no GEP
    /// instruction): `Op::PointerLoad` of `null` where its 8 bytes are
    /// zeros, of the pointer constant the initializer holds there (a
    /// global's address, a function's), or `Op::UndefLoad`.
    pub(super) unsafe fn pointer_load_op(&self, load: LLVMValueRef) -> Option<Op> {
        if !self.is_readable_load(load) || LLVMPointerSize(self.data_layout) != 8 {
            return None;
        }
        let (init, ty, start) = self.initializer_at(LLVMGetOperand(load, 0))?;
        if self.constant_at(init, ty, start, 64) == Some(Konst::new(64, 0)) {
            self.pointers
                .borrow_mut()
                .entry(PtrConst::Null)
                .or_insert_with(|| LLVMConstPointerNull(LLVMTypeOf(load)));
            return Some(Op::PointerLoad(PtrConst::Null));
        }
        if let Some(element) = self.pointer_element_at(init, ty, start) {
            let p = self.pointer_constant(element)?;
            self.pointers.borrow_mut().entry(p).or_insert(element);
            return Some(Op::PointerLoad(p));
        }
        (0..8)
            .all(|k| self.is_undef_byte(init, ty, start + k))
            .then_some(Op::UndefLoad)
    }

    /// The pointer constant that starts at byte `offset` of the constant
    /// `c` of type `ty`, if one does.
    unsafe fn pointer_element_at(
        &self,
        c: LLVMValueRef,
        ty: LLVMTypeRef,
        offset: u64,
    ) -> Option<LLVMValueRef> {
        if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMPointerTypeKind {
            return (offset == 0).then_some(c);
        }
        let (value, element, inner) = self.element_at(c, ty, offset)?;
        self.pointer_element_at(value, element, inner)
    }

    /// The element of the aggregate constant `c` of type `ty` (an array or
    /// a struct) that byte `offset` lies in, with its type and the offset
    /// inside it; `None` for other types, offsets past the elements, and
    /// elements the C API cannot give.
    unsafe fn element_at(
        &self,
        c: LLVMValueRef,
        ty: LLVMTypeRef,
        offset: u64,
    ) -> Option<(LLVMValueRef, LLVMTypeRef, u64)> {
        let (index, element, start) = match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMArrayTypeKind => {
                let element = LLVMGetElementType(ty);
                let size = LLVMABISizeOfType(self.data_layout, element);
                if size == 0 || offset / size >= LLVMGetArrayLength2(ty) {
                    return None;
                }
                (offset / size, element, offset / size * size)
            }
            LLVMTypeKind::LLVMStructTypeKind => {
                let fields = LLVMCountStructElementTypes(ty);
                let field = (0..fields)
                    .rev()
                    .find(|&i| LLVMOffsetOfElement(self.data_layout, ty, i) <= offset)?;
                let start = LLVMOffsetOfElement(self.data_layout, ty, field);
                (u64::from(field), LLVMStructGetTypeAtIndex(ty, field), start)
            }
            _ => return None,
        };
        let value = LLVMGetAggregateElement(c, index as u32);
        (!value.is_null()).then_some((value, element, offset - start))
    }

    /// Does a whole value of type `ty` (`zeroinitializer`, `undef`) cover
    /// bytes `offset .. offset + count` of it (an aggregate: all of its
    /// allocation; anything else: its stored bytes)?
    unsafe fn whole_value_covers(&self, ty: LLVMTypeRef, offset: u64, count: u64) -> bool {
        let is_aggregate = matches!(
            LLVMGetTypeKind(ty),
            LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMStructTypeKind
        );
        is_aggregate || offset + count <= LLVMStoreSizeOfType(self.data_layout, ty)
    }

    /// The operation a load is, if it reads read-only memory we can see
    /// (see the module comment): `Op::ConstantLoad` or `Op::TableLoad`.
    pub(super) unsafe fn load_op(&self, load: LLVMValueRef, width: u32) -> Option<Op> {
        if !self.is_readable_load(load) || !width.is_multiple_of(8) {
            return None;
        }
        let bytes = width as u64 / 8;
        let pointer = LLVMGetOperand(load, 0);
        // A constant pointer is no GEP instruction: it is read here or not.
        if let Some((init, ty, start)) = self.initializer_at(pointer) {
            return self.read_at(init, ty, start, width);
        }
        let chain = self.gep_chain(pointer)?;
        let Some(PtrConst::InGlobal { global, offset }) = self.pointer_constant(chain.base) else {
            return None;
        };
        if offset < 0 {
            return None;
        }
        let (init, ty) = self.definitive_initializer(global.id as usize)?;
        let start = u64::try_from(offset.checked_add(chain.constant)?).ok()?;
        if chain.variables.is_empty() {
            return self.read_at(init, ty, start, width);
        }
        // Positions are multiples of the strides' greatest common divisor
        // past `start`: 0..=last, where start + last * unit + bytes <= size.
        let unit = chain.variables.iter().fold(0, |g, &(_, s)| gcd(g, s));
        let size = LLVMABISizeOfType(self.data_layout, ty);
        let room = size.checked_sub(start.checked_add(bytes)?)?;
        let positions = (room / unit + 1).min(MAX_TABLE);
        let table: Vec<Option<Konst>> = (0..positions)
            .map(|p| self.constant_at(init, ty, start + p * unit, width))
            .collect();
        if table.iter().all(Option::is_none) {
            return None;
        }
        let indices = chain
            .variables
            .iter()
            .map(|&(index, stride)| (self.operand(index), stride / unit))
            .collect();
        Some(Op::TableLoad { indices, table })
    }

    /// The `getelementptr` instructions `pointer` is computed by, down to
    /// the first value that is not one (`GepChain::base`), when each steps
    /// through arrays and structs only and every constant index is
    /// non-negative (so that every position is reached without wrapping
    /// and meets any flag a GEP may carry). Their offsets are summed; the
    /// indices that are not constants are kept with their strides, which
    /// must be positive. `None` when `pointer` is no GEP instruction.
    unsafe fn gep_chain(&self, pointer: LLVMValueRef) -> Option<GepChain> {
        let mut chain = GepChain {
            base: pointer,
            constant: 0,
            variables: Vec::new(),
        };
        while !LLVMIsAGetElementPtrInst(chain.base).is_null() {
            let gep = chain.base;
            let all_indices_non_negative = (1..LLVMGetNumOperands(gep) as u32).all(|k| {
                let v = LLVMGetOperand(gep, k);
                LLVMIsAConstantInt(v).is_null() || LLVMConstIntGetSExtValue(v) >= 0
            });
            if !all_indices_non_negative {
                return None;
            }
            let terms = self.gep_terms(gep, true)?;
            chain.constant = chain.constant.checked_add(terms.constant)?;
            if let Some((index, stride)) = terms.variable {
                chain
                    .variables
                    .push((index, u64::try_from(stride).ok().filter(|&s| s > 0)?));
            }
            chain.base = LLVMGetOperand(gep, 0);
        }
        (chain.base != pointer).then_some(chain)
    }

    /// A load of `width` bits (a whole number of bytes) at byte `start` of
    /// the initializer `init` of type `ty`: `Op::ConstantLoad` when its
    /// bytes are known, `Op::UndefLoad` when every one is `undef` (LLVM's
    /// `ConstantFoldLoadFromConstPtr` gives `undef` there too).
    unsafe fn read_at(
        &self,
        init: LLVMValueRef,
        ty: LLVMTypeRef,
        start: u64,
        width: u32,
    ) -> Option<Op> {
        if let Some(k) = self.constant_at(init, ty, start, width) {
            return Some(Op::ConstantLoad(k));
        }
        (0..u64::from(width) / 8)
            .all(|k| self.is_undef_byte(init, ty, start + k))
            .then_some(Op::UndefLoad)
    }

    /// Is byte `offset` of the constant `c` of type `ty` inside an `undef`
    /// (or `poison`) value of it?
    unsafe fn is_undef_byte(&self, c: LLVMValueRef, ty: LLVMTypeRef, offset: u64) -> bool {
        if offset >= LLVMABISizeOfType(self.data_layout, ty) {
            return false;
        }
        if LLVMIsUndef(c) != 0 {
            return self.whole_value_covers(ty, offset, 1);
        }
        self.element_at(c, ty, offset)
            .is_some_and(|(value, element, inner)| self.is_undef_byte(value, element, inner))
    }

    /// The `width`-bit integer (a whole number of bytes) at byte `start`
    /// of the initializer `init` of type `ty`, if its bytes are known.
    unsafe fn constant_at(
        &self,
        init: LLVMValueRef,
        ty: LLVMTypeRef,
        start: u64,
        width: u32,
    ) -> Option<Konst> {
        let count = u64::from(width) / 8;
        let bits = self
            .bytes_of(init, ty, start, count)
            .or_else(|| self.bytes_one_by_one(init, ty, start, count))?;
        Some(Konst::new(width, bits))
    }

    /// Like `bytes_of`, for bytes spread over several integers or zeros of
    /// `c` (an `i64` read from a `[16 x i8]`, as Rust's constants are
    /// written): each byte read on its own, then put together little-endian.
    unsafe fn bytes_one_by_one(
        &self,
        c: LLVMValueRef,
        ty: LLVMTypeRef,
        offset: u64,
        count: u64,
    ) -> Option<u64> {
        (0..count).try_fold(0u64, |bits, k| {
            let byte = self.bytes_of(c, ty, offset + k, 1)?;
            Some(bits | byte << (8 * k))
        })
    }

    /// The initializer of global `id` and its type, if it is a `constant`
    /// global variable whose initializer every load sees.
    unsafe fn definitive_initializer(&self, id: usize) -> Option<(LLVMValueRef, LLVMTypeRef)> {
        let gv = self.globals.borrow()[id];
        let definitive = !LLVMIsAGlobalVariable(gv).is_null()
            && LLVMIsGlobalConstant(gv) != 0
            && has_definitive_initializer(gv, self.semantic_interposition);
        definitive.then(|| (LLVMGetInitializer(gv), LLVMGlobalGetValueType(gv)))
    }

    /// The little-endian value of bytes `offset .. offset + count` of the
    /// constant `c` of type `ty`, when they lie inside one integer or one
    /// zero value of it.
    unsafe fn bytes_of(
        &self,
        c: LLVMValueRef,
        ty: LLVMTypeRef,
        offset: u64,
        count: u64,
    ) -> Option<u64> {
        let alloc_size = LLVMABISizeOfType(self.data_layout, ty);
        if offset.checked_add(count)? > alloc_size {
            return None;
        }
        if LLVMIsNull(c) != 0 && self.whole_value_covers(ty, offset, count) {
            return Some(0);
        }
        if !LLVMIsAConstantInt(c).is_null() {
            let w = int_width(ty)?;
            if !w.is_multiple_of(8) || offset + count > w as u64 / 8 {
                return None;
            }
            let value = LLVMConstIntGetZExtValue(c) >> (8 * offset);
            return Some(value & mask(8 * count as u32));
        }
        let (value, element, inner) = self.element_at(c, ty, offset)?;
        self.bytes_of(value, element, inner, count)
    }
}
