import DER

/// A request to a time-stamp authority (RFC 3161 2.4.1), as `healthsig timestamp --tsa-url`
/// sends it over HTTP.
///
/// ```asn1
/// TimeStampReq ::= SEQUENCE {
///     version         INTEGER { v1(1) },
///     messageImprint  MessageImprint,
///     reqPolicy       TSAPolicyId              OPTIONAL,
///     nonce           INTEGER                  OPTIONAL,
///     certReq         BOOLEAN                  DEFAULT FALSE,
///     extensions      [0] IMPLICIT Extensions  OPTIONAL }
/// ```
///
/// Decoding (for a TSA fixture or a tool reading requests) enforces version 1, certReq FALSE
/// left out (X.690 11.5) and no extensions (healthsig asks for none and understands none).
public struct TimeStampReq: DERParseable, DERSerializable, Hashable, Sendable {
    public var messageImprint: MessageImprint
    public var reqPolicy: DERObjectIdentifier?
    public var nonce: DERInteger?
    public var certReq: Bool

    /// Creates a request; healthsig always asks for the TSA certificate (certReq TRUE) so the
    /// token carries what a verifier needs to chain it.
    public init(messageImprint: MessageImprint, reqPolicy: DERObjectIdentifier? = nil, nonce: DERInteger? = nil,
                certReq: Bool = true) {
        self.messageImprint = messageImprint
        self.reqPolicy = reqPolicy
        self.nonce = nonce
        self.certReq = certReq
    }

    /// Decodes the SEQUENCE.
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "TimeStampReq") { fields in
            let versionNode = try fields.read(.integer, "version")
            guard try DERInteger(derNode: versionNode).intValue == 1 else {
                throw DERError(.invalidValue, at: versionNode.offset, "TimeStampReq version must be 1 (RFC 3161 2.4.1)")
            }
            let imprint = try MessageImprint(derNode: fields.read(.sequence, "messageImprint"))
            let policy = try fields.readOptional(.objectIdentifier).map { try DERObjectIdentifier(derNode: $0) }
            let nonce = try fields.readOptional(.integer).map { try DERInteger(derNode: $0) }
            var certReq = false
            if let node = fields.readOptional(.boolean) {
                certReq = try Bool(derNode: node)
                guard certReq else {
                    throw DERError(.defaultValueEncoded, at: node.offset,
                                   "TimeStampReq certReq FALSE is its DEFAULT and must be left out (X.690 11.5)")
                }
            }
            if let node = fields.readOptional(.contextSpecific(0, constructed: true)) {
                throw DERError(.invalidValue, at: node.offset, "TimeStampReq extensions are not supported")
            }
            return TimeStampReq(messageImprint: imprint, reqPolicy: policy, nonce: nonce, certReq: certReq)
        }
    }

    /// Writes the SEQUENCE (version 1).
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            writer.append(DERInteger(1))
            writer.append(messageImprint)
            if let reqPolicy { writer.append(reqPolicy) }
            if let nonce { writer.append(nonce) }
            if certReq { writer.append(true) }
        }
    }
}
