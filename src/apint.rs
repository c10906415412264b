//! Fixed-width integers of any width: the subset of LLVM's `APInt`
//! (llvm/include/llvm/ADT/APInt.h, llvm/lib/Support/APInt.cpp) that
//! constant folding needs.
//!
//! An `ApInt` is `width` bits (1 or more) with no sign of its own: as in
//! LLVM, each operation says whether it reads the bits as unsigned or as
//! two's complement (`udiv`/`sdiv`, `ucmp`/`scmp`, `zext`/`sext`, …), and
//! every arithmetic result wraps modulo 2^width. The semantics follow
//! APInt's, including its edge cases:
//! * `sdiv`/`srem` truncate toward zero; `signed_min / -1` wraps to
//!   `signed_min` (APInt's `sdiv` does the same; the caller decides if
//!   that is UB, as LLVM's `sdiv` instruction says it is);
//! * division and remainder by zero have no value here (`None`), where
//!   APInt asserts;
//! * `shl`/`lshr` by the width or more give 0 and `ashr` the sign bit
//!   repeated, as APInt's shift functions do (the shift *instructions*
//!   give poison there: `sccp::wide` checks the amount first);
//! * `*_ov` return the wrapped result and whether the exact result did
//!   not fit (APInt's `uadd_ov`, `sadd_ov`, `usub_ov`, `ssub_ov`,
//!   `umul_ov`, `smul_ov`).
//!
//! Representation: little-endian 64-bit words, exactly
//! `width.div_ceil(64)` of them. Invariant: the bits of the last word
//! above `width` are zero, so derived equality and hashing compare values.
//!
//! Cost: addition and shifts are linear in the number of words,
//! multiplication is schoolbook (quadratic in words) and division is bit
//! by bit (quadratic in bits); callers that fold arbitrary IR bound the
//! width (`sccp::read::MAX_WIDE_WIDTH`).

use std::cmp::Ordering;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ApInt {
    width: u32,
    words: Vec<u64>,
}

fn words_for(width: u32) -> usize {
    width.div_ceil(64) as usize
}

impl ApInt {
    /// The value of `width` bits whose bits are the low bits of `words`
    /// (little-endian), missing words zero: what `trunc`/`zext` of the
    /// concatenated words would give.
    pub fn from_words(width: u32, words: &[u64]) -> ApInt {
        assert!(width >= 1, "an ApInt has at least one bit");
        let mut out = vec![0; words_for(width)];
        let n = out.len().min(words.len());
        out[..n].copy_from_slice(&words[..n]);
        let mut v = ApInt { width, words: out };
        v.clear_unused_bits();
        v
    }

    pub fn from_u64(width: u32, value: u64) -> ApInt {
        ApInt::from_words(width, &[value])
    }

    pub fn from_u128(width: u32, value: u128) -> ApInt {
        ApInt::from_words(width, &[value as u64, (value >> 64) as u64])
    }

    /// `value` sign-extended (or truncated) to `width` bits.
    pub fn from_i64(width: u32, value: i64) -> ApInt {
        ApInt::from_u64(64, value as u64).sext_or_trunc(width)
    }

    pub fn zero(width: u32) -> ApInt {
        ApInt::from_words(width, &[])
    }

    pub fn all_ones(width: u32) -> ApInt {
        ApInt::zero(width).not()
    }

    /// The smallest signed value: only the sign bit set.
    pub fn signed_min(width: u32) -> ApInt {
        let mut v = ApInt::zero(width);
        v.set_bit(width - 1);
        v
    }

    pub fn signed_max(width: u32) -> ApInt {
        ApInt::signed_min(width).not()
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    /// The little-endian words; bits above `width` are zero.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    fn clear_unused_bits(&mut self) {
        let used = self.width % 64;
        if used != 0 {
            let last = self.words.len() - 1;
            self.words[last] &= (1u64 << used) - 1;
        }
    }

