import Foundation
import Testing
@testable import HealthSamples

/// RFC 3339 and export.xml timestamps: exact instants, notation kept, every range rule enforced.
@Suite struct SampleDateTests {
    private func fields(_ c: SampleDate.Components) -> [Int] {
        [c.year, c.month, c.day, c.hour, c.minute, c.second, c.nanoseconds]
    }

    // Expected epoch values were computed independently with `date -u -d … +%s`.

    @Test func readsOffsetAndFraction() throws {
        let date = try SampleDate(rfc3339: "2024-03-01T08:15:00.250+01:00")
        #expect(date.epochSeconds == 1_709_277_300)
        #expect(date.nanoseconds == 250_000_000)
        #expect(date.utcOffsetSeconds == 3600)
        #expect(date.hasFraction)
        #expect(date.rfc3339String == "2024-03-01T08:15:00.25+01:00")
    }

    @Test func readsEpochAndLowercaseSeparators() throws {
        let upper = try SampleDate(rfc3339: "1970-01-01T00:00:00Z")
        let lower = try SampleDate(rfc3339: "1970-01-01t00:00:00z")
        #expect(upper.epochSeconds == 0 && upper.nanoseconds == 0 && !upper.hasFraction)
        #expect(lower.isIdentical(to: upper))
        #expect(lower.rfc3339String == "1970-01-01T00:00:00Z")
    }

    @Test func negativeZeroOffsetReadsAsZero() throws {
        let date = try SampleDate(rfc3339: "2020-06-01T12:00:00-00:00")
        #expect(date.utcOffsetSeconds == 0)
        #expect(date.rfc3339String == "2020-06-01T12:00:00Z")
    }

    @Test(arguments: [
        "2024-03-01T08:15:00+05:30", "2024-03-01T08:15:00-09:30", "2024-03-01T08:15:00.123456789-04:00",
        "2024-02-29T23:59:59Z", "2000-02-29T00:00:00.5+14:00", "1969-12-31T23:59:59.5Z",
        "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "2021-07-04T00:00:00.0Z",
    ])
    func roundTripsCanonicalText(_ text: String) throws {
        #expect(try SampleDate(rfc3339: text).rfc3339String == text)
    }

    @Test func trimsTrailingFractionZerosButKeepsOneDigit() throws {
        #expect(try SampleDate(rfc3339: "2021-07-04T00:00:00.000Z").rfc3339String == "2021-07-04T00:00:00.0Z")
        #expect(try SampleDate(rfc3339: "2021-07-04T00:00:00.100Z").rfc3339String == "2021-07-04T00:00:00.1Z")
        #expect(try SampleDate(rfc3339: "2021-07-04T00:00:00.000000001Z").nanoseconds == 1)
    }

    @Test func beforeEpochUsesFloorDivision() throws {
        let date = try SampleDate(rfc3339: "1969-12-31T23:59:59.5Z")
        #expect(date.epochSeconds == -1 && date.nanoseconds == 500_000_000)
        let c = date.utcComponents
        #expect(fields(c) == [1969, 12, 31, 23, 59, 59, 500_000_000])
    }

