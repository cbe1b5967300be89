import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// The record's DER (docs/FORMAT.md), read back with the DER module's parser node by node and
/// compared with bytes written out by hand, never with `RecordBuilder` or `SignedRecord`.
@Suite("Record encoding")
struct RecordEncodingTests {
    // MARK: - Independent DER walking

    /// X.690 11.6: a SET OF's elements ascend by their encodings, the shorter one padded with
    /// zero octets. Written out here rather than borrowed from the DER module.
    static func isInSetOfOrder(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        let x = Array(a), y = Array(b)
        for i in 0..<max(x.count, y.count) {
            let p = i < x.count ? x[i] : 0
            let q = i < y.count ? y[i] : 0
            if p != q { return p < q }
        }
        return true
    }

    /// The entries of a Dictionary node, checked to be a DER SET OF of (UTF8String, value) pairs.
    static func entries(_ node: DERNode) throws -> [(key: String, value: DERNode)] {
        #expect(node.tag == .set)
        for (a, b) in zip(node.children, node.children.dropFirst()) {
            #expect(isInSetOfOrder(a.encodedBytes, b.encodedBytes), "SET OF not in DER order at offset \(b.offset)")
        }
        return try node.children.map { entry in
            #expect(entry.tag == .sequence)
            try #require(entry.children.count == 2)
            let key = entry.children[0]
            #expect(key.tag == .utf8String)
            return (String(decoding: key.content, as: UTF8.self), entry.children[1])
        }
    }

    static func value(_ key: String, in entries: [(key: String, value: DERNode)]) throws -> DERNode {
        let matches = entries.filter { $0.key == key }
        try #require(matches.count == 1, "key \(key) appears \(matches.count) times")
        return matches[0].value
    }

    static func text(_ node: DERNode) -> String { String(decoding: node.content, as: UTF8.self) }

    static func topLevel(_ sample: Sample) throws -> [(key: String, value: DERNode)] {
        try entries(try DER.parse(try RecordBuilder.encodedRecord(for: sample)))
    }

