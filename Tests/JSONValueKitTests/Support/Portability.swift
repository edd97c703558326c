import Testing

#if FullFoundation || canImport(Darwin) || !canImport(FoundationEssentials)
import Foundation
#else
import FoundationEssentials
#endif

// What the tests would otherwise take from full Foundation, so that they
// build and run with the `FullFoundation` trait off (`swift test
// --disable-default-traits`), where the test binary must not link it.

extension String {
    /// The string with every occurrence of `target`, which must not be
    /// empty, replaced by `replacement`, left to right: Foundation's
    /// `replacingOccurrences(of:with:)` with the standard library alone
    /// (whose `replacing(_:with:)` needs macOS 13).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        precondition(!target.isEmpty)
        let text = Array(utf8)
        let pattern = Array(target.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < text.count {
            if text[index] == pattern[0], index + pattern.count <= text.count,
                text[index..<(index + pattern.count)].elementsEqual(pattern)
            {
                result += replacement.utf8
                index += pattern.count
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// Whether `value` is what ``JSONValue/anyValue`` gives for null: `NSNull`
/// where the library bridges Foundation's classes (the `FullFoundation`
/// trait, and always on Apple platforms), a `nil` optional otherwise.
func isAnyNull(_ value: Any) -> Bool {
    #if FullFoundation || canImport(Darwin) || !canImport(FoundationEssentials)
    return value is NSNull
    #else
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
    #endif
}

/// Whether the tests that compare with Foundation's coders in detail run
/// against the Foundation they were checked with: the toolchain's own (the
/// one swift-foundation builds), as on Linux.
///
/// On Apple platforms the tests meet the system's Foundation instead, whose
/// `JSONEncoder` and `JSONDecoder` changed between OS versions in exactly
/// such details (the order of `.sortedKeys`, which key a duplicate keeps,
/// error types and paths, reading `1.0e19` into `UInt64`); those comparisons
/// have not been checked there, so they are left out, and the tests check
/// the package against fixed expectations only.
enum ToolchainFoundation {
    static var isChecked: Bool {
        #if canImport(Darwin)
        return false
        #else
        return true
        #endif
    }

    static let skipReason: Comment =
        "compares with the details of the toolchain's Foundation, not checked against Apple's system Foundation"
}
