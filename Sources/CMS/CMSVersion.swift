import DER

/// The version number carried by CMS structures (RFC 5652 10.2.5).
///
/// ```asn1
/// CMSVersion ::= INTEGER { v0(0), v1(1), v2(2), v3(3), v4(4), v5(5) }
/// ```
///
/// A RawRepresentable struct rather than a closed enum, so a value outside v0…v5 still parses and
/// can be shown by `healthsig inspect`; the verifier decides which values it accepts.
public struct CMSVersion: RawRepresentable, Hashable, Sendable, CustomStringConvertible, DERImplicitlyTaggable {
    /// The tag of an INTEGER.
    public static var defaultTag: DERTag { .integer }

    /// The version number.
    public let rawValue: Int

    /// Wraps a version number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Version 0.
    public static let v0 = CMSVersion(rawValue: 0)
    /// Version 1: SignedData without certificates of other types and with id-data content;
    /// SignerInfo identified by issuer and serial number.
    public static let v1 = CMSVersion(rawValue: 1)
    /// Version 2.
    public static let v2 = CMSVersion(rawValue: 2)
    /// Version 3: SignedData with a v3 SignerInfo or non-id-data content; SignerInfo identified
    /// by subject key identifier.
    public static let v3 = CMSVersion(rawValue: 3)
    /// Version 4: SignedData holding version 2 attribute certificates.
    public static let v4 = CMSVersion(rawValue: 4)
    /// Version 5: SignedData holding certificates or revocation information of type `other`.
    public static let v5 = CMSVersion(rawValue: 5)

    /// Decodes the INTEGER; values that do not fit `Int` fail with `integerOverflow`.
    public init(derNode: DERNode, withTag tag: DERTag) throws {
        rawValue = try Int(derNode: derNode, withTag: tag)
    }

    /// Writes the version as a minimal INTEGER.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        rawValue.serialize(into: &writer, withTag: tag)
    }

    /// `v0` … `v5`, or the plain number for other values.
    public var description: String { "v\(rawValue)" }
}
