import DER

/// How a SignerInfo names the signer's certificate or key (RFC 5652 5.3).
///
/// ```asn1
/// SignerIdentifier ::= CHOICE {
///     issuerAndSerialNumber  IssuerAndSerialNumber,
///     subjectKeyIdentifier   [0] SubjectKeyIdentifier }
///
/// SubjectKeyIdentifier ::= OCTET STRING
/// ```
///
/// The CMS module uses IMPLICIT TAGS, so `[0]` replaces the OCTET STRING tag (`80`, primitive).
public enum SignerIdentifier: DERParseable, DERSerializable, Hashable, Sendable, CustomStringConvertible {
    /// The certificate's issuer and serial number (SignerInfo version 1).
    case issuerAndSerialNumber(IssuerAndSerialNumber)
    /// A key identifier (SignerInfo version 3): a certificate's subjectKeyIdentifier extension or,
    /// for a bare key, its RFC 5280 4.2.1.2 method 1 identifier.
    case subjectKeyIdentifier([UInt8])

    /// The context-specific tag of the `subjectKeyIdentifier` alternative.
    static let subjectKeyIdentifierTag = DERTag.contextSpecific(0, constructed: false)

    /// Decodes the CHOICE by the element's tag.
    public init(derNode: DERNode) throws {
        switch derNode.tag {
        case .sequence:
            self = .issuerAndSerialNumber(try IssuerAndSerialNumber(derNode: derNode))
        case SignerIdentifier.subjectKeyIdentifierTag:
            let octets = try DEROctetString(derNode: derNode, withTag: SignerIdentifier.subjectKeyIdentifierTag)
            self = .subjectKeyIdentifier(Array(octets.bytes))
        default:
            throw DERError(.unexpectedTag, at: derNode.offset,
                           "SignerIdentifier must be IssuerAndSerialNumber (SEQUENCE) or [0], found \(derNode.tag)")
        }
    }

    /// Writes the chosen alternative.
    public func serialize(into writer: inout DERWriter) {
        switch self {
        case .issuerAndSerialNumber(let value):
            writer.append(value)
        case .subjectKeyIdentifier(let keyIdentifier):
            writer.append(DEROctetString(keyIdentifier), implicitTag: SignerIdentifier.subjectKeyIdentifierTag)
        }
    }

    /// The SignerInfo version RFC 5652 5.3 requires with this alternative: v1 for
    /// issuerAndSerialNumber, v3 for subjectKeyIdentifier.
    public var requiredSignerInfoVersion: CMSVersion {
        switch self {
        case .issuerAndSerialNumber: return .v1
        case .subjectKeyIdentifier: return .v3
        }
    }

    /// `ski:<hex>` or `issuer-serial:<issuer hex>/<serial hex>`, as shown in verdicts.
    public var description: String {
        switch self {
        case .subjectKeyIdentifier(let keyIdentifier):
            return "ski:\(Hex.encode(keyIdentifier))"
        case .issuerAndSerialNumber(let value):
            return "issuer-serial:\(Hex.encode(value.issuer.node.encodedBytes))/\(Hex.encode(value.serialNumber.bytes))"
        }
    }
}
