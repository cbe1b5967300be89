import DER
import Foundation
import HealthSamples

/// Writes the signed record (docs/FORMAT.md) of a sample straight into DER: the bytes of
/// `RecordBuilder.encode(RecordBuilder.record(for:))`, without the dictionary in between.
///
/// Signing writes one record per reading, and building the ``RecordDictionary`` (an indirect
/// enum of strings and arrays) only to serialize it cost more than the encoding. The entries are
/// those ``RecordBuilder`` puts in the dictionary; their order does not matter, since every
/// dictionary is a SET OF that the writer puts in DER order.
enum RecordWriter {
    /// Appends the record of `sample`.
    static func write(_ sample: Sample, into writer: inout DERWriter) throws(DERError) {
        try writer.appendSetOf { (record) throws(DERError) in
            try entries(of: sample, into: &record)
        }
    }

    // Perf: a function of its own, not the body of the SET OF's closure: matched there, the
    // sample's payload was copied for each record (not measured).
    /// The record's entries, `fv` among them.
    ///
    /// The entries are written in the order DER usually puts them in (X.690 11.6 compares the
    /// encodings, so a shorter entry comes first): the SET OF then finds them in order and is
    /// left as written, where reordering it cost more than writing most entries.
    private static func entries(of sample: Sample, into record: inout DERWriter) throws(DERError) {
        // The version follows from the metadata keys signed (``MetadataSigningRule``).
        let versionEntry = MetadataSigningRule.formatVersion(of: sample) == 1 ? formatVersionEntry : formatVersion2Entry
        switch sample {
        case .quantity(let q):
            try quantityEntries(q, inheriting: nil, formatVersionEntry: versionEntry, into: &record)
        case .category(let c):
            // A small INTEGER value is shorter than `fv`.
            entry(Keys.value, into: &record) { $0.append(c.value) }
            record.appendEncoded(versionEntry)
            try commonEntries(type: c.type.identifier, start: c.startDate, end: c.endDate, device: c.device,
                              metadata: c.metadata, workout: false, into: &record)
        case .correlation(let k):
            record.appendEncoded(versionEntry)
            try commonEntries(type: k.type.identifier, start: k.startDate, end: k.endDate, device: k.device,
                              metadata: k.metadata, workout: false, into: &record)
            try entry(Keys.objects, into: &record) { (value) throws(DERError) in
                try value.appendConstructed(.sequence) { (objects) throws(DERError) in
                    // By index: `for object in` copied every member (its texts retained and
                    // released) to hand it over.
                    for index in k.objects.indices {
                        try objects.appendSetOf { (fields) throws(DERError) in
                            try quantityEntries(k.objects[index], inheriting: (k.startDate, k.endDate),
                                                formatVersionEntry: nil, into: &fields)
                        }
                    }
                }
            }
        case .workout(let w):
            record.appendEncoded(versionEntry)
            try commonEntries(type: Workout.typeIdentifier, start: w.startDate, end: w.endDate, device: w.device,
                              metadata: w.metadata, workout: true, into: &record)
            try workoutEntries(w, into: &record)
        }
    }

    /// Every spelling of ``RecordKeys/signedMetadataKeys`` and of the workout list
    /// (``HealthSamples/MetadataKey/names(withStoredName:)``), each to its stored name: one
    /// lookup tells whether a metadata key is signed and under which name, where finding its
    /// stored name and then looking that up hashed the key twice.
    static let signedKeys = SignedKeyTable(spellings(of: RecordKeys.signedMetadataKeys))
    static let signedWorkoutKeys = SignedKeyTable(spellings(of: RecordKeys.signedWorkoutMetadataKeys))

    static func spellings(of keys: [MetadataKey]) -> [String: String] {
        Dictionary(keys.flatMap { key in MetadataKey.names(withStoredName: key.storedName).map { ($0, key.storedName) } },
                   uniquingKeysWith: { first, _ in first })
    }

