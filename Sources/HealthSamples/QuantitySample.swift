/// A quantity sample: a value with a unit over an interval (HealthKit's `HKQuantitySample`).
public struct QuantitySample: Sendable, Hashable {
    /// The sample's UUID as text, if known.
    public var uuid: String?
    /// The quantity type.
    public var type: QuantityType
    /// The measured value and its unit.
    public var quantity: Quantity
    /// When the measurement started.
    public var startDate: SampleDate
    /// When it ended (equal to `startDate` for an instant).
    public var endDate: SampleDate
    /// The device that measured it.
    public var device: Device?
    /// Its metadata.
    public var metadata: Metadata

    /// Creates a sample; `endDate` defaults to `startDate`.
    public init(uuid: String? = nil, type: QuantityType, quantity: Quantity, startDate: SampleDate,
                endDate: SampleDate? = nil, device: Device? = nil, metadata: Metadata = Metadata()) {
        self.uuid = uuid
        self.type = type
        self.quantity = quantity
        self.startDate = startDate
        self.endDate = endDate ?? startDate
        self.device = device
        self.metadata = metadata
    }
}
