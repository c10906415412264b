"""Heap checks shared by Pebble's differential scripts.

glibc notices a corrupted heap only by chance. With MALLOC_PERTURB_ set,
freed memory is overwritten with that byte (and new memory with its
complement), so a use-after-free reads garbage and usually crashes at once:
it made the SCCP use-after-free of issue 15 abort every time, where a plain
run aborted on 1 csmith program of 12 (DESIGN.md section 4). Every script
that runs `opt` with the plugin runs it with `opt_env()`, and treats a
death by signal as a failure that names the pass and the input
(`signal_death`).
"""

import os
import signal

# Any non-zero byte works; 165 (0xa5) is the one issue 15 measured.
PERTURB = "165"


def opt_env(base=None):
    """The environment for an `opt` run: `base` (default os.environ) with
    MALLOC_PERTURB_ set, unless the caller already chose a value."""
    env = dict(os.environ if base is None else base)
    env.setdefault("MALLOC_PERTURB_", PERTURB)
    return env


def signal_name(returncode):
    """'SIGSEGV' for a death by signal (negative returncode from
    subprocess, or 128+N from a shell), None otherwise."""
    if returncode is None:
        return None
    number = -returncode if returncode < 0 else returncode - 128 if 128 < returncode < 160 else 0
    if number <= 0:
        return None
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def signal_death(returncode, passes, input_name):
    """A failure message for `opt -passes=<passes>` killed by a signal on
    `input_name`, or None if it was not."""
    name = signal_name(returncode)
    if name is None:
        return None
    return (f"opt -passes='{passes}' died of {name} on {input_name} "
            f"(MALLOC_PERTURB_={PERTURB}: likely heap corruption; run scripts/memcheck on it)")
