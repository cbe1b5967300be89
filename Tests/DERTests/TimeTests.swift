import Foundation
import Testing
@testable import DER

@Suite("UTCTime and GeneralizedTime")
struct TimeTests {
    static func utc(_ text: String) -> String { "17 " + hexString([UInt8(text.utf8.count)]) + " " + hexString(Array(text.utf8)) }
    static func gen(_ text: String) -> String { "18 " + hexString([UInt8(text.utf8.count)]) + " " + hexString(Array(text.utf8)) }

    static let utcTimes: [Vector<UTCTime>] = [
        .init("ordinary", utc("250102030405Z"), try! UTCTime(year: 2025, month: 1, day: 2, hour: 3, minute: 4, second: 5)),
        .init("YY 50 is 1950", utc("500101000000Z"), try! UTCTime(year: 1950, month: 1, day: 1, hour: 0, minute: 0, second: 0)),
        .init("YY 49 is 2049", utc("491231235959Z"), try! UTCTime(year: 2049, month: 12, day: 31, hour: 23, minute: 59, second: 59)),
        .init("YY 99 is 1999", utc("991231235959Z"), try! UTCTime(year: 1999, month: 12, day: 31, hour: 23, minute: 59, second: 59)),
        .init("29 February of a leap year", utc("240229120000Z"), try! UTCTime(year: 2024, month: 2, day: 29, hour: 12, minute: 0, second: 0)),
        .init("2000 is a leap year", utc("000229120000Z"), try! UTCTime(year: 2000, month: 2, day: 29, hour: 12, minute: 0, second: 0)),
        .init("without seconds (X.690 11.8.2)", utc("2501020304Z"), .invalidTime),
        .init("with an offset (X.690 11.8.1)", utc("250102030405+0100"), .invalidTime),
        .init("with a negative offset", utc("250102030405-0500"), .invalidTime),
        .init("without seconds but with an offset", utc("2501020304+0100"), .invalidTime),
        .init("local time without Z", utc("250102030405"), .invalidTime),
        .init("fractional seconds", utc("250102030405.5Z"), .invalidTime),
        .init("lower-case z", utc("250102030405z"), .invalidTime),
        .init("octets after Z", utc("250102030405ZZ"), .invalidTime),
        .init("29 February of a common year", utc("250229120000Z"), .invalidTime),
        .init("30 February", utc("240230120000Z"), .invalidTime),
        .init("31 April", utc("250431120000Z"), .invalidTime),
        .init("month 13", utc("251301120000Z"), .invalidTime),
        .init("month 0", utc("250001120000Z"), .invalidTime),
        .init("day 0", utc("250100120000Z"), .invalidTime),
        .init("hour 24 (X.690 11.8.3)", utc("250102240000Z"), .invalidTime),
        .init("minute 60", utc("250102236000Z"), .invalidTime),
        .init("second 60", utc("250102235960Z"), .invalidTime),
        .init("non-digit", utc("25O102030405Z"), .invalidTime),
        .init("sign inside a field", utc("25-102030405Z"), .invalidTime),
        .init("empty", "17 00", .invalidTime),
    ]

    @Test("UTCTime", arguments: utcTimes)
    func utcTime(_ vector: Vector<UTCTime>) { check(vector) }

