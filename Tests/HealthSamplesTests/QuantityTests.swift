import Foundation
import Testing
@testable import HealthSamples

/// Exact decimal values and the "number unit" text form.
@Suite struct QuantityTests {
    @Test func decimalsStayExact() throws {
        let value = try DecimalText.parse("36.6")
        #expect(value == Decimal(sign: .plus, exponent: -1, significand: 366))
        #expect(DecimalText.format(value) == "36.6")
        #expect(try DecimalText.parse("36.60") == value)
        #expect(try DecimalText.parse("0.4971749504535062") == Decimal(sign: .plus, exponent: -16, significand: 4_971_749_504_535_062))
        #expect(try DecimalText.parse("-0.004") == Decimal(sign: .minus, exponent: -3, significand: 4))
        #expect(try DecimalText.parse("+120") == 120)
        #expect(try DecimalText.parse("1e3") == 1000)
        #expect(try DecimalText.parse("1.5E-2") == Decimal(sign: .plus, exponent: -3, significand: 15))
        #expect(try DecimalText.parse("0") == 0)
        #expect(try DecimalText.parse("000.000") == 0)
        let long = "12345678901234567890123456789012345678"            // 38 digits
        #expect(DecimalText.format(try DecimalText.parse(long)) == long)
        #expect(DecimalText.format(try DecimalText.parse("-1234567890.1234567890123")) == "-1234567890.1234567890123")
        #expect(DecimalText.format(try DecimalText.parse("10000000000000000000")) == "10000000000000000000")
        #expect(DecimalText.doubleValue(of: try DecimalText.parse("0.1")) == 0.1)
    }

    static let invalidNumbers: [(String, Int, DecimalTextError.Kind)] = [
        ("", 0, .empty),
        ("12abc", 2, .unexpectedCharacter(expected: "digit, '.', 'e' or end of number")),
        (".5", 0, .unexpectedCharacter(expected: "digit")),
        ("5.", 2, .unexpectedEnd(expected: "digit")),
        ("-", 1, .unexpectedEnd(expected: "digit")),
        ("1e", 2, .unexpectedEnd(expected: "exponent digit")),
        ("1,5", 1, .unexpectedCharacter(expected: "digit, '.', 'e' or end of number")),
        ("nan", 0, .unexpectedCharacter(expected: "digit")),
        (" 1", 0, .unexpectedCharacter(expected: "digit")),
        ("123456789012345678901234567890123456789", 0, .tooManyDigits(count: 39)),
        ("1e200", 0, .exponentOutOfRange),
        (String(repeating: "1", count: 129), 128, .tooLong),
    ]

    @Test(arguments: invalidNumbers)
    func rejectsMalformedNumbers(_ text: String, _ offset: Int, _ kind: DecimalTextError.Kind) {
        #expect(throws: DecimalTextError(text: text, offset: offset, kind: kind)) {
            try DecimalText.parse(text)
        }
    }

    @Test func readsNumberSpaceUnit() throws {
        let temperature = try Quantity(parsing: "56 degF")
        #expect(temperature.value == 56 && temperature.unit == .degreeFahrenheit)
        let effort = try Quantity(parsing: "4.52156 kcal/hr·kg")
        #expect(effort.unit.dimension == .energyPerTimeMass)
        #expect(effort.description == "4.52156 kcal/hr·kg")
        #expect(try Quantity(parsing: "96 %").unit == .percent)
    }

    @Test func rejectsMalformedQuantityText() {
        #expect(throws: QuantityTextError.missingUnit(text: "56")) { try Quantity(parsing: "56") }
        #expect(throws: QuantityTextError.invalidNumber(DecimalTextError(text: "x", offset: 0, kind: .unexpectedCharacter(expected: "digit")))) {
            try Quantity(parsing: "x degF")
        }
        #expect(throws: QuantityTextError.invalidUnit(HealthUnitError(text: "furlong", offset: 0, kind: .unknownUnit("furlong")))) {
            try Quantity(parsing: "56 furlong")
        }
    }
}
