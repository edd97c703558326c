#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The decoder whose reading a generated schema describes, and what of it
/// the probe needs.
struct _GenerationOptions {
    var decoder: JSONValueDecoder
    /// Whether enumerations decoded from raw values that are not
    /// `CaseIterable` have their cases listed from their layout (see
    /// `_casesByLayout(of:)`): for key path locations, not for schemas.
    var listsCasesByLayout = false

    var keyStrategy: JSONValueDecoder.KeyDecodingStrategy { decoder.keyDecodingStrategy }
    var dateStrategy: JSONValueDecoder.DateDecodingStrategy { decoder.dateDecodingStrategy }
    var dataStrategy: JSONValueDecoder.DataDecodingStrategy { decoder.dataDecodingStrategy }
    var floatStrategy: JSONValueDecoder.NonConformingFloatDecodingStrategy {
        decoder.nonConformingFloatDecodingStrategy
    }
    var userInfo: [CodingUserInfoKey: Any] { decoder.userInfo }

    /// A key for caches: the strategies, when none of them is a closure,
    /// which cannot be compared; `nil` otherwise. `userInfo` is not part of
    /// it: a type whose shape depends on it is read with the decoder's
    /// values the first time.
    var cacheKey: String? {
        var parts: [String] = []
        switch decoder.keyDecodingStrategy {
        case .useDefaultKeys: parts.append("k0")
        case .convertFromSnakeCase: parts.append("k1")
        default: return nil
        }
        switch decoder.dateDecodingStrategy {
        case .deferredToDate: parts.append("d0")
        case .secondsSince1970: parts.append("d1")
        case .millisecondsSince1970: parts.append("d2")
        case .iso8601: parts.append("d3")
        default: return nil
        }
        switch decoder.dataDecodingStrategy {
        case .deferredToData: parts.append("b0")
        case .base64: parts.append("b1")
        default: return nil
        }
        switch decoder.nonConformingFloatDecodingStrategy {
        case .throw: parts.append("f0")
        case .convertFromString(let positive, let negative, let nan):
            parts.append("f1:\(positive.utf8.count):\(positive)\(negative.utf8.count):\(negative)\(nan)")
        @unknown default: return nil
        }
        if listsCasesByLayout { parts.append("l") }
        return parts.joined(separator: ",")
    }
}
