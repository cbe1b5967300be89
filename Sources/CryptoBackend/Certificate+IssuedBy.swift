import COpenSSL

extension Certificate {
    /// Whether `issuer` issued this certificate: OpenSSL's issuer check (`X509_check_issued`:
    /// the names chain, the authorityKeyIdentifier matches when present, the issuer may sign
    /// certificates) and the certificate's signature verifies under the issuer's key.
    public func isIssued(by issuer: Certificate) -> Bool {
        defer { OpenSSLErrorQueue.clear() }
        return withExtendedLifetime((self, issuer)) {
            guard X509_check_issued(issuer.handle.pointer, handle.pointer) == X509_V_OK,
                  let key = X509_get0_pubkey(issuer.handle.pointer) else { return false }
            return X509_verify(handle.pointer, key) == 1
        }
    }
}
