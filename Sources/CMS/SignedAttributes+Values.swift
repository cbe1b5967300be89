import DER
import Foundation

// Lenient readers of the three attributes RFC 5652 11 defines, for display
// (`CMSSignedDataView`). They return `nil` unless the attribute occurs once with one value of
// the right type; `CMSVerifier` applies the strict rules and reports which one failed.
extension SignedAttributes {
    /// The content-type attribute's OID (RFC 5652 11.1), if well-formed.
    public var contentType: DERObjectIdentifier? {
        singleValue(.idContentType).flatMap { try? DERObjectIdentifier(derNode: $0.node) }
    }

    /// The message-digest attribute's octets (RFC 5652 11.2), if well-formed.
    public var messageDigest: [UInt8]? {
        singleValue(.idMessageDigest).flatMap { try? DEROctetString(derNode: $0.node) }.map { Array($0.bytes) }
    }

    /// The signing-time attribute (RFC 5652 11.3), if well-formed UTCTime or GeneralizedTime.
    public var signingTime: Date? {
        singleValue(.idSigningTime).flatMap { try? SigningTime.decode($0.node) }
    }

    private func singleValue(_ type: DERObjectIdentifier) -> DERAny? {
        let matches = attributes(ofType: type)
        guard matches.count == 1, matches[0].attrValues.count == 1 else { return nil }
        return matches[0].attrValues[0]
    }
}

/// The signing-time attribute value (RFC 5652 11.3).
///
/// ```asn1
/// SigningTime ::= Time
/// Time ::= CHOICE { utcTime UTCTime, generalTime GeneralizedTime }
/// ```
enum SigningTime {
    /// Decodes the Time CHOICE. RFC 5652 11.3: years 1950–2049 MUST be UTCTime, so a
    /// GeneralizedTime in that range is refused with `invalidTime`.
    static func decode(_ node: DERNode) throws(DERError) -> Date {
        switch node.tag {
        case .utcTime:
            return try UTCTime(derNode: node, withTag: .utcTime).date
        case .generalizedTime:
            let time = try GeneralizedTime(derNode: node, withTag: .generalizedTime)
            guard !(1950...2049).contains(time.year) else {
                throw DERError(.invalidTime, at: node.offset,
                               "signing time in \(time.year) must be UTCTime, not GeneralizedTime (RFC 5652 11.3)")
            }
            return time.date
        default:
            throw DERError(.unexpectedTag, at: node.offset,
                           "signing time must be UTCTime or GeneralizedTime, found \(node.tag)")
        }
    }
}
