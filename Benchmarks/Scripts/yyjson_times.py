#!/usr/bin/env python3
"""Times yyjson, built from source with -O3 -march=native, on the shared corpora the way
the Swift benchmarks time JSONValueKit, and compares the two when given a
package-benchmark run.

Usage, from Benchmarks/:
    python3 Scripts/yyjson_times.py                                   # yyjson alone
    python3 Scripts/yyjson_times.py .benchmark-run/Current_run.jmh.json   # and the ratios

The first run downloads yyjson's source distribution from PyPI (`pip download yyjson
--no-binary :all: --no-deps`, which carries yyjson.c and yyjson.h) into `.yyjson/`,
which git ignores, and compiles Scripts/yyjson_bench.c against it; nothing of yyjson
is kept in the repository. Set YYJSON_PACKAGE (default `yyjson==4.0.6`, which carries
yyjson 0.10.0) to choose another release.

For each file, the minimum over many runs, taken over several interleaved rounds
(noise on a shared machine only ever adds time), of:
- `yyjson_read` (and freeing the document): an immutable tree in one arena;
- `yyjson_read` and `yyjson_doc_mut_copy`: an editable tree, as JSONValue is;
- `yyjson_write` of the immutable tree, compact.
Ratios are yyjson's minimum divided by JSONValueKit's (`Parse/<file>/JSONValue(parsing:)`
and `Write/<file>/jsonData`): above 1 means JSONValueKit is faster. Run it right after the
Swift benchmarks, on an otherwise idle machine.
"""
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(HERE, "..")
CORPUS = os.environ.get("JSONVALUEKIT_CORPUS") or os.path.join(PACKAGE, "..", "..", "shared", "corpus")
NAMES = ["twitter", "citm_catalog", "canada"]
WORK = os.path.join(PACKAGE, ".yyjson")
REQUIREMENT = os.environ.get("YYJSON_PACKAGE", "yyjson==4.0.6")


def build():
    """Downloads and unpacks yyjson's source once, and builds the harness."""
    binary = os.path.join(WORK, "yyjson_bench")
    harness = os.path.join(HERE, "yyjson_bench.c")
    sources = glob.glob(os.path.join(WORK, "*", "yyjson", "yyjson.c"))
    if not sources:
        os.makedirs(WORK, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", REQUIREMENT, "--no-binary", ":all:",
                        "--no-deps", "-d", WORK], check=True, stdout=subprocess.DEVNULL)
        for archive in glob.glob(os.path.join(WORK, "*.tar.gz")):
            subprocess.run(["tar", "xzf", archive, "-C", WORK], check=True)
        sources = glob.glob(os.path.join(WORK, "*", "yyjson", "yyjson.c"))
    if not sources:
        sys.exit("yyjson.c not found in the source distribution")
    source = sources[0]
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(harness):
        subprocess.run([os.environ.get("CC", "cc"), "-O3", "-march=native", "-I", os.path.dirname(source),
                        "-o", binary, harness, source], check=True)
    return binary


def measure(binary):
    output = subprocess.run([binary, os.path.abspath(CORPUS)] + NAMES, capture_output=True, text=True,
                            check=True).stdout
    lines = output.splitlines()
    version = lines[0]
    times = {}
    for line in lines[1:]:
        parts = line.split()
        times[parts[0]] = {"read": float(parts[2]), "read+copy": float(parts[4]), "write": float(parts[6])}
    return version, times


def swift_minimums(path):
    results = {}
    for entry in json.load(open(path)):
        name = entry["benchmark"].split(".", 3)[-1]
        results[name] = entry["secondaryMetrics"]["Time (wall clock)"]["scorePercentiles"]["0.0"]
    return results


def ratio(theirs, ours):
    return f"{theirs / ours:9.2f}x" if ours else "         -"


def main():
    version, times = measure(build())
    swift = swift_minimums(sys.argv[1]) if len(sys.argv) > 1 else {}
    print(f"{version}, -O3 -march=native; times in µs; ratios: yyjson's time / JSONValueKit's")
    print(f"{'file':14} {'read':>8} {'read+copy':>10} {'write':>8} {'parse/read':>10} {'parse/copy':>10} "
          f"{'write':>10}")
    for name in NAMES:
        yy = times[name]
        parse = swift.get(f"Parse/{name}/JSONValue(parsing:)")
        write = swift.get(f"Write/{name}/jsonData")
        print(f"{name:14} {yy['read']:8.0f} {yy['read+copy']:10.0f} {yy['write']:8.0f} "
              f"{ratio(yy['read'], parse)} {ratio(yy['read+copy'], parse)} {ratio(yy['write'], write)}")


if __name__ == "__main__":
    main()
