import Foundation
import HealthSamples
import Testing

/// The decimal places a stored value showed: what verification may treat as rounding.
@Suite struct FractionDigitsTests {
    @Test(arguments: [
        ("98", 0), ("98.0", 1), ("97.88", 2), ("9.80e1", 1), ("9.8E1", 0), ("5e-3", 3), ("-0.50", 2), ("1.5E+2", 0),
        ("5e", 0), ("5.25e", 0), ("1.5e-", 1_000_001), ("1.5e99999999999999999999", 0), ("0.5\r\n", 2), ("0.5é", 2),
        ("", 0), (".", 0), ("1.2.3", 3), ("7.5e1e2", 0),
    ] as [(String, Int)])
    func decimalPlacesOfNumberText(text: String, places: Int) {
        #expect(DecimalText.fractionDigits(of: text) == places)
    }

    @Test func parsedQuantityKeepsItsDecimalPlacesButComparesByValue() throws {
        let shown = try Quantity(parsing: "98.0 degF")
        let plain = try Quantity(parsing: "98 degF")
        #expect(shown.fractionDigits == 1)
        #expect(plain.fractionDigits == 0)
        #expect(shown == plain)
        #expect(shown.hashValue == plain.hashValue)
    }
}
