import DER

/// The attributes a SignerInfo's signature covers (RFC 5652 5.3, 5.4).
///
/// ```asn1
/// SignedAttributes ::= SET SIZE (1..MAX) OF Attribute
///
/// signedAttrs [0] IMPLICIT SignedAttributes OPTIONAL   -- in SignerInfo
/// ```
///
/// The `[0] IMPLICIT` element is kept exactly as received (`encodedBytes`). RFC 5652 5.4 says the
/// signature covers "the complete DER encoding of the SignedAttrs value" with an EXPLICIT SET OF
/// tag, so `signedBytes` is a copy of the received element with only its first octet changed from
/// `A0` to `31`; the parsed `attributes` are never re-encoded for hashing.
public struct SignedAttributes: DERParseable, DERSerializable, Hashable, Sendable {
    /// The identifier of `signedAttrs` inside a SignerInfo: `[0]`, constructed (`A0`).
    public static let tag = DERTag.contextSpecific(0, constructed: true)

    /// The attributes, in DER SET OF order.
    public let attributes: [Attribute]
    /// The whole `[0] IMPLICIT` element as received, or as written by `init(_:)`.
    public let encodedBytes: ArraySlice<UInt8>

    /// Encodes `attributes` as a DER SET OF (sorted by encoding, X.690 11.6) under `[0]`.
    public init(_ attributes: [Attribute]) {
        let encoded = attributes.map { (attribute: $0, der: DER.encode($0)) }
        self.attributes = encoded.sorted { $0.der.lexicographicallyPrecedes($1.der) }.map(\.attribute)
        var writer = DERWriter()
        writer.appendSetOf(SignedAttributes.tag) { set in
            for attribute in attributes { set.append(attribute) }
        }
        encodedBytes = writer.bytes[...]
    }

    /// Decodes `[0] IMPLICIT SET OF Attribute`, requiring DER order, at least one attribute and
    /// DER content octets in every value (`DER.checkPrimitiveContents`).
    public init(derNode: DERNode) throws {
        let elements = try DER.setOf(derNode, tag: SignedAttributes.tag, "signedAttrs")
        guard !elements.isEmpty else {
            throw DERError(.invalidValue, at: derNode.offset,
                           "signedAttrs must hold at least one attribute (RFC 5652 5.3)")
        }
        attributes = try elements.map { try Attribute(derNode: $0) }
        // RFC 5652 5.3: "SignedAttributes MUST be DER encoded". The signature is checked over the
        // received bytes, so they must be DER throughout, also inside attribute values that
        // are otherwise opaque (a BER `01 01 01` TRUE would be hashed as is).
        try DER.checkPrimitiveContents(derNode)
        encodedBytes = derNode.encodedBytes
    }

    /// Writes the kept element unchanged.
    public func serialize(into writer: inout DERWriter) {
        writer.appendEncoded(encodedBytes)
    }

    /// The bytes the signature is computed over (RFC 5652 5.4): the received element with its
    /// `[0]` identifier octet replaced by the universal SET identifier `31`. Length and content
    /// octets are the received ones.
    public var signedBytes: [UInt8] {
        var bytes = Array(encodedBytes)
        if !bytes.isEmpty { bytes[0] = 0x31 }
        return bytes
    }

    /// All attributes of type `type`.
    public func attributes(ofType type: DERObjectIdentifier) -> [Attribute] {
        attributes.filter { $0.attrType == type }
    }

    /// Compares the encodings, which determine the attributes.
    public static func == (lhs: SignedAttributes, rhs: SignedAttributes) -> Bool {
        lhs.encodedBytes == rhs.encodedBytes
    }

    /// Hashes the encoding.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(encodedBytes)
    }
}
