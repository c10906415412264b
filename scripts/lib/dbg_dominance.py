#!/usr/bin/env python3
"""Checks that every debug use of an instruction is dominated by it.

A `dbg.value`/`dbg.declare`/`dbg.assign` (LLVM 19's intrinsic calls, or
LLVM 22's `#dbg_value`/`#dbg_declare`/`#dbg_assign` records) naming an
instruction `%v` describes the variable with `%v`'s value at that point;
where `%v` does not dominate the point the value is not defined there.
The IR verifier does not check this (debug uses are metadata uses), so a
pass that rewrites the real uses of `%v` and forgets the debug ones leaves
IR that verifies and describes variables with values that do not exist
(LLVM's `RewriteUsesOfClonedInstructions` rewrites them to the available
value or `poison`).

Usage: dbg_dominance.py FILE.ll...  prints, per file, the debug uses naming
instructions and those not dominated (with function, block and line);
exits 1 if any is not dominated. Reads `opt -S` text: block labels at the
start of a line, `label %x` operands for successors, dominators by the
Cooper-Harvey-Kennedy iteration over reverse postorder. Uses in
unreachable blocks are not checked (everything dominates them).
"""

import re
import sys

LABEL = re.compile(r'^([-\w.$]+|"[^"]*"):')
DEF = re.compile(r'^\s+(%[-\w.$]+|%"[^"]*") = ')
SUCC = re.compile(r'label (%[-\w.$]+|%"[^"]*")')
VALUE = re.compile(r'(%[-\w.$]+|%"[^"]*")')
DEBUG_USE = re.compile(r'^\s+(#dbg_(value|declare|assign)\(|(tail )?call void @llvm\.dbg\.(value|declare|assign)\()')


def functions(lines):
    """(name, [(label, [(line number, text)])]) per defined function."""
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("define "):
            name = re.search(r'@([-\w.$]+|"[^"]*")', line).group(1)
            blocks = [("<entry>", [])]
            i += 1
            while i < len(lines) and not lines[i].startswith("}"):
                text = lines[i]
                m = LABEL.match(text)
                if m:
                    label = "%" + m.group(1)
                    if blocks == [("<entry>", [])]:
                        blocks = []
                    blocks.append((label, []))
                elif text.strip() and not text.strip().startswith(";"):
                    blocks[-1][1].append((i + 1, text))
                i += 1
            yield name, blocks
        i += 1


def dominators(labels, succs):
    """Immediate dominator index per block (None: unreachable)."""
    order, seen = [], set()
    stack = [(0, iter(succs[0]))]
    seen.add(0)
    while stack:
        b, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            order.append(b)
            stack.pop()
        elif nxt not in seen:
            seen.add(nxt)
            stack.append((nxt, iter(succs[nxt])))
    rpo = list(reversed(order))
    number = {b: k for k, b in enumerate(rpo)}
    preds = {b: [] for b in range(len(labels))}
    for b in range(len(labels)):
        for s in succs[b]:
            preds[s].append(b)
    idom = {0: 0}

    def intersect(a, b):
        while a != b:
            while number[a] > number[b]:
                a = idom[a]
            while number[b] > number[a]:
                b = idom[b]
        return a

    changed = True
    while changed:
        changed = False
        for b in rpo[1:]:
            done = [p for p in preds[b] if p in idom]
            if not done:
                continue
            new = done[0]
            for p in done[1:]:
                new = intersect(p, new)
            if idom.get(b) != new:
                idom[b] = new
                changed = True
    return idom


def check_function(name, blocks):
    labels = [label for label, _ in blocks]
    index = {label: k for k, label in enumerate(labels)}
    succs = []
    defs = {}  # value -> (block, position)
    uses = []  # (block, position, line number, values)
    for b, (_, items) in enumerate(blocks):
        out = []
        for pos, (lineno, text) in enumerate(items):
            if DEBUG_USE.match(text):
                uses.append((b, pos, lineno, VALUE.findall(text)))
                continue
            m = DEF.match(text)
            if m:
                defs[m.group(1)] = (b, pos)
            for s in SUCC.findall(text):
                if s in index and index[s] not in out:
                    out.append(index[s])
        succs.append(out)
    idom = dominators(labels, succs)

    def dominates(a, b):
        while True:
            if a == b:
                return True
            if b == 0:
                return False
            b = idom[b]

    checked, bad = 0, []
    for b, pos, lineno, values in uses:
        if b not in idom:
            continue
        for v in values:
            if v not in defs:
                continue  # an argument, or not a value
            checked += 1
            db, dpos = defs[v]
            ok = dpos < pos if db == b else dominates(db, b)
            if not ok:
                bad.append(f"@{name}: {v} in {labels[b]} (line {lineno}) not dominated by its definition in {labels[db]}")
    return checked, bad


def main(paths):
    failed = False
    for path in paths:
        with open(path) as f:
            lines = f.read().split("\n")
        checked, bad = 0, []
        for name, blocks in functions(lines):
            c, b = check_function(name, blocks)
            checked += c
            bad += b
        print(f"{path}: {checked} debug uses of instructions, {len(bad)} not dominated")
        for line in bad:
            print("  " + line)
        failed |= bool(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
