"""Real C programs for `scripts/backend-test --real`.

SQLite (libsqlite3-sys's bundled amalgamation), Lua 5.4 (lua-src), zlib
(libz-sys), bzip2 (bzip2-sys), LZ4 (lz4-sys), zstd (zstd-sys), xz's
liblzma (lzma-sys), PCRE2 (pcre2-sys), brotli (brotli-sys), libdeflate
(libdeflate-sys), expat (expat-sys) and Oniguruma (onig_sys), each with a
deterministic driver of ours
(tests/real/). Their sources come from crates.io: a scratch Cargo project
that depends on the pinned crates is fetched with `cargo fetch` (sources
land in ~/.cargo/registry/src) and located with `cargo metadata`, so a
fresh machine needs nothing else. Each crate's C is compiled with the
defines its build script uses.

Every program is built at three IR levels: clang -O0 (`O0`), the same IR
after `pebble-mem2reg` (`mem2reg`) and clang -O2 (`O2`); every file is
lowered by `pebble llc --verify-regalloc` (the allocation checker on every
function), linked with `riscv64-linux-gnu-gcc -static` and run under
qemu-riscv64. Its standard output and exit status must equal those of the
program built by riscv64-linux-gnu-gcc -O2 (both with -ffp-contract=off).
The first refusal of a level is reported with its message.
"""

import concurrent.futures
import glob
import json
import os
import subprocess
import time

CRATES = {
    "libsqlite3-sys": ('"=0.30.1"', ', features = ["bundled"]'),
    "lua-src": ('"=547.1.0"', ""),
    "libz-sys": ('"=1.1.33"', ', features = ["static"]'),
    "bzip2-sys": ('"=0.1.13"', ""),
    "lz4-sys": ('"=1.11.1"', ""),
    "zstd-sys": ('"=2.1.3"', ""),
    "lzma-sys": ('"=0.1.20"', ""),
    "pcre2-sys": ('"=0.2.10"', ""),
    "libdeflate-sys": ('"=1.26.1"', ""),
    "brotli-sys": ('"=0.3.2"', ""),
    "expat-sys": ('"=2.1.6"', ""),
    # Without its default feature, which only pulls in bindgen.
    "onig_sys": ('"=69.9.3"', ', default-features = false'),
}

SQLITE_DEFINES = [
    "-DSQLITE_CORE", "-DSQLITE_DEFAULT_FOREIGN_KEYS=1", "-DSQLITE_ENABLE_API_ARMOR",
    "-DSQLITE_ENABLE_COLUMN_METADATA", "-DSQLITE_ENABLE_DBSTAT_VTAB", "-DSQLITE_ENABLE_FTS3",
    "-DSQLITE_ENABLE_FTS3_PARENTHESIS", "-DSQLITE_ENABLE_FTS5", "-DSQLITE_ENABLE_JSON1",
    "-DSQLITE_ENABLE_LOAD_EXTENSION=1", "-DSQLITE_ENABLE_MEMORY_MANAGEMENT",
    "-DSQLITE_ENABLE_RTREE", "-DSQLITE_ENABLE_STAT4", "-DSQLITE_SOUNDEX", "-DSQLITE_THREADSAFE=1",
    "-DSQLITE_USE_URI", "-DHAVE_USLEEP=1", "-DHAVE_ISNAN",
]

ZLIB_FILES = ["adler32", "compress", "crc32", "deflate", "infback", "inffast", "inflate",
              "inftrees", "trees", "uncompr", "zutil", "gzclose", "gzlib", "gzread", "gzwrite"]
