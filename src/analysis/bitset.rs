//! A dense set of small integers, one bit each: for sets over all the
//! values or registers of a function, where a `Vec<bool>` would take eight
//! times the memory (and cache) and a hash set far more.
//!
//! Invariant: `words` holds `ceil(len / 64)` words; bits at or past `len`
//! are never set (every insertion is of an index below `len`, checked by
//! the word index).

/// A set of the integers `0..len`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// The empty set over `0..len`.
    pub fn new(len: usize) -> Self {
        BitSet {
            words: vec![0; len.div_ceil(64)],
        }
    }

    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }

    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.words[i / 64] & (1 << (i % 64)) != 0
    }

    /// `self |= other` (sets over the same `len`); returns whether `self`
    /// grew.
    pub fn union_with(&mut self, other: &BitSet) -> bool {
        let mut changed = false;
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            let n = *a | *b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }

    /// `self -= other` (sets over the same `len`).
    pub fn difference_with(&mut self, other: &BitSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= !b;
        }
    }

    /// Makes room for the integers `0..len` (a larger `len` than the
    /// set's; the new ones are absent).
    pub fn grow(&mut self, len: usize) {
        let words = len.div_ceil(64);
        if words > self.words.len() {
            self.words.resize(words, 0);
        }
    }

    /// How many integers the set has room for: `len` rounded up to a
    /// whole word.
    pub fn capacity(&self) -> usize {
        self.words.len() * 64
    }

    /// The members, in increasing order: each word's set bits by their
    /// trailing zeros, so the cost is one step per word plus one per
    /// member. (Testing the 64 bits of every word one by one made
    /// iterating a sparse set of n bits cost n steps: graph colouring's
    /// build, which walks the live set at every definition, spent 500 ms
    /// a round on a function of 36 000 registers.)
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &bits)| {
            let mut rest = bits;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    w * 64 + b
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Against `BTreeSet`: the same members after any sequence of
        /// insertions and removals, and union reports growth exactly.
        #[test]
        fn matches_a_btreeset(ops in prop::collection::vec((any::<bool>(), 0usize..200), 0..100),
                              other in prop::collection::btree_set(0usize..200, 0..20)) {
            let mut set = BitSet::new(200);
            let mut reference = std::collections::BTreeSet::new();
            for (insert, i) in ops {
                if insert {
                    set.insert(i);
                    reference.insert(i);
                } else {
                    set.remove(i);
                    reference.remove(&i);
                }
                prop_assert_eq!(set.contains(i), reference.contains(&i));
            }
            prop_assert_eq!(set.iter().collect::<Vec<_>>(), reference.iter().copied().collect::<Vec<_>>());
            let mut o = BitSet::new(200);
            other.iter().for_each(|&i| o.insert(i));
            let grows = !other.is_subset(&reference);
            let mut difference = set.clone();
            difference.difference_with(&o);
            let expected: Vec<usize> = reference.difference(&other).copied().collect();
            prop_assert_eq!(difference.iter().collect::<Vec<_>>(), expected);
            prop_assert_eq!(set.union_with(&o), grows);
            reference.extend(other);
            prop_assert_eq!(set.iter().collect::<Vec<_>>(), reference.into_iter().collect::<Vec<_>>());
        }
    }
}
