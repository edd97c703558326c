#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Decoder` behind ``JSONValueDecoder``: one instance per nested value
/// that a type decodes itself from, which is also a node of the coding path.
/// Scalars are unwrapped in place, without an instance of their own.
final class _ValueDecoder: Decoder {
    // Variables only so that a finished child can be reused (see
    // `withChild`); one thread decodes at a time, so without dynamic
    // exclusivity checks.
    @exclusivity(unchecked) private(set) var value: JSONValue
    @exclusivity(unchecked) private var key: (any CodingKey)?
    /// The decoder of the value that holds this one's, `nil` at the top.
    ///
    /// Not retained while this decoder serves a call of the parent's
    /// `withChild`, which the parent outlives; `retainedParent` holds it
    /// when the decoder may outlive that call.
    private unowned(unsafe) let parent: _ValueDecoder?
    @exclusivity(unchecked) private var retainedParent: _ValueDecoder?
    let options: _DecodingOptions
    /// How many decoders lead to this one.
    private let depth: Int
    /// A child that finished decoding and that nothing else holds, for the
    /// next member or element to reuse. It holds no reference back, so that
    /// nothing but this decoder holds it.
    @exclusivity(unchecked) private var spare: _ValueDecoder?
    /// The members of this decoder's object as its keyed containers read
    /// them, set each time one is made.
    @exclusivity(unchecked) private(set) var members = JSONObject()
    /// What the report of deviations needs to know about this decoder's
    /// object, when deviations are collected; `nil` otherwise, and reset
    /// whenever the decoder takes a new value.
    @exclusivity(unchecked) var report: _MemberReport?

    /// The member of ``members`` with a name, read in place: through the
    /// container's copy of `members` each lookup retained and released the
    /// object, about 4% of decoding the citm_catalog.json model.
    ///
    /// The member after the last one found is tried first (see
    /// ``JSONObject/index(forKey:guess:)``): decoding the members of a
    /// `Codable` type in the order they were written compares each name
    /// once instead of hashing it.
    @inline(__always)
    func member(named name: String) -> JSONValue? {
        guard let index = members.index(forKey: name, guess: nextMember) else { return nil }
        nextMember = index &+ 1
        return members[valueAt: index]
    }

    /// The position in ``members`` after the last member found, where the
    /// next lookup looks first.
    @exclusivity(unchecked) private var nextMember = 0

    /// Whether this decoder serves a call of its parent's `withChild`, and
    /// so keeps the keyed containers it makes for its next values (see
    /// ``keyedContainer(keyedBy:)``).
    @exclusivity(unchecked) private var keepsContainers = false
    /// Whether a kept container was handed out since the last
    /// ``releaseContainers()``.
    @exclusivity(unchecked) private var containersOut = false
    /// The keyed containers kept for the next values, one per key type.
    @exclusivity(unchecked) private var keptContainers: [_KeptValueContainer] = []

    /// A decoder for `value`; `parent` is retained unless `retainsParent`
    /// is `false`, which only `withChild` may say.
    init(
        value: JSONValue,
        key: (any CodingKey)?,
        parent: _ValueDecoder?,
        options: _DecodingOptions,
        retainsParent: Bool = true
    ) {
        self.value = value
        self.key = key
        self.parent = parent
        if retainsParent { retainedParent = parent }
        self.options = options
        depth = parent.map { $0.depth &+ 1 } ?? 0
    }

    var codingPath: [any CodingKey] { path(appending: nil) }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// The coding path, built only when asked for (errors, `codingPath`).
    func path(appending last: (any CodingKey)?) -> [any CodingKey] {
        options.pathsBuilt &+= 1
        var keys: [any CodingKey] = []
        if let last { keys.append(last) }
        var node: _ValueDecoder? = self
        while let current = node {
            if let key = current.key { keys.append(key) }
            node = current.parent
        }
        keys.reverse()
        return keys
    }

    /// A decoder for a member or an element of this decoder's value.
    func child(_ value: JSONValue, key: any CodingKey) -> _ValueDecoder {
        _ValueDecoder(value: value, key: key, parent: self, options: options)
    }

