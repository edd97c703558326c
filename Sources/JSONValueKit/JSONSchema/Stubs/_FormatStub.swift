// TEMPORARY (branch `schema` only): replaced by Formats/ at merge.
enum _Format: String, Sendable, CaseIterable {
    case dateTime = "date-time", date, time, duration, email, idnEmail = "idn-email",
        hostname, idnHostname = "idn-hostname", ipv4, ipv6, uri, uriReference = "uri-reference",
        iri, iriReference = "iri-reference", uuid, uriTemplate = "uri-template",
        jsonPointer = "json-pointer", relativeJSONPointer = "relative-json-pointer", regex
    func isValid(_ string: String) -> Bool { true }
}
