import HealthSamples

/// A metadata key prepared once for splicing into many lines: its JSON string literal and every
/// spelling that names the same entry (``MetadataKey/names(withStoredName:)``).
///
/// `sign` splices `HKDigitalSignature` into every reading; looking up the stored name of each
/// metadata key of the line and escaping the key again for each line were a fifth of the splice.
public struct MetadataSpliceKey: Sendable {
    /// The key as it is written.
    public let key: String
    /// `key` as a JSON string literal, quotes included.
    let literal: [UInt8]
    /// The names whose stored spelling is the key's.
    private let spellings: [String]

    /// Prepares `key`.
    public init(_ key: String) {
        self.key = key
        var literal: [UInt8] = []
        JSONWriter.writeString(key, into: &literal)
        self.literal = literal
        spellings = MetadataKey.names(withStoredName: MetadataKey.storedName(for: key))
    }

    /// Whether `name` names the same entry as the key: `MetadataKey.storedName(for:)` of both
    /// is the same.
    public func namesSameEntry(_ name: String) -> Bool { spellings.contains(name) }
}
