#if JSONSchema

/// The sentences of validation errors: what was expected and what was
/// found, with values written as short JSON.
enum _SchemaMessages {
    /// The longest value text a message quotes before it cuts it short.
    static let maximumValueLength = 60

    /// A value as compact JSON, cut short with `…` when long.
    static func describe(_ value: JSONValue) -> String {
        let text: String
        switch value {
        case .string(let string): text = quote(string)
        case .double(let double) where !double.isFinite: text = "\(double)"
        default: text = (try? value.jsonString()) ?? "\(value)"
        }
        return shortened(text)
    }

    /// A string as a JSON string literal, cut short when long.
    static func quote(_ string: String) -> String {
        shortened((try? JSONValue.string(string).jsonString()) ?? "\"\(string)\"")
    }

    private static func shortened(_ text: String) -> String {
        guard text.unicodeScalars.count > maximumValueLength else { return text }
        var result = String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumValueLength - 1)))
        result += "…"
        return result
    }

    /// A list of names: `"a"`, `"a" and "b"`, `"a", "b" and "c"`.
    static func list(_ names: [String]) -> String {
        let quoted = names.map(quote)
        guard quoted.count > 1 else { return quoted.joined() }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }

    /// A value as a message names what was found: `the string "90"`,
    /// `the integer 5`, `null`, `the object {"a":1}`.
    static func found(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "the Boolean \(describe(value))"
        case .object: "the object \(describe(value))"
        case .array: "the array \(describe(value))"
        case .string: "the string \(describe(value))"
        case .int: "the integer \(describe(value))"
        case .double: "the number \(describe(value))"
        }
    }

    /// A count and a noun: `1 item`, `2 items`, `2 properties`.
    static func plural(_ count: Int, _ noun: String, _ pluralNoun: String? = nil) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(pluralNoun ?? noun + "s")"
    }
}

#endif
