#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Records the shapes of a type and of the types it contains, by running
/// their `init(from:)` against ``_RecordingDecoder``.
///
/// One probe serves one generation: it holds a record per composite type,
/// each type's shape recorded once, with a sample value that later runs hand
/// out where that type is decoded. A type's runs are described in
/// ``_ProbeRun``; ``record(_:)`` explains the order.
final class _SchemaProbe {
    let options: _GenerationOptions
    /// The records, by type.
    private(set) var records: [ObjectIdentifier: _TypeRecord] = [:]
    /// The types in the order they were first met: the order of `$defs`
    /// and of tie-breaks between names.
    private(set) var order: [ObjectIdentifier] = []
    /// The types being recorded, innermost last.
    private var stack: [ObjectIdentifier] = []
    /// Types whose recording waits for a type on the stack to have a sample.
    private var waiting: [ObjectIdentifier: [() throws -> Void]] = [:]
    /// What the probe knows about each type met, by type.
    private var kinds: [ObjectIdentifier: _TypeKind] = [:]
    /// The kinds of the types asked for lately, a few of them (see
    /// ``recentSlot(_:)``): a type's kind is asked at every decode of every
    /// run, and most types decode only a handful of member types, which
    /// this finds without hashing.
    private var recentKinds: [(id: ObjectIdentifier, kind: _TypeKind)?] = Array(repeating: nil, count: 16)
    /// The names of the types that errors have named, by type.
    private var names: [ObjectIdentifier: String] = [:]
    /// The descriptions of the coding keys that errors have named.
    private var keyDescriptions: [_KeyIdentity: String] = [:]
    /// The first problem found that is not an error of a run (a key the key
    /// strategy cannot reach), thrown once recording ends.
    var problem: JSONSchemaGenerationError?

    /// The name under which a keyed container's `allKeys` offers a key that
    /// takes any name, so that a dictionary-like type shows its values.
    static let dynamicName = "\u{1}jsonvaluekit-any-name"

    /// How many runs a type's recording may take before it is refused as
    /// having too many branches.
    static let runBudget = 4096

