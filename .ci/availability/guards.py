"""Where a Swift file guards availability, from a scan of its source.

`if #available` and `guard #available` are statements, invisible to the
index and to symbol graphs, so the file is scanned: a lexer that knows
Swift's comments (nested `/* */`), string literals (multi-line, raw
`#"..."#`, interpolations `\\(...)` whose code it lexes in turn) and
extended regex literals `#/.../#` turns the text into tokens; brackets are
matched; then every

- declaration carrying `@available(...)` (with everything it contains:
  types, extensions, functions, properties, nested declarations),
- `if #available(...)` body (and the conditions after the check),
- `while #available(...)` body,
- rest of the scope after `guard #available(...) else { ... }`,
- `else` branch of `if #unavailable(...)` (its only condition), and the
  `else` body of `guard #unavailable(...) else { ... }`,

becomes a region of the file in which each platform named is known to be at
least the version given. `@available(macOS, unavailable)` (or `*`) makes a
region that never runs on that platform. A guard covers a platform only if
it names it: `*` stands for the package's floor.

Offsets are UTF-8 byte offsets, as the index's columns are: the file is
decoded as Latin-1, one character per byte.
"""
from typing import NamedTuple

from .platforms import NEVER, PLATFORMS, Version, platform_named


class ScanError(Exception):
    """The file could not be scanned (unbalanced brackets, an unterminated
    literal): the checker would rather stop than guess."""


class Token(NamedTuple):
    kind: str  # id, number, attribute (@x), pound (#x), string, regex, punct, operator
    text: str
    start: int
    end: int


_OPERATOR_CHARACTERS = set("/=-+!*%<>&|^~?.")
_OPENING, _CLOSING = "([{", ")]}"


def _is_identifier_start(character):
    return character.isalpha() or character in "_$" or ord(character) >= 0x80


def _is_identifier_part(character):
    return _is_identifier_start(character) or character.isdigit()


