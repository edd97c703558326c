extension KeyedDecodingContainer {
    /// Decodes a JSON object as `[String: Any]`, for models that must keep a
    /// `[String: Any]` field.
    ///
    /// ```swift
    /// init(from decoder: any Decoder) throws {
    ///     let container = try decoder.container(keyedBy: CodingKeys.self)
    ///     ext = try container.decode([String: Any].self, forKey: .ext)
    /// }
    /// ```
    ///
    /// The object is decoded as a ``JSONValue`` and converted with
    /// ``JSONValue/anyValue``, so Booleans stay `Bool` and `1` stays `Int`.
    ///
    /// - Parameters:
    ///   - type: `[String: Any].self`.
    ///   - key: The key of the object.
    /// - Returns: The object's members as Foundation values.
    /// - Throws: `DecodingError` if the key is missing or the value is not an
    ///   object, with the coding path of the value.
    public func decode(_ type: [String: Any].Type, forKey key: Key) throws -> [String: Any] {
        try objectMembers(of: decode(JSONValue.self, forKey: key), forKey: key)
    }

    /// Decodes a JSON object as `[String: Any]` if the key is present and not
    /// `null`.
    ///
    /// - Parameters:
    ///   - type: `[String: Any].self`.
    ///   - key: The key of the object.
    /// - Returns: The object's members, or `nil` if the key is absent or `null`.
    /// - Throws: `DecodingError` if the value is not an object.
    public func decodeIfPresent(_ type: [String: Any].Type, forKey key: Key) throws -> [String: Any]? {
        guard let value = try decodeIfPresent(JSONValue.self, forKey: key), !value.isNull else { return nil }
        return try objectMembers(of: value, forKey: key)
    }

    /// Decodes a JSON array as `[Any]`, for models that must keep an `[Any]`
    /// field.
    ///
    /// - Parameters:
    ///   - type: `[Any].self`.
    ///   - key: The key of the array.
    /// - Returns: The elements as Foundation values.
    /// - Throws: `DecodingError` if the key is missing or the value is not an
    ///   array.
    public func decode(_ type: [Any].Type, forKey key: Key) throws -> [Any] {
        try arrayElements(of: decode(JSONValue.self, forKey: key), forKey: key)
    }

    /// Decodes a JSON array as `[Any]` if the key is present and not `null`.
    ///
    /// - Parameters:
    ///   - type: `[Any].self`.
    ///   - key: The key of the array.
    /// - Returns: The elements, or `nil` if the key is absent or `null`.
    /// - Throws: `DecodingError` if the value is not an array.
    public func decodeIfPresent(_ type: [Any].Type, forKey key: Key) throws -> [Any]? {
        guard let value = try decodeIfPresent(JSONValue.self, forKey: key), !value.isNull else { return nil }
        return try arrayElements(of: value, forKey: key)
    }

    // The conveniences decode a `JSONValue` (not `[String: JSONValue]`) so
    // that coders with special handling for it, such as GRDB's JSON columns
    // through JSONValueKitGRDB, apply.

    private func objectMembers(of value: JSONValue, forKey key: Key) throws -> [String: Any] {
        guard case .object(let members) = value else {
            throw mismatch([String: Any].self, "an object", value, key)
        }
        return members.dictionary.mapValues(\.anyValue)
    }

    private func arrayElements(of value: JSONValue, forKey key: Key) throws -> [Any] {
        guard case .array(let elements) = value else {
            throw mismatch([Any].self, "an array", value, key)
        }
        return elements.map(\.anyValue)
    }

    private func mismatch(_ type: Any.Type, _ expected: String, _ value: JSONValue, _ key: Key) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: codingPath + [key],
            debugDescription: "Expected to decode \(expected) but found \(value._kindDescription) instead."
        )
        return value.isNull ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }
}

extension KeyedEncodingContainer {
    /// Encodes a `[String: Any]` as a JSON object.
    ///
    /// ```swift
    /// func encode(to encoder: any Encoder) throws {
    ///     var container = encoder.container(keyedBy: CodingKeys.self)
    ///     try container.encode(ext, forKey: .ext)
    /// }
    /// ```
    ///
    /// The dictionary is converted with ``JSONValue/init(any:allowsInexactNumbers:)``, so Boolean
    /// `NSNumber`s are written as Booleans and integers as integers.
    ///
    /// - Parameters:
    ///   - value: The members to encode.
    ///   - key: The key to encode them under.
    /// - Throws: `EncodingError.invalidValue` with the coding path and the
    ///   ``JSONBridgingError`` as its underlying error if a member has no JSON
    ///   counterpart, such as a `Date`.
    public mutating func encode(_ value: [String: Any], forKey key: Key) throws {
        try encode(JSONValue(bridging: value, codingPath: codingPath + [key]), forKey: key)
    }

    /// Encodes a `[String: Any]` as a JSON object if it is not `nil`.
    ///
    /// - Parameters:
    ///   - value: The members to encode, or `nil` to encode nothing.
    ///   - key: The key to encode them under.
    /// - Throws: `EncodingError.invalidValue` if a member has no JSON
    ///   counterpart.
    public mutating func encodeIfPresent(_ value: [String: Any]?, forKey key: Key) throws {
        guard let value else { return }
        try encode(value, forKey: key)
    }

    /// Encodes an `[Any]` as a JSON array.
    ///
    /// - Parameters:
    ///   - value: The elements to encode.
    ///   - key: The key to encode them under.
    /// - Throws: `EncodingError.invalidValue` if an element has no JSON
    ///   counterpart.
    public mutating func encode(_ value: [Any], forKey key: Key) throws {
        try encode(JSONValue(bridging: value, codingPath: codingPath + [key]), forKey: key)
    }

    /// Encodes an `[Any]` as a JSON array if it is not `nil`.
    ///
    /// - Parameters:
    ///   - value: The elements to encode, or `nil` to encode nothing.
    ///   - key: The key to encode them under.
    /// - Throws: `EncodingError.invalidValue` if an element has no JSON
    ///   counterpart.
    public mutating func encodeIfPresent(_ value: [Any]?, forKey key: Key) throws {
        guard let value else { return }
        try encode(value, forKey: key)
    }
}

extension JSONValue {
    /// Converts with `init(any:)`, reporting a failure as an `EncodingError`.
    fileprivate init(bridging value: Any, codingPath: [any CodingKey]) throws {
        do {
            try self.init(any: value)
        } catch let error as JSONBridgingError {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    // The whole sentence, as it is: how the error is written
                    // around it differs between systems (the standard
                    // library describes an EncodingError itself only from
                    // macOS and iOS 26.4 on).
                    codingPath: codingPath, debugDescription: error.description, underlyingError: error)
            )
        }
    }
}