    /// `30 len 0c keylen key value`, written by hand.
    static func entry(_ key: String, _ value: [UInt8]) -> [UInt8] {
        let keyBytes = [0x0C, UInt8(key.utf8.count)] + Array(key.utf8)
        let body = keyBytes + value
        return [0x30, UInt8(body.count)] + body
    }

    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag, UInt8(content.count)] + content }

    // MARK: - Heart rate, the reference record

    @Test("heart rate 72 count/min: every entry walked from the DER")
    func heartRateEntries() throws {
        let entries = try Self.topLevel(try Fixtures.heartRate())
        #expect(Set(entries.map(\.key)) == ["fv", "t", "v", "u", "s", "e"])
        #expect(entries.count == 6)

        let fv = try Self.value("fv", in: entries)
        #expect(fv.tag == .integer)
        #expect(Array(fv.content) == [0x01])
        let t = try Self.value("t", in: entries)
        #expect(t.tag == .utf8String)
        #expect(Self.text(t) == "HKQuantityTypeIdentifierHeartRate")
        let v = try Self.value("v", in: entries)
        #expect(v.tag == .real)
        #expect(Array(v.content) == [0x03, 0x37, 0x32, 0x2E, 0x45, 0x2B, 0x30])  // "72.E+0", NR3
        let u = try Self.value("u", in: entries)
        #expect(u.tag == .utf8String)
        #expect(Self.text(u) == "count/min")
        for key in ["s", "e"] {
            let date = try Self.value(key, in: entries)
            #expect(date.tag == .generalizedTime)
            #expect(Self.text(date) == "20261121080000Z")
        }
    }

    @Test("heart rate record is byte for byte the hand-written DER of docs/FORMAT.md's example (125 bytes)")
    func heartRateExactBytes() throws {
        let date = Self.tlv(0x18, Array("20261121080000Z".utf8))
        // Sorted by encoding: fv (30 07), v (30 0c), u (30 0e), e and s (30 14 … 65 / 73), t (30 26).
        let body = Self.entry("fv", [0x02, 0x01, 0x01])
            + Self.entry("v", Self.tlv(0x09, [0x03] + Array("72.E+0".utf8)))
            + Self.entry("u", Self.tlv(0x0C, Array("count/min".utf8)))
            + Self.entry("e", date)
            + Self.entry("s", date)
            + Self.entry("t", Self.tlv(0x0C, Array("HKQuantityTypeIdentifierHeartRate".utf8)))
        let expected = [0x31, UInt8(body.count)] + body
        #expect(body.count == 0x7B)
        #expect(expected.count == 125)
        let actual = try RecordBuilder.encodedRecord(for: try Fixtures.heartRate())
        #expect(Fixtures.hex(actual) == Fixtures.hex(expected))
    }

    @Test("heart rate with device name Acme HR: the `d` dictionary, and a long-form record length")
    func heartRateWithDeviceName() throws {
        let sample = try Fixtures.heartRate(device: Device(name: "Acme HR"))
        let bytes = try RecordBuilder.encodedRecord(for: sample)
        let entries = try Self.entries(try DER.parse(bytes))
        // The device entry: d = { nm = "Acme HR" }.
        let d = try Self.entries(try Self.value("d", in: entries))
        #expect(d.map(\.key) == ["nm"])
        #expect(Self.text(try Self.value("nm", in: d)) == "Acme HR")
        // 123 bytes without the device plus the 22-byte `d` entry: 145, a long-form length.
        #expect(Array(bytes.prefix(3)) == [0x31, 0x81, 0x91])
        #expect(bytes.count == 148)
        #expect(entries.first?.key == "fv")
    }

    // MARK: - Numbers

    @Test("REAL content octets of the FORMAT.md examples", arguments: [
        ("36.6", "degC", "03 33 36 36 2e 45 2d 31"),  // 366.E-1
        ("120", "mmHg", "03 31 32 2e 45 31"),  // 12.E1
        ("5.5", "mmol<180.15588000005408>/L", "03 35 35 2e 45 2d 31"),  // 55.E-1
        ("72", "count/min", "03 37 32 2e 45 2b 30"),  // 72.E+0
        ("36.60", "degC", "03 33 36 36 2e 45 2d 31"),  // trailing zero of the text moves to the exponent
        ("0", "count", ""),  // zero has no content octets (X.690 8.5.2)
        ("0.001", "g", "03 31 2e 45 2d 33"),  // 1.E-3
    ])
    func realContent(value: String, unit: String, expectedHex: String) throws {
        let type: QuantityType = switch unit {
        case "degC": .bodyTemperature
        case "mmHg": .bloodPressureSystolic
        case "mmol<180.15588000005408>/L": .bloodGlucose
        case "count/min": .heartRate
        case "g": .dietaryProtein
        default: .stepCount
        }
        let entries = try Self.topLevel(try Fixtures.quantity(type, value, unit))
        let v = try Self.value("v", in: entries)
        #expect(v.tag == .real)
        #expect(Fixtures.hex(v.content) == expectedHex)
        #expect(Self.text(try Self.value("u", in: entries)) == unit)
    }

    // MARK: - Dates

    @Test("fractional seconds with an offset become UTC GeneralizedTime with the fraction kept")
    func fractionalSeconds() throws {
        let sample = try Fixtures.quantity(.heartRate, "72", "count/min", start: "2026-11-21T08:00:00.250+01:00",
                                           end: "2026-11-21T08:00:01.5+01:00")
        let entries = try Self.topLevel(sample)
        let s = try Self.value("s", in: entries)
        #expect(s.tag == .generalizedTime)
        #expect(Self.text(s) == "20261121070000.25Z")
        #expect(Self.text(try Self.value("e", in: entries)) == "20261121070001.5Z")
    }

    @Test("an explicit zero fraction is not written (X.690 11.7.3)")
    func zeroFraction() throws {
        let sample = try Fixtures.quantity(.heartRate, "72", "count/min", start: "2026-11-21T09:00:00.000+01:00")
        #expect(Self.text(try Self.value("s", in: try Self.topLevel(sample))) == "20261121080000Z")
    }

    // MARK: - Correlations

    @Test("a correlation's `o` is an array in the correlation's object order", arguments: [false, true])
    func correlationObjectOrder(diastolicFirst: Bool) throws {
        var sample = try Fixtures.bloodPressure()
        if diastolicFirst {
            try sample.editCorrelation { $0.objects.reverse() }
        }
        let entries = try Self.topLevel(sample)
        #expect(Set(entries.map(\.key)) == ["fv", "t", "s", "e", "d", "m", "o"])
        #expect(Self.text(try Self.value("t", in: entries)) == "HKCorrelationTypeIdentifierBloodPressure")
        let o = try Self.value("o", in: entries)
        #expect(o.tag == .sequence)
        try #require(o.children.count == 2)
        let objects = try o.children.map(Self.entries)
        let types = try objects.map { Self.text(try Self.value("t", in: $0)) }
        let expected = ["HKQuantityTypeIdentifierBloodPressureSystolic", "HKQuantityTypeIdentifierBloodPressureDiastolic"]
        #expect(types == (diastolicFirst ? expected.reversed() : expected))
        for object in objects {
            // Objects carry t, v, u and no format version; their dates equal the correlation's,
            // so `s` and `e` are inherited, not repeated (docs/FORMAT.md).
            #expect(Set(object.map(\.key)) == ["t", "v", "u"])
        }
        let values = try objects.map { Fixtures.hex(try Self.value("v", in: $0).content) }
        let systolic = "03 31 32 2e 45 31", diastolic = "03 38 2e 45 31"  // 12.E1, 8.E1
        #expect(values == (diastolicFirst ? [diastolic, systolic] : [systolic, diastolic]))
    }

    @Test("a correlation object keeps `s`/`e` when they differ from the correlation's")
    func correlationObjectOwnDates() throws {
        let sample = Sample.correlation(Correlation(
            type: .food, startDate: try Fixtures.date("2026-11-21T12:00:00Z"), endDate: try Fixtures.date("2026-11-21T13:00:00Z"),
            objects: [
                try Fixtures.quantitySample(.dietaryProtein, "12.5", "g", start: "2026-11-21T12:15:00Z"),
                try Fixtures.quantitySample(.dietarySugar, "3", "g", start: "2026-11-21T12:00:00Z", end: "2026-11-21T12:30:00Z"),
                try Fixtures.quantitySample(.dietaryFiber, "2", "g", start: "2026-11-21T12:20:00Z", end: "2026-11-21T13:00:00Z"),
            ]))
        let o = try Self.value("o", in: try Self.topLevel(sample))
        let objects = try o.children.map(Self.entries)
        try #require(objects.count == 3)
        #expect(Set(objects[0].map(\.key)) == ["t", "v", "u", "s", "e"])
        #expect(Self.text(try Self.value("s", in: objects[0])) == "20261121121500Z")
        #expect(Self.text(try Self.value("e", in: objects[0])) == "20261121121500Z")
        // Same start as the correlation: only `e` is written.
        #expect(Set(objects[1].map(\.key)) == ["t", "v", "u", "e"])
        #expect(Self.text(try Self.value("e", in: objects[1])) == "20261121123000Z")
        // Same end as the correlation: only `s` is written.
        #expect(Set(objects[2].map(\.key)) == ["t", "v", "u", "s"])
        #expect(Self.text(try Self.value("s", in: objects[2])) == "20261121122000Z")
    }

    // MARK: - Device and metadata

    @Test("device fields use the short keys and only set fields appear")
    func deviceKeys() throws {
        let entries = try Self.topLevel(try Fixtures.bloodPressure())
        let d = try Self.entries(try Self.value("d", in: entries))
        let fields = Dictionary(uniqueKeysWithValues: d.map { ($0.key, Self.text($0.value)) })
        #expect(fields == [
            "nm": "Acme BP-200 Cuff", "mf": "Acme Medical Devices Inc.", "md": "BP-200", "hw": "2.1",
            "fw": "1.4.7", "sw": "3.0.12", "li": "AA:BB:CC:DD:EE:FF", "udi": "(01)00812345678901(21)SN12345",
        ])
        #expect(d.allSatisfy { $0.value.tag == .utf8String })

        let partial = try Self.topLevel(try Fixtures.heartRate(device: Device(manufacturer: "Acme", model: "HR-1")))
        #expect(try Self.entries(try Self.value("d", in: partial)).map(\.key).sorted() == ["md", "mf"])
    }

    @Test("no device and no signed metadata: no `d`, no `m`")
    func noDeviceNoMetadata() throws {
        let sample = try Fixtures.heartRate(device: Device(), metadata: [
            "HKMetadataKeySyncIdentifier": .string("app-1"), "HKDigitalSignature": .string("AAAA"), "HealthSigBatch": .string("b1"),
        ])
        #expect(Set(try Self.topLevel(sample).map(\.key)) == ["fv", "t", "v", "u", "s", "e"])
    }

    @Test("every device-supplied metadata key appears under `m`, in stored spelling, whatever spelling was given")
    func signedMetadataOnly() throws {
        var metadata = Metadata()
        metadata.append(key: "HKMetadataKeyDeviceSerialNumber", value: .string("SN12345"))
        metadata.append(key: "HKMetadataKeyTimeZone", value: .string("Europe/Berlin"))
        metadata.append(key: "HKUDIDeviceIdentifier", value: .string("00812345678901"))
        metadata.append(key: "HKMetadataKeyUDIProductionIdentifier", value: .string("(10)LOT42"))
        metadata.append(key: "HKExternalUUID", value: .string("6F1E0C1A-9B0D-4C55-8D3E-2A7B9C0D1E2F"))
        metadata.append(key: "HKDigitalSignature", value: .string("MIIB"))
        metadata.append(key: "HKMetadataKeyDigitalSignature", value: .string("MIIC"))
        metadata.append(key: "HKWasUserEntered", value: .bool(false))
        metadata.append(key: "HKMetadataKeyHeartRateMotionContext", value: .number(1))
        metadata.append(key: "HKDeviceName", value: .string("Phone"))
        metadata.append(key: "com.acme.note", value: .string("after coffee"))
        let entries = try Self.topLevel(try Fixtures.heartRate(metadata: metadata))
        let m = try Self.entries(try Self.value("m", in: entries))
        let values = Dictionary(uniqueKeysWithValues: m.map { ($0.key, Self.text($0.value)) })
        #expect(values == [
            "HKDeviceSerialNumber": "SN12345",
            "HKTimeZone": "Europe/Berlin",
            "HKUDIDeviceIdentifier": "00812345678901",
            "HKUDIProductionIdentifier": "(10)LOT42",
            "HKExternalUUID": "6F1E0C1A-9B0D-4C55-8D3E-2A7B9C0D1E2F",
            "HKWasUserEntered": "\0",
            "HKMetadataKeyHeartRateMotionContext": "\u{03}1.E+0",
            "HKDeviceName": "Phone",
            "com.acme.note": "after coffee",
        ])
        #expect(m.allSatisfy { [.utf8String, .boolean, .real].contains($0.value.tag) })
        // The signatures leak nowhere into the record, and every SDK name is signed as stored
        // (HealthKit stores the motion context under its full name).
        var withoutMotion = metadata
        withoutMotion.removeAll(forKey: "HKMetadataKeyHeartRateMotionContext")
        let bytes = try RecordBuilder.encodedRecord(for: try Fixtures.heartRate(metadata: withoutMotion))
        let text = String(decoding: bytes, as: UTF8.self)
        for absent in ["HKDigitalSignature", "DigitalSignature", "MIIB", "MIIC", "HKMetadataKey"] {
            #expect(!text.contains(absent), "\(absent) leaked into the record")
        }
    }

    @Test("signed metadata values keep their type: number → REAL, date → GeneralizedTime, bool → BOOLEAN")
    func metadataValueTypes() throws {
        let metadata: Metadata = [
            "HKDeviceSerialNumber": .number(try DecimalText.parse("12345")),
            "HKExternalUUID": .date(try Fixtures.date("2026-11-21T09:00:00.5+01:00")),
            "HKUDIProductionIdentifier": .bool(true),
            "HKTimeZone": .string("Europe/Berlin"),
        ]
        let m = try Self.entries(try Self.value("m", in: try Self.topLevel(try Fixtures.heartRate(metadata: metadata))))
        let serial = try Self.value("HKDeviceSerialNumber", in: m)
        #expect(serial.tag == .real)
        #expect(Self.text(serial) == "\u{03}12345.E+0")
        let external = try Self.value("HKExternalUUID", in: m)
        #expect(external.tag == .generalizedTime)
        #expect(Self.text(external) == "20261121080000.5Z")
        let production = try Self.value("HKUDIProductionIdentifier", in: m)
        #expect(production.tag == .boolean)
        #expect(Array(production.content) == [0xFF])
        #expect(try Self.value("HKTimeZone", in: m).tag == .utf8String)
    }

    // MARK: - Categories

    @Test("a category's `v` is an INTEGER and it has no unit")
    func categoryValue() throws {
        let entries = try Self.topLevel(try Fixtures.sleep(value: 4))
        #expect(Set(entries.map(\.key)) == ["fv", "t", "v", "s", "e"])
        let v = try Self.value("v", in: entries)
        #expect(v.tag == .integer)
        #expect(Array(v.content) == [0x04])
        #expect(Self.text(try Self.value("s", in: entries)) == "20261120223000Z")
        #expect(Self.text(try Self.value("e", in: entries)) == "20261121064500Z")
    }
}
