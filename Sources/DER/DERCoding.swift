/// A type that can be decoded from a parsed DER element.
public protocol DERParseable: Sendable {
    /// Decodes the value from `derNode`, checking its tag and every DER rule of its content.
    init(derNode: DERNode) throws
}

/// A type that can write itself as DER.
public protocol DERSerializable: Sendable {
    /// Appends the value's encoding, with its default tag.
    func serialize(into writer: inout DERWriter)
}

/// A type with a universal tag of its own that may be replaced by an implicit tag.
public protocol DERImplicitlyTaggable: DERParseable, DERSerializable {
    /// The tag used when no implicit tag is given.
    static var defaultTag: DERTag { get }
    /// Decodes the value from a node that must carry `tag`.
    init(derNode: DERNode, withTag tag: DERTag) throws
    /// Writes the value under `tag`.
    func serialize(into writer: inout DERWriter, withTag tag: DERTag)
}

extension DERImplicitlyTaggable {
    /// Decodes the value from `derNode` with its default tag.
    public init(derNode: DERNode) throws {
        try self.init(derNode: derNode, withTag: Self.defaultTag)
    }

    /// Writes the value with its default tag.
    public func serialize(into writer: inout DERWriter) {
        serialize(into: &writer, withTag: Self.defaultTag)
    }
}
