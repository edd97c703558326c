/// The scalars, split into classes that no set of a program tells apart:
/// the alphabet of the program's automaton.
///
/// A pattern such as `^[a-z0-9]+$` distinguishes three kinds of scalar
/// (letters, digits, anything else), so its automaton needs three columns,
/// not 1.1 million. Classes are found by asking every set about
/// representatives:
///
/// - each ASCII scalar, whose class then sits in a 128-entry table, so an
///   ASCII byte of the string costs one load;
/// - above ASCII, the intervals between the sets' range boundaries, times
///   the general category (if a set tests one) and the binary properties
///   the sets test, as every scalar of one interval with one category and
///   the same properties is in the same sets. A non-ASCII scalar costs a
///   binary search over the boundaries, plus one category lookup and one
///   lookup per binary property if the pattern uses them.
///
/// Combinations that no scalar has (an interval of digits with the
/// category of a letter) get classes too; they are never met. Two
/// representatives in the same sets share a class.
final class _ScalarClasses: Sendable {
    /// How many classes there are.
    let count: Int
    /// The class of each ASCII scalar.
    let ascii: [UInt16]
    /// Where the intervals above ASCII start, ascending; the first is 0x80.
    let starts: [UInt32]
    /// 30 if a set tests a general category, else 1.
    let categoryCount: Int
    /// The binary properties that sets test; bit *j* of a key is whether a
    /// scalar has `properties[j]`.
    let properties: [_BinaryProperty]
    /// The class of each key, `((interval × categoryCount) + category) <<
    /// properties.count | bits`.
    let keyClasses: [UInt16]
    /// For each class, a bit per set: whether the set holds the class.
    private let members: [UInt64]
    private let wordsPerClass: Int
    /// When sets test properties: the class of each scalar from U+0080 to
    /// U+07FF, looked up once.
    private let twoByteClasses: [UInt16]

    /// The most keys, and of set questions while partitioning: beyond them
    /// (a pattern testing many properties, or with thousands of distinct
    /// non-ASCII literals) the program runs without an automaton.
    static let maximumKeys = 1 << 15
    static let maximumWork = 1 << 22
    /// The most classes; an automaton's table has this many columns.
    static let maximumCount = 512

    init?(sets: [_ScalarSet]) {
        var boundaries: Set<UInt32> = []
        var usesCategories = false
        var properties: [_BinaryProperty] = []
        for set in sets {
            for range in set.ranges {
                if range.lowerBound > 0x80 { boundaries.insert(range.lowerBound) }
                if range.upperBound >= 0x80 && range.upperBound < _ScalarSet.maximumValue {
                    boundaries.insert(range.upperBound + 1)
                }
            }
            for test in set.tests {
                switch test.property {
                case .generalCategories: usesCategories = true
                case .binary(let property): if !properties.contains(property) { properties.append(property) }
                }
            }
        }
        let starts = [0x80] + boundaries.sorted()
        let categoryCount = usesCategories ? _GeneralCategory.count : 1
        guard properties.count < 16 else { return nil }
        guard
            let keyCount: Int = Self.keyCount(
                intervals: starts.count, categoryCount: categoryCount, propertyCount: properties.count,
                setCount: sets.count)
        else { return nil }
        let wordsPerClass = max((sets.count + 63) / 64, 1)
        var classes: [[UInt64]: UInt16] = [:]
        var members: [UInt64] = []
        /// The class of the representative that `holds` describes.
        var vector = [UInt64](repeating: 0, count: wordsPerClass)
        func classOf(_ holds: (_ScalarSet) -> Bool) -> UInt16? {
            for word in vector.indices { vector[word] = 0 }
            for (index, set) in sets.enumerated() where holds(set) { vector[index / 64] |= 1 << UInt64(index % 64) }
            if let known = classes[vector] { return known }
            guard classes.count < Self.maximumCount else { return nil }
            let new = UInt16(classes.count)
            classes[vector] = new
            members += vector
            return new
        }
        var ascii: [UInt16] = []
        for value in 0..<UInt8(0x80) {
            guard let known = classOf({ $0.contains(Unicode.Scalar(value)) }) else { return nil }
            ascii.append(known)
        }
        var keyClasses: [UInt16] = []
        keyClasses.reserveCapacity(keyCount)
        for start in starts {
            for category in 0..<categoryCount {
                for bits in 0..<(1 << properties.count) {
                    let known = classOf { set in
                        set.contains(
                            start, category: { category },
                            has: { bits >> properties.firstIndex(of: $0)! & 1 != 0 })
                    }
                    guard let known else { return nil }
                    keyClasses.append(known)
                }
            }
        }
        self.count = classes.count
        self.ascii = ascii
        self.starts = starts
        self.categoryCount = categoryCount
        self.properties = properties
        self.keyClasses = keyClasses
        self.members = members
        self.wordsPerClass = wordsPerClass
        // Latin, Greek, Cyrillic, Hebrew, Arabic… are two bytes in UTF-8;
        // asking the standard library for their properties on every
        // scalar would cost more than the rest of the loop.
        if categoryCount > 1 || !properties.isEmpty {
            twoByteClasses = (0x80..<UInt32(0x800)).map { value in
                UInt16(
                    Self.lookUp(
                        value, starts: starts, categoryCount: categoryCount, properties: properties,
                        keyClasses: keyClasses))
            }
        } else {
            twoByteClasses = []
        }
    }

