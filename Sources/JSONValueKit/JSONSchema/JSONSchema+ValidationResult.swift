#if JSONSchema

extension JSONSchema {
    /// The standard output formats of JSON Schema 2020-12, section 12.4.
    public enum OutputFormat: Sendable, Hashable, CaseIterable {
        /// Only whether the value is valid: `{"valid": false}`.
        case flag
        /// A flat list of the errors that made the value invalid, or of the
        /// annotations of a valid value.
        case basic
        /// The errors or annotations in a hierarchy that follows the schema,
        /// with branches that hold a single result folded into it.
        case detailed
        /// Every result of every subschema that was applied, valid or not,
        /// in the hierarchy of the schema.
        case verbose
    }

    /// The result of ``JSONSchema/validate(_:)``: whether the value is
    /// valid, what is wrong with it, and the standard output formats.
    ///
    /// ```swift
    /// let result = schema.validate(value)
    /// result.isValid                  // false
    /// result.errors.first?.message    // "-1 is less than the minimum of 0"
    /// try result.output(.basic).jsonString(options: .prettyPrinted)
    /// ```
    public struct ValidationResult: Sendable {
        let program: _SchemaProgram
        let instance: JSONValue
        /// The text of the numbers boxed in `instance`, when it was parsed
        /// keeping them (see `_SchemaExactNumbers.swift`).
        let numbers: _ExactNumbers?

        /// Whether the value satisfies every assertion of the schema.
        public let isValid: Bool

        /// The errors that make the value invalid, in document order: by the
        /// position of their instance location in the value, and for one
        /// location in the order the schema's keywords were evaluated. Empty
        /// if the value is valid.
        ///
        /// Where a keyword combines subschemas that all failed (`anyOf`,
        /// `oneOf`, `not`, `contains`), its own error stands for theirs;
        /// ``output(_:)`` gives every detail.
        public let errors: [ValidationError]

        init(program: _SchemaProgram, instance: JSONValue, numbers: _ExactNumbers? = nil) {
            self.program = program
            self.instance = instance
            self.numbers = numbers
            if program.isValid(instance, numbers: numbers) {
                isValid = true
                errors = []
            } else {
                let (valid, units) = program.outputUnits(instance, keepsEverything: false, numbers: numbers)
                isValid = valid
                errors = _SchemaOutput.errors(in: units, program: program)
            }
        }

        /// The result for a value already known to be valid: the streaming
        /// validator judged every keyword on it as it was read, and found no
        /// error.
        init(program: _SchemaProgram, validInstance instance: JSONValue, numbers: _ExactNumbers?) {
            self.program = program
            self.instance = instance
            self.numbers = numbers
            isValid = true
            errors = []
        }

        /// The result in one of the standard output formats of JSON Schema
        /// 2020-12, section 12.4, as a JSON value.
        ///
        /// ```swift
        /// let output = schema.validate(value).output(.basic)
        /// // {"valid": false, "errors": [{"valid": false, "keywordLocation": "/minimum",
        /// //   "absoluteKeywordLocation": "https://example.com/s#/minimum", "instanceLocation": "",
        /// //   "error": "-1 is less than the minimum of 0"}]}
        /// ```
        ///
        /// Each output unit has `valid`, `keywordLocation` (the path through
        /// the schema, references included), `absoluteKeywordLocation` (when
        /// the schema resource has an absolute URI), `instanceLocation`, and
        /// an `error` or an `annotation`. For a valid value, `basic`,
        /// `detailed` and `verbose` hold the annotations (`title`,
        /// `description`, `default`, `format`, unknown keywords…); the
        /// annotations of applicators (`properties`, `items`…) are left out.
        /// The members of each unit always come in the same order, so the
        /// output written twice gives the same bytes.
        ///
        /// - Parameter format: The output format.
        /// - Returns: The output, as a JSON object.
        /// - Complexity: For every format but ``OutputFormat/flag``, the value
        ///   is validated again, keeping every result.
        public func output(_ format: OutputFormat) -> JSONValue {
            if format == .flag { return ["valid": .bool(isValid)] }
            let (valid, units) = program.outputUnits(instance, keepsEverything: true, numbers: numbers)
            return _SchemaOutput(units: units, program: program).output(format, valid: valid)
        }
    }

    /// An error found by validation: where in the value, which keyword of
    /// the schema, and a sentence that says what was expected and what was
    /// found.
    ///
    /// ```swift
    /// error.instanceLocation          // "/days"
    /// error.keywordLocation           // "/properties/days/minimum"
    /// error.message                   // "0 is less than the minimum of 1"
    /// print(error)                    // /days: 0 is less than the minimum of 1
    /// ```
    public struct ValidationError: Sendable, Hashable, CustomStringConvertible {
        /// The location of the offending value inside the instance.
        public var instanceLocation: JSONPointer

