@_spi(FastPathReference) import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples

/// Verifies stored samples against a trust set of device keys (docs/VERIFY.md).
public struct SampleVerifier: Sendable {
    /// The keys and certificates trusted to sign.
    public private(set) var trust: TrustSet
    /// The time at which the certificates a signer is trusted through must be valid; `nil`
    /// means the reading's signed time, its record's end date (docs/VERIFY.md, "Certificate
    /// time"). `verify --at now` passes the current time.
    public let date: Date?
    /// The descriptions of the trusted signers, made once rather than for every valid verdict.
    private let signerDescriptions: TrustedSignerDescriptions
    /// Whether signatures take the reference paths: every SignedData through the full checks
    /// (``CMSVerifier/verifyWithoutLayoutShortcut(_:trust:certificateTime:)``) and every signed
    /// time read by decoding the record (``signedTime(_:)``).
    private var takesReferencePaths = false

    /// Creates a verifier; `date` as ``date`` says.
    public init(trust: TrustSet, at date: Date? = nil) {
        self.trust = trust
        self.date = date
        signerDescriptions = TrustedSignerDescriptions(trust)
    }

    /// A verifier that gives the same verdicts as ``init(trust:at:)`` by the reference paths
    /// only: what the shortcuts for the profile's layout and for a sample's own signed time are
    /// tested against.
    @_spi(FastPathReference)
    public static func withoutShortcuts(trust: TrustSet, at date: Date? = nil) -> SampleVerifier {
        var verifier = SampleVerifier(trust: trust, at: date)
        verifier.takesReferencePaths = true
        return verifier
    }

    /// The signature text stored in the sample's metadata, under `HKDigitalSignature` or its
    /// SDK name.
    public static func signatureText(of sample: Sample) -> String? {
        // The first entry under either spelling, as `metadata[MetadataKey.digitalSignature]`
        // finds it, but by String equality with the two spellings (canonically equivalent
        // spellings included) instead of mapping every entry's key to its stored name through a
        // hashed table: this runs for every verified sample.
        // Read in place by index: the entry found was copied out whole, and its value again.
        let key = MetadataKey.digitalSignature
        let entries = sample.metadata.entries
        for index in entries.indices where entries[index].key == key.storedName || entries[index].key == key.constantName {
            if case .string(let text) = entries[index].value { return text }
            return entries[index].value.description
        }
        return nil
    }

    /// What a signature yields before any stored field is looked at (docs/VERIFY.md steps 2–3):
    /// the signed record and its signer, or the verdict that stops there.
    public enum SignedRecordOutcome: Sendable {
        /// A trusted, valid signature over a format-1 record.
        case record(SignedRecord, signer: SignerDescription)
        /// Not base64, not a valid or trusted SignedData, or not a record.
        case verdict(SampleVerdict)
    }

    /// The metadata key of a per-sample signature's RFC 3161 token (base64 DER), outside the
    /// signed record like the signature (docs/TRUST.md, "Trusted time").
    public static let timestampKey = "HealthSigTimestamp"

    /// The token text stored under ``timestampKey``, if any.
    public static func timestampText(of sample: Sample) -> String? {
        let entries = sample.metadata.entries
        for index in entries.indices where entries[index].key == timestampKey {
            if case .string(let text) = entries[index].value { return text }
            return entries[index].value.description
        }
        return nil
    }

    /// Verifies one stored sample.
    public func verify(_ sample: Sample, storedForm: StoredForm = .json) -> SampleVerdict {
        guard let text = Self.signatureText(of: sample) else {
            return SampleVerdict(kind: .unsigned, reasonCode: "no-signature", reason: SampleVerdict.noSignatureReason)
        }
        // A sample without a token pays this one metadata scan and nothing more.
        if let tokenText = Self.timestampText(of: sample) {
            return verify(sample, signatureText: text, tokenText: tokenText, storedForm: storedForm)
        }
        // Decoded into room of its own, freed here: the DER is read once, by the CMS verifier.
        // (Not room lent to a closure: the closure's context copied the sample and the
        // verifier, every reference in them retained.)
        let room = UnsafeMutableBufferPointer<UInt8>.allocate(
            capacity: SignatureText.decodedCapacity(characterCount: text.utf8.count))
        defer { room.deallocate() }
        guard let count = SignatureText.decode(text, into: room), count > 0 else {
            return .notBase64()
        }
        return verify(sample, signatureBytes: UnsafeBufferPointer(rebasing: room[..<count]), storedForm: storedForm)
    }

    /// A stamped sample: the token is checked first, and when it holds its genTime is the
    /// trusted time of the revocation rule; the verdict carries what the token said.
    private func verify(_ sample: Sample, signatureText text: String, tokenText: String, storedForm: StoredForm) -> SampleVerdict {
        guard let der = SignatureText.decode(text), !der.isEmpty else { return .notBase64() }
        var timestamp = SignatureTimestamp.check(tokenText: tokenText, signatureDER: der,
                                                 authorities: trust.timeStampAuthorities)
        if timestamp.trustedTime != nil {
            timestamp = timestamp.flagging(readingDate: sample.endDate.date)
        }
        var verdict = trusting(signatureTime: timestamp.trustedTime).verify(sample, signatureDER: der, storedForm: storedForm)
        verdict.timestampBox = SignatureTimestampBox(timestamp)
        return verdict
    }

