#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds where in a type's JSON the value of a key path comes from, from
/// the shapes the probe recorded: the second use of the recording decoder,
/// beside schemas (guides keyed by key path here; typed partial values of a
/// streamed model later).
///
/// Without macros a key path cannot be read for the property it names, so
/// the locator asks the model: it builds instances of the type's JSON in
/// which every scalar holds a *marker*, a value found nowhere else (distinct
/// strings and numbers; dates, UUIDs and URLs made from distinct numbers),
/// decodes each with ``JSONValueDecoder``, reads the key path, collects the
/// markers in the value it gives (with `Mirror`, through nested structures,
/// optionals, collections and enumerations' raw values), and picks the
/// location whose markers are exactly those. Values with few possible
/// values (Booleans, enumerations) cannot hold a marker of their own: they
/// get a different pattern of values in each of several instances, and a
/// location matches only if it matches in all of them. Where a container
/// and its only member hold the same markers, the Swift type recorded at
/// each location decides.
///
/// A key path finds nothing (`nil`) when its value holds markers of no single
/// location: a computed property, a property that `init(from:)` transforms
/// (`name.uppercased()`), or one that is not decoded. A computed property
/// that returns a stored one unchanged finds that one's location.
struct _KeyPathLocator {
    let probe: _SchemaProbe

    /// The location of `keyPath`'s value in instances of `record`'s type,
    /// or `nil` if it has none.
    func location(of keyPath: AnyKeyPath, in record: _TypeRecord) throws -> JSONPointer? {
        let table: _LocationTable
        if let cached = record.locations {
            table = cached
        } else {
            table = _LocationTable(probe: probe, record: record)
            record.locations = table
        }
        return table.location(of: keyPath)
    }
}

/// The marker instances of one type, their decoded models, and what each
/// location holds.
final class _LocationTable: @unchecked Sendable {
    /// A place in the instances, and what it holds.
    struct Location {
        var pointer: JSONPointer
        var swiftType: Any.Type?
        /// The markers under it, sorted, per instance.
        var markers: [[String]]
    }

    private(set) var locations: [Location] = []
    /// The decoded models, one per instance; empty if decoding failed.
    private(set) var models: [Any] = []
    /// Every marker of each instance.
    private var markerSets: [Set<String>] = []
    /// Why the instances did not decode, if they did not.
    private(set) var failure: (any Error)?
    /// Lookups made so far.
    private var cache: [AnyKeyPath: JSONPointer?] = [:]
    private let lock = _Lock()

    init(probe: _SchemaProbe, record: _TypeRecord) {
        var builder = _MarkerBuilder(probe: probe)
        builder.count(.type(ObjectIdentifier(record.type)))
        let runs = builder.runCount
        var instances: [JSONValue] = []
        for run in 0..<runs {
            var build = builder
            build.run = run
            build.runs = runs
            let instance = build.instance(for: _Slot(.type(ObjectIdentifier(record.type)), record.type))
            instances.append(instance ?? .null)
            if run == 0 {
                locations = build.locations.map {
                    Location(pointer: JSONPointer(tokens: $0.tokens), swiftType: $0.swiftType, markers: [])
                }
            }
            for index in locations.indices { locations[index].markers.append(build.locations[index].markers.sorted()) }
            markerSets.append(build.allMarkers)
        }
        do {
            func decodeAll<T: Decodable>(_ type: T.Type) throws -> [Any] {
                try instances.map { try probe.options.decoder.decode(T.self, from: $0) }
            }
            guard let decodable = record.type as? any Decodable.Type else { return }
            models = try decodeAll(decodable)
        } catch {
            failure = error
            models = []
        }
    }

    /// The location of `keyPath`'s value, or `nil`.
    func location(of keyPath: AnyKeyPath) -> JSONPointer? {
        lock.withLock {
            if let known = cache[keyPath] { return known }
            let found = find(keyPath)
            cache[keyPath] = found
            return found
        }
    }

