import Testing
@testable import DER

/// A byte vector and what it must decode to: a value or an exact error code.
struct Vector<Value: Sendable>: Sendable, CustomTestStringConvertible {
    let name: String
    let hex: String
    let expected: Result<Value, DERError>

    init(_ name: String, _ hex: String, _ value: Value) {
        self.name = name
        self.hex = hex
        expected = .success(value)
    }

    init(_ name: String, _ hex: String, _ code: DERError.Code) {
        self.name = name
        self.hex = hex
        expected = .failure(DERError(code, at: 0, name))
    }

    var testDescription: String { "\(name) [\(hex)]" }
}

/// Checks one vector: decoding gives the value (and re-encodes to the same bytes) or the code.
func check<T: DERParseable & DERSerializable & Equatable>(
    _ vector: Vector<T>, sourceLocation: SourceLocation = #_sourceLocation
) {
    switch vector.expected {
    case .success(let value):
        do {
            let decoded = try decodeDER(T.self, vector.hex)
            #expect(decoded == value, "\(vector.name)", sourceLocation: sourceLocation)
            #expect(DER.encode(decoded) == hexBytes(vector.hex), "\(vector.name) re-encoding", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(vector.name): \(error)", sourceLocation: sourceLocation)
        }
    case .failure(let error):
        expectDERError(error.code, "\(vector.name)", sourceLocation: sourceLocation) {
            _ = try decodeDER(T.self, vector.hex)
        }
    }
}

@Suite("Primitive type vectors")
struct PrimitiveVectorTests {
    static let integers: [Vector<Int>] = [
        .init("zero", "02 01 00", 0),
        .init("one", "02 01 01", 1),
        .init("127", "02 01 7F", 127),
        .init("128 needs a sign octet", "02 02 00 80", 128),
        .init("256", "02 02 01 00", 256),
        .init("minus one", "02 01 FF", -1),
        .init("minus 128", "02 01 80", -128),
        .init("minus 129", "02 02 FF 7F", -129),
        .init("Int.max", "02 08 7F FF FF FF FF FF FF FF", Int.max),
        .init("Int.min", "02 08 80 00 00 00 00 00 00 00", Int.min),
        .init("empty INTEGER (X.690 8.3.1)", "02 00", .emptyInteger),
        .init("redundant 00 before 7F (X.690 8.3.2)", "02 02 00 7F", .nonMinimalInteger),
        .init("redundant FF before 80 (X.690 8.3.2)", "02 02 FF 80", .nonMinimalInteger),
        .init("redundant 00 00", "02 02 00 00", .nonMinimalInteger),
        .init("2^63 does not fit Int", "02 09 00 80 00 00 00 00 00 00 00", .integerOverflow),
        .init("9-octet negative does not fit Int", "02 09 FF 7F FF FF FF FF FF FF FF", .integerOverflow),
        .init("wrong tag", "0A 01 05", .unexpectedTag),
    ]

    @Test("INTEGER as Int", arguments: integers)
    func integer(_ vector: Vector<Int>) { check(vector) }

    static let bigIntegers: [Vector<DERInteger>] = [
        .init("2^64 as DERInteger", "02 09 01 00 00 00 00 00 00 00 00",
              DERInteger(unsignedBigEndian: hexBytes("01 00 00 00 00 00 00 00 00"))),
        .init("unsigned with top bit set gets 00", "02 03 00 FF 01", DERInteger(unsignedBigEndian: hexBytes("FF 01"))),
        .init("empty", "02 00", .emptyInteger),
        .init("non-minimal", "02 03 00 00 FF", .nonMinimalInteger),
    ]

    @Test("INTEGER as DERInteger", arguments: bigIntegers)
    func bigInteger(_ vector: Vector<DERInteger>) { check(vector) }