class _Lexer:
    def __init__(self, text):
        self.text = text
        self.position = 0
        self.tokens = []

    def fail(self, message, position=None):
        position = self.position if position is None else position
        line = self.text.count("\n", 0, position) + 1
        raise ScanError(f"line {line}: {message}")

    def emit(self, kind, start, end):
        self.tokens.append(Token(kind, self.text[start:end], start, end))

    def lex_code(self, in_interpolation=False):
        """Lexes code up to the end of the text, or, in an interpolation, up
        to the `)` that closes it."""
        text, length = self.text, len(self.text)
        depth = 0
        while self.position < length:
            start = self.position
            character = text[start]
            if character in " \t\r\n\f\v\0":
                self.position += 1
            elif text.startswith("//", start):
                end = text.find("\n", start)
                self.position = length if end < 0 else end
            elif text.startswith("/*", start):
                self.skip_block_comment()
            elif character == "#" or character == '"':
                pounds = 0
                while text.startswith("#", start + pounds):
                    pounds += 1
                following = text[start + pounds:start + pounds + 1]
                if following == '"':
                    self.lex_string(pounds)
                elif following == "/" and pounds > 0:
                    self.skip_regex(pounds)
                elif pounds == 1 and following and _is_identifier_start(following):
                    self.position = self.identifier_end(start + 1)
                    self.emit("pound", start, self.position)
                else:
                    self.position += 1
                    self.emit("punct", start, self.position)
            elif character == "@" and start + 1 < length and _is_identifier_start(text[start + 1]):
                self.position = self.identifier_end(start + 1)
                self.emit("attribute", start, self.position)
            elif character == "`":
                end = text.find("`", start + 1)
                if end < 0 or "\n" in text[start:end]:
                    self.fail("unterminated `identifier`")
                self.position = end + 1
                self.emit("id", start, self.position)
            elif _is_identifier_start(character):
                self.position = self.identifier_end(start)
                self.emit("id", start, self.position)
            elif character.isdigit():
                self.lex_number()
            elif character in _OPENING:
                depth += character == "("
                self.position += 1
                self.emit("punct", start, self.position)
            elif character in _CLOSING:
                if character == ")" and in_interpolation and depth == 0:
                    self.position += 1
                    return
                depth -= character == ")"
                self.position += 1
                self.emit("punct", start, self.position)
            elif character in _OPERATOR_CHARACTERS:
                end = start
                while (end < length and text[end] in _OPERATOR_CHARACTERS
                       and not text.startswith("//", end) and not text.startswith("/*", end)):
                    end += 1
                self.position = end
                self.emit("operator", start, end)
            else:
                self.position += 1
                self.emit("punct", start, self.position)
        if in_interpolation:
            self.fail("unterminated string interpolation")

    def identifier_end(self, position):
        while position < len(self.text) and _is_identifier_part(self.text[position]):
            position += 1
        return position

    def lex_number(self):
        """Digits with letters, underscores and inner dots: 10, 0x1F, 1_000,
        10.15, 1e-3 (the sign after an exponent is left as an operator,
        harmlessly). `1..<2` stops before the range operator."""
        text, position = self.text, self.position
        start = position
        while True:
            while position < len(text) and (text[position].isalnum() or text[position] == "_"):
                position += 1
            if text.startswith(".", position) and text[position + 1:position + 2].isdigit():
                position += 1
                continue
            break
        self.position = position
        self.emit("number", start, position)

    def skip_block_comment(self):
        depth, position = 0, self.position
        while position < len(self.text):
            if self.text.startswith("/*", position):
                depth, position = depth + 1, position + 2
            elif self.text.startswith("*/", position):
                depth, position = depth - 1, position + 2
                if depth == 0:
                    self.position = position
                    return
            else:
                position += 1
        self.fail("unterminated /* comment")

    def skip_regex(self, pounds):
        """An extended regex literal, #/.../# (with as many #s on each side)."""
        start = self.position
        end = self.text.find("/" + "#" * pounds, start + pounds + 1)
        if end < 0:
            self.fail("unterminated regex literal")
        self.position = end + 1 + pounds
        self.emit("regex", start, self.position)

    def lex_string(self, pounds):
        """A string literal with `pounds` #s around it, single-line or
        multi-line; its interpolations are lexed as code."""
        text, start = self.text, self.position
        position = start + pounds
        # `"""` opens a multi-line literal only when a line break follows it:
        # #"""# is a one-line raw string holding a quote.
        multiline = text.startswith('"""', position) and \
            text[position + 3:].lstrip(" \t").startswith(("\n", "\r"))
        position += 3 if multiline else 1
        closing = ('"""' if multiline else '"') + "#" * pounds
        escape = "\\" + "#" * pounds
        self.emit("string", start, position)  # the opening; the end is patched below
        index = len(self.tokens) - 1
        while True:
            if position >= len(text) or (not multiline and text[position] == "\n"):
                self.fail("unterminated string literal", start)
            if text.startswith(closing, position):
                position += len(closing)
                break
            if text.startswith(escape, position):
                position += len(escape)
                if text.startswith("(", position):
                    self.position = position + 1
                    self.lex_code(in_interpolation=True)
                    position = self.position
                else:
                    position += 1  # the escaped character
            else:
                position += 1
        self.tokens[index] = Token("string", text[start:position], start, position)
        self.position = position


def tokenize(text):
    """Tokens of a Swift source text (decoded as Latin-1)."""
    lexer = _Lexer(text)
    lexer.lex_code()
    return lexer.tokens


# Keywords that introduce a declaration.
_DECLARATION_KEYWORDS = {
    "func", "init", "deinit", "subscript", "var", "let", "struct", "class", "enum", "protocol",
    "extension", "actor", "typealias", "case", "associatedtype", "macro", "operator",
    "precedencegroup", "import",
}
# Modifiers that may stand between a declaration's attributes and its keyword.
_MODIFIERS = {
    "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final",
    "override", "mutating", "nonmutating", "nonisolated", "convenience", "required", "lazy", "weak",
    "unowned", "dynamic", "indirect", "distributed", "optional", "consuming", "borrowing", "prefix",
    "postfix", "infix",
}
_LONG_FORM_LABELS = {"introduced", "deprecated", "obsoleted", "unavailable", "message", "renamed", "noasync"}


# Names in an `#if` condition that select code the Linux build never sees.
_APPLE_ONLY_CONDITIONS = {
    "Darwin", "ObjectiveC", "_ObjC", "UIKit", "AppKit", "WatchKit",
    "macOS", "OSX", "iOS", "tvOS", "watchOS", "visionOS", "xrOS", "_32", "arm64_32", "armv7k",
}


class Region(NamedTuple):
    start: int
    end: int
    versions: dict  # {platform: Version} known to hold inside


