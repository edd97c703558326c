#if JSONSchema

extension JSONSchema {
    /// Follows a JSON text as it arrives; after each chunk, says what no
    /// continuation can fix.
    ///
    /// A language model streams a tool call's arguments a few bytes at a
    /// time. Feed the validator each chunk as it comes, and stop the call
    /// at the first violation rather than after the last byte:
    ///
    /// ```swift
    /// let schema = try JSONSchema([
    ///     "type": "object",
    ///     "properties": ["city": ["type": "string"], "days": ["type": "integer", "maximum": 14]],
    ///     "required": ["city"],
    ///     "additionalProperties": false,
    /// ])
    /// var validator = JSONSchema.IncrementalValidator(schema)
    /// for chunk in [#"{"city": "Li"#, #"sbon", "ni"#, #"ghts": 3}"#] {
    ///     try validator.append(Array(chunk.utf8))
    ///     if let problem = validator.violations.first {
    ///         print(problem)   // /nights: the property "nights" is not allowed here
    ///         break            // after the second chunk, with `"ni"` still arriving
    ///     }
    /// }
    /// ```
    ///
    /// When the text is complete, ``finish()`` gives the same result as
    /// ``JSONSchema/validate(_:)`` on the whole value, with every error in
    /// document order.
    ///
    /// ### What violations promise
    ///
    /// ``violations`` is *sound*: it names an error only when no way of
    /// going on with the text can make the value valid. It is empty while
    /// the value can still become valid, so an app may act as soon as it is
    /// not. Each keyword decides as early as its meaning allows:
    ///
    /// | Keyword | Decided |
    /// |---|---|
    /// | `type`, `false` | at the value's first byte (a number's `integer` when it is complete) |
    /// | `additionalProperties: false`, `propertyNames`, `patternProperties` | when the member's name is complete |
    /// | `maxProperties`, `maxItems`, `items: false` | when one member or item too many starts |
    /// | `maxLength`; `enum` and `const` of strings; `pattern` | while a string is read, once its text can no longer fit (a `pattern` that ends with `$` without `^` when the string is complete) |
    /// | `enum`, `const` | at the first byte when no value of that type is allowed, else when the value is complete |
    /// | `properties`, `items`, `prefixItems`, `additionalProperties` | as each member or item is complete, or earlier by the keywords of its own subschema |
    /// | `minimum`, `maximum`, `multipleOf`, `minLength`, `format` | when the number or string is complete |
    /// | `required`, `minProperties`, `minItems`, `uniqueItems`, `contains`, `dependentRequired`, `dependentSchemas`, `not`, `if`/`then`/`else`, `unevaluatedProperties`, `unevaluatedItems`, `enum`/`const` of an array or object | when the array or object is complete |
    /// | `anyOf`, `oneOf` | as soon as every branch has failed; `oneOf` with more than one valid branch when the value is complete |
    /// | `allOf`, `$ref`, `$dynamicRef` | as their subschemas decide |
    ///
    /// A violation found before its value is complete has a message that
    /// describes the value only as far as it goes (`expected a string, but
    /// found an object`); once the value is complete, the message is the one
    /// ``JSONSchema/validate(_:)`` gives. Its locations are final.
    ///
    /// Soundness assumes that an object does not repeat a member name, as
    /// RFC 8259 says it should not: a later member with the same name
    /// replaces the value of the earlier one, so a violation found in the
    /// earlier value may not be one of the final value's.
    ///
    /// ### Cost
    ///
    /// The validator does not validate the partial value again after each
    /// chunk. It follows the parser's reading: containers opened and
    /// closed, names and values completed, the text of a string, each
    /// judged once with the subschemas that apply there. A chunk costs about
    /// its own size, so the whole text costs time linear in its length:
    /// where validating the partial value after each chunk of a 100 KB
    /// tool call fed 4 bytes at a time takes seconds, the validator takes
    /// about 2.1 times the instructions of the bare incremental parse (see
    /// the `Streaming` benchmarks and `Benchmarks/Sources/StreamingCost`). The keywords that need a whole array or object
    /// (`required`, `contains`, `not`, `if`, `unevaluated…`) are judged
    /// when it closes, by the one-shot evaluator. When the stream has found
    /// nothing wrong by the end, ``finish()`` does not validate the value
    /// again: every keyword has been judged on every value.
    ///
    /// ### Numbers
    ///
    /// The validator keeps the text of numbers that a `Double` would round
    /// (beyond `Int64`, or more than 17 significant digits) and compares
    /// them with the schema's numbers by their digits, in `minimum`,
    /// `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`,
    /// `enum`, `const` and `uniqueItems`: `9223372036854776001` fails
    /// `"maximum": 9223372036854776000`. See ``JSONSchema/validate(parsing:options:)-(String,_)``.
    ///
    /// ### Value semantics
    ///
    /// A copy is a fork that goes on on its own. Nothing in the validator
    /// recurses with the depth of the value, so it is safe on a thread with
    /// a small stack.
    public struct IncrementalValidator: Sendable {
        /// The parser that reads the text; its ``JSONIncrementalParser/partialValue``
        /// and ``JSONIncrementalParser/isComplete(at:)`` show the value as
        /// far as it has arrived.
        ///
        /// It reads one JSON text, as ``JSONValue/init(parsing:options:)-(String,_)``
        /// does: anything but whitespace after the value is an error.
        public var parser: JSONIncrementalParser { _parser }

        @usableFromInline
        var _parser: JSONIncrementalParser
        @usableFromInline
        var stream: _SchemaStream

        /// The result of ``finish()``, once called.
        private var result: ValidationResult?
        /// ``violations``, kept up to date after each chunk, so that asking
        /// for them after every chunk costs nothing when they do not change.
        @usableFromInline
        var _violations: [JSONSchema.ValidationError] = []
        private var violationsSeen = 0

