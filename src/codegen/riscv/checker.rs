//! An independent check of a register allocation.
//!
//! Source: the symbolic checker of regalloc2 (`src/checker.rs`), after
//! Gerbrandt's idea of verifying allocations by abstract interpretation.
//! The abstract state maps every physical location (64 registers, then the
//! spill slots) to the set of virtual registers whose current value it
//! holds (empty: "unknown"). Walking the allocated code:
//! * a use of `v` in location `L` requires `v ∈ state[L]` (so no other
//!   value overwrote `L` while `v` was live: two simultaneously live values
//!   never share a location, unless one is a copy of the other);
//! * a def of `v` in `L` removes `v` from every location (its old value is
//!   stale), then sets `state[L] = {v}`;
//! * a copy `x := y` from `L` to `M` gives `M` everything `L` holds, plus
//!   `x`: after it, both names have the one value (this is what lets a
//!   coalescing allocator put `x` and `y` in one register even while both
//!   are live);
//! * a call forgets every caller-saved register;
//! * a reload from slot `S` into `R` requires `v ∈ state[S]` (it reads what
//!   was spilled) and copies `S`'s set to `R`; a spill of `v` from `R`
//!   requires `v ∈ state[R]` and copies the other way.
//!
//! States meet at control-flow joins (intersection of the sets), iterated
//! to a fixpoint over the CFG. The checker trusts nothing the allocator
//! computed: not liveness, not intervals, not the interference graph.

use super::abi;
use super::linear_scan::{Loc, PInst};
use super::mir::{Inst, MFunction, VReg};

/// The virtual registers a location holds the value of (few: a value and
/// its copies), sorted.
type Held = Vec<VReg>;

fn index(l: Loc) -> usize {
    match l {
        Loc::Reg(p) => p as usize,
        Loc::Spill(s) => 64 + s as usize,
    }
}

fn show(l: Loc) -> String {
    match l {
        Loc::Reg(p) => abi::name(p).to_string(),
        Loc::Spill(s) => format!("spill slot {s}"),
    }
}

/// Checks `code` (the rewrite of `f`) against the semantics of `f`.
pub fn check(f: &MFunction, code: &[Vec<PInst>], spill_slots: u32) -> Result<(), String> {
    let n = code.len();
    let width = 64 + spill_slots as usize;
    let mut entry_state: Vec<Option<Vec<Held>>> = vec![None; n];
    entry_state[0] = Some(vec![Held::new(); width]);
    let mut work = vec![0usize];
    let mut queued = vec![false; n];
    queued[0] = true;
    while let Some(b) = work.pop() {
        queued[b] = false;
        let mut st = entry_state[b].clone().expect("queued blocks have a state");
        for (i, pi) in code[b].iter().enumerate() {
            step(&mut st, pi).map_err(|e| {
                format!(
                    "@{}: allocation check failed: block {b} inst {i}: {e}",
                    f.name
                )
            })?;
        }
        for s in f.succs(b) {
            let changed = match &mut entry_state[s] {
                slot @ None => {
                    *slot = Some(st.clone());
                    true
                }
                Some(old) => meet(old, &st),
            };
            if changed && !queued[s] {
                queued[s] = true;
                work.push(s);
            }
        }
    }
    Ok(())
}

/// The early-clobber rule (see `Inst::Seq`): the defs of such an
/// instruction sit in registers distinct from each other and from every
/// use. Cheap, so `compile_module` runs it on every function, checker or
/// not: an allocation breaking it is an error, never wrong code.
pub fn check_early_clobbers(f: &MFunction, code: &[Vec<PInst>]) -> Result<(), String> {
    for (b, blk) in code.iter().enumerate() {
        for (i, pi) in blk.iter().enumerate() {
            if let PInst::Orig { phys, .. } = pi {
                early_clobber_ok(phys).map_err(|e| {
                    format!(
                        "@{}: allocation check failed: block {b} inst {i}: {e}",
                        f.name
                    )
                })?;
            }
        }
    }
    Ok(())
}

