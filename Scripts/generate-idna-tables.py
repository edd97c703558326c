#!/usr/bin/env python3
"""Generates Sources/JSONValueKit/JSONSchema/Formats/_IDNATables.swift.

The `idn-hostname` format (and A-labels in `hostname`) needs per-code-point
facts that the Swift standard library does not offer on every platform: the
IDNA2008 derived property (RFC 5892), the Bidi class (for the Bidi rule of
RFC 5893), the joining type and the script (for the contextual rules of
RFC 5892 Appendix A), the canonical combining class, whether a code point is
a combining mark, and whether it may combine with what precedes it under NFC
(NFC_Quick_Check=Maybe), plus the canonical compositions of NFC.

Everything comes from the Unicode Character Database text files, by default
those of Debian's `unicode-data` package (`apt-get install unicode-data`,
files in /usr/share/unicode/); pass another UCD folder as the only argument.
Python's `unicodedata` module is not used, so that every fact comes from one
Unicode version.

The derived property is computed with the algorithm of RFC 5892 section 3,
from the categories of its section 2:

  A LetterDigits       General_Category in {Ll, Lu, Lo, Nd, Lm, Mn, Mc}
  B Unstable           toNFKC(toCaseFold(toNFKC(cp))) != cp
  C IgnorableProperties Default_Ignorable_Code_Point, White_Space or
                       Noncharacter_Code_Point
  D IgnorableBlocks    Combining Diacritical Marks for Symbols, Musical
                       Symbols, Ancient Greek Musical Notation
  E LDH                002D, 0030..0039, 0061..007A
  F Exceptions         the fixed list of section 2.6
  G BackwardCompatible empty
  H JoinControl        Join_Control
  I OldHangulJamo      Hangul_Syllable_Type L, V or T
  J Unassigned         General_Category Cn and not a noncharacter

NFKC (for B) is implemented here from UnicodeData.txt decompositions, the
full composition exclusions and the Hangul algorithm; case folding uses the
C and F mappings of CaseFolding.txt.

The script checks itself as it goes: its NFKC must agree with the UCD's
NFKC_Casefold mapping and its NFC and NFKC with NormalizationTest.txt; every
allowed code point must be in NFC on its own, with no NFC_Quick_Check=No;
every canonical decomposition of an allowed code point must be a primary
composite of two allowed code points (so the runtime NFC check can use one
small composition table).

Only code points that are not DISALLOWED or UNASSIGNED need the other
properties (a label with any other code point is rejected before they are
consulted), so the table stores 0 for those, and runs of equal values merge
into one range: the table is a sorted list of range starts with their value,
searched by bisection.
"""
import os
import sys

UCD = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
OUTPUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)),
    "..", "Sources", "JSONValueKit", "JSONSchema", "Formats", "_IDNATables.swift",
)
MAX = 0x110000


def path(name):
    return os.path.join(UCD, name)


