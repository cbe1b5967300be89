import CMS
import CryptoBackend
import DER
import Foundation
import HealthSigKit
import SampleIO
import SampleSigning

/// The `samples.json` cases: every verdict at least five times, with the expected verdict and
/// mismatching fields written from docs/VERIFY.md.
enum SampleVectorCases {
    typealias R = SampleVectorReadings

    static func json(_ comment: String, _ flags: [String], _ verdict: String, _ fields: [String] = [],
                     _ make: @escaping () throws -> JSONValue) -> VectorCase {
        VectorCase(comment, flags: flags) {
            [("stored", try make()), ("storedForm", .text("json")), ("verdict", .text(verdict)),
             ("fields", .texts(fields.sorted()))]
        }
    }

    static func xml(_ comment: String, _ flags: [String], _ verdict: String, _ fields: [String] = [],
                    _ make: @escaping () throws -> String) -> VectorCase {
        VectorCase(comment, flags: ["ExportXML"] + flags) {
            [("storedXML", .text(try make())), ("storedForm", .text("healthExport")), ("verdict", .text(verdict)),
             ("fields", .texts(fields.sorted()))]
        }
    }

    static func number(_ literal: String) -> JSONValue { .decimal(literal) ?? .text(literal) }

    static func all(_ m: SampleVectorMaker) -> [VectorCase] {
        valid(m) + unsigned(m) + malformed(m) + badSignature(m) + untrusted(m) + mismatch(m) + precisionAndAdditions(m)
            + keysPerKind(m) + signedInvalid(m) + workouts(m) + clinicalContext(m)
    }

    // MARK: - group trusted-dated-certificate: certificate time (docs/VERIFY.md)

