/// The fields of a stored item exactly as written, for an item that is not a valid sample.
///
/// A signed item may have been altered into something that is no sample (a start moved past its
/// end, a unit of the wrong dimension). It cannot become a ``Sample``, yet its signature still
/// holds a record to compare with (docs/VERIFY.md), so the readers hand over the fields as text
/// and the verifier compares what it can parse of them. Only the fields that decide what a
/// reading says are kept: type, dates, value, unit, device, metadata, the members of a
/// correlation, a workout's activity type, duration and totals, and the signature itself.
public struct StoredSampleFields: Sendable, Hashable {
    /// The type identifier as written.
    public var type: String?
    /// The start and end dates as written (RFC 3339 in JSON, `yyyy-MM-dd HH:mm:ss ±hhmm` in
    /// export.xml).
    public var startDate: String?
    public var endDate: String?
    /// The value as written: a JSON number's literal text, an export.xml `value` attribute
    /// (which may be a category label).
    public var value: String?
    /// The unit string as written.
    public var unit: String?
    /// The device, as far as it could be read (`nil` when absent or unreadable).
    public var device: Device?
    /// The metadata entries that could be read, keys as written, repeats kept.
    public var metadata: Metadata
    /// A correlation's members, in stored order.
    public var objects: [StoredSampleFields]
    /// The `HKDigitalSignature` text, when the item carries one (under either spelling).
    public var signatureText: String?
    /// A workout's own fields as written, by field path: `activityType`, `duration`, the totals
    /// (`totalDistance` …, quantities as "value unit"), `events[i].type` and `events[i].date`.
    /// Empty for other samples.
    public var workoutFields: [String: String] = [:]

    /// Creates the fields of one item.
    public init(type: String? = nil, startDate: String? = nil, endDate: String? = nil, value: String? = nil,
                unit: String? = nil, device: Device? = nil, metadata: Metadata = Metadata(),
                objects: [StoredSampleFields] = [], signatureText: String? = nil) {
        self.type = type
        self.startDate = startDate
        self.endDate = endDate
        self.value = value
        self.unit = unit
        self.device = device
        self.metadata = metadata
        self.objects = objects
        self.signatureText = signatureText
    }
}
