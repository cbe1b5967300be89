import CryptoBackend
import DER

/// Identifies a certificate by its issuer's name and its serial number (RFC 5652 10.2.4).
///
/// ```asn1
/// IssuerAndSerialNumber ::= SEQUENCE {
///     issuer        Name,
///     serialNumber  CertificateSerialNumber }
///
/// CertificateSerialNumber ::= INTEGER
/// ```
///
/// `issuer` is kept as the raw DER of the Name (`Name ::= CHOICE { rdnSequence RDNSequence }`,
/// so a SEQUENCE) and matched byte for byte against a certificate's issuer field.
public struct IssuerAndSerialNumber: DERParseable, DERSerializable, Hashable, Sendable, CustomStringConvertible {
    /// The issuer Name, exactly as encoded.
    public var issuer: DERAny
    /// The certificate serial number.
    public var serialNumber: DERInteger

    /// Creates the identifier.
    public init(issuer: DERAny, serialNumber: DERInteger) {
        self.issuer = issuer
        self.serialNumber = serialNumber
    }

    /// Decodes the SEQUENCE; the issuer must be a SEQUENCE (RDNSequence is the only Name choice).
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "IssuerAndSerialNumber") { fields in
            let issuer = try DERAny(derNode: fields.read(.sequence, "issuer"))
            let serial = try DERInteger(derNode: fields.read(.integer, "serialNumber"))
            return IssuerAndSerialNumber(issuer: issuer, serialNumber: serial)
        }
    }

    /// Writes the SEQUENCE.
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            writer.append(issuer)
            writer.append(serialNumber)
        }
    }

    /// Hex of the issuer DER and the serial number.
    public var description: String {
        "issuer \(Hex.encode(issuer.node.encodedBytes)), serial \(Hex.encode(serialNumber.bytes))"
    }
}

extension IssuerAndSerialNumber {
    /// The identifier of `certificate`: its issuer Name exactly as encoded in the certificate and
    /// its serialNumber content octets.
    public init(certificate: Certificate) throws(DERError) {
        self.init(issuer: try DERAny(encoded: certificate.issuerNameDER),
                  serialNumber: try DERInteger(minimalBytes: certificate.serialNumberBytes))
    }
}
