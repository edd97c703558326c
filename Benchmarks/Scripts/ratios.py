#!/usr/bin/env python3
"""Turns one package-benchmark run (JMH JSON export) into the ratios the issues ask for.

Usage, from Benchmarks/:
    swift package benchmark --format jmh --path .benchmark-run
    python3 Scripts/ratios.py .benchmark-run/Current_run.jmh.json

Every ratio compares two benchmarks of the same run: the baseline's wall-clock time
divided by JSONValueKit's, so 8.0 means eight times faster. The times compared are
the minimum over the run's iterations: on a shared machine without hardware counters,
noise only ever adds time, so the minimum is the stable estimate (p50 is shown too).
"""
import json
import os
import sys

CORPUS = os.environ.get("JSONVALUEKIT_CORPUS") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpus")

# (group, JSONValueKit benchmark, baseline benchmark, goal)
COMPARISONS = [
    ("Decode", "JSONDecoder+JSONValue", "JSONDecoder+NaiveJSON", 1.5),
    ("Parse", "JSONValue(parsing:)", "Decode/{name}/JSONSerialization", 8.0),
    ("Parse", "JSONValue(parsing:)", "Decode/{name}/JSONDecoder+JSONValue", 15.0),
    ("Write", "jsonData", "JSONSerialization", 30.0),
    ("Write", "jsonData", "JSONEncoder", 8.0),
    ("Model", "JSONValueDecoder", "JSONEncoder+JSONDecoder", 5.0),
    ("Model", "JSONValue(parsing:)+JSONValueDecoder", "JSONDecoder", None),
    # Issue 42: 4x on every model, the benchmarks' own (Models.swift) and
    # those written as apps write them (app-*, Sources/AppModels).
    ("Model", "JSONValueDecoder(Data)", "JSONDecoder", 4.0),
    ("Model", "JSONValueEncoder(Data)", "JSONEncoder", 3.0),
    # Issue 12: "within 2x of compact" is a ratio of at least 1/2.
    ("Write", "jsonData(sortedKeys)", "jsonData", 1 / 2),
    ("Write", "jsonData(prettyPrinted)", "jsonData", 1 / 2),
    # Costs, not speed-ups: "at most 10% slower" is a ratio of at least 1/1.1,
    # "within 20%" at least 1/1.2.
    ("Model", "JSONValueDecoder-lenient-deviations", "JSONValueDecoder", 1 / 1.1),
    ("Parse", "JSONValue(parsing:allowsJSON5)", "JSONValue(parsing:)", 1 / 1.2),
    ("Model", "JSONValueEncoder", "JSONEncoder+JSONValue(parsing:)", 3.0),
    # JSONPath against the same walk by hand: "aim within 3x" means a ratio of
    # at least 1/3 (the hand walk's time divided by the query's).
    ("Path", "filter-query", "filter-by-hand", 1 / 3),
    ("Path", "filter-queryValues", "filter-by-hand", 1 / 3),
    ("Path", "descendant-query", "descendant-by-hand", 1 / 3),
    ("Path", "descendant-queryValues", "descendant-by-hand", 1 / 3),
    ("Pointer", "JSONValue[pointer:]", "subscripts", None),
    # Issue 20: ten times the string costs at most 15 times the time, so the
    # ratio of the short string's time to the long one's is at least 1/15
    # (the long one must also take under 10 ms: see its min µs above).
    ("Regex", "10000", "1000", 1 / 15),
    # Issue 21: a JSONObject lookup within 1.2x of a Dictionary's.
    ("Lookup", "JSONObject", "Dictionary", 1 / 1.2),
    # Ten times the members cost about ten times as much to parse (at most 12x).
    ("Growth", "10000", "1000", 1 / 12),
    ("Growth", "100000", "10000", 1 / 12),
    # Issue 22: feeding a file costs at most 3x one parse in 1-byte chunks and
    # with a partial value after every 1 KiB, at most 1.2x in 4 KiB chunks.
    ("Incremental", "1-byte", "Parse/{name}/JSONValue(parsing:)", 1 / 3),
    ("Incremental", "4KiB", "Parse/{name}/JSONValue(parsing:)", 1 / 1.2),
    ("Incremental", "partialValue-every-1KiB", "Parse/{name}/JSONValue(parsing:)", 1 / 3),
    # What feeding a byte at a time costs before any parsing (no goal): the
    # caller's loop and the call, against one parse.
    ("Incremental", "1-byte-call-floor", "Parse/{name}/JSONValue(parsing:)", None),
]


def load(path):
    results = {}
    for entry in json.load(open(path)):
        name = entry["benchmark"].split(".", 3)[-1]
        metrics = entry["secondaryMetrics"]
        percentiles = metrics["Time (wall clock)"]["scorePercentiles"]
        mallocs = metrics.get("Malloc (total)", {}).get("scorePercentiles", {}).get("50.0")
        results[name] = (percentiles["0.0"], mallocs, percentiles["50.0"])
    return results


def main():
    results = load(sys.argv[1])
    names = sorted({key.split("/")[1] for key in results})
    print(f"{'benchmark':58} {'min µs':>10} {'p50 µs':>10} {'MB/s':>8} {'mallocs':>9}")
    for key in sorted(results):
        wall, mallocs, median = results[key]
        corpus = key.split("/")[1].removeprefix("app-")  # app-twitter decodes twitter.json
        path = os.path.join(CORPUS, corpus + ".json")
        size = os.path.getsize(path) if os.path.exists(path) else None
        rate = f"{size / wall:8.1f}" if size else "       -"
        print(f"{key:58} {wall:10.0f} {median:10.0f} {rate} {mallocs if mallocs is not None else '-':>9}")
    print()
    print(f"{'comparison':78} {'ratio':>7} {'goal':>6}")
    failures = 0
    for group, ours, baseline, goal in COMPARISONS:
        for name in names:
            ours_key = f"{group}/{name}/{ours}"
            base_key = baseline.format(name=name) if "{name}" in baseline else f"{group}/{name}/{baseline}"
            if ours_key not in results or base_key not in results:
                continue
            ratio = results[base_key][0] / results[ours_key][0]
            met = "" if goal is None else ("ok" if ratio >= goal else "MISSED")
            failures += met == "MISSED"
            goal_text = "-" if goal is None else f"{goal:.2f}x"
            print(f"{ours_key + '  vs  ' + base_key:78} {ratio:6.2f}x {goal_text:>6} {met}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
