import COpenSSL

extension Certificate {
    /// Why a certificate may not vouch for a time-stamp authority (RFC 3161 2.3). The facts come
    /// from OpenSSL's parse of the extensions, as for ``SigningPurposeProblem``.
    public enum TimeStampingPurposeProblem: Sendable, Hashable, CustomStringConvertible {
        /// basicConstraints cA TRUE: a CA certifies keys; the token's signer must be an end entity.
        case certificateAuthority
        /// No extendedKeyUsage extension: RFC 3161 2.3 requires one, holding only id-kp-timeStamping.
        case extendedKeyUsageMissing
        /// The extension lists something other than exactly id-kp-timeStamping.
        case extendedKeyUsageNotTimeStampingOnly
        /// The extension is not critical (RFC 3161 2.3: "This extension MUST be critical").
        case extendedKeyUsageNotCritical
        /// A keyUsage extension with neither digitalSignature nor nonRepudiation.
        case keyUsageLacksSigning

        /// `its extendedKeyUsage is not critical (RFC 3161 2.3)`.
        public var description: String {
            switch self {
            case .certificateAuthority: "it is a CA certificate (basicConstraints cA TRUE), not a time-stamp authority's"
            case .extendedKeyUsageMissing: "it has no extendedKeyUsage; a TSA certificate holds id-kp-timeStamping only (RFC 3161 2.3)"
            case .extendedKeyUsageNotTimeStampingOnly: "its extendedKeyUsage is not exactly id-kp-timeStamping (RFC 3161 2.3)"
            case .extendedKeyUsageNotCritical: "its extendedKeyUsage id-kp-timeStamping is not critical (RFC 3161 2.3)"
            case .keyUsageLacksSigning: "its keyUsage has neither digitalSignature nor nonRepudiation"
            }
        }
    }

    /// The first rule of RFC 3161 2.3 this certificate breaks as a TSA's, or `nil`.
    public var timeStampingPurposeProblem: TimeStampingPurposeProblem? {
        withExtendedLifetime(self) {
            let x509 = handle.pointer
            if X509_get_extension_flags(x509) & UInt32(EXFLAG_CA) != 0 { return .certificateAuthority }
            let keyUsage = X509_get_key_usage(x509)
            if keyUsage != UInt32.max, keyUsage & UInt32(KU_DIGITAL_SIGNATURE | KU_NON_REPUDIATION) == 0 {
                return .keyUsageLacksSigning
            }
            let position = X509_get_ext_by_NID(x509, NID_ext_key_usage, -1)
            guard position >= 0, let ext = X509_get_ext(x509, position) else { return .extendedKeyUsageMissing }
            guard let decoded = X509_get_ext_d2i(x509, NID_ext_key_usage, nil, nil) else {
                return .extendedKeyUsageNotTimeStampingOnly
            }
            let stack = OpaquePointer(decoded)
            defer { EXTENDED_KEY_USAGE_free(stack) }
            guard OPENSSL_sk_num(stack) == 1, let object = OPENSSL_sk_value(stack, 0),
                  OBJ_obj2nid(OpaquePointer(object)) == NID_time_stamp else {
                return .extendedKeyUsageNotTimeStampingOnly
            }
            return X509_EXTENSION_get_critical(ext) == 1 ? nil : .extendedKeyUsageNotCritical
        }
    }
}
