import COpenSSL
import DER
import Foundation

/// An X.509 v2 certificate revocation list (RFC 5280 §5), parsed by OpenSSL.
///
/// The fields a verifier needs are read once: issuer, thisUpdate, nextUpdate, cRLNumber,
/// authorityKeyIdentifier and every entry (serial number, revocationDate, reasonCode,
/// invalidityDate). Whether the CRL is genuine is ``isSigned(by:)``: a CRL read from a file is
/// only a claim until a trusted CA's signature over it has been checked.
public struct CertificateRevocationList: Sendable {
    let handle: CRLHandle

    /// The CRL exactly as received (DER).
    public let derEncoded: [UInt8]
    /// The issuer name in one-line RFC 2253 form, as `Certificate.subject`.
    public let issuer: String
    /// The DER encoding of the issuer Name, exactly as in the CRL.
    public let issuerNameDER: [UInt8]
    /// thisUpdate.
    public let thisUpdate: Date
    /// nextUpdate, when present (RFC 5280 requires it; OpenSSL reads CRLs without it).
    public let nextUpdate: Date?
    /// The cRLNumber extension (§5.2.3) in decimal, when present.
    public let number: String?
    /// The keyIdentifier of the authorityKeyIdentifier extension (§5.2.1), when present.
    public let authorityKeyIdentifier: [UInt8]?
    /// The revoked certificates, in the CRL's order.
    public let entries: [Entry]

    /// One revokedCertificates entry.
    public struct Entry: Sendable, Hashable {
        /// Content octets of the userCertificate serial number (as `Certificate.serialNumberBytes`).
        public let serialNumberBytes: [UInt8]
        /// revocationDate.
        public let revocationDate: Date
        /// The reasonCode extension; `nil` when absent (which RFC 5280 reads as unspecified).
        public let reason: RevocationReason?
        /// The invalidityDate extension (§5.3.2): when the key is known or suspected to have
        /// been compromised.
        public let invalidityDate: Date?

        /// Creates an entry.
        public init(serialNumberBytes: [UInt8], revocationDate: Date, reason: RevocationReason?, invalidityDate: Date?) {
            self.serialNumberBytes = serialNumberBytes
            self.revocationDate = revocationDate
            self.reason = reason
            self.invalidityDate = invalidityDate
        }
    }

    /// The PEM label of a CRL (RFC 7468 §6).
    public static let pemLabel = "X509 CRL"

    /// Parses one DER CRL. The bytes must be strict DER (the project's DER reader: identifiers,
    /// lengths and constructed flags, X.690 §10, and the contents of every universal primitive,
    /// `DER.checkPrimitiveContents`) and exactly one CertificateList OpenSSL decodes. OpenSSL keeps
    /// the received encoding of the signed part, so re-encoding it would prove nothing.
    ///
    /// - Throws: `CryptoError.invalidCRL` saying what was wrong (the DER rule and offset,
    ///   OpenSSL's reason, trailing bytes, a malformed entry).
    public init(derEncoded: some Collection<UInt8>) throws {
        defer { OpenSSLErrorQueue.clear() }
        let bytes = Array(derEncoded)
        guard !bytes.isEmpty else { throw CryptoError.invalidCRL("no bytes") }
        do {
            try DER.checkPrimitiveContents(try DER.parse(bytes))
        } catch {
            throw CryptoError.invalidCRL("not DER: \(error)")
        }
        let crl = try WholeDERDecoding.decode(bytes, what: "CRL", d2i: { d2i_X509_CRL(nil, $0, $1) },
                                              free: { X509_CRL_free($0) }, error: CryptoError.invalidCRL)
        try self.init(taking: CRLHandle(taking: crl), derEncoded: bytes)
    }

    /// Parses PEM text holding exactly one `X509 CRL` block.
    public init(pem: String) throws {
        try self.init(derEncoded: PEMReader.singleBlock(in: pem, expecting: Self.pemLabel))
    }

    /// A CRL from a file's bytes: PEM when they hold a `-----BEGIN` line, else DER.
    public init(fileBytes bytes: [UInt8]) throws {
        if let text = String(validating: bytes, as: UTF8.self), text.contains("-----BEGIN") {
            try self.init(pem: text)
        } else {
            try self.init(derEncoded: bytes)
        }
    }

    private init(taking handle: CRLHandle, derEncoded bytes: [UInt8]) throws {
        let crl = handle.pointer
        guard let issuerName = X509_CRL_get_issuer(crl) else { throw CryptoError.invalidCRL("no issuer name") }
        guard let issuerDER = ByteBuffers.encode({ i2d_X509_NAME(issuerName, $0) }) else {
            throw OpenSSLErrorQueue.error("i2d_X509_NAME")
        }
        self.handle = handle
        derEncoded = bytes
        issuer = try Certificate.oneLine(issuerName)
        issuerNameDER = issuerDER
        thisUpdate = try Self.date(X509_CRL_get0_lastUpdate(crl), field: "thisUpdate")
        nextUpdate = try X509_CRL_get0_nextUpdate(crl).map { try Self.date($0, field: "nextUpdate") }
        var critical: Int32 = 0
        if let raw = X509_CRL_get_ext_d2i(crl, NID_crl_number, &critical, nil) {
            let integer = raw.assumingMemoryBound(to: ASN1_INTEGER.self)
            defer { ASN1_INTEGER_free(integer) }
            number = try Self.decimal(integer)
        } else if critical != -1 {
            throw CryptoError.invalidCRL("the cRLNumber extension is malformed or repeated")
        } else {
            number = nil
        }
        critical = 0
        if let raw = X509_CRL_get_ext_d2i(crl, NID_authority_key_identifier, &critical, nil) {
            let akid = raw.assumingMemoryBound(to: AUTHORITY_KEYID.self)
            defer { AUTHORITY_KEYID_free(akid) }
            authorityKeyIdentifier = akid.pointee.keyid.map { octets in
                Array(UnsafeBufferPointer(start: ASN1_STRING_get0_data(octets), count: Int(ASN1_STRING_length(octets))))
            }
        } else {
            authorityKeyIdentifier = nil
        }
        var entries: [Entry] = []
        if let revoked = X509_CRL_get_REVOKED(crl) {
            let count = OPENSSL_sk_num(revoked)
            for index in 0..<max(count, 0) {
                guard let raw = OPENSSL_sk_value(revoked, index) else { continue }
                entries.append(try Self.entry(OpaquePointer(raw), index: Int(index)))
            }
        }
        self.entries = entries
    }

