extension JSONValue {
    /// Accesses the member with the given key of an object.
    ///
    /// Reading returns `nil` when this value is not an ``object(_:)`` or has no
    /// such member; it never traps:
    ///
    /// ```swift
    /// let user: JSONValue = ["name": "Ada", "address": ["city": "London"]]
    /// user["name"]                // .string("Ada")
    /// user["address"]?["city"]    // .string("London")
    /// user["missing"]             // nil
    /// JSONValue.int(1)["name"]    // nil
    /// ```
    ///
    /// Writing to an object inserts or replaces the member, and writing `nil`
    /// removes it. Writes chain through optional chaining:
    ///
    /// ```swift
    /// var user: JSONValue = ["address": ["city": "London"]]
    /// user["address"]?["city"] = "Paris"
    /// user["nickname"] = "ada"
    /// user["address"] = nil
    /// ```
    ///
    /// Writing to ``null`` makes an object with that member, because `null`
    /// holds nothing a write could lose. Writing to any other value that is
    /// not an object does nothing: a write never silently discards a string,
    /// a number or an array. <doc:GettingStarted#Editing-values> has the
    /// rules for every write in one table.
    ///
    /// ```swift
    /// var ext: JSONValue = nil        // "ext": null in the payload
    /// ext["flag"] = true              // ["flag": true]
    /// ```
    ///
    /// - Parameter key: The member's key.
    /// - Complexity: Reading is O(1) on average. Writing is O(1) on average
    ///   when the object's storage is not shared, O(*n*) when it must be copied.
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members[key]
        }
        set {
            guard case .object(var members) = self else {
                // Only null becomes an object: it holds nothing to lose.
                if isNull, let newValue { self = .object([key: newValue]) }
                return
            }
            self = .null  // Releases the storage so that `members` is uniquely referenced.
            members[key] = newValue
            self = .object(members)
        }
    }

    /// Accesses the element at the given position of an array.
    ///
    /// Reading returns `nil` when this value is not an ``array(_:)`` or the
    /// index is negative or out of range; it never traps:
    ///
    /// ```swift
    /// let list: JSONValue = [10, 20]
    /// list[1]     // .int(20)
    /// list[2]     // nil
    /// list[-1]    // nil
    /// ```
    ///
    /// Writing a value to an index in range replaces the element, and writing
    /// `nil` removes it, shifting the elements after it (as `nil` removes an
    /// object's member). Writing to an index out of range, or to a value that
    /// is not an array, does nothing: arrays never grow through this subscript
    /// (``append(_:)`` and ``insert(_:at:)`` do that) and nothing traps.
    ///
    /// ```swift
    /// var value: JSONValue = ["list": [1, 2, 3]]
    /// value["list"]?[0] = 9       // [9, 2, 3]
    /// value["list"]?[2] = nil     // [9, 2]
    /// value["list"]?[5] = 1       // unchanged
    /// ```
    ///
    /// - Parameter index: The element's position.
    public subscript(index: Int) -> JSONValue? {
        get {
            guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
            return elements[index]
        }
        set {
            guard case .array(var elements) = self, elements.indices.contains(index) else { return }
            self = .null  // Releases the storage so that `elements` is uniquely referenced.
            if let newValue {
                elements[index] = newValue
            } else {
                elements.remove(at: index)
            }
            self = .array(elements)
        }
    }

    /// Accesses an object's member by name, as ``subscript(_:)-(String)`` does.
    ///
    /// ```swift
    /// var payload: JSONValue = ["ext": ["intExt": 456]]
    /// payload.ext?.intExt          // .int(456)
    /// payload.ext?.intExt = 457
    /// ```
    ///
    /// Declared properties such as ``description`` or ``isNull`` take
    /// precedence over members of the same name; use the string subscript to
    /// reach those.
    ///
    /// - Parameter key: The member's key.
    public subscript(dynamicMember key: String) -> JSONValue? {
        get { self[key] }
        set { self[key] = newValue }
    }
}
