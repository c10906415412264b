//! Control flow: `br` (with an `icmp` fused into a compare-and-branch),
//! `switch` (read through `ir::switch`), phis turned into edge copies by
//! `out_of_ssa`, and the layout of IR blocks split into several machine
//! blocks (pieces).
//!
//! Compare-and-branch uses RV64I's `beq`/`bne`/`blt`/`bge`/`bltu`/`bgeu`
//! with swapped operands for the other predicates (as LLVM's RISC-V
//! `ISD::BR_CC` lowering); phi elimination follows Boissinot et al. 2009
//! (see `out_of_ssa`).

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};

use super::super::mir::*;
use super::super::out_of_ssa;
use super::{canonical, Lowerer, Result, Ty};
use crate::ir;

impl Lowerer {
    /// Renumbers the machine blocks so that the pieces of each IR block are
    /// consecutive (blocks appended later, such as split critical edges,
    /// keep their order at the end).
    pub(super) fn layout_pieces(&mut self) {
        let n = self.f.blocks.len();
        let mut order: Vec<usize> = self.pieces_of.iter().flatten().copied().collect();
        if order.iter().enumerate().all(|(k, &b)| k == b) {
            return;
        }
        let mut placed = vec![false; n];
        order.iter().for_each(|&b| placed[b] = true);
        order.extend((0..n).filter(|&b| !placed[b]));
        let mut new_index = vec![0; n];
        for (k, &b) in order.iter().enumerate() {
            new_index[b] = k;
        }
        for l in &mut self.f.block_labels {
            l.0 = new_index[l.0];
        }
        let mut old = std::mem::take(&mut self.f.blocks);
        for &b in &order {
            let mut blk = std::mem::take(&mut old[b]);
            if let Some(t) = blk.insts.last_mut() {
                renumber_targets(t, &new_index);
            }
            self.f.blocks.push(blk);
        }
    }

    /// Ends the machine block being filled and continues in a new one.
    pub(super) fn new_piece(&mut self) -> usize {
        self.f.blocks.push(MBlock::default());
        let b = self.f.blocks.len() - 1;
        self.pieces_of.last_mut().expect("an IR block").push(b);
        b
    }

    pub(super) unsafe fn phis(&mut self, blocks: &[LLVMBasicBlockRef]) -> Result<()> {
        let mut edges: Vec<out_of_ssa::EdgeCopies> = Vec::new();
        for (s, &bb) in blocks.iter().enumerate() {
            let phis: Vec<LLVMValueRef> = ir::instructions(bb)
                .take_while(|&i| LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMPHI)
                .collect();
            if phis.is_empty() {
                continue;
            }
            let mut preds: Vec<LLVMBasicBlockRef> = Vec::new();
            for k in 0..LLVMCountIncoming(phis[0]) {
                let p = LLVMGetIncomingBlock(phis[0], k);
                if !preds.contains(&p) {
                    preds.push(p);
                }
            }
            // Phis reached from an indirect jump: every predecessor copies
            // into fresh temporaries, the block starts by copying them into
            // the phis (see `out_of_ssa`).
            let staged = preds.iter().any(|&pbb| {
                let p = *self.pieces_of[self.block_index[&pbb]].last().unwrap();
                matches!(
                    self.f.blocks[p].insts.last(),
                    Some(Inst::IndirectJump { .. })
                )
            });
            let mut temps: Vec<(VReg, VReg)> = Vec::new();
            if staged {
                for &phi in &phis {
                    let dsts = if self.agg_layout(LLVMTypeOf(phi)).is_some() {
                        self.agg_for(phi)?
                    } else {
                        vec![self.vreg_for(phi)?]
                    };
                    for d in dsts {
                        let t = self.new_vreg(self.f.classes[d as usize]);
                        temps.push((d, t));
                    }
                }
                let start: Vec<Inst<VReg>> = temps
                    .iter()
                    .map(|&(d, t)| Inst::Mv { rd: d, rs: t })
                    .collect();
                self.f.blocks[s].insts.splice(0..0, start);
            }
            for pbb in preds {
                let p = *self.pieces_of[self.block_index[&pbb]].last().unwrap();
                self.avail.clear();
                let mut copies = Vec::new();
                for &phi in &phis {
                    let incoming = (0..LLVMCountIncoming(phi))
                        .find(|&k| LLVMGetIncomingBlock(phi, k) == pbb)
                        .map(|k| LLVMGetIncomingValue(phi, k))
                        .ok_or_else(|| self.unsupported(phi))?;
                    // Constants are materialised at the end of the
                    // predecessor, before its terminator.
                    if self.agg_layout(LLVMTypeOf(phi)).is_some() {
                        let dst = self.agg_for(phi)?;
                        let src = self.agg_val(incoming, phi)?;
                        copies.extend(dst.into_iter().zip(src));
                    } else {
                        let dst = self.vreg_for(phi)?;
                        let src = self.val(incoming, phi)?;
                        copies.push((dst, src));
                    }
                }
                if staged {
                    for (c, &(_, t)) in copies.iter_mut().zip(&temps) {
                        c.0 = t;
                    }
                }
                let setup = std::mem::take(&mut self.out);
                let insts = &mut self.f.blocks[p].insts;
                let at = insts.len() - 1;
                insts.splice(at..at, setup);
                edges.push(((p, s), copies));
            }
        }
        out_of_ssa::place_edge_copies(&mut self.f, edges);
        Ok(())
    }

