"""Apple platforms, versions, and the floors a package declares.

A floor is the lowest version of each Apple platform the package supports:
what Package.swift's `platforms:` declares, or SwiftPM's default for a
platform it does not name.
"""
import json
import os
import subprocess

# The platforms checked, in the order Apple's own annotations list them.
PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")

# Spellings of those platforms in `@available`, `#available`, symbol graphs
# and `swift package dump-package`. Application-extension and Mac Catalyst
# domains are not checked.
_ALIASES = {
    "macos": "macOS", "osx": "macOS",
    "ios": "iOS",
    "tvos": "tvOS",
    "watchos": "watchOS",
    "visionos": "visionOS", "xros": "visionOS",
}

def platform_named(name):
    """The canonical name of an Apple platform, or None for anything else
    (`swift`, `*`, `macCatalyst`, `iOSApplicationExtension`, `Linux`...)."""
    return _ALIASES.get(name.lower())


class Version(tuple):
    """A dotted version such as 10.15 or 26.4, compared numerically;
    trailing zeros do not count (13 == 13.0)."""

    def __new__(cls, parts):
        parts = list(parts)
        while len(parts) > 1 and parts[-1] == 0:
            parts.pop()
        return super().__new__(cls, parts)

    @classmethod
    def parse(cls, text):
        """'10.15', '13.0', '2' (raises ValueError for anything else)."""
        return cls(int(part) for part in text.split("."))

    @classmethod
    def from_symbol_graph(cls, value):
        """A symbol graph's {"major": 10, "minor": 15, "patch": 0}."""
        return cls((value["major"], value.get("minor", 0), value.get("patch", 0)))

    def __str__(self):
        return ".".join(str(part) for part in self)


# Stands for "never": the version an `unavailable` platform would need, and
# what code that cannot run on a platform may assume of it.
NEVER = Version((1 << 30,))

# SwiftPM's deployment targets for a platform that `platforms:` does not
# name (tools-version 6.0 and later).
SWIFTPM_DEFAULT_FLOORS = {
    "macOS": Version((10, 13)),
    "iOS": Version((12,)),
    "tvOS": Version((12,)),
    "watchOS": Version((4,)),
    "visionOS": Version((1,)),
}


def describe(versions, platforms=PLATFORMS):
    """'macOS 10.15, iOS 13' for the platforms present, in PLATFORMS order."""
    parts = []
    for platform in platforms:
        if platform not in versions:
            continue
        version = versions[platform]
        parts.append(f"unavailable on {platform}" if version == NEVER else f"{platform} {version}")
    return ", ".join(parts)


def parse_floor_option(text):
    """--floor 'macOS=10.15,iOS=13' -> {platform: Version}."""
    floors = {}
    for item in text.split(","):
        name, _, version = item.partition("=")
        platform = platform_named(name.strip())
        if platform is None or not version:
            raise ValueError(f"--floor: expected PLATFORM=VERSION, got {item!r}")
        floors[platform] = Version.parse(version.strip())
    return floors


class Manifest:
    """What the checker needs from Package.swift, as SwiftPM reads it
    (`swift package dump-package` evaluates the manifest, so every spelling
    of `platforms:` -- `.macOS(.v10_15)`, `.iOS("13.0")`, a shared constant,
    conditional code -- comes out the same)."""

    def __init__(self, package_dir):
        dump = json.loads(subprocess.run(
            ["swift", "package", "--package-path", package_dir, "dump-package"],
            check=True, capture_output=True, text=True).stdout)
        self.name = dump["name"]
        self.tools_version = dump["toolsVersion"]["_version"]
        self.declared = {}
        for entry in dump.get("platforms") or []:
            platform = platform_named(entry["platformName"])
            if platform is not None:
                self.declared[platform] = Version.parse(entry["version"])
        self.floors = {**SWIFTPM_DEFAULT_FLOORS, **self.declared}
        self.traits = [trait["name"] for trait in dump.get("traits") or [] if trait["name"] != "default"]
        # name -> (kind, the directories of its sources, relative to the
        # package): the target's folder, or the `sources:` in it (the
        # library's folder is the package root, its sources one folder).
        self.targets = {}
        for target in dump["targets"]:
            kind = target["type"]
            default_root = "Tests" if kind == "test" else "Sources"
            path = target.get("path") or f"{default_root}/{target['name']}"
            sources = target.get("sources") or [""]
            directories = tuple(os.path.normpath(os.path.join(path, source)) for source in sources)
            self.targets[target["name"]] = (kind, directories)

    def library_targets(self):
        """Targets whose code ships to users: regular (non-test,
        non-executable, non-plugin) targets."""
        return [name for name, (kind, _) in self.targets.items() if kind == "regular"]

    def all_targets(self):
        """Every target that SwiftPM compiles as Swift for the package."""
        return [name for name, (kind, _) in self.targets.items()
                if kind in ("regular", "executable", "test")]


def module_name(target_name):
    """The module a target compiles to (SwiftPM's c99name)."""
    return "".join(c if c.isalnum() or c == "_" else "_" for c in target_name)
