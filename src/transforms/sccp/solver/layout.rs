//! The solver's data layout. Its innermost steps are memory bound (on the
//! generated irreducible CFGs of `scripts/bench-sccp`, tens of thousands
//! of phis, most of its time went to cache misses, not to instructions),
//! so what a visit reads is kept in small dense vectors rather than read from
//! `Program`. Each value has a `Node` (its lattice value and its extension
//! count: 32 bytes), indexed by slot: an
//! instruction's, or past the instructions one of the fixed values of the
//! other phi operands (constants, `Operand::Unknown`, undef as ⊤ with its
//! *may be undef* mark set in the same slot of `may_be_undef`), so reading
//! a phi entry's value is one load whatever the operand. An instruction's
//! `Links` (its phi entries as `(edge, slot)` pairs, then its users in one
//! word each, `User`) sit in one list, which starts where its entry of
//! `link_starts` says; that entry also marks a phi. The start is not in
//! the node: a visit reads both the node and the links, and with the start
//! in the node the second read waited for the first, two cache misses one
//! after the other on large functions (84 % of `visit_inst`'s samples on
//! `irreducible-4000x100` were on these two loads); read from a dense
//! vector of 4 bytes each, mostly in cache, the two misses can overlap
//! (there the solver took 6 to 20 % less time, medians of two series of 9
//! and 15 interleaved runs). A bit per
//! instruction (`awake`) says whether it is worth visiting as a user (its
//! block executes and it is not overdefined), so users that are not are
//! not pushed, and those that stopped being so while on the list are
//! popped without reading their node. A phi's evaluation stops at the first
//! overdefined entry (the bottom: the meet stays there). While a user is
//! visited, the node and links of the one on top of the worklist, visited
//! next unless this visit pushes others, are asked for (`prefetch`), so
//! that their misses overlap this visit's work: on the doubling series of
//! `scripts/bench-sccp` the solver's median time over 41 interleaved runs
//! fell to 0.85–0.89 of what it was without (1 000, 2 000, 4 000 blocks).
//!
//! Invariants: `Links` of instruction `i` start at `link_starts[i]` (less
//! `PHI_BIT`, set for a phi) and hold exactly its phi entries (none unless
//! it is a phi) and its users;
//! a `User` below `TERMINATOR_BIT` is an instruction, a `PhiEntry`'s slot
//! indexes `nodes`.

use crate::analysis::cfg::Block;
use crate::analysis::lists::{group_by_list, Lists};

use super::super::lattice::Lattice;
use super::super::program::{InstId, Op, Operand, Program};

/// A use of an instruction's value: an instruction or a block's
/// terminator, in one word (the links hold millions of them on large
/// functions; 4 bytes instead of an enum's 16 keep them in cache; the
/// worklists hold them as `Pending`, with the slot that changed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct User(pub(super) u32);

/// The bit of `User` that marks a terminator.
const TERMINATOR_BIT: u32 = 1 << 31;

impl User {
    pub(super) fn inst(i: InstId) -> User {
        let i = u32::try_from(i).expect("fewer than 2^31 instructions");
        assert!(i & TERMINATOR_BIT == 0, "fewer than 2^31 instructions");
        User(i)
    }

    pub(super) fn terminator(b: Block) -> User {
        let b = u32::try_from(b).expect("fewer than 2^31 blocks");
        assert!(b & TERMINATOR_BIT == 0, "fewer than 2^31 blocks");
        User(b | TERMINATOR_BIT)
    }

    pub(super) fn kind(self) -> UserKind {
        if self.0 & TERMINATOR_BIT == 0 {
            UserKind::Inst(self.0 as InstId)
        } else {
            UserKind::Terminator((self.0 & !TERMINATOR_BIT) as Block)
        }
    }
}

/// A visit owed to `user` because the value in slot `changed` went down.
/// A phi user meets in only that value (`Solver::meet_phi_entries`); any
/// other user evaluates all its operands again and ignores `changed`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pending {
    pub(super) user: User,
    pub(super) changed: u32,
}

