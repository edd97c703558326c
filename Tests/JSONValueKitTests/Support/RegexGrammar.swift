/// Random ECMA-262 patterns (Unicode mode) and subjects near their edges,
/// for the differential against JavaScript's `RegExp` (``NodeOracle``).
///
/// A pattern is built as a small tree of its own, independent of the
/// package's parser, so that it can also give *witnesses*: strings it
/// should match, each atom contributing one of the scalars at its edges
/// (a range's ends and their neighbours, a class's first and last members,
/// a literal and the scalars beside it) and each quantifier a count from one
/// below its minimum to one above its maximum. Witnesses are then edited
/// (a scalar dropped, doubled, moved by one, text added around), so the
/// subjects fall on both sides of every boundary. Whether each one matches
/// is for node to say: the witnesses only choose where to look.
///
/// The grammar covers literals and every kind of escape, `.`, the class
/// escapes, `\p{…}` and `\P{…}` (general categories, binary properties,
/// scripts), classes with ranges and negation, groups of the three kinds,
/// alternation, every quantifier (greedy and lazy, with counts), `^`, `$`,
/// `\b`, `\B`, back-references and look-around. Features in ``refused`` are
/// those the package refuses today (as `unsupported`): a pattern that uses
/// one must be refused, not answered differently. When the package runs
/// look-around, take `.lookahead` and `.lookbehind` out of that set and the
/// differential compares its answers. Modifiers `(?i:…)` and duplicate
/// group names are left out: node 20 predates them (ES2025).
struct RegexGrammar {
    enum Feature: Hashable, Sendable, CustomStringConvertible {
        case backReference, lookahead, lookbehind, scriptProperty, unsupportedProperty

        var description: String {
            switch self {
            case .backReference: "back-reference"
            case .lookahead: "look-ahead"
            case .lookbehind: "look-behind"
            case .scriptProperty: "\\p{Script=…}"
            case .unsupportedProperty: "a property the standard library lacks"
            }
        }
    }

    /// What the package refuses today.
    static let refused: Set<Feature> = [.backReference, .scriptProperty, .unsupportedProperty]

    /// A generated pattern, with what it uses and where to look.
    struct Pattern: Sendable {
        var text: String
        var features: Set<Feature>
        /// Whether the text was broken on purpose after it was built (it
        /// may or may not still be a pattern).
        var isMangled: Bool
        var subjects: [String]
    }

    indirect enum Piece {
        /// Text that matches one scalar, and scalars at its edges.
        case atom(String, [UInt32])
        case assertion(String)
        case group(String, Piece)
        case look(String, Piece)
        case backReference(String)
        case sequence([Piece])
        case alternation([Piece])
        case repeated(Piece, minimum: Int, maximum: Int?, text: String)
    }

    var generator: SeededGenerator
    private var groups = 0
    private var features: Set<Feature> = []
    private var edges: [UInt32] = []

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    // MARK: Catalogs

    /// Literals outside a class: (text, the scalar, its neighbours).
    static let literals: [(String, [UInt32])] = [
        ("a", [0x61, 0x60, 0x62]), ("z", [0x7A, 0x79, 0x7B]), ("A", [0x41, 0x40]), ("Z", [0x5A, 0x5B]),
        ("0", [0x30, 0x2F]), ("9", [0x39, 0x3A]), ("_", [0x5F, 0x60]), (" ", [0x20, 0x1F, 0x21]),
        ("é", [0xE9, 0xE8, 0xEA]), ("Ω", [0x3A9, 0x3A8]), ("😀", [0x1_F600, 0x1_F5FF, 0x1_F601]),
        ("\u{10FFFF}", [0x10_FFFF, 0x10_FFFE]), ("\u{FFFF}", [0xFFFF, 0xFFFE, 0x1_0000]), ("-", [0x2D]),
        ("\\.", [0x2E, 0x2D, 0x2F]), ("\\*", [0x2A]), ("\\/", [0x2F]), ("\\\\", [0x5C]), ("\\(", [0x28]),
        ("\\$", [0x24]), ("\\^", [0x5E]), ("\\{", [0x7B]), ("\\}", [0x7D]), ("\\|", [0x7C]), ("\\?", [0x3F]),
        ("\\n", [0x0A]), ("\\t", [0x09]), ("\\v", [0x0B]), ("\\f", [0x0C]), ("\\r", [0x0D]), ("\\0", [0x00, 0x01]),
        ("\\x41", [0x41, 0x40, 0x42]), ("\\x7f", [0x7F, 0x80]), ("\\u00e9", [0xE9]), ("\\u{1F600}", [0x1_F600]),
        ("\\uD83D\\uDE00", [0x1_F600, 0x1_F601]), ("\\u{10FFFF}", [0x10_FFFF]), ("\\uFFFF", [0xFFFF, 0x1_0000]),
        ("\\u{0}", [0x00]), ("\\cJ", [0x0A, 0x0B]), ("\\ca", [0x01]), ("\\uD800", [0xD7FF, 0xE000]),
        ("\\udfff", [0xE000]),
    ]

