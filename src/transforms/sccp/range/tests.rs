use super::*;
use crate::transforms::sccp::fold::{self, BinOp, IntPredicate, PoisonFlags};

fn flag_sets() -> Vec<PoisonFlags> {
    let none = PoisonFlags::default();
    vec![
        none,
        PoisonFlags { nsw: true, ..none },
        PoisonFlags { nuw: true, ..none },
        PoisonFlags {
            nsw: true,
            nuw: true,
            ..none
        },
    ]
}

/// Every non-empty range of `width` bits (and the empty one).
fn all_ranges(width: u32) -> Vec<ConstantRange> {
    let n = 1u64 << width;
    let mut out = vec![ConstantRange::empty(width), ConstantRange::full(width)];
    for lo in 0..n {
        for size in 1..n as u128 {
            out.push(ConstantRange::arc(width, lo, size));
        }
    }
    out
}

fn elements(r: ConstantRange) -> Vec<Konst> {
    (0..r.size())
        .map(|i| Konst::new(r.width, r.lo.wrapping_add(i as u64)))
        .collect()
}

/// `half_open(l, u)` holds exactly LLVM's `[l, u)`: `l <= x < u`, or
/// `x >= l || x < u` when it wraps; `l == u` is the full set.
#[test]
fn half_open_is_llvms_lower_upper_on_i4() {
    for lower in 0..16u64 {
        for upper in 0..16u64 {
            let r = ConstantRange::half_open(4, lower, upper);
            for x in 0..16u64 {
                let expected = match lower.cmp(&upper) {
                    std::cmp::Ordering::Less => lower <= x && x < upper,
                    std::cmp::Ordering::Greater => x >= lower || x < upper,
                    std::cmp::Ordering::Equal => true,
                };
                assert_eq!(
                    r.contains(Konst::new(4, x)),
                    expected,
                    "[{lower}, {upper}) {x}"
                );
            }
        }
    }
    for lower in 0..16u64 {
        for upper in (0..16u64).filter(|&u| u != lower) {
            let r = ConstantRange::half_open(4, lower, upper);
            assert_eq!(r.half_open_bounds(), (lower, upper));
        }
    }
    // 64 bits: the size needs the 65th bit only for the full set.
    let r = ConstantRange::half_open(64, u64::MAX, 1);
    assert_eq!(r.size(), 2);
    assert!(r.contains(Konst::new(64, 0)) && r.contains(Konst::new(64, u64::MAX)));
}

/// The elements of `r` in a brute-force sense, checked against the
/// accessors.
#[test]
fn accessors_agree_with_elements_on_i4() {
    for r in all_ranges(4) {
        let els = elements(r);
        assert_eq!(els.len() as u128, r.size());
        for x in 0..16 {
            let k = Konst::new(4, x);
            assert_eq!(r.contains(k), els.contains(&k), "{r:?} {x}");
        }
        let umin = els.iter().map(|k| k.zext()).min();
        let umax = els.iter().map(|k| k.zext()).max();
        let smin = els.iter().map(|k| k.sext()).min();
        let smax = els.iter().map(|k| k.sext()).max();
        match r.unsigned_bounds() {
            None => assert!(els.is_empty()),
            Some((lo, hi)) => {
                assert!(lo <= umin.unwrap() && hi >= umax.unwrap(), "{r:?}");
                // Exact unless the arc wraps.
                if !r.wraps_unsigned() {
                    assert_eq!((lo, hi), (umin.unwrap(), umax.unwrap()));
                }
            }
        }
        if let Some((lo, hi)) = r.signed_bounds() {
            assert!(lo <= smin.unwrap() && hi >= smax.unwrap(), "{r:?}");
        }
        let (zeros, ones) = r.known_bits();
        for k in &els {
            assert_eq!(k.zext() & zeros, 0);
            assert_eq!(k.zext() & ones, ones);
        }
    }
}

