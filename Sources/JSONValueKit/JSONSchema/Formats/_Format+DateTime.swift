#if JSONSchema

/// `date-time`, `date` and `time` (RFC 3339 section 5.6) and `duration`
/// (RFC 3339 appendix A).
///
/// RFC 3339's grammar is ABNF, whose quoted letters match either case:
/// `T`/`t` and `Z`/`z` in a date-time, as section 5.6 notes, and likewise
/// the designators of a duration (`P1D` and `p1d`). Digits are ASCII only.
/// A date names a real day of the proleptic Gregorian calendar (February 29
/// only in leap years); second 60 is accepted only where the time, moved to
/// UTC by its offset, is 23:59, the only minute a leap second ends.
extension _Format {
    /// `full-date`: exactly `YYYY-MM-DD`.
    static func isDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == 10 && isFullDate(bytes)
    }

    /// `full-time`: `partial-time time-offset`.
    static func isTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isFullTime(bytes, from: 0)
    }

    /// `date-time`: `full-date "T" full-time`.
    static func isDateTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 10, isFullDate(bytes), bytes[10] | 0x20 == UInt8(ascii: "t") else { return false }
        return isFullTime(bytes, from: 11)
    }

    /// Whether the first ten bytes are a `full-date`.
    private static func isFullDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 10, let century = _FormatBytes.twoDigits(bytes, 0),
            let yearInCentury = _FormatBytes.twoDigits(bytes, 2), bytes[4] == UInt8(ascii: "-"),
            let month = _FormatBytes.twoDigits(bytes, 5), bytes[7] == UInt8(ascii: "-"),
            let day = _FormatBytes.twoDigits(bytes, 8)
        else { return false }
        let year = century * 100 + yearInCentury
        guard (1...12).contains(month), day >= 1 else { return false }
        return day <= daysInMonth(month, year: year)
    }

    /// The days in a month of the Gregorian calendar.
    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether `bytes[start...]` is a `full-time` and nothing more.
    private static func isFullTime(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard let hour = _FormatBytes.twoDigits(bytes, start), bytes.count > start + 2,
            bytes[start + 2] == UInt8(ascii: ":"), let minute = _FormatBytes.twoDigits(bytes, start + 3),
            bytes.count > start + 5, bytes[start + 5] == UInt8(ascii: ":"),
            let second = _FormatBytes.twoDigits(bytes, start + 6),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = start + 8
        // time-secfrac = "." 1*DIGIT
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digits = index
            while index < bytes.count, _FormatBytes.isDigit(bytes[index]) { index += 1 }
            guard index > digits else { return false }
        }
        guard index < bytes.count else { return false }
        // time-offset = "Z" / ("+" / "-") time-hour ":" time-minute
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, let offsetHour = _FormatBytes.twoDigits(bytes, index + 1),
                bytes[index + 3] == UInt8(ascii: ":"), let offsetMinute = _FormatBytes.twoDigits(bytes, index + 4),
                offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offset = offsetHour * 60 + offsetMinute
            if bytes[index] == UInt8(ascii: "-") { offset = -offset }
        default:
            return false
        }
        if second == 60 {
            // Local time minus the offset is UTC; a leap second ends 23:59 UTC.
            let utc = ((hour * 60 + minute - offset) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// `duration` of RFC 3339 appendix A:
    ///
    /// ```
    /// duration = "P" (dur-date / dur-time / dur-week)
    /// dur-date = (dur-day / dur-month / dur-year) [dur-time]
    /// dur-time = "T" (dur-hour / dur-minute / dur-second)
    /// dur-year = 1*DIGIT "Y" [dur-month]    dur-month = 1*DIGIT "M" [dur-day]
    /// dur-hour = 1*DIGIT "H" [dur-minute]   dur-minute = 1*DIGIT "M" [dur-second]
    /// dur-week = 1*DIGIT "W"
    /// ```
    ///
    /// So the date designators are a run of `Y M D` without a gap, the time
    /// designators a run of `H M S` without a gap, and weeks stand alone.
    static func isDuration(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3, bytes[0] | 0x20 == UInt8(ascii: "p") else { return false }
        var index = 1
        // The date part: designators must follow Y, M, D in order, each right
        // after the one before it.
        var previous = -1  // index in "ymd" of the last designator
        var sawWeek = false
        while index < bytes.count, bytes[index] | 0x20 != UInt8(ascii: "t") {
            guard let designator = component(bytes, &index) else { return false }
            if designator == UInt8(ascii: "w") {
                guard previous == -1, !sawWeek, index == bytes.count else { return false }
                sawWeek = true
                continue
            }
            guard let position = position(of: designator, in: (0x79, 0x6D, 0x64)),  // y m d
                previous == -1 || position == previous + 1
            else { return false }
            previous = position
        }
        if index == bytes.count { return previous != -1 || sawWeek }
        // The time part, after "T": at least one of H, M, S, again in order.
        index += 1
        previous = -1
        while index < bytes.count {
            guard let designator = component(bytes, &index),
                let position = position(of: designator, in: (0x68, 0x6D, 0x73)),  // h m s
                previous == -1 || position == previous + 1
            else { return false }
            previous = position
        }
        return previous != -1
    }

    /// Reads `1*DIGIT designator` and returns the designator in lower case.
    private static func component(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> UInt8? {
        let digits = index
        while index < bytes.count, _FormatBytes.isDigit(bytes[index]) { index += 1 }
        guard index > digits, index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index] | 0x20
    }

    private static func position(of byte: UInt8, in letters: (UInt8, UInt8, UInt8)) -> Int? {
        if byte == letters.0 { return 0 }
        if byte == letters.1 { return 1 }
        if byte == letters.2 { return 2 }
        return nil
    }
}

#endif
