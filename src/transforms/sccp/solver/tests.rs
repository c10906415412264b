//! Unit tests of the solver: lattice rules, feasibility, undef resolution.

use super::*;
use crate::transforms::sccp::fold::{BinOp, CastOp, IntPredicate, PoisonFlags};
use crate::transforms::sccp::program::{add_phi, Inst, PhiTable};

fn c32(v: i64) -> Operand {
    Operand::Const(Konst::new(32, v as u64))
}

/// `select cond, t, f` in block 0.
fn sel(cond: Operand, t: Operand, f: Operand) -> Inst {
    inst(
        0,
        Op::Select {
            cond,
            if_true: t,
            if_false: f,
        },
    )
}

fn inst(block: Block, op: Op) -> Inst {
    Inst { block, op }
}

fn bin(block: Block, op: BinOp, lhs: Operand, rhs: Operand) -> Inst {
    inst(
        block,
        Op::Binary {
            op,
            flags: PoisonFlags::default(),
            lhs,
            rhs,
        },
    )
}

fn konst32(v: i64) -> Lattice {
    Lattice::Const(Konst::new(32, v as u64))
}

fn icmp(block: Block, pred: IntPredicate, lhs: Operand, rhs: Operand) -> Inst {
    inst(block, Op::ICmp { pred, lhs, rhs })
}

/// b0 jumps to the loop b1, whose instructions `insts` makes (adding
/// its phis' entries to the table it is given); b1 branches on
/// instruction `cond` back to itself or out to b2.
fn single_block_loop(insts: impl FnOnce(&mut PhiTable) -> Vec<Inst>, cond: usize) -> Program {
    let mut phi_entries = PhiTable::new();
    Program {
        insts: insts(&mut phi_entries),
        terminators: vec![
            Terminator::Jump(1),
            Terminator::Branch {
                cond: Operand::Inst(cond),
                if_true: 1,
                if_false: 2,
            },
            Terminator::Other(vec![]),
        ],
        phi_entries,
    }
}

/// The seed's example:
/// ```text
/// b0: %0 = add 1, 2; %1 = mul %0, 10; %2 = sub %1, 100
///     %3 = icmp slt %2, 100; br %3, b1, b2
/// b1: br b3          b2: br b3
/// b3: %4 = phi [200, b2], [100, b1]; ret %4
/// ```
#[test]
fn seed_example_returns_100() {
    let mut phis = PhiTable::new();
    let p = Program {
        insts: vec![
            bin(0, BinOp::Add, c32(1), c32(2)),
            bin(0, BinOp::Mul, Operand::Inst(0), c32(10)),
            bin(0, BinOp::Sub, Operand::Inst(1), c32(100)),
            icmp(0, IntPredicate::Slt, Operand::Inst(2), c32(100)),
            inst(3, add_phi(&mut phis, [(c32(200), 2), (c32(100), 1)])),
        ],
        terminators: vec![
            Terminator::Branch {
                cond: Operand::Inst(3),
                if_true: 1,
                if_false: 2,
            },
            Terminator::Jump(3),
            Terminator::Jump(3),
            Terminator::Other(vec![]),
        ],
        phi_entries: phis,
    };
    let s = solve(&p);
    assert_eq!(s.values[2], konst32(-70));
    assert_eq!(s.values[3], Lattice::Const(Konst::bool(true)));
    assert_eq!(s.values[4], konst32(100));
    assert_eq!(s.executable_blocks, vec![true, true, false, true]);
    assert!(!s.is_edge_executable(0, 2));
    assert_eq!(s.forced, 0);
}

/// A counting loop: `i` starts at 0 and is incremented, so it is not a
/// constant, but `k`, the same constant on both edges, is.
/// ```text
/// b0: br b1
/// b1: %0 = phi [0, b0], [%2, b1]; %1 = phi [7, b0], [%1, b1]
///     %2 = add %0, 1; %3 = icmp slt %2, 10; br %3, b1, b2
/// b2: ret
/// ```
#[test]
fn loop_induction_variable_is_overdefined() {
    let p = single_block_loop(
        |phis| {
            vec![
                inst(1, add_phi(phis, [(c32(0), 0), (Operand::Inst(2), 1)])),
                inst(1, add_phi(phis, [(c32(7), 0), (Operand::Inst(1), 1)])),
                bin(1, BinOp::Add, Operand::Inst(0), c32(1)),
                icmp(1, IntPredicate::Slt, Operand::Inst(2), c32(10)),
            ]
        },
        3,
    );
    let s = solve(&p);
    assert_eq!(s.values[0], Lattice::Overdefined);
    assert_eq!(s.values[1], konst32(7));
    assert_eq!(s.values[2], Lattice::Overdefined);
    assert_eq!(s.values[3], Lattice::Overdefined);
    assert_eq!(s.executable_blocks, vec![true, true, true]);
}

