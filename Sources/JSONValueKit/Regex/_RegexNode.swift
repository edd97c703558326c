/// A pattern's syntax tree: what both syntaxes parse into and the compiler
/// reads. Groups leave no node of their own (captures play no part in
/// whether a string matches), and lazy quantifiers are plain repetitions,
/// since they change which match a backtracking engine reports, never
/// whether there is one.
indirect enum _RegexNode: Sendable {
    /// One scalar from a set.
    case set(_ScalarSet)
    /// `^`: the start of the string.
    case start
    /// `$`: the end of the string (never before a final line break).
    case end
    /// `\b` (or `\B` when negated): whether the scalars on either side
    /// differ in being ASCII word characters.
    case wordBoundary(negated: Bool)
    /// A look-ahead, `(?=…)` or `(?!…)` when `negated`, or a look-behind,
    /// `(?<=…)` or `(?<!…)`: whether the body matches a substring that
    /// starts (ahead) or ends (behind) here. Its own assertions see the
    /// whole string, as in ECMA-262. Look-arounds are numbered from 0 in
    /// the order their groups close, so an inner one comes before the one
    /// that holds it: the order in which they are decided
    /// (see ``_RegexLookArounds``).
    case lookAround(LookAround)
    case sequence([_RegexNode])
    case alternation([_RegexNode])
    case repetition(_RegexNode, minimum: Int, maximum: Int?)
}

/// What a look-around asserts; a box, as the tree holds it by value.
struct _RegexLookAround: Sendable {
    var body: _RegexNode
    var index: Int
    var ahead: Bool
    var negated: Bool
}

extension _RegexNode {
    typealias LookAround = _RegexLookAround

    /// The pattern read backwards: a string has a substring that `self`
    /// matches exactly when the string reversed has one that the result
    /// matches. Sequences turn around and `^` and `$` trade places; `\b`
    /// stays, as it looks at both sides alike, and so does a look-around,
    /// whose answer at each position of the string is decided on its own.
    /// Recursive over the tree, whose depth the group-depth limit bounds.
    var reversed: _RegexNode {
        switch self {
        case .set, .wordBoundary, .lookAround: return self
        case .start: return .end
        case .end: return .start
        case .sequence(let nodes): return .sequence(nodes.reversed().map { $0.reversed })
        case .alternation(let branches): return .alternation(branches.map { $0.reversed })
        case .repetition(let body, let minimum, let maximum):
            return .repetition(body.reversed, minimum: minimum, maximum: maximum)
        }
    }
}

/// The scalars an atom or a character class accepts: ranges of scalar
/// values and Unicode property tests, united, then optionally negated.
///
/// Properties stay tests rather than becoming ranges because the standard
/// library answers them per scalar and has no table to enumerate; turning
/// `\p{L}` into ranges would mean asking all 1.1 million scalars. The
/// automaton instead asks a non-ASCII scalar its general category once
/// (see ``_ScalarClasses``).
struct _ScalarSet: Sendable, Hashable {
    /// Sorted, disjoint and not adjacent once ``normalize()`` has run.
    var ranges: [ClosedRange<UInt32>] = []
    var tests: [PropertyTest] = []
    var negated = false

    /// A Unicode property, or its complement (`\P{…}`).
    struct PropertyTest: Sendable, Hashable {
        var property: _ScalarProperty
        var negated: Bool
    }

    /// The largest scalar value.
    static let maximumValue: UInt32 = 0x10_FFFF

    static func scalar(_ value: UInt32) -> _ScalarSet {
        _ScalarSet(ranges: [value...value])
    }

    init(ranges: [ClosedRange<UInt32>] = [], tests: [PropertyTest] = [], negated: Bool = false) {
        self.ranges = ranges
        self.tests = tests
        self.negated = negated
    }

    /// The one scalar the set accepts, if it is a single literal.
    var singleScalar: UInt32? {
        guard !negated, tests.isEmpty, ranges.count == 1, ranges[0].count == 1 else { return nil }
        return ranges[0].lowerBound
    }

