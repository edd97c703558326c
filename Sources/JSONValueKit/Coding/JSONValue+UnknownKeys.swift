extension JSONValue {
    /// Collects the members of a decoder's keyed container whose keys a
    /// model does not declare, so that they are kept instead of dropped.
    ///
    /// Use it in `init(from:)`, after decoding the declared properties, with
    /// the model's `CodingKeys`; leave the property that holds the unknown
    /// members out of `CodingKeys`:
    ///
    /// ```swift
    /// struct User: Codable {
    ///     var id: Int
    ///     var name: String
    ///     var ext: JSONValue
    ///
    ///     enum CodingKeys: String, CodingKey {
    ///         case id, name
    ///     }
    ///
    ///     init(from decoder: any Decoder) throws {
    ///         let container = try decoder.container(keyedBy: CodingKeys.self)
    ///         id = try container.decode(Int.self, forKey: .id)
    ///         name = try container.decode(String.self, forKey: .name)
    ///         ext = try JSONValue(unknownKeysFrom: decoder, knownKeys: CodingKeys.self)
    ///     }
    ///
    ///     func encode(to encoder: any Encoder) throws {
    ///         var container = encoder.container(keyedBy: CodingKeys.self)
    ///         try container.encode(id, forKey: .id)
    ///         try container.encode(name, forKey: .name)
    ///         try ext.encodeUnknownKeys(to: encoder, knownKeys: CodingKeys.self)
    ///     }
    /// }
    ///
    /// // {"id": 1, "name": "a", "theme": "dark", "beta": true}
    /// user.ext   // ["theme": "dark", "beta": true]
    /// ```
    ///
    /// A key counts as known when `knownKeys` can be created from it, so a
    /// `keyDecodingStrategy` applies as it does to the declared properties.
    /// When `knownKeys` is a ``MappedCodingKey``, the first member of each of
    /// its paths counts as known too: with `"/details/title"`, all of
    /// `details` is the model's. Works with any decoder that offers keyed
    /// containers.
    ///
    /// - Parameters:
    ///   - decoder: The decoder of the model being decoded.
    ///   - knownKeys: The model's coding keys; their members are left out.
    /// - Throws: `DecodingError.typeMismatch` if the decoder's value is not an
    ///   object, or any error from decoding a member.
    public init<Keys: CodingKey>(unknownKeysFrom decoder: any Decoder, knownKeys: Keys.Type) throws {
        let container = try decoder.container(keyedBy: _AnyCodingKey.self)
        var mappedNames = _firstTokensOfMappedPaths(Keys.self)
        if let decoder = decoder as? _ValueDecoder, decoder.options.convertsKeys {
            // The container's keys are converted; so must the paths' names be.
            mappedNames = Set(mappedNames.map(decoder.convertedName))
        } else if let decoder = decoder as? _TapeDecoder, decoder.options.convertsKeys {
            mappedNames = Set(mappedNames.map(decoder.convertedName))
        }
        var members = JSONObject()
        // In the container's order: the document's, with JSONValueDecoder.
        for key in container.allKeys
        where Keys(stringValue: key.stringValue) == nil && !mappedNames.contains(key.stringValue) {
            members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self = .object(members)
    }

    /// Writes this object's members into an encoder's keyed container, next
    /// to a model's declared properties.
    ///
    /// The counterpart of ``init(unknownKeysFrom:knownKeys:)``: call it in
    /// `encode(to:)`. Members whose keys `knownKeys` declares are skipped, so
    /// a declared property is never written twice or overwritten. ``null``
    /// writes nothing.
    ///
    /// - Parameters:
    ///   - encoder: The encoder of the model being encoded.
    ///   - knownKeys: The model's coding keys; members with these keys are
    ///     skipped.
    /// - Throws: `EncodingError.invalidValue` if this value is neither an
    ///   object nor ``null``, or any error from encoding a member.
    public func encodeUnknownKeys<Keys: CodingKey>(to encoder: any Encoder, knownKeys: Keys.Type) throws {
        let members: JSONObject
        switch self {
        case .object(let value):
            members = value
        case .null:
            return
        default:
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "Only an object's members can be written as unknown keys, not \(self)."
                )
            )
        }
        var container = encoder.container(keyedBy: _AnyCodingKey.self)
        let mappedNames = _firstTokensOfMappedPaths(Keys.self)
        for (key, value) in members where Keys(stringValue: key) == nil && !mappedNames.contains(key) {
            try container.encode(value, forKey: _AnyCodingKey(key))
        }
    }
}
