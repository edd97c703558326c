extension JSONValue: Codable {
    /// Creates a value by decoding from the given decoder.
    ///
    /// This initializer works with any decoder: it asks a single-value
    /// container for each kind of value in turn and keeps the first that
    /// succeeds, so it needs no nested containers. The rules:
    ///
    /// - `null` decodes to ``null``, and a JSON `true` or `false` to
    ///   ``bool(_:)``, never to a number.
    /// - An integral number that fits in `Int` decodes to ``int(_:)`` (also `0`
    ///   and `1`); any other number to ``double(_:)``. Integers beyond `Int`'s
    ///   range become the nearest `Double`.
    /// - A string decodes to ``string(_:)`` and is never reinterpreted.
    /// - An object decodes as `[String: JSONValue]`, so `JSONDecoder`'s
    ///   `keyDecodingStrategy` leaves its keys alone, as it does for any
    ///   String-keyed dictionary.
    ///
    /// Foundation's `JSONDecoder` reports `10.0` as an integer when asked for
    /// one, so through `JSONDecoder` the text `10.0` arrives as `.int(10)`,
    /// which is equal to `.double(10.0)`. Likewise a large integral double
    /// that `JSONEncoder` wrote in its shortest form, such as
    /// `7.184113548057209e+18`, comes back as the integer that text denotes.
    /// ``init(parsing:options:)-(String,_)`` keeps such numbers as written.
    ///
    /// Only a `DecodingError` makes the initializer try the next kind; any
    /// other error the decoder throws is rethrown at once. The kinds are tried
    /// as string, number, Boolean, array, object, except through
    /// `JSONDecoder`, which reads every value as one kind only: there the
    /// kind of the previous element of the array, or of the last member of
    /// the same name, is tried first, which saves failed attempts and cannot
    /// change the result.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.typeMismatch` if the decoder's value is none of
    ///   the JSON kinds, or the first error that is not a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? _ValueDecoder {
            // JSONValueDecoder holds the subtree already: no probing.
            self = decoder.unboxed(decoder.value)
            return
        }
        if let decoder = decoder as? _TapeDecoder {
            // Or its text, from bytes.
            self = decoder.tape.value(decoder.entry)
            return
        }
        self = try _JSONValueProbe.decode(from: decoder)
    }

    /// Encodes this value into the given encoder.
    ///
    /// Scalars and arrays are encoded through a single-value container, and
    /// objects as `[String: JSONValue]`, so `JSONEncoder`'s
    /// `keyEncodingStrategy` leaves their keys alone. Works with any encoder.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws, for example
    ///   `EncodingError.invalidValue` for a non-finite ``double(_:)`` with
    ///   `JSONEncoder`'s default `nonConformingFloatEncodingStrategy`.
    public func encode(to encoder: any Encoder) throws {
        if let encoder = encoder as? _ValueEncoder {
            // JSONValueEncoder stores the subtree as it is.
            encoder.store(self)
            return
        }
        if let encoder = encoder as? _DirectEncoder {
            // And its text, as it is.
            try encoder.store(self)
            return
        }
        try _StackExtension.runCountingDepth { try encodeOnThisStack(to: encoder) }
    }

    private func encodeOnThisStack(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value.dictionary)
        }
    }
}
