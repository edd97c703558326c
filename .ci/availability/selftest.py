"""`.ci/check-availability --self-test`: shows that the check refuses APIs
newer than the floor in a library file, naming the file, line and API, and
accepts them under a guard that covers them.

1. Package.swift's platforms are read as SwiftPM reads them (three throwaway
   manifests: spellings, traits, tools-version 6.1, and none at all).
2. A package of its own (tools-version 6.1, no platforms, one library target
   holding Probe.swift) is made in a temporary directory, and the check runs
   on it against SwiftPM's default floors. Each probe line says what must happen to it (`// finding: API` or
   `// guarded`); only the probe's lines are asserted on. Building this small
   package instead of a copy of the whole repository keeps the test to
   seconds; the check itself reads every target the same way.
3. The same package is checked against floors as high as the probes need,
   and no probe line may be reported.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from .platforms import SWIFTPM_DEFAULT_FLOORS, Manifest, Version

PROBE = os.path.join(os.path.dirname(os.path.realpath(__file__)), "Probe.swift")
PROBE_NAME = "_AvailabilityProbe.swift"
EXPECTATION = re.compile(r"//\s*(?:finding: (?P<api>.+?)|(?P<guarded>guarded))\s*$")
LOW_FLOOR = ",".join(f"{p}={v}" for p, v in SWIFTPM_DEFAULT_FLOORS.items())
HIGH_FLOOR = "macOS=15,iOS=18,tvOS=18,watchOS=11,visionOS=2"

MANIFEST = """// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Floors",
    {platforms}
    products: [.library(name: "Floors", targets: ["Floors"])],
    traits: [.default(enabledTraits: ["Extra"]), "Extra"],
    targets: [.target(name: "Floors")]
)
"""


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


def check_manifests(directory):
    cases = [
        ('platforms: [.macOS(.v10_15), .iOS("13.0"), .watchOS(.v6), .visionOS(.v1)],',
         {"macOS": "10.15", "iOS": "13", "tvOS": "12", "watchOS": "6", "visionOS": "1"}),
        ("platforms: [.macOS(.v13), .tvOS(.v16)],",
         {"macOS": "13", "iOS": "12", "tvOS": "16", "watchOS": "4", "visionOS": "1"}),
        ("", {"macOS": "10.13", "iOS": "12", "tvOS": "12", "watchOS": "4", "visionOS": "1"}),
    ]
    for index, (platforms, expected) in enumerate(cases):
        package = os.path.join(directory, f"manifest-{index}")
        os.makedirs(os.path.join(package, "Sources", "Floors"))
        with open(os.path.join(package, "Package.swift"), "w") as file:
            file.write(MANIFEST.replace("{platforms}", platforms))
        with open(os.path.join(package, "Sources", "Floors", "Floors.swift"), "w") as file:
            file.write("public let floors = 1\n")
        floors = Manifest(package).floors
        expected = {platform: Version.parse(version) for platform, version in expected.items()}
        expect(floors == expected, f"platforms {platforms or '(none)'!r} read as {floors}, expected {expected}")
    return len(cases)


PROBE_MANIFEST = """// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Probes",
    products: [.library(name: "Probes", targets: ["Probes"])],
    targets: [.target(name: "Probes", swiftSettings: [.swiftLanguageMode(.v6)])]
)
"""


def make_probe_package(destination):
    """A package whose one library target holds the probe; returns the probe's path in it."""
    sources = os.path.join(destination, "Sources", "Probes")
    os.makedirs(sources)
    with open(os.path.join(destination, "Package.swift"), "w") as file:
        file.write(PROBE_MANIFEST)
    with open(os.path.join(sources, "Probes.swift"), "w") as file:
        file.write("public let probes = 1\n")
    probe = os.path.join("Sources", "Probes", PROBE_NAME)
    shutil.copy(PROBE, os.path.join(destination, probe))
    return probe


def expectations():
    """(line, API or None for guarded) for every marked probe line."""
    with open(PROBE) as file:
        for number, line in enumerate(file, start=1):
            match = EXPECTATION.search(line)
            if match and not line.lstrip().startswith("//"):
                yield number, match.group("api")


def run_check(checker, package, scratch, cache, floor):
    result = subprocess.run(
        [sys.executable, checker, "--package-path", package, "--scratch-path", scratch,
         "--symbol-graph-cache", cache, "--floor", floor],
        capture_output=True, text=True)
    if result.returncode == 2 or "Traceback" in result.stderr:
        raise Failure(f"the check did not run:\n{result.stdout}{result.stderr}")
    return result.returncode, result.stdout


def run(checker, arguments):
    package_dir = os.path.realpath(arguments.package_path)
    scratch = os.path.realpath(arguments.scratch_path or os.path.join(package_dir, ".build-availability"))
    cache = arguments.symbol_graph_cache or os.path.join(scratch, "symbol-graphs")
    with tempfile.TemporaryDirectory(prefix="check-availability-") as directory:
        try:
            manifests = check_manifests(directory)

            copy = os.path.join(directory, "package")
            probe = make_probe_package(copy)
            expect(Manifest(copy).library_targets() == ["Probes"], "the probe package's library target was not read")
            copy_scratch = os.path.join(directory, "scratch")

            status, output = run_check(checker, copy, copy_scratch, cache, LOW_FLOOR)
            expect(status == 1, f"exit status {status} with probes above the floor, expected 1:\n{output}")
            reported = [line for line in output.splitlines() if line.startswith(probe + ":")]
            count = 0
            for number, api in expectations():
                here = [line for line in reported if line.startswith(f"{probe}:{number}:")]
                if api is None:
                    expect(not here, f"{probe}:{number} is guarded but was reported:\n" + "\n".join(here))
                else:
                    expect(any(f" error: {api} (" in line for line in here),
                           f"{probe}:{number}: {api} was not reported; the probe's findings:\n" + "\n".join(reported))
                count += 1
            unexpected = [line for line in reported if int(line.split(":")[1]) not in dict(expectations())]
            expect(not unexpected, "reported on unmarked probe lines:\n" + "\n".join(unexpected))

            _, output = run_check(checker, copy, copy_scratch, cache, HIGH_FLOOR)
            reported = [line for line in output.splitlines() if line.startswith(probe + ":")]
            expect(not reported, f"probes reported although the floor is {HIGH_FLOOR}:\n" + "\n".join(reported))
        except Failure as failure:
            print(f"check-availability --self-test: FAILED: {failure}")
            return 1
    print(f"check-availability --self-test: passed ({manifests} manifests read as SwiftPM reads them; "
          f"{count} probe lines in {probe} reported or accepted as marked against {LOW_FLOOR}; "
          f"none reported against {HIGH_FLOOR})")
    return 0
