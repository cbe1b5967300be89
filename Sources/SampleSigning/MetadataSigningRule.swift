import HealthSamples

/// Which metadata keys a record signs (docs/FORMAT.md, "Signed metadata"): every key the device
/// supplied with the reading, except the signature keys and the keys the phone adds later.
///
/// A record's format version follows from what it signs: 1 when every signed key is one format
/// version 1 signs (``RecordKeys/signedMetadataKeys``, for a workout and its events
/// ``RecordKeys/signedWorkoutMetadataKeys``), else 2. A verifier written to version 1 compares only
/// its own keys, so it must refuse a record that signs more, and it does: it refuses every `fv`
/// but 1.
public enum MetadataSigningRule {
    /// How the rule treats one metadata key.
    public enum Role: Sendable, Hashable {
        /// A signature (`HKDigitalSignature`, `HealthSigBatch`, …): never signed, never context.
        case signature
        /// Added by the phone after the reading (sync identifier and version, weather): never
        /// signed; stored, it is unsigned context.
        case addedByPhone
        /// Signed; `version1` when format version 1 signs it too.
        case signed(version1: Bool)
    }

    /// Keys HealthKit or the phone's app set after the device produced the reading: the sync
    /// identifier and version (an app's bookkeeping for its own copies, HealthKit's
    /// documentation: "used by apps to sync"), and the weather keys, which the phone takes from a
    /// weather service after a workout.
    public static let addedByPhone: [MetadataKey] = [
        .syncIdentifier, .syncVersion, .weatherTemperature, .weatherHumidity, .weatherCondition,
    ]

    /// The prefix of this project's own signature keys (`HealthSigBatch`,
    /// `HealthSigBatchSignature`, and any it defines later, such as a timestamp): signature
    /// material, never part of what it signs.
    public static let signatureKeyPrefix = "HealthSig"

    /// The role of the key spelled `name` in a record of a workout (and its events) when
    /// `workout`, else in any other record or correlation object.
    public static func role(of name: String, workout: Bool) -> Role {
        let table = workout ? RecordWriter.signedWorkoutKeys : RecordWriter.signedKeys
        if table.index(of: name) != nil { return .signed(version1: true) }
        if excludedKeys.index(of: name) != nil {
            return signatureKeys.index(of: name) != nil ? .signature : .addedByPhone
        }
        if name.utf8.starts(with: signatureKeyPrefix.utf8) { return .signature }
        return .signed(version1: false)
    }

    /// Whether a record signs the key spelled `name`.
    public static func isSigned(_ name: String, workout: Bool) -> Bool {
        if case .signed = role(of: name, workout: workout) { return true }
        return false
    }

    /// The name a key is signed under: HealthKit's stored name for either spelling of a
    /// predefined key (``HealthSamples/MetadataKey``), any other key exactly as written.
    public static func signedName(of name: String) -> String { MetadataKey.storedName(for: name) }

    /// Spellings of the keys never signed (signatures and keys the phone adds).
    static let excludedKeys = SignedKeyTable(RecordWriter.spellings(of: [.digitalSignature] + addedByPhone))
    /// Spellings of `HKDigitalSignature`.
    static let signatureKeys = SignedKeyTable(RecordWriter.spellings(of: [.digitalSignature]))

    /// Whether `entries` hold a key that the rule signs and format version 1 does not: the
    /// record then has format version 2.
    static func needsVersion2(_ entries: [Metadata.Entry], workout: Bool) -> Bool {
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices where role(of: entries[index].key, workout: workout) == .signed(version1: false) {
                return true
            }
            return false
        }
    }

    /// The format version of `sample`'s record: 2 when any of its metadata, its correlation
    /// objects' or its workout events' holds a key only version 2 signs, else 1.
    public static func formatVersion(of sample: Sample) -> Int {
        switch sample {
        case .quantity(let q):
            return needsVersion2(q.metadata.entries, workout: false) ? 2 : 1
        case .category(let c):
            return needsVersion2(c.metadata.entries, workout: false) ? 2 : 1
        case .correlation(let k):
            if needsVersion2(k.metadata.entries, workout: false) { return 2 }
            for index in k.objects.indices where needsVersion2(k.objects[index].metadata.entries, workout: false) {
                return 2
            }
            return 1
        case .workout(let w):
            if needsVersion2(w.metadata.entries, workout: true) { return 2 }
            for index in w.events.indices where needsVersion2(w.events[index].metadata.entries, workout: true) {
                return 2
            }
            return 1
        }
    }

    /// The stored keys the signing rule leaves out of a record of `sample` that are not
    /// signatures: what the phone added (top-level keys by their name as stored, those of a
    /// correlation object or workout event under `objects[i].`/`events[i].`). For a sample whose
    /// record is the one a signer builds from it, this is its unsigned context.
    public static func unsignedContext(of sample: Sample) -> [String] {
        var keys: [String] = []
        // A set, not a search of the list: a stored item may repeat keys without bound.
        var seen = Set<String>()
        func add(_ metadata: Metadata, workout: Bool, path: String) {
            for entry in metadata.entries where role(of: entry.key, workout: workout) == .addedByPhone {
                let name = path + entry.key
                if seen.insert(name).inserted { keys.append(name) }
            }
        }
        switch sample {
        case .quantity(let q): add(q.metadata, workout: false, path: "")
        case .category(let c): add(c.metadata, workout: false, path: "")
        case .correlation(let k):
            add(k.metadata, workout: false, path: "")
            for (index, object) in k.objects.enumerated() { add(object.metadata, workout: false, path: "objects[\(index)].") }
        case .workout(let w):
            add(w.metadata, workout: true, path: "")
            for (index, event) in w.events.enumerated() { add(event.metadata, workout: true, path: "events[\(index)].") }
        }
        return keys
    }
}