    /// The CRL as an `X509 CRL` PEM block.
    public var pemString: String {
        PEMWriter.block(label: Self.pemLabel, der: derEncoded)
    }

    /// The entry revoking the certificate with this serial number (content octets), if any.
    public func entry(forSerialNumber serial: [UInt8]) -> Entry? {
        entries.first { $0.serialNumberBytes == serial }
    }

    /// Whether `certificate` issued this CRL: the CRL's issuer is its subject (OpenSSL's name
    /// comparison) and the CRL's signature verifies under its public key (`X509_CRL_verify`).
    public func isSigned(by certificate: Certificate) -> Bool {
        defer { OpenSSLErrorQueue.clear() }
        return withExtendedLifetime((self, certificate)) {
            guard let subject = X509_get_subject_name(certificate.handle.pointer),
                  let issuerName = X509_CRL_get_issuer(handle.pointer),
                  X509_NAME_cmp(subject, issuerName) == 0,
                  let key = X509_get0_pubkey(certificate.handle.pointer) else { return false }
            return X509_CRL_verify(handle.pointer, key) == 1
        }
    }

    // MARK: - Field extraction

    private static func entry(_ revoked: OpaquePointer, index: Int) throws -> Entry {
        guard let serial = X509_REVOKED_get0_serialNumber(revoked),
              let encoded = ByteBuffers.encode({ i2d_ASN1_INTEGER(serial, $0) }),
              encoded.count >= 3, encoded[0] == 0x02 else {
            throw CryptoError.invalidCRL("entry \(index + 1): the serial number could not be read")
        }
        let lengthByte = encoded[1]
        let headerLength = lengthByte < 0x80 ? 2 : 2 + Int(lengthByte & 0x7F)
        guard headerLength < encoded.count else {
            throw CryptoError.invalidCRL("entry \(index + 1): the serial number could not be read")
        }
        let revocationDate = try date(X509_REVOKED_get0_revocationDate(revoked), field: "entry \(index + 1) revocationDate")
        var critical: Int32 = 0
        var reason: RevocationReason?
        if let raw = X509_REVOKED_get_ext_d2i(revoked, NID_crl_reason, &critical, nil) {
            let enumerated = raw.assumingMemoryBound(to: ASN1_ENUMERATED.self)
            defer { ASN1_ENUMERATED_free(enumerated) }
            let value = ASN1_ENUMERATED_get(enumerated)
            guard let known = RevocationReason(rawValue: value) else {
                throw CryptoError.invalidCRL("entry \(index + 1): reasonCode \(value) is not a CRLReason of RFC 5280 5.3.1")
            }
            reason = known
        } else if critical != -1 {
            throw CryptoError.invalidCRL("entry \(index + 1): the reasonCode extension is malformed or repeated")
        }
        critical = 0
        var invalidityDate: Date?
        if let raw = X509_REVOKED_get_ext_d2i(revoked, NID_invalidity_date, &critical, nil) {
            let time = raw.assumingMemoryBound(to: ASN1_GENERALIZEDTIME.self)
            defer { ASN1_GENERALIZEDTIME_free(time) }
            invalidityDate = try date(UnsafePointer(time), field: "entry \(index + 1) invalidityDate")
        } else if critical != -1 {
            throw CryptoError.invalidCRL("entry \(index + 1): the invalidityDate extension is malformed or repeated")
        }
        return Entry(serialNumberBytes: Array(encoded[headerLength...]), revocationDate: revocationDate,
                     reason: reason, invalidityDate: invalidityDate)
    }

    /// An ASN1_TIME as a `Date`, by OpenSSL's own difference from the Unix epoch.
    static func date(_ time: UnsafePointer<ASN1_TIME>?, field: String) throws -> Date {
        guard let time, let epoch = ASN1_TIME_set(nil, 0) else {
            throw CryptoError.invalidCRL("\(field) is missing")
        }
        defer { ASN1_TIME_free(epoch) }
        var days: Int32 = 0
        var seconds: Int32 = 0
        guard ASN1_TIME_diff(&days, &seconds, epoch, time) == 1 else {
            throw CryptoError.invalidCRL("\(field) is not a valid time (\(OpenSSLErrorQueue.drain()))")
        }
        return Date(timeIntervalSince1970: Double(days) * 86_400 + Double(seconds))
    }

    /// An ASN1_INTEGER in decimal, by OpenSSL's bignum.
    static func decimal(_ integer: UnsafePointer<ASN1_INTEGER>) throws -> String {
        guard let number = ASN1_INTEGER_to_BN(integer, nil) else { throw OpenSSLErrorQueue.error("ASN1_INTEGER_to_BN") }
        defer { BN_free(number) }
        guard let text = BN_bn2dec(number) else { throw OpenSSLErrorQueue.error("BN_bn2dec") }
        defer { healthsig_free(text) }
        return String(cString: text)
    }
}
