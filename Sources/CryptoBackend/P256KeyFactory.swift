import COpenSSL

/// Turns any `EVP_PKEY` that OpenSSL decoded (from SPKI, PKCS#8, SEC1, a certificate, or key
/// generation) into a canonical P-256 key, or explains why it is not one.
///
/// "Canonical" means rebuilt from its raw components with `EVP_PKEY_fromdata`: named curve
/// prime256v1 (RFC 5480 §2.1.1 requires namedCurve), uncompressed point encoding (SEC 1
/// §2.3.3). That way SPKI, PKCS#8 and X9.63 output never depends on how the input was encoded.
enum P256KeyFactory {
    /// OpenSSL's name for the NIST P-256 curve (secp256r1).
    static let curveName = "prime256v1"
    /// Length of an uncompressed point: 0x04 || X (32 bytes) || Y (32 bytes).
    static let uncompressedPointLength = 65
    /// Length of a compressed point: 0x02/0x03 || X (32 bytes).
    static let compressedPointLength = 33

    // MARK: - Classification

    /// Throws `unsupportedKey` unless `pkey` is an EC key on P-256 with a named curve.
    static func requireP256(_ pkey: OpaquePointer) throws {
        guard EVP_PKEY_is_a(pkey, "EC") == 1 else {
            let typeName = String(optionalCString: EVP_PKEY_get0_type_name(pkey)) ?? "unknown"
            throw CryptoError.unsupportedKey("\(typeName) key")
        }
        if let encoding = utf8Parameter(pkey, OSSL_PKEY_PARAM_EC_ENCODING),
           encoding == OSSL_PKEY_EC_ENCODING_EXPLICIT {
            throw CryptoError.unsupportedKey("EC key with explicit curve parameters (RFC 5480 requires a named curve)")
        }
        guard let group = utf8Parameter(pkey, OSSL_PKEY_PARAM_GROUP_NAME) else {
            OpenSSLErrorQueue.clear()
            throw CryptoError.unsupportedKey("EC key on an unnamed curve")
        }
        guard group == curveName else {
            throw CryptoError.unsupportedKey("EC key on curve \(group)")
        }
    }

