#!/usr/bin/env python3
"""Times pydantic's partial validation of a streamed tool call, chunk by chunk, beside the Swift
benchmarks `Streaming/ToolCall/*` (issue 40, part 4).

Usage, from Benchmarks/:
    python3 Scripts/pydantic_partial.py                                       # pydantic alone
    python3 Scripts/pydantic_partial.py .benchmark-run/Current_run.jmh.json   # and the ratios

The stream is `Data/tool_call.json` (about 100 KB), fed 4 bytes at a time, as the Swift
benchmarks feed it. After every chunk, pydantic 2.13 parses the whole buffer so far with
`pydantic_core.from_json(buffer, allow_partial=True)` and validates the result with a
`TypeAdapter` of TypedDicts that mirror `Data/tool_call_schema.json`, with
`experimental_allow_partial=True` (the way pydantic, instructor and the Vercel AI SDK follow a
stream: the whole buffer again after every chunk). A partial value that fails validation (a
required key not yet there) counts as a verdict too: the time is what matters.

The time is the minimum over a few runs (noise only adds time). Given a package-benchmark JMH
export, the script also prints the Swift figures of the same run and the ratios: pydantic's
time over `Streaming/ToolCall/validate`, and `validate` over `parse` (the goal is at most 1.5).
"""
import json
import os
import sys
import time
from typing import List, Literal

import pydantic
import pydantic_core
from pydantic import TypeAdapter
from typing_extensions import NotRequired, TypedDict

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Data")
CHUNK = 4


class Wind(TypedDict):
    speed: float
    direction: Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


class Day(TypedDict):
    date: str
    high: float
    low: float
    conditions: Literal["sunny", "cloudy", "rain", "snow", "storm", "fog"]
    wind: NotRequired[Wind]
    summary: NotRequired[str]
    alerts: NotRequired[List[str]]


class Report(TypedDict):
    title: str
    city: str
    units: Literal["celsius", "fahrenheit"]
    days: List[Day]
    notes: NotRequired[str]
    sources: NotRequired[List[str]]


def run(stream: bytes, adapter: TypeAdapter) -> int:
    verdicts = 0
    for end in range(CHUNK, len(stream) + CHUNK, CHUNK):
        try:
            partial = pydantic_core.from_json(stream[:end], allow_partial=True)
            adapter.validate_python(partial, experimental_allow_partial=True)
            verdicts += 1
        except (ValueError, pydantic.ValidationError):
            pass
    return verdicts


def swift_figures(path):
    """Minimum wall-clock times in microseconds of the Streaming/ToolCall benchmarks, from a
    package-benchmark JMH export (read as Scripts/ratios.py reads it)."""
    figures = {}
    with open(path) as file:
        for entry in json.load(file):
            name = entry["benchmark"].split(".", 3)[-1]
            if not name.startswith("Streaming/ToolCall/"):
                continue
            wall = entry["secondaryMetrics"]["Time (wall clock)"]["scorePercentiles"]["0.0"]
            figures[name.split("/")[-1]] = wall
    return figures


def main():
    with open(os.path.join(DATA, "tool_call.json"), "rb") as file:
        stream = file.read().rstrip(b"\n")
    adapter = TypeAdapter(Report)
    print(f"pydantic {pydantic.VERSION}, pydantic_core {pydantic_core.__version__}; "
          f"{len(stream)} bytes in {CHUNK}-byte chunks")
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        verdicts = run(stream, adapter)
        best = min(best, time.perf_counter() - start)
    print(f"pydantic partial validation after every chunk: {best * 1e3:.1f} ms ({verdicts} passing verdicts)")
    if len(sys.argv) > 1:
        figures = swift_figures(sys.argv[1])
        for name, value in sorted(figures.items()):
            print(f"Swift Streaming/ToolCall/{name}: {value / 1e3:.3f} ms")
        if "validate" in figures:
            print(f"pydantic / IncrementalValidator: {best * 1e6 / figures['validate']:.1f}x")
        if "validate" in figures and "parse" in figures:
            print(f"IncrementalValidator / bare parse: {figures['validate'] / figures['parse']:.2f}")


if __name__ == "__main__":
    main()
