/// Writes a `JSONValue` as UTF-8 JSON text.
///
/// Recursive for the first levels and iterative below them, so that the
/// machine stack it uses is bounded at any depth; the depth is checked
/// against a limit before each level. The path to a failure is collected
/// while the error unwinds and read off the iterative writer's frames, so the
/// success path pays nothing for it.
struct _JSONWriter: ~Copyable {
    /// A failure on its way up; each level adds its path component.
    struct Failure: _PathCollectingFailure {
        enum Reason {
            case nonFiniteNumber(Double)
            case nestingTooDeep(Int)
        }

        var reason: Reason
        var reversedPath: [_PathComponent] = []

        var publicError: JSONWritingError {
            let path = _pointer(reversed: reversedPath)
            switch reason {
            case .nonFiniteNumber(let number): return JSONWritingError(.nonFiniteNumber(number), at: path)
            case .nestingTooDeep(let limit): return JSONWritingError(.nestingTooDeep(limit: limit), at: path)
            }
        }
    }

    var output: _ByteBuffer
    private let pretty: Bool
    private let sortKeys: Bool
    private let escapeSlashes: Bool
    private let depthLimit: Int
    /// Writes a non-finite double in JSON5's spelling (`Infinity`,
    /// `-Infinity`, `NaN`) instead of failing (for `description`).
    private let nonFiniteAsJSON5: Bool
    /// The sort keys of the members of the objects that ``writeSorted(_:depth:)``
    /// is writing, the innermost last: one buffer for all of them, which
    /// each object extends and gives back.
    private var sortEntries: [_ScalarOrderEntry] = []
    /// The order of the members of the last object that
    /// ``writeSorted(_:depth:)`` sorted, one per count of members modulo
    /// ``recentOrderSlots`` (empty until the first sort).
    ///
    /// Objects of one kind (the users of a timeline, the events of a
    /// catalog) repeat their names in the same order, so the order of the
    /// last one is checked, in one comparison per member, before a sort.
    private var recentOrders: [[Int]] = []
    private static var recentOrderSlots: Int { 64 }

    init(options: JSONValue.WritingOptions, depthLimit: Int, nonFiniteAsJSON5: Bool = false, capacity: Int = 1024) {
        output = _ByteBuffer(capacity: capacity)
        pretty = options.contains(.prettyPrinted)
        sortKeys = options.contains(.sortedKeys)
        escapeSlashes = options.contains(.escapingSlashes)
        self.depthLimit = depthLimit
        self.nonFiniteAsJSON5 = nonFiniteAsJSON5
    }

    /// The byte besides those JSON requires that strings escape, in each of
    /// a word's eight bytes: `/` with `.escapingSlashes`, otherwise `"`,
    /// which is escaped anyway.
    private var slashes: UInt64 {
        escapeSlashes ? _repeating(UInt8(ascii: "/")) : _repeating(UInt8(ascii: "\""))
    }

    /// How deep `write` recurses before it hands the rest of a value to
    /// `writeNested`: recursion is the fastest way through ordinary
    /// documents (the iterative writer alone was 20-25% slower on the three
    /// corpus files), and 16 levels take little stack even in a debug build.
    static let recursionLimit = 16

    /// Writes `value`, which `depth` containers enclose.
    mutating func write(_ value: borrowing JSONValue, depth: Int = 0) throws(Failure) {
        try withUnsafePointer(to: value) { (value) throws(Failure) in try write(at: value, depth: depth) }
    }