    /// Runs `body` with a decoder for a member or an element of this
    /// decoder's value: the child that decoded the one before, if `body`
    /// left nothing holding it, or a new one.
    ///
    /// A type's `init(from:)` rarely keeps its decoder, so one child per
    /// level serves every member and element there: decoding the
    /// citm_catalog.json model allocated and freed 21,000 decoders, each
    /// retaining and releasing its value, parent and options.
    ///
    /// `key` is never `nil` here; it is optional so that
    /// ``unwrapComposite(_:as:key:)`` passes its own on without unwrapping
    /// it, which copied the existential out of the optional and destroyed
    /// the copy through the runtime's value witnesses (about 200
    /// instructions per nested value).
    @inline(__always)
    func withChild<Result>(
        _ value: JSONValue,
        key: (any CodingKey)?,
        _ body: (_ValueDecoder) throws -> Result
    ) rethrows -> Result {
        var child: _ValueDecoder
        if let reused = spare.take() {
            reused.value = value
            reused.key = key
            reused.report = nil
            child = reused
        } else {
            child = _ValueDecoder(value: value, key: key, parent: self, options: options, retainsParent: false)
        }
        child.keepsContainers = true
        defer {
            child.keepsContainers = false
            // Containers that the type kept keep their decoder; the others
            // stay for the next value.
            if child.containersOut { child.releaseContainers() }
            if isKnownUniquelyReferenced(&child) {
                spare = child
            } else {
                // Kept (a stored decoder or container): it now needs its
                // parent for its coding path after this call, and keeps this
                // decoder from being reused under it.
                child.retainedParent = self
            }
        }
        return try body(child)
    }

    // MARK: Reuse at the top

    /// Decodes `value` as `type` with this decoder, a top-level one that
    /// its owner keeps from one decode to the next: typed partial values
    /// decode many small values, and a new decoder for each made its child
    /// and keyed containers anew too. Like a child of ``withChild(_:key:_:)``,
    /// it keeps the keyed containers it makes for the next value.
    ///
    /// The owner calls ``forgetValue()`` afterwards, if nothing else holds
    /// the decoder, and makes a new one otherwise.
    func decodeAgain<T: Decodable>(_ value: JSONValue, as type: T.Type) throws -> T {
        self.value = value
        report = nil
        keepsContainers = true
        defer {
            keepsContainers = false
            if containersOut { releaseContainers() }
        }
        return try unwrap(value, as: T.self, key: nil)
    }

    /// Lets go of the last value that this top-level decoder read, and of
    /// its object's members, so that a value still being read that it held
    /// can grow in place; nothing else holds the decoder.
    func forgetValue() {
        value = .null
        members = JSONObject()
        report = nil
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        members = try objectMembers()
        nextMember = 0
        if options.deviations != nil { prepareReport() }
        return keyedContainer(keyedBy: type)
    }

    /// Whether a `KeyedDecodingContainer` is one reference to its box, as
    /// in every standard library so far, which keeping containers needs; if
    /// a later one differs, containers are made anew each time.
    private static let containersAreReferences: Bool = {
        guard MemoryLayout<KeyedDecodingContainer<_AnyCodingKey>>.size == MemoryLayout<AnyObject>.size else {
            return false
        }
        let decoder = _ValueDecoder(
            value: .object([:]), key: nil, parent: nil, options: _DecodingOptions(JSONValueDecoder()))
        let container = KeyedDecodingContainer(
            _KeyedDecodingContainer<_AnyCodingKey>(link: _ValueContainerLink(decoder)))
        let box = unsafeBitCast(container, to: AnyObject.self)
        return String(describing: type(of: box)).contains("KeyedDecodingContainerBox")
    }()

