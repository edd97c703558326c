/// Parses RFC 9535 JSONPath text into a `_PathQuery`, checking the grammar
/// and the types of function expressions (section 2.4.3), so that every
/// invalid query is refused here.
struct _PathParser {
    private let bytes: [UInt8]
    private let text: String
    private var position = 0
    /// How deeply filters, parentheses and function calls nest here.
    private var nesting = 0

    /// How deeply filters, parentheses and function calls may nest: enough
    /// for any real query, and little enough that parsing and evaluating
    /// (both recursive) stay safe on a 512 KiB stack, even in a debug build.
    static let maximumNesting = 32

    static func parse(_ text: String) throws(JSONPathError) -> _PathQuery {
        var parser = _PathParser(bytes: Array(text.utf8), text: text)
        return try parser.parseQuery()
    }

    private init(bytes: [UInt8], text: String) {
        self.bytes = bytes
        self.text = text
    }

    // MARK: Queries and segments

    private mutating func parseQuery() throws(JSONPathError) -> _PathQuery {
        guard peek == UInt8(ascii: "$") else {
            throw error(.syntax, "a query starts with \"$\"")
        }
        position += 1
        let segments = try parseSegments()
        guard position == bytes.count else {
            throw error(.syntax, "expected \".\", \"..\" or \"[\" to start a segment, or the end of the query")
        }
        return _PathQuery(isRelative: false, segments: segments)
    }

    /// Segments, each after optional whitespace, for as long as one follows.
    private mutating func parseSegments() throws(JSONPathError) -> [_PathSegment] {
        var segments: [_PathSegment] = []
        while true {
            let start = position
            skipWhitespace()
            guard let byte = peek, byte == UInt8(ascii: "[") || byte == UInt8(ascii: ".") else {
                position = start
                return segments
            }
            segments.append(try parseSegment())
        }
    }

    private mutating func parseSegment() throws(JSONPathError) -> _PathSegment {
        if peek == UInt8(ascii: "[") {
            return .child(try parseBracketedSelection())
        }
        position += 1  // .
        if peek == UInt8(ascii: ".") {
            position += 1
            if peek == UInt8(ascii: "[") { return .descendant(try parseBracketedSelection()) }
            if peek == UInt8(ascii: "*") {
                position += 1
                return .descendant([.wildcard])
            }
            guard let name = parseShorthandName() else {
                throw error(.syntax, "expected \"*\", a member name or \"[\" after \"..\"")
            }
            return .descendant([.name(name)])
        }
        if peek == UInt8(ascii: "*") {
            position += 1
            return .child([.wildcard])
        }
        guard let name = parseShorthandName() else {
            throw error(.syntax, "expected \"*\" or a member name right after \".\"")
        }
        return .child([.name(name)])
    }

    /// `name-first *name-char`: a letter, `_` or any non-ASCII character,
    /// then those or digits.
    private mutating func parseShorthandName() -> String? {
        let start = position
        guard let first = peek, Self.isNameFirst(first) else { return nil }
        position += 1
        while let byte = peek, Self.isNameFirst(byte) || Self.isDigit(byte) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func parseBracketedSelection() throws(JSONPathError) -> [_PathSelector] {
        position += 1  // [
        skipWhitespace()
        var selectors = [try parseSelector()]
        while true {
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
                selectors.append(try parseSelector())
            case UInt8(ascii: "]"):
                position += 1
                return selectors
            default:
                throw error(.syntax, "expected \",\" or \"]\" after a selector")
            }
        }
    }

    private mutating func parseSelector() throws(JSONPathError) -> _PathSelector {
        switch peek {
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return .name(try parseStringLiteral())
        case UInt8(ascii: "*"):
            position += 1
            return .wildcard
        case UInt8(ascii: "?"):
            position += 1
            skipWhitespace()
            return .filter(try checkLogical(try parseOr()))
        default:
            break
        }
        var start: Int? = nil
        if isIntegerStart { start = try parseInteger() }
        let afterStart = position
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else {
            position = afterStart
            guard let start else {
                throw error(
                    .syntax, "expected a selector: a quoted name, \"*\", an index, a slice or \"?\" and a filter")
            }
            return .index(start)
        }
        position += 1
        skipWhitespace()
        var end: Int? = nil
        if isIntegerStart { end = try parseInteger() }
        let afterEnd = position
        skipWhitespace()
        var step: Int? = nil
        if peek == UInt8(ascii: ":") {
            position += 1
            skipWhitespace()
            if isIntegerStart { step = try parseInteger() }
        } else {
            position = afterEnd
        }
        return .slice(start: start, end: end, step: step)
    }

