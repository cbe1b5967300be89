import Foundation

/// What every batch-signed sample stores under the metadata key `HealthSigBatch`: its batch's
/// identifier and its index in the batch, as `<id>/<index>` (docs/BATCH.md). The identifier is
/// the 12 octets in base64url without padding (16 characters), the index plain decimal from 0.
public struct BatchReference: Sendable, Hashable, CustomStringConvertible {
    /// Metadata key of the reference. Keys beginning with `HK` are HealthKit's.
    public static let metadataKey = "HealthSigBatch"
    /// Metadata key of the batch signature (base64 DER SignedData) on the carrier sample(s).
    public static let signatureMetadataKey = "HealthSigBatchSignature"

    /// The batch identifier (12 octets).
    public let batchIdentifier: [UInt8]
    /// Position of the sample's record in the batch manifest, from 0.
    public let index: Int

    /// Creates a reference.
    public init(batchIdentifier: [UInt8], index: Int) {
        self.batchIdentifier = batchIdentifier
        self.index = index
    }

    /// Parses the stored text; nil when it is not exactly `<16 base64url characters>/<index>`
    /// (no sign, no leading zeros, at most 5 digits: a batch holds at most 65,535 samples).
    public init?(text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 16, let id = Self.decodeIdentifier(parts[0]),
              (1...5).contains(parts[1].count), parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
              parts[1] == "0" || parts[1].first != "0", let index = Int(parts[1])
        else { return nil }
        self.init(batchIdentifier: id, index: index)
    }

    /// `<id>/<index>`.
    public var description: String { "\(Self.identifierText(batchIdentifier))/\(index)" }

    /// The identifier as base64url without padding.
    public static func identifierText(_ id: [UInt8]) -> String {
        Data(id).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func decodeIdentifier(_ text: Substring) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard let data = Data(base64Encoded: standard), data.count == BatchManifest.batchIdentifierLength,
              identifierText(Array(data)) == text  // canonical: no stray bits in the last character
        else { return nil }
        return Array(data)
    }
}
