/// A coding key whose value may be found somewhere other than under the
/// key's own name: under older names, or inside nested objects.
///
/// Conform a model's `CodingKeys` to it and say, for each key, where its
/// value may be, as JSON Pointers relative to the object being decoded.
/// ``JSONValueDecoder`` tries them in order and takes the first that is
/// present; ``JSONValueEncoder`` writes each property to the first, creating
/// the objects on the way, so that what it writes decodes again.
///
/// ```swift
/// struct Item: Codable {
///     let count: Int
///     let title: String
///
///     enum CodingKeys: String, MappedCodingKey {
///         case count, title
///
///         var paths: [JSONPointer] {
///             switch self {
///             case .count: ["/count", "/n"]        // renamed; old payloads say "n"
///             case .title: ["/details/title"]      // nested in the payload
///             }
///         }
///     }
/// }
///
/// // {"n": 3, "details": {"title": "Tea"}}  decodes to  Item(count: 3, title: "Tea")
/// // and Item(count: 3, title: "Tea") encodes to  {"count": 3, "details": {"title": "Tea"}}
/// ```
///
/// Synthesized `Codable` conformances keep working, `let` properties
/// included: the mapping lives in the keys, not in the model's code. A key
/// that does not implement ``paths`` has the default, its own name.
///
/// The rules:
///
/// - A path that is the key's own name (one token, equal to the key's
///   `stringValue`) goes through `keyDecodingStrategy` and
///   `keyEncodingStrategy` like any key. Every other pointer is taken
///   literally: its tokens are the member names as they appear in the JSON.
/// - A member whose value is `null` is present: it is found, and decodes as
///   `nil` into an optional.
/// - The root pointer (`""`) is skipped; a key whose paths are all root is
///   written under its own name.
/// - Decoding errors and ``JSONValueDecoder/Deviation``s name the key, not
///   the pointer, in their coding paths. When
///   ``JSONValueDecoder/decode(_:from:deviations:)-(_,JSONValue,_)`` collects
///   deviations, a value read from any path other than the first is reported
///   with ``JSONValueDecoder/Deviation/Action/readFromAlternativePath(_:)``, so
///   that you can tell when old payloads stop arriving.
/// - When encoding, a path may cross only objects: a member in the way that
///   is not an object is replaced, as a later property replaces an earlier
///   one of the same name.
/// - ``JSONValue/init(unknownKeysFrom:knownKeys:)`` counts the first member of
///   every path as known, which is why the protocol refines `CaseIterable`
///   (for an enum of keys, Swift provides `allCases`).
///
/// Only ``JSONValueDecoder`` and ``JSONValueEncoder`` read the paths.
/// `JSONDecoder`, `JSONEncoder` and other coders see the keys' own names.
public protocol MappedCodingKey: CodingKey, CaseIterable {
    /// Where the key's value may be found, relative to the object being
    /// decoded, in the order to try them; the first is where it is written.
    ///
    /// The default is the key's own name.
    var paths: [JSONPointer] { get }
}

extension MappedCodingKey {
    /// The key's own name, as a pointer with one token.
    public var paths: [JSONPointer] { [JSONPointer(tokens: [stringValue])] }

    /// Every key of the type, for code that only has the type as an
    /// existential.
    static var _allKeys: [any MappedCodingKey] { allCases.map { $0 } }
}

extension JSONPointer {
    /// Whether this pointer is `key`'s own name, which the key strategies
    /// apply to, rather than a literal path.
    func _isOwnName(of key: some CodingKey) -> Bool {
        tokens.count == 1 && tokens[0] == key.stringValue
    }
}

/// The first member names of the literal paths of `Keys`, if its keys are
/// mapped; empty otherwise.
func _firstTokensOfMappedPaths<Keys: CodingKey>(_ keys: Keys.Type) -> Set<String> {
    guard let mapped = Keys.self as? any MappedCodingKey.Type else { return [] }
    var tokens: Set<String> = []
    for key in mapped._allKeys {
        for path in key.paths where !path._isOwnName(of: key) {
            if let first = path.tokens.first { tokens.insert(first) }
        }
    }
    return tokens
}