/// A loop whose exit test is decided on the first iteration is not
/// assumed to exit: `i = phi [0, b0], [i + 1, b1]`, `br (i < 0), b1, b2`
/// leaves the back edge non-executable, so `i` stays 0.
#[test]
fn back_edge_never_taken_keeps_phi_constant() {
    let p = single_block_loop(
        |phis| {
            vec![
                inst(1, add_phi(phis, [(c32(0), 0), (Operand::Inst(1), 1)])),
                bin(1, BinOp::Add, Operand::Inst(0), c32(1)),
                icmp(1, IntPredicate::Slt, Operand::Inst(0), c32(0)),
            ]
        },
        2,
    );
    let s = solve(&p);
    assert_eq!(s.values[0], konst32(0));
    assert_eq!(s.values[1], konst32(1));
    assert!(!s.is_edge_executable(1, 1));
}

/// `switch 2 [1 → b1, 2 → b2], default b3`: only b2 executes.
#[test]
fn switch_on_constant_takes_one_case() {
    let mut phis = PhiTable::new();
    let k = |v| Konst::new(32, v);
    let p = Program {
        insts: vec![inst(
            4,
            add_phi(&mut phis, [(c32(10), 1), (c32(20), 2), (c32(30), 3)]),
        )],
        terminators: vec![
            Terminator::Switch {
                cond: c32(2),
                default: 3,
                cases: vec![(k(1), 1), (k(2), 2)],
            },
            Terminator::Jump(4),
            Terminator::Jump(4),
            Terminator::Jump(4),
            Terminator::Other(vec![]),
        ],
        phi_entries: phis,
    };
    let s = solve(&p);
    assert_eq!(s.executable_blocks, vec![true, false, true, false, true]);
    assert_eq!(s.values[0], konst32(20));
    let mut p_default = p.clone();
    p_default.terminators[0] = Terminator::Switch {
        cond: c32(9),
        default: 3,
        cases: vec![(k(1), 1), (k(2), 2)],
    };
    let s = solve(&p_default);
    assert_eq!(s.executable_blocks, vec![true, false, false, true, true]);
    assert_eq!(s.values[0], konst32(30));
}

/// Division by a constant zero is UB: never a value.
#[test]
fn division_by_zero_is_overdefined() {
    let p = Program {
        insts: vec![
            bin(0, BinOp::SDiv, c32(7), c32(0)),
            bin(0, BinOp::Add, Operand::Inst(0), c32(1)),
        ],
        terminators: vec![Terminator::Other(vec![])],
        phi_entries: PhiTable::new(),
    };
    let s = solve(&p);
    assert_eq!(s.values, vec![Lattice::Overdefined, Lattice::Overdefined]);
}

/// `and x, 0` is 0 whatever `x` is; `add x, 0` is not folded.
#[test]
fn absorbing_operand_decides_alone() {
    let p = Program {
        insts: vec![
            bin(0, BinOp::And, Operand::Unknown, c32(0)),
            bin(0, BinOp::Mul, c32(0), Operand::Unknown),
            bin(0, BinOp::Or, Operand::Unknown, c32(-1)),
            bin(0, BinOp::Add, Operand::Unknown, c32(0)),
        ],
        terminators: vec![Terminator::Other(vec![])],
        phi_entries: PhiTable::new(),
    };
    let s = solve(&p);
    assert_eq!(
        s.values,
        vec![konst32(0), konst32(0), konst32(-1), Lattice::Overdefined]
    );
}

/// `select` on an overdefined condition is a constant only if both arms
/// agree, else the range of both; on a constant condition it is the
/// chosen arm.
#[test]
fn select_rules() {
    let t = Operand::Const(Konst::bool(true));
    let p = Program {
        insts: vec![
            sel(Operand::Unknown, c32(4), c32(4)),
            sel(Operand::Unknown, c32(4), c32(5)),
            sel(t, c32(4), Operand::Unknown),
        ],
        terminators: vec![Terminator::Other(vec![])],
        phi_entries: PhiTable::new(),
    };
    let s = solve(&p);
    let four_or_five = Lattice::Range(ConstantRange::unsigned(32, 4, 5));
    assert_eq!(s.values, vec![konst32(4), four_or_five, konst32(4)]);
}

