import CMS
import CryptoBackend
import DER
import Foundation
import HealthSigKit
import SampleIO
import SampleSigning

/// How `TimestampVectors` proposes its tests: tokens issued at fixed times by the suite's TEST
/// time-stamp authorities (`test-keys/TEST-ONLY-tsa*`) over signatures of the TEST device
/// (`TEST-ONLY-leaf`, certified by `TEST-ONLY-ca`), and CRLs of that CA revoking the device.
extension TimestampVectors: VectorFamilyGenerator {
    var header: [String] {
        [
            "RFC 3161 timestamp tokens over signatures, as verify --tsa-trust reads them (docs/TRUST.md, \"Trusted time\").",
            "The token's messageImprint must be SHA-256 of the stamped signature's DER; its TSA certificate must have extendedKeyUsage exactly id-kp-timeStamping, critical, and chain at genTime to a certificate of tsaTrust.",
            "A token that holds gives its genTime as the trusted time of the revocation rule for every reading of the signature (a batch signature's: every member):",
            "under keyCompromise (or an invalidityDate) a reading is valid only when that genTime is before the compromise time; the date rule of the other reasons is unchanged.",
            "A token that does not hold proves nothing: the verdicts are those without it. A reading dated after a trusted genTime is flagged deviceClockAhead.",
            "All key material here is made for this suite: TEST keys, never trust them.",
        ]
    }

    var notes: [String: String] {
        [
            "TrustedToken": "The token holds: its genTime is the trusted time.",
            "BeforeCompromise": "The token's genTime is before the compromise time (the invalidityDate).",
            "AfterCompromise": "The token's genTime is at or after the compromise time.",
            "WrongImprint": "The token stamps another signature: its messageImprint is not SHA-256 of this one.",
            "UntrustedTSA": "The TSA's certificate does not chain to a certificate of tsaTrust (or tsaTrust is empty).",
            "NoTimeStampingPurpose": "The TSA's certificate lacks extendedKeyUsage id-kp-timeStamping.",
            "NonCriticalPurpose": "The TSA's certificate has extendedKeyUsage id-kp-timeStamping, but not critical (RFC 3161 2.3 requires it critical).",
            "NotDER": "The token's outer length takes one more octet than DER allows (X.690 10.1).",
            "BadTokenSignature": "One octet of the token's ECDSA signature is changed.",
            "DeviceClockAhead": "A reading is dated after the token's trusted genTime.",
            "RevokedFromDate": "superseded without invalidityDate: the reading's own date decides, the token changes nothing.",
            "Batch": "The stamped signature is a batch signature (HealthSigBatchSignature), the token stored as HealthSigBatchTimestamp; every member's verdict follows from it.",
        ]
    }

