"""Instructions Pebble executes in one `opt` run, counted by valgrind's
callgrind (the same on every run of the same build, unlike a time).

Only what runs inside the plugin's pass entry point is counted
(`--toggle-collect=pebble_run_function_pass`): not LLVM's parsing, nor the
glue around the pass. Used by scripts/bench-mem2reg --instructions and
scripts/scaling-check.
"""

import os
import re
import subprocess
import tempfile

import llvm


def pass_instructions(passes, path):
    """Instructions executed inside Pebble's pass entry point while `opt`
    runs `passes` on `path`; RuntimeError if callgrind fails or counts
    nothing."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "callgrind.out")
        r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                            "--toggle-collect=pebble_run_function_pass", llvm.tool("opt"),
                            f"-load-pass-plugin={llvm.plugin()}", f"-passes={passes}",
                            "-disable-output", path], capture_output=True, text=True)
    m = re.search(r"Collected : (\d+)", r.stderr)
    if r.returncode != 0 or not m or int(m.group(1)) == 0:
        raise RuntimeError(f"callgrind of {passes} on {path} failed:\n{r.stderr[-1500:]}")
    return int(m.group(1))
