"""Writes the fuzzer's seed corpus: hand-picked edge cases, small
documents cut from ../shared/corpus, and JSON Schemas: hostile ones and a
sample of the official test suite's (when ../shared is there)."""
import json
import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
seeds = [
    b"[]", b"{}", b"null", b"true", b"-0.0e+1", b'"\\ud83d\\ude00"', b'"\\u0000"', b"[1,2.5,\"a\",{\"b\":null}]",
    b"\xef\xbb\xbf[1]", b"123456789012345678901234567890", b"1e400", b"5e-324", b"[" * 40 + b"]" * 40,
    b'{"a":' * 20 + b"1" + b"}" * 20, b'{"int": 1, "int8": 300, "uint64": 9223372036854775809, "list": [{}]}',
    b'{"double": 1.5, "decimal": 123456789.123456789, "date": 1, "data": "AA==", "url": "a:b"}',
    # Diff and merge patch pairs, a JSON Patch, and pointers.
    b'[{"a": [1, 2, 3], "b": {"c": 1}}, {"a": [0, 1, 2, 3], "b": {"c": 1.0, "d": null}}]',
    b'[[1, 2, 3, 4, 5], [0, 2, 3, 5, 6]]',
    b'[{"op": "add", "path": "/-", "value": 1}, {"op": "move", "from": "/0", "path": "/1"}, {"op": "test", "path": "/0", "value": 1}]',
    b"/a~1b/~01/0", b"/-", b"#/a%20b/c%25d",
    # JSON5.
    b"// c\n{a: 0x1F, 'b': [.5, 5., +1, Infinity,], c: 'it\\'s', /* x */ $d: NaN}",
    # JSONPath queries.
    b"$.a[0].b", b"$..*", b"$[?@.a > 1 && !(@.b == 'x') || length(@.c) >= 2]", b"$[1:-1:2]",
    b"$[?match(@, '[a-z]+\\p{Lu}?(x|y){2,3}')]", b"$[?count(@..*) > 2 && value($.d) == 2.5]", b"$['a\\u00e9', \"b\"]",
]
corpus = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "corpus")
for name in ("twitter.json", "citm_catalog.json", "canada.json"):
    path = os.path.join(corpus, name)
    if not os.path.exists(path):
        continue
    with open(path, "rb") as f:
        document = json.load(f)
    # Small pieces: the first members of objects and elements of arrays.
    pieces = []
    def walk(value, depth):
        if len(pieces) >= 40:
            return
        text = json.dumps(value, ensure_ascii=False).encode()
        if len(text) < 4096:
            pieces.append(text)
            return
        children = list(value.values()) if isinstance(value, dict) else value if isinstance(value, list) else []
        for child in children[:4]:
            walk(child, depth + 1)
    walk(document, 0)
    seeds.extend(pieces)
# JSON Schemas: hostile ones by hand, then a sample of the official suite's
# schemas (with a value from each group, as an array [schema, value]).
seeds += [
    b'{"$ref": "#"}', b'{"$defs": {"a": {"allOf": [{"$ref": "#/$defs/b"}]}, "b": {"anyOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}',
    b'{"$dynamicAnchor": "x", "properties": {"a": {"$dynamicRef": "#x"}}, "unevaluatedProperties": false}',
    b'{"$schema": "https://json-schema.org/draft/2019-09/schema", "$recursiveAnchor": true, "items": {"$recursiveRef": "#"}}',
    b'{"$schema": "http://json-schema.org/draft-04/schema#", "minimum": 0, "exclusiveMinimum": true, "type": "integer"}',
    b'{"$id": "https://example.com/r", "$ref": "document.json#/$defs/x", "$defs": {"x": {"$anchor": "a", "minimum": 1e308}}}',
    b'{"$ref": "https://example.com/first.json", "a": {"$ref": "https://example.com/document.json"}}',
    b'{"multipleOf": 0.123456789, "maximum": 18446744073709551615, "enum": [1, 1.0, "\u00e9", "e\u0301"]}',
    b'{"prefixItems": [{"const": 1}], "items": false, "contains": {"type": "null"}, "minContains": 0, "uniqueItems": true}',
    b'{"properties": {"\u00e9": {"type": "string"}}, "required": ["e\u0301"], "additionalProperties": {"$ref": "#"}}',
    b'{"pattern": "^(a+)+$", "patternProperties": {"[": {}}}', b'{"$schema": "https://example.com/unknown"}',
    # Look-around: at the ends, nested, inside repetition and alternation.
    b'{"pattern": "^(?!@@)[@a-z_-]+(?<!-)$", "patternProperties": {"(?<=a)b(?!c)": {"type": "integer"}, "^(?=(?<!x)y)": false}}',
    b'{"propertyNames": {"pattern": "^(?:(?=a*b)a)*(?<![_\\u{1F600}])$"}, "items": {"format": "regex", "pattern": "(?<=(?=(?!a)b)b)c|(?=$)"}}',
    b'{"pattern": "(?=a)*(?<=\\b\\w{2,}(?<!x))(?!(?:(?<=a)|b)+$)", "format": "regex"}',
    b'{"if": {"properties": {"a": {"const": 1}}}, "then": {"required": ["b"]}, "else": {"not": {"required": ["c"]}}}',
    b'{"allOf": [' * 30 + b'true' + b']}' * 30,
    # Cycles of in-place keywords: entered by some values, not by others.
    b'{"type": "object", "properties": {"x": {"$ref": "#/$defs/s"}}, "$defs": {"s": {"type": "object", "allOf": [{"$ref": "#/$defs/s"}, {"required": ["a"]}]}}}',
    b'{"anyOf": [{"type": "string"}, {"not": {"$ref": "#"}}], "oneOf": [{"$ref": "#"}, true], "unevaluatedProperties": false}',
    b'{"if": {"$ref": "#/$defs/l"}, "then": {"contains": {"$ref": "#/$defs/l"}, "maxContains": 1}, "$defs": {"l": {"anyOf": [{"type": "array"}, {"$ref": "#/$defs/l"}]}}}',
    b'{"$schema": "http://json-schema.org/draft-04/schema#", "dependencies": {"a": {"$ref": "#"}}, "definitions": {"x": {"allOf": [{"$ref": "#/definitions/x"}]}}}',
    # Content keywords, asserted on some inputs.
    b'{"contentEncoding": "base64", "contentMediaType": "application/json", "contentSchema": {"required": ["a"], "properties": {"a": {"$ref": "#"}}}}',
]
suite = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "conformance", "json-schema-test-suite")
for draft in ("draft4", "draft6", "draft7", "draft2019-09", "draft2020-12"):
    folder = os.path.join(suite, "tests", draft)
    if not os.path.isdir(folder):
        continue
    for position, name in enumerate(sorted(os.listdir(folder))):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name), "rb") as f:
            groups = json.load(f)
        for index, group in enumerate(groups):
            # A sample: a few groups of each file, more of the newest drafts.
            if index % (2 if draft.startswith("draft20") else 4) != position % 2:
                continue
            seeds.append(json.dumps(group["schema"], ensure_ascii=False).encode())
            if group.get("tests"):
                seeds.append(json.dumps([group["schema"], group["tests"][0]["data"]], ensure_ascii=False).encode())
for index, seed in enumerate(seeds):
    with open(os.path.join(out, f"seed-{index:03}"), "wb") as f:
        f.write(seed)
print(f"{len(seeds)} seeds")
