import HealthSamples

/// Why one stored item could not be read as a sample: the line, the field path (e.g.
/// `objects[0].unit`, `metadata.HKTimeZone`, `device.name`; empty for the whole item) and the
/// reason.
public struct SampleInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// The text is not valid JSON.
        case invalidJSON(JSONSyntaxError)
        /// A JSON Lines line longer than the reader's limit (it was skipped without being held
        /// in memory).
        case lineTooLong(limit: Int)
        /// A JSON Lines line still without an end after `limit` bytes (an endless stream such
        /// as `/dev/zero`): reading stops there, so the rest of the input is not read.
        case unendingLine(limit: Int)
        /// A `.json` file larger than the reader's limit for whole-file arrays.
        case fileTooLarge(limit: Int)
        /// A required field is missing.
        case missingField
        /// A field that the format does not define (strict: typos must not pass silently).
        case unknownField
        /// A value of the wrong JSON kind, e.g. a string where a number belongs.
        case wrongType(expected: String, found: String)
        /// A type identifier outside the catalogs of ``HealthSamples``.
        case unsupportedType(String)
        /// A sample of the wrong kind at this place (correlation members must be quantity samples).
        case wrongSampleKind(expected: String, found: String)
        /// A number `Decimal` cannot hold exactly, or malformed number text.
        case invalidNumber(DecimalTextError)
        /// A category value that is neither an allowed integer nor a known label.
        case invalidCategoryValue(String)
        /// A unit string HealthKit would not accept.
        case invalidUnit(HealthUnitError)
        /// A date that is not RFC 3339 (JSON) or `yyyy-MM-dd HH:mm:ss ±hhmm` (export.xml).
        case invalidDate(SampleDateError)
        /// A `uuid` that is not a UUID.
        case invalidUUID(String)
        /// An export.xml `device` attribute that is not an HKDevice description.
        case invalidDeviceDescription(String)
        /// The sample breaks a HealthKit rule (``HealthSamples/SampleValidator``).
        case invalidSample(SampleValidationError)
    }

    /// 1-based line of the item.
    public let line: Int
    /// Path of the offending field; empty when the item as a whole is wrong.
    public let field: String
    /// What was wrong.
    public let reason: Reason
    /// The item's fields as written, when it is a signed sample object that is not a valid
    /// sample: the verifier still checks it against its signature (docs/VERIFY.md). `nil` for
    /// text that is not a sample object at all, and for unsigned items.
    public var storedFields: StoredSampleFields?
    /// 1-based ordinal of the item in the input (as ``StoredSample/position``), when a reader
    /// of several items reports it.
    public var position: Int?

    /// Creates an error.
    public init(line: Int, field: String, reason: Reason, storedFields: StoredSampleFields? = nil, position: Int? = nil) {
        self.line = line
        self.field = field
        self.reason = reason
        self.storedFields = storedFields
        self.position = position
    }

    /// A one-line description, e.g. `line 3, objects[0].unit: invalid unit …`.
    public var description: String {
        let location = field.isEmpty ? "line \(line)" : "line \(line), \(field)"
        let text: String = switch reason {
        case .invalidJSON(let error): "invalid JSON at column \(error.column): \(error.reasonText)"
        case .lineTooLong(let limit): "line longer than \(limit) bytes"
        case .unendingLine(let limit): "line without an end within \(limit) bytes; the rest of the input is not read"
        case .fileTooLarge(let limit): "JSON file larger than \(limit) bytes (use JSON Lines)"
        case .missingField: "missing field"
        case .unknownField: "unknown field"
        case .wrongType(let expected, let found): "expected \(expected), found \(found)"
        case .unsupportedType(let identifier):
            "unsupported sample type \(identifier)"
                + (SampleTypeSuggestion.suggestion(for: identifier).map { "; did you mean \($0)?" } ?? "")
        case .wrongSampleKind(let expected, let found): "expected a \(expected) sample, found \(found)"
        case .invalidNumber(let error): error.description
        case .invalidCategoryValue(let value): "invalid category value \(value)"
        case .invalidUnit(let error): error.description
        case .invalidDate(let error): error.description
        case .invalidUUID(let text): "invalid UUID \(text)"
        case .invalidDeviceDescription(let text): "not an HKDevice description: \(text)"
        case .invalidSample(let error): error.description
        }
        return "\(location): \(text)"
    }
}
