/// A value could not be converted because the units measure different things.
public struct QuantityConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The unit the value is in.
    public let from: HealthUnit
    /// The unit that was asked for.
    public let to: HealthUnit

    /// Creates the error for a conversion from `from` to `to`.
    public init(from: HealthUnit, to: HealthUnit) {
        self.from = from
        self.to = to
    }

    /// Names both units and their dimensions.
    public var description: String {
        "cannot convert \(from.unitString) (\(from.dimension)) to \(to.unitString) (\(to.dimension))"
    }
}