    /// The class escapes, with the scalars at the edges of their ranges.
    static let classEscapes: [(String, [UInt32])] = {
        let digit: [UInt32] = [0x2F, 0x30, 0x39, 0x3A]
        let word: [UInt32] = digit + [0x40, 0x41, 0x5A, 0x5B, 0x5E, 0x5F, 0x60, 0x61, 0x7A, 0x7B, 0xE9, 0x17F, 0x212A]
        let space: [UInt32] = [
            0x08, 0x09, 0x0A, 0x0D, 0x0E, 0x1F, 0x20, 0x21, 0x85, 0x9F, 0xA0, 0xA1, 0x167F, 0x1680, 0x1681, 0x180E,
            0x1FFF, 0x2000, 0x200A, 0x200B, 0x2027, 0x2028, 0x2029, 0x202A, 0x202E, 0x202F, 0x2030, 0x205E, 0x205F,
            0x2060, 0x2FFF, 0x3000, 0x3001, 0xFEFE, 0xFEFF, 0xFF00,
        ]
        return [("\\d", digit), ("\\D", digit), ("\\w", word), ("\\W", word), ("\\s", space), ("\\S", space)]
    }()

    /// A representative of every general category, and some others.
    static let categorySamples: [UInt32] = [
        0x41, 0x61, 0x1C5, 0x2B0, 0x5D0, 0x300, 0x903, 0x20DD, 0x663, 0x216B, 0xBD, 0x5F, 0x2D, 0x28, 0x29, 0xAB,
        0xBB, 0x21, 0x2B, 0x24, 0x5E, 0xA9, 0x20, 0x2028, 0x2029, 0x00, 0xAD, 0xE000, 0x378, 0x1_D400, 0x1_F600,
        0x10_FFFF, 0xE_0001, 0x1_F1E6, 0x3A9, 0xE9, 0x37, 0x3000, 0x4E00, 0xFF21, 0x1_0400, 0x1_0428, 0xFE0F, 0x200D,
        0x2160, 0x1_F3FB, 0x30A2, 0x391,
    ]

    /// Property escapes the package runs: general categories by every kind
    /// of name, and binary properties.
    static let properties: [String] = [
        "L", "Letter", "Lu", "Uppercase_Letter", "Ll", "Lt", "Lm", "Lo", "LC", "Cased_Letter", "M", "Mark",
        "Combining_Mark", "Mn", "Mc", "Me", "N", "Nd", "digit", "Decimal_Number", "Nl", "No", "P", "punct", "Pc", "Pd",
        "Ps", "Pe", "Pi", "Pf", "Po", "S", "Sm", "Sc", "Sk", "So", "Z", "Zs", "Zl", "Zp", "C", "Other", "Cc", "Cf",
        "Co", "Cn", "Cs", "gc=Lu", "General_Category=Nd", "gc=Letter", "General_Category=Space_Separator",
        "Alphabetic", "Alpha", "White_Space", "space", "Any", "ASCII", "Assigned", "Uppercase", "Lowercase", "Math",
        "Emoji", "Emoji_Presentation", "Hex_Digit", "AHex", "ID_Start", "ID_Continue", "XIDS", "Ideographic", "Dash",
        "Diacritic", "Extender", "Noncharacter_Code_Point", "Pattern_White_Space", "Quotation_Mark", "RI",
        "Regional_Indicator", "Variation_Selector", "Join_Control", "Default_Ignorable_Code_Point", "Cased",
        "Case_Ignorable", "Changes_When_Lowercased", "Grapheme_Base", "Grapheme_Extend", "Unified_Ideograph",
    ]

