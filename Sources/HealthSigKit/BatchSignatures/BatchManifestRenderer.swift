import DER
import SampleSigning

/// `healthsig inspect` of a batch signature (docs/BATCH.md): the manifest, the samples it covers
/// and the recovered record of one of them.
enum BatchManifestRenderer {
    /// Samples listed one per line before the list is cut short.
    static let listedSamples = 20

    /// The manifest's fields, a line per sample (index, type, start, value) and the whole record
    /// of sample `index`.
    static func render(_ manifest: BatchManifest, index: Int = 0) -> String {
        var out = "batchId: \(Hex.encode(manifest.batchIdentifier)) (HealthSigBatch \(BatchReference.identifierText(manifest.batchIdentifier))/<index>)\n"
        out += "contentType: \(BatchManifest.contentTypeDotted) (id-healthsig-batch-manifest-v1)\n"
        out += "count: \(manifest.records.count)\n"
        out += "records: \(manifest.records.reduce(0) { $0 + $1.count }) bytes of DER, \(manifest.compressedLength) bytes compressed\n"
        out += "samples:\n"
        for (i, bytes) in manifest.records.prefix(listedSamples).enumerated() {
            guard let record = try? SignedRecord(derEncoded: Array(bytes)) else {
                out += "  [\(i)] not a valid record\n"
                continue
            }
            out += "  [\(i)] \(record.type) \(record.startDate.rfc3339String) \(record.valueText ?? "")\n"
        }
        if manifest.records.count > listedSamples {
            out += "  (\(manifest.records.count - listedSamples) more)\n"
        }
        guard manifest.records.indices.contains(index) else { return out }
        out += "\n== Recovered record of sample \(index) ==\n"
        do {
            out += RecordRenderer.render(try SignedRecord(derEncoded: Array(manifest.records[index])))
        } catch {
            out += "not a valid record: \(error)\n"
        }
        return out
    }
}
