extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text, its members in their order, as
    /// ``JSONValue/description`` writes it.
    ///
    /// ```swift
    /// let members: JSONObject = ["b": 1, "a": "x"]
    /// print(members)   // {"b":1,"a":"x"}
    /// ```
    public var description: String {
        JSONValue.object(self).description
    }
}
