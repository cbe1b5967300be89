#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DER

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
        /// The index of its stored name in ``storedNames``.
        let key: Int
    }

    /// The spellings of each UTF-8 length, by length (empty past the longest).
    private let byLength: [[Spelling]]
    /// The stored names, each key's index its place here.
    let storedNames: [String]
    /// The stored names as DER UTF8Strings, the keys of a record's `m` dictionary.
    let encodedKeys: [[UInt8]]

    /// The most keys a table holds: a record notes the keys it has written in one word.
    static let capacity = 64

    /// `spellings` maps every spelling to its stored name.
    init(_ spellings: [String: String]) {
        storedNames = Array(Set(spellings.values)).sorted()
        precondition(storedNames.count <= Self.capacity, "more signed keys than a record can note")
        encodedKeys = storedNames.map { DER.encode(DERUTF8String($0)) }
        let longest = spellings.keys.map(\.utf8.count).max() ?? 0
        var byLength = [[Spelling]](repeating: [], count: longest + 1)
        for (spelling, storedName) in spellings.sorted(by: { $0.key < $1.key }) {
            byLength[spelling.utf8.count].append(Spelling(utf8: Array(spelling.utf8),
                                                          key: storedNames.firstIndex(of: storedName)!))
        }
        self.byLength = byLength
    }

    /// The stored name of the signed key `name` spells, or `nil` when it spells none.
    subscript(name: String) -> String? {
        index(of: name).map { storedNames[$0] }
    }

    /// The index in ``storedNames`` of the signed key `name` spells, or `nil` when it spells
    /// none: the same bytes as a spelling (a key is text as written; spellings are ASCII, whose
    /// UTF-8 is unique).
    func index(of name: String) -> Int? {
        let count = name.utf8.count
        guard count < byLength.count else { return nil }
        return byLength.withUnsafeBufferPointer { lengths -> Int? in
            let candidates = lengths[count]
            guard !candidates.isEmpty else { return nil }
            let found: Int?? = name.utf8.withContiguousStorageIfAvailable { bytes in
                Self.match(bytes, in: candidates)
            }
            if let found { return found.map { candidates[$0].key } }
            // Bridged or otherwise non-contiguous text.
            var text = name
            return text.withUTF8 { Self.match($0, in: candidates) }.map { candidates[$0].key }
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
