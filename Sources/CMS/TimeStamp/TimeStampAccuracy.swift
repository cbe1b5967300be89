import DER

/// How far genTime may be from the true time (RFC 3161 2.4.2).
///
/// ```asn1
/// Accuracy ::= SEQUENCE {
///     seconds   INTEGER           OPTIONAL,
///     millis    [0] INTEGER (1..999) OPTIONAL,
///     micros    [1] INTEGER (1..999) OPTIONAL }
/// ```
///
/// Decoding refuses a negative `seconds` and `millis` or `micros` outside 1…999 (RFC 3161:
/// "If either of the above fields is missing, then it is taken as zero"; a zero must therefore
/// be left out, and DER has no other spelling of it). The tags are IMPLICIT (the module's
/// default).
public struct TimeStampAccuracy: DERParseable, DERSerializable, Hashable, Sendable {
    public var seconds: Int?
    public var millis: Int?
    public var micros: Int?

    /// Creates an accuracy.
    public init(seconds: Int? = nil, millis: Int? = nil, micros: Int? = nil) {
        self.seconds = seconds
        self.millis = millis
        self.micros = micros
    }

    /// Decodes the SEQUENCE.
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "Accuracy") { fields in
            var accuracy = TimeStampAccuracy()
            if let node = fields.readOptional(.integer) {
                guard let value = try DERInteger(derNode: node).intValue, value >= 0 else {
                    throw DERError(.invalidValue, at: node.offset, "Accuracy seconds must be a non-negative INTEGER (RFC 3161 2.4.2)")
                }
                accuracy.seconds = value
            }
            accuracy.millis = try Self.fraction(fields.readOptional(.contextSpecific(0, constructed: false)), "millis")
            accuracy.micros = try Self.fraction(fields.readOptional(.contextSpecific(1, constructed: false)), "micros")
            return accuracy
        }
    }

    private static func fraction(_ node: DERNode?, _ name: String) throws -> Int? {
        guard let node else { return nil }
        guard let value = try DERInteger(derNode: node, withTag: node.tag).intValue, (1...999).contains(value) else {
            throw DERError(.invalidValue, at: node.offset, "Accuracy \(name) must be 1..999 (RFC 3161 2.4.2)")
        }
        return value
    }

    /// Writes the SEQUENCE.
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            if let seconds { writer.append(DERInteger(seconds)) }
            if let millis { DERInteger(millis).serialize(into: &writer, withTag: .contextSpecific(0, constructed: false)) }
            if let micros { DERInteger(micros).serialize(into: &writer, withTag: .contextSpecific(1, constructed: false)) }
        }
    }
}
