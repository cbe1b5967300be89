import Foundation

// Conveniences for showing a SignerInfo (`healthsig inspect`); nothing here verifies.
extension SignerInfo {
    /// The signing-time signed attribute, if present and well-formed.
    public var signingTime: Date? { signedAttrs?.signingTime }

    /// The signature as raw P-256 `r ‖ s` (64 bytes), if it is a DER ECDSA-Sig-Value whose
    /// values fit.
    public var rawSignature: [UInt8]? {
        (try? ECDSASignatureValue(derEncoded: signature))?.rawRS
    }
}
