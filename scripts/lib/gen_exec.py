"""Random executable LLVM IR for differential tests of the scalar passes.

``module(seed)`` returns the text of a module whose functions mix integer
arithmetic of odd widths (i1, i3, i13, i33, i65, i128 next to the usual
ones), selects, min/max/abs/ctpop/ctlz/bswap calls, diamonds joined by
phis, switches and counted loops carrying values around their back edge,
and a ``main`` that calls each function with constant arguments and prints
the results. Each function's arguments are first narrowed (a mask, a
select of two constants, or a constant outright), so SCCP has ranges and
constants to work with and its flags have something to be right or wrong
about.

The input has no undefined behaviour and always terminates: divisors are
``or``-ed with 1, shift amounts are taken ``urem`` the width, and every loop
counts an i32 from 0 to at most 31. So running it with ``lli`` gives the
reference output, and any pass output that prints something else is wrong.
"""

import random

WIDTH_SETS = [[8, 16, 32], [8, 13, 65], [3, 8, 64], [32, 64, 128], [1, 8, 33]]
PREDICATES = ["eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"]


class Function:
    """One function of width ``w``: blocks of lines, values in scope."""

    def __init__(self, rng, name, w, widths):
        self.rng, self.name, self.w, self.widths = rng, name, w, widths
        self.lines = []
        self.scope = []
        self.count = 0

    def fresh(self, prefix="v"):
        self.count += 1
        return f"%{prefix}{self.count}"

    def emit(self, line):
        self.lines.append("  " + line)

    def label(self, name):
        self.lines.append(f"{name}:")

    def constant(self, w=None):
        return constant(self.rng, self.w if w is None else w)

    def operand(self):
        if self.scope and self.rng.random() < 0.75:
            return self.rng.choice(self.scope)
        return self.constant()

    def instruction(self):
        """Appends one computed value (a few lines) to the scope."""
        r, w = self.rng, self.w
        a, b, v = self.operand(), self.operand(), self.fresh()
        kind = r.randrange(14)
        if kind < 3:
            self.emit(f"{v} = {r.choice(['add', 'sub', 'mul'])} i{w} {a}, {b}")
        elif kind < 5:
            self.emit(f"{v} = {r.choice(['and', 'or', 'xor'])} i{w} {a}, {b}")
        elif kind < 7:
            amount = self.fresh()
            self.emit(f"{amount} = urem i{w} {b}, {w}" if w > 1 else f"{amount} = and i1 {b}, false")
            self.emit(f"{v} = {r.choice(['shl', 'lshr', 'ashr'])} i{w} {a}, {amount}")
        elif kind < 9:
            divisor = self.fresh()
            self.emit(f"{divisor} = or i{w} {b}, 1")
            self.emit(f"{v} = {r.choice(['udiv', 'urem'])} i{w} {a}, {divisor}")
        elif kind < 11:
            c = self.fresh("c")
            self.emit(f"{c} = icmp {r.choice(PREDICATES)} i{w} {a}, {b}")
            self.emit(f"{v} = select i1 {c}, i{w} {self.operand()}, i{w} {self.operand()}")
        elif kind < 12:
            self.round_trip(v, a)
        elif kind < 13:
            self.intrinsic(v, a, b)
        else:
            c = self.fresh("c")
            self.emit(f"{c} = icmp ult i{w} {a}, {b}")
            self.emit(f"{v} = zext i1 {c} to i{w}" if w > 1 else f"{v} = xor i1 {c}, false")
        self.scope.append(v)
        return v

    def round_trip(self, v, a):
        """A cast to another width and back."""
        w = self.w
        other = self.rng.choice([x for x in self.widths if x != w] or [w])
        t = self.fresh()
        ext = self.rng.choice(["zext", "sext"])
        if other < w:
            self.emit(f"{t} = trunc i{w} {a} to i{other}")
            self.emit(f"{v} = {ext} i{other} {t} to i{w}")
        elif other > w:
            self.emit(f"{t} = {ext} i{w} {a} to i{other}")
            self.emit(f"{v} = trunc i{other} {t} to i{w}")
        else:
            self.emit(f"{v} = add i{w} {a}, 0")

    def intrinsic(self, v, a, b):
        w = self.w
        name = self.rng.choice(["smin", "smax", "umin", "umax", "abs", "ctpop", "ctlz", "bswap"])
        if name == "abs":
            self.emit(f"{v} = call i{w} @llvm.abs.i{w}(i{w} {a}, i1 false)")
        elif name == "ctpop":
            self.emit(f"{v} = call i{w} @llvm.ctpop.i{w}(i{w} {a})")
        elif name == "ctlz":
            self.emit(f"{v} = call i{w} @llvm.ctlz.i{w}(i{w} {a}, i1 false)")
        elif name == "bswap" and w % 16 == 0:
            self.emit(f"{v} = call i{w} @llvm.bswap.i{w}(i{w} {a})")
        elif name == "bswap":
            self.emit(f"{v} = xor i{w} {a}, {b}")
        else:
            self.emit(f"{v} = call i{w} @llvm.{name}.i{w}(i{w} {a}, i{w} {b})")

    def straight(self, n):
        for _ in range(n):
            self.instruction()

    def narrow_arguments(self):
        """%a and %b from the arguments %pa and %pb: a mask, a select of
        constants, a constant or the argument itself."""
        w = self.w
        for name in ("a", "b"):
            kind = self.rng.randrange(4)
            if kind == 0:
                self.emit(f"%{name} = add i{w} %p{name}, 0")
            elif kind == 1:
                self.emit(f"%{name} = add i{w} {self.constant()}, 0")
            elif kind == 2:
                self.emit(f"%{name} = and i{w} %p{name}, {self.constant()}")
            else:
                self.emit(f"%{name}.c = icmp slt i{w} %p{name}, {self.constant()}")
                self.emit(f"%{name} = select i1 %{name}.c, i{w} {self.constant()}, i{w} {self.constant()}")
        self.scope = ["%a", "%b"]

    def counted_loop(self, n):
        """pre -> h (header: counter test) -> l (latch) -> h; exit x.
        One value is carried around the back edge by a phi."""
        w, pre = self.w, f"pre{n}"
        trip = self.fresh("trip")
        bound = self.rng.choice(["%a", "%b", str(self.rng.randrange(0, 40)), self.constant()])
        self.emit(f"{trip} = and i{w} {bound}, 31" if w >= 6 else f"{trip} = add i{w} {bound}, 0")
        self.emit(f"br label %h{n}")
        self.label(f"h{n}")
        carried, k = self.fresh("carried"), self.fresh("k")
        initial = self.operand()
        phi_at = len(self.lines)
        self.lines.append(None)  # the carried phi, once its latch value exists
        self.emit(f"{k} = phi i32 [ 0, %{pre} ], [ {k}.next, %l{n} ]")
        outside = list(self.scope)
        self.scope.append(carried)
        self.straight(self.rng.randrange(1, 4))
        k_w = self.fresh()
        self.emit(cast(k_w, "i32", k, w))
        self.scope.append(k_w)
        trip64, k64, c = self.fresh(), self.fresh(), self.fresh("c")
        self.emit(cast(trip64, f"i{w}", trip, 64))
        self.emit(f"{k64} = zext i32 {k} to i64")
        self.emit(f"{c} = icmp ult i64 {k64}, {trip64}")
        self.emit(f"br i1 {c}, label %l{n}, label %x{n}")
        self.label(f"l{n}")
        self.straight(self.rng.randrange(1, 3))
        self.emit(f"{k}.next = add i32 {k}, 1")
        self.lines[phi_at] = f"  {carried} = phi i{w} [ {initial}, %{pre} ], [ {self.scope[-1]}, %l{n} ]"
        self.emit(f"br label %h{n}")
        self.label(f"x{n}")
        self.scope = outside + [carried]

    def diamond(self, n):
        c, outside = self.fresh("c"), list(self.scope)
        self.emit(f"{c} = icmp {self.rng.choice(['slt', 'ult', 'eq'])} i{self.w} {self.operand()}, {self.operand()}")
        self.emit(f"br i1 {c}, label %t{n}, label %e{n}")
        incoming = []
        for side in (f"t{n}", f"e{n}"):
            self.scope = list(outside)
            self.label(side)
            self.straight(self.rng.randrange(1, 3))
            incoming.append((self.scope[-1], side))
            self.emit(f"br label %j{n}")
        self.scope = outside
        self.label(f"j{n}")
        self.join(incoming)

    def switch(self, n):
        w, value, outside = self.w, self.operand(), list(self.scope)
        cases = sorted({signed(int(self.constant()), w) for _ in range(3)})
        arms = " ".join(f"i{w} {case}, label %s{n}_{j}" for j, case in enumerate(cases))
        self.emit(f"switch i{w} {value}, label %d{n} [ {arms} ]")
        incoming = []
        for block in [f"s{n}_{j}" for j in range(len(cases))] + [f"d{n}"]:
            self.scope = list(outside)
            self.label(block)
            self.straight(1)
            incoming.append((self.scope[-1], block))
            self.emit(f"br label %m{n}")
        self.scope = outside
        self.label(f"m{n}")
        self.join(incoming)

    def join(self, incoming):
        p = self.fresh("p")
        self.emit(f"{p} = phi i{self.w} " + ", ".join(f"[ {v}, %{b} ]" for v, b in incoming))
        self.scope.append(p)

    def text(self):
        self.label("entry")
        self.narrow_arguments()
        self.straight(self.rng.randrange(1, 4))
        for n in range(1, self.rng.randrange(2, 5)):
            self.emit(f"br label %pre{n}")
            self.label(f"pre{n}")
            [self.counted_loop, self.diamond, self.switch][self.rng.randrange(3)](n)
        self.straight(1)
        result = self.scope[-1]
        for v in self.scope[-4:]:
            t = self.fresh()
            self.emit(f"{t} = xor i{self.w} {result}, {v}")
            result = t
        self.emit(f"ret i{self.w} {result}")
        w = self.w
        return "\n".join([f"define i{w} @{self.name}(i{w} %pa, i{w} %pb) {{"] + self.lines + ["}", ""])


