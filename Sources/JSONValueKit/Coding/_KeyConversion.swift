#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The key conversions of `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`
/// and `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`, with the same
/// results, so that the tree coders agree with Foundation's.
enum _KeyConversion {
    /// `first_name` → `firstName`, `HTTP_code` → `httpCode`, `_private_key_`
    /// → `_privateKey_`; keys without an inner underscore are unchanged.
    static func fromSnakeCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        let last = key.lastIndex(where: { $0 != "_" })!
        let words = key[first...last].split(separator: "_")
        guard words.count > 1 else { return key }
        var result = String(key[..<first])
        result += words[0].lowercased()
        for word in words.dropFirst() {
            result += String(word).capitalized
        }
        result += key[key.index(after: last)...]
        return result
    }

    /// `firstName` → `first_name`, `myURLValue` → `my_url_value`.
    ///
    /// Words end before an uppercase letter; a run of several uppercase letters
    /// followed by a lowercase one is a word of its own, except for its last
    /// letter, which starts the next word.
    static func toSnakeCase(_ key: String) -> String {
        let characters = Array(key)
        guard characters.count > 1 else { return key.lowercased() }
        var words: [ArraySlice<Character>] = []
        var wordStart = 0
        var search = 1
        while let upper = characters[search...].firstIndex(where: \.isUppercase) {
            words.append(characters[wordStart..<upper])
            guard let lower = characters[upper...].firstIndex(where: \.isLowercase) else {
                wordStart = upper
                search = characters.count
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                words.append(characters[upper..<(lower - 1)])
                wordStart = lower - 1
            }
            search = lower + 1
            if search >= characters.count { break }
        }
        words.append(characters[wordStart...])
        return words.map { String($0).lowercased() }.joined(separator: "_")
    }
}
