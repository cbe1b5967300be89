import CMS
import CryptoBackend
import Foundation
import HealthSamples
import HealthSigKit
import SampleIO
import SampleSigning

/// Signs readings in batches for `batch.json` (docs/BATCH.md) with `BatchSampleSigner`, and
/// stores each sample as its JSON text with the two batch metadata keys added.
final class BatchVectorMaker {
    let keys: TestKeyStore

    init(keys: TestKeyStore) {
        self.keys = keys
    }

    /// A 12-octet batch identifier: `label` then zeros, so that each test's batches differ
    /// (`A` → `QQAAAAAAAAAAAAAA`).
    static func identifier(_ label: Character) -> [UInt8] {
        [label.asciiValue ?? 0] + [UInt8](repeating: 0, count: BatchManifest.batchIdentifierLength - 1)
    }

    /// The `HealthSigBatch` text of `index` in batch `label`.
    static func reference(_ label: Character, _ index: Int) -> String {
        BatchReference(batchIdentifier: identifier(label), index: index).description
    }

    /// `readings` signed as one batch `label` by `key` (signer A by default): the stored
    /// samples in order, the last one carrying `HealthSigBatchSignature`.
    func batch(_ readings: [String], label: Character, key: P256PrivateKey? = nil) throws -> [JSONValue] {
        let signerKey = try key ?? keys.signerA.get()
        let id = Self.identifier(label)
        var signer = BatchSampleSigner(key: signerKey, maximumCount: readings.count, newIdentifier: { id })
        var signed: [Sample] = []
        for reading in readings {
            signed += try signer.add(try VectorSampleJSON.sample(try VectorSampleJSON.parse(reading)))
        }
        signed += try signer.finish()
        guard signed.count == readings.count else {
            throw VectorInputError("the batch signer returned \(signed.count) samples for \(readings.count) readings")
        }
        return try zip(readings, signed).map { reading, sample in
            var value = try VectorSampleJSON.parse(reading)
            for key in [BatchReference.metadataKey, BatchReference.signatureMetadataKey] {
                if case .string(let text)? = sample.metadata[key] {
                    value = VectorSampleJSON.setting(value, "metadata." + key, .text(text))
                }
            }
            return value
        }
    }

    /// The batch signature text stored on a carrier.
    static func signature(of carrier: JSONValue) throws -> String {
        guard let text = carrier.objectValue?.object("metadata")?.string(BatchReference.signatureMetadataKey) else {
            throw VectorInputError("the sample carries no \(BatchReference.signatureMetadataKey)")
        }
        return text
    }

    /// `carrier` with its batch signature's DER changed by `change`.
    static func damaging(_ carrier: JSONValue, _ change: ([UInt8]) throws -> [UInt8]) throws -> JSONValue {
        guard let der = Data(base64Encoded: try signature(of: carrier)) else { throw VectorInputError("signature is not base64") }
        let damaged = try change(Array(der))
        return VectorSampleJSON.setting(carrier, "metadata." + BatchReference.signatureMetadataKey,
                                        .text(Data(damaged).base64EncodedString()))
    }

    /// Flips the lowest bit of the signature's last octet: with no unsigned attributes, the end
    /// of the SignedData is the ECDSA signature value (its s).
    static func flipSignatureValueBit(_ der: [UInt8]) throws -> [UInt8] {
        guard let last = der.indices.last else { throw VectorInputError("empty SignedData") }
        var out = der
        out[last] ^= 0x01
        return out
    }

    /// Flips the lowest bit of the manifest's last octet (inside the zlib stream's checksum),
    /// leaving the SignedData well formed: the message digest no longer matches.
    static func flipManifestBit(_ der: [UInt8]) throws -> [UInt8] {
        guard let content = try CMSSignedDataView(derEncoded: der).content, !content.isEmpty, content.count <= der.count else {
            throw VectorInputError("the SignedData has no content")
        }
        guard let start = (0...(der.count - content.count)).first(where: { der[$0..<($0 + content.count)].elementsEqual(content) }) else {
            throw VectorInputError("the content is not found in the SignedData")
        }
        var out = der
        out[start + content.count - 1] ^= 0x01
        return out
    }
}
