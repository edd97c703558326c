"""Apple availability of the toolchain's public API, from symbol graphs.

`swift-symbolgraph-extract` reads a module's .swiftmodule/.swiftinterface and
writes its public symbols with their `@available` attributes as JSON:
`M.symbols.json` for M's own types and `M@N.symbols.json` for M's
extensions of N's types (`Foundation@Swift`, `_Concurrency@Swift`...; these
carry many symbols). The Linux toolchain's modules keep the Apple
availability annotations of their sources, so the data is the one the
compiler would use on an Apple platform -- as far as the annotations go
(see .ci/check-availability.md for what is missing).
"""
import hashlib
import json
import os
import subprocess
from typing import NamedTuple

from .platforms import NEVER, Version, platform_named

# Modules a Swift file may use without importing them, plus the Foundation
# family and the other toolchain libraries the package may reach for.
BASE_MODULES = (
    "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Dispatch",
    "FoundationEssentials", "FoundationInternationalization", "Foundation",
)

# Relationships that make a symbol part of another one, whose availability it
# inherits: a member of a type or extension, a requirement of a protocol.
_PARENT_RELATIONSHIPS = ("memberOf", "requirementOf", "optionalRequirementOf")


class ExtractionError(Exception):
    pass


class Requirement(NamedTuple):
    """What a symbol needs: the lowest version of each platform it exists on
    (NEVER where it is unavailable). Platforms without data are absent."""
    title: str  # e.g. JSONDecoder.allowsJSON5
    module: str
    versions: dict


class SymbolTable:
    """Every public symbol of the extracted modules, by USR."""

    def __init__(self):
        self._own = {}  # usr -> (title, module, {platform: Version})
        self._parents = {}  # usr -> [usr]
        self._declarations = {}  # usr -> (declaration text, has constraints)
        self._defaults = {}  # requirement usr -> [default implementation usr]
        self._resolved = {}
        self.modules = []
        # Per module: (symbols, how many of them have Apple availability data).
        self.coverage = {}

    def __contains__(self, usr):
        return usr in self._own

    def __len__(self):
        return len(self._own)

    def add_graph(self, path):
        """Adds the symbols of one .symbols.json file."""
        module = os.path.basename(path).split("@")[0].removesuffix(".symbols.json")
        with open(path) as file:
            graph = json.load(file)
        symbols, annotated = self.coverage.get(module, (0, 0))
        for symbol in graph["symbols"]:
            usr = symbol["identifier"]["precise"]
            versions = _versions(symbol.get("availability", ()))
            title = ".".join(symbol["pathComponents"])
            if usr in self._own:  # the same symbol seen through another module
                _, _, known = self._own[usr]
                versions = _latest(known, versions)
            else:
                symbols += 1
                annotated += bool(versions)
            self._own[usr] = (title, module, versions)
            self._declarations[usr] = (
                "".join(f["spelling"] for f in symbol.get("declarationFragments", ()) if f["kind"] != "attribute"),
                bool(symbol.get("swiftExtension", {}).get("constraints")
                     or symbol.get("swiftGenerics", {}).get("constraints")))
        self.coverage[module] = (symbols, annotated)
        for relationship in graph["relationships"]:
            source, target = relationship["source"], relationship["target"]
            if relationship["kind"] in _PARENT_RELATIONSHIPS:
                self._parents.setdefault(source, []).append(target)
            elif relationship["kind"] == "defaultImplementationOf":
                self._defaults.setdefault(target, []).append(source)

    def requirement(self, usr):
        """The availability of a symbol, including what it inherits from the
        types, extensions and protocols that contain it (a member without an
        annotation of its own is as available as its container; one with an
        annotation cannot be more available than it). None if unknown."""
        if usr not in self._own:
            return None
        if usr in self._resolved:
            return self._resolved[usr]
        title, module, versions = self._own[usr]
        # Seen while resolving its own containers (never expected): its own
        # annotations then stand.
        self._resolved[usr] = Requirement(title, module, versions)
        for parent in self._parents.get(usr, ()):
            inherited = self.requirement(parent)
            if inherited is not None:
                versions = _latest(versions, inherited.versions)
        for default in self._same_default_implementations(usr):
            versions = _earliest(versions, self.requirement(default).versions)
        self._resolved[usr] = Requirement(title, module, versions)
        return self._resolved[usr]

    def _same_default_implementations(self, requirement):
        """Default implementations that a call of a protocol requirement falls
        back to where the requirement is not available: declared exactly like
        it in an unconstrained protocol extension. That is how a requirement
        can be added to a protocol later (`FixedWidthInteger.&*`, macOS 15)
        over an operator every version had: on an older target the compiler
        ranks the requirement as unavailable and picks the extension's."""
        declaration, _ = self._declarations.get(requirement, ("", False))
        return [default for default in self._defaults.get(requirement, ())
                if default in self._own and self._declarations[default] == (declaration, False)]