    static let booleans: [Vector<Bool>] = [
        .init("FALSE", "01 01 00", false),
        .init("TRUE is FF", "01 01 FF", true),
        .init("TRUE as 01 is BER only (X.690 11.1)", "01 01 01", .invalidBoolean),
        .init("FE", "01 01 FE", .invalidBoolean),
        .init("empty", "01 00", .invalidBoolean),
        .init("two octets", "01 02 FF FF", .invalidBoolean),
    ]

    @Test("BOOLEAN", arguments: booleans)
    func boolean(_ vector: Vector<Bool>) { check(vector) }

    static let nulls: [Vector<DERNull>] = [
        .init("NULL", "05 00", DERNull()),
        .init("NULL with content (X.690 8.8.2)", "05 01 00", .invalidNull),
    ]

    @Test("NULL", arguments: nulls)
    func null(_ vector: Vector<DERNull>) { check(vector) }

    static let oids: [Vector<DERObjectIdentifier>] = [
        .init("ecdsa-with-SHA256", "06 08 2A 86 48 CE 3D 04 03 02", "1.2.840.10045.4.3.2"),
        .init("prime256v1", "06 08 2A 86 48 CE 3D 03 01 07", "1.2.840.10045.3.1.7"),
        .init("id-sha256", "06 09 60 86 48 01 65 03 04 02 01", "2.16.840.1.101.3.4.2.1"),
        .init("2.999.3 (first subidentifier above 127)", "06 03 88 37 03", "2.999.3"),
        .init("0.0", "06 01 00", "0.0"),
        .init("empty OID", "06 00", .invalidObjectIdentifier),
        .init("leading 0x80 octet (X.690 8.19.2)", "06 03 2A 80 01", .invalidObjectIdentifier),
        .init("leading 0x80 in the first subidentifier", "06 02 80 01", .invalidObjectIdentifier),
        .init("unterminated last subidentifier", "06 02 2A 86", .invalidObjectIdentifier),
        .init("subidentifier above 64 bits", "06 0B 2A 82 80 80 80 80 80 80 80 80 00", .invalidObjectIdentifier),
    ]

    @Test("OBJECT IDENTIFIER", arguments: oids)
    func oid(_ vector: Vector<DERObjectIdentifier>) { check(vector) }

    static let bitStrings: [Vector<DERBitString>] = [
        .init("empty bit string", "03 01 00", DERBitString(bytes: [UInt8]())),
        .init("whole octets", "03 03 00 AB CD", DERBitString(bytes: hexBytes("AB CD"))),
        .init("4 unused zero bits", "03 02 04 F0", DERBitString(bytes: hexBytes("F0"), paddingBits: 4)),
        .init("7 unused zero bits", "03 02 07 80", DERBitString(bytes: hexBytes("80"), paddingBits: 7)),
        .init("unused bits set (X.690 11.2.1)", "03 02 04 F8", .invalidBitString),
        .init("lowest unused bit set", "03 02 01 01", .invalidBitString),
        .init("unused count 8 (X.690 8.6.2.2)", "03 02 08 00", .invalidBitString),
        .init("unused count with no bits", "03 01 03", .invalidBitString),
        .init("missing unused-bits octet", "03 00", .invalidBitString),
    ]

    @Test("BIT STRING", arguments: bitStrings)
    func bitString(_ vector: Vector<DERBitString>) { check(vector) }

    static let octetStrings: [Vector<DEROctetString>] = [
        .init("empty", "04 00", DEROctetString([UInt8]())),
        .init("three octets", "04 03 01 02 03", DEROctetString(hexBytes("01 02 03"))),
        .init("constructed (X.690 10.2)", "24 03 04 01 AA", .invalidConstructedFlag),
    ]

    @Test("OCTET STRING", arguments: octetStrings)
    func octetString(_ vector: Vector<DEROctetString>) { check(vector) }

    @Test("DERBitString clears unused bits it is given so its output stays DER")
    func bitStringClearsPadding() throws {
        let value = DERBitString(bytes: hexBytes("FF"), paddingBits: 3)
        #expect(DER.encode(value) == hexBytes("03 02 03 F8"))
        try expectRoundTrip(value)
    }

