//! The `pebble` command line on success and on error, tested as a user
//! runs it (`assert_cmd`): exit status, the message on stderr, and no
//! output file left behind when a command fails.

use std::path::PathBuf;

use assert_cmd::Command;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pebble-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn pebble() -> Command {
    Command::cargo_bin("pebble").unwrap()
}

const SWITCH: &str = "define i32 @f(i32 %x) {
entry:
  %a = alloca i32
  store i32 0, ptr %a
  switch i32 %x, label %d [ i32 1, label %one
                            i32 7, label %two ]
one:
  store i32 1, ptr %a
  br label %d
two:
  store i32 2, ptr %a
  br label %d
d:
  %v = load i32, ptr %a
  ret i32 %v
}
";

fn stderr_of(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&assert.get_output().stderr).into_owned()
}

#[test]
fn llc_writes_assembly_for_valid_ir() {
    let dir = scratch("llc-ok");
    std::fs::write(dir.join("f.ll"), SWITCH).unwrap();
    let out = dir.join("f.s");
    pebble()
        .args(["llc", "f.ll", "-o", "f.s"])
        .current_dir(&dir)
        .assert()
        .success();
    let asm = std::fs::read_to_string(&out).unwrap();
    // The switch's two case values are compared (case values are read
    // through ir::switch, which differs between LLVM 19 and 22).
    assert!(asm.contains(".globl f"), "{asm}");
    let has_immediate = |k: &str| {
        asm.lines()
            .any(|l| l.trim_end().ends_with(&format!(", {k}")))
    };
    assert!(has_immediate("1") && has_immediate("7"), "{asm}");
}

#[test]
fn llc_on_invalid_ir_fails_naming_the_file_and_writes_nothing() {
    let dir = scratch("llc-parse");
    std::fs::write(dir.join("bad.ll"), "define i32 @f( {\n").unwrap();
    let assert = pebble()
        .args(["llc", "bad.ll", "-o", "bad.s"])
        .current_dir(&dir)
        .assert()
        .failure()
        .code(1);
    let err = stderr_of(&assert);
    assert!(err.starts_with("pebble llc: bad.ll:"), "{err}");
    assert!(err.contains("error:"), "{err}");
    // A build for LLVM 19 says that IR of a newer LLVM may be the cause.
    assert_eq!(
        err.contains("note: this build reads LLVM 19's IR"),
        !cfg!(feature = "llvm22"),
        "{err}"
    );
    assert!(!dir.join("bad.s").exists());
}

#[test]
fn llc_on_a_missing_input_fails() {
    let dir = scratch("llc-missing");
    let assert = pebble()
        .args(["llc", "missing.ll", "-o", "m.s"])
        .current_dir(&dir)
        .assert()
        .failure()
        .code(1);
    let err = stderr_of(&assert);
    assert!(
        err.contains("missing.ll") && err.contains("No such file"),
        "{err}"
    );
    assert!(!dir.join("m.s").exists());
}

#[test]
fn llc_refuses_what_it_cannot_lower_naming_the_function() {
    // Scalable vectors need the V extension; RV64GC has none.
    let dir = scratch("llc-unsupported");
    let ir = "define <vscale x 4 x i32> @g(<vscale x 4 x i32> %a) {
  %v = add <vscale x 4 x i32> %a, %a
  ret <vscale x 4 x i32> %v
}
";
    std::fs::write(dir.join("v.ll"), ir).unwrap();
    let assert = pebble()
        .args(["llc", "v.ll", "-o", "v.s"])
        .current_dir(&dir)
        .assert()
        .failure()
        .code(1);
    let err = stderr_of(&assert);
    assert!(err.contains("@g") && err.contains("unsupported"), "{err}");
    assert!(!dir.join("v.s").exists(), "no partial assembly on error");
}

#[test]
fn llc_reports_an_unwritable_output() {
    let dir = scratch("llc-unwritable");
    std::fs::write(dir.join("f.ll"), SWITCH).unwrap();
    let assert = pebble()
        .args(["llc", "f.ll", "-o", "no/such/dir/f.s"])
        .current_dir(&dir)
        .assert()
        .failure()
        .code(1);
    assert!(stderr_of(&assert).contains("no/such/dir/f.s"));
}

#[test]
fn explain_prints_the_facts_of_valid_ir_and_fails_on_invalid_ir() {
    let dir = scratch("explain");
    std::fs::write(dir.join("f.ll"), SWITCH).unwrap();
    let assert = pebble()
        .args(["explain", "f.ll"])
        .current_dir(&dir)
        .assert()
        .success();
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(
        out.contains("function @f: blocks entry, one, two, d"),
        "{out}"
    );
    std::fs::write(dir.join("bad.ll"), "define i32 @f( {\n").unwrap();
    let assert = pebble()
        .args(["explain", "bad.ll"])
        .current_dir(&dir)
        .assert()
        .failure()
        .code(1);
    let err = stderr_of(&assert);
    assert!(err.contains("bad.ll") && err.contains("error"), "{err}");
}

#[test]
fn explain_writes_no_dot_file_when_the_input_is_invalid() {
    let dir = scratch("explain-dot");
    std::fs::write(dir.join("bad.ll"), "define i32 @f( {\n").unwrap();
    pebble()
        .args(["explain", "bad.ll", "--dot", "out.dot"])
        .current_dir(&dir)
        .assert()
        .failure();
    assert!(!dir.join("out.dot").exists());
}

#[test]
fn drill_rejects_an_unknown_difficulty_with_clap_usage_status() {
    let assert = pebble()
        .args(["drill", "phi-placement", "--difficulty", "bogus"])
        .assert()
        .failure()
        .code(2);
    let err = stderr_of(&assert);
    assert!(err.contains("invalid value 'bogus'"), "{err}");
    assert!(err.contains("easy, medium, hard"), "{err}");
}

#[test]
fn drill_prints_an_exercise_for_a_seed() {
    let assert = pebble()
        .args(["drill", "phi-placement", "--seed", "3"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(
        out.starts_with("phi-placement drill: difficulty medium, seed 3"),
        "{out}"
    );
}
