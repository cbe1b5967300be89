import COpenSSL

/// Owns one `EVP_PKEY` and frees it when the last Swift value using it goes away.
///
/// `@unchecked Sendable` is sound because the key is never mutated after construction (the
/// initialisers finish all validation and canonicalisation before wrapping it), and OpenSSL 3
/// allows an `EVP_PKEY` to be used for read-only operations (sign, verify, encode) from several
/// threads at once: each operation creates its own `EVP_PKEY_CTX`, and reference counting is
/// atomic (OpenSSL "threads" guide, "Objects ... that are not modified after creation").
final class PKeyHandle: @unchecked Sendable {
    /// The owned `EVP_PKEY *`.
    let pointer: OpaquePointer

    /// Takes ownership of `pointer` (one reference).
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        // EVP_PKEY_free clears private scalars before releasing their memory.
        EVP_PKEY_free(pointer)
    }
}

/// Owns one `X509` and frees it when the last Swift value using it goes away.
///
/// `@unchecked Sendable` is sound because the certificate is never modified after parsing, and
/// the initialiser forces OpenSSL to compute its lazily cached extension data (under OpenSSL's
/// own lock) before the handle is shared, so later reads from any thread see settled state.
final class X509Handle: @unchecked Sendable {
    /// The owned `X509 *`.
    let pointer: OpaquePointer

    /// Takes ownership of `pointer` (one reference).
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        X509_free(pointer)
    }
}

/// Owns one `X509_CRL` and frees it when the last Swift value using it goes away.
///
/// `@unchecked Sendable`: the CRL is never modified after parsing, and OpenSSL computes its
/// cached extension data during `d2i_X509_CRL` (its callback), so later reads and
/// `X509_CRL_verify` from any thread see settled state.
final class CRLHandle: @unchecked Sendable {
    /// The owned `X509_CRL *`.
    let pointer: OpaquePointer

    /// Takes ownership of `pointer` (one reference).
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        X509_CRL_free(pointer)
    }
}
