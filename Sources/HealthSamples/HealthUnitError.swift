/// Why a unit string could not be read, and where.
public struct HealthUnitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Hashable {
        /// The unit string is empty.
        case empty
        /// A character that cannot appear at this point; `expected` says what could.
        case unexpectedCharacter(expected: String)
        /// The string ended where `expected` was required.
        case unexpectedEnd(expected: String)
        /// A unit symbol HealthKit does not define (also a known symbol with a prefix it does not take).
        case unknownUnit(String)
        /// A `mol` unit without `<molar mass>`: HealthKit converts moles through the molar mass only.
        case missingMolarMass
        /// A molar mass that is not a positive decimal number.
        case invalidMolarMass(String)
        /// An exponent outside −99 … 99, or a combined exponent beyond ±127.
        case exponentOutOfRange
        /// The combined conversion factor overflows or underflows a Double.
        case factorOutOfRange
        /// Parentheses nested deeper than ``HealthUnit/maximumNestingDepth``.
        case nestingTooDeep
        /// The string is longer than ``HealthUnit/maximumLength`` characters.
        case tooLong
    }

    /// The unit string that was being read (cut to 64 characters).
    public let text: String
    /// Offset of the offending character, counted in Unicode scalars (µ and · count as one).
    public let offset: Int
    /// What was wrong.
    public let kind: Kind

    /// Creates an error; the text is cut to 64 characters so an error never holds a huge input.
    public init(text: String, offset: Int, kind: Kind) {
        self.text = String(text.unicodeScalars.prefix(64))
        self.offset = offset
        self.kind = kind
    }

    /// A one-line explanation naming the offset and the problem.
    public var description: String {
        let what: String
        switch kind {
        case .empty: what = "empty unit"
        case .unexpectedCharacter(let expected): what = "expected \(expected)"
        case .unexpectedEnd(let expected): what = "text ends, expected \(expected)"
        case .unknownUnit(let symbol): what = "unknown unit \"\(symbol)\""
        case .missingMolarMass: what = "mol needs a molar mass, e.g. mmol<180.15588000005408>"
        case .invalidMolarMass(let text): what = "invalid molar mass \"\(text)\""
        case .exponentOutOfRange: what = "exponent out of range"
        case .factorOutOfRange: what = "conversion factor out of range"
        case .nestingTooDeep: what = "parentheses nested too deeply"
        case .tooLong: what = "unit string too long"
        }
        return "invalid unit \"\(text)\" at offset \(offset): \(what)" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
    }

    /// The unit string probably meant (``UnitSuggestion``), for every error but an empty or
    /// overlong string or a molar unit (whose message already shows the form).
    public var suggestion: String? {
        switch kind {
        case .empty, .tooLong, .missingMolarMass, .invalidMolarMass: return nil
        default:
            if let whole = UnitSuggestion.suggestion(for: text), whole != text { return whole }
            return nil
        }
    }
}
