"""Generators of large LLVM IR inputs for the mem2reg benchmarks.

Each generator returns the text of a module with one function whose
allocas and accesses follow a pattern that stresses one part of mem2reg:

* ``chain_in_loop(n)``: Proposition 16.4.11 of the seed: ``n`` allocas, the
  j-th stored in block j of a chain inside one loop and all loaded in the
  loop header. Per-alloca live-in walks cost Θ(n²) in total.
* ``big_cfg(blocks)``: a long sequence of diamonds (about ``blocks`` blocks)
  over a handful of variables: dominator tree, IDF and renaming at scale.
* ``branchy(allocas, depth)``: many allocas in nested if/else code with
  pseudo-random stores and loads (deterministic): the ordinary -O0 shape.
* ``wide_switch(allocas, cases)``: an entry block with thousands of
  allocas and a switch with thousands of successors: the case that made
  LLVM 19 copy its value vector per successor.
* ``irreducible(blocks, variables)``: a chain of blocks with random
  branches back and forth and two entries, over many variables: after
  mem2reg, tens of thousands of phis in cycles with several entries (the
  SCCP scaling shape).
"""


def _header(name, ret="i32", args="i32 %n"):
    return [f"define {ret} @{name}({args}) {{", "entry:"]


def chain_in_loop(n):
    out = _header("chain_in_loop")
    out += [f"  %a{j} = alloca i32, align 4" for j in range(n)]
    out += ["  %i = alloca i32, align 4", "  store i32 0, ptr %i, align 4"]
    out += [f"  store i32 0, ptr %a{j}, align 4" for j in range(n)]
    out += ["  br label %header", "header:", "  %iv = load i32, ptr %i, align 4"]
    acc = "0"
    for j in range(n):
        out.append(f"  %l{j} = load i32, ptr %a{j}, align 4")
        out.append(f"  %s{j} = add i32 {acc}, %l{j}")
        acc = f"%s{j}"
    out += [
        "  %c = icmp slt i32 %iv, %n",
        "  br i1 %c, label %b0, label %exit",
    ]
    for j in range(n):
        nxt = f"b{j + 1}" if j + 1 < n else "latch"
        out += [f"b{j}:", f"  store i32 %iv, ptr %a{j}, align 4", f"  br label %{nxt}"]
    out += [
        "latch:",
        "  %inc = add i32 %iv, 1",
        "  store i32 %inc, ptr %i, align 4",
        "  br label %header",
        "exit:",
        f"  ret i32 {acc}",
        "}",
    ]
    return "\n".join(out) + "\n"


