import Testing
@testable import DER

/// A small schema type written the way CMS types use the API:
/// ```
/// Reading ::= SEQUENCE {
///     version   INTEGER,
///     label     UTF8String OPTIONAL,
///     taken     [0] EXPLICIT GeneralizedTime OPTIONAL,
///     value     REAL }
/// ```
struct Reading: DERParseable, DERSerializable, Equatable {
    var version: Int
    var label: DERUTF8String?
    var taken: GeneralizedTime?
    var value: DERReal

    init(version: Int, label: DERUTF8String?, taken: GeneralizedTime?, value: DERReal) {
        self.version = version
        self.label = label
        self.taken = taken
        self.value = value
    }

    init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "Reading") { fields in
            let version = try Int(derNode: fields.read(.integer, "version"))
            let label = try fields.readOptional(.utf8String).map(DERUTF8String.init(derNode:))
            let taken = try fields.readOptionalExplicit(0).map(GeneralizedTime.init(derNode:))
            let value = try DERReal(derNode: fields.read(.real, "value"))
            return Reading(version: version, label: label, taken: taken, value: value)
        }
    }

    func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { w in
            w.append(version)
            if let label { w.append(label) }
            if let taken { w.append(taken, explicitTag: 0) }
            w.append(value)
        }
    }
}

@Suite("Schema reading: SEQUENCE fields and SET OF")
struct SchemaReaderTests {
    let full = try! Reading(version: 1, label: "systolic",
                            taken: GeneralizedTime(year: 2025, month: 6, day: 1, hour: 8, minute: 0, second: 0),
                            value: DERReal(decimalText: "120"))

    @Test("a schema type with optional and explicitly tagged fields round-trips")
    func roundTrip() throws {
        try expectRoundTrip(full)
        try expectRoundTrip(Reading(version: 2, label: nil, taken: nil, value: try DERReal(decimalText: "36.6")))
        let bytes = DER.encode(full)
        #expect(bytes == hexBytes("30 28 02 01 01 0C 08 73 79 73 74 6F 6C 69 63 A0 11 18 0F")
                + Array("20250601080000Z".utf8) + hexBytes("09 06 03 31 32 2E 45 31"))
    }

    @Test("a missing required field is missingField")
    func missingField() {
        // version and label only: the REAL is missing.
        expectDERError(.missingField) { _ = try Reading(derNode: DER.parse(hexBytes("30 06 02 01 01 0C 01 78"))) }
        expectDERError(.missingField) { _ = try Reading(derNode: DER.parse(hexBytes("30 00"))) }
    }

    @Test("an element after the last field is unexpectedField")
    func unexpectedField() {
        expectDERError(.unexpectedField) {
            _ = try Reading(derNode: DER.parse(hexBytes("30 07 02 01 01 09 00 05 00")))
        }
    }

    @Test("a field with the wrong tag is unexpectedTag")
    func wrongTag() {
        expectDERError(.unexpectedTag) { _ = try Reading(derNode: DER.parse(hexBytes("30 05 01 01 FF 09 00"))) }
        expectDERError(.unexpectedTag) { _ = try Reading(derNode: DER.parse(hexBytes("31 05 02 01 01 09 00"))) }
    }

    @Test("an explicit tag must wrap exactly one element")
    func explicitWrapsOne() {
        expectDERError(.invalidValue) {
            _ = try Reading(derNode: DER.parse(hexBytes("30 0B 02 01 01 A0 04 05 00 05 00 09 00")))
        }
    }

    @Test("SET OF in DER order is accepted")
    func sortedSet() throws {
        let elements = try DER.setOf(DER.parse(hexBytes("31 09 02 01 01 02 01 05 02 01 7F")))
        #expect(try elements.map { try Int(derNode: $0) } == [1, 5, 127])
    }

    @Test("unsorted SET OF is refused (X.690 11.6)")
    func unsortedSet() {
        expectDERError(.unsortedSet) { _ = try DER.setOf(DER.parse(hexBytes("31 06 02 01 05 02 01 01"))) }
        // 256 (02 02 01 00) sorts after 1 (02 01 01) because the length octet 02 > 01.
        expectDERError(.unsortedSet) { _ = try DER.setOf(DER.parse(hexBytes("31 07 02 02 01 00 02 01 01"))) }
    }

    @Test("duplicates are refused only in a unique SET OF")
    func duplicates() throws {
        let node = try DER.parse(hexBytes("31 06 02 01 05 02 01 05"))
        #expect(try DER.setOf(node).count == 2)
        expectDERError(.duplicateSetElement) { _ = try DER.setOf(node, unique: true) }
    }

    @Test("DER.setOf checks the tag")
    func setOfTag() {
        expectDERError(.unexpectedTag) { _ = try DER.setOf(DER.parse(hexBytes("30 03 02 01 05"))) }
    }

    @Test("the field reader exposes the next tag and consumes optional fields only on a match")
    func fieldReader() throws {
        let node = try DER.parse(hexBytes("30 06 02 01 05 01 01 00"))
        var reader = DERFieldReader(node)
        #expect(reader.nextTag == .integer)
        #expect(reader.readOptional(.boolean) == nil)
        #expect(try Int(derNode: reader.read()) == 5)
        #expect(try reader.readOptionalExplicit(0) == nil)
        expectDERError(.unexpectedField) { try reader.finish() }
        #expect(try Bool(derNode: reader.read(.boolean)) == false)
        #expect(reader.isAtEnd)
        try reader.finish()
        expectDERError(.missingField) { _ = try reader.read() }
    }
}

