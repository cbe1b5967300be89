/// Names of the OIDs this toolkit meets, for the pretty-printer and error messages.
public enum OIDRegistry {
    static let names: [String: String] = [
        "1.2.840.113549.1.7.1": "id-data",
        "1.2.840.113549.1.7.2": "id-signedData",
        "1.2.840.113549.1.9.3": "id-contentType",
        "1.2.840.113549.1.9.4": "id-messageDigest",
        "1.2.840.113549.1.9.5": "id-signingTime",
        "1.2.840.113549.1.9.15": "smimeCapabilities",
        "1.2.840.113549.1.9.16.2.47": "id-aa-signingCertificateV2",
        "2.16.840.1.101.3.4.2.1": "id-sha256",
        "2.16.840.1.101.3.4.2.2": "id-sha384",
        "2.16.840.1.101.3.4.2.3": "id-sha512",
        "1.3.14.3.2.26": "id-sha1",
        "1.2.840.10045.2.1": "id-ecPublicKey",
        "1.2.840.10045.3.1.7": "prime256v1",
        "1.3.132.0.34": "secp384r1",
        "1.3.132.0.10": "secp256k1",
        "1.2.840.10045.4.3.2": "ecdsa-with-SHA256",
        "1.2.840.10045.4.3.3": "ecdsa-with-SHA384",
        "1.2.840.10045.4.1": "ecdsa-with-SHA1",
        "1.2.840.113549.1.1.1": "rsaEncryption",
        "1.2.840.113549.1.1.11": "sha256WithRSAEncryption",
        "1.3.101.112": "id-Ed25519",
        "2.5.4.3": "commonName",
        "2.5.4.6": "countryName",
        "2.5.4.7": "localityName",
        "2.5.4.8": "stateOrProvinceName",
        "2.5.4.10": "organizationName",
        "2.5.4.11": "organizationalUnitName",
        "2.5.4.5": "serialNumber",
        "2.5.29.14": "subjectKeyIdentifier",
        "2.5.29.15": "keyUsage",
        "2.5.29.19": "basicConstraints",
        "2.5.29.35": "authorityKeyIdentifier",
        "2.5.29.37": "extKeyUsage",
    ]

    /// The conventional name of `oid`, if known.
    public static func name(of oid: DERObjectIdentifier) -> String? {
        names[oid.dotted]
    }
}
