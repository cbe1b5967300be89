/// The reasonCode of a CRL entry (RFC 5280 §5.3.1, CRLReason). The raw value is the ENUMERATED
/// value on the wire.
public enum RevocationReason: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case unspecified = 0
    case keyCompromise = 1
    case cACompromise = 2
    case affiliationChanged = 3
    case superseded = 4
    case cessationOfOperation = 5
    case certificateHold = 6
    case removeFromCRL = 8
    case privilegeWithdrawn = 9
    case aACompromise = 10

    /// RFC 5280's name, e.g. `keyCompromise`: what reports and `openssl crl -text` say.
    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .keyCompromise: "keyCompromise"
        case .cACompromise: "cACompromise"
        case .affiliationChanged: "affiliationChanged"
        case .superseded: "superseded"
        case .cessationOfOperation: "cessationOfOperation"
        case .certificateHold: "certificateHold"
        case .removeFromCRL: "removeFromCRL"
        case .privilegeWithdrawn: "privilegeWithdrawn"
        case .aACompromise: "aACompromise"
        }
    }
}
