import Foundation

extension Quantity {
    /// The value in seconds, exactly, for a time quantity whose unit is a whole number of seconds
    /// times a power of ten (`s`, `ms`, `min`, `hr`, `d`); nil for any other unit.
    ///
    /// Workout durations are signed in seconds (docs/FORMAT.md), so the conversion must not go
    /// through binary floating point.
    public var exactSeconds: Decimal? {
        guard unit.dimension == .time, unit.offset == 0, value.isFinite,
              unit.scale == unit.scale.rounded(), abs(unit.scale) < 1e15 else { return nil }
        var result = value * Decimal(Int64(unit.scale))
        if unit.exponent10 != 0 {
            let power = Decimal(sign: .plus, exponent: unit.exponent10, significand: 1)
            result *= power
        }
        return result
    }
}
