import Foundation

/// The values a reading of one quantity type can physically have, in one unit, with the reason
/// the bounds were chosen. Bounds are wide on purpose: they catch a wrong unit, a sign error or
/// a sensor fault (a negative body mass, a saturation of 97 written as 97 % instead of 0.97 %),
/// never an unusual but real reading.
public struct PlausibleRange: Sendable, Hashable {
    /// The lowest possible value, in ``unit``; nil when there is none.
    public let lowest: Decimal?
    /// Whether ``lowest`` itself is impossible (a body mass of 0 kg).
    public let lowestExcluded: Bool
    /// The highest possible value (included), in ``unit``; nil when there is none.
    public let highest: Decimal?
    /// The unit the bounds are given in.
    public let unit: HealthUnit
    /// Why these bounds.
    public let reason: String
    /// ``lowest`` and ``highest`` as the Doubles ``contains(_:)`` compares with, converted once:
    /// the conversion goes through the decimal text, and signing checks every reading.
    private let lowestDouble: Double?
    private let highestDouble: Double?

    init(above lowest: Decimal, through highest: Decimal? = nil, _ unit: HealthUnit, _ reason: String) {
        self.init(lowest: lowest, lowestExcluded: true, highest: highest, unit: unit, reason: reason)
    }

    init(from lowest: Decimal, through highest: Decimal? = nil, _ unit: HealthUnit, _ reason: String) {
        self.init(lowest: lowest, lowestExcluded: false, highest: highest, unit: unit, reason: reason)
    }

    private init(lowest: Decimal?, lowestExcluded: Bool, highest: Decimal?, unit: HealthUnit, reason: String) {
        self.lowest = lowest
        self.lowestExcluded = lowestExcluded
        self.highest = highest
        self.unit = unit
        self.reason = reason
        lowestDouble = lowest.map(DecimalText.doubleValue(of:))
        highestDouble = highest.map(DecimalText.doubleValue(of:))
    }

    /// Whether `quantity` (in any unit of the same dimension) lies in the range. The value is
    /// converted to ``unit`` in binary floating point; the bounds are far from any reading for
    /// which that rounding could matter.
    public func contains(_ quantity: Quantity) -> Bool {
        guard let value = try? quantity.doubleValue(in: unit), value.isFinite else { return false }
        if let bound = lowestDouble {
            if lowestExcluded ? value <= bound : value < bound { return false }
        }
        if let bound = highestDouble, value > bound { return false }
        return true
    }

    /// `more than 0 kg and at most 1000 kg`, `0 count/min to 600 count/min`, `at least 0 mg`.
    public var text: String {
        let u = unit.unitString
        let low = lowest.map { "\(DecimalText.format($0)) \(u)" }
        let high = highest.map { "\(DecimalText.format($0)) \(u)" }
        switch (low, high) {
        case (let low?, let high?): return lowestExcluded ? "more than \(low) and at most \(high)" : "\(low) to \(high)"
        case (let low?, nil): return lowestExcluded ? "more than \(low)" : "at least \(low)"
        case (nil, let high?): return "at most \(high)"
        case (nil, nil): return "any value"
        }
    }
}
