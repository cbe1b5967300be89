/// A sample that HealthKit would refuse, with the field that is wrong.
///
/// `field` is a path into the sample: `value`, `unit`, `endDate`, `type`, `objects`,
/// `objects[1].unit`, `objects[0].startDate`, `totalDistance`, `events[1].date` …
public struct SampleValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with a blood-pressure correlation's members. It needs exactly one
    /// `BloodPressureSystolic` and one `BloodPressureDiastolic` sample and nothing else.
    public enum BloodPressureProblem: Sendable, Hashable {
        /// No systolic sample.
        case missingSystolic
        /// No diastolic sample.
        case missingDiastolic
        /// A second systolic sample (reported at its index).
        case extraSystolic
        /// A second diastolic sample (reported at its index).
        case extraDiastolic
        /// A member that is neither systolic nor diastolic.
        case unexpectedType(identifier: String)
    }

    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The type identifier is not in the catalogs (raised by readers; the sample model only
        /// holds known types).
        case unknownType(identifier: String)
        /// The unit's dimension is not the one the quantity type requires.
        case unitIncompatible(unit: String, type: String, expected: UnitDimension)
        /// The end date is before the start date.
        case endBeforeStart(start: SampleDate, end: SampleDate)
        /// The category value is not in the category's enumeration.
        case categoryValueOutOfRange(value: Int, allowed: [Int])
        /// A blood-pressure correlation's members are not one systolic plus one diastolic sample.
        case incompleteBloodPressure(reason: BloodPressureProblem)
        /// A food correlation holds a sample that is not a nutrition (`Dietary…`) type.
        case foodObjectNotDietary(identifier: String)
        /// A member sample starts before or ends after its correlation.
        case objectOutsideCorrelationInterval
        /// The quantity's value is not a number (`Decimal.nan`).
        case nonFiniteValue
        /// One predefined metadata key under two spellings, its stored name and its SDK constant
        /// name (`HKTimeZone`, `HKMetadataKeyTimeZone`): HealthKit holds one value per key.
        case metadataKeyTwice(earlier: String)
        /// A workout's activity type name or number is not one HealthKit defines (raised by readers).
        case unknownActivityType(String)
        /// A workout event type name or number is not one HealthKit defines (raised by readers).
        case unknownEventType(String)
        /// A quantity's unit does not have the dimension its field requires (a workout total,
        /// a duration, a workout metadata quantity): `expected` is the dimension.
        case fieldUnitIncompatible(unit: String, expected: UnitDimension)
        /// A duration below zero.
        case negativeDuration
        /// A duration in a time unit that is not a whole number of seconds times a power of ten,
        /// so it cannot be signed exactly in seconds.
        case durationNotExactSeconds(unit: String)
        /// A workout's duration exceeds its interval (end − start), in seconds.
        case durationLongerThanInterval(duration: String, interval: String)
        /// A workout event starts before the workout or ends after it.
        case eventOutsideWorkout
        /// A workout event is dated before the event listed before it.
        case eventsOutOfOrder
        /// A workout metadata value of the wrong kind (`HKIndoorWorkout` must be a boolean).
        case workoutMetadataValue(expected: String)
        /// A value no body or device could produce (``PlausibilityCheck``, applied when signing).
        case implausibleValue(value: String, type: String, range: PlausibleRange)
        /// A workout total below zero (`value` as stored, with its unit).
        case negativeTotal(value: String)
        /// A blood pressure whose systolic is below its diastolic (``PlausibilityCheck``,
        /// applied when signing); the values as stored, with their units.
        case systolicBelowDiastolic(systolic: String, diastolic: String)
        /// A reading marked `HKWasUserEntered` true, given to be signed: a person typed the
        /// value in, so no device measured it (refused when signing).
        case userEntered
    }

    /// Identifier of the sample being validated (for a member of a correlation, the correlation's).
    public let typeIdentifier: String
    /// Path of the wrong field, e.g. `objects[1].unit`.
    public let field: String
    /// What is wrong.
    public let kind: Kind

    /// Creates an error.
    public init(typeIdentifier: String, field: String, kind: Kind) {
        self.typeIdentifier = typeIdentifier
        self.field = field
        self.kind = kind
    }

    /// Names the sample type, the field and the problem.
    public var description: String {
        let what: String
        switch kind {
        case .unknownType(let identifier):
            what = "unknown type \(identifier)" + (SampleTypeSuggestion.suggestion(for: identifier).map { "; did you mean \($0)?" } ?? "")
        case .unitIncompatible(let unit, let type, let expected):
            what = Self.incompatibleUnitText(unit: unit, type: type, expected: expected)
        case .endBeforeStart(let start, let end):
            what = "end \(end.rfc3339String) is before start \(start.rfc3339String)"
        case .categoryValueOutOfRange(let value, let allowed):
            what = "value \(value) is not one of \(allowed.map(String.init).joined(separator: ", "))"
        case .incompleteBloodPressure(let reason):
            let detail: String
            switch reason {
            case .missingSystolic: detail = "no systolic sample"
            case .missingDiastolic: detail = "no diastolic sample"
            case .extraSystolic: detail = "a second systolic sample"
            case .extraDiastolic: detail = "a second diastolic sample"
            case .unexpectedType(let identifier): detail = "a \(identifier) sample"
            }
            what = "blood pressure needs exactly one systolic and one diastolic sample, found \(detail)"
        case .foodObjectNotDietary(let identifier):
            what = "a food correlation can only hold Dietary samples, not \(identifier)"
        case .objectOutsideCorrelationInterval:
            what = "member sample lies outside the correlation's interval"
        case .nonFiniteValue:
            what = "value is not a number"
        case .metadataKeyTwice(let earlier):
            what = "the same metadata key as \(earlier), under another spelling"
        case .unknownActivityType(let text):
            what = "unknown workout activity type \(text)"
                + (WorkoutActivityTypeSuggestion.suggestion(for: text).map { "; did you mean \($0)?" } ?? "")
        case .negativeTotal(let value):
            what = "total \(value) is negative: a workout cannot burn, cover or count less than nothing"
        case .systolicBelowDiastolic(let systolic, let diastolic):
            what = "systolic \(systolic) is below diastolic \(diastolic): the two are swapped or one is wrong"
        case .userEntered:
            what = "the reading is marked as entered by hand (HKWasUserEntered true): a device signs only what it measured"
        case .unknownEventType(let text):
            what = "unknown workout event type \(text)"
        case .fieldUnitIncompatible(let unit, let expected):
            what = "unit \(unit) is not \(expected)"
        case .negativeDuration:
            what = "duration is negative"
        case .durationNotExactSeconds(let unit):
            what = "duration unit \(unit) is not a whole number of seconds"
        case .durationLongerThanInterval(let duration, let interval):
            what = "duration \(duration) s is longer than the interval from start to end (\(interval) s)"
        case .eventOutsideWorkout:
            what = "event lies outside the workout's interval"
        case .eventsOutOfOrder:
            what = "event is dated before the previous event"
        case .workoutMetadataValue(let expected):
            what = "value must be \(expected)"
        case .implausibleValue(let value, let type, let range):
            let name = QuantityType.named(type)?.readableName ?? type
            what = "\(name) \(value) is impossible: it must be \(range.text) (\(range.reason))"
        }
        return "\(typeIdentifier): \(field): \(what)"
    }

    /// `heart rate needs a count per time, such as count/min; mmHg is a pressure`: the
    /// dimensions in words, with the type's usual unit as the example.
    static func incompatibleUnitText(unit: String, type: String, expected: UnitDimension) -> String {
        let quantityType = QuantityType.named(type)
        let name = quantityType?.readableName ?? type
        let example = quantityType.map { ", such as \($0.canonicalUnit.unitString)" } ?? ""
        let given = (try? HealthUnit(unit)).map { "; \(unit) is \($0.dimension.wordsOrExponents)" } ?? ""
        return "\(name) needs \(expected.wordsOrExponents)\(example)\(given)"
    }
}
