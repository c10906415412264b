//! The `explain` and `drill` command lines: every flag is explained by
//! `--help`, and a drill seed always prints the same exercise.

use std::process::Command;

fn pebble(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_pebble"))
        .args(args)
        .output()
        .expect("pebble runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The help line of `flag` and the text after it (clap puts the
/// description on the same line or the next ones).
fn described(help: &str, flag: &str, words: &str) {
    let at = help
        .find(flag)
        .unwrap_or_else(|| panic!("{flag} missing from:\n{help}"));
    let rest = &help[at..];
    let until_next_flag = rest[flag.len()..]
        .find("\n  -")
        .map_or(rest, |end| &rest[..flag.len() + end]);
    assert!(
        until_next_flag.contains(words),
        "{flag} is not explained with {words:?}:\n{until_next_flag}"
    );
}

/// The top-level help names the LLVM the build is for, not a fixed one.
#[test]
fn help_names_the_llvm_of_the_build() {
    let help = pebble(&["--help"]);
    let llvm = format!("LLVM {} ", env!("PEBBLE_LLVM_MAJOR"));
    assert!(help.contains(&llvm), "{help}");
    let other = if env!("PEBBLE_LLVM_MAJOR") == "19" {
        "LLVM 22"
    } else {
        "LLVM 19"
    };
    assert!(!help.contains(other), "{help}");
}

#[test]
fn explain_help_explains_every_flag() {
    let help = pebble(&["explain", "--help"]);
    described(&help, "<INPUT>", "LLVM IR input");
    described(&help, "--function <NAME>", "only the function");
    described(&help, "--format <FORMAT>", "table");
    described(&help, "--format <FORMAT>", "markdown");
    described(&help, "--dot <FILE>", "Graphviz DOT");
    described(&help, "--svg <FILE>", "SVG");
    let clang = format!("clang-{} -O0", env!("PEBBLE_LLVM_MAJOR"));
    assert!(help.contains(&clang), "how to make input:\n{help}");
}

#[test]
fn drill_help_explains_every_flag() {
    let help = pebble(&["drill", "--help"]);
    assert!(help.contains("phi-placement"), "{help}");
    let help = pebble(&["drill", "phi-placement", "--help"]);
    described(&help, "--difficulty <DIFFICULTY>", "irreducible loop");
    described(&help, "--seed <N>", "same seed");
    described(&help, "--solution", "semi-pruned");
}

#[test]
fn a_seed_prints_the_same_exercise_and_no_seed_prints_its_seed() {
    let args = [
        "drill",
        "phi-placement",
        "--difficulty",
        "hard",
        "--seed",
        "1234",
        "--solution",
    ];
    let first = pebble(&args);
    assert_eq!(first, pebble(&args));
    assert!(first.contains("not reachable from it"), "{first}");
    let other = pebble(&[
        "drill",
        "phi-placement",
        "--difficulty",
        "hard",
        "--seed",
        "1235",
    ]);
    assert_ne!(first.lines().nth(3), other.lines().nth(3));

    let unseeded = pebble(&["drill", "phi-placement"]);
    let seed = unseeded
        .lines()
        .next()
        .and_then(|l| l.split("seed ").nth(1))
        .and_then(|s| s.split(' ').next())
        .expect("the header names the seed");
    let again = pebble(&[
        "drill",
        "phi-placement",
        "--difficulty",
        "medium",
        "--seed",
        seed,
    ]);
    assert_eq!(unseeded, again);
}
