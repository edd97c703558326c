extension _SchemaProgram {
    /// The fast path: a Boolean, no locations.
    func isValid(_ instance: JSONValue) -> Bool {
        nodes.withUnsafeBufferPointer { nodes in
            var evaluator = _SchemaEvaluator(program: self, nodes: nodes, reporter: _SchemaSilence())
            var marks = _SchemaBitSet()
            return evaluator.evaluate(root, instance, &marks)
        }
    }

    /// Validation with output units: failed ones only, or with
    /// `keepsEverything` every unit and annotation.
    func outputUnits(_ instance: JSONValue, keepsEverything: Bool) -> (valid: Bool, units: [_SchemaOutputUnit]) {
        nodes.withUnsafeBufferPointer { nodes in
            var evaluator = _SchemaEvaluator(
                program: self, nodes: nodes,
                reporter: _SchemaOutputBuilder(program: self, keepsEverything: keepsEverything))
            var marks = _SchemaBitSet()
            let valid = evaluator.evaluate(root, instance, &marks)
            return (valid, evaluator.reporter.units)
        }
    }
}

/// Applies compiled subschemas to an instance.
///
/// One evaluator serves both the fast path and the detailed one: every
/// report goes through `Reporter`, and with ``_SchemaSilence`` the compiler
/// removes it all and lets each keyword stop at the first failure.
///
/// Evaluation recurses, one call per subschema applied; every
/// ``_StackExtension/interval`` levels it continues on a new stack, so that
/// deep instances are safe on small threads, and it stops with an error at
/// ``JSONSchema/maximumNestingDepth`` levels.
struct _SchemaEvaluator<Reporter: _SchemaReporting> {
    let program: _SchemaProgram
    let nodes: UnsafeBufferPointer<_SchemaNode>
    var reporter: Reporter
    /// The resources entered, outermost first, when a `$dynamicRef` or
    /// `$recursiveRef` needs them.
    private var scope: [Int] = []
    private var depth = 0

    init(program: _SchemaProgram, nodes: UnsafeBufferPointer<_SchemaNode>, reporter: Reporter) {
        self.program = program
        self.nodes = nodes
        self.reporter = reporter
    }

    // MARK: Subschemas

    /// Applies subschema `id` to `instance`; records in `marks` the members
    /// or items it evaluated, if the node tracks them.
    mutating func evaluate(_ id: Int, _ instance: JSONValue, _ marks: inout _SchemaBitSet) -> Bool {
        if !Reporter.isEnabled {
            switch nodes[id].shape {
            case .alwaysValid: return true
            case .alwaysInvalid: return false
            case .typeOnly(let types): return types.accepts(instance)
            case .general: break
            }
        }
        depth += 1
        defer { depth -= 1 }
        guard depth < JSONSchema.maximumNestingDepth else {
            if Reporter.isEnabled {
                let unit = reporter.beginNode(id)
                reporter.end(
                    unit, valid: false,
                    error: "the value is nested too deeply to validate: subschemas are applied more than "
                        + "\(JSONSchema.maximumNestingDepth) levels deep")
            }
            return false
        }
        if depth % _StackExtension.interval == 0 {
            return (try? _StackExtension.onNewStack { self.evaluateNode(id, instance, &marks) }) ?? false
        }
        return evaluateNode(id, instance, &marks)
    }

    private mutating func evaluateNode(_ id: Int, _ instance: JSONValue, _ marks: inout _SchemaBitSet) -> Bool {
        let node = nodes.baseAddress.unsafelyUnwrapped + id
        let entersResource = program.usesDynamicScope && scope.last != node.pointee.resource
        if entersResource { scope.append(node.pointee.resource) }
        defer { if entersResource { scope.removeLast() } }
        let unit = reporter.beginNode(id)
        var valid = true
        switch node.pointee.shape {
        case .alwaysValid:
            break
        case .alwaysInvalid:
            valid = false
        case .typeOnly, .general:
            for keyword in node.pointee.keywords {
                guard evaluate(keyword, of: node, instance, &marks) else {
                    valid = false
                    if Reporter.isEnabled { continue }
                    break
                }
            }
        }
        if Reporter.isEnabled {
            if valid && reporter.keepsEverything { annotate(node, instance) }
            let error: String? =
                if case .alwaysInvalid = node.pointee.shape {
                    "no value is allowed here (the schema is false), but found \(_SchemaMessages.describe(instance))"
                } else { nil }
            reporter.end(unit, valid: valid, error: error)
        }
        return valid
    }

