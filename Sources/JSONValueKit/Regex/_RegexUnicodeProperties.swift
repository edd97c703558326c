/// The binary Unicode properties that ECMA-262 allows in `\p{…}` and the
/// standard library can answer (`Unicode.Scalar.Properties`), so that a
/// pattern's answer follows the Unicode version of the platform it runs on,
/// as a JavaScript engine's follows its own.
enum _BinaryProperty: UInt8, Sendable, Hashable {
    case alphabetic, asciiHexDigit, bidiControl, bidiMirrored, caseIgnorable, cased, changesWhenCasefolded
    case changesWhenCasemapped, changesWhenLowercased, changesWhenNFKCCasefolded, changesWhenTitlecased
    case changesWhenUppercased, dash, defaultIgnorableCodePoint, deprecated, diacritic, emoji, emojiModifier
    case emojiModifierBase, emojiPresentation, extender, graphemeBase, graphemeExtend, hexDigit, idsBinaryOperator
    case idsTrinaryOperator, idContinue, idStart, ideographic, joinControl, logicalOrderException, lowercase, math
    case noncharacterCodePoint, patternSyntax, patternWhiteSpace, quotationMark, radical, sentenceTerminal
    case softDotted, terminalPunctuation, unifiedIdeograph, uppercase, variationSelector, whiteSpace, xidContinue
    case xidStart

    func holds(for scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch self {
        case .alphabetic: return properties.isAlphabetic
        case .asciiHexDigit: return properties.isASCIIHexDigit
        case .bidiControl: return properties.isBidiControl
        case .bidiMirrored: return properties.isBidiMirrored
        case .caseIgnorable: return properties.isCaseIgnorable
        case .cased: return properties.isCased
        case .changesWhenCasefolded: return properties.changesWhenCaseFolded
        case .changesWhenCasemapped: return properties.changesWhenCaseMapped
        case .changesWhenLowercased: return properties.changesWhenLowercased
        case .changesWhenNFKCCasefolded: return properties.changesWhenNFKCCaseFolded
        case .changesWhenTitlecased: return properties.changesWhenTitlecased
        case .changesWhenUppercased: return properties.changesWhenUppercased
        case .dash: return properties.isDash
        case .defaultIgnorableCodePoint: return properties.isDefaultIgnorableCodePoint
        case .deprecated: return properties.isDeprecated
        case .diacritic: return properties.isDiacritic
        case .emoji: return properties.isEmoji
        case .emojiModifier: return properties.isEmojiModifier
        case .emojiModifierBase: return properties.isEmojiModifierBase
        case .emojiPresentation: return properties.isEmojiPresentation
        case .extender: return properties.isExtender
        case .graphemeBase: return properties.isGraphemeBase
        case .graphemeExtend: return properties.isGraphemeExtend
        case .hexDigit: return properties.isHexDigit
        case .idsBinaryOperator: return properties.isIDSBinaryOperator
        case .idsTrinaryOperator: return properties.isIDSTrinaryOperator
        case .idContinue: return properties.isIDContinue
        case .idStart: return properties.isIDStart
        case .ideographic: return properties.isIdeographic
        case .joinControl: return properties.isJoinControl
        case .logicalOrderException: return properties.isLogicalOrderException
        case .lowercase: return properties.isLowercase
        case .math: return properties.isMath
        case .noncharacterCodePoint: return properties.isNoncharacterCodePoint
        case .patternSyntax: return properties.isPatternSyntax
        case .patternWhiteSpace: return properties.isPatternWhitespace
        case .quotationMark: return properties.isQuotationMark
        case .radical: return properties.isRadical
        case .sentenceTerminal: return properties.isSentenceTerminal
        case .softDotted: return properties.isSoftDotted
        case .terminalPunctuation: return properties.isTerminalPunctuation
        case .unifiedIdeograph: return properties.isUnifiedIdeograph
        case .uppercase: return properties.isUppercase
        case .variationSelector: return properties.isVariationSelector
        case .whiteSpace: return properties.isWhitespace
        case .xidContinue: return properties.isXIDContinue
        case .xidStart: return properties.isXIDStart
        }
    }
}

