import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

// MARK: - Errors

/// A failure of the test scaffolding itself (an `openssl` run, a missing file).
struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Temporary directory and the openssl command

/// A fresh directory under the system temporary directory; call `remove()` when done.
struct Workspace {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("cms-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: url.appendingPathComponent(name))
    }

    func write(_ name: String, text: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }

    func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }

    func readText(_ name: String) throws -> String {
        String(decoding: try read(name), as: UTF8.self)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `/usr/bin/openssl` (OpenSSL 3.0) with its output in files, so no pipe can fill up.
enum OpenSSLCommand {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    @discardableResult
    static func run(_ arguments: [String], in workspace: Workspace) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = workspace.url
        let outName = "stdout-\(UUID().uuidString)"
        let errName = "stderr-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: workspace.path(outName), contents: nil),
              FileManager.default.createFile(atPath: workspace.path(errName), contents: nil) else {
            throw TestSetupError("cannot create output files in \(workspace.url.path)")
        }
        let out = try FileHandle(forWritingTo: workspace.url.appendingPathComponent(outName))
        let err = try FileHandle(forWritingTo: workspace.url.appendingPathComponent(errName))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Outcome(status: process.terminationStatus, stdout: try workspace.readText(outName),
                       stderr: try workspace.readText(errName))
    }

    /// Runs openssl and throws with its stderr unless it exits 0.
    @discardableResult
    static func succeed(_ arguments: [String], in workspace: Workspace) throws -> Outcome {
        let outcome = try run(arguments, in: workspace)
        guard outcome.status == 0 else {
            throw TestSetupError("openssl \(arguments.joined(separator: " ")) failed (\(outcome.status)): \(outcome.stderr)")
        }
        return outcome
    }
}

// MARK: - Fixture keys and certificates

/// A P-256 key and a self-signed certificate made by the openssl CLI (`req -x509`, which writes
/// subjectKeyIdentifier = SHA-1 of the key, RFC 5280 4.2.1.2 method 1), loaded into Swift. The
/// certificate is a signer's (cA FALSE, keyUsage digitalSignature): `req -x509` alone writes
/// cA TRUE, which the signer profile refuses.
struct OpenSSLSigner {
    let keyPath: String
    let certificatePath: String
    let key: P256PrivateKey
    let certificate: Certificate

    static func make(in workspace: Workspace, name: String = "signer", subject: String = "/CN=CMS Test Signer/O=healthsig") throws -> OpenSSLSigner {
        let keyFile = "\(name)-key.pem"
        let certFile = "\(name)-cert.pem"
        try OpenSSLCommand.succeed(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", keyFile],
                                   in: workspace)
        try OpenSSLCommand.succeed(["req", "-new", "-x509", "-key", keyFile, "-subj", subject, "-days", "30",
                                    "-sha256", "-addext", "basicConstraints=critical,CA:FALSE",
                                    "-addext", "keyUsage=critical,digitalSignature", "-out", certFile], in: workspace)
        return OpenSSLSigner(
            keyPath: workspace.path(keyFile), certificatePath: workspace.path(certFile),
            key: try P256PrivateKey(pem: try workspace.readText(keyFile)),
            certificate: try Certificate(pem: try workspace.readText(certFile)))
    }
}

/// In-process fixtures (no openssl run), for the many tests that only need some key.
enum Fixtures {
    static func key() throws -> P256PrivateKey { try P256PrivateKey.generate() }

    static func selfSigned(_ key: P256PrivateKey, subject: String = "CN=CMS Fixture,O=healthsig") throws -> Certificate {
        try Certificate.selfSigned(privateKey: key, subject: subject, days: 30)
    }

    /// 300 bytes of deterministic content.
    static let content300: [UInt8] = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
}

// MARK: - Hand-built SignedData for negative tests

