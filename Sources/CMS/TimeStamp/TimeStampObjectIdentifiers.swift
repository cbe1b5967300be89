import DER

// MARK: - Object identifiers of RFC 3161 time-stamp tokens

extension DERObjectIdentifier {
    /// `id-ct-TSTInfo` (RFC 3161 2.4.2), the eContentType of a TimeStampToken:
    /// `{ iso(1) member-body(2) us(840) rsadsi(113549) pkcs(1) pkcs-9(9) smime(16) ct(1) 4 }`.
    public static let idCTTSTInfo: DERObjectIdentifier = "1.2.840.113549.1.9.16.1.4"

    /// `id-aa-signingCertificate` (RFC 2634 5.4), the ESS attribute naming the TSA certificate
    /// by its SHA-1 hash, which RFC 3161 2.4.1 requires among the signed attributes.
    public static let idAASigningCertificate: DERObjectIdentifier = "1.2.840.113549.1.9.16.2.12"

    /// `id-aa-signingCertificateV2` (RFC 5035 3), the same with another hash (SHA-256 by
    /// default), which RFC 5816 allows in its place.
    public static let idAASigningCertificateV2: DERObjectIdentifier = "1.2.840.113549.1.9.16.2.47"

    /// `id-kp-timeStamping` (RFC 5280 4.2.1.12), the only extended key usage a TSA certificate
    /// may carry (RFC 3161 2.3).
    public static let idKPTimeStamping: DERObjectIdentifier = "1.3.6.1.5.5.7.3.8"

    /// `id-sha1`, the hash of ESSCertID (RFC 2634 5.4.1).
    public static let idSHA1: DERObjectIdentifier = "1.3.14.3.2.26"

    /// The policy under which `healthsig timestamp --tsa-key` issues tokens: a gateway's own
    /// statement that it held the signature at genTime. A TSA must name some policy; verifiers of
    /// this project do not act on it, so it lies under `2.999`, the example arc of X.660 that no
    /// real policy uses.
    public static let healthsigGatewayTimeStampPolicy: DERObjectIdentifier = "2.999.3161.1"
}
