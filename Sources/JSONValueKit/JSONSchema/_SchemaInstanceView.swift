#if JSONSchema

/// Unretained views of the containers inside an instance being validated.
///
/// The instance does not change while it is validated and the caller of
/// `isValid` keeps it alive, so its arrays' elements and objects' members
/// stay where they are. Reading them through these views takes no
/// reference: binding the payload of `.array` or `.object` instead costs an
/// atomic retain and release for every container every subschema looks
/// into, which was the largest single cost of validation.
enum _SchemaInstanceView {
    /// The elements of the array at `value`, or `nil` if it is not an array.
    ///
    /// The buffer is the array's own storage: arrays of ``JSONValue`` are
    /// always native Swift arrays (an `NSArray` cannot back them, as the
    /// element is not a class), so it outlives this call as long as the
    /// value does.
    @inline(__always)
    static func elements(of value: UnsafePointer<JSONValue>) -> UnsafeBufferPointer<JSONValue>? {
        guard case .array(let elements) = value.pointee else { return nil }
        return elements.withUnsafeBufferPointer { $0 }
    }

    /// Copies the UTF-8 bytes of the string at `value` into `buffer` and
    /// returns how many there are; `nil` if the value is not a string, or
    /// its bytes do not fit (or are not stored contiguously). Matching a
    /// pattern against the copy takes no reference to the string, where
    /// reading it in place retained it around the call to the matcher.
    @inline(__always)
    static func copyString(at value: UnsafePointer<JSONValue>, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard case .string(let string) = value.pointee else { return nil }
        return copyBytes(of: string, into: buffer)
    }

    /// Copies a string's UTF-8 bytes into `buffer` and returns how many
    /// there are; `nil`, with nothing copied, if they do not fit or are not
    /// stored contiguously.
    @inline(__always)
    static func copyBytes(of string: String, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let count = string.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            let count = bytes.count
            guard count <= buffer.count else { return nil }
            guard let source = bytes.baseAddress.map(UnsafeRawPointer.init), let target = buffer.baseAddress else {
                return count
            }
            // Names are short: up to 16 bytes take two loads and two stores
            // that overlap (or three of a byte), where a call to memcpy cost
            // more than the copy.
            if count >= 8 && count <= 16 {
                let head = source.loadUnaligned(as: UInt64.self)
                let tail = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                target.storeBytes(of: head, as: UInt64.self)
                target.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
            } else if count >= 4 && count < 8 {
                let head = source.loadUnaligned(as: UInt32.self)
                let tail = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                target.storeBytes(of: head, as: UInt32.self)
                target.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
            } else if count > 0 && count < 4 {
                let (first, middle, last) = (
                    source.load(as: UInt8.self), source.load(fromByteOffset: count >> 1, as: UInt8.self),
                    source.load(fromByteOffset: count &- 1, as: UInt8.self)
                )
                target.storeBytes(of: first, as: UInt8.self)
                target.storeBytes(of: middle, toByteOffset: count >> 1, as: UInt8.self)
                target.storeBytes(of: last, toByteOffset: count &- 1, as: UInt8.self)
            } else {
                target.copyMemory(from: source, byteCount: count)
            }
            return count
        }
        return count ?? nil
    }

    /// The object at `value`, or `nil` if it is not an object.
    @inline(__always)
    static func object(of value: UnsafePointer<JSONValue>) -> _SchemaObjectView? {
        guard case .object(let object) = value.pointee else { return nil }
        return _SchemaObjectView(object.unsafeHeaderAndMembers)
    }
}

extension JSONValue {
    /// The string of a value that the caller has found to be a string
    /// (and empty for any other).
    ///
    /// Reading the string this way, after a `case .string` without a
    /// binding, takes no reference where the string is only read in place:
    /// binding it in the pattern retained it wherever the use was a call.
    @inline(__always)
    var unsafelyUnwrappedString: String {
        guard case .string(let string) = self else { return "" }
        return string
    }
}

/// An object's header and members, read in place.
struct _SchemaObjectView {
    let header: UnsafeMutablePointer<_ObjectHeader>?
    let members: UnsafeBufferPointer<_ObjectMember>

    init(_ pointers: (UnsafeMutablePointer<_ObjectHeader>, UnsafeMutablePointer<_ObjectMember>)?) {
        header = pointers?.0
        members = UnsafeBufferPointer(start: pointers?.1, count: pointers?.0.pointee.count ?? 0)
    }

    var count: Int { members.count }

    /// The position of the member whose name has these UTF-8 bytes and
    /// this hash (from ``JSONObject/hash(ofKey:)``).
    @inline(__always)
    func index(ofName bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> Int? {
        guard let header, let base = members.baseAddress else { return nil }
        if let table = header.pointee.table {
            return table.find(bytes, hash: hash, in: UnsafeMutablePointer(mutating: base))
        }
        for index in members.indices where _MemberTable.equal(members[index].key, bytes) {
            return index
        }
        return nil
    }

    /// Copies the UTF-8 bytes of a member's name into `buffer` and returns
    /// how many there are; `nil` if they do not fit (or the name is not
    /// stored contiguously), and then nothing is copied. Reading the name
    /// this way takes no reference to it, where a copy of the `String`
    /// retains its storage.
    @inline(__always)
    func copyName(at index: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        _SchemaInstanceView.copyBytes(of: members[index].key, into: buffer)
    }

    /// The ``_SchemaNameKey`` of a member's name, read in place; `nil` if
    /// the name is not stored contiguously.
    @inline(__always)
    func nameKey(at index: Int) -> _SchemaNameKey? {
        members[index].key.utf8.withContiguousStorageIfAvailable { bytes in _SchemaNameKey(bytes) }
    }

    /// The address of a member's value.
    @inline(__always)
    func value(at index: Int) -> UnsafePointer<JSONValue> {
        UnsafePointer(members.baseAddress.unsafelyUnwrapped + index).pointer(to: \.value).unsafelyUnwrapped
    }
}

#endif
