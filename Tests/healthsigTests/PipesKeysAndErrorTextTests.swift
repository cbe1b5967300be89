import Foundation
import Testing

/// Behaviours found by running the command by hand: inputs that are pipes, private keys given to
/// `inspect`, error texts that must name the real problem, and outputs that fail before a verdict.
@Suite("healthsig: pipes, private keys, error texts")
struct PipesKeysAndErrorTextTests {
    /// Runs `script` with bash, `$HS` being the healthsig executable, so a test can use process
    /// substitution (`--in <(cat file)`), which hands the command a pipe that can be read once.
    static func bash(_ script: String, in directory: TemporaryDirectory) throws -> CommandResult {
        let executable = try #require(CLI.executable, "healthsig executable not found")
        return try CLI.run(URL(fileURLWithPath: "/usr/bin/env"),
                           ["bash", "-c", "HS='\(executable.path)'; " + script], in: directory.url)
    }

    @Test("verify reads a pipe once: process substitution gives every sample, not the ones after the sniffed bytes")
    func verifyPipe() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        // More than the 4 KiB the input sniffer looks at, so a reopened pipe would lose samples.
        #expect(try ws.directory.read("signed.jsonl").count > 4096)
        let result = try Self.bash("\"$HS\" verify --trust \(ws.publicKeyPath) --in <(cat signed.jsonl) --format json",
                                   in: ws.directory)
        #expect(result.status == 0, "\(result)")
        let counts = try Report.counts(try Report.object(result.stdout))
        #expect(counts["valid"] == 8, "\(result)")
    }

    @Test("a named FIFO as verify input is read to its end, without hanging")
    func verifyFIFO() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let result = try Self.bash("""
            mkfifo samples.fifo && { cat signed.jsonl > samples.fifo & }
            "$HS" verify --trust \(ws.publicKeyPath) --in samples.fifo
            """, in: ws.directory)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("summary: valid=8 "), "\(result)")
    }

    @Test("whole-file inputs may be pipes: passphrase file, key, signature, content, inspect input")
    func wholeFilePipes() throws {
        let dir = try TemporaryDirectory()
        try dir.write("content.bin", "content to sign\n")
        let keygen = try Self.bash("\"$HS\" keygen --out keys --name dev --passphrase-file <(printf 'pw\\n')", in: dir)
        #expect(keygen.status == 0, "\(keygen)")
        let keyID = String(keygen.stdout.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("key id: ".count))
        let sign = try Self.bash("""
            "$HS" cms sign --key <(cat keys/dev.key.pem) --passphrase-file <(echo pw) --in <(cat content.bin) --out s.der
            """, in: dir)
        #expect(sign.status == 0, "\(sign)")
        let verify = try Self.bash("""
            "$HS" cms verify --trust <(cat keys/dev.pub.pem) --in <(cat s.der) --content-out got.bin
            """, in: dir)
        #expect(verify.status == 0 && verify.stdout == "valid signer=\(keyID)\n", "\(verify)")
        #expect(try dir.text("got.bin") == "content to sign\n")
        let inspect = try Self.bash("\"$HS\" inspect --in <(base64 s.der)", in: dir)
        #expect(inspect.status == 0 && inspect.stdout.contains("id-signedData"), "\(inspect)")
        for result in [keygen, sign, verify, inspect] {
            #expect(!result.stderr.contains("permission"), "\(result)")
        }
    }

    @Test("inspect refuses a private key (PKCS#8, encrypted PKCS#8, SEC1, RSA; PEM, DER or base64): exit 1, nothing of it printed")
    func inspectRefusesPrivateKeys() throws {
        let dir = try TemporaryDirectory()
        #expect(try dir.healthsig(["keygen", "--out", "keys", "--name", "dev"]).status == 0)
        #expect(try dir.healthsig(["keygen", "--out", "keys", "--name", "enc", "--passphrase-env", "PW"],
                                  environment: ["PW": "secret"]).status == 0)
        #expect(try dir.openssl(["ec", "-in", "keys/dev.key.pem", "-out", "sec1.pem"]).status == 0)
        #expect(try dir.openssl(["pkcs8", "-topk8", "-nocrypt", "-in", "keys/dev.key.pem", "-outform", "DER",
                                 "-out", "pkcs8.der"]).status == 0)
        #expect(try dir.openssl(["genrsa", "-traditional", "-out", "rsa.pem", "1024"]).status == 0)
        // The private scalar, as the DER dump would show it.
        let text = try dir.openssl(["pkey", "-in", "keys/dev.key.pem", "-noout", "-text"])
        let scalar = text.stdout.components(separatedBy: "pub:")[0].components(separatedBy: "priv:").last ?? ""
        let scalarHex = scalar.filter(\.isHexDigit).uppercased()
        #expect(scalarHex.count >= 62, "\(text)")
        let pkcs8Base64 = try dir.read("pkcs8.der").base64EncodedString()

        var runs = try ["keys/dev.key.pem", "keys/enc.key.pem", "sec1.pem", "pkcs8.der", "rsa.pem"].map {
            try dir.healthsig(["inspect", "--in", $0])
        }
        runs.append(try dir.healthsig(["inspect", "--signature", pkcs8Base64]))
        for result in runs {
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.contains("private key"), "\(result)")
            #expect(!result.stdout.contains("OCTET STRING") && !result.stdout.contains(scalarHex), "\(result)")
        }
        // A certificate is still dumped (public material), with exit 1 as it is no SignedData.
        #expect(try dir.healthsig(["keygen", "--out", "keys", "--name", "c", "--cert"]).status == 0)
        let cert = try dir.healthsig(["inspect", "--in", "keys/c.cert.pem"])
        #expect(cert.status == 1 && cert.stdout.contains("BIT STRING"), "\(cert)")
    }

    @Test("an invalid JSON line is reported with its own line number only (no inner 'line 1')")
    func invalidJSONLineNumber() throws {
        let ws = try DeviceWorkspace()
        let lines = try Examples.lines()
        try ws.directory.write("bad.jsonl", lines[0] + "\n" + lines[2] + "\nnot json\n")
        let sign = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "bad.jsonl", "--out", "out.jsonl"])
        #expect(sign.status == 1, "\(sign)")
        #expect(sign.stderr.contains("line 3: invalid JSON at column 2: expected 'null' but found 'o'"), "\(sign)")
        #expect(!sign.stderr.contains("line 1"), "\(sign)")
        #expect(!ws.directory.exists("out.jsonl"))
        let verify = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "bad.jsonl"])
        #expect(verify.status == 1, "\(verify)")
        #expect(verify.stdout.contains("unreadable line 3: invalid JSON at column 2:"), "\(verify)")
        #expect(!verify.stdout.contains("line 1,"), "\(verify)")
    }

    @Test("cms verify --content-out that cannot be written: exit 2 and no `valid` line")
    func contentOutFailsBeforeVerdict() throws {
        let dir = try TemporaryDirectory()
        #expect(try dir.healthsig(["keygen", "--out", "keys", "--name", "dev"]).status == 0)
        try dir.write("content.bin", "x")
        #expect(try dir.healthsig(["cms", "sign", "--key", "keys/dev.key.pem", "--in", "content.bin", "--out", "s.der"]).status == 0)
        for destination in ["s.der", "keys/dev.pub.pem", "missing-dir/out.bin"] {
            let result = try dir.healthsig(["cms", "verify", "--trust", "keys/dev.pub.pem", "--in", "s.der",
                                            "--content-out", destination])
            #expect(result.status == 2, "\(destination): \(result)")
            #expect(result.stdout.isEmpty, "\(destination): \(result)")
        }
        let toStdout = try dir.healthsig(["cms", "verify", "--trust", "keys/dev.pub.pem", "--in", "s.der", "--content-out", "-"])
        #expect(toStdout.status == 0 && toStdout.stdout.hasPrefix("valid signer=") && toStdout.stdout.hasSuffix("\nx"),
                "\(toStdout)")
    }

    @Test("vectors check and keygen name the real problem with a bad directory (exit 2)")
    func directoryErrors() throws {
        let dir = try TemporaryDirectory()
        try dir.write("file", "not a directory")
        try FileManager.default.createDirectory(atPath: dir.path("vectors/der.json"), withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["vectors", "check", "missing"], "no such directory"),
            (["vectors", "check", "file"], "not a directory"),
            (["vectors", "check", "vectors"], "der.json: cannot be read: is a directory"),
            (["keygen", "--out", "file", "--name", "k"], "not a directory"),
        ]
        for (arguments, expected) in cases {
            let result = try dir.healthsig(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.contains(expected), "\(arguments): \(result)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("could not be completed"),
                    "\(arguments): \(result)")
        }
    }
}
