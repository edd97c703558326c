extension JSONValue {
    /// Adds an element to the end of an array, or makes ``null`` an array of
    /// that one element.
    ///
    /// ```swift
    /// var payload: JSONValue = ["tags": ["a"], "ext": nil]
    /// payload.tags?.append("b")      // ["a", "b"]
    /// payload.ext?.append(1)         // null becomes [1]
    /// ```
    ///
    /// Any other value is left unchanged, because appending to it would
    /// discard it; the result says whether the element was added.
    ///
    /// - Parameter element: The element to add.
    /// - Returns: `true` if the value is now an array ending in `element`.
    @discardableResult
    public mutating func append(_ element: JSONValue) -> Bool {
        append(contentsOf: CollectionOfOne(element))
    }

    /// Adds elements to the end of an array, or makes ``null`` an array of
    /// them.
    ///
    /// ```swift
    /// var list: JSONValue = [1]
    /// list.append(contentsOf: [2, 3])    // [1, 2, 3]
    /// ```
    ///
    /// Any other value is left unchanged; the result says whether the
    /// elements were added.
    ///
    /// - Parameter elements: The elements to add.
    /// - Returns: `true` if the value is now an array ending in `elements`.
    @discardableResult
    public mutating func append(contentsOf elements: some Sequence<JSONValue>) -> Bool {
        switch self {
        case .array(var current):
            self = .null  // Releases the storage so that `current` is uniquely referenced.
            current.append(contentsOf: elements)
            self = .array(current)
            return true
        case .null:
            self = .array(Array(elements))
            return true
        default:
            return false
        }
    }

    /// Inserts an element into an array at a position from `0` through its
    /// count, or makes ``null`` an array of that one element when `index` is
    /// `0`.
    ///
    /// ```swift
    /// var list: JSONValue = [1, 3]
    /// list.insert(2, at: 1)      // [1, 2, 3]
    /// list.insert(9, at: 7)      // false: unchanged
    /// ```
    ///
    /// A position out of range, or a value that is neither an array nor
    /// `null`, leaves the value unchanged; nothing traps.
    ///
    /// - Parameters:
    ///   - element: The element to insert.
    ///   - index: Where to insert it; the count of the array appends.
    /// - Returns: `true` if the element was inserted.
    @discardableResult
    public mutating func insert(_ element: JSONValue, at index: Int) -> Bool {
        switch self {
        case .array(var current):
            guard index >= 0 && index <= current.count else { return false }
            self = .null
            current.insert(element, at: index)
            self = .array(current)
            return true
        case .null where index == 0:
            self = [element]
            return true
        default:
            return false
        }
    }
}

// MARK: - Merging

extension JSONValue {
    /// Merges another value into this one, member by member at every depth,
    /// and calls `combine` wherever the two disagree.
    ///
    /// Where both values are objects, the result has the members of both:
    /// a member only one of them has is kept, two objects under the same key
    /// are merged the same way, and for any other pair under the same key
    /// the result is `combine(current, incoming)`. When this value and
    /// `other` are not both objects, the result is `combine(self, other)`.
    ///
    /// ```swift
    /// let defaults: JSONValue = ["theme": "light", "editor": ["tabs": 4, "wrap": true]]
    /// let user: JSONValue = ["editor": ["tabs": 2], "beta": true]
    ///
    /// defaults.merging(user) { _, new in new }
    /// // ["theme": "light", "editor": ["tabs": 2, "wrap": true], "beta": true]
    ///
    /// defaults.merging(user) { current, _ in current }
    /// // ["theme": "light", "editor": ["tabs": 4, "wrap": true], "beta": true]
    /// ```
    ///
    /// Arrays are values like any other: `combine` decides, and may
    /// concatenate them. This is `Dictionary.merging(_:uniquingKeysWith:)`
    /// applied at every level, and it is not an RFC 7396 merge patch: a
    /// `null` here is a value to merge, not a deletion. Use
    /// ``applyingMergePatch(_:)`` to apply a patch.
    ///
    /// - Parameters:
    ///   - other: The value to merge into this one.
    ///   - combine: Given the current and the incoming value of a conflict,
    ///     returns the value to keep.
    /// - Returns: The merged value.
    /// - Complexity: O(*n*) in the members of `other`, at every depth, plus
    ///   the copies of the objects that change.
    public func merging(
        _ other: JSONValue,
        uniquingKeysWith combine: (_ current: JSONValue, _ incoming: JSONValue) throws -> JSONValue
    ) rethrows -> JSONValue {
        guard case .object(let members) = self, case .object(let incoming) = other else {
            return try combine(self, other)
        }
        // A work list instead of recursion, so that deep objects are safe on
        // small stacks: each frame is an object being merged, and is stored
        // in its parent when its last incoming member is done.
        var frames = [_MergeFrame(result: members, incoming: incoming, key: nil)]
        while true {
            let top = frames.count - 1
            guard frames[top].next < frames[top].incoming.count else {
                let finished = frames.removeLast()
                guard !frames.isEmpty else { return .object(finished.result) }
                frames[frames.count - 1].result[finished.key!] = .object(finished.result)
                continue
            }
            let (key, value) = frames[top].incoming[frames[top].next]
            frames[top].next += 1
            guard let existing = frames[top].result[key] else {
                frames[top].result[key] = value
                continue
            }
            if case .object(let current) = existing, case .object(let nested) = value {
                frames.append(_MergeFrame(result: current, incoming: nested, key: key))
            } else {
                frames[top].result[key] = try combine(existing, value)
            }
        }
    }

    /// Merges another value into this one, as ``merging(_:uniquingKeysWith:)``
    /// does, in place.
    ///
    /// ```swift
    /// var settings: JSONValue = ["editor": ["tabs": 4]]
    /// settings.merge(["editor": ["wrap": true]]) { _, new in new }
    /// // ["editor": ["tabs": 4, "wrap": true]]
    /// ```
    ///
    /// - Parameters:
    ///   - other: The value to merge into this one.
    ///   - combine: Given the current and the incoming value of a conflict,
    ///     returns the value to keep.
    public mutating func merge(
        _ other: JSONValue,
        uniquingKeysWith combine: (_ current: JSONValue, _ incoming: JSONValue) throws -> JSONValue
    ) rethrows {
        self = try merging(other, uniquingKeysWith: combine)
    }
}

/// An object being merged by ``JSONValue/merging(_:uniquingKeysWith:)``.
private struct _MergeFrame {
    var result: JSONObject
    var incoming: JSONObject
    var next = 0
    /// Its key in the parent object; `nil` for the outermost.
    var key: String?

    init(result: JSONObject, incoming: JSONObject, key: String?) {
        self.result = result
        self.incoming = incoming
        self.key = key
    }
}
