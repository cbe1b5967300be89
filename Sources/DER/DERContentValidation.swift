extension DER {
    /// Checks the X.690 content rules of every universal primitive element in the tree under
    /// `node` whose type this codec decodes as a value with a single DER form: BOOLEAN,
    /// INTEGER, ENUMERATED, BIT STRING, NULL, OBJECT IDENTIFIER, UTCTime and GeneralizedTime.
    ///
    /// `DER.parse` checks identifiers and lengths everywhere, but content octets only when a
    /// schema decodes the value; an open type (`ANY`, such as an attribute value) is never
    /// decoded, so `01 01 01` (BER TRUE) or `02 02 00 05` would pass unnoticed. Use this where
    /// the received bytes must be DER as a whole, e.g. CMS signed attributes, which are hashed
    /// as received (RFC 5652 5.3: "SignedAttributes MUST be DER encoded").
    ///
    /// Not checked: SET versus SET OF order (needs the schema), REAL (binary encodings are valid
    /// DER that this toolkit does not decode) and the alphabets of character strings (value
    /// constraints of X.680, not encoding rules). Recursion is bounded by `DER.maximumDepth`,
    /// which the parsed tree already respects.
    public static func checkPrimitiveContents(_ node: DERNode) throws(DERError) {
        if node.isConstructed {
            for child in node.children { try checkPrimitiveContents(child) }
            return
        }
        guard node.tag.tagClass == .universal else { return }
        do {
            switch node.tag.number {
            case 1: _ = try Bool(derNode: node, withTag: node.tag)
            case 2, 10: _ = try DERInteger(derNode: node, withTag: node.tag)
            case 3: _ = try DERBitString(derNode: node, withTag: node.tag)
            case 5: _ = try DERNull(derNode: node, withTag: node.tag)
            // Encoding rules only: the decoders' own limits (64-bit arcs, 9 fraction digits) are
            // this toolkit's, not DER's, and must not refuse a valid `2.25.<UUID>` OID here.
            case 6: try checkOIDEncoding(node)
            case 23: _ = try UTCTime(derNode: node, withTag: node.tag)
            case 24:
                guard let shortened = try fractionWithinDecoderLimit(node) else {
                    _ = try GeneralizedTime(derNode: node, withTag: node.tag)
                    return
                }
                do {
                    _ = try GeneralizedTime(derNode: shortened, withTag: node.tag)
                } catch {
                    // Found in the shortened copy: report it at the element itself.
                    throw DERError(error.code, at: node.offset, error.reason)
                }
            default: return
            }
        } catch let error as DERError {
            throw error
        } catch {
            // The decoders above throw only DERError; keep the typed signature honest anyway.
            throw DERError(.invalidValue, at: node.offset, "\(error)")
        }
    }

    /// X.690 8.19.2 on the content octets, whatever the arcs' size: not empty, no subidentifier
    /// starting with 0x80, the last one terminated.
    static func checkOIDEncoding(_ node: DERNode) throws(DERError) {
        let content = node.content
        guard let last = content.last else {
            throw DERError(.invalidObjectIdentifier, at: node.offset, "OBJECT IDENTIFIER has no content octets")
        }
        var atStart = true
        for octet in content {
            if atStart && octet == 0x80 {
                throw DERError(.invalidObjectIdentifier, at: node.offset, "subidentifier has a leading 0x80 octet (X.690 8.19.2)")
            }
            atStart = octet & 0x80 == 0
        }
        guard last & 0x80 == 0 else {
            throw DERError(.invalidObjectIdentifier, at: node.offset, "last subidentifier is unterminated")
        }
    }

    /// For a GeneralizedTime whose fraction has more than 9 digits, a copy keeping only the first
    /// 8 and the last: the DER rules on a fraction (digits present, the last not 0) hold or fail
    /// as before, and the decoder's nanosecond limit no longer applies. `nil` otherwise.
    static func fractionWithinDecoderLimit(_ node: DERNode) throws(DERError) -> DERNode? {
        let content = Array(node.content)
        guard let point = content.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        var end = point + 1
        while end < content.count, content[end] >= UInt8(ascii: "0"), content[end] <= UInt8(ascii: "9") { end += 1 }
        guard end - (point + 1) > 9 else { return nil }
        let shortened = Array(content[...(point + 8)]) + [content[end - 1]] + Array(content[end...])
        var writer = DERWriter()
        writer.appendPrimitive(node.tag, content: shortened)
        return try DER.parse(writer.bytes)
    }
}
