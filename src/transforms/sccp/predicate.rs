//! What a branch on a comparison says about its operands on each edge,
//! as LLVM's SCCP learns it from `PredicateInfo`
//! (llvm/lib/Transforms/Utils/PredicateInfo.cpp; LLVM 22's function pass
//! `sccp` uses it, LLVM 19's only in IPSCCP).
//!
//! For `br i1 (icmp pred x, y), label %T, label %F` where `T` (or `F`) has
//! that branch as its only predecessor, every use of `x` in a block `T`
//! dominates sees a value with `x pred y` true (false in `F`'s). `read`
//! gives such uses a *copy* of `x`, an `Op::Constrained` of block `T`, and
//! the solver gives the copy `x`'s value narrowed to the values `x pred y`
//! allows (`constrain`). `for (i = 0; i < 1; i++)` is the common case: in
//! the body `i` is 0 however the loop's phi widens, so `i + 1` is 1 and
//! the loop runs once. A branch's condition and `trunc nuw x to i1` give
//! copies too, constrained to equal a constant, a pointer compared with
//! `null` a copy that is `null` or not null (`pointer::constrain`), and
//! `call void @llvm.assume(i1 %c)` the copies of `c` being true, holding
//! from the instruction after the assume (`read::copies`).
//!
//! Soundness: a copy's block executes only after the edge was taken, so
//! its uses only see values of `x` that satisfy the comparison; `allowed`
//! over-approximates those values for every `y` in `y`'s set and
//! `ConstantRange::intersect` over-approximates an intersection. When
//! nothing is left the block cannot run with `x` in the set seen so far:
//! the copy stays ⊤ (its uses wait), which is monotone. The unit tests
//! check `allowed` against brute force over 4-bit ranges.

use super::fold::IntPredicate;
use super::lattice::{mask, Konst, Lattice};
use super::range::ConstantRange;

/// The predicate that holds when `pred` does not (`br`'s false edge).
pub fn inverse(pred: IntPredicate) -> IntPredicate {
    use IntPredicate::*;
    match pred {
        Eq => Ne,
        Ne => Eq,
        Ugt => Ule,
        Uge => Ult,
        Ult => Uge,
        Ule => Ugt,
        Sgt => Sle,
        Sge => Slt,
        Slt => Sge,
        Sle => Sgt,
    }
}

/// The predicate with its operands exchanged: `a pred b` is `b swapped a`.
pub fn swapped(pred: IntPredicate) -> IntPredicate {
    use IntPredicate::*;
    match pred {
        Eq | Ne => pred,
        Ugt => Ult,
        Uge => Ule,
        Ult => Ugt,
        Ule => Uge,
        Sgt => Slt,
        Sge => Sle,
        Slt => Sgt,
        Sle => Sge,
    }
}

/// Every `x` for which `x pred y` holds for some `y` in `ys` (LLVM's
/// `ConstantRange::makeAllowedICmpRegion`); empty for an empty `ys`.
pub fn allowed(pred: IntPredicate, ys: ConstantRange) -> ConstantRange {
    use IntPredicate::*;
    let width = ys.width();
    let (Some((umin, umax)), Some((smin, smax))) = (ys.unsigned_bounds(), ys.signed_bounds())
    else {
        return ConstantRange::empty(width);
    };
    let (lowest, highest) = (Konst::signed_min(width), Konst::signed_max(width));
    let all = mask(width);
    match pred {
        Eq => ys,
        Ne => match ys.single_element() {
            // Everything but that one value: the arc after it.
            Some(k) => ConstantRange::all_but(k),
            None => ConstantRange::full(width),
        },
        Ult if umax == 0 => ConstantRange::empty(width),
        Ult => ConstantRange::unsigned(width, 0, umax - 1),
        Ule => ConstantRange::unsigned(width, 0, umax),
        Ugt if umin == all => ConstantRange::empty(width),
        Ugt => ConstantRange::unsigned(width, umin + 1, all),
        Uge => ConstantRange::unsigned(width, umin, all),
        Slt if smax == lowest => ConstantRange::empty(width),
        Slt => ConstantRange::signed(width, lowest, smax - 1),
        Sle => ConstantRange::signed(width, lowest, smax),
        Sgt if smin == highest => ConstantRange::empty(width),
        Sgt => ConstantRange::signed(width, smin + 1, highest),
        Sge => ConstantRange::signed(width, smin, highest),
    }
}

