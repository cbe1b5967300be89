import CMS
import HealthSamples

/// The outcome of verifying one stored sample (docs/VERIFY.md).
public struct SampleVerdict: Sendable, Hashable {
    /// Stable machine names of the verdicts.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case valid
        case unsigned
        case malformed
        case badSignature = "bad-signature"
        case untrustedSigner = "untrusted-signer"
        case contentMismatch = "content-mismatch"
        /// The signature verifies, but a CRL that counts revokes the signer's certificate (or a CA
        /// above it) at the reading's time (docs/TRUST.md).
        case revoked
    }

    /// Which verdict.
    public let kind: Kind
    /// A stable code refining the verdict: `ok`, `no-signature`, `not-base64`, a CMS code
    /// (`cms-<code>`), a record code (`record-<code>`), `fields-differ`.
    public let reasonCode: String
    /// One human sentence.
    public let reason: String
    /// For `content-mismatch`: every differing field.
    public let mismatches: [FieldMismatch]
    /// Fields the stored form cannot carry, unknown record keys and similar remarks.
    public let notes: [String]
    /// Who signed, when the signature named a signer.
    public let signer: SignerDescription?
    /// The stored metadata keys the record does not sign, as the field comparison found them;
    /// `nil` when the verdict needed no comparison (``unsignedContext(of:)``).
    let comparedUnsignedContext: [String]?

    /// Whether ``unsignedContext(of:)`` can name any key: only a verdict whose signature
    /// verified (`valid`, `content-mismatch`) tells signed metadata from unsigned.
    public var mayHaveUnsignedContext: Bool { kind == .valid || kind == .contentMismatch }

    /// The stored metadata keys of `sample` that the signed record does not cover, signatures
    /// left out (docs/VERIFY.md, "Unsigned context"): shown beside a reading, never as signed.
    /// Empty unless the verdict is `valid` or `content-mismatch` (no record was trusted
    /// otherwise). A verdict decided without comparing fields had the record a signer builds from
    /// `sample`, so the keys are those the signing rule leaves out.
    public func unsignedContext(of sample: Sample?) -> [String] {
        guard mayHaveUnsignedContext else { return [] }
        if let comparedUnsignedContext { return comparedUnsignedContext }
        return sample.map(MetadataSigningRule.unsignedContext(of:)) ?? []
    }
    /// For `revoked`: the CRL entry and the rule that made it count.
    public var revocation: Revocation? { revocationBox?.revocation }
    // Perf: boxed: a verdict is held for every sample, nearly none revoked.
    /// The revocation, when there is one.
    let revocationBox: RevocationBox?
    /// The signature's RFC 3161 token as `verify --tsa-trust` read it; `nil` without a token.
    public var timestamp: SignatureTimestamp? { timestampBox?.timestamp }
    var timestampBox: SignatureTimestampBox? = nil
    /// The decoded record, when decoding got that far.
    public var record: SignedRecord? {
        switch signedRecord {
        case .decoded(let record)?: return record
        // Octets the verifier found equal to the record rebuilt from the stored sample, so they
        // decode; decoded here, for the callers that want the fields, not on the hot path.
        case .encoded(let content)?: return try? SignedRecord(derEncoded: content)
        case .equalToStored?, nil: return nil
        }
    }

    // Perf: `decoded` is boxed: inline, the record's 300-odd bytes sized every verdict, though a
    // valid sample (nearly every one) keeps only the encoded octets (not measured).
    /// The signed record as the verifier had it: decoded to compare fields, or still encoded
    /// when its octets equalled the record rebuilt from the stored sample.
    enum SignedRecordForm: Sendable, Hashable {
        indirect case decoded(SignedRecord)
        case encoded([UInt8])
        /// The record rebuilt from the stored sample was the signed record octet for octet, and
        /// the verifier kept no copy of it (a batch member: its octets live in the batch's
        /// manifest, and copying them for every member would buy nothing the stored sample
        /// does not already say).
        case equalToStored
    }
    let signedRecord: SignedRecordForm?

    /// Creates a verdict.
    public init(kind: Kind, reasonCode: String, reason: String, mismatches: [FieldMismatch] = [],
                notes: [String] = [], signer: SignerDescription? = nil, record: SignedRecord? = nil) {
        self.init(kind: kind, reasonCode: reasonCode, reason: reason, mismatches: mismatches, notes: notes,
                  signer: signer, signedRecord: record.map { .decoded($0) })
    }

    init(kind: Kind, reasonCode: String, reason: String, mismatches: [FieldMismatch] = [],
         notes: [String] = [], signer: SignerDescription? = nil, signedRecord: SignedRecordForm?,
         unsignedContext: [String]? = nil, revocation: Revocation? = nil) {
        comparedUnsignedContext = unsignedContext
        self.kind = kind
        self.revocationBox = revocation.map(RevocationBox.init)
        self.reasonCode = reasonCode
        self.reason = reason
        self.mismatches = mismatches
        self.notes = notes
        self.signer = signer
        self.signedRecord = signedRecord
    }

    /// Whether this verdict counts as a failure for a signed sample (anything but valid/unsigned).
    public var isFailure: Bool { kind != .valid && kind != .unsigned }
}