    // MARK: Literals

    private var isIntegerStart: Bool {
        guard let byte = peek else { return false }
        return byte == UInt8(ascii: "-") || Self.isDigit(byte)
    }

    /// `"0" / (["-"] DIGIT1 *DIGIT)`, within ±(2⁵³ − 1).
    private mutating func parseInteger() throws(JSONPathError) -> Int {
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, Self.isDigit(first) else {
            throw error(.syntax, "expected a digit after \"-\"")
        }
        if first == UInt8(ascii: "0") {
            position += 1
            if position - start > 1 {
                position = start
                throw error(.syntax, "\"-0\" is not an integer here")
            }
            if let next = peek, Self.isDigit(next) {
                throw error(.syntax, "an integer cannot have a leading zero")
            }
            return 0
        }
        while let byte = peek, Self.isDigit(byte) { position += 1 }
        let digits = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Int64(digits), value.magnitude <= (1 << 53) - 1 else {
            position = start
            throw error(.integerOutOfRange, "the integer \(digits) is outside ±(2^53 - 1)")
        }
        // Where Int has 32 bits, an index beyond it is beyond every array,
        // as Int.max or Int.min is: a query means the same either way.
        return Int(clamping: value)
    }

    /// A JSON number: `(int / "-0") [frac] [exp]`.
    private mutating func parseNumberLiteral() throws(JSONPathError) -> JSONValue {
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, Self.isDigit(first) else {
            throw error(.syntax, "expected a digit in a number")
        }
        position += 1
        if first == UInt8(ascii: "0") {
            if let next = peek, Self.isDigit(next) {
                throw error(.syntax, "a number cannot have a leading zero")
            }
        } else {
            while let byte = peek, Self.isDigit(byte) { position += 1 }
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard let byte = peek, Self.isDigit(byte) else {
                throw error(.syntax, "expected a digit after the decimal point")
            }
            while let byte = peek, Self.isDigit(byte) { position += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard let byte = peek, Self.isDigit(byte) else {
                throw error(.syntax, "expected a digit in the exponent")
            }
            while let byte = peek, Self.isDigit(byte) { position += 1 }
        }
        let number = Array(bytes[start..<position])
        guard let value = try? JSONValue(parsing: number) else {
            position = start
            throw error(.syntax, "the number is out of the range of a Double")
        }
        return value
    }

    /// A single- or double-quoted string, with RFC 9535's escapes.
    private mutating func parseStringLiteral() throws(JSONPathError) -> String {
        let quote = bytes[position]
        position += 1
        var output: [UInt8] = []
        while true {
            guard let byte = peek else {
                throw error(.syntax, "the string is not closed")
            }
            if byte == quote {
                position += 1
                return String(decoding: output, as: UTF8.self)
            }
            if byte < 0x20 {
                throw error(.syntax, "a control character must be escaped in a string")
            }
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                position += 1
                continue
            }
            let escapeStart = position
            position += 1
            guard let escaped = peek else { throw error(.syntax, "the string is not closed") }
            position += 1
            switch escaped {
            case UInt8(ascii: "/"), UInt8(ascii: "\\"): output.append(escaped)
            case quote: output.append(escaped)
            case UInt8(ascii: "u"):
                var scalar = try parseHexQuad(escapeStart: escapeStart)
                if (0xD800..<0xDC00).contains(scalar) {
                    guard peek == UInt8(ascii: "\\"), position + 1 < bytes.count,
                        bytes[position + 1] == UInt8(ascii: "u")
                    else {
                        position = escapeStart
                        throw error(.syntax, "a high surrogate escape must be followed by a low one")
                    }
                    position += 2
                    let low = try parseHexQuad(escapeStart: escapeStart)
                    guard (0xDC00..<0xE000).contains(low) else {
                        position = escapeStart
                        throw error(.syntax, "a high surrogate escape must be followed by a low one")
                    }
                    scalar = _scalar(highSurrogate: scalar, lowSurrogate: low)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    position = escapeStart
                    throw error(.syntax, "a low surrogate escape must follow a high one")
                }
                output.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default:
                guard let control = _controlCharacter(escapedBy: escaped) else {
                    position = escapeStart
                    throw error(.syntax, "invalid escape in a string")
                }
                output.append(control)
            }
        }
    }

