//! Comparing constant pointers: `icmp eq ptr @g, null`, `icmp ne ptr @a,
//! @b`, `icmp eq ptr getelementptr (…@g…), @g`.
//!
//! LLVM's `sccp` folds these with its constant folder (ConstantFold.cpp,
//! `evaluateICmpRelation` and `areGlobalsPotentiallyEqual`; ConstantFolding.cpp,
//! `ConstantFoldCompareInstOperands`, which strips constant GEP offsets). We
//! describe a constant pointer as plain data (`PtrConst`, built by `read`)
//! and apply only these rules, each of which holds in LLVM 19's memory
//! model for address space 0 with the null pointer not dereferenceable:
//!
//! 1. `null == null`.
//! 2. A global (variable or function, not an alias) that is not
//!    `extern_weak` is not at address 0, and neither is an `inbounds` GEP
//!    from it (it stays inside the object, or one past its end): it is
//!    unsigned-greater than `null`.
//! 3. Two pointers into the same global are equal exactly when their byte
//!    offsets are (offsets are computed modulo 2^64, as addresses are).
//! 4. Two different globals, both at offset 0, are different addresses
//!    when neither may be merged with or placed on another object: each has
//!    `internal` or `private` linkage (so it cannot be interposed), is not
//!    `unnamed_addr`, and has a non-zero size (a zero-sized object may share
//!    its address with the next one). A non-zero offset could point one
//!    past the end of one object, at the other: not folded.
//!
//! 5. A pointer made from a non-zero integer (`inttoptr (i64 35 to ptr)`,
//!    how Rust writes a dangling, well-aligned pointer) is that address:
//!    not null, and two of them compare as their integers do.
//!
//! Anything else (orderings between globals, a global against an integer
//! address, aliases, other address spaces, non-constant pointers) is not
//! decided.
//!
//! The solver also knows pointers that are not constants but not null
//! (`Lattice::NotNull`: an `alloca`, an `inbounds` GEP of a pointer that is
//! not null, as LLVM's `SCCPInstVisitor` marks them `notconstant null`):
//! such a pointer is unsigned-greater than `null` (`compare`), and nothing
//! else is known of it.

use super::fold::IntPredicate;
use super::lattice::{Konst, Lattice};

/// A global as the base of a constant pointer: what `read` found out about
/// the global, and whether the pointer stays inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Global {
    /// Identifies the global within one function's program.
    pub id: u32,
    /// Never at address 0 (rule 2).
    pub non_null: bool,
    /// Has an address of its own, different from every other such
    /// global's (rule 4).
    pub distinct: bool,
    /// Of the pointer this global is the base of: every GEP from the
    /// global to it was `inbounds` (a bare global is), so it is inside the
    /// global or one past its end.
    pub inbounds: bool,
}

/// A constant pointer in address space 0: `null`, `global + offset`
/// bytes, or a non-zero integer address (rule 5). (16 bytes, so that
/// `Lattice` stays at 24: the `inbounds` mark is kept in `Global`'s
/// padding, and the variant in a niche of its flags.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PtrConst {
    Null,
    InGlobal {
        global: Global,
        offset: i64,
    },
    /// `inttoptr` of this integer, never 0 (that is `Null`).
    Address(u64),
}

/// How two addresses relate, when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Relation {
    Equal,
    NotEqual,
    /// Unsigned greater (and so not equal).
    UnsignedGreater,
    UnsignedLess,
}

fn relation(a: PtrConst, b: PtrConst) -> Option<Relation> {
    use PtrConst::*;
    match (a, b) {
        (Null, Null) => Some(Relation::Equal),
        (Address(x), Address(y)) => Some(match x.cmp(&y) {
            std::cmp::Ordering::Equal => Relation::Equal,
            std::cmp::Ordering::Less => Relation::UnsignedLess,
            std::cmp::Ordering::Greater => Relation::UnsignedGreater,
        }),
        (p, Null) if is_non_null(p) => Some(Relation::UnsignedGreater),
        (Null, p) if is_non_null(p) => Some(Relation::UnsignedLess),
        (Null, _) | (_, Null) | (Address(_), _) | (_, Address(_)) => None,
        (
            InGlobal {
                global: g1,
                offset: o1,
            },
            InGlobal {
                global: g2,
                offset: o2,
            },
        ) => {
            if g1.id == g2.id {
                Some(if o1 == o2 {
                    Relation::Equal
                } else {
                    Relation::NotEqual
                })
            } else if g1.distinct && g2.distinct && o1 == 0 && o2 == 0 {
                Some(Relation::NotEqual)
            } else {
                None
            }
        }
    }
}

/// Rules 2 and 5: a pointer into a global that is never at address 0, or
/// a non-zero integer address.
pub fn is_non_null(p: PtrConst) -> bool {
    match p {
        PtrConst::InGlobal { global, .. } => global.inbounds && global.non_null,
        PtrConst::Address(_) => true,
        PtrConst::Null => false,
    }
}

