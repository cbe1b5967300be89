import DER
import Foundation

/// What a time-stamp authority signs (RFC 3161 2.4.2): the imprint it saw and when.
///
/// ```asn1
/// TSTInfo ::= SEQUENCE {
///     version         INTEGER { v1(1) },
///     policy          TSAPolicyId,
///     messageImprint  MessageImprint,
///     serialNumber    INTEGER,
///     genTime         GeneralizedTime,
///     accuracy        Accuracy                 OPTIONAL,
///     ordering        BOOLEAN             DEFAULT FALSE,
///     nonce           INTEGER                  OPTIONAL,
///     tsa             [0] GeneralName          OPTIONAL,
///     extensions      [1] IMPLICIT Extensions  OPTIONAL }
///
/// TSAPolicyId ::= OBJECT IDENTIFIER
/// ```
///
/// Rules enforced when decoding, besides strict DER for every field: version is 1; serialNumber
/// is positive and at most 160 bits ("TSA users MUST be ready to accommodate integers up to 160
/// bits", so no conforming TSA needs more); genTime is DER GeneralizedTime (UTC, seconds present,
/// no trailing zeros in the fraction, X.690 11.7, as RFC 3161 requires); ordering FALSE is not
/// written (X.690 11.5: a DEFAULT value is omitted); every extension is non-critical (a verifier
/// must not accept a critical extension it does not understand, RFC 5280 4.2, and this one
/// understands none).
public struct TSTInfo: DERParseable, DERSerializable, Hashable, Sendable {
    public var policy: DERObjectIdentifier
    public var messageImprint: MessageImprint
    /// The serial number's content octets (minimal two's complement, positive).
    public var serialNumber: DERInteger
    public var genTime: GeneralizedTime
    public var accuracy: TimeStampAccuracy?
    public var ordering: Bool
    public var nonce: DERInteger?
    /// The TSA's GeneralName as received (the `[0]` wrapper's content); informational only.
    public var tsa: DERAny?
    /// The extensions as received, all non-critical.
    public var extensions: DERAny?

    /// Creates a TSTInfo (version 1).
    public init(policy: DERObjectIdentifier, messageImprint: MessageImprint, serialNumber: DERInteger,
                genTime: GeneralizedTime, accuracy: TimeStampAccuracy? = nil, ordering: Bool = false,
                nonce: DERInteger? = nil, tsa: DERAny? = nil, extensions: DERAny? = nil) {
        self.policy = policy
        self.messageImprint = messageImprint
        self.serialNumber = serialNumber
        self.genTime = genTime
        self.accuracy = accuracy
        self.ordering = ordering
        self.nonce = nonce
        self.tsa = tsa
        self.extensions = extensions
    }

    /// Decodes the SEQUENCE with the rules above.
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "TSTInfo") { fields in
            let versionNode = try fields.read(.integer, "version")
            guard try DERInteger(derNode: versionNode).intValue == 1 else {
                throw DERError(.invalidValue, at: versionNode.offset, "TSTInfo version must be 1 (RFC 3161 2.4.2)")
            }
            let policy = try DERObjectIdentifier(derNode: fields.read(.objectIdentifier, "policy"))
            let imprint = try MessageImprint(derNode: fields.read(.sequence, "messageImprint"))
            let serialNode = try fields.read(.integer, "serialNumber")
            let serial = try DERInteger(derNode: serialNode)
            guard !serial.isNegative, serial.bytes.contains(where: { $0 != 0 }) else {
                throw DERError(.invalidValue, at: serialNode.offset, "TSTInfo serialNumber must be positive (RFC 3161 2.4.2)")
            }
            // 160 bits, plus a leading zero octet when the top bit is set.
            guard serial.bytes.count <= 21, serial.bytes.count < 21 || serial.bytes[0] == 0 else {
                throw DERError(.invalidValue, at: serialNode.offset, "TSTInfo serialNumber is longer than 160 bits (RFC 3161 2.4.2)")
            }
            let genTime = try GeneralizedTime(derNode: fields.read(.generalizedTime, "genTime"))
            let accuracy = try fields.readOptional(.sequence).map { try TimeStampAccuracy(derNode: $0) }
            var ordering = false
            if let node = fields.readOptional(.boolean) {
                ordering = try Bool(derNode: node)
                guard ordering else {
                    throw DERError(.defaultValueEncoded, at: node.offset,
                                   "TSTInfo ordering FALSE is its DEFAULT and must be left out (X.690 11.5)")
                }
            }
            let nonce = try fields.readOptional(.integer).map { try DERInteger(derNode: $0) }
            let tsa = try fields.readOptionalExplicit(0).map { try DERAny(derNode: $0) }
            var extensions: DERAny?
            if let node = fields.readOptional(.contextSpecific(1, constructed: true)) {
                try Self.checkExtensions(node)
                extensions = try DERAny(derNode: node)
            }
            return TSTInfo(policy: policy, messageImprint: imprint, serialNumber: serial, genTime: genTime,
                           accuracy: accuracy, ordering: ordering, nonce: nonce, tsa: tsa, extensions: extensions)
        }
    }

    /// `Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension`, each `SEQUENCE { extnID, critical
    /// BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }` (RFC 5280 4.1), none critical.
    private static func checkExtensions(_ node: DERNode) throws {
        guard !node.children.isEmpty else {
            throw DERError(.invalidValue, at: node.offset, "TSTInfo extensions must hold at least one Extension (RFC 5280 4.1)")
        }
        for child in node.children {
            try DER.sequence(child, "Extension") { fields in
                let id = try DERObjectIdentifier(derNode: fields.read(.objectIdentifier, "extnID"))
                if let criticalNode = fields.readOptional(.boolean) {
                    guard try Bool(derNode: criticalNode) else {
                        throw DERError(.defaultValueEncoded, at: criticalNode.offset,
                                       "Extension critical FALSE is its DEFAULT and must be left out (X.690 11.5)")
                    }
                    throw DERError(.invalidValue, at: criticalNode.offset,
                                   "TSTInfo has the critical extension \(id), which this verifier does not understand (RFC 5280 4.2)")
                }
                _ = try DEROctetString(derNode: fields.read(.octetString, "extnValue"))
            }
        }
    }

    /// Writes the SEQUENCE (version 1).
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            writer.append(DERInteger(1))
            writer.append(policy)
            writer.append(messageImprint)
            writer.append(serialNumber)
            writer.append(genTime)
            if let accuracy { writer.append(accuracy) }
            if ordering { writer.append(true) }
            if let nonce { writer.append(nonce) }
            if let tsa { writer.append(tsa, explicitTag: 0) }
            if let extensions { writer.append(extensions) }
        }
    }

    /// genTime as a `Date`.
    public var genTimeDate: Date { genTime.date }
}
