#if JSONSchema

/// `hostname` and `idn-hostname`: host names of RFC 1123 and their
/// internationalized form, IDNA2008 (RFC 5890 to 5893).
///
/// Both split the name into labels and check each one:
///
/// - An ASCII label is 1 to 63 letters, digits and hyphens, neither
///   starting nor ending with a hyphen. One that starts with `xn--` (in
///   either case) is an A-label: Punycode that must decode to a valid
///   U-label and encode back to the same text. Any other label with hyphens
///   in the third and fourth positions is a reserved label (RFC 5890
///   section 2.3.1): fine for RFC 1123, so for `hostname` (the suite's
///   `ab--cd.example`), but not IDNA-valid, so not for `idn-hostname`.
/// - A U-label (`idn-hostname` only) holds only code points whose IDNA2008
///   derived property (RFC 5892) is PVALID, or CONTEXTJ or CONTEXTO with
///   its rule of RFC 5892 appendix A met; is in NFC; does not begin with a
///   combining mark; has no hyphen first, last, or in both the third and
///   fourth positions; and its A-label has at most 63 octets.
/// - If any label holds a right-to-left character (Bidi class R, AL or AN),
///   the name is a Bidi domain name and every label must satisfy the Bidi
///   rule of RFC 5893 section 2.
/// - The name, written with A-labels, has at most 253 octets; it has no
///   empty label, so no trailing dot. `idn-hostname` also separates labels
///   with U+3002, U+FF0E and U+FF61 (RFC 3490 section 3.1).
///
/// The code point facts come from the tables in `_IDNATables.swift`,
/// generated from the Unicode Character Database by
/// `Scripts/generate-idna-tables.py`. A U-label is, by RFC 5891 section 5.4,
/// lower case: `Bücher` is not one (IDNA2008 has no case mapping), while
/// the ASCII label `Example` is fine.
enum _IDNA {
    /// The most code points a label can have: its A-label has at most 63
    /// octets and each code point takes at least one of them.
    static let maximumLabelScalars = 63

    /// What the labels seen so far say about the whole name.
    private struct Domain {
        var length = 0
        var labels = 0
        /// Whether a label holds a character of Bidi class R, AL or AN.
        var hasRightToLeft = false
        /// Whether a label fails the Bidi rule (which matters only if the
        /// name turns out to be a Bidi domain name).
        var failsBidiRule = false
    }

