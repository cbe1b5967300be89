import DER
import COpenSSL
import Foundation

/// An X.509 v3 certificate (RFC 5280), parsed by OpenSSL.
///
/// The fields CMS and the trust store need are read once at initialisation: names, serial
/// number, subject key identifier, validity, and the public key when it is a P-256 key.
/// Certificates with other keys (an RSA root, say) still load, so they can take part in chain
/// verification; their `publicKey` is `nil` and `p256PublicKey()` explains why.
///
/// Two certificates are equal when their DER encodings are equal.
public struct Certificate: Hashable, Sendable {
    let handle: X509Handle

    /// The certificate exactly as received (DER).
    public let derEncoded: [UInt8]

    /// The subject name in one-line RFC 2253 / RFC 4514 form, most specific RDN first, e.g.
    /// `"CN=Acme BP Cuff,O=Acme"`. Non-ASCII characters are kept as UTF-8.
    public let subject: String

    /// The issuer name in the same form as `subject`.
    public let issuer: String

    /// The DER encoding of the subject Name, exactly as it appears in the certificate.
    public let subjectNameDER: [UInt8]

    /// The DER encoding of the issuer Name, exactly as it appears in the certificate (what a
    /// CMS IssuerAndSerialNumber, RFC 5652 §10.2.4, must carry).
    public let issuerNameDER: [UInt8]

    /// The content octets of the serialNumber INTEGER (minimal two's complement, as in the
    /// certificate), without tag and length.
    public let serialNumberBytes: [UInt8]

    /// The keyIdentifier of the SubjectKeyIdentifier extension (RFC 5280 §4.2.1.2), or `nil`
    /// if the certificate has none.
    public let subjectKeyIdentifier: [UInt8]?

    /// The subject public key if it is a P-256 key, otherwise `nil` (see `p256PublicKey()`).
    public let publicKey: P256PublicKey?

    /// Why `publicKey` is `nil`; `nil` when it is not.
    let publicKeyProblem: CryptoError?

    /// Start of the validity period.
    public let notBefore: Date

    /// End of the validity period.
    public let notAfter: Date

    /// Whether subject and issuer are the same name (RFC 5280 §3.2 "self-issued"), compared
    /// the way OpenSSL compares names (`X509_NAME_cmp`).
    public let isSelfIssued: Bool

    /// The first rule of the signer profile (docs/VERIFY.md, "Signer certificates") the
    /// certificate breaks: a CA certificate, a keyUsage without digitalSignature, or an
    /// extendedKeyUsage without emailProtection; `nil` when it may vouch for a signer of readings.
    public let signingPurposeProblem: SigningPurposeProblem?

    /// Parses one DER certificate.
    ///
    /// - Throws: `CryptoError.invalidCertificate` if the bytes are not exactly one certificate
    ///   in DER form, or its extensions are malformed.
    public init(derEncoded: some Collection<UInt8>) throws {
        defer { OpenSSLErrorQueue.clear() }
        let bytes = Array(derEncoded)
        guard !bytes.isEmpty else { throw CryptoError.invalidCertificate("no bytes") }
        let x509 = try WholeDERDecoding.decode(bytes, what: "certificate", d2i: { d2i_X509(nil, $0, $1) },
                                               free: { X509_free($0) }, error: CryptoError.invalidCertificate)
        try self.init(taking: X509Handle(taking: x509), derEncoded: bytes)
    }

    /// Parses PEM text holding exactly one `CERTIFICATE` block.
    ///
    /// - Throws: `CryptoError.invalidPEM` if there is no block, more than one, or a block with
    ///   another label (use `PEMBundle.parse` for files with several certificates); otherwise as
    ///   `init(derEncoded:)`.
    public init(pem: String) throws {
        try self.init(derEncoded: PEMReader.singleBlock(in: pem, expecting: "CERTIFICATE"))
    }

