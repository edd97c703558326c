// Added to a small probe package by `.ci/check-availability --self-test`,
// which checks it against SwiftPM's default floors (macOS 10.13, iOS 12,
// tvOS 12, watchOS 4, visionOS 1). A line ending in `// finding: API` must be
// reported for that API; a line ending in `// guarded` must not be reported.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

func _probeUnguarded(_ bytes: [UInt8]) -> Bool {
    let text = String(validating: bytes, as: UTF8.self)  // finding: String.init(validating:as:)
    let decoder = JSONDecoder()
    decoder.allowsJSON5 = true  // finding: JSONDecoder.allowsJSON5
    return text != nil
}

func _probeIfAvailable(_ bytes: [UInt8]) -> Bool {
    // Brackets in literals and comments must not end the guarded region
    // early: "}" in strings, raw strings, interpolations and a nested block
    // comment (the one block comment here, on purpose).
    let decoys = [
        "}", #"}"#, ##"}"#}"##, "\("}")", #"\#("}")"#, #"""#,
        """
        }
        """,
    ]
    /* } /* nested } */ } */
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        let text = String(validating: bytes, as: UTF8.self)  // guarded
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true  // guarded
        return text != nil && !decoys.isEmpty
    } else {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true  // finding: JSONDecoder.allowsJSON5
    }
    return false
}

func _probeGuard(_ bytes: [UInt8]) -> String? {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
        return String(validating: bytes, as: UTF8.self)  // finding: String.init(validating:as:)
    }
    return String(validating: bytes, as: UTF8.self)  // guarded
}

func _probeAfterGuardScope(_ bytes: [UInt8]) -> String? {
    if bytes.isEmpty {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
        _ = String(validating: bytes, as: UTF8.self)  // guarded
    }
    return String(validating: bytes, as: UTF8.self)  // finding: String.init(validating:as:)
}

func _probeUnavailable(_ bytes: [UInt8]) -> String? {
    if #unavailable(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2) {
        return String(validating: bytes, as: UTF8.self)  // finding: String.init(validating:as:)
    } else {
        return String(validating: bytes, as: UTF8.self)  // guarded
    }
}

func _probeWhileAvailable(_ bytes: [UInt8]) -> String? {
    while #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return String(validating: bytes, as: UTF8.self)  // guarded
    }
    return nil
}

func _probePartlyGuarded(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
        // visionOS 2 is not named, so visionOS 1 may run this.
        return String(validating: bytes, as: UTF8.self)  // finding: String.init(validating:as:)
    }
    return nil
}

@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
struct _ProbeAnnotated {
    func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true  // guarded
        return decoder
    }

    func text(_ bytes: [UInt8]) -> String? {
        String(validating: bytes, as: UTF8.self)  // finding: String.init(validating:as:)
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension _ProbeAnnotated {
    var nested: (([UInt8]) -> String?) {
        { bytes in String(validating: bytes, as: UTF8.self) }  // guarded
    }
}

func _probeConcurrency() async {}  // finding: `async`

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
func _probeConcurrencyAnnotated() async {}  // guarded