impl Pending {
    /// A terminator to visit again: it reads its condition, whatever
    /// changed.
    pub(super) fn terminator(b: Block) -> Pending {
        Pending {
            user: User::terminator(b),
            changed: u32::MAX,
        }
    }
}

/// What a `User` stands for.
pub(super) enum UserKind {
    Inst(InstId),
    Terminator(Block),
}
/// A phi entry: the edge it comes in by (`NO_EDGE` for a block that does
/// not branch here) and the slot of `Solver::nodes` holding its value.
#[derive(Clone, Copy, Debug)]
pub(super) struct PhiEntry {
    pub(super) edge: u32,
    pub(super) slot: u32,
}

pub(super) const NO_EDGE: u32 = u32::MAX;

/// What a visit reads and writes of one value, together in 32 bytes (two
/// to a cache line): in vectors of their own, the value, the extensions
/// and the start of the links each cost a visit a cache miss on large
/// functions.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) value: Lattice,
    /// How many times the value's range grew (LLVM's
    /// `NumRangeExtensions`).
    pub(super) extensions: u32,
}

impl Node {
    /// A node holding `value`, not grown.
    pub(super) fn holding(value: Lattice) -> Self {
        Node {
            value,
            extensions: 0,
        }
    }
}

/// The bit of a `Solver::link_starts` entry that marks a phi.
pub(super) const PHI_BIT: u32 = 1 << 31;

/// The edges of one instruction in `Solver::links`, one word each: the
/// number of phi entries, the number of users, the phi entries (edge,
/// slot), the users. In one list, so that a visit finds all of them from
/// one start.
pub(super) struct Links<'a>(&'a [u32]);

/// The links of instruction `i` (a free function, so that a caller may
/// meanwhile borrow other fields of the solver mutably).
#[inline]
pub(super) fn links_of<'a>(link_starts: &[u32], links: &'a [u32], i: InstId) -> Links<'a> {
    Links(&links[(link_starts[i] & !PHI_BIT) as usize..])
}

impl<'a> Links<'a> {
    pub(super) fn entry_count(&self) -> usize {
        self.0[0] as usize
    }

    pub(super) fn phi_entries(&self) -> impl Iterator<Item = PhiEntry> + 'a {
        self.0[2..2 + 2 * self.entry_count()]
            .chunks_exact(2)
            .map(|pair| PhiEntry {
                edge: pair[0],
                slot: pair[1],
            })
    }

    pub(super) fn users(&self) -> impl Iterator<Item = User> + 'a {
        let first = 2 + 2 * self.entry_count();
        self.0[first..first + self.0[1] as usize]
            .iter()
            .map(|&u| User(u))
    }
}

/// The users of each instruction's value, in the order of the
/// instructions and then the terminators using it; and whether any
/// operand (or load) reads undef.
pub(super) fn users_of(program: &Program) -> (Lists<User>, bool) {
    let mut uses: Vec<(u32, User)> = Vec::new();
    let mut reads_undef = false;
    for (i, inst) in program.insts.iter().enumerate() {
        let mut add = |operand: &Operand| match operand {
            Operand::Inst(def) => uses.push((*def as u32, User::inst(i))),
            Operand::Undef => reads_undef = true,
            _ => {}
        };
        match &inst.op {
            // The common case, without `operands`' vector.
            Op::Phi(phi) => program.entries(*phi).iter().for_each(|(v, _)| add(v)),
            // Reads undef from memory.
            Op::UndefLoad => reads_undef = true,
            _ => program.operands(i).into_iter().for_each(add),
        }
    }
    for (b, term) in program.terminators.iter().enumerate() {
        if let Some(Operand::Inst(def)) = term.condition() {
            uses.push((*def as u32, User::terminator(b)));
        }
    }
    (group_by_list(program.insts.len(), &uses), reads_undef)
}

/// Asks the processor to bring `value`'s cache line in (a hint only).
#[inline(always)]
pub(super) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing Rust can observe and never faults.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
