import Foundation
import Testing
@testable import HealthSamples

/// `DecimalText.format` and `doubleValue` read a 64-bit significand directly; the text and the
/// Double must be those of `Decimal`'s own `description` for every value.
@Suite struct DecimalTextFormattingTests {
    /// Values from text, arithmetic (whose significands keep trailing zeros), both signs and
    /// exponents from −40 to 40, and significands around the 64-bit and 2⁵³ limits.
    static var values: [Decimal] {
        var values: [Decimal] = []
        let texts = ["0", "1", "-1", "36.6", "-0.004", "120", "0.97", "72.4", "5.5", "180.15588000005408",
                     "0.4971749504535062", "9007199254740992", "9007199254740993", "18446744073709551615",
                     "18446744073709551616", "12345678901234567890123456789012345678", "1e22", "1e23",
                     "1e-22", "1e-23", "123.456e-30", "-7.25e12"]
        values += texts.map { try! DecimalText.parse($0) }
        var generator = SystemRandomNumberGenerator()
        for exponent in -40...40 {
            for significand: UInt64 in [1, 10, 3660, 999_999, 1 << 53, (1 << 53) + 1, UInt64.max, UInt64.random(in: 0...UInt64.max, using: &generator)] {
                values.append(Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand)))
                values.append(Decimal(sign: .minus, exponent: exponent, significand: Decimal(significand)))
            }
        }
        for exponent in [-128, -127, -100, 100, 126, 127] {
            values.append(Decimal(sign: .plus, exponent: exponent, significand: 1))
            values.append(Decimal(sign: .minus, exponent: exponent, significand: Decimal(UInt64.max)))
        }
        values.append(try! DecimalText.parse("36.6") * 100)
        values.append(try! DecimalText.parse("0.5") + (try! DecimalText.parse("0.50")))
        return values
    }

    @Test func formatGivesTheTextOfDescription() {
        for value in Self.values {
            #expect(DecimalText.format(value) == value.description, "\(value)")
        }
    }

    /// The parts are read from the Decimal's storage first; they must be exactly those
    /// `NSDecimalNumber` reads, and nil past 64 bits.
    @Test func integerPartsAreThoseOfTheSignificandAndExponent() {
        for value in Self.values {
            let significand = value.significand
            let integer = NSDecimalNumber(decimal: significand).uint64Value
            let parts = DecimalText.integerParts(of: value)
            if Decimal(integer) == significand {
                #expect(parts?.significand == integer, "\(value)")
                #expect(parts?.exponent == value.exponent, "\(value)")
                #expect(parts?.negative == (value.sign == .minus), "\(value)")
            } else {
                #expect(parts == nil, "\(value)")
            }
        }
        #expect(DecimalText.integerParts(of: .nan) == nil)
    }

    @Test func doubleValueIsTheDoubleOfTheDescription() {
        for value in Self.values {
            #expect(DecimalText.doubleValue(of: value) == Double(value.description), "\(value)")
        }
        #expect(DecimalText.doubleValue(of: .nan).isNaN)
    }
}