#[test]
fn union_and_intersects_on_i4() {
    let ranges = all_ranges(4);
    for &a in &ranges {
        for &b in &ranges {
            let u = a.union(b);
            let ea = elements(a);
            let eb = elements(b);
            for k in ea.iter().chain(&eb) {
                assert!(u.contains(*k), "{a:?} ∪ {b:?} = {u:?} misses {k:?}");
            }
            let shared = ea.iter().any(|k| eb.contains(k));
            assert_eq!(a.intersects(b), shared, "{a:?} {b:?}");
        }
    }
}

/// The intersection holds every shared element, is exact when the
/// shared elements form one arc, and is never larger than either set.
#[test]
fn intersect_on_i4() {
    let ranges = all_ranges(4);
    for &a in &ranges {
        for &b in &ranges {
            let i = a.intersect(b);
            let shared: Vec<Konst> = elements(a).into_iter().filter(|&k| b.contains(k)).collect();
            for &k in &shared {
                assert!(i.contains(k), "{a:?} ∩ {b:?} = {i:?} misses {k:?}");
            }
            assert!(i.size() <= a.size().min(b.size()), "{a:?} ∩ {b:?} = {i:?}");
            let one_arc = ranges
                .iter()
                .any(|r| r.size() == shared.len() as u128 && shared.iter().all(|&k| r.contains(k)));
            if one_arc {
                assert_eq!(i.size(), shared.len() as u128, "{a:?} ∩ {b:?} = {i:?}");
            }
        }
    }
}

/// The union is the smallest arc: no arc with fewer elements holds both.
#[test]
fn union_is_smallest_on_i3() {
    let ranges = all_ranges(3);
    for &a in &ranges {
        for &b in &ranges {
            let u = a.union(b);
            let need: Vec<Konst> = elements(a).into_iter().chain(elements(b)).collect();
            let best = ranges
                .iter()
                .filter(|r| need.iter().all(|k| r.contains(*k)))
                .map(|r| r.size())
                .min()
                .unwrap();
            assert_eq!(u.size(), best, "{a:?} ∪ {b:?}");
        }
    }
}

/// Soundness of one binary transfer function for one pair of ranges:
/// every concrete result that is neither poison nor UB is in the range
/// (a UB pair, a division by 0 or `sdiv`/`srem` of the minimum by -1, has
/// no result).
fn check_binary(op: BinOp, flags: PoisonFlags, a: ConstantRange, b: ConstantRange) {
    let r = binary(op, flags, a, b);
    if a.is_empty() || b.is_empty() {
        assert!(r.is_empty());
        return;
    }
    for x in elements(a) {
        for y in elements(b) {
            if let Some(v) = fold::binary(op, flags, x, y) {
                assert!(
                    r.contains(v),
                    "{op:?} {flags:?} {a:?} {b:?}: {x:?} {y:?} -> {v:?} not in {r:?}"
                );
            }
        }
    }
}

#[test]
fn binary_is_sound_for_every_pair_of_i4_ranges() {
    let ranges = all_ranges(4);
    for op in BinOp::ALL {
        let flags = if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul) {
            flag_sets()
        } else {
            vec![PoisonFlags::default()]
        };
        for &f in &flags {
            for &a in &ranges {
                for &b in &ranges {
                    check_binary(op, f, a, b);
                }
            }
        }
    }
}

/// A small deterministic generator (SplitMix64) for sampled tests.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Mostly small ranges (where precision matters), some large.
    fn range(&mut self, width: u32) -> ConstantRange {
        let n = 1u64 << width;
        let lo = self.next() % n;
        let size = match self.next() % 4 {
            0 => 1,
            1 => 1 + self.next() % 4,
            2 => 1 + self.next() % 40,
            _ => 1 + self.next() % n,
        };
        ConstantRange::arc(width, lo, size as u128)
    }
}

