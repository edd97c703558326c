#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Translates an I-Regexp into the syntax of Swift's `Regex`, as the package did before
/// it had a matcher of its own: the reference for the differential tests.
enum SwiftRegexTranslation {
    /// The `Regex` pattern for an I-Regexp, or `nil` if the pattern is not
    /// valid I-Regexp.
    static func translate(_ pattern: String) -> String? {
        var translator = Translator(scalars: Array(pattern.unicodeScalars))
        guard let result = translator.branches(), translator.index == translator.scalars.count else { return nil }
        return result
    }

    private struct Translator {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// How deeply groups nest here; patterns nested deeper than 32
        /// groups are refused, which keeps the translation's recursion safe
        /// on a small stack.
        var depth = 0

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        /// `i-regexp = branch *( "|" branch )`
        mutating func branches() -> String? {
            var output = ""
            while true {
                guard let branch = branch() else { return nil }
                output += branch
                guard peek == "|" else { return output }
                index += 1
                output += "|"
            }
        }

        /// `branch = *piece`, `piece = atom [ quantifier ]`
        mutating func branch() -> String? {
            var output = ""
            while let scalar = peek, scalar != "|", scalar != ")" {
                guard let atom = atom() else { return nil }
                output += atom
                guard let quantifier = quantifier() else { return nil }
                output += quantifier
            }
            return output
        }

        /// An optional quantifier: `*`, `+`, `?` or `{n}`, `{n,}`, `{n,m}`;
        /// `nil` only if one is malformed.
        mutating func quantifier() -> String? {
            switch peek {
            case "*", "+", "?":
                index += 1
                return String(scalars[index - 1])
            case "{":
                index += 1
                guard let low = digits() else { return nil }
                var output = "{" + low
                if peek == "," {
                    index += 1
                    output += ","
                    if let high = digits() {
                        guard Int(high)! >= Int(low)! else { return nil }
                        output += high
                    }
                }
                guard peek == "}" else { return nil }
                index += 1
                return output + "}"
            default:
                return ""
            }
        }

        mutating func digits() -> String? {
            var output = ""
            while let scalar = peek, ("0"..."9").contains(scalar) {
                output.unicodeScalars.append(scalar)
                index += 1
            }
            guard !output.isEmpty, output.count <= 9 else { return nil }
            return output
        }

        /// `atom = NormalChar / charClass / ( "(" i-regexp ")" )`
        mutating func atom() -> String? {
            guard let scalar = peek else { return nil }
            switch scalar {
            case "(":
                guard depth < 32 else { return nil }
                index += 1
                depth += 1
                defer { depth -= 1 }
                guard let inner = branches(), peek == ")" else { return nil }
                index += 1
                return "(?:" + inner + ")"
            case ".":
                index += 1
                return "[^\\x{A}\\x{D}]"
            case "[":
                return characterClassExpression()
            case "\\":
                return escape(inClass: false)
            case "*", "+", "?", "{", "}", ")", "]", "|":
                return nil
            case "^":
                // XSD regular expressions, on which I-Regexp is based, take
                // `^` and `$` literally, but the JSONPath compliance suite
                // treats them as anchors, as most regex engines do.
                index += 1
                return "\\A"
            case "$":
                index += 1
                return "\\z"
            default:
                index += 1
                return Self.literal(scalar)
            }
        }

        /// `\` and a single-character escape, or `\p{…}` / `\P{…}`.
        mutating func escape(inClass: Bool) -> String? {
            index += 1  // \
            guard let scalar = peek else { return nil }
            index += 1
            switch scalar {
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}":
                return Self.literal(scalar)
            case "n": return Self.literal("\n")
            case "r": return Self.literal("\r")
            case "t": return Self.literal("\t")
            case "p", "P":
                guard peek == "{" else { return nil }
                index += 1
                var property = ""
                while let next = peek, next != "}" {
                    property.unicodeScalars.append(next)
                    index += 1
                }
                guard peek == "}", Self.categories.contains(property) else { return nil }
                index += 1
                return "\\\(scalar){\(property)}"
            default:
                return nil
            }
        }

        /// `"[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"`
        mutating func characterClassExpression() -> String? {
            index += 1  // [
            var output = "["
            if peek == "^" {
                index += 1
                output += "^"
            }
            var first = true
            while true {
                guard let scalar = peek else { return nil }
                if scalar == "]" {
                    guard !first else { return nil }
                    index += 1
                    return output + "]"
                }
                if scalar == "-" {
                    // Only first or last.
                    index += 1
                    guard first || peek == "]" else { return nil }
                    output += Self.literal("-")
                    first = false
                    continue
                }
                first = false
                if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "p" || scalars[index + 1] == "P" {
                    guard let property = escape(inClass: true) else { return nil }
                    output += property
                    continue
                }
                guard let low = classCharacter() else { return nil }
                if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    guard let high = classCharacter(), low.scalar.value <= high.scalar.value else { return nil }
                    output += low.text + "-" + high.text
                } else {
                    output += low.text
                }
            }
        }

        /// `CCchar`: any character but `-`, `[`, `\` and `]`, or a
        /// single-character escape.
        mutating func classCharacter() -> (scalar: Unicode.Scalar, text: String)? {
            guard let scalar = peek else { return nil }
            switch scalar {
            case "-", "[", "]":
                return nil
            case "\\":
                let start = index
                guard let text = escape(inClass: true), index - start == 2 else { return nil }
                let escaped = scalars[start + 1]
                let value: Unicode.Scalar =
                    escaped == "n" ? "\n" : escaped == "r" ? "\r" : escaped == "t" ? "\t" : escaped
                return (value, text)
            default:
                index += 1
                return (scalar, Self.literal(scalar))
            }
        }

        static func literal(_ scalar: Unicode.Scalar) -> String {
            if scalar.properties.isASCIIHexDigit || ("g"..."z").contains(scalar) || ("G"..."Z").contains(scalar) {
                return String(scalar)
            }
            return "\\x{" + String(scalar.value, radix: 16) + "}"
        }

        /// The general categories I-Regexp allows in `\p{…}`.
        static let categories: Set<String> = [
            "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe",
            "Pf", "Pi", "Po", "Ps", "Z", "Zl", "Zp", "Zs", "S", "Sc", "Sk", "Sm", "So", "C", "Cc", "Cf", "Cn", "Co",
        ]
    }
}