    /// Writes the value at `value`, which `depth` containers enclose.
    ///
    /// The recursion passes pointers into the tree, not values: the compiler
    /// copies a value read from memory before passing it to a call that may
    /// release memory, and every call here may (it grows the output). Passing
    /// values retained and released every container and member name on the
    /// way down: citm_catalog.json went from 520 µs to 473 µs with pointers to
    /// values, and to 428 µs with pointers to names. The tree does not change
    /// or go away while it is written, so the pointers stay valid.
    private mutating func write(at value: UnsafePointer<JSONValue>, depth: Int) throws(Failure) {
        switch value.pointee {
        case .null:
            output.append("null")
        case .bool(let value):
            output.append(value ? "true" : "false")
        case .int(let value):
            writeInteger(value)
        case .double(let value):
            guard writeDouble(value) else { throw Failure(reason: .nonFiniteNumber(value)) }
        case .string:
            writeString(in: value)
        case .array(let elements):
            if depth >= Self.recursionLimit { return try writeNested(value.pointee, depth: depth) }
            try writeElements(elements.unsafeElements, depth: depth)
        case .object(let members):
            if depth >= Self.recursionLimit { return try writeNested(value.pointee, depth: depth) }
            if sortKeys { return try writeSorted(members.unsafeMembers, depth: depth) }
            try writeMembers(members.unsafeMembers, depth: depth)
        }
    }

    private mutating func writeElements(_ elements: UnsafeBufferPointer<JSONValue>, depth: Int) throws(Failure) {
        guard depth < depthLimit else { throw Failure(reason: .nestingTooDeep(depthLimit)) }
        output.append(UInt8(ascii: "["))
        guard let base = elements.baseAddress, !elements.isEmpty else {
            output.append(UInt8(ascii: "]"))
            return
        }
        for index in 0..<elements.count {
            writeSeparator(before: index, depth: depth)
            do {
                try write(at: base + index, depth: depth + 1)
            } catch {
                throw error.adding(.index(index))
            }
        }
        if pretty { writeNewline(indent: depth) }
        output.append(UInt8(ascii: "]"))
    }

    /// Writes an object's members in their order.
    private mutating func writeMembers(_ members: UnsafeBufferPointer<_ObjectMember>, depth: Int) throws(Failure) {
        guard depth < depthLimit else { throw Failure(reason: .nestingTooDeep(depthLimit)) }
        output.append(UInt8(ascii: "{"))
        guard let base = members.baseAddress, !members.isEmpty else {
            output.append(UInt8(ascii: "}"))
            return
        }
        for index in 0..<members.count {
            writeName(at: _ObjectMember.key(of: base + index), position: index, depth: depth)
            do {
                try write(at: _ObjectMember.value(of: base + index), depth: depth + 1)
            } catch {
                throw error.adding(.key(base[index].key))
            }
        }
        if pretty { writeNewline(indent: depth) }
        output.append(UInt8(ascii: "}"))
    }

    /// Writes an object's members in the order of their names' scalars
    /// (`.sortedKeys`).
    ///
    /// Members already in that order (an object made from a dictionary or
    /// written by a sorting writer) are written as they are; others are
    /// sorted by their positions in ``sortEntries``, and written through
    /// pointers, as ``writeMembers(_:depth:)`` does. Against sorting a new
    /// array of the names for each object and copying each member out,
    /// writing citm_catalog.json with sorted keys went from 35.7 to 11.7
    /// million instructions (8.8 million without sorting), and twitter.json
    /// from 14.3 to 8.4 million (4.6 million without).
    private mutating func writeSorted(_ members: UnsafeBufferPointer<_ObjectMember>, depth: Int) throws(Failure) {
        guard let base = members.baseAddress, members.count > 1, !Self.isInScalarOrder(base, count: members.count)
        else { return try writeMembers(members, depth: depth) }
        guard depth < depthLimit else { throw Failure(reason: .nestingTooDeep(depthLimit)) }
        let count = members.count
        let start = sortEntries.count
        defer { sortEntries.removeSubrange(start...) }
        if !appendRecentOrder(of: base, count: count) {
            for index in 0..<count {
                sortEntries.append(_ScalarOrderEntry(_ObjectMember.key(of: base + index).pointee, index: index))
            }
            sortEntries.withUnsafeMutableBufferPointer { entries in
                _sortInScalarOrder(UnsafeMutableBufferPointer(rebasing: entries[start...])) {
                    _utf8Order(_ObjectMember.key(of: base + $0).pointee, _ObjectMember.key(of: base + $1).pointee)
                }
            }
            let slot = count % Self.recentOrderSlots
            recentOrders[slot].removeAll(keepingCapacity: true)
            for position in 0..<count { recentOrders[slot].append(sortEntries[start &+ position].index) }
        }
        output.append(UInt8(ascii: "{"))
        for position in 0..<count {
            let index = sortEntries[start &+ position].index
            writeName(at: _ObjectMember.key(of: base + index), position: position, depth: depth)
            do {
                try write(at: _ObjectMember.value(of: base + index), depth: depth + 1)
            } catch {
                throw error.adding(.key(base[index].key))
            }
        }
        if pretty { writeNewline(indent: depth) }
        output.append(UInt8(ascii: "}"))
    }

