import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples

/// Verifies batch-signed samples as they stream past (docs/BATCH.md, "Verification"), and
/// per-sample-signed or unsigned ones as `SampleVerifier` does.
///
/// One ECDSA verification per batch: a carrier's signature is verified once and its manifest
/// kept (compressed; the inflated records of the `inflatedBatchLimit` most recently used
/// batches). Members met before their carrier wait, at most `pendingLimit` of them; beyond that
/// the oldest is given up as `unsigned` (`batch-signature-missing`), as is every member still
/// waiting at ``finish()``. Verdicts therefore come back in resolution order, each with the
/// caller's `Tag` (a line number, an index) to put them back in input order.
public struct BatchSampleVerifier<Tag: Sendable>: Sendable {
    /// One sample's verdict.
    public struct Outcome: Sendable {
        /// What the caller passed with the sample.
        public let tag: Tag
        /// The verdict.
        public let verdict: SampleVerdict
        /// The sample's batch reference, when it had a valid one.
        public let batch: BatchReference?
    }

    /// The per-sample verifier (trust set, date) also used for batch signatures.
    public let verifier: SampleVerifier
    /// Most members kept waiting for their batch's signature.
    public let pendingLimit: Int
    /// Most batches whose inflated records are kept at once.
    public let inflatedBatchLimit: Int

    private enum SignatureState: Sendable {
        case verified(manifest: [UInt8], count: Int, signer: SignerDescription)
        case failed(SampleVerdict)
    }

    private struct BatchState: Sendable {
        var signature: SignatureState?
        /// SHA-256 of the first signature met, to recognise further carriers' copies.
        var signatureDigest: [UInt8]?
        /// Whether a carrier held a different signature for this batch.
        var conflict = false
        var seen: Set<Int> = []
    }

    private struct Waiting: Sendable {
        let tag: Tag
        let sample: Sample
        let form: StoredForm
        let reference: BatchReference
        let duplicate: Bool
    }

    private var batches: [BatchKey: BatchState] = [:]
    private var order: [BatchKey] = []
    private var waiting: [Waiting] = []
    private var inflated: [BatchKey: BatchManifest] = [:]
    private var inflatedOrder: [BatchKey] = []
    private var matcher = RepeatedRecordMatcher()

    /// Creates a verifier.
    public init(verifier: SampleVerifier, pendingLimit: Int = 16_384, inflatedBatchLimit: Int = 4) {
        self.verifier = verifier
        self.pendingLimit = max(pendingLimit, 1)
        self.inflatedBatchLimit = max(inflatedBatchLimit, 1)
    }

    /// Verifies one stored sample; returns every verdict that became known (this sample's, or
    /// none yet, and those of waiting members its batch signature resolves).
    public mutating func add(_ sample: Sample, storedForm: StoredForm = .json, tag: Tag) -> [Outcome] {
        var outcomes: [Outcome] = []
        var ownSignatureFailure: SampleVerdict?
        let keys = BatchMetadataKeys(sample.metadata)
        let referenceText = Self.text(keys.reference)
        let reference = referenceText.flatMap(BatchReference.init(text:))
        if let signatureText = Self.text(keys.signature) {
            ownSignatureFailure = register(signatureText, carrierReference: reference, into: &outcomes)
        }
        if keys.hasDigitalSignature || referenceText == nil {
            outcomes.append(Outcome(tag: tag, verdict: verifier.verify(sample, storedForm: storedForm), batch: nil))
            return outcomes
        }
        guard let reference else {
            let verdict = ownSignatureFailure ?? SampleVerdict(
                kind: .malformed, reasonCode: "batch-reference",
                reason: "\(BatchReference.metadataKey) is not <16-character base64url id>/<index>")
            outcomes.append(Outcome(tag: tag, verdict: verdict, batch: nil))
            return outcomes
        }
        _ = batch(reference.batchIdentifier)
        let duplicate = batches[BatchKey(reference.batchIdentifier)]?.seen.insert(reference.index).inserted == false
        let member = Waiting(tag: tag, sample: sample, form: storedForm, reference: reference, duplicate: duplicate)
        if let ownSignatureFailure {
            outcomes.append(Outcome(tag: tag, verdict: ownSignatureFailure, batch: reference))
        } else if batches[BatchKey(reference.batchIdentifier)]?.signature != nil {
            outcomes.append(resolve(member))
        } else {
            waiting.append(member)
            if waiting.count > pendingLimit {
                outcomes.append(giveUp(waiting.removeFirst(), reason: "within \(pendingLimit) samples"))
            }
        }
        return outcomes
    }

