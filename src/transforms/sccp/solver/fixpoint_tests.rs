//! The solver's answer checked as a fixpoint, on random programs: an
//! independent check of the worklist order and of the incremental phi
//! visits (module comment, "Phis"), whatever order the solver used.
//!
//! At the end, for every instruction of an executable block, evaluating
//! it again from the final values must not lower its value: the value is
//! already at or below that evaluation (a phi's, at or below the value of
//! each of its executable entries). And every edge that an
//! executable block's terminator would make executable is executable. A
//! solver that forgot a visit (a change not pushed, a phi that did not
//! meet in an entry, an edge not followed) leaves a value above its
//! evaluation or an edge out, and fails here.
//!
//! The programs: 2 to 7 blocks of `i8` values (narrow, so that ranges
//! wrap and widen), each with phis (one entry per incoming edge: a
//! constant, `undef`, or any value of the predecessor), arithmetic and
//! comparisons on earlier values of the block, and a random terminator
//! (jump, branch on a comparison, switch, return). Values cross blocks
//! through phis only, so every use is dominated by its definition.

use proptest::prelude::*;

use super::*;
use crate::transforms::sccp::fold::{BinOp, IntPredicate, PoisonFlags};
use crate::transforms::sccp::program::{add_phi, Inst, PhiTable};

/// A small deterministic generator (xorshift), so that one `u64` seed
/// from proptest is a whole program.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

fn byte(v: u64) -> Operand {
    Operand::Const(Konst::new(8, v))
}

/// What a block defines, for the instructions after it and its
/// successors' phis.
#[derive(Default)]
struct BlockValues {
    bytes: Vec<InstId>,
    bools: Vec<InstId>,
}

fn random_program(seed: u64) -> Program {
    let mut rng = Rng(seed | 1);
    let blocks = 2 + rng.below(6);
    let terminators: Vec<Terminator> = (0..blocks)
        .map(|_| random_terminator(&mut rng, blocks))
        .collect();
    let mut preds = vec![Vec::new(); blocks];
    for (b, term) in terminators.iter().enumerate() {
        for s in term.successors() {
            preds[s].push(b);
        }
    }
    // Phis are made after every block's values exist: an entry may take
    // any value of its predecessor, a later block's too.
    let phi_counts: Vec<usize> = (0..blocks)
        .map(|b| if preds[b].is_empty() { 0 } else { rng.below(4) })
        .collect();
    let mut insts: Vec<Inst> = Vec::new();
    let mut values: Vec<BlockValues> = Vec::new();
    let mut phi_slots = Vec::new();
    for (b, &phis) in phi_counts.iter().enumerate() {
        let mut here = BlockValues::default();
        for _ in 0..phis {
            phi_slots.push(insts.len());
            here.bytes.push(insts.len());
            insts.push(Inst {
                block: b,
                op: Op::Opaque, // its entries below
            });
        }
        for _ in 0..1 + rng.below(5) {
            let id = insts.len();
            let pick = |rng: &mut Rng, here: &BlockValues| match here.bytes.len() {
                n if n > 0 && rng.chance(70) => Operand::Inst(here.bytes[rng.below(n)]),
                _ => byte(rng.below(256) as u64),
            };
            let (lhs, rhs) = (pick(&mut rng, &here), pick(&mut rng, &here));
            if rng.chance(30) {
                let pred = IntPredicate::ALL[rng.below(IntPredicate::ALL.len())];
                insts.push(Inst {
                    block: b,
                    op: Op::ICmp { pred, lhs, rhs },
                });
                here.bools.push(id);
            } else {
                let op = BinOp::ALL[rng.below(BinOp::ALL.len())];
                let flags = PoisonFlags::default();
                insts.push(Inst {
                    block: b,
                    op: Op::Binary {
                        op,
                        flags,
                        lhs,
                        rhs,
                    },
                });
                here.bytes.push(id);
            }
        }
        values.push(here);
    }
    let mut phi_entries = PhiTable::new();
    let mut next_phi = phi_slots.iter();
    for (b, &phis) in phi_counts.iter().enumerate() {
        for _ in 0..phis {
            let slot = *next_phi.next().expect("one slot per phi");
            let entries: Vec<(Operand, Block)> = preds[b]
                .iter()
                .map(|&p| {
                    let from = &values[p].bytes;
                    let value = match rng.below(10) {
                        0 => Operand::Undef,
                        1..=3 => byte(rng.below(4) as u64),
                        _ if !from.is_empty() => Operand::Inst(from[rng.below(from.len())]),
                        _ => byte(rng.below(256) as u64),
                    };
                    (value, p)
                })
                .collect();
            insts[slot].op = add_phi(&mut phi_entries, entries);
        }
    }
    let terminators = terminators
        .into_iter()
        .enumerate()
        .map(|(b, term)| with_condition(term, &values[b], &mut rng))
        .collect();
    Program {
        insts,
        terminators,
        phi_entries,
    }
}

