//! Block layout of an allocated function: jump threading, then an order
//! that lets control fall through where it can.
//!
//! After out-of-SSA (split critical edges appended at the end of the
//! function) and allocation (coalesced copies leave edge blocks that hold
//! nothing but a `j`), many branches go to a jump or to a block far away.
//! Two steps, in the spirit of LLVM's `BranchFolding` (jumps to jumps) and
//! the bottom-up chain placement of Pettis & Hansen ("Profile guided code
//! positioning", PLDI 1990; LLVM's `MachineBlockPlacement` without
//! profile data):
//! 1. **threading**: a block other than the entry that is exactly `j T`
//!    is bypassed: every `Jump`/`Branch`/`Switch` successor naming it names
//!    its final target (chains followed; a cycle of such blocks is left
//!    alone). A branch whose two successors become one is a jump.
//! 2. **chains**: starting from the lowest unplaced block, a chain grows
//!    through the successor that should fall through: the block that came
//!    next in the input layout (the IR's order, which clang made), else a
//!    successor with this block as its only predecessor (an edge block);
//!    a branch's taken side may be the one that falls through (emission
//!    inverts the condition). Blocks nothing reaches (bypassed jumps) are
//!    dropped, except blocks whose address is taken (`block_labels`,
//!    `indirectbr`).
//!
//! Invariant: the function's behaviour is unchanged. Every successor is
//! rewritten to a block with the same effect (a bypassed block had no
//! instruction but its jump, so no register or memory differs), and the
//! order only decides where `emit` needs an explicit `j`: it emits one
//! whenever the layout successor is not the fall-through block. The entry
//! block stays first.

use super::linear_scan::PInst;
use super::mir::Inst;

/// The terminator of a block, in physical form (the last instruction of
/// the input; spill code is never placed after it, but looking for it
/// costs nothing and keeps successors from being missed).
fn terminator(blk: &[PInst]) -> Option<&Inst<super::linear_scan::Loc>> {
    blk.iter().rev().find_map(|pi| match pi {
        PInst::Orig { phys, .. } if phys.is_terminator() => Some(phys),
        _ => None,
    })
}

/// The target of a block that is nothing but `j T` (and copies that
/// coalescing turned into `mv r, r`, which emit nothing).
fn forwarding_target(blk: &[PInst]) -> Option<usize> {
    let (last, rest) = blk.split_last()?;
    let is_nop =
        |pi: &PInst| matches!(pi, PInst::Orig { phys: Inst::Mv { rd, rs }, .. } if rd == rs);
    match last {
        PInst::Orig {
            phys: Inst::Jump { target },
            ..
        } if rest.iter().all(is_nop) => Some(*target),
        _ => None,
    }
}

/// Where a jump to `b` ends up: `b`'s final target through forwarding
/// blocks, or `b` itself when the chain loops.
fn resolve(forward: &[Option<usize>], b: usize) -> usize {
    let mut cur = b;
    for _ in 0..forward.len() {
        match forward[cur] {
            Some(t) => cur = t,
            None => return cur,
        }
    }
    b
}

/// Rewrites every successor of `inst` with `f` (jumps, branches, switches;
/// `indirectbr`'s target list names address-taken blocks, which stay).
fn retarget<R>(inst: &mut Inst<R>, f: &impl Fn(usize) -> usize) {
    match inst {
        Inst::Jump { target } => *target = f(*target),
        Inst::Branch {
            taken, not_taken, ..
        } => {
            *taken = f(*taken);
            *not_taken = f(*not_taken);
        }
        Inst::Switch { cases, default, .. } => {
            cases.iter_mut().for_each(|c| c.1 = f(c.1));
            *default = f(*default);
        }
        _ => {}
    }
}

/// A branch with one successor on both sides is that jump.
fn collapse_branch<R>(inst: &mut Inst<R>) {
    if let Inst::Branch {
        taken, not_taken, ..
    } = *inst
    {
        if taken == not_taken {
            *inst = Inst::Jump { target: taken };
        }
    }
}

/// Step 1: bypasses blocks that only jump.
fn thread_jumps(code: &mut [Vec<PInst>]) {
    let forward: Vec<Option<usize>> = code
        .iter()
        .enumerate()
        .map(|(b, blk)| if b == 0 { None } else { forwarding_target(blk) })
        .collect();
    if forward.iter().all(Option::is_none) {
        return;
    }
    let f = |b: usize| resolve(&forward, b);
    for blk in code.iter_mut() {
        for pi in blk.iter_mut().rev() {
            if let PInst::Orig { virt, phys } = pi {
                if phys.is_terminator() {
                    retarget(phys, &f);
                    retarget(virt, &f);
                    collapse_branch(phys);
                    collapse_branch(virt);
                    break;
                }
            }
        }
    }
}

/// Blocks reachable from the entry or with their address taken.
fn live_blocks(code: &[Vec<PInst>], address_taken: &[usize]) -> Vec<bool> {
    let mut live = vec![false; code.len()];
    let mut work: Vec<usize> = vec![0];
    work.extend_from_slice(address_taken);
    while let Some(b) = work.pop() {
        if b >= code.len() || live[b] {
            continue;
        }
        live[b] = true;
        if let Some(t) = terminator(&code[b]) {
            work.extend(t.succs());
        }
    }
    live
}

