import COpenSSL
import Foundation

extension Certificate {
    /// Longest validity accepted by `selfSigned`, in days (about 100 years).
    public static let maximumValidityDays = 36_525

    /// Creates a self-signed X.509 v3 certificate for a device key (`healthsig keygen --cert`).
    ///
    /// The certificate is signed with ECDSA / SHA-256 (`ecdsa-with-SHA256`), valid from
    /// `notBefore` (default now) for `days` days, with subject = issuer = `subject` and these extensions (RFC 5280 §4.2):
    /// - subjectKeyIdentifier: SHA-1 of the public key (method 1, §4.2.1.2);
    /// - authorityKeyIdentifier: keyIdentifier = the same value;
    /// - basicConstraints (critical): cA FALSE, since it signs data, not certificates;
    /// - keyUsage (critical): digitalSignature.
    ///
    /// `openssl verify -partial_chain -CAfile cert.pem cert.pem` and
    /// `openssl cms -verify -CAfile cert.pem` accept it as a signer certificate.
    ///
    /// - Parameters:
    ///   - privateKey: the key that is certified and that signs.
    ///   - subject: `"CN=Acme BP Cuff,O=Acme"` (RFC 4514, most specific first) or
    ///     `"/O=Acme/CN=Acme BP Cuff"` (OpenSSL `-subj`, DER order); both give the same name.
    ///   - days: validity in days, 1 ... `maximumValidityDays`.
    ///   - notBefore: start of the validity period, whole seconds (a fraction is dropped); `nil`
    ///     means now. See ``validityRange``.
    ///   - serialNumber: content octets of the serial number INTEGER (minimal, positive, at most
    ///     20 octets, RFC 5280 §4.1.2.2); by default 16 random bytes (126 random bits).
    /// - Throws: `invalidSubject`, `invalidArgument` (days, serial), or `openssl`.
    public static func selfSigned(
        privateKey: P256PrivateKey,
        subject: String,
        days: Int,
        notBefore: Date? = nil,
        serialNumber: [UInt8]? = nil
    ) throws -> Certificate {
        let name = try DistinguishedNameParser.makeName(subject)
        defer { X509_NAME_free(name) }
        return try build(subjectName: name, publicKey: privateKey.handle.pointer, issuer: nil, signingKey: privateKey,
                         days: days, notBefore: notBefore, serialNumber: serialNumber,
                         extensions: [(NID_basic_constraints, "critical,CA:FALSE"), (NID_key_usage, "critical,digitalSignature")])
    }

    /// Builds, signs and parses a certificate: version 3, serial, names, validity from
    /// `notBefore` (now when `nil`) for `days` days,
    /// subjectKeyIdentifier and authorityKeyIdentifier (RFC 5280 §4.2.1.1-2, computed by
    /// OpenSSL), then `extensions`.
    ///
    /// - Parameters:
    ///   - issuer: the issuing certificate, or nil for a self-signed one (issuer = subject).
    ///   - signingKey: the issuer's key (the subject's own for a self-signed certificate).
    static func build(subjectName: OpaquePointer, publicKey: OpaquePointer, issuer: Certificate?,
                      signingKey: P256PrivateKey, days: Int, notBefore: Date?, serialNumber: [UInt8]?,
                      extensions: [(nid: Int32, value: String)]) throws -> Certificate {
        defer { OpenSSLErrorQueue.clear() }
        guard (1...maximumValidityDays).contains(days) else {
            throw CryptoError.invalidArgument("validity must be 1...\(maximumValidityDays) days, not \(days)")
        }
        let start = try validityStart(notBefore ?? Date(), days: days)
        let serial = try serialNumber ?? randomSerialNumber()
        try validateSerialNumber(serial)

        guard let x509 = X509_new() else { throw OpenSSLErrorQueue.error("X509_new") }
        defer { X509_free(x509) }
        guard X509_set_version(x509, Int(X509_VERSION_3)) == 1 else { throw OpenSSLErrorQueue.error("X509_set_version") }
        try setSerialNumber(serial, on: x509)
        let issuerName = issuer.map { X509_get_subject_name($0.handle.pointer) } ?? subjectName
        guard X509_set_subject_name(x509, subjectName) == 1, X509_set_issuer_name(x509, issuerName) == 1 else {
            throw OpenSSLErrorQueue.error("X509_set_subject_name")
        }
        // ASN1_TIME_set writes UTCTime for 1950-2049 and GeneralizedTime after, as RFC 5280
        // §4.1.2.5 requires.
        guard ASN1_TIME_set(X509_getm_notBefore(x509), start) != nil,
              ASN1_TIME_adj(X509_getm_notAfter(x509), start, Int32(days), 0) != nil else {
            throw OpenSSLErrorQueue.error("ASN1_TIME_adj")
        }
        guard X509_set_pubkey(x509, publicKey) == 1 else { throw OpenSSLErrorQueue.error("X509_set_pubkey") }

        // subjectKeyIdentifier must come before authorityKeyIdentifier, which copies the
        // issuer's (for a self-signed certificate, its own).
        return try withExtendedLifetime(issuer) {
            var context = X509V3_CTX()
            X509V3_set_ctx(&context, issuer?.handle.pointer ?? x509, x509, nil, nil, 0)
            try addExtension(NID_subject_key_identifier, "hash", to: x509, context: &context)
            try addExtension(NID_authority_key_identifier, "keyid:always", to: x509, context: &context)
            for (nid, value) in extensions { try addExtension(nid, value, to: x509, context: &context) }

            guard X509_sign(x509, signingKey.handle.pointer, DigestAlgorithms.shared.sha256) > 0 else {
                throw OpenSSLErrorQueue.error("X509_sign")
            }
            guard let der = ByteBuffers.encode({ i2d_X509(x509, $0) }) else {
                throw OpenSSLErrorQueue.error("i2d_X509")
            }
            return try Certificate(derEncoded: der)
        }
    }

