/// A correlation: samples recorded together (HealthKit's `HKCorrelation`), e.g. the systolic and
/// diastolic halves of one blood-pressure reading.
///
/// Apple's signed blood-pressure example puts the device, the `HKDigitalSignature` and the
/// `HKTimeZone` on the correlation, not on its members (docs/EXPORT-XML.md §7). Members are quantity
/// samples only: both correlation types HealthKit defines hold quantity samples.
public struct Correlation: Sendable, Hashable {
    /// The correlation's UUID as text, if known.
    public var uuid: String?
    /// The correlation type.
    public var type: CorrelationType
    /// When the grouped measurement started.
    public var startDate: SampleDate
    /// When it ended.
    public var endDate: SampleDate
    /// The member samples, in order.
    public var objects: [QuantitySample]
    /// The device that recorded it.
    public var device: Device?
    /// Its metadata.
    public var metadata: Metadata

    /// Creates a correlation; `endDate` defaults to `startDate`.
    public init(uuid: String? = nil, type: CorrelationType, startDate: SampleDate, endDate: SampleDate? = nil,
                objects: [QuantitySample], device: Device? = nil, metadata: Metadata = Metadata()) {
        self.uuid = uuid
        self.type = type
        self.startDate = startDate
        self.endDate = endDate ?? startDate
        self.objects = objects
        self.device = device
        self.metadata = metadata
    }
}