    // Perf: fields read as properties in deviceEntries(_:into:): the subscript by name compared
    // strings, and a list of closures retained each context, for every field (not measured).
    /// The record key of each device field (``RecordKeys/deviceKeys``), encoded once.
    enum DeviceKeys {
        static func encoded(_ field: String) -> [UInt8] {
            Keys.encoded(RecordKeys.deviceKeys.first { $0.field == field }?.key ?? field)
        }

        static let name = encoded("name")
        static let manufacturer = encoded("manufacturer")
        static let model = encoded("model")
        static let hardwareVersion = encoded("hardwareVersion")
        static let firmwareVersion = encoded("firmwareVersion")
        static let softwareVersion = encoded("softwareVersion")
        static let localIdentifier = encoded("localIdentifier")
        static let udiDeviceIdentifier = encoded("udiDeviceIdentifier")
        /// The fields written by ``deviceEntries(_:into:)``, which must be every device field.
        static let fields = ["name", "manufacturer", "model", "hardwareVersion", "firmwareVersion", "softwareVersion",
                             "localIdentifier", "udiDeviceIdentifier"]
    }

    /// The `d` entry of a device that has a field: its fields in a SET OF. Readings repeat
    /// their device, so ``RecordEntryMemo`` keeps what this returns.
    static func deviceEntry(_ device: Device) -> [UInt8] {
        var writer = DERWriter(capacity: 160)
        entry(Keys.device, into: &writer) { value in
            value.appendSetOf { deviceEntries(device, into: &$0) }
        }
        return writer.bytes
    }

    /// The device's fields present, each a string entry (their order does not matter: the
    /// dictionary is a SET OF the writer sorts).
    private static func deviceEntries(_ device: Device, into fields: inout DERWriter) {
        if let text = device.name { stringEntry(DeviceKeys.name, text, into: &fields) }
        if let text = device.manufacturer { stringEntry(DeviceKeys.manufacturer, text, into: &fields) }
        if let text = device.model { stringEntry(DeviceKeys.model, text, into: &fields) }
        if let text = device.hardwareVersion { stringEntry(DeviceKeys.hardwareVersion, text, into: &fields) }
        if let text = device.firmwareVersion { stringEntry(DeviceKeys.firmwareVersion, text, into: &fields) }
        if let text = device.softwareVersion { stringEntry(DeviceKeys.softwareVersion, text, into: &fields) }
        if let text = device.localIdentifier { stringEntry(DeviceKeys.localIdentifier, text, into: &fields) }
        if let text = device.udiDeviceIdentifier { stringEntry(DeviceKeys.udiDeviceIdentifier, text, into: &fields) }
    }

    /// One `Entry ::= SEQUENCE { key UTF8String, value }`.
    private static func entry<E: Error>(_ key: String, into writer: inout DERWriter,
                                        _ value: (inout DERWriter) throws(E) -> Void) throws(E) {
        try writer.appendConstructed(.sequence) { (entry) throws(E) in
            entry.append(DERUTF8String(key))
            try value(&entry)
        }
    }

    /// ``entry(_:into:_:)-(String,_,_)`` with the key's UTF8String already encoded (``Keys``).
    private static func entry<E: Error>(_ key: [UInt8], into writer: inout DERWriter,
                                        _ value: (inout DERWriter) throws(E) -> Void) throws(E) {
        try writer.appendConstructed(.sequence) { (entry) throws(E) in
            entry.appendEncoded(key)
            try value(&entry)
        }
    }

    /// An entry whose value is a UTF8String, written with its lengths known up front.
    private static func stringEntry(_ key: [UInt8], _ text: String, into writer: inout DERWriter) {
        writer.appendSequence(encoded: key, primitive: DERUTF8String.defaultTag, utf8: text)
    }