    /// The instants a validity period may start and end within: RFC 5280 §4.1.2.5 encodes
    /// 1950-2049 as UTCTime and later years as GeneralizedTime, which has four year digits, so
    /// nothing before 1950 or after 9999 can be written.
    public static let validityRange: ClosedRange<Date> =
        Date(timeIntervalSince1970: -631_152_000)...Date(timeIntervalSince1970: 253_402_300_799)

    /// `start` in whole seconds, once the period it opens lies inside ``validityRange``.
    private static func validityStart(_ start: Date, days: Int) throws -> time_t {
        let end = start.addingTimeInterval(Double(days) * 86_400)
        guard start.timeIntervalSince1970.isFinite, validityRange.contains(start), validityRange.contains(end) else {
            throw CryptoError.invalidArgument(
                "a validity period of \(days) days from \(start) does not fit between 1950-01-01 and 9999-12-31 "
                    + "(RFC 5280 4.1.2.5)")
        }
        return time_t(start.timeIntervalSince1970.rounded(.down))
    }

    /// 16 random bytes whose first byte is in 0x40...0x7F: positive, minimal, always 16 octets.
    private static func randomSerialNumber() throws -> [UInt8] {
        var bytes = SecureRandom.bytes(16)
        bytes[0] = (bytes[0] & 0x3F) | 0x40
        return bytes
    }

    /// RFC 5280 §4.1.2.2: a positive INTEGER of at most 20 octets, and DER-minimal (X.690
    /// §8.3.2: no leading 0x00 unless the next byte has its top bit set).
    private static func validateSerialNumber(_ serial: [UInt8]) throws {
        guard !serial.isEmpty, serial.count <= 20 else {
            throw CryptoError.invalidArgument("a serial number is 1...20 octets, not \(serial.count)")
        }
        guard serial[0] & 0x80 == 0 else {
            throw CryptoError.invalidArgument("the serial number is negative (first octet has its top bit set)")
        }
        if serial[0] == 0x00 {
            guard serial.count > 1 else {
                throw CryptoError.invalidArgument("the serial number must be positive, not zero")
            }
            guard serial[1] & 0x80 != 0 else {
                throw CryptoError.invalidArgument("the serial number is not minimally encoded (redundant leading 0x00)")
            }
        }
    }

    private static func setSerialNumber(_ serial: [UInt8], on x509: OpaquePointer) throws {
        let number = serial.withUnsafeBufferPointer { buffer in
            BN_bin2bn(buffer.baseAddress, Int32(buffer.count), nil)
        }
        guard let number else { throw OpenSSLErrorQueue.error("BN_bin2bn") }
        defer { BN_free(number) }
        guard let integer = BN_to_ASN1_INTEGER(number, nil) else {
            throw OpenSSLErrorQueue.error("BN_to_ASN1_INTEGER")
        }
        defer { ASN1_INTEGER_free(integer) }
        guard X509_set_serialNumber(x509, integer) == 1 else {
            throw OpenSSLErrorQueue.error("X509_set_serialNumber")
        }
    }

    private static func addExtension(
        _ nid: Int32,
        _ value: String,
        to x509: OpaquePointer,
        context: inout X509V3_CTX
    ) throws {
        guard let ext = X509V3_EXT_nconf_nid(nil, &context, nid, value) else {
            throw OpenSSLErrorQueue.error("X509V3_EXT_nconf_nid(\(value))")
        }
        defer { X509_EXTENSION_free(ext) }
        guard X509_add_ext(x509, ext, -1) == 1 else {
            throw OpenSSLErrorQueue.error("X509_add_ext")
        }
    }
}
