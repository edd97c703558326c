/// Reads an ECMA-262 pattern, as the grammar of Unicode mode (the `u` flag)
/// defines it, into a tree.
///
/// JSON Schema's `pattern`, `patternProperties` and `format: "regex"` use
/// this dialect. Unicode mode is the strict one: an escape that means
/// nothing (`\a`, `\-` outside a class) is an error rather than the letter,
/// `{` and `}` and `]` must be escaped, a class escape cannot end a range,
/// and a pattern is a sequence of code points, so `\uD83D\uDE00` is one.
///
/// With `isLenient`, the parser also takes what ECMA-262's Annex B lets a
/// browser's `RegExp` without the `u` flag take, and what schemas written
/// for such engines commonly hold: an escaped punctuation character outside
/// a class (`\-`, `\_`, `\'`) as the character, a lone `]` or `}` as the
/// character, and a `{` that does not start a valid count as the
/// character. Escaped letters and digits stay errors (`\a` still means
/// nothing). JSON Schema's `pattern` and `patternProperties` compile this
/// way, so that real-world schemas work as they do in other validators;
/// `format: "regex"` asks the strict question.
///
/// The whole pattern is read before anything is thrown, so that an error
/// of syntax anywhere wins over a feature that is valid but not run here:
/// ``_RegexSyntaxError/Kind-swift.enum/invalid`` means "not ECMA-262".
///
/// Groups are read with an explicit stack of frames rather than recursion,
/// so that any nesting is checked without using the call stack; the tree is
/// built only ``_Regex/maximumGroupDepth`` groups deep, deeper nesting
/// being refused as ``_RegexSyntaxError/Kind-swift.enum/tooLarge``.
struct _ECMAScriptRegexParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// The first valid feature that is refused, thrown once the pattern has
    /// been read without a syntax error.
    private var refusal: _RegexSyntaxError?
    private var capturingGroups = 0
    /// Look-arounds read so far, the next one's number.
    private var lookArounds = 0
    private var allNames: Set<String> = []
    private var numberedReferences: [(number: Int, offset: Int)] = []
    private var namedReferences: [(name: String, offset: Int)] = []

    /// Whether Annex B's leniencies are taken (see the type's overview).
    private let isLenient: Bool

    init(_ pattern: String, isLenient: Bool = false) {
        scalars = Array(pattern.unicodeScalars)
        self.isLenient = isLenient
    }

    /// What a group is, which decides whether it may be quantified and
    /// whether its content becomes part of the tree.
    private enum GroupKind {
        case root
        case capturing(name: String?)
        case nonCapturing
        case lookAround(ahead: Bool, negated: Bool)
        /// Modifiers: read for their syntax only.
        case refused
    }

    /// An open group.
    private struct Frame {
        var kind: GroupKind
        /// Where its `(` is.
        var offset: Int
        /// Whether its content is kept (within the depth limit and not refused).
        var building: Bool
        var alternatives: [_RegexNode] = []
        var terms: [_RegexNode] = []
        /// Group names in the alternatives before the current one, and in
        /// the current one: ES2025 allows a name twice only where the two
        /// groups cannot both take part in a match, i.e. in different
        /// alternatives.
        var earlierNames: Set<String> = []
        var names: Set<String> = []

        mutating func endAlternative() {
            alternatives.append(terms.count == 1 ? terms[0] : .sequence(terms))
            terms = []
            earlierNames.formUnion(names)
            names = []
        }

        var node: _RegexNode { alternatives.count == 1 ? alternatives[0] : .alternation(alternatives) }
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func character(at position: Int) -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private func invalid(_ message: String, at offset: Int) -> _RegexSyntaxError {
        _RegexSyntaxError(.invalid, message, at: offset)
    }

    private mutating func refuse(_ kind: _RegexSyntaxError.Kind, _ message: String, at offset: Int) {
        if refusal == nil { refusal = _RegexSyntaxError(kind, message, at: offset) }
    }

    /// `.` in ECMA-262: any scalar but the line terminators.
    static let dot = _ScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029], negated: true)
    static let digits = _ScalarSet(ranges: [0x30...0x39])
    static let wordCharacters = _ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// WhiteSpace and LineTerminator: TAB, LF, VT, FF, CR, SPACE, NBSP,
    /// the other Zs characters, LS, PS and ZWNBSP.
    static let whiteSpace = _ScalarSet(ranges: [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
        0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])

    mutating func parse() throws(_RegexSyntaxError) -> _RegexNode {
        var stack = [Frame(kind: .root, offset: 0, building: true)]
        while let scalar = peek {
            let start = index
            switch scalar {
            case "|":
                index += 1
                stack[stack.count - 1].endAlternative()
            case ")":
                guard stack.count > 1 else { throw invalid("unmatched ')'", at: start) }
                index += 1
                var frame = stack.removeLast()
                frame.endAlternative()
                try close(frame, into: &stack[stack.count - 1])
            case "(":
                stack.append(try openGroup(depth: stack.count))
            case "^", "$":
                index += 1
                append(scalar == "^" ? .start : .end, to: &stack[stack.count - 1])
            case "\\" where character(at: index + 1) == "b" || character(at: index + 1) == "B":
                index += 2
                append(.wordBoundary(negated: scalars[start + 1] == "B"), to: &stack[stack.count - 1])
            case "*", "+", "?":
                throw invalid("'\(scalar)' has nothing to repeat", at: start)
            case "{" where !isLenient:
                throw invalid("'{' has nothing to repeat; write '\\{' for the character", at: start)
            case "}" where !isLenient, "]" where !isLenient:
                throw invalid("lone '\(scalar)'; write '\\\(scalar)' for the character", at: start)
            case "{", "}", "]":
                index += 1
                let node = try quantified(.set(.scalar(scalar.value)), at: start)
                append(node, to: &stack[stack.count - 1])
            default:
                let atom = try self.atom()
                let node = try quantified(atom, at: start)
                append(node, to: &stack[stack.count - 1])
            }
        }
        guard stack.count == 1 else { throw invalid("unclosed group '('", at: stack[stack.count - 1].offset) }
        stack[0].endAlternative()
        for reference in numberedReferences where reference.number > capturingGroups {
            throw invalid("\\\(reference.number) refers to no group", at: reference.offset)
        }
        for reference in namedReferences where !allNames.contains(reference.name) {
            throw invalid("\\k<\(reference.name)> refers to no group", at: reference.offset)
        }
        if let refusal { throw refusal }
        return stack[0].node
    }

    private func append(_ node: _RegexNode, to frame: inout Frame) {
        if frame.building { frame.terms.append(node) }
    }

    // MARK: Groups

    /// Reads a group's opening, from its `(`, and returns its frame.
    private mutating func openGroup(depth: Int) throws(_RegexSyntaxError) -> Frame {
        let start = index
        index += 1
        var kind = GroupKind.capturing(name: nil)
        if peek == "?" {
            index += 1
            switch peek {
            case ":":
                index += 1
                kind = .nonCapturing
            case "=", "!":
                kind = .lookAround(ahead: true, negated: peek == "!")
                index += 1
            case "<" where character(at: index + 1) == "=" || character(at: index + 1) == "!":
                kind = .lookAround(ahead: false, negated: character(at: index + 1) == "!")
                index += 2
            case "<":
                let name = try groupName(escapeStart: start)
                allNames.insert(name)
                kind = .capturing(name: name)
            default:
                try modifiers(groupStart: start)
                kind = .refused
            }
        }
        if case .capturing = kind { capturingGroups += 1 }
        var building = true
        if case .refused = kind { building = false }
        if depth > _Regex.maximumGroupDepth {
            building = false
            refuse(.tooLarge, "groups nest more than \(_Regex.maximumGroupDepth) deep", at: start)
        }
        return Frame(kind: kind, offset: start, building: building)
    }

    /// `(?ims-ims:`, from after the `?`: ES2025's modifiers, valid syntax
    /// but refused, as `i` needs Unicode case folding the standard library
    /// does not offer. Python's `(?P<…>`, `(?#…)` and `(?i)` end here as
    /// invalid.
    private mutating func modifiers(groupStart: Int) throws(_RegexSyntaxError) {
        var seen: Set<Unicode.Scalar> = []
        var removing = false
        var read = false
        while let scalar = peek, scalar == "i" || scalar == "m" || scalar == "s" || (scalar == "-" && !removing) {
            read = true
            if scalar == "-" {
                removing = true
            } else {
                guard seen.insert(scalar).inserted else {
                    throw invalid("modifier '\(scalar)' given twice", at: index)
                }
            }
            index += 1
        }
        guard peek == ":" else {
            guard read else {
                let next = peek.map { "'(?' followed by '\($0)'" } ?? "'(?' at the end"
                throw invalid("invalid group: \(next)", at: groupStart)
            }
            throw invalid("invalid group: modifiers without ':'", at: groupStart)
        }
        guard !seen.isEmpty else { throw invalid("invalid group '(?-:': no modifiers", at: groupStart) }
        index += 1
        refuse(.unsupported, "inline modifiers (?ims-ims:…) are not supported", at: groupStart)
    }

    /// Closes `frame` and appends its node, quantified, to its parent.
    private mutating func close(_ frame: Frame, into parent: inout Frame) throws(_RegexSyntaxError) {
        var names = frame.earlierNames
        if case .capturing(let name?) = frame.kind {
            guard !names.contains(name) else { throw invalid("duplicate group name '\(name)'", at: frame.offset) }
            names.insert(name)
        }
        guard parent.names.isDisjoint(with: names) else {
            let name = parent.names.intersection(names).sorted()[0]
            throw invalid("duplicate group name '\(name)'", at: frame.offset)
        }
        parent.names.formUnion(names)
        guard case .lookAround(let ahead, let negated) = frame.kind else {
            let node = try quantified(frame.building ? frame.node : .sequence([]), at: frame.offset)
            append(node, to: &parent)
            return
        }
        var node = _RegexNode.sequence([])
        if frame.building {
            if lookArounds == _Regex.maximumLookArounds {
                refuse(.tooLarge, "more than \(_Regex.maximumLookArounds) look-arounds", at: frame.offset)
            }
            node = .lookAround(_RegexLookAround(body: frame.node, index: lookArounds, ahead: ahead, negated: negated))
            lookArounds += 1
        }
        // Not quantifiable in Unicode mode: a quantifier that follows is
        // then read as having nothing to repeat. Annex B lets a look-ahead
        // be quantified, to no effect but that a count of zero drops it:
        // an iteration that matches the empty string ends the repetition.
        if isLenient && ahead, peek == "*" || peek == "+" || peek == "?" || peek == "{" {
            if case .repetition(_, let minimum, _) = try quantified(node, at: frame.offset), minimum == 0 {
                node = .sequence([])
            }
        }
        append(node, to: &parent)
    }

    /// `<` RegExpIdentifierName `>`, from the `<`; `escapeStart` is where
    /// the `(?` or `\k` before it starts.
    private mutating func groupName(escapeStart: Int) throws(_RegexSyntaxError) -> String {
        let start = index
        guard peek == "<" else {
            throw invalid("'\\k' must be followed by a group name in '<' '>'", at: escapeStart)
        }
        index += 1
        var name = ""
        while true {
            guard var scalar = peek else { throw invalid("unterminated group name", at: start) }
            if scalar == ">" { break }
            let offset = index
            index += 1
            if scalar == "\\" {
                guard peek == "u", let escaped = try unicodeEscape(from: index + 1), let value = Unicode.Scalar(escaped)
                else { throw invalid("invalid escape in group name", at: offset) }
                scalar = value
            }
            let valid =
                scalar == "$" || scalar == "_"
                || (name.isEmpty
                    ? scalar.properties.isIDStart
                    : scalar.properties.isIDContinue || scalar == "\u{200C}" || scalar == "\u{200D}")
            guard valid else { throw invalid("'\(scalar)' cannot be part of a group name", at: offset) }
            name.unicodeScalars.append(scalar)
        }
        guard !name.isEmpty else { throw invalid("empty group name", at: start) }
        index += 1
        return name
    }

    // MARK: Atoms and quantifiers

    /// An atom but a group or an assertion.
    private mutating func atom() throws(_RegexSyntaxError) -> _RegexNode {
        let scalar = scalars[index]
        switch scalar {
        case ".":
            index += 1
            return .set(Self.dot)
        case "[":
            return .set(try characterClass())
        case "\\":
            return try atomEscape()
        default:
            index += 1
            return .set(.scalar(scalar.value))
        }
    }

    /// A quantifier after `atom`, if there is one.
    private mutating func quantified(_ atom: _RegexNode, at start: Int) throws(_RegexSyntaxError) -> _RegexNode {
        let minimum: Int
        let maximum: Int?
        let quantifierStart = index
        switch peek {
        case "*":
            index += 1
            (minimum, maximum) = (0, nil)
        case "+":
            index += 1
            (minimum, maximum) = (1, nil)
        case "?":
            index += 1
            (minimum, maximum) = (0, 1)
        case "{":
            index += 1
            var high: Int?
            let low = number()
            if let low {
                high = low
                if peek == "," {
                    index += 1
                    high = peek == "}" ? nil : number()
                }
            }
            guard let low, peek == "}", high != nil || scalars[index - 1] == "," else {
                // Annex B: a `{` that starts no count is the character.
                if isLenient {
                    index = quantifierStart
                    return atom
                }
                throw invalid("incomplete quantifier '{'", at: quantifierStart)
            }
            index += 1
            if let high, high < low {
                throw invalid("numbers out of order in quantifier '{\(low),\(high)}'", at: quantifierStart)
            }
            (minimum, maximum) = (low, high)
        default:
            return atom
        }
        if peek == "?" { index += 1 }  // Lazy: the same strings match.
        let limit = _Regex.maximumProgramSize
        guard minimum <= limit, (maximum ?? minimum) <= limit else {
            refuse(.tooLarge, "a count above \(limit) in a quantifier", at: quantifierStart)
            return atom
        }
        return .repetition(atom, minimum: minimum, maximum: maximum)
    }

    /// DecimalDigits, saturating (see ``appendingDigit(_:to:)``): a count
    /// this large is refused anyway.
    private mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = peek, ("0"..."9").contains(scalar) {
            value = Self.appendingDigit(scalar, to: value)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    /// `value × 10 + digit`, saturating at 2,000,000,000 once `value`
    /// passes 100,000,000: every result fits an `Int` of 32 bits (and is the
    /// same on every platform), and a saturated value is still greater than
    /// every value that is not (at most 1,000,000,009), so counts compare in
    /// the right order. Generic so that tests can check it with `Int32`.
    static func appendingDigit<Count: FixedWidthInteger>(_ digit: Unicode.Scalar, to value: Count) -> Count {
        value > 100_000_000 ? 2_000_000_000 : value * 10 + Count(digit.value &- 0x30)
    }

    // MARK: Escapes

    /// `\` AtomEscape, from the `\`: a class escape, a character escape or
    /// a back-reference (refused).
    private mutating func atomEscape() throws(_RegexSyntaxError) -> _RegexNode {
        let start = index
        index += 1
        guard let scalar = peek else { throw invalid("'\\' at the end of the pattern", at: start) }
        switch scalar {
        case "1"..."9":
            var number = 0
            while let digit = peek, ("0"..."9").contains(digit) {
                number = Self.appendingDigit(digit, to: number)
                index += 1
            }
            numberedReferences.append((number, start))
            refuse(
                .unsupported, "back-references (\\\(number)) are not supported, as they cannot run in linear time",
                at: start)
            return .sequence([])
        case "k":
            index += 1
            let name = try groupName(escapeStart: start)
            namedReferences.append((name, start))
            refuse(
                .unsupported, "back-references (\\k<\(name)>) are not supported, as they cannot run in linear time",
                at: start)
            return .sequence([])
        default:
            if let set = try classEscape(start: start) { return .set(set) }
            return .set(.scalar(try characterEscape(start: start)))
        }
    }

    /// `d D s S w W p{…} P{…}`, after a `\` at `start`; `nil` for other
    /// escapes, consuming nothing.
    private mutating func classEscape(start: Int) throws(_RegexSyntaxError) -> _ScalarSet? {
        guard let scalar = peek else { return nil }
        switch scalar {
        case "d":
            index += 1
            return Self.digits
        case "D":
            index += 1
            return _ScalarSet(ranges: _ScalarSet.complement(of: Self.digits.ranges))
        case "w":
            index += 1
            return Self.wordCharacters
        case "W":
            index += 1
            return _ScalarSet(ranges: _ScalarSet.complement(of: Self.wordCharacters.ranges))
        case "s":
            index += 1
            return Self.whiteSpace
        case "S":
            index += 1
            return _ScalarSet(ranges: _ScalarSet.complement(of: Self.whiteSpace.ranges))
        case "p", "P":
            index += 1
            return try property(negated: scalar == "P", start: start)
        default:
            return nil
        }
    }

    /// `{…}` after `\p` or `\P`.
    private mutating func property(negated: Bool, start: Int) throws(_RegexSyntaxError) -> _ScalarSet {
        guard peek == "{" else { throw invalid("'\\p' must be followed by a property in '{' '}'", at: start) }
        index += 1
        var text = ""
        while let scalar = peek, scalar != "}" {
            guard _UnicodePropertyNames.isValueCharacter(scalar) || scalar == "=" else {
                throw invalid("'\(scalar)' cannot be part of a Unicode property name", at: index)
            }
            text.unicodeScalars.append(scalar)
            index += 1
        }
        guard peek == "}" else { throw invalid("unterminated Unicode property '\\p{'", at: start) }
        index += 1
        switch _UnicodePropertyNames.meaning(of: text) {
        case nil:
            throw invalid("unknown Unicode property '\(text)'", at: start)
        case .unsupported(let message):
            refuse(.unsupported, message, at: start)
            return _ScalarSet()
        case .set(var set):
            if negated {
                if set.tests.isEmpty {
                    set.ranges = _ScalarSet.complement(of: set.ranges)
                } else {
                    set.tests[0].negated = true
                }
            }
            return set
        }
    }

    /// CharacterEscape, after a `\` at `start`: one scalar value (a lone
    /// surrogate from `\uD800` is a value no scalar of a string has).
    private mutating func characterEscape(start: Int) throws(_RegexSyntaxError) -> UInt32 {
        guard let scalar = peek else { throw invalid("'\\' at the end of the pattern", at: start) }
        index += 1
        switch scalar {
        case "f": return 0x0C
        case "n": return 0x0A
        case "r": return 0x0D
        case "t": return 0x09
        case "v": return 0x0B
        case "c":
            guard let letter = peek, ("a"..."z").contains(letter) || ("A"..."Z").contains(letter) else {
                throw invalid("'\\c' must be followed by a letter A-Z or a-z", at: start)
            }
            index += 1
            return letter.value % 32
        case "0":
            if let next = peek, ("0"..."9").contains(next) {
                throw invalid("'\\0' followed by a digit is not valid in Unicode mode", at: start)
            }
            return 0
        case "x":
            guard let high = character(at: index).flatMap(Self.hexValue),
                let low = character(at: index + 1).flatMap(Self.hexValue)
            else { throw invalid("'\\x' must be followed by two hexadecimal digits", at: start) }
            index += 2
            return high << 4 | low
        case "u":
            guard let value = try unicodeEscape(from: index) else {
                throw invalid("invalid Unicode escape '\\u'", at: start)
            }
            return value
        case "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/":
            return scalar.value
        case _
        where isLenient && scalar.isASCII && !scalar.properties.isAlphabetic
            && !("0"..."9").contains(scalar):
            // Annex B: an escaped punctuation character is the character.
            return scalar.value
        default:
            throw invalid(
                "invalid escape '\\\(scalar)': in Unicode mode only syntax characters and '/' can be escaped",
                at: start)
        }
    }

    /// RegExpUnicodeEscapeSequence from `position`, just after its `u`:
    /// `XXXX`, a surrogate pair `XXXX\uXXXX`, or `{X…}` up to 10FFFF.
    /// Moves `index` past it; `nil` if malformed.
    private mutating func unicodeEscape(from position: Int) throws(_RegexSyntaxError) -> UInt32? {
        if character(at: position) == "{" {
            var value: UInt32 = 0
            var end = position + 1
            while let digit = character(at: end).flatMap(Self.hexValue) {
                value = min(value << 4 | digit, 0x11_0000)
                end += 1
            }
            guard end > position + 1, character(at: end) == "}", value <= _ScalarSet.maximumValue else { return nil }
            index = end + 1
            return value
        }
        guard let value = hex4(at: position) else { return nil }
        index = position + 4
        if (0xD800...0xDBFF).contains(value), character(at: index) == "\\", character(at: index + 1) == "u",
            let trail = hex4(at: index + 2), (0xDC00...0xDFFF).contains(trail)
        {
            index += 6
            return 0x1_0000 + (value - 0xD800) << 10 + (trail - 0xDC00)
        }
        return value
    }

    private func hex4(at position: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = character(at: position + offset).flatMap(Self.hexValue) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f": return scalar.value - 0x61 + 10
        case "A"..."F": return scalar.value - 0x41 + 10
        default: return nil
        }
    }

    // MARK: Classes

    /// One ClassAtom: a scalar value, or a set from a class escape.
    private enum ClassAtom {
        case value(UInt32)
        case set(_ScalarSet)
    }

    /// `[…]` or `[^…]`, from the `[`.
    private mutating func characterClass() throws(_RegexSyntaxError) -> _ScalarSet {
        let start = index
        index += 1
        var set = _ScalarSet()
        if peek == "^" {
            index += 1
            set.negated = true
        }
        while true {
            guard let scalar = peek else { throw invalid("unterminated character class '['", at: start) }
            if scalar == "]" {
                index += 1
                break
            }
            let atomStart = index
            let low = try classAtom()
            if peek == "-", let after = character(at: index + 1), after != "]" {
                index += 1
                let highStart = index
                let high = try classAtom()
                guard case .value(let lowValue) = low else {
                    throw invalid("a class escape cannot start a range in Unicode mode", at: atomStart)
                }
                guard case .value(let highValue) = high else {
                    throw invalid("a class escape cannot end a range in Unicode mode", at: highStart)
                }
                guard lowValue <= highValue else { throw invalid("range out of order in class", at: atomStart) }
                set.ranges.append(lowValue...highValue)
            } else {
                switch low {
                case .value(let value): set.ranges.append(value...value)
                case .set(let item): set.formUnion(item)
                }
            }
        }
        set.normalize()
        return set
    }

    /// ClassAtom in Unicode mode.
    private mutating func classAtom() throws(_RegexSyntaxError) -> ClassAtom {
        let scalar = scalars[index]
        guard scalar == "\\" else {
            index += 1
            return .value(scalar.value)
        }
        let start = index
        index += 1
        switch peek {
        case "b":
            index += 1
            return .value(0x08)
        case "-":
            index += 1
            return .value(0x2D)
        default:
            if let set = try classEscape(start: start) { return .set(set) }
            if let next = peek, ("1"..."9").contains(next) || next == "k" || next == "B" {
                throw invalid("invalid escape '\\\(next)' in a character class", at: start)
            }
            return .value(try characterEscape(start: start))
        }
    }
}
