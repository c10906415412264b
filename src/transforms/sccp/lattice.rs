//! The lattice of sparse conditional constant propagation, extended with
//! integer ranges as in LLVM 19's `ValueLatticeElement`
//! (llvm/Analysis/ValueLattice.h: unknown, constant, constantrange,
//! overdefined), and the integer constants it carries.
//!
//! ```text
//!        Undefined (⊤)          "no evidence yet": not reached, or waiting
//!     …  c₋₁  c₀  c₁  …         one known integer constant
//!     …  [a, b]  …              a range (`range::ConstantRange`): 2 or more
//!                               values, fewer than all
//!        Overdefined (⊥)        "nothing known": may take any value
//! ```
//!
//! Pointers (of address space 0) have their own two levels between ⊤ and
//! ⊥, as in LLVM's lattice (its `constant` and `notconstant null`): one
//! constant pointer (`pointer::PtrConst`: `null`, or an address inside a
//! global), and `NotNull`, any pointer but null (an `alloca`, an
//! `inbounds` GEP of one). Two different constants that are both not null
//! meet in `NotNull` (LLVM goes to ⊥ there; the set is the same).
//!
//! A value only ever moves down: its new value is always the `meet` (the
//! union of the sets) of its old value and what its instruction evaluates
//! to. Constants are single-element ranges, so a constant can widen into a
//! range and a range into a wider one; to bound the work, the solver
//! counts how often a value's range grew and sends it to `Overdefined`
//! after a few steps (widening, see `solver`). Without ranges this is the
//! seed's three-level lattice (seed 004, SCCP section).
//!
//! `Undefined` is the *lattice* top, the seed's "未定义": no executable
//! definition has produced a value yet. LLVM's `undef` value
//! (`program::Operand::Undef`) reads as ⊤ too, so that a union skips it;
//! the solver keeps beside each value a *may be undef* mark (LLVM's
//! `MayIncludeUndef`) and tells an undef phi from a waiting value (see
//! `solver`, "Undef and poison").
//!
//! Integers wider than 64 bits (`wide`) have the same levels: a
//! `WideRange` (up to 512 bits, the extension of a 64-bit interval; one
//! element is the constant) or, for other constants, a `Wide` id.
//!
//! Invariant (kept by `Lattice::from_range`): a `Range` has at least two
//! and fewer than 2^width elements; one element is a `Const`, all of them
//! `Overdefined`.

use super::float::FloatConst;
use super::pointer::{self, PtrConst};
use super::range::ConstantRange;
use super::wide::range::WideRange;
use super::wide::WideId;

/// An integer of 1 to 64 bits, stored zero-extended (the bits above `width`
/// are always zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Konst {
    width: u32,
    bits: u64,
}

impl Konst {
    /// The constant of `width` bits whose low bits are those of `bits`
    /// (higher bits are dropped, as `trunc` would).
    pub fn new(width: u32, bits: u64) -> Self {
        assert!(
            (1..=64).contains(&width),
            "integer width {width} not in 1..=64"
        );
        Konst {
            width,
            bits: bits & mask(width),
        }
    }

    pub fn bool(value: bool) -> Self {
        Konst::new(1, value as u64)
    }

    pub fn width(self) -> u32 {
        self.width
    }

    /// The bits, zero-extended to 64.
    pub fn zext(self) -> u64 {
        self.bits
    }

    /// The value read as a two's-complement number of `width` bits.
    pub fn sext(self) -> i64 {
        let unused = 64 - self.width;
        ((self.bits << unused) as i64) >> unused
    }

    /// The largest signed value of this width.
    pub fn signed_max(width: u32) -> i64 {
        (mask(width) >> 1) as i64
    }

    /// The smallest signed value of this width.
    pub fn signed_min(width: u32) -> i64 {
        -Self::signed_max(width) - 1
    }

    pub fn is_zero(self) -> bool {
        self.bits == 0
    }