    /// `fv` of a version-1 record.
    static let formatVersionEntry: [UInt8] = versionEntry(1)
    /// `fv` of a record that signs a metadata key version 1 does not (``MetadataSigningRule``).
    static let formatVersion2Entry: [UInt8] = versionEntry(2)

    private static func versionEntry(_ version: Int) -> [UInt8] {
        var writer = DERWriter(capacity: 16)
        entry(RecordKeys.formatVersion, into: &writer) { $0.append(version) }
        return writer.bytes
    }

    /// The ``RecordKeys`` as DER UTF8Strings, encoded once: every record has a dozen keys, and
    /// encoding each from its `String` went through the string's storage every time.
    enum Keys {
        static func encoded(_ key: String) -> [UInt8] { DER.encode(DERUTF8String(key)) }

        static let type = encoded(RecordKeys.type)
        static let value = encoded(RecordKeys.value)
        static let unit = encoded(RecordKeys.unit)
        static let startDate = encoded(RecordKeys.startDate)
        static let endDate = encoded(RecordKeys.endDate)
        static let device = encoded(RecordKeys.device)
        static let metadata = encoded(RecordKeys.metadata)
        static let objects = encoded(RecordKeys.objects)
        static let activityType = encoded(RecordKeys.activityType)
        static let duration = encoded(RecordKeys.duration)
        static let events = encoded(RecordKeys.events)
        static let totals: [(total: WorkoutTotal, key: [UInt8])] = RecordKeys.totalKeys.map { ($0.total, encoded($0.key)) }

        /// The encoded key of `total` (``totals``).
        static func totalKey(_ total: WorkoutTotal) -> [UInt8] {
            switch total {
            case .energyBurned: energyBurned
            case .distance: distance
            case .swimmingStrokeCount: swimmingStrokeCount
            case .flightsClimbed: flightsClimbed
            }
        }

        private static func encodedTotal(_ total: WorkoutTotal) -> [UInt8] {
            totals.first { $0.total == total }!.key
        }

        private static let energyBurned = encodedTotal(.energyBurned)
        private static let distance = encodedTotal(.distance)
        private static let swimmingStrokeCount = encodedTotal(.swimmingStrokeCount)
        private static let flightsClimbed = encodedTotal(.flightsClimbed)
    }

    /// A quantity sample's entries; a correlation member leaves out the dates it shares with
    /// the correlation (`inheriting`), as ``RecordBuilder`` does.
    ///
    /// `formatVersionEntry`: the record's own `fv` entry, which goes among these entries, where
    /// it sorts; `nil` for a correlation object.
    private static func quantityEntries(_ q: QuantitySample, inheriting dates: (start: SampleDate, end: SampleDate)?,
                                        formatVersionEntry: [UInt8]?, into writer: inout DERWriter) throws(DERError) {
        // The unit, `fv` and the value (usually the shortest entries) first; see
        // ``entries(of:into:)``. A record that cannot be written fails with the error it always
        // did: a date's before the value's, the metadata's before the value's.
        let start = dates?.start == q.startDate ? nil : q.startDate
        let end = dates?.end == q.endDate ? nil : q.endDate
        let times = try DateTimes(start: start, end: end)
        let unit = q.quantity.unit.unitString
        // Where the unit's entry (5 octets and the unit's) usually sorts: before `fv` (7) up to
        // two characters, before the value (a REAL of typically four to seven characters, 6
        // octets more) up to five; a shorter entry sorts first, and of two the same length `u`
        // before `fv` and `v`.
        let unitLength = unit.utf8.count
        if unitLength <= 2 { stringEntry(Keys.unit, unit, into: &writer) }
        if let formatVersionEntry { writer.appendEncoded(formatVersionEntry) }
        if unitLength > 2 && unitLength <= 5 { stringEntry(Keys.unit, unit, into: &writer) }
        var valueError: DERError?
        do {
            try entry(Keys.value, into: &writer) { (value) throws(DERError) in
                try DERReal.serialize(q.quantity.value, integerParts: q.quantity.integerParts, into: &value)
            }
        } catch {
            // What the entry left written goes with the record, which this error abandons.
            valueError = error
        }
        if unitLength > 5 { stringEntry(Keys.unit, unit, into: &writer) }
        try commonEntries(type: q.type.identifier, times: times, device: q.device, metadata: q.metadata,
                          workout: false, into: &writer)
        if let valueError { throw valueError }
    }