BZIP2_FILES = ["blocksort", "huffman", "crctable", "randtable", "compress", "decompress", "bzlib"]
LZ4_FILES = ["lz4", "lz4hc", "lz4frame", "xxhash"]
# zstd's library without its dictionary builder, legacy formats and x86
# assembly (as zstd-sys builds it for a target without it).
ZSTD_FILES = ["common/" + f for f in ["debug", "entropy_common", "error_private", "fse_decompress",
                                      "pool", "threading", "xxhash", "zstd_common"]] + \
    ["compress/" + f for f in ["fse_compress", "hist", "huf_compress", "zstd_compress",
                               "zstd_compress_literals", "zstd_compress_sequences",
                               "zstd_compress_superblock", "zstd_double_fast", "zstd_fast",
                               "zstd_lazy", "zstd_ldm", "zstd_opt", "zstd_preSplit",
                               "zstdmt_compress"]] + \
    ["decompress/" + f for f in ["huf_decompress", "zstd_ddict", "zstd_decompress",
                                 "zstd_decompress_block"]]
# liblzma as lzma-sys builds it: every C file of these directories but
# the table generators (programs of their own) and the small CRC variants.
XZ_DIRS = ["common", "lzma", "lz", "check", "delta", "rangecoder", "simple"]
XZ_INCLUDES = ["", "xz-5.2/src/common"] + ["xz-5.2/src/liblzma/" + d for d in XZ_DIRS + ["api"]]
# PCRE2 as pcre2-sys builds it, without the JIT (whose files it #includes
# but never compiles alone, with the Unicode tables pcre2_tables.c
# includes).
PCRE2_DEFINES = ["-DPCRE2_CODE_UNIT_WIDTH=8", "-DHAVE_STDLIB_H=1", "-DHAVE_MEMMOVE=1",
                 "-DHAVE_CONFIG_H=1", "-DPCRE2_STATIC=1", "-DSTDC_HEADERS=1",
                 "-DSUPPORT_PCRE2_8=1", "-DSUPPORT_UNICODE=1"]
# expat 2.1.0 as expat-sys's CMake build compiles it (its list also names
# xmltok_impl.c and xmltok_ns.c, which xmltok.c #includes; alone they
# compile to nothing), with the settings of the expat_config.h it
# generates that the sources read, as defines.
EXPAT_DEFINES = ["-DHAVE_MEMMOVE=1", "-DXML_DTD=1", "-DXML_NS=1", "-DXML_CONTEXT_BYTES=1024",
                 "-DBYTEORDER=1234"]
# Oniguruma as onig_sys builds it: build.rs's file list (every encoding, no
# POSIX API). build.rs writes a config.h, which regenc.h includes
# unconditionally; the crate's own LP64 Linux config.h (oniguruma/tis-ci)
# stands in for it, and the defines are those build.rs passes on Linux.
ONIG_FILES = ["regexec", "regerror", "regparse", "regext", "regcomp", "reggnu", "regenc",
              "regsyntax", "regtrav", "regversion", "st", "onig_init", "unicode", "ascii",
              "utf8", "utf16_be", "utf16_le", "utf32_be", "utf32_le", "euc_jp", "sjis",
              "iso8859_1", "iso8859_2", "iso8859_3", "iso8859_4", "iso8859_5", "iso8859_6",
              "iso8859_7", "iso8859_8", "iso8859_9", "iso8859_10", "iso8859_11", "iso8859_13",
              "iso8859_14", "iso8859_15", "iso8859_16", "euc_tw", "euc_kr", "big5", "gb18030",
              "koi8_r", "cp1251", "euc_jp_prop", "sjis_prop", "unicode_unfold_key",
              "unicode_fold1_key", "unicode_fold2_key", "unicode_fold3_key"]
ONIG_DEFINES = ["-DHAVE_UNISTD_H=1", "-DHAVE_SYS_TYPES_H=1", "-DHAVE_SYS_TIME_H=1",
                "-DHAVE_ALLOCA_H=1"]
LUA_FILES = ["lapi", "lcode", "lctype", "ldebug", "ldo", "ldump", "lfunc", "lgc", "llex", "lmem",
             "lobject", "lopcodes", "lparser", "lstate", "lstring", "ltable", "ltm", "lundump",
             "lvm", "lzio", "lauxlib", "lbaselib", "lcorolib", "ldblib", "liolib", "lmathlib",
             "loadlib", "loslib", "lstrlib", "ltablib", "lutf8lib", "linit"]


