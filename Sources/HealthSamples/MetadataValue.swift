import Foundation

/// A metadata value. HealthKit allows strings, numbers, dates and quantities; booleans are
/// numbers there (`HKWasUserEntered = 1`) but are kept apart here when the writer said so.
public enum MetadataValue: Sendable, Hashable, CustomStringConvertible {
    /// Text, e.g. a time-zone name or a base64 signature.
    case string(String)
    /// An exact decimal number.
    case number(Decimal)
    /// An instant.
    case date(SampleDate)
    /// A boolean.
    case bool(Bool)
    /// A quantity, e.g. `HKWeatherTemperature` = 56 degF.
    case quantity(Quantity)

    /// The text if this is a string.
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The number if this is a number (a bool reads as 0 or 1, as HealthKit stores it).
    public var numberValue: Decimal? {
        switch self {
        case .number(let value): value
        case .bool(let value): value ? 1 : 0
        default: nil
        }
    }
    /// The date if this is a date.
    public var dateValue: SampleDate? { if case .date(let value) = self { value } else { nil } }
    /// The boolean if this is a bool, or the number 0 or 1 (how HealthKit stores booleans).
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .number(let value) where value == 0: false
        case .number(let value) where value == 1: true
        default: nil
        }
    }
    /// The quantity if this is a quantity.
    public var quantityValue: Quantity? { if case .quantity(let value) = self { value } else { nil } }

    /// Plain text of the value: the string, the decimal, the RFC 3339 date, `true`/`false`, or "value unit".
    public var description: String {
        switch self {
        case .string(let value): value
        case .number(let value): DecimalText.format(value)
        case .date(let value): value.rfc3339String
        case .bool(let value): value ? "true" : "false"
        case .quantity(let value): value.description
        }
    }
}