        /// The path through the schema to the keyword that failed, with the
        /// references it followed (`/properties/shipping/$ref/required`).
        public var keywordLocation: JSONPointer

        /// The keyword's location in its schema resource as an absolute URI
        /// with a JSON Pointer fragment
        /// (`https://example.com/address#/required`); `nil` when the resource
        /// has no absolute URI (a schema without `$id`).
        public var absoluteKeywordLocation: String?

        /// What was expected and what was found:
        /// `-1 is less than the minimum of 0`.
        public var message: String

        /// Creates an error.
        ///
        /// - Parameters:
        ///   - instanceLocation: Where in the value.
        ///   - keywordLocation: The path through the schema to the keyword.
        ///   - absoluteKeywordLocation: The keyword's absolute location, if any.
        ///   - message: What was expected and what was found.
        public init(
            instanceLocation: JSONPointer, keywordLocation: JSONPointer, absoluteKeywordLocation: String?,
            message: String
        ) {
            self.instanceLocation = instanceLocation
            self.keywordLocation = keywordLocation
            self.absoluteKeywordLocation = absoluteKeywordLocation
            self.message = message
        }

        /// The instance location and the message: `/days: 0 is less than the
        /// minimum of 1`, with `(root)` for the whole value.
        public var description: String {
            "\(instanceLocation.isRoot ? "(root)" : instanceLocation.description): \(message)"
        }
    }
}

/// Turns output units into the error list and the output formats.
struct _SchemaOutput {
    let units: [_SchemaOutputUnit]
    let program: _SchemaProgram

    /// The units that tell why the value is invalid: failed, with a message,
    /// every ancestor failed too (an error under a passing `anyOf` or inside
    /// `not` is no error of the value's), and none that sums them up. Under
    /// a keyword left undecided by a cycle, such as an `anyOf` none of whose
    /// branches is valid but one entered a cycle, the errors are the cycles
    /// (the reasons it is undecided), not its branches' other errors.
    static func errors(in units: [_SchemaOutputUnit], program: _SchemaProgram) -> [JSONSchema.ValidationError] {
        orderedErrors(in: units, program: program).map(\.error)
    }

    /// ``errors(in:program:)`` with the positions of each error's instance
    /// location, which order them.
    static func orderedErrors(
        in units: [_SchemaOutputUnit], program: _SchemaProgram
    ) -> [(order: [Int], error: JSONSchema.ValidationError)] {
        var result: [(order: [Int], error: JSONSchema.ValidationError)] = []
        // Units are in pre-order; `open` holds the ancestors of the next one.
        // `hidden` counts the failed ancestors that hide their details,
        // `undecided` the undecided ones that hide all but the reasons, and
        // `passed` the valid ones, whose failed descendants are no errors of
        // the value: counts rather than a walk up `open` for each unit, which
        // would make a value nested n deep cost n² here.
        var open: [Int] = []
        var hidden = 0
        var undecided = 0
        var passed = 0
        func count(_ unit: _SchemaOutputUnit, _ change: Int) {
            if unit.valid {
                passed += change
            } else if unit.isUndecided && unit.error == nil {
                undecided += change
            } else if unit.hidesDetails {
                hidden += change
            }
        }
        for (index, unit) in units.enumerated() {
            while let last = open.last, units[last].end <= index {
                count(units[last], -1)
                open.removeLast()
            }
            if passed == 0 && hidden == 0 && (undecided == 0 || unit.isUndecided), !unit.valid,
                let message = unit.error
            {
                result.append((unit.instanceOrder, error(for: unit, message: message)))
            }
            if unit.end > index + 1 {
                open.append(index)
                count(unit, 1)
            }
        }
        // Document order: a stable sort by the positions of the instance
        // location, a location before the ones inside it.
        let sorted = result.enumerated().sorted { lhs, rhs in
            if lhs.element.order.lexicographicallyPrecedes(rhs.element.order) { return true }
            if rhs.element.order.lexicographicallyPrecedes(lhs.element.order) { return false }
            return lhs.offset < rhs.offset
        }
        return sorted.map(\.element)
    }

    private static func error(for unit: _SchemaOutputUnit, message: String) -> JSONSchema.ValidationError {
        JSONSchema.ValidationError(
            instanceLocation: JSONPointer(tokens: unit.instanceTokens),
            keywordLocation: JSONPointer(tokens: unit.keywordTokens),
            absoluteKeywordLocation: unit.absoluteKeywordLocation.hasPrefix("#") ? nil : unit.absoluteKeywordLocation,
            message: message)
    }

