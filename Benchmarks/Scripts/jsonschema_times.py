#!/usr/bin/env python3
"""Times jsonschema-rs and python's jsonschema on the JSON Schema pairs the way the Swift
benchmarks time JSONValueKit, and compares them when given a package-benchmark run (issue 32).

Usage, from Benchmarks/:
    python3 Scripts/jsonschema_times.py                                    # the Python libraries alone
    python3 Scripts/jsonschema_times.py .benchmark-run/Current_run.jmh.json   # and the ratios

The pairs are those of `../shared/corpus/json-schema/README.md`, named as in
`SchemaBenchmarks.swift`. Schemas and instances are loaded once with orjson. Measured:
- `validator.is_valid(instance)` with a validator built beforehand (jsonschema-rs:
  `jsonschema_rs.validator_for(schema)`; jsonschema: `validator_for(schema)(schema)`),
  against `Schema/<pair>/isValid`;
- compiling: `jsonschema_rs.validator_for(schema)` and jsonschema's
  `validator_for(schema)(schema)`, against `Schema/<pair>/compile`. jsonschema's constructor is
  lazy: it resolves references and reads keywords only while validating, so its compile time is
  not a real compilation and its ratio says little.

As in orjson_times.py, each time is the minimum over many runs, taken over several interleaved
rounds (every measurement of every pair in turn), because noise on a shared machine only ever
adds time. The quick pairs (Fast valid and invalid, Recursive, FHIR) take from a tenth of a
microsecond to some tens: there, as in the Swift benchmarks (scaling factor `.kilo`), one run
is a thousand calls, and the time reported is per call, so that neither harness's cost per run
counts. Python's own loop and call add a few tens of nanoseconds to each of
those calls; jsonschema-rs also converts the Python objects as it validates them, which is part
of what its users pay.

python's jsonschema takes seconds per call on the large pairs (about 4 s on GeoJSON, 7 s on
Swagger, 8 s on Recursive) and 20 µs or more on the quick ones: it makes one call per run, its
runs are limited to a time budget per round (at least one run each), and it has fewer rounds,
so its figures are less settled than the others; they are the second column only. The whole
script takes about two minutes.

Ratios are the reference's minimum divided by JSONValueKit's: above 1 means JSONValueKit is
faster. Goals (issue 32): isValid at least as fast as jsonschema-rs on every pair (ratio >= 1),
compiling the FHIR schema at most twice jsonschema-rs's time (ratio >= 0.5). Run it right
after the Swift benchmarks, on an otherwise idle machine.
"""
import itertools
import json
import os
import sys
import time

import jsonschema
import jsonschema_rs
import orjson

CORPUS = os.environ.get("JSONVALUEKIT_CORPUS") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpus")

# (pair, schema, instance, valid): paths relative to CORPUS, as in SchemaBenchmarks.swift.
PAIRS = [
    ("CITM", "json-schema/citm_catalog_schema.json", "citm_catalog.json", True),
    ("GeoJSON", "json-schema/geojson.json", "canada.json", True),
    ("FastValid", "json-schema/fast_schema.json", "json-schema/fast_valid.json", True),
    ("FastInvalid", "json-schema/fast_schema.json", "json-schema/fast_invalid.json", False),
    ("Recursive", "json-schema/recursive_schema.json", "json-schema/recursive_instance.json", True),
    ("FHIR", "json-schema/fhir.schema.json", "json-schema/patient-example-d.json", True),
    ("Swagger", "json-schema/swagger.json", "json-schema/kubernetes.json", True),
]
# FastInvalid shares FastValid's schema: its compile is measured once, under FastValid.
COMPILED = [pair for pair in PAIRS if pair[0] != "FastInvalid"]

# The quick pairs: a thousand calls per run, as the Swift benchmarks' `.kilo` scaling factor
# (`quick` in SchemaBenchmarks.swift; keep the two in step).
QUICK = {"FastValid", "FastInvalid", "Recursive", "FHIR"}

# jsonschema-rs and JSONValueKit: every round, up to RUNS runs or BUDGET seconds per measurement.
ROUNDS = 5
RUNS_PER_ROUND = 40
BUDGET = 0.5
# python's jsonschema: fewer rounds and a budget per measurement and round (at least one run).
SLOW_ROUNDS = 2
SLOW_RUNS_PER_ROUND = 10
SLOW_BUDGET = 1.0


def calls_per_run(pair):
    return 1000 if pair in QUICK else 1


def best_of(function, argument, calls, runs, budget):
    """The least time of one call of `function(argument)`, in microseconds: runs of `calls`
    calls each, up to `runs` runs or until `budget` seconds are spent (at least one run)."""
    best = float("inf")
    spent = 0
    for _ in range(runs):
        start = time.perf_counter_ns()
        for _ in itertools.repeat(None, calls):
            function(argument)
        elapsed = time.perf_counter_ns() - start
        best = min(best, elapsed / calls)
        spent += elapsed
        if spent > budget * 1e9:
            break
    return best / 1000


def python_validator(schema):
    return jsonschema.validators.validator_for(schema)(schema)


def load(path):
    with open(os.path.join(CORPUS, path), "rb") as file:
        return orjson.loads(file.read())


