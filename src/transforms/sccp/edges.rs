//! The set of executable CFG edges, as a bit per distinct `(from, to)`
//! pair of the program's terminators.
//!
//! The solver asks "is `pred → block` executable?" once per incoming entry
//! every time it evaluates a phi, which is its innermost step; a hash set
//! of pairs made that a hash per entry (callgrind: half the solver's time
//! on generated CFGs with tens of thousands of phis). Here each block's
//! distinct successors are numbered once, sorted, so an edge is an index
//! (`EdgeId`) into one vector of flags; the solver resolves each phi entry
//! to its `EdgeId` before it starts.
//!
//! Several terminator edges between the same two blocks (a `switch` with
//! two cases to one block) are one pair, as in LLVM's `KnownFeasibleEdges`.

use crate::analysis::cfg::Block;

use super::program::Program;

/// An index into the distinct edges of a program.
pub type EdgeId = usize;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecutableEdges {
    /// For block `b`, its distinct successors, sorted, are
    /// `targets[first[b]..first[b + 1]]`.
    first: Vec<usize>,
    targets: Vec<Block>,
    executable: Vec<bool>,
}

impl ExecutableEdges {
    /// Every edge of `program`, none executable.
    pub fn new(program: &Program) -> Self {
        let mut first = Vec::with_capacity(program.num_blocks() + 1);
        let mut targets = Vec::new();
        for term in &program.terminators {
            first.push(targets.len());
            let mut succs = term.successors();
            succs.sort_unstable();
            succs.dedup();
            targets.extend(succs);
        }
        first.push(targets.len());
        let executable = vec![false; targets.len()];
        ExecutableEdges {
            first,
            targets,
            executable,
        }
    }

    /// The edge `from → to`, if the program has one.
    pub fn id(&self, from: Block, to: Block) -> Option<EdgeId> {
        let (start, end) = (self.first[from], self.first[from + 1]);
        let k = self.targets[start..end].binary_search(&to).ok()?;
        Some(start + k)
    }

    pub fn is_executable(&self, edge: EdgeId) -> bool {
        self.executable[edge]
    }

    /// Marks an edge executable; false if it already was.
    pub fn insert(&mut self, edge: EdgeId) -> bool {
        !std::mem::replace(&mut self.executable[edge], true)
    }

    /// Is `from → to` an executable edge?
    pub fn contains(&self, from: Block, to: Block) -> bool {
        self.id(from, to).is_some_and(|e| self.executable[e])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transforms::sccp::lattice::Konst;
    use crate::transforms::sccp::program::{Operand, Terminator};

    #[test]
    fn duplicate_switch_edges_are_one_pair() {
        let k = |v| Konst::new(8, v);
        let program = Program {
            insts: Vec::new(),
            phi_entries: Vec::new(),
            terminators: vec![
                Terminator::Switch {
                    cond: Operand::Unknown,
                    default: 2,
                    cases: vec![(k(1), 1), (k(2), 2), (k(3), 1)],
                },
                Terminator::Jump(2),
                Terminator::Other(vec![]),
            ],
        };
        let mut edges = ExecutableEdges::new(&program);
        assert_eq!(edges.id(0, 1), Some(0));
        assert_eq!(edges.id(0, 2), Some(1));
        assert_eq!(edges.id(1, 2), Some(2));
        assert_eq!(edges.id(1, 0), None);
        assert_eq!(edges.id(2, 0), None);
        assert!(!edges.contains(0, 2));
        assert!(edges.insert(1));
        assert!(!edges.insert(1), "already executable");
        assert!(edges.contains(0, 2));
        assert!(!edges.contains(0, 1));
    }
}
