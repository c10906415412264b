//! `AddressIndex`: the number of each of a fixed set of distinct addresses
//! (LLVM blocks, allocas), looked up by address.
//!
//! A hash map scatters its entries: each lookup is a random access, and
//! once the table outgrows the L2 cache (1 MiB per core on our benchmark
//! machine: some 30 000 pointer keys) nearly every lookup is a cache miss.
//! The passes look keys up in nearly the order LLVM allocated them: blocks
//! in layout order, allocas in entry block order, the accesses of allocas
//! in the order of the allocas. An index that keeps addresses in order
//! turns those lookups into a forward sweep over its arrays, which the
//! hardware prefetches.
//!
//! The address range `min..=max` is cut into buckets of `2^shift` bytes,
//! one or two buckets per key, and the keys are sorted by bucket (a
//! counting sort, linear) and then within each bucket; `starts[k]` is the
//! first key of bucket `k`.
//! A lookup reads its bucket's range of keys and searches it: linearly when
//! short (the usual case: keys spread across the range), by bisection
//! otherwise, so a lookup is O(log n) however the keys cluster.
//!
//! Invariants: `addresses` is strictly increasing; `numbers[i]` is the
//! number of `addresses[i]`; `starts` is non-decreasing, has one entry per
//! bucket plus a final `addresses.len()`, and bucket `k` holds exactly the
//! keys `a` with `(a - min) >> shift == k`.

/// Bucket ranges up to this length are searched linearly.
const LINEAR_SEARCH_MAX: usize = 8;

#[derive(Clone, Debug)]
pub struct AddressIndex {
    min: usize,
    shift: u32,
    starts: Vec<u32>,
    addresses: Vec<usize>,
    numbers: Vec<u32>,
}

impl AddressIndex {
    /// Numbers each of `keys` by its position. The keys must be distinct.
    pub fn new(keys: impl IntoIterator<Item = usize>) -> Self {
        let entries: Vec<(usize, u32)> = keys.into_iter().zip(0u32..).collect();
        let bounds = entries.iter().map(|&(a, _)| a);
        let (Some(min), Some(max)) = (bounds.clone().min(), bounds.max()) else {
            return AddressIndex {
                min: 0,
                shift: 0,
                starts: vec![0],
                addresses: Vec::new(),
                numbers: Vec::new(),
            };
        };
        let shift = bucket_shift(max - min, entries.len());
        let buckets = ((max - min) >> shift) + 1;
        let (starts, sorted) = sort_by_bucket(&entries, min, shift, buckets);
        debug_assert!(sorted.windows(2).all(|w| w[0].0 < w[1].0), "duplicate key");
        let (addresses, numbers) = sorted.into_iter().unzip();
        AddressIndex {
            min,
            shift,
            starts,
            addresses,
            numbers,
        }
    }

    /// The number of `address`, if it is one of the keys.
    pub fn get(&self, address: usize) -> Option<u32> {
        // Below `min` the subtraction wraps around, to a bucket past the
        // last or one whose keys all differ from `address`: the comparison
        // with the keys decides either way.
        let bucket = address.wrapping_sub(self.min) >> self.shift;
        // `starts` has one entry more than there are buckets.
        if bucket >= self.starts.len() - 1 {
            return None;
        }
        let (from, to) = (
            self.starts[bucket] as usize,
            self.starts[bucket + 1] as usize,
        );
        let run = &self.addresses[from..to];
        let found = if run.len() <= LINEAR_SEARCH_MAX {
            run.iter().position(|&a| a == address)
        } else {
            run.binary_search(&address).ok()
        };
        found.map(|i| self.numbers[from + i])
    }

    pub fn len(&self) -> usize {
        self.addresses.len()
    }

    pub fn is_empty(&self) -> bool {
        self.addresses.is_empty()
    }
}

/// The smallest shift that cuts `span + 1` bytes into at most `2 * keys`
/// buckets: at most one key per bucket, on average, when the keys are
/// spread evenly (a lookup then reads one or two addresses).
fn bucket_shift(span: usize, keys: usize) -> u32 {
    let mut shift = 0;
    while shift < usize::BITS - 1 && (span >> shift) >= 2 * keys {
        shift += 1;
    }
    shift
}

