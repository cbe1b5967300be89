/// A category sample: an enumeration value over an interval (HealthKit's `HKCategorySample`).
public struct CategorySample: Sendable, Hashable {
    /// The sample's UUID as text, if known.
    public var uuid: String?
    /// The category type.
    public var type: CategoryType
    /// The raw value from the category's enumeration (see ``CategoryType/values``).
    public var value: Int
    /// When the interval started.
    public var startDate: SampleDate
    /// When it ended.
    public var endDate: SampleDate
    /// The device that recorded it.
    public var device: Device?
    /// Its metadata.
    public var metadata: Metadata

    /// Creates a sample; `endDate` defaults to `startDate`.
    public init(uuid: String? = nil, type: CategoryType, value: Int, startDate: SampleDate,
                endDate: SampleDate? = nil, device: Device? = nil, metadata: Metadata = Metadata()) {
        self.uuid = uuid
        self.type = type
        self.value = value
        self.startDate = startDate
        self.endDate = endDate ?? startDate
        self.device = device
        self.metadata = metadata
    }
}