    /// An icmp that is the condition of the branch right after it, and used
    /// nowhere else, is folded into a compare-and-branch.
    pub(super) unsafe fn fusable(&self, cmp: LLVMValueRef) -> bool {
        let next = LLVMGetNextInstruction(cmp);
        if next.is_null()
            || LLVMGetInstructionOpcode(next) != LLVMOpcode::LLVMBr
            || LLVMIsConditional(next) == 0
        {
            return false;
        }
        let users = ir::users(cmp);
        users.len() == 1 && users[0] == next && LLVMGetCondition(next) == cmp
    }

    pub(super) unsafe fn br(&mut self, inst: LLVMValueRef) -> Result<()> {
        if LLVMIsConditional(inst) == 0 {
            let t = self.block_index[&LLVMValueAsBasicBlock(LLVMGetOperand(inst, 0))];
            self.push(Inst::Jump { target: t });
            return Ok(());
        }
        // Operands of a conditional br: cond, false dest, true dest.
        let taken = self.block_index[&LLVMValueAsBasicBlock(LLVMGetOperand(inst, 2))];
        let not_taken = self.block_index[&LLVMValueAsBasicBlock(LLVMGetOperand(inst, 1))];
        let cond = LLVMGetCondition(inst);
        if self.fused.contains(&cond) {
            use LLVMIntPredicate::*;
            let (x, y) = (LLVMGetOperand(cond, 0), LLVMGetOperand(cond, 1));
            let (op, swap) = match LLVMGetICmpPredicate(cond) {
                LLVMIntEQ => ("beq", false),
                LLVMIntNE => ("bne", false),
                LLVMIntSLT => ("blt", false),
                LLVMIntSGE => ("bge", false),
                LLVMIntSGT => ("blt", true),
                LLVMIntSLE => ("bge", true),
                LLVMIntULT => ("bltu", false),
                LLVMIntUGE => ("bgeu", false),
                LLVMIntUGT => ("bltu", true),
                LLVMIntULE => ("bgeu", true),
            };
            let (x, y) = if swap { (y, x) } else { (x, y) };
            let rs1 = self.val(x, cond)?;
            let rs2 = if self.const_int(y) == Some(0) {
                None
            } else {
                Some(self.val(y, cond)?)
            };
            self.push(Inst::Branch {
                op,
                rs1,
                rs2,
                taken,
                not_taken,
            });
            return Ok(());
        }
        let c = self.val(cond, inst)?;
        self.push(Inst::Branch {
            op: "bne",
            rs1: c,
            rs2: None,
            taken,
            not_taken,
        });
        Ok(())
    }

    /// `indirectbr`: a jump to the address; every destination gets the
    /// label its `blockaddress` names (`record_block_labels`).
    pub(super) unsafe fn indirect_br(&mut self, inst: LLVMValueRef) -> Result<()> {
        let rs = self.val(LLVMGetOperand(inst, 0), inst)?;
        let targets = (0..LLVMGetNumSuccessors(inst))
            .map(|k| self.block_index[&LLVMGetSuccessor(inst, k)])
            .collect();
        self.push(Inst::IndirectJump { rs, targets });
        Ok(())
    }

    /// Labels for the blocks whose address is taken (a `blockaddress`
    /// constant uses the block), before layout: IR block i is machine
    /// block i.
    pub(super) unsafe fn record_block_labels(&mut self, blocks: &[LLVMBasicBlockRef]) {
        for (i, &bb) in blocks.iter().enumerate() {
            let taken = ir::users(LLVMBasicBlockAsValue(bb))
                .iter()
                .any(|&u| !LLVMIsABlockAddress(u).is_null());
            if taken {
                if let Some(l) = super::super::const_expr::block_address_label(self.func, bb) {
                    self.f.block_labels.push((i, l));
                }
            }
        }
    }

    pub(super) unsafe fn switch(&mut self, inst: LLVMValueRef) -> Result<()> {
        let x = ir::switch::condition(inst);
        let Ty::Int(bits) = self.ty_of(x, inst)? else {
            return Err(self.unsupported(inst));
        };
        let val = self.val(x, inst)?;
        let default = self.block_index[&ir::switch::default_dest(inst)];
        let mut cases = Vec::new();
        for (value, dest) in ir::switch::cases(inst) {
            let c = self
                .const_int(value)
                .ok_or_else(|| self.unsupported(inst))?;
            cases.push((canonical(c, bits), self.block_index[&dest]));
        }
        self.push(Inst::Switch {
            val,
            cases,
            default,
        });
        Ok(())
    }
}

/// Rewrites the successor blocks of terminator `t` through `new_index`.
fn renumber_targets(t: &mut Inst<VReg>, new_index: &[usize]) {
    match t {
        Inst::Jump { target } => *target = new_index[*target],
        Inst::Branch {
            taken, not_taken, ..
        } => {
            *taken = new_index[*taken];
            *not_taken = new_index[*not_taken];
        }
        Inst::Switch { cases, default, .. } => {
            cases.iter_mut().for_each(|c| c.1 = new_index[c.1]);
            *default = new_index[*default];
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renumbering_rewrites_every_successor() {
        let map = [0, 3, 1, 2];
        let mut j: Inst<VReg> = Inst::Jump { target: 1 };
        renumber_targets(&mut j, &map);
        assert_eq!(j, Inst::Jump { target: 3 });
        let mut b: Inst<VReg> = Inst::Branch {
            op: "bne",
            rs1: 0,
            rs2: None,
            taken: 2,
            not_taken: 3,
        };
        renumber_targets(&mut b, &map);
        assert_eq!(b.succs(), vec![1, 2]);
        let mut sw: Inst<VReg> = Inst::Switch {
            val: 0,
            cases: vec![(5, 1), (7, 3)],
            default: 0,
        };
        renumber_targets(&mut sw, &map);
        assert_eq!(sw.succs(), vec![3, 2, 0]);
    }
}
