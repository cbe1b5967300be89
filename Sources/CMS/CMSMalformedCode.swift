/// The `code` of a `CMSVerdict.malformed` verdict for input that is valid DER but breaks an
/// RFC 5652 rule or the profile. (Encoding errors use `DERError.Code` raw values instead.)
public enum CMSMalformedCode: String, Sendable, CaseIterable {
    /// ContentInfo.contentType is not id-signedData (RFC 5652 5.1).
    case notSignedData
    /// SignedData.version is not the one RFC 5652 5.1 requires for its contents.
    case invalidVersion
    /// SignerInfo.version does not match its sid: v1 with issuerAndSerialNumber, v3 with
    /// subjectKeyIdentifier (RFC 5652 5.3).
    case signerVersionMismatch
    /// Not exactly one SignerInfo (the profile has one signer).
    case signerCount
    /// The SignerInfo's digestAlgorithm is not listed in SignedData.digestAlgorithms (RFC 5652 5.1).
    case digestAlgorithmNotListed
    /// SignedData.digestAlgorithms lists id-sha256 more than once (say with parameters absent and
    /// with NULL); the profile's set has one entry.
    case digestAlgorithmRepeated
    /// eContent is absent (detached) and no content was supplied.
    case missingContent
    /// No signed attributes although eContentType is not id-data (RFC 5652 5.3).
    case signedAttributesRequired
    /// A required signed attribute (content-type, message-digest) is absent (RFC 5652 5.3).
    case missingAttribute
    /// A signed attribute that may occur once occurs more often (RFC 5652 11.1–11.3).
    case duplicateAttribute
    /// A content-type, message-digest or signing-time attribute without exactly one value of
    /// the right type (RFC 5652 11.1–11.3).
    case invalidAttributeValue
    /// The content-type attribute differs from eContentType (RFC 5652 11.1).
    case contentTypeMismatch
    /// A content-type, message-digest or signing-time attribute among the unsigned attributes,
    /// where RFC 5652 11.1–11.3 forbid each of them.
    case unsignedAttributeNotAllowed
    /// A countersignature attribute among the signed attributes, where RFC 5652 11.4 forbids it.
    case signedAttributeNotAllowed
    /// An element of `certificates` in the `certificate` alternative (a SEQUENCE) that is not an
    /// X.509 certificate (RFC 5652 10.2.2).
    case invalidCertificate
    /// The structure could not be decoded for a reason other than a DER rule.
    case invalidStructure
}
