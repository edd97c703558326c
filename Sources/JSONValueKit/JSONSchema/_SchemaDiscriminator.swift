/// A shortcut for `oneOf` and `anyOf` over object schemas told apart by one
/// property's constant value, as in FHIR (146 resources, each requiring
/// `"resourceType"` with a `const` of its own) or OpenAPI-style tagged
/// unions.
///
/// For an object instance, a branch that requires the property and pins it
/// to a constant can only be valid if the instance's value is that
/// constant. So the fast path reads the property once, looks its value up,
/// and evaluates only the branches it names and those without a constant,
/// instead of every branch. The result is the same; only `isValid` uses
/// it, as the full path reports on every branch.
struct _SchemaDiscriminator: Sendable {
    /// The property, as an index into the program's names.
    var name: Int32
    /// The branches (offsets into the keyword's list) pinned to each value.
    var branches: [_SchemaValueKey: [Int32]]
    /// The branches that do not pin the property, which always run.
    var others: [Int32]

    /// The fewest pinned branches worth a lookup.
    static let minimumBranches = 4

    /// Finds a discriminator for the branches `nodes` of a `oneOf` or
    /// `anyOf`, if at least ``minimumBranches`` of them pin one property.
    static func find(in nodes: [Int], compiled: [_SchemaNode]) -> (name: String, _SchemaDiscriminator)? {
        let pins = nodes.map { pin(of: $0, compiled: compiled) }
        guard let name = pins.lazy.compactMap({ $0?.name }).first else { return nil }
        var branches: [_SchemaValueKey: [Int32]] = [:]
        var others: [Int32] = []
        var pinned = 0
        for (offset, pin) in pins.enumerated() {
            if let pin, pin.name == name {
                branches[_SchemaValueKey(value: pin.value), default: []].append(Int32(offset))
                pinned += 1
            } else {
                others.append(Int32(offset))
            }
        }
        guard pinned >= minimumBranches else { return nil }
        return (name, _SchemaDiscriminator(name: -1, branches: branches, others: others))
    }

    /// The property and value a branch pins: it requires the property, and
    /// its `properties` give it a schema that is only a `const` (or a
    /// one-value `enum`). References that are the whole branch are
    /// followed.
    private static func pin(of node: Int, compiled: [_SchemaNode]) -> (name: String, value: JSONValue)? {
        var node = node
        var hops = 0
        while compiled[node].keywords.count == 1, case .reference(let target) = compiled[node].keywords[0] {
            node = target
            hops += 1
            if hops > 16 { return nil }
        }
        var required: [String] = []
        var named: [(name: String, node: Int)] = []
        for keyword in compiled[node].keywords {
            switch keyword {
            case .required(let names): required = names
            case .properties(let properties): named = properties.named
            default: break
            }
        }
        for name in required {
            guard let child = named.first(where: { $0.name == name })?.node else { continue }
            for keyword in compiled[child].keywords {
                switch keyword {
                case .constant(let value): return (name, value)
                case .enumeration(let enumeration) where enumeration.values.count == 1:
                    return (name, enumeration.values[0])
                default: continue
                }
            }
        }
        return nil
    }
}
