import Testing
@testable import DER

@Suite("REAL")
struct RealTests {
    /// `09 len 03 <text>` for NR3 text.
    static func nr3(_ text: String, form: UInt8 = 0x03) -> String {
        let content = [form] + Array(text.utf8)
        return "09 " + hexString([UInt8(content.count)]) + " " + hexString(content)
    }

    static func real(_ text: String) -> DERReal { try! DERReal(decimalText: text) }

    static let vectors: [Vector<DERReal>] = [
        .init("zero has no content octets (X.690 8.5.2)", "09 00", .zero),
        .init("36.6", nr3("366.E-1"), real("36.6")),
        .init("120", nr3("12.E1"), real("120")),
        .init("-0.5", nr3("-5.E-1"), real("-0.5")),
        .init("1", nr3("1.E+0"), real("1")),
        .init("-1", nr3("-1.E+0"), real("-1")),
        .init("0.001", nr3("1.E-3"), real("0.001")),
        .init("1000", nr3("1.E3"), real("1000")),
        .init("long mantissa", nr3("4971749504535062.E-16"), real("0.4971749504535062")),
        .init("PLUS-INFINITY (X.690 8.5.9)", "09 01 40", .special(.plusInfinity)),
        .init("MINUS-INFINITY", "09 01 41", .special(.minusInfinity)),
        .init("NOT-A-NUMBER", "09 01 42", .special(.notANumber)),
        .init("minus zero", "09 01 43", .special(.minusZero)),
        // Non-canonical NR3 (X.690 11.3.2).
        .init("trailing zero in mantissa (11.3.2.4)", nr3("3660.E-2"), .invalidReal),
        .init("leading zero in mantissa (11.3.2.4)", nr3("0366.E-1"), .invalidReal),
        .init("zero written as NR3 (8.5.2)", nr3("0.E+0"), .invalidReal),
        .init("plus sign on mantissa (11.3.2.3)", nr3("+366.E-1"), .invalidReal),
        .init("plus sign on non-zero exponent (11.3.2.6)", nr3("12.E+1"), .invalidReal),
        .init("zero exponent without plus (11.3.2.6)", nr3("1.E0"), .invalidReal),
        .init("zero exponent as -0", nr3("1.E-0"), .invalidReal),
        .init("zero exponent as +00", nr3("1.E+00"), .invalidReal),
        .init("leading zero in exponent (11.3.2.6)", nr3("12.E01"), .invalidReal),
        .init("leading zero in negative exponent", nr3("366.E-01"), .invalidReal),
        .init("fraction digits after the point (11.3.2.5)", nr3("36.6E+0"), .invalidReal),
        .init("lower-case exponent mark (11.3.2.5)", nr3("366.e-1"), .invalidReal),
        .init("no point before E (11.3.2.5)", nr3("366E-1"), .invalidReal),
        .init("comma decimal mark", nr3("366,E-1"), .invalidReal),
        .init("leading space (11.3.2.2)", nr3(" 366.E-1"), .invalidReal),
        .init("no exponent", nr3("366."), .invalidReal),
        .init("exponent mark without digits", nr3("366.E"), .invalidReal),
        .init("octets after the exponent", nr3("366.E-1x"), .invalidReal),
        .init("no mantissa", nr3(".E+0"), .invalidReal),
        .init("NR1 form (11.3.2.1)", nr3("366", form: 0x01), .invalidReal),
        .init("NR2 form (11.3.2.1)", nr3("36.6", form: 0x02), .invalidReal),
        .init("reserved decimal form", nr3("1.E+0", form: 0x04), .invalidReal),
        .init("exponent beyond the toolkit limit", nr3("1.E99999999999"), .invalidReal),
        // Binary encodings (X.690 8.5.7) are valid DER but outside this toolkit's profile.
        .init("binary base 2: 1 = 1 x 2^0", "09 03 80 00 01", .invalidReal),
        .init("binary base 2 negative", "09 03 C0 00 01", .invalidReal),
        .init("binary base 8", "09 03 90 00 01", .invalidReal),
        .init("binary base 16", "09 03 A0 00 01", .invalidReal),
        .init("special value with extra octet (8.5.9)", "09 02 40 00", .invalidReal),
        .init("reserved special value 0x44", "09 01 44", .invalidReal),
        .init("constructed REAL", "29 00", .invalidConstructedFlag),
    ]