/// LLVM's `undef` is overdefined (our documented choice), so a phi
/// mixing it with a constant is not folded, and a branch on it keeps
/// both successors.
/// `entry` branches on `cond` to 1 and 2, which both jump to 3; the
/// instructions are what `insts` makes (as in `single_block_loop`).
fn diamond(cond: Operand, insts: impl FnOnce(&mut PhiTable) -> Vec<Inst>) -> Program {
    let mut phi_entries = PhiTable::new();
    Program {
        insts: insts(&mut phi_entries),
        terminators: vec![
            Terminator::Branch {
                cond,
                if_true: 1,
                if_false: 2,
            },
            Terminator::Jump(3),
            Terminator::Jump(3),
            Terminator::Other(vec![]),
        ],
        phi_entries,
    }
}

#[test]
fn phi_skips_undef_and_marks_the_result() {
    let p = diamond(Operand::Unknown, |phis| {
        vec![
            inst(3, add_phi(phis, [(Operand::Undef, 1), (c32(5), 2)])),
            bin(3, BinOp::Add, Operand::Inst(0), c32(1)),
            bin(3, BinOp::Add, Operand::Undef, c32(1)),
            bin(3, BinOp::And, Operand::Undef, c32(0)),
        ]
    });
    let s = solve(&p);
    assert_eq!(s.values[0], konst32(5), "undef may be 5");
    assert!(s.may_be_undef[0] && s.may_be_undef[1]);
    assert_eq!(s.values[1], konst32(6), "a marked constant still folds");
    assert_eq!(
        s.values[2],
        Lattice::Overdefined,
        "add waits, then resolved"
    );
    assert_eq!(s.values[3], konst32(0), "absorbing rule");
    assert!(s.executable_blocks.iter().all(|&e| e));
    assert_eq!(s.undef, vec![false; 4]);
}

#[test]
fn phi_of_only_undef_is_undef_and_its_branch_has_no_successor() {
    let mut p = diamond(Operand::Unknown, |phis| {
        vec![
            inst(3, add_phi(phis, [(Operand::Undef, 1), (Operand::Undef, 2)])),
            bin(3, BinOp::Mul, Operand::Inst(0), c32(2)),
        ]
    });
    p.terminators[3] = Terminator::Branch {
        cond: Operand::Inst(0),
        if_true: 4,
        if_false: 5,
    };
    p.terminators
        .extend([Terminator::Other(vec![]), Terminator::Other(vec![])]);
    let s = solve(&p);
    assert_eq!(s.values[0], Lattice::Undefined);
    assert_eq!(s.undef, vec![true, false], "only the phi is undef");
    assert_eq!(s.values[1], Lattice::Overdefined, "mul undef, 2 is even");
    assert!(!s.executable_blocks[4] && !s.executable_blocks[5]);
}

#[test]
fn branch_on_undef_has_no_successor() {
    let s = solve(&diamond(Operand::Undef, |_| vec![]));
    assert_eq!(s.executable_blocks, vec![true, false, false, false]);
    assert_eq!(
        s.forced, 0,
        "nothing waits: the branch stays without successor"
    );
}

#[test]
fn phi_with_a_waiting_input_resolves_to_overdefined() {
    // %w = add undef, 1 waits; the phi meets undef and %w: overdefined
    // once %w is resolved, not undef and not a constant.
    let p = diamond(Operand::Unknown, |phis| {
        vec![
            bin(1, BinOp::Add, Operand::Undef, c32(1)),
            inst(
                3,
                add_phi(phis, [(Operand::Inst(0), 1), (Operand::Undef, 2)]),
            ),
        ]
    });
    let s = solve(&p);
    assert_eq!(s.values, vec![Lattice::Overdefined; 2]);
    assert_eq!(s.undef, vec![false; 2]);
}