    /// The end of the input: every member still waiting is `unsigned` (`batch-signature-missing`).
    public mutating func finish() -> [Outcome] {
        let left = waiting
        waiting.removeAll()
        return left.map { giveUp($0, reason: "in the input") }
    }

    /// Gives up the member that has waited longest for its batch's signature (`unsigned`,
    /// `batch-signature-missing`): for a caller that keeps verdicts in input order and must bound
    /// what it holds behind that member. `nil` when none is waiting.
    public mutating func giveUpOldestWaiting() -> Outcome? {
        guard !waiting.isEmpty else { return nil }
        return giveUp(waiting.removeFirst(), reason: "before the verifier had to report it")
    }

    /// Whether `sample` takes part in batch verification: it refers to a batch or carries a
    /// batch signature.
    public static func involvesBatch(_ sample: Sample) -> Bool {
        // What BatchMetadataKeys finds as its reference or signature, without also looking for
        // the per-sample signature: asked of every sample the verification pipeline decides.
        sample.metadata.entries.contains {
            $0.key == BatchReference.metadataKey || $0.key == BatchReference.signatureMetadataKey
        }
    }

    /// Every batch met so far, in the order first met.
    public var statuses: [BatchStatus] {
        order.compactMap { key in
            guard let state = batches[key] else { return nil }
            let identifier = BatchReference.identifierText(key.octets)
            switch state.signature {
            case .verified(_, let count, _)?:
                // Carriers that disagree leave the batch without one valid signature.
                return BatchStatus(identifier: identifier, count: count,
                                   present: state.seen.filter { $0 < count }.count,
                                   signature: state.conflict ? .contentMismatch : .valid)
            case .failed(let verdict)?:
                return BatchStatus(identifier: identifier, count: nil, present: state.seen.count, signature: verdict.kind)
            case nil:
                return BatchStatus(identifier: identifier, count: nil, present: state.seen.count, signature: .unsigned)
            }
        }
    }

    // MARK: - Signatures

    /// Verifies a batch signature found on a sample and resolves its batch's waiting members.
    /// Returns the failure verdict when the signature does not verify (the carrier gets it).
    private mutating func register(_ text: String, carrierReference: BatchReference?,
                                   into outcomes: inout [Outcome]) -> SampleVerdict? {
        let der = Self.base64Decoded(text)
        // What identifies this copy of a signature: its octets (or, when it is not base64, its text).
        let digest = Digest.sha256(der ?? Array(text.utf8))
        // Another carrier of a batch whose signature was already met, with the same octets: the
        // same octets give the same result, so they are not verified again.
        if let id = carrierReference?.batchIdentifier, let known = batches[BatchKey(id)], known.signatureDigest == digest {
            if case .failed(let verdict)? = known.signature { return verdict }
            return nil
        }
        let state: SignatureState
        var id = carrierReference?.batchIdentifier
        if let der, !der.isEmpty {
            switch verifier.verifiedContent(signatureDER: der) {
            case .verdict(let verdict):
                state = .failed(Self.batchVerdict(verdict))
                id = Self.claimedIdentifier(der) ?? id
            case .content(let content, let signer):
                do {
                    let manifest = try BatchManifest(derEncoded: content)
                    id = manifest.batchIdentifier
                    state = .verified(manifest: content, count: manifest.records.count, signer: signer)
                    cache(manifest)
                } catch {
                    state = .failed(SampleVerdict(kind: .malformed, reasonCode: "batch-manifest-\(error.code)",
                                                  reason: "batch signature content: \(error)", signer: signer))
                }
            }
        } else {
            state = .failed(.notBase64(metadataKey: BatchReference.signatureMetadataKey))
        }
        let failure: SampleVerdict? = if case .failed(let v) = state { v } else { nil }
        guard let id else { return failure }
        // The first signature met for a batch decides. A later carrier must hold the same octets:
        // different ones for the same batch are a conflict, reported on that carrier and in the
        // batch's status (its members met so far were decided by the first).
        if batch(id).signature != nil {
            guard batches[BatchKey(id)]?.signatureDigest != digest else { return failure }
            batches[BatchKey(id)]?.conflict = true
            return failure ?? Self.conflict(id, first: batches[BatchKey(id)]?.signatureDigest ?? [], copy: digest, state: state)
        }
        batches[BatchKey(id)]?.signature = state
        batches[BatchKey(id)]?.signatureDigest = digest
        let ready: [Waiting]
        if waiting.allSatisfy({ $0.reference.batchIdentifier == id }) {
            // The usual order, a batch's members then its carrier: all of them, no copying.
            ready = waiting
            waiting = []
        } else {
            ready = waiting.filter { $0.reference.batchIdentifier == id }
            waiting.removeAll { $0.reference.batchIdentifier == id }
        }
        for member in ready { outcomes.append(resolve(member)) }
        return failure
    }

