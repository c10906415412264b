//! The rules of `wide::range` checked against the constant folder
//! (`wide::binary`, `icmp`, `cast` on `ApInt`) on random ranges of 65 to
//! 128 bits: every value an operand pair in the ranges folds to must be
//! in the result's range, a decided comparison must hold for every pair,
//! and a flag the hulls allow must never make a pair poison.

use super::*;
use crate::transforms::sccp::fold::PoisonFlags;
use crate::transforms::sccp::wide;

const WIDTHS: [u32; 7] = [65, 72, 100, 127, 128, 136, 256];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A 64-bit bound: small, near a power of two, or anything.
    fn bound(&mut self) -> u64 {
        match self.below(4) {
            0 => self.below(20),
            1 => 1u64 << self.below(64),
            2 => (1u64 << self.below(64)).wrapping_sub(1),
            _ => self.next(),
        }
    }
}

/// An operand: a range of one of the two forms, or every value (`None`),
/// with the values to try (its ends and a few inside).
struct Operand {
    range: Option<WideRange>,
    samples: Vec<ApInt>,
}

fn operand(rng: &mut Rng, width: u32) -> Operand {
    if rng.below(5) == 0 {
        let samples = (0..6)
            .map(|_| {
                let words: Vec<u64> = (0..width.div_ceil(64)).map(|_| rng.next()).collect();
                ApInt::from_words(width, &words)
            })
            .chain([
                ApInt::zero(width),
                ApInt::all_ones(width),
                ApInt::signed_min(width),
            ])
            .collect();
        return Operand {
            range: None,
            samples,
        };
    }
    let (a, b) = (rng.bound(), rng.bound());
    let signed = rng.below(2) == 0;
    let (range, ends) = if signed {
        let (lo, hi) = ((a as i64).min(b as i64), (a as i64).max(b as i64));
        (
            WideRange::sign_extended(width, lo, hi),
            (lo as u64, hi as u64),
        )
    } else {
        (
            WideRange::zero_extended(width, a.min(b), a.max(b)),
            (a.min(b), a.max(b)),
        )
    };
    let inside = |rng: &mut Rng| {
        let span = ends.1.wrapping_sub(ends.0);
        ends.0.wrapping_add(if span == u64::MAX {
            rng.next()
        } else {
            rng.below(span + 1)
        })
    };
    let mut points = vec![ends.0, ends.1];
    points.extend((0..4).map(|_| inside(rng)));
    let samples = points
        .into_iter()
        .map(|p| {
            if signed {
                ApInt::from_i64(width, p as i64)
            } else {
                ApInt::from_u64(width, p)
            }
        })
        .collect();
    Operand {
        range: Some(range),
        samples,
    }
}

fn contains(r: Option<WideRange>, v: &ApInt) -> bool {
    r.is_none_or(|r| r.contains(v))
}

#[test]
fn constants_are_one_element_ranges() {
    let fits = [
        ApInt::zero(72),
        ApInt::from_u64(72, u64::MAX),
        ApInt::all_ones(128),
        ApInt::from_i64(100, i64::MIN),
    ];
    for k in &fits {
        let r = WideRange::constant(k).expect("an extension of 64 bits");
        assert_eq!(r.single().as_ref(), Some(k));
        assert!(r.contains(k));
    }
    let wider = [
        ApInt::from_u128(72, 1 << 64),
        ApInt::signed_min(128),
        ApInt::signed_min(136),
    ];
    for k in &wider {
        assert_eq!(WideRange::constant(k), None, "{k:?}");
    }
    // Sign-extended non-negative bounds are written zero-extended.
    assert_eq!(
        WideRange::sign_extended(72, 0, 5),
        WideRange::zero_extended(72, 0, 5)
    );
}

#[test]
fn the_bit_field_extracts_clang_emits() {
    let full = Hulls::full(72);
    let k = |v: u64| Hulls::constant(&ApInt::from_u64(72, v));
    // lshr i72 %x, 47; and 16383; trunc to i32 → [0, 16383].
    let shifted = binary(BinOp::LShr, &full, &k(47));
    let masked = binary(BinOp::And, &Hulls::of(72, shifted), &k(16383));
    assert_eq!(masked, Some(WideRange::zero_extended(72, 0, 16383)));
    let t = cast(CastOp::Trunc, CastSource::Wide(72, masked), 32);
    assert_eq!(t, CastRange::Narrow(ConstantRange::unsigned(32, 0, 16383)));
    // shl 25; ashr 44 → [-2^27, 2^27 - 1]: trunc nsw to i32, not nuw.
    let arithmetic = binary(BinOp::AShr, &full, &k(44));
    assert_eq!(
        arithmetic,
        Some(WideRange::sign_extended(72, -(1 << 27), (1 << 27) - 1))
    );
    assert_eq!(Hulls::of(72, arithmetic).fits(32), (false, true));
    // The same on an i136 storage unit.
    let full = Hulls::full(136);
    let k = |v: u64| Hulls::constant(&ApInt::from_u64(136, v));
    let field = binary(BinOp::AShr, &full, &k(120));
    assert_eq!(
        field,
        Some(WideRange::sign_extended(136, -(1 << 15), (1 << 15) - 1))
    );
    assert_eq!(Hulls::of(136, field).fits(16), (false, true));
}

