import SampleSigning

/// How a report's table names a signer: by certificate subject (its CN) when a certificate is
/// known, else by a short key id (the first 8 bytes in hex). The full identifier stays in the
/// json and ndjson reports; an issuer-and-serial identifier, hundreds of hex characters, is
/// never printed whole in the table.
enum SignerText {
    /// Hex characters kept of a key id: 8 bytes.
    static let shortLength = 16

    static func short(_ signer: SignerDescription) -> String {
        if let subject = signer.certificateSubject { return commonName(in: subject) ?? subject }
        let id = signer.keyIdentifier
        if id.hasPrefix("issuer-serial:") {
            let serial = id.split(separator: "/").last.map(String.init) ?? ""
            return "issuer+serial " + shortened(serial)
        }
        if id.hasPrefix("ski:") { return "ski:" + shortened(String(id.dropFirst(4))) }
        return shortened(id)
    }

    static func shortened(_ hex: String) -> String {
        hex.count > shortLength ? String(hex.prefix(shortLength)) + "…" : hex
    }

    /// The CN value of a one-line RFC 4514 name (`CN=Acme BP-200 Cuff,O=Acme`), escapes kept.
    static func commonName(in subject: String) -> String? {
        var components: [String] = []
        var current = ""
        var escaped = false
        for character in subject {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "," || character == "+" {
                components.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        components.append(current)
        return components.first { $0.hasPrefix("CN=") }.map { String($0.dropFirst(3)) }
    }
}
