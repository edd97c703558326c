/// Facts about types, memoized for one decode or encode.
///
/// Asking the runtime whether a type conforms to a protocol (`T.self is any
/// P.Type`) is a lookup in its conformance cache each time, and profiles of
/// decoding citm_catalog.json showed those lookups at 4% of strict and
/// tolerant decoding. A model has few types, so a short list compared by
/// identity answers in a few comparisons; past 16 types a dictionary takes
/// over.
struct _TypeMemo<Value> {
    private var types: [ObjectIdentifier] = []
    private var values: [Value] = []
    private var overflow: [ObjectIdentifier: Value] = [:]

    /// The value for `type`, computed by `compute` the first time.
    @inline(__always)
    mutating func value(for type: Any.Type, _ compute: () -> Value) -> Value {
        let id = ObjectIdentifier(type)
        for index in types.indices where types[index] == id {
            return values[index]
        }
        return add(id, compute)
    }

    private mutating func add(_ id: ObjectIdentifier, _ compute: () -> Value) -> Value {
        if let value = overflow[id] { return value }
        let value = compute()
        if types.count < 16 {
            types.append(id)
            values.append(value)
        } else {
            overflow[id] = value
        }
        return value
    }
}