    @Test("REAL byte vectors", arguments: vectors)
    func vector(_ vector: Vector<DERReal>) { check(vector) }

    @Test("binary forms are refused with a reason that says why")
    func binaryReason() {
        do {
            _ = try DERReal(derNode: DER.parse(hexBytes("09 03 80 00 01")))
            Issue.record("accepted")
        } catch let error as DERError {
            #expect(error.code == .invalidReal)
            #expect(error.reason.contains("binary"))
            #expect(error.reason.contains("decimal"))
        } catch {
            Issue.record("\(error)")
        }
    }

    struct TextCase: Sendable {
        let text: String
        let sign: DERReal.Sign
        let digits: String
        let exponent: Int
        let plain: String
        let nr3: String
    }

    static let textCases: [TextCase] = [
        .init(text: "36.6", sign: .plus, digits: "366", exponent: -1, plain: "36.6", nr3: "366.E-1"),
        .init(text: "36.60", sign: .plus, digits: "366", exponent: -1, plain: "36.6", nr3: "366.E-1"),
        .init(text: "+036.600", sign: .plus, digits: "366", exponent: -1, plain: "36.6", nr3: "366.E-1"),
        .init(text: "120", sign: .plus, digits: "12", exponent: 1, plain: "120", nr3: "12.E1"),
        .init(text: "-0.5", sign: .minus, digits: "5", exponent: -1, plain: "-0.5", nr3: "-5.E-1"),
        .init(text: "1", sign: .plus, digits: "1", exponent: 0, plain: "1", nr3: "1.E+0"),
        .init(text: "1e-3", sign: .plus, digits: "1", exponent: -3, plain: "0.001", nr3: "1.E-3"),
        .init(text: "1E3", sign: .plus, digits: "1", exponent: 3, plain: "1000", nr3: "1.E3"),
        .init(text: ".5", sign: .plus, digits: "5", exponent: -1, plain: "0.5", nr3: "5.E-1"),
        .init(text: "2.", sign: .plus, digits: "2", exponent: 0, plain: "2", nr3: "2.E+0"),
        .init(text: "6.02E+23", sign: .plus, digits: "602", exponent: 21, plain: "602000000000000000000000", nr3: "602.E21"),
        .init(text: "12.5e-1", sign: .plus, digits: "125", exponent: -2, plain: "1.25", nr3: "125.E-2"),
        .init(text: "0.4971749504535062", sign: .plus, digits: "4971749504535062", exponent: -16,
              plain: "0.4971749504535062", nr3: "4971749504535062.E-16"),
        .init(text: "-1.5e100", sign: .minus, digits: "15", exponent: 99, plain: "-1.5E+100", nr3: "-15.E99"),
        .init(text: "2e-30", sign: .plus, digits: "2", exponent: -30, plain: "2E-30", nr3: "2.E-30"),
        .init(text: "123456789012345678901234567890.5", sign: .plus, digits: "1234567890123456789012345678905",
              exponent: -1, plain: "123456789012345678901234567890.5", nr3: "1234567890123456789012345678905.E-1"),
    ]

    @Test("decimal text is read exactly and normalized", arguments: textCases)
    func decimalText(_ c: TextCase) throws {
        let value = try DERReal(decimalText: c.text)
        #expect(value.sign == c.sign)
        #expect(value.digits == c.digits)
        #expect(value.exponent == c.exponent)
        #expect(value.decimalText == c.plain)
        #expect(value.isFinite)
        let encoded = try expectRoundTrip(value)
        #expect(encoded == hexBytes(Self.nr3(c.nr3)))
        // The plain text reads back to the same value.
        #expect(try DERReal(decimalText: value.decimalText) == value)
    }

    @Test("zero in any spelling is plus zero with no content octets")
    func zeroSpellings() throws {
        for text in ["0", "-0", "+0.000", "0e10", ".0", "000"] {
            let value = try DERReal(decimalText: text)
            #expect(value == .zero, "\(text)")
            #expect(value.isZero)
            #expect(value.decimalText == "0")
            #expect(DER.encode(value) == hexBytes("09 00"))
        }
    }

