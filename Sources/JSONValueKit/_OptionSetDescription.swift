/// The text of a set of flag options as the array literal that creates it,
/// `[.prettyPrinted, .sortedKeys]`, so that printing options says which are
/// set rather than `WritingOptions(rawValue: 3)`.
///
/// The names come in the order of their bits, which is the order in which
/// the options are declared, so the text of equal options is always the
/// same. Bits that no name covers are written last as
/// `TypeName(rawValue: bits)`, which is still Swift that creates them.
///
/// - Parameters:
///   - rawValue: The raw bits of the options.
///   - typeName: The options' type name, for unnamed bits.
///   - names: Each single-bit option's bit and name, in the order of their
///     bits.
/// - Returns: The options as an array literal; `[]` for none.
func _optionSetDescription(_ rawValue: UInt, typeName: String, names: KeyValuePairs<UInt, String>) -> String {
    var parts: [String] = []
    var remaining = rawValue
    for (bit, name) in names where rawValue & bit != 0 {
        parts.append("." + name)
        remaining &= ~bit
    }
    if remaining != 0 { parts.append("\(typeName)(rawValue: \(remaining))") }
    return "[" + parts.joined(separator: ", ") + "]"
}