#[test]
fn binary_is_sound_on_random_ranges() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..4000 {
        let w = WIDTHS[rng.below(WIDTHS.len() as u64) as usize];
        let (a, b) = (operand(&mut rng, w), operand(&mut rng, w));
        let (ha, hb) = (Hulls::of(w, a.range), Hulls::of(w, b.range));
        for op in BinOp::ALL {
            let r = binary(op, &ha, &hb);
            let (unsigned_wraps, signed_wraps) = may_wrap(op, &ha, &hb);
            for x in &a.samples {
                for y in &b.samples {
                    if let Some(v) = wide::binary(op, PoisonFlags::default(), x, y) {
                        assert!(
                            contains(r, &v),
                            "{op:?} {a:?} {b:?}: {x:?} {y:?} -> {v:?} not in {r:?}",
                            a = a.range,
                            b = b.range
                        );
                    }
                    if !matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl) {
                        continue;
                    }
                    let plain = wide::binary(op, PoisonFlags::default(), x, y);
                    let with = |nuw, nsw| PoisonFlags {
                        nuw,
                        nsw,
                        ..PoisonFlags::default()
                    };
                    if !unsigned_wraps && plain.is_some() {
                        assert!(
                            wide::binary(op, with(true, false), x, y).is_some(),
                            "{op:?} nuw {x:?} {y:?}"
                        );
                    }
                    if !signed_wraps && plain.is_some() {
                        assert!(
                            wide::binary(op, with(false, true), x, y).is_some(),
                            "{op:?} nsw {x:?} {y:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn icmp_is_sound_on_random_ranges() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for _ in 0..3000 {
        let w = WIDTHS[rng.below(WIDTHS.len() as u64) as usize];
        let (a, b) = (operand(&mut rng, w), operand(&mut rng, w));
        for pred in IntPredicate::ALL {
            let Some(claim) = icmp(pred, &Hulls::of(w, a.range), &Hulls::of(w, b.range)) else {
                continue;
            };
            for x in &a.samples {
                for y in &b.samples {
                    assert_eq!(wide::icmp(pred, x, y), claim, "{pred:?} {x:?} {y:?}");
                }
            }
        }
    }
}

#[test]
fn casts_are_sound_on_random_ranges() {
    let mut rng = Rng(0x0f0f_1e1e_2d2d_3c3c);
    for _ in 0..3000 {
        let w = WIDTHS[rng.below(WIDTHS.len() as u64) as usize];
        let a = operand(&mut rng, w);
        let source = CastSource::Wide(w, a.range);
        // Truncation to every kind of narrower width.
        for to in [1, 8, 32, 63, 64, 65, 100, w] {
            if to > w {
                continue;
            }
            let r = cast(CastOp::Trunc, source, to);
            let (nuw, nsw) = Hulls::of(w, a.range).fits(to);
            for x in &a.samples {
                let v = x.trunc(to);
                match r {
                    CastRange::Narrow(r) => {
                        let k = crate::transforms::sccp::lattice::Konst::new(to, v.words()[0]);
                        assert!(r.contains(k), "trunc {x:?} to {to}: {v:?} not in {r:?}");
                    }
                    CastRange::Wide(r) => assert!(r.contains(&v), "trunc {x:?} to {to}"),
                    CastRange::Full => {}
                }
                let flags = PoisonFlags {
                    nuw,
                    nsw,
                    ..PoisonFlags::default()
                };
                assert!(
                    wide::cast(CastOp::Trunc, flags, x, to).is_some(),
                    "trunc {flags:?} {x:?} to {to}"
                );
            }
        }
        // Extension to a wider width.
        let to = w + 1 + rng.below(200) as u32;
        for op in [CastOp::ZExt, CastOp::SExt] {
            if to <= w {
                break;
            }
            let r = cast(op, source, to);
            for x in &a.samples {
                let v = if op == CastOp::ZExt {
                    x.zext(to)
                } else {
                    x.sext(to)
                };
                match r {
                    CastRange::Wide(r) => assert!(r.contains(&v), "{op:?} {x:?} to {to}"),
                    CastRange::Full => {}
                    CastRange::Narrow(_) => panic!("{op:?} to {to} gave a narrow range"),
                }
            }
        }
    }
}

#[test]
fn extensions_of_narrow_ranges_are_exact_hulls() {
    let r = ConstantRange::signed(32, -5, 7);
    assert_eq!(
        cast(CastOp::SExt, CastSource::Narrow(r), 128),
        CastRange::Wide(WideRange::sign_extended(128, -5, 7))
    );
    assert_eq!(
        cast(
            CastOp::ZExt,
            CastSource::Narrow(ConstantRange::full(64)),
            128
        ),
        CastRange::Wide(WideRange::zero_extended(128, 0, u64::MAX))
    );
}

#[test]
fn union_holds_both() {
    let mut rng = Rng(42);
    for _ in 0..3000 {
        let w = WIDTHS[rng.below(WIDTHS.len() as u64) as usize];
        let (a, b) = (operand(&mut rng, w), operand(&mut rng, w));
        let (Some(ra), Some(rb)) = (a.range, b.range) else {
            continue;
        };
        let u = ra.union(rb);
        for x in a.samples.iter().chain(&b.samples) {
            assert!(contains(u, x), "{ra:?} ∪ {rb:?} = {u:?} misses {x:?}");
        }
    }
}
