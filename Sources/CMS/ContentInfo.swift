import DER

/// The outermost CMS wrapper: a content type and the content (RFC 5652 3).
///
/// ```asn1
/// ContentInfo ::= SEQUENCE {
///     contentType  ContentType,
///     content      [0] EXPLICIT ANY DEFINED BY contentType }
///
/// ContentType ::= OBJECT IDENTIFIER
/// ```
public struct ContentInfo: DERParseable, DERSerializable, Hashable, Sendable {
    /// The type of `content`; `id-signedData` for everything this toolkit produces.
    public var contentType: DERObjectIdentifier
    /// The content, as received (the element inside the `[0]` wrapper).
    public var content: DERAny

    /// Creates a ContentInfo.
    public init(contentType: DERObjectIdentifier, content: DERAny) {
        self.contentType = contentType
        self.content = content
    }

    /// The DER of a ContentInfo wrapping `signedData` under `id-signedData`.
    public static func encode(signedData: SignedData) -> [UInt8] {
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { writer in
            writer.append(DERObjectIdentifier.idSignedData)
            writer.append(signedData, explicitTag: 0)
        }
        return writer.bytes
    }

    /// Decodes the SEQUENCE; `content` is required here (RFC 5652 3 has no OPTIONAL on it).
    public init(derNode: DERNode) throws {
        self = try DER.sequence(derNode, "ContentInfo") { fields in
            let type = try DERObjectIdentifier(derNode: fields.read(.objectIdentifier, "contentType"))
            let wrapper = try fields.read(.contextSpecific(0, constructed: true), "content [0]")
            guard wrapper.children.count == 1 else {
                throw DERError(.invalidValue, at: wrapper.offset,
                               "ContentInfo [0] must wrap exactly one element, found \(wrapper.children.count)")
            }
            return ContentInfo(contentType: type, content: try DERAny(derNode: wrapper.children[0]))
        }
    }

    /// Writes the SEQUENCE.
    public func serialize(into writer: inout DERWriter) {
        writer.appendConstructed(.sequence) { writer in
            writer.append(contentType)
            writer.append(content, explicitTag: 0)
        }
    }
}
