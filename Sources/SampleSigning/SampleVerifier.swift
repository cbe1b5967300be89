import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples

/// Verifies stored samples against a trust set of device keys (docs/VERIFY.md).
public struct SampleVerifier: Sendable {
    /// The keys and certificates trusted to sign.
    public let trust: TrustSet
    /// Time used for certificate path validation (nil = now).
    public let date: Date?

    /// Creates a verifier.
    public init(trust: TrustSet, at date: Date? = nil) {
        self.trust = trust
        self.date = date
    }

    /// The signature text stored in the sample's metadata, under `HKDigitalSignature` or its
    /// SDK name.
    public static func signatureText(of sample: Sample) -> String? {
        switch sample.metadata[MetadataKey.digitalSignature] {
        case .string(let s)?: return s
        case let other?: return other.description
        case nil: return nil
        }
    }

    /// Verifies one stored sample.
    public func verify(_ sample: Sample, storedForm: StoredForm = .json) -> SampleVerdict {
        guard let text = Self.signatureText(of: sample) else {
            return SampleVerdict(kind: .unsigned, reasonCode: "no-signature",
                                 reason: "the sample has no HKDigitalSignature metadata")
        }
        // export.xml may wrap long attribute values; base64 never contains whitespace itself.
        let compact = text.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: compact), !data.isEmpty else {
            return SampleVerdict(kind: .malformed, reasonCode: "not-base64",
                                 reason: "HKDigitalSignature is not base64 text")
        }
        return verify(sample, signatureDER: Array(data), storedForm: storedForm)
    }

    /// Verifies a sample against a signature given as DER bytes.
    public func verify(_ sample: Sample, signatureDER der: [UInt8], storedForm: StoredForm = .json) -> SampleVerdict {
        let summary: CMSSignerInfoSummary
        switch CMSVerifier.verify(der, trust: trust, at: date) {
        case .valid(let s):
            summary = s
        case .untrustedSigner(let reason):
            return SampleVerdict(kind: .untrustedSigner, reasonCode: "cms-untrusted-signer", reason: reason,
                                 signer: Self.claimedSigner(der))
        case .badSignature(let reason):
            return SampleVerdict(kind: .badSignature, reasonCode: "cms-bad-signature", reason: reason,
                                 signer: Self.claimedSigner(der))
        case .malformed(let reason, let code, let offset):
            // docs/VERIFY.md: every verdict whose SignedData names a signer reports it.
            return SampleVerdict(kind: .malformed, reasonCode: "cms-\(code)",
                                 reason: reason + (offset.map { " (offset \($0))" } ?? ""),
                                 signer: Self.claimedSigner(der))
        case .unsupportedAlgorithm(let reason):
            return SampleVerdict(kind: .malformed, reasonCode: "cms-unsupported-algorithm", reason: reason,
                                 signer: Self.claimedSigner(der))
        }
        let signer = SignerDescription(keyIdentifier: summary.keyIdentifierHex,
                                       certificateSubject: summary.certificateSubject)
        guard summary.contentType == .idData else {
            return SampleVerdict(kind: .malformed, reasonCode: "cms-content-type",
                                 reason: "eContentType is \(summary.contentType), the profile signs id-data records",
                                 signer: signer)
        }
        let record: SignedRecord
        do {
            record = try SignedRecord(derEncoded: summary.content)
        } catch {
            return SampleVerdict(kind: .malformed, reasonCode: "record-\(error.code)",
                                 reason: "signed content is not a valid record: \(error)", signer: signer)
        }
        var comparator = FieldComparator(form: storedForm)
        comparator.compare(record: record, with: sample)
        if comparator.mismatches.isEmpty {
            return SampleVerdict(kind: .valid, reasonCode: "ok", reason: "signature valid and stored fields match",
                                 notes: comparator.notes, signer: signer, record: record)
        }
        let list = comparator.mismatches.map(\.description).joined(separator: "; ")
        return SampleVerdict(kind: .contentMismatch, reasonCode: "fields-differ", reason: list,
                             mismatches: comparator.mismatches, notes: comparator.notes,
                             signer: signer, record: record)
    }

    /// The signer a SignedData names, for verdicts where it could not be trusted or verified.
    static func claimedSigner(_ der: [UInt8]) -> SignerDescription? {
        guard let view = try? CMSSignedDataView(derEncoded: der), let info = view.signerInfos.first else { return nil }
        if case .subjectKeyIdentifier(let ski) = info.sid {
            return SignerDescription(keyIdentifier: Hex.encode(ski),
                                     certificateSubject: nil)
        }
        return SignerDescription(keyIdentifier: info.sid.description, certificateSubject: nil)
    }
}