    /// A keyed container over this decoder's ``members``.
    ///
    /// Making one costs a box and three lookups of generic metadata, about
    /// 1,100 instructions: a tenth of decoding a small record such as an
    /// element of a typed partial value's array. A decoder that serves
    /// `withChild` keeps its containers and hands one out again for the
    /// next object with the same key type, when nothing else holds it
    /// (`releaseContainers()` checks, at the end of each value), as
    /// ``_TapeDecoder`` does.
    private func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        guard keepsContainers, Self.containersAreReferences else {
            return KeyedDecodingContainer(_KeyedDecodingContainer<Key>(link: _ValueContainerLink(self)))
        }
        containersOut = true
        let keyType = ObjectIdentifier(Key.self)
        if let (box, cast) = keptContainer(keyType) {
            return unsafeDowncast(cast, to: _ContainerCast<KeyedDecodingContainer<Key>>.self).container(box)
        }
        let link = _ValueContainerLink(self)
        let container = KeyedDecodingContainer(_KeyedDecodingContainer<Key>(link: link))
        if keptContainers.count == 4 { keptContainers.removeFirst() }
        keptContainers.append(
            _KeptValueContainer(
                keyType: keyType, box: unsafeBitCast(container, to: AnyObject.self), link: link,
                cast: _ContainerCast<KeyedDecodingContainer<Key>>()))
        return container
    }

    /// The box and the cast of the kept container for `keyType`, handed out
    /// again, if there is one and nothing else holds it.
    ///
    /// Not generic: in a generic caller, the uniqueness check saw a copy of
    /// the box's reference and always failed.
    private func keptContainer(_ keyType: ObjectIdentifier) -> (AnyObject, AnyObject)? {
        // The index first: a loop over the array holds it, and the check
        // would then see the box's reference twice (in the array's copy).
        var index = 0
        while index < keptContainers.count && keptContainers[index].keyType != keyType { index &+= 1 }
        guard index < keptContainers.count else { return nil }
        guard isKnownUniquelyReferenced(&keptContainers[index].box) else {
            // Held by the type being decoded (a second container of the same
            // value): that one keeps this decoder; a new one takes its place.
            keptContainers.remove(at: index)
            return nil
        }
        keptContainers[index].link.owner = self
        return (keptContainers[index].box, keptContainers[index].cast)
    }

    /// At the end of a value: the containers that only this decoder holds
    /// stop holding it, and those that the type kept (in a stored property)
    /// are left to hold it, and forgotten here.
    private func releaseContainers() {
        containersOut = false
        var index = 0
        while index < keptContainers.count {
            if isKnownUniquelyReferenced(&keptContainers[index].box) {
                keptContainers[index].link.owner = nil
                index &+= 1
            } else {
                keptContainers.remove(at: index)
            }
        }
    }

    /// Sets up ``report`` for a keyed container over this decoder's object.
    /// The payload's names of converted member names are found when a
    /// deviation or a read needs them (``payloadName(converted:)``), not
    /// here: most objects have no deviation, and finding them converted
    /// every name a second time and hashed it, which made a tolerant decode
    /// of the twitter.json model with `.convertFromSnakeCase` take almost
    /// twice as long as a strict one.
    private func prepareReport() {
        if report == nil { report = _MemberReport() }
    }

    /// The payload's name of the member of this decoder's object that the
    /// converted member name `name` reads: the first of the names that
    /// convert to it, as `members` holds that one. The table of names is
    /// made the first time it is asked for, once per object.
    private func payloadName(converted name: String) -> String {
        guard report != nil, options.convertsKeys, case .object(let object) = value else { return name }
        if report?.payloadNames == nil {
            var names: [String: String] = [:]
            names.reserveCapacity(object.count)
            for index in object.indices {
                let payloadName = object.key(at: index)
                let converted = convertedName(payloadName)
                if names[converted] == nil { names[converted] = payloadName }
            }
            report?.payloadNames = names
        }
        return report?.payloadNames?[name] ?? name
    }

    /// Records that the model read the member for `key` (its payload name),
    /// when ignored members are reported.
    @inline(__always)
    func markRead(_ key: some CodingKey) {
        guard report?.readMembers != nil else { return }
        report?.readMembers?.insert(payloadName(of: key))
    }

    /// The name in the payload of the member of this decoder's object that
    /// `key` reads (not through an alternative path).
    func payloadName(of key: some CodingKey) -> String {
        payloadName(converted: key.stringValue)
    }

    /// Where the value at `key` of this decoder's value (or, for `nil`,
    /// the value itself) is in the payload, with the payload's names.
    func payloadLocation(appending last: (any CodingKey)?) -> JSONPointer {
        var segments: [[String]] = []
        if let last { segments.append(payloadTokens(of: last)) }
        var node = self
        while let key = node.key, let parent = node.parent {
            segments.append(parent.payloadTokens(of: key))
            node = parent
        }
        return JSONPointer(tokens: segments.reversed().flatMap { $0 })
    }

    /// The tokens that lead from this decoder's value to its member or
    /// element at `key`.
    private func payloadTokens(of key: any CodingKey) -> [String] {
        if case .array = value { return [key.intValue.map(String.init) ?? key.stringValue] }
        if let path = report?.alternativePaths[key.stringValue] { return path.tokens }
        return [payloadName(converted: key.stringValue)]
    }

    /// Reports the members of this decoder's object that the model did not
    /// read, after a type decoded itself from it, if reads were tracked.
    private func reportIgnoredMembers() {
        guard let read = report?.readMembers, case .object(let object) = value else { return }
        report?.readMembers = nil
        let base = payloadLocation(appending: nil)
        for (name, member) in object where !read.contains(name) {
            record(
                .ignored, [], value: member, key: _AnyCodingKey(convertedName(name)),
                location: base.appending(name))
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch value {
        case .array(let elements):
            return _UnkeyedDecodingContainer(decoder: self, elements: elements)
        case .null:
            // JSONDecoder names the type it wanted, [Any], as for a
            // keyed container.
            throw DecodingError.valueNotFound(
                [Any].self,
                context(nil, "Cannot get unkeyed decoding container -- found null value instead")
            )
        default:
            throw mismatch([Any].self, value, nil)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        _SingleValueDecodingContainer(decoder: self)
    }

    /// The members of this decoder's object, with keys converted as the key
    /// strategy says.
    private func objectMembers() throws -> JSONObject {
        guard case .object(let members) = value else {
            if value.isNull {
                throw DecodingError.valueNotFound(
                    [String: Any].self,
                    context(nil, "Cannot get keyed decoding container -- found null value instead")
                )
            }
            throw mismatch([String: Any].self, value, nil)
        }
        guard options.convertsKeys else { return members }
        var converted = JSONObject()
        converted.reserveCapacity(members.count)
        // One hash per member where there were three (`camelCase` returns a
        // name without `_` as it is, and inserting finds out whether the name
        // was taken): decoding the twitter.json model with
        // convertFromSnakeCase went from 4,850 µs to 4,300 µs (minimum of 50
        // runs).
        for index in members.indices {
            // Like JSONDecoder, the first of two keys that convert alike wins.
            converted.appendIfNew(convertedName(members.key(at: index)), members[valueAt: index])
        }
        return converted
    }

    /// A member name of this decoder's object, converted as the key
    /// strategy says.
    func convertedName(_ key: String) -> String {
        switch options.keyStrategy {
        case .convertFromSnakeCase:
            return options.camelCase(key)
        case .custom(let convert):
            return convert(path(appending: _AnyCodingKey(key))).stringValue
        default:
            return key
        }
    }

    // MARK: Errors

    func context(_ key: (any CodingKey)?, _ description: String) -> DecodingError.Context {
        DecodingError.Context(codingPath: path(appending: key), debugDescription: description)
    }

    func mismatch(_ type: Any.Type, _ value: JSONValue, _ key: (any CodingKey)?) -> DecodingError {
        if value.isNull {
            return .valueNotFound(type, context(key, "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(
            type, context(key, "Expected to decode \(type) but found \(value._kindDescription) instead."))
    }

    // MARK: Unwrapping

    func unwrapBool(_ value: JSONValue, key: (any CodingKey)?) throws -> Bool {
        guard case .bool(let bool) = value else {
            if let converted = convertedScalar(value, as: Bool.self, key: key) { return converted }
            throw mismatch(Bool.self, value, key)
        }
        return bool
    }

    func unwrapString(_ value: JSONValue, key: (any CodingKey)?) throws -> String {
        guard case .string(let string) = value else {
            if let converted = convertedScalar(value, as: String.self, key: key) { return converted }
            throw mismatch(String.self, value, key)
        }
        return string
    }

    func unwrapInteger<T: FixedWidthInteger>(_ value: JSONValue, as type: T.Type, key: (any CodingKey)?) throws -> T {
        switch value {
        case .int(let int):
            if let exact = T(exactly: int) { return exact }
            throw DecodingError.dataCorrupted(context(key, "Number \(int) does not fit in \(T.self)."))
        case .double(let double):
            if double.isNaN, let text = exactText(of: double) {
                return try integer(fromText: text, as: T.self, key: key)
            }
            // Beyond 2⁵³ a Double no longer holds every integer, so the text
            // this double came from may have been a different integer
            // (9223372036854775809 parses as 2⁶³): refuse rather than guess.
            if double.magnitude <= 0x1p53, let exact = T(exactly: double) { return exact }
            if T(exactly: double) != nil {
                throw DecodingError.dataCorrupted(
                    context(
                        key,
                        "Number \(JSONValue.double(double)) is beyond 2^53, where JSONValue's Double may have rounded the integer it was read from."
                    ))
            }
            throw DecodingError.dataCorrupted(
                context(key, "Number \(JSONValue.double(double)) does not fit in \(T.self)."))
        default:
            if let converted = convertedScalar(value, as: T.self, key: key) { return converted }
            // A number in a string that `.convertScalarTypes` would have
            // converted, had it fit: say that, not that a string was found.
            if options.tolerance.contains(.convertScalarTypes), case .string(let text) = value,
                Self.isNumberText(text)
            {
                throw DecodingError.dataCorrupted(
                    context(key, "Number \(text), in a string, does not fit in \(T.self)."))
            }
            throw mismatch(T.self, value, key)
        }
    }

    func unwrapFloatingPoint<T: BinaryFloatingPoint>(_ value: JSONValue, as type: T.Type, key: (any CodingKey)?) throws
        -> T
    where T: LosslessStringConvertible {
        switch value {
        case .double(let double):
            if double.isNaN, let numbers = options.exactNumbers, let entry = numbers.entry(for: double) {
                // A Double is the parser's nearest one, without making the
                // text a String; other types read the text, because
                // Float(Double(text)) may round twice.
                if T.self == Double.self { return T(entry.value) }
                let text = numbers.text(of: entry)
                guard let converted = T(text), converted.isFinite else {
                    throw DecodingError.dataCorrupted(context(key, "Number \(text) does not fit in \(T.self)."))
                }
                return converted
            }
            let converted = T(double)
            if converted.isInfinite && double.isFinite {
                throw DecodingError.dataCorrupted(context(key, "Number \(value) does not fit in \(T.self)."))
            }
            return converted
        case .int(let int):
            return T(int)
        case .string(let string):
            if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.floatStrategy {
                if string == positiveInfinity { return .infinity }
                if string == negativeInfinity { return -.infinity }
                if string == nan { return .nan }
            }
            if let converted = convertedScalar(value, as: T.self, key: key) { return converted }
            throw mismatch(T.self, value, key)
        default:
            throw mismatch(T.self, value, key)
        }
    }

    /// Decodes any type from `value`, which is this decoder's own value when
    /// `key` is `nil`, or its member or element at `key`.
    func unwrap<T: Decodable>(_ value: JSONValue, as type: T.Type, key: (any CodingKey)?) throws -> T {
        // Scalars first: generic code such as Array's init(from:) reaches
        // them through this method. They apply `.convertScalarTypes`
        // themselves; the other tolerances concern optionals and collections.
        if T.self == String.self { return try unwrapString(value, key: key) as! T }
        if T.self == Int.self { return try unwrapInteger(value, as: Int.self, key: key) as! T }
        if T.self == Double.self { return try unwrapFloatingPoint(value, as: Double.self, key: key) as! T }
        if T.self == Bool.self { return try unwrapBool(value, key: key) as! T }
        if T.self == JSONValue.self { return unboxed(value) as! T }
        // JSON's null is a value to a JSONValue?: `.some(.null)`, as for a
        // keyed member (see `ifPresent`), so that `[JSONValue?]` keeps it.
        if T.self == JSONValue?.self { return JSONValue?.some(unboxed(value)) as! T }
        if T.self == Date.self { return try unwrapDate(value, key: key) as! T }
        if T.self == Data.self { return try unwrapData(value, key: key) as! T }
        if T.self == URL.self { return try unwrapURL(value, key: key) as! T }
        if T.self == Decimal.self { return try unwrapDecimal(value, key: key) as! T }
        if !options.tolerance.isEmpty { return try tolerantUnwrap(value, as: T.self, key: key) }
        return try unwrapComposite(value, as: T.self, key: key)
    }

    /// Decodes a type that is not a scalar, without the tolerances for
    /// optionals and collections at this level.
    func unwrapComposite<T: Decodable>(_ value: JSONValue, as type: T.Type, key: (any CodingKey)?) throws -> T {
        // A test for `nil`, not `guard let`: see `withChild`.
        if key == nil { return try decodeComposite(value, as: type, with: self) }
        return try withChild(value, key: key) { try decodeComposite(value, as: type, with: $0) }
    }

    /// Decodes a type that is not a scalar with `decoder`, whose value is
    /// `value`.
    private func decodeComposite<T: Decodable>(
        _ value: JSONValue,
        as type: T.Type,
        with decoder: _ValueDecoder
    ) throws -> T {
        switch options.compositeKinds.value(for: T.self, { _CompositeKind(of: T.self) }) {
        case .array(let array):
            guard case .array(let elements) = value else { break }
            return try _StackExtension.run(depth: decoder.depth) {
                try array._decode(elements, from: decoder, as: T.self)
            }
        case .stringKeyedDictionary(let dictionary):
            // Like JSONDecoder, the keys of [String: T] are not converted.
            return try dictionary._decode(from: decoder, as: T.self)
        case .other:
            break
        }
        guard options.reportsIgnoredMembers, case .object = value else {
            return try _StackExtension.run(depth: decoder.depth) { try T(from: decoder) }
        }
        // Track which members the type reads through its keyed container.
        var report = decoder.report ?? _MemberReport()
        report.readMembers = []
        decoder.report = report
        let result = try _StackExtension.run(depth: decoder.depth) { try T(from: decoder) }
        decoder.reportIgnoredMembers()
        return result
    }

    private func unwrapDate(_ value: JSONValue, key: (any CodingKey)?) throws -> Date {
        let decoder = key.map { child(value, key: $0) } ?? self
        switch options.dateStrategy {
        case .deferredToDate:
            return try Date(from: decoder)
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloatingPoint(value, as: Double.self, key: key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloatingPoint(value, as: Double.self, key: key) / 1000)
        case .iso8601:
            let string = try unwrapString(value, key: key)
            guard let date = _ISO8601.date(from: string) else {
                throw DecodingError.dataCorrupted(context(key, "Expected date string to be ISO8601-formatted."))
            }
            return date
        #if canImport(Darwin)
        // Elsewhere `.formatted` is a `.custom` closure.
        case .formatted(let formatter):
            let string = try unwrapString(value, key: key)
            guard let date = formatter.date(from: string) else {
                throw DecodingError.dataCorrupted(
                    context(key, "Date string does not match format expected by formatter."))
            }
            return date
        #endif
        case .custom(let decode):
            return try decode(decoder)
        @unknown default:
            return try Date(from: decoder)
        }
    }

    private func unwrapData(_ value: JSONValue, key: (any CodingKey)?) throws -> Data {
        let decoder = key.map { child(value, key: $0) } ?? self
        switch options.dataStrategy {
        case .deferredToData:
            return try Data(from: decoder)
        case .base64:
            let string = try unwrapString(value, key: key)
            guard let data = Data(base64Encoded: string) else {
                throw DecodingError.dataCorrupted(context(key, "Encountered Data is not valid Base64."))
            }
            return data
        case .custom(let decode):
            return try decode(decoder)
        @unknown default:
            return try Data(from: decoder)
        }
    }

    private func unwrapURL(_ value: JSONValue, key: (any CodingKey)?) throws -> URL {
        let string = try unwrapString(value, key: key)
        guard let url = URL(string: string) else {
            throw DecodingError.dataCorrupted(context(key, "Invalid URL string."))
        }
        return url
    }

    private func unwrapDecimal(_ value: JSONValue, key: (any CodingKey)?) throws -> Decimal {
        switch value {
        case .int(let int):
            return Decimal(int)
        case .double(let double):
            if double.isNaN, let text = exactText(of: double) {
                guard let decimal = Decimal(string: text) else {
                    throw DecodingError.dataCorrupted(context(key, "Number \(text) does not fit in Decimal."))
                }
                return decimal
            }
            // The shortest text that reads back as the double is what the
            // JSON said, or what JSONEncoder would write.
            guard double.isFinite, let decimal = Decimal(string: JSONValue.double(double).description) else {
                throw DecodingError.dataCorrupted(context(key, "Number \(value) does not fit in Decimal."))
            }
            return decimal
        default:
            if let converted = convertedScalar(value, as: Decimal.self, key: key) { return converted }
            throw mismatch(Decimal.self, value, key)
        }
    }

    // MARK: Exact numbers

    /// The text of a number that the parser boxed because a `Double` may
    /// have rounded it, or `nil` if `double` is a plain value; see
    /// ``_ExactNumbers``.
    func exactText(of double: Double) -> String? {
        guard let numbers = options.exactNumbers, let entry = numbers.entry(for: double) else { return nil }
        return numbers.text(of: entry)
    }

    /// `value` as the caller may see it: without boxes.
    func unboxed(_ value: JSONValue) -> JSONValue {
        guard let numbers = options.exactNumbers else { return value }
        return numbers.unboxed(value)
    }

    /// An integer type from a number's JSON text, exactly or not at all, as
    /// `JSONDecoder` reads it: `18446744073709551615` fits `UInt64`, and
    /// `1.0e19` is the integer it denotes.
    func integer<T: FixedWidthInteger>(fromText text: String, as type: T.Type, key: (any CodingKey)?) throws -> T {
        if let exact = Self.exactInteger(fromNumberText: text, as: T.self) { return exact }
        throw DecodingError.dataCorrupted(context(key, "Number \(text) does not fit in \(T.self)."))
    }

    /// The integer that JSON number text denotes, if `T` holds it exactly:
    /// plain digits directly, fractions and exponents through `Decimal`,
    /// which holds 38 digits and describes an integral value as the plain
    /// integer.
    static func exactInteger<T: FixedWidthInteger>(fromNumberText text: String, as type: T.Type) -> T? {
        if let exact = T(text) { return exact }
        guard let decimal = Decimal(string: text) else { return nil }
        return T(decimal.description)
    }
}

/// What a keyed container of a ``_ValueDecoder`` reads: its decoder, which
/// ``owner`` holds while the container is out of the decoder's hands.
///
/// A container that its decoder keeps for the next value (see
/// ``_ValueDecoder/keyedContainer(keyedBy:)``) does not hold the decoder
/// then, so that the two do not hold each other.
final class _ValueContainerLink {
    unowned(unsafe) let decoder: _ValueDecoder
    @exclusivity(unchecked) var owner: _ValueDecoder?

    init(_ decoder: _ValueDecoder) {
        self.decoder = decoder
        owner = decoder
    }
}

/// A keyed container that a ``_ValueDecoder`` keeps for its next value of
/// the same key type: `box` is the `KeyedDecodingContainer`'s storage.
struct _KeptValueContainer {
    let keyType: ObjectIdentifier
    var box: AnyObject
    let link: _ValueContainerLink
    /// A ``_ContainerCast`` of the container's type, which gives the
    /// container back from `box`.
    let cast: AnyObject
}

/// What a report of deviations needs to know about one decoder's object.
struct _MemberReport {
    /// The payload's name of each member name that the key strategy
    /// converted; `nil` when names are not converted, or until one is asked
    /// for (see ``_ValueDecoder/payloadName(converted:)``).
    var payloadNames: [String: String]?
    /// The alternative paths of ``MappedCodingKey``s that members were read
    /// from, by key.
    var alternativePaths: [String: JSONPointer] = [:]
    /// The payload names of the members the model read, while a type
    /// decodes itself from the object and ignored members are reported.
    var readMembers: Set<String>?
}

/// What ``_ValueDecoder/unwrapComposite(_:as:key:)`` does with a type,
/// memoized per decode in ``_DecodingOptions/compositeKinds``.
enum _CompositeKind {
    /// `[Element]`, decoded straight from the array's elements.
    case array(any _ArrayDecodable.Type)
    /// `[String: Value]`, decoded without converting keys.
    case stringKeyedDictionary(any _StringKeyedDictionaryDecodable.Type)
    /// Any other type, which decodes itself with `init(from:)`.
    case other

    init(of type: Any.Type) {
        if let array = type as? any _ArrayDecodable.Type {
            self = .array(array)
        } else if let dictionary = type as? any _StringKeyedDictionaryDecodable.Type {
            self = .stringKeyedDictionary(dictionary)
        } else {
            self = .other
        }
    }
}

/// `[Element]`, decoded from an array's elements without an unkeyed
/// container.
///
/// `Array`'s own `init(from:)` asks an unkeyed container for each element
/// through the `UnkeyedDecodingContainer` protocol and grows the array as it
/// goes; this loop reserves the array once and unwraps each element
/// directly, with the same coding paths and errors. Decoding the
/// citm_catalog.json model from bytes went from 12,290 µs to 10,600 µs, and
/// the twitter.json model from 4,080 µs to 4,000 µs (minimum of 50 runs).
protocol _ArrayDecodable {
    /// Decodes the array, returned as `type`, which is `Self`.
    static func _decode<T>(_ elements: [JSONValue], from decoder: _ValueDecoder, as type: T.Type) throws -> T
}

extension Array: _ArrayDecodable where Element: Decodable {
    static func _decode<T>(_ elements: [JSONValue], from decoder: _ValueDecoder, as type: T.Type) throws -> T {
        if let earlier = decoder.options.decodedArrays, !earlier.isEmpty {
            return _sameType(try _decode(elements, from: decoder, reusing: earlier), as: T.self)
        }
        if Element.self == Int.self {
            // One cast for the array instead of one per element.
            var integers: [Int] = []
            integers.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                integers.append(try decoder.unwrapInteger(element, as: Int.self, key: _AnyCodingKey(index: index)))
            }
            return _sameType(integers, as: T.self)
        }
        if Element.self == String.self {
            // The same for strings: this code is not specialized, and an
            // `[Element]` asks the runtime for its metadata at each use
            // (about 360 instructions an array).
            var strings: [String] = []
            strings.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                strings.append(try decoder.unwrapString(element, key: _AnyCodingKey(index: index)))
            }
            return _sameType(strings, as: T.self)
        }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(try decoder.unwrap(element, as: Element.self, key: _AnyCodingKey(index: index)))
        }
        return _sameType(result, as: T.self)
    }

    /// Decodes the array, starting from the elements that an earlier
    /// decode of the same JSON made, if one did.
    private static func _decode(
        _ elements: [JSONValue], from decoder: _ValueDecoder, reusing earlier: [_DecodedElements]
    ) throws -> [Element] {
        var result: [Element] = []
        for candidate in earlier {
            if let prefix = candidate.elements(as: Element.self, prefixing: elements) {
                result = prefix
                break
            }
        }
        // Room for the rest only if there is a rest: reserving it for an
        // array that the earlier decode still holds copied every element,
        // although the whole array may already be there.
        if result.count < elements.count { result.reserveCapacity(elements.count) }
        var index = result.count
        while index < elements.count {
            result.append(try decoder.unwrap(elements[index], as: Element.self, key: _AnyCodingKey(index: index)))
            index &+= 1
        }
        return result
    }
}

