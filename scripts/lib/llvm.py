"""Where the LLVM tools are, for Pebble's scripts and the lit suite.

The one place that decides which LLVM (19 or 22) a script talks to:
  1. PEBBLE_LLVM_CONFIG when set (scripts/test sets it per version);
  2. else the LLVM the plugin was built for: the libLLVM.so.<major> it links
     (read from the plugin file), /usr/lib/llvm-<major>/bin/llvm-config;
  3. else LLVM 19's llvm-config.
On Debian 12 the unversioned tools are LLVM 14, so nothing here uses PATH.

The plugin is PEBBLE_PLUGIN, else $CARGO_TARGET_DIR/release/libpebble.so,
else target/release/libpebble.so. Scripts without this module (shell ones)
call `scripts/lib/llvm.py config` / `bindir` / `major` / `plugin`.
"""

import os
import re
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_MAJOR = 19


def plugin_path():
    """The plugin's path, whether or not it exists yet."""
    if os.environ.get("PEBBLE_PLUGIN"):
        return os.environ["PEBBLE_PLUGIN"]
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
    return os.path.join(target, "release", "libpebble.so")


def plugin_major(path=None):
    """The LLVM major version the plugin links (its DT_NEEDED libLLVM), or None."""
    path = path or plugin_path()
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    m = re.search(rb"libLLVM(?:\.so\.|-)(\d+)", data)
    return int(m.group(1)) if m else None


def llvm_config():
    """The llvm-config of the LLVM the plugin was built for (see module doc)."""
    if os.environ.get("PEBBLE_LLVM_CONFIG"):
        return os.environ["PEBBLE_LLVM_CONFIG"]
    major = plugin_major() or DEFAULT_MAJOR
    return f"/usr/lib/llvm-{major}/bin/llvm-config"


def _query(flag):
    config = llvm_config()
    try:
        return subprocess.check_output([config, flag], text=True).strip()
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit(f"error: cannot run {config} {flag}: {e} (set PEBBLE_LLVM_CONFIG)")


def bindir():
    return _query("--bindir")


def major():
    """The major version of the LLVM the tools belong to (19 or 22)."""
    return int(_query("--version").split(".")[0])


def tool(name):
    return os.path.join(bindir(), name)


def plugin():
    path = plugin_path()
    if not os.path.exists(path):
        raise SystemExit(f"error: plugin {path} not found: run `cargo build --release` first")
    return path


def clang():
    return tool("clang")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "config"
    answers = {"config": llvm_config, "bindir": bindir, "major": major, "plugin": plugin_path}
    if what not in answers:
        raise SystemExit("usage: scripts/lib/llvm.py [config|bindir|major|plugin]")
    print(answers[what]())
