import DER

/// Why a signed record (the CMS content) could not be decoded. Each case names the key and, where
/// known, the byte offset in the record.
public enum RecordError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The record is not strict DER (the DER error carries code and offset).
    case der(DERError)
    /// A dictionary holds the same key twice.
    case duplicateKey(String, offset: Int)
    /// A value uses a tag the format does not define.
    case unsupportedValue(tag: String, offset: Int)
    /// A required key is absent.
    case missingKey(String)
    /// A key holds a value of the wrong type.
    case wrongType(key: String, expected: String)
    /// The record declares a format version this implementation does not know.
    case unsupportedFormatVersion(String)
    /// A record of format version 2 that signs no metadata key version 1 does not: a signer
    /// writes version 1 for it (docs/FORMAT.md, "Format versions").
    case formatVersionNotMinimal(Int)
    /// A key of the format that docs/FORMAT.md's table does not give to this kind of record (a
    /// category's `u`, a quantity's `o`, a correlation object's `fv`): signed content no
    /// comparison would look at.
    case keyNotAllowed(key: String, kind: String)
    /// A REAL that is an X.690 special value (PLUS-INFINITY, MINUS-INFINITY, NOT-A-NUMBER, minus
    /// zero) where the format allows only base-10 NR3; `key` is the entry's path (`m.HKTimeZone`,
    /// `x[1]`), `offset` the REAL's position in the record.
    case nonDecimalReal(key: String, value: String, offset: Int)
    /// A value is well-typed but not acceptable (e.g. an unparsable unit string).
    case invalidValue(key: String, reason: String)

    /// Stable machine name of the case.
    public var code: String {
        switch self {
        case .der(let e): return "der-\(e.code.rawValue)"
        case .duplicateKey: return "duplicate-key"
        case .unsupportedValue: return "unsupported-value"
        case .missingKey: return "missing-key"
        case .wrongType: return "wrong-type"
        case .unsupportedFormatVersion: return "unsupported-format-version"
        case .formatVersionNotMinimal: return "format-version-not-minimal"
        case .nonDecimalReal: return "non-decimal-real"
        case .keyNotAllowed: return "key-not-allowed"
        case .invalidValue: return "invalid-value"
        }
    }

    public var description: String {
        switch self {
        case .der(let e): return "record is not valid DER: \(e)"
        case .duplicateKey(let k, let offset): return "record key '\(k)' appears twice (offset \(offset))"
        case .unsupportedValue(let tag, let offset): return "record value of type \(tag) is not part of the format (offset \(offset))"
        case .missingKey(let k): return "record lacks required key '\(k)'"
        case .wrongType(let k, let expected): return "record key '\(k)' must hold \(expected)"
        case .unsupportedFormatVersion(let v): return "record format version \(v) is not supported (this implementation reads versions 1 and 2)"
        case .formatVersionNotMinimal(let v):
            return "record format version \(v) signs no metadata key that version 1 does not; such a record has version 1 (docs/FORMAT.md, \"Format versions\")"
        case .keyNotAllowed(let k, let kind):
            return "record key '\(k)' does not belong to a \(kind) record (docs/FORMAT.md, \"Keys\")"
        case .nonDecimalReal(let k, let value, let offset):
            return "record key '\(k)' holds the REAL special value \(value) (offset \(offset)); the format allows only base-10 NR3"
        case .invalidValue(let k, let reason): return "record key '\(k)': \(reason)"
        }
    }
}
