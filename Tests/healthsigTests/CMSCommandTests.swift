import Foundation
import Testing

/// `healthsig cms sign|verify` against the real `openssl cms` (OpenSSL 3.0), both directions.
@Suite("healthsig cms ↔ openssl cms")
struct CMSCommandTests {
    /// Content with a CR LF, a NUL and bytes ≥ 0x80, so any canonicalisation would show.
    static let content = Data("blood pressure 120/80 mmHg\r\nline two\u{0}\u{00e9}\n".utf8)

    static func workspace() throws -> DeviceWorkspace {
        let ws = try DeviceWorkspace()
        try ws.directory.write("content.bin", bytes: content)
        return ws
    }

    /// `openssl cms -verify` of `file`; returns the recovered content.
    static func opensslVerify(_ ws: DeviceWorkspace, _ file: String, embedded: Bool,
                              sourceLocation: SourceLocation = #_sourceLocation) throws -> Data? {
        var arguments = ["cms", "-verify", "-inform", "DER", "-in", file, "-binary", "-out", file + ".out"]
        arguments += embedded ? ["-CAfile", ws.certificatePath] : ["-noverify", "-certfile", ws.certificatePath]
        let result = try ws.directory.openssl(arguments)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("Verification successful"), sourceLocation: sourceLocation)
        return try? ws.directory.read(file + ".out")
    }

    @Test("every variant `cms sign` makes verifies with openssl cms -verify, which returns the content",
          arguments: [
              (name: "default", options: [String](), embedded: false),
              (name: "issuer-serial", options: ["--sid", "issuer-serial", "--cert", "keys/device.cert.pem"], embedded: false),
              (name: "signed-attributes", options: ["--signed-attributes"], embedded: false),
              (name: "embed-cert", options: ["--cert", "keys/device.cert.pem", "--embed-cert"], embedded: true),
              (name: "all", options: ["--sid", "issuer-serial", "--cert", "keys/device.cert.pem", "--signed-attributes", "--embed-cert"],
               embedded: true),
          ])
    func ourSignaturesVerifyInOpenSSL(variant: (name: String, options: [String], embedded: Bool)) throws {
        let ws = try Self.workspace()
        let sign = try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--in", "content.bin", "--out", "sig.der"]
            + variant.options)
        #expect(sign.status == 0, "\(sign)")
        #expect(sign.stdout.isEmpty)
        let der = try ws.directory.read("sig.der")
        #expect(der.first == 0x30)
        #expect(try Self.opensslVerify(ws, "sig.der", embedded: variant.embedded) == Self.content)
        // And our own verifier accepts it too, naming the key id.
        let verify = try ws.directory.healthsig(["cms", "verify", "--trust", ws.certificatePath, "--in", "sig.der"])
        #expect(verify.status == 0 && verify.stdout == "valid signer=\(ws.keyID)\n", "\(verify)")
    }

    @Test("--outform base64 is the base64 of a DER signature openssl verifies")
    func base64Output() throws {
        let ws = try Self.workspace()
        let sign = try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--in", "content.bin", "--out", "sig.b64",
                                               "--outform", "base64"])
        #expect(sign.status == 0, "\(sign)")
        let text = try ws.directory.text("sig.b64").trimmingCharacters(in: .whitespacesAndNewlines)
        let der = try #require(Data(base64Encoded: text))
        try ws.directory.write("decoded.der", bytes: der)
        #expect(try Self.opensslVerify(ws, "decoded.der", embedded: false) == Self.content)
        for form in ["base64", "auto"] {
            let verify = try ws.directory.healthsig(["cms", "verify", "--trust", ws.publicKeyPath, "--in", "sig.b64", "--inform", form])
            #expect(verify.status == 0 && verify.stdout == "valid signer=\(ws.keyID)\n", "\(form): \(verify)")
        }
    }

    @Test("standard input and output work for cms sign")
    func standardStreams() throws {
        let ws = try Self.workspace()
        let sign = try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--in", "-", "--out", "-"], stdin: Self.content)
        #expect(sign.status == 0, "\(sign)")
        try ws.directory.write("piped.der", bytes: sign.stdoutData)
        #expect(try Self.opensslVerify(ws, "piped.der", embedded: false) == Self.content)
        let verify = try ws.directory.healthsig(["cms", "verify", "--trust", ws.publicKeyPath, "--in", "-"], stdin: sign.stdoutData)
        #expect(verify.status == 0, "\(verify)")
    }

    /// openssl-made signatures: the profile form (no attributes, no certificates, SKI) and
    /// openssl's defaults (attributes, embedded certificate, issuer-and-serial).
    static let opensslVariants: [(name: String, flags: [String])] = [
        ("profile", ["-noattr", "-nocerts", "-keyid", "-md", "sha256", "-binary", "-nodetach", "-outform", "DER"]),
        ("defaults", ["-binary", "-nodetach", "-outform", "DER", "-md", "sha256"]),
    ]

    @Test("openssl cms -sign output verifies with `healthsig cms verify`, and fails after a one-byte change of the content",
          arguments: opensslVariants.map(\.name))
    func opensslSignaturesVerifyHere(variant: String) throws {
        let ws = try Self.workspace()
        let flags = try #require(Self.opensslVariants.first { $0.name == variant }).flags
        let sign = try ws.directory.openssl(["cms", "-sign", "-in", "content.bin", "-signer", ws.certificatePath,
                                             "-inkey", ws.keyPath, "-out", "openssl.der"] + flags)
        #expect(sign.status == 0, "\(sign)")

        let verify = try ws.directory.healthsig(["cms", "verify", "--trust", ws.certificatePath, "--in", "openssl.der",
                                                 "--content-out", "recovered.bin"])
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stdout == "valid signer=\(ws.keyID)\n")
        #expect(try ws.directory.read("recovered.bin") == Self.content)

        // Flip one bit of the encapsulated content (found by searching for it in the DER).
        var der = try ws.directory.read("openssl.der")
        let range = try #require(der.range(of: Self.content))
        der[range.lowerBound + 5] ^= 0x01
        try ws.directory.write("tampered.der", bytes: der)
        let bad = try ws.directory.healthsig(["cms", "verify", "--trust", ws.certificatePath, "--in", "tampered.der",
                                              "--content-out", "not-written.bin"])
        #expect(bad.status == 1, "\(bad)")
        #expect(bad.stdout.hasPrefix("bad-signature: "), "\(bad)")
        #expect(!ws.directory.exists("not-written.bin"))
    }

    @Test("--inform der, base64 and auto each read their form; the wrong form is malformed (exit 1)")
    func inputForms() throws {
        let ws = try Self.workspace()
        #expect(try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--in", "content.bin", "--out", "s.der"]).status == 0)
        let der = try ws.directory.read("s.der")
        try ws.directory.write("s.b64", der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed]) + "\n")
        let trust = ["--trust", ws.publicKeyPath]
        for (file, form) in [("s.der", "der"), ("s.der", "auto"), ("s.b64", "base64"), ("s.b64", "auto")] {
            let result = try ws.directory.healthsig(["cms", "verify"] + trust + ["--in", file, "--inform", form])
            #expect(result.status == 0 && result.stdout == "valid signer=\(ws.keyID)\n", "\(file) as \(form): \(result)")
        }
        let derAsBase64 = try ws.directory.healthsig(["cms", "verify"] + trust + ["--in", "s.der", "--inform", "base64"])
        #expect(derAsBase64.status == 1, "\(derAsBase64)")
        #expect(derAsBase64.stdout.hasPrefix("malformed: "))
        let base64AsDER = try ws.directory.healthsig(["cms", "verify"] + trust + ["--in", "s.b64", "--inform", "der"])
        #expect(base64AsDER.status == 1, "\(base64AsDER)")
        #expect(base64AsDER.stdout.hasPrefix("malformed: "))
    }

    @Test("malformed input → exit 1 `malformed: …`; untrusted signer → exit 1")
    func malformedAndUntrusted() throws {
        let ws = try Self.workspace()
        #expect(try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--in", "content.bin", "--out", "s.der"]).status == 0)
        var der = try ws.directory.read("s.der")
        try ws.directory.write("truncated.der", bytes: der.prefix(der.count - 10))
        der.append(0x00)
        try ws.directory.write("trailing.der", bytes: der)
        try ws.directory.write("garbage.txt", "this is not a signature\n")
        try ws.directory.write("empty.der", bytes: Data())
        for file in ["truncated.der", "trailing.der", "garbage.txt", "empty.der"] {
            let result = try ws.directory.healthsig(["cms", "verify", "--trust", ws.publicKeyPath, "--in", file])
            #expect(result.status == 1, "\(file): \(result)")
            #expect(result.stdout.hasPrefix("malformed: "), "\(file): \(result)")
        }
        #expect(try ws.directory.healthsig(["keygen", "--out", "other", "--name", "o"]).status == 0)
        let untrusted = try ws.directory.healthsig(["cms", "verify", "--trust", "other/o.pub.pem", "--in", "s.der"])
        #expect(untrusted.status == 1, "\(untrusted)")
        #expect(untrusted.stdout.hasPrefix("untrusted-signer: "))
        #expect(untrusted.stdout.contains(ws.keyID))
    }

    @Test("missing files and missing --trust are exit 2")
    func usageAndIOErrors() throws {
        let ws = try Self.workspace()
        #expect(try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--in", "content.bin", "--out", "s.der"]).status == 0)
        let missingInput = try ws.directory.healthsig(["cms", "verify", "--trust", ws.publicKeyPath, "--in", "nope.der"])
        #expect(missingInput.status == 2 && missingInput.stderr.contains("nope.der"), "\(missingInput)")
        let missingTrust = try ws.directory.healthsig(["cms", "verify", "--trust", "nope.pem", "--in", "s.der"])
        #expect(missingTrust.status == 2, "\(missingTrust)")
        let noTrust = try ws.directory.healthsig(["cms", "verify", "--in", "s.der"])
        #expect(noTrust.status == 2, "\(noTrust)")
        #expect(noTrust.stderr.contains("--trust"))
        let missingContent = try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--in", "nope.bin", "--out", "x.der"])
        #expect(missingContent.status == 2, "\(missingContent)")
        #expect(!ws.directory.exists("x.der"))
        let needsCert = try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--sid", "issuer-serial", "--in", "content.bin",
                                                    "--out", "x.der"])
        #expect(needsCert.status == 2, "\(needsCert)")
        // Outputs never replace an input: content, key, certificate.
        for victim in ["content.bin", ws.keyPath, ws.certificatePath] {
            let before = try ws.directory.read(victim)
            let result = try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--cert", ws.certificatePath,
                                                     "--in", "content.bin", "--out", victim])
            #expect(result.status == 2, "\(victim): \(result)")
            #expect(try ws.directory.read(victim) == before)
        }
        let overTrust = try ws.directory.healthsig(["cms", "verify", "--trust", ws.publicKeyPath, "--in", "s.der",
                                                    "--content-out", ws.publicKeyPath])
        #expect(overTrust.status == 2, "\(overTrust)")
        #expect(try ws.directory.text(ws.publicKeyPath).hasPrefix("-----BEGIN PUBLIC KEY-----"))
    }

    @Test("a detached signature verifies with --content")
    func detachedContent() throws {
        let ws = try Self.workspace()
        let sign = try ws.directory.openssl(["cms", "-sign", "-in", "content.bin", "-signer", ws.certificatePath, "-inkey", ws.keyPath,
                                             "-noattr", "-nocerts", "-keyid", "-md", "sha256", "-binary", "-outform", "DER",
                                             "-out", "detached.der"])
        #expect(sign.status == 0, "\(sign)")
        let verify = try ws.directory.healthsig(["cms", "verify", "--trust", ws.publicKeyPath, "--in", "detached.der",
                                                 "--content", "content.bin"])
        #expect(verify.status == 0 && verify.stdout == "valid signer=\(ws.keyID)\n", "\(verify)")
        try ws.directory.write("other.bin", "other content")
        let wrong = try ws.directory.healthsig(["cms", "verify", "--trust", ws.publicKeyPath, "--in", "detached.der",
                                                "--content", "other.bin"])
        #expect(wrong.status == 1 && wrong.stdout.hasPrefix("bad-signature: "), "\(wrong)")
    }
}
