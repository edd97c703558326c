#if JSONSchema

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONSchema {
    /// Parses JSON text and validates its value, comparing numbers by their
    /// digits.
    ///
    /// ```swift
    /// let schema = try JSONSchema(parsing: #"{"maximum": 9223372036854776000}"#)
    /// schema.validate(try JSONValue(parsing: "9223372036854776001")).isValid   // true: rounded to 2⁶³
    /// try schema.validate(parsing: "9223372036854776001").isValid               // false
    /// ```
    ///
    /// A ``JSONValue`` holds a number that neither `Int` nor `Double` holds
    /// exactly as the nearest `Double`, so ``validate(_:)`` compares that
    /// `Double`. Here the parser keeps the text of such numbers (an integer
    /// beyond `Int64`, more than 17 significant digits), and validation
    /// compares them by their exact value with the schema's numbers in
    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` and
    /// `multipleOf`, and with other numbers in `enum`, `const` and
    /// `uniqueItems`, where such a number equals only a number with the same
    /// digits. `integer` is a number whose exact value is an integer.
    /// Every other number compares as in ``validate(_:)``, so the two agree
    /// on any text whose numbers a `Double` holds.
    ///
    /// A number of the schema is the decimal it writes as: an integer
    /// itself, a `Double` its shortest digits, which are the digits of the
    /// schema's text for up to 17 significant digits.
    ///
    /// ``IncrementalValidator`` compares numbers the same way.
    ///
    /// - Parameters:
    ///   - text: The JSON text of the value.
    ///   - options: How the text is parsed, as for
    ///     ``JSONValue/init(parsing:options:)-(String,_)``.
    /// - Returns: The validation result, as ``validate(_:)`` gives it, with
    ///   numbers compared by their digits; its messages write such numbers
    ///   as their text.
    /// - Throws: ``JSONParseError`` if the text is not JSON.
    /// - Complexity: O(*n*) in the length of `text`, for most schemas.
    public func validate(
        parsing text: String, options: JSONValue.ParsingOptions = .init()
    ) throws(JSONParseError) -> ValidationResult {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(JSONParseError) in try validate(parsingBytes: bytes, options: options) }
        }.get()
    }

    /// Parses UTF-8 JSON text and validates its value, comparing numbers by
    /// their digits: see ``validate(parsing:options:)-(String,_)``.
    ///
    /// - Parameters:
    ///   - data: The JSON text as UTF-8 bytes.
    ///   - options: How the text is parsed.
    /// - Returns: The validation result.
    /// - Throws: ``JSONParseError`` if the text is not JSON.
    public func validate(
        parsing data: Data, options: JSONValue.ParsingOptions = .init()
    ) throws(JSONParseError) -> ValidationResult {
        try data.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in
                try validate(parsingBytes: raw.bindMemory(to: UInt8.self), options: options)
            }
        }.get()
    }

    /// Parses UTF-8 JSON text from any collection of bytes and validates its
    /// value, comparing numbers by their digits: see
    /// ``validate(parsing:options:)-(String,_)``.
    ///
    /// - Parameters:
    ///   - bytes: The JSON text as UTF-8 bytes.
    ///   - options: How the text is parsed.
    /// - Returns: The validation result.
    /// - Throws: ``JSONParseError`` if the text is not JSON.
    public func validate(
        parsing bytes: some Collection<UInt8>, options: JSONValue.ParsingOptions = .init()
    ) throws(JSONParseError) -> ValidationResult {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try validate(parsingBytes: buffer, options: options) }
        }
        if let result { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) in try validate(parsingBytes: buffer, options: options) }
        }.get()
    }

    /// Parses JSON text and says whether its value is valid, comparing
    /// numbers by their digits: the fast path of
    /// ``validate(parsing:options:)-(String,_)``.
    ///
    /// ```swift
    /// if try schema.isValid(parsing: arguments) { try run(tool, with: arguments) }
    /// ```
    ///
    /// - Parameters:
    ///   - text: The JSON text of the value.
    ///   - options: How the text is parsed.
    /// - Returns: `true` if the value satisfies every assertion of the schema.
    /// - Throws: ``JSONParseError`` if the text is not JSON.
    public func isValid(
        parsing text: String, options: JSONValue.ParsingOptions = .init()
    ) throws(JSONParseError) -> Bool {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(JSONParseError) in try isValid(parsingBytes: bytes, options: options) }
        }.get()
    }

    /// Parses UTF-8 JSON text and says whether its value is valid: see
    /// ``isValid(parsing:options:)-(String,_)``.
    ///
    /// - Parameters:
    ///   - data: The JSON text as UTF-8 bytes.
    ///   - options: How the text is parsed.
    /// - Returns: `true` if the value satisfies every assertion of the schema.
    /// - Throws: ``JSONParseError`` if the text is not JSON.
    public func isValid(
        parsing data: Data, options: JSONValue.ParsingOptions = .init()
    ) throws(JSONParseError) -> Bool {
        try data.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in
                try isValid(parsingBytes: raw.bindMemory(to: UInt8.self), options: options)
            }
        }.get()
    }

    /// Parses UTF-8 JSON text from any collection of bytes and says whether
    /// its value is valid: see ``isValid(parsing:options:)-(String,_)``.
    ///
    /// - Parameters:
    ///   - bytes: The JSON text as UTF-8 bytes.
    ///   - options: How the text is parsed.
    /// - Returns: `true` if the value satisfies every assertion of the schema.
    /// - Throws: ``JSONParseError`` if the text is not JSON.
    public func isValid(
        parsing bytes: some Collection<UInt8>, options: JSONValue.ParsingOptions = .init()
    ) throws(JSONParseError) -> Bool {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try isValid(parsingBytes: buffer, options: options) }
        }
        if let result { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) in try isValid(parsingBytes: buffer, options: options) }
        }.get()
    }

    private func validate(
        parsingBytes bytes: UnsafeBufferPointer<UInt8>, options: JSONValue.ParsingOptions
    ) throws(JSONParseError) -> ValidationResult {
        let (value, numbers) = try Self.parseKeepingNumbers(bytes, options: options)
        return ValidationResult(program: program, instance: value, numbers: numbers)
    }

    private func isValid(
        parsingBytes bytes: UnsafeBufferPointer<UInt8>, options: JSONValue.ParsingOptions
    ) throws(JSONParseError) -> Bool {
        let (value, numbers) = try Self.parseKeepingNumbers(bytes, options: options)
        return program.isValid(value, numbers: numbers)
    }

    /// Parses a value, with boxes for the numbers a `Double` may round and
    /// their text (`nil` if there are none).
    private static func parseKeepingNumbers(
        _ bytes: UnsafeBufferPointer<UInt8>, options: JSONValue.ParsingOptions
    ) throws(JSONParseError) -> (JSONValue, _ExactNumbers?) {
        var numbers: _ExactNumbers? = _ExactNumbers()
        let value = try _JSONParser.parse(bytes, options: options, exactNumbers: &numbers)
        return (value, numbers?.isEmpty == false ? numbers : nil)
    }
}

#endif
