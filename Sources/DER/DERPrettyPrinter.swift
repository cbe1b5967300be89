/// Renders a parsed DER tree as text, one line per element, in the spirit of
/// `openssl asn1parse -i` with decoded values.
///
/// Each line reads
/// ```
///   offset: d=depth hl=header-length l=content-length  <indent>TAG  value
/// ```
/// for example
/// ```
///     0: d=0 hl=2 l=  19  SEQUENCE
///     2: d=1 hl=2 l=   7    OBJECT IDENTIFIER  1.2.840.10045.2.1 (id-ecPublicKey)
///    11: d=1 hl=2 l=   8    OBJECT IDENTIFIER  1.2.840.10045.3.1.7 (prime256v1)
/// ```
/// Offsets are indices into the buffer that was parsed. Values: INTEGER and ENUMERATED in
/// decimal (hex when they do not fit `Int`, truncated beyond `maximumIntegerOctets`), BOOLEAN
/// as TRUE/FALSE, OBJECT IDENTIFIER dotted with its `OIDRegistry` name, strings quoted,
/// times in ISO 8601, REAL as exact decimal text, OCTET STRING and BIT STRING as hex (long ones
/// truncated with their byte count), context tags as `[n]`. When an OCTET STRING's content is itself one complete valid DER element (or a
/// BIT STRING without unused bits holds a complete constructed element, such as an ECDSA
/// signature) it is marked `(encapsulates)` and rendered nested below. Values that break a DER
/// rule are shown as `<invalid code: reason>` rather than stopping the rendering.
public enum DERPrettyPrinter {
    /// Octets shown before a hex dump is truncated.
    public static let maximumHexOctets = 32
    /// Octets of a large INTEGER shown before it is truncated (enough for P-521 values).
    public static let maximumIntegerOctets = 67
    /// Characters shown before a quoted string is truncated.
    public static let maximumStringCharacters = 120

    /// Renders `node` and everything below it; lines are separated by `\n`.
    public static func render(_ node: DERNode) -> String {
        var lines: [String] = []
        render(node, depth: 0, into: &lines)
        return lines.joined(separator: "\n")
    }

    /// Parses `bytes` strictly (see `DER.parse`) and renders the result.
    public static func render(der bytes: [UInt8]) throws(DERError) -> String {
        render(try DER.parse(bytes))
    }

    // MARK: - Lines

    private static func render(_ node: DERNode, depth: Int, into lines: inout [String]) {
        let headerLength = node.encodedBytes.count - node.content.count
        let prefix = String(node.offset).leftPadded(to: 5, with: " ") + ": d=\(depth) hl=\(headerLength) l="
            + String(node.content.count).leftPadded(to: 4, with: " ") + "  "
            + String(repeating: "  ", count: depth)
        if node.isConstructed {
            lines.append(prefix + "\(node.tag)")
            for child in node.children { render(child, depth: depth + 1, into: &lines) }
            return
        }
        if let inner = encapsulated(node, depth: depth) {
            lines.append(prefix + "\(node.tag)  (encapsulates)")
            render(inner, depth: depth + 1, into: &lines)
            return
        }
        let value = describeValue(node)
        lines.append(prefix + "\(node.tag)" + (value.isEmpty ? "" : "  " + value))
    }

    /// The element nested in an OCTET STRING (or in a BIT STRING with no unused bits, if
    /// constructed), when the content parses as exactly one strict DER element. Nesting stops
    /// at `DER.maximumDepth` so chains of wrapped strings cannot recurse without bound.
    private static func encapsulated(_ node: DERNode, depth: Int) -> DERNode? {
        guard node.tag.tagClass == .universal, depth + 1 < DER.maximumDepth else { return nil }
        switch node.tag.number {
        case 4:
            guard node.content.count >= 2 else { return nil }
            return try? DER.parse(node.content)
        case 3:
            guard node.content.count >= 3, node.content.first == 0,
                  let inner = try? DER.parse(node.content.dropFirst()), inner.isConstructed
            else { return nil }
            return inner
        default:
            return nil
        }
    }

    // MARK: - Values

    private static func describeValue(_ node: DERNode) -> String {
        do {
            return try decodeValue(node)
        } catch let error as DERError {
            return "<invalid \(error.code.rawValue): \(error.reason)>"
        } catch {
            return "<invalid: \(error)>"
        }
    }

    private static func decodeValue(_ node: DERNode) throws -> String {
        let tag = node.tag
        guard tag.tagClass == .universal else { return hex(node.content) }
        switch tag.number {
        case 1:
            return try Bool(derNode: node, withTag: tag) ? "TRUE" : "FALSE"
        case 2, 10:
            return integerText(try DERInteger(derNode: node, withTag: tag))
        case 3:
            let bits = try DERBitString(derNode: node, withTag: tag)
            return hex(bits.bytes) + (bits.paddingBits == 0 ? "" : " (\(bits.paddingBits) unused bits)")
        case 4:
            return hex(node.content)
        case 5:
            _ = try DERNull(derNode: node, withTag: tag)
            return ""
        case 6:
            do {
                let oid = try DERObjectIdentifier(derNode: node, withTag: tag)
                return OIDRegistry.name(of: oid).map { "\(oid.dotted) (\($0))" } ?? oid.dotted
            } catch let error as DERError {
                // Arcs beyond 64 bits (a UUID under 2.25, X.667) are valid DER that the OID type
                // does not hold; the printer shows them in full.
                guard let dotted = DERObjectIdentifier.dottedText(largeArcs: node.content) else { throw error }
                return dotted
            }
        case 9:
            return try DERReal(derNode: node, withTag: tag).decimalText
        case 12:
            return quoted(try DERUTF8String(derNode: node, withTag: tag).value)
        case 19:
            return quoted(try DERPrintableString(derNode: node, withTag: tag).value)
        case 22:
            return quoted(try DERIA5String(derNode: node, withTag: tag).value)
        case 23:
            return try UTCTime(derNode: node, withTag: tag).description
        case 24:
            return try GeneralizedTime(derNode: node, withTag: tag).description
        default:
            return hex(node.content)
        }
    }

    private static func integerText(_ integer: DERInteger) -> String {
        if let value = integer.intValue { return String(value) }
        return "0x" + hex(integer.bytes[...], limit: maximumIntegerOctets)
    }

    /// Uppercase hex, truncated after `limit` octets with the full count.
    static func hex(_ bytes: ArraySlice<UInt8>, limit: Int = maximumHexOctets) -> String {
        if bytes.isEmpty { return "(empty)" }
        let shown = bytes.prefix(limit).map(DERCharacterStrings.hex).joined()
        return bytes.count > limit ? shown + "… (\(bytes.count) bytes)" : shown
    }

    /// Double-quoted text with `"` and `\` escaped, and what a terminal would obey escaped as
    /// ``TerminalText`` does.
    static func quoted(_ text: String) -> String {
        var out = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == maximumStringCharacters {
                out += "\"… (\(text.unicodeScalars.count) characters)"
                return out
            }
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: TerminalText.append(scalar, to: &out)
            }
            count += 1
        }
        return out + "\""
    }
}