    pub fn is_all_ones(self) -> bool {
        self.bits == mask(self.width)
    }
}

/// The low `width` bits set.
pub fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// A lattice element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lattice {
    /// ⊤: nothing known yet.
    Undefined,
    Const(Konst),
    /// One of several values (never one, never all: see the invariant).
    Range(ConstantRange),
    /// One integer constant wider than 64 bits that is no extension of a
    /// 64-bit value, by its id in the solver's `wide::WideTable` (equal
    /// ids, equal values). It has no range: it meets anything else in ⊥.
    Wide(WideId),
    /// Integers of 65 to `wide::range::MAX_RANGE_WIDTH` bits, the zero- or
    /// sign-extension of a 64-bit interval (`wide::range`); one element
    /// is the wide constant.
    WideRange(WideRange),
    /// One `float` or `double` constant (`float`; never a NaN read from
    /// the IR, see there).
    Float(FloatConst),
    /// One constant pointer.
    Pointer(PtrConst),
    /// A pointer that is not null.
    NotNull,
    /// ⊥: any value.
    Overdefined,
}

impl Lattice {
    /// The element for a set of values: an empty set is kept only as
    /// `Overdefined` (it would mean "no value at all", which the callers
    /// never intend), one value is a constant, all values overdefined.
    pub fn from_range(r: ConstantRange) -> Lattice {
        if r.is_empty() || r.is_full() {
            Lattice::Overdefined
        } else if let Some(k) = r.single_element() {
            Lattice::Const(k)
        } else {
            Lattice::Range(r)
        }
    }

    /// The greatest lower bound: what a phi sees over two incoming values
    /// (the union of the two sets).
    pub fn meet(self, other: Lattice) -> Lattice {
        match (self, other) {
            (Lattice::Undefined, x) | (x, Lattice::Undefined) => x,
            (Lattice::Overdefined, _) | (_, Lattice::Overdefined) => Lattice::Overdefined,
            (a, b) if a == b => a,
            (Lattice::WideRange(x), Lattice::WideRange(y)) if x.width() == y.width() => {
                x.union(y).map_or(Lattice::Overdefined, Lattice::WideRange)
            }
            (a, b) => match (a.range(), b.range()) {
                (Some(x), Some(y)) if x.width() == y.width() => Lattice::from_range(x.union(y)),
                _ if a.is_non_null_pointer() && b.is_non_null_pointer() => Lattice::NotNull,
                _ => Lattice::Overdefined,
            },
        }
    }

    /// `NotNull`, or a constant pointer that is not null.
    pub fn is_non_null_pointer(self) -> bool {
        match self {
            Lattice::NotNull => true,
            Lattice::Pointer(p) => pointer::is_non_null(p),
            _ => false,
        }
    }

    pub fn constant(self) -> Option<Konst> {
        match self {
            Lattice::Const(k) => Some(k),
            _ => None,
        }
    }

    /// A constant or a range of integers of any width with ranges: what
    /// the solver's widening counts the growth of.
    pub fn is_integer_set(self) -> bool {
        matches!(
            self,
            Lattice::Const(_) | Lattice::Range(_) | Lattice::WideRange(_)
        )
    }

    /// The set of values of a constant or a range (`None` for ⊤ and ⊥,
    /// whose width the element does not know, and for wide constants).
    pub fn range(self) -> Option<ConstantRange> {
        match self {
            Lattice::Const(k) => Some(ConstantRange::single(k)),
            Lattice::Range(r) => Some(r),
            _ => None,
        }
    }

