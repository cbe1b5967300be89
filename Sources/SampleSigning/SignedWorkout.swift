import DER
import Foundation
import HealthSamples

/// The workout fields of a decoded record (docs/FORMAT.md, "Workouts").
public struct SignedWorkout: Sendable, Hashable {
    /// One signed workout event.
    public struct Event: Sendable, Hashable {
        /// `HKWorkoutEventType` raw value as signed (an unknown one is kept and reported by comparison).
        public let type: Int
        /// The event's date: the workout's start plus the signed offset.
        public let date: SampleDate
        /// Its duration in seconds, when signed.
        public let duration: Decimal?
        /// Its signed metadata, keys in stored spelling.
        public let metadata: RecordDictionary
    }

    /// `at`: `HKWorkoutActivityType` raw value as signed.
    public let activityType: Int
    /// `du`: duration in seconds.
    public let duration: Decimal
    /// `te`/`td`/`ts`/`tf`: the signed totals, value and unit text.
    public let totals: [WorkoutTotal: (value: Decimal, unit: String)]
    /// `ev`: the events in signed order.
    public let events: [Event]

    public static func == (lhs: SignedWorkout, rhs: SignedWorkout) -> Bool {
        lhs.activityType == rhs.activityType && lhs.duration == rhs.duration && lhs.events == rhs.events
            && lhs.totals.mapValues { "\($0.value) \($0.unit)" } == rhs.totals.mapValues { "\($0.value) \($0.unit)" }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(activityType)
        hasher.combine(duration)
        hasher.combine(events)
    }

    /// Decodes the workout keys of `dict`, whose start date is `start`.
    init(dictionary dict: RecordDictionary, start: SampleDate) throws(RecordError) {
        switch dict[RecordKeys.activityType] {
        case nil: throw .missingKey(RecordKeys.activityType)
        case .integer(let i)?:
            guard let value = i.intValue else {
                throw .invalidValue(key: RecordKeys.activityType, reason: "INTEGER \(SignedRecord.abbreviated(i.description)) is out of range")
            }
            activityType = value
        case .some: throw .wrongType(key: RecordKeys.activityType, expected: "INTEGER")
        }
        switch dict[RecordKeys.duration] {
        case nil: throw .missingKey(RecordKeys.duration)
        case .real(let r)?: duration = try Self.decimal(r, key: RecordKeys.duration)
        case .some: throw .wrongType(key: RecordKeys.duration, expected: "REAL")
        }
        var totals: [WorkoutTotal: (value: Decimal, unit: String)] = [:]
        for (total, key) in RecordKeys.totalKeys {
            guard let value = dict[key] else { continue }
            guard case .array(let items) = value, items.count == 2,
                  case .real(let r) = items[0], case .string(let unit) = items[1] else {
                throw .wrongType(key: key, expected: "an array of a REAL and a UTF8String")
            }
            totals[total] = (try Self.decimal(r, key: key), unit)
        }
        self.totals = totals
        var events: [Event] = []
        switch dict[RecordKeys.events] {
        case nil: break
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                events.append(try Self.event(item, key: "\(RecordKeys.events)[\(index)]", start: start))
            }
        case .some: throw .wrongType(key: RecordKeys.events, expected: "an array")
        }
        self.events = events
    }

    /// `[INTEGER type, REAL offset, REAL duration?, Dictionary metadata?]`, in that order.
    private static func event(_ value: RecordValue, key: String, start: SampleDate) throws(RecordError) -> Event {
        let expected = "an array of INTEGER, REAL, optional REAL, optional dictionary"
        guard case .array(let items) = value, (2 ... 4).contains(items.count),
              case .integer(let typeValue) = items[0], case .real(let offsetValue) = items[1] else {
            throw .wrongType(key: key, expected: expected)
        }
        guard let type = typeValue.intValue else {
            throw .invalidValue(key: key, reason: "event type \(SignedRecord.abbreviated(typeValue.description)) is out of range")
        }
        let offset = try decimal(offsetValue, key: key)
        let date: SampleDate
        do {
            date = try start.adding(seconds: offset)
        } catch {
            throw .invalidValue(key: key, reason: "offset \(DecimalText.format(offset)) s gives no valid date: \(error)")
        }
        var duration: Decimal?
        var metadata = RecordDictionary()
        var rest = items.dropFirst(2)
        if case .real(let r)? = rest.first {
            duration = try decimal(r, key: key)
            rest = rest.dropFirst()
        }
        if case .dictionary(let d)? = rest.first {
            // As for `m` (docs/FORMAT.md): a metadata value is one of the four metadata types.
            for entry in d.entries {
                switch entry.value {
                case .string, .real, .date, .boolean: continue
                default: throw .wrongType(key: "\(key).\(entry.key)", expected: "UTF8String, REAL, GeneralizedTime or BOOLEAN")
                }
            }
            metadata = d
            rest = rest.dropFirst()
        }
        guard rest.isEmpty else { throw .wrongType(key: key, expected: expected) }
        return Event(type: type, date: date, duration: duration, metadata: metadata)
    }

    /// A REAL that is a finite decimal (no special values, FORMAT.md allows only NR3).
    static func decimal(_ r: DERReal, key: String) throws(RecordError) -> Decimal {
        guard r.specialValue == nil, let d = r.decimalValue else {
            throw .invalidValue(key: key, reason: "REAL \(SignedRecord.abbreviated(r.description)) is not a finite decimal")
        }
        return d
    }
}