/// The pointer `delta` bytes past `p` (modulo 2^64), as LLVM's constant
/// folder computes a GEP of constants (`SymbolicallyEvaluateGEP`): from a
/// global, the same global at the new offset, still `inbounds` only if
/// this step is too; from `null` or an integer address, the integer
/// address (`inttoptr`; 0 is `null`). A step an `inbounds` GEP may not
/// take (out of its object, or away from `null`) gives poison, which any
/// of these refines.
pub fn offset(p: PtrConst, delta: i64, inbounds: bool) -> PtrConst {
    let address = |a: u64| {
        if a == 0 {
            PtrConst::Null
        } else {
            PtrConst::Address(a)
        }
    };
    match p {
        PtrConst::Null => address(delta as u64),
        PtrConst::Address(a) => address(a.wrapping_add(delta as u64)),
        PtrConst::InGlobal { global, offset } => PtrConst::InGlobal {
            global: Global {
                inbounds: global.inbounds && inbounds,
                ..global
            },
            offset: offset.wrapping_add(delta),
        },
    }
}

/// `icmp pred a, b` on two constant pointers, when the rules decide it.
pub fn icmp(pred: IntPredicate, a: PtrConst, b: PtrConst) -> Option<bool> {
    decide(pred, relation(a, b)?)
}

/// `icmp pred a, b` on the solver's values of two pointers: waits while
/// either is ⊤; a constant when both are constants the rules decide, or
/// when one is `NotNull` and the other `null`.
pub fn compare(pred: IntPredicate, a: Lattice, b: Lattice) -> Lattice {
    use PtrConst::Null;
    let relation = match (a, b) {
        (Lattice::Undefined, _) | (_, Lattice::Undefined) => return Lattice::Undefined,
        (Lattice::Pointer(x), Lattice::Pointer(y)) => relation(x, y),
        (Lattice::NotNull, Lattice::Pointer(Null)) => Some(Relation::UnsignedGreater),
        (Lattice::Pointer(Null), Lattice::NotNull) => Some(Relation::UnsignedLess),
        _ => None,
    };
    relation
        .and_then(|r| decide(pred, r))
        .map_or(Lattice::Overdefined, |v| Lattice::Const(Konst::bool(v)))
}

/// The value of a copy of a pointer (currently `value`) where `pointer
/// pred other` holds (`predicate`'s branch and assume copies), `other`
/// currently `other`: against `null`, `eq`/`ule` make it `null`, `ne`/`ugt`
/// not null, and a value the fact contradicts (the copy's block cannot run
/// with it) waits as ⊤; every other fact leaves the value as it is.
pub fn constrain(pred: IntPredicate, value: Lattice, other: Lattice) -> Lattice {
    use IntPredicate::*;
    use PtrConst::Null;
    if matches!(value, Lattice::Undefined) || matches!(other, Lattice::Undefined) {
        return Lattice::Undefined;
    }
    if other != Lattice::Pointer(Null) {
        return value;
    }
    let is_null = value == Lattice::Pointer(Null);
    match pred {
        Eq | Ule if value.is_non_null_pointer() => Lattice::Undefined,
        Eq | Ule if is_null || value == Lattice::Overdefined => Lattice::Pointer(Null),
        Ne | Ugt if is_null => Lattice::Undefined,
        Ne | Ugt if value == Lattice::Overdefined => Lattice::NotNull,
        _ => value,
    }
}