    /// Property escapes the package refuses as unsupported, by feature.
    static let refusedProperties: [(String, Feature)] = [
        ("Script=Greek", .scriptProperty), ("sc=Latn", .scriptProperty), ("Script_Extensions=Hira", .scriptProperty),
        ("scx=Grek", .scriptProperty), ("Script=Han", .scriptProperty), ("Extended_Pictographic", .unsupportedProperty),
        ("Emoji_Component", .unsupportedProperty),
    ]

    /// Class ranges, with the scalars at and beside their ends.
    static let ranges: [(String, [UInt32])] = [
        ("a-z", [0x60, 0x61, 0x7A, 0x7B]), ("A-Z", [0x40, 0x41, 0x5A, 0x5B]), ("0-9", [0x2F, 0x30, 0x39, 0x3A]),
        ("b-y", [0x61, 0x62, 0x79, 0x7A]), ("\\u00e0-\\u00ff", [0xDF, 0xE0, 0xFF, 0x100]),
        ("😀-😂", [0x1_F5FF, 0x1_F600, 0x1_F602, 0x1_F603]), ("\\u{10000}-\\u{10FFFF}", [0xFFFF, 0x1_0000, 0x10_FFFF]),
        ("\\0-\\x1F", [0x00, 0x1F, 0x20]), ("\\uE000-\\uFFFF", [0xD7FF, 0xE000, 0xFFFF, 0x1_0000]),
        ("\\x20-\\x7E", [0x1F, 0x20, 0x7E, 0x7F]), ("!-/", [0x20, 0x21, 0x2F, 0x30]), ("\\--\\/", [0x2C, 0x2D, 0x2F]),
        ("\\uD800-\\uDFFF", [0xD7FF, 0xE000]),
        ("\\uD83D\\uDE00-\\uD83D\\uDE4F", [0x1_F5FF, 0x1_F600, 0x1_F64F, 0x1_F650]),
        ("\\u0100-\\u017F", [0xFF, 0x100, 0x17F, 0x180]), ("\\x00-\\u{10FFFF}", [0x00, 0x10_FFFF]),
    ]

    /// Single characters inside a class (the escapes a class allows).
    static let classCharacters: [(String, [UInt32])] = [
        ("a", [0x61, 0x60]), ("-", [0x2D]), ("\\-", [0x2D, 0x2C]), ("\\b", [0x08, 0x62]), ("\\]", [0x5D]),
        ("\\[", [0x5B]), ("^", [0x5E]), ("$", [0x24]), (".", [0x2E, 0x0A]), ("é", [0xE9]), ("😀", [0x1_F600]),
        ("\\n", [0x0A]), ("\\u{1F601}", [0x1_F601, 0x1_F600]), ("\\x00", [0x00]), ("_", [0x5F]), ("\\/", [0x2F]),
    ]

    /// Scalars that every subject may draw from.
    static let common: [UInt32] = [0x61, 0x62, 0x41, 0x31, 0x20, 0x0A, 0x5F, 0x2D, 0xE9, 0x1_F600, 0x2028, 0x3A9]

    // MARK: Random choices