    /// Appends to ``sortEntries`` the `count` members at `members` in the
    /// order that ``recentOrders`` remembers for objects of that size, if
    /// their names are in the order of their scalars in it, and returns
    /// whether they were (otherwise it appends nothing).
    ///
    /// Each name in that order must come before the next, by
    /// ``_ScalarOrderEntry/precedes(_:_:)``, a strict total order on names
    /// and positions: a permutation that passes is the only sorted one, the
    /// one a sort would give. Writing twitter.json with sorted keys went
    /// from 8.4 to 7.6 million instructions (4.6 million without sorting).
    private mutating func appendRecentOrder(of members: UnsafePointer<_ObjectMember>, count: Int) -> Bool {
        if recentOrders.isEmpty { recentOrders = Array(repeating: [], count: Self.recentOrderSlots) }
        let order = recentOrders[count % Self.recentOrderSlots]
        guard order.count == count else { return false }
        let start = sortEntries.count
        var previous = _ScalarOrderEntry(_ObjectMember.key(of: members + order[0]).pointee, index: order[0])
        sortEntries.append(previous)
        for position in 1..<count {
            let index = order[position]
            let next = _ScalarOrderEntry(_ObjectMember.key(of: members + index).pointee, index: index)
            let inOrder = previous.precedes(next) {
                _utf8Order(_ObjectMember.key(of: members + $0).pointee, _ObjectMember.key(of: members + $1).pointee)
            }
            guard inOrder else {
                sortEntries.removeSubrange(start...)
                return false
            }
            sortEntries.append(next)
            previous = next
        }
        return true
    }

    /// Whether the names of the `count` members at `members` are in the
    /// order of their scalars already, each before the next.
    private static func isInScalarOrder(_ members: UnsafePointer<_ObjectMember>, count: Int) -> Bool {
        var previous = _ScalarOrderEntry(_ObjectMember.key(of: members).pointee, index: 0)
        for index in 1..<count {
            let next = _ScalarOrderEntry(_ObjectMember.key(of: members + index).pointee, index: index)
            let inOrder = previous.precedes(next) {
                _utf8Order(_ObjectMember.key(of: members + $0).pointee, _ObjectMember.key(of: members + $1).pointee)
            }
            guard inOrder else { return false }
            previous = next
        }
        return true
    }

    /// Writes the comma and the line break, if pretty-printing, before the
    /// element or member at `position` of a container that `depth`
    /// containers enclose.
    @inline(__always)
    private mutating func writeSeparator(before position: Int, depth: Int) {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { writeNewline(indent: depth + 1) }
    }

    /// Writes what separates a member's name from its value.
    @inline(__always)
    private mutating func writeColon() {
        if pretty {
            output.append(" : ")
        } else {
            output.append(UInt8(ascii: ":"))
        }
    }

