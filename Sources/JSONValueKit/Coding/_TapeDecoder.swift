#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Decoder` behind ``JSONValueDecoder/decode(_:from:)-(_,Data)``: it
/// reads a ``_JSONTape`` where ``_ValueDecoder`` reads a tree, with the same
/// results, errors and coding paths.
///
/// It serves the strict decoder with the default or the snake-case key
/// strategy, which is what nearly every app decodes with; a decoder with
/// tolerances or a custom key strategy decodes bytes through a tree. So do
/// objects read through a ``MappedCodingKey``: the tape hands their subtree
/// to a ``_ValueDecoder`` (see ``treeDecoder()``).
final class _TapeDecoder: Decoder {
    /// A key for an error's coding path, made only when an error needs it:
    /// most values decode, and wrapping a model's key in an existential for
    /// each of them was an eighth of decoding the citm_catalog.json model.
    typealias Key = () -> (any CodingKey)?

    let context: _TapeContext
    /// The context's tape, read through its pointers, and options, read
    /// without a retain: the context keeps them.
    let tape: _TapeView
    unowned(unsafe) let options: _DecodingOptions
    /// The entry of this decoder's value.
    @exclusivity(unchecked) private(set) var entry: Int
    /// This decoder's key in its parent's value: a member's key, or for an
    /// element, `nil` and the element's number in `index` (`-1` otherwise),
    /// whose key is made when a coding path needs it.
    @exclusivity(unchecked) private var key: (any CodingKey)?
    @exclusivity(unchecked) private var index = -1
    /// As for ``_ValueDecoder``: not retained while this decoder serves a
    /// call of the parent's `withChild`, which the parent outlives.
    private unowned(unsafe) let parent: _TapeDecoder?
    @exclusivity(unchecked) private var retainedParent: _TapeDecoder?
    /// How many decoders lead to this one.
    private let depth: Int
    /// A child that finished and that nothing else holds, for the next
    /// member or element.
    @exclusivity(unchecked) private var spare: _TapeDecoder?
    /// Whether this decoder serves a call of its parent's `withChild`, which
    /// lets it keep its keyed containers for the next value (see
    /// `_TapeDecoder+Keyed.swift`).
    @exclusivity(unchecked) var keepsContainers = false
    @exclusivity(unchecked) var keptContainers: [_KeptContainer] = []
    /// Whether a kept container was handed out for the current value.
    @exclusivity(unchecked) var containersOut = false

    // How keyed containers find names in this decoder's object; see
    // `_TapeDecoder+Keyed.swift`.

    /// The object the lookups are set up for, `-1` before the first.
    @exclusivity(unchecked) var namesObject = -1
    @exclusivity(unchecked) var namesConvert = false
    @exclusivity(unchecked) var memberCount = 0
    /// The entry after the object's last one.
    @exclusivity(unchecked) var namesEnd = 0
    /// The name entry and the number of the member where the next lookup
    /// starts.
    @exclusivity(unchecked) var hintEntry = 0
    @exclusivity(unchecked) var hintIndex = 0
    /// Whether two members have the same name (as converted): 0 while not
    /// known, 1 if not, 2 if so.
    @exclusivity(unchecked) var repeatedNames: UInt8 = 0
    /// With snake-case conversion, the converted names by member number,
    /// made when first needed: `nil` for a name that is its own conversion,
    /// or not converted yet (`convertedKnown`).
    @exclusivity(unchecked) var convertedNames: [String?] = []
    @exclusivity(unchecked) var convertedKnown: [Bool] = []
    /// Earlier objects of this decoder whose names were checked for
    /// repeats, up to four (see ``_ShapeMemo``): the objects of an array
    /// mostly have the same names in the same order, and a decoder that
    /// serves the members of each element serves a few such shapes in turn.
    @exclusivity(unchecked) var shapes: [_ShapeMemo] = []
    /// The memo that the next new shape replaces once there are four.
    @exclusivity(unchecked) var nextShape = 0
    /// The memo whose object has the names of `namesObject`, in order: `-1`
    /// for none, `-2` while not known.
    @exclusivity(unchecked) var shapeIndex = -2
    /// The memo of the last object that had one, compared first.
    @exclusivity(unchecked) var lastShape = 0
    /// The name entries of `namesObject`'s members, by member number, once
    /// `namesTableReady` (objects of more than four members, or with
    /// conversion: see ``makeNameTable(comparingWith:)``); the decoder deallocates them.
    @exclusivity(unchecked) var nameTable: UnsafeMutablePointer<Int>?
    @exclusivity(unchecked) var nameTableCapacity = 0
    @exclusivity(unchecked) var namesTableReady = false
    /// How many lookups this object had (see ``_ShapeMemo/order``).
    @exclusivity(unchecked) var lookupNumber = 0
    /// The member numbers where the lookups of the last object with the
    /// names of `namesObject` found their names, by lookup number: the
    /// shape memo's (`nil` while not known).
    @exclusivity(unchecked) var lookupOrder: UnsafeMutablePointer<Int32>?

