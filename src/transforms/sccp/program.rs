//! The plain form of a function the solver works on: an instruction table
//! with operand indices, one terminator per block. No LLVM type appears
//! here; `read` builds it from LLVM IR, tests build it by hand.
//!
//! Only what SCCP can evaluate is described in detail (integer arithmetic,
//! `icmp` of integers and of pointers, loads of constant globals,
//! `zext`/`sext`/`trunc`, `alloca` and `getelementptr` as pointers that are
//! not null, loads and calls whose metadata or attributes bound their
//! value, `select`, `freeze`, phis, `br`, `switch`); every other
//! instruction is `Op::Opaque` (always overdefined) and every other
//! terminator `Terminator::Other` (all its successors executable).

use crate::analysis::cfg::Block;
use crate::analysis::lists::{group_by_list, Lists};

use super::float::{Environment, FloatConst, FloatOp};
use super::fold::{BinOp, CastOp, IntPredicate, PoisonFlags};
use super::intrinsic::Intrinsic;
use super::lattice::Konst;
use super::overflow::OverflowField;
use super::pointer::PtrConst;
use super::range::ConstantRange;
use super::wide::WideOp;
use crate::apint::ApInt;

/// An index into `Program::insts`.
pub type InstId = usize;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// The result of an instruction of this function.
    Inst(InstId),
    /// An integer constant of at most 64 bits.
    Const(Konst),
    /// An integer constant of 65 to `wide::MAX_WIDE_WIDTH` bits (boxed:
    /// rare, and as wide as two operands of any other kind).
    Wide(Box<ApInt>),
    /// A `float` or `double` constant that is not a NaN.
    Float(FloatConst),
    /// A constant pointer of address space 0 `read` could describe.
    Pointer(PtrConst),
    /// LLVM's `undef` or `poison`, of any type. The solver resolves it as
    /// LLVM 19's `SCCPInstVisitor` does (`solver`, "Undef and poison"): a
    /// phi or `select` arm that is undef adds nothing to the union (`phi
    /// [undef, a], [5, b]` is 5), every other use waits on it and is
    /// overdefined in the end, and a branch on it has no successor.
    Undef,
    /// Anything else: an argument, a constant expression `read` does not
    /// describe, an integer wider than `wide` handles.
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    Binary {
        op: BinOp,
        flags: PoisonFlags,
        lhs: Operand,
        rhs: Operand,
    },
    ICmp {
        pred: IntPredicate,
        lhs: Operand,
        rhs: Operand,
    },
    Cast {
        op: CastOp,
        flags: PoisonFlags,
        value: Operand,
        from_width: u32,
        to_width: u32,
    },
    /// `icmp` of two pointers of address space 0 (`pointer::compare`).
    PointerICmp {
        pred: IntPredicate,
        lhs: Operand,
        rhs: Operand,
    },
    /// A pointer that is never null: an `alloca` of address space 0 in a
    /// function where null is not a valid address, or a value its
    /// metadata or attributes declare not null (`read::bounds`).
    NotNull,
    /// A `load`, call or argument whose integer value `!range` metadata
    /// or a `range` attribute bounds (`read::bounds`: outside it the value
    /// is poison). `erasable`: the instruction may be erased once its
    /// uses are replaced (a load neither volatile nor atomic); otherwise
    /// it stays and only its uses get the constant.
    Bounded {
        range: ConstantRange,
        erasable: bool,
    },
    /// A `getelementptr` instruction from `base`: a constant pointer when
    /// `base` is one and `step` gives the offset (its index a constant),
    /// else not null when `base` is not and `keeps_non_null` (the GEP is
    /// `inbounds` and null is not a valid address), overdefined otherwise.
    /// `nuw_indices`: when LLVM 22's SCCP may give the GEP `nuw`
    /// (`ir::version::gep_may_gain_nuw`) and every index is an integer of
    /// at most 64 bits, the indices with their widths, for the flag step
    /// (`flags::gep_nuw`). They are not operands of the solver (`step`'s
    /// index is).
    Gep {
        base: Operand,
        keeps_non_null: bool,
        step: Option<GepStep>,
        nuw_indices: Option<Vec<(Operand, u32)>>,
    },
    Select {
        cond: Operand,
        if_true: Operand,
        if_false: Operand,
    },
    /// A `load` from a `constant` global whose initializer `read` found to
    /// hold this integer at the loaded address.
    ConstantLoad(Konst),
    /// A `load` of a pointer from a `constant` global whose initializer
    /// holds this pointer constant (or zeros: `null`) at the loaded
    /// address.
    PointerLoad(PtrConst),
    /// A `load` from a `constant` global whose initializer `read` found to
    /// be `undef` at every loaded byte: undef, as a phi that only saw
    /// undef (`solver`, "Undef and poison").
    UndefLoad,
    /// A `load` through `getelementptr` instructions into a `constant`
    /// global whose indices that are not constants are `indices`, each
    /// with its weight (its stride in table positions): `table[p]` is the
    /// integer it reads when the indices, each non-negative, weigh `p` in
    /// all (`None`: not an integer of the initializer); a position past
    /// the table is not read.
    TableLoad {
        indices: Vec<(Operand, u64)>,
        table: Vec<Option<Konst>>,
    },
    /// `freeze`: a constant stays itself; anything else is overdefined.
    Freeze(Operand),
    /// A call of an integer intrinsic `intrinsic` folds (`args` has its
    /// arity; `widths` are theirs): a constant when every argument is one,
    /// else a range from the arguments' (`intrinsic::range`).
    Intrinsic {
        intrinsic: Intrinsic,
        args: Vec<Operand>,
        widths: Vec<u32>,
    },
    /// A copy of `value` (`width` bits) in a block entered only on an edge
    /// where `value pred other` holds (`predicate`); it has no LLVM
    /// instruction, and the uses it stands for are listed in
    /// `read::ReadFunction::copies`.
    Constrained {
        value: Operand,
        pred: IntPredicate,
        other: Operand,
        width: u32,
    },
    /// A copy of the pointer `value` where `value pred other` holds, as
    /// `Constrained` (`pointer::constrain`).
    PointerConstrained {
        value: Operand,
        pred: IntPredicate,
        other: Operand,
    },
    /// One entry per incoming edge (a block twice for two edges), in
    /// `Program::phi_entries`.
    Phi(PhiEntries),
    /// Integer arithmetic, `icmp` or a cast where an operand or the
    /// result is wider than 64 bits (`wide`).
    Wide(WideOp),
    /// A floating-point operation, comparison or conversion (`float`),
    /// with the function's floating-point environment.
    Float { op: FloatOp, env: Environment },
    /// `extractvalue` of a `*.with.overflow` call (`overflow`).
    OverflowField(OverflowField),
    /// `ptrtoint` of a pointer of address space 0 (pointers of 64 bits) to
    /// an integer of `width` bits: `null` is 0 and an `inttoptr` address
    /// its integer; any other pointer overdefined, since its bits are not
    /// known, but `rewrite` replaces one that is a constant pointer by
    /// the constant expression `ptrtoint` of it, as LLVM's SCCP does.
    PtrToInt { value: Operand, width: u32 },
    /// `extractvalue` of a struct field whose value is this operand: the
    /// element of a constant struct, or what an `insertvalue` put there
    /// (`read::aggregate`). Its value is the operand's.
    Field(Operand),
    /// Not evaluated: loads, calls, allocas, floating point, pointers,
    /// vectors, integers wider than 64 bits, void instructions…
    Opaque,
}

