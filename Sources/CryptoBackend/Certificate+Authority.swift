import COpenSSL
import Foundation

extension Certificate {
    /// Creates a self-signed vendor CA certificate (`healthsig keygen --ca`): the root a fleet
    /// of device certificates chains to, so a verifier trusts one certificate per vendor.
    ///
    /// ECDSA / SHA-256, valid from `notBefore` (default now) for `days` days, subject = issuer = `subject`, with
    /// subjectKeyIdentifier, authorityKeyIdentifier (the same value), basicConstraints
    /// (critical) cA TRUE with pathLenConstraint 0 (it certifies devices, not further CAs) and
    /// keyUsage (critical) keyCertSign and cRLSign (RFC 5280 §4.2.1.3, §4.2.1.9).
    ///
    /// - Throws: `invalidSubject`, `invalidArgument` (days, serial), or `openssl`.
    public static func certificateAuthority(privateKey: P256PrivateKey, subject: String, days: Int,
                                            notBefore: Date? = nil, serialNumber: [UInt8]? = nil) throws -> Certificate {
        let name = try DistinguishedNameParser.makeName(subject)
        defer { X509_NAME_free(name) }
        return try build(subjectName: name, publicKey: privateKey.handle.pointer, issuer: nil, signingKey: privateKey,
                         days: days, notBefore: notBefore, serialNumber: serialNumber,
                         extensions: [(NID_basic_constraints, "critical,CA:TRUE,pathlen:0"),
                                      (NID_key_usage, "critical,keyCertSign,cRLSign")])
    }

    /// Creates a device certificate for `publicKey`, issued and signed by a CA
    /// (`healthsig keygen --issuer`).
    ///
    /// ECDSA / SHA-256, valid from `notBefore` (default now) for `days` days, issuer = the CA's subject, with
    /// subjectKeyIdentifier (of `publicKey`), authorityKeyIdentifier (the CA's
    /// subjectKeyIdentifier), basicConstraints (critical) cA FALSE and keyUsage (critical)
    /// digitalSignature: it signs readings, never certificates. With `timeStamping`, the
    /// certificate of a time-stamp authority instead (`keygen --tsa`): the same, plus the
    /// extendedKeyUsage (critical) id-kp-timeStamping that RFC 3161 2.3 requires.
    ///
    /// - Throws: `invalidArgument` when `issuerKey` does not belong to `issuer` or `issuer` is
    ///   not a CA certificate (basicConstraints cA TRUE and, if present, keyUsage keyCertSign);
    ///   otherwise as ``certificateAuthority(privateKey:subject:days:notBefore:serialNumber:)``.
    public static func issued(for publicKey: P256PublicKey, subject: String, days: Int, notBefore: Date? = nil,
                              issuer: Certificate, issuerKey: P256PrivateKey,
                              serialNumber: [UInt8]? = nil, timeStamping: Bool = false) throws -> Certificate {
        defer { OpenSSLErrorQueue.clear() }
        try withExtendedLifetime((issuer, issuerKey)) {
            guard X509_check_private_key(issuer.handle.pointer, issuerKey.handle.pointer) == 1 else {
                throw CryptoError.invalidArgument("the CA key does not belong to the CA certificate \(issuer.subject)")
            }
            // X509_check_ca: 1 for a v3 CA (cA TRUE, keyCertSign when keyUsage is present).
            guard X509_check_ca(issuer.handle.pointer) == 1 else {
                throw CryptoError.invalidArgument("\(issuer.subject) is not a CA certificate (basicConstraints cA TRUE with keyCertSign); make one with keygen --ca")
            }
        }
        let name = try DistinguishedNameParser.makeName(subject)
        defer { X509_NAME_free(name) }
        return try withExtendedLifetime(publicKey) {
            try build(subjectName: name, publicKey: publicKey.handle.pointer, issuer: issuer, signingKey: issuerKey,
                      days: days, notBefore: notBefore, serialNumber: serialNumber,
                      extensions: [(NID_basic_constraints, "critical,CA:FALSE"), (NID_key_usage, "critical,digitalSignature")]
                          + (timeStamping ? [(NID_ext_key_usage, "critical,timeStamping")] : []))
        }
    }
}