    @Test("malformed decimal text is refused", arguments: [
        "", "-", "+", ".", "e5", "1e", "1e+", "1.2.3", "1,5", " 1", "1 ", "inf", "NaN", "0x10", "1e5.5", "--1", "1e99999999999",
    ])
    func badText(_ text: String) {
        expectDERError(.invalidReal, "\(text)") { _ = try DERReal(decimalText: text) }
    }

    @Test("equality is on the value")
    func equality() throws {
        #expect(try DERReal(decimalText: "36.60") == DERReal(decimalText: "36.6"))
        #expect(try DERReal(decimalText: "366e-1") == DERReal(decimalText: "36.6"))
        #expect(try DERReal(decimalText: "120") == DERReal(mantissa: 12, exponent: 1))
        #expect(try DERReal(decimalText: "36.6") != DERReal(decimalText: "-36.6"))
        #expect(try DERReal(decimalText: "36.6") != DERReal(decimalText: "3.66"))
        #expect(try Set([DERReal(decimalText: "1.50"), DERReal(decimalText: "1.5"), DERReal(decimalText: "15e-1")]).count == 1)
    }

    @Test("special values are exposed and written back unchanged")
    func specials() throws {
        for special in DERReal.SpecialValue.allCases {
            let bytes: [UInt8] = [0x09, 0x01, special.rawValue]
            let value = try DERReal(derNode: DER.parse(bytes))
            #expect(value.specialValue == special)
            #expect(!value.isFinite)
            #expect(!value.isZero)
            #expect(DER.encode(value) == bytes)
        }
        let minusInfinity = try DERReal(derNode: DER.parse(hexBytes("09 01 41")))
        #expect(minusInfinity.sign == .minus)
        #expect(minusInfinity.decimalText == "MINUS-INFINITY")
        #expect(minusInfinity.doubleValue == -.infinity)
        #expect(try DERReal(derNode: DER.parse(hexBytes("09 01 42"))).doubleValue.isNaN)
        #expect(try DERReal(derNode: DER.parse(hexBytes("09 01 43"))).doubleValue.sign == .minus)
    }

    @Test("Double conversion uses the shortest round-trip text and refuses non-finite values")
    func doubles() throws {
        #expect(try DERReal(0.1).decimalText == "0.1")
        #expect(try DERReal(36.6).nr3Text == "366.E-1")
        #expect(try DERReal(1e-5).decimalText == "0.00001")
        #expect(try DERReal(-0.0) == .zero)
        #expect(try DERReal(120.0).doubleValue == 120)
        var rng = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            let d = Double(bitPattern: rng.next())
            guard d.isFinite else { continue }
            let value = try DERReal(d)
            #expect(value.doubleValue == d, "\(d) came back as \(value.doubleValue)")
            try expectRoundTrip(value)
        }
        expectDERError(.invalidReal) { _ = try DERReal(Double.infinity) }
        expectDERError(.invalidReal) { _ = try DERReal(Double.nan) }
    }

    @Test("integer mantissas")
    func mantissas() throws {
        #expect(try DERReal(mantissa: -2500, exponent: -3).decimalText == "-2.5")
        #expect(try DERReal(mantissa: Int.min).digits == "9223372036854775808")
        #expect(try DERReal(mantissa: 0, exponent: 7) == .zero)
        expectDERError(.invalidReal) { _ = try DERReal(mantissa: 1, exponent: Int.max) }
    }
}

extension Result where Success == DERReal, Failure == DERError {
    /// The expected outcome "decodes to this special value" (no public initializer makes one).
    static func special(_ special: DERReal.SpecialValue) -> Result<DERReal, DERError> {
        .success(try! DERReal(derNode: DER.parse([0x09, 0x01, special.rawValue])))
    }
}

extension Vector where Value == DERReal {
    init(_ name: String, _ hex: String, _ expected: Result<DERReal, DERError>) {
        self.name = name
        self.hex = hex
        self.expected = expected
    }
}
