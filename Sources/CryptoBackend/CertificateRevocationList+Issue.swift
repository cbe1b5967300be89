import COpenSSL
import Foundation

extension CertificateRevocationList {
    /// Longest nextUpdate interval `issue` accepts, in days.
    public static let maximumNextUpdateDays = 3_650

    /// Issues a CRL of `authority` that adds `certificate` to `previous` (or to an empty list):
    /// a v2 CRL (RFC 5280 §5.1) with thisUpdate = `now`, nextUpdate `nextUpdateDays` later,
    /// cRLNumber one above `previous`'s (1 for a first CRL, §5.2.3), authorityKeyIdentifier
    /// (the CA's subjectKeyIdentifier, §5.2.1), every entry of `previous` unchanged, and a new
    /// entry with revocationDate = `now`, the reasonCode (absent for `unspecified`, as §5.3.1
    /// advises) and the invalidityDate `compromisedAt` when given (§5.3.2, GeneralizedTime),
    /// signed with `authorityKey` (ecdsa-with-SHA256). Times are whole seconds.
    ///
    /// - Throws: `invalidArgument` when the key does not belong to the CA, the CA may not sign
    ///   CRLs (not a CA, or keyUsage without cRLSign), the certificate was not issued by the CA,
    ///   `previous` is not this CA's CRL, the certificate is already on it, `compromisedAt` is
    ///   after `now`, or `nextUpdateDays` is out of range; `openssl` when OpenSSL fails.
    public static func issue(authority: Certificate, authorityKey: P256PrivateKey, revoking certificate: Certificate,
                             reason: RevocationReason, compromisedAt: Date?, nextUpdateDays: Int,
                             previous: CertificateRevocationList?, now: Date = Date()) throws -> CertificateRevocationList {
        defer { OpenSSLErrorQueue.clear() }
        guard (1...maximumNextUpdateDays).contains(nextUpdateDays) else {
            throw CryptoError.invalidArgument("nextUpdate must be 1...\(maximumNextUpdateDays) days away, not \(nextUpdateDays)")
        }
        let nowSeconds = time_t(now.timeIntervalSince1970.rounded(.down))
        if let compromisedAt, compromisedAt.timeIntervalSince1970.rounded(.down) > Double(nowSeconds) {
            throw CryptoError.invalidArgument("the compromise time \(compromisedAt) is after the revocation time \(now)")
        }
        try checkAuthority(authority, key: authorityKey, certificate: certificate, previous: previous)
        guard let crl = X509_CRL_new() else { throw OpenSSLErrorQueue.error("X509_CRL_new") }
        defer { X509_CRL_free(crl) }
        return try withExtendedLifetime((authority, authorityKey, certificate, previous)) {
            guard X509_CRL_set_version(crl, 1) == 1,
                  X509_CRL_set_issuer_name(crl, X509_get_subject_name(authority.handle.pointer)) == 1 else {
                throw OpenSSLErrorQueue.error("X509_CRL_set_issuer_name")
            }
            guard let thisUpdate = ASN1_TIME_set(nil, nowSeconds) else { throw OpenSSLErrorQueue.error("ASN1_TIME_set") }
            defer { ASN1_TIME_free(thisUpdate) }
            guard let nextUpdate = ASN1_TIME_adj(nil, nowSeconds, Int32(nextUpdateDays), 0) else {
                throw OpenSSLErrorQueue.error("ASN1_TIME_adj")
            }
            defer { ASN1_TIME_free(nextUpdate) }
            guard X509_CRL_set1_lastUpdate(crl, thisUpdate) == 1, X509_CRL_set1_nextUpdate(crl, nextUpdate) == 1 else {
                throw OpenSSLErrorQueue.error("X509_CRL_set1_lastUpdate")
            }
            if let previous, let revoked = X509_CRL_get_REVOKED(previous.handle.pointer) {
                for index in 0..<max(OPENSSL_sk_num(revoked), 0) {
                    guard let raw = OPENSSL_sk_value(revoked, index),
                          let copy = X509_REVOKED_dup(OpaquePointer(raw)) else { throw OpenSSLErrorQueue.error("X509_REVOKED_dup") }
                    guard X509_CRL_add0_revoked(crl, copy) == 1 else {
                        X509_REVOKED_free(copy)
                        throw OpenSSLErrorQueue.error("X509_CRL_add0_revoked")
                    }
                }
            }
            try addEntry(to: crl, certificate: certificate, revokedAt: thisUpdate, reason: reason,
                         compromisedAt: compromisedAt.map { time_t($0.timeIntervalSince1970.rounded(.down)) })
            guard X509_CRL_sort(crl) == 1 else { throw OpenSSLErrorQueue.error("X509_CRL_sort") }
            try addNumber(to: crl, following: previous)
            var context = X509V3_CTX()
            X509V3_set_ctx(&context, authority.handle.pointer, nil, nil, crl, 0)
            guard let akid = X509V3_EXT_nconf_nid(nil, &context, NID_authority_key_identifier, "keyid:always") else {
                throw OpenSSLErrorQueue.error("X509V3_EXT_nconf_nid(authorityKeyIdentifier)")
            }
            defer { X509_EXTENSION_free(akid) }
            guard X509_CRL_add_ext(crl, akid, -1) == 1 else { throw OpenSSLErrorQueue.error("X509_CRL_add_ext") }
            guard X509_CRL_sign(crl, authorityKey.handle.pointer, DigestAlgorithms.shared.sha256) > 0 else {
                throw OpenSSLErrorQueue.error("X509_CRL_sign")
            }
            guard let der = ByteBuffers.encode({ i2d_X509_CRL(crl, $0) }) else { throw OpenSSLErrorQueue.error("i2d_X509_CRL") }
            return try CertificateRevocationList(derEncoded: der)
        }
    }

