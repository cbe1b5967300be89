import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples

/// Verifies batch-signed samples as they stream past (docs/BATCH.md, "Verification"), and
/// per-sample-signed or unsigned ones as `SampleVerifier` does.
///
/// A batch is the one its carriers make it: a carrier of batch X is a sample whose own
/// `HealthSigBatch` names X and whose signature's manifest has `batchId` X, and the key that
/// verified such a carrier is the batch's signer. One ECDSA verification per batch (and per
/// certificate period its members' signed times fall in): a carrier's signature is verified
/// once and its manifest kept (compressed; the inflated records of the `inflatedBatchLimit`
/// most recently used batches). Members met before a carrier whose copy verifies wait, at most
/// `pendingLimit` of them; beyond that the oldest is given up, as is every member still waiting
/// at ``finish()``: with the failure of its batch's damaged copies when there were some, else
/// `unsigned` (`batch-signature-missing`). Verdicts therefore come back in resolution order,
/// each with the caller's `Tag` (a line number, an index) to put them back in input order.
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

    /// A stored item of a batch: a sample, or an item that is not a valid sample (its fields as
    /// written, the field the reader refused and why), judged against its record like a
    /// per-sample-signed one (``InvalidStoredSampleVerdict``).
    private enum Stored: Sendable {
        case sample(Sample)
        case invalid(StoredSampleFields, field: String, problem: String)
        /// An item whose verdict does not depend on its record (a type outside the catalog).
        case decided(SampleVerdict)
    }

    /// How a batch's signature holds at one certificate period.
    private enum PeriodVerdict: Sendable {
        case trusted(SignerDescription)
        /// Refused when checked at `checkedAt`; `nil` when no check was made.
        case failed(SampleVerdict, checkedAt: Date?)

        /// The verdict for a member signed at `date`. Within a period the verdict cannot change,
        /// but a refusal's reason names the instant it was checked at: a member of the same
        /// period signed at another instant is told its own time, as a per-sample signature is.
        func at(_ date: Date) -> PeriodVerdict {
            guard case .failed(let verdict, let checked?) = self, checked != date,
                  let range = verdict.reason.range(of: " at \(CMSVerifier.timeText(checked)): ") else { return self }
            let reason = verdict.reason.replacingCharacters(in: range, with: " at \(CMSVerifier.timeText(date)): ")
            return .failed(SampleVerdict(kind: verdict.kind, reasonCode: verdict.reasonCode, reason: reason,
                                         mismatches: verdict.mismatches, notes: verdict.notes, signer: verdict.signer),
                           checkedAt: date)
        }
    }

    /// A carrier's signature that verified, with the batch it is the signature of.
    private struct VerifiedCopy: Sendable {
        let digest: [UInt8]
        /// The SignedData, kept to check its certificates at other members' signed times; `nil`
        /// once the batch is complete (retired).
        let der: [UInt8]?
        /// The manifest (the verified content); `nil` once the batch is complete.
        let manifest: [UInt8]?
        let count: Int
        /// The signer as the first check named it.
        let signer: SignerDescription
        /// The instants at which the verdict of a certificate check can change; `nil` when it
        /// cannot (a fixed `--at` time, or no certificate in the trust set).
        let boundaries: [Int64]?
        /// The token of the carrier this copy was first met on, as checked; `nil` without one.
        let timestamp: SignatureTimestamp?
        var periods: [Int: PeriodVerdict] = [:]
    }

    /// What a carrier's copy turned out to be, remembered by its digest so that a copy met again
    /// is not verified again.
    private enum CopyKind: Sendable {
        case verified
        case failed(SampleVerdict)
        case conflict(SampleVerdict)
    }

    /// What a batch's carriers brought: boxed, as most batches of a run are waiting for their
    /// carrier or done with it, and the state of each is kept for the whole run.
    private final class Signatures: @unchecked Sendable {
        // Mutated only through the verifier's own (uniquely owned) state; never shared between
        // verifiers (``BatchState/signaturesForWriting()`` copies a shared box).
        /// The first carrier's copy that verified: the batch's signature.
        var signature: VerifiedCopy?
        /// A second, different copy that also verified: every member decided from then on is a
        /// conflict.
        var conflict: SampleVerdict?
        /// The first copy that did not verify, given to members no verified copy decides.
        var firstFailure: SampleVerdict?
        /// Copies met, by digest (a few: a batch has at most 16 carriers).
        var copies: [(digest: [UInt8], kind: CopyKind)] = []

        init() {}

        init(copying other: Signatures) {
            signature = other.signature
            conflict = other.conflict
            firstFailure = other.firstFailure
            copies = other.copies
        }
    }

    /// The indices of a batch met so far: most batches of a long run are met once or are
    /// complete, so neither keeps a set.
    private enum SeenIndices: Sendable {
        case one(Int)
        case some(Set<Int>)
        /// Every index below the batch's count (and none kept).
        case all

        /// Adds `index`; whether it was new.
        mutating func insert(_ index: Int) -> Bool {
            switch self {
            case .one(let first):
                guard first != index else { return false }
                self = .some([first, index])
                return true
            case .some(var set):
                self = .one(0)   // releases the set, so that it is inserted into in place
                let inserted = set.insert(index).inserted
                self = .some(set)
                return inserted
            case .all:
                return false
            }
        }

        /// The indices below `count`.
        func count(below count: Int) -> Int {
            switch self {
            case .one(let index): index < count ? 1 : 0
            case .some(let set): set.count { $0 < count }
            case .all: count
            }
        }

        var count: Int {
            switch self {
            case .one: 1
            case .some(let set): set.count
            case .all: 0
            }
        }
    }

    private struct BatchState: Sendable {
        private var box: Signatures?
        var seen: SeenIndices
        /// Members waiting for a verified copy, oldest first (from `head`).
        var waiting: [Waiting] = []
        var head = 0

        init(first index: Int) { seen = .one(index) }

        /// A batch first met through a carrier read ahead, its index not counted yet.
        init() { seen = .some([]) }

        var signature: VerifiedCopy? { box?.signature }
        var conflict: SampleVerdict? { box?.conflict }
        var firstFailure: SampleVerdict? { box?.firstFailure }
        var copies: [(digest: [UInt8], kind: CopyKind)] { box?.copies ?? [] }

        /// The box to change: made when the first carrier comes, copied when shared.
        mutating func signaturesForWriting() -> Signatures {
            if let box, isKnownUniquelyReferenced(&self.box) { return box }
            let fresh = box.map(Signatures.init(copying:)) ?? Signatures()
            box = fresh
            return fresh
        }

        var waitingCount: Int { waiting.count - head }
    }

    private struct Waiting: Sendable {
        let serial: Int
        let tag: Tag
        let stored: Stored
        let form: StoredForm
        let reference: BatchReference
        let duplicate: Bool
    }

    private var batches: [BatchKey: BatchState] = [:]
    private var order: [BatchKey] = []
    /// Which batch each waiting member belongs to, oldest first (from `waitingHead`); entries of
    /// members already decided are skipped when met (their serial is no longer first in their
    /// batch), so waiting and giving up cost O(1) a member.
    private var waitingOrder: [(key: BatchKey, serial: Int)] = []
    private var waitingHead = 0
    private var waitingCount = 0
    private var nextSerial = 0
    /// Whether every carrier of the input has been registered (``registerCarrier(_:)`` over a
    /// second read of the whole input): a member whose batch has no verified copy then waits
    /// for nothing.
    private var allCarriersKnown = false
    private var inflated: [BatchKey: BatchManifest] = [:]
    private var inflatedOrder: [BatchKey] = []
    private var matcher = RepeatedRecordMatcher()
    #if DEBUG
    /// Entries of the waiting lists looked at so far, to give up or decide a member (debug
    /// builds only, for the tests that check each member costs O(1) however many wait).
    package private(set) var waitingEntriesExamined = 0
    #endif

    /// Most members a verifier keeps waiting unless told otherwise, and most items
    /// `healthsig verify` holds behind them (docs/BATCH.md, "Streaming and memory").
    public static var defaultPendingLimit: Int { 65_536 }

    /// Creates a verifier.
    public init(verifier: SampleVerifier, pendingLimit: Int = BatchSampleVerifier<Int>.defaultPendingLimit,
                inflatedBatchLimit: Int = 4) {
        self.verifier = verifier
        self.pendingLimit = max(pendingLimit, 1)
        self.inflatedBatchLimit = max(inflatedBatchLimit, 1)
    }

    /// Verifies one stored sample; returns every verdict that became known (this sample's, or
    /// none yet, and those of waiting members its batch signature resolves).
    public mutating func add(_ sample: Sample, storedForm: StoredForm = .json, tag: Tag) -> [Outcome] {
        let keys = BatchMetadataKeys(sample.metadata)
        if keys.hasDigitalSignature || keys.reference == nil {
            return [Outcome(tag: tag, verdict: verifier.verify(sample, storedForm: storedForm), batch: nil)]
        }
        return add(.sample(sample), keys: keys, storedForm: storedForm, tag: tag)
    }

    /// Verifies one stored item that is not a valid sample (`fields` as written; the reader
    /// refused `invalidField` because of `problem`). A batch member gets the verdict a
    /// per-sample-signed item would (docs/VERIFY.md): `content-mismatch` with reason code
    /// `stored-sample-invalid` naming the field, or its signature's failure, and counts as
    /// present in its batch. An item that refers to no batch gets
    /// ``InvalidStoredSampleVerdict``'s verdict.
    public mutating func addInvalid(_ fields: StoredSampleFields, invalidField: String, problem: String,
                                    storedForm: StoredForm = .json, tag: Tag) -> [Outcome] {
        let keys = BatchMetadataKeys(fields.metadata)
        if fields.signatureText != nil || keys.reference == nil {
            return [Outcome(tag: tag, verdict: InvalidStoredSampleVerdict.verdict(
                stored: fields, invalidField: invalidField, problem: problem, storedForm: storedForm, verifier: verifier),
                batch: nil)]
        }
        return add(.invalid(fields, field: invalidField, problem: problem), keys: keys, storedForm: storedForm, tag: tag)
    }

    /// Takes a stored item of a type outside the catalog: it gets `verdict` (`malformed`,
    /// `unsupported-type`, as a per-sample-signed one), counts as present in the batch it refers
    /// to, and a batch signature it carries counts for that batch.
    public mutating func addUnsupported(_ metadata: Metadata, verdict: SampleVerdict, storedForm: StoredForm,
                                        tag: Tag) -> [Outcome] {
        let keys = BatchMetadataKeys(metadata)
        if keys.hasDigitalSignature || keys.reference == nil { return [Outcome(tag: tag, verdict: verdict, batch: nil)] }
        return add(.decided(verdict), keys: keys, storedForm: storedForm, tag: tag)
    }

    private mutating func add(_ stored: Stored, keys: BatchMetadataKeys, storedForm: StoredForm, tag: Tag) -> [Outcome] {
        guard let reference = Self.text(keys.reference).flatMap(BatchReference.init(text:)) else {
            return [Outcome(tag: tag, verdict: SampleVerdict(
                kind: .malformed, reasonCode: "batch-reference",
                reason: "\(BatchReference.metadataKey) is not <16-character base64url id>/<index>"), batch: nil)]
        }
        var outcomes: [Outcome] = []
        let key = BatchKey(reference.batchIdentifier)
        let duplicate: Bool
        if batches[key] == nil {
            batches[key] = BatchState(first: reference.index)
            order.append(key)
            duplicate = false
        } else {
            duplicate = batches[key]?.seen.insert(reference.index) == false
        }
        // A signature counts for a batch only on one of its own members (docs/BATCH.md, "What
        // binds a member to its signer").
        var ownVerdict: SampleVerdict?
        if let signatureText = Self.text(keys.signature) {
            ownVerdict = register(signatureText, token: Self.text(keys.timestamp), carrier: reference, into: &outcomes)
                .map { Self.flagged($0, stored) }
        }
        let member = Waiting(serial: nextSerial, tag: tag, stored: stored, form: storedForm, reference: reference,
                             duplicate: duplicate)
        nextSerial += 1
        if let ownVerdict {
            outcomes.append(Outcome(tag: tag, verdict: ownVerdict, batch: reference))
        } else if case .decided(let verdict) = stored {
            outcomes.append(Outcome(tag: tag, verdict: verdict, batch: reference))
        } else if let state = batches[key], state.signature != nil || state.conflict != nil {
            outcomes.append(resolve(member))
        } else if allCarriersKnown {
            outcomes.append(giveUp(member, reason: "in the input"))
        } else {
            batches[key]?.waiting.append(member)
            waitingOrder.append((key, member.serial))
            waitingCount += 1
            if waitingCount > pendingLimit, let oldest = giveUpOldest(reason: "within \(pendingLimit) samples") {
                outcomes.append(oldest)
            }
        }
        retireIfComplete(key)
        return outcomes
    }

    /// A batch whose every index was met, decided by its verified copy, keeps only what decides
    /// later samples that refer to it (each then a duplicate, or beyond its count) and its status:
    /// not its indices, manifest or SignedData.
    private mutating func retireIfComplete(_ key: BatchKey) {
        guard var state = batches[key], let copy = state.signature, copy.manifest != nil, state.waitingCount == 0,
              state.seen.count(below: copy.count) == copy.count else { return }
        state.seen = .all
        let box = state.signaturesForWriting()
        box.signature = VerifiedCopy(digest: copy.digest, der: nil, manifest: nil, count: copy.count, signer: copy.signer,
                                     boundaries: nil, timestamp: copy.timestamp)
        batches[key] = state
        inflated[key] = nil
    }

    /// Registers the batch signature of a carrier met out of turn (a second read of the input
    /// for its carriers, docs/BATCH.md "Streaming and memory"): the carrier is not decided or
    /// counted here (it is when met in turn, its copy then known), its copy is checked as when
    /// met in turn, and the members it decides are returned.
    public mutating func registerCarrier(_ metadata: Metadata) -> [Outcome] {
        let keys = BatchMetadataKeys(metadata)
        guard !keys.hasDigitalSignature, let signatureText = Self.text(keys.signature),
              let reference = Self.text(keys.reference).flatMap(BatchReference.init(text:)) else { return [] }
        var outcomes: [Outcome] = []
        let key = BatchKey(reference.batchIdentifier)
        // Its index is not counted: the carrier is, when met in turn.
        if batches[key] == nil {
            batches[key] = BatchState()
            order.append(key)
        }
        _ = register(signatureText, token: Self.text(keys.timestamp), carrier: reference, into: &outcomes)
        return outcomes
    }

    /// Every carrier of the input is registered: members of batches without a verified copy are
    /// decided now (their batch's failure, or `batch-signature-missing`), and later ones at once.
    public mutating func carriersAreAllKnown() -> [Outcome] {
        allCarriersKnown = true
        return finish()
    }

    /// The end of the input: every member still waiting gets its batch's failure, or is
    /// `unsigned` (`batch-signature-missing`).
    public mutating func finish() -> [Outcome] {
        var outcomes: [Outcome] = []
        while let outcome = giveUpOldest(reason: "in the input") { outcomes.append(outcome) }
        return outcomes
    }

    /// Gives up the member that has waited longest for its batch's signature (its batch's
    /// failure, or `unsigned`, `batch-signature-missing`): for a caller that keeps verdicts in
    /// input order and must bound what it holds behind that member. `nil` when none is waiting.
    public mutating func giveUpOldestWaiting() -> Outcome? {
        giveUpOldest(reason: "before the verifier had to report it")
    }

    /// Whether `sample` takes part in batch verification: it refers to a batch or carries a
    /// batch signature.
    public static func involvesBatch(_ sample: Sample) -> Bool {
        involvesBatch(sample.metadata)
    }

    /// ``involvesBatch(_:)`` of an item's metadata.
    public static func involvesBatch(_ metadata: Metadata) -> Bool {
        // What BatchMetadataKeys finds as its reference or signature, without also looking for
        // the per-sample signature: asked of every sample the verification pipeline decides.
        metadata.entries.contains {
            $0.key == BatchReference.metadataKey || $0.key == BatchReference.signatureMetadataKey
        }
    }

    /// Every batch met so far, in the order first met.
    public var statuses: [BatchStatus] {
        order.compactMap { key in
            guard let state = batches[key] else { return nil }
            let identifier = BatchReference.identifierText(key.octets)
            if let copy = state.signature {
                // Carriers whose verified signatures differ leave the batch without one valid signature.
                return BatchStatus(identifier: identifier, count: copy.count,
                                   present: state.seen.count(below: copy.count),
                                   signature: state.conflict == nil ? .valid : .contentMismatch)
            }
            return BatchStatus(identifier: identifier, count: nil, present: state.seen.count,
                               signature: state.firstFailure?.kind ?? .unsigned)
        }
    }

    /// What the verifier keeps of the batches met so far, counted from its state on demand (for
    /// the tests that check memory is bounded by the open batches, not by the run's history).
    package struct Retained: Sendable, Equatable {
        /// Batches met.
        package var batches = 0
        /// Batches keeping their verified manifest.
        package var manifests = 0
        /// Batches keeping their SignedData.
        package var signedData = 0
        /// Batches keeping a set of the indices met (rather than one index, or none).
        package var indexSets = 0
        /// Inflated manifests cached.
        package var inflatedManifests = 0
    }

    /// ``Retained`` now.
    package var retained: Retained {
        var retained = Retained(batches: batches.count, inflatedManifests: inflated.count)
        for state in batches.values {
            if state.signature?.manifest != nil { retained.manifests += 1 }
            if state.signature?.der != nil { retained.signedData += 1 }
            if case SeenIndices.some(_) = state.seen { retained.indexSets += 1 }
        }
        return retained
    }

    // MARK: - Signatures

    /// The metadata key of a batch signature's RFC 3161 token (base64 DER), on the carriers
    /// beside `HealthSigBatchSignature` (docs/TRUST.md, "Trusted time").
    public static var timestampKey: String { "HealthSigBatchTimestamp" }

    /// Takes the batch signature found on `carrier`'s sample, with the token beside it
    /// (`HealthSigBatchTimestamp`), if any. Returns the carrier's own verdict when its copy
    /// decides it (a copy that does not verify, belongs to another batch, or conflicts with the
    /// batch's signature); `nil` when the carrier is then judged as a member.
    ///
    /// The token is read with the copy: a copy met again (by its digest) is not checked again,
    /// so the batch's token is the one on the first carrier its signature was met on, as the
    /// batch's signature is that carrier's copy. `timestamp` puts the same token on every carrier.
    private mutating func register(_ text: String, token: String?, carrier: BatchReference,
                                   into outcomes: inout [Outcome]) -> SampleVerdict? {
        let key = BatchKey(carrier.batchIdentifier)
        // Bounded before anything is decoded: base64 yields at most 3 octets for 4 characters.
        if text.utf8.count / 4 * 3 > BatchManifest.maximumSignatureLength,
           let octets = Self.decodedLength(text), octets > BatchManifest.maximumSignatureLength {
            return failed(key, Self.textDigest(text), SampleVerdict(
                kind: .malformed, reasonCode: "batch-signature-too-large",
                reason: "\(BatchReference.signatureMetadataKey) holds \(octets) octets, more than the "
                    + "\(BatchManifest.maximumSignatureLength) a batch signature may have"))
        }
        let der = Self.base64Decoded(text)
        // What identifies this copy of a signature: its octets (or, when it is not base64, its text).
        let digest = der.map { Digest.sha256($0) } ?? Self.textDigest(text)
        if let known = batches[key]?.copies.first(where: { $0.digest == digest }) {
            switch known.kind {
            case .verified: return batches[key]?.conflict
            case .failed(let verdict), .conflict(let verdict): return verdict
            }
        }
        guard let der, !der.isEmpty else {
            return failed(key, digest, .notBase64(metadataKey: BatchReference.signatureMetadataKey))
        }
        // A copy whose content claims another batch is not a carrier of this one, nor of that
        // one (its carrier is not a member there): it decides nothing, and is not verified.
        if let claimed = Self.claimedIdentifier(der), claimed != carrier.batchIdentifier {
            return Self.otherBatch(carrier, claimed: claimed)
        }
        // Checked as a per-sample signature's token is: when it holds, its genTime is the
        // trusted time of the revocation rule for every member; when not, it changes nothing
        // and is reported on each member's verdict.
        let timestamp = token.map {
            SignatureTimestamp.check(tokenText: $0, signatureDER: der, authorities: verifier.trust.timeStampAuthorities)
        }
        let checker = verifier.trusting(signatureTime: timestamp?.trustedTime)
        let fixedTime = verifier.date
        let index = carrier.index
        switch checker.verifiedContent(signatureDER: der, certificateTime: fixedTime.map { .fixed($0) }
                                       ?? .statedByContent({ Self.recordEndDate($0, index: index) })) {
        case .verdict(let verdict):
            // Refused at the carrier's own signed time; the certificate may still hold at other
            // members' (a batch spanning its end).
            guard verdict.kind == .untrustedSigner || verdict.kind == .revoked,
                  let copy = verifiedAtAnotherRecordTime(der, digest: digest, checker: checker, timestamp: timestamp) else {
                return failed(key, digest, Self.stamped(Self.batchVerdict(verdict), timestamp))
            }
            return accept(copy, key: key, into: &outcomes)
        case .content(let content, let signer):
            let manifest: BatchManifest
            do {
                manifest = try BatchManifest(derEncoded: content)
            } catch {
                return failed(key, digest, SampleVerdict(kind: .malformed, reasonCode: "batch-manifest-\(error.code)",
                                                         reason: "batch signature content: \(error)", signer: signer))
            }
            guard manifest.batchIdentifier == carrier.batchIdentifier else {
                return Self.otherBatch(carrier, claimed: manifest.batchIdentifier)
            }
            cache(manifest)
            var copy = VerifiedCopy(digest: digest, der: der, manifest: content, count: manifest.records.count,
                                    signer: signer, boundaries: certificateBoundaries(der), timestamp: timestamp)
            // Checked at the carrier's own signed time: that period is known.
            if let boundaries = copy.boundaries, manifest.records.indices.contains(index),
               let end = try? SignedRecord(derEncoded: Array(manifest.records[index])).endDate.date {
                copy.periods[Self.period(end, boundaries)] = .trusted(signer)
            }
            return accept(copy, key: key, into: &outcomes)
        }
    }

    /// A copy that verified for batch `key`: the batch's signature when it is the first, else a
    /// conflict for every member decided from now on. Resolves the batch's waiting members.
    private mutating func accept(_ copy: VerifiedCopy, key: BatchKey, into outcomes: inout [Outcome]) -> SampleVerdict? {
        var result: SampleVerdict?
        guard var state = batches[key] else { return nil }
        let box = state.signaturesForWriting()
        if let first = box.signature {
            let conflict = Self.conflict(key.octets, first: first.digest, copy: copy.digest, signer: copy.signer)
            box.conflict = conflict
            box.copies.append((copy.digest, .conflict(conflict)))
            result = conflict
        } else {
            box.signature = copy
            box.copies.append((copy.digest, .verified))
        }
        let ready = state.waiting[state.head...]
        state.waiting = []
        state.head = 0
        batches[key] = state
        waitingCount -= ready.count
        #if DEBUG
        waitingEntriesExamined += ready.count
        #endif
        for member in ready { outcomes.append(resolve(member)) }
        return result
    }

    /// Records a copy that does not verify: the carrier's own verdict, and its batch's failure
    /// should no verified copy be met.
    private mutating func failed(_ key: BatchKey, _ digest: [UInt8], _ verdict: SampleVerdict) -> SampleVerdict {
        guard var state = batches[key] else { return verdict }
        let box = state.signaturesForWriting()
        batches[key] = state
        if box.firstFailure == nil { box.firstFailure = verdict }
        if box.copies.count < 16 { box.copies.append((digest, .failed(verdict))) }
        return verdict
    }

    /// A copy refused as untrusted at its carrier's signed time, checked at the other signed
    /// times of its (as yet unverified) manifest, one per certificate period they fall in: the
    /// copy verifies when its certificates hold at one of them. Only when certificates can
    /// change the verdict.
    private mutating func verifiedAtAnotherRecordTime(_ der: [UInt8], digest: [UInt8], checker: SampleVerifier,
                                                      timestamp: SignatureTimestamp?) -> VerifiedCopy? {
        guard verifier.date == nil, let boundaries = certificateBoundaries(der),
              let view = try? CMSSignedDataView(derEncoded: der), let content = view.content,
              let manifest = try? BatchManifest(derEncoded: content)
        else { return nil }
        var tried: Set<Int> = []
        for record in manifest.records {
            guard let end = try? SignedRecord(derEncoded: Array(record)).endDate.date else { continue }
            let period = Self.period(end, boundaries)
            guard tried.insert(period).inserted else { continue }
            if case .content(let verified, let signer) = checker.verifiedContent(signatureDER: der, certificateTime: .fixed(end)) {
                cache(manifest)
                var copy = VerifiedCopy(digest: digest, der: der, manifest: verified, count: manifest.records.count,
                                        signer: signer, boundaries: boundaries, timestamp: timestamp)
                copy.periods[period] = .trusted(signer)
                return copy
            }
        }
        return nil
    }

    /// The instants at which a certificate the signature may be trusted through starts or stops
    /// being valid (whole seconds, as OpenSSL compares them): between two of them, and at each,
    /// every certificate check gives the same verdict. `nil` when certificates are checked at a
    /// fixed time or the trust set has none (a bare key has no validity period).
    private func certificateBoundaries(_ der: [UInt8]) -> [Int64]? {
        guard verifier.date == nil, !verifier.trust.certificates.isEmpty else { return nil }
        var certificates = verifier.trust.certificates
        if let view = try? CMSSignedDataView(derEncoded: der) {
            certificates += view.certificates.compactMap { try? Certificate(derEncoded: $0) }
        }
        // A revocation dated inside a period splits it too (docs/TRUST.md: a superseded
        // certificate revokes from its revocation date on).
        let instants = (certificates.flatMap { [$0.notBefore, $0.notAfter] } + verifier.trust.revocations.revocationDates)
            .map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        return Array(Set(instants)).sorted()
    }

    /// Which certificate period `date` falls in: 2k between the k-th and the next boundary,
    /// 2k + 1 at the (k+1)-th itself.
    private static func period(_ date: Date, _ boundaries: [Int64]) -> Int {
        let second = Int64(date.timeIntervalSince1970.rounded(.down))
        var low = 0, high = boundaries.count
        while low < high {
            let middle = (low + high) / 2
            if boundaries[middle] < second { low = middle + 1 } else { high = middle }
        }
        return 2 * low + (low < boundaries.count && boundaries[low] == second ? 1 : 0)
    }

    // MARK: - Members

    /// A member's verdict once its batch's signature (or a conflict) is known.
    private mutating func resolve(_ member: Waiting) -> Outcome {
        let reference = member.reference
        let key = BatchKey(reference.batchIdentifier)
        if let conflict = batches[key]?.conflict { return Outcome(tag: member.tag, verdict: conflict, batch: reference) }
        guard let copy = batches[key]?.signature else { return giveUp(member, reason: "in the input") }
        func outcome(_ verdict: SampleVerdict) -> Outcome {
            // Nearly every batch has no token: its members' verdicts are handed on untouched.
            guard let timestamp = copy.timestamp else { return Outcome(tag: member.tag, verdict: verdict, batch: reference) }
            return Outcome(tag: member.tag, verdict: Self.flagged(Self.stamped(verdict, timestamp), member.stored), batch: reference)
        }
        guard reference.index < copy.count else {
            return outcome(Self.indexMismatch(signed: "index 0...\(copy.count - 1) (the batch holds \(copy.count))",
                                              stored: "\(reference.index)", signer: copy.signer))
        }
        if member.duplicate {
            return outcome(Self.indexMismatch(signed: "index \(reference.index) once",
                                              stored: "index \(reference.index) again (a duplicate)", signer: copy.signer))
        }
        guard let content = copy.manifest, let manifest = manifest(key, content: content) else {
            // Unreachable: the same octets decoded when the signature was registered.
            return outcome(SampleVerdict(kind: .malformed, reasonCode: "batch-manifest-records",
                                         reason: "batch manifest could not be decoded again", signer: copy.signer))
        }
        let signed = manifest.records[reference.index]
        var signer = copy.signer
        var decoded: SignedRecord?
        if let boundaries = copy.boundaries {
            // The certificate must hold at this member's signed time, its record's end date
            // (docs/VERIFY.md, "Certificate time").
            do {
                decoded = try SignedRecord(derEncoded: Array(signed))
            } catch {
                return outcome(Self.recordMalformed(error, index: reference.index, signer: signer))
            }
            switch periodVerdict(key, at: decoded?.endDate.date ?? Date(), boundaries: boundaries) {
            case .failed(let verdict, _): return outcome(verdict)
            case .trusted(let s): signer = s
            }
        }
        switch member.stored {
        case .decided(let verdict):
            return outcome(verdict)
        case .invalid(let fields, let field, let problem):
            let record: SignedRecord
            do {
                record = try Self.record(decoded, signed)
            } catch {
                return outcome(Self.recordMalformed(error, index: reference.index, signer: signer))
            }
            return outcome(InvalidStoredSampleVerdict.verdict(stored: fields, invalidField: field, problem: problem,
                                                              storedForm: member.form, record: record, signer: signer))
        case .sample(let sample):
            // DER is canonical: when the record rebuilt from a JSON-stored sample is the signed
            // record octet for octet, every field is equal and nothing needs decoding. Any
            // difference (and export.xml's lossy form, always) goes through the field-by-field
            // comparison. Most samples differ from the previous one only in value and dates,
            // which the matcher checks without rebuilding the whole record.
            if member.form == .json {
                var equal = matcher.matches(sample, signed: signed)
                if equal == nil, let rebuilt = try? RecordBuilder.encodedRecord(for: sample) {
                    matcher.remember(sample, record: rebuilt)
                    equal = RepeatedRecordMatcher.sameOctets(rebuilt[...], signed)
                }
                if equal == true {
                    return outcome(.fieldsMatch(signer: signer, signedRecord: .equalToStored))
                }
            }
            let record: SignedRecord
            do {
                record = try Self.record(decoded, signed)
            } catch {
                return outcome(Self.recordMalformed(error, index: reference.index, signer: signer))
            }
            return outcome(verifier.verdict(comparing: sample, with: record, signer: signer, storedForm: member.form))
        }
    }

    /// The member's record: the one already decoded, else decoded from `signed`.
    private static func record(_ decoded: SignedRecord?, _ signed: ArraySlice<UInt8>) throws(RecordError) -> SignedRecord {
        if let decoded { return decoded }
        return try SignedRecord(derEncoded: Array(signed))
    }

    /// How the batch's signature holds at `date`: checked once per certificate period.
    private mutating func periodVerdict(_ key: BatchKey, at date: Date, boundaries: [Int64]) -> PeriodVerdict {
        let period = Self.period(date, boundaries)
        guard var state = batches[key], let copy = state.signature, let der = copy.der else {
            return .failed(SampleVerdict(kind: .unsigned, reasonCode: "batch-signature-missing", reason: ""), checkedAt: nil)
        }
        if let known = copy.periods[period] { return known.at(date) }
        let checker = verifier.trusting(signatureTime: copy.timestamp?.trustedTime)
        let verdict: PeriodVerdict = switch checker.verifiedContent(signatureDER: der, certificateTime: .fixed(date)) {
        case .content(_, let signer): .trusted(signer)
        case .verdict(let verdict): .failed(Self.batchVerdict(verdict), checkedAt: date)
        }
        let box = state.signaturesForWriting()
        batches[key] = state
        box.signature?.periods[period] = verdict
        return verdict
    }

    private mutating func giveUpOldest(reason: String) -> Outcome? {
        while waitingHead < waitingOrder.count {
            let (key, serial) = waitingOrder[waitingHead]
            waitingHead += 1
            #if DEBUG
            waitingEntriesExamined += 1
            #endif
            if waitingHead > 4_096, waitingHead * 2 > waitingOrder.count {
                waitingOrder.removeFirst(waitingHead)
                waitingHead = 0
            }
            guard var state = batches[key], state.head < state.waiting.count,
                  state.waiting[state.head].serial == serial else { continue }
            let member = state.waiting[state.head]
            state.head += 1
            if state.head == state.waiting.count {
                state.waiting = []
                state.head = 0
            } else if state.head > 64, state.head * 2 > state.waiting.count {
                state.waiting.removeFirst(state.head)
                state.head = 0
            }
            batches[key] = state
            waitingCount -= 1
            return giveUp(member, reason: reason)
        }
        waitingOrder.removeAll()
        waitingHead = 0
        return nil
    }

    /// The verdict of a member no verified copy decided: its batch's first failing copy's, or
    /// `unsigned` when no carrier was met.
    private func giveUp(_ member: Waiting, reason: String) -> Outcome {
        if let failure = batches[BatchKey(member.reference.batchIdentifier)]?.firstFailure {
            return Outcome(tag: member.tag, verdict: Self.flagged(failure, member.stored), batch: member.reference)
        }
        let id = BatchReference.identifierText(member.reference.batchIdentifier)
        return Outcome(tag: member.tag, verdict: SampleVerdict(
            kind: .unsigned, reasonCode: "batch-signature-missing",
            reason: "no sample carrying the signature of batch \(id) (\(BatchReference.signatureMetadataKey)) was found \(reason); "
                + "a batch reference alone proves nothing"), batch: member.reference)
    }

    // MARK: - State

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
    private mutating func manifest(_ key: BatchKey, content: [UInt8]) -> BatchManifest? {
        if let manifest = inflated[key] { return manifest }
        guard let manifest = try? BatchManifest(derEncoded: content) else { return nil }
        cache(manifest)
        return manifest
    }

    // MARK: - Verdicts

    /// `verdict` carrying the batch signature's token as checked (unflagged); itself without one.
    private static func stamped(_ verdict: SampleVerdict, _ timestamp: SignatureTimestamp?) -> SampleVerdict {
        guard let timestamp else { return verdict }
        var stamped = verdict
        stamped.timestampBox = SignatureTimestampBox(timestamp)
        return stamped
    }

    /// `verdict` with its token flagged when the member's own date is after the token's trusted
    /// genTime (a device clock ahead of the gateway), as a per-sample reading is.
    private static func flagged(_ verdict: SampleVerdict, _ stored: Stored) -> SampleVerdict {
        guard let timestamp = verdict.timestamp, timestamp.trustedTime != nil, case .sample(let sample) = stored else {
            return verdict
        }
        let flagged = timestamp.flagging(readingDate: sample.endDate.date)
        guard flagged != timestamp else { return verdict }
        var marked = verdict
        marked.timestampBox = SignatureTimestampBox(flagged)
        return marked
    }

    private static func indexMismatch(signed: String, stored: String, signer: SignerDescription) -> SampleVerdict {
        let mismatch = FieldMismatch(field: "batch.index", signed: signed, stored: stored)
        return SampleVerdict(kind: .contentMismatch, reasonCode: "fields-differ", reason: mismatch.description,
                             mismatches: [mismatch], signer: signer)
    }

    private static func recordMalformed(_ error: RecordError, index: Int, signer: SignerDescription) -> SampleVerdict {
        SampleVerdict(kind: .malformed, reasonCode: "record-\(error.code)",
                      reason: "record \(index) of the batch is not a valid record: \(error)", signer: signer)
    }

    /// The verdict of every member of a batch whose carriers hold two different signatures that
    /// both verify.
    private static func conflict(_ id: [UInt8], first: [UInt8], copy: [UInt8], signer: SignerDescription) -> SampleVerdict {
        let mismatch = FieldMismatch(
            field: BatchReference.signatureMetadataKey,
            signed: "the signature of batch \(BatchReference.identifierText(id)) met first (SHA-256 \(Hex.encode(first.prefix(8)))…)",
            stored: "a different signature that also verifies (SHA-256 \(Hex.encode(copy.prefix(8)))…)")
        return SampleVerdict(kind: .contentMismatch, reasonCode: "batch-signature-conflict",
                             reason: "carriers of one batch disagree: \(mismatch)", mismatches: [mismatch],
                             signer: signer)
    }

    /// The verdict of a sample of batch `carrier` carrying the signature of another batch.
    private static func otherBatch(_ carrier: BatchReference, claimed: [UInt8]) -> SampleVerdict {
        let mismatch = FieldMismatch(
            field: BatchReference.signatureMetadataKey,
            signed: "the signature of batch \(BatchReference.identifierText(carrier.batchIdentifier)) (this sample's \(BatchReference.metadataKey))",
            stored: "a signature of batch \(BatchReference.identifierText(claimed))")
        return SampleVerdict(kind: .contentMismatch, reasonCode: "batch-signature-other-batch",
                             reason: "the batch signature on this sample is another batch's: \(mismatch)", mismatches: [mismatch])
    }

    /// A CMS failure of a batch signature, with a reason that says it was the batch's.
    private static func batchVerdict(_ verdict: SampleVerdict) -> SampleVerdict {
        SampleVerdict(kind: verdict.kind, reasonCode: verdict.reasonCode, reason: "batch signature: \(verdict.reason)",
                      signer: verdict.signer)
    }

    /// The end date of record `index` of an (unverified) manifest: the member's signed time,
    /// at which its certificates are checked. `nil` when there is none (then: now).
    @Sendable private static func recordEndDate(_ content: [UInt8], index: Int) -> Date? {
        guard let manifest = try? BatchManifest(derEncoded: content), manifest.records.indices.contains(index) else {
            return nil
        }
        return (try? SignedRecord(derEncoded: Array(manifest.records[index])))?.endDate.date
    }

    /// The batch identifier an unverified SignedData's content claims.
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

    /// SHA-256 of `text`'s UTF-8, read in place when the string is stored contiguously (a copy
    /// of a line-sized text otherwise).
    private static func textDigest(_ text: String) -> [UInt8] {
        text.utf8.withContiguousStorageIfAvailable { Digest.sha256(UnsafeRawBufferPointer($0)) } ?? Digest.sha256(Array(text.utf8))
    }

    /// The octets base64 `text` stands for, counting its characters outside ASCII whitespace;
    /// `nil` when it is no base64 length (its decoding then fails on its own).
    private static func decodedLength(_ text: String) -> Int? {
        var characters = 0, padding = 0
        for unit in text.utf8 {
            switch unit {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "="): padding += 1; characters += 1
            default: characters += 1
            }
        }
        guard characters % 4 == 0 else { return nil }
        return characters / 4 * 3 - min(padding, 2)
    }

    private static func text(_ value: MetadataValue?) -> String? {
        switch value {
        case .string(let s)?: return s
        case let other?: return other.description
        case nil: return nil
        }
    }
}