#[test]
fn binary_is_sound_on_random_i8_range_pairs() {
    let mut rng = Rng(7);
    for _ in 0..3000 {
        let (a, b) = (rng.range(8), rng.range(8));
        for op in BinOp::ALL {
            for f in flag_sets() {
                check_binary(op, f, a, b);
            }
        }
    }
}

#[test]
fn icmp_is_sound_and_decides_singletons_on_i4() {
    let ranges = all_ranges(4);
    for pred in IntPredicate::ALL {
        for &a in &ranges {
            for &b in &ranges {
                let answer = icmp(pred, a, b);
                for x in elements(a) {
                    for y in elements(b) {
                        let v = fold::icmp(pred, x, y).zext() == 1;
                        if let Some(claimed) = answer {
                            assert_eq!(claimed, v, "{pred:?} {a:?} {b:?}");
                        }
                    }
                }
                if let (Some(x), Some(y)) = (a.single_element(), b.single_element()) {
                    assert_eq!(answer, Some(fold::icmp(pred, x, y).zext() == 1));
                }
            }
        }
    }
}

/// Casts: every 8-bit range, exhaustively, to 4 and 16 bits; and i1.
#[test]
fn casts_are_sound_for_every_i8_range() {
    let check = |a: ConstantRange| {
        let (z, s, t) = (zext(a, 16), sext(a, 16), trunc(a, 4));
        for x in elements(a) {
            assert!(z.contains(Konst::new(16, x.zext())), "zext {a:?}");
            assert!(s.contains(Konst::new(16, x.sext() as u64)), "sext {a:?}");
            assert!(t.contains(Konst::new(4, x.zext())), "trunc {a:?}");
        }
        // Extensions of a range that does not wrap are exact.
        if !a.wraps_unsigned() {
            assert_eq!(z.size(), a.size());
        }
    };
    for lo in 0..256u64 {
        for size in 1..=256u128 {
            check(ConstantRange::arc(8, lo, size));
        }
    }
    // zext/sext of i1 are exact.
    let full1 = ConstantRange::full(1);
    assert_eq!(zext(full1, 32), ConstantRange::unsigned(32, 0, 1));
    assert_eq!(sext(full1, 32), ConstantRange::signed(32, -1, 0));
}

/// Unary soundness for each single 8-bit range against a constant
/// right operand (the common `x op C` shape), exhaustively over C.
#[test]
fn binary_with_constant_is_sound_for_every_i8_range_sample() {
    let mut rng = Rng(11);
    for _ in 0..60 {
        let a = rng.range(8);
        for c in 0..256u64 {
            let b = ConstantRange::single(Konst::new(8, c));
            for op in BinOp::ALL {
                check_binary(op, PoisonFlags::default(), a, b);
                check_binary(op, PoisonFlags::default(), b, a);
            }
        }
    }
}

