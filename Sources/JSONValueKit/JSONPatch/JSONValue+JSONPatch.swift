extension JSONValue {
    /// Returns this value with a JSON Patch applied, all or nothing.
    ///
    /// ```swift
    /// let patch: JSONPatch = [
    ///     .test(path: "/ext/version", value: 1),
    ///     .replace(path: "/ext/version", value: 2),
    ///     .add(path: "/ext/tags/-", value: "migrated"),
    /// ]
    /// let updated = try payload.ext.applying(patch)
    /// ```
    ///
    /// - Parameter patch: The patch.
    /// - Returns: The patched value.
    /// - Throws: ``JSONPatchError`` for the first operation that fails, with
    ///   its index, the pointer involved and the reason.
    /// - Complexity: O(*k* · *d*) for *k* operations on paths of length *d*,
    ///   plus copying the containers on those paths once each if they are
    ///   shared; the rest of the document is not copied.
    public func applying(_ patch: JSONPatch) throws -> JSONValue {
        var result = self
        for (index, operation) in patch.operations.enumerated() {
            try result.apply(operation, index: index)
        }
        return result
    }

    /// Applies a JSON Patch to this value, all or nothing: if an operation
    /// fails, the value is unchanged.
    ///
    /// ```swift
    /// try payload.ext.apply([.remove(path: "/ext/obsolete")])
    /// ```
    ///
    /// - Parameter patch: The patch.
    /// - Throws: ``JSONPatchError`` for the first operation that fails.
    public mutating func apply(_ patch: JSONPatch) throws {
        self = try applying(patch)
    }

    // For size: optimized for speed, the pointer walks and writes of its six
    // operations were inlined into one 44 KB function, which every program
    // that links the library carries (see Benchmarks/BinarySize). An
    // operation's cost is the walk itself, not the calls.
    @_optimize(size)
    private mutating func apply(_ operation: JSONPatch.Operation, index: Int) throws {
        func failure(_ kind: JSONPatchError.Kind, _ pointer: JSONPointer) -> JSONPatchError {
            JSONPatchError(kind, operationIndex: index, operation: operation.name, pointer: pointer)
        }
        func resolving<T>(_ pointer: JSONPointer, _ body: () throws -> T) throws -> T {
            do {
                return try body()
            } catch let error as JSONPointerError {
                // An invalid literal pointer in an operation built in code.
                if error.offset != nil { throw failure(.invalidPointer(error), pointer) }
                throw failure(.targetNotFound(error), pointer)
            }
        }
        switch operation {
        case .add(let path, let value):
            try resolving(path) { try add(value, at: path) }
        case .remove(let path):
            try resolving(path) { _ = try removeValue(at: path) }
        case .replace(let path, let value):
            try resolving(path) { try replaceValue(value, at: path) }
        case .move(let from, let path):
            if from == path {
                _ = try resolving(from) { try self.value(at: from) }
                return
            }
            if path.hasPrefix(from) { throw failure(.moveIntoOwnChild, path) }
            let moved = try resolving(from) { try removeValue(at: from) }
            try resolving(path) { try add(moved, at: path) }
        case .copy(let from, let path):
            let copied = try resolving(from) { try self.value(at: from) }
            try resolving(path) { try add(copied, at: path) }
        case .test(let path, let expected):
            let found = try resolving(path) { try self.value(at: path) }
            guard JSONValue._patchEqual(found, expected) else {
                throw failure(.testFailed(expected: expected, found: found), path)
            }
        }
    }

    /// RFC 6902's `add`: inserts into arrays (at an index up to the count,
    /// or `-`), and adds or replaces object members.
    private mutating func add(_ newValue: JSONValue, at pointer: JSONPointer) throws {
        try _write(newValue, at: pointer, members: .addOrReplace, elements: .insert)
    }

    /// RFC 6902's `replace`: the target must exist.
    private mutating func replaceValue(_ newValue: JSONValue, at pointer: JSONPointer) throws {
        try _write(newValue, at: pointer, members: .replace, elements: .replace)
    }

    /// Equality as RFC 6902's `test` defines it: numbers by value, strings
    /// and member names by their Unicode scalars, objects regardless of
    /// order, and a Boolean never equal to a number.
    static func _patchEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        _compare(lhs, rhs, numbersByValue: true)
    }
}