def big_cfg(blocks, variables=8):
    diamonds = max(1, blocks // 3)
    out = _header("big_cfg")
    out += [f"  %v{k} = alloca i32, align 4" for k in range(variables)]
    out += [f"  store i32 {k}, ptr %v{k}, align 4" for k in range(variables)]
    out.append("  br label %d0")
    for d in range(diamonds):
        k = d % variables
        k2 = (d * 7 + 3) % variables
        join = f"d{d + 1}" if d + 1 < diamonds else "exit"
        out += [
            f"d{d}:",
            f"  %x{d} = load i32, ptr %v{k2}, align 4",
            f"  %c{d} = icmp slt i32 %x{d}, %n",
            f"  br i1 %c{d}, label %t{d}, label %e{d}",
            f"t{d}:",
            f"  %y{d} = add i32 %x{d}, {d}",
            f"  store i32 %y{d}, ptr %v{k}, align 4",
            f"  br label %{join}",
            f"e{d}:",
            f"  br label %{join}",
        ]
    out += ["exit:", "  %r = load i32, ptr %v0, align 4", "  ret i32 %r", "}"]
    return "\n".join(out) + "\n"


class _Rng:
    """xorshift64*: stable across Python versions."""

    def __init__(self, seed):
        self.s = seed or 1

    def next(self, bound):
        self.s ^= (self.s >> 12) & 0xFFFFFFFFFFFFFFFF
        self.s ^= (self.s << 25) & 0xFFFFFFFFFFFFFFFF
        self.s ^= (self.s >> 27) & 0xFFFFFFFFFFFFFFFF
        return ((self.s * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF) % bound


def branchy(allocas, depth=10, seed=42):
    rng = _Rng(seed)
    out = _header("branchy")
    out += [f"  %v{k} = alloca i32, align 4" for k in range(allocas)]
    out += [f"  store i32 {k}, ptr %v{k}, align 4" for k in range(allocas)]
    counter = [0]

    def fresh(prefix):
        counter[0] += 1
        return f"{prefix}{counter[0]}"

    def body(lines, n):
        for _ in range(n):
            a, b = rng.next(allocas), rng.next(allocas)
            t = fresh("%t")
            u = fresh("%u")
            lines += [
                f"  {t} = load i32, ptr %v{a}, align 4",
                f"  {u} = add i32 {t}, {rng.next(100)}",
                f"  store i32 {u}, ptr %v{b}, align 4",
            ]

    blocks = []

    def region(label, level, exit_label):
        lines = [f"{label}:"]
        body(lines, 4)
        if level == 0:
            lines.append(f"  br label %{exit_label}")
            blocks.append(lines)
            return
        then_l, else_l, join_l = fresh("then"), fresh("else"), fresh("join")
        c = fresh("%c")
        x = fresh("%x")
        lines += [
            f"  {x} = load i32, ptr %v{rng.next(allocas)}, align 4",
            f"  {c} = icmp slt i32 {x}, %n",
            f"  br i1 {c}, label %{then_l}, label %{else_l}",
        ]
        blocks.append(lines)
        region(then_l, level - 1, join_l)
        region(else_l, level - 1, join_l)
        join = [f"{join_l}:"]
        body(join, 2)
        join.append(f"  br label %{exit_label}")
        blocks.append(join)

    out.append("  br label %top")
    region("top", depth, "exit")
    for b in blocks:
        out += b
    out += ["exit:"]
    acc = "0"
    for k in range(0, allocas, max(1, allocas // 64)):
        out.append(f"  %r{k} = load i32, ptr %v{k}, align 4")
        out.append(f"  %q{k} = add i32 {acc}, %r{k}")
        acc = f"%q{k}"
    out += [f"  ret i32 {acc}", "}"]
    return "\n".join(out) + "\n"


def wide_switch(allocas, cases):
    """Every case reads one slot and writes another; only the exit's read of
    %v0 needs a phi. All slots take the general path (two stores, uses in
    several blocks), so a renamer that copies its value vector for every
    successor of the switch copies allocas x cases values."""
    out = _header("wide_switch")
    out += [f"  %v{k} = alloca i32, align 4" for k in range(allocas)]
    out += [f"  store i32 {k}, ptr %v{k}, align 4" for k in range(allocas)]
    out.append("  switch i32 %n, label %exit [")
    out += [f"    i32 {c}, label %case{c}" for c in range(cases)]
    out.append("  ]")
    for c in range(cases):
        src, dst = (c + 1) % allocas, c % allocas
        out += [
            f"case{c}:",
            f"  %l{c} = load i32, ptr %v{src}, align 4",
            f"  %a{c} = add i32 %l{c}, {c}",
            f"  store i32 %a{c}, ptr %v{dst}, align 4",
            "  br label %exit",
        ]
    out += ["exit:", "  %r = load i32, ptr %v0, align 4", "  ret i32 %r", "}"]
    return "\n".join(out) + "\n"


def irreducible(blocks, variables, seed=7):
    """An irreducible CFG over ``variables`` allocas (the SCCP scaling
    shape): the entry jumps into the middle of a chain of ``blocks`` blocks
    as well as to its start, and every block branches to its successor in
    the chain or to a pseudo-random block before or after it (so the cycles
    have several entries). Each block reads two variables, writes one, and
    branches on a comparison with ``%n``. The first quarter of the
    variables only ever receive constants (their phis stay constants for
    SCCP to find), and every 16th block tests one of them against its own
    value, so one of its edges is never taken; the second quarter receive
    one of three constants each (their phis are small ranges)."""
    rng = _Rng(seed)
    const_vars = max(1, variables // 4)
    out = _header("irreducible")
    out += [f"  %v{k} = alloca i32, align 4" for k in range(variables)]
    out += [f"  store i32 {k}, ptr %v{k}, align 4" for k in range(variables)]
    out.append("  %c.entry = icmp slt i32 %n, 0")
    out.append(f"  br i1 %c.entry, label %b{blocks // 2}, label %b0")
    for b in range(blocks):
        nxt = f"b{b + 1}" if b + 1 < blocks else "exit"
        other = f"b{rng.next(blocks)}"
        x, y = rng.next(variables), rng.next(variables)
        dst = rng.next(variables)
        out += [
            f"b{b}:",
            f"  %x{b} = load i32, ptr %v{x}, align 4",
            f"  %y{b} = load i32, ptr %v{y}, align 4",
        ]
        if dst < const_vars:
            out.append(f"  store i32 {dst}, ptr %v{dst}, align 4")
        elif dst < 2 * const_vars:
            out.append(f"  store i32 {dst + b % 3}, ptr %v{dst}, align 4")
        else:
            out += [
                f"  %s{b} = add i32 %x{b}, %y{b}",
                f"  %z{b} = xor i32 %s{b}, {rng.next(1000)}",
                f"  store i32 %z{b}, ptr %v{dst}, align 4",
            ]
        if b % 16 == 0:
            k = rng.next(const_vars)
            out += [
                f"  %k{b} = load i32, ptr %v{k}, align 4",
                f"  %c{b} = icmp ne i32 %k{b}, {k}",
            ]
        else:
            out.append(f"  %c{b} = icmp slt i32 %x{b}, %n")
        out.append(f"  br i1 %c{b}, label %{other}, label %{nxt}")
    return _exit_summing(out, variables)


def _exit_summing(out, variables):
    """Closes an ``irreducible*`` function: the exit block returns the sum
    of every variable, so each one is live to the end."""
    out += ["exit:"]
    acc = "0"
    for k in range(variables):
        out.append(f"  %r{k} = load i32, ptr %v{k}, align 4")
        out.append(f"  %q{k} = add i32 {acc}, %r{k}")
        acc = f"%q{k}"
    out += [f"  ret i32 {acc}", "}"]
    return "\n".join(out) + "\n"

def nested_loops(depth):
    """``depth`` counted loops nested in one another, -O0 style (one alloca
    per induction variable): for (i0 = 0; i0 < n; i0++) for (i1 ...) ...
    s += i{depth-1}. After mem2reg every level is a top-tested loop with a
    preheader, the shape loop rotation turns bottom-tested; the outer
    levels' induction variables are live across every inner loop."""
    out = _header("nested_loops")
    out += [f"  %i{k} = alloca i32, align 4" for k in range(depth)]
    out += ["  %s = alloca i32, align 4", "  store i32 0, ptr %s, align 4", "  br label %pre0"]
    for k in range(depth):
        inner = f"pre{k + 1}" if k + 1 < depth else f"work{k}"
        out += [
            f"pre{k}:",
            f"  store i32 0, ptr %i{k}, align 4",
            f"  br label %cond{k}",
            f"cond{k}:",
            f"  %x{k} = load i32, ptr %i{k}, align 4",
            f"  %c{k} = icmp slt i32 %x{k}, %n",
            f"  br i1 %c{k}, label %{inner}, label %end{k}",
            f"inc{k}:",
            f"  %y{k} = load i32, ptr %i{k}, align 4",
            f"  %z{k} = add nsw i32 %y{k}, 1",
            f"  store i32 %z{k}, ptr %i{k}, align 4",
            f"  br label %cond{k}",
        ]
    last = depth - 1
    out += [
        f"work{last}:",
        f"  %w = load i32, ptr %i{last}, align 4",
        "  %t = load i32, ptr %s, align 4",
        "  %u = add i32 %t, %w",
        "  store i32 %u, ptr %s, align 4",
        f"  br label %inc{last}",
    ]
    for k in range(depth):
        after = f"inc{k - 1}" if k > 0 else "done"
        out += [f"end{k}:", f"  br label %{after}"]
    out += ["done:", "  %r = load i32, ptr %s, align 4", "  ret i32 %r", "}"]
    return "\n".join(out) + "\n"


def irreducible_vars(blocks, variables, seed=7):
    """``blocks`` blocks over ``variables`` allocas, -O0 style, each block
    loading one variable, storing another and branching to two
    pseudo-random blocks anywhere in the function (forwards and backwards),
    so cycles are entered in the middle: irreducible control flow with
    every variable live across most of it. The entry also branches into
    the middle, so no block but the entry dominates much."""
    rng = _Rng(seed)
    out = _header("irreducible_vars")
    out += [f"  %v{k} = alloca i32, align 4" for k in range(variables)]
    out += [f"  store i32 {k}, ptr %v{k}, align 4" for k in range(variables)]
    out += ["  %c.entry = icmp slt i32 %n, 7",
            f"  br i1 %c.entry, label %b0, label %b{blocks // 2}"]
    for b in range(blocks):
        a, d = rng.next(variables), rng.next(variables)
        t1, t2 = rng.next(blocks), rng.next(blocks)
        out += [
            f"b{b}:",
            f"  %l{b} = load i32, ptr %v{a}, align 4",
            f"  %s{b} = add i32 %l{b}, {b}",
            f"  store i32 %s{b}, ptr %v{d}, align 4",
            f"  %c{b} = icmp slt i32 %s{b}, %n",
        ]
        if b % 10 == 9:
            out.append(f"  br i1 %c{b}, label %b{t1}, label %exit")
        else:
            out.append(f"  br i1 %c{b}, label %b{t1}, label %b{(b + 1) % blocks if t2 == t1 else t2}")
    return _exit_summing(out, variables)
