import DER

/// A time-stamp authority's answer (RFC 3161 2.4.2).
///
/// ```asn1
/// TimeStampResp ::= SEQUENCE {
///     status          PKIStatusInfo,
///     timeStampToken  TimeStampToken  OPTIONAL }
///
/// PKIStatusInfo ::= SEQUENCE {
///     status        PKIStatus,
///     statusString  PKIFreeText     OPTIONAL,
///     failInfo      PKIFailureInfo  OPTIONAL }
///
/// PKIStatus ::= INTEGER { granted(0), grantedWithMods(1), rejection(2), waiting(3),
///                         revocationWarning(4), revocationNotification(5) }
/// PKIFreeText ::= SEQUENCE SIZE (1..MAX) OF UTF8String
/// PKIFailureInfo ::= BIT STRING
/// ```
///
/// RFC 3161: "When the status contains the value zero or one, a TimeStampToken MUST be present.
/// When status contains a value other than zero or one, a TimeStampToken MUST NOT be present."
/// Both directions are enforced; the token itself is kept as its DER for ``TimeStampToken``.
public struct TimeStampResp: DERParseable, Hashable, Sendable {
    /// PKIStatus.
    public let status: Int
    /// The statusString texts, joined for a message.
    public let statusText: [String]
    /// The failInfo bits as received (content octets without the unused-bits octet).
    public let failInfo: DERBitString?
    /// The TimeStampToken's DER (a ContentInfo), present exactly when status is 0 or 1.
    public let timeStampToken: [UInt8]?

    /// Whether the TSA granted the request (status 0 or 1).
    public var isGranted: Bool { status == 0 || status == 1 }

    /// Decodes the SEQUENCE.
    public init(derNode: DERNode) throws {
        var status = 0
        var texts: [String] = []
        var failInfo: DERBitString?
        var token: [UInt8]?
        try DER.sequence(derNode, "TimeStampResp") { fields in
            try DER.sequence(fields.read(.sequence, "status"), "PKIStatusInfo") { info in
                let statusNode = try info.read(.integer, "status")
                guard let value = try DERInteger(derNode: statusNode).intValue, (0...5).contains(value) else {
                    throw DERError(.invalidValue, at: statusNode.offset, "PKIStatus must be 0..5 (RFC 3161 2.4.2)")
                }
                status = value
                if let text = info.readOptional(.sequence) {
                    guard !text.children.isEmpty else {
                        throw DERError(.invalidValue, at: text.offset, "PKIFreeText must hold at least one UTF8String")
                    }
                    texts = try text.children.map { try DERUTF8String(derNode: $0).value }
                }
                failInfo = try info.readOptional(.bitString).map { try DERBitString(derNode: $0) }
            }
            token = fields.readOptional(.sequence).map { Array($0.encodedBytes) }
        }
        let granted = status == 0 || status == 1
        if granted && token == nil {
            throw DERError(.missingField, at: derNode.offset, "PKIStatus \(status) grants the request but the timeStampToken is missing (RFC 3161 2.4.2)")
        }
        if !granted && token != nil {
            throw DERError(.unexpectedField, at: derNode.offset, "PKIStatus \(status) refuses the request but a timeStampToken is present (RFC 3161 2.4.2)")
        }
        self.status = status
        self.statusText = texts
        self.failInfo = failInfo
        self.timeStampToken = token
    }
}