    @Test("implicit tags replace the universal tag and are checked")
    func implicitTags() throws {
        let tag = DERTag.contextSpecific(2, constructed: false)
        var writer = DERWriter()
        writer.append(42, implicitTag: tag)
        #expect(writer.bytes == hexBytes("82 01 2A"))
        let node = try DER.parse(writer.bytes)
        #expect(try Int(derNode: node, withTag: tag) == 42)
        expectDERError(.unexpectedTag) { _ = try Int(derNode: node) }
        let constructedOctets = try DER.parse(hexBytes("A0 03 04 01 AA"))
        expectDERError(.invalidConstructedFlag) {
            _ = try DEROctetString(derNode: constructedOctets, withTag: .contextSpecific(0, constructed: true))
        }
    }

    @Test("DERAny keeps the exact bytes")
    func any() throws {
        let bytes = hexBytes("30 06 06 01 00 01 01 FF")
        let value = try DERAny(encoded: bytes)
        #expect(value.tag == .sequence)
        #expect(DER.encode(value) == bytes)
        try expectRoundTrip(value)
    }

    @Test("Int round trip from -70000 to 70000 and at every power-of-two boundary")
    func integerRoundTrip() throws {
        var values = Array(stride(from: -70_000, through: 70_000, by: 7)) + [Int.min, Int.max, Int.min + 1, Int.max - 1]
        for k in 0..<63 {
            let p = 1 << k
            values += [p - 1, p, p + 1, -p - 1, -p, -p + 1]
        }
        for value in values {
            let encoded = DER.encode(value)
            // Independent minimal length: the smallest n with -2^(8n-1) <= v < 2^(8n-1).
            var n = 1
            while n < 8 && !((-(1 << (8 * n - 1)))..<(1 << (8 * n - 1))).contains(value) { n += 1 }
            guard encoded.count == 2 + n, encoded[0] == 0x02, Int(encoded[1]) == n else {
                Issue.record("\(value) encoded as \(hexString(encoded)), expected \(n) content octets")
                continue
            }
            let decoded = try Int(derNode: DER.parse(encoded))
            if decoded != value { Issue.record("\(value) decoded as \(decoded)") }
            if DERInteger(value).intValue != value { Issue.record("DERInteger(\(value)).intValue") }
        }
    }

    @Test("UInt64 and unsigned magnitudes encode minimally")
    func unsignedIntegers() throws {
        #expect(DER.encode(DERInteger(UInt64.max)) == hexBytes("02 09 00 FF FF FF FF FF FF FF FF"))
        #expect(DER.encode(DERInteger(UInt64(0))) == hexBytes("02 01 00"))
        #expect(DER.encode(DERInteger(unsignedBigEndian: hexBytes("00 00 7F"))) == hexBytes("02 01 7F"))
        #expect(DERInteger(UInt64.max).unsignedBigEndian == [UInt8](repeating: 0xFF, count: 8))
        #expect(DERInteger(-5).unsignedBigEndian == nil)
        expectDERError(.nonMinimalInteger) { _ = try DERInteger(minimalBytes: hexBytes("00 01")) }
        try expectRoundTrip(DERInteger(UInt64.max))
    }

    @Test("round trips of every primitive type")
    func roundTrips() throws {
        try expectRoundTrip(true)
        try expectRoundTrip(false)
        try expectRoundTrip(DERNull())
        try expectRoundTrip(DERObjectIdentifier("1.2.840.113549.1.7.2"))
        try expectRoundTrip(try DERObjectIdentifier(arcs: [2, 999, 1 << 40]))
        try expectRoundTrip(DEROctetString(hexBytes("DE AD BE EF")))
        try expectRoundTrip(DERBitString(bytes: hexBytes("0F F0"), paddingBits: 4))
        try expectRoundTrip(DERInteger(unsignedBigEndian: [UInt8](repeating: 0xC3, count: 40)))
    }
}
