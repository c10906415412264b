//! A set of blocks that empties in O(1): each member carries the stamp of
//! the generation it was inserted in, and `clear` starts a new generation.
//!
//! The analyses run once per variable over the same function (thousands of
//! variables in one function is normal at -O0), so scratch space is sized
//! once per function and must not cost O(blocks) per variable to reset.
//! When the 32-bit generation wraps, the stamps are zeroed once so that no
//! stale stamp can match.

use super::cfg::Block;

#[derive(Clone, Debug)]
pub struct StampSet {
    stamps: Vec<u32>,
    generation: u32,
}

impl StampSet {
    /// An empty set over blocks `0..n`.
    pub fn new(n: usize) -> Self {
        StampSet {
            stamps: vec![0; n],
            generation: 1,
        }
    }

    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }

    pub fn contains(&self, b: Block) -> bool {
        self.stamps[b] == self.generation
    }

    /// Adds `b`; false if it was already there.
    pub fn insert(&mut self, b: Block) -> bool {
        let fresh = self.stamps[b] != self.generation;
        self.stamps[b] = self.generation;
        fresh
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clearing_forgets_every_member() {
        let mut set = StampSet::new(4);
        assert!(set.insert(2));
        assert!(!set.insert(2));
        assert!(set.contains(2) && !set.contains(1));
        set.clear();
        assert!(!set.contains(2));
    }

    #[test]
    fn a_wrapped_generation_does_not_revive_old_members() {
        let mut set = StampSet::new(2);
        set.insert(0);
        set.generation = u32::MAX;
        set.insert(1);
        set.clear(); // wraps: stamps are zeroed
        assert!(!set.contains(0) && !set.contains(1));
        set.generation = 0; // a stale stamp of 0 must not match either
        set.clear();
        assert!(!set.contains(0));
    }
}
