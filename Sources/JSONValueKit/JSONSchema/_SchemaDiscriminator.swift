#if JSONSchema

/// A shortcut for `oneOf` and `anyOf` over object schemas told apart by one
/// property's constant value, as in FHIR (146 resources, each requiring
/// `"resourceType"` with a `const` of its own) or OpenAPI-style tagged
/// unions.
///
/// For an object instance, a branch that requires the property and pins it
/// to a constant (or to the values of an `enum`) can only be valid if the
/// instance's value is one of them. So the fast path reads the property once, looks its value up,
/// and evaluates only the branches it names and those without a constant,
/// instead of every branch. The result is the same; only `isValid` uses
/// it, as the full path reports on every branch.
struct _SchemaDiscriminator: Sendable {
    /// The branches (offsets into the keyword's list) pinned to each value.
    var branches: [_SchemaValueKey: [Int32]]
    /// The branches that do not pin the property, which always run.
    var others: [Int32]

    /// The fewest pinned branches worth a lookup: one, of two or more
    /// branches, already spares evaluating it for every other value (an
    /// OpenAPI `parameter` is a body parameter, pinned by `in`, or one of
    /// four others).
    static let minimumBranches = 1

    /// The pinned values when all are strings, for looking the instance's
    /// value up by its bytes; `nil` otherwise.
    var strings: [(value: String, branches: [Int32])]?

    /// Whether an object without the property tells nothing: branches are
    /// pinned because the schema around the `oneOf` requires the property,
    /// not they themselves; such an object fails that `required` anyway.
    var parentRequires = false

    /// Finds a discriminator for the branches `nodes` of a `oneOf` or
    /// `anyOf`, if at least ``minimumBranches`` of them pin one property.
    /// `parentRequired` are the names the schema holding the keyword
    /// requires: a branch that gives one of them a constant is pinned too,
    /// as an object without it fails that schema whatever the branches say.
    static func find(
        in nodes: [Int], parentRequired: [String], compiled: [_SchemaNode], keywords: [_SchemaKeyword]
    ) -> (name: String, _SchemaDiscriminator)? {
        let pins = nodes.map { pin(of: $0, parentRequired: parentRequired, compiled: compiled, keywords: keywords) }
        // The property most branches pin.
        var votes: [String: Int] = [:]
        for pin in pins { if let pin { votes[pin.name, default: 0] += 1 } }
        guard let name = votes.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key
        else { return nil }
        var branches: [_SchemaValueKey: [Int32]] = [:]
        branches.reserveCapacity(pins.count)
        var others: [Int32] = []
        var pinned = 0
        for (offset, pin) in pins.enumerated() {
            if let pin, _utf8Equal(pin.name, name) {
                for value in pin.values {
                    branches[_SchemaValueKey(value: value), default: []].append(Int32(offset))
                }
                pinned += 1
            } else {
                others.append(Int32(offset))
            }
        }
        guard pinned >= minimumBranches && nodes.count >= 2 else { return nil }
        var strings: [(value: String, branches: [Int32])] = []
        strings.reserveCapacity(branches.count)
        for (key, offsets) in branches {
            guard case .string(let string) = key.value else { break }
            // (Each list is in order already: offsets are appended as they
            // go up.)
            strings.append((string, offsets))
        }
        // Sorted, so that the branches run in the same order in every process.
        strings.sort { $0.branches[0] < $1.branches[0] }
        return (
            name,
            _SchemaDiscriminator(
                branches: branches, others: others,
                strings: strings.count == branches.count ? strings : nil,
                parentRequires: parentRequired.contains { _utf8Equal($0, name) })
        )
    }

    /// The property and values a branch pins: it (or the schema around it)
    /// requires the property, and its `properties` give it a schema with a
    /// `const` or an `enum`. References that are the whole branch are
    /// followed.
    private static func pin(
        of node: Int, parentRequired: [String], compiled: [_SchemaNode], keywords: [_SchemaKeyword]
    ) -> (name: String, values: [JSONValue])? {
        var node = node
        var hops = 0
        while compiled[node].keywords.count == 1,
            case .reference(let target) = keywords[compiled[node].keywords.lowerBound]
        {
            node = target
            hops += 1
            if hops > 16 { return nil }
        }
        var required: [String] = []
        var named: [(name: String, node: Int)] = []
        for keyword in keywords[compiled[node].keywords] {
            switch keyword {
            case .required(let names): required = names
            case .properties(let properties): named = properties.named
            default: break
            }
        }
        // The branch's names, then the parent's, without an array of both.
        for name in required {
            if let pin = pin(name, among: named, compiled: compiled, keywords: keywords) { return pin }
        }
        for name in parentRequired {
            if let pin = pin(name, among: named, compiled: compiled, keywords: keywords) { return pin }
        }
        return nil
    }

    /// The values that the schema `named` gives the property `name`, if
    /// it has a `const` or an `enum`.
    private static func pin(
        _ name: String, among named: [(name: String, node: Int)], compiled: [_SchemaNode], keywords: [_SchemaKeyword]
    ) -> (name: String, values: [JSONValue])? {
        guard let child = named.first(where: { _utf8Equal($0.name, name) })?.node else { return nil }
        for keyword in keywords[compiled[child].keywords] {
            switch keyword {
            case .constant(let value): return (name, [value])
            case .enumeration(let enumeration) where !enumeration.values.isEmpty: return (name, enumeration.values)
            default: continue
            }
        }
        return nil
    }
}

#endif
