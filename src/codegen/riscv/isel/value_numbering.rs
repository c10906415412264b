//! Emission helpers with local value numbering.
//!
//! Redundancy within extended basic blocks (a block inherits what its only
//! predecessor had available, see `Lowerer::avail`) is removed by local
//! value numbering over the machine operations as they are emitted:
//! constants, addresses and pure integer operations with the same operands
//! are computed once; a load from a private slot (an alloca whose address
//! never escapes, see `memory`) reuses the register last stored to or
//! loaded from it. Stores are kept, so memory always holds the variable's
//! value. The scheme is the classic local value numbering (Cocke and
//! Schwartz 1970; Cooper and Torczon, *Engineering a Compiler*, §8.4.1)
//! extended to EBBs (§8.5.1, superlocal value numbering).

use std::collections::HashMap;

use super::super::mir::*;
use super::Lowerer;

/// Keys of `Lowerer::avail`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum AvailKey {
    Int(i64),
    Float(u64, bool),
    Addr(String, i64),
    Frame(u32),
    /// `op rd, rs1, rs2` (integer operations only)
    Op(&'static str, VReg, VReg),
    /// `op rd, rs1, imm`
    OpImm(&'static str, VReg, i64),
    /// `op rd, rs` without rounding mode (integer operations only)
    Unary(&'static str, VReg),
    /// the value a private slot holds
    Slot(u32),
}

impl Lowerer {
    /// For each block, the predecessor whose exit table it inherits: its
    /// only predecessor, when that one comes earlier in layout order (and
    /// so is lowered first). The entry block (index 0) keeps what `entry`
    /// made available.
    pub(super) fn ebb_parents(cfg: &crate::analysis::cfg::Cfg) -> Vec<Option<usize>> {
        (0..cfg.num_blocks())
            .map(|b| {
                let preds = cfg.preds(b);
                let p = *preds.first()?;
                (preds.iter().all(|&q| q == p) && p < b).then_some(p)
            })
            .collect()
    }

    /// The exit table of lowered block `p`, handed to one of its heirs.
    pub(super) fn inherit(&mut self, p: usize) -> HashMap<AvailKey, VReg> {
        self.pending_heirs[p] -= 1;
        if self.pending_heirs[p] == 0 {
            self.exit_avail[p].take().unwrap_or_default()
        } else {
            self.exit_avail[p].clone().unwrap_or_default()
        }
    }

    pub(super) fn li(&mut self, imm: i64) -> VReg {
        self.avail_or(AvailKey::Int(imm), Class::Int, |rd| Inst::Li { rd, imm })
    }

    pub(super) fn la(&mut self, sym: String, off: i64) -> VReg {
        let key = AvailKey::Addr(sym.clone(), off);
        self.avail_or(key, Class::Int, |rd| Inst::La { rd, sym, off })
    }

    /// Integer operations are pure and cheap to key: an identical one
    /// computed earlier (see `avail`) is reused. Float operations are not
    /// (they raise exception flags a program may test between the two).
    pub(super) fn reusable(op: &'static str) -> bool {
        !op.starts_with('f')
    }

    /// The register already holding `key`, or a new one defined by `make`.
    pub(super) fn avail_or(
        &mut self,
        key: AvailKey,
        c: Class,
        make: impl FnOnce(VReg) -> Inst<VReg>,
    ) -> VReg {
        if let Some(&r) = self.avail.get(&key) {
            return r;
        }
        let rd = self.new_vreg(c);
        self.push(make(rd));
        self.avail.insert(key, rd);
        rd
    }

    pub(super) fn unary(&mut self, op: &'static str, c: Class, rs: VReg) -> VReg {
        let make = |rd| Inst::Unary {
            op,
            rd,
            rs,
            rm: None,
        };
        if Self::reusable(op) {
            return self.avail_or(AvailKey::Unary(op, rs), c, make);
        }
        let rd = self.new_vreg(c);
        self.push(make(rd));
        rd
    }

    pub(super) fn unary_rm(
        &mut self,
        op: &'static str,
        c: Class,
        rs: VReg,
        rm: &'static str,
    ) -> VReg {
        let rd = self.new_vreg(c);
        self.push(Inst::Unary {
            op,
            rd,
            rs,
            rm: Some(rm),
        });
        rd
    }

    pub(super) fn op(&mut self, op: &'static str, c: Class, rs1: VReg, rs2: VReg) -> VReg {
        let make = |rd| Inst::Op { op, rd, rs1, rs2 };
        if Self::reusable(op) {
            return self.avail_or(AvailKey::Op(op, rs1, rs2), c, make);
        }
        let rd = self.new_vreg(c);
        self.push(make(rd));
        rd
    }

    pub(super) fn opi(&mut self, op: &'static str, rs1: VReg, imm: i64) -> VReg {
        self.avail_or(AvailKey::OpImm(op, rs1, imm), Class::Int, |rd| {
            Inst::OpImm { op, rd, rs1, imm }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ebb_parents_are_unique_earlier_predecessors() {
        use crate::analysis::cfg::Cfg;
        // 0 -> 1 (twice: a switch), 1 -> {2, 3}, 2 -> 3, 3 -> 4, 4 -> {4, 6},
        // 6 -> 5 (5's only predecessor comes later), 7 -> 7 (unreachable
        // self-loop).
        let cfg = Cfg::from_edges(
            8,
            &[
                (0, 1),
                (0, 1),
                (1, 2),
                (1, 3),
                (2, 3),
                (3, 4),
                (4, 4),
                (4, 6),
                (6, 5),
                (7, 7),
            ],
        );
        assert_eq!(
            Lowerer::ebb_parents(&cfg),
            vec![None, Some(0), Some(1), None, None, None, Some(4), None]
        );
    }
}
