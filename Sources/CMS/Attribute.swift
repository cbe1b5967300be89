import DER

/// One attribute of a SignerInfo (RFC 5652 5.3).
///
/// ```asn1
/// Attribute ::= SEQUENCE {
///     attrType    OBJECT IDENTIFIER,
///     attrValues  SET OF AttributeValue }
///
/// AttributeValue ::= ANY
/// ```
///
/// At least one value is required: RFC 5912's module (the maintained ASN.1 of RFC 5652) writes
/// `attrValues SET SIZE(1..MAX) OF`, and an attribute without a value says nothing.
///
/// Values are kept as received (`DERAny`); the verifier interprets the ones it knows
/// (content-type, message-digest, signing-time, RFC 5652 11.1–11.3).
public struct Attribute: DERParseable, DERSerializable, Hashable, Sendable, CustomStringConvertible {
    /// The attribute type.
    public var attrType: DERObjectIdentifier
    /// The values, in DER SET OF order when parsed.
    public var attrValues: [DERAny]

    /// Creates an attribute; the values are sorted into DER order when written.
    public init(attrType: DERObjectIdentifier, attrValues: [DERAny]) {
        self.attrType = attrType
        self.attrValues = attrValues
    }

    /// Decodes the SEQUENCE; the SET OF values must be in DER order (X.690 11.6).
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "Attribute") { fields in
            let attrType = try DERObjectIdentifier(derNode: fields.read(.objectIdentifier, "attrType"))
            let set = try fields.read(.set, "attrValues")
            let values = try DER.setOf(set, "attrValues").map { try DERAny(derNode: $0) }
            guard !values.isEmpty else {
                throw DERError(.invalidValue, at: set.offset, "attribute \(attrType) has no values (RFC 5912: SIZE(1..MAX))")
            }
            return Attribute(attrType: attrType, attrValues: values)
        }
    }

    /// Writes the SEQUENCE with the values as a sorted SET OF.
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            writer.append(attrType)
            writer.appendSetOf { set in
                for value in attrValues { set.append(value) }
            }
        }
    }

    /// The type (with its name when known) and the number of values.
    public var description: String { "\(attrType): \(attrValues.count) value(s)" }
}