    init(options: _GenerationOptions) {
        self.options = options
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    // MARK: Values and slots

    /// A placeholder value of `T` from set `set`, and `T`'s slot. The slot
    /// comes first: making it records the types `T` holds, before a sample
    /// of them is asked for.
    func value<T: Decodable>(_ type: T.Type, set: Int) throws -> (T, _Slot) {
        let slot = try slot(of: T.self)
        return (try answer(T.self, set: set), slot)
    }

    /// A placeholder value of `T` from set `set`, without `T`'s slot: alone,
    /// for the replays that only find out whether a flip is caught, which
    /// record nothing and pass many more points than the recording runs.
    /// (`nil` first for optionals; the variant run gives a value where one
    /// is at hand.)
    func answer<T: Decodable>(_ type: T.Type, set: Int) throws -> T {
        switch kind(of: T.self) {
        case .leaf(_, let placeholders), .enumeration(_, let placeholders):
            return placeholders[set] as! T
        case .optional(let optional):
            if set == 1, let sample = sampleIfAvailable(optional.wrappedType) {
                return optional.wrapping(sample) as! T
            }
            return optional.absent as! T
        case .sequence(let sequence):
            if set == 1, let sample = sampleIfAvailable(sequence.elementType) {
                return sequence.make([sample]) as! T
            }
            return sequence.make([]) as! T
        case .dictionary(let dictionary, _):
            return dictionary.make([]) as! T
        case .composite:
            let record = try self.record(T.self)
            guard let sample = record.sample else {
                throw _RecursionStop(type: record.waitsFor ?? ObjectIdentifier(T.self))
            }
            return sample as! T
        }
    }

    /// What `decodeIfPresent` returns for `T`, as ``optionalValue(_:set:)``
    /// gives it, without `T`'s slot (see ``answer(_:set:)``).
    func optionalAnswer<T: Decodable>(_ type: T.Type, set: Int) -> T? {
        if set == 1, let sample = sampleIfAvailable(T.self) { return sample as? T }
        return nil
    }

    /// The name of a type, as `"\(type)"` writes it, made once per type: the
    /// errors of flips name the type, once in every run, and so do the
    /// signatures of choice points. (`_typeName` is what printing a type
    /// comes to, without first asking whether the type conforms to the
    /// protocols of printing, which costs more than all the runs of a small
    /// type the first time.)
    func name(of type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let known = names[id] { return known }
        let name = _typeName(type, qualified: false)
        names[id] = name
        return name
    }

    /// How `"\(key)"` writes a coding key, made once per key: the errors of
    /// flips that say a member is missing name the key, once in every run.
    func description(of key: any CodingKey) -> String {
        let id = _KeyIdentity(type: ObjectIdentifier(Swift.type(of: key)), string: key.stringValue, int: key.intValue)
        if let known = keyDescriptions[id] { return known }
        let description = "\(key)"
        keyDescriptions[id] = description
        return description
    }

    /// What `decodeIfPresent` returns for `T`: `nil` in the first run, a
    /// value in the variant run where one is at hand; and `T`'s slot, which
    /// `decodeIfPresent`'s caller makes optional.
    func optionalValue<T: Decodable>(_ type: T.Type, set: Int) throws -> (T?, _Slot) {
        let slot = try self.slot(T.self)
        return (optionalAnswer(T.self, set: set), slot)
    }

    /// The slot of a type, recorded if need be, without a value.
    func slot(_ type: any Decodable.Type) throws -> _Slot {
        func open<T: Decodable>(_ type: T.Type) throws -> _Slot { try slot(of: T.self) }
        return try open(type)
    }

    private func slot<T: Decodable>(of type: T.Type) throws -> _Slot {
        switch kind(of: T.self) {
        case .leaf(let shape, _):
            return _Slot(shape, T.self)
        case .enumeration(let shape, let placeholders):
            return enumerationSlot(T.self, shape, placeholders)
        case .optional(let optional):
            return _Slot(try slot(optional.wrappedType).shape.nullable, T.self)
        case .sequence(let sequence):
            return _Slot(.array(_ArrayShape(items: try slot(sequence.elementType))), T.self)
        case .dictionary(_, let shape):
            return _Slot(shape, T.self)
        case .composite:
            _ = try record(T.self)
            return _Slot(.type(ObjectIdentifier(T.self)), T.self)
        }
    }

    /// The slot of an enumeration: a type of its own when it lists its
    /// cases, so that one used twice is defined once.
    private func enumerationSlot<T>(_ type: T.Type, _ shape: _Shape, _ placeholders: [Any]) -> _Slot {
        guard case .enumeration = shape else { return _Slot(shape, T.self) }
        let id = ObjectIdentifier(T.self)
        if records[id] == nil {
            let record = _TypeRecord(type: T.self, path: currentPath)
            record.shape = shape
            record.sample = placeholders[0]
            records[id] = record
            order.append(id)
        }
        return _Slot(.type(id), T.self)
    }

    /// A sample of `type` if one exists without recording anything new
    /// that would need a type on the stack.
    private func sampleIfAvailable(_ type: any Decodable.Type) -> Any? {
        func open<T: Decodable>(_ type: T.Type) -> Any? { try? value(T.self, set: 1).0 }
        return open(type)
    }

    // MARK: Kinds

    /// How the probe reads a type.
    enum _TypeKind {
        /// A scalar or a type whose shape the decoder's strategies decide;
        /// the placeholders of sets 0, 1 and 2.
        case leaf(_Shape, [Any])
        /// An enumeration read from its raw value.
        case enumeration(_Shape, [Any])
        case optional(any _ProbeOptional.Type)
        case sequence(any _ProbeSequence.Type)
        case dictionary(any _ProbeDictionary.Type, _Shape)
        /// A type that decodes itself, recorded on its own.
        case composite
    }

    func kind<T: Decodable>(of type: T.Type) -> _TypeKind {
        let id = ObjectIdentifier(T.self)
        let slot = Self.recentSlot(id)
        if let recent = recentKinds[slot], recent.id == id { return recent.kind }
        let kind: _TypeKind
        if let known = kinds[id] {
            kind = known
        } else {
            kind = classify(T.self)
            kinds[id] = kind
        }
        recentKinds[slot] = (id, kind)
        return kind
    }

    /// The shape and placeholders of `T` if it is a type already met that
    /// ``kind(of:)`` calls a leaf; `nil` for a type not met yet or not a
    /// leaf. Asked before anything is recorded, so that a scalar's decode
    /// need not say where it is (see ``site``).
    func knownLeaf<T>(_ type: T.Type) -> (shape: _Shape, placeholders: [Any])? {
        let id = ObjectIdentifier(T.self)
        if let recent = recentKinds[Self.recentSlot(id)], recent.id == id,
            case .leaf(let shape, let placeholders) = recent.kind
        {
            return (shape, placeholders)
        }
        return nil
    }

    /// Where a type's kind is kept in ``recentKinds``: bits of its address,
    /// above those that alignment keeps zero.
    private static func recentSlot(_ id: ObjectIdentifier) -> Int {
        let bits = UInt(bitPattern: id)
        return Int(truncatingIfNeeded: (bits >> 4 ^ bits >> 9) & 15)
    }

    private func classify<T: Decodable>(_ type: T.Type) -> _TypeKind {
        if let leaf = leafKind(T.self) { return leaf }
        let isContainer = T.self is any _ProbeContainer.Type
        if isContainer, let optional = T.self as? any _ProbeOptional.Type { return .optional(optional) }
        #if JSONSchema
        if T.self is any JSONSchemaCustomizing.Type { return .composite }
        #endif
        if isContainer, let sequence = T.self as? any _ProbeSequence.Type { return .sequence(sequence) }
        if isContainer, let dictionary = T.self as? any _ProbeDictionary.Type {
            return .dictionary(dictionary, dictionaryShape(dictionary))
        }
        if let enumeration = enumerationKind(T.self) { return enumeration }
        return .composite
    }

    private func leafKind(_ type: Any.Type) -> _TypeKind? {
        func integer<I: FixedWidthInteger>(_ type: I.Type) -> _TypeKind {
            // Bounds of types narrower than 32 bits fit every platform's Int
            // and are written the same everywhere; wider ones are only known
            // to be unsigned.
            let minimum: Int64? = I.isSigned ? (I.bitWidth <= 32 ? Int64(I.min) : nil) : 0
            let maximum: Int64? = I.bitWidth < 32 || (I.isSigned && I.bitWidth == 32) ? Int64(I.max) : nil
            return .leaf(.integer(minimum: minimum, maximum: maximum), [I(0), I(1), I(2)])
        }
        switch type {
        case is String.Type: return .leaf(.string(.plain), ["", "a", "1"])
        case is Bool.Type: return .leaf(.boolean, [false, true, true])
        case is Int.Type: return integer(Int.self)
        case is Int8.Type: return integer(Int8.self)
        case is Int16.Type: return integer(Int16.self)
        case is Int32.Type: return integer(Int32.self)
        case is Int64.Type: return integer(Int64.self)
        case is UInt.Type: return integer(UInt.self)
        case is UInt8.Type: return integer(UInt8.self)
        case is UInt16.Type: return integer(UInt16.self)
        case is UInt32.Type: return integer(UInt32.self)
        case is UInt64.Type: return integer(UInt64.self)
        case is Double.Type:
            return .leaf(.number(nonConforming: nonConformingStrings), [Double(0), Double(1.5), Double(2)])
        case is Float.Type:
            return .leaf(.number(nonConforming: nonConformingStrings), [Float(0), Float(1.5), Float(2)])
        case is Decimal.Type:
            return .leaf(.number(nonConforming: []), [Decimal(0), Decimal(1), Decimal(2)])
        case is JSONValue.Type:
            return .leaf(.any, [JSONValue.null, JSONValue.string("a"), JSONValue.int(1)])
        case is JSONObject.Type:
            return .leaf(
                .object(_ObjectShape(additional: _Slot(.any, JSONValue.self))),
                [
                    JSONObject(), ["a": 1] as JSONObject, JSONObject(),
                ])
        case is Date.Type:
            return .leaf(
                dateShape,
                [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1e9), Date(timeIntervalSince1970: 1.5e9)])
        case is Data.Type:
            return .leaf(dataShape, [Data(), Data([1]), Data([2])])
        case is URL.Type:
            return .leaf(
                .string(_StringForm(format: "uri")),
                [
                    URL(string: "https://example.com/")!, URL(string: "https://example.com/a")!,
                    URL(string: "https://example.com/b")!,
                ])
        case is UUID.Type:
            return .leaf(
                .string(_StringForm(format: "uuid", pattern: Self.uuidPattern)),
                [
                    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                    UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)),
                    UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 2)),
                ])
        default:
            return nil
        }
    }

    /// What `UUID(uuidString:)` reads: five groups of hexadecimal digits.
    static let uuidPattern = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"

    /// The strings that stand for infinities and NaN, if the strategy
    /// reads any.
    private var nonConformingStrings: [String] {
        guard case .convertFromString(let positive, let negative, let nan) = options.floatStrategy else { return [] }
        return [positive, negative, nan]
    }

    /// The shape of dates, as the date strategy reads them.
    private lazy var dateShape: _Shape = {
        switch options.dateStrategy {
        case .deferredToDate, .secondsSince1970, .millisecondsSince1970:
            return .number(nonConforming: [])
        case .iso8601:
            return .string(_StringForm(format: "date-time"))
        case .custom(let decode):
            return customShape("Date", decode)
        #if canImport(Darwin)
        case .formatted:
            return .string(.plain)
        #endif
        @unknown default:
            return .any
        }
    }()

    /// The shape of `Data`, as the data strategy reads it.
    private lazy var dataShape: _Shape = {
        switch options.dataStrategy {
        case .deferredToData:
            return .array(_ArrayShape(items: _Slot(.integer(minimum: 0, maximum: 255), UInt8.self)))
        case .base64:
            return .string(_StringForm(contentEncoding: "base64"))
        case .custom(let decode):
            return customShape("Data", decode)
        @unknown default:
            return .any
        }
    }()

    /// The shape a `.custom` strategy's closure reads. A closure that throws
    /// on every placeholder (a date format it parses) but asked for one
    /// scalar first reads that scalar's type: its shape without the format,
    /// which accepts at least what the closure accepts.
    private func customShape<Value>(_ name: String, _ decode: @escaping (any Decoder) throws -> Value) -> _Shape {
        var options = self.options
        options.decoder.userInfo[Self.customKey] = _CustomBox(decode)
        let probe = _SchemaProbe(options: options)
        probe.tracksFirstScalar = true
        do {
            let record = try probe.record(_CustomStrategyProbe.self)
            return probe.inlined(record.shape)
        } catch {
            if let first = probe.firstScalarAsked { return first }
            problem =
                problem
                ?? JSONSchemaGenerationError(
                    .unsupportedStrategy, type: name,
                    message:
                        "the .custom \(name == "Date" ? "date" : "data") decoding strategy throws for every placeholder value, so what it reads cannot be seen",
                    recoverySuggestion:
                        "Use a strategy that names the form (.iso8601, .secondsSince1970, .base64), or decode the property as a type that conforms to JSONSchemaCustomizing and gives its schema."
                )
            return .any
        }
    }

    static let customKey = CodingUserInfoKey(rawValue: "org.jsonvaluekit.schema-probe.custom")!

    /// Whether the single value containers note ``firstScalarAsked``.
    var tracksFirstScalar = false

    /// The first scalar a custom strategy's closure asked for.
    var firstScalarAsked: _Shape?

    /// `shape`, with the top-level type references of this probe replaced
    /// by their shapes (for the shapes of custom strategies, which have no
    /// types of their own to refer to).
    func inlined(_ shape: _Shape) -> _Shape {
        if case .type(let id) = shape, let record = records[id] { return record.shape }
        return shape
    }

    /// The shape of a dictionary: an object when the key type is `String`,
    /// `Int` or coding-key-representable (as the standard library's
    /// `Dictionary.init(from:)` reads it), otherwise an array of keys and
    /// values in turn.
    private func dictionaryShape(_ dictionary: any _ProbeDictionary.Type) -> _Shape {
        let valueSlot: _Slot
        do { valueSlot = try slot(dictionary.valueType) } catch {
            problem = problem ?? (error as? JSONSchemaGenerationError)
            valueSlot = _Slot(.any, nil)
        }
        let keyType = dictionary.keyType
        if keyType == String.self {
            return .object(_ObjectShape(additional: valueSlot))
        }
        if keyType == Int.self {
            return .object(
                _ObjectShape(additional: valueSlot, propertyNames: .string(_StringForm(pattern: "^[+-]?[0-9]+$"))))
        }
        if #available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *), keyType is any CodingKeyRepresentable.Type {
            var names: _Shape = .string(.plain)
            if let caseIterable = keyType as? any CaseIterable.Type {
                let values = _allCases(of: caseIterable).compactMap { ($0 as? any CodingKeyRepresentable)?.codingKey }
                names = .enumeration(values.map { .string($0.stringValue) })
            }
            return .object(_ObjectShape(additional: valueSlot, propertyNames: names))
        }
        // [key, value, key, value, …]
        let keySlot: _Slot
        do { keySlot = try slot(keyType) } catch { keySlot = _Slot(.any, nil) }
        return .array(_ArrayShape(items: _Slot(.union([keySlot.shape, valueSlot.shape]), nil)))
    }

    /// An enumeration decoded from its raw value, if `T` is one whose cases
    /// can be listed.
    ///
    /// `T` must be `CaseIterable` and `RawRepresentable` with a scalar raw
    /// value, and its `init(from:)` must read one scalar and accept the raw
    /// value of every case. If it also accepts a raw value that is no
    /// case's (an `unknown` fallback), its shape is the raw value's type.
    private func enumerationKind<T: Decodable>(_ type: T.Type) -> _TypeKind? {
        let cases: [Any]
        if let caseIterable = T.self as? any CaseIterable.Type {
            cases = _allCases(of: caseIterable)
        } else if options.listsCasesByLayout, T.self is any RawRepresentable.Type,
            let found = _casesByLayout(of: T.self)
        {
            cases = found
        } else {
            return nil
        }
        let rawValues = cases.compactMap(_jsonRawValue(of:))
        guard !cases.isEmpty, rawValues.count == cases.count else { return nil }
        for raw in rawValues {
            do { _ = try T(from: _RawValueDecoder(value: raw)) } catch { return nil }
        }
        let outsider: JSONValue
        switch rawValues[0] {
        case .string: outsider = .string("\u{1}jsonvaluekit-not-a-case")
        case .bool: outsider = .string("")  // every Bool is a case; cannot happen with two cases listed
        default:
            let largest = rawValues.compactMap(\.doubleValue).max() ?? 0
            outsider = largest < 1e15 ? .int(Int(largest) + 7919) : .double(-largest - 7919)
        }
        let placeholders = [cases[0], cases[cases.count - 1], cases[1 % cases.count]]
        var outsiders = [outsider]
        if case .string = rawValues[0] {
            // Raw values read with their case ignored.
            for case .string(let raw) in rawValues {
                for variant in [raw.uppercased(), raw.lowercased()] where !rawValues.contains(.string(variant)) {
                    outsiders.append(.string(variant))
                }
            }
        }
        if outsiders.contains(where: { (try? T(from: _RawValueDecoder(value: $0))) != nil }) {
            // Open: any raw value decodes.
            switch rawValues[0] {
            case .string: return .enumeration(.string(.plain), placeholders)
            case .int: return .enumeration(.integer(minimum: nil, maximum: nil), placeholders)
            default: return .enumeration(.number(nonConforming: []), placeholders)
            }
        }
        return .enumeration(.enumeration(rawValues), placeholders)
    }

    // MARK: Recording

    /// The record of `T`, recorded now if it is new.
    ///
    /// A new type is recorded in this order:
    ///
    /// 1. Its whole schema, if it gives one (``JSONSchemaCustomizing``).
    /// 2. A first run with placeholder set 0 (empty strings, zeros, `false`,
    ///    the first case, absent optionals, empty collections); if the type
    ///    throws on those, sets 1 and 2. If it throws on all three, it is
    ///    refused.
    /// 3. A variant run with other placeholders: if it asks for anything
    ///    else, the type's `init(from:)` branches on the values it reads,
    ///    which the probe cannot follow, and it is refused.
    /// 4. One run per flip of each choice point of the first run (and of the
    ///    runs that succeed, for their new points), merged with it.
    @discardableResult
    func record<T: Decodable>(_ type: T.Type) throws -> _TypeRecord {
        let id = ObjectIdentifier(T.self)
        if let existing = records[id] { return existing }
        let record = _TypeRecord(type: T.self, path: currentPath)
        records[id] = record
        order.append(id)
        try explore(T.self, record)
        return record
    }

    /// Where the decode being answered is: the decoder and the key, for the
    /// paths of the types it meets. Not set for a scalar met before
    /// (``knownLeaf(_:)``), which meets no type; only recording a type reads
    /// it, and every decode that may record one sets it first.
    var site: (decoder: _RecordingDecoder, key: (any CodingKey)?)?

    /// The instance path of a type met now, for errors: the path of the
    /// type being recorded, and the decode's place in it.
    private var currentPath: [String] {
        var path = stack.last.flatMap { records[$0]?.path } ?? []
        if let site, site.decoder.run.probe === self {
            let keys = site.decoder.codingPath + (site.key.map { [$0] } ?? [])
            path += keys.map { key in key.intValue.map(String.init) ?? memberName(key.stringValue) }
        }
        return path
    }

    // Not specialized, nor is `exploreRuns`: each type is explored once per
    // probe, and a copy of both for each scalar type the recording decoder
    // met was 89 KB of code, with its debug information several times that,
    // in every program that links the library (see Benchmarks/BinarySize).
    @_semantics("optimize.sil.specialize.generic.never")
    private func explore<T: Decodable>(_ type: T.Type, _ record: _TypeRecord) throws {
        let id = ObjectIdentifier(T.self)
        record.waitsFor = nil
        stack.append(id)
        do {
            try exploreRuns(T.self, record)
            stack.removeLast()
        } catch let stop as _RecursionStop {
            stack.removeLast()
            guard stop.type != id, stack.contains(stop.type) else {
                throw JSONSchemaGenerationError(
                    .endlessRecursion, type: "\(T.self)", location: record.path,
                    message:
                        "\(T.self) contains itself through properties that must be present (no optional, array or dictionary in between), so no finite JSON value decodes as it",
                    recoverySuggestion:
                        "Make one of the properties on the way optional or an array, or conform \(T.self) to JSONSchemaCustomizing and give its schema."
                )
            }
            // Wait until the type on the stack has a sample, then try again.
            record.waitsFor = stop.type
            waiting[stop.type, default: []].append { [unowned self] in try self.explore(T.self, record) }
            return
        }
        // Types that waited for this one can be recorded now.
        if let resumed = waiting.removeValue(forKey: id) {
            for resume in resumed { try resume() }
        }
    }

    @_semantics("optimize.sil.specialize.generic.never")
    private func exploreRuns<T: Decodable>(_ type: T.Type, _ record: _TypeRecord) throws {
        #if JSONSchema
        if let customizing = T.self as? any JSONSchemaCustomizing.Type, let schema = customizing.jsonSchema {
            record.shape = .schema(schema)
            record.sample = givenSample(T.self, schema)
            return
        }
        #endif
        // The first run, with the first placeholder set that works.
        var main: (value: T, run: _ProbeRun, set: Int)?
        var firstError: (any Error)?
        var readsAllKeys = false
        for set in 0..<3 {
            let run = _ProbeRun(probe: self, placeholders: set, flips: [], records: true)
            do {
                main = (try run.decodeRoot(T.self), run, set)
                break
            } catch let stop as _RecursionStop {
                throw stop
            } catch let error as JSONSchemaGenerationError {
                throw error
            } catch {
                firstError = firstError ?? error
                readsAllKeys = readsAllKeys || run.readsAllKeys
            }
        }
        guard let main else {
            throw unobservable(T.self, record, error: firstError, readsAllKeys: readsAllKeys)
        }
        let mainShape = shape(of: [main.run.root])
        // The variant: other placeholders must not change what is read.
        let variant = _ProbeRun(probe: self, placeholders: main.set == 1 ? 2 : 1, flips: [], records: true)
        if (try? variant.decodeRoot(T.self)) != nil, shape(of: [variant.root]) != mainShape {
            throw JSONSchemaGenerationError(
                .unobservableType, type: "\(T.self)", location: record.path,
                message:
                    "\(T.self).init(from:) reads different members or types depending on the values it decodes, which the probe cannot follow",
                recoverySuggestion:
                    "Conform \(T.self) to JSONSchemaCustomizing and give its whole schema in jsonSchema."
            )
        }
        // The flips.
        var roots = [main.run.root]
        // Flips already queued, by the point's signature: a string made from
        // the flip itself would cost more than the runs of a small type.
        var explored: Set<_ExploredFlip> = []
        var queue: [[(index: Int, flip: _Flip)]] = []
        func enqueue(_ points: [_ChoicePoint], after prefix: [(index: Int, flip: _Flip)]) {
            let start = (prefix.last?.index ?? -1) + 1
            guard start < points.count else { return }
            for index in start..<points.count {
                for flip in points[index].flips
                where explored.insert(_ExploredFlip(signature: points[index].signature, flip: flip)).inserted {
                    queue.append(prefix + [(index, flip)])
                }
            }
        }
        enqueue(main.run.points, after: [])
        var runs = 0
        var next = 0
        while next < queue.count {
            let flips = queue[next]
            next += 1
            runs += 1
            if runs > Self.runBudget {
                throw JSONSchemaGenerationError(
                    .unobservableType, type: "\(T.self)", location: record.path,
                    message:
                        "\(T.self).init(from:) catches so many decoding errors that its alternatives cannot all be explored",
                    recoverySuggestion:
                        "Conform \(T.self) to JSONSchemaCustomizing and give its whole schema in jsonSchema.")
            }
            let replay = _ProbeRun(probe: self, placeholders: main.set, flips: flips, records: false)
            guard (try? replay.decodeRoot(T.self)) != nil else { continue }
            // Caught: run it again, recording.
            let run = _ProbeRun(probe: self, placeholders: main.set, flips: flips, records: true)
            guard (try? run.decodeRoot(T.self)) != nil else { continue }
            roots.append(run.root)
            enqueue(run.points, after: flips)
        }
        record.shape = roots.count == 1 ? mainShape : shape(of: roots)
        record.sample = main.value
    }

    /// A sample of a type that gives its whole schema: from its
    /// `init(from:)` if that accepts placeholders, else decoded from the
    /// schema's `examples`, `default`, `const` or first `enum` value.
    private func givenSample<T: Decodable>(_ type: T.Type, _ schema: JSONValue) -> Any? {
        for set in 0..<3 {
            if let value = try? _ProbeRun(probe: self, placeholders: set, flips: [], records: false).decodeRoot(T.self)
            {
                return value
            }
        }
        var candidates: [JSONValue] = schema["examples"]?.arrayValue ?? []
        for keyword in ["default", "const"] { if let value = schema[keyword] { candidates.append(value) } }
        candidates += schema["enum"]?.arrayValue ?? []
        for candidate in candidates {
            if let value = try? options.decoder.decode(T.self, from: candidate) { return value }
        }
        return nil
    }

    private func unobservable<T>(
        _ type: T.Type, _ record: _TypeRecord, error: (any Error)?, readsAllKeys: Bool
    ) -> JSONSchemaGenerationError {
        var message = "\(T.self).init(from:) throws for every placeholder value the probe tries"
        if let error { message += " (\(Self.summary(of: error)))" }
        var suggestion = "Conform \(T.self) to JSONSchemaCustomizing and give its whole schema in jsonSchema"
        if readsAllKeys {
            message =
                "\(T.self).init(from:) chooses what to read by the keys present (allKeys), as an enumeration with associated values does, and the probe cannot list them"
        } else if T.self is any RawRepresentable.Type && !(T.self is any CaseIterable.Type) {
            message =
                "\(T.self) is decoded from a raw value, but it is not CaseIterable, so its valid raw values cannot be listed"
            suggestion = "Conform \(T.self) to CaseIterable, or to JSONSchemaCustomizing and give its whole schema"
        }
        return JSONSchemaGenerationError(
            .unobservableType, type: "\(T.self)", location: record.path, message: message,
            recoverySuggestion: suggestion + ".")
    }

    /// A short description of a decoding error, without its coding path.
    static func summary(of error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }

    // MARK: Keys

    /// The JSON paths of a member, for its coding key: the key strategy
    /// applied to its name, or a ``MappedCodingKey``'s paths.
    func paths(for key: some CodingKey) -> (primary: [String], alternatives: [[String]]) {
        if let mapped = key as? any MappedCodingKey {
            let paths = mapped.paths.filter { !$0.isRoot }
            if !paths.isEmpty {
                let tokens = paths.map { $0._isOwnName(of: key) ? [memberName(key.stringValue)] : $0.tokens }
                return (tokens[0], Array(tokens.dropFirst()))
            }
        }
        return ([memberName(key.stringValue)], [])
    }

    /// The member name that the key strategy reads as `key`.
    ///
    /// With `.convertFromSnakeCase` it is the snake-case name the encoder
    /// writes, when that converts back to `key`; otherwise `key` itself,
    /// when it converts to itself (`myURLValue`, whose snake-case form
    /// `my_url_value` converts to `myUrlValue`). A key that no name converts
    /// to (one with an inner underscore) is a problem.
    func memberName(_ key: String) -> String {
        switch options.keyStrategy {
        case .useDefaultKeys:
            return key
        case .convertFromSnakeCase:
            let snake = _KeyConversion.toSnakeCase(key)
            if _KeyConversion.fromSnakeCase(snake) == key { return snake }
            if _KeyConversion.fromSnakeCase(key) == key { return key }
            problem =
                problem
                ?? JSONSchemaGenerationError(
                    .unsupportedStrategy, type: stack.last.flatMap { records[$0] }.map { "\($0.type)" },
                    message:
                        "no member name converts to the coding key \"\(key)\" under .convertFromSnakeCase, so decoding can never find it",
                    recoverySuggestion: "Give the key a name without inner underscores, or decode with .useDefaultKeys."
                )
            return key
        default:
            problem =
                problem
                ?? JSONSchemaGenerationError(
                    .unsupportedStrategy, type: nil,
                    message: "a .custom key decoding strategy cannot be inverted to find the member names it reads",
                    recoverySuggestion:
                        "Generate with .useDefaultKeys or .convertFromSnakeCase, naming members in the coding keys.")
            return key
        }
    }

    // MARK: Merging runs

    /// The shape of a decoder's value, from what the runs that reached it
    /// asked: the union over the runs, with the members of objects merged
    /// one by one.
    func shape(of nodes: [_ProbeNode]) -> _Shape {
        var objects: [_ProbeNode] = []
        var arrays: [_ProbeNode] = []
        var alternatives: [_Shape] = []
        for node in nodes {
            if node.isKeyed {
                objects.append(node)
            } else if node.isUnkeyed {
                arrays.append(node)
            } else if node.single.isMentioned {
                alternatives.append(valueShape([node.single]))
            } else {
                // Nothing asked (or only containers that were refused, and
                // caught): any value decodes.
                return .any
            }
        }
        if !objects.isEmpty { alternatives.insert(.object(mergeObjects(objects)), at: 0) }
        if !arrays.isEmpty { alternatives.insert(.array(mergeArrays(arrays)), at: objects.isEmpty ? 0 : 1) }
        return .union(alternatives)
    }

    /// The union of what the runs learned about one value.
    private func valueShape(_ facts: [_ValueFacts]) -> _Shape {
        var shapes: [_Shape] = []
        var nested: [_ProbeNode] = []
        for fact in facts {
            if fact.isNull { shapes.append(.null) }
            if let first = fact.decoded.first {
                shapes.append(first.shape)
                if fact.isOptional { shapes.append(.null) }
            } else if let node = fact.nested {
                nested.append(node)
            } else if !fact.isNull {
                // Refused and caught, or only asked about: anything.
                shapes.append(.any)
            }
        }
        if !nested.isEmpty { shapes.append(shape(of: nested)) }
        return .union(shapes)
    }

    /// The Swift type the runs decoded a value as, if they agree.
    private func swiftType(_ facts: [_ValueFacts]) -> Any.Type? {
        var type: Any.Type?
        for fact in facts {
            for slot in fact.decoded {
                guard let decoded = slot.swiftType else { return nil }
                if let known = type, known != decoded { return nil }
                type = decoded
            }
        }
        return type
    }

    private func mergeObjects(_ nodes: [_ProbeNode]) -> _ObjectShape {
        var keys: [String] = []
        var seen: Set<String> = []
        for node in nodes {
            for property in node.properties where seen.insert(property.key).inserted { keys.append(property.key) }
        }
        var result = _ObjectShape()
        for key in keys {
            var isRequired = true
            var facts: [_ValueFacts] = []
            var shapes: [_Shape] = []
            for node in nodes {
                guard let property = node.properties.first(where: { $0.key == key }) else {
                    // Not asked about in this run: anything, or nothing.
                    isRequired = false
                    shapes.append(.any)
                    continue
                }
                let value = property.value
                if property.isAbsent || value.isOptional { isRequired = false }
                if property.isSuperDecoder, let nested = value.nested, shape(of: [nested]).acceptsNull {
                    isRequired = false
                }
                let learnedValue =
                    !value.decoded.isEmpty || value.isNull || value.nested != nil || value.refused
                    || (value.isMentioned && !property.isAbsent)
                if learnedValue { facts.append(value) }
            }
            if !facts.isEmpty { shapes.append(valueShape(facts)) }
            let (primary, alternatives) = keyPaths[key] ?? ([memberName(key)], [])
            result.properties.append(
                _Property(
                    key: key, path: primary, alternativePaths: alternatives, isRequired: isRequired,
                    slot: _Slot(shapes.isEmpty ? .any : .union(shapes), swiftType(facts))))
        }
        let dynamic = nodes.map(\.dynamic).filter(\.isMentioned)
        if !dynamic.isEmpty {
            result.additional = _Slot(valueShape(dynamic), swiftType(dynamic))
        }
        return result
    }

    private func mergeArrays(_ nodes: [_ProbeNode]) -> _ArrayShape {
        var result = _ArrayShape()
        let counts = nodes.map { $0.positions.prefix { $0.isMentioned }.count }
        result.minimumCount = counts.min() ?? 0
        for index in 0..<(counts.max() ?? 0) {
            let facts = nodes.compactMap { index < $0.positions.count ? $0.positions[index] : nil }
            result.prefix.append(_Slot(valueShape(facts), swiftType(facts)))
        }
        let loops = nodes.compactMap(\.loopElement)
        if loops.count == nodes.count {
            result.items = _Slot(valueShape(loops), swiftType(loops))
        } else if nodes.allSatisfy({ $0.loopStart != nil }) {
            // Loops that never decoded an element.
            result.items = nil
        }
        return result
    }

    /// The paths of the members whose keys were seen, by key.
    private var keyPaths: [String: (primary: [String], alternatives: [[String]])] = [:]

    /// Notes the paths of a member's key, the first time it is seen.
    func noteKey(_ key: some CodingKey) {
        guard keyPaths[key.stringValue] == nil else { return }
        keyPaths[key.stringValue] = paths(for: key)
    }
}