fn early_clobber_ok(phys: &Inst<Loc>) -> Result<(), String> {
    if !phys.early_clobber() {
        return Ok(());
    }
    if phys.is_call() && !matches!(phys, Inst::Call { .. }) {
        // Inline asm with register clobbers clobbers every caller-saved
        // register while it runs: none may hold one of its operands.
        let mut operands = vec![];
        phys.for_each_use(|l| operands.push(l));
        phys.for_each_def(|l| operands.push(l));
        if let Some(l) = operands
            .iter()
            .find(|l| matches!(l, Loc::Reg(r) if abi::caller_saved().any(|p| p == *r)))
        {
            return Err(format!(
                "inline asm operand in {}, a register the asm clobbers",
                show(*l)
            ));
        }
    }
    let (mut uses, mut defs) = (vec![], vec![]);
    phys.for_each_use(|l| uses.push(l));
    phys.for_each_def(|l| defs.push(l));
    for (k, d) in defs.iter().enumerate() {
        if !matches!(d, Loc::Reg(_)) || uses.contains(d) || defs[..k].contains(d) {
            return Err(format!(
                "early-clobber def in {} shares it with another operand",
                show(*d)
            ));
        }
    }
    Ok(())
}

/// `old := old ∩ new`, per location; returns whether `old` shrank.
fn meet(old: &mut [Held], new: &[Held]) -> bool {
    let mut changed = false;
    for (o, v) in old.iter_mut().zip(new) {
        let before = o.len();
        o.retain(|x| v.contains(x));
        changed |= o.len() != before;
    }
    changed
}

fn expect(st: &[Held], l: Loc, v: VReg) -> Result<(), String> {
    let have = &st[index(l)];
    if have.contains(&v) {
        Ok(())
    } else if have.is_empty() {
        Err(format!(
            "v{v} read from {} which holds no known value",
            show(l)
        ))
    } else {
        let names: Vec<String> = have.iter().map(|h| format!("v{h}")).collect();
        Err(format!(
            "v{v} read from {} which holds {}",
            show(l),
            names.join(", ")
        ))
    }
}

/// `v` gets a new value in `l`: every old copy of it is stale.
fn define(st: &mut [Held], l: Loc, v: VReg, also: Held) {
    for h in st.iter_mut() {
        h.retain(|&x| x != v);
    }
    let mut held = also;
    held.retain(|&x| x != v);
    held.push(v);
    held.sort_unstable();
    st[index(l)] = held;
}

