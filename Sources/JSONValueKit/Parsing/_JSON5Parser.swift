/// Reads JSON5 (json5.org), for ``JSONValue/ParsingOptions/allowsJSON5``.
///
/// A parser of its own, so that the strict RFC 8259 parser stays exactly as
/// fast as it is: it only checks the option once per document. Beyond JSON:
/// comments, trailing commas, single-quoted strings and their escapes, keys
/// that are ECMAScript identifiers, hexadecimal numbers, `Infinity` and
/// `NaN`, leading and trailing decimal points, an explicit `+`, and the
/// extra whitespace characters. It recurses, one level per array or object,
/// moving to a new stack every 32 levels.
struct _JSON5Parser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private let textStart: Int
    private let depthLimit: Int
    private var depth = 0
    /// Where the text of numbers a `Double` may round is kept, if asked; see
    /// ``_ExactNumbers``.
    private var exactNumbers: _ExactNumbers?
    /// Whether a number that neither `Int` nor `Double` holds exactly is an
    /// error; see ``JSONValue/ParsingOptions/allowsInexactNumbers``.
    private var refusesInexactNumbers = false

    /// Parses `bytes` from `textStart`; if `exactNumbers` is not `nil`,
    /// numbers that a `Double` may round are boxed in the tree and their text
    /// kept there, as the strict parser does.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        textStart: Int,
        options: JSONValue.ParsingOptions,
        exactNumbers: inout _ExactNumbers?
    ) throws(JSONParseError) -> JSONValue {
        var parser = _JSON5Parser(
            bytes: bytes, position: textStart, textStart: textStart, depthLimit: options.maximumNestingDepth,
            exactNumbers: exactNumbers.map { _ in _ExactNumbers() })
        parser.refusesInexactNumbers = !options.allowsInexactNumbers
        try parser.skipWhitespace()
        let value = try parser.parseValue()
        try parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.unexpected() }
        exactNumbers = parser.exactNumbers
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = peek else { throw endOfInput() }
        switch byte {
        case UInt8(ascii: "{"):
            return try nested { (parser: inout Self) throws(JSONParseError) in try parser.parseObject() }
        case UInt8(ascii: "["):
            return try nested { (parser: inout Self) throws(JSONParseError) in try parser.parseArray() }
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "I"), UInt8(ascii: "N"):
            return try parseNumber()
        default:
            throw unexpected()
        }
    }

    /// Parses an array or object one level deeper, within the depth limit.
    private mutating func nested(
        _ body: (inout Self) throws(JSONParseError) -> JSONValue
    ) throws(JSONParseError) -> JSONValue {
        guard depth < depthLimit else {
            throw .nestingTooDeep(limit: depthLimit, at: location(of: position))
        }
        depth += 1
        defer { depth -= 1 }
        var result: Result<JSONValue, JSONParseError>?
        let depth = self.depth
        try? _StackExtension.run(depth: depth) {
            result = Result { () throws(JSONParseError) in try body(&self) }
        }
        // Nothing ran where there are no threads to move deeper recursion
        // to: the limit is then what the one stack holds (see
        // _StackExtension).
        guard let result else { throw .nestingTooDeep(limit: depth - 1, at: location(of: position)) }
        return try result.get()
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        position += 1  // [
        var elements: [JSONValue] = []
        while true {
            try skipWhitespace()
            if peek == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            elements.append(try parseValue())
            try skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            case nil: throw endOfInput()
            default: throw unexpected()
            }
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        position += 1  // {
        var members = JSONObject()
        while true {
            try skipWhitespace()
            guard let byte = peek else { throw endOfInput() }
            if byte == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            let key: String
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                key = try parseString()
            } else {
                key = try parseIdentifier()
            }
            try skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw peek == nil ? endOfInput() : unexpected() }
            position += 1
            try skipWhitespace()
            // A repeated name keeps its last value at its first position, as
            // in the strict parser.
            members[key] = try parseValue()
            try skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            case nil: throw endOfInput()
            default: throw unexpected()
            }
        }
    }

    private mutating func expect(_ word: StaticString) throws(JSONParseError) {
        for index in 0..<word.utf8CodeUnitCount {
            guard let byte = peek else { throw endOfInput() }
            guard byte == word.utf8Start[index] else { throw unexpected() }
            position += 1
        }
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var negative = false
        if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
            negative = peek == UInt8(ascii: "-")
            position += 1
        }
        guard let first = peek else { throw endOfInput() }
        if first == UInt8(ascii: "I") {
            try expect("Infinity")
            return .double(negative ? -.infinity : .infinity)
        }
        if first == UInt8(ascii: "N") {
            try expect("NaN")
            return .double(.nan)
        }
        if first == UInt8(ascii: "0"), position + 1 < bytes.count,
            bytes[position + 1] == UInt8(ascii: "x") || bytes[position + 1] == UInt8(ascii: "X")
        {
            position += 2
            return try parseHexadecimal(negative: negative, start: start)
        }
        // Decimal: rewritten as strict JSON text (no "+", a digit on both
        // sides of the point) and converted by the strict parser, so that
        // the same text gives the same number in both modes.
        var text: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        var integerDigits = 0
        while let byte = peek, Self.isDigit(byte) {
            text.append(byte)
            integerDigits += 1
            position += 1
        }
        if integerDigits > 1 && text[negative ? 1 : 0] == UInt8(ascii: "0") {
            throw JSONParseError.numberWithLeadingZero(at: location(of: start))
        }
        var fractionDigits = 0
        if peek == UInt8(ascii: ".") {
            position += 1
            if integerDigits == 0 { text.append(UInt8(ascii: "0")) }
            text.append(UInt8(ascii: "."))
            while let byte = peek, Self.isDigit(byte) {
                text.append(byte)
                fractionDigits += 1
                position += 1
            }
            if fractionDigits == 0 { text.append(UInt8(ascii: "0")) }
        }
        guard integerDigits + fractionDigits > 0 else {
            throw JSONParseError.invalidNumber(at: location(of: start))
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            text.append(UInt8(ascii: "e"))
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
                text.append(peek!)
                position += 1
            }
            guard let byte = peek, Self.isDigit(byte) else {
                throw JSONParseError.invalidNumber(at: location(of: start))
            }
            while let byte = peek, Self.isDigit(byte) {
                text.append(byte)
                position += 1
            }
        }
        // An integer that fits is exact; anything else is the correctly
        // rounded Double of the text, as the strict parser gives it. Up to
        // 19 digits, a UInt64 holds the magnitude.
        if fractionDigits == 0 && text.count == integerDigits + (negative ? 1 : 0) && integerDigits <= 19 {
            var magnitude: UInt64 = 0
            for byte in text.dropFirst(negative ? 1 : 0) {
                magnitude = magnitude * 10 + UInt64(byte - UInt8(ascii: "0"))
            }
            if let integer: Int = _signedInteger(magnitude: magnitude, negative: negative) { return .int(integer) }
        }
        guard let double = Double(String(decoding: text, as: UTF8.self)), double.isFinite else {
            throw JSONParseError.numberOutOfRange(at: location(of: start))
        }
        if refusesInexactNumbers && !text.withUnsafeBufferPointer({ _doubleKeepsDigits(double, of: $0) }) {
            throw inexactNumber(from: start)
        }
        // Digits beyond 15, or an integer beyond Int, may not survive a
        // Double: keep the (rewritten) text if asked.
        if exactNumbers != nil
            && (fractionDigits == 0 || integerDigits + fractionDigits > 15 || double.magnitude >= 0x1p53)
        {
            return .double(text.withUnsafeBufferPointer { exactNumbers!.box(double, text: $0) })
        }
        return .double(double)
    }

    private mutating func parseHexadecimal(negative: Bool, start: Int) throws(JSONParseError) -> JSONValue {
        let digitsStart = position
        var magnitude: UInt64 = 0
        var overflow = false
        var double = 0.0
        var digits = 0
        while let byte = peek, let digit = _hexValue(byte) {
            let (shifted, shiftOverflow) = magnitude.multipliedReportingOverflow(by: 16)
            let (sum, addOverflow) = shifted.addingReportingOverflow(UInt64(digit))
            overflow = overflow || shiftOverflow || addOverflow
            magnitude = sum
            double = double * 16 + Double(digit)
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw JSONParseError.invalidNumber(at: location(of: start)) }
        if !overflow, let integer: Int = _signedInteger(magnitude: magnitude, negative: negative) {
            return .int(integer)
        }
        // Beyond Int, like integer text: the nearest Double, and the exact
        // value's decimal text if asked.
        guard double.isFinite else { throw JSONParseError.numberOutOfRange(at: location(of: start)) }
        let value = negative ? -double : double
        if refusesInexactNumbers {
            // The rule of decimal text, applied to the integer's decimal digits.
            var text = _decimalDigits(ofHexadecimal: bytes[digitsStart..<position])
            if negative { text.insert(UInt8(ascii: "-"), at: 0) }
            guard text.withUnsafeBufferPointer({ _doubleKeepsDigits(value, of: $0) }) else {
                throw inexactNumber(from: start)
            }
        }
        if exactNumbers != nil && !overflow {
            var text = Array(String(magnitude).utf8)
            if negative { text.insert(UInt8(ascii: "-"), at: 0) }
            return .double(text.withUnsafeBufferPointer { exactNumbers!.box(value, text: $0) })
        }
        return .double(value)
    }

    /// The error for the number from `start` to `position`, which neither
    /// `Int` nor `Double` holds exactly, with its text as written.
    private func inexactNumber(from start: Int) -> JSONParseError {
        .inexactNumber(bytes[start..<position], at: location(of: start))
    }

    // MARK: Strings and identifiers

    private mutating func parseString() throws(JSONParseError) -> String {
        let quote = bytes[position]
        let start = position
        position += 1
        // Most strings have no escapes: take them straight from the input.
        var end = position
        while end < bytes.count, bytes[end] != quote, bytes[end] != UInt8(ascii: "\\"),
            bytes[end] != 0x0A, bytes[end] != 0x0D
        {
            end += 1
        }
        if end < bytes.count && bytes[end] == quote {
            let slice = UnsafeBufferPointer(rebasing: bytes[position..<end])
            position = end + 1
            return try makeString(slice, start: start)
        }
        var output = Array(bytes[position..<end])
        position = end
        while true {
            guard let byte = peek else { throw endOfInput() }
            if byte == quote {
                position += 1
                break
            }
            switch byte {
            case UInt8(ascii: "\\"):
                try parseEscape(into: &output)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw JSONParseError.unescapedControlCharacter(byte, at: location(of: position))
            default:
                output.append(byte)
                position += 1
            }
        }
        return try output.withUnsafeBufferPointer { buffer throws(JSONParseError) in
            try makeString(buffer, start: start)
        }
    }

    /// A string from UTF-8 bytes, refusing invalid UTF-8.
    private func makeString(_ utf8: UnsafeBufferPointer<UInt8>, start: Int) throws(JSONParseError) -> String {
        let string = String(decoding: utf8, as: UTF8.self)
        guard string.utf8.elementsEqual(utf8) else {
            throw JSONParseError.invalidUTF8(at: location(of: start))
        }
        return string
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = position
        position += 1
        guard let byte = peek else { throw endOfInput() }
        position += 1
        switch byte {
        case UInt8(ascii: "v"): output.append(0x0B)
        case UInt8(ascii: "0"):
            if let next = peek, Self.isDigit(next) {
                throw JSONParseError.invalidEscape(at: location(of: escapeStart))
            }
            output.append(0)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw JSONParseError.invalidEscape(at: location(of: escapeStart))
        case UInt8(ascii: "x"):
            guard position + 2 <= bytes.count, let high = _hexValue(bytes[position]),
                let low = _hexValue(bytes[position + 1])
            else { throw JSONParseError.invalidEscape(at: location(of: escapeStart)) }
            position += 2
            output.append(contentsOf: String(Unicode.Scalar(high << 4 | low)).utf8)
        case UInt8(ascii: "u"):
            let scalar = try parseUnicodeEscape(escapeStart: escapeStart)
            output.append(contentsOf: String(scalar).utf8)
        case UInt8(ascii: "\n"):
            break  // A line continuation.
        case UInt8(ascii: "\r"):
            if peek == UInt8(ascii: "\n") { position += 1 }
        case 0xE2
        where peek == 0x80 && position + 1 < bytes.count
            && (bytes[position + 1] == 0xA8 || bytes[position + 1] == 0xA9):
            position += 2  // U+2028 or U+2029: a line continuation.
        default:
            // `\b`, `\f`, `\n`, `\r` and `\t` are control characters; any
            // other character stands for itself (`\'`, `\"`, `\\`, `\/`,
            // `\a`), including the rest of a multi-byte one.
            output.append(_controlCharacter(escapedBy: byte) ?? byte)
        }
    }

    /// `\u` and four hex digits, the first `\u` already read; pairs of
    /// surrogates make one scalar, and a lone one is an error.
    private mutating func parseUnicodeEscape(escapeStart: Int) throws(JSONParseError) -> Unicode.Scalar {
        func quad(_ parser: inout Self) throws(JSONParseError) -> UInt32 {
            guard parser.position + 4 <= parser.bytes.count else {
                throw JSONParseError.invalidEscape(at: parser.location(of: escapeStart))
            }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = _hexValue(parser.bytes[parser.position]) else {
                    throw JSONParseError.invalidEscape(at: parser.location(of: escapeStart))
                }
                value = value << 4 | UInt32(digit)
                parser.position += 1
            }
            return value
        }
        var value = try quad(&self)
        if (0xD800..<0xDC00).contains(value) {
            guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else { throw JSONParseError.loneSurrogate(at: location(of: escapeStart)) }
            position += 2
            let low = try quad(&self)
            guard (0xDC00..<0xE000).contains(low) else {
                throw JSONParseError.loneSurrogate(at: location(of: escapeStart))
            }
            value = _scalar(highSurrogate: value, lowSurrogate: low)
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw JSONParseError.loneSurrogate(at: location(of: escapeStart))
        }
        return scalar
    }

    /// An ECMAScript 5.1 IdentifierName, with `\uXXXX` escapes.
    private mutating func parseIdentifier() throws(JSONParseError) -> String {
        var name = String.UnicodeScalarView()
        while let byte = peek {
            let start = position
            let scalar: Unicode.Scalar
            if byte == UInt8(ascii: "\\") {
                position += 1
                guard peek == UInt8(ascii: "u") else { throw JSONParseError.invalidEscape(at: location(of: start)) }
                position += 1
                scalar = try parseUnicodeEscape(escapeStart: start)
            } else {
                guard let decoded = decodeScalar() else { throw JSONParseError.invalidUTF8(at: location(of: start)) }
                scalar = decoded
            }
            guard name.isEmpty ? Self.isIdentifierStart(scalar) : Self.isIdentifierPart(scalar) else {
                position = start
                break
            }
            name.append(scalar)
        }
        guard !name.isEmpty else { throw peek == nil ? endOfInput() : unexpected() }
        return String(name)
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "$" || scalar == "_" { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
            return true
        default:
            return false
        }
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        if isIdentifierStart(scalar) || scalar == "\u{200C}" || scalar == "\u{200D}" { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    // MARK: Whitespace and comments

    private mutating func skipWhitespace() throws(JSONParseError) {
        while let byte = peek {
            switch byte {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20:
                position += 1
            case UInt8(ascii: "/"):
                guard position + 1 < bytes.count else { throw unexpected() }
                if bytes[position + 1] == UInt8(ascii: "/") {
                    position += 2
                    while let next = peek, next != 0x0A, next != 0x0D, !isLineSeparator { position += 1 }
                } else if bytes[position + 1] == UInt8(ascii: "*") {
                    position += 2
                    while true {
                        guard position + 1 < bytes.count else {
                            position = bytes.count
                            throw endOfInput()
                        }
                        if bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/") {
                            position += 2
                            break
                        }
                        position += 1
                    }
                } else {
                    throw unexpected()
                }
            case 0x80...:
                let start = position
                guard let scalar = decodeScalar(), Self.isWhitespace(scalar) else {
                    position = start
                    return
                }
            default:
                return
            }
        }
    }

    /// Whether the bytes at `position` are U+2028 or U+2029.
    private var isLineSeparator: Bool {
        position + 2 < bytes.count && bytes[position] == 0xE2 && bytes[position + 1] == 0x80
            && (bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9)
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{A0}", "\u{2028}", "\u{2029}", "\u{FEFF}": return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Decodes the UTF-8 scalar at `position` and moves past it.
    private mutating func decodeScalar() -> Unicode.Scalar? {
        var iterator = bytes[position...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        position += UTF8.width(scalar)
        return scalar
    }

    // MARK: Errors

    private var peek: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func unexpected() -> JSONParseError {
        guard position < bytes.count else { return endOfInput() }
        return .unexpectedCharacter(in: bytes, at: position, location: location(of: position))
    }

    private func endOfInput() -> JSONParseError {
        .unexpectedEndOfInput(at: location(of: bytes.count))
    }

    private func location(of offset: Int) -> JSONParseError.Location {
        _JSONParser.location(of: offset, in: bytes, textStart: textStart)
    }
}
