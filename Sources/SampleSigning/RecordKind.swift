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
        } else {
            self = .unknown
        }
    }

    /// `HKCorrelationTypeIdentifier`, the prefix of every correlation-type identifier.
    static let correlationPrefix = "HKCorrelationTypeIdentifier"
}
