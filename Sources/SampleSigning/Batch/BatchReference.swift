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
        // On the UTF-8 bytes: this runs for every stored sample of a batch. Any byte outside
        // ASCII fails, as any non-ASCII character failed the character-wise check.
        let bytes = Array(text.utf8)
        let idLength = 16
        guard bytes.count > idLength + 1, bytes[idLength] == UInt8(ascii: "/"),
              let id = Self.decodeIdentifier(bytes[..<idLength])
        else { return nil }
        let digits = bytes[(idLength + 1)...]
        guard (1...5).contains(digits.count),
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              digits.count == 1 || digits.first != UInt8(ascii: "0")
        else { return nil }
        let index = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
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

    /// Decodes exactly 16 base64url characters (RFC 4648 §5) into 12 octets, refusing any other
    /// character. 16 characters carry exactly 96 bits, so every decoding is canonical. Done by hand
    /// rather than through Foundation: it runs for every stored sample of a batch, and
    /// Foundation's character replacement and base64 decoding cost more than the rest of the
    /// reference check.
    private static func decodeIdentifier(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var octets: [UInt8] = []
        octets.reserveCapacity(BatchManifest.batchIdentifierLength)
        var accumulator: UInt32 = 0
        var bits = 0
        for unit in text {
            let value: UInt8
            switch unit {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = unit - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = unit - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = unit - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            default: return nil
            }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                octets.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return octets.count == BatchManifest.batchIdentifierLength && bits == 0 ? octets : nil
    }
}