    /// This verifier with `time`, a checked token's genTime, as the trusted time of the
    /// revocation rule for one signature; itself when `time` is `nil`.
    func trusting(signatureTime time: Date?) -> SampleVerifier {
        guard let time else { return self }
        var verifier = self
        verifier.trust.revocations.trustedTime = time
        return verifier
    }

    /// Verifies a sample against a signature given as DER bytes.
    public func verify(_ sample: Sample, signatureDER der: [UInt8], storedForm: StoredForm = .json) -> SampleVerdict {
        der.withUnsafeBufferPointer { verify(sample, signatureBytes: $0, storedForm: storedForm) }
    }

    /// ``verify(_:signatureDER:storedForm:)`` of DER bytes lent in place.
    private func verify(_ sample: Sample, signatureBytes der: UnsafeBufferPointer<UInt8>, storedForm: StoredForm) -> SampleVerdict {
        // DER is canonical: a JSON-stored sample whose record, rebuilt as the signer builds it,
        // is the signed content octet for octet has every signed field equal, and the record
        // need not be decoded (the batch verifier relies on the same property). Any difference,
        // and export.xml's lossy form always, goes through the field-by-field comparison, which
        // names the fields. Rebuilt before the signature is checked, so that the time its
        // certificates are checked at is, for that record, the sample's own end date.
        let record = storedForm == .json ? try? RecordBuilder.encodedRecord(for: sample) : nil
        let content: [UInt8], signer: SignerDescription
        switch verifiedContent(signatureBytes: der, certificateTime: certificateTime(record: record, endDate: sample.endDate.date)) {
        case .verdict(let verdict): return verdict
        case .content(let c, let s): (content, signer) = (c, s)
        }
        if let record, ByteArrays.equal(record, content) {
            return .fieldsMatch(signer: signer, signedRecord: .encoded(content))
        }
        return compare(sample, decodedRecord(content, signer: signer), storedForm: storedForm)
    }

    /// The time a signature's certificates are checked at, for a sample whose own record is
    /// `record`: ``date``, else the signed record's end date (``signedTime(_:)``), which for
    /// content equal to `record` is the sample's `endDate` (every signed field equal, as above),
    /// taken without decoding the record.
    private func certificateTime(record: [UInt8]?, endDate: Date) -> CMSVerifier.CertificateTime {
        if let date { return .fixed(date) }
        guard let record, !takesReferencePaths else { return .statedByContent(Self.signedTime) }
        // Perf: ≈ 124,500 instructions a sample of fleet verify (11.9 %, the record's decoding for its
        // end date; bare key +2,100, 0.23 %), callgrind as scripts/count-instructions counts, 500 readings.
        return .statedByContent { content in ByteArrays.equal(content, record) ? endDate : Self.signedTime(content) }
    }

    /// The record behind a stored `HKDigitalSignature` text (``SignatureText``).
    public func signedRecord(signatureText text: String) -> SignedRecordOutcome {
        guard let der = SignatureText.decode(text), !der.isEmpty else {
            return .verdict(.notBase64())
        }
        return signedRecord(signatureDER: der)
    }

    /// The record behind a DER signature: CMS verification against the trust set, then the
    /// record decoded from the content. Every verdict whose SignedData names a signer reports it.
    public func signedRecord(signatureDER der: [UInt8]) -> SignedRecordOutcome {
        let content: [UInt8], signer: SignerDescription
        switch verifiedContent(signatureDER: der) {
        case .verdict(let verdict): return .verdict(verdict)
        case .content(let c, let s): (content, signer) = (c, s)
        }
        return decodedRecord(content, signer: signer)
    }

    /// The record decoded from verified content, or the verdict when it is not a valid record.
    private func decodedRecord(_ content: [UInt8], signer: SignerDescription) -> SignedRecordOutcome {
        do {
            return .record(try SignedRecord(derEncoded: content), signer: signer)
        } catch {
            return .verdict(SampleVerdict(kind: .malformed, reasonCode: "record-\(error.code)",
                                          reason: "signed content is not a valid record: \(error)", signer: signer))
        }
    }

    /// What a profile SignedData yields before its content is interpreted.
    enum VerifiedContentOutcome {
        /// A trusted, valid signature over id-data content.
        case content([UInt8], signer: SignerDescription)
        /// Not a valid or trusted SignedData.
        case verdict(SampleVerdict)
    }

    /// CMS verification against the trust set (docs/VERIFY.md step 2), shared by per-sample
    /// records and batch manifests.
    func verifiedContent(signatureDER der: [UInt8]) -> VerifiedContentOutcome {
        der.withUnsafeBufferPointer { verifiedContent(signatureBytes: $0) }
    }

