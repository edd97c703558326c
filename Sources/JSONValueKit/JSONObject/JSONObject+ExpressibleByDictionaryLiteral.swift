extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object from a dictionary literal, in the literal's order.
    ///
    /// ```swift
    /// let members: JSONObject = ["name": "Ada", "tags": ["a", "b"]]
    /// members.keys   // ["name", "tags"]
    /// ```
    ///
    /// A name written twice keeps its first position and its last value,
    /// as in parsed text.
    ///
    /// - Parameter elements: The members, in order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(keys: elements.map { $0.0 }, values: elements.map { $0.1 })
    }
}