def records(name):
    """Yields (first, last, fields) for each data line of a UCD file."""
    with open(path(name), encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [x.strip() for x in line.split(";")]
            span = fields[0].split("..")
            first = int(span[0], 16)
            last = int(span[-1], 16)
            yield first, last, fields[1:]


def missing_defaults(name):
    """Yields (first, last, value) for the file's `# @missing` lines, in order."""
    with open(path(name), encoding="utf-8") as f:
        for line in f:
            if line.startswith("# @missing:"):
                fields = [x.strip() for x in line[len("# @missing:"):].split(";")]
                span = fields[0].split("..")
                yield int(span[0], 16), int(span[-1], 16), fields[1:]


def read_version():
    # DerivedAge.txt names its version on its first line.
    with open(path("DerivedAge.txt"), encoding="utf-8") as f:
        first = f.readline().strip()
    return first.lstrip("# ").replace("DerivedAge-", "").replace(".txt", "")


VERSION = read_version()

# UnicodeData.txt: general category, combining class, decomposition.
category = ["Cn"] * MAX
combining = [0] * MAX
decomposition = {}
with open(path("UnicodeData.txt"), encoding="utf-8") as f:
    pending_first = None
    for line in f:
        fields = line.rstrip("\n").split(";")
        cp = int(fields[0], 16)
        name = fields[1]
        if name.endswith(", First>"):
            pending_first = cp
            continue
        first = pending_first if name.endswith(", Last>") else cp
        pending_first = None
        for c in range(first, cp + 1):
            category[c] = fields[2]
            combining[c] = int(fields[3])
        if fields[5]:
            decomposition[cp] = fields[5]

canonical = {}
compatibility = {}
for cp, text in decomposition.items():
    parts = text.split()
    if parts[0].startswith("<"):
        compatibility[cp] = [int(x, 16) for x in parts[1:]]
    else:
        canonical[cp] = [int(x, 16) for x in parts]
        compatibility[cp] = canonical[cp]


def binary_property(name, prop):
    values = [False] * MAX
    for first, last, fields in records(name):
        if fields[0] == prop:
            for c in range(first, last + 1):
                values[c] = True
    return values


full_exclusion = binary_property("DerivedNormalizationProps.txt", "Full_Composition_Exclusion")
default_ignorable = binary_property("DerivedCoreProperties.txt", "Default_Ignorable_Code_Point")
white_space = binary_property("PropList.txt", "White_Space")
noncharacter = binary_property("PropList.txt", "Noncharacter_Code_Point")
join_control = binary_property("PropList.txt", "Join_Control")
nfc_maybe = [False] * MAX
nfc_no = [False] * MAX
for first, last, fields in records("DerivedNormalizationProps.txt"):
    if fields[0] == "NFC_QC":
        for c in range(first, last + 1):
            if fields[1] == "M":
                nfc_maybe[c] = True
            elif fields[1] == "N":
                nfc_no[c] = True

hangul_type = [None] * MAX
for first, last, fields in records("HangulSyllableType.txt"):
    for c in range(first, last + 1):
        hangul_type[c] = fields[0]

block_of = [None] * MAX
for first, last, fields in records("Blocks.txt"):
    for c in range(first, last + 1):
        block_of[c] = fields[0]

case_fold = {}
for first, last, fields in records("CaseFolding.txt"):
    if fields[0] in ("C", "F"):
        case_fold[first] = [int(x, 16) for x in fields[1].split()]

# --- NFKC, per UAX #15, with the Hangul algorithm -------------------------

S_BASE, L_BASE, V_BASE, T_BASE = 0xAC00, 0x1100, 0x1161, 0x11A7
L_COUNT, V_COUNT, T_COUNT = 19, 21, 28
N_COUNT = V_COUNT * T_COUNT
S_COUNT = L_COUNT * N_COUNT


def decompose(cps, table):
    out = []
    stack = list(reversed(cps))
    while stack:
        c = stack.pop()
        if S_BASE <= c < S_BASE + S_COUNT:
            index = c - S_BASE
            out.append(L_BASE + index // N_COUNT)
            out.append(V_BASE + (index % N_COUNT) // T_COUNT)
            if index % T_COUNT:
                out.append(T_BASE + index % T_COUNT)
        elif c in table:
            stack.extend(reversed(table[c]))
        else:
            out.append(c)
    # Canonical ordering: a stable sort of each run of non-starters.
    i = 0
    while i < len(out):
        if combining[out[i]] == 0:
            i += 1
            continue
        j = i
        while j < len(out) and combining[out[j]] != 0:
            j += 1
        out[i:j] = sorted(out[i:j], key=lambda c: combining[c])
        i = j
    return out


primary_composite = {}
for cp, parts in canonical.items():
    if len(parts) == 2 and not full_exclusion[cp]:
        primary_composite[(parts[0], parts[1])] = cp


def composite_of(first, second):
    """The primary composite of two code points, or None."""
    if L_BASE <= first < L_BASE + L_COUNT and V_BASE <= second < V_BASE + V_COUNT:
        return S_BASE + ((first - L_BASE) * V_COUNT + (second - V_BASE)) * T_COUNT
    if S_BASE <= first < S_BASE + S_COUNT and (first - S_BASE) % T_COUNT == 0 and T_BASE < second < T_BASE + T_COUNT:
        return first + (second - T_BASE)
    return primary_composite.get((first, second))


def compose(cps):
    """Canonical composition of a canonically ordered sequence."""
    result = []
    starter = None
    for c in cps:
        cc = combining[c]
        if starter is not None:
            adjacent = starter == len(result) - 1
            last = combining[result[-1]]
            if adjacent or (last != 0 and last < cc):
                composite = composite_of(result[starter], c)
                if composite is not None:
                    result[starter] = composite
                    continue
        if cc == 0:
            starter = len(result)
        result.append(c)
    return result


def nfkc(cps):
    return compose(decompose(cps, compatibility))


def nfc(cps):
    return compose(decompose(cps, canonical))


def fold(cps):
    out = []
    for c in cps:
        out.extend(case_fold.get(c, [c]))
    return out


# --- RFC 5892 ------------------------------------------------------------

PVALID, CONTEXTJ, CONTEXTO, DISALLOWED, UNASSIGNED = "PVALID", "CONTEXTJ", "CONTEXTO", "DISALLOWED", "UNASSIGNED"
EXCEPTIONS = {}
for c in (0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007):
    EXCEPTIONS[c] = PVALID
for c in (0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB, *range(0x0660, 0x066A), *range(0x06F0, 0x06FA)):
    EXCEPTIONS[c] = CONTEXTO
for c in (0x0640, 0x07FA, 0x302E, 0x302F, *range(0x3031, 0x3036), 0x303B):
    EXCEPTIONS[c] = DISALLOWED
IGNORABLE_BLOCKS = {
    "Combining Diacritical Marks for Symbols",
    "Musical Symbols",
    "Ancient Greek Musical Notation",
}
LETTER_DIGITS = {"Ll", "Lu", "Lo", "Nd", "Lm", "Mn", "Mc"}


def derived_property(cp):
    if cp in EXCEPTIONS:
        return EXCEPTIONS[cp]
    if category[cp] == "Cn" and not noncharacter[cp]:
        return UNASSIGNED
    if cp == 0x2D or 0x30 <= cp <= 0x39 or 0x61 <= cp <= 0x7A:
        return PVALID
    if join_control[cp]:
        return CONTEXTJ
    if nfkc(fold(nfkc([cp]))) != [cp]:
        return DISALLOWED
    if default_ignorable[cp] or white_space[cp] or noncharacter[cp]:
        return DISALLOWED
    if block_of[cp] in IGNORABLE_BLOCKS:
        return DISALLOWED
    if hangul_type[cp] in ("L", "V", "T"):
        return DISALLOWED
    if category[cp] in LETTER_DIGITS:
        return PVALID
    return DISALLOWED


derived = [derived_property(c) for c in range(MAX)]

# --- The other properties ------------------------------------------------

BIDI_CLASSES = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "ON", "OTHER"]
BIDI_LONG = {
    "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL",
    "European_Number": "EN", "European_Separator": "ES", "European_Terminator": "ET",
    "Arabic_Number": "AN", "Common_Separator": "CS", "Nonspacing_Mark": "NSM",
    "Boundary_Neutral": "BN", "Other_Neutral": "ON",
}
bidi = ["L"] * MAX
for first, last, fields in missing_defaults("extracted/DerivedBidiClass.txt"):
    for c in range(first, last + 1):
        bidi[c] = BIDI_LONG.get(fields[0], "OTHER")
for first, last, fields in records("extracted/DerivedBidiClass.txt"):
    for c in range(first, last + 1):
        bidi[c] = fields[0] if fields[0] in BIDI_CLASSES else "OTHER"

JOINING_TYPES = ["U", "L", "R", "D", "T", "C"]
joining = ["U"] * MAX
for first, last, fields in records("extracted/DerivedJoiningType.txt"):
    for c in range(first, last + 1):
        joining[c] = fields[0]

SCRIPTS = ["Other", "Greek", "Hebrew", "Hiragana", "Katakana", "Han"]
script = ["Other"] * MAX
for first, last, fields in records("Scripts.txt"):
    if fields[0] in SCRIPTS:
        for c in range(first, last + 1):
            script[c] = fields[0]

DERIVED_CODES = {DISALLOWED: 0, UNASSIGNED: 0, PVALID: 1, CONTEXTJ: 2, CONTEXTO: 3}


def value(c):
    d = DERIVED_CODES[derived[c]]
    if d == 0:
        return 0
    v = d
    v |= BIDI_CLASSES.index(bidi[c]) << 2
    v |= JOINING_TYPES.index(joining[c]) << 6
    v |= SCRIPTS.index(script[c]) << 9
    v |= (1 if category[c] in ("Mn", "Mc", "Me") else 0) << 12
    v |= (1 if nfc_maybe[c] else 0) << 13
    v |= combining[c] << 14
    return v


ranges = []
previous = None
for c in range(MAX):
    v = value(c)
    if v != previous:
        ranges.append((c, v))
        previous = v

# Canonical compositions among code points a label may hold. A valid
# U-label holds only PVALID and CONTEXT code points, none of which has
# NFC_Quick_Check=No (they are stable under NFKC), so every canonical
# decomposition that matters is a primary composite of two code points.
compositions = []
for cp, parts in sorted(canonical.items()):
    if derived[cp] in (PVALID, CONTEXTJ, CONTEXTO):
        assert len(parts) == 2 and not full_exclusion[cp], hex(cp)
        compositions.append((cp, parts[0], parts[1]))
ALLOWED = (PVALID, CONTEXTJ, CONTEXTO)
for cp, first, second in compositions:
    # Both halves are allowed too, so the table has their combining classes.
    assert derived[first] in ALLOWED and derived[second] in ALLOWED, hex(cp)
longest_decomposition = 1
for c in range(MAX):
    if derived[c] in ALLOWED:
        assert not nfc_no[c], hex(c)
        assert nfc([c]) == [c], hex(c)
        if not S_BASE <= c < S_BASE + S_COUNT:
            longest_decomposition = max(longest_decomposition, len(decompose([c], canonical)))

# Self-check of the NFKC implementation against the UCD's own NFKC_Casefold
# mapping, which is NFKC(toCasefold(NFKC(cp))) with default ignorables
# removed: they must agree wherever that removal does not apply.
nfkc_cf = {}
for first, last, fields in records("DerivedNormalizationProps.txt"):
    if fields[0] == "NFKC_CF":
        target = [int(x, 16) for x in fields[1].split()] if fields[1] else []
        for c in range(first, last + 1):
            nfkc_cf[c] = target
disagreements = [
    c for c in range(MAX)
    if category[c] != "Cn" and not default_ignorable[c]
    and not any(default_ignorable[x] for x in nfkc(fold(nfkc([c]))))
    and nfkc(fold(nfkc([c]))) != nfkc_cf.get(c, [c])
]
print(f"NFKC(fold(NFKC(cp))) differs from NFKC_CF for {len(disagreements)} code points: "
      + " ".join(f"{c:04X}" for c in disagreements[:20]))

# Self-check of NFC and NFKC against the UCD's NormalizationTest.txt, where present.
for name in ("NormalizationTest.txt", "NormalizationTest.txt.bz2"):
    if os.path.exists(path(name)):
        import bz2

        opener = bz2.open if name.endswith(".bz2") else open
        failures = 0
        with opener(path(name), "rt", encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if not line or line.startswith("@"):
                    continue
                columns = [[int(x, 16) for x in column.split()] for column in line.split(";")[:5]]
                if nfc(columns[0]) != columns[1] or nfkc(columns[0]) != columns[3]:
                    failures += 1
        assert failures == 0, f"{failures} NormalizationTest lines fail"
        print("NormalizationTest: NFC and NFKC agree")
        break

counts = {}
for c in range(MAX):
    counts[derived[c]] = counts.get(derived[c], 0) + 1

# --- Output ----------------------------------------------------------------



def hex_literal(value):
    """A hexadecimal literal in groups of four digits, as swift-format wants."""
    digits = f"{value:X}"
    digits = "0" * (-len(digits) % 4) + digits
    groups = [digits[i:i + 4] for i in range(0, len(digits), 4)]
    return "0x" + "_".join(groups).lstrip("0_") if value else "0x0"


def table(name, doc, entries, per_line):
    out = [f"/// {line}" if line else "///" for line in doc]
    out.append(f"let {name}: [UInt64] = [")
    for i in range(0, len(entries), per_line):
        out.append("    " + ", ".join(hex_literal(e) for e in entries[i:i + per_line]) + ",")
    out.append("]")
    return out


lines = [
    "// Generated by Scripts/generate-idna-tables.py from the Unicode Character",
    f"// Database {VERSION} (Debian's unicode-data package); do not edit.",
    f"// {len(ranges)} ranges and {len(compositions)} compositions.",
    "",
    f"/// The Unicode version of the IDNA tables.",
    f'let _idnaUnicodeVersion = "{VERSION}"',
    "",
    "/// The most code points that the full canonical decomposition of one",
    "/// code point allowed in a U-label has (Hangul syllables aside, which",
    "/// the NFC check treats as atomic).",
    f"let _idnaMaximumDecompositionLength = {longest_decomposition}",
    "",
]
lines += table(
    "_idnaRanges",
    [
        "Per-code-point facts for IDNA2008, as sorted ranges: each entry is",
        "`start << 22 | value`, and `value` holds from `start` up to the next",
        "entry's start. The bits of `value`:",
        "",
        "- 0-1: the derived property of RFC 5892: 0 DISALLOWED or UNASSIGNED,",
        "  1 PVALID, 2 CONTEXTJ, 3 CONTEXTO;",
        "- 2-5: the Bidi class, in the order " + ", ".join(BIDI_CLASSES) + ";",
        "- 6-8: the joining type, in the order " + ", ".join(JOINING_TYPES) + ";",
        "- 9-11: the script, in the order " + ", ".join(SCRIPTS) + ";",
        "- 12: a combining mark (General_Category Mn, Mc or Me);",
        "- 13: NFC_Quick_Check=Maybe;",
        "- 14-21: the canonical combining class.",
        "",
        "Every field but the first is 0 where the code point is not allowed in",
        "a label at all.",
    ],
    [(start << 22) | v for start, v in ranges],
    5,
)
lines.append("")
lines += table(
    "_idnaCompositions",
    [
        "The canonical compositions of NFC among the code points a U-label may",
        "hold, as `composite << 42 | first << 21 | second`, sorted by composite",
        "(so also the canonical decompositions).",
    ],
    [(cp << 42) | (a << 21) | b for cp, a, b in compositions],
    4,
)

with open(OUTPUT, "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
print(f"Unicode {VERSION}: {len(ranges)} ranges, {len(compositions)} compositions; derived property counts {counts}")
print(f"wrote {os.path.normpath(OUTPUT)}")
