//! The wide-integer expansion of `pebble llc` (`isel/wide_integers.rs`)
//! checked against Rust's `u128`/`i128` arithmetic: proptest draws
//! operands, one LLVM IR module per case calls a function per operation and
//! width (i72, i100, i128: odd and power-of-two widths) and prints each
//! result; the module is compiled by `pebble llc --verify-regalloc`, linked
//! with riscv64-linux-gnu-gcc and run under qemu-riscv64. Missing tools
//! fail the test (they are part of the back end's test environment).

use std::fmt::Write;
use std::process::Command;

use proptest::prelude::*;

const WIDTHS: [u32; 3] = [72, 100, 128];
const BINOPS: [&str; 13] = [
    "add", "sub", "mul", "and", "or", "xor", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr",
];
const PREDICATES: [&str; 6] = ["eq", "ult", "ule", "slt", "sgt", "uge"];

fn mask(w: u32) -> u128 {
    if w == 128 {
        u128::MAX
    } else {
        (1 << w) - 1
    }
}

/// `v` (low `w` bits) as a signed `w`-bit integer.
fn signed(v: u128, w: u32) -> i128 {
    ((v << (128 - w)) as i128) >> (128 - w)
}

/// The operands actually used: divisors made non-zero and signed
/// division kept from overflowing, shift amounts below the width.
fn operands(op: &str, a: u128, b: u128, w: u32) -> (u128, u128) {
    let (a, mut b) = (a & mask(w), b & mask(w));
    match op {
        "shl" | "lshr" | "ashr" => b %= w as u128,
        "udiv" | "urem" | "sdiv" | "srem"
            if b == 0 || (signed(b, w) == -1 && signed(a, w) == signed(1 << (w - 1), w)) =>
        {
            b = 1
        }
        _ => {}
    }
    (a, b)
}

fn reference(op: &str, a: u128, b: u128, w: u32) -> u128 {
    let (sa, sb) = (signed(a, w), signed(b, w));
    let r = match op {
        "add" => a.wrapping_add(b),
        "sub" => a.wrapping_sub(b),
        "mul" => a.wrapping_mul(b),
        "and" => a & b,
        "or" => a | b,
        "xor" => a ^ b,
        "udiv" => a / b,
        "urem" => a % b,
        "sdiv" => sa.wrapping_div(sb) as u128,
        "srem" => sa.wrapping_rem(sb) as u128,
        "shl" => a << b,
        "lshr" => a >> b,
        "ashr" => (sa >> b) as u128,
        "eq" => (a == b) as u128,
        "ult" => (a < b) as u128,
        "ule" => (a <= b) as u128,
        "slt" => (sa < sb) as u128,
        "sgt" => (sa > sb) as u128,
        "uge" => (a >= b) as u128,
        _ => unreachable!(),
    };
    r & mask(w)
}

/// The module: `@<op>_<w>` per operation and width, and a `main` printing
/// `hi lo` (hex words of the zero-extended result) per case and operation.
fn module(cases: &[(u128, u128)]) -> (String, Vec<u128>) {
    let mut ir = String::from(
        "target triple = \"riscv64-unknown-linux-gnu\"\n\
         @fmt = private constant [9 x i8] c\"%lx %lx\\0A\\00\"\n\
         declare i32 @printf(ptr, ...)\n",
    );
    for w in WIDTHS {
        for op in BINOPS {
            writeln!(
                ir,
                "define i{w} @{op}_{w}(i{w} %a, i{w} %b) {{\n  %r = {op} i{w} %a, %b\n  ret i{w} %r\n}}"
            )
            .unwrap();
        }
        for p in PREDICATES {
            writeln!(
                ir,
                "define i1 @{p}_{w}(i{w} %a, i{w} %b) {{\n  %r = icmp {p} i{w} %a, %b\n  ret i1 %r\n}}"
            )
            .unwrap();
        }
    }
    let mut expected = Vec::new();
    let mut body = String::new();
    let mut n = 0;
    for &(a, b) in cases {
        for w in WIDTHS {
            for op in BINOPS.iter().chain(&PREDICATES) {
                let (x, y) = operands(op, a, b, w);
                expected.push(reference(op, x, y, w));
                let rt = if PREDICATES.contains(op) {
                    "i1".to_string()
                } else {
                    format!("i{w}")
                };
                writeln!(
                    body,
                    "  %r{n} = call {rt} @{op}_{w}(i{w} {}, i{w} {})\n  \
                     %z{n} = zext {rt} %r{n} to i129\n  \
                     %lo{n} = trunc i129 %z{n} to i64\n  \
                     %s{n} = lshr i129 %z{n}, 64\n  \
                     %hi{n} = trunc i129 %s{n} to i64\n  \
                     call i32 (ptr, ...) @printf(ptr @fmt, i64 %hi{n}, i64 %lo{n})",
                    signed(x, w),
                    signed(y, w)
                )
                .unwrap();
                n += 1;
            }
        }
    }
    writeln!(ir, "define i32 @main() {{\n{body}  ret i32 0\n}}").unwrap();
    (ir, expected)
}

fn run(cases: &[(u128, u128)]) -> Result<(), TestCaseError> {
    let (ir, expected) = module(cases);
    let dir = tempfile_dir();
    let ll = dir.join("wide.ll");
    let asm = dir.join("wide.s");
    let exe = dir.join("wide");
    std::fs::write(&ll, ir).unwrap();
    let llc = Command::new(env!("CARGO_BIN_EXE_pebble"))
        .args(["llc", "--verify-regalloc"])
        .arg(&ll)
        .arg("-o")
        .arg(&asm)
        .output()
        .expect("pebble runs");
    prop_assert!(
        llc.status.success(),
        "{}",
        String::from_utf8_lossy(&llc.stderr)
    );
    let link = Command::new("riscv64-linux-gnu-gcc")
        .arg("-static")
        .arg(&asm)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("riscv64-linux-gnu-gcc is installed");
    prop_assert!(
        link.status.success(),
        "{}",
        String::from_utf8_lossy(&link.stderr)
    );
    let out = Command::new("qemu-riscv64")
        .arg(&exe)
        .output()
        .expect("qemu-riscv64 is installed");
    prop_assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let got: Vec<u128> = text
        .lines()
        .map(|l| {
            let (hi, lo) = l.split_once(' ').unwrap();
            (u128::from_str_radix(hi, 16).unwrap() << 64) | u128::from_str_radix(lo, 16).unwrap()
        })
        .collect();
    prop_assert_eq!(got.len(), expected.len());
    let mut k = 0;
    for &(a, b) in cases {
        for w in WIDTHS {
            for op in BINOPS.iter().chain(&PREDICATES) {
                let (x, y) = operands(op, a, b, w);
                prop_assert_eq!(got[k], expected[k], "{} i{} {:#x} {:#x}", op, w, x, y);
                k += 1;
            }
        }
    }
    std::fs::remove_dir_all(dir).ok();
    Ok(())
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!(
        "pebble-wide-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Operands biased to the edges (0, ±1, powers of two, word boundaries).
fn operand() -> impl Strategy<Value = u128> {
    prop_oneof![
        any::<u128>(),
        (0u32..128).prop_map(|k| 1u128 << k),
        (0u32..128).prop_map(|k| (1u128 << k).wrapping_sub(1)),
        (0u32..128).prop_map(|k| !(1u128 << k)),
        any::<u64>().prop_map(|v| v as u128),
        any::<i64>().prop_map(|v| v as i128 as u128),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]
    #[test]
    fn wide_integers_match_u128(cases in prop::collection::vec((operand(), operand()), 12)) {
        run(&cases)?;
    }
}
