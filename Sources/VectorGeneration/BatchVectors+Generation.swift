import HealthSigKit
import SampleIO

/// How `BatchVectors` proposes its tests: the file's header and notes, and every case it builds.
extension BatchVectors: VectorFamilyGenerator {
    var header: [String] {
        [
            "Batch-signed samples (docs/BATCH.md): each test is one input, `samples` in order, verified as docs/BATCH.md",
            "\"Verification\" describes (one batch signature per batch, each sample compared with its record in the manifest by",
            "docs/VERIFY.md's field rules). `verdicts` holds one verdict per sample, in input order; `batches` the status of",
            "every batch the input refers to, sorted by id. Signatures are by the TEST keys of test-keys/: never trust them.",
        ]
    }

    var notes: [String: String] {
        [
            "Quantity": "A batch of quantity samples (heart rate).",
            "Category": "A batch of category samples (sleep stages).",
            "Correlation": "A batch of correlations (blood pressure).",
            "Workout": "A batch of workouts.",
            "Reordered": "The batch's samples stored in another order, or their HealthSigBatch indices exchanged: a sample is compared with the record its index names.",
            "MemberAltered": "A stored field of a sample that does not carry the batch signature differs from its signed record: content-mismatch naming the field.",
            "CarrierAltered": "A stored field of the sample carrying HealthSigBatchSignature differs from its signed record: content-mismatch naming the field; the batch signature itself is intact.",
            "ValueAltered": "A stored value differs from the signed one.",
            "DateAltered": "A stored date differs from the signed one.",
            "TypeAltered": "The stored type differs from the signed one.",
            "DeviceAltered": "A stored device field differs, or the device was removed.",
            "MetadataAltered": "A signed metadata key differs.",
            "MemberMissing": "Samples that do not carry the signature were deleted: the others verify, the batch status counts them absent (a failure only when completeness is required).",
            "CarrierMissing": "The sample carrying the batch signature was deleted: the batch's other samples are unsigned (docs/BATCH.md), its count unknown.",
            "Moved": "A sample's HealthSigBatch rewritten to put it in another batch.",
            "Duplicated": "A sample, or a whole batch, stored twice: the second copy of an index is content-mismatch on batch.index.",
            "Replayed": "The batch stored again with every date moved by a day: content-mismatch on startDate and endDate.",
            "IndexOutOfRange": "A HealthSigBatch index at or above the manifest's count: content-mismatch on batch.index.",
            "BadReference": "A HealthSigBatch text that is not <16 base64url characters>/<index without leading zeros>: malformed.",
            "BadSignature": "The batch SignedData altered after signing (its ECDSA value, or the manifest it signs): bad-signature for every sample of the batch.",
            "UntrustedSigner": "The batch signed by a key outside the trust set: untrusted-signer for every sample of the batch.",
            "NotBase64": "HealthSigBatchSignature is not base64: malformed for every sample of the batch.",
            "NotAManifest": "A valid SignedData whose content is a per-sample record, not a BatchManifest: malformed for every sample of the batch.",
            "DamagedCopy": "A damaged copy of the batch signature on one member, an intact carrier elsewhere: the damaged copy is its carrier's own failure (bad-signature), the batch verifies from the intact one (docs/BATCH.md, Verification step 2).",
            "InvalidMember": "A member altered into an invalid sample (a unit of another dimension, a start after its end, a type outside the catalog): content-mismatch against its record naming the field, counted present (docs/BATCH.md, Verification).",
            "SignerBinding": "Group two-trusted-keys: a manifest signed by the second trusted key claiming the first key's batch, stored on a sample that is no member of that batch, decides none of the batch's members (docs/BATCH.md, What binds a member to its signer).",
            "OtherBatchSignature": "A member of one batch carrying another batch's signature: content-mismatch on HealthSigBatchSignature; the signature decides neither batch.",
            "Conflict": "Group two-trusted-keys: carriers of one batch holding two different signatures that both verify: the later carrier and every member decided after it are content-mismatch on HealthSigBatchSignature; the batch's signature status is content-mismatch.",
            "CertificateTime": "Group trusted-dated-certificate: the signer's certificate is valid from 2026-11-20T00:00:00Z to 2026-11-22T00:00:00Z only, and is checked at each member's signed time, its record's end date (docs/BATCH.md step 5): a batch spanning the boundary gives each member its own verdict.",
        ]
    }

    func groups(_ context: VectorGenerationContext) throws -> [VectorGroupSpec] {
        let maker = BatchVectorMaker(keys: context.keys)
        return [VectorGroupSpec(name: "trusted-key", members: { try VectorGroupKey.members(try context.keys.signerA.get().publicKey) },
                                cases: BatchVectorCases.all(maker)),
                VectorGroupSpec(name: "two-trusted-keys",
                                members: { try VectorGroupKey.members(try context.keys.signerA.get().publicKey,
                                                                      alsoTrusting: [try context.keys.signerB.get().0.publicKey]) },
                                cases: BatchVectorCases.binding(maker)),
                VectorGroupSpec(name: "trusted-dated-certificate",
                                members: { try VectorGroupKey.members(try context.keys.dated.get().1) },
                                cases: BatchVectorCases.certificateTime(maker))]
    }
}
