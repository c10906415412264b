//! Slices and partitions of one alloca, on plain byte ranges (Definition
//! 16.4.4 of the seed, `../shared/seeds/001_*.txt`).
//!
//! A *slice* is a use that touches the constant byte range `[begin, end)` of
//! the alloca. Loads and stores are *unsplittable*: they must end up inside
//! one partition. `memcpy`/`memmove`/`memset` are *splittable*: they may be
//! cut into one piece per partition they cover.
//!
//! `partitions` is the sweep of Algorithm 16.4.5, refined the way LLVM 19's
//! `AllocaSlices::partition_iterator` refines it, so that a memcpy over a
//! whole struct does not glue the struct's fields into one partition:
//! * slices are sorted by begin, unsplittable first, then longer first;
//! * a partition that starts with an unsplittable slice takes every slice
//!   that begins before its end, and grows with the unsplittable ones
//!   (overlapping loads/stores merge, as in the seed's sweep);
//! * a partition that starts with a splittable slice takes the overlapping
//!   splittable slices and stops where the next unsplittable slice begins;
//! * splittable slices that run past the end of their partition continue
//!   as *split tails* into the following partitions; a gap between the
//!   tails' partition and the next unsplittable slice is a partition of its
//!   own.
//!
//! Invariants (checked by the property test at the bottom): partitions are
//! sorted and disjoint; every unsplittable slice lies inside exactly one
//! partition; every byte of every slice lies in some partition.

use std::cmp::Ordering;

/// One use of an alloca at a constant byte range. `id` is the caller's
/// handle for the use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slice {
    pub begin: u64,
    pub end: u64,
    pub splittable: bool,
    pub id: u32,
}

/// A byte range of the alloca that becomes one new alloca.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    pub begin: u64,
    pub end: u64,
}

impl Partition {
    pub fn size(&self) -> u64 {
        self.end - self.begin
    }
}

/// LLVM's slice order: by begin; at equal begins unsplittable slices first,
/// then the longer slice first.
fn slice_order(a: &Slice, b: &Slice) -> Ordering {
    a.begin
        .cmp(&b.begin)
        .then(a.splittable.cmp(&b.splittable))
        .then(b.end.cmp(&a.end))
        .then(a.id.cmp(&b.id))
}

/// Sorts `slices` (in place, into the order the sweep needs) and returns the
/// partitions they form. Slices must be non-empty (`begin < end`).
pub fn partitions(slices: &mut [Slice]) -> Vec<Partition> {
    slices.sort_unstable_by(slice_order);
    let mut out = Vec::new();
    let n = slices.len();
    let mut i = 0;
    // End of the last partition formed.
    let mut end = 0u64;
    // Furthest end of the split tails; the tails are live while it is past `end`.
    let mut tail_end = 0u64;
    while i < n || tail_end > end {
        let has_tails = tail_end > end;
        if i == n {
            // Only tails remain: one last partition up to where they end.
            out.push(Partition {
                begin: end,
                end: tail_end,
            });
            end = tail_end;
            continue;
        }
        let first = slices[i];
        if has_tails && first.begin != end && !first.splittable {
            // Tails followed by a gap before an unsplittable slice: the tails
            // get a partition of their own, ending where that slice begins
            // (as LLVM's, it may include untouched bytes after the tails).
            out.push(Partition {
                begin: end,
                end: first.begin,
            });
            end = first.begin;
            continue;
        }
        let begin = if has_tails { end } else { first.begin };
        let mut pend = first.end;
        let mut j = i + 1;
        if !first.splittable {
            while j < n && slices[j].begin < pend {
                if !slices[j].splittable {
                    pend = pend.max(slices[j].end);
                }
                j += 1;
            }
        } else {
            while j < n && slices[j].begin < pend && slices[j].splittable {
                pend = pend.max(slices[j].end);
                j += 1;
            }
            if j < n && slices[j].begin < pend {
                // An unsplittable slice cuts this splittable run short.
                pend = slices[j].begin;
            }
        }
        for s in &slices[i..j] {
            if s.splittable && s.end > pend {
                tail_end = tail_end.max(s.end);
            }
        }
        out.push(Partition { begin, end: pend });
        end = pend;
        i = j;
    }
    out
}

/// The indices of the partitions a byte range overlaps (`partitions` sorted
/// and disjoint).
pub fn overlapping(partitions: &[Partition], begin: u64, end: u64) -> std::ops::Range<usize> {
    let first = partitions.partition_point(|p| p.end <= begin);
    let last = partitions.partition_point(|p| p.begin < end);
    first..last.max(first)
}

