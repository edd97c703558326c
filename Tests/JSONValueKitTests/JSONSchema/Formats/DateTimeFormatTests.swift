import Testing

@testable import JSONValueKit

/// `date-time`, `date`, `time` (RFC 3339 section 5.6) and `duration`
/// (RFC 3339 appendix A).
@Suite("Formats: date, time and duration")
struct DateTimeFormatTests {
    @Test(
        "date",
        arguments: [
            ("2024-02-29", true), ("2023-02-29", false), ("1900-02-29", false), ("2000-02-29", true),
            ("0000-02-29", true), ("9999-12-31", true), ("2024-04-30", true), ("2024-04-31", false),
            ("2024-13-01", false), ("2024-00-01", false), ("2024-01-00", false), ("2024-1-01", false),
            ("2024-01-01T", false), ("2024/01/01", false), ("２０２４-01-01", false), ("", false),
        ])
    func date(_ text: String, _ valid: Bool) {
        #expect(_Format.date.isValid(text) == valid)
    }

    @Test(
        "time",
        arguments: [
            ("00:00:00Z", true), ("23:59:59z", true), ("23:59:60Z", true), ("23:59:60.999Z", true),
            ("23:59:59.Z", false), ("12:00:00+14:00", true), ("12:00:00-00:00", true), ("12:00:00", false),
            ("12:00:00+2400", false), ("12:00:00+24:00", false), ("12:00:00+01:60", false),
            ("00:59:60+01:00", true), ("00:59:60-01:00", false), ("22:59:60-01:00", true),
            ("12:00:00ZZ", false), ("12:00:00Z ", false), ("1:00:00Z", false), ("12:00:00.123456789012Z", true),
        ])
    func time(_ text: String, _ valid: Bool) {
        #expect(_Format.time.isValid(text) == valid)
    }

    @Test(
        "date-time",
        arguments: [
            ("2016-12-31T23:59:60Z", true), ("2016-12-31t23:59:60z", true), ("2016-12-31 23:59:60Z", false),
            ("2017-01-01T00:59:60+01:00", true), ("2017-02-30T00:00:00Z", false), ("2017-01-01T00:00:00", false),
            ("2017-01-01", false), ("2017-01-01T", false), ("2017-01-01T24:00:00Z", false),
            ("2017-01-01T00:00:00.5-23:59", true),
        ])
    func dateTime(_ text: String, _ valid: Bool) {
        #expect(_Format.dateTime.isValid(text) == valid)
    }

    @Test(
        "duration",
        arguments: [
            ("P1Y", true), ("P1M", true), ("P1D", true), ("P1Y1M", true), ("P1Y1M1D", true), ("P1M1D", true),
            ("P1Y1D", false), ("P1D1M", false), ("PT1H", true), ("PT1H1M1S", true), ("PT1H1S", false),
            ("PT1S1M", false), ("P1DT1H", true), ("P1W", true), ("P1W1D", false), ("P1DT", false),
            ("P", false), ("PT", false), ("p1d", true), ("P1dT1h", true), ("P1.5D", false), ("P1D ", false),
            ("P1Y2M3DT4H5M6S", true), ("PT0S", true), ("P-1D", false), ("P1", false), ("1D", false),
        ])
    func duration(_ text: String, _ valid: Bool) {
        #expect(_Format.duration.isValid(text) == valid)
    }

    @Test("month lengths follow the Gregorian calendar")
    func monthLengths() {
        #expect(
            (1...12).map { _Format.daysInMonth($0, year: 2023) } == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        #expect(_Format.daysInMonth(2, year: 2024) == 29)
        #expect(_Format.daysInMonth(2, year: 2100) == 28)
        #expect(_Format.daysInMonth(2, year: 2400) == 29)
    }
}
