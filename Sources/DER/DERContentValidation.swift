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
            case 6: _ = try DERObjectIdentifier(derNode: node, withTag: node.tag)
            case 23: _ = try UTCTime(derNode: node, withTag: node.tag)
            case 24: _ = try GeneralizedTime(derNode: node, withTag: node.tag)
            default: return
            }
        } catch let error as DERError {
            throw error
        } catch {
            // The decoders above throw only DERError; keep the typed signature honest anyway.
            throw DERError(.invalidValue, at: node.offset, "\(error)")
        }
    }
}
