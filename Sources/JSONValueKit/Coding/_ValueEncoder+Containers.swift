/// The keyed container of ``_ValueEncoder``, writing into a pending object
/// that outlives it.
struct _KeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The encoder and the object, through a link that a kept container
    /// is set up again with (see ``_ValueEncoder/container(keyedBy:)``).
    let link: _EncodingContainerLink
    /// Whether `Key` is a ``MappedCodingKey``, asked once per container.
    private let isMapped: Bool

    var encoder: _ValueEncoder { link.encoder }
    var object: _PendingObject { link.object }

    init(link: _EncodingContainerLink) {
        self.link = link
        isMapped = link.encoder.options.mappedKeyTypes.value(for: Key.self) { Key.self is any MappedCodingKey.Type }
    }

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Writes a member for `key`: under its converted name, or for a
    /// ``MappedCodingKey`` at its first path, in objects created on the way.
    private func set(_ member: _Pending, for key: Key) {
        guard isMapped, let mapped = key as? any MappedCodingKey,
            let path = mapped.paths.first(where: { !$0.isRoot }), !path._isOwnName(of: key)
        else {
            object.set(encoder.convertedKey(key), member)
            return
        }
        var target = object
        for token in path.tokens.dropLast() { target = target.nestedObject(token) }
        target.set(path.tokens[path.tokens.count - 1], member)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.value(.null), for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.value(.bool(value)), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.value(.string(value)), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try encoder.wrapDouble(value, key: key), for: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try encoder.wrapFloat(value, key: key), for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.value(.int(value)), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        set(try encoder.wrapInteger(value, key: key), for: key)
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        set(try encoder.wrapInteger(value, key: key), for: key)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        set(try encoder.wrapInteger(value, key: key), for: key)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        set(try encoder.wrapInteger(value, key: key), for: key)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        set(try encoder.wrapInteger(value, key: key), for: key)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        set(try encoder.wrapInteger(value, key: key), for: key)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        set(try encoder.wrapInteger(value, key: key), for: key)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        set(try encoder.wrapInteger(value, key: key), for: key)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        set(try encoder.wrapInteger(value, key: key), for: key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try encoder.wrap(value, key: key), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = _PendingObject()
        set(.object(nested), for: key)
        return KeyedEncodingContainer(
            _KeyedEncodingContainer<NestedKey>(link: _EncodingContainerLink(encoder.child(key), nested)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = _PendingArray()
        set(.array(nested), for: key)
        return _UnkeyedEncodingContainer(encoder: encoder.child(key), array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let key = _AnyCodingKey("super")
        let nested = encoder.child(key)
        object.set(key.stringValue, .encoder(nested))
        return nested
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let nested = encoder.child(key)
        set(.encoder(nested), for: key)
        return nested
    }
}

/// The unkeyed container of ``_ValueEncoder``, appending to a pending array
/// that outlives it.
struct _UnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: _ValueEncoder
    let array: _PendingArray

    var codingPath: [any CodingKey] { encoder.codingPath }

    var count: Int { array.count }

    private var indexKey: _AnyCodingKey { _AnyCodingKey(index: array.count) }

    mutating func encodeNil() throws { array.append(.value(.null)) }
    mutating func encode(_ value: Bool) throws { array.append(.value(.bool(value))) }
    mutating func encode(_ value: String) throws { array.append(.value(.string(value))) }
    mutating func encode(_ value: Double) throws { array.append(try encoder.wrapDouble(value, key: indexKey)) }
    mutating func encode(_ value: Float) throws { array.append(try encoder.wrapFloat(value, key: indexKey)) }
    mutating func encode(_ value: Int) throws { array.append(.value(.int(value))) }
    mutating func encode(_ value: Int8) throws { array.append(try encoder.wrapInteger(value, key: indexKey)) }
    mutating func encode(_ value: Int16) throws { array.append(try encoder.wrapInteger(value, key: indexKey)) }
    mutating func encode(_ value: Int32) throws { array.append(try encoder.wrapInteger(value, key: indexKey)) }
    mutating func encode(_ value: Int64) throws { array.append(try encoder.wrapInteger(value, key: indexKey)) }
    mutating func encode(_ value: UInt) throws { array.append(try encoder.wrapInteger(value, key: indexKey)) }
    mutating func encode(_ value: UInt8) throws { array.append(try encoder.wrapInteger(value, key: indexKey)) }
    mutating func encode(_ value: UInt16) throws { array.append(try encoder.wrapInteger(value, key: indexKey)) }
    mutating func encode(_ value: UInt32) throws { array.append(try encoder.wrapInteger(value, key: indexKey)) }
    mutating func encode(_ value: UInt64) throws { array.append(try encoder.wrapInteger(value, key: indexKey)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.append(try encoder.wrap(value, key: indexKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let key = indexKey
        let nested = _PendingObject()
        array.append(.object(nested))
        return KeyedEncodingContainer(
            _KeyedEncodingContainer<NestedKey>(link: _EncodingContainerLink(encoder.child(key), nested)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = indexKey
        let nested = _PendingArray()
        array.append(.array(nested))
        return _UnkeyedEncodingContainer(encoder: encoder.child(key), array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = encoder.child(indexKey)
        array.append(.encoder(nested))
        return nested
    }
}

/// The single-value container of ``_ValueEncoder``.
struct _SingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: _ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.storage = .value(.null) }
    mutating func encode(_ value: Bool) throws { encoder.storage = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.storage = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { encoder.storage = try encoder.wrapDouble(value, key: nil) }
    mutating func encode(_ value: Float) throws { encoder.storage = try encoder.wrapFloat(value, key: nil) }
    mutating func encode(_ value: Int) throws { encoder.storage = .value(.int(value)) }
    mutating func encode(_ value: Int8) throws { encoder.storage = try encoder.wrapInteger(value, key: nil) }
    mutating func encode(_ value: Int16) throws { encoder.storage = try encoder.wrapInteger(value, key: nil) }
    mutating func encode(_ value: Int32) throws { encoder.storage = try encoder.wrapInteger(value, key: nil) }
    mutating func encode(_ value: Int64) throws { encoder.storage = try encoder.wrapInteger(value, key: nil) }
    mutating func encode(_ value: UInt) throws { encoder.storage = try encoder.wrapInteger(value, key: nil) }
    mutating func encode(_ value: UInt8) throws { encoder.storage = try encoder.wrapInteger(value, key: nil) }
    mutating func encode(_ value: UInt16) throws { encoder.storage = try encoder.wrapInteger(value, key: nil) }
    mutating func encode(_ value: UInt32) throws { encoder.storage = try encoder.wrapInteger(value, key: nil) }
    mutating func encode(_ value: UInt64) throws { encoder.storage = try encoder.wrapInteger(value, key: nil) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.storage = try encoder.wrap(value, key: nil)
    }
}