    /// The set of values, `width` bits wide, with ⊥ as the full set;
    /// `None` for ⊤ (and for a wide constant, which no caller of at most
    /// 64 bits sees).
    pub fn range_or_full(self, width: u32) -> Option<ConstantRange> {
        match self {
            Lattice::Undefined => None,
            Lattice::Overdefined => Some(ConstantRange::full(width)),
            other => other.range(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn konst_masks_and_extends() {
        let k = Konst::new(8, 0x1ff);
        assert_eq!(k.zext(), 0xff);
        assert_eq!(k.sext(), -1);
        assert!(k.is_all_ones());
        assert_eq!(Konst::new(1, 1).sext(), -1);
        assert_eq!(Konst::new(64, u64::MAX).sext(), -1);
        assert_eq!(Konst::signed_min(8), -128);
        assert_eq!(Konst::signed_max(8), 127);
        assert_eq!(Konst::signed_min(1), -1);
        assert_eq!(Konst::signed_max(1), 0);
        assert_eq!(Konst::signed_min(64), i64::MIN);
    }

    #[test]
    fn meet_is_the_lattice_glb() {
        let c1 = Lattice::Const(Konst::new(32, 1));
        let c2 = Lattice::Const(Konst::new(32, 2));
        use Lattice::*;
        assert_eq!(Undefined.meet(c1), c1);
        assert_eq!(c1.meet(Undefined), c1);
        assert_eq!(c1.meet(c1), c1);
        assert_eq!(
            c1.meet(c2),
            Range(ConstantRange::unsigned(32, 1, 2)),
            "two constants meet in a range"
        );
        let (f, t) = (Const(Konst::bool(false)), Const(Konst::bool(true)));
        assert_eq!(f.meet(t), Overdefined, "both booleans are every i1");
        assert_eq!(c1.meet(Overdefined), Overdefined);
        assert_eq!(Undefined.meet(Undefined), Undefined);
        assert_eq!(Overdefined.meet(Undefined), Overdefined);
    }

    #[test]
    fn meet_of_constants_and_ranges_is_the_union() {
        use Lattice::*;
        let c = |v| Const(Konst::new(8, v));
        let r = |a, b| Range(ConstantRange::unsigned(8, a, b));
        assert_eq!(c(1).meet(c(3)), r(1, 3));
        assert_eq!(r(1, 3).meet(c(7)), r(1, 7));
        assert_eq!(r(1, 3).meet(c(2)), r(1, 3));
        assert_eq!(r(0, 200).meet(r(100, 255)), Overdefined);
        assert_eq!(Undefined.meet(r(1, 3)), r(1, 3));
        assert_eq!(r(1, 3).meet(Overdefined), Overdefined);
        assert_eq!(Lattice::from_range(ConstantRange::full(8)), Overdefined);
        assert_eq!(Lattice::from_range(ConstantRange::empty(8)), Overdefined);
        assert_eq!(Lattice::from_range(ConstantRange::unsigned(8, 4, 4)), c(4));
    }

    #[test]
    fn pointers_meet_in_not_null_when_both_are() {
        use crate::transforms::sccp::pointer::Global;
        use Lattice::*;
        let global = |id, non_null| Global {
            id,
            non_null,
            distinct: true,
            inbounds: true,
        };
        let at = |g| {
            Pointer(PtrConst::InGlobal {
                global: g,
                offset: 0,
            })
        };
        let (g, h, weak) = (
            at(global(0, true)),
            at(global(1, true)),
            at(global(2, false)),
        );
        assert_eq!(g.meet(g), g);
        assert_eq!(g.meet(h), NotNull);
        assert_eq!(NotNull.meet(g), NotNull);
        assert_eq!(NotNull.meet(NotNull), NotNull);
        assert_eq!(Undefined.meet(NotNull), NotNull);
        assert_eq!(
            g.meet(weak),
            Overdefined,
            "an extern_weak global may be null"
        );
        assert_eq!(NotNull.meet(Pointer(PtrConst::Null)), Overdefined);
        assert_eq!(NotNull.meet(Overdefined), Overdefined);
    }

    #[test]
    fn same_bits_of_different_width_are_different_constants() {
        let a = Lattice::Const(Konst::new(8, 1));
        let b = Lattice::Const(Konst::new(32, 1));
        assert_eq!(a.meet(b), Lattice::Overdefined);
    }
}