/// ECMA-262's names for `\p{…}`: its tables of General_Category values and
/// of binary properties, with the aliases of Unicode's
/// PropertyValueAliases.txt and PropertyAliases.txt that it lists. Names
/// are case-sensitive and not loosely matched, as the specification says.
enum _UnicodePropertyNames {
    /// What a name stands for.
    enum Meaning: Sendable {
        case set(_ScalarSet)
        /// A property ECMA-262 defines that the standard library cannot
        /// answer; the string says which.
        case unsupported(String)
    }

    /// `\p{General_Category=…}`, `\p{gc=…}` and lone values such as
    /// `\p{Lu}`, `\p{Letter}`, `\p{digit}`.
    static let generalCategories: [String: UInt32] = {
        let table: [(names: [String], categories: String)] = [
            (["Cased_Letter", "LC"], "Lu Ll Lt"), (["Close_Punctuation", "Pe"], "Pe"),
            (["Connector_Punctuation", "Pc"], "Pc"), (["Control", "Cc", "cntrl"], "Cc"),
            (["Currency_Symbol", "Sc"], "Sc"), (["Dash_Punctuation", "Pd"], "Pd"),
            (["Decimal_Number", "Nd", "digit"], "Nd"), (["Enclosing_Mark", "Me"], "Me"),
            (["Final_Punctuation", "Pf"], "Pf"), (["Format", "Cf"], "Cf"), (["Initial_Punctuation", "Pi"], "Pi"),
            (["Letter", "L"], "L"), (["Letter_Number", "Nl"], "Nl"), (["Line_Separator", "Zl"], "Zl"),
            (["Lowercase_Letter", "Ll"], "Ll"), (["Mark", "M", "Combining_Mark"], "M"),
            (["Math_Symbol", "Sm"], "Sm"), (["Modifier_Letter", "Lm"], "Lm"), (["Modifier_Symbol", "Sk"], "Sk"),
            (["Nonspacing_Mark", "Mn"], "Mn"), (["Number", "N"], "N"), (["Open_Punctuation", "Ps"], "Ps"),
            (["Other", "C"], "C"), (["Other_Letter", "Lo"], "Lo"), (["Other_Number", "No"], "No"),
            (["Other_Punctuation", "Po"], "Po"), (["Other_Symbol", "So"], "So"),
            (["Paragraph_Separator", "Zp"], "Zp"), (["Private_Use", "Co"], "Co"),
            (["Punctuation", "P", "punct"], "P"), (["Separator", "Z"], "Z"), (["Space_Separator", "Zs"], "Zs"),
            (["Spacing_Mark", "Mc"], "Mc"), (["Surrogate", "Cs"], "Cs"), (["Symbol", "S"], "S"),
            (["Titlecase_Letter", "Lt"], "Lt"), (["Unassigned", "Cn"], "Cn"), (["Uppercase_Letter", "Lu"], "Lu"),
        ]
        var result: [String: UInt32] = [:]
        for (names, categories) in table {
            var mask: UInt32 = 0
            for prefix in categories.split(separator: " ") { mask |= _GeneralCategory.mask(String(prefix)) }
            for name in names { result[name] = mask }
        }
        return result
    }()

