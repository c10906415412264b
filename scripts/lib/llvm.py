"""Where the LLVM 19 tools are, for Pebble's scripts.

LLVM is found through PEBBLE_LLVM_CONFIG (default
/usr/lib/llvm-19/bin/llvm-config): on Debian 12 the unversioned tools are
LLVM 14. The plugin is PEBBLE_PLUGIN or target/release/libpebble.so.
"""

import os
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def bindir():
    config = os.environ.get("PEBBLE_LLVM_CONFIG", "/usr/lib/llvm-19/bin/llvm-config")
    return subprocess.check_output([config, "--bindir"], text=True).strip()


def tool(name):
    return os.path.join(bindir(), name)


def plugin():
    path = os.environ.get("PEBBLE_PLUGIN", os.path.join(REPO, "target", "release", "libpebble.so"))
    if not os.path.exists(path):
        raise SystemExit(f"error: plugin {path} not found: run `cargo build --release` first")
    return path


def clang():
    return tool("clang")