    static let generalizedTimes: [Vector<GeneralizedTime>] = [
        .init("whole seconds", gen("20250102030405Z"),
              try! GeneralizedTime(year: 2025, month: 1, day: 2, hour: 3, minute: 4, second: 5)),
        .init("one fraction digit", gen("19920722132100.3Z"),
              try! GeneralizedTime(year: 1992, month: 7, day: 22, hour: 13, minute: 21, second: 0, nanoseconds: 300_000_000)),
        .init("nine fraction digits", gen("20250102030405.123456789Z"),
              try! GeneralizedTime(year: 2025, month: 1, day: 2, hour: 3, minute: 4, second: 5, nanoseconds: 123_456_789)),
        .init("fraction with inner zeros", gen("20250102030405.05Z"),
              try! GeneralizedTime(year: 2025, month: 1, day: 2, hour: 3, minute: 4, second: 5, nanoseconds: 50_000_000)),
        .init("year 9999", gen("99991231235959Z"),
              try! GeneralizedTime(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59)),
        .init("1900 is not a leap year", gen("19000229000000Z"), .invalidTime),
        .init("2000 is a leap year", gen("20000229000000Z"),
              try! GeneralizedTime(year: 2000, month: 2, day: 29, hour: 0, minute: 0, second: 0)),
        .init("trailing fraction zero (X.690 11.7.3)", gen("20250102030405.50Z"), .invalidTime),
        .init("all-zero fraction (X.690 11.7.3)", gen("20250102030405.0Z"), .invalidTime),
        .init("all-zero long fraction", gen("20250102030405.000Z"), .invalidTime),
        .init("empty fraction", gen("20250102030405.Z"), .invalidTime),
        .init("comma separator (X.690 11.7.4)", gen("20250102030405,5Z"), .invalidTime),
        .init("local time (X.690 11.7.1)", gen("20250102030405"), .invalidTime),
        .init("local time with fraction", gen("20250102030405.5"), .invalidTime),
        .init("offset (X.690 11.7.1)", gen("20250102030405+0000"), .invalidTime),
        .init("fraction then offset", gen("20250102030405.5-0100"), .invalidTime),
        .init("without seconds (X.690 11.7.2)", gen("202501020304Z"), .invalidTime),
        .init("without minutes", gen("2025010203Z"), .invalidTime),
        .init("ten fraction digits", gen("20250102030405.1234567891Z"), .invalidTime),
        .init("hour 24 (X.690 11.7.5)", gen("20250102240000Z"), .invalidTime),
        .init("second 60", gen("20251231235960Z"), .invalidTime),
        .init("31 June", gen("20250631000000Z"), .invalidTime),
        .init("octets after Z", gen("20250102030405Z0"), .invalidTime),
        .init("two-digit year", gen("250102030405Z"), .invalidTime),
        .init("constructed form", "38 00", .invalidConstructedFlag),
    ]

    @Test("GeneralizedTime", arguments: generalizedTimes)
    func generalizedTime(_ vector: Vector<GeneralizedTime>) { check(vector) }

    @Test("initializers validate the calendar")
    func initializerValidation() {
        expectDERError(.invalidTime) { _ = try GeneralizedTime(year: 2023, month: 2, day: 29, hour: 0, minute: 0, second: 0) }
        expectDERError(.invalidTime) { _ = try GeneralizedTime(year: 2024, month: 4, day: 31, hour: 0, minute: 0, second: 0) }
        expectDERError(.invalidTime) { _ = try GeneralizedTime(year: 2024, month: 1, day: 1, hour: 24, minute: 0, second: 0) }
        expectDERError(.invalidTime) { _ = try GeneralizedTime(year: 2024, month: 1, day: 1, hour: 0, minute: 0, second: 0, nanoseconds: 1_000_000_000) }
        expectDERError(.invalidTime) { _ = try GeneralizedTime(year: 10_000, month: 1, day: 1, hour: 0, minute: 0, second: 0) }
        expectDERError(.invalidTime) { _ = try UTCTime(year: 2050, month: 1, day: 1, hour: 0, minute: 0, second: 0) }
        expectDERError(.invalidTime) { _ = try UTCTime(year: 1949, month: 12, day: 31, hour: 23, minute: 59, second: 59) }
        expectDERError(.invalidTime) { _ = try UTCTime(year: 2025, month: 1, day: 1, hour: 0, minute: 0, second: 60) }
    }

