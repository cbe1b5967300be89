/// An IA5String (universal tag 22): International Alphabet No. 5, i.e. the 128 ASCII
/// characters 0x00–0x7F including the controls (X.680 41.1, Table 8).
///
/// Octets 0x80–0xFF are refused with `.invalidString` when decoding, and non-ASCII characters
/// when creating a value.
public struct DERIA5String: DERImplicitlyTaggable, Hashable, Sendable, CustomStringConvertible {
    /// `.ia5String`, universal 22.
    public static var defaultTag: DERTag { .ia5String }

    /// The decoded text; ASCII only.
    public let value: String

    /// Creates a value after checking that every character is ASCII (U+0000–U+007F).
    public init(_ value: String) throws(DERError) {
        try DERCharacterStrings.checkASCII(value, typeName: "IA5String", alphabet: Self.alphabetName,
                                           isAllowed: Self.isIA5)
        self.value = value
    }

    /// Decodes an IA5String under `tag`, refusing octets above 0x7F.
    public init(derNode: DERNode, withTag tag: DERTag) throws(DERError) {
        try derNode.expect(tag, "IA5String")
        guard !derNode.isConstructed else {
            throw DERError(.invalidConstructedFlag, at: derNode.offset, "IA5String must be primitive in DER (X.690 10.2)")
        }
        value = try DERCharacterStrings.decodeASCII(derNode.content, typeName: "IA5String",
                                                    alphabet: Self.alphabetName, isAllowed: Self.isIA5)
    }

    /// Writes the characters, one octet each, under `tag`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitive(tag, content: value.utf8)
    }

    /// The text itself.
    public var description: String { value }

    /// Whether `byte` is an IA5 (ASCII) character.
    public static func isIA5(_ byte: UInt8) -> Bool { byte < 0x80 }

    static let alphabetName = "ASCII characters 0x00-0x7F (X.680 41.1)"
}
