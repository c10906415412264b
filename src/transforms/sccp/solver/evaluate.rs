//! The transfer functions: the value of an instruction given its
//! operands' current values (the rules the module comment of `solver`
//! lists: constants folded by `fold`, `float`, `wide`, `intrinsic`;
//! ranges by `range`, an overdefined operand standing for the full set;
//! `select` and phis as unions). Each rule only reads the solver's state.

use super::super::fold;
use super::super::fold::CastOp;
use super::super::intrinsic;
use super::super::lattice::{Konst, Lattice};
use super::super::pointer::{self, PtrConst};
use super::super::predicate;
use super::super::program::{GepStep, InstId, Op, Operand};
use super::super::range::{self, ConstantRange};
use super::super::wide::WideTable;
use super::Solver;

impl Solver<'_> {
    #[inline]
    pub(super) fn value_of(&self, operand: &Operand) -> Lattice {
        match operand {
            Operand::Inst(i) => self.nodes[*i].value,
            Operand::Const(k) => Lattice::Const(*k),
            Operand::Wide(v) => self.wide_value(v),
            Operand::Float(f) => Lattice::Float(*f),
            Operand::Pointer(p) => Lattice::Pointer(*p),
            // Skipped by unions, waited on by everything else.
            Operand::Undef => Lattice::Undefined,
            Operand::Unknown => Lattice::Overdefined,
        }
    }

    /// A wide constant operand's value (interned), out of `value_of`'s
    /// inlined path.
    #[cold]
    pub(super) fn wide_value(&self, v: &crate::apint::ApInt) -> Lattice {
        self.wide.borrow_mut().lattice(v.clone())
    }

    /// `value_of` while `table` (the borrowed `self.wide`) is in use.
    pub(super) fn value_in(&self, operand: &Operand, table: &mut WideTable) -> Lattice {
        match operand {
            Operand::Wide(v) => table.lattice(crate::apint::ApInt::clone(v)),
            _ => self.value_of(operand),
        }
    }

    /// A phi meets its incoming values over executable edges only. Also
    /// returns the number of those edges (counted up to the first
    /// overdefined entry, after which the count no longer matters: the
    /// phi is overdefined and never evaluated again).
    pub(super) fn evaluate_phi(&self, i: InstId) -> (Lattice, u32) {
        let mut active = 0;
        let mut value = Lattice::Undefined;
        for entry in self.links(i).phi_entries() {
            if self.is_executable_entry(entry) {
                active += 1;
                let incoming = self.nodes[entry.slot as usize].value;
                // `meet`'s first rule, inline: the first entry seen.
                value = if matches!(value, Lattice::Undefined) {
                    incoming
                } else {
                    value.meet(incoming)
                };
                if matches!(value, Lattice::Overdefined) {
                    break;
                }
            }
        }
        (value, active)
    }

    /// A `getelementptr` from a pointer whose value is `base` (`Op::Gep`):
    /// a constant pointer when `base` is one and the offset is known, as
    /// LLVM's `visitGetElementPtrInst` folds a GEP of constants; else not
    /// null when it keeps `base`'s not being null.
    fn evaluate_gep(&self, base: Lattice, keeps_non_null: bool, step: Option<&GepStep>) -> Lattice {
        if let (Lattice::Pointer(p), Some(step)) = (base, step) {
            let delta = match &step.variable {
                None => Some(step.constant),
                Some((index, stride)) => match self.value_of(index) {
                    Lattice::Const(k) => {
                        Some(step.constant.wrapping_add(k.sext().wrapping_mul(*stride)))
                    }
                    // The index is waited on, as any operand.
                    Lattice::Undefined => return Lattice::Undefined,
                    _ => None,
                },
            };
            if let Some(delta) = delta {
                return Lattice::Pointer(pointer::offset(p, delta, step.inbounds));
            }
        }
        match base {
            Lattice::Undefined => Lattice::Undefined,
            b if keeps_non_null && b.is_non_null_pointer() => Lattice::NotNull,
            _ => Lattice::Overdefined,
        }
    }

    /// A load from a constant table (`Op::TableLoad`): the integer at the
    /// position the indices weigh once all are constants, non-negative and
    /// inside the table. An index still undefined is waited on, as any
    /// operand; one overdefined makes the load overdefined.
    fn table_load(&self, indices: &[(Operand, u64)], table: &[Option<Konst>]) -> Lattice {
        let mut position: u64 = 0;
        let mut waiting = false;
        for (index, weight) in indices {
            match self.value_of(index) {
                Lattice::Undefined => waiting = true,
                Lattice::Const(k) => {
                    let term = u64::try_from(k.sext())
                        .ok()
                        .and_then(|i| i.checked_mul(*weight))
                        .and_then(|t| t.checked_add(position));
                    let Some(sum) = term else {
                        return Lattice::Overdefined;
                    };
                    position = sum;
                }
                _ => return Lattice::Overdefined,
            }
        }
        if waiting {
            return Lattice::Undefined;
        }
        usize::try_from(position)
            .ok()
            .and_then(|p| table.get(p).copied().flatten())
            .map_or(Lattice::Overdefined, Lattice::Const)
    }

    /// The value of instruction `i` (not a phi) given its operands' current
    /// values.
    pub(super) fn evaluate(&self, i: InstId) -> Lattice {
        match &self.program.insts[i].op {
            Op::Opaque => Lattice::Overdefined,
            Op::ConstantLoad(k) => Lattice::Const(*k),
            Op::UndefLoad => Lattice::Undefined,
            Op::PointerLoad(p) => Lattice::Pointer(*p),
            Op::Constrained {
                value,
                pred,
                other,
                width,
            } => predicate::constrain(*width, *pred, self.value_of(value), self.value_of(other)),
            Op::PointerConstrained { value, pred, other } => {
                pointer::constrain(*pred, self.value_of(value), self.value_of(other))
            }
            Op::TableLoad { indices, table } => self.table_load(indices, table),
            Op::Binary {
                op,
                flags,
                lhs,
                rhs,
            } => {
                let (a, b) = (self.value_of(lhs), self.value_of(rhs));
                let absorbed = [(a, true), (b, false)].iter().find_map(|&(v, is_lhs)| {
                    v.constant().and_then(|k| fold::absorbing(*op, k, is_lhs))
                });
                if let Some(k) = absorbed {
                    return Lattice::Const(k);
                }
                if let (Lattice::Const(x), Lattice::Const(y)) = (a, b) {
                    return fold::binary(*op, *flags, x, y)
                        .map_or(Lattice::Overdefined, Lattice::Const);
                }
                on_ranges(a, b, |x, y| {
                    Lattice::from_range(range::binary(*op, *flags, x, y))
                })
            }
            Op::ICmp { pred, lhs, rhs } => {
                let (a, b) = (self.value_of(lhs), self.value_of(rhs));
                on_ranges(a, b, |x, y| {
                    range::icmp(*pred, x, y)
                        .map_or(Lattice::Overdefined, |v| Lattice::Const(Konst::bool(v)))
                })
            }
            Op::PointerICmp { pred, lhs, rhs } => {
                pointer::compare(*pred, self.value_of(lhs), self.value_of(rhs))
            }
            Op::NotNull => Lattice::NotNull,
            Op::Bounded { range, .. } => Lattice::from_range(*range),
            Op::Gep {
                base,
                keeps_non_null,
                step,
                ..
            } => self.evaluate_gep(self.value_of(base), *keeps_non_null, step.as_ref()),
            Op::Cast {
                op,
                flags,
                value,
                from_width,
                to_width,
            } => match self.value_of(value) {
                Lattice::Undefined => Lattice::Undefined,
                Lattice::Const(k) => fold::cast(*op, *flags, k, *to_width)
                    .map_or(Lattice::Overdefined, Lattice::Const),
                other => {
                    let r = other
                        .range_or_full(*from_width)
                        .expect("only ⊤ has no range");
                    // Flags are ignored: the result is then a superset.
                    Lattice::from_range(match op {
                        CastOp::ZExt => range::zext(r, *to_width),
                        CastOp::SExt => range::sext(r, *to_width),
                        CastOp::Trunc => range::trunc(r, *to_width),
                    })
                }
            },
            Op::Select {
                cond,
                if_true,
                if_false,
            } => match self.value_of(cond) {
                Lattice::Undefined => Lattice::Undefined,
                Lattice::Const(c) if c.is_zero() => self.value_of(if_false),
                Lattice::Const(_) => self.value_of(if_true),
                // Either arm may be chosen: the union of both.
                _ => self.value_of(if_true).meet(self.value_of(if_false)),
            },
            Op::Field(value) => self.value_of(value),
            Op::PtrToInt { value, width } => match self.value_of(value) {
                Lattice::Undefined => Lattice::Undefined,
                Lattice::Pointer(PtrConst::Null) => Lattice::Const(Konst::new(*width, 0)),
                Lattice::Pointer(PtrConst::Address(a)) => Lattice::Const(Konst::new(*width, a)),
                // Its bits are not known (`rewrite` may still write it as
                // a constant expression).
                _ => Lattice::Overdefined,
            },
            Op::Freeze(value) => match self.value_of(value) {
                Lattice::Const(k) => Lattice::Const(k),
                Lattice::Wide(id) => Lattice::Wide(id),
                Lattice::WideRange(r) if r.single().is_some() => Lattice::WideRange(r),
                Lattice::Float(f) => Lattice::Float(f),
                // The address of a global is neither undef nor poison.
                Lattice::Pointer(p) => Lattice::Pointer(p),
                Lattice::Undefined => Lattice::Undefined,
                Lattice::Range(_)
                | Lattice::WideRange(_)
                | Lattice::NotNull
                | Lattice::Overdefined => Lattice::Overdefined,
            },
            Op::Intrinsic {
                intrinsic,
                args,
                widths,
            } => {
                let values: Vec<Lattice> = args.iter().map(|a| self.value_of(a)).collect();
                if values.contains(&Lattice::Undefined) {
                    return Lattice::Undefined;
                }
                if let Some(constants) = values
                    .iter()
                    .map(|v| v.constant())
                    .collect::<Option<Vec<_>>>()
                {
                    return intrinsic::fold(*intrinsic, &constants)
                        .map_or(Lattice::Overdefined, Lattice::Const);
                }
                // LLVM's `ConstantRange::intrinsic`, as its SCCP computes it.
                values
                    .iter()
                    .zip(widths)
                    .map(|(v, &w)| v.range_or_full(w))
                    .collect::<Option<Vec<_>>>()
                    .and_then(|ranges| intrinsic::range(*intrinsic, &ranges))
                    .map_or(Lattice::Overdefined, Lattice::from_range)
            }
            Op::Wide(op) => op.evaluate(&mut self.wide.borrow_mut(), |o, t| self.value_in(o, t)),
            Op::Float { op, env } => op.evaluate(*env, |o| self.value_of(o)),
            Op::OverflowField(f) => {
                f.evaluate(&mut self.wide.borrow_mut(), |o, t| self.value_in(o, t))
            }
            Op::Phi(_) => self.evaluate_phi(i).0,
        }
    }
}

/// A two-operand rule on ranges: wait while either operand is undefined;
/// overdefined if both are; otherwise `f` on the two sets, an overdefined
/// operand standing for every value of the other's width.
pub(super) fn on_ranges(
    a: Lattice,
    b: Lattice,
    f: impl FnOnce(ConstantRange, ConstantRange) -> Lattice,
) -> Lattice {
    match (a, b) {
        (Lattice::Undefined, _) | (_, Lattice::Undefined) => Lattice::Undefined,
        (Lattice::Overdefined, Lattice::Overdefined) => Lattice::Overdefined,
        _ => {
            let width = a
                .range()
                .or(b.range())
                .expect("one side has a range")
                .width();
            let full = ConstantRange::full(width);
            f(a.range().unwrap_or(full), b.range().unwrap_or(full))
        }
    }
}