    static func isHostname(_ bytes: UnsafeBufferPointer<UInt8>, international: Bool) -> Bool {
        guard !bytes.isEmpty else { return false }
        var domain = Domain()
        var labelStart = 0
        var index = 0
        let end = bytes.count
        while true {
            // One pass finds the label's end and checks its ASCII: a label
            // holds no ASCII but letters, digits and hyphens, whether it is
            // an LDH label or a U-label (where upper case is refused later).
            var ascii = true
            var separator = 0
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: ".") {
                    separator = 1
                    break
                }
                if byte >= 0x80 {
                    guard international else { return false }
                    if byte >= 0xE3, isWideFullStop(bytes, index) {
                        separator = 3
                        break
                    }
                    ascii = false
                } else if !(_FormatBytes.isAlpha(byte) || _FormatBytes.isDigit(byte) || byte == UInt8(ascii: "-")) {
                    return false
                }
                index += 1
            }
            guard isLabel(bytes, labelStart, index, ascii: ascii, international: international, &domain) else {
                return false
            }
            if index == end { break }
            index += separator
            labelStart = index
        }
        guard domain.length + domain.labels - 1 <= 253 else { return false }
        return !(domain.hasRightToLeft && domain.failsBidiRule)
    }

    /// U+3002 IDEOGRAPHIC FULL STOP, U+FF0E FULLWIDTH FULL STOP or U+FF61
    /// HALFWIDTH IDEOGRAPHIC FULL STOP at `index`.
    @inline(__always)
    private static func isWideFullStop(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        guard index + 2 < bytes.count else { return false }
        let (a, b, c) = (bytes[index], bytes[index + 1], bytes[index + 2])
        return (a == 0xE3 && b == 0x80 && c == 0x82) || (a == 0xEF && b == 0xBC && c == 0x8E)
            || (a == 0xEF && b == 0xBD && c == 0xA1)
    }

    /// Checks the label `bytes[start..<end]`, whose ASCII bytes are known to
    /// be letters, digits and hyphens; `ascii` says whether it has no others.
    private static func isLabel(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, ascii: Bool, international: Bool,
        _ domain: inout Domain
    ) -> Bool {
        guard end > start else { return false }
        domain.labels += 1
        if ascii {
            guard end - start <= 63, bytes[start] != UInt8(ascii: "-"), bytes[end - 1] != UInt8(ascii: "-")
            else { return false }
            domain.length += end - start
            if end - start >= 4, bytes[start + 2] == UInt8(ascii: "-"), bytes[start + 3] == UInt8(ascii: "-") {
                if bytes[start] | 0x20 == UInt8(ascii: "x"), bytes[start + 1] | 0x20 == UInt8(ascii: "n") {
                    return isALabel(bytes, start + 4, end, &domain)
                }
                // Another reserved label is a fine RFC 1123 host name label
                // but not an IDNA-valid one (RFC 5890 section 2.3.2.1).
                guard !international else { return false }
            }
            // An LDH label is left to right when it starts with a letter
            // (class L); digits are EN and hyphens ES, and it ends with a
            // letter or digit, as the rule asks.
            if !_FormatBytes.isAlpha(bytes[start]) { domain.failsBidiRule = true }
            return true
        }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maximumLabelScalars) { scalars in
            var count = 0
            var index = start
            while index < end {
                guard count < scalars.count else { return false }
                let (scalar, length) = _FormatBytes.scalar(bytes, at: index)
                scalars[count] = scalar
                count += 1
                index += length
            }
            guard isULabel(scalars, count, &domain) else { return false }
            // The A-label: "xn--" and the Punycode, at most 63 octets.
            var encoded = 4
            let fits = _Punycode.encode(scalars, count) { _ in
                encoded += 1
                return encoded <= 63
            }
            domain.length += encoded
            return fits
        }
    }

    /// Checks `bytes[start..<end]`, the Punycode after an `xn--`.
    private static func isALabel(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ domain: inout Domain
    ) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maximumLabelScalars) { scalars in
            guard let count = _Punycode.decode(bytes, start, end, into: scalars) else { return false }
            // An A-label stands for a label that is not all ASCII.
            var hasNonASCII = false
            for index in 0..<count where scalars[index] >= 0x80 {
                hasNonASCII = true
                break
            }
            guard hasNonASCII, isULabel(scalars, count, &domain) else { return false }
            // It must be the one encoding of its U-label (in lower case).
            var index = start
            let same = _Punycode.encode(scalars, count) { byte in
                guard index < end, (bytes[index] | (_FormatBytes.isAlpha(bytes[index]) ? 0x20 : 0)) == byte
                else { return false }
                index += 1
                return true
            }
            return same && index == end
        }
    }

    /// Checks a U-label of `count` code points and notes its Bidi facts.
    private static func isULabel(
        _ scalars: UnsafeMutableBufferPointer<UInt32>, _ count: Int, _ domain: inout Domain
    ) -> Bool {
        guard count > 0 else { return false }
        let hyphen = UInt32(UInt8(ascii: "-"))
        guard scalars[0] != hyphen, scalars[count - 1] != hyphen,
            count < 4 || scalars[2] != hyphen || scalars[3] != hyphen
        else { return false }
        return withUnsafeTemporaryAllocation(of: _IDNAProperties.self, capacity: count) { properties in
            for index in 0..<count {
                let facts = _IDNAProperties(scalars[index])
                guard facts.isAllowed else { return false }
                properties[index] = facts
            }
            guard !properties[0].isCombiningMark else { return false }
            for index in 0..<count where properties[index].isContextual {
                guard meetsContextRule(at: index, scalars, properties, count) else { return false }
            }
            guard isNFC(scalars, properties, count) else { return false }
            noteBidi(properties, count, &domain)
            return true
        }
    }

    /// The rules of RFC 5892 appendix A for the CONTEXTJ and CONTEXTO code
    /// point at `index`.
    private static func meetsContextRule(
        at index: Int, _ scalars: UnsafeMutableBufferPointer<UInt32>,
        _ properties: UnsafeMutableBufferPointer<_IDNAProperties>, _ count: Int
    ) -> Bool {
        let before: _IDNAProperties? = index > 0 ? properties[index - 1] : nil
        let after: _IDNAProperties? = index + 1 < count ? properties[index + 1] : nil
        switch scalars[index] {
        case 0x200C:
            // ZERO WIDTH NON-JOINER: after a virama, or between joining
            // letters: (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D}).
            if before?.combiningClass == _IDNAProperties.virama { return true }
            var left = index - 1
            while left >= 0, properties[left].joiningType == .transparent { left -= 1 }
            guard left >= 0, properties[left].joiningType == .left || properties[left].joiningType == .dual
            else { return false }
            var right = index + 1
            while right < count, properties[right].joiningType == .transparent { right += 1 }
            return right < count && (properties[right].joiningType == .right || properties[right].joiningType == .dual)
        case 0x200D:
            // ZERO WIDTH JOINER: after a virama.
            return before?.combiningClass == _IDNAProperties.virama
        case 0x00B7:
            // MIDDLE DOT: between two l's (Catalan l·l).
            return index > 0 && index + 1 < count && scalars[index - 1] == 0x6C && scalars[index + 1] == 0x6C
        case 0x0375:
            // GREEK LOWER NUMERAL SIGN (KERAIA): before a Greek character.
            return after?.script == .greek
        case 0x05F3, 0x05F4:
            // HEBREW PUNCTUATION GERESH and GERSHAYIM: after a Hebrew character.
            return before?.script == .hebrew
        case 0x30FB:
            // KATAKANA MIDDLE DOT: in a label with Hiragana, Katakana or Han.
            for other in 0..<count {
                switch properties[other].script {
                case .hiragana, .katakana, .han: return true
                default: continue
                }
            }
            return false
        case 0x0660...0x0669:
            // ARABIC-INDIC DIGITS: not mixed with the extended ones.
            for other in 0..<count where (0x06F0...0x06F9).contains(scalars[other]) { return false }
            return true
        case 0x06F0...0x06F9:
            // EXTENDED ARABIC-INDIC DIGITS: not mixed with the others.
            for other in 0..<count where (0x0660...0x0669).contains(scalars[other]) { return false }
            return true
        default:
            // A contextual code point without a rule is not allowed.
            return false
        }
    }

    /// Notes whether the label holds a right-to-left character, and whether
    /// it meets the Bidi rule of RFC 5893 section 2:
    ///
    /// 1. It starts with L (a left-to-right label) or R or AL (right to left).
    /// 2. A right-to-left label holds only R, AL, AN, EN, ES, CS, ET, ON, BN
    ///    and NSM, ...
    /// 3. ... ends with R, AL, EN or AN, then any NSMs, ...
    /// 4. ... and does not hold both EN and AN.
    /// 5. A left-to-right label holds only L, EN, ES, CS, ET, ON, BN and NSM,
    /// 6. ... and ends with L or EN, then any NSMs.
    private static func noteBidi(
        _ properties: UnsafeMutableBufferPointer<_IDNAProperties>, _ count: Int, _ domain: inout Domain
    ) {
        var allowedRightToLeft = true
        var allowedLeftToRight = true
        var hasEuropeanNumber = false
        var hasArabicNumber = false
        var last = _IDNAProperties.BidiClass.other
        for index in 0..<count {
            let bidi = properties[index].bidiClass
            switch bidi {
            case .leftToRight:
                allowedRightToLeft = false
            case .rightToLeft, .arabicLetter:
                allowedLeftToRight = false
                domain.hasRightToLeft = true
            case .arabicNumber:
                allowedLeftToRight = false
                hasArabicNumber = true
                domain.hasRightToLeft = true
            case .europeanNumber:
                hasEuropeanNumber = true
            case .europeanSeparator, .europeanTerminator, .commonSeparator, .otherNeutral, .boundaryNeutral,
                .nonspacingMark:
                break
            case .other:
                allowedRightToLeft = false
                allowedLeftToRight = false
            }
            if bidi != .nonspacingMark { last = bidi }
        }
        let meetsRule: Bool
        switch properties[0].bidiClass {
        case .rightToLeft, .arabicLetter:
            let endsWell: Bool
            switch last {
            case .rightToLeft, .arabicLetter, .europeanNumber, .arabicNumber: endsWell = true
            default: endsWell = false
            }
            meetsRule = allowedRightToLeft && endsWell && !(hasEuropeanNumber && hasArabicNumber)
        case .leftToRight:
            meetsRule = allowedLeftToRight && (last == .leftToRight || last == .europeanNumber)
        default:
            meetsRule = false
        }
        if !meetsRule { domain.failsBidiRule = true }
    }
}

#endif
