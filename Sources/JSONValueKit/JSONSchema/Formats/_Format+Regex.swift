#if JSONSchema

/// Whether `pattern` is a valid ECMA-262 regular expression, for the `regex`
/// format: the strict grammar of Unicode mode, as 2020-12 asks. A pattern
/// with a feature the package does not run (a back-reference, `(?i:…)`)
/// is still a valid pattern here; `pattern` refuses it when compiling.
func _isValidECMAScriptPattern(_ pattern: String) -> Bool {
    _Regex.isValidECMAScriptSyntax(pattern)
}

#endif