class GuardedFile:
    """The tokens and availability regions of one Swift file."""

    def __init__(self, data):
        self.text = data.decode("latin-1")
        self.tokens = tokenize(self.text)
        self.line_starts = [0] + [i + 1 for i, c in enumerate(self.text) if c == "\n"]
        self.match = self._match_brackets()
        self.regions = []
        self._find_regions()

    # Positions

    def offset(self, line, column):
        """The byte offset of a 1-based line and (byte) column."""
        if not 1 <= line <= len(self.line_starts):
            raise ScanError(f"the index names line {line}, beyond the end of the file")
        return self.line_starts[line - 1] + column - 1

    def line_of(self, offset):
        low, high = 0, len(self.line_starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self.line_starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low + 1

    def position(self, offset):
        line = self.line_of(offset)
        return line, offset - self.line_starts[line - 1] + 1

    def guaranteed(self, offset, floors):
        """The version of each platform that code at `offset` may assume: the
        floor, raised by every region that contains it."""
        versions = dict(floors)
        for region in self.regions:
            if region.start <= offset <= region.end:
                for platform, version in region.versions.items():
                    versions[platform] = max(versions.get(platform, version), version)
        return versions

    # Structure

    def _match_brackets(self):
        match, stack = {}, []
        for index, token in enumerate(self.tokens):
            if token.kind != "punct":
                continue
            if token.text in _OPENING:
                stack.append(index)
            elif token.text in _CLOSING:
                if not stack or self.tokens[stack[-1]].text != _OPENING[_CLOSING.index(token.text)]:
                    raise ScanError(f"line {self.line_of(token.start)}: unbalanced {token.text!r}")
                opening = stack.pop()
                match[opening], match[index] = index, opening
        if stack:
            token = self.tokens[stack[-1]]
            raise ScanError(f"line {self.line_of(token.start)}: {token.text!r} is never closed")
        return match

    def _is(self, index, text):
        return index < len(self.tokens) and self.tokens[index].text == text and \
            self.tokens[index].kind in ("punct", "id", "operator")

    def _starts_line(self, index):
        if index == 0:
            return True
        previous, token = self.tokens[index - 1], self.tokens[index]
        return "\n" in self.text[previous.end:token.start]

    def _arguments(self, opening):
        """The comma-separated arguments between a `(` and its `)`, each a
        list of tokens."""
        arguments, current = [], []
        index = opening + 1
        while index < self.match[opening]:
            token = self.tokens[index]
            if token.text == "," and token.kind == "punct":
                arguments.append(current)
                current = []
            elif token.kind == "punct" and token.text in _OPENING:
                current.extend(self.tokens[index:self.match[index] + 1])
                index = self.match[index]
            else:
                current.append(token)
            index += 1
        if current:
            arguments.append(current)
        return arguments

    def _enclosing_brace(self, index):
        """The index of the `{` of the innermost braces around a token, or
        None at the top level."""
        depth = 0
        for candidate in range(index - 1, -1, -1):
            token = self.tokens[candidate]
            if token.kind != "punct":
                continue
            if token.text == "}":
                depth += 1
            elif token.text == "{":
                if depth == 0:
                    return candidate
                depth -= 1
        return None

    def _add(self, start, end, versions):
        if versions and start <= end:
            self.regions.append(Region(start, end, versions))

    def _find_regions(self):
        for index, token in enumerate(self.tokens):
            if token.kind == "attribute" and token.text == "@available" and self._is(index + 1, "("):
                self._declaration_region(index)
            elif token.kind == "id" and token.text in ("if", "guard", "while"):
                self._statement_regions(index)

    # @available declarations

    def _declaration_region(self, attribute):
        versions = _attribute_versions(self._arguments(attribute + 1))
        keyword = self._declaration_keyword(self.match[attribute + 1] + 1)
        if keyword is None:
            return
        end = self._declaration_end(keyword)
        self._add(self.tokens[attribute].start, self.tokens[end].end, versions)

    def _declaration_keyword(self, index):
        """Skips the attributes and modifiers after an @available to the
        keyword of the declaration it belongs to."""
        tokens = self.tokens
        while index < len(tokens):
            token = tokens[index]
            if token.kind == "attribute" or (token.kind == "id" and token.text in _MODIFIERS and not (
                    token.text == "class" and not self._followed_by_declaration(index))):
                index += 1
                if self._is(index, "("):  # @attribute(...), private(set), nonisolated(unsafe)
                    index = self.match[index] + 1
            elif token.kind == "id" and token.text in _DECLARATION_KEYWORDS:
                return index
            else:
                return None
        return None

    def _followed_by_declaration(self, index):
        """Whether `class` at `index` is a modifier (`class func`)."""
        following = self.tokens[index + 1] if index + 1 < len(self.tokens) else None
        return following is not None and following.kind == "id" and (
            following.text in _DECLARATION_KEYWORDS or following.text in _MODIFIERS)

    def _declaration_end(self, keyword):
        """The last token of the declaration introduced at `keyword`: the `}`
        of its body if it has one; otherwise the token before whatever ends it
        (a `;`, the enclosing scope's closing bracket, or a line that starts
        with another declaration, attribute or compiler directive)."""
        tokens, index = self.tokens, keyword + 1
        while index < len(tokens):
            token = tokens[index]
            if token.kind == "punct":
                if token.text == "{":
                    return self.match[index]
                if token.text in "([":
                    index = self.match[index] + 1
                    continue
                if token.text in _CLOSING or token.text == ";":
                    return index - 1
            if self._starts_line(index) and (
                    token.kind in ("attribute", "pound")
                    or (token.kind == "id" and (token.text in _DECLARATION_KEYWORDS or token.text in _MODIFIERS))):
                return index - 1
            index += 1
        return len(tokens) - 1

    # if / guard / while

    def _statement_regions(self, keyword):
        tokens = self.tokens
        kind = tokens[keyword].text
        if (keyword > 0 and tokens[keyword - 1].text == ".") or self._is(keyword + 1, ":"):
            return  # a member or label named like the keyword
        if kind == "while" and keyword > 0 and self._is(keyword - 1, "}") and \
                self._is(self.match[keyword - 1] - 1, "repeat"):
            return  # repeat { } while ...: nothing to guard after it
        end_of_conditions = self._end_of_conditions(keyword + 1, "else" if kind == "guard" else "{")
        if end_of_conditions is None:
            return
        conditions = self._split_conditions(keyword + 1, end_of_conditions)
        checks = [self._availability_check(condition) for condition in conditions]
        available = [check for check in checks if check and check[0] == "#available"]
        unavailable = [check for check in checks if check and check[0] == "#unavailable"]
        if not available and not unavailable:
            return
        if kind == "guard":
            body = end_of_conditions + 1
            if not self._is(body, "{"):
                return
            body_end = self.match[body]
            if available:
                # After the guard, to the end of the scope that contains it.
                enclosing = self._enclosing_brace(keyword)
                scope_end = self.match[enclosing] if enclosing is not None else len(tokens) - 1
                self._add(tokens[body_end].end, tokens[scope_end].end, _merged(available))
            elif len(conditions) == 1:
                self._add(tokens[body].start, tokens[body_end].end, unavailable[0][1])
            return
        body_end = self.match[end_of_conditions]
        if available:
            first_check_end = min(check[2] for check in available)
            self._add(tokens[first_check_end].end, tokens[body_end].end, _merged(available))
        elif kind == "if" and len(conditions) == 1 and self._is(body_end + 1, "else"):
            self._add(tokens[body_end + 1].start, tokens[self._if_chain_end(body_end + 1)].end,
                      unavailable[0][1])

    def _end_of_conditions(self, index, terminator):
        """The index of the `{` (or `else`) that ends a condition list."""
        tokens = self.tokens
        while index < len(tokens):
            token = tokens[index]
            if token.text == terminator and token.kind in ("punct", "id"):
                return index
            if token.kind == "punct":
                if token.text in "([":
                    index = self.match[index]
                elif token.text in _CLOSING or token.text in "{;":
                    return None
            index += 1
        return None

    def _split_conditions(self, start, end):
        conditions, current = [], []
        index = start
        while index < end:
            token = self.tokens[index]
            if token.kind == "punct" and token.text == ",":
                conditions.append(current)
                current = []
            else:
                current.append(index)
                if token.kind == "punct" and token.text in "([":
                    current.extend(range(index + 1, self.match[index] + 1))
                    index = self.match[index]
            index += 1
        conditions.append(current)
        return conditions

    def _availability_check(self, condition):
        """('#available' or '#unavailable', versions, index of its `)`) if a
        condition is an availability check."""
        if len(condition) < 2:
            return None
        pound, opening = condition[0], condition[1]
        token = self.tokens[pound]
        if token.kind != "pound" or token.text not in ("#available", "#unavailable") or not self._is(opening, "("):
            return None
        versions = {}
        for specification in self._arguments(opening):
            platform = platform_named(specification[0].text) if specification else None
            if platform is not None and len(specification) >= 2 and specification[1].kind == "number":
                versions[platform] = Version.parse(specification[1].text)
        return token.text, versions, self.match[opening]

    def _if_chain_end(self, else_index):
        """The last token of `else { }` or `else if ... { } else ...`."""
        following = else_index + 1
        if self._is(following, "{"):
            return self.match[following]
        if self._is(following, "if"):
            opening = self._end_of_conditions(following + 1, "{")
            if opening is not None:
                closing = self.match[opening]
                return self._if_chain_end(closing + 1) if self._is(closing + 1, "else") else closing
        return else_index

    # Language features without a symbol

    def concurrency_uses(self):
        """Offsets of `async` effects (functions, closures, function types,
        `async let`), `actor` declarations and top-level `await` (which makes
        a main file asynchronous). The compiler requires the Swift
        concurrency runtime's availability for these on Apple platforms;
        the index records no symbol for them."""
        tokens, uses = self.tokens, []
        for index, token in enumerate(tokens):
            if token.kind != "id":
                continue
            previous = tokens[index - 1] if index > 0 else None
            following = tokens[index + 1] if index + 1 < len(tokens) else None
            after_dot = previous is not None and previous.text.endswith(".") and previous.kind == "operator"
            if after_dot or (following is not None and following.text in (":", "(", "=")):
                continue  # `queue.async {`, a label `async:`, a call or a variable
            if previous is not None and previous.kind == "id" and previous.text in ("func", "var", "let", "case"):
                continue  # something named async
            if token.text == "async":
                uses.append((token.start, "async"))
            elif token.text == "actor" and following is not None and following.kind == "id" and \
                    following.text not in ("in", "as", "is", "where") and self._declares_type(index + 2):
                uses.append((token.start, "actor"))
            elif token.text == "await" and self._enclosing_brace(index) is None:
                uses.append((token.start, "top-level await"))
        return uses

    def apple_only_branches(self):
        """Lines of `#if`/`#elseif` directives whose condition mentions an
        Apple platform, Darwin, the Objective-C runtime or a 32-bit target:
        code that the 64-bit Linux build may not compile, so that the index
        has nothing from it."""
        lines = []
        for index, token in enumerate(self.tokens):
            if token.kind == "pound" and token.text in ("#if", "#elseif"):
                line = self.line_of(token.start)
                condition = []
                for following in self.tokens[index + 1:]:
                    if self.line_of(following.start) != line:
                        break
                    condition.append(following.text)
                if _APPLE_ONLY_CONDITIONS.intersection(condition):
                    lines.append(line)
        return lines

    def _declares_type(self, index):
        return index < len(self.tokens) and self.tokens[index].text in ("{", ":", "<", "where")


def _attribute_versions(arguments):
    """{platform: Version} that the inside of a declaration may assume, from
    the arguments of its @available attribute:
    `macOS 12, iOS 15, *` (short form), `macOS, introduced: 12`,
    `macOS, unavailable` and `*, unavailable` (long form; NEVER). Deprecation,
    obsoletion, messages and Swift language versions say nothing."""
    if not arguments or not arguments[0]:
        return {}
    first = arguments[0]
    long_form = len(first) == 1 and len(arguments) > 1 and arguments[1] and arguments[1][0].text in _LONG_FORM_LABELS
    versions = {}
    if long_form:
        platforms = PLATFORMS if first[0].text == "*" else [platform_named(first[0].text)]
        if None in platforms:
            return {}
        for argument in arguments[1:]:
            label = argument[0].text if argument else ""
            if label == "unavailable":
                versions.update({platform: NEVER for platform in platforms})
            elif label == "introduced" and len(argument) >= 3 and first[0].text != "*":
                versions[platforms[0]] = Version.parse(argument[2].text)
        return versions
    for argument in arguments:
        platform = platform_named(argument[0].text) if argument else None
        if platform is not None and len(argument) >= 2 and argument[1].kind == "number":
            versions[platform] = Version.parse(argument[1].text)
    return versions


def _merged(checks):
    versions = {}
    for _, check_versions, _ in checks:
        for platform, version in check_versions.items():
            versions[platform] = max(versions.get(platform, version), version)
    return versions