/// Step 2: the emission order (threading first).
pub fn layout(code: &mut [Vec<PInst>], address_taken: &[usize]) -> Vec<usize> {
    thread_jumps(code);
    let n = code.len();
    let live = live_blocks(code, address_taken);
    let mut preds = vec![0usize; n];
    for (b, blk) in code.iter().enumerate() {
        if let (true, Some(t)) = (live[b], terminator(blk)) {
            let mut s = t.succs();
            s.sort_unstable();
            s.dedup();
            s.into_iter().for_each(|s| preds[s] += 1);
        }
    }
    let mut placed = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for seed in 0..n {
        let mut b = seed;
        while live[b] && !placed[b] {
            placed[b] = true;
            order.push(b);
            let Some(next) = fall_through(code, b, &placed, &preds) else {
                break;
            };
            b = next;
        }
    }
    order
}

/// The successor of `b` to place right after it, if any: first an edge
/// block only `b` reaches that jumps back to a placed block (a loop's back
/// edge: placed here, the loop costs one taken jump per iteration instead
/// of a branch to it and its jump), then the input's next block, then any
/// successor only `b` reaches.
fn fall_through(code: &[Vec<PInst>], b: usize, placed: &[bool], preds: &[usize]) -> Option<usize> {
    let succs = match terminator(&code[b])? {
        Inst::Jump { target } => vec![*target],
        Inst::Branch {
            taken, not_taken, ..
        } => vec![*not_taken, *taken],
        _ => return None,
    };
    let open: Vec<usize> = succs.into_iter().filter(|&s| !placed[s]).collect();
    let jumps_back = |s: usize| matches!(terminator(&code[s]), Some(Inst::Jump { target }) if placed[*target] || *target == b);
    let only_from_b = |s: &usize| preds[*s] == 1;
    open.iter()
        .copied()
        .find(|&s| only_from_b(&s) && jumps_back(s))
        .or_else(|| open.iter().copied().find(|&s| s == b + 1))
        .or_else(|| open.iter().copied().find(only_from_b))
}

#[cfg(test)]
mod tests {
    use super::super::linear_scan::Loc;
    use super::*;

    fn orig(i: Inst<Loc>) -> PInst {
        let virt = i.map(&mut |_| 0, &mut |_| 0);
        PInst::Orig { virt, phys: i }
    }

    fn jump(t: usize) -> Vec<PInst> {
        vec![orig(Inst::Jump { target: t })]
    }

    fn branch(taken: usize, not_taken: usize) -> Vec<PInst> {
        vec![orig(Inst::Branch {
            op: "bne",
            rs1: Loc::Reg(5),
            rs2: None,
            taken,
            not_taken,
        })]
    }

    fn ret() -> Vec<PInst> {
        vec![orig(Inst::Ret { vals: vec![] })]
    }

    fn targets(blk: &[PInst]) -> Vec<usize> {
        terminator(blk).unwrap().succs()
    }

    #[test]
    fn jumps_to_jumps_are_bypassed_and_dropped() {
        // 0 -> 1 | 2; 1: j 3; 2: j 1; 3: ret
        let mut code = vec![branch(1, 2), jump(3), jump(1), ret()];
        let order = layout(&mut code, &[]);
        assert_eq!(targets(&code[0]), vec![3]);
        assert!(matches!(
            code[0][0],
            PInst::Orig {
                phys: Inst::Jump { target: 3 },
                ..
            }
        ));
        assert_eq!(order, vec![0, 3]);
    }

    #[test]
    fn a_coalesced_copy_does_not_keep_a_jump() {
        let same = orig(Inst::Mv {
            rd: Loc::Reg(5),
            rs: Loc::Reg(5),
        });
        let other = orig(Inst::Mv {
            rd: Loc::Reg(5),
            rs: Loc::Reg(6),
        });
        assert_eq!(
            forwarding_target(&[same, orig(Inst::Jump { target: 4 })]),
            Some(4)
        );
        assert_eq!(
            forwarding_target(&[other, orig(Inst::Jump { target: 4 })]),
            None
        );
    }

    #[test]
    fn a_loop_of_jumps_is_kept() {
        let mut code = vec![jump(1), jump(2), jump(1)];
        let order = layout(&mut code, &[]);
        assert_eq!(targets(&code[0]), vec![1]);
        assert_eq!(order, vec![0, 1, 2]);
    }

    fn edge_block(to: usize) -> Vec<PInst> {
        let mut edge = vec![orig(Inst::Mv {
            rd: Loc::Reg(5),
            rs: Loc::Reg(6),
        })];
        edge.extend(jump(to));
        edge
    }

    #[test]
    fn a_back_edge_block_follows_its_only_predecessor() {
        // 0: bne -> 1 | 3; 1: ret; 2: ret (address taken); 3: mv; j 0.
        // 3 is the loop's back edge: it goes right after 0 although the
        // input's next block 1 is a successor too.
        let mut code = vec![branch(1, 3), ret(), ret(), edge_block(0)];
        assert_eq!(layout(&mut code, &[2]), vec![0, 3, 1, 2]);
    }

    #[test]
    fn the_next_block_comes_before_a_forward_edge_block() {
        // 0: bne -> 1 | 2; 1: ret; 2: mv; j 3; 3: ret
        let mut code = vec![branch(2, 1), ret(), edge_block(3), ret()];
        assert_eq!(layout(&mut code, &[]), vec![0, 1, 2, 3]);
        // Without the next block among its successors, 0 is followed by
        // the edge block only it reaches (and that by its target).
        let mut code = vec![branch(3, 2), ret(), edge_block(3), ret()];
        assert_eq!(layout(&mut code, &[1]), vec![0, 2, 3, 1]);
    }
}
