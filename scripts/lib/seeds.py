"""Seed ranges on the command line of the differential scripts
(`--stress START:END`, `--csmith START:END`)."""

import argparse
import re


def seed_range(text):
    """argparse type: `START:END` (both included) or one seed `N`, as a range."""
    m = re.fullmatch(r"(\d+)(?::(\d+))?", text)
    if not m:
        raise argparse.ArgumentTypeError(f"expected START:END (both included), e.g. 1:200, not {text!r}")
    lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
    if lo > hi:
        raise argparse.ArgumentTypeError(f"empty seed range {text!r}: START is past END")
    return range(lo, hi + 1)
