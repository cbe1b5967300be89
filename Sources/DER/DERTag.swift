/// An ASN.1 identifier: class, constructed flag and tag number (X.690 8.1.2).
public struct DERTag: Hashable, Sendable, CustomStringConvertible {
    /// The two class bits of the identifier octet.
    public enum TagClass: UInt8, Sendable, Hashable {
        case universal = 0
        case application = 1
        case contextSpecific = 2
        case `private` = 3
    }

    /// The tag's class.
    public let tagClass: TagClass
    /// Whether the element is in constructed form (bit 6 of the identifier octet).
    public let isConstructed: Bool
    /// The tag number.
    public let number: UInt32

    /// Creates a tag from its three parts.
    public init(_ tagClass: TagClass, number: UInt32, constructed: Bool) {
        self.tagClass = tagClass
        self.number = number
        self.isConstructed = constructed
    }

    /// A context-specific tag `[number]`. Explicit tags are constructed.
    public static func contextSpecific(_ number: UInt32, constructed: Bool) -> DERTag {
        DERTag(.contextSpecific, number: number, constructed: constructed)
    }

    /// Universal tag 1, `boolean`.
    public static let boolean = DERTag(.universal, number: 1, constructed: false)
    /// Universal tag 2, `integer`.
    public static let integer = DERTag(.universal, number: 2, constructed: false)
    /// Universal tag 3, `bitString`.
    public static let bitString = DERTag(.universal, number: 3, constructed: false)
    /// Universal tag 4, `octetString`.
    public static let octetString = DERTag(.universal, number: 4, constructed: false)
    /// Universal tag 5, `null`.
    public static let null = DERTag(.universal, number: 5, constructed: false)
    /// Universal tag 6, `objectIdentifier`.
    public static let objectIdentifier = DERTag(.universal, number: 6, constructed: false)
    /// Universal tag 9, `real`.
    public static let real = DERTag(.universal, number: 9, constructed: false)
    /// Universal tag 10, `enumerated`.
    public static let enumerated = DERTag(.universal, number: 10, constructed: false)
    /// Universal tag 12, `utf8String`.
    public static let utf8String = DERTag(.universal, number: 12, constructed: false)
    /// Universal tag 16, `sequence`.
    public static let sequence = DERTag(.universal, number: 16, constructed: true)
    /// Universal tag 17, `set`.
    public static let set = DERTag(.universal, number: 17, constructed: true)
    /// Universal tag 19, `printableString`.
    public static let printableString = DERTag(.universal, number: 19, constructed: false)
    /// Universal tag 22, `ia5String`.
    public static let ia5String = DERTag(.universal, number: 22, constructed: false)
    /// Universal tag 23, `utcTime`.
    public static let utcTime = DERTag(.universal, number: 23, constructed: false)
    /// Universal tag 24, `generalizedTime`.
    public static let generalizedTime = DERTag(.universal, number: 24, constructed: false)

    /// Universal types whose encoding is always primitive: BOOLEAN, INTEGER, NULL, OBJECT
    /// IDENTIFIER, REAL, ENUMERATED, RELATIVE-OID, OID-IRI and RELATIVE-OID-IRI (X.690 8.2,
    /// 8.3, 8.5, 8.8, 8.19–8.22), and the types DER 10.2 keeps primitive: BIT STRING, OCTET
    /// STRING and every restricted character string type, which includes ObjectDescriptor (7,
    /// a GraphicString), UTCTime and GeneralizedTime (23, 24, VisibleString) and the
    /// VisibleString-based TIME, DATE, TIME-OF-DAY, DATE-TIME and DURATION (14, 31–34).
    static let primitiveOnlyUniversalNumbers: Set<UInt32> = [
        1, 2, 3, 4, 5, 6, 7, 9, 10, 12, 13, 14, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 30,
        31, 32, 33, 34, 35, 36,
    ]

    /// Universal types whose encoding is always constructed: EXTERNAL, EMBEDDED PDV, SEQUENCE,
    /// SET and CHARACTER STRING, all SEQUENCE or SET types (X.690 8.9.1, 8.11.1, 8.18.1, 8.24).
    static let constructedOnlyUniversalNumbers: Set<UInt32> = [8, 11, 16, 17, 29]

    /// The identifier octets for this tag (low-tag or minimal high-tag-number form).
    public var encoded: [UInt8] {
        let first = (tagClass.rawValue << 6) | (isConstructed ? 0x20 : 0)
        if number < 31 { return [first | UInt8(number)] }
        var digits: [UInt8] = []
        var n = number
        repeat {
            digits.append(UInt8(n & 0x7F))
            n >>= 7
        } while n > 0
        var out: [UInt8] = [first | 0x1F]
        for (i, d) in digits.reversed().enumerated() {
            out.append(i == digits.count - 1 ? d : d | 0x80)
        }
        return out
    }

    /// A human-readable rendering for messages and logs.
    public var description: String {
        switch tagClass {
        case .universal:
            return DERTag.universalNames[number] ?? "UNIVERSAL \(number)"
        case .application: return "[APPLICATION \(number)]"
        case .contextSpecific: return "[\(number)]"
        case .private: return "[PRIVATE \(number)]"
        }
    }

    static let universalNames: [UInt32: String] = [
        1: "BOOLEAN", 2: "INTEGER", 3: "BIT STRING", 4: "OCTET STRING", 5: "NULL",
        6: "OBJECT IDENTIFIER", 9: "REAL", 10: "ENUMERATED", 12: "UTF8String", 16: "SEQUENCE",
        17: "SET", 19: "PrintableString", 20: "T61String", 22: "IA5String", 23: "UTCTime",
        24: "GeneralizedTime", 26: "VisibleString", 30: "BMPString",
    ]
}
