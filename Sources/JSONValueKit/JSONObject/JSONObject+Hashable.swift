extension JSONObject: Hashable {
    /// Returns whether two objects have the same names, compared by Unicode
    /// scalars, with equal values, in any order.
    ///
    /// ```swift
    /// let a: JSONObject = ["x": 1, "y": 2]
    /// let b: JSONObject = ["y": 2, "x": 1.0]
    /// a == b                                 // true
    /// a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }   // false: the order differs
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: An object.
    ///   - rhs: Another object.
    /// - Returns: `true` if the objects are equal as JSON.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        JSONValue.object(lhs) == JSONValue.object(rhs)
    }

    /// Hashes the members independently of their order, consistently with
    /// ``==(_:_:)``.
    ///
    /// - Parameter hasher: The hasher to use.
    public func hash(into hasher: inout Hasher) {
        JSONValue.object(self).hash(into: &hasher)
    }
}
