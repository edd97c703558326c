extension JSONPatch: Codable {
    /// Decodes a patch from its JSON form, an array of operation objects.
    ///
    /// ```swift
    /// let data = Data(#"[{"op": "add", "path": "/a"}]"#.utf8)
    /// do {
    ///     _ = try JSONValueDecoder().decode(JSONPatch.self, from: data)
    /// } catch DecodingError.dataCorrupted(let context) {
    ///     context.codingPath             // [Index 0, "value"]
    ///     context.underlyingError        // Operation 0 (add) has no "value" member.
    /// }
    /// ```
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` if the patch is malformed.
    ///   Its coding path leads to the problem: the patch's own path, then
    ///   the operation's index in the array, then the member at fault (`op`,
    ///   `path`, `from` or `value`) if the problem is one member. Its
    ///   underlying error is the ``JSONPatchError`` that says what is wrong,
    ///   and its debug description only says that the data is not a valid
    ///   JSON Patch, so that the message is not written twice.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        var member: String?
        do {
            try self.init(value, member: &member)
        } catch {
            var codingPath = decoder.codingPath
            if let index = error.operationIndex {
                codingPath.append(_AnyCodingKey(index: index))
                if let member { codingPath.append(_AnyCodingKey(member)) }
            }
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "The given data was not a valid JSON Patch.",
                    underlyingError: error
                )
            )
        }
    }

    /// Encodes the patch as its JSON form, an array of operation objects.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        try jsonValue.encode(to: encoder)
    }
}