    /// The binary properties, by name and alias.
    static let binaryProperties: [String: Meaning] = {
        let properties: [([String], _BinaryProperty)] = [
            (["ASCII_Hex_Digit", "AHex"], .asciiHexDigit), (["Alphabetic", "Alpha"], .alphabetic),
            (["Bidi_Control", "Bidi_C"], .bidiControl), (["Bidi_Mirrored", "Bidi_M"], .bidiMirrored),
            (["Case_Ignorable", "CI"], .caseIgnorable), (["Cased"], .cased),
            (["Changes_When_Casefolded", "CWCF"], .changesWhenCasefolded),
            (["Changes_When_Casemapped", "CWCM"], .changesWhenCasemapped),
            (["Changes_When_Lowercased", "CWL"], .changesWhenLowercased),
            (["Changes_When_NFKC_Casefolded", "CWKCF"], .changesWhenNFKCCasefolded),
            (["Changes_When_Titlecased", "CWT"], .changesWhenTitlecased),
            (["Changes_When_Uppercased", "CWU"], .changesWhenUppercased), (["Dash"], .dash),
            (["Default_Ignorable_Code_Point", "DI"], .defaultIgnorableCodePoint),
            (["Deprecated", "Dep"], .deprecated), (["Diacritic", "Dia"], .diacritic), (["Emoji"], .emoji),
            (["Emoji_Modifier", "EMod"], .emojiModifier), (["Emoji_Modifier_Base", "EBase"], .emojiModifierBase),
            (["Emoji_Presentation", "EPres"], .emojiPresentation), (["Extender", "Ext"], .extender),
            (["Grapheme_Base", "Gr_Base"], .graphemeBase), (["Grapheme_Extend", "Gr_Ext"], .graphemeExtend),
            (["Hex_Digit", "Hex"], .hexDigit), (["IDS_Binary_Operator", "IDSB"], .idsBinaryOperator),
            (["IDS_Trinary_Operator", "IDST"], .idsTrinaryOperator), (["ID_Continue", "IDC"], .idContinue),
            (["ID_Start", "IDS"], .idStart), (["Ideographic", "Ideo"], .ideographic),
            (["Join_Control", "Join_C"], .joinControl), (["Logical_Order_Exception", "LOE"], .logicalOrderException),
            (["Lowercase", "Lower"], .lowercase), (["Math"], .math),
            (["Noncharacter_Code_Point", "NChar"], .noncharacterCodePoint),
            (["Pattern_Syntax", "Pat_Syn"], .patternSyntax), (["Pattern_White_Space", "Pat_WS"], .patternWhiteSpace),
            (["Quotation_Mark", "QMark"], .quotationMark), (["Radical"], .radical),
            (["Sentence_Terminal", "STerm"], .sentenceTerminal), (["Soft_Dotted", "SD"], .softDotted),
            (["Terminal_Punctuation", "Term"], .terminalPunctuation),
            (["Unified_Ideograph", "UIdeo"], .unifiedIdeograph), (["Uppercase", "Upper"], .uppercase),
            (["Variation_Selector", "VS"], .variationSelector), (["White_Space", "space"], .whiteSpace),
            (["XID_Continue", "XIDC"], .xidContinue), (["XID_Start", "XIDS"], .xidStart),
        ]
        var result: [String: Meaning] = [:]
        for (names, property) in properties {
            for name in names {
                result[name] = .set(_ScalarSet(tests: [.init(property: .binary(property), negated: false)]))
            }
        }
        result["Any"] = .set(_ScalarSet(ranges: [0..._ScalarSet.maximumValue]))
        result["ASCII"] = .set(_ScalarSet(ranges: [0...0x7F]))
        // Regional_Indicator is the block of the 26 regional indicator
        // letters by definition; Assigned is every category but Cn.
        for name in ["Regional_Indicator", "RI"] { result[name] = .set(_ScalarSet(ranges: [0x1_F1E6...0x1_F1FF])) }
        let assigned = (UInt32(1) << UInt32(_GeneralCategory.count) - 1) & ~_GeneralCategory.mask("Cn")
        result["Assigned"] = .set(_ScalarSet(tests: [.init(property: .generalCategories(assigned), negated: false)]))
        for name in ["Emoji_Component", "EComp", "Extended_Pictographic", "ExtPict"] {
            result[name] = .unsupported(
                "the Unicode property \(name) is not supported: the Swift standard library does not provide it")
        }
        return result
    }()

    /// What `\p{text}` means; `nil` if ECMA-262 does not define it.
    static func meaning(of text: String) -> Meaning? {
        guard let equals = text.firstIndex(of: "=") else {
            if let mask = generalCategories[text] {
                return .set(_ScalarSet(tests: [.init(property: .generalCategories(mask), negated: false)]))
            }
            return binaryProperties[text]
        }
        let name = String(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        switch name {
        case "General_Category", "gc":
            guard let mask = generalCategories[value] else { return nil }
            return .set(_ScalarSet(tests: [.init(property: .generalCategories(mask), negated: false)]))
        case "Script", "sc", "Script_Extensions", "scx":
            guard !value.isEmpty, value.unicodeScalars.allSatisfy(isValueCharacter) else { return nil }
            return .unsupported(
                "the Unicode property \(name) is not supported: the Swift standard library has no script data")
        default:
            return nil
        }
    }

    /// `UnicodePropertyValueCharacter`: an ASCII letter or digit, or `_`.
    static func isValueCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_": return true
        default: return false
        }
    }
}