    /// A member's verdict once its batch's signature is known.
    private mutating func resolve(_ member: Waiting) -> Outcome {
        let reference = member.reference
        func outcome(_ verdict: SampleVerdict) -> Outcome { Outcome(tag: member.tag, verdict: verdict, batch: reference) }
        guard case .verified(let content, let count, let signer)? = batches[BatchKey(reference.batchIdentifier)]?.signature else {
            if case .failed(let verdict)? = batches[BatchKey(reference.batchIdentifier)]?.signature { return outcome(verdict) }
            return giveUp(member, reason: "in the input")
        }
        guard reference.index < count else {
            return outcome(Self.indexMismatch(signed: "index 0...\(count - 1) (the batch holds \(count))",
                                              stored: "\(reference.index)", signer: signer))
        }
        if member.duplicate {
            return outcome(Self.indexMismatch(signed: "index \(reference.index) once",
                                              stored: "index \(reference.index) again (a duplicate)", signer: signer))
        }
        guard let manifest = manifest(reference.batchIdentifier, content: content) else {
            // Unreachable: the same octets decoded when the signature was registered.
            return outcome(SampleVerdict(kind: .malformed, reasonCode: "batch-manifest-records",
                                         reason: "batch manifest could not be decoded again", signer: signer))
        }
        let signed = manifest.records[reference.index]
        // DER is canonical: when the record rebuilt from a JSON-stored sample is the signed record
        // octet for octet, every field is equal and nothing needs decoding. Any difference (and
        // export.xml's lossy form, always) goes through the field-by-field comparison. Most
        // samples differ from the previous one only in value and dates, which the matcher
        // checks without rebuilding the whole record.
        if member.form == .json {
            var equal = matcher.matches(member.sample, signed: signed)
            if equal == nil, let rebuilt = try? RecordBuilder.encodedRecord(for: member.sample) {
                matcher.remember(member.sample, record: rebuilt)
                equal = RepeatedRecordMatcher.sameOctets(rebuilt[...], signed)
            }
            if equal == true {
                return outcome(.fieldsMatch(signer: signer, signedRecord: nil))
            }
        }
        let record: SignedRecord
        do {
            record = try SignedRecord(derEncoded: Array(signed))
        } catch {
            return outcome(SampleVerdict(kind: .malformed, reasonCode: "record-\(error.code)",
                                         reason: "record \(reference.index) of the batch is not a valid record: \(error)",
                                         signer: signer))
        }
        return outcome(verifier.verdict(comparing: member.sample, with: record, signer: signer, storedForm: member.form))
    }