    /// The GeneralizedTimes of a record's dates, made (and refused) start first; the end's is
    /// left to be copied from the start's entry when the two instants are the same.
    private struct DateTimes {
        let start: GeneralizedTime?
        let end: GeneralizedTime?
        let endIsStart: Bool

        init(start: SampleDate?, end: SampleDate?) throws(DERError) {
            self.start = try start.map { (date) throws(DERError) in try GeneralizedTime(date) }
            endIsStart = start != nil && end == start
            self.end = endIsStart ? nil : try end.map { (date) throws(DERError) in try GeneralizedTime(date) }
        }
    }

    private static func commonEntries(type: String, start: SampleDate?, end: SampleDate?, device: Device?,
                                      metadata: Metadata, workout: Bool,
                                      into writer: inout DERWriter) throws(DERError) {
        try commonEntries(type: type, times: try DateTimes(start: start, end: end), device: device,
                          metadata: metadata, workout: workout, into: &writer)
    }

    /// The dates, `t`, `m` and `d`, in the order ``entries(of:into:)`` explains: `e` before `s`
    /// (same length, and `e` sorts first), the type, then the metadata before the (usually
    /// longer) device.
    private static func commonEntries(type: String, times: DateTimes, device: Device?, metadata: Metadata,
                                      workout: Bool, into writer: inout DERWriter) throws(DERError) {
        // Where the end's GeneralizedTime was written: the last octets of its entry.
        var endTime: Range<Int>?
        if let time = times.end ?? (times.endIsStart ? times.start : nil) {
            var length = 0
            entry(Keys.endDate, into: &writer) { entry in
                let from = entry.bytes.count
                entry.append(time)
                length = entry.bytes.count - from
            }
            endTime = (writer.bytes.count - length)..<writer.bytes.count
        }
        if let start = times.start {
            if times.endIsStart, let endTime {
                // The same instant has the same GeneralizedTime: most readings are instants,
                // and encoding the time again cost more than the rest of the entry.
                entry(Keys.startDate, into: &writer) { $0.appendEncodedCopy(of: endTime) }
            } else {
                entry(Keys.startDate, into: &writer) { $0.append(start) }
            }
        }
        stringEntry(Keys.type, type, into: &writer)
        if RecordEntryMemo.isMemoizable(metadata.entries, workout: workout) {
            let m = try RecordEntryMemo.metadataEntry(forMemoizable: metadata.entries, workout: workout,
                                                      encode: metadataEntry)
            // An empty encoding is no entry at all, not an empty element of the record's SET OF.
            if !m.isEmpty { writer.appendEncoded(m) }
        } else {
            // Written in place: a buffer of its own would only be copied.
            try appendMetadataEntry(of: metadata.entries, workout: workout, into: &writer)
        }
        if let device, !device.isEmpty {
            writer.appendEncoded(RecordEntryMemo.deviceEntry(for: device, encode: deviceEntry))
        }
    }

    /// The `m` entry: the first entry of each signed key present (of the workout list for a
    /// workout), under its stored name; empty when none is present. Readings repeat their
    /// metadata, so ``RecordEntryMemo`` keeps what this returns.
    static func metadataEntry(_ input: RecordEntryMemo.MetadataInput) throws(DERError) -> [UInt8] {
        var writer = DERWriter(capacity: 128)
        try appendMetadataEntry(of: input.entries, workout: input.workout, into: &writer)
        return writer.bytes
    }

