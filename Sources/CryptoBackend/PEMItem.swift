/// One item of a trust bundle.
public enum PEMItem: Hashable, Sendable {
    /// A bare P-256 public key (`PUBLIC KEY` block).
    case publicKey(P256PublicKey)
    /// A certificate (`CERTIFICATE` block).
    case certificate(Certificate)
}
