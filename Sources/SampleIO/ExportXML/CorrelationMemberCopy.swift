import HealthSamples

/// The export.xml rule about correlation members: every `Record` inside a `Correlation` is also
/// written as a top-level `Record` (a note in Apple's DTD). Such a copy carries no signature of
/// its own; it is the same reading as the member, so it is not an unsigned sample.
public enum CorrelationMemberCopy {
    /// Whether a quantity type can be a correlation member (blood pressure, food), so that an
    /// unsigned top-level Record of it may be a member's copy.
    public static func isMemberType(_ type: QuantityType) -> Bool {
        type == .bloodPressureSystolic || type == .bloodPressureDiastolic || type.isDietary
    }

    /// Whether a top-level Record of type `identifier` may be a member's copy.
    public static func isMemberType(named identifier: String?) -> Bool {
        identifier.flatMap(QuantityType.named).map(isMemberType) ?? false
    }

    /// What identifies a member and its copy: type, start, end and quantity as stored (the
    /// copy is written from the same sample, so these are equal).
    public static func key(_ sample: QuantitySample) -> String {
        "\(sample.type.identifier)|\(sample.startDate.epochSeconds)|\(sample.endDate.epochSeconds)|\(sample.quantity.description)"
    }
}