    private func find(_ keyPath: AnyKeyPath) -> JSONPointer? {
        guard !models.isEmpty else { return nil }
        var candidates = Array(locations.indices)
        for (run, model) in models.enumerated() {
            guard let value = model[keyPath: keyPath] else { return nil }
            var collected: [String] = []
            var visited: Set<ObjectIdentifier> = []
            _Markers.collect(value, into: &collected, visited: &visited, depth: 0)
            let markers = collected.filter { markerSets[run].contains($0) }.sorted()
            candidates = candidates.filter { locations[$0].markers[run] == markers }
            if candidates.isEmpty { return nil }
        }
        let valueType = _Markers.unwrapped(type(of: keyPath).valueType)
        let typed = candidates.filter { index in
            locations[index].swiftType.map { _Markers.unwrapped($0) == valueType } ?? false
        }
        if typed.count == 1 { return locations[typed[0]].pointer }
        if typed.isEmpty, candidates.count == 1, locations[candidates[0]].swiftType == nil {
            return locations[candidates[0]].pointer
        }
        return nil
    }
}

/// Builds the marker instances of a shape, and the locations in them.
struct _MarkerBuilder {
    let probe: _SchemaProbe
    /// Which instance this is, of how many.
    var run = 0
    var runs = 2

    struct Location {
        var tokens: [String]
        var swiftType: Any.Type?
        var markers: [String] = []
    }

    private(set) var locations: [Location] = []
    private(set) var allMarkers: Set<String> = []
    /// The locations whose subtrees are being built.
    private var open: [Int] = []
    private var path: [String] = []
    /// How often each type is on the path being built.
    private var onPath: [ObjectIdentifier: Int] = [:]
    /// The next marker number, and the next number of a value with few
    /// possible values.
    private var nextMarker = 0
    private var nextFinite = 0
    /// The fewest values any value with few possible values has.
    private var smallestDomain = Int.max
    private var finiteCount = 0

    init(probe: _SchemaProbe) {
        self.probe = probe
    }

    /// How many instances tell every value with few possible values apart:
    /// each gets a code of digits, one per instance, none constant.
    var runCount: Int {
        guard finiteCount > 0, smallestDomain >= 2 else { return 2 }
        var runs = 1
        var codes = smallestDomain
        while codes < finiteCount + 2 {
            codes = codes.multipliedReportingOverflow(by: smallestDomain).overflow ? Int.max : codes * smallestDomain
            runs += 1
        }
        return max(2, runs + 1)
    }

    /// Counts the values with few possible values, to size the runs.
    mutating func count(_ shape: _Shape) {
        var copy = self
        _ = copy.instance(for: _Slot(shape, nil))
        finiteCount = copy.nextFinite
        smallestDomain = copy.smallestDomain
    }

    /// The instance of `slot` at the current path, or `nil` where a type
    /// that is already twice on the path may be left out.
    mutating func instance(for slot: _Slot, mayOmit: Bool = false) -> JSONValue? {
        if mayOmit, isExhausted(slot.shape) { return nil }
        var swiftType = slot.swiftType
        if swiftType == nil, case .type(let id) = slot.shape { swiftType = probe.records[id]?.type }
        return enter(swiftType) { $0.value(for: slot.shape, swiftType: slot.swiftType) }
    }

    /// Whether `shape` is a type already twice on the path, which a value
    /// that may be left out leaves out, so that recursion ends.
    private func isExhausted(_ shape: _Shape) -> Bool {
        switch shape {
        case .type(let id): return onPath[id, default: 0] >= 2
        case .anyOf(let shapes): return shapes.contains { isExhausted($0) }
        default: return false
        }
    }

