//! `Lists<T>`: a sequence of short lists stored in one vector (the
//! compressed-sparse-row layout of `Cfg`'s edges), for per-slot and
//! per-block results.
//!
//! A `Vec` per slot costs an allocation and a free per slot: on a function
//! with 80 000 allocas that was a sixth of mem2reg's executed instructions
//! (callgrind), most of it in glibc, whose free lists the pass shares with
//! the instructions LLVM frees as it erases them. Here every list of a
//! result lives in one vector, built list by list.
//!
//! Invariants: `starts[0] == 0`, `starts` is non-decreasing and its last
//! entry is `items.len()`; list `i` is `items[starts[i]..starts[i + 1]]`.

use std::fmt;
use std::ops::{Index, IndexMut};

#[derive(Clone, PartialEq, Eq)]
pub struct Lists<T> {
    starts: Vec<u32>,
    items: Vec<T>,
}

impl<T> Default for Lists<T> {
    fn default() -> Self {
        Lists {
            starts: vec![0],
            items: Vec::new(),
        }
    }
}

impl<T> Lists<T> {
    /// No lists yet; room for `lists` lists of `items` items in all.
    pub fn with_capacity(lists: usize, items: usize) -> Self {
        let mut starts = Vec::with_capacity(lists + 1);
        starts.push(0);
        Lists {
            starts,
            items: Vec::with_capacity(items),
        }
    }

    /// Appends a list.
    #[inline]
    pub fn push_list(&mut self, list: impl IntoIterator<Item = T>) {
        self.items.extend(list);
        let end = u32::try_from(self.items.len()).expect("fewer than 2^32 items");
        self.starts.push(end);
    }

    /// The number of lists.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of items in all lists together.
    pub fn total_items(&self) -> usize {
        self.items.len()
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[T]> + '_ {
        (0..self.len()).map(|i| &self[i])
    }
}

impl<T: Clone> Lists<T> {
    /// One `Vec` per list, for callers that want owned lists.
    pub fn to_vecs(&self) -> Vec<Vec<T>> {
        self.iter().map(<[T]>::to_vec).collect()
    }
}

impl<T> Index<usize> for Lists<T> {
    type Output = [T];
    fn index(&self, i: usize) -> &[T] {
        &self.items[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

impl<T> IndexMut<usize> for Lists<T> {
    fn index_mut(&mut self, i: usize) -> &mut [T] {
        let (from, to) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        &mut self.items[from..to]
    }
}

impl<T, L: IntoIterator<Item = T>> FromIterator<L> for Lists<T> {
    fn from_iter<I: IntoIterator<Item = L>>(lists: I) -> Self {
        let mut out = Lists::default();
        for list in lists {
            out.push_list(list);
        }
        out
    }
}

/// Prints like the `Vec<Vec<T>>` it stands for.
impl<T: fmt::Debug> fmt::Debug for Lists<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Lists built from `(list, item)` pairs, for results produced in an order
/// other than list by list: a counting sort by list, which keeps the pairs'
/// order within each list.
pub fn group_by_list<T: Copy>(lists: usize, pairs: &[(u32, T)]) -> Lists<T> {
    assert!(u32::try_from(pairs.len()).is_ok(), "fewer than 2^32 items");
    let mut starts = vec![0u32; lists + 1];
    for &(list, _) in pairs {
        starts[list as usize + 1] += 1;
    }
    for i in 0..lists {
        starts[i + 1] += starts[i];
    }
    let Some(&(_, filler)) = pairs.first() else {
        return Lists {
            starts,
            items: Vec::new(),
        };
    };
    let mut items = vec![filler; pairs.len()];
    let mut fill = starts.clone();
    for &(list, item) in pairs {
        items[fill[list as usize] as usize] = item;
        fill[list as usize] += 1;
    }
    Lists { starts, items }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn lists_keep_their_items_in_order() {
        let lists: Lists<u32> = [vec![3, 1], vec![], vec![7]].into_iter().collect();
        assert_eq!(lists.len(), 3);
        assert_eq!(lists.total_items(), 3);
        assert_eq!(&lists[0], &[3, 1]);
        assert!(lists[1].is_empty());
        assert_eq!(&lists[2], &[7]);
        assert_eq!(format!("{lists:?}"), "[[3, 1], [], [7]]");
        let mut lists = lists;
        lists[0][1] = 4;
        assert_eq!(lists.to_vecs(), vec![vec![3, 4], vec![], vec![7]]);
    }

    #[test]
    fn no_lists() {
        let lists: Lists<u32> = Lists::default();
        assert!(lists.is_empty());
        assert_eq!(lists.iter().count(), 0);
        assert_eq!(group_by_list::<u32>(0, &[]), lists);
    }

    proptest! {
        #[test]
        fn round_trips_through_vecs(vecs in proptest::collection::vec(
            proptest::collection::vec(any::<u16>(), 0..5), 0..20)) {
            let lists: Lists<u16> = vecs.iter().cloned().collect();
            prop_assert_eq!(lists.to_vecs(), vecs);
        }

        #[test]
        fn grouping_pairs_is_a_stable_sort_by_list(
            pairs in proptest::collection::vec((0u32..6, any::<u16>()), 0..40)) {
            let mut expected = vec![Vec::new(); 6];
            for &(list, item) in &pairs {
                expected[list as usize].push(item);
            }
            prop_assert_eq!(group_by_list(6, &pairs).to_vecs(), expected);
        }
    }
}
