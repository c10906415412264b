# -*- Python -*-
# lit configuration for Pebble's LLVM-style regression tests.
#
# Run from the repository root after `cargo build --release`:
#     lit -v tests/lit
#
# Environment:
#   PEBBLE_PLUGIN       path of libpebble.so (default: $CARGO_TARGET_DIR/release/
#                       libpebble.so if CARGO_TARGET_DIR is set, else
#                       <repo>/target/release/libpebble.so)
#   PEBBLE_LLVM_CONFIG  llvm-config of the LLVM the plugin was built against
#                       (default: the LLVM the plugin links, found by
#                       scripts/lib/llvm.py like every script)
#
# Features: `llvm-19` or `llvm-22`, the LLVM major version, for
# version-specific tests (`REQUIRES: llvm-22`) and RUN lines
# (`RUN: %if llvm-19 %{ ... %}`); %llvm-major gives a check prefix per
# version.
#
# Substitutions:
#   %opt     <bindir>/opt -load-pass-plugin=<plugin>
#   %plugin  the plugin path
#   %pebble  the `pebble` CLI next to the plugin
#   %clang   <bindir>/clang (of the same LLVM)
#   %python  the Python running lit
#   %llvm-major  19 or 22, for a check prefix per version
#                (`--check-prefixes=CHECK,LLVM-%llvm-major`)
#
# The LLVM bindir comes first in PATH, so FileCheck, not, count and
# llvm-diff are the plugin's LLVM's. A missing plugin or tool is a lit error, never a
# silent skip: a suite that passes without running anything is a defect.

import os
import shutil
import subprocess
import sys

import lit.formats

config.name = "pebble"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c", ".test"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)

repo_root = os.path.dirname(os.path.dirname(config.test_source_root))


sys.path.insert(0, os.path.join(repo_root, "scripts", "lib"))
import llvm  # noqa: E402  (the one place scripts and lit find LLVM)


def llvm_query(flag):
    tool = llvm.llvm_config()
    try:
        return subprocess.check_output([tool, flag], text=True).strip()
    except (OSError, subprocess.CalledProcessError) as e:
        lit_config.fatal("'%s %s' failed: %s" % (tool, flag, e))


def llvm_bindir():
    return llvm_query("--bindir")


def default_plugin():
    return llvm.plugin_path()


bindir = llvm_bindir()
llvm_major = int(llvm_query("--version").split(".")[0])
config.available_features.add("llvm-%d" % llvm_major)
for tool in ["opt", "FileCheck", "not", "count", "llvm-diff", "clang"]:
    if not os.access(os.path.join(bindir, tool), os.X_OK):
        lit_config.fatal("LLVM tool '%s' not found in %s" % (tool, bindir))

plugin = os.path.abspath(default_plugin())
if not os.path.isfile(plugin):
    lit_config.fatal(
        "Pebble plugin not found at %s: run `cargo build --release` "
        "or set PEBBLE_PLUGIN" % plugin
    )
pebble_cli = os.path.join(os.path.dirname(plugin), "pebble")
if not os.access(pebble_cli, os.X_OK):
    lit_config.warning("pebble CLI not found at %s: tests using %%pebble will fail"
                       % pebble_cli)

lit_config.note("plugin: %s" % plugin)
lit_config.note("LLVM bindir: %s (LLVM %d)" % (bindir, llvm_major))

config.environment["PATH"] = os.pathsep.join(
    [bindir, config.environment.get("PATH", os.environ.get("PATH", ""))]
)
# Run-to-run stable output: no colours, no crash-report files.
config.environment["LLVM_DISABLE_CRASH_REPORT"] = "1"
config.environment["LLVM_DISABLE_SYMBOLIZATION"] = "1"

# Listed before lit's own substitutions (%p, %s, %t), so %plugin and %pebble
# are replaced before %p could eat their first two characters.
config.substitutions.append(
    ("%opt", "%s -load-pass-plugin=%s" % (os.path.join(bindir, "opt"), plugin))
)
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%pebble", pebble_cli))
config.substitutions.append(("%clang", os.path.join(bindir, "clang")))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%llvm-major", str(llvm_major)))