    /// The value of a recorded type, at the current location.
    private mutating func expand(_ id: ObjectIdentifier) -> JSONValue {
        guard let record = probe.records[id] else { return .null }
        let count = onPath[id, default: 0]
        onPath[id] = count + 1
        defer { onPath[id] = count }
        if case .schema(let given) = record.shape { return example(from: given) }
        return value(for: record.shape, swiftType: record.type)
    }

    /// Builds a value at a new location.
    private mutating func enter(_ swiftType: Any.Type?, _ build: (inout _MarkerBuilder) -> JSONValue) -> JSONValue {
        locations.append(Location(tokens: path, swiftType: swiftType))
        open.append(locations.count - 1)
        defer { open.removeLast() }
        return build(&self)
    }

    /// Adds a marker to the locations being built.
    private mutating func note(_ marker: String) {
        allMarkers.insert(marker)
        for index in open { locations[index].markers.append(marker) }
    }

    private mutating func value(for shape: _Shape, swiftType: Any.Type?) -> JSONValue {
        if swiftType == Date.self { return date() }
        if swiftType == Data.self { return data() }
        switch shape {
        case .any, .schema:
            return string()
        case .null:
            return .null
        case .boolean:
            let value = finite(2) == 1
            note("b:\(value)")
            return .bool(value)
        case .integer(let minimum, let maximum):
            return integer(minimum: minimum, maximum: maximum)
        case .number:
            let number = Double(1000 + marker()) + 0.5
            note("n:\(number)")
            return .double(number)
        case .string(let form):
            return string(form, swiftType: swiftType)
        case .enumeration(let values):
            let value = values[finite(values.count)]
            if let canonical = _Markers.canonical(json: value) { note(canonical) }
            return value
        case .object(let object):
            var result = JSONObject()
            for property in object.properties {
                path += property.path
                defer { path.removeLast(property.path.count) }
                guard let value = instance(for: property.slot, mayOmit: !property.isRequired) else { continue }
                result = Self.setting(value, at: property.path[...], in: result)
            }
            if let additional = object.additional {
                let name = memberName(object.propertyNames)
                path.append(name)
                if let value = instance(for: additional, mayOmit: true) { result[name] = value }
                path.removeLast()
            }
            return .object(result)
        case .array(let array):
            var elements: [JSONValue] = []
            for slot in array.prefix {
                path.append(String(elements.count))
                elements.append(instance(for: slot) ?? .null)
                path.removeLast()
            }
            if let items = array.items {
                path.append(String(elements.count))
                if let value = instance(for: items, mayOmit: true) { elements.append(value) }
                path.removeLast()
            }
            return .array(elements)
        case .anyOf(let shapes):
            let chosen = shapes.first { $0 != .null } ?? .null
            return value(for: chosen, swiftType: swiftType)
        case .type(let id):
            return expand(id)
        }
    }

    /// `object` with `value` at `path`, making the objects on the way.
    private static func setting(_ value: JSONValue, at path: ArraySlice<String>, in object: JSONObject) -> JSONObject {
        var result = object
        guard let first = path.first else { return result }
        if path.count == 1 {
            result[first] = value
        } else {
            result[first] = .object(setting(value, at: path.dropFirst(), in: result[first]?.objectValue ?? [:]))
        }
        return result
    }

    /// The next marker number, distinct in every instance.
    private mutating func marker() -> Int {
        defer { nextMarker += 1 }
        return nextMarker * runs + run
    }

    /// The digit of the next value with `count` possible values in this
    /// instance.
    private mutating func finite(_ count: Int) -> Int {
        defer { nextFinite += 1 }
        smallestDomain = min(smallestDomain, count)
        guard count > 1 else { return 0 }
        var code = nextFinite + 1
        for _ in 0..<run { code /= count }
        return code % count
    }

    private mutating func string() -> JSONValue {
        let text = "m\(marker())"
        note("s:\(text)")
        return .string(text)
    }