    private mutating func parseHexQuad(escapeStart: Int) throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = _hexValue(byte) else {
                position = escapeStart
                throw error(.syntax, "\"\\u\" must be followed by four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    // MARK: Filter expressions

    /// A filter expression before its types are checked.
    private indirect enum Raw {
        case or([Raw])
        case and([Raw])
        case not(Raw, offset: Int)
        case parenthesized(Raw)
        case comparison(Raw, _ComparisonOperator, Raw)
        case literal(JSONValue, offset: Int)
        case query(_PathQuery, offset: Int)
        case function(_PathFunction, [Raw], offset: Int)

        var offset: Int? {
            switch self {
            case .not(_, let offset), .literal(_, let offset), .query(_, let offset), .function(_, _, let offset):
                return offset
            case .or(let items), .and(let items):
                return items.first?.offset
            case .parenthesized(let inner), .comparison(let inner, _, _):
                return inner.offset
            }
        }
    }

    private mutating func parseOr() throws(JSONPathError) -> Raw {
        guard nesting < Self.maximumNesting else {
            throw error(
                .syntax, "filters, parentheses and function calls nest deeper than \(Self.maximumNesting) levels")
        }
        nesting += 1
        defer { nesting -= 1 }
        var items = [try parseAnd()]
        while true {
            let start = position
            skipWhitespace()
            guard consume("||") else {
                position = start
                break
            }
            skipWhitespace()
            items.append(try parseAnd())
        }
        return items.count == 1 ? items[0] : .or(items)
    }

    private mutating func parseAnd() throws(JSONPathError) -> Raw {
        var items = [try parseBasic()]
        while true {
            let start = position
            skipWhitespace()
            guard consume("&&") else {
                position = start
                break
            }
            skipWhitespace()
            items.append(try parseBasic())
        }
        return items.count == 1 ? items[0] : .and(items)
    }

    private mutating func parseBasic() throws(JSONPathError) -> Raw {
        if peek == UInt8(ascii: "!") {
            let start = position
            position += 1
            skipWhitespace()
            if peek == UInt8(ascii: "(") { return .not(try parseParenthesized(), offset: start) }
            let operand = try parsePrimary()
            switch operand {
            case .query, .function: return .not(operand, offset: start)
            default:
                throw error(
                    .syntax, "\"!\" must be followed by a query, a function or a parenthesized expression", at: start)
            }
        }
        if peek == UInt8(ascii: "(") { return try parseParenthesized() }
        let left = try parsePrimary()
        let start = position
        skipWhitespace()
        guard let comparison = parseComparisonOperator() else {
            position = start
            return left
        }
        skipWhitespace()
        let right = try parsePrimary()
        return .comparison(left, comparison, right)
    }

    private mutating func parseParenthesized() throws(JSONPathError) -> Raw {
        position += 1  // (
        skipWhitespace()
        let inner = try parseOr()
        skipWhitespace()
        guard peek == UInt8(ascii: ")") else { throw error(.syntax, "expected \")\"") }
        position += 1
        return .parenthesized(inner)
    }

    private mutating func parseComparisonOperator() -> _ComparisonOperator? {
        if consume("==") { return .equal }
        if consume("!=") { return .notEqual }
        if consume("<=") { return .lessOrEqual }
        if consume(">=") { return .greaterOrEqual }
        if consume("<") { return .less }
        if consume(">") { return .greater }
        return nil
    }

    /// A query, a literal or a function call.
    private mutating func parsePrimary() throws(JSONPathError) -> Raw {
        let start = position
        guard let byte = peek else { throw error(.syntax, "expected a query, a literal or a function") }
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "$"):
            position += 1
            let segments = try parseSegments()
            return .query(_PathQuery(isRelative: byte == UInt8(ascii: "@"), segments: segments), offset: start)
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return .literal(.string(try parseStringLiteral()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .literal(try parseNumberLiteral(), offset: start)
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            while let next = peek, Self.isLowercase(next) || Self.isDigit(next) || next == UInt8(ascii: "_") {
                position += 1
            }
            let name = String(decoding: bytes[start..<position], as: UTF8.self)
            if peek == UInt8(ascii: "(") {
                guard let function = _PathFunction(rawValue: name) else {
                    throw error(.unknownFunction, "unknown function \"\(name)\"", at: start)
                }
                return .function(function, try parseArguments(), offset: start)
            }
            switch name {
            case "true": return .literal(true, offset: start)
            case "false": return .literal(false, offset: start)
            case "null": return .literal(.null, offset: start)
            default: throw error(.syntax, "expected a query, a literal or a function, found \"\(name)\"", at: start)
            }
        default:
            throw error(.syntax, "expected a query, a literal or a function")
        }
    }

    private mutating func parseArguments() throws(JSONPathError) -> [Raw] {
        position += 1  // (
        skipWhitespace()
        var arguments: [Raw] = []
        if peek == UInt8(ascii: ")") {
            position += 1
            return arguments
        }
        while true {
            arguments.append(try parseOr())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: ")"):
                position += 1
                return arguments
            default:
                throw error(.syntax, "expected \",\" or \")\" after a function argument")
            }
        }
    }

