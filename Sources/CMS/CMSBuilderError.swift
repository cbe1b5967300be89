/// Why `SignedDataBuilder` refused to produce a SignedData.
///
/// Tests match on the case; the strings say what exactly was wrong for people.
public enum CMSBuilderError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The options need the signer's certificate (issuerAndSerialNumber identification or an
    /// embedded certificate) but none was given; the string names the option.
    case certificateRequired(String)
    /// The signer certificate's public key is not the key that signs.
    case certificateKeyMismatch
    /// The certificate could not be used (its key is not P-256, or its issuer/serial cannot be
    /// read).
    case unusableCertificate(String)
    /// RFC 5652 5.3: signedAttrs MUST be present when eContentType is not id-data.
    case signedAttributesRequired
    /// Additional signed attributes were given but signed attributes are not included.
    case additionalAttributesNeedSignedAttributes
    /// The signing time cannot be encoded (outside the years GeneralizedTime can express).
    case invalidSigningTime(String)
    /// A signature that is neither a DER ECDSA-Sig-Value nor, where allowed, 64 bytes of r‖s.
    case invalidSignatureEncoding(String)
    /// The signature does not verify under the signer's public key, so it is not wrapped.
    case signatureDoesNotVerify
    /// The signature provider (key, secure element, HSM) failed; the string is its error.
    case signingFailed(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .certificateRequired(let option):
            return "\(option) needs the signer certificate, but none was given"
        case .certificateKeyMismatch:
            return "the signer certificate's public key is not the signing key"
        case .unusableCertificate(let detail):
            return "the signer certificate cannot be used: \(detail)"
        case .signedAttributesRequired:
            return "RFC 5652 5.3: signed attributes are required when the content type is not id-data"
        case .additionalAttributesNeedSignedAttributes:
            return "additional signed attributes were given, but the builder does not include signed attributes"
        case .invalidSigningTime(let detail):
            return "invalid signing time: \(detail)"
        case .invalidSignatureEncoding(let detail):
            return "invalid signature encoding: \(detail)"
        case .signatureDoesNotVerify:
            return "the signature does not verify under the signer's public key"
        case .signingFailed(let detail):
            return "signing failed: \(detail)"
        }
    }
}
