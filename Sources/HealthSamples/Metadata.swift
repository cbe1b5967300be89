/// A sample's metadata: an ordered list of (key, value) entries.
///
/// Keys keep their exact text and entries keep their order, because a verifier compares the
/// stored metadata with a signed copy and reports what differs. The same key may appear more
/// than once (export.xml does this, §5); lookups return the first.
///
/// Lookups by key resolve HealthKit's two spellings of predefined keys (``MetadataKey``):
/// `metadata["HKMetadataKeyDigitalSignature"]` finds an entry stored as `HKDigitalSignature`
/// and vice versa.
public struct Metadata: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One metadata entry.
    public struct Entry: Sendable, Hashable {
        /// The key exactly as written.
        public var key: String
        /// The value.
        public var value: MetadataValue

        /// Creates an entry.
        public init(key: String, value: MetadataValue) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in order.
    public private(set) var entries: [Entry]

    /// Creates metadata from entries, keeping their order and any repeated keys.
    public init(_ entries: [Entry] = []) { self.entries = entries }

    /// Creates metadata from a literal, keeping the written order.
    public init(dictionaryLiteral elements: (String, MetadataValue)...) {
        entries = elements.map { Entry(key: $0.0, value: $0.1) }
    }

    /// First index of the collection.
    public var startIndex: Int { entries.startIndex }
    /// One past the last index.
    public var endIndex: Int { entries.endIndex }
    /// The entry at `position`.
    public subscript(position: Int) -> Entry { entries[position] }

    /// The keys in order, as written.
    public var keys: [String] { entries.map(\.key) }

    /// Index of the first entry whose key means `key` (either spelling of a predefined key).
    public func firstIndex(forKey key: String) -> Int? {
        let stored = MetadataKey.storedName(for: key)
        return entries.firstIndex { MetadataKey.storedName(for: $0.key) == stored }
    }

    /// Every entry whose key means `key`, in order.
    public func entries(forKey key: String) -> [Entry] {
        let stored = MetadataKey.storedName(for: key)
        return entries.filter { MetadataKey.storedName(for: $0.key) == stored }
    }

    /// The value of the first entry whose key means `key`.
    ///
    /// Setting a value replaces the first matching entry's value in place (its key text is kept)
    /// or appends a new entry; setting nil removes every matching entry.
    public subscript(key: String) -> MetadataValue? {
        get { firstIndex(forKey: key).map { entries[$0].value } }
        set {
            guard let newValue else {
                removeAll(forKey: key)
                return
            }
            if let index = firstIndex(forKey: key) {
                entries[index].value = newValue
            } else {
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }

    /// The value under a predefined key.
    public subscript(key: MetadataKey) -> MetadataValue? {
        get { self[key.storedName] }
        set { self[key.storedName] = newValue }
    }

    /// Appends an entry even if the key is already present.
    public mutating func append(key: String, value: MetadataValue) {
        entries.append(Entry(key: key, value: value))
    }

    /// Removes every entry whose key means `key`; returns how many were removed.
    @discardableResult
    public mutating func removeAll(forKey key: String) -> Int {
        let stored = MetadataKey.storedName(for: key)
        let before = entries.count
        entries.removeAll { MetadataKey.storedName(for: $0.key) == stored }
        return before - entries.count
    }
}