        /// Creates a validator that has read nothing yet.
        ///
        /// - Parameters:
        ///   - schema: The compiled schema to validate against.
        ///   - options: How the text is parsed: the nesting limit, whether
        ///     to read JSON5 (then the text is validated only when it ends,
        ///     as JSON5 is read whole), and whether to refuse inexact numbers.
        public init(_ schema: JSONSchema, options: JSONValue.ParsingOptions = .init()) {
            _parser = JSONIncrementalParser(readingOneValue: options)
            stream = _SchemaStream(program: schema.program)
        }

        /// Reads the next bytes of the text, and judges what they complete.
        ///
        /// - Parameter bytes: The next bytes of UTF-8 text, in any chunks.
        /// - Throws: ``JSONParseError`` if the bytes make the text invalid
        ///   JSON (a second value after the first is an error, as for a
        ///   one-shot parse), or the error an earlier call threw.
        /// - Complexity: About O(*k*) for *k* bytes, beyond the values
        ///   they complete: each value is judged once.
        @inlinable
        public mutating func append(_ bytes: some Sequence<UInt8>) throws(JSONParseError) {
            let failure = bytes.withContiguousStorageIfAvailable { buffer -> JSONParseError? in
                do throws(JSONParseError) {
                    try _append(buffer)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure {
                if let failure { throw failure }
                return
            }
            try _parser.append(bytes)
            _follow()
        }

        /// Reads `bytes`, and follows what they change.
        ///
        /// Most chunks of a stream fed a few bytes at a time go into the
        /// parser's batch (see `_ByteBatch`) without starting a value or
        /// ending a name: more of a string, of a number, of whitespace.
        /// Then nothing the validation follows has changed (the parser's
        /// storage is not touched), and only a string's text is judged, if
        /// it has keywords that read it; the parser's state is not compared
        /// with the last chunk's.
        @inlinable
        mutating func _append(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
            if _parser.batch.kind != .none {
                let started = _parser.batch.startedValue
                let nameEnd = _parser.batch.nameEnd
                if _parser.batch.take(bytes) {
                    if _parser.batch.nameEnd == nameEnd && _parser.batch.startedValue == started {
                        if stream.followsText { _followText() }
                    } else {
                        _follow()
                    }
                    return
                }
            }
            _ = try _parser._append(bytes, unboxing: false)
            _follow()
        }

        /// Judges the text that the string being read has grown by, when
        /// nothing else has changed.
        @usableFromInline
        mutating func _followText() {
            stream.followText(of: &_parser)
            _publishViolations()
        }

        /// Brings the validation up to what the parser has read.
        @usableFromInline
        mutating func _follow() {
            stream.sync(with: &_parser)
            _publishViolations()
        }

        /// Copies the stream's violations to ``violations`` when they have
        /// changed since the last copy.
        @usableFromInline
        mutating func _publishViolations() {
            if stream.revision != violationsSeen {
                violationsSeen = stream.revision
                _violations = stream.violations
            }
        }

        /// Reads the next piece of the text.
        ///
        /// - Parameter text: The next piece of the text, read as UTF-8.
        /// - Throws: ``JSONParseError`` if the text makes the input invalid
        ///   JSON, or the error an earlier call threw.
        public mutating func append(_ text: String) throws(JSONParseError) {
            var text = text
            try text.withUTF8 { buffer -> Result<Void, JSONParseError> in
                Result { () throws(JSONParseError) in try _append(buffer) }
            }.get()
        }

        /// Ends the text, and validates the whole value.
        ///
        /// The result is ``JSONSchema/validate(_:)``'s on the value, with
        /// the numbers that a `Double` would round compared by their digits.
        /// Afterwards ``violations`` are its errors. Calling it again gives
        /// the same result.
        ///
        /// A value in which the stream found nothing wrong is valid, and its
        /// result is made without validating it again. Otherwise (or when
        /// an object repeated a member name, whose earlier value the stream
        /// judged) the whole value is validated, for every error in the
        /// order ``JSONSchema/validate(_:)`` gives them.
        ///
        /// - Returns: The validation result of the complete value.
        /// - Throws: ``JSONParseError`` if the text is not complete JSON,
        ///   as for ``JSONValue/init(parsing:options:)-(String,_)``: an
        ///   empty text, or a value that has not ended.
        public mutating func finish() throws(JSONParseError) -> ValidationResult {
            if let result { return result }
            _ = try _parser.endInput(unboxing: false)
            _follow()
            guard let value = parser.storage.lastValue else {
                // The parser has thrown for an input without a value.
                throw JSONParseError.unexpectedEndOfInput(at: .init(line: 1, column: 1, offset: 0))
            }
            let exactNumbers = parser.storage.parser.exactNumbers
            let numbers = exactNumbers?.isEmpty == false ? exactNumbers : nil
            let result: ValidationResult
            if stream.isDone && stream.violationList.isEmpty && !parser.storage.parser.hasRepeatedNames {
                // The stream has judged every keyword on every value as it
                // was read, and found nothing wrong: validating the whole
                // value again would find nothing either. (Its errors, when
                // there are some, come from the one-shot validation, whose
                // order and messages are the reference; and a repeated name
                // replaced a value the stream had judged.)
                result = ValidationResult(program: stream.program, validInstance: value, numbers: numbers)
            } else {
                result = ValidationResult(program: stream.program, instance: value, numbers: numbers)
            }
            self.result = result
            _violations = result.errors
            return result
        }

        /// The errors that no continuation of the text can fix, in document
        /// order; empty while the value can still become valid.
        ///
        /// After ``finish()``, the errors of the result.
        @inlinable
        public var violations: [JSONSchema.ValidationError] { _violations }
    }
}

#endif
