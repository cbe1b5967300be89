import CryptoBackend
import DER
import Foundation

/// A gateway that is its own time-stamp authority (`healthsig timestamp --tsa-key --tsa-cert`):
/// it issues TimeStampTokens (RFC 3161) with its own key and certificate, as `openssl ts -reply`
/// would: SignerInfo by issuer and serial number, the TSA certificate embedded (certReq), signed
/// attributes content-type id-ct-TSTInfo, message-digest, signing-time and ESS
/// signingCertificateV2 (SHA-256 of the certificate), SHA-256 and ecdsa-with-SHA256.
public struct TimeStampAuthority: Sendable {
    public let key: P256PrivateKey
    public let certificate: Certificate
    public let policy: DERObjectIdentifier

    /// The authority of `key` and `certificate`, which must be a TSA certificate (RFC 3161 2.3)
    /// for that key.
    public init(key: P256PrivateKey, certificate: Certificate,
                policy: DERObjectIdentifier = .healthsigGatewayTimeStampPolicy) throws(TimeStampError) {
        if let problem = certificate.timeStampingPurposeProblem {
            throw .notATimeStampingCertificate(subject: certificate.subject, problem: "\(problem)")
        }
        guard certificate.publicKey == key.publicKey else {
            throw .badSignature("the TSA key does not belong to the certificate \(certificate.subject)")
        }
        self.key = key
        self.certificate = certificate
        self.policy = policy
    }

    /// A token for `imprint` (a SHA-256 hash) at `date` (whole seconds), with a random 128-bit
    /// serial number.
    public func token(imprint: [UInt8], at date: Date = Date()) throws -> [UInt8] {
        let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        var serial = SecureRandom.bytes(16)
        serial[0] &= 0x7F
        serial[0] |= 0x01
        let info = TSTInfo(policy: policy, messageImprint: MessageImprint(hashedMessage: imprint),
                           serialNumber: DERInteger(unsignedBigEndian: serial), genTime: try GeneralizedTime(whole),
                           accuracy: TimeStampAccuracy(seconds: 1))
        var builder = SignedDataBuilder(eContentType: .idCTTSTInfo, signerIdentification: .issuerAndSerialNumber,
                                        signerCertificate: certificate, embedsSignerCertificate: true,
                                        includesSignedAttributes: true, signingTime: whole)
        builder.additionalSignedAttributes = [SigningCertificateAttribute(v2For: certificate).attribute]
        return try builder.sign(DER.encode(info), using: key)
    }
}