    init(
        context: _TapeContext,
        entry: Int,
        key: (any CodingKey)?,
        index: Int = -1,
        parent: _TapeDecoder?,
        retainsParent: Bool = true
    ) {
        self.context = context
        tape = context.view
        options = context.options
        self.entry = entry
        self.key = key
        self.index = index
        self.parent = parent
        if retainsParent { retainedParent = parent }
        depth = parent.map { $0.depth &+ 1 } ?? 0
    }

    deinit {
        nameTable?.deallocate()
    }

    /// Decodes `type` from the tape's top-level value.
    static func decode<T: Decodable>(_ type: T.Type, from tape: _JSONTape, options: _DecodingOptions) throws -> T {
        let context = _TapeContext(tape: tape, options: options)
        let decoder = _TapeDecoder(context: context, entry: 0, key: nil, parent: nil)
        return try decoder.unwrap(0, as: T.self, key: { nil })
    }

    var codingPath: [any CodingKey] { path(appending: nil) }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// The coding path, built only when asked for.
    func path(appending last: (any CodingKey)?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        if let last { keys.append(last) }
        var node: _TapeDecoder? = self
        while let current = node {
            if current.index >= 0 {
                keys.append(_AnyCodingKey(index: current.index))
            } else if let key = current.key {
                keys.append(key)
            }
            node = current.parent
        }
        keys.reverse()
        return keys
    }

    /// A decoder for a member or an element of this decoder's value.
    func child(_ entry: Int, key: any CodingKey) -> _TapeDecoder {
        _TapeDecoder(context: context, entry: entry, key: key, parent: self)
    }

