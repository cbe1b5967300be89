import Foundation

/// A measured amount: an exact decimal value and a unit.
///
/// The value is a Foundation `Decimal` so a reading keeps the decimal value it was written
/// with: 36.6 stays exactly 36.6 (a Double would hold 36.600000000000001421…). Conversions
/// (``doubleValue(in:)``) go through Double, as HealthKit's own do.
public struct Quantity: Sendable, Hashable, CustomStringConvertible {
    /// The value as written.
    public var value: Decimal {
        didSet { knownIntegerParts = nil }
    }
    /// The unit the value is in.
    public var unit: HealthUnit
    /// How many decimal places the value's text showed (`98.0` → 1, `98` → 0, `9.80e1` → 1), when
    /// it was read from text; `Decimal` itself drops trailing zeros. Verification uses it to
    /// know how much rounding the stored form may have applied. Not part of equality.
    public var fractionDigits: Int?
    /// `value`'s integer parts as the parser that read it computed them (nil when not read
    /// from text, or when they do not fit in 64 bits). Not part of equality.
    private var knownIntegerParts: DecimalText.IntegerParts?

    /// Creates a quantity.
    public init(value: Decimal, unit: HealthUnit, fractionDigits: Int? = nil) {
        self.value = value
        self.unit = unit
        self.fractionDigits = fractionDigits
    }

    /// Creates a quantity of a value read by ``DecimalText/parseExactly(_:)``, keeping the
    /// integer parts the parser computed: every signed or verified quantity is encoded from them.
    public init(_ value: DecimalText.ExactDecimal, unit: HealthUnit, fractionDigits: Int? = nil) {
        self.value = value.value
        self.unit = unit
        self.fractionDigits = fractionDigits
        knownIntegerParts = value.integerParts
    }

    /// The value as sign, integer significand and power of ten (``DecimalText/integerParts(of:)``),
    /// or nil when the significand needs more than 64 bits.
    public var integerParts: DecimalText.IntegerParts? {
        knownIntegerParts ?? DecimalText.integerParts(of: value)
    }

    public static func == (lhs: Quantity, rhs: Quantity) -> Bool {
        lhs.value == rhs.value && lhs.unit == rhs.unit
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(unit)
    }

    /// Reads the "number space unit" form HealthKit uses for quantity metadata values and
    /// descriptions, e.g. `56 degF`, `96 %`, `4.52156 kcal/hr·kg` (docs/EXPORT-XML.md §5).
    /// - Throws: ``QuantityTextError`` for a malformed number, missing space or invalid unit.
    public init(parsing text: String) throws(QuantityTextError) {
        guard let space = text.firstIndex(of: " ") else {
            throw .missingUnit(text: String(text.prefix(64)))
        }
        let number = String(text[..<space])
        let unitText = String(text[text.index(after: space)...])
        do {
            let exact = try DecimalText.parseExactly(number)
            value = exact.value
            knownIntegerParts = exact.integerParts
        } catch {
            throw .invalidNumber(error)
        }
        fractionDigits = DecimalText.fractionDigits(of: number)
        do {
            unit = try HealthUnit(unitText)
        } catch {
            throw .invalidUnit(error)
        }
    }

    /// Whether the quantity converts to `unit`.
    public func isCompatible(with unit: HealthUnit) -> Bool { self.unit.isCompatible(with: unit) }

    /// The value as a Double, exactly as the decimal text would read (correctly rounded).
    public var doubleValue: Double { DecimalText.doubleValue(of: value, integerParts: integerParts) }

    /// The value converted to `unit`.
    /// - Throws: ``QuantityConversionError`` when the units measure different things.
    public func doubleValue(in unit: HealthUnit) throws(QuantityConversionError) -> Double {
        try self.unit.convert(doubleValue, to: unit)
    }

    /// "value unit", e.g. `36.6 degC`, the form ``init(parsing:)`` reads.
    public var description: String {
        (knownIntegerParts.map(DecimalText.format) ?? DecimalText.format(value)) + " " + unit.unitString
    }
}

/// Why a "number unit" text could not be read as a ``Quantity``.
public enum QuantityTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No space separates the number from the unit.
    case missingUnit(text: String)
    /// The number is not a plain decimal.
    case invalidNumber(DecimalTextError)
    /// The unit string is invalid.
    case invalidUnit(HealthUnitError)

    /// Explains the problem.
    public var description: String {
        switch self {
        case .missingUnit(let text): return "quantity \"\(text)\" has no unit (expected \"number unit\")"
        case .invalidNumber(let error): return error.description
        case .invalidUnit(let error): return error.description
        }
    }
}
