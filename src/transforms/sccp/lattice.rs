//! The three-level lattice of sparse conditional constant propagation and
//! the integer constants it carries.
//!
//! ```text
//!        Undefined (⊤)          "no evidence yet": not reached, or waiting
//!     …  c₋₁  c₀  c₁  …         one known integer constant
//!        Overdefined (⊥)        "not a constant": may take several values
//! ```
//!
//! A value only ever moves down (⊤ → constant → ⊥), so every value changes
//! at most twice; this bounds the solver's work (seed 004, SCCP section:
//! "每条语句最多遍历 3 * (操作数 + 1) 次").
//!
//! `Undefined` is the *lattice* top, the seed's "未定义": no executable
//! definition has produced a value yet. It is not LLVM's `undef` value,
//! which the solver treats as overdefined (see `program::Operand::Unknown`).

/// An integer of 1 to 64 bits, stored zero-extended (the bits above `width`
/// are always zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Konst {
    width: u32,
    bits: u64,
}

impl Konst {
    /// The constant of `width` bits whose low bits are those of `bits`
    /// (higher bits are dropped, as `trunc` would).
    pub fn new(width: u32, bits: u64) -> Self {
        assert!(
            (1..=64).contains(&width),
            "integer width {width} not in 1..=64"
        );
        Konst {
            width,
            bits: bits & mask(width),
        }
    }

    pub fn bool(value: bool) -> Self {
        Konst::new(1, value as u64)
    }

    pub fn width(self) -> u32 {
        self.width
    }

    /// The bits, zero-extended to 64.
    pub fn zext(self) -> u64 {
        self.bits
    }

    /// The value read as a two's-complement number of `width` bits.
    pub fn sext(self) -> i64 {
        let unused = 64 - self.width;
        ((self.bits << unused) as i64) >> unused
    }

    /// The largest signed value of this width.
    pub fn signed_max(width: u32) -> i64 {
        (mask(width) >> 1) as i64
    }

    /// The smallest signed value of this width.
    pub fn signed_min(width: u32) -> i64 {
        -Self::signed_max(width) - 1
    }

    pub fn is_zero(self) -> bool {
        self.bits == 0
    }

    pub fn is_all_ones(self) -> bool {
        self.bits == mask(self.width)
    }
}

/// The low `width` bits set.
pub fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// A lattice element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lattice {
    /// ⊤: nothing known yet.
    Undefined,
    Const(Konst),
    /// ⊥: not a (single) constant.
    Overdefined,
}

impl Lattice {
    /// The greatest lower bound: what a phi sees over two incoming values.
    pub fn meet(self, other: Lattice) -> Lattice {
        match (self, other) {
            (Lattice::Undefined, x) | (x, Lattice::Undefined) => x,
            (Lattice::Const(a), Lattice::Const(b)) if a == b => self,
            _ => Lattice::Overdefined,
        }
    }

    pub fn constant(self) -> Option<Konst> {
        match self {
            Lattice::Const(k) => Some(k),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn konst_masks_and_extends() {
        let k = Konst::new(8, 0x1ff);
        assert_eq!(k.zext(), 0xff);
        assert_eq!(k.sext(), -1);
        assert!(k.is_all_ones());
        assert_eq!(Konst::new(1, 1).sext(), -1);
        assert_eq!(Konst::new(64, u64::MAX).sext(), -1);
        assert_eq!(Konst::signed_min(8), -128);
        assert_eq!(Konst::signed_max(8), 127);
        assert_eq!(Konst::signed_min(1), -1);
        assert_eq!(Konst::signed_max(1), 0);
        assert_eq!(Konst::signed_min(64), i64::MIN);
    }

    #[test]
    fn meet_is_the_lattice_glb() {
        let c1 = Lattice::Const(Konst::new(32, 1));
        let c2 = Lattice::Const(Konst::new(32, 2));
        use Lattice::*;
        assert_eq!(Undefined.meet(c1), c1);
        assert_eq!(c1.meet(Undefined), c1);
        assert_eq!(c1.meet(c1), c1);
        assert_eq!(c1.meet(c2), Overdefined);
        assert_eq!(c1.meet(Overdefined), Overdefined);
        assert_eq!(Undefined.meet(Undefined), Undefined);
        assert_eq!(Overdefined.meet(Undefined), Overdefined);
    }

    #[test]
    fn same_bits_of_different_width_are_different_constants() {
        let a = Lattice::Const(Konst::new(8, 1));
        let b = Lattice::Const(Konst::new(32, 1));
        assert_eq!(a.meet(b), Lattice::Overdefined);
    }
}
