import COpenSSL

extension Certificate {
    /// Why a certificate may not vouch for a signer of readings (docs/VERIFY.md, "Signer
    /// certificates"). The facts come from OpenSSL's parse of the extensions
    /// (`X509_get_extension_flags`, `X509_get_key_usage`, `X509_get_extended_key_usage`).
    public enum SigningPurposeProblem: Sendable, Hashable, CustomStringConvertible {
        /// basicConstraints cA TRUE: the key certifies other keys (RFC 5280 §4.2.1.9). A CA's key
        /// that also signed data would make every certificate it issued and every reading it
        /// signed depend on one secret; the profile keeps the two apart.
        case certificateAuthority
        /// A keyUsage extension without digitalSignature (RFC 5280 §4.2.1.3: the bit for
        /// signatures other than on certificates and CRLs). The bits it does assert, by name.
        case keyUsageLacksDigitalSignature(keyUsage: [String])
        /// An extendedKeyUsage extension without emailProtection, the purpose OpenSSL requires
        /// of a CMS signer (RFC 5280 §4.2.1.12: when present, the key is used only for the
        /// purposes listed). The purposes it does list, by name or dotted OID.
        case extendedKeyUsageExcludesSigning(extendedKeyUsage: [String])

        /// The extension the rule is about: `basicConstraints`, `keyUsage` or `extendedKeyUsage`.
        public var rule: String {
            switch self {
            case .certificateAuthority: "basicConstraints"
            case .keyUsageLacksDigitalSignature: "keyUsage"
            case .extendedKeyUsageExcludesSigning: "extendedKeyUsage"
            }
        }

        /// `its keyUsage (keyCertSign) lacks digitalSignature`.
        public var description: String {
            switch self {
            case .certificateAuthority:
                "it is a CA certificate (basicConstraints cA TRUE): a CA certifies device keys, it does not sign readings"
            case .keyUsageLacksDigitalSignature(let bits):
                "its keyUsage (\(bits.isEmpty ? "no bits" : bits.joined(separator: ", "))) lacks digitalSignature"
            case .extendedKeyUsageExcludesSigning(let purposes):
                "its extendedKeyUsage (\(purposes.isEmpty ? "no purposes" : purposes.joined(separator: ", "))) "
                    + "does not include emailProtection, the purpose of a CMS signer"
            }
        }
    }

    /// keyUsage bits (RFC 5280 §4.2.1.3) by OpenSSL's mask, in the order of the standard.
    private static let keyUsageNames: [(mask: UInt32, name: String)] = [
        (UInt32(KU_DIGITAL_SIGNATURE), "digitalSignature"), (UInt32(KU_NON_REPUDIATION), "nonRepudiation"),
        (UInt32(KU_KEY_ENCIPHERMENT), "keyEncipherment"), (UInt32(KU_DATA_ENCIPHERMENT), "dataEncipherment"),
        (UInt32(KU_KEY_AGREEMENT), "keyAgreement"), (UInt32(KU_KEY_CERT_SIGN), "keyCertSign"),
        (UInt32(KU_CRL_SIGN), "cRLSign"), (UInt32(KU_ENCIPHER_ONLY), "encipherOnly"),
        (UInt32(KU_DECIPHER_ONLY), "decipherOnly"),
    ]

    /// The first rule of the signer profile `x509` breaks, or `nil`. Called once, when the
    /// certificate is parsed (its extensions cached by `X509_check_purpose` already).
    static func signingPurposeProblem(_ x509: OpaquePointer) -> SigningPurposeProblem? {
        if X509_get_extension_flags(x509) & UInt32(EXFLAG_CA) != 0 { return .certificateAuthority }
        // Both return UINT32_MAX when the extension is absent: no restriction.
        let keyUsage = X509_get_key_usage(x509)
        if keyUsage != UInt32.max, keyUsage & UInt32(KU_DIGITAL_SIGNATURE) == 0 {
            return .keyUsageLacksDigitalSignature(keyUsage: keyUsageNames.filter { keyUsage & $0.mask != 0 }.map(\.name))
        }
        let extendedKeyUsage = X509_get_extended_key_usage(x509)
        if extendedKeyUsage != UInt32.max, extendedKeyUsage & UInt32(XKU_SMIME) == 0 {
            return .extendedKeyUsageExcludesSigning(extendedKeyUsage: extendedKeyUsageNames(x509))
        }
        return nil
    }

    /// The purposes of the extendedKeyUsage extension: OpenSSL's short name (`serverAuth`) or
    /// the dotted OID of one it does not know.
    private static func extendedKeyUsageNames(_ x509: OpaquePointer) -> [String] {
        guard let decoded = X509_get_ext_d2i(x509, NID_ext_key_usage, nil, nil) else { return [] }
        let stack = OpaquePointer(decoded)
        defer { EXTENDED_KEY_USAGE_free(stack) }
        var names: [String] = []
        for index in 0..<max(0, OPENSSL_sk_num(stack)) {
            guard let object = OPENSSL_sk_value(stack, index) else { continue }
            let oid = OpaquePointer(object)
            let nid = OBJ_obj2nid(oid)
            if nid != NID_undef, let name = String(optionalCString: OBJ_nid2sn(nid)) {
                names.append(name)
                continue
            }
            var buffer = [CChar](repeating: 0, count: 128)
            let length = OBJ_obj2txt(&buffer, Int32(buffer.count), oid, 1)
            if length > 0, Int(length) < buffer.count {
                names.append(String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
        }
        return names
    }
}
