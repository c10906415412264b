//! Integer constants of any width through the C API.
//!
//! The C API reads at most 64 bits of a `ConstantInt`
//! (`LLVMConstIntGetZExtValue`), but builds any width from words
//! (`LLVMConstIntOfArbitraryPrecision`). Wider constants are read from
//! their printed decimal value: printing a constant needs no module slot
//! table (it names no local value), so it costs only the digits, and only
//! constants wider than 64 bits take this path.

use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The 64-bit words (least significant first, two's complement, as many
/// as the type's width needs) of the integer constant `c`; `None` if `c`
/// is not a `ConstantInt`.
///
/// # Safety
/// `c` is a live value.
pub unsafe fn words(c: LLVMValueRef) -> Option<Vec<u64>> {
    if LLVMIsAConstantInt(c).is_null() {
        return None;
    }
    let width = LLVMGetIntTypeWidth(LLVMTypeOf(c));
    if width <= 64 {
        return Some(vec![LLVMConstIntGetZExtValue(c)]);
    }
    let text = super::render(c);
    let digits = text.rsplit(' ').next()?;
    parse_words(digits, width.div_ceil(64) as usize)
}

/// The integer constant of type `ty` (an integer type of any width) whose
/// bits are `words`, least significant first.
///
/// # Safety
/// `ty` is a live integer type.
pub unsafe fn build(ty: LLVMTypeRef, words: &[u64]) -> LLVMValueRef {
    LLVMConstIntOfArbitraryPrecision(ty, words.len() as u32, words.as_ptr())
}

/// `n` words of the decimal integer `s` (optionally negative) modulo
/// 2^(64n).
fn parse_words(s: &str, n: usize) -> Option<Vec<u64>> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    if digits.is_empty() {
        return None;
    }
    let mut words = vec![0u64; n];
    for ch in digits.chars() {
        let mut carry = ch.to_digit(10)? as u128;
        for w in words.iter_mut() {
            let v = *w as u128 * 10 + carry;
            *w = v as u64;
            carry = v >> 64;
        }
    }
    if neg {
        let mut carry = 1u128;
        for w in words.iter_mut() {
            let v = (!*w) as u128 + carry;
            *w = v as u64;
            carry = v >> 64;
        }
    }
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn decimal_words_match_u128(v in any::<i128>()) {
            let w = parse_words(&v.to_string(), 2).unwrap();
            prop_assert_eq!(w, vec![v as u64, ((v as u128) >> 64) as u64]);
        }
    }
}