def measure():
    schemas = {path: load(path) for _, path, _, _ in PAIRS}
    instances = {pair: load(path) for pair, _, path, _ in PAIRS}
    fast = {pair: jsonschema_rs.validator_for(schemas[path]) for pair, path, _, _ in PAIRS}
    slow = {pair: python_validator(schemas[path]) for pair, path, _, _ in PAIRS}
    for pair, _, _, valid in PAIRS:
        for library, validator in (("jsonschema-rs", fast[pair]), ("jsonschema", slow[pair])):
            if validator.is_valid(instances[pair]) != valid:
                sys.exit(f"{library} says {pair} is {'in' if valid else ''}valid; the README says otherwise")

    times = {}

    def keep(key, value):
        times[key] = min(times.get(key, float("inf")), value)

    for round_index in range(ROUNDS):
        for pair, schema, _, _ in PAIRS:
            calls = calls_per_run(pair)
            keep((pair, "rs", "is_valid"),
                 best_of(fast[pair].is_valid, instances[pair], calls, RUNS_PER_ROUND, BUDGET))
            if pair != "FastInvalid":
                keep((pair, "rs", "compile"),
                     best_of(jsonschema_rs.validator_for, schemas[schema], 1, RUNS_PER_ROUND, BUDGET))
            if round_index < SLOW_ROUNDS:
                keep((pair, "py", "is_valid"),
                     best_of(slow[pair].is_valid, instances[pair], 1, SLOW_RUNS_PER_ROUND, SLOW_BUDGET))
                if pair != "FastInvalid":
                    keep((pair, "py", "compile"),
                         best_of(python_validator, schemas[schema], 1, SLOW_RUNS_PER_ROUND, SLOW_BUDGET))
    return times


def swift_times(path):
    """JSONValueKit's minimum per call in µs, by benchmark name: the run's minimum over its
    iterations, divided by the calls per iteration of the scaled benchmarks."""
    calls = {pair: calls_per_run(pair) for pair, _, _, _ in PAIRS}
    results = {}
    for entry in json.load(open(path)):
        name = entry["benchmark"].split(".", 3)[-1]
        parts = name.split("/")
        if parts[0] != "Schema" or len(parts) != 3:
            continue
        minimum = entry["secondaryMetrics"]["Time (wall clock)"]["scorePercentiles"]["0.0"]
        # Compiling is never scaled; isValid and validate are, on the quick pairs.
        results[name] = minimum / (1 if parts[2] == "compile" else calls[parts[1]])
    return results


def ratio(reference, ours):
    return f"{reference / ours:8.2f}x" if ours else "        -"


def number(value):
    if value is None:
        return "-"
    return f"{value:.3f}" if value < 10 else f"{value:.0f}"


def main():
    times = measure()
    swift = swift_times(sys.argv[1]) if len(sys.argv) > 1 else {}
    failures = 0

    def goal_text(value, ours, goal):
        nonlocal failures
        if not ours:
            return ""
        met = value / ours >= goal
        failures += not met
        return f"{goal:.1f}x {'ok' if met else 'MISSED'}"

    print("JVK = JSONValueKit, rs = jsonschema-rs, py = python's jsonschema. Times: µs per call, minimum.")
    print("Ratios: reference / JSONValueKit; above 1 = JSONValueKit faster.")
    print()
    print("isValid (JVK validate: the full validate(_:) path, for information)")
    print(f"{'pair':12} {'JVK isValid':>12} {'JVK validate':>13} {'rs is_valid':>12} {'py is_valid':>12}"
          f" {'vs rs':>9} {'vs py':>9}  goal")
    for pair, _, _, _ in PAIRS:
        ours = swift.get(f"Schema/{pair}/isValid")
        validate = swift.get(f"Schema/{pair}/validate")
        fast, slow = times[(pair, "rs", "is_valid")], times[(pair, "py", "is_valid")]
        print(f"{pair:12} {number(ours):>12} {number(validate):>13} {number(fast):>12} {number(slow):>12}"
              f" {ratio(fast, ours)} {ratio(slow, ours)}  {goal_text(fast, ours, 1.0)}")
    print()
    print("compile from a parsed schema (py: the constructor, which is lazy and compiles nothing)")
    print(f"{'pair':12} {'JVK compile':>12} {'rs validator_for':>17} {'py constructor':>15}"
          f" {'vs rs':>9} {'vs py':>9}  goal")
    for pair, _, _, _ in COMPILED:
        ours = swift.get(f"Schema/{pair}/compile")
        fast, slow = times[(pair, "rs", "compile")], times[(pair, "py", "compile")]
        goal = goal_text(fast, ours, 0.5) if pair == "FHIR" else ""
        print(f"{pair:12} {number(ours):>12} {number(fast):>17} {number(slow):>15}"
              f" {ratio(fast, ours)} {ratio(slow, ours)}  {goal}")
    print()
    print(f"python jsonschema: {SLOW_ROUNDS} rounds of at most {SLOW_RUNS_PER_ROUND} runs or {SLOW_BUDGET:g} s"
          f" per measurement; jsonschema-rs: {ROUNDS} rounds of at most {RUNS_PER_ROUND} runs or {BUDGET:g} s.")
    if swift:
        print(f"goals missed: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
