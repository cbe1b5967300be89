import COpenSSL

/// The message digests CryptoBackend uses, fetched from the default provider once per process.
///
/// OpenSSL 3 performs an (implicit, locked) provider lookup every time a legacy getter such as
/// `EVP_sha256()` is used in an operation; fetching explicitly once and reusing the `EVP_MD`
/// avoids that cost (OpenSSL 3 migration guide, "Fetching algorithms").
///
/// `@unchecked Sendable`: fetched `EVP_MD` objects are immutable and reference counted
/// atomically, so sharing them between threads is safe; they are never freed (process lifetime).
struct DigestAlgorithms: @unchecked Sendable {
    /// `EVP_MD *` for SHA-256.
    let sha256: OpaquePointer
    /// `EVP_MD *` for SHA-1 (used only for RFC 5280 key identifiers).
    let sha1: OpaquePointer

    /// Swift initialises global `let`s lazily and exactly once (with `swift_once`), which makes
    /// this fetch thread-safe.
    static let shared = DigestAlgorithms(
        sha256: fetch("SHA2-256", fallback: EVP_sha256()),
        sha1: fetch("SHA1", fallback: EVP_sha1())
    )

    private static func fetch(_ name: String, fallback: OpaquePointer?) -> OpaquePointer {
        if let fetched = EVP_MD_fetch(nil, name, nil) {
            return fetched
        }
        OpenSSLErrorQueue.clear()
        // The static getter never returns null in OpenSSL 3; a misconfigured provider surfaces
        // later as a failed digest operation.
        guard let fallback else {
            preconditionFailure("OpenSSL provides no \(name) implementation")
        }
        return fallback
    }
}