    /// Writes `root`, which `baseDepth` containers enclose, however deep it
    /// nests.
    ///
    /// Iterative, not recursive: the arrays and objects that enclose the one
    /// being written wait on an explicit stack, so the machine stack stays the
    /// same at any depth, and the stack itself gives the path of a failure.
    private mutating func writeNested(_ root: JSONValue, depth baseDepth: Int) throws(Failure) {
        var enclosing: [Frame] = []
        guard var current = try open(root, depth: baseDepth, path: { [] }) else { return }
        while true {
            // The next elements or members of the innermost container, up to
            // the next nested container; scalars are written in these loops
            // without a round through `open`.
            var nested: JSONValue? = nil
            if !current.isObject {
                // Arrays: a tight loop over the elements.
                var index = current.written
                while index < current.elements.count {
                    let element = current.elements[index]
                    index &+= 1
                    if index > 1 { output.append(UInt8(ascii: ",")) }
                    if pretty { writeNewline(indent: baseDepth &+ enclosing.count &+ 1) }
                    if case .double(let double) = element {
                        if writeDouble(double) { continue }
                        current.written = index
                        enclosing.append(current)
                        throw failure(.nonFiniteNumber(double), enclosing)
                    }
                    if !writeScalar(element) {
                        nested = element
                        break
                    }
                }
                current.written = index
            } else {
                while let (key, value) = current.nextMember() {
                    if current.written > 1 { output.append(UInt8(ascii: ",")) }
                    if pretty { writeNewline(indent: baseDepth &+ enclosing.count &+ 1) }
                    writeString(key)
                    writeColon()
                    if case .double(let double) = value {
                        if writeDouble(double) { continue }
                        enclosing.append(current)
                        throw failure(.nonFiniteNumber(double), enclosing)
                    }
                    if !writeScalar(value) {
                        nested = value
                        break
                    }
                }
            }
            if let nested {
                // Frames move between `current` and `enclosing` by swapping,
                // not copying, which would retain and release each field.
                let depth = baseDepth &+ enclosing.count &+ 1
                guard var frame = try open(nested, depth: depth, path: { enclosing + [current] }) else { continue }
                swap(&current, &frame)
                enclosing.append(frame)
                continue
            }
            // The innermost container ends.
            if pretty { writeNewline(indent: baseDepth &+ enclosing.count) }
            output.append(UInt8(ascii: current.isObject ? "}" : "]"))
            guard let outer = enclosing.popLast() else { return }
            current = outer
        }
    }

    /// Writes a value that is not a container, or opens one: writes its
    /// opening bracket and returns its frame, unless it is empty.
    /// `depth` containers enclose `value`; `path` gives the frames that lead
    /// to it, for an error.
    private mutating func open(_ value: JSONValue, depth: Int, path: () -> [Frame]) throws(Failure) -> Frame? {
        switch value {
        case .array(let elements):
            if elements.isEmpty {
                output.append("[]")
                return nil
            }
            guard depth < depthLimit else { throw failure(.nestingTooDeep(depthLimit), path()) }
            output.append(UInt8(ascii: "["))
            return Frame(elements)
        case .object(let members):
            if members.isEmpty {
                output.append("{}")
                return nil
            }
            guard depth < depthLimit else { throw failure(.nestingTooDeep(depthLimit), path()) }
            output.append(UInt8(ascii: "{"))
            return Frame(members, sorted: sortKeys)
        case .double(let double):
            guard writeDouble(double) else { throw failure(.nonFiniteNumber(double), path()) }
            return nil
        default:
            writeScalar(value)
            return nil
        }
    }

    /// Writes `null`, a Boolean, an integer or a string; `false` for any
    /// other value, which it leaves to the caller.
    @inline(__always)
    @discardableResult
    private mutating func writeScalar(_ value: JSONValue) -> Bool {
        switch value {
        case .null: output.append("null")
        case .bool(let value): output.append(value ? "true" : "false")
        case .int(let value): writeInteger(value)
        case .string(let value): writeString(value)
        case .double, .array, .object: return false
        }
        return true
    }

    /// An array or object being written.
    private struct Frame {
        let elements: [JSONValue]
        private let members: JSONObject
        /// The members' indices in key order, with `sortedKeys`.
        private let order: [Int]?
        let isObject: Bool
        /// How many elements or members have been handed out.
        var written = 0

        init(_ elements: [JSONValue]) {
            self.elements = elements
            members = JSONObject()
            order = nil
            isObject = false
        }

        init(_ members: JSONObject, sorted: Bool) {
            elements = []
            self.members = members
            order =
                sorted && members.count > 1
                ? _scalarOrder(of: members.keys)
                : nil
            isObject = true
        }

        /// The next member of an object, if any.
        @inline(__always)
        mutating func nextMember() -> (key: String, value: JSONValue)? {
            if let order {
                guard written < order.count else { return nil }
                written &+= 1
                return members[order[written &- 1]]
            }
            guard written < members.count else { return nil }
            written &+= 1
            return members[written &- 1]
        }

