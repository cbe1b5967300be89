import HealthSamples

/// What a record describes, read from the prefix of its `t` key. It decides which of `v`, `u`
/// and `o` the record must carry (docs/FORMAT.md, "Keys": `v`/`u`/`o` as the table says for the
/// kind).
enum RecordKind: Sendable, Hashable {
    /// A quantity sample, and every correlation object: `v` REAL and `u` required.
    case quantity
    /// A category sample: `v` INTEGER required.
    case category
    /// A correlation: `o` required.
    case correlation
    /// An object inside a correlation's `o`: a quantity sample without a format version of its own.
    case correlationObject
    /// A workout: `at` and `du` required.
    case workout
    /// A type identifier of no kind the format defines; only the common keys are required.
    case unknown

    /// The kind a top-level record's type identifier names.
    init(typeIdentifier: String) {
        if typeIdentifier.hasPrefix(QuantityType.identifierPrefix) {
            self = .quantity
        } else if typeIdentifier.hasPrefix(CategoryType.identifierPrefix) {
            self = .category
        } else if typeIdentifier.hasPrefix(Self.correlationPrefix) {
            self = .correlation
        } else if typeIdentifier == Workout.typeIdentifier {
            self = .workout
        } else {
            self = .unknown
        }
    }

    /// The keys of docs/FORMAT.md's table a record of this kind may hold (its "present" column);
    /// this is the one place that says so. A format key outside this set would be signed content
    /// that no comparison looks at (a category's `u`, a quantity's `o`), so a record carrying one
    /// is refused rather than reported valid. Keys the format does not define are not listed
    /// here: they stay notes (forward compatibility).
    var allowedKeys: Set<String> {
        switch self {
        case .quantity: return Self.quantityKeys
        case .category: return Self.categoryKeys
        case .correlation: return Self.correlationKeys
        case .correlationObject: return Self.correlationObjectKeys
        case .workout: return Self.workoutKeys
        case .unknown: return RecordKeys.formatKeys
        }
    }

    // Built once: every record decoded on the verification path consults one of them.
    private static let commonKeys: Set<String> = [RecordKeys.type, RecordKeys.startDate, RecordKeys.endDate,
                                                  RecordKeys.device, RecordKeys.metadata]
    private static let quantityKeys = commonKeys.union([RecordKeys.formatVersion, RecordKeys.value, RecordKeys.unit])
    private static let categoryKeys = commonKeys.union([RecordKeys.formatVersion, RecordKeys.value])
    private static let correlationKeys = commonKeys.union([RecordKeys.formatVersion, RecordKeys.objects])
    private static let correlationObjectKeys = commonKeys.union([RecordKeys.value, RecordKeys.unit])
    private static let workoutKeys = commonKeys.union([RecordKeys.formatVersion, RecordKeys.activityType, RecordKeys.duration,
                                                       RecordKeys.events] + RecordKeys.totalKeys.map(\.key))

    /// The name docs/FORMAT.md uses for the kind, for error messages.
    var name: String {
        switch self {
        case .quantity: return "quantity"
        case .category: return "category"
        case .correlation: return "correlation"
        case .correlationObject: return "correlation object"
        case .workout: return "workout"
        case .unknown: return "unknown"
        }
    }

    /// `HKCorrelationTypeIdentifier`, the prefix of every correlation-type identifier.
    static let correlationPrefix = "HKCorrelationTypeIdentifier"
}