/// What `pred` gives on two addresses that relate as `rel`.
fn decide(pred: IntPredicate, rel: Relation) -> Option<bool> {
    use IntPredicate::*;
    use Relation::*;
    match (pred, rel) {
        (Eq, Equal) => Some(true),
        (Eq, _) => Some(false),
        (Ne, Equal) => Some(false),
        (Ne, _) => Some(true),
        (Uge | Ule | Sge | Sle, Equal) => Some(true),
        (Ugt | Ult | Sgt | Slt, Equal) => Some(false),
        (Ugt | Uge, UnsignedGreater) | (Ult | Ule, UnsignedLess) => Some(true),
        (Ugt | Uge, UnsignedLess) | (Ult | Ule, UnsignedGreater) => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use IntPredicate::*;

    const G: Global = Global {
        id: 0,
        non_null: true,
        distinct: true,
        inbounds: true,
    };
    const H: Global = Global {
        id: 1,
        non_null: true,
        distinct: true,
        inbounds: true,
    };

    fn at(global: Global, offset: i64) -> PtrConst {
        PtrConst::InGlobal { global, offset }
    }

    #[test]
    fn null_equals_null() {
        let n = PtrConst::Null;
        assert_eq!(icmp(Eq, n, n), Some(true));
        assert_eq!(icmp(Ne, n, n), Some(false));
        assert_eq!(icmp(Ule, n, n), Some(true));
        assert_eq!(icmp(Slt, n, n), Some(false));
    }

    #[test]
    fn integer_addresses_compare_as_integers_and_are_not_null() {
        let (a, b, n) = (PtrConst::Address(35), PtrConst::Address(36), PtrConst::Null);
        assert_eq!(icmp(Ne, a, n), Some(true));
        assert_eq!(icmp(Eq, n, a), Some(false));
        assert_eq!(icmp(Ugt, a, n), Some(true));
        assert_eq!(icmp(Eq, a, a), Some(true));
        assert_eq!(icmp(Eq, a, b), Some(false));
        assert_eq!(icmp(Ult, a, b), Some(true));
        assert_eq!(icmp(Uge, a, b), Some(false));
        assert_eq!(icmp(Slt, a, b), None, "signed order is not decided");
        assert_eq!(icmp(Eq, a, at(G, 0)), None, "@g may be at address 35");
        assert_eq!(std::mem::size_of::<PtrConst>(), 16);
    }

    #[test]
    fn global_is_not_null_unless_weak_or_not_inbounds() {
        let n = PtrConst::Null;
        assert_eq!(icmp(Eq, at(G, 0), n), Some(false));
        assert_eq!(icmp(Ne, n, at(G, 8)), Some(true));
        assert_eq!(icmp(Ugt, at(G, 0), n), Some(true));
        assert_eq!(icmp(Ugt, n, at(G, 0)), Some(false));
        assert_eq!(icmp(Sgt, at(G, 0), n), None, "signed order is unknown");
        let weak = Global {
            non_null: false,
            ..G
        };
        assert_eq!(icmp(Eq, at(weak, 0), n), None);
        let outside = PtrConst::InGlobal {
            global: Global {
                inbounds: false,
                ..G
            },
            offset: -64,
        };
        assert_eq!(
            icmp(Eq, outside, n),
            None,
            "a GEP without inbounds may reach 0"
        );
    }

    #[test]
    fn offsets_move_within_a_global_or_between_integer_addresses() {
        let n = PtrConst::Null;
        assert_eq!(offset(n, 0, true), n, "gep null, 0 is null");
        assert_eq!(offset(n, 16, false), PtrConst::Address(16));
        assert_eq!(offset(PtrConst::Address(16), -16, false), n);
        assert_eq!(
            offset(PtrConst::Address(1), -2, false),
            PtrConst::Address(u64::MAX)
        );
        assert_eq!(offset(at(G, 12), -12, true), at(G, 0));
        assert_eq!(icmp(Eq, offset(at(G, 4), 4, true), at(G, 8)), Some(true));
        let stepped_out = offset(at(G, 0), -64, false);
        assert_eq!(
            icmp(Eq, stepped_out, n),
            None,
            "a step without inbounds may reach 0"
        );
        assert_eq!(
            icmp(Eq, offset(stepped_out, 64, true), n),
            None,
            "and stays unknown"
        );
    }

    #[test]
    fn not_null_is_above_null_and_nothing_else() {
        let (n, g) = (Lattice::Pointer(PtrConst::Null), Lattice::Pointer(at(G, 0)));
        let t = |v| Lattice::Const(Konst::bool(v));
        assert_eq!(compare(Eq, Lattice::NotNull, n), t(false));
        assert_eq!(compare(Ne, n, Lattice::NotNull), t(true));
        assert_eq!(compare(Ugt, Lattice::NotNull, n), t(true));
        assert_eq!(compare(Ule, Lattice::NotNull, n), t(false));
        assert_eq!(compare(Ult, n, Lattice::NotNull), t(true));
        assert_eq!(compare(Slt, n, Lattice::NotNull), Lattice::Overdefined);
        assert_eq!(compare(Eq, Lattice::NotNull, g), Lattice::Overdefined);
        assert_eq!(
            compare(Eq, Lattice::NotNull, Lattice::NotNull),
            Lattice::Overdefined,
            "two pointers that are not null may be equal"
        );
        assert_eq!(compare(Eq, Lattice::Undefined, n), Lattice::Undefined);
        assert_eq!(compare(Eq, g, n), t(false));
        assert_eq!(compare(Eq, Lattice::Overdefined, n), Lattice::Overdefined);
    }

    #[test]
    fn same_global_compares_offsets() {
        assert_eq!(icmp(Eq, at(G, 4), at(G, 4)), Some(true));
        assert_eq!(icmp(Eq, at(G, 4), at(G, 8)), Some(false));
        assert_eq!(icmp(Ne, at(G, 0), at(G, 8)), Some(true));
        assert_eq!(
            icmp(Ult, at(G, 0), at(G, 8)),
            None,
            "orderings are not folded"
        );
    }

    #[test]
    fn different_globals_only_at_offset_zero_and_when_distinct() {
        assert_eq!(icmp(Eq, at(G, 0), at(H, 0)), Some(false));
        assert_eq!(icmp(Ne, at(G, 0), at(H, 0)), Some(true));
        assert_eq!(
            icmp(Eq, at(G, 4), at(H, 0)),
            None,
            "one past the end of G may be H"
        );
        let mergeable = Global {
            distinct: false,
            ..H
        };
        assert_eq!(icmp(Eq, at(G, 0), at(mergeable, 0)), None);
    }
}
