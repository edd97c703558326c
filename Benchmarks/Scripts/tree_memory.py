#!/usr/bin/env python3
"""Bytes of tree per byte of input: JSONValue(parsing:) against orjson.loads.

Usage, from Benchmarks/:
    python3 Scripts/tree_memory.py

JSONValueKit's figure is the growth of the heap (glibc's mallinfo2) while the parsed
tree is alive, from the TreeMemory executable of this package; orjson's is what
tracemalloc counts for the Python objects orjson.loads returns. Both count the
allocator's view of the bytes requested, not pages.
"""
import os
import subprocess
import tracemalloc

import orjson

CORPUS = os.environ.get("JSONVALUEKIT_CORPUS") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpus")


def orjson_bytes(data):
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    obj = orjson.loads(data)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del obj
    return after - before


def main():
    env = dict(os.environ, JSONVALUEKIT_CORPUS=os.path.abspath(CORPUS))
    output = subprocess.run(["swift", "run", "-c", "release", "TreeMemory"], env=env,
                            capture_output=True, text=True, check=True).stdout
    ours = {}
    for line in output.splitlines():
        parts = line.split()
        if len(parts) == 3:
            ours[parts[0]] = (int(parts[1]), int(parts[2]))
    print(f"{'file':14} {'input bytes':>12} {'JSONValue B/B':>14} {'orjson B/B':>11}")
    for name in ["twitter", "citm_catalog", "canada"]:
        data = open(os.path.join(CORPUS, name + ".json"), "rb").read()
        theirs = orjson_bytes(data) / len(data)
        size, tree = ours[name]
        print(f"{name:14} {size:12} {tree / size:14.2f} {theirs:11.2f}")


if __name__ == "__main__":
    main()
