/// Why a pattern was refused, and where.
///
/// Three kinds, because a caller needs to tell them apart: JSON Schema's
/// `format: "regex"` asks whether a string *is* an ECMA-262 pattern, which a
/// pattern with a back-reference is, although this package will not run it.
struct _RegexSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        /// The pattern does not follow the syntax's grammar (for ECMA-262,
        /// the grammar of Unicode mode): `(a`, `a{2,1}`, `\a`.
        case invalid
        /// Valid syntax for a feature that cannot run in linear time
        /// (back-references) or that the package cannot evaluate
        /// (`\p{Script=…}`, inline modifiers). The message names the
        /// feature.
        case unsupported
        /// Valid, but beyond one of the limits that keep compiling and
        /// matching bounded (program size, group nesting, look-arounds).
        case tooLarge
    }

    var kind: Kind
    /// What is wrong, in words that name the feature or the character.
    var message: String
    /// Where: an offset in Unicode scalars from the start of the pattern.
    var offset: Int

    init(_ kind: Kind, _ message: String, at offset: Int) {
        self.kind = kind
        self.message = message
        self.offset = offset
    }

    var description: String { "\(message) (at scalar \(offset) of the pattern)" }
}
