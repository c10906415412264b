//! `cargo run --release --example llc_survey -- FILE.ll...`: every function
//! `pebble llc` refuses in each file (where `pebble llc` stops at the
//! first), one line per refusal, then how many of each kind: the
//! measurement behind choosing what to implement next.

use std::collections::BTreeMap;

fn kind(message: &str) -> String {
    // "@f: unsupported instruction: %x = call i32 @llvm.abs.i32(...)" → the
    // instruction's opcode or intrinsic (or the message itself when short).
    let rest = message.split_once(": ").map_or(message, |(_, r)| r);
    if let Some(i) = rest.find("@llvm.") {
        let name: String = rest[i..]
            .chars()
            .take_while(|c| *c != '(' && *c != ' ')
            .collect();
        return name;
    }
    let inst = rest
        .strip_prefix("unsupported instruction: ")
        .unwrap_or(rest);
    let inst = inst.split_once(" = ").map_or(inst, |(_, r)| r).trim();
    inst.split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut status = 0;
    for path in std::env::args().skip(1) {
        match pebble::codegen::riscv::survey_file(std::path::Path::new(&path)) {
            Ok(refusals) => {
                for r in refusals {
                    println!("{path}: {r}");
                    *counts.entry(kind(&r)).or_default() += 1;
                }
            }
            Err(e) => {
                eprintln!("{e}");
                status = 1;
            }
        }
    }
    let mut by_count: Vec<_> = counts.into_iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (k, n) in by_count {
        println!("{n:6}  {k}");
    }
    std::process::exit(status);
}