    private func giveUp(_ member: Waiting, reason: String) -> Outcome {
        let id = BatchReference.identifierText(member.reference.batchIdentifier)
        return Outcome(tag: member.tag, verdict: SampleVerdict(
            kind: .unsigned, reasonCode: "batch-signature-missing",
            reason: "no sample carrying the signature of batch \(id) (\(BatchReference.signatureMetadataKey)) was found \(reason); "
                + "a batch reference alone proves nothing"), batch: member.reference)
    }

    // MARK: - State

    private mutating func batch(_ id: [UInt8]) -> BatchState {
        let key = BatchKey(id)
        if let state = batches[key] { return state }
        batches[key] = BatchState()
        order.append(key)
        return BatchState()
    }

    private mutating func cache(_ manifest: BatchManifest) {
        let key = BatchKey(manifest.batchIdentifier)
        if inflated[key] == nil {
            inflatedOrder.append(key)
            if inflatedOrder.count > inflatedBatchLimit { inflated[inflatedOrder.removeFirst()] = nil }
        }
        inflated[key] = manifest
    }

    /// The inflated manifest, decoded again from its verified octets when it left the cache
    /// (no second ECDSA verification).
    private mutating func manifest(_ id: [UInt8], content: [UInt8]) -> BatchManifest? {
        if let manifest = inflated[BatchKey(id)] { return manifest }
        guard let manifest = try? BatchManifest(derEncoded: content) else { return nil }
        cache(manifest)
        return manifest
    }

    // MARK: - Verdicts

    private static func indexMismatch(signed: String, stored: String, signer: SignerDescription) -> SampleVerdict {
        let mismatch = FieldMismatch(field: "batch.index", signed: signed, stored: stored)
        return SampleVerdict(kind: .contentMismatch, reasonCode: "fields-differ", reason: mismatch.description,
                             mismatches: [mismatch], signer: signer)
    }

    /// The verdict of a carrier whose signature differs from the one first met for its batch.
    private static func conflict(_ id: [UInt8], first: [UInt8], copy: [UInt8], state: SignatureState) -> SampleVerdict {
        let signer: SignerDescription? = switch state {
        case .verified(_, _, let s): s
        case .failed(let v): v.signer
        }
        let mismatch = FieldMismatch(
            field: BatchReference.signatureMetadataKey,
            signed: "the signature of batch \(BatchReference.identifierText(id)) met first (SHA-256 \(Hex.encode(first.prefix(8)))…)",
            stored: "a different signature (SHA-256 \(Hex.encode(copy.prefix(8)))…)")
        return SampleVerdict(kind: .contentMismatch, reasonCode: "batch-signature-conflict",
                             reason: "carriers of one batch disagree: \(mismatch)", mismatches: [mismatch], signer: signer)
    }

    /// A CMS failure of a batch signature, with a reason that says it was the batch's.
    private static func batchVerdict(_ verdict: SampleVerdict) -> SampleVerdict {
        SampleVerdict(kind: verdict.kind, reasonCode: verdict.reasonCode, reason: "batch signature: \(verdict.reason)",
                      signer: verdict.signer)
    }

    /// The batch identifier an unverified SignedData's content claims, to charge a failed
    /// signature to its batch.
    private static func claimedIdentifier(_ der: [UInt8]) -> [UInt8]? {
        guard let view = try? CMSSignedDataView(derEncoded: der), let content = view.content,
              let root = try? DER.parse(content), root.children.count > 1,
              root.children[1].tag == .octetString,
              root.children[1].content.count == BatchManifest.batchIdentifierLength
        else { return nil }
        return Array(root.children[1].content)
    }

    /// The DER of a stored batch signature: base64 with any whitespace removed. The common case,
    /// ASCII whitespace at most, is decoded on the UTF-8 bytes (``SignatureText``); only text it
    /// refuses takes the slower path through `Character`s and Foundation, which also removes
    /// Unicode whitespace.
    private static func base64Decoded(_ text: String) -> [UInt8]? {
        if let der = SignatureText.decode(text) { return der }
        return Data(base64Encoded: text.filter { !$0.isWhitespace }).map { Array($0) }
    }

    private static func text(_ value: MetadataValue?) -> String? {
        switch value {
        case .string(let s)?: return s
        case let other?: return other.description
        case nil: return nil
        }
    }
}