    /// Appends ``metadataEntry(_:)``'s entry, if any.
    private static func appendMetadataEntry(of entries: [Metadata.Entry], workout: Bool,
                                            into writer: inout DERWriter) throws(DERError) {
        if MetadataSigningRule.needsVersion2(entries, workout: workout) {
            try entry(Keys.metadata, into: &writer) { (value) throws(DERError) in
                try allSignedMetadataDictionary(entries, workout: workout, into: &value)
            }
            return
        }
        let table = workout ? signedWorkoutKeys : signedKeys
        try withSignedEntries(of: entries, table: table) { (signed) throws(DERError) in
            guard !signed.isEmpty else { return }
            try entry(Keys.metadata, into: &writer) { (value) throws(DERError) in
                try metadataDictionary(signed, of: entries, table: table, into: &value)
            }
        }
    }

    /// Where an entry of the `m` dictionary comes from: the metadata entry's position and the
    /// index of its key in the table of signed keys.
    struct SignedEntry {
        let position: Int
        let key: Int
    }

    // Perf: on the stack: a list of keys and values of its own cost an allocation and a retain of
    // every text, for every record and workout event (not measured).
    /// Lends `body` the first entry of each signed key in `entries` (what `metadata[key]` finds
    /// for each key, found in one pass), noted on the stack.
    private static func withSignedEntries(of entries: [Metadata.Entry], table: SignedKeyTable,
                                          _ body: (UnsafeBufferPointer<SignedEntry>) throws(DERError) -> Void) throws(DERError) {
        let capacity = min(entries.count, SignedKeyTable.capacity)
        try withUnsafeTemporaryAllocation(of: SignedEntry.self, capacity: max(capacity, 1)) { (found) throws(DERError) in
            var count = 0
            var seen: UInt64 = 0
            for position in entries.indices {
                guard let key = table.index(of: entries[position].key), seen & (1 << UInt64(key)) == 0 else { continue }
                seen |= 1 << UInt64(key)
                found.initializeElement(at: count, to: SignedEntry(position: position, key: key))
                count += 1
            }
            try body(UnsafeBufferPointer(rebasing: found[..<count]))
        }
    }

    private static func metadataDictionary(_ signed: UnsafeBufferPointer<SignedEntry>, of entries: [Metadata.Entry],
                                           table: SignedKeyTable, into writer: inout DERWriter) throws(DERError) {
        try writer.appendSetOf { (set) throws(DERError) in
            for item in signed {
                try entry(table.encodedKeys[item.key], into: &set) { (value) throws(DERError) in
                    try metadataValue(entries[item.position].value, into: &value)
                }
            }
        }
    }

    /// The `m` dictionary of metadata holding a key only format version 2 signs: every key the
    /// rule signs (``MetadataSigningRule``), the first entry of each under the name it is signed
    /// under. Off the fast path of ``withSignedEntries(of:table:_:)``: such metadata is rarer,
    /// and its keys are not a fixed list.
    private static func allSignedMetadataDictionary(_ entries: [Metadata.Entry], workout: Bool,
                                                    into writer: inout DERWriter) throws(DERError) {
        var names: [String] = []
        var positions: [Int] = []
        // A set, not a search of the list: verification rebuilds the record of stored samples,
        // whose metadata may repeat keys without bound.
        var seen = Set<String>()
        for position in entries.indices where MetadataSigningRule.isSigned(entries[position].key, workout: workout) {
            let name = MetadataSigningRule.signedName(of: entries[position].key)
            guard seen.insert(name).inserted else { continue }
            names.append(name)
            positions.append(position)
        }
        try writer.appendSetOf { (set) throws(DERError) in
            for (name, position) in zip(names, positions) {
                try entry(name, into: &set) { (value) throws(DERError) in
                    try metadataValue(entries[position].value, into: &value)
                }
            }
        }
    }

