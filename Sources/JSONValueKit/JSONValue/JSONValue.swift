/// A JSON value: null, a Boolean, a number, a string, an array, or an object.
///
/// Use `JSONValue` wherever a model has a field whose shape is open-ended,
/// such as an `ext` dictionary that clients fill with whatever they like.
/// `[String: Any]` cannot be `Codable`; `JSONValue` can, with any encoder or
/// decoder:
///
/// ```swift
/// struct Payload: Codable {
///     let id: Int
///     let ext: JSONValue
/// }
///
/// let payload = try JSONDecoder().decode(Payload.self, from: data)
/// payload.ext["intExt"]              // .int(456)
/// payload.ext.stringExt?.stringValue // "扩展"
/// ```
///
/// ### Creating Values
///
/// Every JSON literal form works, and integer literals stay integers:
///
/// ```swift
/// let user: JSONValue = ["name": "Ada", "tags": ["admin", 1, true, nil], "score": 2.5]
/// ```
///
/// ### Reading Values
///
/// Subscripts and dynamic members return `nil` instead of trapping, so they
/// chain with `?`:
///
/// ```swift
/// user["name"]        // .string("Ada")
/// user.tags?[1]       // .int(1)
/// user["missing"]     // nil
/// user.tags?[99]      // nil
/// ```
///
/// The typed accessors ``stringValue``, ``intValue``, ``doubleValue``,
/// ``boolValue``, ``arrayValue`` and ``objectValue`` unwrap one case each and
/// never coerce between Booleans, numbers and strings.
///
/// ### Changing Values
///
/// The same subscripts are settable, also through optional chaining:
///
/// ```swift
/// var value: JSONValue = ["a": ["b": 1], "list": [1, 2]]
/// value["a"]?["b"] = 2      // replace a nested member
/// value.list?[0] = 9        // replace an array element
/// value["a"] = nil          // remove a member
/// ```
///
/// ### Equality
///
/// Numbers compare by their exact mathematical value, whichever case holds
/// them: `.int(1) == .double(1.0)`, while `.int(Int.max) != .double(0x1p63)`
/// because the two differ by one. A Boolean never equals a number, and objects
/// compare regardless of key order. Hashing agrees with equality.
///
/// ### Codable
///
/// `JSONValue` conforms to `Codable` through single-value containers only, so
/// it works with every encoder and decoder, including those without nested
/// containers. A JSON `true` decodes to ``bool(_:)`` and `1` to ``int(_:)``,
/// never the other way round. See ``init(from:)`` for the details.
///
/// ### Bridging `Any`
///
/// ``init(any:allowsInexactNumbers:)`` accepts what `JSONSerialization` returns and what Swift code
/// builds, without confusing `NSNumber` Booleans with integers; ``anyValue``
/// goes back.
@dynamicMemberLookup
public enum JSONValue: Sendable {
    /// A JSON object: its members, in order, with names compared by their
    /// Unicode scalars (see ``JSONObject``).
    ///
    /// A name appears once. Where text repeats one, the last value counts at
    /// the first name's position with ``init(parsing:options:)-(String,_)``;
    /// through `JSONDecoder`, which reads the text itself, Foundation keeps
    /// the first value.
    case object(JSONObject)

    /// A JSON array: an ordered list of values.
    case array([JSONValue])

    /// A JSON string.
    case string(String)

    /// A JSON number written without a fraction or exponent that fits in `Int`.
    ///
    /// Where `Int` has 32 bits (watchOS on arm64_32 and armv7k), an integer
    /// beyond ±2³¹ is a ``double(_:)``, exact up to 2⁵³, as any integer
    /// beyond `Int` is.
    case int(Int)

    /// A JSON number with a fraction or exponent, or an integer beyond the
    /// range of `Int`.
    case double(Double)

    /// A JSON Boolean, `true` or `false`.
    case bool(Bool)

    /// The JSON `null` value.
    case null
}

extension JSONValue {
    /// Whether the value is an array or an object. (Freeing a tree, JSONPath
    /// and schema equality ask.)
    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