#[test]
fn select_resolves_undef_as_llvm() {
    let t = Operand::Const(Konst::bool(true));
    let p = Program {
        insts: vec![
            sel(Operand::Unknown, Operand::Undef, c32(7)),
            sel(t.clone(), Operand::Undef, c32(7)),
            sel(Operand::Undef, c32(1), c32(2)),
            sel(t, c32(4), Operand::Undef),
        ],
        terminators: vec![Terminator::Other(vec![])],
        phi_entries: PhiTable::new(),
    };
    let s = solve(&p);
    assert_eq!(
        s.values,
        vec![
            konst32(7),
            Lattice::Undefined,
            Lattice::Overdefined,
            konst32(4)
        ]
    );
    assert_eq!(s.undef, vec![false, true, false, false]);
    assert_eq!(s.may_be_undef, vec![true, true, false, false]);
}

#[test]
fn maybe_undef_range_proves_no_switch_case_dead() {
    // %p = phi [undef], [zext i8 %x]: [0, 255] or undef. A switch on it
    // keeps every case (LLVM: UndefAllowed = false); the flags read it
    // as overdefined.
    let mut p = diamond(Operand::Unknown, |phis| {
        vec![
            cast(0, CastOp::ZExt, Operand::Unknown, 8, 32),
            inst(
                3,
                add_phi(phis, [(Operand::Undef, 1), (Operand::Inst(0), 2)]),
            ),
        ]
    });
    p.terminators[3] = Terminator::Switch {
        cond: Operand::Inst(1),
        default: 4,
        cases: vec![(Konst::new(32, 1000), 5)],
    };
    p.terminators
        .extend([Terminator::Other(vec![]), Terminator::Other(vec![])]);
    let s = solve(&p);
    let byte = Lattice::Range(ConstantRange::unsigned(32, 0, 255));
    assert_eq!(s.values[1], byte);
    assert!(s.may_be_undef[1]);
    assert_eq!(s.value_without_undef(1), Lattice::Overdefined);
    assert_eq!(s.value_without_undef(0), byte);
    assert!(s.executable_blocks[4] && s.executable_blocks[5]);
}

#[test]
fn safety_net_forces_undefined_conditions() {
    let mut phis = PhiTable::new();
    let p = Program {
        insts: vec![inst(1, add_phi(&mut phis, [(Operand::Inst(0), 0)]))],
        terminators: vec![
            Terminator::Jump(1),
            Terminator::Branch {
                cond: Operand::Inst(0),
                if_true: 2,
                if_false: 3,
            },
            Terminator::Other(vec![]),
            Terminator::Other(vec![]),
        ],
        phi_entries: phis,
    };
    let s = solve(&p);
    assert_eq!(s.values[0], Lattice::Overdefined);
    assert_eq!(s.executable_blocks, vec![true; 4]);
    assert!(s.forced >= 1);
}

/// Unreachable code is never evaluated: a block with no executable
/// predecessor keeps its values at ⊤ and is reported non-executable.
#[test]
fn unreachable_block_is_not_executable() {
    let p = Program {
        insts: vec![bin(1, BinOp::Add, c32(1), c32(1))],
        terminators: vec![Terminator::Other(vec![]), Terminator::Other(vec![])],
        phi_entries: PhiTable::new(),
    };
    let s = solve(&p);
    assert_eq!(s.executable_blocks, vec![true, false]);
    assert_eq!(s.values[0], Lattice::Undefined);
}

/// Casts fold through, and a `zext nneg` of a negative value (poison)
/// does not.
#[test]
fn casts_fold_with_flags() {
    let m1 = Operand::Const(Konst::new(8, 0xff));
    let cast = |op, nneg| {
        inst(
            0,
            Op::Cast {
                op,
                flags: PoisonFlags {
                    nneg,
                    ..PoisonFlags::default()
                },
                value: m1.clone(),
                from_width: 8,
                to_width: 32,
            },
        )
    };
    let p = Program {
        insts: vec![
            cast(CastOp::ZExt, false),
            cast(CastOp::SExt, false),
            cast(CastOp::ZExt, true),
        ],
        terminators: vec![Terminator::Other(vec![])],
        phi_entries: PhiTable::new(),
    };
    let s = solve(&p);
    assert_eq!(
        s.values,
        vec![konst32(255), konst32(-1), Lattice::Overdefined]
    );
}
fn cast(block: Block, op: CastOp, value: Operand, from_width: u32, to_width: u32) -> Inst {
    inst(
        block,
        Op::Cast {
            op,
            flags: PoisonFlags::default(),
            value,
            from_width,
            to_width,
        },
    )
}

