import Foundation
import Testing

/// `healthsig keygen --tsa` and `healthsig timestamp` (docs/CLI.md, docs/TRUST.md "Trusted
/// time"): every token written is accepted by the real `openssl ts -verify`, and the HTTP path
/// works against `openssl ts -reply` served on loopback by a small Python fixture.
@Suite("timestamp adds RFC 3161 tokens to signatures")
struct TimestampCommandTests {
    let ws: DeviceWorkspace

    init() throws {
        ws = try DeviceWorkspace()
        for arguments in [["keygen", "--out", "gateway", "--name", "gateway-ca", "--ca", "--subject", "CN=Gateway CA"],
                          ["keygen", "--out", "gateway", "--name", "tsa", "--issuer", "gateway/gateway-ca", "--tsa",
                           "--subject", "CN=Gateway TSA"]] {
            let made = try ws.directory.healthsig(arguments)
            guard made.status == 0 else { throw CLI.SetupError(description: "\(arguments): \(made)") }
        }
    }

    /// The base64 value of `key` in each line's metadata (nil where absent).
    static func values(_ key: String, in text: String) throws -> [String?] {
        try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (object?["metadata"] as? [String: Any])?[key] as? String
        }
    }

    /// `openssl ts -verify` of `token` (base64) for the signature `signature` (base64), given as
    /// its SHA-256 (-digest) and as the data itself (-data).
    func opensslVerifies(token: String, signature: String) throws -> Bool {
        let d = ws.directory
        try d.write("token.tsr", bytes: try #require(Data(base64Encoded: token)))
        try d.write("sig.der", bytes: try #require(Data(base64Encoded: signature)))
        let digest = try d.openssl(["dgst", "-sha256", "-r", "sig.der"]).stdout.prefix(64)
        let byDigest = try d.openssl(["ts", "-verify", "-digest", String(digest), "-in", "token.tsr", "-token_in",
                                      "-CAfile", "gateway/gateway-ca.cert.pem"])
        let byData = try d.openssl(["ts", "-verify", "-data", "sig.der", "-in", "token.tsr", "-token_in",
                                    "-CAfile", "gateway/gateway-ca.cert.pem"])
        #expect(byDigest.status == 0 && byDigest.stdout.contains("Verification: OK"), "\(byDigest)")
        #expect(byData.status == 0, "\(byData)")
        return byDigest.status == 0 && byData.status == 0
    }

    @Test("keygen --tsa writes a certificate with the critical timeStamping extended key usage; without --issuer it is refused")
    func keygenTSA() throws {
        let text = try ws.directory.openssl(["x509", "-in", "gateway/tsa.cert.pem", "-noout", "-ext", "extendedKeyUsage"])
        #expect(text.stdout.contains("X509v3 Extended Key Usage: critical"), "\(text)")
        #expect(text.stdout.contains("Time Stamping"), "\(text)")
        let refused = try ws.directory.healthsig(["keygen", "--out", "gateway", "--name", "lone", "--tsa"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--tsa needs --issuer"), "\(refused)")
    }

    @Test("every per-sample signature and every batch carrier gets a token openssl ts -verify accepts; other bytes stay")
    func stampsEverySignature() throws {
        let signed = try ws.sign()
        let stamped = try ws.directory.healthsig(["timestamp", "--in", "signed.jsonl", "--out", "stamped.jsonl",
                                                  "--tsa-key", "gateway/tsa.key.pem", "--tsa-cert", "gateway/tsa.cert.pem"])
        #expect(stamped.status == 0, "\(stamped)")
        let text = try ws.directory.text("stamped.jsonl")
        let signatures = try Self.values("HKDigitalSignature", in: text)
        let tokens = try Self.values("HealthSigTimestamp", in: text)
        #expect(tokens.count == signed.count && tokens.allSatisfy { $0 != nil })
        for (token, signature) in zip(tokens, signatures) {
            #expect(try opensslVerifies(token: try #require(token), signature: try #require(signature)))
        }
        // Removing the token gives back the signed line byte for byte.
        for (line, original) in zip(text.split(separator: "\n"), signed) {
            let token = try #require(try Self.values("HealthSigTimestamp", in: String(line)).first ?? nil)
            #expect(line.replacingOccurrences(of: #","HealthSigTimestamp":"\#(token)""#, with: "") == original)
        }
        // verify still finds every signature valid: the token is outside the signed record.
        let verified = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "stamped.jsonl", "--format", "json"])
        #expect(verified.status == 0, "\(verified)")
    }

    @Test("batch carriers get one token for the batch signature, under HealthSigBatchTimestamp")
    func stampsBatchSignature() throws {
        _ = try ws.sign(extra: ["--batch", "2"])
        let stamped = try ws.directory.healthsig(["timestamp", "--in", "signed.jsonl", "--out", "stamped.jsonl",
                                                  "--tsa-key", "gateway/tsa.key.pem", "--tsa-cert", "gateway/tsa.cert.pem"])
        #expect(stamped.status == 0, "\(stamped)")
        let text = try ws.directory.text("stamped.jsonl")
        let carriers = try Self.values("HealthSigBatchSignature", in: text)
        let tokens = try Self.values("HealthSigBatchTimestamp", in: text)
        #expect(carriers.contains { $0 != nil })
        for (carrier, token) in zip(carriers, tokens) {
            #expect((carrier == nil) == (token == nil))
            if let carrier, let token { #expect(try opensslVerifies(token: token, signature: carrier)) }
        }
    }

    @Test("a device certificate is refused as a TSA certificate and nothing is written")
    func deviceCertificateIsNoTSA() throws {
        _ = try ws.sign()
        let made = try ws.directory.healthsig(["keygen", "--out", "gateway", "--name", "plain", "--issuer", "gateway/gateway-ca"])
        #expect(made.status == 0)
        let refused = try ws.directory.healthsig(["timestamp", "--in", "signed.jsonl", "--out", "stamped.jsonl",
                                                  "--tsa-key", "gateway/plain.key.pem", "--tsa-cert", "gateway/plain.cert.pem"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("it has no extendedKeyUsage; a TSA certificate holds id-kp-timeStamping only (RFC 3161 2.3)"),
                "\(refused)")
        #expect(!ws.directory.exists("stamped.jsonl"))
    }

    @Test("--tsa-url asks a TSA over HTTP (openssl ts -reply behind a loopback responder) and openssl ts -verify accepts its tokens")
    func stampsOverHTTP() throws {
        _ = try ws.sign()
        let d = ws.directory
        try d.write("tsa.cnf", """
            [tsa]
            default_tsa = tsa1
            [tsa1]
            serial = \(d.path("serial"))
            signer_cert = \(d.path("gateway/tsa.cert.pem"))
            signer_key = \(d.path("gateway/tsa.key.pem"))
            signer_digest = sha256
            default_policy = 1.2.3.4.1
            digests = sha256
            ess_cert_id_alg = sha256

            """)
        try d.write("serial", "01\n")
        let server = try LoopbackTSA(directory: d, script: CLI.packageRoot.appendingPathComponent("Tests/Fixtures/tsa_responder.py").path)
        defer { server.stop() }
        let stamped = try d.healthsig(["timestamp", "--in", "signed.jsonl", "--out", "stamped.jsonl",
                                       "--tsa-url", "http://127.0.0.1:\(server.port)/tsa", "--timeout", "20"])
        #expect(stamped.status == 0, "\(stamped)")
        let text = try d.text("stamped.jsonl")
        for (token, signature) in zip(try Self.values("HealthSigTimestamp", in: text), try Self.values("HKDigitalSignature", in: text)) {
            #expect(try opensslVerifies(token: try #require(token), signature: try #require(signature)))
        }
        // A TSA that refuses (it accepts only SHA-384 imprints) answers a TimeStampResp without a
        // token: the run fails with its status and text, and writes nothing.
        try d.write("tsa.cnf", try d.text("tsa.cnf").replacingOccurrences(of: "digests = sha256", with: "digests = sha384"))
        let refusing = try LoopbackTSA(directory: d, script: CLI.packageRoot.appendingPathComponent("Tests/Fixtures/tsa_responder.py").path,
                                       portFile: "port-refusing")
        defer { refusing.stop() }
        let refusal = try d.healthsig(["timestamp", "--in", "signed.jsonl", "--out", "refused.jsonl",
                                       "--tsa-url", "http://127.0.0.1:\(refusing.port)/tsa"])
        #expect(refusal.status != 0)
        #expect(refusal.stderr.contains("the TSA refused the request (PKIStatus 2: Message digest algorithm is not supported.)"),
                "\(refusal)")
        #expect(!d.exists("refused.jsonl"))
        // A URL where nothing answers fails with the place, and writes nothing.
        let refused = try d.healthsig(["timestamp", "--in", "signed.jsonl", "--out", "none.jsonl",
                                       "--tsa-url", "http://127.0.0.1:9/tsa", "--timeout", "5"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("cannot connect to 127.0.0.1:9"), "\(refused)")
        #expect(!d.exists("none.jsonl"))
    }
}

/// The Python responder of Tests/Fixtures/tsa_responder.py, on a free loopback port it prints.
final class LoopbackTSA {
    let process = Process()
    let port: Int

    init(directory: TemporaryDirectory, script: String, portFile portName: String = "port") throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, directory.path("tsa.cnf")]
        process.currentDirectoryURL = directory.url
        let portFile = directory.path(portName)
        process.environment = ProcessInfo.processInfo.environment.merging(["TSA_PORT_FILE": portFile]) { $1 }
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var found: Int?
        while found == nil, Date() < deadline {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                found = value
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        guard let found else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CLI.SetupError(description: "the loopback TSA did not start")
        }
        port = found
    }

    /// SIGKILL: nothing of the responder needs cleaning up, and a child of the test runner may
    /// have SIGTERM blocked.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