    pub fn bit(&self, i: u32) -> bool {
        i < self.width && (self.words[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }

    fn set_bit(&mut self, i: u32) {
        self.words[(i / 64) as usize] |= 1 << (i % 64);
    }

    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn is_all_ones(&self) -> bool {
        *self == ApInt::all_ones(self.width)
    }

    /// The sign bit (the value read as two's complement is negative).
    pub fn is_negative(&self) -> bool {
        self.bit(self.width - 1)
    }

    /// The unsigned value, if it fits in 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        self.words[1..]
            .iter()
            .all(|&w| w == 0)
            .then_some(self.words[0])
    }

    pub fn count_ones(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }

    /// Zero bits above the highest set bit (`width` for zero).
    pub fn leading_zeros(&self) -> u32 {
        (0..self.width)
            .rev()
            .position(|i| self.bit(i))
            .map_or(self.width, |p| p as u32)
    }

    /// Zero bits below the lowest set bit (`width` for zero).
    pub fn trailing_zeros(&self) -> u32 {
        let mut n = 0;
        for &w in &self.words {
            if w != 0 {
                return n + w.trailing_zeros();
            }
            n += 64;
        }
        self.width
    }

    fn same_width(&self, other: &ApInt) {
        assert_eq!(
            self.width, other.width,
            "ApInt operands of different widths"
        );
    }

    fn zip_words(&self, other: &ApInt, f: impl Fn(u64, u64) -> u64) -> ApInt {
        self.same_width(other);
        let words = self.words.iter().zip(&other.words).map(|(&a, &b)| f(a, b));
        ApInt::from_words(self.width, &words.collect::<Vec<_>>())
    }

    pub fn and(&self, other: &ApInt) -> ApInt {
        self.zip_words(other, |a, b| a & b)
    }

    pub fn or(&self, other: &ApInt) -> ApInt {
        self.zip_words(other, |a, b| a | b)
    }

    pub fn xor(&self, other: &ApInt) -> ApInt {
        self.zip_words(other, |a, b| a ^ b)
    }

    pub fn not(&self) -> ApInt {
        let words: Vec<u64> = self.words.iter().map(|w| !w).collect();
        ApInt::from_words(self.width, &words)
    }

    /// The sum modulo 2^width and whether it carried out of the top bit.
    fn add_with_carry(&self, other: &ApInt, carry_in: bool) -> (ApInt, bool) {
        self.same_width(other);
        let mut carry = carry_in as u64;
        let mut words = Vec::with_capacity(self.words.len());
        for (&a, &b) in self.words.iter().zip(&other.words) {
            let (s1, c1) = a.overflowing_add(b);
            let (s2, c2) = s1.overflowing_add(carry);
            words.push(s2);
            carry = (c1 || c2) as u64;
        }
        let used = self.width % 64;
        let carried = if used == 0 {
            carry == 1
        } else {
            (words[words.len() - 1] >> used) & 1 == 1
        };
        (ApInt::from_words(self.width, &words), carried)
    }

    pub fn add(&self, other: &ApInt) -> ApInt {
        self.add_with_carry(other, false).0
    }

    pub fn sub(&self, other: &ApInt) -> ApInt {
        self.add_with_carry(&other.not(), true).0
    }

    pub fn neg(&self) -> ApInt {
        ApInt::zero(self.width).sub(self)
    }

    pub fn mul(&self, other: &ApInt) -> ApInt {
        self.same_width(other);
        let n = self.words.len();
        let mut out = vec![0u64; n];
        for (i, &a) in self.words.iter().enumerate() {
            if a == 0 {
                continue;
            }
            let mut carry = 0u128;
            for (j, &b) in other.words[..n - i].iter().enumerate() {
                let t = out[i + j] as u128 + a as u128 * b as u128 + carry;
                out[i + j] = t as u64;
                carry = t >> 64;
            }
        }
        ApInt::from_words(self.width, &out)
    }

    /// Unsigned quotient and remainder (`None` when dividing by zero):
    /// restoring long division, one bit per step.
    pub fn udivrem(&self, divisor: &ApInt) -> Option<(ApInt, ApInt)> {
        self.same_width(divisor);
        if divisor.is_zero() {
            return None;
        }
        if let (Some(a), Some(b)) = (self.to_u64(), divisor.to_u64()) {
            return Some((
                ApInt::from_u64(self.width, a / b),
                ApInt::from_u64(self.width, a % b),
            ));
        }
        let mut quotient = ApInt::zero(self.width);
        let mut rem = ApInt::zero(self.width);
        for i in (0..self.width).rev() {
            // rem = rem * 2 + bit i; rem < divisor before, so rem * 2 + 1
            // < 2 * divisor fits in one more bit than the width: keep
            // the bit shifted out to compare correctly.
            let overflow = rem.is_negative();
            rem = rem.shl(1);
            if self.bit(i) {
                rem.set_bit(0);
            }
            if overflow || rem.ucmp(divisor) != Ordering::Less {
                rem = rem.sub(divisor);
                quotient.set_bit(i);
            }
        }
        Some((quotient, rem))
    }

    pub fn udiv(&self, divisor: &ApInt) -> Option<ApInt> {
        self.udivrem(divisor).map(|(q, _)| q)
    }

    pub fn urem(&self, divisor: &ApInt) -> Option<ApInt> {
        self.udivrem(divisor).map(|(_, r)| r)
    }

    /// The magnitude of the two's-complement value (`signed_min` stays
    /// itself, read as unsigned it is 2^(width-1)).
    pub fn unsigned_abs(&self) -> ApInt {
        if self.is_negative() {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// Signed quotient and remainder, truncated toward zero; the
    /// remainder has the dividend's sign.
    pub fn sdivrem(&self, divisor: &ApInt) -> Option<(ApInt, ApInt)> {
        let (q, r) = self.unsigned_abs().udivrem(&divisor.unsigned_abs())?;
        let q = if self.is_negative() != divisor.is_negative() {
            q.neg()
        } else {
            q
        };
        let r = if self.is_negative() { r.neg() } else { r };
        Some((q, r))
    }

    pub fn sdiv(&self, divisor: &ApInt) -> Option<ApInt> {
        self.sdivrem(divisor).map(|(q, _)| q)
    }

    pub fn srem(&self, divisor: &ApInt) -> Option<ApInt> {
        self.sdivrem(divisor).map(|(_, r)| r)
    }

    /// Shift left by `amount` bits (0 when `amount >= width`).
    pub fn shl(&self, amount: u32) -> ApInt {
        if amount >= self.width {
            return ApInt::zero(self.width);
        }
        let (whole, part) = ((amount / 64) as usize, amount % 64);
        let n = self.words.len();
        let mut out = vec![0u64; n];
        for (src, word) in out[whole..].iter_mut().enumerate() {
            *word = self.words[src] << part;
            if part > 0 && src > 0 {
                *word |= self.words[src - 1] >> (64 - part);
            }
        }
        ApInt::from_words(self.width, &out)
    }

    /// Logical shift right (0 when `amount >= width`).
    pub fn lshr(&self, amount: u32) -> ApInt {
        if amount >= self.width {
            return ApInt::zero(self.width);
        }
        let (whole, part) = ((amount / 64) as usize, amount % 64);
        let n = self.words.len();
        let mut out = vec![0u64; n];
        for (i, word) in out[..n - whole].iter_mut().enumerate() {
            let src = i + whole;
            *word = self.words[src] >> part;
            if part > 0 && src + 1 < n {
                *word |= self.words[src + 1] << (64 - part);
            }
        }
        ApInt::from_words(self.width, &out)
    }

    /// Arithmetic shift right (the sign bit fills; all sign bits when
    /// `amount >= width`).
    pub fn ashr(&self, amount: u32) -> ApInt {
        let amount = amount.min(self.width - 1);
        let shifted = self.lshr(amount);
        if !self.is_negative() || amount == 0 {
            return shifted;
        }
        // The top `amount` bits set.
        let fill = ApInt::all_ones(self.width).shl(self.width - amount);
        shifted.or(&fill)
    }

    /// Unsigned comparison.
    pub fn ucmp(&self, other: &ApInt) -> Ordering {
        self.same_width(other);
        self.words.iter().rev().cmp(other.words.iter().rev())
    }

    /// Signed (two's-complement) comparison.
    pub fn scmp(&self, other: &ApInt) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            // Same sign: the unsigned order of the bits is the order.
            _ => self.ucmp(other),
        }
    }

    /// The low `width` bits (`width <= self.width`).
    pub fn trunc(&self, width: u32) -> ApInt {
        assert!(width <= self.width, "trunc to a wider type");
        ApInt::from_words(width, &self.words)
    }

    /// Zero-extended to `width >= self.width` bits.
    pub fn zext(&self, width: u32) -> ApInt {
        assert!(width >= self.width, "zext to a narrower type");
        ApInt::from_words(width, &self.words)
    }

    /// Sign-extended to `width >= self.width` bits.
    pub fn sext(&self, width: u32) -> ApInt {
        assert!(width >= self.width, "sext to a narrower type");
        let v = self.zext(width);
        if !self.is_negative() {
            return v;
        }
        v.or(&ApInt::all_ones(width).shl(self.width))
    }

    fn sext_or_trunc(&self, width: u32) -> ApInt {
        if width <= self.width {
            self.trunc(width)
        } else {
            self.sext(width)
        }
    }

    /// `a + b` and whether the unsigned sum overflowed.
    pub fn uadd_ov(&self, other: &ApInt) -> (ApInt, bool) {
        self.add_with_carry(other, false)
    }

    /// `a + b` and whether the signed sum overflowed: both operands have
    /// one sign and the result the other.
    pub fn sadd_ov(&self, other: &ApInt) -> (ApInt, bool) {
        let r = self.add(other);
        let ov = self.is_negative() == other.is_negative() && r.is_negative() != self.is_negative();
        (r, ov)
    }

    pub fn usub_ov(&self, other: &ApInt) -> (ApInt, bool) {
        (self.sub(other), self.ucmp(other) == Ordering::Less)
    }

    /// `a - b` and whether the signed difference overflowed: the operands
    /// have different signs and the result has the subtrahend's.
    pub fn ssub_ov(&self, other: &ApInt) -> (ApInt, bool) {
        let r = self.sub(other);
        let ov = self.is_negative() != other.is_negative() && r.is_negative() != self.is_negative();
        (r, ov)
    }

    /// `a * b` and whether the unsigned product needs more than `width`
    /// bits (computed exactly in twice the width).
    pub fn umul_ov(&self, other: &ApInt) -> (ApInt, bool) {
        let w = self.width;
        let full = self.zext(2 * w).mul(&other.zext(2 * w));
        let r = full.trunc(w);
        let ov = full != r.zext(2 * w);
        (r, ov)
    }

    /// `a * b` and whether the signed product does not fit `width` bits.
    pub fn smul_ov(&self, other: &ApInt) -> (ApInt, bool) {
        let w = self.width;
        let full = self.sext(2 * w).mul(&other.sext(2 * w));
        let r = full.trunc(w);
        let ov = full != r.sext(2 * w);
        (r, ov)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::{BigInt, BigUint};
    use proptest::prelude::*;

    fn mask128(w: u32) -> u128 {
        if w >= 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        }
    }

    /// The reference for widths up to 128: the value as u128 and as i128.
    fn u(w: u32, v: u128) -> u128 {
        v & mask128(w)
    }

    fn s(w: u32, v: u128) -> i128 {
        let unused = 128 - w;
        ((u(w, v) << unused) as i128) >> unused
    }

    fn val(x: &ApInt) -> u128 {
        x.words()
            .iter()
            .rev()
            .fold(0u128, |acc, &w| (acc << 64) | w as u128)
    }

    #[test]
    fn constructors_and_edges() {
        assert_eq!(ApInt::signed_min(1), ApInt::from_u64(1, 1));
        assert_eq!(ApInt::signed_max(1), ApInt::zero(1));
        assert_eq!(val(&ApInt::signed_min(128)), 1u128 << 127);
        assert_eq!(ApInt::from_i64(100, -1), ApInt::all_ones(100));
        assert_eq!(ApInt::from_u64(65, 5).shl(64).words(), &[0, 1]);
        assert_eq!(ApInt::all_ones(65).ashr(200), ApInt::all_ones(65));
        assert_eq!(ApInt::zero(200).leading_zeros(), 200);
        assert_eq!(ApInt::from_u64(200, 1).leading_zeros(), 199);
        let min = ApInt::signed_min(96);
        assert_eq!(min.sdiv(&ApInt::all_ones(96)), Some(min.clone()));
        assert_eq!(ApInt::from_u64(70, 3).udiv(&ApInt::zero(70)), None);
    }

    fn width_and_two() -> impl Strategy<Value = (u32, u128, u128)> {
        (1u32..=128, any::<u128>(), any::<u128>())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn arithmetic_matches_u128((w, a, b) in width_and_two()) {
            let (x, y) = (ApInt::from_u128(w, a), ApInt::from_u128(w, b));
            let (ua, ub) = (u(w, a), u(w, b));
            prop_assert_eq!(val(&x.add(&y)), u(w, ua.wrapping_add(ub)));
            prop_assert_eq!(val(&x.sub(&y)), u(w, ua.wrapping_sub(ub)));
            prop_assert_eq!(val(&x.mul(&y)), u(w, ua.wrapping_mul(ub)));
            prop_assert_eq!(val(&x.and(&y)), ua & ub);
            prop_assert_eq!(val(&x.or(&y)), ua | ub);
            prop_assert_eq!(val(&x.xor(&y)), ua ^ ub);
            prop_assert_eq!(val(&x.not()), u(w, !ua));
            prop_assert_eq!(val(&x.neg()), u(w, ua.wrapping_neg()));
            prop_assert_eq!(x.udiv(&y).map(|q| val(&q)), ua.checked_div(ub));
            prop_assert_eq!(x.urem(&y).map(|r| val(&r)), ua.checked_rem(ub));
            prop_assert_eq!(x.ucmp(&y), ua.cmp(&ub));
            prop_assert_eq!(x.count_ones(), ua.count_ones());
            prop_assert_eq!(x.leading_zeros(), ua.leading_zeros() - (128 - w));
            prop_assert_eq!(x.trailing_zeros(), ua.trailing_zeros().min(w));
        }

        #[test]
        fn signed_arithmetic_matches_i128((w, a, b) in width_and_two()) {
            let (x, y) = (ApInt::from_u128(w, a), ApInt::from_u128(w, b));
            let (sa, sb) = (s(w, a), s(w, b));
            prop_assert_eq!(x.scmp(&y), sa.cmp(&sb));
            prop_assert_eq!(x.is_negative(), sa < 0);
            if sb != 0 {
                // i128 overflows only for i128::MIN / -1, where APInt wraps.
                prop_assert_eq!(val(&x.sdiv(&y).unwrap()), u(w, sa.wrapping_div(sb) as u128));
                prop_assert_eq!(val(&x.srem(&y).unwrap()), u(w, sa.wrapping_rem(sb) as u128));
            } else {
                prop_assert!(x.sdiv(&y).is_none());
            }
        }

        #[test]
        fn overflow_checks_match_u128((w, a, b) in width_and_two()) {
            let (x, y) = (ApInt::from_u128(w, a), ApInt::from_u128(w, b));
            let (ua, ub, sa, sb) = (u(w, a), u(w, b), s(w, a), s(w, b));
            let fits_u = |v: Option<u128>| v.is_some_and(|v| v <= mask128(w));
            let fits_s = |v: Option<i128>| v.is_some_and(|v| {
                w == 128 || (-(1i128 << (w - 1))..1i128 << (w - 1)).contains(&v)
            });
            prop_assert_eq!(x.uadd_ov(&y).1, !fits_u(ua.checked_add(ub)));
            prop_assert_eq!(x.usub_ov(&y).1, ua < ub);
            prop_assert_eq!(x.umul_ov(&y).1, !fits_u(ua.checked_mul(ub)));
            prop_assert_eq!(x.sadd_ov(&y).1, !fits_s(sa.checked_add(sb)));
            prop_assert_eq!(x.ssub_ov(&y).1, !fits_s(sa.checked_sub(sb)));
            prop_assert_eq!(x.smul_ov(&y).1, !fits_s(sa.checked_mul(sb)));
            prop_assert_eq!(val(&x.umul_ov(&y).0), u(w, ua.wrapping_mul(ub)));
        }

        #[test]
        fn shifts_and_casts_match_u128((w, a, _) in width_and_two(), amount in 0u32..140, to in 1u32..=128) {
            let x = ApInt::from_u128(w, a);
            let (ua, sa) = (u(w, a), s(w, a));
            let expect_shl = if amount >= w { 0 } else { u(w, ua << amount) };
            let expect_lshr = if amount >= w { 0 } else { ua >> amount };
            let expect_ashr = u(w, (sa >> amount.min(w - 1)) as u128);
            prop_assert_eq!(val(&x.shl(amount)), expect_shl);
            prop_assert_eq!(val(&x.lshr(amount)), expect_lshr);
            prop_assert_eq!(val(&x.ashr(amount)), expect_ashr);
            if to <= w {
                prop_assert_eq!(val(&x.trunc(to)), u(to, ua));
            } else {
                prop_assert_eq!(val(&x.zext(to)), ua);
                prop_assert_eq!(val(&x.sext(to)), u(to, sa as u128));
            }
        }
    }

    /// The reference for any width: big integers modulo 2^width.
    fn big(x: &ApInt) -> BigUint {
        BigUint::from_slice(
            &x.words()
                .iter()
                .flat_map(|&w| [w as u32, (w >> 32) as u32])
                .collect::<Vec<_>>(),
        )
    }

    fn big_signed(x: &ApInt) -> BigInt {
        let v = BigInt::from(big(x));
        if x.is_negative() {
            v - (BigInt::from(1) << x.width())
        } else {
            v
        }
    }

    fn from_big(w: u32, v: &BigInt) -> BigUint {
        let m = BigInt::from(1) << w;
        (((v % &m) + &m) % &m).to_biguint().unwrap()
    }

    fn wide() -> impl Strategy<Value = (u32, Vec<u64>, Vec<u64>, u32)> {
        (129u32..=400).prop_flat_map(|w| {
            let n = w.div_ceil(64) as usize;
            // Words that are often 0 or all ones, so carries and borrows
            // run across words and divisors are sometimes short.
            let word = prop_oneof![Just(0u64), Just(u64::MAX), any::<u64>()];
            (
                Just(w),
                proptest::collection::vec(word.clone(), n),
                proptest::collection::vec(word, 1..=n),
                0..w + 10,
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn wide_arithmetic_matches_bigint((w, a, b, amount) in wide()) {
            let (x, y) = (ApInt::from_words(w, &a), ApInt::from_words(w, &b));
            let (bx, by) = (BigInt::from(big(&x)), BigInt::from(big(&y)));
            let (sx, sy) = (big_signed(&x), big_signed(&y));
            prop_assert_eq!(big(&x.add(&y)), from_big(w, &(&bx + &by)));
            prop_assert_eq!(big(&x.sub(&y)), from_big(w, &(&bx - &by)));
            prop_assert_eq!(big(&x.mul(&y)), from_big(w, &(&bx * &by)));
            if !y.is_zero() {
                prop_assert_eq!(big(&x.udiv(&y).unwrap()), from_big(w, &(&bx / &by)));
                prop_assert_eq!(big(&x.urem(&y).unwrap()), from_big(w, &(&bx % &by)));
                // BigInt's / and % truncate toward zero, as sdiv/srem do.
                prop_assert_eq!(big(&x.sdiv(&y).unwrap()), from_big(w, &(&sx / &sy)));
                prop_assert_eq!(big(&x.srem(&y).unwrap()), from_big(w, &(&sx % &sy)));
            }
            prop_assert_eq!(x.ucmp(&y), bx.cmp(&by));
            prop_assert_eq!(x.scmp(&y), sx.cmp(&sy));
            let fits = |v: &BigInt| *v == BigInt::from(from_big(w, v));
            prop_assert_eq!(x.uadd_ov(&y).1, !fits(&(&bx + &by)));
            prop_assert_eq!(x.umul_ov(&y).1, !fits(&(&bx * &by)));
            let sfits = |v: &BigInt| *v == big_signed(&ApInt::from_words(w, &from_big(w, v).to_u64_digits()));
            prop_assert_eq!(x.sadd_ov(&y).1, !sfits(&(&sx + &sy)));
            prop_assert_eq!(x.ssub_ov(&y).1, !sfits(&(&sx - &sy)));
            prop_assert_eq!(x.smul_ov(&y).1, !sfits(&(&sx * &sy)));
            let expect_shl = if amount >= w { BigUint::from(0u8) } else { from_big(w, &(&bx << amount)) };
            prop_assert_eq!(big(&x.shl(amount)), expect_shl);
            prop_assert_eq!(big(&x.lshr(amount)), if amount >= w { BigUint::from(0u8) } else { big(&x) >> amount });
            prop_assert_eq!(big(&x.ashr(amount)), from_big(w, &(&sx >> amount.min(w - 1))));
            prop_assert_eq!(big(&x.sext(w + 70)), from_big(w + 70, &sx));
            prop_assert_eq!(big(&x.trunc(w - 65)), from_big(w - 65, &bx));
        }
    }
}