        /// The path component of the last value handed out.
        var lastComponent: _PathComponent {
            if !isObject { return .index(written &- 1) }
            if let order { return .key(members[order[written &- 1]].key) }
            return .key(members[written &- 1].key)
        }
    }

    /// The failure for the value that the innermost of `frames` returned
    /// last.
    private func failure(_ reason: Failure.Reason, _ frames: [Frame]) -> Failure {
        Failure(reason: reason, reversedPath: frames.reversed().map { $0.lastComponent })
    }

    private mutating func writeNewline(indent: Int) {
        output.reserve(1 + 2 * indent)
        output.appendUnchecked(UInt8(ascii: "\n"))
        for _ in 0..<(2 * indent) { output.appendUnchecked(UInt8(ascii: " ")) }
    }

    mutating func writeInteger(_ value: Int) {
        output.appendInPlace(maximum: 20) { destination in
            let magnitude = UInt64(value.magnitude)
            let sign = value < 0 ? 1 : 0
            destination[0] = UInt8(ascii: "-")
            let count = sign &+ _decimalDigitCount(magnitude)
            _writeDigits(magnitude, endingAt: destination + count)
            return count
        }
    }

    /// Writes a double; `false` if it is not finite and cannot be written.
    mutating func writeDouble(_ value: Double) -> Bool {
        guard value.isFinite else {
            guard nonFiniteAsJSON5 else { return false }
            output.append(value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity")
            return true
        }
        // The shortest digits that read back to the same bits, always with a
        // fraction or an exponent (`10.0`, `1e-05`, `5e-324`) as the standard
        // library prints them, which is valid JSON as it is. The digits go
        // straight into the output: copying them out of a stack buffer after
        // the call stalled on store forwarding, 20% of writing canada.json.
        output.appendInPlace(maximum: _ASCIISink.capacity) { destination in
            if let count = _writeShortest(value, to: destination) { return count }
            var sink = _ASCIISink(destination: destination)
            value.write(to: &sink)
            return sink.count
        }
        return true
    }

    /// Writes the string at `string`, in place.
    ///
    /// The output grows first, by what the string's length can need, and
    /// only then are its bytes read: nothing between reading and writing them
    /// can release memory, so the string is read without a copy (see
    /// ``write(at:depth:)``), where growing the output while the bytes were
    /// in hand retained and released every string longer than 15 bytes.
    private mutating func writeString(at string: UnsafePointer<String>) {
        let written = writeQuotedInPlace(count: string.pointee.utf8.count) { destination, slashes in
            string.pointee.utf8.withContiguousStorageIfAvailable {
                Self.quoted($0, into: destination, slashes: slashes)
            }
        }
        if !written { writeString(string.pointee) }
    }

    /// Writes the name at `name` of the member at `position` of an object,
    /// with what goes before and after it. Compact, the comma, the name and
    /// the colon take one reservation in place, not three.
    private mutating func writeName(at name: UnsafePointer<String>, position: Int, depth: Int) {
        if !pretty {
            let written = writeNameInPlace(count: name.pointee.utf8.count, comma: position > 0) {
                destination, slashes in
                name.pointee.utf8.withContiguousStorageIfAvailable {
                    Self.quoted($0, into: destination, slashes: slashes)
                }
            }
            if written { return }
        }
        writeSeparator(before: position, depth: depth)
        writeString(at: name)
        writeColon()
    }

    /// Writes a member's name as ``writeName(at:position:depth:)`` writes it
    /// compact: `"name":`, after a comma if `comma` (for a writer without
    /// `.prettyPrinted`).
    mutating func writeCompactName(_ name: String, comma: Bool) {
        let written = writeNameInPlace(count: name.utf8.count, comma: comma) { destination, slashes in
            name.utf8.withContiguousStorageIfAvailable { Self.quoted($0, into: destination, slashes: slashes) }
        }
        if written { return }
        if comma { output.append(UInt8(ascii: ",")) }
        writeString(name)
        output.append(UInt8(ascii: ":"))
    }

    /// Reserves room for a comma if `comma`, a name of `count` bytes quoted
    /// and escaped, and a colon, and writes them there, `quote` writing the
    /// name; `false`, with nothing written, where
    /// ``writeQuotedInPlace(count:_:)`` would be.
    @inline(__always)
    private mutating func writeNameInPlace(
        count: Int,
        comma: Bool,
        _ quote: (UnsafeMutablePointer<UInt8>, _ slashes: UInt64) -> Int?
    ) -> Bool {
        guard count <= Self.escapeSlice else { return false }
        let slashes = slashes
        var written = true
        // The comma, then what ``writeQuotedInPlace(count:_:)`` reserves,
        // then the colon.
        output.appendInPlace(maximum: 6 &* count &+ 12) { destination in
            let start = comma ? destination + 1 : destination
            destination[0] = UInt8(ascii: ",")
            guard let length = quote(start, slashes) else {
                written = false
                return 0
            }
            start[length] = UInt8(ascii: ":")
            return (comma ? 2 : 1) &+ length
        }
        return written
    }

    /// Writes the string value at `value`, in place, as
    /// ``writeString(at:)`` does.
    private mutating func writeString(in value: UnsafePointer<JSONValue>) {
        guard case .string(let string) = value.pointee else { return }
        let count = string.utf8.count
        let written = writeQuotedInPlace(count: count) { destination, slashes in
            guard case .string(let string) = value.pointee else { return nil }
            return string.utf8.withContiguousStorageIfAvailable {
                Self.quoted($0, into: destination, slashes: slashes)
            }
        }
        if !written, case .string(let string) = value.pointee { writeString(string) }
    }

    /// Reserves room for a string of `count` bytes, quoted and escaped, and
    /// lets `quote` write it there; `false`, with nothing written, if the
    /// string is longer than one escaping slice or `quote` could not read it
    /// in place (`nil`).
    @inline(__always)
    private mutating func writeQuotedInPlace(
        count: Int,
        _ quote: (UnsafeMutablePointer<UInt8>, _ slashes: UInt64) -> Int?
    ) -> Bool {
        guard count <= Self.escapeSlice else { return false }
        let slashes = slashes
        var written = true
        // The quotes, the worst case of the text (every byte as `\u00XX`)
        // and the word that `escape` may store past its end.
        output.appendInPlace(maximum: 6 &* count &+ 10) { destination in
            guard let length = quote(destination, slashes) else {
                written = false
                return 0
            }
            return length
        }
        return written
    }

    /// Writes `bytes` quoted and escaped to `destination`, which has room for
    /// six times their count and ten bytes more; returns the number of bytes
    /// written.
    @inline(__always)
    private static func quoted(
        _ bytes: UnsafeBufferPointer<UInt8>,
        into destination: UnsafeMutablePointer<UInt8>,
        slashes: UInt64
    ) -> Int {
        destination[0] = UInt8(ascii: "\"")
        var count = 1
        if let source = bytes.baseAddress {
            count &+= escape(source, count: bytes.count, into: destination + 1, slashes: slashes)
        }
        destination[count] = UInt8(ascii: "\"")
        return count &+ 1
    }

    mutating func writeString(_ string: borrowing String) {
        // In place where the bytes are contiguous, as a native string's
        // always are: a copy to call the mutating `withUTF8` on retained and
        // released every string.
        if string.utf8.withContiguousStorageIfAvailable({ writeEscaped($0) }) != nil { return }
        var contiguous = copy string
        contiguous.withUTF8 { writeEscaped($0) }
    }

    /// Writes `bytes` as a quoted JSON string.
    ///
    /// Copies and checks the text eight bytes at a time, the last few bytes
    /// included, and escapes the first byte of a word that needs it before
    /// going on from the byte after. The bytes go straight into the output,
    /// which has room for the worst case of every byte escaped as `\u00XX`:
    /// a short string's quotes and text take one reservation, and a long
    /// string reserves a slice at a time so that it does not reserve six
    /// times its length. Against a loop that tested each byte and copied the
    /// runs between escapes with `memcpy`, writing twitter.json went from
    /// 1,050 µs to 735 µs (minimum of 200 runs); jumping to the first byte to
    /// escape and taking the tail as a word, 306 µs to 289 µs.
    private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        if writeQuotedInPlace(count: bytes.count, { Self.quoted(bytes, into: $0, slashes: $1) }) { return }
        guard let source = bytes.baseAddress else { return }
        let slashes = slashes
        output.append(UInt8(ascii: "\""))
        var start = 0
        while start < bytes.count {
            let length = Swift.min(bytes.count &- start, Self.escapeSlice)
            output.appendInPlace(maximum: 6 &* length &+ 8) { destination in
                Self.escape(source + start, count: length, into: destination, slashes: slashes)
            }
            start &+= length
        }
        output.append(UInt8(ascii: "\""))
    }

