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

    private mutating func apply(_ operation: JSONPatch.Operation, index: Int) throws {
        func failure(_ kind: JSONPatchError.Kind, _ pointer: JSONPointer) -> JSONPatchError {
            JSONPatchError(kind, operationIndex: index, operation: operation.name, pointer: pointer)
        }
        func resolving<T>(_ pointer: JSONPointer, _ body: () throws -> T) throws -> T {
            do {
                return try body()
            } catch let error as JSONPointerError {
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
        try _modifyParent(of: pointer) { parent, token, index in
            switch parent {
            case .object(var members):
                let key = try JSONValue._keyForWriting(token, in: members, tokenIndex: index, of: pointer)
                parent = .null
                members[key] = newValue
                parent = .object(members)
            case .array(var elements):
                let position: Int
                if token == "-" {
                    position = elements.count
                } else {
                    guard let requested = JSONPointer.arrayIndex(token) else {
                        throw JSONPointerError(.invalidArrayIndex, pointer: pointer, tokenIndex: index)
                    }
                    guard requested <= elements.count else {
                        throw JSONPointerError(
                            .indexOutOfRange(count: elements.count), pointer: pointer, tokenIndex: index)
                    }
                    position = requested
                }
                parent = .null
                elements.insert(newValue, at: position)
                parent = .array(elements)
            default:
                throw JSONPointerError(.notAContainer, pointer: pointer, tokenIndex: index)
            }
        } root: {
            $0 = newValue
        }
    }

    /// RFC 6902's `replace`: the target must exist.
    private mutating func replaceValue(_ newValue: JSONValue, at pointer: JSONPointer) throws {
        try _modifyParent(of: pointer) { parent, token, index in
            switch parent {
            case .object(var members):
                guard let key = JSONValue._existingKey(token, in: members) else {
                    throw JSONPointerError(.memberNotFound, pointer: pointer, tokenIndex: index)
                }
                parent = .null
                members[key] = newValue
                parent = .object(members)
            case .array(var elements):
                let position = try JSONValue._arrayIndex(token, count: elements.count, tokenIndex: index, of: pointer)
                parent = .null
                elements[position] = newValue
                parent = .array(elements)
            default:
                throw JSONPointerError(.notAContainer, pointer: pointer, tokenIndex: index)
            }
        } root: {
            $0 = newValue
        }
    }

    /// Equality as RFC 6902's `test` defines it: numbers by value, strings
    /// and member names by their Unicode scalars, objects regardless of
    /// order, and a Boolean never equal to a number.
    static func _patchEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.string(let x), .string(let y)):
                guard JSONPointer.sameScalars(x, y) else { return false }
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                pending.append(contentsOf: zip(x, y))
            case (.object(let x), .object(let y)):
                guard x.count == y.count else { return false }
                for (key, member) in x {
                    guard let other = _existingKey(key, in: y) else { return false }
                    pending.append((member, y[other]!))
                }
            default:
                // Scalars: JSONValue's own equality compares numbers by value
                // and never a Boolean with a number.
                guard a == b else { return false }
            }
        }
        return true
    }
}
