import Foundation
import Testing
@testable import DER

/// Times, REALs and `Int`s are written straight into the writer's buffer; their octets must be
/// those of the value types' own content (`encodedText`, `DERReal(mantissa:exponent:)`,
/// `DERInteger`), which build them separately.
@Suite struct InPlaceValueEncodingTests {
    static let integers: [Int] = {
        var values: [Int] = [0, 1, -1, 127, 128, -128, -129, 255, 256, -256, -257, 32767, 32768, -32768, -32769,
                             Int(Int32.max), Int(Int32.min), Int.max, Int.min, Int.max - 1, Int.min + 1]
        for shift in 0..<63 {
            values += [1 << shift, (1 << shift) - 1, -(1 << shift), -(1 << shift) - 1]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 { values.append(Int.random(in: Int.min...Int.max, using: &generator)) }
        return values
    }()

    @Test func intIsWrittenAsTheMinimalOctetsOfDERInteger() throws {
        for value in Self.integers {
            #expect(DER.encode(value) == DER.encode(DERInteger(value)), "\(value)")
            #expect(try Int(derNode: try DER.parse(DER.encode(value))) == value)
        }
    }

    @Test func integerPartsAreWrittenAsTheREALOfTheirValue() throws {
        var magnitudes: [UInt64] = [0, 1, 5, 10, 100, 120, 366, 3660, 1 << 53, (1 << 53) + 1, 9_999_999_999_999_999_999,
                                    10_000_000_000_000_000_000, UInt64.max]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 { magnitudes.append(UInt64.random(in: 0...UInt64.max, using: &generator)) }
        for magnitude in magnitudes {
            for exponent in [-200, -40, -22, -10, -3, -1, 0, 1, 2, 3, 9, 10, 22, 127] {
                for negative in [false, true] {
                    var writer = DERWriter()
                    try DERReal.serialize(negative: negative, magnitude: magnitude, exponent: exponent, into: &writer)
                    let text = (negative ? "-" : "") + String(magnitude) + "e" + String(exponent)
                    let expected = DER.encode(try DERReal(decimalText: text))
                    #expect(writer.bytes == expected, "\(text)")
                }
            }
        }
    }

    @Test func integerPartsBeyondTheExponentLimitAreRefusedAsTheInitializerRefusesThem() throws {
        let limit = DERReal.maximumExponentMagnitude
        for (magnitude, exponent) in [(1, limit + 1), (10, limit), (1, -limit - 1)] {
            var writer = DERWriter()
            let written = Result { () throws(DERError) in
                try DERReal.serialize(negative: false, magnitude: UInt64(magnitude), exponent: exponent, into: &writer)
            }
            let made = Result { () throws(DERError) in try DERReal(mantissa: magnitude, exponent: exponent) }
            guard case .failure(let writing) = written, case .failure(let making) = made else {
                Issue.record("\(magnitude)e\(exponent) was not refused")
                continue
            }
            #expect(writing.description == making.description)
            #expect(writer.bytes.isEmpty)
        }
        // Zero has no exponent to check, as the initializer's zero has none.
        var writer = DERWriter()
        try DERReal.serialize(negative: true, magnitude: 0, exponent: limit + 5, into: &writer)
        #expect(writer.bytes == [0x09, 0x00])
    }

    @Test func timesAreWrittenAsTheirEncodedText() throws {
        let times = [
            try GeneralizedTime(year: 2026, month: 11, day: 21, hour: 8, minute: 0, second: 0),
            try GeneralizedTime(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59, nanoseconds: 1),
            try GeneralizedTime(year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0, nanoseconds: 500_000_000),
            try GeneralizedTime(year: 9999, month: 12, day: 31, hour: 12, minute: 30, second: 5, nanoseconds: 123_456_780),
        ]
        for time in times {
            var writer = DERWriter()
            writer.appendPrimitive(.generalizedTime, content: time.encodedText)
            #expect(DER.encode(time) == writer.bytes, "\(time)")
            #expect(try GeneralizedTime(derNode: try DER.parse(DER.encode(time))) == time)
        }
    }
}
