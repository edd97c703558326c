/// What a type's `init(from:)` reads, as ``_SchemaProbe`` recorded it: the
/// one record from which both a schema (``_SchemaWriter``) and the JSON
/// location of a model's key paths (``_KeyPathLocations``) are made.
///
/// A shape describes one JSON value. Composite types that the probe records
/// on their own appear as ``type(_:)``, by identity, so that a type that
/// contains itself is a finite graph; ``_SchemaProbe/records`` holds their
/// shapes.
indirect enum _Shape: Equatable {
    /// Any JSON value: `JSONValue`, or a value whose decoding accepts
    /// anything.
    case any
    /// JSON's `null` only.
    case null
    case boolean
    /// An integer, with the bounds of its Swift type when they are narrower
    /// than 64 bits (and `0` for unsigned types).
    case integer(minimum: Int64?, maximum: Int64?)
    /// Any number; `nonConforming` are the strings that
    /// `NonConformingFloatDecodingStrategy.convertFromString` reads as
    /// infinities and NaN.
    case number(nonConforming: [String])
    case string(_StringForm)
    /// One of the raw values of an enumeration, in the order of its cases.
    case enumeration([JSONValue])
    /// A keyed container: an object.
    case object(_ObjectShape)
    /// An unkeyed container: an array.
    case array(_ArrayShape)
    /// Any of the alternatives (at least two, none of them `anyOf`).
    case anyOf([_Shape])
    /// A type recorded on its own.
    case type(ObjectIdentifier)
    /// A schema given whole, by ``JSONSchemaCustomizing/jsonSchema``.
    case schema(JSONValue)

    /// The shape that also accepts `null`.
    var nullable: _Shape { _Shape.union([self, .null]) }

    /// Whether `null` is among the values of this shape itself (not of a
    /// type it refers to).
    var acceptsNull: Bool {
        switch self {
        case .any, .null: return true
        case .anyOf(let shapes): return shapes.contains { $0.acceptsNull }
        default: return false
        }
    }

    /// This shape without `null`, or `nil` if it is only `null`.
    var withoutNull: _Shape? {
        switch self {
        case .null: return nil
        case .anyOf(let shapes):
            let rest = shapes.filter { $0 != .null }
            return rest.count == 1 ? rest[0] : .anyOf(rest)
        default: return self
        }
    }

    /// The union of `shapes`: flattened, without repeats, `any` absorbing
    /// everything, in the order first seen.
    static func union(_ shapes: [_Shape]) -> _Shape {
        var result: [_Shape] = []
        func add(_ shape: _Shape) {
            switch shape {
            case .anyOf(let inner): inner.forEach(add)
            default: if !result.contains(shape) { result.append(shape) }
            }
        }
        shapes.forEach(add)
        if result.contains(.any) { return .any }
        // Two enumerations of one kind are one enumeration.
        return result.count == 1 ? result[0] : .anyOf(result)
    }
}

/// The strings a string shape holds.
struct _StringForm: Equatable {
    /// The `format` annotation (`date-time`, `uuid`, `uri`), if any.
    var format: String?
    /// A pattern that decoding enforces (UUIDs).
    var pattern: String?
    /// The `contentEncoding` annotation (`base64` for `Data`).
    var contentEncoding: String?

    static let plain = _StringForm()
}

/// A keyed container: its properties in the order the type asked for them.
struct _ObjectShape: Equatable {
    var properties: [_Property] = []
    /// The values of members under names the type does not know in advance
    /// (`[String: T]`, keys read through `allKeys`); `nil` when other
    /// members are ignored.
    var additional: _Slot?
    /// What the names of those members must be (`Int` keys, enum keys).
    var propertyNames: _Shape?
}

/// A member of an object.
struct _Property: Equatable {
    /// The coding key's `stringValue`.
    var key: String
    /// Where the member is, relative to the object: one token (its name, the
    /// key strategy applied) for most keys, more for a ``MappedCodingKey``
    /// path into nested objects.
    var path: [String]
    /// Further paths a ``MappedCodingKey`` is read from, in order, when the
    /// first is absent.
    var alternativePaths: [[String]] = []
    /// Whether decoding fails without it.
    var isRequired: Bool
    var slot: _Slot

    /// The member name, for a property whose path is one token.
    var name: String { path.count == 1 ? path[0] : path.joined(separator: "/") }
}

/// An unkeyed container.
struct _ArrayShape: Equatable {
    /// Elements at fixed positions, decoded one by one before any loop.
    var prefix: [_Slot] = []
    /// The elements after them, decoded in a loop; `nil` when the type
    /// ignores them.
    var items: _Slot?
    /// How many elements decoding needs at least.
    var minimumCount: Int = 0
}

/// A place where a value of a Swift type is decoded: its shape, and the type,
/// which ``_KeyPathLocations`` compares with a key path's value type.
struct _Slot: Equatable {
    var shape: _Shape
    /// The Swift type decoded there, if it is known (`nil` for alternatives
    /// of a value that decodes in more than one way).
    var swiftType: Any.Type?

    init(_ shape: _Shape, _ swiftType: Any.Type?) {
        self.shape = shape
        self.swiftType = swiftType
    }

    static func == (a: _Slot, b: _Slot) -> Bool {
        a.shape == b.shape && a.swiftType.map(ObjectIdentifier.init) == b.swiftType.map(ObjectIdentifier.init)
    }
}
