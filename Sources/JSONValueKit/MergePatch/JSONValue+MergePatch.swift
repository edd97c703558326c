extension JSONValue {
    /// Returns this value with an RFC 7396 JSON Merge Patch applied.
    ///
    /// A merge patch looks like the document it changes: an object's members
    /// replace or, recursively, merge into the target's members, and a
    /// member whose value is `null` removes the target's member. Anything
    /// that is not an object replaces the target whole.
    ///
    /// ```swift
    /// let ext: JSONValue = ["title": "Goodbye!", "author": ["givenName": "John", "familyName": "Doe"]]
    /// let patch: JSONValue = ["title": "Hello!", "author": ["familyName": nil]]
    /// ext.applyingMergePatch(patch)
    /// // ["title": "Hello!", "author": ["givenName": "John"]]
    /// ```
    ///
    /// Applying a merge patch cannot fail: every JSON value is a valid merge
    /// patch. Members match by their Unicode scalars.
    ///
    /// - Parameter patch: The merge patch.
    /// - Returns: The patched value.
    /// - Complexity: O(*p*) in the size of the patch, plus copying the
    ///   target's containers that the patch changes if they are shared.
    public func applyingMergePatch(_ patch: JSONValue) -> JSONValue {
        var copy = self
        copy.applyMergePatch(patch)
        return copy
    }

    /// Applies an RFC 7396 JSON Merge Patch to this value in place.
    ///
    /// ```swift
    /// var ext: JSONValue = ["a": 1, "b": ["c": 2]]
    /// ext.applyMergePatch(["a": nil, "b": ["d": 3]])
    /// // ["b": ["c": 2, "d": 3]]
    /// ```
    ///
    /// See ``applyingMergePatch(_:)``.
    ///
    /// - Parameter patch: The merge patch.
    public mutating func applyMergePatch(_ patch: JSONValue) {
        applyMergePatch(patch, depth: 0)
    }

    private mutating func applyMergePatch(_ patch: JSONValue, depth: Int) {
        guard case .object(let changes) = patch else {
            self = patch
            return
        }
        var members: JSONObject
        if case .object(let existing) = self {
            members = existing
        } else {
            members = [:]
        }
        // Keep `members` uniquely referenced while it changes. Existing
        // members keep their places; new ones go last, in the patch's order.
        self = .null
        for (name, change) in changes {
            if change.isNull {
                members.removeValue(forKey: name)
            } else if case .object = change {
                let index = members.index(forKey: name)
                var member = index.map { members[valueAt: $0] } ?? .null
                if let index { members[valueAt: index] = .null }
                // Recursion follows the patch's depth; every few levels it
                // moves to a new stack. Where there are no threads to move to
                // (WebAssembly without them), it goes on here: the README
                // says how deep that is safe.
                do {
                    try _StackExtension.run(depth: depth + 1) { member.applyMergePatch(change, depth: depth + 1) }
                } catch {
                    member.applyMergePatch(change, depth: depth + 1)
                }
                if let index { members[valueAt: index] = member } else { members.append(name, member) }
            } else {
                members[name] = change
            }
        }
        self = .object(members)
    }

    /// Returns the RFC 7396 merge patch that turns one value into another.
    ///
    /// ```swift
    /// let old: JSONValue = ["a": 1, "b": ["c": 2, "d": 3], "e": [1, 2]]
    /// let new: JSONValue = ["a": 1, "b": ["c": 5], "e": [1]]
    /// try JSONValue.mergePatch(from: old, to: new)
    /// // ["b": ["c": 5, "d": nil], "e": [1]]
    /// ```
    ///
    /// Applying the result to `old` with ``applyingMergePatch(_:)`` gives
    /// `new`, case for case: a member that changed from `1` to `1.0` is in
    /// the patch. Unchanged members are left out, and arrays are replaced
    /// whole, as RFC 7396 has no way to change part of an array.
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    /// - Returns: The merge patch.
    /// - Throws: ``JSONMergePatchError`` where RFC 7396 cannot express the
    ///   change: `null` as a member's new value (a merge patch's `null`
    ///   means "remove"), also inside a new object.
    public static func mergePatch(from old: JSONValue, to new: JSONValue) throws -> JSONValue {
        try mergePatch(from: old, to: new, path: .root)
    }

    private static func mergePatch(from old: JSONValue, to new: JSONValue, path: JSONPointer) throws -> JSONValue {
        guard case .object(let newMembers) = new else {
            // Anything but an object replaces the target as it is.
            return new
        }
        guard case .object(let oldMembers) = old else {
            // Applied to a non-object, an object patch merges into `{}`,
            // which gives `new` only if it has no null members.
            try checkExpressible(new, path: path)
            return new
        }
        var patch = JSONObject()
        for name in oldMembers.keys where newMembers.index(forKey: name) == nil {
            patch[name] = .null
        }
        for (name, newMember) in newMembers {
            let memberPath = path.appending(name)
            guard let oldMember = oldMembers[name] else {
                if newMember.isNull { throw JSONMergePatchError(path: memberPath) }
                try checkExpressible(newMember, path: memberPath)
                patch[name] = newMember
                continue
            }
            if _isIdentical(oldMember, newMember) { continue }
            if newMember.isNull { throw JSONMergePatchError(path: memberPath) }
            patch[name] = try _StackExtension.run(depth: memberPath.tokens.count) {
                try mergePatch(from: oldMember, to: newMember, path: memberPath)
            }
        }
        return .object(patch)
    }

    /// Throws if an object in `value` has a `null` member, which a merge
    /// patch would read as "remove".
    private static func checkExpressible(_ value: JSONValue, path: JSONPointer) throws {
        var pending: [(JSONValue, JSONPointer)] = [(value, path)]
        while let (value, path) = pending.popLast() {
            guard case .object(let members) = value else { continue }
            for (name, member) in members {
                if member.isNull { throw JSONMergePatchError(path: path.appending(name)) }
                if case .object = member { pending.append((member, path.appending(name))) }
            }
        }
    }
}

/// An error that says where RFC 7396 cannot express a change, from
/// ``JSONValue/mergePatch(from:to:)``.
///
/// In a merge patch, a member whose value is `null` removes that member, so
/// a change that sets a member to `null` has no merge patch. Send a JSON
/// Patch instead (``JSONPatch/init(from:to:)``), which can.
///
/// ```swift
/// do {
///     _ = try JSONValue.mergePatch(from: ["a": 1], to: ["a": nil])
/// } catch let error as JSONMergePatchError {
///     print(error)   // A merge patch cannot set a member to null, at /a.
/// }
/// ```
public struct JSONMergePatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What cannot be expressed.
    public enum Kind: Hashable, Sendable {
        /// A member's new value is `null`, which a merge patch reads as
        /// "remove the member".
        case nullMember
    }

    /// What cannot be expressed.
    public var kind: Kind

    /// The member whose new value is `null`.
    public var path: JSONPointer

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What cannot be expressed.
    ///   - path: The member whose new value is `null`.
    public init(_ kind: Kind = .nullMember, path: JSONPointer) {
        self.kind = kind
        self.path = path
    }

    /// A sentence that says what cannot be expressed and where.
    public var description: String {
        switch kind {
        case .nullMember:
            return "A merge patch cannot set a member to null, at \(path.isRoot ? "the root" : path.description)."
        }
    }
}