    /// A metadata value in its record form (``RecordValue/init(_:)-(MetadataValue)``).
    private static func metadataValue(_ value: MetadataValue, into writer: inout DERWriter) throws(DERError) {
        switch value {
        case .string(let s): writer.append(DERUTF8String(s))
        case .number(let n): try DERReal.serialize(n, integerParts: DecimalText.integerParts(of: n), into: &writer)
        case .date(let d): writer.append(try GeneralizedTime(d))
        case .bool(let b): writer.append(b)
        case .quantity(let q): writer.append(DERUTF8String(q.description))
        }
    }

    /// A workout's totals, one slot each.
    private struct TotalsPresent {
        var energyBurned: Quantity?
        var distance: Quantity?
        var swimmingStrokeCount: Quantity?
        var flightsClimbed: Quantity?

        subscript(total: WorkoutTotal) -> Quantity? {
            get {
                switch total {
                case .energyBurned: energyBurned
                case .distance: distance
                case .swimmingStrokeCount: swimmingStrokeCount
                case .flightsClimbed: flightsClimbed
                }
            }
            set {
                switch total {
                case .energyBurned: energyBurned = newValue
                case .distance: distance = newValue
                case .swimmingStrokeCount: swimmingStrokeCount = newValue
                case .flightsClimbed: flightsClimbed = newValue
                }
            }
        }
    }

    /// A total's entry, `[value, unit]`, when the workout has it.
    private static func totalEntry(_ key: [UInt8], _ quantity: Quantity?, into writer: inout DERWriter) throws(DERError) {
        guard let quantity else { return }
        let value = try DERReal(quantity.value)
        entry(key, into: &writer) { pair in
            pair.appendConstructed(.sequence) { items in
                items.append(value)
                items.append(DERUTF8String(quantity.unit.unitString))
            }
        }
    }

    /// `at`, `du`, the totals and `ev` (``WorkoutRecordFields``).
    private static func workoutEntries(_ workout: Workout, into writer: inout DERWriter) throws(DERError) {
        entry(Keys.activityType, into: &writer) { $0.append(workout.activityType.rawValue) }
        let duration = try DERReal(try WorkoutRecordFields.seconds(workout.duration))
        entry(Keys.duration, into: &writer) { $0.append(duration) }
        // The totals present, read in one pass over the dictionary rather than a hashed
        // look-up of every possible total, then written in the fixed order of ``Keys/totals``
        // (so that an error is always the same one).
        var present = TotalsPresent()
        for (total, quantity) in workout.totals { present[total] = quantity }
        try totalEntry(Keys.totalKey(.energyBurned), present.energyBurned, into: &writer)
        try totalEntry(Keys.totalKey(.distance), present.distance, into: &writer)
        try totalEntry(Keys.totalKey(.swimmingStrokeCount), present.swimmingStrokeCount, into: &writer)
        try totalEntry(Keys.totalKey(.flightsClimbed), present.flightsClimbed, into: &writer)
        guard !workout.events.isEmpty else { return }
        try entry(Keys.events, into: &writer) { (value) throws(DERError) in
            try value.appendConstructed(.sequence) { (events) throws(DERError) in
                for event in workout.events {
                    try events.appendConstructed(.sequence) { (items) throws(DERError) in
                        items.append(event.type.rawValue)
                        items.append(try DERReal(event.date.seconds(since: workout.startDate)))
                        if let duration = event.duration {
                            items.append(try DERReal(try WorkoutRecordFields.seconds(duration)))
                        }
                        let metadata = event.metadata.entries
                        if MetadataSigningRule.needsVersion2(metadata, workout: true) {
                            try allSignedMetadataDictionary(metadata, workout: true, into: &items)
                            return
                        }
                        try withSignedEntries(of: metadata, table: signedWorkoutKeys) { (signed) throws(DERError) in
                            if !signed.isEmpty {
                                try metadataDictionary(signed, of: metadata, table: signedWorkoutKeys, into: &items)
                            }
                        }
                    }
                }
            }
        }
    }
}
