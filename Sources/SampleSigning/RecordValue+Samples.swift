import DER
import Foundation
import HealthSamples

extension GeneralizedTime {
    /// The UTC instant of a sample date; fractional seconds are kept exactly.
    init(_ date: SampleDate) throws(DERError) {
        let c = date.utcComponents
        try self.init(year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute,
                      second: c.second, nanoseconds: Int(date.nanoseconds))
    }

    /// The instant as a UTC `SampleDate`.
    var sampleDate: SampleDate? {
        try? SampleDate(utcYear: year, month: month, day: day, hour: hour, minute: minute, second: second,
                        nanoseconds: nanoseconds)
    }
}

extension DERReal {
    /// The exact REAL of a decimal value (no binary floating point in between).
    init(_ decimal: Decimal) throws(DERError) {
        if let parts = DecimalText.integerParts(of: decimal), let magnitude = Int(exactly: parts.significand) {
            try self.init(mantissa: parts.negative ? -magnitude : magnitude, exponent: parts.exponent)
        } else {
            try self.init(decimalText: DecimalText.format(decimal))
        }
    }

    /// Writes the REAL of `decimal` (the encoding of ``init(_:)-(Decimal)``) into `writer`, from
    /// its integer parts when known (`integerParts`, nil when they do not fit in 64 bits)
    /// without making the value.
    static func serialize(_ decimal: Decimal, integerParts parts: DecimalText.IntegerParts?,
                          into writer: inout DERWriter) throws(DERError) {
        if let parts {
            try serialize(negative: parts.negative, magnitude: parts.significand, exponent: parts.exponent, into: &writer)
        } else {
            writer.append(try DERReal(decimal))
        }
    }

    /// The value as a Foundation `Decimal`, when representable.
    var decimalValue: Decimal? {
        try? DecimalText.parse(decimalText)
    }
}

extension RecordValue {
    /// The record form of a metadata value (docs/FORMAT.md: the value keeps its type).
    init(_ value: MetadataValue) throws(DERError) {
        switch value {
        case .string(let s): self = .string(s)
        case .number(let n): self = .real(try DERReal(n))
        case .date(let d): self = .date(try GeneralizedTime(d))
        case .bool(let b): self = .boolean(b)
        case .quantity(let q): self = .string(q.description)
        }
    }
}