/// The value of a copy of `x` (`width` bits, currently `value`) on an edge
/// where `x pred y` holds, `y` currently `other`.
pub fn constrain(width: u32, pred: IntPredicate, value: Lattice, other: Lattice) -> Lattice {
    let (Some(xs), Some(ys)) = (value.range_or_full(width), other.range_or_full(width)) else {
        return Lattice::Undefined; // an operand not known yet: wait for it
    };
    let narrowed = xs.intersect(allowed(pred, ys));
    if narrowed.is_empty() {
        return Lattice::Undefined;
    }
    if narrowed == xs {
        return value; // nothing learnt (keeps a wide ⊥ as it is)
    }
    Lattice::from_range(narrowed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transforms::sccp::fold;

    fn holds(pred: IntPredicate, a: Konst, b: Konst) -> bool {
        !fold::icmp(pred, a, b).is_zero()
    }

    fn ranges_i4() -> Vec<ConstantRange> {
        let mut out = vec![ConstantRange::empty(4), ConstantRange::full(4)];
        for lo in 0..16u64 {
            for hi in 0..16u64 {
                out.push(ConstantRange::unsigned(4, lo, hi));
                out.push(ConstantRange::signed(4, lo as i64 - 8, hi as i64 - 8));
            }
        }
        out
    }

    /// `allowed` holds every x some y of the set satisfies.
    #[test]
    fn allowed_is_sound_on_i4() {
        for ys in ranges_i4() {
            for pred in IntPredicate::ALL {
                let region = allowed(pred, ys);
                for x in 0..16 {
                    let x = Konst::new(4, x);
                    let some_y = (0..16)
                        .map(|y| Konst::new(4, y))
                        .filter(|&y| ys.contains(y))
                        .any(|y| holds(pred, x, y));
                    if some_y {
                        assert!(
                            region.contains(x),
                            "{pred:?} {ys:?}: {region:?} misses {x:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn inverse_and_swapped_agree_with_icmp() {
        for pred in IntPredicate::ALL {
            for a in 0..16 {
                for b in 0..16 {
                    let (a, b) = (Konst::new(4, a), Konst::new(4, b));
                    assert_eq!(holds(inverse(pred), a, b), !holds(pred, a, b));
                    assert_eq!(holds(swapped(pred), b, a), holds(pred, a, b));
                }
            }
        }
    }

    /// The loop of the module comment: `i` in [0, 1] and `i < 1` is 0.
    #[test]
    fn a_loop_counter_below_one_is_zero() {
        let i = Lattice::Range(ConstantRange::unsigned(32, 0, 1));
        let one = Lattice::Const(Konst::new(32, 1));
        assert_eq!(
            constrain(32, IntPredicate::Slt, i, one),
            Lattice::Const(Konst::new(32, 0))
        );
        assert_eq!(
            constrain(32, inverse(IntPredicate::Slt), i, one),
            Lattice::Const(Konst::new(32, 1))
        );
        assert_eq!(
            constrain(32, IntPredicate::Slt, Lattice::Overdefined, one),
            Lattice::Range(ConstantRange::signed(32, Konst::signed_min(32), 0))
        );
        assert_eq!(
            constrain(
                32,
                IntPredicate::Eq,
                Lattice::Overdefined,
                Lattice::Overdefined
            ),
            Lattice::Overdefined
        );
        assert_eq!(
            constrain(32, IntPredicate::Slt, Lattice::Undefined, one),
            Lattice::Undefined
        );
    }
}
