/// Reads RFC 9485's grammar into a tree; `nil` for anything else.
///
/// Recursive descent; each group costs a few frames, and groups nest at
/// most ``_Regex/maximumGroupDepth`` deep, so the stack stays small.
struct _IRegexpParser {
    let scalars: [Unicode.Scalar]
    var index = 0
    var depth = 0

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// `.`: any scalar but `\n` and `\r`.
    static let dot = _ScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D], negated: true)

    mutating func parse() -> _RegexNode? {
        guard let tree = branches(), index == scalars.count else { return nil }
        return tree
    }

    /// `branch *( "|" branch )`
    mutating func branches() -> _RegexNode? {
        var result: [_RegexNode] = []
        while true {
            guard let branch = branch() else { return nil }
            result.append(branch)
            guard peek == "|" else { break }
            index += 1
        }
        return result.count == 1 ? result[0] : .alternation(result)
    }

    /// `*piece`, a piece being an atom and an optional quantifier.
    mutating func branch() -> _RegexNode? {
        var pieces: [_RegexNode] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            guard let atom = atom(), let piece = quantified(atom) else { return nil }
            pieces.append(piece)
        }
        return pieces.count == 1 ? pieces[0] : .sequence(pieces)
    }

    mutating func quantified(_ atom: _RegexNode) -> _RegexNode? {
        switch peek {
        case "*":
            index += 1
            return .repetition(atom, minimum: 0, maximum: nil)
        case "+":
            index += 1
            return .repetition(atom, minimum: 1, maximum: nil)
        case "?":
            index += 1
            return .repetition(atom, minimum: 0, maximum: 1)
        case "{":
            index += 1
            guard let low = number() else { return nil }
            var high: Int? = low
            if peek == "," {
                index += 1
                high = nil
                if peek != "}" {
                    guard let bound = number(), bound >= low else { return nil }
                    high = bound
                }
            }
            guard peek == "}" else { return nil }
            index += 1
            // Beyond the program's size anyway; refusing here also keeps
            // the loops that expand the count short.
            guard low <= _Regex.maximumProgramSize, (high ?? low) <= _Regex.maximumProgramSize else { return nil }
            return .repetition(atom, minimum: low, maximum: high)
        default:
            return atom
        }
    }

    /// Up to nine digits, as before: a count needs no more.
    mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = peek, ("0"..."9").contains(scalar) {
            // Past nine digits the count is refused anyway; stop adding to
            // `value` there, before it can overflow.
            if digits < 9 { value = value * 10 + Int(scalar.value - 0x30) }
            digits += 1
            index += 1
        }
        guard digits > 0, digits <= 9 else { return nil }
        return value
    }

    mutating func atom() -> _RegexNode? {
        guard let scalar = peek else { return nil }
        switch scalar {
        case "(":
            guard depth < _Regex.maximumGroupDepth else { return nil }
            index += 1
            depth += 1
            defer { depth -= 1 }
            guard let inner = branches(), peek == ")" else { return nil }
            index += 1
            return inner
        case ".":
            index += 1
            return .set(Self.dot)
        case "[":
            return characterClassExpression().map { .set($0) }
        case "\\":
            return escape().map { .set($0) }
        case "*", "+", "?", "{", "}", ")", "]", "|":
            return nil
        case "^":
            index += 1
            return .start
        case "$":
            index += 1
            return .end
        default:
            index += 1
            return .set(.scalar(scalar.value))
        }
    }

    /// A single-character escape or a category escape, from its `\`.
    mutating func escape() -> _ScalarSet? {
        index += 1  // \
        guard let scalar = peek else { return nil }
        index += 1
        switch scalar {
        case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}":
            return .scalar(scalar.value)
        case "n": return .scalar(0x0A)
        case "r": return .scalar(0x0D)
        case "t": return .scalar(0x09)
        case "p", "P":
            guard peek == "{" else { return nil }
            index += 1
            var name = ""
            while let next = peek, next != "}" {
                name.unicodeScalars.append(next)
                index += 1
            }
            guard peek == "}", let mask = Self.categories[name] else { return nil }
            index += 1
            return _ScalarSet(tests: [.init(property: .generalCategories(mask), negated: scalar == "P")])
        default:
            return nil
        }
    }

    /// `"[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"`
    mutating func characterClassExpression() -> _ScalarSet? {
        index += 1  // [
        var set = _ScalarSet()
        if peek == "^" {
            index += 1
            set.negated = true
        }
        var first = true
        while true {
            guard let scalar = peek else { return nil }
            if scalar == "]" {
                guard !first else { return nil }
                index += 1
                set.normalize()
                return set
            }
            if scalar == "-" {
                // Only first or last.
                index += 1
                guard first || peek == "]" else { return nil }
                set.ranges.append(0x2D...0x2D)
                first = false
                continue
            }
            first = false
            if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "p" || scalars[index + 1] == "P" {
                guard let property = escape() else { return nil }
                set.tests += property.tests
                continue
            }
            guard let low = classCharacter() else { return nil }
            if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                guard let high = classCharacter(), low.value <= high.value else { return nil }
                set.ranges.append(low.value...high.value)
            } else {
                set.ranges.append(low.value...low.value)
            }
        }
    }

    /// `CCchar`: any character but `-`, `[`, `\` and `]`, or a
    /// single-character escape.
    mutating func classCharacter() -> Unicode.Scalar? {
        guard let scalar = peek else { return nil }
        switch scalar {
        case "-", "[", "]":
            return nil
        case "\\":
            let start = index
            guard let set = escape(), index - start == 2, set.tests.isEmpty else { return nil }
            return Unicode.Scalar(set.ranges[0].lowerBound)
        default:
            index += 1
            return scalar
        }
    }

    /// The general categories I-Regexp allows in `\p{…}`, by name: the
    /// two-letter ones but `Cs` (RFC 9485 leaves it out), and the one-letter
    /// groups, whose `C` covers the surrogates too, which no scalar is.
    static let categories: [String: UInt32] = {
        var result: [String: UInt32] = [:]
        for name in _GeneralCategory.names where name != "Cs" {
            result[name] = _GeneralCategory.mask(name)
            let group = String(name.prefix(1))
            result[group] = _GeneralCategory.mask(group)
        }
        return result
    }()
}