    /// How many keys a table for these sets has, or `nil` when it would have
    /// more than ``maximumKeys`` or its partition would ask more than
    /// ``maximumWork`` questions: then the program runs without an
    /// automaton. Every product is checked, so that a pattern with many
    /// properties and thousands of literals is refused alike wherever `Int`
    /// has 32 bits, instead of overflowing; generic so that tests can check
    /// it with `Int32`.
    static func keyCount<Count: FixedWidthInteger>(
        intervals: Count, categoryCount: Count, propertyCount: Count, setCount: Count
    ) -> Count? {
        // Fewer than 16 properties and at most 30 categories: below 2^20.
        guard propertyCount < 16 else { return nil }
        let perInterval = categoryCount << propertyCount
        let (keyCount, keysOverflow) = intervals.multipliedReportingOverflow(by: perInterval)
        guard !keysOverflow, keyCount <= maximumKeys else { return nil }
        let (work, workOverflow) = (keyCount + 128).multipliedReportingOverflow(by: max(setCount, 1))
        guard !workOverflow, work <= maximumWork else { return nil }
        return keyCount
    }

    /// Whether `sets[set]` holds the scalars of class `index`.
    func contains(_ index: Int, set: Int) -> Bool {
        members[index * wordsPerClass + set / 64] >> UInt64(set % 64) & 1 != 0
    }

    /// The class of a scalar above ASCII; not inlined, so that the
    /// automaton's loop stays small for ASCII.
    @inline(never)
    func classOfNonASCII(_ value: UInt32) -> Int {
        // One unsigned comparison for 0x80 ≤ value < 0x800.
        if value &- 0x80 < 0x780 && !twoByteClasses.isEmpty { return Int(twoByteClasses[Int(value) - 0x80]) }
        return Self.lookUp(
            value, starts: starts, categoryCount: categoryCount, properties: properties, keyClasses: keyClasses)
    }

    /// The class of a scalar above ASCII: the interval by binary search,
    /// then its category and properties if sets test them.
    private static func lookUp(
        _ value: UInt32, starts: [UInt32], categoryCount: Int, properties: [_BinaryProperty], keyClasses: [UInt16]
    ) -> Int {
        starts.withUnsafeBufferPointer { starts in
            var low = 0
            var high = starts.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if starts[middle] <= value { low = middle } else { high = middle }
            }
            var key = low
            if categoryCount > 1 || !properties.isEmpty {
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                if categoryCount > 1 { key = key * categoryCount + _GeneralCategory.index(of: scalar) }
                var bits = 0
                for (bit, property) in properties.enumerated() where property.holds(for: scalar) { bits |= 1 << bit }
                key = key << properties.count | bits
            }
            return Int(keyClasses[key])
        }
    }
}