    /// How many bytes of a string ``writeEscaped(_:)`` escapes per slice.
    private static let escapeSlice = 4096

    /// Copies `count` bytes from `source` to `destination`, escaping those
    /// JSON requires and `/` if `slashes` repeats it; returns the number of
    /// bytes written, at most six times `count`. It may store up to eight
    /// bytes past those it writes.
    @inline(__always)
    private static func escape(
        _ source: UnsafePointer<UInt8>,
        count: Int,
        into destination: UnsafeMutablePointer<UInt8>,
        slashes: UInt64
    ) -> Int {
        var read = 0
        var written = 0
        while read &+ 8 <= count {
            let word = UnsafeRawPointer(source + read).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(destination + written).storeBytes(of: word, as: UInt64.self)
            let flags = _escapeFlags(UInt64(littleEndian: word), slashes: slashes)
            if flags == 0 {
                read &+= 8
                written &+= 8
                continue
            }
            // The bytes before the first one to escape are already in place;
            // the next word starts after it (a URL's slashes cost one step
            // each, not eight).
            let clean = flags.trailingZeroBitCount &>> 3
            read &+= clean
            written &+= clean
            written &+= escape(source[read], into: destination + written, slashes: slashes)
            read &+= 1
        }
        let rest = count &- read
        guard rest > 0 else { return written }
        // The last bytes, fewer than eight, as one word too: the word that
        // ends the text, shifted down, when the text is that long, and byte
        // by byte otherwise (no read past the end of the text).
        let tail: UInt64
        if count >= 8 {
            let last = UnsafeRawPointer(source + (count &- 8)).loadUnaligned(as: UInt64.self)
            tail = UInt64(littleEndian: last) &>> UInt64(8 &* (8 &- rest))
        } else {
            tail = _loadShortWord(source, count: rest)
        }
        let mask = (1 &<< UInt64(8 &* rest)) &- 1
        if _escapeFlags(tail, slashes: slashes) & mask == 0 {
            UnsafeMutableRawPointer(destination + written).storeBytes(of: tail.littleEndian, as: UInt64.self)
            return written &+ rest
        }
        while read < count {
            written &+= escape(source[read], into: destination + written, slashes: slashes)
            read &+= 1
        }
        return written
    }