@Suite("Content checks of opaque values")
struct PrimitiveContentCheckTests {
    @Test("checkPrimitiveContents finds non-DER primitives at any depth", arguments: [
        ("30 03 01 01 01", DERError.Code.invalidBoolean),
        ("31 06 30 04 02 02 00 05", .nonMinimalInteger),
        ("30 04 03 02 07 81", .invalidBitString),
        ("30 03 05 01 00", .invalidNull),
        ("A0 04 06 02 2A 80", .invalidObjectIdentifier),
        ("30 0F 18 0D 32 30 32 35 30 33 30 31 30 30 30 30 5A", .invalidTime),
        ("30 0D 17 0B 32 35 30 33 30 31 30 30 30 30 5A", .invalidTime),
        ("30 04 0A 02 FF 80", .nonMinimalInteger),
    ])
    func findsNonDERPrimitives(hex: String, code: DERError.Code) throws {
        let node = try DER.parse(hexBytes(hex))
        expectDERError(code) { try DER.checkPrimitiveContents(node) }
    }

    /// The decoders' own limits are not DER rules: a `2.25.<UUID>`-sized arc (here 2^100) and a
    /// fraction of 12 digits are valid DER and pass; their encoding rules still apply.
    @Test("checkPrimitiveContents checks encodings, not this toolkit's value limits")
    func encodingRulesOnly() throws {
        let bigArc = "06 10 69 84" + String(repeating: " 80", count: 13) + " 00"
        try DER.checkPrimitiveContents(try DER.parse(hexBytes(bigArc)))
        expectDERError(.invalidObjectIdentifier) { try DER.checkPrimitiveContents(try DER.parse(hexBytes("06 02 69 84"))) }
        expectDERError(.invalidObjectIdentifier) { try DER.checkPrimitiveContents(try DER.parse(hexBytes("06 03 69 80 01"))) }

        let long = Array("20250301000000.123456789012Z".utf8)
        try DER.checkPrimitiveContents(try DER.parse([0x18, UInt8(long.count)] + long))
        let trailingZero = Array("20250301000000.123456789010Z".utf8)
        let wrapped = try DER.parse([0x30, UInt8(trailingZero.count + 2), 0x18, UInt8(trailingZero.count)] + trailingZero)
        do {
            try DER.checkPrimitiveContents(wrapped)
            Issue.record("a trailing zero in a long fraction passed")
        } catch {
            #expect(error.code == .invalidTime)
            #expect(error.offset == 2, "reported at the GeneralizedTime element, not inside a copy")
        }
        let offset = Array("20250301000000.123456789012+0100".utf8)
        expectDERError(.invalidTime) { try DER.checkPrimitiveContents(try DER.parse([0x18, UInt8(offset.count)] + offset)) }
    }

    /// Includes a PrintableString `*` and a UTF8String `FF`: alphabets are not encoding rules.
    @Test("checkPrimitiveContents accepts DER values and leaves other types alone")
    func acceptsDER() throws {
        let node = try DER.parse(hexBytes(
            "30 1D 01 01 FF 02 01 05 03 02 07 80 05 00 06 03 2A 03 04 80 01 09 13 01 2A 0C 01 FF 04 01 00"))
        try DER.checkPrimitiveContents(node)
    }
}
