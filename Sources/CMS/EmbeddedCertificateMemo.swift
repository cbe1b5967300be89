import CryptoBackend
import DER
import OwnedMemory

/// The certificates this thread parsed last from signatures, so a fleet's readings (each
/// carrying the same device certificate) are parsed once per certificate rather than once per
/// reading: OpenSSL's `d2i_X509` with its key decoding and extension cache costs about twice the
/// reading's ECDSA verification.
///
/// A ``Certificate`` is a function of its DER bytes (parsed, never changed after), so a
/// certificate remembered for the very same bytes is the one parsing them again gives. Only
/// certificates that parsed are kept: bytes that fail always go to the reference,
/// `Certificate(derEncoded:)`, which gives the error. Every certificate kept also passed the
/// strict DER parse where a SignedData holds it (``ProfileSignedDataLayout/certificateDepth``):
/// as part of the whole input's parse, or on its own at that depth before it is kept
/// (``certificate(inPlace:)``), so a remembered certificate stands for bytes both rules accept.
struct EmbeddedCertificateMemo {
    /// A fleet sends one device at a time; a few entries cover devices interleaved in a file.
    static let capacity = 8

    private var certificates: [Certificate] = []

    /// The certificate encoded as `der`, parsed or remembered.
    static func certificate(_ der: ArraySlice<UInt8>) throws -> Certificate {
        if let known = current.with({ memo in memo.certificates.last(where: { $0.derEncoded.elementsEqual(der) }) }) {
            return known
        }
        let certificate = try Certificate(derEncoded: der)
        remember(certificate)
        return certificate
    }

    /// The certificate whose element lies at `der` in a SignedData that was recognised on its
    /// bytes rather than parsed: remembered, or parsed when its bytes pass the strict DER parse at
    /// the depth a SignedData places them and OpenSSL's; `nil` when they do not (the full checks
    /// then give the error and its offset).
    static func certificate(inPlace der: UnsafeBufferPointer<UInt8>) -> Certificate? {
        if let known = current.with({ memo in memo.certificates.last(where: { $0.derEncoded.elementsEqual(der) }) }) {
            return known
        }
        let bytes = Array(der)
        guard DER.isValidElement(bytes[...], atDepth: ProfileSignedDataLayout.certificateDepth),
              let certificate = try? Certificate(derEncoded: bytes) else { return nil }
        remember(certificate)
        return certificate
    }

    private static func remember(_ certificate: Certificate) {
        current.with { memo in
            if memo.certificates.count >= capacity { memo.certificates.removeFirst() }
            memo.certificates.append(certificate)
        }
    }

    /// This thread's memo, made on first use and released when the thread ends.
    private static let current = ThreadLocal { EmbeddedCertificateMemo() }
}
