import CMS
import CryptoBackend
import DER
import Foundation
import SampleIO

/// What the report says about the input and the trust: the file's name, size and SHA-256, and
/// each trusted key with its certificate's subject and validity when there is one.
struct ReportInputFacts {
    let name: String
    /// Size in bytes; `nil` for standard input or a pipe.
    let size: Int?
    /// SHA-256 in hex; `nil` when the input is not a regular file (it cannot be read twice).
    let sha256: String?

    /// Reads a regular file once, in chunks, through CryptoBackend's SHA-256.
    static func of(_ path: String) throws(ToolError) -> ReportInputFacts {
        let name = FileAccess.displayName(path)
        guard VerificationInput.isRegularFile(path) else { return ReportInputFacts(name: name, size: nil, sha256: nil) }
        var hasher = SHA256Hasher()
        var size = 0
        do {
            let source = try FileChunkSource(path: path)
            while let chunk = try source.nextChunk() {
                hasher.update(chunk)
                size += chunk.count
            }
        } catch let error as FileReadError {
            throw FileAccess.ioError(error, name)
        } catch {
            throw .io(path: name, reason: "\(error)")
        }
        return ReportInputFacts(name: name, size: size, sha256: Hex.encode(hasher.finalize()))
    }

    /// One trusted key: its id, and the certificate's subject and validity when known.
    struct TrustedKey {
        let keyIdentifier: String
        let subject: String?
        let notBefore: Date?
        let notAfter: Date?
    }

    static func trustedKeys(_ trust: TrustSet) -> [TrustedKey] {
        var keys: [TrustedKey] = trust.certificates.map { certificate in
            TrustedKey(keyIdentifier: Hex.encode(certificate.subjectKeyIdentifier ?? certificate.publicKey?.keyIdentifier ?? []),
                       subject: certificate.subject, notBefore: certificate.notBefore, notAfter: certificate.notAfter)
        }
        keys += trust.publicKeys.map { TrustedKey(keyIdentifier: Hex.encode($0.keyIdentifier), subject: nil, notBefore: nil, notAfter: nil) }
        return keys
    }
}