    /// Runs `body` with a decoder for a member (`index` is `-1`) or an
    /// element: the child that decoded the one before if nothing kept it,
    /// or a new one, as ``_ValueDecoder/withChild(_:key:_:)`` does.
    @inline(__always)
    func withChild<Result>(
        _ entry: Int, key: Key, index: Int, _ body: (_TapeDecoder) throws -> Result
    ) rethrows -> Result {
        var child: _TapeDecoder
        if let reused = spare.take() {
            reused.entry = entry
            reused.index = index
            // In place: an assignment went through `Optional`'s generic
            // value witness, a hundred instructions for each member.
            withUnsafeMutablePointer(to: &reused.key) { stored in
                stored.deinitialize(count: 1)
                stored.initialize(to: index >= 0 ? nil : key())
            }
            child = reused
        } else {
            child = _TapeDecoder(
                context: context, entry: entry, key: index >= 0 ? nil : key(), index: index, parent: self,
                retainsParent: false)
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
                child.retainedParent = self
            }
        }
        return try body(child)
    }

    /// A ``_ValueDecoder`` for this decoder's value, with the same coding
    /// path: the value is parsed again as a tree, with the text of its
    /// numbers kept, as decoding the whole text through a tree would have.
    func treeDecoder() -> _ValueDecoder {
        let (value, exactNumbers) = context.treeValue(entry)
        let options = exactNumbers.map { _DecodingOptions(context.options, exactNumbers: $0) } ?? context.options
        var node: _ValueDecoder?
        let keys = path(appending: nil)
        for key in keys.dropLast() {
            node = _ValueDecoder(value: .null, key: key, parent: node, options: options)
        }
        return _ValueDecoder(value: value, key: keys.last, parent: node, options: options)
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.kind(entry) == .object else {
            if tape.kind(entry) == .null {
                throw DecodingError.valueNotFound(
                    [String: Any].self,
                    context(nil, "Cannot get keyed decoding container -- found null value instead")
                )
            }
            throw mismatch([String: Any].self, entry, nil)
        }
        if options.mappedKeyTypes.value(for: Key.self, { Key.self is any MappedCodingKey.Type }) {
            // Paths other than a member's own name read the tree.
            return try treeDecoder().container(keyedBy: type)
        }
        prepareNames(entry, converts: options.convertsKeys)
        return keyedContainer(keyedBy: type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch tape.kind(entry) {
        case .array:
            return _TapeUnkeyedDecodingContainer(decoder: self)
        case .null:
            throw DecodingError.valueNotFound(
                [Any].self,
                context(nil, "Cannot get unkeyed decoding container -- found null value instead")
            )
        default:
            throw mismatch([Any].self, entry, nil)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        _TapeSingleValueDecodingContainer(decoder: self)
    }

    /// A member name, converted as the key strategy says (the default or
    /// snake case, the two the tape serves).
    func convertedName(_ name: String) -> String {
        options.convertsKeys ? options.camelCase(name) : name
    }

    // MARK: Errors

    func context(_ key: (any CodingKey)?, _ description: String) -> DecodingError.Context {
        DecodingError.Context(codingPath: path(appending: key), debugDescription: description)
    }

    func mismatch(_ type: Any.Type, _ entry: Int, _ key: (any CodingKey)?) -> DecodingError {
        if tape.kind(entry) == .null {
            return .valueNotFound(type, context(key, "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(
            type, context(key, "Expected to decode \(type) but found \(tape.kindDescription(entry)) instead."))
    }

    func mismatch(_ type: Any.Type, _ entry: Int, _ key: Key) -> DecodingError {
        mismatch(type, entry, key())
    }

    func context(_ key: Key, _ description: String) -> DecodingError.Context {
        context(key(), description)
    }

    // MARK: Unwrapping

    func unwrapBool(_ entry: Int, key: Key) throws -> Bool {
        switch tape.kind(entry) {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, entry, key)
        }
    }

    func unwrapString(_ entry: Int, key: Key) throws -> String {
        switch tape.kind(entry) {
        case .string, .escapedString: return tape.string(entry)
        default: throw mismatch(String.self, entry, key)
        }
    }

    func unwrapInteger<T: FixedWidthInteger>(_ entry: Int, as type: T.Type, key: Key) throws -> T {
        switch tape.kind(entry) {
        case .int:
            let int = Int(truncatingIfNeeded: Int64(bitPattern: tape.payload(entry)))
            if let exact = T(exactly: int) { return exact }
            throw DecodingError.dataCorrupted(context(key, "Number \(int) does not fit in \(T.self)."))
        case .double:
            let double = Double(bitPattern: tape.payload(entry))
            if context.isKept(entry) {
                let text = context.numberText(entry)
                if let exact = _ValueDecoder.exactInteger(fromNumberText: text, as: T.self) { return exact }
                throw DecodingError.dataCorrupted(context(key, "Number \(text) does not fit in \(T.self)."))
            }
            // As a tree's double (see _ValueDecoder.unwrapInteger).
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
            throw mismatch(T.self, entry, key)
        }
    }

    func unwrapFloatingPoint<T: BinaryFloatingPoint>(_ entry: Int, as type: T.Type, key: Key) throws
        -> T
    where T: LosslessStringConvertible {
        switch tape.kind(entry) {
        case .double:
            let double = Double(bitPattern: tape.payload(entry))
            if T.self == Double.self { return T(double) }
            if context.isKept(entry) {
                // The text, not the Double: Float(Double(text)) may round twice.
                let text = context.numberText(entry)
                guard let converted = T(text), converted.isFinite else {
                    throw DecodingError.dataCorrupted(context(key, "Number \(text) does not fit in \(T.self)."))
                }
                return converted
            }
            let converted = T(double)
            if converted.isInfinite && double.isFinite {
                throw DecodingError.dataCorrupted(
                    context(key, "Number \(JSONValue.double(double)) does not fit in \(T.self)."))
            }
            return converted
        case .int:
            return T(Int(truncatingIfNeeded: Int64(bitPattern: tape.payload(entry))))
        case .string, .escapedString:
            if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.floatStrategy {
                let string = tape.string(entry)
                if string == positiveInfinity { return .infinity }
                if string == negativeInfinity { return -.infinity }
                if string == nan { return .nan }
            }
            throw mismatch(T.self, entry, key)
        default:
            throw mismatch(T.self, entry, key)
        }
    }

    /// Decodes any type from the value at `entry`, which is this decoder's
    /// own when `key` gives `nil`, or its member at `key`, or its element
    /// number `index`.
    func unwrap<T: Decodable>(_ entry: Int, as type: T.Type, key: Key, index: Int = -1) throws -> T {
        if T.self == String.self { return try unwrapString(entry, key: key) as! T }
        if T.self == Int.self { return try unwrapInteger(entry, as: Int.self, key: key) as! T }
        if T.self == Double.self { return try unwrapFloatingPoint(entry, as: Double.self, key: key) as! T }
        if T.self == Bool.self { return try unwrapBool(entry, key: key) as! T }
        if T.self == Int64.self { return try unwrapInteger(entry, as: Int64.self, key: key) as! T }
        if T.self == JSONValue.self { return tape.value(entry) as! T }
        if T.self == JSONValue?.self { return JSONValue?.some(tape.value(entry)) as! T }
        if T.self == Date.self { return try unwrapDate(entry, key: key) as! T }
        if T.self == Data.self { return try unwrapData(entry, key: key) as! T }
        if T.self == URL.self { return try unwrapURL(entry, key: key) as! T }
        if T.self == Decimal.self { return try unwrapDecimal(entry, key: key) as! T }
        let kind = context.compositeKinds.value(for: T.self) { _TapeCompositeKind(of: T.self) }
        // Arrays and dictionaries of scalars in one loop, without a
        // decoder: one for their path only if an element fails.
        do throws(_TapeFallback) {
            switch kind {
            case .array(let array) where tape.kind(entry) == .array:
                return try array._decodeScalars(tape, entry, as: T.self)
            case .stringKeyedDictionary(let dictionary) where tape.kind(entry) == .object:
                return try dictionary._decodeScalars(tape, entry, as: T.self)
            default:
                break
            }
        } catch {}
        // (Only this decoder's own value is at its own entry: a member or an
        // element is after it.)
        if index < 0 && entry == self.entry { return try decodeComposite(entry, as: type, kind, with: self) }
        return try withChild(entry, key: key, index: index) { try decodeComposite(entry, as: type, kind, with: $0) }
    }

    /// Decodes a type that is not a scalar, whose kind is `kind`, with
    /// `decoder`, whose value is at `entry`.
    private func decodeComposite<T: Decodable>(
        _ entry: Int, as type: T.Type, _ kind: _TapeCompositeKind, with decoder: _TapeDecoder
    ) throws -> T {
        switch kind {
        case .array(let array):
            guard tape.kind(entry) == .array else { break }
            return try _StackExtension.run(depth: decoder.depth) {
                try array._decode(from: decoder, as: T.self)
            }
        case .stringKeyedDictionary(let dictionary):
            // Like JSONDecoder, the keys of [String: T] are not converted.
            return try dictionary._decode(from: decoder, as: T.self)
        case .other:
            break
        }
        return try _StackExtension.run(depth: decoder.depth) { try T(from: decoder) }
    }

    private func unwrapDate(_ entry: Int, key: Key) throws -> Date {
        let decoder = key().map { child(entry, key: $0) } ?? self
        switch options.dateStrategy {
        case .deferredToDate:
            return try Date(from: decoder)
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloatingPoint(entry, as: Double.self, key: key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloatingPoint(entry, as: Double.self, key: key) / 1000)
        case .iso8601:
            let string = try unwrapString(entry, key: key)
            guard let date = _ISO8601.date(from: string) else {
                throw DecodingError.dataCorrupted(context(key, "Expected date string to be ISO8601-formatted."))
            }
            return date
        #if canImport(Darwin)
        case .formatted(let formatter):
            let string = try unwrapString(entry, key: key)
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

    private func unwrapData(_ entry: Int, key: Key) throws -> Data {
        let decoder = key().map { child(entry, key: $0) } ?? self
        switch options.dataStrategy {
        case .deferredToData:
            return try Data(from: decoder)
        case .base64:
            let string = try unwrapString(entry, key: key)
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

    private func unwrapURL(_ entry: Int, key: Key) throws -> URL {
        let string = try unwrapString(entry, key: key)
        guard let url = URL(string: string) else {
            throw DecodingError.dataCorrupted(context(key, "Invalid URL string."))
        }
        return url
    }

    private func unwrapDecimal(_ entry: Int, key: Key) throws -> Decimal {
        switch tape.kind(entry) {
        case .int:
            return Decimal(Int(truncatingIfNeeded: Int64(bitPattern: tape.payload(entry))))
        case .double:
            if context.isKept(entry) {
                let text = context.numberText(entry)
                guard let decimal = Decimal(string: text) else {
                    throw DecodingError.dataCorrupted(context(key, "Number \(text) does not fit in Decimal."))
                }
                return decimal
            }
            let value = JSONValue.double(Double(bitPattern: tape.payload(entry)))
            guard case .double(let double) = value, double.isFinite, let decimal = Decimal(string: value.description)
            else {
                throw DecodingError.dataCorrupted(context(key, "Number \(value) does not fit in Decimal."))
            }
            return decimal
        default:
            throw mismatch(Decimal.self, entry, key)
        }
    }
}

/// What one decode from a tape shares: the tape, the options and what is
/// memoized about types.
final class _TapeContext {
    let tape: _JSONTape
    /// The tape, read through its pointers.
    let view: _TapeView
    let options: _DecodingOptions
    /// Which types are arrays or string-keyed dictionaries; one thread
    /// decodes at a time.
    @exclusivity(unchecked) var compositeKinds = _TypeMemo<_TapeCompositeKind>()

    init(tape: _JSONTape, options: _DecodingOptions) {
        self.tape = tape
        view = tape.view
        self.options = options
    }

    /// The text of the number at `entry`.
    func numberText(_ entry: Int) -> String {
        String(decoding: view.numberText(entry), as: UTF8.self)
    }

    /// Whether a parse that keeps the text of numbers would have kept this
    /// double's (see ``_ExactNumbers``): an integer beyond `Int`, more than
    /// 15 significant digits, or a magnitude of 2⁵³ or more. The types that
    /// need more than a `Double` holds read such a number from its text.
    func isKept(_ entry: Int) -> Bool {
        let value = Double(bitPattern: view.payload(entry))
        if value.magnitude >= 0x1p53 { return true }
        let text = view.numberText(entry)
        var digits = 0
        var leading = true
        for byte in text {
            switch byte {
            case UInt8(ascii: "0"):
                if !leading { digits &+= 1 }
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                leading = false
                digits &+= 1
            case UInt8(ascii: "-"), UInt8(ascii: "."):
                continue
            default:
                // The exponent: the digits are counted.
                return digits > 15
            }
        }
        // Without a fraction or exponent, a double is an integer beyond Int.
        return digits > 15 || !text.contains(UInt8(ascii: "."))
    }

    /// The value at `entry` as a tree whose inexact numbers are boxed, with
    /// their text beside it, as ``JSONValueDecoder`` parses bytes for a
    /// tree.
    func treeValue(_ entry: Int) -> (JSONValue, _ExactNumbers?) {
        switch view.kind(entry) {
        case .array, .object:
            // Where the value ends, then the value again with its numbers.
            var parser = _JSONParser(
                base: view.text, count: view.textCount, options: JSONValue.ParsingOptions(), exactNumbers: nil)
            parser.position = view.offset(entry)
            _ = try? parser.parseValue()
            let bytes = UnsafeBufferPointer(
                start: view.text + view.offset(entry), count: parser.position &- view.offset(entry))
            var exactNumbers: _ExactNumbers? = _ExactNumbers()
            let value =
                (try? _JSONParser.parse(bytes, options: JSONValue.ParsingOptions(), exactNumbers: &exactNumbers))
            return (value ?? .null, exactNumbers?.isEmpty == false ? exactNumbers : nil)
        default:
            return (view.value(entry), nil)
        }
    }
}

/// What ``_TapeDecoder`` does with a type that is not a scalar, memoized per
/// decode: as ``_CompositeKind``, for the tape.
enum _TapeCompositeKind {
    case array(any _TapeArrayDecodable.Type)
    case stringKeyedDictionary(any _TapeStringKeyedDictionaryDecodable.Type)
    case other

    init(of type: Any.Type) {
        if let array = type as? any _TapeArrayDecodable.Type {
            self = .array(array)
        } else if let dictionary = type as? any _TapeStringKeyedDictionaryDecodable.Type {
            self = .stringKeyedDictionary(dictionary)
        } else {
            self = .other
        }
    }
}

/// `[Element]`, decoded from an array's entries without an unkeyed
/// container, as ``_ArrayDecodable`` does from a tree.
protocol _TapeArrayDecodable {
    /// Decodes the array that is `decoder`'s value, returned as `type`,
    /// which is `Self`.
    static func _decode<T>(from decoder: _TapeDecoder, as type: T.Type) throws -> T

    /// The array at `entry`, returned as `type`, which is `Self`, if it is
    /// empty or its elements are `Int`, `Int64`, `Double`, `String` or `Bool` values
    /// of that kind; ``_TapeFallback`` otherwise, for
    /// ``_decode(from:as:)`` to decode it (and to make the error). (Not an
    /// optional: a generic `T?` looked up the metadata of `Optional<T>`.)
    static func _decodeScalars<T>(_ tape: _TapeView, _ entry: Int, as type: T.Type) throws(_TapeFallback) -> T
}

extension Array: _TapeArrayDecodable where Element: Decodable {
    static func _decodeScalars<T>(_ tape: _TapeView, _ entry: Int, as type: T.Type) throws(_TapeFallback) -> T {
        let count = tape.count(entry)
        guard count > 0 else { return _sameTapeType([Element](), as: T.self) }
        // Scalars take one entry each.
        let first = entry &+ 1
        if Element.self == Int.self {
            var integers: [Int] = []
            integers.reserveCapacity(count)
            for element in first..<(first &+ count) {
                guard tape.kind(element) == .int else { throw _TapeFallback() }
                integers.append(Int(truncatingIfNeeded: tape.integer(element)))
            }
            return _sameTapeType(integers, as: T.self)
        }
        if Element.self == Int64.self {
            // Ids, often declared as Int64.
            var integers: [Int64] = []
            integers.reserveCapacity(count)
            for element in first..<(first &+ count) {
                guard tape.kind(element) == .int else { throw _TapeFallback() }
                integers.append(tape.integer(element))
            }
            return _sameTapeType(integers, as: T.self)
        }
        if Element.self == Double.self {
            var doubles: [Double] = []
            doubles.reserveCapacity(count)
            for element in first..<(first &+ count) {
                switch tape.kind(element) {
                case .double: doubles.append(Double(bitPattern: tape.payload(element)))
                case .int: doubles.append(Double(Int(truncatingIfNeeded: tape.integer(element))))
                default: throw _TapeFallback()
                }
            }
            return _sameTapeType(doubles, as: T.self)
        }
        if Element.self == String.self {
            var strings: [String] = []
            strings.reserveCapacity(count)
            for element in first..<(first &+ count) {
                switch tape.kind(element) {
                case .string, .escapedString: strings.append(tape.string(element))
                default: throw _TapeFallback()
                }
            }
            return _sameTapeType(strings, as: T.self)
        }
        if Element.self == Bool.self {
            var booleans: [Bool] = []
            booleans.reserveCapacity(count)
            for element in first..<(first &+ count) {
                switch tape.kind(element) {
                case .true: booleans.append(true)
                case .false: booleans.append(false)
                default: throw _TapeFallback()
                }
            }
            return _sameTapeType(booleans, as: T.self)
        }
        throw _TapeFallback()
    }

    static func _decode<T>(from decoder: _TapeDecoder, as type: T.Type) throws -> T {
        let tape = decoder.tape
        let count = tape.count(decoder.entry)
        var entry = decoder.entry &+ 1
        // One loop per common element type, without a cast per element.
        if Element.self == Int.self {
            var integers: [Int] = []
            integers.reserveCapacity(count)
            for index in 0..<count {
                if tape.kind(entry) == .int, let integer = Int(exactly: Int64(bitPattern: tape.payload(entry))) {
                    integers.append(integer)
                } else {
                    integers.append(
                        try decoder.unwrapInteger(entry, as: Int.self, key: { _AnyCodingKey(index: index) }))
                }
                entry = tape.next(entry)
            }
            return _sameTapeType(integers, as: T.self)
        }
        if Element.self == Double.self {
            var doubles: [Double] = []
            doubles.reserveCapacity(count)
            for index in 0..<count {
                if tape.kind(entry) == .double {
                    doubles.append(Double(bitPattern: tape.payload(entry)))
                } else {
                    doubles.append(
                        try decoder.unwrapFloatingPoint(entry, as: Double.self, key: { _AnyCodingKey(index: index) }))
                }
                entry = tape.next(entry)
            }
            return _sameTapeType(doubles, as: T.self)
        }
        if Element.self == String.self {
            var strings: [String] = []
            strings.reserveCapacity(count)
            for index in 0..<count {
                strings.append(try decoder.unwrapString(entry, key: { _AnyCodingKey(index: index) }))
                entry = tape.next(entry)
            }
            return _sameTapeType(strings, as: T.self)
        }
        var result: [Element] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            result.append(
                try decoder.unwrap(entry, as: Element.self, key: { _AnyCodingKey(index: index) }, index: index))
            entry = tape.next(entry)
        }
        return _sameTapeType(result, as: T.self)
    }
}

/// What the fast paths of arrays and dictionaries of scalars throw when a
/// value needs the full decoder (for its conversion or its error).
struct _TapeFallback: Error {}

/// `value` as `type`, which is its own type: the callers are the
/// conformances of `type` itself (see ``_TapeCompositeKind``), so that
/// comparing the types, which looked up the metadata of `[Element]` on
/// every call, is not needed.
@inline(__always)
private func _sameTapeType<Value, T>(_ value: Value, as type: T.Type) -> T {
    unsafeBitCast(value, to: T.self)
}

/// `[String: Value]`, decoded from an object's entries without converting
/// keys.
protocol _TapeStringKeyedDictionaryDecodable {
    /// Decodes the dictionary that is `decoder`'s value, returned as
    /// `type`, which is `Self`.
    static func _decode<T>(from decoder: _TapeDecoder, as type: T.Type) throws -> T

    /// The dictionary of the object at `entry`, returned as `type`, which
    /// is `Self`, if the object is empty, or has no repeated name and its
    /// values are `String`, `Int`, `Double` or `Bool` values of that kind;
    /// ``_TapeFallback`` otherwise, for ``_decode(from:as:)``.
    static func _decodeScalars<T>(_ tape: _TapeView, _ entry: Int, as type: T.Type) throws(_TapeFallback) -> T
}

extension Dictionary: _TapeStringKeyedDictionaryDecodable where Key == String, Value: Decodable {
    static func _decodeScalars<T>(_ tape: _TapeView, _ entry: Int, as type: T.Type) throws(_TapeFallback) -> T {
        let count = tape.count(entry)
        guard count > 0 else { return _sameTapeType([String: Value](), as: T.self) }
        guard
            Value.self == String.self || Value.self == Int.self || Value.self == Double.self || Value.self == Bool.self
        else { throw _TapeFallback() }
        // With a repeated name, only the last value counts, and a tree
        // decodes only that one.
        guard !tape.hasRepeatedNames(entry, converts: false, name: { name, _ in tape.string(name) }) else {
            throw _TapeFallback()
        }
        /// The members read by `read`, which gives `nil` for a value of
        /// another kind.
        func members<Scalar>(_ read: (Int) -> Scalar?) throws(_TapeFallback) -> T {
            var result: [String: Scalar] = [:]
            result.reserveCapacity(count)
            var name = entry &+ 1
            for _ in 0..<count {
                // Scalars take one entry each.
                guard let value = read(name &+ 1) else { throw _TapeFallback() }
                result[tape.string(name)] = value
                name &+= 2
            }
            return _sameTapeType(result, as: T.self)
        }
        if Value.self == String.self {
            return try members { value -> String? in
                switch tape.kind(value) {
                case .string, .escapedString: return tape.string(value)
                default: return nil
                }
            }
        }
        if Value.self == Int.self {
            return try members { value -> Int? in
                tape.kind(value) == .int ? Int(truncatingIfNeeded: tape.integer(value)) : nil
            }
        }
        if Value.self == Double.self {
            return try members { value -> Double? in
                switch tape.kind(value) {
                case .double: return Double(bitPattern: tape.payload(value))
                case .int: return Double(Int(truncatingIfNeeded: tape.integer(value)))
                default: return nil
                }
            }
        }
        return try members { value -> Bool? in
            switch tape.kind(value) {
            case .true: return true
            case .false: return false
            default: return nil
            }
        }
    }

    static func _decode<T>(from decoder: _TapeDecoder, as type: T.Type) throws -> T {
        let tape = decoder.tape
        let object = decoder.entry
        guard tape.kind(object) == .object else {
            throw decoder.mismatch([String: Value].self, object, nil)
        }
        let count = tape.count(object)
        decoder.prepareNames(object, converts: false)
        if decoder.hasRepeatedNames() {
            return try _decodeRepeatedNames(from: decoder, as: T.self)
        }
        var entry = object &+ 1
        if Value.self == String.self {
            // One loop without a cast per member.
            var strings: [String: String] = [:]
            strings.reserveCapacity(count)
            for _ in 0..<count {
                let name = tape.string(entry)
                strings[name] = try decoder.unwrapString(entry &+ 1, key: { _AnyCodingKey(name) })
                entry = tape.next(entry &+ 1)
            }
            return _sameTapeType(strings, as: T.self)
        }
        var result: [String: Value] = [:]
        result.reserveCapacity(count)
        for _ in 0..<count {
            let name = tape.string(entry)
            result[name] = try decoder.unwrap(entry &+ 1, as: Value.self, key: { _AnyCodingKey(name) })
            entry = tape.next(entry &+ 1)
        }
        return _sameTapeType(result, as: T.self)
    }

    /// Decodes an object with repeated names as a tree has it: each name
    /// once, at its first position, with its last value.
    private static func _decodeRepeatedNames<T>(from decoder: _TapeDecoder, as type: T.Type) throws -> T {
        let tape = decoder.tape
        // The value entries by name, in order; the object compares names by
        // their scalars, as a parse does.
        var members = JSONObject()
        var entry = decoder.entry &+ 1
        for _ in 0..<tape.count(decoder.entry) {
            let name = tape.string(entry)
            if let index = members.index(forKey: name) {
                members[valueAt: index] = .int(entry &+ 1)
            } else {
                members.append(name, .int(entry &+ 1))
            }
            entry = tape.next(entry &+ 1)
        }
        var result: [String: Value] = [:]
        result.reserveCapacity(members.count)
        for (name, value) in members {
            guard case .int(let valueEntry) = value else { continue }
            result[name] = try decoder.unwrap(valueEntry, as: Value.self, key: { _AnyCodingKey(name) })
        }
        return _sameTapeType(result, as: T.self)
    }
}