    private mutating func memberName(_ names: _Shape?) -> String {
        switch names {
        case .enumeration(let values)?:
            let name = values[finite(values.count)].stringValue ?? ""
            note("s:\(name)")
            return name
        case .string(let form)? where form.pattern != nil:
            let name = String(2000 + marker())
            note("n:\(name)")
            return name
        default:
            let name = "k\(marker())"
            note("s:\(name)")
            return name
        }
    }

    private mutating func integer(minimum: Int64?, maximum: Int64?) -> JSONValue {
        let low = minimum ?? 0
        let high = maximum ?? Int64(Int32.max)
        let span = high - low
        let start: Int64 = span > 2_000_000 ? low + 1_000_000 : low + 1
        let value = start + Int64(marker()) % max(1, high - start)
        note("n:\(value)")
        return .int(Int(value))
    }

    private mutating func string(_ form: _StringForm, swiftType: Any.Type?) -> JSONValue {
        let number = marker()
        switch swiftType {
        case is UUID.Type:
            var digits = String(number, radix: 16)
            while digits.count < 12 { digits = "0" + digits }
            let text = "00000000-0000-4000-8000-\(digits)"
            note(_Markers.canonical(UUID(uuidString: text)!))
            return .string(text)
        case is URL.Type:
            let text = "https://m\(number).example/"
            note(_Markers.canonical(URL(string: text)!))
            return .string(text)
        default:
            let text = "m\(number)"
            note("s:\(text)")
            return .string(text)
        }
    }

    /// A date marker, written as the date strategy reads it: whole seconds,
    /// which every strategy keeps exactly.
    private mutating func date() -> JSONValue {
        let seconds = 1_000_000_000 + Int64(marker()) * 61
        let date = Date(timeIntervalSince1970: Double(seconds))
        let value: JSONValue
        switch probe.options.dateStrategy {
        case .iso8601: value = .string(_ISO8601.string(from: date))
        case .secondsSince1970: value = .int(Int(seconds))
        case .millisecondsSince1970: value = .double(Double(seconds) * 1000)
        case .deferredToDate: value = .double(date.timeIntervalSinceReferenceDate)
        default: return accepted(Date.self)
        }
        note(_Markers.canonical(date))
        return value
    }

    /// A `Data` marker, written as the data strategy reads it.
    private mutating func data() -> JSONValue {
        let number = marker()
        let bytes: [UInt8] = [UInt8(truncatingIfNeeded: number), UInt8(truncatingIfNeeded: number >> 8), 0xA5]
        let value: JSONValue
        switch probe.options.dataStrategy {
        case .base64: value = .string(Data(bytes).base64EncodedString())
        case .deferredToData: value = .array(bytes.map { .int(Int($0)) })
        default: return accepted(Data.self)
        }
        note(_Markers.canonical(Data(bytes)))
        return value
    }

    /// For a strategy that is a closure (`.custom`, `.formatted`), a
    /// value it accepts, with no marker: what the closure makes of it
    /// cannot be told. The location is still found when it is the only
    /// one of its type without markers.
    private func accepted<T: Decodable>(_ type: T.Type) -> JSONValue {
        let candidates: [JSONValue] = [.int(0), .double(0.5), .string(""), .string("1970-01-01T00:00:00Z"), .array([])]
        return candidates.first { (try? probe.options.decoder.decode(T.self, from: $0)) != nil } ?? .null
    }

    /// A value of a type that gives its whole schema: its first example.
    private func example(from schema: JSONValue) -> JSONValue {
        if let example = schema["examples"]?.arrayValue?.first { return example }
        for keyword in ["default", "const"] { if let value = schema[keyword] { return value } }
        return schema["enum"]?.arrayValue?.first ?? .null
    }
}

