"""Value sinks: a differential oracle for constant folding that needs no
execution (used by scripts/difftest-sccp-values).

`instrument` adds, before the terminator of each block, one call
`call void (...) @__pebble_value_sink(i64 K, T %v)` per scalar value `%v`
defined in the block (integers, float, double, pointers; K numbers them in
the module). The calls are opaque to SCCP and only use the values, so they
change no lattice value, edge or block decision. After two passes ran on
the instrumented module, `sinks` reads what each call receives now: the
value itself, or the constant the pass replaced it with. Where both passes
put a constant in the same call and the constants differ, one of them
folded wrongly (unless one is `undef` or `poison`, which any value
refines); `compare` counts these and the calls only one pass folded.

Which instructions get a sink is read off the text (`def_type`: the
binary operations, compares, casts, `select`, `load`, `phi`); others are
left without one, which only narrows what is checked.
"""

import re

SCALAR = r"(i\d+|float|double|ptr)"
FLAGS = r"(?: (?:nuw|nsw|exact|disjoint|nneg|samesign|nnan|ninf|nsz|arcp|contract|afn|reassoc|fast))*"
DEF = re.compile(r"^\s+(%[-\w.$]+) = (.*)$")
TERMINATOR = re.compile(r"^\s+(br|ret|switch|unreachable|resume|indirectbr|invoke|callbr|cleanupret|catchret"
                        r"|catchswitch)\b")
RESULT_TYPES = [
    re.compile(r"^(?:add|sub|mul|udiv|sdiv|urem|srem|shl|lshr|ashr|and|or|xor|fadd|fsub|fmul|fdiv|frem)"
               + FLAGS + " " + SCALAR + " "),
    re.compile(r"^(?:fneg)" + FLAGS + " " + SCALAR + " "),
    re.compile(r"^(?:zext|sext|trunc|fptosi|fptoui|sitofp|uitofp|fpext|fptrunc|ptrtoint|inttoptr|bitcast)"
               + FLAGS + r" \S+ .* to " + SCALAR + r"$"),
    re.compile(r"^select" + FLAGS + r" i1 [^,]+, " + SCALAR + " "),
    re.compile(r"^load (?:volatile )?" + SCALAR + ", "),
    re.compile(r"^phi" + FLAGS + " " + SCALAR + " "),
]
COMPARE = re.compile(r"^(?:icmp|fcmp)(?: \w+)+ " + SCALAR + " ")
SINK = "__pebble_value_sink"
SINK_CALL = re.compile(r"^\s+call void \(\.\.\.\) @" + SINK + r"\(i64 (\d+), (\S+) (.+?)\)(?:, !.*)?$")


def def_type(rhs):
    """The scalar type an instruction (the text after `%x = `) defines, or
    None when it is not one `instrument` looks at."""
    if COMPARE.match(rhs):
        return "i1"  # a scalar compare: vector ones have a vector type
    for pattern in RESULT_TYPES:
        m = pattern.match(rhs)
        if m:
            return m.group(1)
    return None


def instrument(text):
    """`text` with a sink call for each scalar value, before its block's
    terminator (where every value of the block is defined)."""
    out, pending, count = [], [], 0
    for line in text.splitlines():
        m = DEF.match(line)
        # `%x = invoke ...` is a terminator too.
        if TERMINATOR.match("  " + (m.group(2) if m else line.lstrip())):
            for ty, name in pending:
                out.append(f"  call void (...) @{SINK}(i64 {count}, {ty} {name})")
                count += 1
            pending = []
        elif m:
            ty = def_type(m.group(2))
            if ty:
                pending.append((ty, m.group(1)))
        out.append(line)
    out.append(f"declare void @{SINK}(...)")
    return "\n".join(out) + "\n"


def sinks(text):
    """{K: (type, what the K-th sink call receives)}."""
    found = {}
    for line in text.splitlines():
        m = SINK_CALL.match(line)
        if m:
            found[m.group(1)] = (m.group(2), m.group(3))
    return found


def definitions(text):
    """{K: the instruction (`%x = ...`) whose value the K-th sink call of
    the instrumented `text` receives}. Local names are per function, so
    each call is resolved against the definitions of its own function (a
    sink call follows the definition it receives)."""
    defs, found = {}, {}
    for line in text.splitlines():
        if line.startswith("define "):
            defs = {}
        call = SINK_CALL.match(line)
        if call:
            found[call.group(1)] = defs.get(call.group(3), call.group(3))
            continue
        m = DEF.match(line)
        if m:
            defs[m.group(1)] = line.strip()
    return found


def is_constant(value):
    return not value.startswith("%")


class Comparison:
    """Two passes' sinks side by side: `disagreements` (K, ours, theirs)
    where both hold different constants neither of which is undef or
    poison; `both`, `ours_only` and `theirs_only` count the calls holding a
    constant. Pointers are counted, not compared: the same address may be
    written as different constant expressions."""

    def __init__(self, ours, theirs):
        self.both = self.ours_only = self.theirs_only = 0
        self.disagreements = []
        # (K, theirs) of the calls only the second pass put a constant in.
        self.theirs_only_sinks = []
        for k, (ty, a) in ours.items():
            if k not in theirs:
                continue
            b = theirs[k][1]
            if is_constant(a) and is_constant(b):
                self.both += 1
                refinable = {"undef", "poison"} & {a, b}
                if a != b and not refinable and ty != "ptr":
                    self.disagreements.append((k, a, b))
            elif is_constant(a):
                self.ours_only += 1
            elif is_constant(b):
                self.theirs_only += 1
                self.theirs_only_sinks.append((k, b))
