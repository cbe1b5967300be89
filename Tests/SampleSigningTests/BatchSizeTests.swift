import CMS
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// What signature metadata adds to a day of heart rate, per-sample against batch-signed
/// (docs/BATCH.md, "Sizes"). Each line `BATCHSIZE rate=… batch=… per-sample=… batch-signed=…
/// ratio=…` counts metadata key and value characters of every sample of the day; the
/// alternatives (hash list, Merkle audit paths) are computed from the same run's CMS overhead.
@Suite("Batch signature sizes")
struct BatchSizeTests {
    static let rates: [(String, Int64)] = [("5s", 5), ("1min", 60), ("5min", 300)]
    static let batchSizes = [60, 720, 4_096]

    /// Characters of the signature metadata (keys and values) that signing added to `sample`.
    static func added(_ sample: Sample) -> Int {
        var total = 0
        for key in [MetadataKey.digitalSignature.storedName, BatchReference.metadataKey, BatchReference.signatureMetadataKey] {
            if let text = BatchFixtures.text(sample, key) { total += key.count + text.count }
        }
        return total
    }

    @Test("a batch-signed day adds at most a tenth of what per-sample signatures add, at every rate and batch size")
    func dayOfHeartRate() throws {
        let key = try Fixtures.deviceKey()
        for (rateName, interval) in Self.rates {
            let day = try BatchFixtures.heartRateDay(count: Int(86_400 / interval), interval: interval)
            let perSample = try day.reduce(0) { $0 + Self.added(try SampleSigner().signed($1, using: key)) }
            let recordBytes = try day.reduce(0) { $0 + (try SampleSigner().recordBytes(for: $1).count) }
            for size in Self.batchSizes {
                let signed = try BatchFixtures.batchSigned(day, count: size)
                let batch = signed.reduce(0) { $0 + Self.added($1) }
                let carriers = signed.filter(BatchFixtures.isCarrier)
                let referenceChars = signed.reduce(0) {
                    $0 + BatchReference.metadataKey.count + (BatchFixtures.text($1, BatchReference.metadataKey)?.count ?? 0)
                }
                // The alternatives keep the references and the CMS around the manifest; only the
                // manifest's records field changes: 32 octets a record (hash list), or a 32-octet
                // root plus a ⌈log2 n⌉ × 32-octet audit path on every sample (Merkle tree).
                let compressed = try carriers.reduce(0) { $0 + (try Self.manifest(of: $1)).compressedLength }
                let signatureChars = batch - referenceChars
                let overhead = signatureChars - Self.base64(compressed)
                let hashList = referenceChars + overhead + Self.base64(32 * day.count)
                let path = Int(log2(Double(min(size, day.count))).rounded(.up)) * 32
                let merkle = referenceChars + overhead + day.count * Self.base64(path)
                print("BATCHSIZE rate=\(rateName) samples=\(day.count) batch=\(size) carriers=\(carriers.count) "
                      + "per-sample=\(perSample) batch-signed=\(batch) ratio=\(Self.ratio(batch, perSample)) "
                      + "per-sample-chars=\(Self.ratio(batch, day.count, digits: 1)) "
                      + "hash-list=\(Self.ratio(hashList, perSample)) merkle=\(Self.ratio(merkle, perSample)) "
                      + "records=\(recordBytes) compressed=\(compressed) chars-per-carrier=\(signatureChars / carriers.count)")
                #expect(batch * 10 <= perSample, "rate \(rateName), batch \(size): \(batch) vs \(perSample)")
            }
        }
    }

    @Test("several carriers: each further copy of a batch signature costs its characters again (5 s rate, batches of 720)")
    func carrierCost() throws {
        let key = try Fixtures.deviceKey()
        let day = try BatchFixtures.heartRateDay(count: 17_280, interval: 5)
        let perSample = try day.reduce(0) { $0 + Self.added(try SampleSigner().signed($1, using: key)) }
        var previous: Int?
        for carriers in [1, 2, 3] {
            let signed = try BatchFixtures.batchSigned(day, count: 720, carriers: carriers)
            let batches = Set(signed.compactMap { BatchFixtures.text($0, BatchReference.metadataKey)?.prefix(16) }).count
            #expect(signed.filter(BatchFixtures.isCarrier).count == batches * carriers)
            let batch = signed.reduce(0) { $0 + Self.added($1) }
            let extraPerBatch = (batch - (previous ?? batch)) / batches
            print("BATCHCARRIERS rate=5s batch=720 carriers=\(carriers) batches=\(batches) batch-signed=\(batch) "
                  + "ratio=\(Self.ratio(batch, perSample)) extra-per-batch-per-carrier=\(extraPerBatch)")
            if let previous {
                // A copy is the key and the same signature text: several thousand characters,
                // never free, never more than the first copy's.
                #expect(extraPerBatch > 1_000 && batch - previous <= previous)
            }
            previous = batch
        }
    }

    static func manifest(of carrier: Sample) throws -> BatchManifest {
        let text = try #require(BatchFixtures.text(carrier, BatchReference.signatureMetadataKey))
        let view = try CMSSignedDataView(derEncoded: Array(try #require(Data(base64Encoded: text))))
        return try BatchManifest(derEncoded: try #require(view.content))
    }

    static func base64(_ octets: Int) -> Int { (octets + 2) / 3 * 4 }

    static func ratio(_ a: Int, _ b: Int, digits: Int = 4) -> String {
        String(format: "%.\(digits)f", Double(a) / Double(b))
    }
}
