/// The one error type of the DER layer.
///
/// `code` is the stable part that callers and tests compare on; `offset` says where in the input
/// (an index into the buffer that was parsed) the problem sits, and `reason` is human text that
/// may change between releases. Equality compares `code` only, as in swift-asn1, so tests assert
/// what went wrong without depending on message wording.
public struct DERError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What rule the input broke. Raw values are stable machine names.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The input ends before the element it announces (X.690 8.1.1).
        case truncated
        /// Indefinite length form; DER allows only definite lengths (X.690 10.1).
        case indefiniteLength
        /// Long-form length that could have been shorter (X.690 10.1, 8.1.3.5).
        case nonMinimalLength
        /// Length of length above 4 octets: larger than anything this toolkit accepts.
        case lengthTooLarge
        /// High-tag-number form used for a number below 31, or with a leading 0x80 octet (X.690 8.1.2.4).
        case nonMinimalTag
        /// Tag number needs more than 4 base-128 octets.
        case tagTooLarge
        /// Universal tag 0 is reserved for BER end-of-contents (X.690 8.1.5); universal tag 15 is
        /// reserved for future editions (X.680).
        case reservedTag
        /// Bytes follow the outermost element.
        case trailingBytes
        /// More nested constructed elements than `DER.maximumDepth`.
        case nestingTooDeep
        /// A primitive-only universal type (INTEGER, OCTET STRING, strings, times…) in constructed
        /// form, or SEQUENCE/SET (or EXTERNAL, EMBEDDED PDV, CHARACTER STRING) in primitive form
        /// (X.690 10.2, 8.9.1, 8.11.1).
        case invalidConstructedFlag
        /// The element has a different tag than the schema requires.
        case unexpectedTag
        /// A required field is missing at the end of a SEQUENCE.
        case missingField
        /// A SEQUENCE has elements after the last field the schema knows.
        case unexpectedField
        /// INTEGER with no content octets (X.690 8.3.1).
        case emptyInteger
        /// INTEGER whose first nine bits are all zeros or all ones (X.690 8.3.2).
        case nonMinimalInteger
        /// INTEGER too large for the requested Swift type.
        case integerOverflow
        /// BOOLEAN content other than a single 0x00 or 0xFF octet (X.690 8.2.2, 11.1).
        case invalidBoolean
        /// NULL with content octets (X.690 8.8.2).
        case invalidNull
        /// OBJECT IDENTIFIER that is empty, has a non-minimal or unterminated subidentifier
        /// (X.690 8.19.2), or an arc too large to represent.
        case invalidObjectIdentifier
        /// BIT STRING with a bad unused-bits octet, or unused bits that are not zero (X.690 11.2.1).
        case invalidBitString
        /// A character string with characters outside its type's alphabet or invalid UTF-8.
        case invalidString
        /// UTCTime or GeneralizedTime not in the single form DER allows (X.690 11.7, 11.8).
        case invalidTime
        /// REAL not in the canonical form DER allows (X.690 8.5, 11.3).
        case invalidReal
        /// SET OF elements not in ascending order of their encodings (X.690 11.6).
        case unsortedSet
        /// The same element twice in a SET OF whose schema requires unique elements.
        case duplicateSetElement
        /// A DEFAULT field encoded with its default value (X.690 11.5).
        case defaultValueEncoded
        /// A value that is well-formed DER but not allowed by the schema.
        case invalidValue
    }

    /// What rule was broken.
    public let code: Code
    /// Index in the parsed buffer where the offending element or octet starts.
    public let offset: Int
    /// Human-readable detail; not part of the stable contract.
    public let reason: String

    /// Creates an error; prefer the `DERError.code(...)` style factories below.
    public init(_ code: Code, at offset: Int, _ reason: String) {
        self.code = code
        self.offset = offset
        self.reason = reason
    }

    /// A human-readable rendering for messages and logs.
    public var description: String { "\(code.rawValue) at offset \(offset): \(reason)" }

    /// Compares the stable `code` only, never the offset or reason.
    public static func == (lhs: DERError, rhs: DERError) -> Bool { lhs.code == rhs.code }
    /// Hashes the `code` only, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