    func output(_ format: JSONSchema.OutputFormat, valid: Bool) -> JSONValue {
        var root = JSONObject()
        root["valid"] = .bool(valid)
        guard !units.isEmpty else { return .object(root) }
        switch format {
        case .flag:
            return .object(root)
        case .basic:
            var list: [JSONValue] = []
            forEachRelevant(valid: valid) { index in
                let unit = units[index]
                if (!valid && unit.error != nil) || (valid && unit.annotation != nil) {
                    list.append(.object(fields(of: unit)))
                }
            }
            root[valid ? "annotations" : "errors"] = .array(list)
            return .object(root)
        case .detailed:
            return .object(detailed(valid: valid))
        case .verbose:
            return .object(verbose())
        }
    }

    /// The members every unit has, in a fixed order.
    private func fields(of unit: _SchemaOutputUnit) -> JSONObject {
        var object = JSONObject()
        object["valid"] = .bool(unit.valid)
        object["keywordLocation"] = .string(JSONPointer(tokens: unit.keywordTokens).description)
        if !unit.absoluteKeywordLocation.hasPrefix("#") {
            object["absoluteKeywordLocation"] = .string(unit.absoluteKeywordLocation)
        }
        object["instanceLocation"] = .string(JSONPointer(tokens: unit.instanceTokens).description)
        if let error = unit.error, !unit.valid { object["error"] = .string(error) }
        if let annotation = unit.annotation, unit.valid { object["annotation"] = annotation }
        return object
    }

    /// Calls `body` with each unit whose every ancestor has the overall
    /// result: failed ancestors for an invalid value, valid ones for a valid
    /// value. The rest (errors under a passing `anyOf`, annotations under a
    /// failed branch) do not bear on the result.
    private func forEachRelevant(valid: Bool, _ body: (Int) -> Void) {
        var index = 0
        while index < units.count {
            guard units[index].valid == valid else {
                index = max(units[index].end, index + 1)
                continue
            }
            body(index)
            index += 1
        }
    }

    /// The children of a unit, by index.
    private func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        while child < units[index].end {
            result.append(child)
            child = max(units[child].end, child + 1)
        }
        return result
    }

    /// The detailed form of the tree: only results that bear on the
    /// outcome, childless branches removed, single children raised in their
    /// parent's place (section 12.4.3).
    private func detailed(valid: Bool) -> JSONObject {
        let root = fold(
            visiting: { units[$0].valid == valid },
            build: { index, kept in
                let unit = units[index]
                let hasOwnResult = valid ? unit.annotation != nil : unit.error != nil
                if kept.isEmpty && !hasOwnResult { return index == 0 ? fields(of: unit) : nil }
                if kept.count == 1 && !hasOwnResult && index != 0 { return kept[0] }
                var object = fields(of: unit)
                if !kept.isEmpty { object[valid ? "annotations" : "errors"] = .array(kept.map(JSONValue.object)) }
                return object
            })
        return root ?? fields(of: units[0])
    }

    /// The verbose form: every unit, with its children.
    private func verbose() -> JSONObject {
        let root = fold(
            visiting: { _ in true },
            build: { index, nested in
                let unit = units[index]
                var object = fields(of: unit)
                if !nested.isEmpty {
                    object[unit.valid ? "annotations" : "errors"] = .array(nested.map(JSONValue.object))
                }
                return object
            })
        return root ?? fields(of: units[0])
    }

    /// Builds the output of the tree from its leaves up, with an explicit
    /// stack rather than recursion, so that the output of a value nested
    /// thousands of units deep is safe on a small stack. `visiting` decides
    /// which children are looked at; `build` makes a unit's output from its
    /// children's (or drops it, with `nil`).
    private func fold(
        visiting: (Int) -> Bool, build: (Int, [JSONObject]) -> JSONObject?
    ) -> JSONObject? {
        struct Frame {
            var index: Int
            var children: [Int]
            var next = 0
            var results: [JSONObject] = []
        }
        guard visiting(0) else { return nil }
        var stack = [Frame(index: 0, children: children(of: 0).filter(visiting))]
        while true {
            let top = stack.count - 1
            if stack[top].next < stack[top].children.count {
                let child = stack[top].children[stack[top].next]
                stack[top].next += 1
                stack.append(Frame(index: child, children: children(of: child).filter(visiting)))
                continue
            }
            let frame = stack.removeLast()
            let result = build(frame.index, frame.results)
            guard !stack.isEmpty else { return result }
            if let result { stack[stack.count - 1].results.append(result) }
        }
    }
}

#endif