    /// Cases of the group whose signer's certificate is valid from 2026-11-20T00:00:00Z to
    /// 2026-11-22T00:00:00Z only.
    static func certificateTime(_ m: SampleVectorMaker) -> [VectorCase] {
        func dated() throws -> P256PrivateKey { try m.keys.dated.get().0 }
        /// The heart rate reading with its dates replaced.
        func heartRate(start: String, end: String) -> String {
            R.heartRate.replacingOccurrences(of: #""startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z""#,
                                             with: #""startDate":"\#(start)","endDate":"\#(end)""#)
        }
        func signed(_ reading: String) throws -> JSONValue {
            try m.stored(reading, signature: try m.signature(reading, key: try dated()))
        }
        return [
            json("heart rate ending 2026-11-21T08:00:00Z, inside the certificate's validity", ["CertificateTime"], "valid") {
                try signed(R.heartRate)
            },
            json("heart rate ending 2026-11-22T00:00:01Z, after the certificate expired", ["CertificateTime"], "untrusted-signer") {
                try signed(heartRate(start: "2026-11-22T00:00:01Z", end: "2026-11-22T00:00:01Z"))
            },
            json("heart rate ending 2026-11-19T23:59:59Z, before the certificate's validity", ["CertificateTime"], "untrusted-signer") {
                try signed(heartRate(start: "2026-11-19T23:59:59Z", end: "2026-11-19T23:59:59Z"))
            },
            json("heart rate from 2026-11-21T23:30:00Z to 2026-11-22T00:30:00Z: it ends after the certificate expired",
                 ["CertificateTime"], "untrusted-signer") {
                try signed(heartRate(start: "2026-11-21T23:30:00Z", end: "2026-11-22T00:30:00Z"))
            },
            json("heart rate from 2026-11-19T23:30:00Z to 2026-11-20T00:30:00Z: it ends inside the validity", ["CertificateTime"],
                 "valid") {
                try signed(heartRate(start: "2026-11-19T23:30:00Z", end: "2026-11-20T00:30:00Z"))
            },
            xml("heart rate in export.xml ending inside the certificate's validity", ["CertificateTime"], "valid") {
                R.heartRateXML(signature: try m.signature(R.heartRate, key: try dated()))
            },
            json("heart rate signed inside the validity, its stored end date moved after it: the signed end date decides",
                 ["CertificateTime", "DateAltered"], "content-mismatch", ["endDate"]) {
                // The certificate is checked at the signed end date (inside); the stored one differs.
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate, key: try dated()),
                             [("endDate", .text("2026-11-22T08:00:00Z"))])
            },
        ]
    }

    // MARK: - added later: signed samples altered into invalid ones (docs/VERIFY.md)

    static func signedInvalid(_ m: SampleVectorMaker) -> [VectorCase] {
        [
            json("respiratory rate with its start moved past its end: not a valid sample, the start differs", ["InvalidStoredSample"],
                 "content-mismatch", ["startDate"]) {
                try m.stored(R.respiratoryRate, signature: try m.signature(R.respiratoryRate),
                             [("startDate", .text("2026-11-21T03:02:00Z"))])
            },
            json("respiratory rate with its end moved before its start", ["InvalidStoredSample"], "content-mismatch", ["endDate"]) {
                try m.stored(R.respiratoryRate, signature: try m.signature(R.respiratoryRate),
                             [("endDate", .text("2026-11-21T02:59:00Z"))])
            },
            json("heart rate stored in mmHg, a unit heart rate cannot have", ["InvalidStoredSample"], "content-mismatch", ["unit"]) {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate), [("unit", .text("mmHg"))])
            },
            json("blood pressure with the diastolic object in kg", ["InvalidStoredSample", "ObjectsAltered"], "content-mismatch",
                 ["objects[1].unit"]) {
                try m.stored(R.bloodPressure, signature: try m.signature(R.bloodPressure), [("objects[1].unit", .text("kg"))])
            },
            json("heart rate stored in mmHg and with its start moved past its end", ["InvalidStoredSample"], "content-mismatch",
                 ["startDate", "unit"]) {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate),
                             [("unit", .text("mmHg")), ("startDate", .text("2026-11-21T08:00:01Z"))])
            },
            json("heart rate with its start moved past its end and its device model changed", ["InvalidStoredSample", "DeviceAltered"],
                 "content-mismatch", ["device.model", "startDate"]) {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate),
                             [("startDate", .text("2026-11-21T08:00:01Z")), ("device.model", .text("HR-11"))])
            },
            // The file's members are sorted by key, so HKTimeZone is the later spelling.
            json("blood pressure with its time zone also under HKMetadataKeyTimeZone", ["InvalidStoredSample", "MetadataTwice"],
                 "content-mismatch", ["metadata.HKTimeZone"]) {
                try m.stored(R.bloodPressure, signature: try m.signature(R.bloodPressure),
                             [("metadata.HKMetadataKeyTimeZone", .text("Europe/Paris"))])
            },
            xml("heart rate in export.xml with its start moved past its end", ["InvalidStoredSample", "DateAltered"], "content-mismatch",
                ["startDate"]) {
                R.heartRateXML(signature: try m.signature(R.heartRate), start: "2026-11-21 09:00:01 +0100")
            },
        ]
    }

    // MARK: - added later: keys per kind, metadata value types, the empty device (docs/FORMAT.md)

    static func keysPerKind(_ m: SampleVectorMaker) -> [VectorCase] {
        /// `reading` stored as it is, signed over its record changed by `change`.
        func signedChanged(_ reading: String, _ change: (inout RecordDictionary) -> Void) throws -> JSONValue {
            var dictionary = try m.recordDictionary(reading)
            change(&dictionary)
            return try m.stored(reading, signature: try m.cms(RecordBuilder.encode(dictionary)))
        }
        func timeZone(_ value: RecordValue) -> (inout RecordDictionary) -> Void {
            { record in
                guard case .dictionary(var metadata)? = record[RecordKeys.metadata] else { return }
                metadata["HKTimeZone"] = value
                record[RecordKeys.metadata] = .dictionary(metadata)
            }
        }
        return [
            json("sleep analysis record carrying a unit u, which a category record does not have", ["KeyNotForKind"], "malformed") {
                try signedChanged(R.sleep) { $0[RecordKeys.unit] = .string("count") }
            },
            json("heart rate record carrying correlation objects o, which a quantity record does not have", ["KeyNotForKind"],
                 "malformed") {
                try signedChanged(R.heartRate) { $0[RecordKeys.objects] = .array([]) }
            },
            json("blood pressure record carrying a value v, which a correlation record does not have", ["KeyNotForKind"], "malformed") {
                try signedChanged(R.bloodPressure) { $0[RecordKeys.value] = .real(DERReal.zero) }
            },
            json("blood pressure object carrying a format version fv of its own", ["KeyNotForKind"], "malformed") {
                try signedChanged(R.bloodPressure) {
                    guard case .array(var objects)? = $0[RecordKeys.objects], case .dictionary(var first) = objects[0] else { return }
                    first[RecordKeys.formatVersion] = .integer(DERInteger(1))
                    objects[0] = .dictionary(first)
                    $0[RecordKeys.objects] = .array(objects)
                }
            },
            json("blood pressure record with HKTimeZone signed as an INTEGER", ["MetadataValueType"], "malformed") {
                try signedChanged(R.bloodPressure, timeZone(.integer(DERInteger(1))))
            },
            json("blood pressure record with HKTimeZone signed as an OCTET STRING", ["MetadataValueType"], "malformed") {
                try signedChanged(R.bloodPressure, timeZone(.data(Array("Europe/Paris".utf8))))
            },
            json("respiratory rate signed with an empty device dictionary d, stored without device", ["EmptyDevice"], "valid") {
                try signedChanged(R.respiratoryRate) { $0[RecordKeys.device] = .dictionary(RecordDictionary()) }
            },
            json("respiratory rate signed with an empty device dictionary d, stored with device {}", ["EmptyDevice"], "valid") {
                let stored = try signedChanged(R.respiratoryRate) { $0[RecordKeys.device] = .dictionary(RecordDictionary()) }
                return VectorSampleJSON.setting(stored, "device", .object(JSONObject()))
            },
            json("respiratory rate signed without device, stored with device {}", ["EmptyDevice"], "valid") {
                try m.stored(R.respiratoryRate, signature: try m.signature(R.respiratoryRate), [("device", .object(JSONObject()))])
            },
        ]
    }

    // MARK: - added later: stored precision and additions (docs/VERIFY.md)

    static func precisionAndAdditions(_ m: SampleVectorMaker) -> [VectorCase] {
        [
            xml("body temperature in export.xml as 98 degF: a whole number forgives 0.5 degF", ["UnitConversion", "UnitTolerance"], "valid") {
                R.temperatureXML(signature: try m.signature(R.temperature), value: "98")
            },
            xml("body temperature in export.xml as 98.0 degF: one decimal place forgives only 0.05 degF", ["UnitConversion", "UnitTolerance"],
                "content-mismatch", ["value"]) {
                R.temperatureXML(signature: try m.signature(R.temperature), value: "98.0")
            },
            json("body temperature stored as 98.0 degF, signed 36.6 degC", ["UnitConversion", "UnitTolerance"], "content-mismatch", ["value"]) {
                try m.stored(R.temperature, signature: try m.signature(R.temperature), [("value", number("98.0")), ("unit", .text("degF"))])
            },
            json("respiratory rate signed without device, stored with one", ["DeviceAltered", "StoredExtraField"], "content-mismatch", ["device"]) {
                try m.stored(R.respiratoryRate, signature: try m.signature(R.respiratoryRate),
                             [("device", try VectorSampleJSON.parse(#"{"name":"iPhone","manufacturer":"Apple Inc."}"#))])
            },
            xml("respiratory rate signed without device, export.xml shows the phone's device", ["PhoneDevice"], "valid") {
                R.respiratoryRateXML(signature: try m.signature(R.respiratoryRate))
            },
            xml("blood glucose in export.xml in mg, a mass: not a valid sample, and not what was signed", ["InvalidStoredSample"],
                "content-mismatch", ["unit"]) {
                R.glucoseXML(signature: try m.signature(R.glucose), value: "99", unit: "mg")
            },
            xml("heart rate in export.xml with its serial number also under HKMetadataKeyDeviceSerialNumber", ["MetadataTwice"],
                "content-mismatch", ["metadata.HKMetadataKeyDeviceSerialNumber"]) {
                R.heartRateXML(signature: try m.signature(R.heartRate)).replacingOccurrences(
                    of: "  <MetadataEntry key=\"HKDeviceSerialNumber\" value=\"HR10-000417\"/>",
                    with: "  <MetadataEntry key=\"HKDeviceSerialNumber\" value=\"HR10-000417\"/>\n  <MetadataEntry key=\"HKMetadataKeyDeviceSerialNumber\" value=\"HR10-000417\"/>")
            },
            xml("heart rate in export.xml with its HKDeviceSerialNumber entry repeated unchanged", ["MetadataTwice"], "valid") {
                R.heartRateXML(signature: try m.signature(R.heartRate)).replacingOccurrences(
                    of: "  <MetadataEntry key=\"HKDeviceSerialNumber\" value=\"HR10-000417\"/>",
                    with: "  <MetadataEntry key=\"HKDeviceSerialNumber\" value=\"HR10-000417\"/>\n  <MetadataEntry key=\"HKDeviceSerialNumber\" value=\"HR10-000417\"/>")
            },
            xml("heart rate in export.xml with a second HKDeviceSerialNumber entry", ["MetadataTwice"],
                "content-mismatch", ["metadata.HKDeviceSerialNumber"]) {
                R.heartRateXML(signature: try m.signature(R.heartRate)).replacingOccurrences(
                    of: "  <MetadataEntry key=\"HKDeviceSerialNumber\" value=\"HR10-000417\"/>",
                    with: "  <MetadataEntry key=\"HKDeviceSerialNumber\" value=\"HR10-000417\"/>\n  <MetadataEntry key=\"HKDeviceSerialNumber\" value=\"HR10-999999\"/>")
            },
            json("heart rate 72 count/min stored as 0 count/ms: the coarse unit forgives at most 0.72 count/min",
                 ["UnitConversion", "UnitToleranceCap"], "content-mismatch", ["value"]) {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate), [("value", number("0")), ("unit", .text("count/ms"))])
            },
            json("heart rate 72 count/min stored as 0.001 count/ms (60 count/min)", ["UnitConversion", "UnitToleranceCap"],
                 "content-mismatch", ["value"]) {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate), [("value", number("0.001")), ("unit", .text("count/ms"))])
            },
            json("heart rate 72 count/min stored as 0.0012 count/ms: the same rate", ["UnitConversion"], "valid") {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate), [("value", number("0.0012")), ("unit", .text("count/ms"))])
            },
            xml("blood glucose 5.5 mmol/L in export.xml as 0 g/dL: the coarse unit forgives at most 0.055 mmol/L",
                ["UnitConversion", "UnitToleranceCap"], "content-mismatch", ["value"]) {
                R.glucoseXML(signature: try m.signature(R.glucose), value: "0", unit: "g/dL")
            },
            xml("blood glucose 5.5 mmol/L in export.xml as 0.1 g/dL (5.5506 mmol/L): within 1% of the reading",
                ["UnitConversion", "UnitToleranceCap"], "valid") {
                R.glucoseXML(signature: try m.signature(R.glucose), value: "0.1", unit: "g/dL")
            },
        ]
    }

    // MARK: - valid

    static func valid(_ m: SampleVectorMaker) -> [VectorCase] {
        [
            json("heart rate stored as signed", ["AsSigned"], "valid") {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate))
            },
            json("blood pressure correlation stored as signed", ["AsSigned"], "valid") {
                try m.stored(R.bloodPressure, signature: try m.signature(R.bloodPressure))
            },
            json("food correlation with two objects of one type stored as signed", ["AsSigned"], "valid") {
                try m.stored(R.food, signature: try m.signature(R.food))
            },
            json("sleep analysis stored as signed", ["AsSigned"], "valid") {
                try m.stored(R.sleep, signature: try m.signature(R.sleep))
            },
            json("body temperature stored as 36.60 degC, signed 36.6", ["ExactDecimal"], "valid") {
                try m.stored(R.temperature, signature: try m.signature(R.temperature), [("value", number("36.60"))])
            },
            json("heart rate dates stored at +01:00", ["OffsetDate"], "valid") {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate),
                             [("startDate", .text("2026-11-21T09:00:00+01:00")), ("endDate", .text("2026-11-21T09:00:00+01:00"))])
            },
            json("heart rate stored as 1.2 count/s, signed 72 count/min", ["UnitConversion"], "valid") {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate), [("value", number("1.2")), ("unit", .text("count/s"))])
            },
            json("blood glucose stored as 99.09 mg/dL, signed 5.5 mmol/L", ["UnitConversion", "UnitTolerance"], "valid") {
                try m.stored(R.glucose, signature: try m.signature(R.glucose), [("value", number("99.09")), ("unit", .text("mg/dL"))])
            },
            json("unsigned metadata added by the app", ["UnsignedMetadata"], "valid") {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate),
                             [("metadata.HKWasUserEntered", .bool(false)), ("metadata.HKMetadataKeyHeartRateMotionContext", number("1"))])
            },
            json("blood pressure objects stored diastolic first", ["ObjectOrder"], "valid") {
                let stored = try m.stored(R.bloodPressure, signature: try m.signature(R.bloodPressure))
                let objects = stored.objectValue?["objects"]?.arrayValue ?? []
                return VectorSampleJSON.setting(stored, "objects", .array(objects.reversed()))
            },
            json("signature under HKMetadataKeyDigitalSignature", ["SignatureKeyAlias"], "valid") {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate), key: "HKMetadataKeyDigitalSignature")
            },
            json("signature base64 wrapped at 64 columns", ["WrappedBase64"], "valid") {
                let text = try m.signature(R.heartRate)
                var lines: [String] = []
                var rest = Substring(text)
                while !rest.isEmpty {
                    lines.append(String(rest.prefix(64)))
                    rest = rest.dropFirst(64)
                }
                return try m.stored(R.heartRate, signature: lines.joined(separator: "\n"))
            },
            json("signature with signed attributes", ["SignedAttributes"], "valid") {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate, builder: SignedDataBuilder(includesSignedAttributes: true),
                                                                     label: "attributes"))
            },
            xml("heart rate in export.xml", [], "valid") { R.heartRateXML(signature: try m.signature(R.heartRate)) },
            xml("body temperature in export.xml as 97.88 degF, signed 36.6 degC at .25 s", ["UnitConversion", "FractionalSeconds"], "valid") {
                R.temperatureXML(signature: try m.signature(R.temperature), value: "97.88")
            },
            xml("body temperature in export.xml as 97.9 degF: within 0.05 degF", ["UnitConversion", "UnitTolerance"], "valid") {
                R.temperatureXML(signature: try m.signature(R.temperature), value: "97.9")
            },
            xml("blood glucose in export.xml as 99.09 mg/dL", ["UnitConversion"], "valid") {
                R.glucoseXML(signature: try m.signature(R.glucose), value: "99.09", unit: "mg/dL")
            },
            xml("blood glucose in export.xml with unit mmol<180.1558800000541>/L", ["UnitSpelling"], "valid") {
                R.glucoseXML(signature: try m.signature(R.glucose), value: "5.5", unit: "mmol<180.1558800000541>/L")
            },
            xml("blood pressure correlation in export.xml, device string without firmware, local id and UDI", ["DeviceNotStored"], "valid") {
                R.bloodPressureXML(signature: try m.signature(R.bloodPressure))
            },
            xml("sleep analysis in export.xml with its category label", ["CategoryLabel"], "valid") {
                R.sleepXML(signature: try m.signature(R.sleep))
            },
        ]
    }

    // MARK: - unsigned

    static func unsigned(_ m: SampleVectorMaker) -> [VectorCase] {
        [
            json("heart rate without signature", ["NoSignature"], "unsigned") { try m.stored(R.heartRate, signature: nil) },
            json("heart rate without any metadata", ["NoSignature"], "unsigned") {
                try m.stored(R.heartRate, signature: nil, [("metadata", nil)])
            },
            json("blood pressure without signature", ["NoSignature"], "unsigned") { try m.stored(R.bloodPressure, signature: nil) },
            json("blood pressure with the signature on the systolic object", ["SignatureOnMember"], "unsigned") {
                try m.stored(R.bloodPressure, signature: nil,
                             [("objects[0].metadata.HKDigitalSignature", .text(try m.signature(R.bloodPressure)))])
            },
            json("signature under a misspelt key HKDigitalsignature", ["NoSignature"], "unsigned") {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate), key: "HKDigitalsignature")
            },
            xml("heart rate in export.xml without signature", ["NoSignature"], "unsigned") { R.heartRateXML(signature: nil) },
        ]
    }

    // MARK: - malformed

    static func malformed(_ m: SampleVectorMaker) -> [VectorCase] {
        func record(_ change: (inout RecordDictionary) -> Void) throws -> [UInt8] {
            var dictionary = try m.recordDictionary(R.heartRate)
            change(&dictionary)
            return RecordBuilder.encode(dictionary)
        }
        return [
            json("signature text is not base64", ["NotBase64"], "malformed") {
                try m.stored(R.heartRate, signature: "not base64 at all!")
            },
            json("empty signature text", ["NotBase64"], "malformed") { try m.stored(R.heartRate, signature: "") },
            json("base64 of bytes that are not DER", ["NotCMS"], "malformed") {
                try m.stored(R.heartRate, signature: Data("hello, world".utf8).base64EncodedString())
            },
            json("signature with its last 8 base64 characters cut", ["NotCMS"], "malformed") {
                try m.stored(R.heartRate, signature: String(try m.signature(R.heartRate).dropLast(8)))
            },
            json("SignedData with digest algorithm SHA-384", ["UnsupportedAlgorithm"], "malformed") {
                try m.stored(R.heartRate, signature: try m.cms(try m.record(R.heartRate)) {
                    $0.digestAlgorithm = CMSVectorBuilder.algorithm("2.16.840.1.101.3.4.2.2")
                    $0.digestAlgorithms = [$0.digestAlgorithm]
                })
            },
            json("valid signature over content that is not a record", ["NotARecord"], "malformed") {
                try m.stored(R.heartRate, signature: try m.cms(Array("72 count/min at 08:00".utf8)))
            },
            json("record with format version 2", ["NotARecord"], "malformed") {
                try m.stored(R.heartRate, signature: try m.cms(try record { $0[RecordKeys.formatVersion] = .integer(DERInteger(2)) }))
            },
            json("record without its type key t", ["NotARecord"], "malformed") {
                try m.stored(R.heartRate, signature: try m.cms(try record { $0[RecordKeys.type] = nil }))
            },
            json("record with key t twice", ["NotARecord"], "malformed") {
                let extra = RecordDictionary.Entry(key: RecordKeys.type, value: .string("HKQuantityTypeIdentifierRespiratoryRate"))
                var writer = DERWriter()
                try writer.appendSetOf { set in
                    for entry in try m.recordDictionary(R.heartRate).entries + [extra] {
                        set.appendConstructed(.sequence) { w in
                            w.append(DERUTF8String(entry.key))
                            w.appendEncoded(Self.encodedValue(entry.value))
                        }
                    }
                }
                return try m.stored(R.heartRate, signature: try m.cms(writer.bytes))
            },
            json("record dictionary not in DER order", ["NotARecord"], "malformed") {
                let sorted = try m.record(R.heartRate)
                let node = try DER.parse(sorted)
                var writer = DERWriter()
                writer.appendConstructed(.set) { w in
                    for child in node.children.reversed() { w.appendEncoded(child.encodedBytes) }
                }
                return try m.stored(R.heartRate, signature: try m.cms(writer.bytes))
            },
            json("record value is the REAL special value minus zero (0x43), not a decimal", ["NotARecord"], "malformed") {
                let minusZero = try DERReal(derNode: try DER.parse([0x09, 0x01, 0x43]), withTag: .real)
                return try m.stored(R.heartRate, signature: try m.cms(try record { $0[RecordKeys.value] = .real(minusZero) }))
            },
            json("record metadata HKDeviceSerialNumber is the REAL special value PLUS-INFINITY (0x40)", ["NotARecord", "RealSpecialValue"],
                 "malformed") {
                try m.stored(R.heartRate, signature: try m.cms(try record {
                    var metadata = RecordDictionary()
                    metadata["HKDeviceSerialNumber"] = .real(Self.specialReal(0x40))
                    $0[RecordKeys.metadata] = .dictionary(metadata)
                }))
            },
            json("record key unknown to the format holding NOT-A-NUMBER (0x42)", ["NotARecord", "RealSpecialValue"], "malformed") {
                try m.stored(R.heartRate, signature: try m.cms(try record { $0["x"] = .real(Self.specialReal(0x42)) }))
            },
            json("record key unknown to the format holding an array with minus zero (0x43)", ["NotARecord", "RealSpecialValue"],
                 "malformed") {
                try m.stored(R.heartRate, signature: try m.cms(try record {
                    $0["x"] = .array([.real(DERReal.zero), .real(Self.specialReal(0x43))])
                }))
            },
            json("record metadata key unknown to the format holding MINUS-INFINITY (0x41)", ["NotARecord", "RealSpecialValue"],
                 "malformed") {
                try m.stored(R.heartRate, signature: try m.cms(try record {
                    guard case .dictionary(var metadata)? = $0[RecordKeys.metadata] else { return }
                    metadata["HKTemperatureOffset"] = .real(Self.specialReal(0x41))
                    $0[RecordKeys.metadata] = .dictionary(metadata)
                }))
            },
            json("eContentType id-ct-TSTInfo with signed attributes over the record", ["NotARecord"], "malformed") {
                let content = try m.record(R.heartRate)
                return try m.stored(R.heartRate, signature: try m.cms(content) {
                    $0.eContentType = "1.2.840.113549.1.9.16.1.4"
                    $0.signedAttributes = CMSVectorBuilder.requiredAttributes(content, type: "1.2.840.113549.1.9.16.1.4")
                })
            },
            xml("export.xml signature value %%%", ["NotBase64"], "malformed") { R.heartRateXML(signature: "%%%") },
        ]
    }

    /// The REAL special value whose single content octet is `octet` (X.690 8.5.9).
    static func specialReal(_ octet: UInt8) -> DERReal {
        (try? DERReal(derNode: try DER.parse([0x09, 0x01, octet]), withTag: .real)) ?? .zero
    }

    /// One record value in DER.
    static func encodedValue(_ value: RecordValue) -> [UInt8] {
        var dictionary = RecordDictionary()
        dictionary["x"] = value
        let node = try? DER.parse(RecordBuilder.encode(dictionary))
        return node.map { Array($0.children[0].children[1].encodedBytes) } ?? []
    }

    // MARK: - bad-signature

    static func badSignature(_ m: SampleVectorMaker) -> [VectorCase] {
        [
            json("heart rate, lowest bit of r flipped", ["BadSignature"], "bad-signature") {
                try m.stored(R.heartRate, signature: try m.cms(try m.record(R.heartRate)) {
                    $0.transformSignature = ECDSASignatureTweaks.flipLowBit(ofS: false)
                })
            },
            json("blood pressure, lowest bit of s flipped", ["BadSignature"], "bad-signature") {
                try m.stored(R.bloodPressure, signature: try m.cms(try m.record(R.bloodPressure)) {
                    $0.transformSignature = ECDSASignatureTweaks.flipLowBit(ofS: true)
                })
            },
            json("heart rate, a bit of the signed record flipped inside the SignedData", ["BadSignature"], "bad-signature") {
                let content = try m.record(R.heartRate)
                return try m.stored(R.heartRate, signature: try m.cms(content) {
                    $0.transformOutput = { CMSVectors.flipBit(in: $0, at: Array(content.suffix(12))) }
                })
            },
            json("heart rate, eContent replaced by the record of another reading", ["BadSignature"], "bad-signature") {
                let original = try m.record(R.heartRate)
                let other = try m.record(R.heartRateEvening)
                return try m.stored(R.heartRateEvening, signature: try m.cms(other) {
                    $0.makeSignature = { key, _ in try key.signature(forDigest: Digest.sha256(original)) }
                })
            },
            json("heart rate signed by another key under the trusted key's identifier", ["BadSignature"], "bad-signature") {
                try m.stored(R.heartRate, signature: try m.cms(try m.record(R.heartRate)) {
                    $0.signer = try m.keys.untrusted.get().0
                    $0.sid = .subjectKeyIdentifier(try m.signerA.publicKey.keyIdentifier)
                })
            },
            json("heart rate, message-digest attribute of another record", ["BadSignature", "SignedAttributes"], "bad-signature") {
                try m.stored(R.heartRate, signature: try m.cms(try m.record(R.heartRate)) {
                    $0.signedAttributes = [CMSVectorBuilder.contentTypeAttribute(),
                                           CMSVectorBuilder.messageDigestAttribute(try m.record(R.heartRateEvening))]
                })
            },
            xml("heart rate in export.xml, lowest bit of r flipped", ["BadSignature"], "bad-signature") {
                R.heartRateXML(signature: try m.cms(try m.record(R.heartRate)) {
                    $0.transformSignature = ECDSASignatureTweaks.flipLowBit(ofS: false)
                })
            },
        ]
    }

    // MARK: - untrusted-signer

    static func untrusted(_ m: SampleVectorMaker) -> [VectorCase] {
        func other() throws -> P256PrivateKey { try m.keys.untrusted.get().0 }
        return [
            json("heart rate signed by an untrusted key", ["UntrustedSigner"], "untrusted-signer") {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate, key: try other()))
            },
            json("blood pressure signed by an untrusted key", ["UntrustedSigner"], "untrusted-signer") {
                try m.stored(R.bloodPressure, signature: try m.signature(R.bloodPressure, key: try other()))
            },
            json("heart rate signed by an untrusted key with its certificate embedded", ["UntrustedSigner"], "untrusted-signer") {
                try m.stored(R.heartRate, signature: try m.cms(try m.record(R.heartRate)) {
                    $0.signer = try other()
                    $0.sid = .subjectKeyIdentifier(try other().publicKey.keyIdentifier)
                    $0.certificates = [try m.keys.untrusted.get().1.derEncoded]
                })
            },
            json("heart rate signed by signer B, sid issuer and serial number", ["UntrustedSigner"], "untrusted-signer") {
                let (key, certificate) = try m.keys.signerB.get()
                return try m.stored(R.heartRate, signature: try m.cms(try m.record(R.heartRate)) {
                    $0.signer = key
                    $0.sid = .issuerAndSerialNumber(try IssuerAndSerialNumber(certificate: certificate))
                })
            },
            json("body temperature signed by signer B, sid key identifier", ["UntrustedSigner"], "untrusted-signer") {
                try m.stored(R.temperature, signature: try m.signature(R.temperature, key: try m.keys.signerB.get().0))
            },
            xml("heart rate in export.xml signed by an untrusted key", ["UntrustedSigner"], "untrusted-signer") {
                R.heartRateXML(signature: try m.signature(R.heartRate, key: try other()))
            },
        ]
    }

    // MARK: - content-mismatch

    static func mismatch(_ m: SampleVectorMaker) -> [VectorCase] {
        func hr(_ edits: [(String, JSONValue?)]) throws -> JSONValue {
            try m.stored(R.heartRate, signature: try m.signature(R.heartRate), edits)
        }
        func bp(_ edits: [(String, JSONValue?)]) throws -> JSONValue {
            try m.stored(R.bloodPressure, signature: try m.signature(R.bloodPressure), edits)
        }
        return [
            json("heart rate value 72 stored as 75", ["ValueAltered"], "content-mismatch", ["value"]) {
                try hr([("value", number("75"))])
            },
            json("heart rate unit count/s with the value unchanged", ["ValueAltered"], "content-mismatch", ["value"]) {
                try hr([("unit", .text("count/s"))])
            },
            json("the morning heart rate's signature on the evening reading", ["SwappedSignature"], "content-mismatch",
                 ["endDate", "startDate", "value"]) {
                try m.stored(R.heartRateEvening, signature: try m.signature(R.heartRate))
            },
            json("a 130/85 blood pressure's signature on the 120/80 reading", ["SwappedSignature"], "content-mismatch",
                 ["objects[0].value", "objects[1].value"]) {
                try m.stored(R.bloodPressure, signature: try m.signature(R.bloodPressure(130, 85)))
            },
            json("a heart rate's signature on a body temperature with the same dates and device", ["SwappedSignature", "TypeAltered"],
                 "content-mismatch", ["type", "unit"]) {
                try m.stored(R.temperature, signature: try m.signature(R.heartRateLikeTemperature))
            },
            json("heart rate type stored as respiratory rate", ["TypeAltered"], "content-mismatch", ["type"]) {
                try hr([("type", .text("HKQuantityTypeIdentifierRespiratoryRate"))])
            },
            json("heart rate start date one second earlier", ["DateAltered"], "content-mismatch", ["startDate"]) {
                try hr([("startDate", .text("2026-11-21T07:59:59Z"))])
            },
            json("body temperature stored without its fractional seconds", ["DateAltered", "FractionalSeconds"], "content-mismatch",
                 ["endDate", "startDate"]) {
                try m.stored(R.temperature, signature: try m.signature(R.temperature),
                             [("startDate", .text("2026-11-21T07:30:00Z")), ("endDate", .text("2026-11-21T07:30:00Z"))])
            },
            json("body temperature 36.6 stored as 36.7 degC", ["ValueAltered"], "content-mismatch", ["value"]) {
                try m.stored(R.temperature, signature: try m.signature(R.temperature), [("value", number("36.7"))])
            },
            json("blood glucose stored as 99.08 mg/dL: outside 0.005 mg/dL", ["UnitConversion", "UnitTolerance"], "content-mismatch", ["value"]) {
                try m.stored(R.glucose, signature: try m.signature(R.glucose), [("value", number("99.08")), ("unit", .text("mg/dL"))])
            },
            json("heart rate device model changed", ["DeviceAltered"], "content-mismatch", ["device.model"]) {
                try hr([("device.model", .text("HR-11"))])
            },
            json("heart rate device firmware removed", ["DeviceAltered"], "content-mismatch", ["device.firmwareVersion"]) {
                try hr([("device.firmwareVersion", nil)])
            },
            json("heart rate stored without device", ["DeviceAltered"], "content-mismatch", ["device"]) {
                try hr([("device", nil)])
            },
            json("heart rate device with a hardware version the record lacks", ["DeviceAltered", "StoredExtraField"], "content-mismatch",
                 ["device.hardwareVersion"]) {
                try hr([("device.hardwareVersion", .text("1.0"))])
            },
            json("heart rate serial number changed", ["MetadataAltered"], "content-mismatch", ["metadata.HKDeviceSerialNumber"]) {
                try hr([("metadata.HKDeviceSerialNumber", .text("HR10-000418"))])
            },
            json("heart rate serial number removed", ["MetadataAltered"], "content-mismatch", ["metadata.HKDeviceSerialNumber"]) {
                try hr([("metadata.HKDeviceSerialNumber", nil)])
            },
            json("body temperature with a serial number the record lacks", ["MetadataAltered", "StoredExtraField"], "content-mismatch",
                 ["metadata.HKDeviceSerialNumber"]) {
                try m.stored(R.temperature, signature: try m.signature(R.temperature), [("metadata.HKDeviceSerialNumber", .text("T3-0001"))])
            },
            json("blood pressure time zone changed", ["MetadataAltered"], "content-mismatch", ["metadata.HKTimeZone"]) {
                try bp([("metadata.HKTimeZone", .text("Europe/London"))])
            },
            json("food: the energy object removed", ["ObjectsAltered"], "content-mismatch", ["objects"]) {
                try m.stored(R.food, signature: try m.signature(R.food), [("objects[0]", nil)])
            },
            json("blood pressure systolic and diastolic values swapped", ["ObjectsAltered"], "content-mismatch",
                 ["objects[0].value", "objects[1].value"]) {
                try bp([("objects[0].value", number("80")), ("objects[1].value", number("120"))])
            },
            json("food: the second carbohydrate object altered", ["ObjectsAltered"], "content-mismatch", ["objects[2].value"]) {
                try m.stored(R.food, signature: try m.signature(R.food), [("objects[2].value", number("21"))])
            },
            json("sleep analysis value 3 stored as 4", ["ValueAltered"], "content-mismatch", ["value"]) {
                try m.stored(R.sleep, signature: try m.signature(R.sleep), [("value", number("4"))])
            },
            xml("heart rate in export.xml with value 75", ["ValueAltered"], "content-mismatch", ["value"]) {
                R.heartRateXML(signature: try m.signature(R.heartRate), value: "75")
            },
            xml("heart rate in export.xml starting one second earlier", ["DateAltered"], "content-mismatch", ["startDate"]) {
                R.heartRateXML(signature: try m.signature(R.heartRate), start: "2026-11-21 07:59:59 +0000")
            },
            xml("heart rate in export.xml with device model HR-11", ["DeviceAltered"], "content-mismatch", ["device.model"]) {
                R.heartRateXML(signature: try m.signature(R.heartRate),
                               device: R.hrDeviceString.replacingOccurrences(of: "model:HR-10", with: "model:HR-11"))
            },
            xml("body temperature in export.xml as 97.87 degF: outside 0.005 degF", ["UnitConversion", "UnitTolerance"], "content-mismatch", ["value"]) {
                R.temperatureXML(signature: try m.signature(R.temperature), value: "97.87")
            },
            xml("blood pressure in export.xml with diastolic 85", ["ObjectsAltered"], "content-mismatch", ["objects[1].value"]) {
                R.bloodPressureXML(signature: try m.signature(R.bloodPressure), diastolic: "85")
            },
            xml("sleep analysis in export.xml labelled AsleepDeep, signed AsleepCore", ["ValueAltered", "CategoryLabel"], "content-mismatch", ["value"]) {
                R.sleepXML(signature: try m.signature(R.sleep), label: "HKCategoryValueSleepAnalysisAsleepDeep")
            },
        ]
    }
}
