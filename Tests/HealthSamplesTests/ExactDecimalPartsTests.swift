import Foundation
import Testing
@testable import HealthSamples

/// `DecimalText.parseExactly` hands back the integer parts it computed while reading; they must
/// be those `DecimalText.integerParts(of:)` finds in the `Decimal` it made, and a quantity keeps
/// them only while its value is the one they were read with.
@Suite struct ExactDecimalPartsTests {
    static let texts = ["0", "-0", "0.000", "1", "-1", "36.6", "-0.004", "120", "120.0", "0.97", "72.4", "5.5",
                        "180.15588000005408", "0.4971749504535062", "9007199254740992", "9007199254740993",
                        "9999999999999999999", "10000000000000000000", "18446744073709551615", "18446744073709551616",
                        "12345678901234567890123456789012345678", "1e22", "1e23", "1e-22", "123.456e-30", "-7.25e12",
                        "+3", "00042.5000", "1E+2", "5e-3", "-1.5E-100", "6.02E+23"]

    @Test func parsedIntegerPartsAreThoseOfTheParsedDecimal() throws {
        for text in Self.texts {
            let exact = try DecimalText.parseExactly(text)
            #expect(exact.value == (try DecimalText.parse(text)), "\(text)")
            let found = DecimalText.integerParts(of: exact.value)
            if let parts = exact.integerParts {
                #expect(found.map { [$0.negative ? 1 : 0, Int(bitPattern: UInt($0.significand)), $0.exponent] }
                        == [parts.negative ? 1 : 0, Int(bitPattern: UInt(parts.significand)), parts.exponent], "\(text)")
            } else {
                // Only a significand of more than 19 digits is left to `integerParts(of:)`.
                #expect(text.filter(\.isNumber).count > 19, "\(text)")
            }
        }
    }

    @Test func aQuantityReadFromTextKeepsItsPartsUntilItsValueChanges() throws {
        var quantity = try Quantity(parsing: "36.6 degC")
        #expect(quantity.integerParts.map { "\($0.negative) \($0.significand) \($0.exponent)" } == "false 366 -1")
        quantity.value = Decimal(-12)
        #expect(quantity.integerParts.map { "\($0.negative) \($0.significand) \($0.exponent)" } == "true 12 0")
        let decoded = Quantity(try DecimalText.parseExactly("98.60"), unit: .degreeFahrenheit, fractionDigits: 2)
        #expect(decoded == Quantity(value: Decimal(string: "98.6")!, unit: .degreeFahrenheit))
        #expect(decoded.doubleValue == 98.6)
    }
}
