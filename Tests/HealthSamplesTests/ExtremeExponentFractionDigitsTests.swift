import Testing
import HealthSamples

/// A zero with an extreme exponent is a valid number (`DecimalText.parse` gives 0)
/// and must not trap when its shown decimal places are counted.
@Suite("Fraction digits of extreme exponents")
struct ExtremeExponentFractionDigitsTests {
    @Test func extremeNegativeExponentDoesNotOverflow() throws {
        #expect(try DecimalText.parse("0e-9223372036854775808") == 0)
        #expect(DecimalText.fractionDigits(of: "0e-9223372036854775808") > 0)
        #expect(DecimalText.fractionDigits(of: "0.0e-9223372036854775807") > 0)
        #expect(DecimalText.fractionDigits(of: "0e9223372036854775807") == 0)
        #expect(DecimalText.fractionDigits(of: "9.80e1") == 1)
        // Beyond Int: saturated by sign, never read as exponent 0.
        #expect(DecimalText.fractionDigits(of: "0e-99999999999999999999") == 1_000_000)
        #expect(DecimalText.fractionDigits(of: "0.5e99999999999999999999") == 0)
    }
}
