import DER

/// One value of the signed record's plist-style structure (docs/FORMAT.md, `Value`).
public indirect enum RecordValue: Hashable, Sendable {
    case string(String)
    case integer(DERInteger)
    case real(DERReal)
    case boolean(Bool)
    case date(GeneralizedTime)
    case data([UInt8])
    case array([RecordValue])
    case dictionary(RecordDictionary)

    /// Human-readable rendering used by `inspect` and mismatch reports.
    public var displayText: String {
        switch self {
        case .string(let s): return s
        case .integer(let i): return i.description
        case .real(let r): return r.decimalText
        case .boolean(let b): return b ? "true" : "false"
        case .date(let d): return d.description
        case .data(let bytes): return Hex.encode(bytes)
        case .array(let items): return "[" + items.map(\.displayText).joined(separator: ", ") + "]"
        case .dictionary(let dict):
            return "{" + dict.entries.map { "\($0.key): \($0.value.displayText)" }.joined(separator: ", ") + "}"
        }
    }
}

/// A dictionary of the signed record: entries with unique keys. Encoded as a DER SET OF, so
/// the order here is the caller's and the order on the wire is DER's.
public struct RecordDictionary: Hashable, Sendable {
    /// One key/value pair.
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: RecordValue
        public init(key: String, value: RecordValue) {
            self.key = key
            self.value = value
        }
    }

    /// The entries, keys unique.
    public private(set) var entries: [Entry] = []

    /// Creates an empty dictionary.
    public init() {}

    /// Creates a dictionary from entries whose keys the caller has already checked to be
    /// unique (the record decoder), without the per-entry key search of the subscript.
    init(uniqueEntries: [Entry]) {
        entries = uniqueEntries
    }

    /// The value stored under `key`.
    public subscript(key: String) -> RecordValue? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let i = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[i].value = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }

    /// Whether the dictionary has no entries.
    public var isEmpty: Bool { entries.isEmpty }
}