    // MARK: Types (RFC 9535 section 2.4.3)

    /// An expression used as a test: logical, a query (existence), or a
    /// function whose result is logical.
    private func checkLogical(_ raw: Raw) throws(JSONPathError) -> _LogicalExpression {
        switch raw {
        case .or(let items):
            var checked: [_LogicalExpression] = []
            for item in items { checked.append(try checkLogical(item)) }
            return .or(checked)
        case .and(let items):
            var checked: [_LogicalExpression] = []
            for item in items { checked.append(try checkLogical(item)) }
            return .and(checked)
        case .not(let inner, _):
            return .not(try checkLogical(inner))
        case .parenthesized(let inner):
            return try checkLogical(inner)
        case .comparison(let left, let comparison, let right):
            return .comparison(try checkComparable(left), comparison, try checkComparable(right))
        case .query(let query, _):
            return .exists(query)
        case .function(let function, let arguments, let offset):
            guard function.result == .logical else {
                throw error(
                    .type, "\(function.rawValue)() returns a value, which cannot be used as a test; compare it instead",
                    at: offset)
            }
            return .function(try checkCall(function, arguments, offset: offset))
        case .literal(_, let offset):
            throw error(.type, "a literal cannot be used as a test; compare it with something", at: offset)
        }
    }

    /// A comparison's operand, or a value argument: a literal, a singular
    /// query, or a function whose result is a value.
    private func checkComparable(_ raw: Raw) throws(JSONPathError) -> _ValueExpression {
        switch raw {
        case .literal(let value, _):
            return .literal(value)
        case .query(let query, let offset):
            guard query.isSingular else {
                throw error(
                    .type, "only a singular query (names and indices only) has a value to compare", at: offset)
            }
            return .query(query)
        case .function(let function, let arguments, let offset):
            guard function.result == .value else {
                throw error(
                    .type, "\(function.rawValue)() returns a logical result, which cannot be compared", at: offset)
            }
            return .function(try checkCall(function, arguments, offset: offset))
        default:
            throw error(.type, "a logical expression has no value to compare", at: raw.offset ?? position)
        }
    }

    private func checkCall(_ function: _PathFunction, _ arguments: [Raw], offset: Int) throws(JSONPathError)
        -> _FunctionCall
    {
        let parameters = function.parameters
        guard arguments.count == parameters.count else {
            throw error(
                .type, "\(function.rawValue)() takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s")",
                at: offset)
        }
        var checked: [_FunctionArgument] = []
        for (index, (parameter, argument)) in zip(parameters, arguments).enumerated() {
            switch parameter {
            case .value:
                if (function == .match || function == .search) && index == 1,
                    case .literal(.string(let pattern), _) = argument
                {
                    checked.append(.pattern(_Regex(iRegexp: pattern)))
                } else {
                    checked.append(.value(try checkComparable(argument)))
                }
            case .logical:
                checked.append(.logical(try checkLogical(argument)))
            case .nodes:
                guard case .query(let query, _) = argument else {
                    throw error(
                        .type, "\(function.rawValue)() takes a query as its argument", at: argument.offset ?? offset)
                }
                checked.append(.nodes(query))
            }
        }
        return _FunctionCall(function: function, arguments: checked)
    }

    // MARK: Characters

    private var peek: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func consume(_ token: StaticString) -> Bool {
        let length = token.utf8CodeUnitCount
        guard position + length <= bytes.count else { return false }
        for index in 0..<length where bytes[position + index] != token.utf8Start[index] { return false }
        position += length
        return true
    }

    private mutating func skipWhitespace() {
        while let byte = peek,
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        {
            position += 1
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isLowercase(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }

    private static func isNameFirst(_ byte: UInt8) -> Bool {
        isLowercase(byte) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
            || byte >= 0x80
    }

    private func error(_ kind: JSONPathError.Kind, _ message: String, at offset: Int? = nil) -> JSONPathError {
        let offset = offset ?? position
        let location = Array(text.utf8).withUnsafeBufferPointer {
            _JSONParser.location(of: offset, in: $0, textStart: 0)
        }
        return JSONPathError(kind, at: location, expression: text, message: message)
    }
}