def _versions(entries):
    """{platform: Version} from a symbol's "availability" entries.

    `introduced` gives the version; `isUnconditionallyUnavailable` on a
    platform gives NEVER. Entries for `*` (deprecations, or unavailability
    everywhere, which the Linux build would already reject), `swift`
    (language versions), Mac Catalyst and app extensions are skipped, and so
    are `deprecated` and `obsoleted`. visionOS has what its own entries say:
    an iOS version is not translated into a visionOS one (the mapping lives in
    the Apple SDKs, not in the Linux toolchain)."""
    versions = {}
    for entry in entries:
        platform = platform_named(entry.get("domain", ""))
        if platform is None:
            continue
        if entry.get("isUnconditionallyUnavailable"):
            versions[platform] = NEVER
        elif "introduced" in entry:
            introduced = Version.from_symbol_graph(entry["introduced"])
            versions[platform] = max(versions.get(platform, introduced), introduced)
    return versions


def _latest(first, second):
    merged = dict(first)
    for platform, version in second.items():
        merged[platform] = max(merged.get(platform, version), version)
    return merged


def _earliest(first, second):
    """Where either of two symbols will do: each platform's lower version,
    and no requirement where one of them has none."""
    return {platform: min(version, second[platform])
            for platform, version in first.items() if platform in second}


def _extract(module, triple, output_dir):
    """Starts swift-symbolgraph-extract for one module."""
    os.makedirs(output_dir, exist_ok=True)
    return subprocess.Popen(
        ["swift-symbolgraph-extract", "-module-name", module, "-target", triple, "-sdk", "/",
         "-output-dir", output_dir, "-minimum-access-level", "public", "-skip-synthesized-members"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def load(modules, target_info, cache_dir, log):
    """Extracts (or reuses from `cache_dir`) the symbol graphs of `modules`
    that the toolchain has as Swift modules, and reads them into a table.

    Extraction is cached per toolchain version and target, so the second
    pass of a CI run (and the self-test) reuse the first one's."""
    triple = target_info["target"]["triple"]
    library_dir = os.path.join(target_info["paths"]["runtimeResourcePath"], target_info["target"]["platform"])
    key = hashlib.sha256(f"{target_info['compilerVersion']}|{triple}".encode()).hexdigest()[:16]
    cache_dir = os.path.join(cache_dir, key)
    available = [m for m in modules if os.path.exists(os.path.join(library_dir, f"{m}.swiftmodule"))]

    pending = []
    for module in available:
        output_dir = os.path.join(cache_dir, module)
        if not os.path.exists(os.path.join(output_dir, ".complete")):
            pending.append((module, output_dir))
    if pending:
        log(f"extracting symbol graphs: {', '.join(module for module, _ in pending)}")
    parallel = max(1, os.cpu_count() or 1)
    for start in range(0, len(pending), parallel):
        batch = [(module, output_dir, _extract(module, triple, output_dir))
                 for module, output_dir in pending[start:start + parallel]]
        for module, output_dir, process in batch:
            _, errors = process.communicate()
            if process.returncode != 0:
                raise ExtractionError(f"swift-symbolgraph-extract failed for {module}:\n{errors}")
            open(os.path.join(output_dir, ".complete"), "w").close()

    table = SymbolTable()
    table.modules = available
    for module in available:
        output_dir = os.path.join(cache_dir, module)
        for name in sorted(os.listdir(output_dir)):
            if name.endswith(".symbols.json"):
                table.add_graph(os.path.join(output_dir, name))
    return table