/// `zext i8 %unknown to i32` is [0, 255] although its operand is
/// overdefined, and decides `icmp sge 37742, %z`.
#[test]
fn zext_of_unknown_is_a_range_that_decides_a_compare() {
    let p = Program {
        insts: vec![
            cast(0, CastOp::ZExt, Operand::Unknown, 8, 32),
            icmp(0, IntPredicate::Sge, c32(37742), Operand::Inst(0)),
        ],
        terminators: vec![Terminator::Other(vec![])],
        phi_entries: PhiTable::new(),
    };
    let s = solve(&p);
    assert_eq!(
        s.values[0],
        Lattice::Range(ConstantRange::unsigned(32, 0, 255))
    );
    assert_eq!(s.values[1], Lattice::Const(Konst::bool(true)));
}

/// A switch on `zext i1`: the case 7 and the default are not
/// executable, the cases 0 and 1 are.
#[test]
fn switch_on_range_skips_cases_outside_it() {
    let k = |v| Konst::new(32, v);
    let p = Program {
        insts: vec![cast(0, CastOp::ZExt, Operand::Unknown, 1, 32)],
        terminators: vec![
            Terminator::Switch {
                cond: Operand::Inst(0),
                default: 4,
                cases: vec![(k(0), 1), (k(1), 2), (k(7), 3)],
            },
            Terminator::Other(vec![]),
            Terminator::Other(vec![]),
            Terminator::Other(vec![]),
            Terminator::Other(vec![]),
        ],
        phi_entries: PhiTable::new(),
    };
    let s = solve(&p);
    assert_eq!(s.executable_blocks, vec![true, true, true, false, false]);
}

/// `i = phi [0, b0], [i + 1, b1]` in a loop leaving at 1000: the range
/// of `i` grows each round until widening makes it overdefined (LLVM:
/// at most incoming edges + 1 growths), so the solver stops after a
/// handful of rounds rather than 1000.
#[test]
fn widening_stops_a_growing_phi() {
    let p = single_block_loop(
        |phis| {
            vec![
                inst(1, add_phi(phis, [(c32(0), 0), (Operand::Inst(1), 1)])),
                bin(1, BinOp::Add, Operand::Inst(0), c32(1)),
                icmp(1, IntPredicate::Ult, Operand::Inst(1), c32(1000)),
            ]
        },
        2,
    );
    let s = solve(&p);
    assert_eq!(s.values[0], Lattice::Overdefined);
    assert_eq!(s.values[2], Lattice::Overdefined);
    assert_eq!(s.executable_blocks, vec![true, true, true]);
}

/// Pointer comparisons of constants, and constant loads.
#[test]
fn pointer_compares_and_constant_loads() {
    let g = Operand::Pointer(global_pointer());
    let p = Program {
        insts: vec![
            inst(
                0,
                Op::PointerICmp {
                    pred: IntPredicate::Ne,
                    lhs: g.clone(),
                    rhs: Operand::Pointer(PtrConst::Null),
                },
            ),
            inst(
                0,
                Op::PointerICmp {
                    pred: IntPredicate::Eq,
                    lhs: g,
                    rhs: Operand::Unknown,
                },
            ),
            inst(0, Op::ConstantLoad(Konst::new(32, 7))),
        ],
        terminators: vec![Terminator::Other(vec![])],
        phi_entries: PhiTable::new(),
    };
    let s = solve(&p);
    assert_eq!(
        s.values,
        vec![
            Lattice::Const(Konst::bool(true)),
            Lattice::Overdefined,
            konst32(7)
        ]
    );
}

use crate::transforms::sccp::pointer::{Global, PtrConst};

/// `@g`: a global that is not null.
fn global_pointer() -> PtrConst {
    PtrConst::InGlobal {
        global: Global {
            id: 0,
            non_null: true,
            distinct: true,
            inbounds: true,
        },
        offset: 0,
    }
}

fn pointer_icmp(block: Block, pred: IntPredicate, lhs: Operand, rhs: Operand) -> Inst {
    inst(block, Op::PointerICmp { pred, lhs, rhs })
}

