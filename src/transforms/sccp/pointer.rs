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
//! Anything else (signed predicates, orderings between globals, aliases,
//! other address spaces, non-constant pointers) is not decided.

use super::fold::IntPredicate;

/// What `read` found out about a global object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Global {
    /// Identifies the global within one function's program.
    pub id: usize,
    /// Never at address 0 (rule 2).
    pub non_null: bool,
    /// Has an address of its own, different from every other such
    /// global's (rule 4).
    pub distinct: bool,
}

/// A constant pointer in address space 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PtrConst {
    Null,
    /// `global + offset` bytes; `inbounds` when every GEP on the way was
    /// (a bare global is).
    InGlobal {
        global: Global,
        offset: i64,
        inbounds: bool,
    },
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
    let non_null = |global: Global, inbounds: bool| global.non_null && inbounds;
    match (a, b) {
        (Null, Null) => Some(Relation::Equal),
        (
            InGlobal {
                global, inbounds, ..
            },
            Null,
        ) if non_null(global, inbounds) => Some(Relation::UnsignedGreater),
        (
            Null,
            InGlobal {
                global, inbounds, ..
            },
        ) if non_null(global, inbounds) => Some(Relation::UnsignedLess),
        (
            InGlobal {
                global: g1,
                offset: o1,
                ..
            },
            InGlobal {
                global: g2,
                offset: o2,
                ..
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
        _ => None,
    }
}

/// `icmp pred a, b` on two constant pointers, when the rules decide it.
pub fn icmp(pred: IntPredicate, a: PtrConst, b: PtrConst) -> Option<bool> {
    use IntPredicate::*;
    use Relation::*;
    let rel = relation(a, b)?;
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
    };
    const H: Global = Global {
        id: 1,
        non_null: true,
        distinct: true,
    };

    fn at(global: Global, offset: i64) -> PtrConst {
        PtrConst::InGlobal {
            global,
            offset,
            inbounds: true,
        }
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
            global: G,
            offset: -64,
            inbounds: false,
        };
        assert_eq!(
            icmp(Eq, outside, n),
            None,
            "a GEP without inbounds may reach 0"
        );
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
