extension JSONValue {
    /// The value a JSON Pointer names, or `nil` when nothing is there.
    ///
    /// ```swift
    /// var value: JSONValue = ["ext": ["tags": ["a", "b"], "a/b": 1]]
    /// value[pointer: "/ext/tags/1"]      // "b"
    /// value[pointer: "/ext/a~1b"]        // 1
    /// value[pointer: "/ext/missing"]     // nil
    ///
    /// value[pointer: "/ext/tags/0"] = "z"   // replaces an element
    /// value[pointer: "/ext/tags/-"] = "c"   // appends
    /// value[pointer: "/ext/new"] = true     // adds a member
    /// value[pointer: "/ext/a~1b"] = nil     // removes a member
    /// ```
    ///
    /// Reading never traps. Writing follows the rules of the other
    /// subscripts: it sets an object's member, replaces an existing array
    /// element, or appends at `-`; a write that cannot apply (a missing
    /// parent, an index past the end, a scalar in the way) changes nothing.
    /// Assigning `nil` removes the member or element. Use
    /// ``value(at:)``, ``setValue(_:at:)`` and ``removeValue(at:)`` to learn
    /// why a pointer did not apply.
    ///
    /// - Parameter pointer: The location.
    /// - Complexity: O(*d*) in the pointer's length for reading; writing also
    ///   copies the containers on the path if they are shared.
    public subscript(pointer pointer: JSONPointer) -> JSONValue? {
        get {
            try? value(at: pointer, orThrow: false)
        }
        set {
            if let newValue {
                try? setValue(newValue, at: pointer)
            } else {
                _ = try? removeValue(at: pointer)
            }
        }
    }

    /// Returns the value a JSON Pointer names, or says which token failed.
    ///
    /// ```swift
    /// let value: JSONValue = ["a": [1, 2]]
    /// try value.value(at: "/a/1")   // 2
    /// try value.value(at: "/a/5")   // throws: index out of range at token 1
    /// ```
    ///
    /// - Parameter pointer: The location.
    /// - Returns: The value there.
    /// - Throws: ``JSONPointerError`` with the ``JSONPointerError/tokenIndex``
    ///   of the first token that names nothing.
    public func value(at pointer: JSONPointer) throws -> JSONValue {
        try value(at: pointer, orThrow: true)!
    }

    /// The value at `pointer`; without `orThrow`, `nil` instead of an error,
    /// which spares the subscript building errors it would throw away.
    private func value(at pointer: JSONPointer, orThrow: Bool) throws(JSONPointerError) -> JSONValue? {
        var current = self
        var tokenIndex = 0
        let tokens: [String]
        do {
            tokens = try pointer.validTokens()
        } catch {
            guard orThrow else { return nil }
            throw error
        }
        for token in tokens {
            switch current {
            case .object(let members):
                guard let index = members.index(forKey: token) else {
                    guard orThrow else { return nil }
                    throw JSONPointerError(.memberNotFound, pointer: pointer, tokenIndex: tokenIndex)
                }
                current = members[index].value
            case .array(let elements):
                guard let index = JSONPointer.arrayIndex(token), index < elements.count else {
                    guard orThrow else { return nil }
                    _ = try JSONValue._arrayIndex(token, count: elements.count, tokenIndex: tokenIndex, of: pointer)
                    return nil
                }
                current = elements[index]
            default:
                guard orThrow else { return nil }
                throw JSONPointerError(.notAContainer, pointer: pointer, tokenIndex: tokenIndex)
            }
            tokenIndex += 1
        }
        return current
    }

    /// Sets the value a JSON Pointer names, or says why it cannot.
    ///
    /// The parent must exist. In an object, the member is added or replaced;
    /// in an array, an existing element is replaced, and `-` appends. The
    /// root pointer replaces the whole value.
    ///
    /// ```swift
    /// var value: JSONValue = ["a": [1, 2]]
    /// try value.setValue(3, at: "/a/-")     // ["a": [1, 2, 3]]
    /// try value.setValue(0, at: "/b/c")     // throws: no member "b"
    /// ```
    ///
    /// - Parameters:
    ///   - newValue: The value to store.
    ///   - pointer: The location.
    /// - Throws: ``JSONPointerError`` naming the token that failed; the value
    ///   is then unchanged.
    public mutating func setValue(_ newValue: JSONValue, at pointer: JSONPointer) throws {
        try _write(newValue, at: pointer, members: .addOrReplace, elements: .replaceOrAppend)
    }

    /// How a write treats an object's members.
    enum _MemberWrite {
        /// Adds the member, or replaces one of the same name.
        case addOrReplace
        /// Replaces an existing member only.
        case replace
    }

    /// How a write treats an array's elements.
    enum _ElementWrite {
        /// Replaces an existing element, or appends at `-`.
        case replaceOrAppend
        /// Inserts at an index up to the count, or appends at `-`.
        case insert
        /// Replaces an existing element only.
        case replace
    }