class Program:
    """`files` are relative to the crate's `subdir` (`dir/*.c`: every C file
    of `dir`, but those whose name contains a string of `skip`);
    `includes`, more include directories relative to the crate."""

    def __init__(self, name, crate, subdir, files, defines, driver, args, fast_args, libs=(),
                 includes=(), skip=()):
        self.name, self.crate, self.subdir = name, crate, subdir
        self.files, self.defines, self.driver = files, defines, driver
        self.args, self.fast_args, self.libs = args, fast_args, list(libs)
        self.includes, self.skip = list(includes), list(skip)


PROGRAMS = [
    Program("zlib", "libz-sys", "src/zlib", [f + ".c" for f in ZLIB_FILES],
            ["-DSTDC", "-D_LARGEFILE64_SOURCE"], "zlib_driver.c", ["1500000"], ["60000"]),
    Program("bzip2", "bzip2-sys", "bzip2-1.0.8", [f + ".c" for f in BZIP2_FILES],
            ["-D_FILE_OFFSET_BITS=64", "-DBZ_NO_STDIO"], "bzip2_driver.c", ["600000"], ["30000"]),
    Program("lz4", "lz4-sys", "liblz4/lib", [f + ".c" for f in LZ4_FILES], [],
            "lz4_driver.c", ["400000"], ["30000"]),
    Program("zstd", "zstd-sys", "zstd/lib", [f + ".c" for f in ZSTD_FILES],
            ["-DZSTD_DISABLE_ASM", "-DXXH_NAMESPACE=ZSTD_"], "zstd_driver.c", ["200000"],
            ["20000"]),
    Program("xz", "lzma-sys", "xz-5.2/src", [f"liblzma/{d}/*.c" for d in XZ_DIRS] +
            ["common/tuklib_cpucores.c", "common/tuklib_physmem.c"],
            ["-std=c99", "-DHAVE_CONFIG_H=1"], "xz_driver.c", ["200000"], ["20000"],
            ["-lpthread"], includes=XZ_INCLUDES, skip=["tablegen", "_small"]),
    Program("pcre2", "pcre2-sys", "upstream/src", ["*.c"], PCRE2_DEFINES, "pcre2_driver.c",
            ["200000"], ["20000"], includes=["upstream/include", "upstream/deps"],
            skip=["jit_match", "jit_misc", "ucptables"]),
    # Every file of lib/ but arm/cpu_features.c (empty on both targets, and
    # the same base name as x86's, which the x86-64 host build needs).
    Program("libdeflate", "libdeflate-sys", "libdeflate/lib", ["*.c", "x86/cpu_features.c"], [],
            "libdeflate_driver.c", ["300000"], ["20000"], includes=["libdeflate"]),
    # brotli 0.6 as brotli-sys builds it: every C file of common/, dec/ and
    # enc/, no defines.
    Program("brotli", "brotli-sys", "brotli", ["common/*.c", "dec/*.c", "enc/*.c"], [],
            "brotli_driver.c", ["400000"], ["20000"], includes=["brotli/include"]),
    Program("expat", "expat-sys", "expat/lib", ["xmlparse.c", "xmlrole.c", "xmltok.c"],
            EXPAT_DEFINES, "expat_driver.c", ["2000000"], ["40000"]),
    Program("oniguruma", "onig_sys", "oniguruma/src", [f + ".c" for f in ONIG_FILES],
            ONIG_DEFINES, "onig_driver.c", ["250000"], ["10000"], includes=["oniguruma/tis-ci"]),
    Program("lua", "lua-src", "lua-5.4.7", [f + ".c" for f in LUA_FILES], ["-DLUA_USE_LINUX"],
            "lua_main.c", ["@lua_driver.lua", "100000"], ["@lua_driver.lua", "3000"], ["-ldl"]),
    Program("sqlite", "libsqlite3-sys", "sqlite3", ["sqlite3.c"], SQLITE_DEFINES,
            "sqlite_driver.c", ["25000"], ["500"], ["-ldl", "-lpthread"]),
]

