/// A PKCS#11 URI (RFC 7512) naming a private key in a token, as `sign --key`, `keygen --issuer`
/// and `revoke --ca` take it: `pkcs11:token=factory;object=bp200-0001`.
///
/// Checked before any module is loaded, so a mistyped URI is reported as such rather than as a
/// key the token does not have. What the engine is handed is the text as given.
public struct PKCS11URI: Sendable, Equatable, CustomStringConvertible {
    /// The URI as given.
    public let text: String
    /// The path attributes (`token`, `object`, `id`, ...) with their percent-decoded values, in order.
    public let attributes: [(name: String, value: [UInt8])]

    /// Path attributes of RFC 7512 §2.3. `x-` names are vendor attributes, allowed as well.
    static let pathAttributeNames: Set<String> = [
        "token", "manufacturer", "serial", "model", "library-manufacturer", "library-version",
        "library-description", "object", "type", "id", "slot-description", "slot-manufacturer", "slot-id",
    ]

    /// Whether `text` is meant as a PKCS#11 URI (its scheme, compared case-insensitively, RFC 3986 §3.1)
    /// rather than a key file's path.
    public static func isPKCS11URI(_ text: String) -> Bool {
        text.utf8.count >= 7 && String(decoding: text.utf8.prefix(7), as: UTF8.self).lowercased() == "pkcs11:"
    }

    /// Parses and checks `text`.
    ///
    /// - Throws: `TokenKeyError.invalidURI` naming the problem: not `pkcs11:`, an attribute
    ///   without `=`, an unknown or repeated attribute, a character RFC 7512 does not allow
    ///   unencoded, bad percent-encoding, no `object` or `id`, a `type` other than `private`,
    ///   and a PIN or module inside the URI (the PIN comes from `--pin-env` / `--pin-file`, never
    ///   the command line; the module from `--pkcs11-module`).
    public init(_ text: String) throws(TokenKeyError) {
        self.text = text
        guard Self.isPKCS11URI(text) else {
            throw .invalidURI(uri: text, reason: "a PKCS#11 URI starts with pkcs11:")
        }
        let rest = Array(text.utf8.dropFirst(7))
        let path: ArraySlice<UInt8>
        var query: ArraySlice<UInt8> = []
        if let mark = rest.firstIndex(of: UInt8(ascii: "?")) {
            path = rest[..<mark]
            query = rest[(mark + 1)...]
        } else {
            path = rest[...]
        }
        var parsed: [(name: String, value: [UInt8])] = []
        for part in path.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) where !(part.isEmpty && path.isEmpty) {
            let attribute = try Self.attribute(part, in: text, allowed: Self.pathAttributeNames, ampersandAllowed: true)
            if parsed.contains(where: { $0.name == attribute.name }) {
                throw .invalidURI(uri: text, reason: "attribute \(attribute.name) is given twice (RFC 7512 §2.3)")
            }
            parsed.append(attribute)
        }
        for part in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) where !query.isEmpty {
            let name = String(decoding: part.prefix { $0 != UInt8(ascii: "=") }, as: UTF8.self)
            switch name {
            case "pin-value", "pin-source":
                throw .invalidURI(uri: text, reason: "\(name) puts the PIN on the command line; give it with --pin-env or --pin-file")
            case "module-name", "module-path":
                throw .invalidURI(uri: text, reason: "\(name) is not taken from the URI; give the module with --pkcs11-module")
            default:
                _ = try Self.attribute(part, in: text, allowed: [], ampersandAllowed: false)
            }
        }
        guard parsed.contains(where: { $0.name == "object" || $0.name == "id" }) else {
            throw .invalidURI(uri: text, reason: "it names no key: give object=LABEL or id=%XX (RFC 7512 §2.3)")
        }
        if let type = parsed.first(where: { $0.name == "type" }), type.value != Array("private".utf8) {
            throw .invalidURI(uri: text, reason: "type=\(String(decoding: type.value, as: UTF8.self)) names no private key; "
                              + "leave type out or give type=private")
        }
        attributes = parsed
    }

    public static func == (left: PKCS11URI, right: PKCS11URI) -> Bool { left.text == right.text }

    public var description: String { text }

    /// One `name=value` attribute; `allowed` empty accepts only vendor (`x-`) names.
    private static func attribute(_ part: ArraySlice<UInt8>, in text: String, allowed: Set<String>,
                                  ampersandAllowed: Bool) throws(TokenKeyError) -> (name: String, value: [UInt8]) {
        guard let equals = part.firstIndex(of: UInt8(ascii: "=")) else {
            throw .invalidURI(uri: text, reason: "'\(String(decoding: part, as: UTF8.self))' is not name=value")
        }
        let name = String(decoding: part[..<equals], as: UTF8.self)
        guard allowed.contains(name) || (name.hasPrefix("x-") && name.count > 2) else {
            throw .invalidURI(uri: text, reason: "unknown attribute '\(name)' (RFC 7512 §2.3)")
        }
        var value: [UInt8] = []
        var index = part.index(after: equals)
        while index < part.endIndex {
            let byte = part[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < part.endIndex, let high = hexValue(part[index + 1]), let low = hexValue(part[index + 2]) else {
                    throw .invalidURI(uri: text, reason: "attribute \(name): '%' must be followed by two hexadecimal digits")
                }
                value.append(high << 4 | low)
                index += 3
                continue
            }
            guard isPlain(byte) || (ampersandAllowed && byte == UInt8(ascii: "&")) else {
                let shown = byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: byte)
                throw .invalidURI(uri: text, reason: "attribute \(name): \(shown) must be percent-encoded (RFC 7512 §2.3)")
            }
            value.append(byte)
            index += 1
        }
        return (name, value)
    }

    /// RFC 3986 unreserved characters and the reserved ones RFC 7512 leaves unencoded in a value
    /// (pk11-path-res-avail / pk11-query-res-avail, less `&`, which only a path value may hold).
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("-._~:[]@!$'()*+,=".utf8).contains(byte)
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

private extension String {
    /// A byte as `byte 0xNN`, for characters that do not print.
    init(format byte: UInt8) {
        let digits = Array("0123456789ABCDEF")
        self = "byte 0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
