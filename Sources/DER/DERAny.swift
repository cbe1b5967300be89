/// Any element kept exactly as encoded (ASN.1 ANY / open types such as algorithm parameters).
public struct DERAny: DERParseable, DERSerializable, Hashable, Sendable {
    /// The parsed element.
    public let node: DERNode

    /// Decodes the value from `derNode` with its default tag.
    public init(derNode: DERNode) throws {
        node = derNode
    }

    /// Parses a complete encoding into an `DERAny`.
    public init(encoded: [UInt8]) throws(DERError) {
        node = try DER.parse(encoded)
    }

    /// The element's tag.
    public var tag: DERTag { node.tag }

    /// Writes the value with its default tag.
    public func serialize(into writer: inout DERWriter) {
        writer.appendEncoded(node.encodedBytes)
    }
}
