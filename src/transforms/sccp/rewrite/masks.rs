//! Step 1b' of `rewrite`: `and x, m` whose mask keeps every bit `x` may
//! have (`sccp::mask`), of any width, is replaced by `x`.

use llvm_sys::core::LLVMGetOperand;

use super::{operand_range, replaced_by_constant, wide_operand_hulls};
use crate::apint::ApInt;
use crate::ir;
use crate::transforms::sccp::fold::BinOp;
use crate::transforms::sccp::lattice::{Konst, Lattice};
use crate::transforms::sccp::mask;
use crate::transforms::sccp::program::{InstId, Op, Operand};
use crate::transforms::sccp::read::ReadFunction;
use crate::transforms::sccp::solver::Solution;
use crate::transforms::sccp::wide::WideOp;

/// Step 1b': `and x, mask` of executable blocks that `mask` proves is `x`
/// (`mask`) has its uses replaced by `x` and is erased. Returns how many.
/// `read.llvm_insts` is not read for them after this (no later step reads
/// an `and`).
pub(super) unsafe fn remove_masks(read: &ReadFunction, solution: &Solution) -> usize {
    let mut count = 0;
    for (i, inst) in read.instructions() {
        if !solution.executable_blocks[inst.block] || replaced_by_constant(solution, i) {
            continue;
        }
        let Some(kept) = kept_by_mask(solution, &inst.op) else {
            continue;
        };
        let llvm_inst = read.llvm_insts[i];
        ir::delete::replace_and_erase(llvm_inst, LLVMGetOperand(llvm_inst, kept));
        count += 1;
    }
    count
}

/// The integer constant the instruction `d`, an operand of an `and`,
/// became in step 1 (its uses replaced already). LLVM 22 replaces each
/// constant before it visits the next instruction, so an `and` whose
/// second operand became a constant that way is a mask there too (csmith
/// 19114: `and i32 %x, %c` with `%c = zext (icmp slt %y, 22)` always 1 and
/// `%x` a `zext` of an `i1`). Only as the second operand: LLVM's pattern (`m_And(X,
/// m_LowBitMask)`) does not commute, and keeps `and i1 true, %x` when the
/// `true` came from the solver (`sccp/ranges.ll` `@phi_range`).
fn mask_made_constant(solution: &Solution, d: InstId) -> Option<Konst> {
    match solution.values[d] {
        Lattice::Const(m) => Some(m),
        _ => None,
    }
}

/// For `and x, m` (either operand order, of any width) where the mask `m`
/// keeps every bit `x` may have, the index of `x` in the instruction.
fn kept_by_mask(solution: &Solution, op: &Op) -> Option<u32> {
    match op {
        Op::Binary {
            op: BinOp::And,
            lhs,
            rhs,
            ..
        } => {
            let redundant =
                |x, m: Konst| mask::is_redundant(operand_range(solution, x, m.width()), m);
            match (lhs, rhs) {
                (x, Operand::Const(m)) if redundant(x, *m) => Some(0),
                (Operand::Const(m), x) if redundant(x, *m) => Some(1),
                (x, Operand::Inst(d)) => mask_made_constant(solution, *d)
                    .filter(|&m| redundant(x, m))
                    .map(|_| 0),
                _ => None,
            }
        }
        Op::Wide(WideOp::Binary {
            op: BinOp::And,
            width,
            lhs,
            rhs,
            ..
        }) => {
            let redundant =
                |x, m: &ApInt| mask::is_redundant_wide(&wide_operand_hulls(solution, x, *width), m);
            match (lhs, rhs) {
                (x, Operand::Wide(m)) if redundant(x, m) => Some(0),
                (Operand::Wide(m), x) if redundant(x, m) => Some(1),
                _ => None,
            }
        }
        _ => None,
    }
}