    /// Writes `byte`, escaped if it must be; returns the number of bytes
    /// written.
    @inline(__always)
    private static func escape(_ byte: UInt8, into destination: UnsafeMutablePointer<UInt8>, slashes: UInt64) -> Int {
        if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            && byte != UInt8(truncatingIfNeeded: slashes)
        {
            destination[0] = byte
            return 1
        }
        destination[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            destination[1] = byte
        case 0x08: destination[1] = UInt8(ascii: "b")
        case 0x0C: destination[1] = UInt8(ascii: "f")
        case 0x0A: destination[1] = UInt8(ascii: "n")
        case 0x0D: destination[1] = UInt8(ascii: "r")
        case 0x09: destination[1] = UInt8(ascii: "t")
        default:
            let hex: StaticString = "0123456789abcdef"
            destination[1] = UInt8(ascii: "u")
            destination[2] = UInt8(ascii: "0")
            destination[3] = UInt8(ascii: "0")
            destination[4] = hex.utf8Start[Int(byte >> 4)]
            destination[5] = hex.utf8Start[Int(byte & 0xF)]
            return 6
        }
        return 2
    }
}

/// The `count` bytes at `source`, fewer than eight, as the low bytes of a
/// word read little-endian, the others zero: in two overlapping loads of
/// four or two bytes, without reading past the last byte. (A loop of a byte
/// at a time was a fifth of writing a short name.)
@inline(__always)
func _loadShortWord(_ source: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    let raw = UnsafeRawPointer(source)
    if count >= 4 {
        let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
        let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
        return low | high &<< UInt64(truncatingIfNeeded: 8 &* (count &- 4))
    }
    if count >= 2 {
        let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
        let high = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
        return low | high &<< UInt64(truncatingIfNeeded: 8 &* (count &- 2))
    }
    return count == 1 ? UInt64(source[0]) : 0
}

