#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every spelling of a list of signed metadata keys, each with its stored name, found by the
/// UTF-8 bytes of a key: its length picks the few spellings that could match, which are then
/// compared byte for byte.
///
/// Every record looks up each metadata key of its sample (a verified sample's own
/// `HKDigitalSignature` among them); a `Dictionary<String, String>` hashed the whole key with
/// SipHash for every look-up, which cost more than writing the entries it found.
struct SignedKeyTable: Sendable {
    private struct Spelling: Sendable {
        let utf8: [UInt8]
        let storedName: String
    }

    /// The spellings of each UTF-8 length, by length (empty past the longest).
    private let byLength: [[Spelling]]

    /// `spellings` maps every spelling to its stored name.
    init(_ spellings: [String: String]) {
        let longest = spellings.keys.map(\.utf8.count).max() ?? 0
        var byLength = [[Spelling]](repeating: [], count: longest + 1)
        for (spelling, storedName) in spellings.sorted(by: { $0.key < $1.key }) {
            byLength[spelling.utf8.count].append(Spelling(utf8: Array(spelling.utf8), storedName: storedName))
        }
        self.byLength = byLength
    }

    /// The stored name of the signed key `name` spells, or `nil` when it spells none: the same
    /// bytes as a spelling (a key is text as written; spellings are ASCII, whose UTF-8 is
    /// unique).
    subscript(name: String) -> String? {
        let count = name.utf8.count
        guard count < byLength.count else { return nil }
        return byLength.withUnsafeBufferPointer { lengths -> String? in
            let candidates = lengths[count]
            guard !candidates.isEmpty else { return nil }
            let found: Int?? = name.utf8.withContiguousStorageIfAvailable { bytes in
                Self.match(bytes, in: candidates)
            }
            if let found { return found.map { candidates[$0].storedName } }
            // Bridged or otherwise non-contiguous text.
            var text = name
            return text.withUTF8 { Self.match($0, in: candidates) }.map { candidates[$0].storedName }
        }
    }

    private static func match(_ bytes: UnsafeBufferPointer<UInt8>, in candidates: [Spelling]) -> Int? {
        guard let base = bytes.baseAddress else { return candidates.indices.first }
        for index in candidates.indices {
            let equal = candidates[index].utf8.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, bytes.count) == 0 }
            if equal { return index }
        }
        return nil
    }
}
