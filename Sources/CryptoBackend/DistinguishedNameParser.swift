import COpenSSL

/// Parses the distinguished-name strings accepted by `Certificate.selfSigned` and builds an
/// OpenSSL `X509_NAME` from them.
///
/// Two notations are accepted:
/// - RFC 4514 (LDAP) form, `"CN=Acme BP Cuff,O=Acme"`: RDNs separated by `,`, written most
///   specific first, so they are *reversed* into DER order (O first, then CN);
/// - OpenSSL's `-subj` form, `"/O=Acme/CN=Acme BP Cuff"`: RDNs separated by `/`, written in DER
///   order.
///
/// In both, `+` joins attributes of a multi-valued RDN, `\` escapes the next character, and in
/// the RFC 4514 form `\` followed by two hex digits is a raw UTF-8 byte (RFC 4514 §2.4). Values
/// in the `#`-hex form (a BER-encoded value) are not supported. Spaces around types and values
/// are ignored unless escaped.
enum DistinguishedNameParser {
    /// One attribute of an RDN: a type (short name such as `CN`, or a dotted OID) and a value.
    struct Attribute: Equatable {
        let type: String
        let value: String
    }

    /// Longest subject string accepted; real names are far shorter.
    static let maximumLength = 4096

    /// The RDNs of `text` in DER order (least specific first).
    static func parse(_ text: String) throws -> [[Attribute]] {
        let characters = Array(text)
        guard characters.count <= maximumLength else {
            throw CryptoError.invalidSubject("longer than \(maximumLength) characters")
        }
        let trimmed = trimSpaces(characters[...])
        guard let first = trimmed.first else {
            throw CryptoError.invalidSubject("the subject is empty")
        }
        let isSlashForm = first == "/"
        let body = isSlashForm ? trimmed.dropFirst() : trimmed
        let components = try split(body, separator: isSlashForm ? "/" : ",")
        var rdns: [[Attribute]] = []
        for (index, component) in components.enumerated() {
            let position = "RDN \(index + 1)"
            let attributes = try split(component, separator: "+").map { try parseAttribute($0, position: position, hexEscapes: !isSlashForm) }
            rdns.append(attributes)
        }
        // RFC 4514 §2.1: the string lists the RDNs in reverse order of the DER SEQUENCE.
        return isSlashForm ? rdns : rdns.reversed()
    }

    /// An OpenSSL `X509_NAME` (owned by the caller) built from `text`.
    static func makeName(_ text: String) throws -> OpaquePointer {
        let rdns = try parse(text)
        guard let name = X509_NAME_new() else { throw OpenSSLErrorQueue.error("X509_NAME_new") }
        do {
            for rdn in rdns {
                for (index, attribute) in rdn.enumerated() {
                    let value = Array(attribute.value.utf8)
                    // set 0 starts a new RDN; -1 adds to the RDN of the previous entry.
                    let status = value.withUnsafeBufferPointer { buffer in
                        X509_NAME_add_entry_by_txt(name, attribute.type, healthsig_mbstring_utf8(),
                                                   buffer.baseAddress, Int32(buffer.count), -1, index == 0 ? 0 : -1)
                    }
                    guard status == 1 else {
                        let detail = OpenSSLErrorQueue.drain()
                        if OBJ_txt2nid(attribute.type) == NID_undef {
                            OpenSSLErrorQueue.clear()
                            throw CryptoError.invalidSubject("unknown attribute type \"\(attribute.type)\"")
                        }
                        throw CryptoError.invalidSubject("OpenSSL rejected the value of \(attribute.type) (\(detail))")
                    }
                }
            }
        } catch {
            X509_NAME_free(name)
            throw error
        }
        return name
    }

    // MARK: - Lexing

    /// Splits at unescaped `separator`s; escapes stay in the parts for `parseAttribute`.
    private static func split(_ characters: ArraySlice<Character>, separator: Character) throws -> [ArraySlice<Character>] {
        var parts: [ArraySlice<Character>] = []
        var start = characters.startIndex
        var index = characters.startIndex
        while index < characters.endIndex {
            let character = characters[index]
            if character == "\\" {
                guard index + 1 < characters.endIndex else {
                    throw CryptoError.invalidSubject("ends with an unfinished escape")
                }
                index += 2
                continue
            }
            if character == separator {
                parts.append(characters[start..<index])
                start = index + 1
            }
            index += 1
        }
        parts.append(characters[start..<characters.endIndex])
        for (number, part) in parts.enumerated() where trimSpaces(part).isEmpty {
            throw CryptoError.invalidSubject("empty component \(number + 1) between \"\(separator)\" separators")
        }
        return parts
    }

    /// Parses `type=value`.
    private static func parseAttribute(_ characters: ArraySlice<Character>, position: String, hexEscapes: Bool) throws -> Attribute {
        var equals: Int?
        var index = characters.startIndex
        while index < characters.endIndex {
            if characters[index] == "\\" { index += 2; continue }
            if characters[index] == "=" { equals = index; break }
            index += 1
        }
        guard let equals else {
            throw CryptoError.invalidSubject("\(position): \"\(String(characters))\" is not of the form TYPE=value")
        }
        let type = String(trimSpaces(characters[characters.startIndex..<equals]))
        guard !type.isEmpty, type.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else {
            throw CryptoError.invalidSubject("\(position): invalid attribute type \"\(type)\"")
        }
        let rawValue = trimSpaces(characters[(equals + 1)...])
        guard !rawValue.isEmpty else {
            throw CryptoError.invalidSubject("\(position): empty value for \(type)")
        }
        if hexEscapes, rawValue.first == "#" {
            throw CryptoError.invalidSubject("\(position): hex-encoded (#) values are not supported")
        }
        return Attribute(type: type, value: try unescape(rawValue, position: position, hexEscapes: hexEscapes))
    }

    /// Resolves `\c` and (RFC 4514 form) `\hh` escapes; the result must be valid UTF-8.
    private static func unescape(_ characters: ArraySlice<Character>, position: String, hexEscapes: Bool) throws -> String {
        var bytes: [UInt8] = []
        var index = characters.startIndex
        while index < characters.endIndex {
            let character = characters[index]
            guard character == "\\", index + 1 < characters.endIndex else {
                bytes.append(contentsOf: character.utf8)
                index += 1
                continue
            }
            let next = characters[index + 1]
            if hexEscapes, index + 2 < characters.endIndex,
               next.isASCII, characters[index + 2].isASCII,
               let high = next.hexDigitValue, let low = characters[index + 2].hexDigitValue {
                bytes.append(UInt8(high * 16 + low))
                index += 3
            } else {
                bytes.append(contentsOf: next.utf8)
                index += 2
            }
        }
        let value = String(decoding: bytes, as: UTF8.self)
        guard Array(value.utf8) == bytes else {
            throw CryptoError.invalidSubject("\(position): escaped bytes are not valid UTF-8")
        }
        return value
    }

    /// Drops leading spaces and trailing spaces that are not escaped.
    private static func trimSpaces(_ characters: ArraySlice<Character>) -> ArraySlice<Character> {
        var slice = characters
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" {
            // The space is escaped when an odd number of backslashes precede it (`\\ ` is an
            // escaped backslash, then a plain space).
            var backslashes = 0
            var index = slice.index(before: slice.endIndex)
            while index > slice.startIndex, slice[index - 1] == "\\" {
                backslashes += 1
                index -= 1
            }
            if backslashes % 2 == 1 { break }
            slice = slice.dropLast()
        }
        return slice
    }
}
