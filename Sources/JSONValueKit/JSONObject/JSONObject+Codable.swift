extension JSONObject: Codable {
    /// Decodes an object, as ``JSONValue/init(from:)`` decodes one.
    ///
    /// With ``JSONValueDecoder`` the members keep their order; through a
    /// decoder that gives no order (`JSONDecoder`), names are sorted.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.typeMismatch` if the value is not an object.
    public init(from decoder: any Decoder) throws {
        guard case .object(let members) = try JSONValue(from: decoder) else {
            throw DecodingError.typeMismatch(
                JSONObject.self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Expected an object."))
        }
        self = members
    }

    /// Encodes the members, in order.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(self).encode(to: encoder)
    }

    /// The members as a Swift dictionary, for encoders other than
    /// ``JSONValueEncoder``: encoded so, `JSONEncoder` leaves the names as
    /// they are under any key strategy, as it does for `[String: T]`. Of
    /// two names that Swift finds equal (`é` and `e\u{301}`), the last
    /// counts there.
    var dictionary: [String: JSONValue] {
        Dictionary(map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
