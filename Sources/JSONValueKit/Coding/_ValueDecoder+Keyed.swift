/// The keyed container of ``_ValueDecoder``, over an object's members.
struct _KeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder, through the link that holds it while the container is
    /// out of its hands.
    let link: _ValueContainerLink
    var decoder: _ValueDecoder { link.decoder }

    /// Runs `body` with the decoder as a guaranteed reference (the link
    /// holds it while the container is out): a strong copy of the link's
    /// unowned reference was a retain and a release at every use.
    @inline(__always)
    private func withDecoder<Result>(_ body: (_ValueDecoder) throws -> Result) rethrows -> Result {
        try Unmanaged.passUnretained(link.decoder)._withUnsafeGuaranteedRef(body)
    }
    /// Whether `Key` is a ``MappedCodingKey``, asked once per container.
    private let isMapped: Bool

    /// The members, with their names converted as the key strategy says,
    /// which the decoder keeps: the container holds one reference, which
    /// the standard library's box copies more than once per container.
    private var members: JSONObject { decoder.members }

    init(link: _ValueContainerLink) {
        self.link = link
        let decoder = link.decoder
        isMapped = decoder.options.mappedKeyTypes.value(for: Key.self) { Key.self is any MappedCodingKey.Type }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        var keys = members.keys.compactMap { Key(stringValue: $0) }
        if isMapped, let mapped = Key.self as? any MappedCodingKey.Type {
            // Keys found only under one of their other paths.
            for case let key as Key in mapped._allKeys
            where decoder.member(named: key.stringValue) == nil
                && member(key, reporting: false, marksRead: false) != nil
            {
                keys.append(key)
            }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { member(key, reporting: false, marksRead: false) != nil }

    /// The value for `key`: its member, or for a ``MappedCodingKey`` the value
    /// at the first of its paths that is present. `reporting` records a read
    /// from a path other than the first, when deviations are collected;
    /// `marksRead` counts the member as read by the model, when ignored
    /// members are reported.
    private func member(_ key: Key, reporting: Bool, marksRead: Bool = true) -> JSONValue? {
        // A plain key without the cast: its `(any MappedCodingKey)?` was
        // destroyed through the runtime's generic witnesses at every member
        // read, a few percent of decoding a small record.
        guard isMapped else {
            return withDecoder { decoder in
                if marksRead { decoder.markRead(key) }
                return decoder.member(named: key.stringValue)
            }
        }
        return mappedMember(key, reporting: reporting, marksRead: marksRead)
    }

    /// ``member(_:reporting:marksRead:)`` for a key of a type that is a
    /// ``MappedCodingKey``.
    private func mappedMember(_ key: Key, reporting: Bool, marksRead: Bool) -> JSONValue? {
        guard let mapped = key as? any MappedCodingKey else {
            return withDecoder { decoder in
                if marksRead { decoder.markRead(key) }
                return decoder.member(named: key.stringValue)
            }
        }
        for (index, path) in mapped.paths.enumerated() where !path.isRoot {
            // The key's own name goes through the key strategy, as `members`
            // did; other pointers are literal, so they read the object as it
            // is.
            let isOwnName = path._isOwnName(of: key)
            let found = isOwnName ? decoder.member(named: key.stringValue) : decoder.value[pointer: path]
            guard let found else { continue }
            if decoder.report != nil {
                // For the report: where the value is in the payload, and
                // which member of this object the model read.
                if !isOwnName { decoder.report?.alternativePaths[key.stringValue] = path }
                if marksRead {
                    decoder.report?.readMembers?.insert(isOwnName ? decoder.payloadName(of: key) : path.tokens[0])
                }
            }
            if reporting && index > 0 {
                decoder.record(.readFromAlternativePath(path), [], value: found, key: key)
            }
            return found
        }
        return nil
    }

    private func value(for key: Key, reporting: Bool = true) throws -> JSONValue {
        guard let value = member(key, reporting: reporting) else { throw missing(key) }
        return value
    }

    /// The error for a member that is not there. Out of line: inlined in
    /// every `decode`, its `(any MappedCodingKey)?` was destroyed through
    /// Optional's generic value witness at every member read.
    @inline(never)
    private func missing(_ key: Key) -> DecodingError {
        var message = "No value associated with key \(key) (\"\(key.stringValue)\")."
        if isMapped, let mapped = key as? any MappedCodingKey, mapped.paths.count > 1 {
            let tried = mapped.paths.map { "\"\($0)\"" }.joined(separator: ", ")
            message = "No value associated with key \(key) (\"\(key.stringValue)\") at any of its paths: \(tried)."
        }
        return DecodingError.keyNotFound(key, decoder.context(nil, message))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key, reporting: false).isNull }

    // Bool, String, Double and Int take the member as it is when it has
    // their kind, without the unwrapping call, whose `key` argument made an
    // `(any CodingKey)?` to destroy through the runtime at every member
    // (about a tenth of a scalar member's cost); anything else, a boxed
    // exact number included, is unwrapped as before.

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let value = try value(for: key)
        if case .bool(let bool) = value { return bool }
        return try withDecoder { try $0.unwrapBool(value, key: key) }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let value = try value(for: key)
        if case .string(let string) = value { return string }
        return try withDecoder { try $0.unwrapString(value, key: key) }
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let value = try value(for: key)
        // NaN is how the parser boxes an exact number (see `_ExactNumbers`).
        if case .double(let double) = value, !double.isNaN { return double }
        return try withDecoder { try $0.unwrapFloatingPoint(value, as: type, key: key) }
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try withDecoder { try $0.unwrapFloatingPoint(value(for: key), as: type, key: key) }
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let value = try value(for: key)
        if case .int(let int) = value { return int }
        return try withDecoder { try $0.unwrapInteger(value, as: type, key: key) }
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try withDecoder { try $0.unwrapInteger(value(for: key), as: type, key: key) }
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try withDecoder { try $0.unwrapInteger(value(for: key), as: type, key: key) }
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try withDecoder { try $0.unwrapInteger(value(for: key), as: type, key: key) }
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try withDecoder { try $0.unwrapInteger(value(for: key), as: type, key: key) }
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try withDecoder { try $0.unwrapInteger(value(for: key), as: type, key: key) }
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try withDecoder { try $0.unwrapInteger(value(for: key), as: type, key: key) }
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try withDecoder { try $0.unwrapInteger(value(for: key), as: type, key: key) }
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try withDecoder { try $0.unwrapInteger(value(for: key), as: type, key: key) }
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try withDecoder { try $0.unwrapInteger(value(for: key), as: type, key: key) }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try withDecoder { try $0.unwrap(value(for: key), as: type, key: key) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrap($0, as: type, key: key) } }
    }

    /// `nil` for a missing or null member; otherwise the member decoded by
    /// `decode`, or `nil` where the decoder's tolerance allows it.
    ///
    /// A `JSONValue?` is the exception: JSON's `null` is a value to it, so a
    /// null member is `.some(.null)` and only a missing one is `nil`, which
    /// tells "set to null" from "absent" as PATCH-style APIs need.
    ///
    /// Every `decodeIfPresent` goes through here, so that the tolerances for
    /// optionals apply whatever the type; without tolerance this is what
    /// the protocol's default implementations do.
    private func ifPresent<T>(_ key: Key, _ decode: (JSONValue) throws -> T) throws -> T? {
        guard let value = member(key, reporting: true) else { return nil }
        if value.isNull { return T.self == JSONValue.self ? (JSONValue.null as! T) : nil }
        if withDecoder({ $0.options.tolerance.isEmpty }) { return try decode(value) }
        return try decoder.tolerantOptional(value, key: key) { try decode(value) }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapBool($0, key: key) } }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapString($0, key: key) } }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapFloatingPoint($0, as: type, key: key) } }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapFloatingPoint($0, as: type, key: key) } }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: key) } }
    }

    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: key) } }
    }

    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: key) } }
    }

    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: key) } }
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: key) } }
    }

    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: key) } }
    }

    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: key) } }
    }

    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: key) } }
    }

    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: key) } }
    }

    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try withDecoder { decoder in try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: key) } }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(value(for: key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(value(for: key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = _AnyCodingKey("super")
        decoder.markRead(key)
        return decoder.child(decoder.member(named: key.stringValue) ?? .null, key: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(member(key, reporting: true) ?? .null, key: key)
    }
}