/// The elements an earlier decode made of the first elements of an array,
/// and the JSON it made them from, for a later decode of that array to
/// reuse: typed partial values decode an array's elements as it streams,
/// and the model at the end reuses them.
///
/// Only elements whose decoding built no coding path are kept, so what
/// they decoded to does not depend on where their JSON sits.
struct _DecodedElements {
    /// The JSON of the elements decoded.
    var sources: [JSONValue]
    /// What they decoded to: an `[Element]`, one for each of `sources`.
    var decoded: Any

    /// The decoded elements, if they are `[Element]` and `sources` are the
    /// first elements of `elements`: the same instances for containers
    /// (which identifies them in constant time), equal scalars otherwise.
    func elements<Element>(as type: Element.Type, prefixing elements: [JSONValue]) -> [Element]? {
        guard !sources.isEmpty, sources.count <= elements.count, let decoded = decoded as? [Element],
            decoded.count == sources.count
        else { return nil }
        for index in sources.indices where !_isSameJSON(sources[index], elements[index]) { return nil }
        return decoded
    }
}

/// `value` as `type`, which is its own type: the caller knows, and the
/// runtime's dynamic cast (`as!`) cost a percent of decoding the
/// citm_catalog.json model.
@inline(__always)
private func _sameType<Value, T>(_ value: Value, as type: T.Type) -> T {
    precondition(Value.self == T.self)
    return unsafeBitCast(value, to: T.self)
}