    func groups(_ context: VectorGenerationContext) throws -> [VectorGroupSpec] {
        let m = TimestampVectorMaterial(keys: context.keys)
        typealias T = TimestampVectorMaterial
        /// A test: `token` over `signature` given `tsaTrust`, `crl` revoking the device, one reading a time.
        func test(signature: @escaping () throws -> [UInt8], storedUnder: String = SampleVerifier.timestampKey,
                  token: @escaping () throws -> [UInt8], tsaTrust: @escaping () throws -> [Certificate],
                  timestamp: String, genTime: String? = nil, crl: @escaping () throws -> CertificateRevocationList,
                  readings: [(time: String, verdict: String, ahead: Bool)]) -> () throws -> [(String, JSONValue)] {
            {
                let authorities = try m.authorities()
                var members: [(String, JSONValue)] = [
                    ("signature", .text(VectorHex.encode(try signature()))), ("storedUnder", .text(storedUnder)),
                    ("token", .text(VectorHex.encode(try token()))),
                    ("tsaTrust", .array(try tsaTrust().map { .text($0.pemString) })), ("timestamp", .text(timestamp)),
                ]
                if let genTime { members.append(("genTime", .text(genTime))) }
                members += [
                    ("trust", .text(authorities.ca.pemString)), ("crl", .text(VectorHex.encode(try crl().derEncoded))),
                    ("certificate", .text(try m.device().pemString)),
                    ("readings", .array(readings.map { reading in
                        .obj([("readingTime", .text(reading.time)), ("verdict", .text(reading.verdict)),
                              ("deviceClockAhead", .bool(reading.ahead))])
                    })),
                ]
                return members
            }
        }
        let trustCA = { [try m.authorities().ca] }
        let compromise = { try m.crl(.keyCompromise, compromised: true) }
        let one = { try m.signature() }
        let cases: [VectorCase] = [
            VectorCase("token from a trusted TSA before the compromise: the reading stays valid",
                       flags: ["TrustedToken", "BeforeCompromise"],
                       build: test(signature: one, token: { try m.token(over: try m.signature(), at: T.genTimeBefore, serial: 1) },
                                   tsaTrust: trustCA, timestamp: "trusted", genTime: T.genTimeBefore, crl: compromise,
                                   readings: [(T.reading, "valid", false)])),
            VectorCase("token from a trusted TSA after the compromise: the reading is revoked",
                       flags: ["TrustedToken", "AfterCompromise"],
                       build: test(signature: one, token: { try m.token(over: try m.signature(), at: T.genTimeAfter, serial: 2) },
                                   tsaTrust: trustCA, timestamp: "trusted", genTime: T.genTimeAfter, crl: compromise,
                                   readings: [(T.reading, "revoked", false)])),
            VectorCase("the TSA certificate itself trusted, token before the compromise: valid",
                       flags: ["TrustedToken", "BeforeCompromise"],
                       build: test(signature: one, token: { try m.token(over: try m.signature(), at: T.genTimeBefore, serial: 3) },
                                   tsaTrust: { [try m.authorities().tsa] }, timestamp: "trusted", genTime: T.genTimeBefore,
                                   crl: compromise, readings: [(T.reading, "valid", false)])),
            VectorCase("token over another signature: timestamp-imprint-mismatch, the reading stays revoked",
                       flags: ["WrongImprint", "BeforeCompromise"],
                       build: test(signature: one, token: { try m.token(over: try m.otherSignature(), at: T.genTimeBefore, serial: 4) },
                                   tsaTrust: trustCA, timestamp: "timestamp-imprint-mismatch", crl: compromise,
                                   readings: [(T.reading, "revoked", false)])),
            VectorCase("token from a TSA that is not trusted: timestamp-untrusted-tsa, revoked",
                       flags: ["UntrustedTSA", "BeforeCompromise"],
                       build: test(signature: one, token: {
                           let a = try m.authorities()
                           return try m.token(over: try m.signature(), at: T.genTimeBefore, serial: 5, key: a.untrustedKey, certificate: a.untrusted)
                       }, tsaTrust: trustCA, timestamp: "timestamp-untrusted-tsa", crl: compromise,
                          readings: [(T.reading, "revoked", false)])),
            VectorCase("token from the TSA with no TSA trusted at all: timestamp-untrusted-tsa, revoked",
                       flags: ["UntrustedTSA", "BeforeCompromise"],
                       build: test(signature: one, token: { try m.token(over: try m.signature(), at: T.genTimeBefore, serial: 6) },
                                   tsaTrust: { [] }, timestamp: "timestamp-untrusted-tsa", crl: compromise,
                                   readings: [(T.reading, "revoked", false)])),
            VectorCase("TSA certificate without the timeStamping extended key usage: timestamp-not-tsa-certificate, revoked",
                       flags: ["NoTimeStampingPurpose", "BeforeCompromise"],
                       build: test(signature: one, token: {
                           try m.token(over: try m.signature(), at: T.genTimeBefore, serial: 7, certificate: try m.authorities().withoutTimeStamping)
                       }, tsaTrust: trustCA, timestamp: "timestamp-not-tsa-certificate", crl: compromise,
                          readings: [(T.reading, "revoked", false)])),
            VectorCase("TSA certificate with timeStamping not critical: timestamp-not-tsa-certificate, revoked",
                       flags: ["NonCriticalPurpose", "BeforeCompromise"],
                       build: test(signature: one, token: {
                           try m.token(over: try m.signature(), at: T.genTimeBefore, serial: 8, certificate: try m.authorities().nonCritical)
                       }, tsaTrust: trustCA, timestamp: "timestamp-not-tsa-certificate", crl: compromise,
                          readings: [(T.reading, "revoked", false)])),
            VectorCase("token whose outer length is not DER: timestamp-malformed, revoked",
                       flags: ["NotDER", "BeforeCompromise"],
                       build: test(signature: one, token: {
                           try T.nonMinimalLength(try m.token(over: try m.signature(), at: T.genTimeBefore, serial: 9))
                       }, tsaTrust: trustCA, timestamp: "timestamp-malformed", crl: compromise,
                          readings: [(T.reading, "revoked", false)])),
            VectorCase("token whose signature does not verify: timestamp-bad-signature, revoked",
                       flags: ["BadTokenSignature", "BeforeCompromise"],
                       build: test(signature: one, token: {
                           try T.changingLastSignatureOctet(try m.token(over: try m.signature(), at: T.genTimeBefore, serial: 10))
                       }, tsaTrust: trustCA, timestamp: "timestamp-bad-signature", crl: compromise,
                          readings: [(T.reading, "revoked", false)])),
            VectorCase("reading dated after the token's genTime, before the compromise: valid and deviceClockAhead",
                       flags: ["TrustedToken", "BeforeCompromise", "DeviceClockAhead"],
                       build: test(signature: { try m.signature(at: T.readingAhead) },
                                   token: { try m.token(over: try m.signature(at: T.readingAhead), at: T.genTimeBefore, serial: 11) },
                                   tsaTrust: trustCA, timestamp: "trusted", genTime: T.genTimeBefore, crl: compromise,
                                   readings: [(T.readingAhead, "valid", true)])),
            VectorCase("superseded, reading before the revocation, token after it: valid (the date rule is unchanged)",
                       flags: ["TrustedToken", "RevokedFromDate"],
                       build: test(signature: { try m.signature(at: T.readingBeforeRevocation) },
                                   token: { try m.token(over: try m.signature(at: T.readingBeforeRevocation), at: T.genTimeAfterRevocation, serial: 12) },
                                   tsaTrust: trustCA, timestamp: "trusted", genTime: T.genTimeAfterRevocation,
                                   crl: { try m.crl(.superseded) }, readings: [(T.readingBeforeRevocation, "valid", false)])),
            VectorCase("superseded, reading after the revocation, token before it: revoked and deviceClockAhead",
                       flags: ["TrustedToken", "RevokedFromDate", "DeviceClockAhead"],
                       build: test(signature: { try m.signature(at: T.readingAfterRevocation) },
                                   token: { try m.token(over: try m.signature(at: T.readingAfterRevocation), at: T.genTimeBeforeRevocation, serial: 13) },
                                   tsaTrust: trustCA, timestamp: "trusted", genTime: T.genTimeBeforeRevocation,
                                   crl: { try m.crl(.superseded) }, readings: [(T.readingAfterRevocation, "revoked", true)])),
        ]
        let batchReadings = T.batchReadings.map { ($0, "valid", false) }
        let batches: [VectorCase] = [
            VectorCase("batch signature stamped by a trusted TSA before the compromise: every member valid",
                       flags: ["Batch", "TrustedToken", "BeforeCompromise"],
                       build: test(signature: { try m.batchSignature() }, storedUnder: TimestampVectorMaterial.batchTimestampKey,
                                   token: { try m.token(over: try m.batchSignature(), at: T.genTimeBefore, serial: 21) },
                                   tsaTrust: trustCA, timestamp: "trusted", genTime: T.genTimeBefore, crl: compromise,
                                   readings: batchReadings)),
            VectorCase("batch signature with a token of another signature: timestamp-imprint-mismatch, every member revoked",
                       flags: ["Batch", "WrongImprint", "BeforeCompromise"],
                       build: test(signature: { try m.batchSignature() }, storedUnder: TimestampVectorMaterial.batchTimestampKey,
                                   token: { try m.token(over: try m.signature(), at: T.genTimeBefore, serial: 22) },
                                   tsaTrust: trustCA, timestamp: "timestamp-imprint-mismatch", crl: compromise,
                                   readings: T.batchReadings.map { ($0, "revoked", false) })),
        ]
        return [
            VectorGroupSpec(name: "per-sample", members: { [] }, cases: cases),
            VectorGroupSpec(name: "batch", members: { [] }, cases: batches),
        ]
    }
}

