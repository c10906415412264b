#!/usr/bin/env python3
"""Writes a function with N promotable allocas to stdout (default 300).

@many(i32 %n): the entry stores k into %a<k>; a loop loads every slot,
adds 1 and stores it back; the exit returns the sum of the first and the
last slot. Every slot is live at the loop header and stored in the loop,
so pruned SSA needs exactly one phi per slot, at the header:
    %a<k>.0 = phi i32 [ k, %entry ], [ %w<k>, %loop ]

Usage: gen-many.py [N]
"""

import sys


def generate(n: int) -> str:
    out = ["define i32 @many(i32 %n) {", "entry:"]
    out += [f"  %a{k} = alloca i32" for k in range(n)]
    out += [f"  store i32 {k}, ptr %a{k}" for k in range(n)]
    out += ["  br label %loop", "", "loop:"]
    out.append("  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]")
    for k in range(n):
        out.append(f"  %v{k} = load i32, ptr %a{k}")
        out.append(f"  %w{k} = add i32 %v{k}, 1")
        out.append(f"  store i32 %w{k}, ptr %a{k}")
    out += [
        "  %i.next = add i32 %i, 1",
        "  %c = icmp slt i32 %i.next, %n",
        "  br i1 %c, label %loop, label %exit",
        "",
        "exit:",
        "  %first = load i32, ptr %a0",
        f"  %last = load i32, ptr %a{n - 1}",
        "  %r = add i32 %first, %last",
        "  ret i32 %r",
        "}",
    ]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 300))