/// The folds the gap analysis against LLVM's `sccp` was about.
#[test]
fn examples_from_llvm_sccp() {
    let zext_i8 = zext(ConstantRange::full(8), 32);
    let c = |v: i64| ConstantRange::single(Konst::new(32, v as u64));
    // icmp sge i32 37742, (zext i8 %x)  →  true
    assert_eq!(icmp(IntPredicate::Sge, c(37742), zext_i8), Some(true));
    // or (zext i1 %c), 5  →  5
    let zext_i1 = zext(ConstantRange::full(1), 32);
    let r = binary(BinOp::Or, PoisonFlags::default(), zext_i1, c(5));
    assert_eq!(r.single_element(), Some(Konst::new(32, 5)));
    // icmp sgt i64 (sext i32 %y), 6106516853331006442  →  false
    let sext_i32 = sext(ConstantRange::full(32), 64);
    let big = ConstantRange::single(Konst::new(64, 6106516853331006442));
    assert_eq!(icmp(IntPredicate::Sgt, sext_i32, big), Some(false));
    // …but icmp slt (zext i8 %x), 200 is not decided.
    assert_eq!(icmp(IntPredicate::Slt, zext_i8, c(200)), None);
    // A divisor of 0 is UB, so it adds nothing: 5 udiv {0, 1} is 5 and
    // x urem {0, 1} is 0, as LLVM's ConstantRange computes them.
    let zero_or_one = ConstantRange::unsigned(32, 0, 1);
    let plain = PoisonFlags::default();
    assert_eq!(binary(BinOp::UDiv, plain, c(5), zero_or_one), c(5));
    let full = ConstantRange::full(32);
    assert_eq!(binary(BinOp::URem, plain, full, zero_or_one), c(0));
    // (zext i16 a) urem (zext i16 b) is below 65535: `trunc nuw` to i16.
    let zext_i16 = zext(ConstantRange::full(16), 32);
    assert_eq!(
        binary(BinOp::URem, plain, zext_i16, zext_i16),
        ConstantRange::unsigned(32, 0, 65534)
    );
    // (sext i8 a) sdiv (sext i8 b) is in [-128, 128]: -128 / -1 = 128.
    let sext_i8 = sext(ConstantRange::full(8), 32);
    assert_eq!(
        binary(BinOp::SDiv, plain, sext_i8, sext_i8),
        ConstantRange::signed(32, -128, 128)
    );
    // {min, min + 1} sdiv {-2, -1}: min / -1 is UB, so [2^30 - 1, 2^31 - 1].
    let low = ConstantRange::signed(32, i32::MIN as i64, i32::MIN as i64 + 1);
    let minus = ConstantRange::signed(32, -2, -1);
    assert_eq!(
        binary(BinOp::SDiv, plain, low, minus),
        ConstantRange::signed(32, (1 << 30) - 1, i32::MAX as i64)
    );
    // xor (sext i32 %x to i64), 0 is the sext range: every bit that may
    // be set in 0 is set in the other (LLVM's binaryXor).
    let sext_i32 = sext(ConstantRange::full(32), 64);
    let zero64 = ConstantRange::single(Konst::new(64, 0));
    assert_eq!(binary(BinOp::Xor, plain, sext_i32, zero64), sext_i32);
    // Only 0 as divisor: no result at all, so the full range.
    assert!(binary(BinOp::URem, plain, full, c(0)).is_full());
}

#[test]
fn widths_up_to_64_do_not_overflow() {
    let full = ConstantRange::full(64);
    assert!(full.is_full());
    assert_eq!(full.unsigned_bounds(), Some((0, u64::MAX)));
    assert_eq!(full.signed_bounds(), Some((i64::MIN, i64::MAX)));
    let one = ConstantRange::single(Konst::new(64, 1));
    assert!(binary(BinOp::Add, PoisonFlags::default(), full, one).is_full());
    let top = ConstantRange::single(Konst::new(64, u64::MAX));
    assert_eq!(
        binary(BinOp::Add, PoisonFlags::default(), top, one).single_element(),
        Some(Konst::new(64, 0))
    );
    let r = sext(ConstantRange::full(32), 64);
    assert_eq!(r.size(), 1u128 << 32);
    assert_eq!(trunc(r, 32), ConstantRange::full(32));
}

#[test]
fn the_full_64_bit_range_counts_2_to_the_64() {
    let full = ConstantRange::full(64);
    assert_eq!(full.size(), 1u128 << 64);
    assert!(full.is_full() && !full.is_empty());
    let almost = ConstantRange::unsigned(64, 1, u64::MAX);
    assert_eq!(almost.size(), (1u128 << 64) - 1);
    assert!(!almost.is_full());
    assert_eq!(almost.union(ConstantRange::single(Konst::new(64, 0))), full);
    assert_eq!(
        std::mem::size_of::<ConstantRange>(),
        24,
        "no 16-byte alignment"
    );
    let lattice = std::mem::size_of::<crate::transforms::sccp::lattice::Lattice>();
    assert!(lattice <= 32, "a lattice element takes {lattice} bytes");
}
