#!/usr/bin/env python3
"""Times orjson on the shared corpora the way the Swift benchmarks time JSONValueKit, and
compares the two when given a package-benchmark run.

Usage, from Benchmarks/:
    python3 Scripts/orjson_times.py                                   # orjson alone
    python3 Scripts/orjson_times.py .benchmark-run/Current_run.jmh.json   # and the ratios

For each file: `orjson.loads(bytes)` (bytes to Python objects) and `orjson.dumps(obj)`
(objects to compact bytes, keys in insertion order). The time reported is the minimum
over many runs, taken over several interleaved rounds (loads and dumps of every file in
turn), because noise on a shared machine only ever adds time. Ratios are orjson's
minimum divided by JSONValueKit's (`Parse/<file>/JSONValue(parsing:)` and
`Write/<file>/jsonData`): above 1 means JSONValueKit is faster. Run it right after the
Swift benchmarks, on an otherwise idle machine.
"""
import json
import os
import sys
import time

import orjson

CORPUS = os.environ.get("JSONVALUEKIT_CORPUS") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpus")
NAMES = ["twitter", "citm_catalog", "canada"]
ROUNDS = 5
RUNS_PER_ROUND = 40


def best_of(function, runs):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter_ns()
        function()
        best = min(best, time.perf_counter_ns() - start)
    return best / 1000  # microseconds


def measure():
    data = {name: open(os.path.join(CORPUS, name + ".json"), "rb").read() for name in NAMES}
    objects = {name: orjson.loads(data[name]) for name in NAMES}
    times = {(name, kind): float("inf") for name in NAMES for kind in ("loads", "dumps")}
    for _ in range(ROUNDS):
        for name in NAMES:
            loads = best_of(lambda: orjson.loads(data[name]), RUNS_PER_ROUND)
            dumps = best_of(lambda: orjson.dumps(objects[name]), RUNS_PER_ROUND)
            times[(name, "loads")] = min(times[(name, "loads")], loads)
            times[(name, "dumps")] = min(times[(name, "dumps")], dumps)
    return times


def swift_minimums(path):
    results = {}
    for entry in json.load(open(path)):
        name = entry["benchmark"].split(".", 3)[-1]
        results[name] = entry["secondaryMetrics"]["Time (wall clock)"]["scorePercentiles"]["0.0"]
    return results


def main():
    times = measure()
    swift = swift_minimums(sys.argv[1]) if len(sys.argv) > 1 else {}
    print(f"{'file':14} {'orjson.loads µs':>16} {'orjson.dumps µs':>16} {'parse ratio':>12} {'write ratio':>12}")
    for name in NAMES:
        loads, dumps = times[(name, "loads")], times[(name, "dumps")]
        parse = swift.get(f"Parse/{name}/JSONValue(parsing:)")
        write = swift.get(f"Write/{name}/jsonData")
        parse_ratio = f"{loads / parse:11.2f}x" if parse else "           -"
        write_ratio = f"{dumps / write:11.2f}x" if write else "           -"
        print(f"{name:14} {loads:16.0f} {dumps:16.0f} {parse_ratio} {write_ratio}")


if __name__ == "__main__":
    main()
