#!/usr/bin/env python3
"""Puts the phis of textual LLVM IR in a canonical order, for comparing two
SSA constructions that may differ only in phi order and operand order.

Reads IR on stdin, writes IR on stdout:
* the incoming [value, %block] pairs of each phi are sorted by block name
  (then value, for duplicate edges), so the entry for an edge keeps its
  value and only the order changes;
* each run of consecutive phis at the top of a block is sorted by the
  phi's name.
Both orders are free in LLVM IR, so the result is equivalent IR. Any
other difference survives and shows up in llvm-diff.
"""

import re
import sys

PHI = re.compile(r"^(\s+%[\w.$-]+ = phi [^\[]+?)\s*(\[.*\])(.*)$")
PAIR = re.compile(r"\[ ([^\[\]]+?), (%[\w.$-]+) \]")


def canonical_phi(line: str) -> str:
    m = PHI.match(line)
    if not m:
        return line
    head, pairs, tail = m.groups()
    entries = PAIR.findall(pairs)
    entries.sort(key=lambda e: (e[1], e[0]))
    body = ", ".join(f"[ {v}, {b} ]" for v, b in entries)
    return f"{head} {body}{tail}"


def main() -> None:
    out, run = [], []
    for line in sys.stdin.read().splitlines():
        if PHI.match(line):
            run.append(canonical_phi(line))
            continue
        out.extend(sorted(run, key=lambda l: l.split("=")[0].strip()))
        run = []
        out.append(line)
    out.extend(sorted(run, key=lambda l: l.split("=")[0].strip()))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