/// `[String: Value]`, which JSONDecoder decodes without converting keys.
protocol _StringKeyedDictionaryDecodable {
    /// Decodes the dictionary, returned as `type`, which is `Self`.
    static func _decode<T>(from decoder: _ValueDecoder, as type: T.Type) throws -> T
}

extension Dictionary: _StringKeyedDictionaryDecodable where Key == String, Value: Decodable {
    static func _decode<T>(from decoder: _ValueDecoder, as type: T.Type) throws -> T {
        guard case .object(let members) = decoder.value else {
            throw decoder.mismatch([String: Value].self, decoder.value, nil)
        }
        if Value.self == String.self {
            // One cast for the dictionary instead of one per member.
            var strings: [String: String] = [:]
            strings.reserveCapacity(members.count)
            for (key, member) in members {
                strings[key] = try decoder.unwrapString(member, key: _AnyCodingKey(key))
            }
            return _sameType(strings, as: T.self)
        }
        var result: [String: Value] = [:]
        result.reserveCapacity(members.count)
        for (key, member) in members {
            result[key] = try decoder.unwrap(member, as: Value.self, key: _AnyCodingKey(key))
        }
        return _sameType(result, as: T.self)
    }
}

/// ISO 8601 dates in the form `JSONDecoder` and `JSONEncoder` use
/// (`2026-11-22T10:00:00Z`), read and written as the system's own coders do
/// it, on every system.
///
/// From macOS 14, iOS 17, tvOS 17, watchOS 10 and visionOS 1 on (and
/// everywhere but Apple's platforms), `JSONDecoder` and `JSONEncoder` are
/// swift-foundation's, which use `Date.ISO8601FormatStyle`; so does this.
/// Before, they used one shared `ISO8601DateFormatter` with
/// `.withInternetDateTime`, and so does this: also on macOS 12 and 13, which
/// have the format style, because it does not read every string as that
/// formatter does. The formatter is made once, not once per date. Its class
/// is not in FoundationEssentials, which every platform without it (all but
/// Apple's) has, so it is compiled only for Apple platforms.
enum _ISO8601 {
    static func date(from string: String) -> Date? {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            return try? Date.ISO8601FormatStyle().parse(string)
        }
        #if canImport(FoundationEssentials)
        return nil  // Not reached: without Apple's availability, the check above always passes.
        #else
        return shared.withFormatter { $0.date(from: string) }
        #endif
    }

    static func string(from date: Date) -> String {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            return date.formatted(Date.ISO8601FormatStyle())
        }
        #if canImport(FoundationEssentials)
        return ""  // Not reached, as above.
        #else
        return shared.withFormatter { $0.string(from: date) }
        #endif
    }

    #if !canImport(FoundationEssentials)
    /// The formatter of the systems before swift-foundation's coders, made
    /// once (it costs far more to make than to use) and used under a lock,
    /// so that no caller depends on the class's thread safety.
    private static let shared = SharedFormatter()

    private final class SharedFormatter: @unchecked Sendable {
        private let lock = _Lock()
        private let formatter: ISO8601DateFormatter

        init() {
            formatter = ISO8601DateFormatter()
            formatter.formatOptions = .withInternetDateTime
        }

        func withFormatter<Result>(_ body: (ISO8601DateFormatter) -> Result) -> Result {
            lock.withLock { body(formatter) }
        }
    }
    #endif
}
