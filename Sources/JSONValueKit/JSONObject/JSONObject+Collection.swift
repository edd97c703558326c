extension JSONObject: RandomAccessCollection {
    /// A member: its name and its value.
    public typealias Element = (key: String, value: JSONValue)

    /// A member's position, from 0.
    public typealias Index = Int

    /// The position of the first member: 0.
    public var startIndex: Int { 0 }

    /// The position after the last member: ``count``.
    public var endIndex: Int { count }

    /// The member at a position.
    ///
    /// ```swift
    /// let members: JSONObject = ["a": 1, "b": 2]
    /// members[1]   // (key: "b", value: 2)
    /// ```
    ///
    /// - Parameter position: A valid position.
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "JSONObject index out of range")
        return storage!.withUnsafeMutablePointerToElements { ($0[position].key, $0[position].value) }
    }

    /// The position after one.
    ///
    /// - Parameter i: A valid position.
    /// - Returns: `i + 1`.
    public func index(after i: Int) -> Int { i + 1 }

    /// The position before one.
    ///
    /// - Parameter i: A valid position.
    /// - Returns: `i - 1`.
    public func index(before i: Int) -> Int { i - 1 }
}

extension JSONObject {
    /// Sorts the members in place.
    ///
    /// ```swift
    /// var members: JSONObject = ["b": 1, "a": 2]
    /// members.sort { $0.key < $1.key }   // ["a": 2, "b": 1]
    /// ```
    ///
    /// - Parameter areInIncreasingOrder: Whether a member goes before another.
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        let sorted = try self.sorted(by: areInIncreasingOrder)
        self = JSONObject(count: sorted.count) { members in
            for (index, member) in sorted.enumerated() {
                (members + index).initialize(to: _ObjectMember(key: member.key, value: member.value))
            }
        }
    }

    /// The object with its values transformed, in the same order.
    ///
    /// ```swift
    /// let members: JSONObject = ["a": 1, "b": 2]
    /// members.mapValues { .string($0.description) }   // ["a": "1", "b": "2"]
    /// ```
    ///
    /// - Parameter transform: Makes a new value from a value.
    /// - Returns: An object with the same names, in order.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var result = JSONObject()
        result.reserveCapacity(count)
        for member in self { result.append(member.key, try transform(member.value)) }
        return result
    }

    /// The members that satisfy a predicate, in order, as an object.
    ///
    /// - Parameter isIncluded: Whether to keep a member.
    /// - Returns: An object of the members kept.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> JSONObject {
        var result = JSONObject()
        for member in self where try isIncluded(member) { result.append(member.key, member.value) }
        return result
    }

    /// Merges members into this object: a new name is added at the end, in
    /// the order of `other`; for a name already here, `combine` chooses the
    /// value, which keeps its place.
    ///
    /// ```swift
    /// var members: JSONObject = ["a": 1, "b": 2]
    /// members.merge(["b": 3, "c": 4] as JSONObject) { _, new in new }   // ["a": 1, "b": 3, "c": 4]
    /// ```
    ///
    /// - Parameters:
    ///   - other: The members to merge, such as another ``JSONObject`` (in
    ///     its order) or a `[String: JSONValue]` (in its own order: sort
    ///     it first, or convert it with ``init(_:)``, for a determined one).
    ///   - combine: The value for a name in both: given the current value and
    ///     the new one.
    public mutating func merge<S: Sequence>(
        _ other: S,
        uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue
    ) rethrows where S.Element == (key: String, value: JSONValue) {
        for (key, value) in other {
            if let index = index(forKey: key) {
                self[valueAt: index] = try combine(self[valueAt: index], value)
            } else {
                append(key, value)
            }
        }
    }

    /// This object merged with other members, as ``merge(_:uniquingKeysWith:)``
    /// merges them.
    ///
    /// - Parameters:
    ///   - other: The members to merge.
    ///   - combine: The value for a name in both.
    /// - Returns: The merged object.
    public func merging<S: Sequence>(
        _ other: S,
        uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue
    ) rethrows -> JSONObject where S.Element == (key: String, value: JSONValue) {
        var result = self
        try result.merge(other, uniquingKeysWith: combine)
        return result
    }
}
