import Foundation
import HealthSamples
import Testing

/// The report writes dates and values into its bytes with ``SampleDate/writeRFC3339(to:)`` and
/// ``DecimalText/writePlain(_:to:)``: they must give exactly the text of ``SampleDate/rfc3339String``
/// and ``DecimalText/format(_:)``.
@Suite struct InPlaceTextWritingTests {
    private func written(_ date: SampleDate) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SampleDate.rfc3339MaximumByteCount) { buffer in
            date.writeRFC3339(to: buffer.baseAddress!).map { String(decoding: buffer[..<$0], as: UTF8.self) }
        }
    }

    @Test(arguments: ["2026-11-01T00:00:00Z", "2026-11-01T00:00:05+01:00", "1969-12-31T23:59:59.5-05:30",
                      "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999+14:00", "2024-02-29T12:00:00.000Z",
                      "2026-06-30T08:15:00.250-00:00", "1970-01-01T00:00:00.000000001Z"])
    func datesAreWrittenAsTheirRFC3339Text(_ text: String) throws {
        let date = try SampleDate(rfc3339: text)
        #expect(written(date) == date.rfc3339String)
    }

    @Test func datesAcrossTheCalendarAreWrittenAsTheirRFC3339Text() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let seconds = Int64.random(in: -62_000_000_000...253_000_000_000, using: &generator)
            let offsetMinutes = Int32.random(in: -(23 * 60 + 59)...(23 * 60 + 59), using: &generator)
            let date = try SampleDate(epochSeconds: seconds, nanoseconds: Int32.random(in: 0..<1_000_000_000, using: &generator),
                                  utcOffsetSeconds: offsetMinutes * 60, hasFraction: Bool.random(using: &generator))
            #expect(written(date) == date.rfc3339String)
        }
    }

    private func plain(_ parts: DecimalText.IntegerParts) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalText.plainByteCount(parts)) { buffer in
            let count = DecimalText.writePlain(parts, to: buffer.baseAddress!)
            return String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    @Test(arguments: ["0", "-0", "0.000", "72", "120", "36.6", "-0.004", "98.60", "1e3", "1.5e-7", "-12345678901234567.89",
                      "9999999999999999999", "1e127", "1e-128", "0.1e-127", "5E+2", "+3.25", "100.000"])
    func valuesAreWrittenAsTheyAreFormatted(_ text: String) throws {
        let exact = try DecimalText.parseExactly(text)
        let quantity = Quantity(exact, unit: try HealthUnit("count"))
        let parts = try #require(quantity.integerParts)
        #expect(plain(parts) == DecimalText.format(quantity.value), "\(text)")
    }
}