    /// ``verifiedContent(signatureDER:)`` of DER bytes lent in place.
    func verifiedContent(signatureBytes der: UnsafeBufferPointer<UInt8>) -> VerifiedContentOutcome {
        verifiedContent(signatureBytes: der,
                        certificateTime: date.map { .fixed($0) } ?? .statedByContent(Self.signedTime))
    }

    /// ``verifiedContent(signatureDER:)`` with certificates checked at `certificateTime`: a
    /// batch signature's are checked at each member's signed time (docs/BATCH.md).
    func verifiedContent(signatureDER der: [UInt8], certificateTime: CMSVerifier.CertificateTime) -> VerifiedContentOutcome {
        der.withUnsafeBufferPointer { verifiedContent(signatureBytes: $0, certificateTime: certificateTime) }
    }

    private func verifiedContent(signatureBytes der: UnsafeBufferPointer<UInt8>,
                                 certificateTime: CMSVerifier.CertificateTime) -> VerifiedContentOutcome {
        let summary: CMSSignerInfoSummary
        let verdict = takesReferencePaths
            ? CMSVerifier.verifyWithoutLayoutShortcut(Array(der), trust: trust, certificateTime: certificateTime)
            : CMSVerifier.verify(bytes: der, trust: trust, certificateTime: certificateTime)
        // Consumed: the summary is moved out of the verdict, not copied (every array retained)
        // with the verdict destroyed after.
        switch consume verdict {
        case .valid(let s):
            summary = s
        case .untrustedSigner(let reason):
            return .verdict(SampleVerdict(kind: .untrustedSigner, reasonCode: "cms-untrusted-signer", reason: reason,
                                          signer: Self.claimedSigner(Array(der))))
        case .badSignature(let reason):
            return .verdict(SampleVerdict(kind: .badSignature, reasonCode: "cms-bad-signature", reason: reason,
                                          signer: Self.claimedSigner(Array(der))))
        case .malformed(let reason, let code, let offset):
            return .verdict(SampleVerdict(kind: .malformed, reasonCode: "cms-\(code)",
                                          reason: reason + (offset.map { " (offset \($0))" } ?? ""),
                                          signer: Self.claimedSigner(Array(der))))
        case .unsupportedAlgorithm(let reason):
            return .verdict(SampleVerdict(kind: .malformed, reasonCode: "cms-unsupported-algorithm", reason: reason,
                                          signer: Self.claimedSigner(Array(der))))
        }
        let signer = signerDescriptions.description(keyIdentifier: summary.keyIdentifier,
                                                    certificateSubject: summary.certificateSubject)
        guard summary.contentType == .idData else {
            return .verdict(SampleVerdict(kind: .malformed, reasonCode: "cms-content-type",
                                          reason: "eContentType is \(summary.contentType), the profile signs id-data records",
                                          signer: signer))
        }
        // A revoked signer's signature proves nothing about the content (docs/TRUST.md).
        if let revocation = summary.revocation {
            return .verdict(.revoked(revocation, signer: signer))
        }
        return .content(Array(summary.content), signer: signer)
    }

    /// Step 4: every signed field against the stored sample.
    private func compare(_ sample: Sample, _ outcome: SignedRecordOutcome, storedForm: StoredForm) -> SampleVerdict {
        let (record, signer): (SignedRecord, SignerDescription)
        switch outcome {
        case .verdict(let verdict): return verdict
        case .record(let r, let s): (record, signer) = (r, s)
        }
        return verdict(comparing: sample, with: record, signer: signer, storedForm: storedForm)
    }

    /// The verdict of a stored sample against a trusted record (per-sample or from a batch).
    func verdict(comparing sample: Sample, with record: SignedRecord, signer: SignerDescription,
                 storedForm: StoredForm) -> SampleVerdict {
        var comparator = FieldComparator(form: storedForm)
        comparator.compare(record: record, with: sample)
        if comparator.mismatches.isEmpty {
            return .fieldsMatch(signer: signer, notes: comparator.notes, signedRecord: .decoded(record),
                                unsignedContext: comparator.unsignedContext)
        }
        let list = comparator.mismatches.map(\.description).joined(separator: "; ")
        return SampleVerdict(kind: .contentMismatch, reasonCode: "fields-differ", reason: list,
                             mismatches: comparator.mismatches, notes: comparator.notes,
                             signer: signer, signedRecord: .decoded(record), unsignedContext: comparator.unsignedContext)
    }

    /// The reading's signed time: the end date of the signed record `content`.
    ///
    /// The profile has no signing-time attribute, so the record's dates are the only time a
    /// device signs. The end date is taken because a device signs a reading once it is complete,
    /// never before its end: a certificate must be valid then. The date is read before the
    /// signature is checked, but only a signature that then verifies, over this very record,
    /// gives a `valid` verdict, so an altered date cannot help. `nil` when the content is not a
    /// record (its own verdict follows; certificates are then checked at the current time).
    @Sendable static func signedTime(_ content: [UInt8]) -> Date? {
        (try? SignedRecord(derEncoded: content))?.endDate.date
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