LEVELS = ["O0", "mem2reg", "O2"]

# gcc contracts a*b+c across statements at -O2, clang within expressions:
# neither, so that both builds round the same way.
NO_CONTRACT = ["-ffp-contract=off"]


def crate_dirs(scratch):
    """Fetches the crates into the Cargo registry (once) and returns
    {crate: source directory}."""
    os.makedirs(os.path.join(scratch, "src"), exist_ok=True)
    deps = "\n".join(f'{c} = {{ version = {v}{extra} }}' for c, (v, extra) in CRATES.items())
    manifest = ('[package]\nname = "pebble-real-sources"\nversion = "0.0.0"\nedition = "2021"\n'
                f"[dependencies]\n{deps}\n")
    path = os.path.join(scratch, "Cargo.toml")
    if not os.path.exists(path) or open(path).read() != manifest:
        with open(path, "w") as f:
            f.write(manifest)
        with open(os.path.join(scratch, "src", "main.rs"), "w") as f:
            f.write("fn main() {}\n")
    subprocess.run(["cargo", "fetch", "--quiet"], cwd=scratch, check=True)
    meta = json.loads(subprocess.run(["cargo", "metadata", "--format-version", "1"], cwd=scratch,
                                     check=True, capture_output=True, text=True).stdout)
    return {p["name"]: os.path.dirname(p["manifest_path"]) for p in meta["packages"]
            if p["name"] in CRATES}