    /// The public point of an EC key as OpenSSL encodes it (compressed or uncompressed).
    static func encodedPublicPoint(_ pkey: OpaquePointer) throws -> [UInt8] {
        var length = 0
        guard EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_PUB_KEY, nil, 0, &length) == 1,
              length > 0, length <= 133 else {
            throw CryptoError.invalidKey("the key has no public point: \(OpenSSLErrorQueue.drain())")
        }
        var point = [UInt8](repeating: 0, count: length)
        let status = point.withUnsafeMutableBufferPointer { buffer in
            EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_PUB_KEY, buffer.baseAddress, buffer.count, &length)
        }
        guard status == 1 else {
            throw CryptoError.invalidKey("the key has no public point: \(OpenSSLErrorQueue.drain())")
        }
        return Array(point.prefix(length))
    }

    // MARK: - Building canonical keys

    /// Builds a validated public key from a SEC 1 encoded point (33 or 65 bytes). The returned
    /// `EVP_PKEY` is owned by the caller.
    ///
    /// Rejects wrong lengths and prefixes, the point at infinity (its SEC 1 encoding is the
    /// single byte 0x00, refused by the length check), coordinates outside the field and points
    /// not on the curve (`EC_POINT_oct2point` inside `EVP_PKEY_fromdata`, then
    /// `EVP_PKEY_public_check_quick`).
    static func makePublicKey(point: some Collection<UInt8>) throws -> OpaquePointer {
        // Check the length before copying anything.
        let count = point.count
        guard count == uncompressedPointLength || count == compressedPointLength else {
            throw CryptoError.invalidKey("a P-256 point is 65 bytes (uncompressed) or 33 bytes (compressed), not \(count)")
        }
        let bytes = Array(point)
        switch (bytes.count, bytes.first) {
        case (uncompressedPointLength, 0x04?), (compressedPointLength, 0x02?), (compressedPointLength, 0x03?):
            break
        case (uncompressedPointLength, _):
            throw CryptoError.invalidKey("a 65-byte (uncompressed) P-256 point must start with 0x04")
        default:
            throw CryptoError.invalidKey("a 33-byte (compressed) P-256 point must start with 0x02 or 0x03")
        }
        let pkey = try bytes.withUnsafeBufferPointer { buffer in
            try fromData(healthsig_p256_params(nil, buffer.baseAddress, buffer.count),
                         selection: healthsig_selection_public_key()) { detail in
                CryptoError.invalidKey("the point is not on the P-256 curve (\(detail))")
            }
        }
        do {
            try check(pkey, EVP_PKEY_public_check_quick, what: "public key")
        } catch {
            EVP_PKEY_free(pkey)
            throw error
        }
        return pkey
    }

    /// Rebuilds the key pair in `source` as a canonical P-256 key pair after `requireP256`,
    /// and checks it fully (private scalar in [1, n-1], public point on the curve and equal to
    /// the private scalar times the generator). The returned `EVP_PKEY` is owned by the caller.
    static func makeCanonicalPrivateKey(from source: OpaquePointer) throws -> OpaquePointer {
        try requireP256(source)
        let point = try encodedPublicPoint(source)
        var scalar: OpaquePointer?
        guard EVP_PKEY_get_bn_param(source, OSSL_PKEY_PARAM_PRIV_KEY, &scalar) == 1, let scalar else {
            throw CryptoError.invalidKey("the key has no private scalar: \(OpenSSLErrorQueue.drain())")
        }
        defer { BN_clear_free(scalar) }
        let pkey = try point.withUnsafeBufferPointer { buffer in
            try fromData(healthsig_p256_params(scalar, buffer.baseAddress, buffer.count),
                         selection: healthsig_selection_keypair()) { detail in
                CryptoError.invalidKey("the P-256 key pair is malformed (\(detail))")
            }
        }
        do {
            try check(pkey, EVP_PKEY_check, what: "key pair")
        } catch {
            EVP_PKEY_free(pkey)
            throw error
        }
        return pkey
    }

    /// Generates a fresh P-256 key pair with OpenSSL's DRBG. The returned `EVP_PKEY` is owned
    /// by the caller.
    static func generate() throws -> OpaquePointer {
        guard let context = healthsig_ec_pkey_ctx_new() else {
            throw OpenSSLErrorQueue.error("EVP_PKEY_CTX_new_from_name")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1 else {
            throw OpenSSLErrorQueue.error("EVP_PKEY_keygen_init")
        }
        guard EVP_PKEY_CTX_set_group_name(context, curveName) == 1 else {
            throw OpenSSLErrorQueue.error("EVP_PKEY_CTX_set_group_name")
        }
        var generated: OpaquePointer?
        guard EVP_PKEY_generate(context, &generated) == 1, let generated else {
            throw OpenSSLErrorQueue.error("EVP_PKEY_generate")
        }
        defer { EVP_PKEY_free(generated) }
        return try makeCanonicalPrivateKey(from: generated)
    }

    // MARK: - Helpers

    /// Reads a UTF-8 string parameter, or `nil` if the key does not have it.
    static func utf8Parameter(_ pkey: OpaquePointer, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 80)
        var length = 0
        let status = buffer.withUnsafeMutableBufferPointer { pointer in
            EVP_PKEY_get_utf8_string_param(pkey, name, pointer.baseAddress, pointer.count, &length)
        }
        guard status == 1 else {
            OpenSSLErrorQueue.clear()
            return nil
        }
        return String(decodingCString: buffer)
    }

    /// Creates an EC key from `parameters` (built by `healthsig_p256_params`, freed here).
    /// `onFailure` maps OpenSSL's refusal to the caller's error.
    private static func fromData(
        _ parameters: UnsafeMutablePointer<OSSL_PARAM>?,
        selection: Int32,
        onFailure: (String) -> CryptoError
    ) throws -> OpaquePointer {
        guard let parameters else {
            throw OpenSSLErrorQueue.error("OSSL_PARAM_BLD_to_param")
        }
        defer { freeWiping(parameters) }
        guard let context = healthsig_ec_pkey_ctx_new() else {
            throw OpenSSLErrorQueue.error("EVP_PKEY_CTX_new_from_name")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_fromdata_init(context) == 1 else {
            throw OpenSSLErrorQueue.error("EVP_PKEY_fromdata_init")
        }
        var pkey: OpaquePointer?
        guard EVP_PKEY_fromdata(context, &pkey, selection, parameters) == 1, let pkey else {
            throw onFailure(OpenSSLErrorQueue.drain())
        }
        return pkey
    }

    /// Frees an `OSSL_PARAM` array from `OSSL_PARAM_BLD_to_param` after overwriting every
    /// value, since it may hold a private scalar (OpenSSL 3.0 has no `OSSL_PARAM_clear_free`).
    private static func freeWiping(_ parameters: UnsafeMutablePointer<OSSL_PARAM>) {
        var cursor = parameters
        while cursor.pointee.key != nil {
            if let data = cursor.pointee.data, cursor.pointee.data_size > 0 {
                OPENSSL_cleanse(data, cursor.pointee.data_size)
            }
            cursor += 1
        }
        OSSL_PARAM_free(parameters)
    }

    /// Runs an `EVP_PKEY_*check` function on `pkey`; throws `invalidKey` if it fails.
    private static func check(
        _ pkey: OpaquePointer,
        _ checker: (OpaquePointer?) -> Int32,
        what: String
    ) throws {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pkey, nil) else {
            throw OpenSSLErrorQueue.error("EVP_PKEY_CTX_new_from_pkey")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard checker(context) == 1 else {
            throw CryptoError.invalidKey("the P-256 \(what) failed validation (\(OpenSSLErrorQueue.drain()))")
        }
    }
}
