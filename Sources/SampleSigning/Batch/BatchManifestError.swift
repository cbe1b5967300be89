import DER

/// Why the content of a batch signature is not a valid `BatchManifest` (docs/BATCH.md). Offsets
/// are byte offsets in the manifest (the CMS eContent).
public enum BatchManifestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not strict DER, or not the SEQUENCE the module defines (code and offset in the DER error).
    case der(DERError)
    /// The first field is not `id-healthsig-batch-manifest-v1`: some other content.
    case notABatchManifest(offset: Int)
    /// `batchId` is not 12 octets.
    case batchIdentifierLength(Int, offset: Int)
    /// `count` is outside 1...65,535.
    case count(String, offset: Int)
    /// `recordsLength` is outside 1...64 MiB.
    case recordsLength(String, offset: Int)
    /// `records` does not inflate to exactly `recordsLength` octets of zlib output.
    case compression(String, offset: Int)
    /// The inflated records are not a DER SEQUENCE OF with `count` elements.
    case records(String)

    /// Stable machine name, used as the verdict's reason code `batch-manifest-<code>`.
    public var code: String {
        switch self {
        case .der(let e): return "der-\(e.code.rawValue)"
        case .notABatchManifest: return "content-type"
        case .batchIdentifierLength: return "batch-id"
        case .count: return "count"
        case .recordsLength: return "records-length"
        case .compression: return "compression"
        case .records: return "records"
        }
    }

    public var description: String {
        switch self {
        case .der(let e): return "batch manifest is not valid DER: \(e)"
        case .notABatchManifest(let o): return "content is not a batch manifest: first field is not id-healthsig-batch-manifest-v1 (offset \(o))"
        case .batchIdentifierLength(let n, let o): return "batchId is \(n) octets, must be 12 (offset \(o))"
        case .count(let v, let o): return "count \(v) is outside 1...\(BatchManifest.maximumCount) (offset \(o))"
        case .recordsLength(let v, let o): return "recordsLength \(v) is outside 1...\(BatchManifest.maximumRecordsLength) (offset \(o))"
        case .compression(let r, let o): return "records (offset \(o)): \(r)"
        case .records(let r): return "inflated records: \(r)"
        }
    }
}