def signed(value, w):
    value %= 1 << w
    return value - (1 << w) if w > 1 and value >= 1 << (w - 1) else value


def constant(rng, w):
    """Small values, the signed and unsigned extremes, or any value of width w."""
    if w == 1:
        return str(rng.randrange(2))
    k = rng.random()
    if k < 0.3:
        return str(rng.choice([0, 1, -1, 2, 3, 7]))
    if k < 0.5:
        return str(signed(rng.choice([(1 << (w - 1)) - 1, 1 << (w - 1), (1 << w) - 2]), w))
    return str(signed(rng.getrandbits(w), w))


def cast(dst, src_type, src, w):
    """dst = src converted to iw (zext/trunc, or a copy at equal width)."""
    from_w = int(src_type[1:])
    if from_w < w:
        return f"{dst} = zext {src_type} {src} to i{w}"
    if from_w > w:
        return f"{dst} = trunc {src_type} {src} to i{w}"
    return f"{dst} = add {src_type} {src}, 0"


def declarations(widths):
    out = []
    for w in sorted(set(widths)):
        for name in ("smin", "smax", "umin", "umax"):
            out.append(f"declare i{w} @llvm.{name}.i{w}(i{w}, i{w})")
        out.append(f"declare i{w} @llvm.abs.i{w}(i{w}, i1)")
        out.append(f"declare i{w} @llvm.ctpop.i{w}(i{w})")
        out.append(f"declare i{w} @llvm.ctlz.i{w}(i{w}, i1)")
        if w % 16 == 0:
            out.append(f"declare i{w} @llvm.bswap.i{w}(i{w})")
    return out