/// `byte` in each of the eight bytes of a word.
@inline(__always)
private func _repeating(_ byte: UInt8) -> UInt64 {
    0x0101_0101_0101_0101 &* UInt64(byte)
}

/// The high bit of each byte in `word` (read little-endian) that is a
/// control character, `"`, `\`, or the byte that `slashes` repeats, and
/// possibly of bytes after the first such byte; zero if there is none.
///
/// The classic test for a zero byte, `(v - 0x01…) & ~v & 0x80…`, is nonzero
/// exactly when some byte of `v` is zero; with `0x20…` in place of `0x01…` it
/// finds a byte below 0x20, and on `word ^ repeating(b)` a byte equal to `b`.
/// A borrow can flag a byte above a true one, never below, so the lowest
/// flag is always right.
@inline(__always)
private func _escapeFlags(_ word: UInt64, slashes: UInt64) -> UInt64 {
    let high: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- _repeating(1)) & ~value & high }
    let control = (word &- _repeating(0x20)) & ~word & high
    let quote = hasZeroByte(word ^ _repeating(UInt8(ascii: "\"")))
    let backslash = hasZeroByte(word ^ _repeating(UInt8(ascii: "\\")))
    let slash = hasZeroByte(word ^ slashes)
    return control | quote | backslash | slash
}

/// Receives the standard library's shortest round-trip text for a `Double`
/// through `_writeASCII`, without allocating a `String`, straight into the
/// writer's output.
private struct _ASCIISink: TextOutputStream {
    /// The most bytes a `Double` takes: `-2.2250738585072014e-308` is 24.
    static let capacity = 32

    private let destination: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(destination: UnsafeMutablePointer<UInt8>) {
        self.destination = destination
    }

    mutating func write(_ string: String) {
        for byte in string.utf8 { append(byte) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, count &+ buffer.count <= Self.capacity else {
            for byte in buffer { append(byte) }
            return
        }
        (destination + count).update(from: source, count: buffer.count)
        count &+= buffer.count
    }

    private mutating func append(_ byte: UInt8) {
        guard count < Self.capacity else { return }
        destination[count] = byte
        count &+= 1
    }
}

extension [JSONValue] {
    /// The elements in place, for the writer, which reads them while the
    /// array is alive and unchanged. The pointer outlives the call that gives
    /// it, as ``JSONObject``'s `unsafeMembers` does: an array of values, not
    /// of classes, always has contiguous native storage, which does not move
    /// while the array holds it unchanged.
    fileprivate var unsafeElements: UnsafeBufferPointer<JSONValue> {
        withUnsafeBufferPointer { $0 }
    }
}

extension _ObjectMember {
    /// The name of the member at `member`, in place.
    fileprivate static func key(of member: UnsafePointer<_ObjectMember>) -> UnsafePointer<String> {
        let offset = MemoryLayout<_ObjectMember>.offset(of: \.key).unsafelyUnwrapped
        return (UnsafeRawPointer(member) + offset).assumingMemoryBound(to: String.self)
    }

    /// The value of the member at `member`, in place.
    fileprivate static func value(of member: UnsafePointer<_ObjectMember>) -> UnsafePointer<JSONValue> {
        let offset = MemoryLayout<_ObjectMember>.offset(of: \.value).unsafelyUnwrapped
        return (UnsafeRawPointer(member) + offset).assumingMemoryBound(to: JSONValue.self)
    }
}