    /// Stores `newValue` where `pointer` says, under the given rules; the
    /// root pointer replaces the whole value.
    ///
    /// Never inlined: a JSON Patch's four kinds of write each inlined it
    /// with the descent it specializes, 30 KB in every program that links
    /// the library; the call costs nothing beside the descent.
    @inline(never)
    mutating func _write(
        _ newValue: JSONValue,
        at pointer: JSONPointer,
        members memberWrite: _MemberWrite,
        elements elementWrite: _ElementWrite
    ) throws {
        try _modifyParent(of: pointer) { parent, token, index in
            switch parent {
            case .object(var members):
                if memberWrite == .replace && members.index(forKey: token) == nil {
                    throw JSONPointerError(.memberNotFound, pointer: pointer, tokenIndex: index)
                }
                parent = .null
                members[token] = newValue
                parent = .object(members)
            case .array(var elements):
                if token == "-" && elementWrite != .replace {
                    parent = .null
                    elements.append(newValue)
                    parent = .array(elements)
                    return
                }
                if elementWrite == .insert {
                    guard let position = JSONPointer.arrayIndex(token) else {
                        throw JSONPointerError(.invalidArrayIndex, pointer: pointer, tokenIndex: index)
                    }
                    guard position <= elements.count else {
                        throw JSONPointerError(
                            .indexOutOfRange(count: elements.count), pointer: pointer, tokenIndex: index)
                    }
                    parent = .null
                    elements.insert(newValue, at: position)
                    parent = .array(elements)
                    return
                }
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

    /// Removes the value a JSON Pointer names and returns it, or says why it
    /// cannot.
    ///
    /// ```swift
    /// var value: JSONValue = ["a": [1, 2]]
    /// try value.removeValue(at: "/a/0")   // 1; value is ["a": [2]]
    /// ```
    ///
    /// Removing the root makes the value ``null``.
    ///
    /// - Parameter pointer: The location.
    /// - Returns: The removed value.
    /// - Throws: ``JSONPointerError`` naming the token that failed; the value
    ///   is then unchanged.
    @discardableResult
    @inline(never)  // For size, as `_write`.
    public mutating func removeValue(at pointer: JSONPointer) throws -> JSONValue {
        var removed: JSONValue = .null
        try _modifyParent(of: pointer) { parent, token, index in
            switch parent {
            case .object(var members):
                guard let position = members.index(forKey: token) else {
                    throw JSONPointerError(.memberNotFound, pointer: pointer, tokenIndex: index)
                }
                parent = .null
                removed = members.remove(at: position).value
                parent = .object(members)
            case .array(var elements):
                let position = try JSONValue._arrayIndex(token, count: elements.count, tokenIndex: index, of: pointer)
                parent = .null
                removed = elements.remove(at: position)
                parent = .array(elements)
            default:
                throw JSONPointerError(.notAContainer, pointer: pointer, tokenIndex: index)
            }
        } root: {
            removed = $0
            $0 = .null
        }
        return removed
    }

    // MARK: Internals shared with JSON Patch

    /// The member or element `token` names.
    func child(_ token: String, tokenIndex: Int, of pointer: JSONPointer) throws(JSONPointerError) -> JSONValue {
        switch self {
        case .object(let members):
            guard let member = members[token] else {
                throw JSONPointerError(.memberNotFound, pointer: pointer, tokenIndex: tokenIndex)
            }
            return member
        case .array(let elements):
            return elements[
                try JSONValue._arrayIndex(token, count: elements.count, tokenIndex: tokenIndex, of: pointer)]
        default:
            throw JSONPointerError(.notAContainer, pointer: pointer, tokenIndex: tokenIndex)
        }
    }

    /// The index of an existing element that `token` names.
    static func _arrayIndex(
        _ token: String,
        count: Int,
        tokenIndex: Int,
        of pointer: JSONPointer
    ) throws(JSONPointerError) -> Int {
        guard let index = JSONPointer.arrayIndex(token) else {
            throw JSONPointerError(.invalidArrayIndex, pointer: pointer, tokenIndex: tokenIndex)
        }
        guard index < count else {
            throw JSONPointerError(.indexOutOfRange(count: count), pointer: pointer, tokenIndex: tokenIndex)
        }
        return index
    }

    /// Calls `body` with the container that holds the pointer's target,
    /// in place, and the target's token and its index; or `root` with the
    /// whole value for the root pointer.
    ///
    /// Containers on the path are modified in place (each is taken out of
    /// its enum case while it changes, so it stays uniquely referenced), so
    /// a value that is not shared is not copied at all. The descent moves to
    /// a new stack every few dozen levels, so any depth is safe.
    mutating func _modifyParent(
        of pointer: JSONPointer,
        _ body: (inout JSONValue, String, Int) throws -> Void,
        root: (inout JSONValue) throws -> Void
    ) throws {
        guard let last = try pointer.validTokens().last else { return try root(&self) }
        let lastIndex = pointer.tokens.count - 1
        try _modify(pointer, from: 0, to: lastIndex) { parent in try body(&parent, last, lastIndex) }
    }

    /// Calls `body` with the value that tokens `start..<end` of `pointer`
    /// lead to from this one, in place.
    private mutating func _modify(
        _ pointer: JSONPointer,
        from start: Int,
        to end: Int,
        _ body: (inout JSONValue) throws -> Void
    ) throws {
        guard start < end else { return try body(&self) }
        let token = pointer.tokens[start]
        try _StackExtension.run(depth: start) {
            switch self {
            case .object(var members):
                guard let index = members.index(forKey: token) else {
                    throw JSONPointerError(.memberNotFound, pointer: pointer, tokenIndex: start)
                }
                self = .null
                defer { self = .object(members) }
                try members[valueAt: index]._modify(pointer, from: start + 1, to: end, body)
            case .array(var elements):
                let index = try JSONValue._arrayIndex(token, count: elements.count, tokenIndex: start, of: pointer)
                self = .null
                defer { self = .array(elements) }
                try elements[index]._modify(pointer, from: start + 1, to: end, body)
            default:
                throw JSONPointerError(.notAContainer, pointer: pointer, tokenIndex: start)
            }
        }
    }
}