/// What the probe knows about one composite type.
final class _TypeRecord {
    let type: Any.Type
    /// Where a value of the type was first met, from the root, as member
    /// names and element indices.
    let path: [String]
    /// The type's shape; complete once recording ends.
    var shape: _Shape = .any
    /// A value of the type, decoded from placeholders, for the runs of
    /// types that contain it; `nil` while it is being recorded.
    var sample: Any?
    /// The type on the stack whose sample this type's recording waits for.
    var waitsFor: ObjectIdentifier?
    /// Where key paths of the type lead, made when first asked.
    var locations: _LocationTable?

    init(type: Any.Type, path: [String]) {
        self.type = type
        self.path = path
    }
}

/// A flip of a choice point, by the point's signature, as the exploration of
/// a type's runs queues each once.
struct _ExploredFlip: Hashable {
    var signature: String
    var flip: _Flip
}

/// Thrown where a run needs a value of a type that has none yet, because it
/// is being recorded: the type contains itself.
struct _RecursionStop: Error {
    let type: ObjectIdentifier
}

/// Boxes a custom strategy's closure for `userInfo`.
final class _CustomBox: @unchecked Sendable {
    let decode: (any Decoder) throws -> Any
    init<Value>(_ decode: @escaping (any Decoder) throws -> Value) { self.decode = { try decode($0) } }
}

/// Runs a custom strategy's closure, from `userInfo`, as its `init(from:)`.
struct _CustomStrategyProbe: Decodable {
    init(from decoder: any Decoder) throws {
        let box = decoder.userInfo[_SchemaProbe.customKey] as! _CustomBox
        _ = try box.decode(decoder)
    }
}

/// A coding key by its type and values, for ``_SchemaProbe/description(of:)``.
struct _KeyIdentity: Hashable {
    var type: ObjectIdentifier
    var string: String
    var int: Int?
}