/// The part of `[begin, end)` that lies in `p`.
pub fn piece(p: &Partition, begin: u64, end: u64) -> (u64, u64) {
    (begin.max(p.begin), end.min(p.end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn s(begin: u64, end: u64, splittable: bool) -> Slice {
        Slice {
            begin,
            end,
            splittable,
            id: 0,
        }
    }

    fn ranges(ps: &[Partition]) -> Vec<(u64, u64)> {
        ps.iter().map(|p| (p.begin, p.end)).collect()
    }

    #[test]
    fn seed_pair_memcpys_split_per_field() {
        // sroa.c: memcpy [0,8) from the constant, loads p.a [0,4), p.b [4,8),
        // memcpy [0,8) from q.
        let mut v = vec![s(0, 8, true), s(0, 4, false), s(4, 8, false), s(0, 8, true)];
        assert_eq!(ranges(&partitions(&mut v)), vec![(0, 4), (4, 8)]);
    }

    #[test]
    fn overlapping_loads_merge() {
        // A union: store i32 [0,4), load i8 [1,2), load i16 [2,4).
        let mut v = vec![s(0, 4, false), s(1, 2, false), s(2, 4, false)];
        assert_eq!(ranges(&partitions(&mut v)), vec![(0, 4)]);
        // Straddling loads chain: [0,4) and [2,6) and [5,8) -> one partition.
        let mut v = vec![s(0, 4, false), s(2, 6, false), s(5, 8, false)];
        assert_eq!(ranges(&partitions(&mut v)), vec![(0, 8)]);
    }

    #[test]
    fn tail_after_a_field_is_one_partition() {
        // struct {int a, b, c}: memcpy [0,12), load a [0,4): the bytes
        // [4,12) form one partition (LLVM's t.sroa.2 of only_copy).
        let mut v = vec![s(0, 12, true), s(0, 4, false)];
        assert_eq!(ranges(&partitions(&mut v)), vec![(0, 4), (4, 12)]);
    }

    #[test]
    fn tails_stop_before_a_later_field() {
        // memset [0,16) of int a[4], store a[2] [8,12): the memset's run
        // stops where the store begins, the store, then the memset's tail.
        let mut v = vec![s(0, 16, true), s(8, 12, false)];
        assert_eq!(ranges(&partitions(&mut v)), vec![(0, 8), (8, 12), (12, 16)]);
        // A tail followed by a gap and then an unsplittable slice.
        let mut v = vec![s(0, 6, true), s(0, 2, false), s(10, 12, false)];
        assert_eq!(ranges(&partitions(&mut v)), vec![(0, 2), (2, 10), (10, 12)]);
    }

    #[test]
    fn tails_then_splittable_restart_at_previous_end() {
        // LLVM's shape: cluster [0,4) with a tail to 12, a memset [6,10).
        let mut v = vec![s(0, 12, true), s(0, 4, false), s(6, 10, true)];
        assert_eq!(ranges(&partitions(&mut v)), vec![(0, 4), (4, 10), (10, 12)]);
    }

    #[test]
    fn no_slices_no_partitions() {
        assert!(partitions(&mut []).is_empty());
    }

    #[test]
    fn overlapping_finds_covered_partitions() {
        let ps = partitions(&mut [s(0, 16, true), s(8, 12, false)]);
        assert_eq!(overlapping(&ps, 0, 16), 0..3);
        assert_eq!(overlapping(&ps, 8, 12), 1..2);
        assert_eq!(overlapping(&ps, 4, 9), 0..2);
        assert_eq!(piece(&ps[0], 4, 9), (4, 8));
    }

    fn arb_slices() -> impl Strategy<Value = Vec<Slice>> {
        prop::collection::vec((0u64..24, 1u64..10, any::<bool>()), 0..10).prop_map(|v| {
            v.into_iter()
                .enumerate()
                .map(|(i, (b, len, sp))| Slice {
                    begin: b,
                    end: b + len,
                    splittable: sp,
                    id: i as u32,
                })
                .collect()
        })
    }

    proptest! {
        #[test]
        fn partitions_are_disjoint_and_cover_every_slice(mut v in arb_slices()) {
            let ps = partitions(&mut v);
            for w in ps.windows(2) {
                prop_assert!(w[0].end <= w[1].begin, "{:?}", ps);
            }
            for p in &ps {
                prop_assert!(p.begin < p.end, "{:?}", ps);
            }
            for sl in &v {
                let covering = overlapping(&ps, sl.begin, sl.end);
                if !sl.splittable {
                    prop_assert_eq!(covering.len(), 1, "{:?} in {:?}", sl, ps);
                    let p = ps[covering.start];
                    prop_assert!(p.begin <= sl.begin && sl.end <= p.end);
                }
                // Every byte of the slice is in some partition.
                for byte in sl.begin..sl.end {
                    prop_assert!(ps.iter().any(|p| p.begin <= byte && byte < p.end),
                        "byte {} of {:?} uncovered by {:?}", byte, sl, ps);
                }
            }
        }
    }
}
