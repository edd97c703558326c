// TEMPORARY (branch `schema` only): replaced by the Regex/ engine at merge.
import Foundation

struct _RegexSyntaxError: Error, CustomStringConvertible {
    var description: String
}

struct _Regex: @unchecked Sendable {
    let regex: NSRegularExpression
    init(ecmaScript pattern: String) throws(_RegexSyntaxError) {
        do { regex = try NSRegularExpression(pattern: pattern) } catch { throw _RegexSyntaxError(description: "\(error)") }
    }
    func firstMatchExists(in string: String) -> Bool {
        regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
    }
}
