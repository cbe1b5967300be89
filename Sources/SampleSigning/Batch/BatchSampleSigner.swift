import CMS
import CryptoBackend
import Foundation
import HealthSamples

/// Device-side batch signing (docs/BATCH.md): takes samples one at a time, gives each its
/// `HealthSigBatch` reference, and when a batch closes signs its manifest once and stores the
/// signature on the batch's last sample (the carrier), and with `carriers` K > 1 also on the
/// samples at indices ⌈j·n/K⌉ − 1 (j = 1…K−1) of a batch of n: spread over the batch, so that
/// losing its end, or any one carrier, leaves a copy.
///
/// With one carrier it holds only the open batch's records and its latest sample: that sample
/// is handed back when the next one shows the batch goes on (or closes it by time), or when the
/// batch reaches `maximumCount`, or at ``finish()``. So output lags input by at most one sample.
/// With K > 1 it holds the open batch's samples until the batch closes (at most
/// `maximumCount`): which samples carry depends on n, known only then.
public struct BatchSampleSigner<Key: CMSSignatureProvider> {
    /// Most samples in one batch (1...65,535).
    public let maximumCount: Int
    /// When set, a sample starting this many seconds or more after the batch's first sample
    /// starts a new batch.
    public let maximumSeconds: Int64?
    /// Samples of each batch that carry its signature (1...``maximumCarriers``; 1: the last).
    public let carriers: Int
    /// Most carriers a batch may have.
    public static var maximumCarriers: Int { 16 }
    /// The CMS options (profile defaults).
    public let builder: SignedDataBuilder
    private let key: Key
    private let newIdentifier: () -> [UInt8]
    private let signer = SampleSigner()

    private var identifier: [UInt8] = []
    private var records: [[UInt8]] = []
    private var firstStart: SampleDate?
    /// The open batch's samples not yet handed back, its last ones (index n − held.count …).
    private var held: [Sample] = []

    /// Creates a signer. `newIdentifier` yields each batch's 12-octet identifier (random by
    /// default; tests and vectors pass fixed ones).
    public init(key: Key, maximumCount: Int, maximumSeconds: Int64? = nil, carriers: Int = 1,
                builder: SignedDataBuilder = SignedDataBuilder(),
                newIdentifier: @escaping () -> [UInt8] = { SecureRandom.bytes(BatchManifest.batchIdentifierLength) }) {
        self.key = key
        self.maximumCount = min(max(maximumCount, 1), BatchManifest.maximumCount)
        self.maximumSeconds = maximumSeconds.map { max($0, 1) }
        self.carriers = min(max(carriers, 1), Self.maximumCarriers)
        self.builder = builder
        self.newIdentifier = newIdentifier
    }

    /// Adds one sample; returns the samples now ready to store, in input order.
    public mutating func add(_ sample: Sample) throws(SampleSigningError) -> [Sample] {
        // First, while nothing has changed: an invalid sample is refused and the batch goes on
        // without it. The record does not depend on the batch keys added below.
        let record = try signer.recordBytes(for: sample)
        var ready: [Sample] = []
        if !held.isEmpty {
            if let limit = maximumSeconds, let first = firstStart,
               sample.startDate.epochSeconds - first.epochSeconds >= limit {
                ready += try close()
            } else if carriers == 1 {
                // The batch goes on, so the held sample is not its last: it carries nothing.
                ready += held
                held.removeAll(keepingCapacity: true)
            }
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
        held.append(member)
        if records.count == maximumCount { ready += try close() }
        return ready
    }

    /// Closes the open batch, if any, and returns its held samples, the carriers with the batch
    /// signature.
    public mutating func finish() throws(SampleSigningError) -> [Sample] {
        guard !held.isEmpty else { return [] }
        return try close()
    }

    /// Indices of the samples of a batch of `count` that carry its signature, for `carriers`
    /// carriers: ⌈j·count/carriers⌉ − 1 for j = 1…carriers, the last sample always among them
    /// (fewer indices when the batch holds fewer samples than carriers).
    public static func carrierIndices(count: Int, carriers: Int) -> [Int] {
        guard count > 0 else { return [] }
        let k = min(max(carriers, 1), count)
        return (1...k).map { j in (j * count + k - 1) / k - 1 }
    }

    /// Signs the open batch's manifest, stores the signature on its carriers and hands back
    /// every held sample.
    private mutating func close() throws(SampleSigningError) -> [Sample] {
        let manifest = BatchManifest(batchIdentifier: identifier, records: records)
        let count = records.count
        records.removeAll(keepingCapacity: true)
        firstStart = nil
        let der: [UInt8]
        do {
            der = try builder.sign(manifest.encoded(), using: key)
        } catch {
            held.removeAll()
            throw .cms(error)
        }
        let signature = MetadataValue.string(Data(der).base64EncodedString())
        let carrierSet = Set(Self.carrierIndices(count: count, carriers: carriers))
        let firstHeld = count - held.count
        var out = held
        held.removeAll(keepingCapacity: carriers > 1)
        for position in out.indices where carrierSet.contains(firstHeld + position) {
            var metadata = out[position].metadata
            metadata.append(key: BatchReference.signatureMetadataKey, value: signature)
            out[position].metadata = metadata
        }
        return out
    }
}
