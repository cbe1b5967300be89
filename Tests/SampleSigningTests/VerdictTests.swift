import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Every verdict except content-mismatch (see ContentMismatchTests), provoked on purpose, with
/// the exact reason code.
@Suite("Verdicts")
struct VerdictTests {
    // MARK: - valid / unsigned

    @Test("valid names the signer by key identifier")
    func valid() throws {
        let verdict = try Fixtures.verify(try Fixtures.signed(try Fixtures.heartRate()))
        #expect(verdict.kind == .valid)
        #expect(verdict.reasonCode == "ok")
        #expect(!verdict.isFailure)
        #expect(verdict.notes.isEmpty)
        #expect(verdict.signer == SignerDescription(
            keyIdentifier: Fixtures.compactHex(try Fixtures.deviceKey().publicKey.keyIdentifier), certificateSubject: nil))
    }

    @Test("unsigned: no HKDigitalSignature")
    func unsigned() throws {
        let verdict = try Fixtures.verify(try Fixtures.heartRate(metadata: ["HKWasUserEntered": .bool(true)]))
        #expect(verdict.kind == .unsigned)
        #expect(verdict.reasonCode == "no-signature")
        #expect(!verdict.isFailure)
        #expect(verdict.signer == nil)
        #expect(verdict.record == nil)
    }

    @Test("a signature under the SDK name HKMetadataKeyDigitalSignature is found")
    func sdkSpelling() throws {
        let signed = try Fixtures.signed(try Fixtures.heartRate())
        var stored = signed
        stored.metadata = ["HKMetadataKeyDigitalSignature": .string(try Fixtures.signatureText(signed))]
        #expect(try Fixtures.verify(stored).kind == .valid)
    }

    @Test("a correlation's signature sits on the correlation; members stay unsigned")
    func correlationSignature() throws {
        let signed = try Fixtures.signed(try Fixtures.bloodPressure())
        #expect(try Fixtures.verify(signed).kind == .valid)
        guard case .correlation(let k) = signed else { throw Failure("not a correlation") }
        for object in k.objects {
            #expect(try Fixtures.verify(.quantity(object)).kind == .unsigned)
        }
    }

    // MARK: - malformed: the base64 and the CMS

    static func malformed(_ signatureText: String, on sample: Sample? = nil) throws -> SampleVerdict {
        let verdict = try Fixtures.verify(Fixtures.storing(signature: signatureText, on: try sample ?? Fixtures.heartRate()))
        #expect(verdict.kind == .malformed)
        #expect(verdict.isFailure)
        #expect(verdict.record == nil)
        return verdict
    }

    @Test("malformed: not base64", arguments: ["not base64!", "MIIB*A==", "", "   "])
    func notBase64(text: String) throws {
        #expect(try Self.malformed(text).reasonCode == "not-base64")
    }

    @Test("malformed: base64 of garbage")
    func garbage() throws {
        // 'g' (0x67) reads as a constructed [APPLICATION 7] claiming 0x61 content bytes.
        let text = Data("garbage!".utf8).base64EncodedString()
        #expect(try Self.malformed(text).reasonCode == "cms-truncated")
        // A well-formed DER element that is not a ContentInfo.
        let integer = Data([0x02, 0x01, 0x05]).base64EncodedString()
        #expect(try Self.malformed(integer).reasonCode == "cms-unexpectedTag")
    }

    @Test("malformed: truncated CMS", arguments: [1, 10, 100])
    func truncated(dropping count: Int) throws {
        let signed = try Fixtures.signed(try Fixtures.heartRate())
        let der = try Fixtures.signatureDER(signed)
        let text = Data(der.dropLast(count)).base64EncodedString()
        #expect(try Self.malformed(text, on: signed).reasonCode == "cms-truncated")
    }

    @Test("malformed: trailing bytes after the CMS")
    func trailing() throws {
        let signed = try Fixtures.signed(try Fixtures.heartRate())
        let text = Data(try Fixtures.signatureDER(signed) + [0x00]).base64EncodedString()
        #expect(try Self.malformed(text, on: signed).reasonCode == "cms-trailingBytes")
    }

    // MARK: - malformed: the record

    /// Signs `recordBytes` directly with `SignedDataBuilder` and verifies a heart-rate sample
    /// carrying that signature; the verdict must be malformed with `record-<code>`.
    static func malformedRecord(_ recordBytes: [UInt8], code: String) throws {
        let text = try Fixtures.signRecordBytes(recordBytes)
        let verdict = try Self.malformed(text)
        #expect(verdict.reasonCode == "record-" + code, "\(verdict.reason)")
        // The CMS itself was fine: the verdict still names the signer.
        #expect(verdict.signer?.keyIdentifier == Fixtures.compactHex(try Fixtures.deviceKey().publicKey.keyIdentifier))
    }

    /// The decoding error of `recordBytes`.
    static func recordError(_ recordBytes: [UInt8]) -> RecordError? {
        #expect(throws: RecordError.self) { try SignedRecord(derEncoded: recordBytes) }
    }

    @Test("the hand-written reference record is valid, so each variant below fails for one reason")
    func handRecordIsValid() throws {
        let bytes = try Fixtures.handRecord(Fixtures.handHeartRateEntries)
        #expect(bytes == (try RecordBuilder.encodedRecord(for: try Fixtures.heartRate())))
        let signed = Fixtures.storing(signature: try Fixtures.signRecordBytes(bytes), on: try Fixtures.heartRate())
        #expect(try Fixtures.verify(signed).kind == .valid)
    }

    @Test("malformed: valid CMS whose content is not DER")
    func contentNotDER() throws {
        let bytes = Array("just some text".utf8)
        try Self.malformedRecord(bytes, code: "der-truncated")
        #expect(Self.recordError(bytes)?.code == "der-truncated")
    }

    @Test("malformed: valid CMS whose content is DER but not a dictionary")
    func contentNotDictionary() throws {
        let sequence: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x01]
        try Self.malformedRecord(sequence, code: "der-unexpectedTag")
        // A SET whose element is not an Entry.
        let set: [UInt8] = [0x31, 0x03, 0x02, 0x01, 0x01]
        try Self.malformedRecord(set, code: "der-unexpectedTag")
    }

    @Test("malformed: a dictionary not in DER order")
    func unsortedDictionary() throws {
        // fv (30 07 …) must precede v (30 0c …); written the other way round by hand.
        let fv: [UInt8] = [0x30, 0x07, 0x0C, 0x02, 0x66, 0x76, 0x02, 0x01, 0x01]
        let v: [UInt8] = [0x30, 0x0C, 0x0C, 0x01, 0x76, 0x09, 0x07, 0x03, 0x37, 0x32, 0x2E, 0x45, 0x2B, 0x30]
        let bytes = [0x31, UInt8(fv.count + v.count)] + v + fv
        try Self.malformedRecord(bytes, code: "der-unsortedSet")
    }

    @Test("malformed: duplicate keys")
    func duplicateKeys() throws {
        let entries = Fixtures.handHeartRateEntries + [("t", .string("HKQuantityTypeIdentifierRestingHeartRate"))]
        let bytes = try Fixtures.handRecord(entries)
        try Self.malformedRecord(bytes, code: "duplicate-key")
        guard case .duplicateKey("t", let offset)? = Self.recordError(bytes) else {
            Issue.record("expected duplicateKey(t)")
            return
        }
        #expect(offset > 0 && offset < bytes.count)
    }

    @Test("malformed: the same entry twice (identical encodings)")
    func duplicateIdenticalEntries() throws {
        let bytes = try Fixtures.handRecord(Fixtures.handHeartRateEntries + [("u", .string("count/min"))])
        try Self.malformedRecord(bytes, code: "duplicate-key")
    }

    @Test("malformed: duplicate keys inside the device dictionary")
    func duplicateNestedKeys() throws {
        let bytes = try Fixtures.handRecord(Fixtures.handHeartRateEntries + [
            ("d", .dictionary([("nm", .string("A")), ("nm", .string("B"))])),
        ])
        try Self.malformedRecord(bytes, code: "duplicate-key")
        guard case .duplicateKey("d.nm", _)? = Self.recordError(bytes) else {
            Issue.record("expected duplicateKey(d.nm)")
            return
        }
    }

    @Test("malformed: unknown format version 3")
    func formatVersion3() throws {
        let bytes = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: "fv", with: .integer(3)))
        try Self.malformedRecord(bytes, code: "unsupported-format-version")
        #expect(Self.recordError(bytes) == .unsupportedFormatVersion("3"))
    }

    @Test("malformed: format version 2 without a key version 1 does not sign")
    func formatVersion2NotMinimal() throws {
        let bytes = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: "fv", with: .integer(2)))
        try Self.malformedRecord(bytes, code: "format-version-not-minimal")
        #expect(Self.recordError(bytes) == .formatVersionNotMinimal(2))
    }

    /// `entries` written by hand, with the value of `key` replaced by the raw DER `value`.
    static func replacing(_ key: String, withRawValue value: [UInt8],
                          in entries: [(String, Fixtures.Value)] = Fixtures.handHeartRateEntries) throws -> [UInt8] {
        var writer = DERWriter()
        try writer.appendSetOf { set in
            for entry in entries where entry.0 != key {
                set.appendEncoded(try DER.parse(try Fixtures.handRecord([entry])).children[0].encodedBytes)
            }
            set.appendConstructed(.sequence) { entry in
                entry.append(DERUTF8String(key))
                entry.appendEncoded(value)
            }
        }
        return writer.bytes
    }

    @Test("malformed: format versions 0, -1 and 2^72 are unsupported, not misread")
    func otherFormatVersions() throws {
        let zero = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: "fv", with: .integer(0)))
        #expect(Self.recordError(zero) == .unsupportedFormatVersion("0"))
        let minusOne = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: "fv", with: .integer(-1)))
        #expect(Self.recordError(minusOne) == .unsupportedFormatVersion("-1"))
        let huge = try Self.replacing("fv", withRawValue: [0x02, 0x0A, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        try Self.malformedRecord(huge, code: "unsupported-format-version")
        #expect(Self.recordError(huge) == .unsupportedFormatVersion("0x01000000000000000000"))
    }

    @Test("malformed: a REAL special value, or an INTEGER beyond Int, as `v`")
    func invalidValues() throws {
        // v = PLUS-INFINITY (X.690 8.5.9: the single content octet 0x40).
        let infinity = try Self.replacing("v", withRawValue: [0x09, 0x01, 0x40])
        try Self.malformedRecord(infinity, code: "non-decimal-real")
        guard case .nonDecimalReal(key: "v", _, _)? = Self.recordError(infinity) else {
            Issue.record("expected nonDecimalReal(v)")
            return
        }
        // v = minus zero (0x43): a special value, not one of FORMAT.md's NR3 decimals.
        let minusZero = try Self.replacing("v", withRawValue: [0x09, 0x01, 0x43])
        try Self.malformedRecord(minusZero, code: "non-decimal-real")
        // A category value of 2^64.
        let category: [(String, Fixtures.Value)] = [
            ("fv", .integer(1)), ("t", .string("HKCategoryTypeIdentifierSleepAnalysis")),
            ("s", .date(Fixtures.morning)), ("e", .date(Fixtures.morning)),
        ]
        let large = try Self.replacing("v", withRawValue: [0x02, 0x09, 0x01, 0, 0, 0, 0, 0, 0, 0, 0], in: category)
        try Self.malformedRecord(large, code: "invalid-value")
        #expect(Self.recordError(large) == .invalidValue(key: "v", reason: "INTEGER 0x010000000000000000 is out of range"))
    }

    @Test("malformed: an empty dictionary lacks the format version")
    func emptyRecord() throws {
        try Self.malformedRecord([0x31, 0x00], code: "missing-key")
        #expect(Self.recordError([0x31, 0x00]) == .missingKey("fv"))
    }

    @Test("malformed: format version missing or not an INTEGER")
    func formatVersionMissing() throws {
        let missing = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: "fv", with: nil))
        try Self.malformedRecord(missing, code: "missing-key")
        #expect(Self.recordError(missing) == .missingKey("fv"))
        let text = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: "fv", with: .string("1")))
        #expect(Self.recordError(text) == .wrongType(key: "fv", expected: "INTEGER"))
    }

    @Test("malformed: missing `t`, `s` or `e`", arguments: ["t", "s", "e"])
    func missingRequiredKey(key: String) throws {
        let bytes = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: key, with: nil))
        try Self.malformedRecord(bytes, code: "missing-key")
        #expect(Self.recordError(bytes) == .missingKey(key))
    }

    @Test("malformed: wrong type for `s`")
    func wrongTypeForStart() throws {
        let bytes = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: "s", with: .string("2026-11-21T08:00:00Z")))
        try Self.malformedRecord(bytes, code: "wrong-type")
        #expect(Self.recordError(bytes) == .wrongType(key: "s", expected: "GeneralizedTime"))
    }

    @Test("malformed: wrong types for `t`, `u`, `d`, `m`, `o`")
    func otherWrongTypes() throws {
        let cases: [(String, Fixtures.Value, RecordError)] = [
            ("t", .integer(7), .wrongType(key: "t", expected: "UTF8String")),
            ("u", .real("1"), .wrongType(key: "u", expected: "UTF8String")),
            ("d", .string("Acme"), .wrongType(key: "d", expected: "a dictionary")),
            ("m", .array([]), .wrongType(key: "m", expected: "a dictionary")),
        ]
        for (key, value, error) in cases {
            let bytes = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: key, with: value))
            try Self.malformedRecord(bytes, code: "wrong-type")
            #expect(Self.recordError(bytes) == error)
        }
        // `o` belongs to a correlation record only (a quantity's is refused as not its key).
        let correlation = try Fixtures.handRecord([
            ("fv", .integer(1)), ("t", .string("HKCorrelationTypeIdentifierBloodPressure")),
            ("s", .date(Fixtures.morning)), ("e", .date(Fixtures.morning)), ("o", .string("none")),
        ])
        try Self.malformedRecord(correlation, code: "wrong-type")
        #expect(Self.recordError(correlation) == .wrongType(key: "o", expected: "an array"))
    }

    @Test("malformed: a quantity record without `v` or `u`, or with an INTEGER `v`")
    func quantityNeedsValueAndUnit() throws {
        let noValue = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: "v", with: nil))
        try Self.malformedRecord(noValue, code: "missing-key")
        #expect(Self.recordError(noValue) == .missingKey("v"))
        let noUnit = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: "u", with: nil))
        try Self.malformedRecord(noUnit, code: "missing-key")
        #expect(Self.recordError(noUnit) == .missingKey("u"))
        let integer = try Fixtures.handRecord(Fixtures.heartRateEntries(replacing: "v", with: .integer(72)))
        try Self.malformedRecord(integer, code: "wrong-type")
        #expect(Self.recordError(integer) == .wrongType(key: "v", expected: "REAL"))
    }

    @Test("malformed: a category record needs an INTEGER `v`")
    func categoryNeedsInteger() throws {
        let base: [(String, Fixtures.Value)] = [
            ("fv", .integer(1)), ("t", .string("HKCategoryTypeIdentifierSleepAnalysis")),
            ("s", .date("2026-11-20T22:30:00Z")), ("e", .date("2026-11-21T06:45:00Z")),
        ]
        let valid = try Fixtures.handRecord(base + [("v", .integer(0))])
        #expect(try Fixtures.verify(Fixtures.storing(signature: try Fixtures.signRecordBytes(valid), on: try Fixtures.sleep()))
            .kind == .valid)
        let missing = try Fixtures.handRecord(base)
        #expect(Self.recordError(missing) == .missingKey("v"))
        let real = try Fixtures.handRecord(base + [("v", .real("0.5"))])
        #expect(Self.recordError(real) == .wrongType(key: "v", expected: "INTEGER"))
        try Self.malformedRecord(real, code: "wrong-type")
    }

    @Test("malformed: a correlation record needs `o`, and its objects need `v` and `u`")
    func correlationNeedsObjects() throws {
        let base: [(String, Fixtures.Value)] = [
            ("fv", .integer(1)), ("t", .string("HKCorrelationTypeIdentifierBloodPressure")),
            ("s", .date(Fixtures.morning)), ("e", .date(Fixtures.morning)),
        ]
        let missing = try Fixtures.handRecord(base)
        try Self.malformedRecord(missing, code: "missing-key")
        #expect(Self.recordError(missing) == .missingKey("o"))
        let object: [(String, Fixtures.Value)] = [
            ("t", .string("HKQuantityTypeIdentifierBloodPressureSystolic")),
            ("s", .date(Fixtures.morning)), ("e", .date(Fixtures.morning)),
        ]
        let noValue = try Fixtures.handRecord(base + [("o", .array([.dictionary(object)]))])
        #expect(Self.recordError(noValue) == .missingKey("o[0].v"))
        let notDictionary = try Fixtures.handRecord(base + [("o", .array([.string("x")]))])
        #expect(Self.recordError(notDictionary) == .wrongType(key: "o[0]", expected: "a dictionary"))
    }

    @Test("malformed: a value type the format does not define")
    func unsupportedValueType() throws {
        // t = NULL: an Entry whose value is not one of the Value alternatives.
        var writer = DERWriter()
        writer.appendSetOf { set in
            set.appendConstructed(.sequence) { entry in
                entry.append(DERUTF8String("x"))
                entry.append(DERNull())
            }
        }
        let bytes = writer.bytes
        try Self.malformedRecord(bytes, code: "unsupported-value")
        guard case .unsupportedValue(let tag, _)? = Self.recordError(bytes) else {
            Issue.record("expected unsupportedValue")
            return
        }
        #expect(tag == "NULL")
    }

    @Test("unknown keys are kept and noted, never fatal")
    func unknownKeys() throws {
        let bytes = try Fixtures.handRecord(Fixtures.handHeartRateEntries + [("zz", .string("future field"))])
        let stored = Fixtures.storing(signature: try Fixtures.signRecordBytes(bytes), on: try Fixtures.heartRate())
        let verdict = try Fixtures.verify(stored)
        #expect(verdict.kind == .valid)
        #expect(verdict.record?.unknownKeys == ["zz"])
        #expect(verdict.notes == ["record key 'zz' is not known to this verifier (kept, not compared)"])
        #expect(verdict.record?.dictionary["zz"] == .string("future field"))
    }

    @Test("unknown keys of the device dictionary are noted too")
    func unknownDeviceKeys() throws {
        let bytes = try Fixtures.handRecord(Fixtures.handHeartRateEntries + [
            ("d", .dictionary([("nm", .string("Acme HR")), ("bat", .string("87%"))])),
        ])
        let stored = Fixtures.storing(signature: try Fixtures.signRecordBytes(bytes),
                                      on: try Fixtures.heartRate(device: Device(name: "Acme HR")))
        let verdict = try Fixtures.verify(stored)
        #expect(verdict.kind == .valid)
        #expect(verdict.record?.unknownKeys == [])
        #expect(verdict.record?.unknownDeviceKeys == ["bat"])
        #expect(verdict.notes == ["record key 'd.bat' is not known to this verifier (kept, not compared)"])
    }

    // MARK: - bad-signature / untrusted-signer

    @Test("bad-signature: one byte of the signature value flipped inside the CMS")
    func badSignature() throws {
        let signed = try Fixtures.signed(try Fixtures.heartRate())
        var der = try Fixtures.signatureDER(signed)
        let view = try CMSSignedDataView(derEncoded: der)
        let signature = try #require(view.signerInfos.first?.signature)
        // The signature value is the last element of the DER; its last octet is the low octet
        // of s, so flipping it keeps the ECDSA-Sig-Value well-formed.
        #expect(Array(der.suffix(signature.count)) == signature)
        der[der.count - 1] ^= 0x01
        let verdict = try Fixtures.verify(Fixtures.storing(signature: Data(der).base64EncodedString(), on: signed))
        #expect(verdict.kind == .badSignature)
        #expect(verdict.reasonCode == "cms-bad-signature")
        #expect(verdict.isFailure)
        #expect(verdict.signer?.keyIdentifier == Fixtures.compactHex(try Fixtures.deviceKey().publicKey.keyIdentifier))
        #expect(verdict.record == nil)
    }

    @Test("bad-signature: one byte of the signed record flipped inside the CMS")
    func contentFlipped() throws {
        let signed = try Fixtures.signed(try Fixtures.heartRate())
        var der = try Fixtures.signatureDER(signed)
        // "72.E+0" → "73.E+0" inside the eContent: the digest no longer matches.
        let real: [UInt8] = [0x09, 0x07, 0x03, 0x37, 0x32]
        let index = try #require((0...(der.count - real.count)).first { Array(der[$0..<($0 + real.count)]) == real })
        der[index + 4] = 0x33
        let verdict = try Fixtures.verify(Fixtures.storing(signature: Data(der).base64EncodedString(), on: signed))
        #expect(verdict.kind == .badSignature)
        #expect(verdict.reasonCode == "cms-bad-signature")
    }

    @Test("untrusted-signer: signed by a key the trust set does not hold")
    func untrustedSigner() throws {
        let signed = try Fixtures.signed(try Fixtures.heartRate(), key: try Fixtures.otherKey())
        let verdict = try Fixtures.verify(signed)
        #expect(verdict.kind == .untrustedSigner)
        #expect(verdict.reasonCode == "cms-untrusted-signer")
        #expect(verdict.isFailure)
        #expect(verdict.signer?.keyIdentifier == Fixtures.compactHex(try Fixtures.otherKey().publicKey.keyIdentifier))
        // Trusting both keys makes it valid; trusting nothing keeps it untrusted.
        let both = SampleVerifier(trust: TrustSet(publicKeys: [try Fixtures.deviceKey().publicKey,
                                                               try Fixtures.otherKey().publicKey]))
        #expect(both.verify(signed).kind == .valid)
        #expect(SampleVerifier(trust: TrustSet()).verify(signed).kind == .untrustedSigner)
    }

    @Test("untrusted-signer: the device key signed but the trust set holds only another key")
    func otherKeyTrusted() throws {
        let signed = try Fixtures.signed(try Fixtures.heartRate())
        let verifier = SampleVerifier(trust: TrustSet(publicKeys: [try Fixtures.otherKey().publicKey]))
        let verdict = verifier.verify(signed)
        #expect(verdict.kind == .untrustedSigner)
        #expect(verdict.signer?.keyIdentifier == Fixtures.compactHex(try Fixtures.deviceKey().publicKey.keyIdentifier))
    }

    @Test("every verdict kind has its stable machine name")
    func kindNames() {
        #expect(SampleVerdict.Kind.allCases.map(\.rawValue)
            == ["valid", "unsigned", "malformed", "bad-signature", "untrusted-signer", "content-mismatch", "revoked"])
    }
}

/// A test precondition that did not hold.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