/// The signatures, tokens and CRLs of one generation run, at fixed times after the TEST CA's
/// notBefore (2026-11-22), from the suite's TEST keys.
final class TimestampVectorMaterial {
    static let batchTimestampKey = "HealthSigBatchTimestamp"
    /// The invalidityDate of the key-compromise entry.
    static let compromisedAt = "2027-02-01T00:00:00Z"
    /// Every entry's revocationDate and the CRLs' thisUpdate.
    static let revokedAt = "2027-03-01T00:00:00Z"
    static let reading = "2027-01-20T08:00:00Z"
    static let readingAhead = "2027-01-21T08:00:00Z"
    static let genTimeBefore = "2027-01-20T12:00:00Z"
    static let genTimeAfter = "2027-02-10T12:00:00Z"
    static let readingBeforeRevocation = "2027-02-20T08:00:00Z"
    static let genTimeAfterRevocation = "2027-03-05T12:00:00Z"
    static let readingAfterRevocation = "2027-03-02T08:00:00Z"
    static let genTimeBeforeRevocation = "2027-02-25T12:00:00Z"
    static let batchReadings = ["2027-01-20T07:00:00Z", "2027-01-20T07:05:00Z", "2027-01-20T07:10:00Z"]

    private let keys: TestKeyStore
    private var signatures: [String: [UInt8]] = [:]
    private var crls: [String: CertificateRevocationList] = [:]
    private var batch: [UInt8]?

    init(keys: TestKeyStore) {
        self.keys = keys
    }