/// The markers in Swift values and in JSON, written alike.
enum _Markers {
    /// The markers in `value`, found with `Mirror`.
    static func collect(_ value: Any, into markers: inout [String], visited: inout Set<ObjectIdentifier>, depth: Int) {
        guard depth < 64 else { return }
        switch value {
        case let string as String: markers.append("s:\(string)")
        case let bool as Bool: markers.append("b:\(bool)")
        case let integer as any BinaryInteger: markers.append("n:\(integer)")
        case let double as Double: markers.append(number(double))
        case let float as Float: markers.append(number(Double(float)))
        case let decimal as Decimal: markers.append("n:\(decimal)")
        case let date as Date: markers.append(canonical(date))
        case let uuid as UUID: markers.append(canonical(uuid))
        case let url as URL: markers.append(canonical(url))
        case let data as Data: markers.append(canonical(data))
        case let json as JSONValue: collect(json: json, into: &markers)
        case let object as JSONObject: collect(json: .object(object), into: &markers)
        default:
            if let raw = (value as? any RawRepresentable)?.rawValue {
                collect(raw, into: &markers, visited: &visited, depth: depth + 1)
                return
            }
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .class {
                let id = ObjectIdentifier(value as AnyObject)
                guard visited.insert(id).inserted else { return }
            }
            var current: Mirror? = mirror
            while let level = current {
                for child in level.children {
                    collect(child.value, into: &markers, visited: &visited, depth: depth + 1)
                }
                current = level.superclassMirror
            }
        }
    }

    private static func collect(json: JSONValue, into markers: inout [String]) {
        switch json {
        case .object(let object):
            for (name, member) in object {
                markers.append("s:\(name)")
                collect(json: member, into: &markers)
            }
        case .array(let elements):
            for element in elements { collect(json: element, into: &markers) }
        default:
            if let marker = canonical(json: json) { markers.append(marker) }
        }
    }

    /// The marker of a JSON scalar.
    static func canonical(json: JSONValue) -> String? {
        switch json {
        case .string(let string): return "s:\(string)"
        case .bool(let bool): return "b:\(bool)"
        case .int(let int): return "n:\(int)"
        case .double(let double): return number(double)
        default: return nil
        }
    }

    /// A number's marker: integers as integers, whatever their type.
    static func number(_ double: Double) -> String {
        if double.rounded() == double, double.magnitude < 0x1p53 { return "n:\(Int64(double))" }
        return "n:\(double)"
    }

    static func canonical(_ date: Date) -> String { "d:\(date.timeIntervalSince1970)" }
    static func canonical(_ uuid: UUID) -> String { "u:\(uuid.uuidString)" }
    static func canonical(_ url: URL) -> String { "l:\(url.absoluteString)" }
    static func canonical(_ data: Data) -> String { "x:\(data.base64EncodedString())" }

    /// `type` without any `Optional` around it.
    static func unwrapped(_ type: Any.Type) -> ObjectIdentifier {
        var current = type
        while let optional = current as? any _ProbeOptional.Type { current = optional.wrappedType }
        return ObjectIdentifier(current)
    }
}

/// The cases of an enumeration without payloads, found from its layout,
/// for one that is not `CaseIterable`; `nil` for any other type.
///
/// Such an enumeration with *n* cases, 2 to 255, is stored in one byte
/// holding 0 to *n* - 1, in the order of its cases (none when *n* is 1),
/// and `Optional` stores `nil` as *n*, its first unused value. So the
/// bytes 0, 1, 2... read as `Optional`s are the cases until the first
/// `nil`: only valid values are read. Any other type of at most one byte
/// whose `Optional` is one byte (a structure around a `Bool`) has its
/// values read the same way, and they are as valid. The caller checks that
/// the raw value of each decodes.
func _casesByLayout<T>(of type: T.Type) -> [Any]? {
    guard MemoryLayout<T>.size <= 1, MemoryLayout<T?>.size == 1 else { return nil }
    var cases: [Any] = []
    for tag in 0...255 {
        guard let value = withUnsafeBytes(of: UInt8(tag), { $0.load(as: T?.self) }) else { return cases }
        cases.append(value)
    }
    return nil
}
