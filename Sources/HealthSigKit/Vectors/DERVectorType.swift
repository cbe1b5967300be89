import DER

/// The ASN.1 type a `der.json` test decodes its input as (TestVectors/README.md):
/// a universal type name, `SEQUENCE OF T`, `SET OF T`, `[n] EXPLICIT T`, `[n] IMPLICIT T`, or
/// `ANY` (one element of any tag; only the TLV rules apply).
indirect enum DERVectorType: Equatable, Sendable {
    case integer, boolean, null, objectIdentifier, octetString, bitString
    case utf8String, printableString, ia5String, utcTime, generalizedTime, real
    case any
    case sequenceOf(DERVectorType)
    case setOf(DERVectorType)
    case explicit(UInt32, DERVectorType)
    case implicit(UInt32, DERVectorType)

    private static let names: [(String, DERVectorType)] = [
        ("INTEGER", .integer), ("BOOLEAN", .boolean), ("NULL", .null), ("OBJECT IDENTIFIER", .objectIdentifier),
        ("OCTET STRING", .octetString), ("BIT STRING", .bitString), ("UTF8String", .utf8String),
        ("PrintableString", .printableString), ("IA5String", .ia5String), ("UTCTime", .utcTime),
        ("GeneralizedTime", .generalizedTime), ("REAL", .real), ("ANY", .any),
    ]

    /// Parses a type name; nil for names outside the grammar above.
    init?(_ text: String) {
        if let match = Self.names.first(where: { $0.0 == text }) {
            self = match.1
            return
        }
        if text.hasPrefix("SEQUENCE OF "), let inner = DERVectorType(String(text.dropFirst(12))) {
            self = .sequenceOf(inner)
            return
        }
        if text.hasPrefix("SET OF "), let inner = DERVectorType(String(text.dropFirst(7))) {
            self = .setOf(inner)
            return
        }
        // "[n] EXPLICIT T" / "[n] IMPLICIT T"
        guard text.hasPrefix("["), let close = text.firstIndex(of: "]"),
              let number = UInt32(text[text.index(after: text.startIndex)..<close]) else { return nil }
        let rest = text[text.index(after: close)...]
        if rest.hasPrefix(" EXPLICIT "), let inner = DERVectorType(String(rest.dropFirst(10))) {
            self = .explicit(number, inner)
        } else if rest.hasPrefix(" IMPLICIT "), let inner = DERVectorType(String(rest.dropFirst(10))),
                  inner.isPrimitive {
            self = .implicit(number, inner)
        } else {
            return nil
        }
    }

    /// The name as written in the files.
    var name: String {
        if let match = Self.names.first(where: { $0.1 == self }) { return match.0 }
        switch self {
        case .sequenceOf(let inner): return "SEQUENCE OF \(inner.name)"
        case .setOf(let inner): return "SET OF \(inner.name)"
        case .explicit(let n, let inner): return "[\(n)] EXPLICIT \(inner.name)"
        case .implicit(let n, let inner): return "[\(n)] IMPLICIT \(inner.name)"
        default: return "?"
        }
    }

    /// Universal primitive types, the ones an IMPLICIT tag may replace here.
    var isPrimitive: Bool {
        switch self {
        case .any, .sequenceOf, .setOf, .explicit, .implicit: return false
        default: return true
        }
    }

    /// Parses `bytes` as exactly one element and decodes it as this type; returns the value text.
    func decode(_ bytes: [UInt8]) throws -> String {
        try decode(DER.parse(bytes))
    }

    /// Decodes a parsed node; every DER rule of the type is checked by the DER module.
    func decode(_ node: DERNode) throws -> String {
        switch self {
        case .implicit(let number, let inner):
            return try inner.decodePrimitive(node, tag: .contextSpecific(number, constructed: false))
        case .explicit(let number, let inner):
            return try DER.sequence(node, tag: .contextSpecific(number, constructed: true), "[\(number)] EXPLICIT") { fields in
                try inner.decode(fields.read("[\(number)] content"))
            }
        case .sequenceOf(let inner):
            try node.expect(.sequence, "SEQUENCE OF")
            return "[" + (try node.children.map { try inner.decode($0) }).joined(separator: ", ") + "]"
        case .setOf(let inner):
            let elements = try DER.setOf(node, "SET OF")
            return "[" + (try elements.map { try inner.decode($0) }).joined(separator: ", ") + "]"
        case .any:
            return VectorHex.encode(node.encodedBytes)
        default:
            return try decodePrimitive(node, tag: nil)
        }
    }

    /// A primitive type under its own tag (`tag` nil) or an implicit one.
    private func decodePrimitive(_ node: DERNode, tag: DERTag?) throws -> String {
        switch self {
        case .integer:
            return DERValueText.integer(try DERInteger(derNode: node, withTag: tag ?? DERInteger.defaultTag))
        case .boolean:
            return try Bool(derNode: node, withTag: tag ?? Bool.defaultTag) ? "true" : "false"
        case .null:
            _ = try DERNull(derNode: node, withTag: tag ?? DERNull.defaultTag)
            return "null"
        case .objectIdentifier:
            return try DERObjectIdentifier(derNode: node, withTag: tag ?? DERObjectIdentifier.defaultTag).dotted
        case .octetString:
            return VectorHex.encode(try DEROctetString(derNode: node, withTag: tag ?? DEROctetString.defaultTag).bytes)
        case .bitString:
            return DERValueText.bits(try DERBitString(derNode: node, withTag: tag ?? DERBitString.defaultTag))
        case .utf8String:
            return try DERUTF8String(derNode: node, withTag: tag ?? DERUTF8String.defaultTag).value
        case .printableString:
            return try DERPrintableString(derNode: node, withTag: tag ?? DERPrintableString.defaultTag).value
        case .ia5String:
            return try DERIA5String(derNode: node, withTag: tag ?? DERIA5String.defaultTag).value
        case .utcTime:
            return try UTCTime(derNode: node, withTag: tag ?? UTCTime.defaultTag).description
        case .generalizedTime:
            return try GeneralizedTime(derNode: node, withTag: tag ?? GeneralizedTime.defaultTag).description
        case .real:
            return try DERReal(derNode: node, withTag: tag ?? DERReal.defaultTag).decimalText
        case .any, .sequenceOf, .setOf, .explicit, .implicit:
            return try decode(node)
        }
    }
}
