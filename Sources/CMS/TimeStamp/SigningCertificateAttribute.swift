import CryptoBackend
import DER

/// The ESS attribute by which a TSA names the certificate it signed with (RFC 3161 2.4.1
/// requires it): `signingCertificate` (RFC 2634 5.4, SHA-1) or `signingCertificateV2`
/// (RFC 5035 3, RFC 5816; SHA-256 unless said otherwise).
///
/// ```asn1
/// SigningCertificate ::= SEQUENCE {
///     certs     SEQUENCE OF ESSCertID,
///     policies  SEQUENCE OF PolicyInformation OPTIONAL }
/// ESSCertID ::= SEQUENCE { certHash Hash, issuerSerial IssuerSerial OPTIONAL }
///
/// SigningCertificateV2 ::= SEQUENCE {
///     certs     SEQUENCE OF ESSCertIDv2,
///     policies  SEQUENCE OF PolicyInformation OPTIONAL }
/// ESSCertIDv2 ::= SEQUENCE {
///     hashAlgorithm  AlgorithmIdentifier DEFAULT {algorithm id-sha256},
///     certHash       Hash,
///     issuerSerial   IssuerSerial OPTIONAL }
/// ```
///
/// Only the first ESSCertID matters here: RFC 2634 5.4 says it identifies the signer's
/// certificate. Its hash algorithm must be SHA-1 (v1) or SHA-256 (v2, where DER leaves out the
/// DEFAULT, X.690 11.5); `issuerSerial` and `policies` are read as DER but not used.
public struct SigningCertificateAttribute: Sendable, Hashable {
    /// Which attribute it was.
    public enum Version: Sendable, Hashable { case v1, v2 }

    public let version: Version
    /// The first ESSCertID's certHash.
    public let certificateHash: [UInt8]

    /// The attribute naming `certificate` by its SHA-256 (v2, hashAlgorithm left at its default).
    public init(v2For certificate: Certificate) {
        version = .v2
        certificateHash = Digest.sha256(certificate.derEncoded)
    }

    /// Decodes the single value of a `signingCertificate` (`isV2` false) or
    /// `signingCertificateV2` attribute.
    public init(derNode: DERNode, isV2: Bool) throws {
        version = isV2 ? .v2 : .v1
        let name = isV2 ? "SigningCertificateV2" : "SigningCertificate"
        certificateHash = try DER.sequence(derNode, name) { fields in
            let certs = try fields.read(.sequence, "certs")
            _ = fields.readOptional(.sequence)
            guard let first = certs.children.first else {
                throw DERError(.invalidValue, at: certs.offset, "\(name) certs must name at least the signer's certificate (RFC 2634 5.4)")
            }
            return try DER.sequence(first, isV2 ? "ESSCertIDv2" : "ESSCertID") { id in
                if isV2, let algorithmNode = id.readOptional(.sequence) {
                    let algorithm = try AlgorithmIdentifier(derNode: algorithmNode)
                    guard algorithm.algorithm != .idSHA256 || !algorithm.parametersAbsent else {
                        throw DERError(.defaultValueEncoded, at: algorithmNode.offset,
                                       "ESSCertIDv2 hashAlgorithm id-sha256 is its DEFAULT and must be left out (X.690 11.5)")
                    }
                    throw DERError(.invalidValue, at: algorithmNode.offset,
                                   "ESSCertIDv2 hashAlgorithm \(algorithm.algorithm) is not supported; use the default id-sha256")
                }
                let hash = try DEROctetString(derNode: id.read(.octetString, "certHash"))
                let expected = isV2 ? Digest.sha256ByteCount : Digest.sha1ByteCount
                guard hash.bytes.count == expected else {
                    throw DERError(.invalidValue, at: first.offset, "\(isV2 ? "ESSCertIDv2" : "ESSCertID") certHash has \(hash.bytes.count) octets, not \(expected)")
                }
                _ = id.readOptional(.sequence)
                return Array(hash.bytes)
            }
        }
    }

    /// Whether the hash names `certificate`.
    public func names(_ certificate: Certificate) -> Bool {
        switch version {
        case .v1: Digest.sha1(certificate.derEncoded) == certificateHash
        case .v2: Digest.sha256(certificate.derEncoded) == certificateHash
        }
    }

    /// The attribute (`signingCertificateV2`) as written into a token's signed attributes.
    public var attribute: Attribute {
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { outer in
            outer.appendConstructed(.sequence) { certs in
                certs.appendConstructed(.sequence) { id in id.append(DEROctetString(certificateHash)) }
            }
        }
        // The bytes were just written by this writer: one well-formed element.
        let value = (try? DERAny(encoded: writer.bytes)).map { [$0] } ?? []
        return Attribute(attrType: version == .v2 ? .idAASigningCertificateV2 : .idAASigningCertificate, attrValues: value)
    }
}