    @Test func rangeLimits() throws {
        #expect(try SampleDate(rfc3339: "0000-01-01T00:00:00Z").epochSeconds == -62_167_219_200)
        #expect(try SampleDate(rfc3339: "9999-12-31T23:59:59Z").epochSeconds == 253_402_300_799)
        // Local 9999-12-31T23:59:59 at -01:00 is year 10000 in UTC.
        #expect(throws: SampleDateError(text: "9999-12-31T23:59:59-01:00", offset: 19, kind: .instantOutOfRange)) {
            try SampleDate(rfc3339: "9999-12-31T23:59:59-01:00")
        }
        #expect(throws: SampleDateError(text: "0000-01-01T00:00:00+01:00", offset: 19, kind: .instantOutOfRange)) {
            try SampleDate(rfc3339: "0000-01-01T00:00:00+01:00")
        }
    }

    @Test func utcAndLocalComponents() throws {
        let date = try SampleDate(rfc3339: "2024-01-01T01:30:00+05:30")
        let utc = date.utcComponents
        #expect(fields(utc) == [2023, 12, 31, 20, 0, 0, 0])
        let local = date.localComponents
        #expect(fields(local) == [2024, 1, 1, 1, 30, 0, 0])
    }

    @Test func equalityAndOrderUseTheInstant() throws {
        let a = try SampleDate(rfc3339: "2024-01-01T09:00:00+01:00")
        let b = try SampleDate(rfc3339: "2024-01-01T08:00:00Z")
        let later = try SampleDate(rfc3339: "2024-01-01T08:00:00.000000001Z")
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(!a.isIdentical(to: b))
        #expect(a < later && !(later < a))
        #expect([later, a].sorted() == [b, later])
    }

    @Test func foundationDate() throws {
        let date = try SampleDate(rfc3339: "2024-03-01T08:15:00.250+01:00")
        #expect(date.date.timeIntervalSince1970 == 1_709_277_300.25)
    }

    // MARK: Invalid RFC 3339 text

    static let invalid: [(String, Int, SampleDateError.Kind)] = [
        ("", 0, .unexpectedEnd(expected: "digit")),
        ("2023-02-29T00:00:00Z", 8, .fieldOutOfRange(.day, value: 29)),
        ("2024-02-30T00:00:00Z", 8, .fieldOutOfRange(.day, value: 30)),
        ("2100-02-29T00:00:00Z", 8, .fieldOutOfRange(.day, value: 29)),
        ("2024-04-31T00:00:00Z", 8, .fieldOutOfRange(.day, value: 31)),
        ("2024-01-00T00:00:00Z", 8, .fieldOutOfRange(.day, value: 0)),
        ("2024-13-01T00:00:00Z", 5, .fieldOutOfRange(.month, value: 13)),
        ("2024-00-01T00:00:00Z", 5, .fieldOutOfRange(.month, value: 0)),
        ("2024-01-01T24:00:00Z", 11, .fieldOutOfRange(.hour, value: 24)),
        ("2024-01-01T23:60:00Z", 14, .fieldOutOfRange(.minute, value: 60)),
        ("2016-12-31T23:59:60Z", 17, .leapSecond),
        ("2016-12-31T23:59:61Z", 17, .fieldOutOfRange(.second, value: 61)),
        ("2024-01-01T00:00:00", 19, .unexpectedEnd(expected: "'Z', '+' or '-'")),
        ("2024-01-01T00:00:00-0400", 22, .unexpectedCharacter(expected: "':'")),
        ("2024-01-01T00:00:00+24:00", 20, .fieldOutOfRange(.offsetHours, value: 24)),
        ("2024-01-01T00:00:00+05:60", 23, .fieldOutOfRange(.offsetMinutes, value: 60)),
        ("2024-01-01T00:00:00.1234567890Z", 29, .tooManyFractionDigits(count: 10)),
        ("2024-01-01T00:00:00.Z", 20, .unexpectedCharacter(expected: "digit")),
        ("2024-01-01 00:00:00Z", 10, .unexpectedCharacter(expected: "'T'")),
        ("2024-01-01T00:00:00Z ", 20, .trailingCharacters),
        ("2024-1-01T00:00:00Z", 6, .unexpectedCharacter(expected: "digit")),
        ("2024/01/01T00:00:00Z", 4, .unexpectedCharacter(expected: "'-'")),
        ("２０２４-01-01T00:00:00Z", 0, .unexpectedCharacter(expected: "digit")),
        ("2024-01-01T00:00:00+05", 22, .unexpectedEnd(expected: "':'")),
    ]

    @Test(arguments: invalid)
    func rejectsInvalidText(_ text: String, _ offset: Int, _ kind: SampleDateError.Kind) {
        #expect(throws: SampleDateError(text: text, offset: offset, kind: kind)) {
            try SampleDate(rfc3339: text)
        }
    }

    @Test func leapDaysFollowTheGregorianRule() throws {
        #expect(try SampleDate(rfc3339: "2000-02-29T00:00:00Z").utcComponents.day == 29)
        #expect(try SampleDate(rfc3339: "2024-02-29T00:00:00Z").utcComponents.day == 29)
    }

    // MARK: export.xml

    @Test func readsExportXMLForm() throws {
        let date = try SampleDate(exportXML: "2019-05-14 18:52:09 -0400")
        #expect(date.epochSeconds == 1_557_874_329)
        #expect(date.utcOffsetSeconds == -4 * 3600)
        #expect(!date.hasFraction)
        #expect(date.exportXMLString == "2019-05-14 18:52:09 -0400")
        #expect(date.rfc3339String == "2019-05-14T18:52:09-04:00")
        #expect(try SampleDate(exportXML: "2016-04-18 15:56:05 +0000").rfc3339String == "2016-04-18T15:56:05Z")
    }

    @Test func exportXMLStringTruncatesFractions() throws {
        let date = try SampleDate(rfc3339: "2024-03-01T08:15:00.999+01:00")
        #expect(date.exportXMLString == "2024-03-01 08:15:00 +0100")
        #expect(try SampleDate(rfc3339: "2024-03-01T08:15:00Z").exportXMLString == "2024-03-01 08:15:00 +0000")
    }

    static let invalidExport: [(String, Int, SampleDateError.Kind)] = [
        ("2019-05-14T18:52:09 -0400", 10, .unexpectedCharacter(expected: "' '")),
        ("2019-05-14 18:52:09 -04:00", 23, .unexpectedCharacter(expected: "digit")),
        ("2019-05-14 18:52:09", 19, .unexpectedEnd(expected: "' '")),
        ("2019-05-14 18:52:09.5 -0400", 19, .unexpectedCharacter(expected: "' '")),
        ("2019-05-14 18:52:09 Z", 20, .unexpectedCharacter(expected: "'+' or '-'")),
        ("2019-02-29 18:52:09 -0400", 8, .fieldOutOfRange(.day, value: 29)),
        ("2019-05-14 18:52:09 -0400 ", 25, .trailingCharacters),
    ]

    @Test(arguments: invalidExport)
    func rejectsInvalidExportText(_ text: String, _ offset: Int, _ kind: SampleDateError.Kind) {
        #expect(throws: SampleDateError(text: text, offset: offset, kind: kind)) {
            try SampleDate(exportXML: text)
        }
    }

    // MARK: Built from numbers

    @Test func buildsFromUTCFields() throws {
        let date = try SampleDate(utcYear: 2024, month: 3, day: 1, hour: 7, minute: 15, second: 0, nanoseconds: 250_000_000)
        #expect(date.epochSeconds == 1_709_277_300 && date.nanoseconds == 250_000_000)
        #expect(date.hasFraction && date.utcOffsetSeconds == 0)
        #expect(try !SampleDate(utcYear: 2024, month: 3, day: 1, hour: 7, minute: 15, second: 0).hasFraction)
    }

    @Test func rejectsInvalidUTCFields() {
        #expect(throws: SampleDateError(text: "", offset: 0, kind: .fieldOutOfRange(.day, value: 30))) {
            try SampleDate(utcYear: 2024, month: 2, day: 30, hour: 0, minute: 0, second: 0)
        }
        #expect(throws: SampleDateError(text: "", offset: 0, kind: .fieldOutOfRange(.hour, value: 24))) {
            try SampleDate(utcYear: 2024, month: 2, day: 1, hour: 24, minute: 0, second: 0)
        }
        #expect(throws: SampleDateError(text: "", offset: 0, kind: .leapSecond)) {
            try SampleDate(utcYear: 2016, month: 12, day: 31, hour: 23, minute: 59, second: 60)
        }
        #expect(throws: SampleDateError(text: "", offset: 0, kind: .fieldOutOfRange(.nanoseconds, value: 1_000_000_000))) {
            try SampleDate(utcYear: 2016, month: 12, day: 31, hour: 23, minute: 59, second: 0, nanoseconds: 1_000_000_000)
        }
        #expect(throws: SampleDateError(text: "", offset: 0, kind: .fieldOutOfRange(.year, value: 10_000))) {
            try SampleDate(utcYear: 10_000, month: 1, day: 1, hour: 0, minute: 0, second: 0)
        }
    }

    @Test func rejectsInvalidExactParts() {
        #expect(throws: SampleDateError(text: "", offset: 0, kind: .fieldOutOfRange(.utcOffset, value: 30))) {
            try SampleDate(epochSeconds: 0, utcOffsetSeconds: 30)
        }
        #expect(throws: SampleDateError(text: "", offset: 0, kind: .fieldOutOfRange(.nanoseconds, value: -1))) {
            try SampleDate(epochSeconds: 0, nanoseconds: -1)
        }
        #expect(throws: SampleDateError(text: "", offset: 0, kind: .instantOutOfRange)) {
            try SampleDate(epochSeconds: .max)
        }
    }

    @Test func nonZeroNanosecondsForceAFraction() throws {
        #expect(try SampleDate(epochSeconds: 0, nanoseconds: 5, hasFraction: false).hasFraction)
        #expect(try SampleDate(epochSeconds: 0, hasFraction: true).rfc3339String == "1970-01-01T00:00:00.0Z")
    }

    /// The calendar algorithm agrees with itself over a wide span, day by day at month edges.
    @Test func civilCalendarRoundTrips() {
        for days in stride(from: Int64(-800_000), through: 3_000_000, by: 997) {
            let civil = CivilCalendar.civilFromDays(days)
            #expect(CivilCalendar.daysFromCivil(year: civil.year, month: civil.month, day: civil.day) == days)
        }
    }
}
