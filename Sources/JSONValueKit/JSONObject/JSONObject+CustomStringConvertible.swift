extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text, its members in their order, as
    /// ``JSONValue/description`` writes it.
    ///
    /// ```swift
    /// let members: JSONObject = ["b": 1, "a": "x"]
    /// print(members)   // {"b":1,"a":"x"}
    /// ```
    ///
    /// Equal objects whose members come in different orders print
    /// differently, since `==` ignores the order and `description` shows it.
    public var description: String {
        JSONValue.object(self).description
    }
}