    static func date(_ text: String) throws -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else {
            throw VectorGenerationError.testKeys("bad fixed time \(text)")
        }
        return date
    }

    func authorities() throws -> TestKeyStore.TimeStampAuthorityKeys {
        try keys.timeStampAuthorities.get()
    }

    func device() throws -> Certificate {
        try keys.certificateAuthority.get().leaf
    }

    private static func reading(at time: String, value: Int) -> String {
        #"{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(value),"unit":"count/min","startDate":"\#(time)","endDate":"\#(time)"}"#
    }

    /// The device's per-sample signature of a heart rate at `time`.
    func signature(at time: String = reading) throws -> [UInt8] {
        if let known = signatures[time] { return known }
        let sample = try VectorSampleJSON.sample(try VectorSampleJSON.parse(Self.reading(at: time, value: 72)))
        let der = try SampleSigner().signatureDER(for: sample, using: try keys.certificateAuthority.get().leafKey)
        signatures[time] = der
        return der
    }

    /// Another signature of the device (another reading).
    func otherSignature() throws -> [UInt8] {
        try signature(at: "2027-01-19T08:00:00Z")
    }

    /// The device's batch signature over three heart rates at ``batchReadings``.
    func batchSignature() throws -> [UInt8] {
        if let batch { return batch }
        let maker = BatchVectorMaker(keys: keys)
        let stored = try maker.batch(Self.batchReadings.enumerated().map { Self.reading(at: $0.element, value: 70 + $0.offset) },
                                     label: "T", key: try keys.certificateAuthority.get().leafKey)
        guard let carrier = stored.last, let der = SignatureText.decode(try BatchVectorMaker.signature(of: carrier)) else {
            throw VectorGenerationError.testKeys("the batch signature is not base64")
        }
        batch = der
        return der
    }

    /// A token over SHA-256 of `signature`, at `time`, with serial number `serial`, as
    /// `TimeStampAuthority.token` issues it, by the TSA key and `certificate` (the trusted TSA's
    /// by default) and without its purpose check, so that certificates a verifier refuses can sign.
    func token(over signature: [UInt8], at time: String, serial: Int, key: P256PrivateKey? = nil,
               certificate: Certificate? = nil) throws -> [UInt8] {
        let authorities = try authorities()
        let signer = certificate ?? authorities.tsa
        let date = try Self.date(time)
        let info = TSTInfo(policy: .healthsigGatewayTimeStampPolicy,
                           messageImprint: MessageImprint(hashedMessage: TimeStampToken.imprint(ofSignature: signature)),
                           serialNumber: DERInteger(serial), genTime: try GeneralizedTime(date),
                           accuracy: TimeStampAccuracy(seconds: 1))
        var builder = SignedDataBuilder(eContentType: .idCTTSTInfo, signerIdentification: .issuerAndSerialNumber,
                                        signerCertificate: signer, embedsSignerCertificate: true,
                                        includesSignedAttributes: true, signingTime: date)
        builder.additionalSignedAttributes = [SigningCertificateAttribute(v2For: signer).attribute]
        return try builder.sign(DER.encode(info), using: key ?? authorities.key)
    }

    /// A CRL of the TEST CA revoking the device for `reason`, with the invalidityDate
    /// ``compromisedAt`` when `compromised`.
    func crl(_ reason: RevocationReason, compromised: Bool = false) throws -> CertificateRevocationList {
        let name = "\(reason.rawValue)-\(compromised)"
        if let known = crls[name] { return known }
        let ca = try keys.certificateAuthority.get()
        let caKey = try authorities().caKey
        let crl = try CertificateRevocationList.issue(authority: ca.ca, authorityKey: caKey, revoking: ca.leaf, reason: reason,
                                                      compromisedAt: compromised ? try Self.date(Self.compromisedAt) : nil,
                                                      nextUpdateDays: 3650, previous: nil, now: try Self.date(Self.revokedAt))
        crls[name] = crl
        return crl
    }

    /// `der` with its outer length written in one more octet than DER allows.
    static func nonMinimalLength(_ der: [UInt8]) throws -> [UInt8] {
        guard der.count > 4, der[0] == 0x30, der[1] & 0x80 != 0 else {
            throw VectorGenerationError.testKeys("a token shorter than 128 octets")
        }
        let octets = Int(der[1] & 0x7F)
        return [0x30, UInt8(0x80 | (octets + 1)), 0x00] + der[(2)...]
    }

    /// `der` with the last octet of its SignerInfo's signature (the token's last octet: no
    /// unsigned attributes follow it) changed.
    static func changingLastSignatureOctet(_ der: [UInt8]) throws -> [UInt8] {
        guard var last = der.last else { throw VectorGenerationError.testKeys("an empty token") }
        last ^= 0x01
        return Array(der.dropLast()) + [last]
    }
}
