import CMS
import CryptoBackend
import Foundation
import HealthSamples

/// Device-side batch signing (docs/BATCH.md): takes samples one at a time, gives each its
/// `HealthSigBatch` reference, and when a batch closes signs its manifest once and stores the
/// signature on the batch's last sample (the carrier).
///
/// It holds only the open batch's records and its latest sample: that sample is handed back
/// when the next one shows the batch goes on (or closes it by time), or when the batch reaches
/// `maximumCount`, or at ``finish()``. So output lags input by at most one sample.
public struct BatchSampleSigner<Key: CMSSignatureProvider> {
    /// Most samples in one batch (1...65,535).
    public let maximumCount: Int
    /// When set, a sample starting this many seconds or more after the batch's first sample
    /// starts a new batch.
    public let maximumSeconds: Int64?
    /// The CMS options (profile defaults).
    public let builder: SignedDataBuilder
    private let key: Key
    private let newIdentifier: () -> [UInt8]
    private let signer = SampleSigner()

    private var identifier: [UInt8] = []
    private var records: [[UInt8]] = []
    private var firstStart: SampleDate?
    private var held: Sample?

    /// Creates a signer. `newIdentifier` yields each batch's 12-octet identifier (random by
    /// default; tests and vectors pass fixed ones).
    public init(key: Key, maximumCount: Int, maximumSeconds: Int64? = nil,
                builder: SignedDataBuilder = SignedDataBuilder(),
                newIdentifier: @escaping () -> [UInt8] = { SecureRandom.bytes(BatchManifest.batchIdentifierLength) }) {
        self.key = key
        self.maximumCount = min(max(maximumCount, 1), BatchManifest.maximumCount)
        self.maximumSeconds = maximumSeconds.map { max($0, 1) }
        self.builder = builder
        self.newIdentifier = newIdentifier
    }

    /// Adds one sample; returns the samples now ready to store, in input order.
    public mutating func add(_ sample: Sample) throws(SampleSigningError) -> [Sample] {
        // First, while nothing has changed: an invalid sample is refused and the batch goes on
        // without it. The record does not depend on the batch keys added below.
        let record = try signer.recordBytes(for: sample)
        var ready: [Sample] = []
        if let held {
            if let limit = maximumSeconds, let first = firstStart,
               sample.startDate.epochSeconds - first.epochSeconds >= limit {
                ready.append(try close(carrier: held))
            } else {
                ready.append(held)
            }
            self.held = nil
        }
        if records.isEmpty {
            identifier = newIdentifier()
            firstStart = sample.startDate
        }
        var member = sample
        var metadata = member.metadata
        metadata.removeAll(forKey: BatchReference.metadataKey)
        metadata.removeAll(forKey: BatchReference.signatureMetadataKey)
        metadata.append(key: BatchReference.metadataKey,
                        value: .string(BatchReference(batchIdentifier: identifier, index: records.count).description))
        member.metadata = metadata
        records.append(record)
        if records.count == maximumCount {
            ready.append(try close(carrier: member))
        } else {
            held = member
        }
        return ready
    }

    /// Closes the open batch, if any, and returns its last sample with the batch signature.
    public mutating func finish() throws(SampleSigningError) -> [Sample] {
        guard let held else { return [] }
        self.held = nil
        return [try close(carrier: held)]
    }

    /// Signs the open batch's manifest and stores the signature on `carrier`.
    private mutating func close(carrier: Sample) throws(SampleSigningError) -> Sample {
        let manifest = BatchManifest(batchIdentifier: identifier, records: records)
        records.removeAll(keepingCapacity: true)
        firstStart = nil
        let der: [UInt8]
        do {
            der = try builder.sign(manifest.encoded(), using: key)
        } catch {
            throw .cms(error)
        }
        var signed = carrier
        var metadata = signed.metadata
        metadata.append(key: BatchReference.signatureMetadataKey, value: .string(Data(der).base64EncodedString()))
        signed.metadata = metadata
        return signed
    }
}