class Runner:
    def __init__(self, root, work, pebble, plugin, bindir, clang_flags, fast, timeout):
        self.root, self.work, self.pebble, self.plugin = root, work, pebble, plugin
        self.bindir, self.clang_flags, self.fast, self.timeout = bindir, clang_flags, fast, timeout

    def run(self, cmd, timeout=3600, **kw):
        return subprocess.run(cmd, capture_output=True, timeout=timeout, **kw)

    def sources(self, prog, src_dir):
        """The program's C files (the driver last) and the flags that
        compile them (include directories, defines)."""
        lib = os.path.join(src_dir, prog.subdir)
        files = []
        for f in prog.files:
            if "*" not in f:
                files.append(os.path.join(lib, f))
                continue
            files += sorted(p for p in glob.glob(os.path.join(lib, f))
                            if not any(s in os.path.basename(p) for s in prog.skip))
        cflags = [f"-I{lib}", *(f"-I{os.path.join(src_dir, d)}" for d in prog.includes),
                  *prog.defines]
        return files + [os.path.join(self.root, "tests", "real", prog.driver)], cflags

    def argv(self, prog):
        args = prog.fast_args if self.fast else prog.args
        return [os.path.join(self.root, "tests", "real", a[1:]) if a.startswith("@") else a
                for a in args]

    def execute(self, exe, prog):
        start = time.time()
        try:
            p = self.run(["qemu-riscv64", exe, *self.argv(prog)], timeout=self.timeout)
            return (p.returncode, p.stdout), time.time() - start
        except subprocess.TimeoutExpired:
            return ("timeout", b""), time.time() - start

    def reference(self, prog, srcs, cflags, out):
        exe = os.path.join(out, "ref.exe")
        p = self.run(["riscv64-linux-gnu-gcc", "-O2", "-w", *NO_CONTRACT, *cflags, *srcs,
                      "-o", exe, "-static", "-lm", *prog.libs])
        if p.returncode != 0:
            return None, "reference build failed: " + p.stderr.decode()[-400:]
        return self.execute(exe, prog)[0], ""

    def ir(self, src, cflags, prog, level, out):
        """The IR file of `src` at `level`, or (None, message)."""
        base = os.path.join(out, os.path.splitext(os.path.basename(src))[0])
        opt_level = "-O2" if level == "O2" else "-O0"
        ll = f"{base}.{opt_level[1:]}.ll"
        if not os.path.exists(ll):
            p = self.run([os.path.join(self.bindir, "clang"), *self.clang_flags, *NO_CONTRACT, opt_level,
                          *cflags, "-S", "-emit-llvm", src, "-o", ll + ".tmp"])
            if p.returncode != 0:
                return None, "clang failed: " + p.stderr.decode()[-300:]
            os.rename(ll + ".tmp", ll)
        if level != "mem2reg":
            return ll, ""
        m2r = base + ".m2r.ll"
        p = self.run([os.path.join(self.bindir, "opt"), f"-load-pass-plugin={self.plugin}",
                      "-passes=pebble-mem2reg", "-S", ll, "-o", m2r])
        if p.returncode != 0:
            return None, "opt failed: " + p.stderr.decode()[-300:]
        return m2r, ""

    def level(self, prog, srcs, cflags, level, expected, out):
        """(files compiled, files, status, message, seconds run)."""
        asms = []
        for src in srcs:
            ll, msg = self.ir(src, cflags, prog, level, out)
            if ll is None:
                return len(asms), len(srcs), "error", msg, 0
            asm = f"{ll[:-3]}.{level}.s"
            p = self.run([self.pebble, "llc", "--verify-regalloc", ll, "-o", asm])
            if p.returncode != 0:
                return len(asms), len(srcs), "refused", p.stderr.decode().strip()[:300], 0
            asms.append(asm)
        exe = os.path.join(out, f"{level}.exe")
        p = self.run(["riscv64-linux-gnu-gcc", "-static", *asms, "-o", exe, "-lm", *prog.libs])
        if p.returncode != 0:
            return len(asms), len(srcs), "link", p.stderr.decode()[-400:], 0
        got, secs = self.execute(exe, prog)
        if got == expected:
            return len(asms), len(srcs), "correct", "", secs
        if got[0] != expected[0]:
            why = f"exit {got[0]} vs {expected[0]}"
        else:
            why = "stdout differs"
        return len(asms), len(srcs), "wrong", why, secs


def run_real(root, work, pebble, plugin, bindir, clang_flags, fast, only, levels, timeout, jobs=1):
    """Runs the programs (`jobs` at once); returns (passed, failed) and
    prints one line per program and level, in program order."""
    scratch = os.environ.get("PEBBLE_REAL_SRC", os.path.join("/tmp", "pebble-real-sources"))
    dirs = crate_dirs(scratch)
    runner = Runner(root, work, pebble, plugin, bindir, clang_flags, fast, timeout)
    chosen = [prog for prog in PROGRAMS if not only or prog.name in only]
    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for lines in pool.map(lambda prog: check_real(runner, prog, dirs, work, levels), chosen):
            for ok, line in lines:
                passed, failed = passed + ok, failed + (not ok)
                print(("ok   " if ok else "FAIL ") + line, flush=True)
    return passed, failed


def check_real(runner, prog, dirs, work, levels):
    """[(passed, line)] of one program: its reference, then each level."""
    out = os.path.join(work, prog.name)
    os.makedirs(out, exist_ok=True)
    srcs, cflags = runner.sources(prog, dirs[prog.crate])
    expected, msg = runner.reference(prog, srcs, cflags, out)
    if expected is None or expected[0] == "timeout":
        return [(False, f"{prog.name} [ref]: {msg or 'reference run timed out'}")]
    lines = []
    for level in levels:
        done, total, status, msg, secs = runner.level(prog, srcs, cflags, level, expected, out)
        line = f"{prog.name} [{level}]: {done}/{total} files compiled, {status}"
        if secs:
            line += f" ({secs:.1f} s under qemu)"
        if msg:
            line += f": {msg}"
        lines.append((status == "correct", line))
    return lines