    private mutating func annotate(_ node: UnsafePointer<_SchemaNode>, _ instance: JSONValue) {
        for (keyword, value) in node.pointee.annotations {
            switch keyword {
            case "contentMediaType", "contentEncoding", "contentSchema":
                guard case .string = instance else { continue }
            default:
                break
            }
            reporter.annotate(keyword, value)
        }
    }

    /// Applies a subschema at a child of the instance: a member's value or an
    /// item. Nothing it evaluates counts for the parent's marks.
    @inline(__always)
    private mutating func evaluateChild(_ id: Int, _ value: JSONValue) -> Bool {
        var marks = _SchemaBitSet()
        return evaluate(id, value, &marks)
    }

    /// Applies a subschema in place: its evaluated members and items count
    /// as the parent's when it is valid and the parent tracks them.
    @inline(__always)
    private mutating func evaluateInPlace(
        _ id: Int, _ instance: JSONValue, tracks: Bool, _ marks: inout _SchemaBitSet
    ) -> Bool {
        guard tracks && nodes[id].tracksEvaluation else { return evaluateChild(id, instance) }
        var own = _SchemaBitSet()
        let valid = evaluate(id, instance, &own)
        if valid { marks.formUnion(own) }
        return valid
    }

    // MARK: Keywords

    private mutating func evaluate(
        _ keyword: _SchemaKeyword, of node: UnsafePointer<_SchemaNode>, _ instance: JSONValue,
        _ marks: inout _SchemaBitSet
    ) -> Bool {
        let tracks = node.pointee.tracksEvaluation
        switch keyword {
        case .type(let types):
            guard types.accepts(instance) else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "type",
                        "expected \(types.description), but found \(_SchemaMessages.typeName(instance)) "
                            + _SchemaMessages.describe(instance))
                }
                return false
            }
            return true
        case .constant(let expected):
            guard _schemaEqual(instance, expected) else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "const",
                        "expected \(_SchemaMessages.describe(expected)), but found \(_SchemaMessages.describe(instance))")
                }
                return false
            }
            return true
        case .enumeration(let enumeration):
            guard enumeration.contains(instance) else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "enum",
                        "\(_SchemaMessages.describe(instance)) is not one of "
                            + _SchemaMessages.describe(.array(enumeration.values)))
                }
                return false
            }
            return true
        case .multipleOf(let divisor, let written):
            guard let decimal = _SchemaDecimal(instance) else { return true }
            guard decimal.isMultiple(of: divisor) else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "multipleOf",
                        "\(_SchemaMessages.describe(instance)) is not a multiple of \(_SchemaMessages.describe(written))")
                }
                return false
            }
            return true
        case .bound(let bound):
            return evaluateBound(bound, instance)
        case .minLength(let limit), .maxLength(let limit):
            guard case .string(let string) = instance else { return true }
            let isMinimum = if case .minLength = keyword { true } else { false }
            return evaluateLength(string, limit: limit, isMinimum: isMinimum, instance)
        case .pattern(let pattern):
            guard case .string(let string) = instance else { return true }
            guard pattern.regex.firstMatchExists(in: string) else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "pattern",
                        "\(_SchemaMessages.describe(instance)) does not match the pattern "
                            + _SchemaMessages.quote(pattern.source))
                }
                return false
            }
            return true
        case .format(let format, let name):
            guard case .string(let string) = instance else { return true }
            guard format.isValid(string) else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "format", "\(_SchemaMessages.describe(instance)) is not a valid \(_SchemaMessages.quote(name))")
                }
                return false
            }
            return true
        case .content(let content):
            guard case .string(let string) = instance else { return true }
            guard content.accepts(string) else {
                if Reporter.isEnabled {
                    reporter.fail(
                        content.isBase64 ? "contentEncoding" : "contentMediaType",
                        "\(_SchemaMessages.describe(instance)) is not "
                            + (content.isBase64 && content.isJSON
                                ? "base64-encoded JSON" : content.isBase64 ? "valid base64" : "JSON text"))
                }
                return false
            }
            return true
        case .minItems(let limit), .maxItems(let limit):
            guard case .array(let elements) = instance else { return true }
            let isMinimum = if case .minItems = keyword { true } else { false }
            guard isMinimum ? elements.count >= limit : elements.count <= limit else {
                if Reporter.isEnabled {
                    reporter.fail(
                        isMinimum ? "minItems" : "maxItems",
                        "expected \(isMinimum ? "at least" : "at most") \(_SchemaMessages.plural(limit, "item")), "
                            + "but found \(elements.count)")
                }
                return false
            }
            return true
        case .uniqueItems:
            guard case .array(let elements) = instance else { return true }
            guard let (first, second) = Self.firstDuplicate(in: elements) else { return true }
            if Reporter.isEnabled {
                reporter.fail(
                    "uniqueItems",
                    "the items must be unique, but items \(first) and \(second) are both "
                        + _SchemaMessages.describe(elements[first]))
            }
            return false
        case .minProperties(let limit), .maxProperties(let limit):
            guard case .object(let object) = instance else { return true }
            let isMinimum = if case .minProperties = keyword { true } else { false }
            guard isMinimum ? object.count >= limit : object.count <= limit else {
                if Reporter.isEnabled {
                    reporter.fail(
                        isMinimum ? "minProperties" : "maxProperties",
                        "expected \(isMinimum ? "at least" : "at most") "
                            + "\(_SchemaMessages.plural(limit, "property", "properties")), but found \(object.count)")
                }
                return false
            }
            return true
        case .required(let names):
            guard case .object(let object) = instance else { return true }
            var valid = true
            for name in names where object.index(forKey: name) == nil {
                valid = false
                guard Reporter.isEnabled else { break }
                reporter.fail("required", "the required property \(_SchemaMessages.quote(name)) is missing")
            }
            return valid
        case .dependentRequired(let keyword, let entries):
            guard case .object(let object) = instance else { return true }
            var valid = true
            for (name, required) in entries where object.index(forKey: name) != nil {
                for dependency in required where object.index(forKey: dependency) == nil {
                    valid = false
                    guard Reporter.isEnabled else { return false }
                    reporter.fail(
                        keyword,
                        "the property \(_SchemaMessages.quote(dependency)) is required when "
                            + "\(_SchemaMessages.quote(name)) is present")
                }
            }
            return valid
        case .properties(let properties):
            guard case .object(let object) = instance else { return true }
            return evaluateProperties(properties, object, tracks: tracks, &marks)
        case .propertyNames(let child):
            guard case .object(let object) = instance else { return true }
            let unit = reporter.beginKeyword("propertyNames", hidesDetails: false)
            var valid = true
            for (name, _) in object {
                // Annotations of names belong to no location: none are kept.
                guard evaluateChild(child, .string(name)) else {
                    valid = false
                    if Reporter.isEnabled { continue }
                    break
                }
            }
            reporter.end(unit, valid: valid, error: nil)
            return valid
        case .dependentSchemas(let keyword, let entries):
            guard case .object(let object) = instance else { return true }
            let unit = reporter.beginKeyword(keyword, hidesDetails: false)
            var valid = true
            for (name, child) in entries where object.index(forKey: name) != nil {
                reporter.pushKeyword(keyword)
                reporter.pushKeyword(name)
                let childValid = evaluateInPlace(child, instance, tracks: tracks, &marks)
                reporter.popKeyword()
                reporter.popKeyword()
                if !childValid {
                    valid = false
                    if !Reporter.isEnabled { break }
                }
            }
            reporter.end(unit, valid: valid, error: nil)
            return valid
        case .items(let items):
            guard case .array(let elements) = instance else { return true }
            return evaluateItems(items, elements, tracks: tracks, &marks)
        case .contains(let contains):
            guard case .array(let elements) = instance else { return true }
            return evaluateContains(contains, elements, tracks: tracks, &marks)
        case .allOf(let children):
            return evaluateAllOf(children, instance, tracks: tracks, &marks)
        case .anyOf(let children):
            return evaluateAnyOf(children, instance, tracks: tracks, &marks)
        case .oneOf(let children):
            return evaluateOneOf(children, instance, tracks: tracks, &marks)
        case .not(let child):
            let unit = reporter.beginKeyword("not", hidesDetails: true)
            reporter.pushKeyword("not")
            let childValid = evaluateChild(child, instance)
            reporter.popKeyword()
            if Reporter.isEnabled {
                reporter.end(
                    unit, valid: !childValid,
                    error: "\(_SchemaMessages.describe(instance)) must not be valid against the schema in \"not\"")
            }
            return !childValid
        case .conditional(let condition, let then, let otherwise):
            return evaluateConditional(condition, then, otherwise, instance, tracks: tracks, &marks)
        case .reference(let target):
            return evaluateReference("$ref", target, instance, tracks: tracks, &marks)
        case .dynamicReference(let reference):
            return evaluateReference(reference.keyword, resolve(reference), instance, tracks: tracks, &marks)
        case .unevaluatedProperties(let child):
            guard case .object(let object) = instance else { return true }
            return evaluateUnevaluatedProperties(child, object, &marks)
        case .unevaluatedItems(let child):
            guard case .array(let elements) = instance else { return true }
            return evaluateUnevaluatedItems(child, elements, &marks)
        }
    }

    private mutating func evaluateBound(_ bound: _SchemaBound, _ instance: JSONValue) -> Bool {
        guard instance.isNumber else { return true }
        let order = _compareNumbers(instance, bound.limit)
        let valid: Bool
        switch (bound.kind, bound.exclusive) {
        case (.minimum, false): valid = order >= 0
        case (.minimum, true): valid = order > 0
        case (.maximum, false): valid = order <= 0
        case (.maximum, true): valid = order < 0
        }
        if !valid && Reporter.isEnabled {
            let relation =
                switch (bound.kind, bound.exclusive) {
                case (.minimum, false): "less than the minimum of"
                case (.minimum, true): "less than or equal to the exclusive minimum of"
                case (.maximum, false): "greater than the maximum of"
                case (.maximum, true): "greater than or equal to the exclusive maximum of"
                }
            reporter.fail(
                bound.keyword,
                "\(_SchemaMessages.describe(instance)) is \(relation) \(_SchemaMessages.describe(bound.limit))")
        }
        return valid
    }

    private mutating func evaluateLength(_ string: String, limit: Int, isMinimum: Bool, _ instance: JSONValue) -> Bool {
        // Lengths count Unicode scalars; UTF-8 takes one to four bytes for
        // each, which settles most cases without counting.
        let bytes = string.utf8.count
        let valid: Bool
        if isMinimum {
            valid = bytes / 4 >= limit || (bytes >= limit && string.unicodeScalars.count >= limit)
        } else {
            valid = bytes <= limit || string.unicodeScalars.count <= limit
        }
        if !valid && Reporter.isEnabled {
            reporter.fail(
                isMinimum ? "minLength" : "maxLength",
                "\(_SchemaMessages.describe(instance)) is \(isMinimum ? "shorter" : "longer") than "
                    + "\(_SchemaMessages.plural(limit, "character"))")
        }
        return valid
    }

    /// The positions of the first two equal items, comparing numbers by
    /// value (`1` equals `1.0`); `nil` if the items are unique.
    static func firstDuplicate(in elements: [JSONValue]) -> (Int, Int)? {
        if elements.count <= 16 {
            for second in elements.indices {
                for first in 0..<second where _schemaEqual(elements[first], elements[second]) {
                    return (first, second)
                }
            }
            return nil
        }
        var seen: [_SchemaValueKey: Int] = [:]
        seen.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let first = seen.updateValue(index, forKey: _SchemaValueKey(value: element)) { return (first, index) }
        }
        return nil
    }

    // MARK: Objects

    private mutating func evaluateProperties(
        _ properties: _SchemaProperties, _ object: JSONObject, tracks: Bool, _ marks: inout _SchemaBitSet
    ) -> Bool {
        var valid = true
        if properties.patterns.isEmpty && properties.additional == nil {
            let unit = reporter.beginKeyword("properties", hidesDetails: false)
            for (name, child) in properties.named {
                guard let index = object.index(forKey: name) else { continue }
                if tracks { marks.insert(index) }
                reporter.pushKeyword("properties")
                reporter.pushKeyword(name)
                reporter.pushInstance(name, ordinal: index)
                let childValid = evaluateChild(child, object[valueAt: index])
                reporter.popInstance()
                reporter.popKeyword()
                reporter.popKeyword()
                if !childValid {
                    valid = false
                    if !Reporter.isEnabled { break }
                }
            }
            reporter.end(unit, valid: valid, error: nil)
            return valid
        }
        let unit = reporter.beginKeyword(properties.named.isEmpty ? "additionalProperties" : "properties", hidesDetails: false)
        let members = object.unsafeMembers
        for index in members.indices {
            let name = members[index].key
            let value = members[index].value
            var matched = false
            if let child = properties.lookup[name] {
                matched = true
                reporter.pushKeyword("properties")
                reporter.pushKeyword(name)
                reporter.pushInstance(name, ordinal: index)
                if !evaluateChild(child, value) { valid = false }
                reporter.popInstance()
                reporter.popKeyword()
                reporter.popKeyword()
            }
            for (pattern, child) in properties.patterns where pattern.regex.firstMatchExists(in: name) {
                matched = true
                reporter.pushKeyword("patternProperties")
                reporter.pushKeyword(pattern.source)
                reporter.pushInstance(name, ordinal: index)
                if !evaluateChild(child, value) { valid = false }
                reporter.popInstance()
                reporter.popKeyword()
                reporter.popKeyword()
            }
            if !matched, let additional = properties.additional {
                matched = true
                reporter.pushKeyword("additionalProperties")
                reporter.pushInstance(name, ordinal: index)
                if case .alwaysInvalid = nodes[additional].shape {
                    valid = false
                    if Reporter.isEnabled {
                        reporter.fail(nil, "the property \(_SchemaMessages.quote(name)) is not allowed here")
                    }
                } else if !evaluateChild(additional, value) {
                    valid = false
                }
                reporter.popInstance()
                reporter.popKeyword()
            }
            if matched && tracks { marks.insert(index) }
            if !valid && !Reporter.isEnabled { break }
        }
        reporter.end(unit, valid: valid, error: nil)
        return valid
    }

    private mutating func evaluateUnevaluatedProperties(
        _ child: Int, _ object: JSONObject, _ marks: inout _SchemaBitSet
    ) -> Bool {
        let unit = reporter.beginKeyword("unevaluatedProperties", hidesDetails: false)
        var valid = true
        let members = object.unsafeMembers
        for index in members.indices where !marks.contains(index) {
            marks.insert(index)
            let name = members[index].key
            reporter.pushKeyword("unevaluatedProperties")
            reporter.pushInstance(name, ordinal: index)
            if case .alwaysInvalid = nodes[child].shape {
                valid = false
                if Reporter.isEnabled {
                    reporter.fail(nil, "the property \(_SchemaMessages.quote(name)) is not allowed here (unevaluated)")
                }
            } else if !evaluateChild(child, members[index].value) {
                valid = false
            }
            reporter.popInstance()
            reporter.popKeyword()
            if !valid && !Reporter.isEnabled { break }
        }
        reporter.end(unit, valid: valid, error: nil)
        return valid
    }

    // MARK: Arrays

    private mutating func evaluateItems(
        _ items: _SchemaItems, _ elements: [JSONValue], tracks: Bool, _ marks: inout _SchemaBitSet
    ) -> Bool {
        var valid = true
        let prefixCount = min(items.prefix.count, elements.count)
        let unit = reporter.beginKeyword(items.prefix.isEmpty ? items.restKeyword : items.prefixKeyword, hidesDetails: false)
        for index in 0..<prefixCount {
            reporter.pushKeyword(items.prefixKeyword)
            reporter.pushKeyword(String(index))
            reporter.pushInstance(String(index), ordinal: index)
            let childValid = evaluateChild(items.prefix[index], elements[index])
            reporter.popInstance()
            reporter.popKeyword()
            reporter.popKeyword()
            if !childValid {
                valid = false
                if !Reporter.isEnabled { return false }
            }
        }
        if let rest = items.rest, prefixCount < elements.count {
            if !Reporter.isEnabled, case .typeOnly(let types) = nodes[rest].shape {
                // The common `"items": {"type": …}`, without a call per item.
                for index in prefixCount..<elements.count where !types.accepts(elements[index]) { return false }
            } else if case .alwaysInvalid = nodes[rest].shape {
                valid = false
                if Reporter.isEnabled {
                    reporter.pushKeyword(items.restKeyword)
                    reporter.fail(
                        nil,
                        "expected at most \(_SchemaMessages.plural(prefixCount, "item")), but found \(elements.count)")
                    reporter.popKeyword()
                }
            } else {
                for index in prefixCount..<elements.count {
                    reporter.pushKeyword(items.restKeyword)
                    reporter.pushInstance(String(index), ordinal: index)
                    let childValid = evaluateChild(rest, elements[index])
                    reporter.popInstance()
                    reporter.popKeyword()
                    if !childValid {
                        valid = false
                        if !Reporter.isEnabled { return false }
                    }
                }
            }
            if tracks { marks.insertAll(below: elements.count) }
        } else if tracks {
            marks.insertAll(below: prefixCount)
        }
        reporter.end(unit, valid: valid, error: nil)
        return valid
    }

    private mutating func evaluateContains(
        _ contains: _SchemaContains, _ elements: [JSONValue], tracks: Bool, _ marks: inout _SchemaBitSet
    ) -> Bool {
        let unit = reporter.beginKeyword("contains", hidesDetails: true)
        var matches = 0
        let needsAll = Reporter.isEnabled || contains.maximum != nil || (tracks && contains.marksEvaluated)
        for (index, element) in elements.enumerated() {
            reporter.pushKeyword("contains")
            reporter.pushInstance(String(index), ordinal: index)
            let matched = evaluateChild(contains.node, element)
            reporter.popInstance()
            reporter.popKeyword()
            if matched {
                matches += 1
                if tracks && contains.marksEvaluated { marks.insert(index) }
                if !needsAll && matches >= contains.minimum { break }
            }
        }
        var error: String?
        if matches < contains.minimum {
            error =
                matches == 0
                ? "none of the items is valid against the schema in \"contains\""
                : "only \(_SchemaMessages.plural(matches, "item")) valid against the schema in \"contains\", "
                    + "but at least \(contains.minimum) must be"
            if Reporter.isEnabled, contains.minimum != 1 { error = error.map { $0 + " (minContains)" } }
        } else if let maximum = contains.maximum, matches > maximum {
            error =
                "\(_SchemaMessages.plural(matches, "item")) valid against the schema in \"contains\", "
                + "but at most \(maximum) may be (maxContains)"
        }
        let valid = error == nil
        if Reporter.isEnabled { reporter.end(unit, valid: valid, error: error) }
        return valid
    }

    private mutating func evaluateUnevaluatedItems(
        _ child: Int, _ elements: [JSONValue], _ marks: inout _SchemaBitSet
    ) -> Bool {
        let unit = reporter.beginKeyword("unevaluatedItems", hidesDetails: false)
        var valid = true
        for index in elements.indices where !marks.contains(index) {
            marks.insert(index)
            reporter.pushKeyword("unevaluatedItems")
            reporter.pushInstance(String(index), ordinal: index)
            if case .alwaysInvalid = nodes[child].shape {
                valid = false
                if Reporter.isEnabled { reporter.fail(nil, "item \(index) is not allowed here (unevaluated)") }
            } else if !evaluateChild(child, elements[index]) {
                valid = false
            }
            reporter.popInstance()
            reporter.popKeyword()
            if !valid && !Reporter.isEnabled { break }
        }
        reporter.end(unit, valid: valid, error: nil)
        return valid
    }

    // MARK: Combinations

    private mutating func evaluateAllOf(
        _ children: [Int], _ instance: JSONValue, tracks: Bool, _ marks: inout _SchemaBitSet
    ) -> Bool {
        let unit = reporter.beginKeyword("allOf", hidesDetails: false)
        var valid = true
        for (index, child) in children.enumerated() {
            reporter.pushKeyword("allOf")
            reporter.pushKeyword(String(index))
            let childValid = evaluateInPlace(child, instance, tracks: tracks, &marks)
            reporter.popKeyword()
            reporter.popKeyword()
            if !childValid {
                valid = false
                if !Reporter.isEnabled { return false }
            }
        }
        reporter.end(unit, valid: valid, error: nil)
        return valid
    }

    private mutating func evaluateAnyOf(
        _ children: [Int], _ instance: JSONValue, tracks: Bool, _ marks: inout _SchemaBitSet
    ) -> Bool {
        let unit = reporter.beginKeyword("anyOf", hidesDetails: true)
        var valid = false
        for (index, child) in children.enumerated() {
            reporter.pushKeyword("anyOf")
            reporter.pushKeyword(String(index))
            let childValid = evaluateInPlace(child, instance, tracks: tracks, &marks)
            reporter.popKeyword()
            reporter.popKeyword()
            if childValid {
                valid = true
                // Every valid branch's annotations count, so go on only if
                // they are wanted.
                if !tracks && !(Reporter.isEnabled && reporter.keepsEverything) { break }
            }
        }
        if Reporter.isEnabled {
            reporter.end(
                unit, valid: valid,
                error: "\(_SchemaMessages.describe(instance)) is not valid against any of the schemas in \"anyOf\"")
        }
        return valid
    }

    private mutating func evaluateOneOf(
        _ children: [Int], _ instance: JSONValue, tracks: Bool, _ marks: inout _SchemaBitSet
    ) -> Bool {
        let unit = reporter.beginKeyword("oneOf", hidesDetails: true)
        var first: Int?
        var second: Int?
        var own = _SchemaBitSet()
        for (index, child) in children.enumerated() {
            reporter.pushKeyword("oneOf")
            reporter.pushKeyword(String(index))
            let childValid = evaluateInPlace(child, instance, tracks: tracks, &own)
            reporter.popKeyword()
            reporter.popKeyword()
            if childValid {
                if first == nil {
                    first = index
                } else {
                    second = index
                    if !Reporter.isEnabled { break }
                }
            }
        }
        let valid = first != nil && second == nil
        if valid && tracks { marks.formUnion(own) }
        if Reporter.isEnabled {
            let error =
                if let first, let second {
                    "\(_SchemaMessages.describe(instance)) is valid against more than one of the schemas in "
                        + "\"oneOf\" (\(first) and \(second)), but must be valid against exactly one"
                } else {
                    "\(_SchemaMessages.describe(instance)) is not valid against any of the schemas in \"oneOf\""
                }
            reporter.end(unit, valid: valid, error: error)
        }
        return valid
    }

    private mutating func evaluateConditional(
        _ condition: Int, _ then: Int?, _ otherwise: Int?, _ instance: JSONValue, tracks: Bool,
        _ marks: inout _SchemaBitSet
    ) -> Bool {
        // `if` never fails the schema: its errors are not the instance's.
        let unit = reporter.beginKeyword("if", hidesDetails: true)
        reporter.pushKeyword("if")
        let holds = evaluateInPlace(condition, instance, tracks: tracks, &marks)
        reporter.popKeyword()
        if Reporter.isEnabled { reporter.end(unit, valid: true, error: nil) }
        guard let branch = holds ? then : otherwise else { return true }
        let keyword = holds ? "then" : "else"
        let branchUnit = reporter.beginKeyword(keyword, hidesDetails: false)
        reporter.pushKeyword(keyword)
        let valid = evaluateInPlace(branch, instance, tracks: tracks, &marks)
        reporter.popKeyword()
        reporter.end(branchUnit, valid: valid, error: nil)
        return valid
    }

    // MARK: References

    private mutating func evaluateReference(
        _ keyword: String, _ target: Int, _ instance: JSONValue, tracks: Bool, _ marks: inout _SchemaBitSet
    ) -> Bool {
        let unit = reporter.beginKeyword(keyword, hidesDetails: false)
        reporter.pushKeyword(keyword)
        let valid = evaluateInPlace(target, instance, tracks: tracks, &marks)
        reporter.popKeyword()
        reporter.end(unit, valid: valid, error: nil)
        return valid
    }

    /// The node a `$dynamicRef` or `$recursiveRef` leads to in the current
    /// dynamic scope: the outermost resource that has a matching dynamic
    /// anchor (or `"$recursiveAnchor": true`), else the static target.
    private func resolve(_ reference: _SchemaDynamicReference) -> Int {
        if let name = reference.dynamicAnchor {
            for resource in scope {
                if let node = program.resources[resource].dynamicAnchors[name] { return node }
            }
        } else if reference.isRecursive {
            for resource in scope {
                if let node = program.resources[resource].recursiveAnchor { return node }
            }
        }
        return reference.target
    }
}