/// Builds SignedData from the structure types, lets a test change anything, then signs what is
/// there (over the signed attributes when present, else over the content) so that only the
/// deliberately broken rule can make verification fail.
enum Handmade {
    /// content-type, message-digest and optionally signing-time attributes for `content`.
    static func standardAttributes(content: [UInt8], contentType: DERObjectIdentifier = .idData,
                                   signingTime: [UInt8]? = nil) throws -> [Attribute] {
        var attributes = [
            Attribute(attrType: .idContentType, attrValues: [try DERAny(encoded: DER.encode(contentType))]),
            Attribute(attrType: .idMessageDigest,
                      attrValues: [try DERAny(encoded: DER.encode(DEROctetString(Digest.sha256(content))))]),
        ]
        if let signingTime {
            attributes.append(Attribute(attrType: .idSigningTime, attrValues: [try DERAny(encoded: signingTime)]))
        }
        return attributes
    }

    static func signedData(
        content: [UInt8],
        key: P256PrivateKey,
        sid: SignerIdentifier? = nil,
        eContentType: DERObjectIdentifier = .idData,
        attributes: [Attribute]? = nil,
        detached: Bool = false,
        configure: (inout SignedData) throws -> Void = { _ in }
    ) throws -> SignedData {
        let signerInfo = SignerInfo(sid: sid ?? .subjectKeyIdentifier(key.publicKey.keyIdentifier),
                                    signedAttrs: attributes.map(SignedAttributes.init), signature: [])
        var signedData = SignedData(
            digestAlgorithms: [.sha256],
            encapContentInfo: EncapsulatedContentInfo(eContentType: eContentType, eContent: detached ? nil : content),
            signerInfos: [signerInfo])
        try configure(&signedData)
        for index in signedData.signerInfos.indices where signedData.signerInfos[index].signature.isEmpty {
            let digest = signedData.signerInfos[index].signedAttrs.map { Digest.sha256($0.signedBytes) }
                ?? Digest.sha256(content)
            signedData.signerInfos[index].signature = try key.signature(forDigest: digest)
        }
        return signedData
    }

    static func der(
        content: [UInt8],
        key: P256PrivateKey,
        sid: SignerIdentifier? = nil,
        eContentType: DERObjectIdentifier = .idData,
        attributes: [Attribute]? = nil,
        detached: Bool = false,
        configure: (inout SignedData) throws -> Void = { _ in }
    ) throws -> [UInt8] {
        ContentInfo.encode(signedData: try signedData(content: content, key: key, sid: sid, eContentType: eContentType,
                                                      attributes: attributes, detached: detached, configure: configure))
    }
}

// MARK: - Small helpers

extension CMSVerdict {
    /// The malformed code, or nil.
    var malformedCode: String? {
        if case .malformed(_, let code, _) = self { return code }
        return nil
    }
}

/// SplitMix64: a small deterministic generator so the random-input tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func hexBytes(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var iterator = text.makeIterator()
    while let high = iterator.next(), let low = iterator.next() {
        guard let value = UInt8(String([high, low]), radix: 16) else { return [] }
        bytes.append(value)
    }
    return bytes
}

func hexString(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

/// Replaces the first occurrence of `pattern` in `bytes` with `replacement`.
func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8]? {
    guard !pattern.isEmpty, pattern.count <= bytes.count else { return nil }
    for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
        return Array(bytes[..<start]) + replacement + Array(bytes[(start + pattern.count)...])
    }
    return nil
}

extension CMSBuilderError {
    /// The case name, for asserting the case without the message text.
    var caseName: String {
        switch self {
        case .certificateRequired: return "certificateRequired"
        case .certificateKeyMismatch: return "certificateKeyMismatch"
        case .unusableCertificate: return "unusableCertificate"
        case .signedAttributesRequired: return "signedAttributesRequired"
        case .additionalAttributesNeedSignedAttributes: return "additionalAttributesNeedSignedAttributes"
        case .invalidSigningTime: return "invalidSigningTime"
        case .invalidSignatureEncoding: return "invalidSignatureEncoding"
        case .signatureDoesNotVerify: return "signatureDoesNotVerify"
        case .signingFailed: return "signingFailed"
        }
    }
}

/// Expects `body` to throw the `CMSBuilderError` case called `name`.
func expectBuilderError(_ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    do {
        try body()
        Issue.record("expected CMSBuilderError.\(name), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as CMSBuilderError {
        #expect(error.caseName == name, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected CMSBuilderError.\(name), got \(error)", sourceLocation: sourceLocation)
    }
}
