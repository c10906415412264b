"""`scripts/bench-llc --real-levels`: the real programs of `backend-test --real`
(SQLite, Lua, zlib, bzip2, LZ4, zstd, xz; `real_programs` says where their C comes from
and how it is built) at two IR levels, clang -O0 and clang -O2, in one run.

Per program and level:
  compile time  CPU seconds (user + system) of compiling every file of the
                program, median of `runs` repetitions of the whole set, for
                pebble llc -O0, pebble llc -O2, llc -O0 and llc -O2
  run time      CPU seconds of the linked program under qemu-riscv64 on the
                driver's full-size input (`--fast`: the small one), median
                of `runs`, for the four and for riscv64-linux-gnu-gcc -O2
Every build's standard output and exit status must equal gcc's; a
mismatch or a refused file is reported and makes the exit status
non-zero. The summary gives pebble -O0's compile time over llc -O0's
(issue 16's goal: at most 0.5 on SQLite's -O0 IR) and the run-time ratios
to llc -O0 and llc -O2.
"""

import argparse
import os
import resource
import statistics
import subprocess
import tempfile

import real_programs

LEVELS = ("O0", "O2")
COMPILERS = ("p0", "p2", "l0", "l2")
TITLES = {"p0": "pebble -O0", "p2": "pebble -O2", "l0": "llc -O0", "l2": "llc -O2", "gcc": "gcc -O2"}


def cpu_time(cmds):
    """CPU seconds the children spent on `cmds` (run in order), and the
    last failure (or None)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    failure = None
    for cmd in cmds:
        p = subprocess.run(cmd, capture_output=True)
        if p.returncode != 0 and failure is None:
            failure = (cmd, p)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, failure


def median_cpu(cmds, runs):
    times, failure = [], None
    for _ in range(runs):
        t, failure = cpu_time(cmds)
        times.append(t)
        if failure:
            break
    return statistics.median(times), failure


def run_output(exe, argv, runs):
    """(median CPU seconds under qemu, (exit status, stdout) of the last run)."""
    times, out = [], None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run(["qemu-riscv64", exe, *argv], capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        out = (p.returncode, p.stdout)
    return statistics.median(times), out


def bench_real(root, work, pebble, plugin, bindir, clang_flags, llc, fast, only, runs):
    """Prints the tables; returns the number of failures."""
    scratch = os.environ.get("PEBBLE_REAL_SRC", os.path.join("/tmp", "pebble-real-sources"))
    dirs = real_programs.crate_dirs(scratch)
    runner = real_programs.Runner(root, work, pebble, plugin, bindir, clang_flags, fast, 3600)
    compilers = {
        "p0": lambda ll, s: [pebble, "llc", "-O0", ll, "-o", s],
        "p2": lambda ll, s: [pebble, "llc", "-O2", ll, "-o", s],
        "l0": lambda ll, s: llc + ["-O0", ll, "-o", s],
        "l2": lambda ll, s: llc + ["-O2", ll, "-o", s],
    }
    bad = 0
    rows = []
    print(f"{'program':8} {'IR':3} | compile CPU s: {'p-O0':>6} {'p-O2':>6} {'llc-O0':>6} {'llc-O2':>6}"
          f" {'p0/l0':>5} | run CPU s: {'p-O0':>6} {'p-O2':>6} {'llc-O0':>6} {'llc-O2':>6} {'gcc-O2':>6}",
          flush=True)
    # SQLite first: its -O0 IR is the compile-time goal's measure.
    for prog in sorted(real_programs.PROGRAMS, key=lambda p: p.name != "sqlite"):
        if only and prog.name not in only:
            continue
        out = os.path.join(work, prog.name)
        os.makedirs(out, exist_ok=True)
        srcs, cflags = runner.sources(prog, dirs[prog.crate])
        argv = runner.argv(prog)
        gcc_exe = os.path.join(out, "gcc.exe")
        subprocess.run(["riscv64-linux-gnu-gcc", "-O2", "-w", *real_programs.NO_CONTRACT, *cflags,
                        *srcs, "-o", gcc_exe, "-static", "-lm", *prog.libs],
                       check=True, capture_output=True)
        gcc_time, expected = run_output(gcc_exe, argv, runs)
        for level in LEVELS:
            lls = []
            for src in srcs:
                ll, msg = runner.ir(src, cflags, prog, level, out)
                if ll is None:
                    raise SystemExit(f"bench-llc --real: {prog.name}: {msg}")
                lls.append(ll)
            ct, rt, failed = {}, {"gcc": gcc_time}, None
            for v in COMPILERS:
                cmds = [compilers[v](ll, f"{ll[:-3]}.{v}.s") for ll in lls]
                ct[v], failure = median_cpu(cmds, runs)
                if failure:
                    failed = f"{TITLES[v]} failed: {failure[1].stderr.decode().strip()[:200]}"
                    break
                exe = os.path.join(out, f"{level}.{v}.exe")
                subprocess.run(["riscv64-linux-gnu-gcc", "-static", *[c[-1] for c in cmds], "-o", exe, "-lm",
                                *prog.libs], check=True, capture_output=True)
                rt[v], got = run_output(exe, argv, runs)
                if got != expected:
                    failed = f"{TITLES[v]}'s build differs from gcc's (exit {got[0]} vs {expected[0]})"
                    break
            if failed:
                bad += 1
                print(f"{prog.name:8} {level:3} | FAIL: {failed}", flush=True)
                continue
            rows.append((prog.name, level, ct, rt))
            print(f"{prog.name:8} {level:3} | {'':15}"
                  + " ".join(f"{ct[v]:6.2f}" for v in COMPILERS) + f" {ct['p0'] / ct['l0']:5.2f}"
                  + f" | {'':10}" + " ".join(f"{rt[v]:6.2f}" for v in COMPILERS + ("gcc",)), flush=True)
    print()
    for name, level, ct, rt in rows:
        print(f"{name} {level} IR: compile pebble -O0 {ct['p0'] / ct['l0']:.2f} x llc -O0, "
              f"pebble -O2 {ct['p2'] / ct['l2']:.2f} x llc -O2; run time pebble -O0 "
              f"{rt['p0'] / rt['l0']:.2f} x llc -O0, pebble -O2 {rt['p2'] / rt['l0']:.2f} x llc -O0 and "
              f"{rt['p2'] / rt['l2']:.2f} x llc -O2")
    return bad


def main(argv, root, pebble, plugin, bindir, clang_flags, llc):
    """`bench-llc --real-levels [--fast] [--only NAME,..] [--runs N]`;
    returns the exit status."""
    ap = argparse.ArgumentParser(prog="bench-llc --real-levels", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--real-levels", action="store_true")
    ap.add_argument("--fast", action="store_true", help="the drivers' small inputs")
    ap.add_argument("--only", help="comma-separated program names")
    ap.add_argument("--runs", type=int, default=3, help="repetitions (the median is reported)")
    args = ap.parse_args(argv)
    work = tempfile.mkdtemp(prefix="pebble-bench-real-")
    only = set(args.only.split(",")) if args.only else None
    bad = bench_real(root, work, pebble, plugin, bindir, clang_flags, llc, args.fast, only, args.runs)
    return 1 if bad else 0