/// A phi of a global and itself is the global (LLVM 22's `sccp` folds
/// csmith's `int *p = &g; for (…) p = p;` the same way), and an `alloca`,
/// an `inbounds` GEP of it and a phi of two of them are not null; a GEP
/// without `inbounds` may wrap to null.
#[test]
fn pointer_constants_and_pointers_that_are_not_null() {
    let null = || Operand::Pointer(PtrConst::Null);
    let g = Operand::Pointer(global_pointer());
    let p = single_block_loop(
        |phis| {
            vec![
                inst(1, add_phi(phis, [(g.clone(), 0), (Operand::Inst(0), 1)])),
                inst(1, Op::NotNull),
                inst(
                    1,
                    Op::Gep {
                        base: Operand::Inst(1),
                        keeps_non_null: true,
                        step: None,
                        nuw_indices: None,
                    },
                ),
                inst(
                    1,
                    Op::Gep {
                        base: Operand::Inst(1),
                        keeps_non_null: false,
                        step: None,
                        nuw_indices: None,
                    },
                ),
                sel(Operand::Unknown, Operand::Inst(2), g.clone()),
                pointer_icmp(1, IntPredicate::Eq, Operand::Inst(4), null()),
                pointer_icmp(1, IntPredicate::Eq, Operand::Inst(3), null()),
                pointer_icmp(1, IntPredicate::Eq, Operand::Inst(0), g),
                inst(1, Op::Freeze(Operand::Inst(0))),
                inst(1, Op::Freeze(Operand::Inst(1))),
                pointer_icmp(1, IntPredicate::Ne, Operand::Inst(1), Operand::Inst(2)),
                pointer_icmp(1, IntPredicate::Eq, Operand::Inst(1), Operand::Unknown),
            ]
        },
        7,
    );
    let s = solve(&p);
    let f = Lattice::Const(Konst::bool(false));
    assert_eq!(
        s.values[0],
        Lattice::Pointer(global_pointer()),
        "phi [@g], [self]"
    );
    assert_eq!(s.values[1], Lattice::NotNull, "alloca");
    assert_eq!(s.values[2], Lattice::NotNull, "inbounds GEP of an alloca");
    assert_eq!(s.values[3], Lattice::Overdefined, "GEP that may wrap");
    assert_eq!(s.values[4], Lattice::NotNull, "select of an alloca and @g");
    assert_eq!(s.values[5], f);
    assert_eq!(s.values[6], Lattice::Overdefined);
    assert_eq!(s.values[7], Lattice::Const(Konst::bool(true)));
    assert_eq!(s.values[8], Lattice::Pointer(global_pointer()));
    assert_eq!(
        s.values[9],
        Lattice::Overdefined,
        "freeze of a pointer that is not null"
    );
    assert_eq!(s.values[10], Lattice::Overdefined, "two pointers not null");
    assert_eq!(s.values[11], Lattice::Overdefined);
    assert_eq!(
        s.executable_blocks,
        vec![true, true, false],
        "the loop never exits"
    );
}

/// `freeze` of a range is overdefined (the range may leave out poison,
/// which `freeze` turns into any value).
#[test]
fn freeze_of_range_is_overdefined() {
    let p = Program {
        insts: vec![
            cast(0, CastOp::ZExt, Operand::Unknown, 8, 32),
            inst(0, Op::Freeze(Operand::Inst(0))),
        ],
        terminators: vec![Terminator::Other(vec![])],
        phi_entries: PhiTable::new(),
    };
    let s = solve(&p);
    assert_eq!(s.values[1], Lattice::Overdefined);
}

/// A table load reads the position its indices weigh (`Op::TableLoad`,
/// `g[1][2]` of a `[2 x [3 x i32]]`: weights 3 and 1); any index out of the
/// table, negative or unknown makes it overdefined; an undefined one is
/// waited on.
#[test]
fn table_load_weighs_every_index() {
    let table: Vec<Option<Konst>> = (10..16).map(|v| Some(Konst::new(32, v))).collect();
    let load = |i: Operand, j: Operand| {
        inst(
            0,
            Op::TableLoad {
                indices: vec![(i, 3), (j, 1)],
                table: table.clone(),
            },
        )
    };
    let p = Program {
        insts: vec![
            load(c32(1), c32(2)),
            load(c32(0), c32(1)),
            load(c32(1), c32(3)),
            load(c32(-1), c32(4)),
            load(c32(1), Operand::Unknown),
            load(Operand::Undef, c32(0)),
        ],
        terminators: vec![Terminator::Other(vec![])],
        phi_entries: PhiTable::new(),
    };
    let s = solve(&p);
    assert_eq!(
        s.values[..5],
        [
            konst32(15),
            konst32(11),
            Lattice::Overdefined,
            Lattice::Overdefined,
            Lattice::Overdefined
        ]
    );
    // Waited on, then overdefined once the solver gives up on undef.
    assert_eq!(s.values[5], Lattice::Overdefined);
}
