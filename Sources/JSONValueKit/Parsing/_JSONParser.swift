/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Recursive descent over an unsafe buffer: no per-byte `String` or
/// `Character` work and no Foundation. The input must stay alive while the
/// parser runs (`parse(_:options:)` guarantees it).
struct _JSONParser: ~Copyable {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private var position = 0
    private var depth = 0
    private let depthLimit: Int
    /// Members of the objects being parsed, innermost last; reused so that each
    /// object's dictionary is created once at its final size.
    private var memberStack: [(String, JSONValue)] = []
    /// Bytes of a string with escapes, reused between strings.
    private var scratch: [UInt8] = []

    private init(base: UnsafePointer<UInt8>, count: Int, options: JSONValue.ParsingOptions) {
        self.base = base
        self.count = count
        self.depthLimit = options.maximumNestingDepth
    }

    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        options: JSONValue.ParsingOptions
    ) throws(JSONParseError) -> JSONValue {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw .unexpectedEndOfInput(at: JSONParseError.Location(line: 1, column: 1, offset: 0))
        }
        var parser = _JSONParser(base: base, count: bytes.count, options: options)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.position < parser.count {
            throw parser.unexpected()
        }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard position < count else { throw error(.endOfInput) }
        switch base[position] {
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "{"):
            return try parseObject()
        case UInt8(ascii: "["):
            return try parseArray()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        default:
            throw unexpected()
        }
    }

    @inline(__always)
    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let bytes = literal.utf8Start
        let length = literal.utf8CodeUnitCount
        for index in 0..<length {
            guard position < count else { throw error(.endOfInput) }
            guard base[position] == bytes[index] else { throw unexpected() }
            position &+= 1
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        guard depth < depthLimit else {
            throw error(.nestingTooDeep(depthLimit))
        }
        depth &+= 1
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position &+= 1  // [
        skipWhitespace()
        var elements: [JSONValue] = []
        if position < count && base[position] == UInt8(ascii: "]") {
            position &+= 1
            depth &-= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard position < count else { throw error(.endOfInput) }
            let byte = base[position]
            position &+= 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                continue
            }
            if byte == UInt8(ascii: "]") { break }
            position &-= 1
            throw unexpected()
        }
        depth &-= 1
        return .array(elements)
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position &+= 1  // {
        skipWhitespace()
        guard position < count else { throw error(.endOfInput) }
        if base[position] == UInt8(ascii: "}") {
            position &+= 1
            depth &-= 1
            return .object([:])
        }
        let firstMember = memberStack.count
        while true {
            guard position < count else { throw error(.endOfInput) }
            guard base[position] == UInt8(ascii: "\"") else { throw unexpected() }
            let key = try parseString()
            skipWhitespace()
            guard position < count else { throw error(.endOfInput) }
            guard base[position] == UInt8(ascii: ":") else { throw unexpected() }
            position &+= 1
            skipWhitespace()
            let value = try parseValue()
            memberStack.append((key, value))
            skipWhitespace()
            guard position < count else { throw error(.endOfInput) }
            let byte = base[position]
            position &+= 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                continue
            }
            if byte == UInt8(ascii: "}") { break }
            position &-= 1
            throw unexpected()
        }
        var members = [String: JSONValue](minimumCapacity: memberStack.count - firstMember)
        for index in firstMember..<memberStack.count {
            // A repeated key keeps its last value.
            members[memberStack[index].0] = memberStack[index].1
        }
        memberStack.removeSubrange(firstMember...)
        depth &-= 1
        return .object(members)
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < count {
            switch base[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                position &+= 1
            default:
                return
            }
        }
    }

    // MARK: - Strings

    /// Parses a string; `position` is at its opening quote.
    private mutating func parseString() throws(JSONParseError) -> String {
        let start = position &+ 1
        var index = start
        var highBits: UInt8 = 0
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                position = index &+ 1
                let bytes = UnsafeBufferPointer(start: base + start, count: index &- start)
                if highBits & 0x80 != 0 {
                    try validateUTF8(bytes, offset: start)
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(start: start, firstEscape: index)
            }
            if byte < 0x20 {
                position = index
                throw error(.controlCharacter(byte))
            }
            highBits |= byte
            index &+= 1
        }
        position = count
        throw error(.endOfInput)
    }

    /// Parses the rest of a string that contains escapes, copying it into
    /// `scratch`.
    private mutating func parseEscapedString(start: Int, firstEscape: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: firstEscape &- start))
        var highBits: UInt8 = 0
        for byte in scratch { highBits |= byte }
        position = firstEscape
        while position < count {
            let byte = base[position]
            switch byte {
            case UInt8(ascii: "\""):
                position &+= 1
                if highBits & 0x80 != 0 {
                    // Escapes produce valid UTF-8 themselves; check the raw bytes.
                    try validateUTF8(
                        UnsafeBufferPointer(start: base + start, count: position &- 1 &- start), offset: start)
                }
                return scratch.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
            case UInt8(ascii: "\\"):
                try parseEscape()
            case 0..<0x20:
                throw error(.controlCharacter(byte))
            default:
                highBits |= byte
                scratch.append(byte)
                position &+= 1
            }
        }
        throw error(.endOfInput)
    }

    /// Parses one escape sequence at `position` into `scratch`.
    private mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = position
        position &+= 1
        guard position < count else { throw error(.endOfInput) }
        let byte = base[position]
        position &+= 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad(escapeStart: escapeStart)
            if scalar >= 0xD800 && scalar < 0xDC00 {
                // A high surrogate must be followed by an escaped low surrogate.
                guard position &+ 1 < count, base[position] == UInt8(ascii: "\\"),
                    base[position &+ 1] == UInt8(ascii: "u")
                else {
                    position = escapeStart
                    throw error(.loneSurrogate)
                }
                let lowStart = position
                position &+= 2
                let low = try parseHexQuad(escapeStart: lowStart)
                guard low >= 0xDC00 && low < 0xE000 else {
                    position = escapeStart
                    throw error(.loneSurrogate)
                }
                scalar = 0x10000 &+ ((scalar &- 0xD800) << 10) &+ (low &- 0xDC00)
            } else if scalar >= 0xDC00 && scalar < 0xE000 {
                position = escapeStart
                throw error(.loneSurrogate)
            }
            appendUTF8(scalar)
        default:
            position = escapeStart
            throw error(.invalidEscape)
        }
    }

    private mutating func parseHexQuad(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < count else { throw error(.endOfInput) }
            let byte = base[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default:
                position = escapeStart
                throw error(.invalidEscape)
            }
            value = value << 4 | UInt32(digit)
            position &+= 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Checks well-formed UTF-8 (no overlong forms, surrogates or values
    /// beyond U+10FFFF), reporting the first bad byte's location.
    private mutating func validateUTF8(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) throws(JSONParseError) {
        var index = 0
        let end = bytes.count
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            var length = 0
            var secondLow: UInt8 = 0x80
            var secondHigh: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                secondLow = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                secondHigh = 0x9F
            case 0xF0:
                length = 4
                secondLow = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                secondHigh = 0x8F
            default:
                position = offset &+ index
                throw error(.invalidUTF8)
            }
            for continuation in 1..<length {
                let at = index &+ continuation
                let low = continuation == 1 ? secondLow : 0x80
                let high = continuation == 1 ? secondHigh : 0xBF
                guard at < end, bytes[at] >= low, bytes[at] <= high else {
                    position = offset &+ Swift.min(at, end)
                    throw error(.invalidUTF8)
                }
            }
            index &+= length
        }
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var index = position
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        guard index < count else {
            position = index
            throw error(.endOfInput)
        }
        // Integer part.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        let first = base[index]
        if first == UInt8(ascii: "0") {
            index &+= 1
            if index < count, base[index] &- UInt8(ascii: "0") < 10 {
                position = start
                throw error(.leadingZero)
            }
        } else if first &- UInt8(ascii: "1") < 9 {
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                }
                significantDigits &+= 1
                index &+= 1
            }
        } else {
            position = index
            throw error(.invalidNumber)
        }
        let integerDigits = significantDigits
        var isInteger = true
        var fractionDigits = 0
        // Fraction.
        if index < count && base[index] == UInt8(ascii: ".") {
            isInteger = false
            index &+= 1
            let fractionStart = index
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significantDigits < 19 && (significantDigits > 0 || digit != 0) {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits &+= 1
                    fractionDigits &+= 1
                } else if significantDigits == 0 {
                    fractionDigits &+= 1  // a leading zero of the fraction
                } else {
                    significantDigits &+= 1  // a digit beyond what the mantissa holds
                }
                index &+= 1
            }
            guard index > fractionStart else {
                position = index
                throw index < count ? error(.invalidNumber) : error(.endOfInput)
            }
        }
        // Exponent.
        var exponent = 0
        if index < count && (base[index] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            index &+= 1
            var exponentNegative = false
            if index < count && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) {
                exponentNegative = base[index] == UInt8(ascii: "-")
                index &+= 1
            }
            let exponentStart = index
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if exponent < 100_000 { exponent = exponent &* 10 &+ Int(digit) }
                index &+= 1
            }
            guard index > exponentStart else {
                position = index
                throw index < count ? error(.invalidNumber) : error(.endOfInput)
            }
            if exponentNegative { exponent = -exponent }
        }
        position = index

        if isInteger && integerDigits <= 18 {
            let magnitude = Int(truncatingIfNeeded: mantissa)
            return .int(negative ? -magnitude : magnitude)
        }
        if isInteger && integerDigits == 19 {
            if negative, mantissa <= UInt64(Int.max) &+ 1 {
                return .int(Int(truncatingIfNeeded: 0 &- mantissa))
            } else if !negative, mantissa <= UInt64(Int.max) {
                return .int(Int(mantissa))
            }
        }
        // Clinger's fast path: the mantissa and the power of ten are both exact
        // doubles, so one correctly rounded multiplication or division gives
        // the correctly rounded result.
        if significantDigits <= 19 && mantissa <= 1 << 53 {
            let power = exponent &- fractionDigits
            if power >= -22 && power <= 22 {
                var value = Double(mantissa)
                if power < 0 {
                    value /= _exactPowersOfTen[-power]
                } else {
                    value *= _exactPowersOfTen[power]
                }
                return .double(negative ? -value : value)
            }
        }
        return .double(try slowDouble(from: start, to: index))
    }

    /// Converts number text with the standard library's correctly rounded
    /// parser, for the numbers the fast path cannot take.
    private mutating func slowDouble(from start: Int, to end: Int) throws(JSONParseError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end &- start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            position = start
            throw error(.outOfRange)
        }
        return value
    }

    // MARK: - Errors

    private enum Problem {
        case endOfInput
        case nestingTooDeep(Int)
        case leadingZero, invalidNumber, outOfRange
        case invalidEscape, loneSurrogate
        case controlCharacter(UInt8)
        case invalidUTF8
    }

    /// The error for the byte at `position`, which cannot appear there.
    private func unexpected() -> JSONParseError {
        position < count ? .unexpectedCharacter(base[position], at: location(of: position)) : error(.endOfInput)
    }

    private func error(_ problem: Problem) -> JSONParseError {
        let location = location(of: Swift.min(position, count))
        switch problem {
        case .endOfInput: return .unexpectedEndOfInput(at: self.location(of: count))
        case .nestingTooDeep(let limit): return .nestingTooDeep(limit: limit, at: location)
        case .leadingZero: return .numberWithLeadingZero(at: location)
        case .invalidNumber: return .invalidNumber(at: location)
        case .outOfRange: return .numberOutOfRange(at: location)
        case .invalidEscape: return .invalidEscape(at: location)
        case .loneSurrogate: return .loneSurrogate(at: location)
        case .controlCharacter(let byte): return .unescapedControlCharacter(byte, at: location)
        case .invalidUTF8: return .invalidUTF8(at: location)
        }
    }

    /// Computes the line and column of a byte offset; only called for errors.
    private func location(of offset: Int) -> JSONParseError.Location {
        var line = 1
        var column = 1
        for index in 0..<offset {
            let byte = base[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // Continuation bytes belong to the scalar before them.
            }
        }
        return JSONParseError.Location(line: line, column: column, offset: offset)
    }
}

/// 10⁰ through 10²², every power of ten that a `Double` holds exactly.
private let _exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