/// One field whose stored value differs from the signed one.
public struct FieldMismatch: Sendable, Hashable, CustomStringConvertible {
    /// Field path: `value`, `unit`, `startDate`, `device.model`, `metadata.HKTimeZone`, `objects[1].value`.
    public let field: String
    /// The signed value as text (`(absent)` when the record lacks the field).
    public let signed: String
    /// The stored value as text (`(absent)` when the stored sample lacks the field).
    public let stored: String

    /// The text a side holds when the value is absent there: `(absent)`. Reports in JSON write
    /// `null` for it.
    public static let absentText = "(absent)"

    /// Creates a mismatch.
    public init(field: String, signed: String, stored: String) {
        self.field = field
        self.signed = signed
        self.stored = stored
    }

    /// `value: signed 120 mmHg, stored 110 mmHg`.
    public var description: String { "\(field): signed \(signed), stored \(stored)" }
}

/// A ``Revocation`` held by reference in a verdict.
final class RevocationBox: Sendable, Hashable {
    let revocation: Revocation

    init(_ revocation: Revocation) {
        self.revocation = revocation
    }

    static func == (lhs: RevocationBox, rhs: RevocationBox) -> Bool { lhs.revocation == rhs.revocation }

    func hash(into hasher: inout Hasher) { hasher.combine(revocation) }
}

extension SampleVerdict {
    /// `revoked` / `revoked-<reason>`: the signature verifies, but `revocation` counts at the
    /// time certificates were checked.
    static func revoked(_ revocation: Revocation, signer: SignerDescription) -> SampleVerdict {
        let whose = revocation.isAuthority ? "the CA certificate \(revocation.subject) above the signer" : "the signer certificate \(revocation.subject)"
        let when = revocation.rule == .compromise
            ? "no trusted time shows the signature existed before the compromise"
                + " (\(Revocation.timeText(revocation.compromisedAt ?? revocation.revokedAt)))"
            : "the reading is dated on or after the revocation"
        let reason = "\(whose) is revoked by the CRL of \(revocation.crlIssuer) on \(Revocation.timeText(revocation.revokedAt))"
            + " (\(revocation.reasonName)"
            + (revocation.compromisedAt.map { ", compromised since \(Revocation.timeText($0))" } ?? "") + "): " + when
        return SampleVerdict(kind: .revoked, reasonCode: "revoked-\(revocation.reasonName)", reason: reason,
                             signer: signer, signedRecord: nil, revocation: revocation)
    }

    /// `malformed` / `not-base64`: the signature text stored under `metadataKey` is not base64.
    static func notBase64(metadataKey: String = "HKDigitalSignature") -> SampleVerdict {
        SampleVerdict(kind: .malformed, reasonCode: "not-base64", reason: "\(metadataKey) is not base64 text")
    }

    /// `valid` / `ok`: the signature verified and every stored field matches the signed record.
    static func fieldsMatch(signer: SignerDescription, notes: [String] = [],
                            signedRecord: SignedRecordForm?, unsignedContext: [String]? = nil) -> SampleVerdict {
        SampleVerdict(kind: .valid, reasonCode: "ok", reason: fieldsMatchReason,
                      notes: notes, signer: signer, signedRecord: signedRecord, unsignedContext: unsignedContext)
    }

    /// The reason of a `valid` / `ok` verdict. Always the same text in the same storage, so a
    /// report can recognise it with a comparison that ends at the string's first word and
    /// write its bytes prepared once, rather than scan and copy it for every valid sample.
    /// Computed, not stored: a stored static is initialised lazily, checked at every use.
    public static var fieldsMatchReason: String { "signature valid and stored fields match" }

    /// The reason of the `unsigned` verdict (`no-signature`) of a sample that carries no
    /// signature: the verdict of nearly every record of a Health app export, whose report
    /// writers write its bytes prepared once.
    public static var noSignatureReason: String { "the sample has no HKDigitalSignature metadata" }
}

/// The signing key of a verdict.
public struct SignerDescription: Sendable, Hashable, CustomStringConvertible {
    /// Key identifier in lower-case hex (RFC 5280 4.2.1.2 method 1), or the SignerIdentifier text
    /// (`ski:…` / `issuer-serial:…`) when the signer is not in the trust set.
    public let keyIdentifier: String
    /// Certificate subject, when a certificate identified the signer.
    public let certificateSubject: String?

    /// Creates a description.
    public init(keyIdentifier: String, certificateSubject: String?) {
        self.keyIdentifier = keyIdentifier
        self.certificateSubject = certificateSubject
    }

    public var description: String {
        keyIdentifier + (certificateSubject.map { " (\($0))" } ?? "")
    }
}