    private mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        Int.random(in: 0..<denominator, using: &generator) < numerator
    }

    private mutating func pick<T>(_ options: [T]) -> T {
        options.randomElement(using: &generator)!
    }

    // MARK: Patterns

    /// A new pattern, its text possibly broken on purpose, with subjects.
    mutating func pattern() -> Pattern {
        groups = 0
        features = []
        edges = []
        let tree = alternation(depth: 0)
        var text = Self.render(tree)
        var isMangled = false
        if chance(1, in: 10) {
            text = mangle(text)
            isMangled = true
        }
        return Pattern(text: text, features: features, isMangled: isMangled, subjects: subjects(for: tree))
    }

    private mutating func alternation(depth: Int) -> Piece {
        let count = depth < 3 && chance(1, in: 4) ? Int.random(in: 2...3, using: &generator) : 1
        let branches = (0..<count).map { _ in sequence(depth: depth) }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence(depth: Int) -> Piece {
        let length = Int.random(in: 0...(depth == 0 ? 5 : 3), using: &generator)
        return .sequence((0..<length).map { _ in term(depth: depth) })
    }

    private mutating func term(depth: Int) -> Piece {
        switch Int.random(in: 0..<40, using: &generator) {
        case 0..<3:
            return .assertion(pick(["^", "$", "\\b", "\\B"]))
        case 3 where depth < 3:
            let kind = pick(["(?=", "(?!", "(?<=", "(?<!"])
            features.insert(kind.hasPrefix("(?<") ? .lookbehind : .lookahead)
            let body = alternation(depth: depth + 1)
            // Look-ahead cannot be quantified in Unicode mode.
            return .look(kind, body)
        case 4 where groups > 0:
            features.insert(.backReference)
            return .backReference(chance(1, in: 2) ? "\\\(Int.random(in: 1...groups, using: &generator))" : "\\k<g1>")
        default:
            var piece: Piece
            if depth < 3 && chance(1, in: 6) {
                let opening: String
                switch Int.random(in: 0..<3, using: &generator) {
                case 0:
                    groups += 1
                    opening = "("
                case 1:
                    groups += 1
                    opening = "(?<g\(groups)>"
                default:
                    opening = "(?:"
                }
                piece = .group(opening, alternation(depth: depth + 1))
            } else {
                piece = atom()
            }
            if chance(1, in: 3) { piece = quantify(piece) }
            return piece
        }
    }

    private mutating func quantify(_ piece: Piece) -> Piece {
        let (minimum, maximum, text): (Int, Int?, String)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0: (minimum, maximum, text) = (0, nil, "*")
        case 1: (minimum, maximum, text) = (1, nil, "+")
        case 2: (minimum, maximum, text) = (0, 1, "?")
        case 3:
            let count = Int.random(in: 0...3, using: &generator)
            (minimum, maximum, text) = (count, count, "{\(count)}")
        case 4:
            let count = Int.random(in: 0...3, using: &generator)
            (minimum, maximum, text) = (count, nil, "{\(count),}")
        default:
            let low = Int.random(in: 0...2, using: &generator)
            let high = low + Int.random(in: 0...2, using: &generator)
            (minimum, maximum, text) = (low, high, "{\(low),\(high)}")
        }
        let lazy = chance(1, in: 4) ? "?" : ""
        return .repeated(piece, minimum: minimum, maximum: maximum, text: text + lazy)
    }

    private mutating func atom() -> Piece {
        switch Int.random(in: 0..<20, using: &generator) {
        case 0..<7:
            let (text, values) = pick(Self.literals)
            return .atom(text, values)
        case 7:
            return .atom(".", [0x0A, 0x0D, 0x2028, 0x2029, 0x85, 0x61, 0x1_F600])
        case 8..<11:
            let (text, values) = pick(Self.classEscapes)
            return .atom(text, values)
        case 11..<13:
            return .atom(propertyEscape(), pickSamples())
        default:
            return characterClass()
        }
    }

    private mutating func propertyEscape() -> String {
        let letter = chance(1, in: 3) ? "P" : "p"
        if chance(1, in: 12) {
            let (name, feature) = pick(Self.refusedProperties)
            features.insert(feature)
            return "\\\(letter){\(name)}"
        }
        return "\\\(letter){\(pick(Self.properties))}"
    }

    private mutating func pickSamples() -> [UInt32] {
        (0..<6).flatMap { _ -> [UInt32] in
            let value = pick(Self.categorySamples)
            return [value, value + 1, value &- 1]
        }
    }

    private mutating func characterClass() -> Piece {
        if chance(1, in: 20) { return .atom(pick(["[]", "[^]"]), [0x61, 0x0A]) }
        var text = chance(1, in: 3) ? "[^" : "["
        var values: [UInt32] = []
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4:
                let (range, ends) = pick(Self.ranges)
                text += range
                values += ends
            case 4..<6:
                let (character, neighbours) = pick(Self.classCharacters)
                text += character
                values += neighbours
            case 6..<8:
                let (escape, edges) = pick(Self.classEscapes)
                text += escape
                values += edges
            default:
                text += propertyEscape()
                values += pickSamples()
            }
        }
        return .atom(text + "]", values)
    }

    /// Breaks the text at a random place with a piece of syntax that is
    /// often, not always, invalid in Unicode mode. (Not a second group of
    /// the same name: ES2025 allows one in another alternative, node 20
    /// does not.)
    private mutating func mangle(_ text: String) -> String {
        let breakers = [
            "(", ")", "[", "]", "{", "}", "*", "+", "?", "\\", "|", "{2,1}", "\\k<x>", "\\9", "(?<", "\\p{Foo}",
            "\\u{110000}", "\\c", "\\-", "\\a", "a{,2}", "\\x4", "\\00", "[z-a]", "[\\d-z]", "(?i)",
            "\\p{Script=Foo}", "\\p{L", "(?:", "^*", "\\b+",
        ]
        var scalars = Array(text.unicodeScalars)
        let position = Int.random(in: 0...scalars.count, using: &generator)
        scalars.insert(contentsOf: pick(breakers).unicodeScalars, at: position)
        return String(String.UnicodeScalarView(scalars))
    }

    static func render(_ piece: Piece) -> String {
        switch piece {
        case .atom(let text, _), .assertion(let text), .backReference(let text): text
        case .group(let opening, let body), .look(let opening, let body): opening + render(body) + ")"
        case .sequence(let pieces): pieces.map(render).joined()
        case .alternation(let branches): branches.map(render).joined(separator: "|")
        case .repeated(let body, _, _, let text): render(body) + text
        }
    }

    // MARK: Subjects

    /// A string the piece might match: each atom one of its edge scalars,
    /// each repetition a count from one below its minimum to one above its
    /// maximum.
    private mutating func witness(_ piece: Piece) -> [UInt32] {
        switch piece {
        case .atom(_, let values):
            return values.isEmpty ? [pick(Self.common)] : [pick(values)]
        case .assertion, .look, .backReference:
            return []
        case .group(_, let body):
            return witness(body)
        case .sequence(let pieces):
            return pieces.flatMap { witness($0) }
        case .alternation(let branches):
            return witness(pick(branches))
        case .repeated(let body, let minimum, let maximum, _):
            let count = Int.random(in: max(0, minimum - 1)...((maximum ?? minimum + 2) + 1), using: &generator)
            return (0..<count).flatMap { _ in witness(body) }
        }
    }

    /// Every edge scalar the piece names.
    private static func edgeScalars(_ piece: Piece) -> [UInt32] {
        switch piece {
        case .atom(_, let values): values
        case .assertion, .backReference: []
        case .group(_, let body), .look(_, let body), .repeated(let body, _, _, _): edgeScalars(body)
        case .sequence(let pieces), .alternation(let pieces): pieces.flatMap(edgeScalars)
        }
    }

    /// One edit of a witness: a scalar dropped, doubled, replaced by a
    /// neighbour or an edge scalar, or text added before or after.
    private mutating func edit(_ scalars: [UInt32], edges: [UInt32]) -> [UInt32] {
        var result = scalars
        let position = Int.random(in: 0...result.count, using: &generator)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0 where !result.isEmpty:
            result.remove(at: min(position, result.count - 1))
        case 1 where !result.isEmpty:
            let index = min(position, result.count - 1)
            result.insert(result[index], at: index)
        case 2 where !result.isEmpty:
            let index = min(position, result.count - 1)
            result[index] = chance(1, in: 2) ? result[index] &+ 1 : result[index] &- 1
        case 3:
            result.insert(pick(edges), at: position)
        case 4:
            result = [pick(edges)] + result + [pick(Self.common)]
        default:
            result.insert(pick(Self.common), at: position)
        }
        return result
    }

    private static func string(_ values: [UInt32]) -> String? {
        var scalars = String.UnicodeScalarView()
        for value in values {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    private mutating func subjects(for tree: Piece) -> [String] {
        let edges = Self.edgeScalars(tree) + Self.common
        var candidates: [[UInt32]] = [[]]
        for _ in 0..<4 {
            let witness = witness(tree)
            candidates.append(witness)
            candidates.append(edit(witness, edges: edges))
            candidates.append(edit(edit(witness, edges: edges), edges: edges))
        }
        for _ in 0..<2 {
            candidates.append((0..<Int.random(in: 1...4, using: &generator)).map { _ in pick(edges) })
        }
        var seen: Set<String> = []
        var result: [String] = []
        // Longer subjects add little and may take a backtracking engine
        // exponential time.
        for candidate in candidates where candidate.count <= 24 {
            guard let subject = Self.string(candidate), seen.insert(subject).inserted else { continue }
            result.append(subject)
        }
        return result
    }
}