    private init(taking handle: X509Handle, derEncoded bytes: [UInt8]) throws {
        let x509 = handle.pointer
        // Compute and cache the extension-derived data now, before the value can be shared
        // between threads; malformed extensions are flagged here.
        _ = X509_check_purpose(x509, -1, 0)
        guard X509_get_extension_flags(x509) & UInt32(EXFLAG_INVALID) == 0 else {
            throw CryptoError.invalidCertificate("malformed extensions (\(OpenSSLErrorQueue.drain()))")
        }
        guard let reencoded = ByteBuffers.encode({ i2d_X509(x509, $0) }), reencoded == bytes else {
            throw CryptoError.invalidCertificate("not DER: OpenSSL's re-encoding differs from the input")
        }
        guard let subjectName = X509_get_subject_name(x509), let issuerName = X509_get_issuer_name(x509) else {
            throw CryptoError.invalidCertificate("missing subject or issuer name")
        }
        self.handle = handle
        derEncoded = bytes
        subject = try Self.oneLine(subjectName)
        issuer = try Self.oneLine(issuerName)
        guard let subjectDER = ByteBuffers.encode({ i2d_X509_NAME(subjectName, $0) }),
              let issuerDER = ByteBuffers.encode({ i2d_X509_NAME(issuerName, $0) }) else {
            throw OpenSSLErrorQueue.error("i2d_X509_NAME")
        }
        subjectNameDER = subjectDER
        issuerNameDER = issuerDER
        serialNumberBytes = try Self.serialContentOctets(x509)
        subjectKeyIdentifier = X509_get0_subject_key_id(x509).map { octets in
            Array(UnsafeBufferPointer(start: ASN1_STRING_get0_data(octets), count: Int(ASN1_STRING_length(octets))))
        }
        notBefore = try Self.date(X509_get0_notBefore(x509), field: "notBefore")
        notAfter = try Self.date(X509_get0_notAfter(x509), field: "notAfter")
        isSelfIssued = X509_NAME_cmp(subjectName, issuerName) == 0
        signingPurposeProblem = Self.signingPurposeProblem(x509)
        do {
            guard let pkey = X509_get0_pubkey(x509) else {
                throw CryptoError.unsupportedKey("public key algorithm not recognised by OpenSSL")
            }
            publicKey = try P256PublicKey(decodedKey: pkey)
            publicKeyProblem = nil
        } catch let error as CryptoError {
            publicKey = nil
            publicKeyProblem = error
        }
        OpenSSLErrorQueue.clear()
    }

    /// The subject public key as a P-256 key.
    ///
    /// - Throws: `CryptoError.unsupportedKey` (naming the key type or curve) or
    ///   `CryptoError.invalidKey` when the certificate does not carry a usable P-256 key.
    public func p256PublicKey() throws -> P256PublicKey {
        if let publicKey { return publicKey }
        throw publicKeyProblem ?? CryptoError.unsupportedKey("certificate public key")
    }

    /// The certificate as a `CERTIFICATE` PEM block (64-column base64, trailing newline).
    public var pemString: String {
        PEMWriter.block(label: "CERTIFICATE", der: derEncoded)
    }

    /// Certificates are equal when their DER encodings are equal.
    public static func == (lhs: Certificate, rhs: Certificate) -> Bool {
        lhs.derEncoded == rhs.derEncoded
    }

    /// Hashes the DER encoding.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(derEncoded)
    }

    // MARK: - Field extraction

    /// `name` printed by OpenSSL in RFC 2253 form without escaping UTF-8.
    static func oneLine(_ name: OpaquePointer) throws -> String {
        let output = try MemoryBIO.collectingOutput { bio in
            guard X509_NAME_print_ex(bio, name, 0, healthsig_name_print_flags()) >= 0 else {
                throw OpenSSLErrorQueue.error("X509_NAME_print_ex")
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The content octets of the serialNumber INTEGER: OpenSSL's DER encoding with the tag and
    /// length (X.690 §8.1.2, §8.1.3) removed.
    private static func serialContentOctets(_ x509: OpaquePointer) throws -> [UInt8] {
        guard let serial = X509_get0_serialNumber(x509),
              let encoded = ByteBuffers.encode({ i2d_ASN1_INTEGER(serial, $0) }),
              encoded.count >= 3, encoded[0] == 0x02 else {
            throw CryptoError.invalidCertificate("serialNumber could not be encoded")
        }
        let lengthByte = encoded[1]
        let headerLength = lengthByte < 0x80 ? 2 : 2 + Int(lengthByte & 0x7F)
        guard headerLength < encoded.count else {
            throw CryptoError.invalidCertificate("serialNumber could not be encoded")
        }
        return Array(encoded[headerLength...])
    }

    /// Converts an ASN1_TIME (UTCTime or GeneralizedTime) to a `Date` via OpenSSL's own
    /// difference from the Unix epoch.
    private static func date(_ time: UnsafePointer<ASN1_TIME>?, field: String) throws -> Date {
        guard let time, let epoch = ASN1_TIME_set(nil, 0) else {
            throw CryptoError.invalidCertificate("\(field) is missing")
        }
        defer { ASN1_TIME_free(epoch) }
        var days: Int32 = 0
        var seconds: Int32 = 0
        guard ASN1_TIME_diff(&days, &seconds, epoch, time) == 1 else {
            throw CryptoError.invalidCertificate("\(field) is not a valid time (\(OpenSSLErrorQueue.drain()))")
        }
        return Date(timeIntervalSince1970: Double(days) * 86_400 + Double(seconds))
    }
}

extension Certificate: CustomStringConvertible {
    /// Subject, issuer and serial number in hex.
    public var description: String {
        "Certificate(subject: \"\(subject)\", issuer: \"\(issuer)\", serial: \(Hex.encode(serialNumberBytes)))"
    }
}