/// A terminator with its successors; conditions are filled in later
/// (`with_condition`), once the block's values exist.
fn random_terminator(rng: &mut Rng, blocks: usize) -> Terminator {
    let kind = rng.below(10);
    let mut to = || rng.below(blocks);
    match kind {
        0 => Terminator::Other(vec![]),
        1..=3 => Terminator::Jump(to()),
        4..=7 => Terminator::Branch {
            cond: Operand::Unknown,
            if_true: to(),
            if_false: to(),
        },
        _ => {
            let default = to();
            let cases = [0, 1, 7].map(|k| (Konst::new(8, k), to())).to_vec();
            Terminator::Switch {
                cond: Operand::Unknown,
                default,
                cases,
            }
        }
    }
}

fn with_condition(term: Terminator, here: &BlockValues, rng: &mut Rng) -> Terminator {
    let pick = |rng: &mut Rng, values: &[InstId], width: u32| match values.len() {
        0 => Operand::Const(Konst::new(width, rng.below(2) as u64)),
        n => Operand::Inst(values[rng.below(n)]),
    };
    match term {
        Terminator::Branch {
            if_true, if_false, ..
        } => Terminator::Branch {
            cond: pick(rng, &here.bools, 1),
            if_true,
            if_false,
        },
        Terminator::Switch { default, cases, .. } => Terminator::Switch {
            cond: pick(rng, &here.bytes, 8),
            default,
            cases,
        },
        other => other,
    }
}

/// `value` is at or below `evaluated` in the lattice (the meet does not
/// move it).
fn at_or_below(value: Lattice, evaluated: Lattice) -> bool {
    value.meet(evaluated) == value
}

/// The checks of the module comment on a solver at its fixpoint.
fn check_fixpoint(solver: &mut Solver, program: &Program) -> Result<(), String> {
    for (i, inst) in program.insts.iter().enumerate() {
        if !solver.executable_blocks[inst.block] {
            continue;
        }
        let value = solver.nodes[i].value;
        let evaluated: Vec<Lattice> = if solver.is_phi(i) {
            // Each entry on its own: a union of ranges that wrap around
            // depends on the order of its operands, so the union of all
            // entries in another order may be an arc that leaves out
            // values the phi's holds, and the other way round.
            solver
                .links(i)
                .phi_entries()
                .filter(|&e| solver.is_executable_entry(e))
                .map(|e| solver.nodes[e.slot as usize].value)
                .collect()
        } else {
            vec![solver.evaluate(i)]
        };
        if let Some(e) = evaluated.iter().find(|&&e| !at_or_below(value, e)) {
            return Err(format!("instruction {i}: {value:?}, evaluates to {e:?}"));
        }
    }
    for b in 0..program.num_blocks() {
        if solver.executable_blocks[b] {
            solver.visit_terminator(b);
        }
    }
    match solver.edge_worklist.first() {
        Some((_, to)) => Err(format!("an edge into block {to} should be executable")),
        None => Ok(()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_programs_end_at_a_fixpoint(seed in any::<u64>()) {
        let program = random_program(seed);
        let mut solver = Solver::solved(&program);
        if let Err(why) = check_fixpoint(&mut solver, &program) {
            prop_assert!(false, "{why}\n{program:#?}");
        }
    }
}