    /// Adds what `other` accepts; `other` must not be negated (escapes such
    /// as `\D` arrive as complemented ranges, `\P{…}` as a negated test).
    mutating func formUnion(_ other: _ScalarSet) {
        precondition(!other.negated, "a class item is never a negated set")
        ranges += other.ranges
        for test in other.tests where !tests.contains(test) { tests.append(test) }
    }

    /// Sorts and merges the ranges, so that equal sets compare equal and
    /// lookups can search.
    mutating func normalize() {
        ranges = Self.merged(ranges)
    }

    static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<UInt32>] = []
        result.reserveCapacity(sorted.count)
        for range in sorted {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                if range.upperBound > last.upperBound { result[result.count - 1] = last.lowerBound...range.upperBound }
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The scalar values (surrogates included, as ECMA-262 counts them)
    /// outside `ranges`, which must be sorted and merged.
    static func complement(of ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
        }
        if next <= maximumValue { result.append(next...maximumValue) }
        return result
    }

    /// Whether the ranges hold `value`; binary search, as a class such as
    /// `\s` or `[^…]` with many literals has dozens of ranges.
    @inline(__always)
    func rangesContain(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Whether the set accepts a scalar whose value is `value`, whose
    /// general category has index `category()` (see ``_GeneralCategory``)
    /// and which has a binary property when `has(property)` says so. The
    /// closures let ``_ScalarClasses`` ask for made-up combinations when it
    /// partitions the scalars.
    @inline(__always)
    func contains(
        _ value: UInt32, category: () -> Int, has: (_BinaryProperty) -> Bool
    ) -> Bool {
        var found = rangesContain(value)
        if !found {
            for test in tests {
                let holds: Bool
                switch test.property {
                case .generalCategories(let mask): holds = mask & (1 << UInt32(category())) != 0
                case .binary(let property): holds = has(property)
                }
                if holds != test.negated {
                    found = true
                    break
                }
            }
        }
        return found != negated
    }

    /// Whether the set accepts `scalar`, asking the standard library for
    /// its properties only if a test needs them.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        contains(
            scalar.value, category: { _GeneralCategory.index(of: scalar) }, has: { $0.holds(for: scalar) })
    }
}

/// A Unicode property that a set tests scalar by scalar.
enum _ScalarProperty: Sendable, Hashable {
    /// Any of the general categories whose ``_GeneralCategory`` indices
    /// are set in the mask.
    case generalCategories(UInt32)
    case binary(_BinaryProperty)
}

/// The thirty general categories as small integers, so that a set of them
/// is a 32-bit mask and an automaton can index a table by one.
enum _GeneralCategory {
    static let count = 30

    /// In this order, by their short names.
    static let names = [
        "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
        "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn",
    ]

    /// The mask of the categories whose short names start with `prefix`:
    /// `"Lu"` alone, or all five letters for `"L"`.
    static func mask(_ prefix: String) -> UInt32 {
        var mask: UInt32 = 0
        for (index, name) in names.enumerated() where name.hasPrefix(prefix) { mask |= 1 << UInt32(index) }
        return mask
    }

    static func index(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter: return 0
        case .lowercaseLetter: return 1
        case .titlecaseLetter: return 2
        case .modifierLetter: return 3
        case .otherLetter: return 4
        case .nonspacingMark: return 5
        case .spacingMark: return 6
        case .enclosingMark: return 7
        case .decimalNumber: return 8
        case .letterNumber: return 9
        case .otherNumber: return 10
        case .connectorPunctuation: return 11
        case .dashPunctuation: return 12
        case .openPunctuation: return 13
        case .closePunctuation: return 14
        case .initialPunctuation: return 15
        case .finalPunctuation: return 16
        case .otherPunctuation: return 17
        case .mathSymbol: return 18
        case .currencySymbol: return 19
        case .modifierSymbol: return 20
        case .otherSymbol: return 21
        case .spaceSeparator: return 22
        case .lineSeparator: return 23
        case .paragraphSeparator: return 24
        case .control: return 25
        case .format: return 26
        case .surrogate: return 27
        case .privateUse: return 28
        case .unassigned: return 29
        @unknown default: return 29
        }
    }
}
