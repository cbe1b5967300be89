import CryptoBackend
import DER
import Foundation

/// What a valid signature says: who signed, what, and when they claim to have signed.
public struct CMSSignerInfoSummary: Sendable, Equatable {
    /// The RFC 5280 4.2.1.2 method 1 identifier of the signer's key (SHA-1 of the key's BIT
    /// STRING value), whatever the sid carried.
    public let keyIdentifier: [UInt8]
    /// The signer identifier as carried in the SignerInfo.
    public let signerIdentifier: SignerIdentifier
    /// The subject of the signer's certificate (trusted or embedded and chained), if one is known.
    public let certificateSubject: String?
    /// Whether the signer was trusted through an embedded certificate that chains to a trusted one.
    public let trustedViaEmbeddedCertificate: Bool
    /// The signed content (attached or supplied).
    public let content: [UInt8]
    /// Whether the content came from outside the SignedData (detached signature).
    public let contentWasDetached: Bool
    /// eContentType.
    public let contentType: DERObjectIdentifier
    /// Whether the signature covers signed attributes rather than the content directly.
    public let hasSignedAttributes: Bool
    /// The signing-time attribute, if present (the signer's claim; not a trusted timestamp).
    public let signingTime: Date?
    /// The revocation of the certificate the signer is trusted through (or of a CA above it)
    /// that counts at the time certificates were checked (docs/TRUST.md); `nil` when none does.
    public let revocation: Revocation?

    /// Creates a summary.
    public init(
        keyIdentifier: [UInt8], signerIdentifier: SignerIdentifier, certificateSubject: String?,
        trustedViaEmbeddedCertificate: Bool, content: [UInt8], contentWasDetached: Bool,
        contentType: DERObjectIdentifier, hasSignedAttributes: Bool, signingTime: Date?,
        revocation: Revocation? = nil
    ) {
        self.keyIdentifier = keyIdentifier
        self.signerIdentifier = signerIdentifier
        self.certificateSubject = certificateSubject
        self.trustedViaEmbeddedCertificate = trustedViaEmbeddedCertificate
        self.content = content
        self.contentWasDetached = contentWasDetached
        self.contentType = contentType
        self.hasSignedAttributes = hasSignedAttributes
        self.signingTime = signingTime
        self.revocation = revocation
    }

    /// `keyIdentifier` as lower-case hex.
    public var keyIdentifierHex: String { Hex.encode(keyIdentifier) }
}
