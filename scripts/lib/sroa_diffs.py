"""Why pebble-sroa and LLVM's sroa leave different numbers of allocas in a
function: the two known causes (`scripts/sroa-alloca-diffs` describes them)
recognised in the two outputs' text, and the confirmation of the first by
LLVM's own sroa run again without its unused `ptrtoint`s. Shared by
`scripts/sroa-alloca-diffs` and `scripts/difftest-sroa`. Standard library
only.
"""

import collections
import os
import re
import subprocess
import tempfile

import llvm

DEFINE = re.compile(r'^define [^\n]*?@("[^"]+"|[\w.$-]+)\(.*?^}', re.S | re.M)
ALLOCA = re.compile(r"^\s*%([\w.]+) = alloca ", re.M)
DEF = re.compile(r"^\s*(%[\w.]+) = (.*)$", re.M)


def functions(text):
    return {m.group(1).strip('"'): m.group(0) for m in DEFINE.finditer(text)}


def base(name):
    """`l_5.sroa.12` -> `l_5`."""
    return re.sub(r"(\.sroa\.\d+)+$", "", name.lstrip("%"))


def alloca_bases(body):
    return collections.Counter(base(n) for n in ALLOCA.findall(body))


def uses(body, value):
    return len(re.findall(re.escape(value) + r"(?![\w.])", body)) - 1


class Body:
    def __init__(self, text):
        self.text = text
        self.defs = dict(DEF.findall(text))

    def roots(self, value, through=("phi", "getelementptr", "select")):
        """The allocas `value` may point into, following `through`."""
        out, seen, stack = set(), set(), [value]
        while stack:
            v = stack.pop()
            if v in seen or v not in self.defs:
                continue
            seen.add(v)
            d = self.defs[v]
            if d.startswith("alloca"):
                out.add(base(v))
            elif d.startswith(through):
                stack += re.findall(r"%[\w.]+", d)
        return out

    def dead_ptrtoint_bases(self):
        """Allocas whose address reaches an unused ptrtoint, closed under
        "its address is stored into such an alloca"."""
        found = set()
        for v, d in self.defs.items():
            m = re.match(r"ptrtoint ptr (%[\w.]+)", d)
            if m and uses(self.text, v) == 0:
                found |= self.roots(m.group(1))
        stores = [
            (self.roots(val, ("getelementptr",)), self.roots(dst, ("getelementptr",)))
            for val, dst in re.findall(r"store ptr (%[\w.]+), ptr (%[\w.]+)", self.text)
        ]
        changed = True
        while changed:
            changed = False
            for vals, dsts in stores:
                if dsts & found and not vals <= found:
                    found |= vals
                    changed = True
        return found

    def phi_address_bases(self):
        out = set()
        for d in self.defs.values():
            if d.startswith("phi ptr"):
                for v in re.findall(r"\[ (%[\w.]+),", d):
                    if self.defs.get(v, "").startswith("alloca"):
                        out.add(base(v))
        return out


def without_dead_ptrtoints(text):
    """`text` with every unused `ptrtoint ptr %x` instruction deleted."""
    out, pos = [], 0
    for m in re.finditer(r"^define .*?^}", text, re.S | re.M):
        body = m.group(0)
        dead = {v for v in re.findall(r"^\s*(%[\w.]+) = ptrtoint ptr %", body, re.M)
                if uses(body, v) == 0}
        kept = [line for line in body.split("\n")
                if not any(line.lstrip().startswith(v + " = ptrtoint ") for v in dead)]
        out += [text[pos:m.start()], "\n".join(kept)]
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def llvm_again(llvm_text):
    """Function name -> allocas left by `opt -passes=sroa` run once more on
    LLVM's output without its unused ptrtoints."""
    cfg = llvm.llvm_config()
    opt = os.path.join(subprocess.check_output([cfg, "--bindir"], text=True).strip(), "opt")
    with tempfile.NamedTemporaryFile("w", suffix=".ll") as f:
        f.write(without_dead_ptrtoints(llvm_text))
        f.flush()
        r = subprocess.run([opt, "-passes=sroa", "-S", f.name, "-o", "-"],
                           capture_output=True, text=True, check=True)
    return {fn: len(ALLOCA.findall(body)) for fn, body in functions(r.stdout).items()}


def classify(ours, llvm):
    bo, bl = alloca_bases(ours), alloca_bases(llvm)
    differing = {k for k in set(bo) | set(bl) if bo.get(k, 0) != bl.get(k, 0)}
    body = Body(llvm)
    if differing and differing <= body.dead_ptrtoint_bases():
        return "dead-ptrtoint", differing
    if differing and differing <= body.phi_address_bases():
        return "pointer-phi", differing
    return "unexplained", differing


def confirmed_dead_ptrtoint(ours_body, llvm_text, fn):
    """Whether function `fn` (`ours_body` its text in pebble-sroa's output,
    `llvm_text` LLVM's whole output) differs only by allocas LLVM keeps
    because of an unused `ptrtoint`, and LLVM's sroa, run again without
    those casts, leaves exactly as many as pebble-sroa."""
    llvm_body = functions(llvm_text).get(fn, "")
    cause, _ = classify(ours_body, llvm_body)
    if cause != "dead-ptrtoint":
        return False
    return llvm_again(llvm_text).get(fn, 0) == len(ALLOCA.findall(ours_body))
