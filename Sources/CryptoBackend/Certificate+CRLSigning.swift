import COpenSSL

extension Certificate {
    /// Why this certificate may not sign CRLs (RFC 5280 §4.2.1.3, §4.2.1.9), or `nil` when it
    /// may: a CA (`X509_check_ca`: basicConstraints cA TRUE, keyCertSign when keyUsage is
    /// present) whose keyUsage, when present, includes cRLSign.
    public var crlSigningProblem: String? {
        withExtendedLifetime(self) {
            guard X509_check_ca(handle.pointer) == 1 else {
                return "it is not a CA certificate (basicConstraints cA TRUE)"
            }
            let flags = X509_get_extension_flags(handle.pointer)
            if flags & UInt32(EXFLAG_KUSAGE) != 0, X509_get_key_usage(handle.pointer) & UInt32(KU_CRL_SIGN) == 0 {
                return "its keyUsage lacks cRLSign"
            }
            return nil
        }
    }
}
