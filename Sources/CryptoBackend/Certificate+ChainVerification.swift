import COpenSSL
import Foundation

extension Certificate {
    /// Checks that `leaf` chains to one of `trustedRoots`, using OpenSSL's path validation
    /// (RFC 5280 §6: signatures, validity periods, basic constraints, name chaining, critical
    /// extensions) with `intermediates` as untrusted helpers.
    ///
    /// `X509_V_FLAG_PARTIAL_CHAIN` is set, so any certificate in `trustedRoots` is a trust
    /// anchor even if it is not self-signed, and a trusted leaf by itself verifies. No
    /// purpose is set here: whether the leaf may sign readings is
    /// ``signingPurposeProblem``, which CMS's `SignerCertificateCheck` applies before this.
    ///
    /// - Parameters:
    ///   - at: the time to validate at; `nil` means now.
    /// - Returns: `.success` or `.failure(.chainVerificationFailed(reason:depth:))` with
    ///   OpenSSL's verify error string and the subject of the offending certificate
    ///   (`.invalidArgument` for an unrepresentable `at`, `.openssl` if OpenSSL itself fails).
    public static func verifyChain(
        leaf: Certificate,
        intermediates: [Certificate] = [],
        trustedRoots: [Certificate],
        at time: Date? = nil
    ) -> Result<Void, CryptoError> {
        defer { OpenSSLErrorQueue.clear() }
        if let time {
            // time_t covers far more than this; the bound only keeps the conversion exact.
            let seconds = time.timeIntervalSince1970
            guard seconds.isFinite, abs(seconds) < 1e12 else {
                return .failure(.invalidArgument("verification time \(seconds) s since 1970 is out of range"))
            }
        }
        guard !trustedRoots.isEmpty else {
            return .failure(.chainVerificationFailed(reason: "no trusted certificates were given", depth: 0))
        }
        // The Certificate values own the X509 objects; keep them alive while OpenSSL uses them.
        return withExtendedLifetime((leaf, intermediates, trustedRoots)) {
            do {
                try verify(leaf: leaf, intermediates: intermediates, trustedRoots: trustedRoots, at: time)
                return .success(())
            } catch let error as CryptoError {
                return .failure(error)
            } catch {
                return .failure(.openssl(function: "X509_verify_cert", detail: "\(error)"))
            }
        }
    }

    private static func verify(
        leaf: Certificate,
        intermediates: [Certificate],
        trustedRoots: [Certificate],
        at time: Date?
    ) throws {
        guard let store = X509_STORE_new() else { throw OpenSSLErrorQueue.error("X509_STORE_new") }
        defer { X509_STORE_free(store) }
        for root in trustedRoots {
            // X509_STORE_add_cert takes its own reference. Adding the same certificate twice
            // is harmless (OpenSSL 3 ignores duplicates).
            guard X509_STORE_add_cert(store, root.handle.pointer) == 1 else {
                throw OpenSSLErrorQueue.error("X509_STORE_add_cert")
            }
        }
        guard X509_STORE_set_flags(store, UInt(X509_V_FLAG_PARTIAL_CHAIN)) == 1 else {
            throw OpenSSLErrorQueue.error("X509_STORE_set_flags")
        }
        guard let untrusted = OPENSSL_sk_new_null() else { throw OpenSSLErrorQueue.error("OPENSSL_sk_new_null") }
        // The stack does not own its elements (no pop_free): the Certificate values do.
        defer { OPENSSL_sk_free(untrusted) }
        for certificate in intermediates {
            guard OPENSSL_sk_push(untrusted, UnsafeRawPointer(certificate.handle.pointer)) > 0 else {
                throw OpenSSLErrorQueue.error("OPENSSL_sk_push")
            }
        }
        guard let context = X509_STORE_CTX_new() else { throw OpenSSLErrorQueue.error("X509_STORE_CTX_new") }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leaf.handle.pointer, untrusted) == 1 else {
            throw OpenSSLErrorQueue.error("X509_STORE_CTX_init")
        }
        if let time {
            X509_STORE_CTX_set_time(context, 0, time_t(time.timeIntervalSince1970.rounded(.down)))
        }
        guard X509_verify_cert(context) != 1 else { return }
        let code = X509_STORE_CTX_get_error(context)
        let depth = Int(X509_STORE_CTX_get_error_depth(context))
        var reason = String(optionalCString: X509_verify_cert_error_string(Int(code))) ?? "verify error \(code)"
        if let current = X509_STORE_CTX_get_current_cert(context), let name = X509_get_subject_name(current),
           let subject = try? oneLine(name) {
            reason += " (subject \"\(subject)\")"
        }
        throw CryptoError.chainVerificationFailed(reason: reason, depth: depth)
    }
}
