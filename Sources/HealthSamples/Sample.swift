/// Any sample the toolkit handles: a quantity sample, a category sample, a correlation or a workout.
public enum Sample: Sendable, Hashable {
    /// A quantity sample.
    case quantity(QuantitySample)
    /// A category sample.
    case category(CategorySample)
    /// A correlation.
    case correlation(Correlation)
    /// A workout.
    case workout(Workout)

    /// The full type identifier, e.g. `HKQuantityTypeIdentifierHeartRate`.
    public var typeIdentifier: String {
        switch self {
        case .quantity(let sample): sample.type.identifier
        case .category(let sample): sample.type.identifier
        case .correlation(let sample): sample.type.identifier
        case .workout: Workout.typeIdentifier
        }
    }

    /// The UUID, if known.
    public var uuid: String? {
        get {
            switch self {
            case .quantity(let sample): sample.uuid
            case .category(let sample): sample.uuid
            case .correlation(let sample): sample.uuid
            case .workout(let sample): sample.uuid
            }
        }
        set {
            switch self {
            case .quantity(var sample): sample.uuid = newValue; self = .quantity(sample)
            case .category(var sample): sample.uuid = newValue; self = .category(sample)
            case .correlation(var sample): sample.uuid = newValue; self = .correlation(sample)
            case .workout(var sample): sample.uuid = newValue; self = .workout(sample)
            }
        }
    }

    /// The start date.
    public var startDate: SampleDate {
        switch self {
        case .quantity(let sample): sample.startDate
        case .category(let sample): sample.startDate
        case .correlation(let sample): sample.startDate
        case .workout(let sample): sample.startDate
        }
    }

    /// The end date.
    public var endDate: SampleDate {
        switch self {
        case .quantity(let sample): sample.endDate
        case .category(let sample): sample.endDate
        case .correlation(let sample): sample.endDate
        case .workout(let sample): sample.endDate
        }
    }

    /// The device, if any.
    public var device: Device? {
        switch self {
        case .quantity(let sample): sample.device
        case .category(let sample): sample.device
        case .correlation(let sample): sample.device
        case .workout(let sample): sample.device
        }
    }

    /// The metadata; setting it replaces the wrapped sample's metadata.
    public var metadata: Metadata {
        get {
            switch self {
            case .quantity(let sample): sample.metadata
            case .category(let sample): sample.metadata
            case .correlation(let sample): sample.metadata
            case .workout(let sample): sample.metadata
            }
        }
        set {
            switch self {
            case .quantity(var sample): sample.metadata = newValue; self = .quantity(sample)
            case .category(var sample): sample.metadata = newValue; self = .category(sample)
            case .correlation(var sample): sample.metadata = newValue; self = .correlation(sample)
            case .workout(var sample): sample.metadata = newValue; self = .workout(sample)
            }
        }
    }
}