def main_function(rng, functions):
    """Calls each function four times and prints every result in hex, 64 bits at a time."""
    out = ["define i32 @main() {"]
    k = 0
    for name, w in functions:
        for _ in range(4):
            k += 1
            out.append(f"  %r{k} = call i{w} @{name}(i{w} {constant(rng, w)}, i{w} {constant(rng, w)})")
            out.append("  " + cast(f"%z{k}", f"i{w}", f"%r{k}", 64))
            if w > 64:
                out.append(f"  %h{k} = lshr i{w} %r{k}, 64")
                out.append("  " + cast(f"%hz{k}", f"i{w}", f"%h{k}", 64))
                out.append(f"  call i32 (ptr, ...) @printf(ptr @fmt, i64 %hz{k})")
            out.append(f"  call i32 (ptr, ...) @printf(ptr @fmt, i64 %z{k})")
    out += ["  ret i32 0", "}"]
    return out


def module(seed, functions=4):
    rng = random.Random(seed)
    widths = rng.choice(WIDTH_SETS)
    bodies, signatures = [], []
    for n in range(functions):
        w = rng.choice(widths)
        signatures.append((f"f{n}", w))
        bodies.append(Function(rng, f"f{n}", w, widths).text())
    head = declarations(widths) + ['@fmt = private constant [6 x i8] c"%llx\\0A\\00"', "declare i32 @printf(ptr, ...)", ""]
    return "\n".join(head + bodies + main_function(rng, signatures)) + "\n"
