/// A UTF8String (universal tag 12): any sequence of Unicode characters, encoded as UTF-8.
///
/// Decoding refuses ill-formed UTF-8 with `.invalidString` (X.680 41.16, X.690 8.23.10: the
/// content octets are the RFC 3629 UTF-8 encoding). Equality and hashing compare the UTF-8
/// octets rather than Swift's canonical-equivalence `String` equality, so two values are equal
/// exactly when their DER encodings are.
public struct DERUTF8String: DERImplicitlyTaggable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// `.utf8String`, universal 12.
    public static var defaultTag: DERTag { .utf8String }

    /// The decoded text.
    public let value: String

    /// Wraps `value`. Every Swift `String` is valid Unicode, so unlike the restricted string
    /// types this cannot fail.
    public init(_ value: String) {
        self.value = value
    }

    /// Creates a value from a string literal.
    public init(stringLiteral value: String) {
        self.value = value
    }

    /// Decodes a UTF8String under `tag`, refusing ill-formed UTF-8 with `.invalidString`.
    public init(derNode: DERNode, withTag tag: DERTag) throws(DERError) {
        try derNode.expect(tag, "UTF8String")
        // Under the universal tag the TLV reader already refused the constructed form (X.690
        // 10.2); under an implicit tag it is refused here.
        guard !derNode.isConstructed else {
            throw DERError(.invalidConstructedFlag, at: derNode.offset, "UTF8String must be primitive in DER (X.690 10.2)")
        }
        value = try DERCharacterStrings.decodeUTF8(derNode.content, typeName: "UTF8String")
    }

    /// Writes the UTF-8 octets of `value` under `tag`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitive(tag, utf8: value)
    }

    /// The text itself.
    public var description: String { value }

    /// Compares the UTF-8 octets (see the type's documentation).
    public static func == (lhs: DERUTF8String, rhs: DERUTF8String) -> Bool {
        lhs.value.utf8.elementsEqual(rhs.value.utf8)
    }

    /// Hashes the UTF-8 octets, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        for byte in value.utf8 { hasher.combine(byte) }
        hasher.combine(value.utf8.count)
    }
}