fn step(st: &mut [Held], pi: &PInst) -> Result<(), String> {
    match pi {
        PInst::Reload { v, slot, reg } => {
            expect(st, Loc::Spill(*slot), *v)?;
            st[*reg as usize] = st[index(Loc::Spill(*slot))].clone();
        }
        PInst::Spill { v, reg, slot } => {
            expect(st, Loc::Reg(*reg), *v)?;
            st[index(Loc::Spill(*slot))] = st[*reg as usize].clone();
        }
        PInst::Orig { virt, phys } => {
            let (mut vu, mut pu) = (vec![], vec![]);
            virt.for_each_use(|v| vu.push(v));
            phys.for_each_use(|l| pu.push(l));
            if vu.len() != pu.len() {
                return Err("operand count differs between virtual and physical form".into());
            }
            for (&v, &l) in vu.iter().zip(&pu) {
                expect(st, l, v)?;
            }
            early_clobber_ok(phys)?;
            if phys.is_call() {
                for p in abi::caller_saved() {
                    st[p as usize].clear();
                }
            }
            if let (Inst::Mv { rd: x, .. }, Inst::Mv { rd, rs }) = (virt, phys) {
                let copied = st[index(*rs)].clone();
                define(st, *rd, *x, copied);
                return Ok(());
            }
            let (mut vd, mut pd) = (vec![], vec![]);
            virt.for_each_def(|v| vd.push(v));
            phys.for_each_def(|l| pd.push(l));
            for (&v, &l) in vd.iter().zip(&pd) {
                define(st, l, v, Held::new());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::riscv::linear_scan::{allocate, rewrite};
    use crate::codegen::riscv::mir::{ArgLoc, Callee, Class, MBlock};

    /// b0: a = 1; b = 2; call f(); c = a + b; ret c
    fn sample() -> MFunction {
        let mut f = MFunction::new("t");
        let a = f.new_vreg(Class::Int);
        let b = f.new_vreg(Class::Int);
        let c = f.new_vreg(Class::Int);
        f.blocks = vec![MBlock {
            insts: vec![
                Inst::Li { rd: a, imm: 1 },
                Inst::Li { rd: b, imm: 2 },
                Inst::Call {
                    callee: Callee::Direct("f".into()),
                    args: vec![],
                    rets: vec![],
                },
                Inst::Op {
                    op: "add",
                    rd: c,
                    rs1: a,
                    rs2: b,
                },
                Inst::Ret {
                    vals: vec![(c, ArgLoc::IntReg(0))],
                },
            ],
        }];
        f
    }

    /// A random function: the entry block defines every register (so each
    /// use has a definition on every path), then blocks read and redefine
    /// them at random, call, and branch anywhere or return or tail-call.
    /// With 40 integer and 20 float registers live at once, allocation
    /// must spill.
    fn random_function(seed: u64) -> MFunction {
        let mut x = seed | 1;
        let mut rnd = move |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let mut f = MFunction::new("r");
        let ints: Vec<VReg> = (0..40).map(|_| f.new_vreg(Class::Int)).collect();
        let floats: Vec<VReg> = (0..20).map(|_| f.new_vreg(Class::Float)).collect();
        let nblocks = 1 + rnd(6);
        let mut entry: Vec<Inst<VReg>> = ints
            .iter()
            .map(|&r| Inst::Li {
                rd: r,
                imm: r as i64,
            })
            .collect();
        entry.extend(floats.iter().map(|&r| Inst::Unary {
            op: "fmv.d.x",
            rd: r,
            rs: ints[0],
            rm: None,
        }));
        for b in 0..nblocks {
            let mut insts = if b == 0 {
                std::mem::take(&mut entry)
            } else {
                vec![]
            };
            for _ in 0..rnd(30) {
                let (a, c, d) = (ints[rnd(40)], ints[rnd(40)], ints[rnd(40)]);
                let (fa, fc, fd) = (floats[rnd(20)], floats[rnd(20)], floats[rnd(20)]);
                insts.push(match rnd(5) {
                    0 => Inst::Op {
                        op: "add",
                        rd: d,
                        rs1: a,
                        rs2: c,
                    },
                    1 => Inst::Op {
                        op: "fadd.d",
                        rd: fd,
                        rs1: fa,
                        rs2: fc,
                    },
                    2 => Inst::Call {
                        callee: Callee::Direct("g".into()),
                        args: vec![
                            (a, ArgLoc::IntReg(0)),
                            (fa, ArgLoc::FloatReg(0)),
                            (c, ArgLoc::Stack(0)),
                        ],
                        rets: vec![(d, ArgLoc::IntReg(0))],
                    },
                    3 => Inst::Store {
                        op: "sd",
                        src: a,
                        base: crate::codegen::riscv::mir::Base::Reg(c),
                        off: 0,
                    },
                    _ => Inst::Mv { rd: d, rs: a },
                });
            }
            let t = match rnd(4) {
                0 => Inst::Ret {
                    vals: vec![(ints[rnd(40)], ArgLoc::IntReg(0))],
                },
                3 => Inst::TailCall {
                    callee: match rnd(2) {
                        0 => Callee::Direct("h".into()),
                        _ => Callee::Indirect(ints[rnd(40)]),
                    },
                    args: vec![
                        (ints[rnd(40)], ArgLoc::IntReg(0)),
                        (floats[rnd(20)], ArgLoc::FloatReg(0)),
                        (ints[rnd(40)], ArgLoc::Stack(0)),
                    ],
                },
                1 => Inst::Jump {
                    target: rnd(nblocks),
                },
                _ => Inst::Branch {
                    op: "blt",
                    rs1: ints[rnd(40)],
                    rs2: Some(ints[rnd(40)]),
                    taken: rnd(nblocks),
                    not_taken: rnd(nblocks),
                },
            };
            insts.push(t);
            f.blocks.push(MBlock { insts });
        }
        f
    }

    #[test]
    fn linear_scan_passes_the_checker_on_random_functions() {
        let mut spilled = 0;
        for seed in 1..300u64 {
            let f = random_function(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let a = allocate(&f);
            spilled += a.spill_slots;
            if let Err(e) = check(&f, &rewrite(&f, &a), a.spill_slots) {
                panic!("seed {seed}: {e}");
            }
        }
        assert!(spilled > 0, "the random functions must exercise spilling");
    }

    #[test]
    fn graph_colouring_passes_the_checker_on_random_functions() {
        use crate::codegen::riscv::graph_color;
        use crate::codegen::riscv::regalloc_stats::Stats;
        let (mut spilled, mut multi_round) = (0, 0);
        let (mut gc, mut ls) = (Stats::default(), Stats::default());
        for seed in 1..300u64 {
            let f = random_function(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let a = graph_color::allocate(&f).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            spilled += a.spill_slots;
            multi_round += (a.rounds > 1) as u32;
            let code = graph_color::rewrite(&f, &a);
            if let Err(e) = check(&f, &code, a.spill_slots) {
                panic!("seed {seed}: {e}");
            }
            gc.add(&Stats::of(&code, a.spill_slots));
            let l = allocate(&f);
            ls.add(&Stats::of(&rewrite(&f, &l), l.spill_slots));
        }
        assert!(
            spilled > 0 && multi_round > 0,
            "the random functions must spill"
        );
        // Fewer values spilled, and fewer moves and memory accesses in all
        // (linear scan's spilled copies become reload + store through one
        // scratch register, so its copies alone look fewer).
        let cost = |s: &Stats| s.copies_after + s.spill_loads + s.spill_stores;
        assert!(gc.spilled_values < ls.spilled_values, "{gc} vs {ls}");
        assert!(cost(&gc) < cost(&ls), "{gc} vs {ls}");
    }

    /// `y = 1; x = y; call f(); use x and y`: with x and y coalesced into
    /// one register, both names hold the value of the copy.
    #[test]
    fn accepts_copy_sharing_a_register_with_its_live_source() {
        let mut f = MFunction::new("t");
        let y = f.new_vreg(Class::Int);
        let x = f.new_vreg(Class::Int);
        let z = f.new_vreg(Class::Int);
        f.blocks = vec![MBlock {
            insts: vec![
                Inst::Li { rd: y, imm: 1 },
                Inst::Mv { rd: x, rs: y },
                Inst::Op {
                    op: "add",
                    rd: z,
                    rs1: x,
                    rs2: y,
                },
                Inst::Ret {
                    vals: vec![(z, ArgLoc::IntReg(0))],
                },
            ],
        }];
        let mut a = allocate(&f);
        a.loc[x as usize] = a.loc[y as usize];
        check(&f, &rewrite(&f, &a), a.spill_slots).unwrap();
        // ... but a redefinition of x in that register loses y.
        f.blocks[0].insts.insert(2, Inst::Li { rd: x, imm: 2 });
        assert!(check(&f, &rewrite(&f, &a), a.spill_slots).is_err());
    }

    #[test]
    fn accepts_linear_scan_output() {
        let f = sample();
        let a = allocate(&f);
        check(&f, &rewrite(&f, &a), a.spill_slots).unwrap();
    }

    #[test]
    fn rejects_shared_register() {
        let f = sample();
        let mut a = allocate(&f);
        a.loc[1] = a.loc[0]; // a and b both live at the add: must be caught
        let err = check(&f, &rewrite(&f, &a), a.spill_slots).unwrap_err();
        assert!(err.contains("v0 read from"), "{err}");
    }

    #[test]
    fn rejects_caller_saved_across_call() {
        let f = sample();
        let mut a = allocate(&f);
        a.loc[0] = Some(Loc::Reg(abi::A0 + 3));
        let err = check(&f, &rewrite(&f, &a), a.spill_slots).unwrap_err();
        assert!(err.contains("no known value"), "{err}");
    }

    /// b0: a = 1; b = 2; tail h(a in a0, b on the stack).
    fn tail_calling() -> MFunction {
        let mut f = MFunction::new("t");
        let a = f.new_vreg(Class::Int);
        let b = f.new_vreg(Class::Int);
        f.blocks = vec![MBlock {
            insts: vec![
                Inst::Li { rd: a, imm: 1 },
                Inst::Li { rd: b, imm: 2 },
                Inst::TailCall {
                    callee: Callee::Direct("h".into()),
                    args: vec![(a, ArgLoc::IntReg(0)), (b, ArgLoc::Stack(0))],
                },
            ],
        }];
        f
    }

    #[test]
    fn tail_call_arguments_are_checked_like_call_arguments() {
        let f = tail_calling();
        let a = allocate(&f);
        check(&f, &rewrite(&f, &a), a.spill_slots).unwrap();
        let mut shared = allocate(&f);
        shared.loc[0] = shared.loc[1];
        let err = check(&f, &rewrite(&f, &shared), shared.spill_slots).unwrap_err();
        assert!(err.contains("v0 read from"), "{err}");
    }

    #[test]
    fn rejects_reload_of_wrong_slot() {
        let f = sample();
        let mut a = allocate(&f);
        a.loc[0] = Some(Loc::Spill(0));
        a.loc[1] = Some(Loc::Spill(1));
        a.spill_slots = 2;
        let mut code = rewrite(&f, &a);
        check(&f, &code, 2).unwrap();
        for pi in code[0].iter_mut() {
            if let PInst::Reload { v: 1, slot, .. } = pi {
                *slot = 0;
            }
        }
        assert!(check(&f, &code, 2).is_err());
    }
}