    private static func checkAuthority(_ authority: Certificate, key: P256PrivateKey, certificate: Certificate,
                                       previous: CertificateRevocationList?) throws {
        try withExtendedLifetime((authority, key)) {
            guard X509_check_private_key(authority.handle.pointer, key.handle.pointer) == 1 else {
                throw CryptoError.invalidArgument("the CA key does not belong to the CA certificate \(authority.subject)")
            }
            // X509_check_ca: 1 for a v3 CA (cA TRUE, keyCertSign when keyUsage is present).
            guard X509_check_ca(authority.handle.pointer) == 1 else {
                throw CryptoError.invalidArgument("\(authority.subject) is not a CA certificate (basicConstraints cA TRUE)")
            }
            let flags = X509_get_extension_flags(authority.handle.pointer)
            if flags & UInt32(EXFLAG_KUSAGE) != 0, X509_get_key_usage(authority.handle.pointer) & UInt32(KU_CRL_SIGN) == 0 {
                throw CryptoError.invalidArgument("the CA certificate \(authority.subject) has a keyUsage without cRLSign (RFC 5280 4.2.1.3)")
            }
        }
        guard certificate.isIssued(by: authority) else {
            throw CryptoError.invalidArgument("the certificate \(certificate.subject) was not issued by the CA \(authority.subject)")
        }
        if let previous {
            guard previous.isSigned(by: authority) else {
                throw CryptoError.invalidArgument("the existing CRL (issuer \(previous.issuer)) is not signed by the CA \(authority.subject)")
            }
            if let entry = previous.entry(forSerialNumber: certificate.serialNumberBytes) {
                throw CryptoError.invalidArgument("the certificate \(certificate.subject) is already revoked on "
                                                  + "\(entry.revocationDate) (\(entry.reason ?? .unspecified))")
            }
        }
    }

    private static func addEntry(to crl: OpaquePointer, certificate: Certificate, revokedAt: UnsafeMutablePointer<ASN1_TIME>,
                                 reason: RevocationReason, compromisedAt: time_t?) throws {
        guard let entry = X509_REVOKED_new() else { throw OpenSSLErrorQueue.error("X509_REVOKED_new") }
        var owned = true
        defer { if owned { X509_REVOKED_free(entry) } }
        guard let serial = X509_get0_serialNumber(certificate.handle.pointer),
              X509_REVOKED_set_serialNumber(entry, UnsafeMutablePointer(mutating: serial)) == 1,
              X509_REVOKED_set_revocationDate(entry, revokedAt) == 1 else {
            throw OpenSSLErrorQueue.error("X509_REVOKED_set_serialNumber")
        }
        if reason != .unspecified {
            guard let code = ASN1_ENUMERATED_new() else { throw OpenSSLErrorQueue.error("ASN1_ENUMERATED_new") }
            defer { ASN1_ENUMERATED_free(code) }
            guard ASN1_ENUMERATED_set(code, reason.rawValue) == 1,
                  X509_REVOKED_add1_ext_i2d(entry, NID_crl_reason, code, 0, 0) == 1 else {
                throw OpenSSLErrorQueue.error("X509_REVOKED_add1_ext_i2d(reasonCode)")
            }
        }
        if let compromisedAt {
            guard let time = ASN1_GENERALIZEDTIME_set(nil, compromisedAt) else {
                throw OpenSSLErrorQueue.error("ASN1_GENERALIZEDTIME_set")
            }
            defer { ASN1_GENERALIZEDTIME_free(time) }
            guard X509_REVOKED_add1_ext_i2d(entry, NID_invalidity_date, time, 0, 0) == 1 else {
                throw OpenSSLErrorQueue.error("X509_REVOKED_add1_ext_i2d(invalidityDate)")
            }
        }
        guard X509_CRL_add0_revoked(crl, entry) == 1 else { throw OpenSSLErrorQueue.error("X509_CRL_add0_revoked") }
        owned = false
    }

    /// cRLNumber: one above the previous CRL's (a bignum, as §5.2.3 allows 20 octets), else 1.
    private static func addNumber(to crl: OpaquePointer, following previous: CertificateRevocationList?) throws {
        guard let number = BN_new() else { throw OpenSSLErrorQueue.error("BN_new") }
        defer { BN_free(number) }
        if let previous, let text = previous.number {
            var cursor: OpaquePointer? = number
            guard BN_dec2bn(&cursor, text) > 0 else { throw OpenSSLErrorQueue.error("BN_dec2bn") }
        }
        guard BN_add_word(number, 1) == 1, let integer = BN_to_ASN1_INTEGER(number, nil) else {
            throw OpenSSLErrorQueue.error("BN_to_ASN1_INTEGER")
        }
        defer { ASN1_INTEGER_free(integer) }
        guard X509_CRL_add1_ext_i2d(crl, NID_crl_number, integer, 0, 0) == 1 else {
            throw OpenSSLErrorQueue.error("X509_CRL_add1_ext_i2d(cRLNumber)")
        }
    }
}
