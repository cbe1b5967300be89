import DER

// MARK: - Object identifiers used by the CMS SignedData profile

extension DERObjectIdentifier {
    /// `id-data` — arbitrary octet strings (RFC 5652 4):
    /// `{ iso(1) member-body(2) us(840) rsadsi(113549) pkcs(1) pkcs7(7) 1 }`.
    public static let idData: DERObjectIdentifier = "1.2.840.113549.1.7.1"

    /// `id-signedData` (RFC 5652 5.1): `{ iso(1) member-body(2) us(840) rsadsi(113549) pkcs(1) pkcs7(7) 2 }`.
    public static let idSignedData: DERObjectIdentifier = "1.2.840.113549.1.7.2"

    /// `id-contentType` attribute (RFC 5652 11.1):
    /// `{ iso(1) member-body(2) us(840) rsadsi(113549) pkcs(1) pkcs9(9) 3 }`.
    public static let idContentType: DERObjectIdentifier = "1.2.840.113549.1.9.3"

    /// `id-messageDigest` attribute (RFC 5652 11.2):
    /// `{ iso(1) member-body(2) us(840) rsadsi(113549) pkcs(1) pkcs9(9) 4 }`.
    public static let idMessageDigest: DERObjectIdentifier = "1.2.840.113549.1.9.4"

    /// `id-signingTime` attribute (RFC 5652 11.3):
    /// `{ iso(1) member-body(2) us(840) rsadsi(113549) pkcs(1) pkcs9(9) 5 }`.
    public static let idSigningTime: DERObjectIdentifier = "1.2.840.113549.1.9.5"

    /// `id-countersignature` attribute (RFC 5652 11.4):
    /// `{ iso(1) member-body(2) us(840) rsadsi(113549) pkcs(1) pkcs9(9) 6 }`.
    public static let idCountersignature: DERObjectIdentifier = "1.2.840.113549.1.9.6"

    /// `id-sha256` (RFC 5754 2.2):
    /// `{ joint-iso-itu-t(2) country(16) us(840) organization(1) gov(101) csor(3) nistalgorithm(4) hashalgs(2) 1 }`.
    public static let idSHA256: DERObjectIdentifier = "2.16.840.1.101.3.4.2.1"

    /// `ecdsa-with-SHA256` (RFC 5758 3.2):
    /// `{ iso(1) member-body(2) us(840) ansi-X9-62(10045) signatures(4) ecdsa-with-SHA2(3) 2 }`.
    public static let ecdsaWithSHA256: DERObjectIdentifier = "1.2.840.10045.4.3.2"
}