    @Test("every day of 1950-2049 round-trips through UTCTime and matches the leap-year rule")
    func everyDayRoundTrips() throws {
        var days = 0
        for year in 1950...2049 {
            for month in 1...12 {
                for day in 1...31 {
                    let valid = day <= [31, (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28,
                                        31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
                    do {
                        let time = try UTCTime(year: year, month: month, day: day, hour: 12, minute: 0, second: 0)
                        #expect(valid, "\(year)-\(month)-\(day) accepted")
                        let decoded = try UTCTime(derNode: DER.parse(DER.encode(time)))
                        if decoded != time { Issue.record("\(time) decoded as \(decoded)") }
                        days += 1
                    } catch {
                        #expect(!valid, "\(year)-\(month)-\(day) refused: \(error)")
                    }
                }
            }
        }
        #expect(days == 36_525)
    }

    @Test("encodings are the DER text")
    func encodings() throws {
        let t = try GeneralizedTime(year: 2025, month: 3, day: 1, hour: 12, minute: 30, second: 0, nanoseconds: 250_000_000)
        #expect(String(decoding: t.encodedText, as: UTF8.self) == "20250301123000.25Z")
        #expect(t.description == "2025-03-01T12:30:00.25Z")
        let early = try GeneralizedTime(year: 7, month: 1, day: 1, hour: 0, minute: 0, second: 0, nanoseconds: 1)
        #expect(String(decoding: early.encodedText, as: UTF8.self) == "00070101000000.000000001Z")
        let u = try UTCTime(year: 1999, month: 12, day: 31, hour: 23, minute: 59, second: 59)
        #expect(String(decoding: u.encodedText, as: UTF8.self) == "991231235959Z")
        #expect(u.description == "1999-12-31T23:59:59Z")
        try expectRoundTrip(t)
        try expectRoundTrip(early)
        try expectRoundTrip(u)
    }

    @Test("ordering and epoch seconds")
    func orderingAndEpoch() throws {
        let a = try GeneralizedTime(year: 2025, month: 1, day: 1, hour: 0, minute: 0, second: 0, nanoseconds: 1)
        let b = try GeneralizedTime(year: 2025, month: 1, day: 1, hour: 0, minute: 0, second: 1)
        #expect(a < b)
        #expect(try UTCTime(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0).secondsSince1970 == 0)
        #expect(try UTCTime(year: 2000, month: 3, day: 1, hour: 0, minute: 0, second: 0).secondsSince1970 == 951_868_800)
        #expect(try GeneralizedTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59).secondsSince1970 == -1)
    }

    @Test("Foundation.Date conversions agree with Foundation's calendar")
    func dateConversions() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var rng = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let seconds = Double(Int64.random(in: -2_208_988_800...4_102_444_800, using: &rng))  // 1900...2100
            let date = Date(timeIntervalSince1970: seconds + 0.25)
            let g = try GeneralizedTime(date)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            #expect([g.year, g.month, g.day, g.hour, g.minute, g.second]
                    == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? -1 })
            #expect(g.nanoseconds == 250_000_000)
            #expect(g.date == date)
        }
        let u = try UTCTime(Date(timeIntervalSince1970: 1_700_000_000.9))
        #expect(u.description == "2023-11-14T22:13:20Z")
        #expect(u.date == Date(timeIntervalSince1970: 1_700_000_000))
        expectDERError(.invalidTime) { _ = try UTCTime(Date(timeIntervalSince1970: 2_600_000_000)) }
        expectDERError(.invalidTime) { _ = try GeneralizedTime(Date(timeIntervalSince1970: .infinity)) }
        expectDERError(.invalidTime) { _ = try GeneralizedTime(Date(timeIntervalSince1970: 1e15)) }
        expectDERError(.invalidTime) { _ = try GeneralizedTime(Date(timeIntervalSince1970: -1e300)) }
        expectDERError(.invalidTime) { _ = try GeneralizedTime(Date(timeIntervalSince1970: 253_402_300_800)) }  // year 10000
        #expect(try GeneralizedTime(Date(timeIntervalSince1970: 253_402_300_799)).year == 9999)
        #expect(try GeneralizedTime(Date(timeIntervalSince1970: -62_167_219_200)).description == "0000-01-01T00:00:00Z")
    }
}