/// The byte offset a `getelementptr` adds to its base: `constant` plus,
/// if there is one, the index `variable` (sign-extended) times its stride,
/// all modulo 2^64 (`read::memory::gep_terms`: arrays and structs only,
/// at most one index not a constant). `inbounds`: the GEP is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GepStep {
    pub constant: i64,
    pub variable: Option<(Operand, i64)>,
    pub inbounds: bool,
}

/// Where a phi's entries are in `Program::phi_entries`: all phis' entries
/// are in one table, in the order the phis were read, rather than a vector
/// each. On the generated CFGs of `scripts/bench-sccp`, where nearly every
/// instruction is a phi, a vector each was a quarter of a million
/// allocations and frees per 4 000 blocks, and a tenth of the pass's cache
/// misses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhiEntries {
    start: u32,
    len: u32,
}

impl PhiEntries {
    pub fn len(self) -> usize {
        self.len as usize
    }

    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// The table of phi entries `Program::phi_entries` is.
pub type PhiTable = Vec<(Operand, Block)>;

/// Appends a phi's entries to `table`.
pub fn add_phi(table: &mut PhiTable, entries: impl IntoIterator<Item = (Operand, Block)>) -> Op {
    let start = u32::try_from(table.len()).expect("fewer than 2^32 phi entries");
    table.extend(entries);
    let len = u32::try_from(table.len()).expect("fewer than 2^32 phi entries") - start;
    Op::Phi(PhiEntries { start, len })
}

/// The entries of a phi in `table` (`Program::phi_entries`).
pub fn entries_in(table: &[(Operand, Block)], phi: PhiEntries) -> &[(Operand, Block)] {
    &table[phi.range()]
}

/// The entries of a phi in `table`, to change.
pub fn entries_in_mut(table: &mut [(Operand, Block)], phi: PhiEntries) -> &mut [(Operand, Block)] {
    &mut table[phi.range()]
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inst {
    pub block: Block,
    pub op: Op,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Terminator {
    Jump(Block),
    /// `br i1 cond, if_true, if_false`.
    Branch {
        cond: Operand,
        if_true: Block,
        if_false: Block,
    },
    Switch {
        cond: Operand,
        default: Block,
        cases: Vec<(Konst, Block)>,
    },
    /// `ret`, `unreachable`, `invoke`, `indirectbr`…: every successor
    /// listed here becomes executable with the block.
    Other(Vec<Block>),
}

impl Terminator {
    /// Every successor, with multiplicity, in LLVM's successor order.
    pub fn successors(&self) -> Vec<Block> {
        match self {
            Terminator::Jump(b) => vec![*b],
            Terminator::Branch {
                if_true, if_false, ..
            } => vec![*if_true, *if_false],
            Terminator::Switch { default, cases, .. } => std::iter::once(*default)
                .chain(cases.iter().map(|&(_, b)| b))
                .collect(),
            Terminator::Other(succs) => succs.clone(),
        }
    }

    /// The value the terminator branches on, if any.
    pub fn condition(&self) -> Option<&Operand> {
        match self {
            Terminator::Branch { cond, .. } | Terminator::Switch { cond, .. } => Some(cond),
            _ => None,
        }
    }
}

/// A function: instructions (phis of a block first, in block order) and
/// one terminator per block; block 0 is the entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    pub insts: Vec<Inst>,
    pub terminators: Vec<Terminator>,
    /// The entries of every phi (`PhiEntries`).
    pub phi_entries: PhiTable,
}

impl Program {
    pub fn num_blocks(&self) -> usize {
        self.terminators.len()
    }

    /// The entries of the phi `phi`, an `Op::Phi` of this program.
    pub fn entries(&self, phi: PhiEntries) -> &[(Operand, Block)] {
        entries_in(&self.phi_entries, phi)
    }

    /// The operands of an instruction.
    pub fn operands(&self, inst: InstId) -> Vec<&Operand> {
        match &self.insts[inst].op {
            Op::Binary { lhs, rhs, .. } | Op::ICmp { lhs, rhs, .. } => vec![lhs, rhs],
            Op::Constrained { value, other, .. } | Op::PointerConstrained { value, other, .. } => {
                vec![value, other]
            }
            Op::Cast { value, .. }
            | Op::Freeze(value)
            | Op::Field(value)
            | Op::PtrToInt { value, .. } => vec![value],
            Op::TableLoad { indices, .. } => indices.iter().map(|(index, _)| index).collect(),
            Op::Gep { base, step, .. } => {
                let index = step.as_ref().and_then(|s| s.variable.as_ref());
                std::iter::once(base)
                    .chain(index.map(|(index, _)| index))
                    .collect()
            }
            Op::PointerICmp { lhs, rhs, .. } => vec![lhs, rhs],
            Op::Select {
                cond,
                if_true,
                if_false,
            } => vec![cond, if_true, if_false],
            Op::Phi(phi) => self.entries(*phi).iter().map(|(v, _)| v).collect(),
            Op::Intrinsic { args, .. } => args.iter().collect(),
            Op::Wide(op) => op.operands(),
            Op::Float { op, .. } => op.operands(),
            Op::OverflowField(f) => f.operands(),
            Op::NotNull
            | Op::Bounded { .. }
            | Op::ConstantLoad(_)
            | Op::PointerLoad(_)
            | Op::UndefLoad
            | Op::Opaque => Vec::new(),
        }
    }

    /// For each block, its instructions in order (as `u32`: the solver
    /// keeps them for every block).
    pub fn block_insts(&self) -> Lists<u32> {
        let block_of_inst: Vec<(u32, u32)> = (0..self.insts.len())
            .map(|i| (self.insts[i].block as u32, i as u32))
            .collect();
        group_by_list(self.num_blocks(), &block_of_inst)
    }
}