/// The entries in address order, and `starts`: `starts[k]` is the
/// position of the first entry in bucket `k` or later, `starts[buckets]`
/// the number of entries.
///
/// A counting sort by bucket (count, prefix sums, scatter), then a sort of
/// each bucket's few entries: linear, where a comparison sort of the whole
/// is not. LLVM allocates a function's instructions nearly in order, but
/// a run breaks about once per block; merging those runs took a tenth of
/// pebble-sccp's read phase on `irreducible-4000x100` (`scripts/bench-sccp`).
fn sort_by_bucket(
    entries: &[(usize, u32)],
    min: usize,
    shift: u32,
    buckets: usize,
) -> (Vec<u32>, Vec<(usize, u32)>) {
    let bucket = |address: usize| (address - min) >> shift;
    let mut starts = vec![0u32; buckets + 1];
    for &(address, _) in entries {
        starts[bucket(address) + 1] += 1;
    }
    for k in 1..=buckets {
        starts[k] += starts[k - 1];
    }
    let mut next = starts.clone();
    let mut sorted = vec![(0, 0); entries.len()];
    for &entry in entries {
        let slot = &mut next[bucket(entry.0)];
        sorted[*slot as usize] = entry;
        *slot += 1;
    }
    for k in 0..buckets {
        let run = &mut sorted[starts[k] as usize..starts[k + 1] as usize];
        if run.len() > 1 {
            run.sort_unstable_by_key(|&(address, _)| address);
        }
    }
    (starts, sorted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    fn check_against_map(keys: &[usize], probes: &[usize]) {
        let index = AddressIndex::new(keys.iter().copied());
        let map: HashMap<usize, u32> = keys.iter().copied().zip(0u32..).collect();
        assert_eq!(index.len(), keys.len());
        for &k in keys.iter().chain(probes) {
            assert_eq!(index.get(k), map.get(&k).copied(), "key {k:#x}");
        }
    }

    #[test]
    fn empty_index_finds_nothing() {
        let index = AddressIndex::new([]);
        assert!(index.is_empty());
        assert_eq!(index.get(0), None);
        assert_eq!(index.get(usize::MAX), None);
    }

    #[test]
    fn keys_out_of_order_keep_their_positions() {
        let index = AddressIndex::new([0x3000, 0x1000, 0x2000]);
        assert_eq!(index.get(0x1000), Some(1));
        assert_eq!(index.get(0x2000), Some(2));
        assert_eq!(index.get(0x3000), Some(0));
        assert_eq!(index.get(0x1008), None);
        assert_eq!(index.get(0x0fff), None);
        assert_eq!(index.get(0x3001), None);
    }

    #[test]
    fn keys_at_the_ends_of_the_address_space() {
        check_against_map(
            &[0, usize::MAX, 1, usize::MAX - 1],
            &[2, usize::MAX - 2, 1 << 63],
        );
    }

    #[test]
    fn clustered_keys_are_found_by_bisection() {
        // 1 000 keys in one bucket and one far away.
        let mut keys: Vec<usize> = (0..1000).map(|i| 0x10_0000 + 16 * i).collect();
        keys.push(usize::MAX / 2);
        let probes: Vec<usize> = (0..2000).map(|i| 0x10_0000 + 8 * i).collect();
        check_against_map(&keys, &probes);
    }

    #[test]
    fn one_or_two_buckets_per_key_when_spread_evenly() {
        let keys: Vec<usize> = (0..1000).map(|i| 0x4000_0000 + 320 * i).collect();
        let index = AddressIndex::new(keys.iter().copied());
        let buckets = index.starts.len() - 1;
        assert!(
            (keys.len()..=2 * keys.len()).contains(&buckets),
            "{buckets} buckets"
        );
        let longest = index.starts.windows(2).map(|w| w[1] - w[0]).max().unwrap();
        assert!(longest <= 1, "{longest} keys in one bucket");
    }

    proptest! {
        #[test]
        fn agrees_with_a_hash_map(
            keys in proptest::collection::hash_set(any::<usize>(), 0..200),
            near in proptest::collection::vec((0usize..200, -64isize..64), 0..100),
            far in proptest::collection::vec(any::<usize>(), 0..20),
        ) {
            let keys: Vec<usize> = keys.into_iter().collect();
            // Probes next to keys (inside their buckets) as well as anywhere.
            let mut probes = far;
            for (i, delta) in near {
                if let Some(&k) = keys.get(i) {
                    probes.push(k.wrapping_add_signed(delta));
                }
            }
            check_against_map(&keys, &probes);
        }

        #[test]
        fn agrees_with_a_hash_map_on_allocator_like_keys(
            gaps in proptest::collection::vec(1usize..4096, 1..300),
            swaps in proptest::collection::vec((0usize..300, 0usize..300), 0..10),
        ) {
            // Mostly increasing addresses, a few out of order.
            let mut keys: Vec<usize> = gaps
                .iter()
                .scan(0x5555_0000usize, |a, &g| { *a += g * 16; Some(*a) })
                .collect();
            let n = keys.len();
            for (i, j) in swaps {
                keys.swap(i % n, j % n);
            }
            let probes: Vec<usize> = keys.iter().map(|k| k + 8).collect();
            check_against_map(&keys, &probes);
        }
    }
}
