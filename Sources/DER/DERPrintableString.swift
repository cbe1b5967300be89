/// A PrintableString (universal tag 19), restricted to the X.680 41.4 (Table 10) alphabet:
/// `A`–`Z`, `a`–`z`, `0`–`9`, space and `' ( ) + , - . / : = ?`.
///
/// Characters outside it, notably `*`, `@`, `&` and `_`, are refused with `.invalidString`
/// both when decoding and when creating a value.
public struct DERPrintableString: DERImplicitlyTaggable, Hashable, Sendable, CustomStringConvertible {
    /// `.printableString`, universal 19.
    public static var defaultTag: DERTag { .printableString }

    /// The decoded text; only characters of the PrintableString alphabet.
    public let value: String

    /// Creates a value after checking every character against the alphabet.
    public init(_ value: String) throws(DERError) {
        try DERCharacterStrings.checkASCII(value, typeName: "PrintableString", alphabet: Self.alphabetName,
                                           isAllowed: Self.isPrintable)
        self.value = value
    }

    /// Decodes a PrintableString under `tag`, refusing octets outside the alphabet.
    public init(derNode: DERNode, withTag tag: DERTag) throws(DERError) {
        try derNode.expect(tag, "PrintableString")
        guard !derNode.isConstructed else {
            throw DERError(.invalidConstructedFlag, at: derNode.offset, "PrintableString must be primitive in DER (X.690 10.2)")
        }
        value = try DERCharacterStrings.decodeASCII(derNode.content, typeName: "PrintableString",
                                                    alphabet: Self.alphabetName, isAllowed: Self.isPrintable)
    }

    /// Writes the characters, one octet each, under `tag`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitive(tag, content: value.utf8)
    }

    /// The text itself.
    public var description: String { value }

    /// Whether `byte` is in the X.680 41.4 PrintableString alphabet.
    public static func isPrintable(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: " "), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"),
             UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "="), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    static let alphabetName = "A-Z a-z 0-9 space ' ( ) + , - . / : = ? (X.680 41.4)"
}
