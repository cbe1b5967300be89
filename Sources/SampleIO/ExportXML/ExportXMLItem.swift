/// One `MetadataEntry` child (`<MetadataEntry key="…" value="…"/>`), values as written.
public struct ExportMetadataEntry: Sendable, Hashable {
    /// The key: the metadata constant's raw string value (`HKDigitalSignature`,
    /// `HKWasUserEntered`, …) or a third-party key.
    public var key: String
    /// The value as text: numbers, booleans (`0`/`1`), quantities (`56 degF`) and dates
    /// (`2016-04-18 15:56:05 +0000`) are all rendered as strings in export.xml.
    public var value: String
    /// Line of the entry's tag.
    public var line: Int

    /// Creates an entry.
    public init(key: String, value: String, line: Int) {
        self.key = key
        self.value = value
        self.line = line
    }
}

/// A top-level `Record`, `Correlation` or `Workout` of export.xml, raw: attributes as written
/// (decoded XML text), metadata entries in order, for a correlation its member `Record`s, for a
/// workout its `WorkoutEvent` and `WorkoutStatistics` children (its `WorkoutRoute` is not kept:
/// the route is not part of a signed workout).
public struct ExportXMLItem: Sendable, Hashable {
    /// Which element this is.
    public enum Kind: Sendable, Hashable {
        /// `<Record>`.
        case record
        /// `<Correlation>`.
        case correlation
        /// `<Workout>`.
        case workout
        /// `<WorkoutEvent>`, a child of a workout.
        case workoutEvent
        /// `<WorkoutStatistics>`, a child of a workout (newer exports carry the totals there).
        case workoutStatistics
    }

    /// Which element this is.
    public var kind: Kind
    /// All attributes in document order (`type`, `sourceName`, `sourceVersion`, `device`, `unit`,
    /// `creationDate`, `startDate`, `endDate`, `value` in real files).
    public var attributes: [XMLAttribute]
    /// `MetadataEntry` children in document order (the same key may appear twice).
    public var metadata: [ExportMetadataEntry]
    /// For a correlation: its member `Record`s in order (each also appears as a top-level
    /// record elsewhere in the file, per the DTD). Empty for a record.
    public var records: [ExportXMLItem]
    /// For a workout: its `WorkoutEvent` children in order. Empty otherwise.
    public var events: [ExportXMLItem] = []
    /// For a workout: its `WorkoutStatistics` children in order. Empty otherwise.
    public var statistics: [ExportXMLItem] = []
    /// Line of the element's start tag.
    public var line: Int
    /// 1-based ordinal: among all top-level records and correlations of the file for a
    /// top-level item; within its correlation for a member record.
    public var position: Int

    /// Creates an item.
    public init(kind: Kind, attributes: [XMLAttribute], metadata: [ExportMetadataEntry] = [],
                records: [ExportXMLItem] = [], line: Int, position: Int) {
        self.kind = kind
        self.attributes = attributes
        self.metadata = metadata
        self.records = records
        self.line = line
        self.position = position
    }

    /// The element name, e.g. `Record`, `Correlation`, `Workout`.
    public var elementName: String {
        switch kind {
        case .record: "Record"
        case .correlation: "Correlation"
        case .workout: "Workout"
        case .workoutEvent: "WorkoutEvent"
        case .workoutStatistics: "WorkoutStatistics"
        }
    }

    /// The value of the attribute `name`, or `nil` when absent.
    public func attribute(_ name: String) -> String? {
        // A plain loop: called several times per record, and closures are costly in debug builds.
        // The lengths first: most names differ in length, and comparing two Strings of
        // different texts cost several times as much.
        let length = name.utf8.count
        for attribute in attributes where attribute.name.utf8.count == length && attribute.name == name { return attribute.value }
        return nil
    }

    /// `type`, e.g. `HKQuantityTypeIdentifierHeartRate`; for a workout, which has no `type`
    /// attribute, `HKWorkoutTypeIdentifier`.
    public var type: String? { kind == .workout ? "HKWorkoutTypeIdentifier" : attribute("type") }
    /// `sourceName`, e.g. `Simon’s iPhone`.
    public var sourceName: String? { attribute("sourceName") }
    /// `sourceVersion`.
    public var sourceVersion: String? { attribute("sourceVersion") }
    /// `device`: the HKDevice description (see ``HKDeviceDescription``).
    public var device: String? { attribute("device") }
    /// `unit`, e.g. `count/min` (absent for category records).
    public var unit: String? { attribute("unit") }
    /// `creationDate`, e.g. `2019-05-14 18:52:09 -0400`.
    public var creationDate: String? { attribute("creationDate") }
    /// `startDate`.
    public var startDate: String? { attribute("startDate") }
    /// `endDate`.
    public var endDate: String? { attribute("endDate") }
    /// `value`: decimal text for quantities, a label such as `HKCategoryValueSleepAnalysisInBed`
    /// for categories.
    public var value: String? { attribute("value") }

    /// The values of the metadata entries whose key is `key`, in order.
    public func metadataValues(forKey key: String) -> [String] {
        metadata.filter { $0.key == key }.map(\.value)
    }
}
