import Foundation
import Testing

@Suite("healthsig keygen")
struct KeygenCommandTests {
    /// The base64 body of a PEM file (without armour lines), to prove it never reaches an output.
    static func pemBody(_ pem: String) -> String {
        pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
    }

    static func expectNoKeyMaterial(_ result: CommandResult, keyPEM: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let body = pemBody(keyPEM)
        let compactOutput = (result.stdout + result.stderr).replacingOccurrences(of: "\n", with: "")
        #expect(!body.isEmpty, sourceLocation: sourceLocation)
        #expect(!compactOutput.contains(body), "private key body appeared in an output", sourceLocation: sourceLocation)
        // No single 64-character line of it either.
        for line in keyPEM.split(separator: "\n") where !line.hasPrefix("-----") && line.count > 16 {
            #expect(!compactOutput.contains(line), sourceLocation: sourceLocation)
        }
        #expect(!(result.stdout + result.stderr).contains("PRIVATE KEY"), sourceLocation: sourceLocation)
    }

    @Test("writes key (0600), public key and certificate; prints the subjectKeyIdentifier openssl reads")
    func filesModesAndKeyID() throws {
        let dir = try TemporaryDirectory()
        let result = try dir.healthsig(["keygen", "--out", "keys", "--name", "cuff", "--cert", "--subject", "CN=Acme Cuff,O=Acme"])
        #expect(result.status == 0, "\(result)")
        // Labelled, so a reader of the terminal knows what the hex is.
        #expect(result.stdout.hasPrefix("key id: "), "\(result.stdout)")
        let keyID = String(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("key id: ".count))
        #expect(keyID.count == 40 && keyID.allSatisfy(\.isHexDigit), "\(result.stdout)")
        #expect(result.lines.count == 1)

        let attributes = try FileManager.default.attributesOfItem(atPath: dir.path("keys/cuff.key.pem"))
        let mode = try #require(attributes[.posixPermissions] as? NSNumber).intValue
        #expect(mode & 0o777 == 0o600)
        let keyPEM = try dir.text("keys/cuff.key.pem")
        #expect(keyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(try dir.text("keys/cuff.pub.pem").hasPrefix("-----BEGIN PUBLIC KEY-----"))
        #expect(try dir.text("keys/cuff.cert.pem").hasPrefix("-----BEGIN CERTIFICATE-----"))
        Self.expectNoKeyMaterial(result, keyPEM: keyPEM)

        let ski = try dir.openssl(["x509", "-in", "keys/cuff.cert.pem", "-noout", "-ext", "subjectKeyIdentifier"])
        #expect(ski.status == 0, "\(ski)")
        let hex = ski.stdout.split(separator: "\n").dropFirst().joined().filter(\.isHexDigit).lowercased()
        #expect(hex == keyID)
        let subject = try dir.openssl(["x509", "-in", "keys/cuff.cert.pem", "-noout", "-subject", "-nameopt", "RFC2253"])
        #expect(subject.stdout.contains("CN=Acme Cuff"), "\(subject)")
        // The public key file is the certificate's key.
        let publicPEM = try dir.text("keys/cuff.pub.pem")
        let fromCert = try dir.openssl(["x509", "-in", "keys/cuff.cert.pem", "-noout", "-pubkey"])
        #expect(fromCert.stdout == publicPEM)
        // And openssl reads the private key as an EC P-256 key whose public half matches.
        let pkey = try dir.openssl(["pkey", "-in", "keys/cuff.key.pem", "-pubout"])
        #expect(pkey.status == 0 && pkey.stdout == publicPEM, "\(pkey)")
    }

    @Test("a failure writing the certificate leaves no key files behind (all or nothing)")
    func allOrNothing() throws {
        let dir = try TemporaryDirectory()
        // Outputs go through a temporary `.NAME.<ext>.tmp-XXXXXX` beside them. With a 235-byte
        // name those are 255 bytes (the file-name limit) for the key and public key, but 256
        // for the certificate, so only the third write fails.
        let name = String(repeating: "n", count: 235)
        let result = try dir.healthsig(["keygen", "--out", "k", "--name", name, "--subject", "CN=Test"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(".cert.pem"), "the failure is the certificate's: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!dir.exists("k"), "the output directory it created is removed too")
        // One byte shorter, everything fits.
        let shorter = String(repeating: "n", count: 234)
        #expect(try dir.healthsig(["keygen", "--out", "k", "--name", shorter, "--subject", "CN=Test"]).status == 0)
        #expect(dir.exists("k/\(shorter).cert.pem"))
    }

    @Test("without --cert or --subject no certificate is written")
    func noCertificate() throws {
        let dir = try TemporaryDirectory()
        let result = try dir.healthsig(["keygen", "--out", "k", "--name", "plain"])
        #expect(result.status == 0, "\(result)")
        #expect(dir.exists("k/plain.key.pem") && dir.exists("k/plain.pub.pem"))
        #expect(!dir.exists("k/plain.cert.pem"))
    }

    @Test("refuses to overwrite existing key files (exit 2), leaving them unchanged")
    func refusesOverwrite() throws {
        let dir = try TemporaryDirectory()
        #expect(try dir.healthsig(["keygen", "--out", "k", "--name", "dev", "--cert"]).status == 0)
        let before = try dir.read("k/dev.key.pem")
        let again = try dir.healthsig(["keygen", "--out", "k", "--name", "dev", "--cert"])
        #expect(again.status == 2, "\(again)")
        #expect(again.stderr.contains("already exists"))
        #expect(again.stdout.isEmpty)
        #expect(try dir.read("k/dev.key.pem") == before)

        // Only the certificate existing is enough to refuse, and nothing new appears.
        try dir.write("k/other.cert.pem", "placeholder")
        let partial = try dir.healthsig(["keygen", "--out", "k", "--name", "other", "--cert"])
        #expect(partial.status == 2, "\(partial)")
        #expect(!dir.exists("k/other.key.pem"))
    }

    @Test("--passphrase-env writes an encrypted PKCS#8 that openssl opens with the same passphrase")
    func passphraseFromEnvironment() throws {
        let dir = try TemporaryDirectory()
        let secret = "correct horse battery staple"
        let env = ["HEALTHSIG_TEST_PASS": secret]
        let result = try dir.healthsig(["keygen", "--out", "k", "--name", "enc", "--passphrase-env", "HEALTHSIG_TEST_PASS"],
                                       environment: env)
        #expect(result.status == 0, "\(result)")
        let keyPEM = try dir.text("k/enc.key.pem")
        #expect(keyPEM.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        Self.expectNoKeyMaterial(result, keyPEM: keyPEM)
        #expect(!(result.stdout + result.stderr).contains(secret))

        let opened = try dir.openssl(["pkey", "-in", "k/enc.key.pem", "-passin", "env:HEALTHSIG_TEST_PASS", "-pubout"],
                                     environment: env)
        #expect(opened.status == 0, "\(opened)")
        let publicPEM = try dir.text("k/enc.pub.pem")
        #expect(opened.stdout == publicPEM)
        let wrong = try dir.openssl(["pkey", "-in", "k/enc.key.pem", "-passin", "pass:wrong", "-noout"])
        #expect(wrong.status != 0)

        // The key signs with the passphrase and is refused without it (exit 2, no key material).
        try dir.write("content.txt", "hello")
        let without = try dir.healthsig(["cms", "sign", "--key", "k/enc.key.pem", "--in", "content.txt", "--out", "s.der"])
        #expect(without.status == 2 && without.stderr.contains("encrypted"), "\(without)")
        let wrongPass = try dir.healthsig(["cms", "sign", "--key", "k/enc.key.pem", "--in", "content.txt", "--out", "s.der",
                                           "--passphrase-env", "HEALTHSIG_TEST_PASS"], environment: ["HEALTHSIG_TEST_PASS": "nope"])
        #expect(wrongPass.status == 2 && wrongPass.stderr.contains("wrong passphrase"), "\(wrongPass)")
        #expect(!dir.exists("s.der"))
        let with = try dir.healthsig(["cms", "sign", "--key", "k/enc.key.pem", "--in", "content.txt", "--out", "s.der",
                                      "--passphrase-env", "HEALTHSIG_TEST_PASS"], environment: env)
        #expect(with.status == 0, "\(with)")
        Self.expectNoKeyMaterial(with, keyPEM: keyPEM)
    }

    @Test("--passphrase-file uses the first line of the file")
    func passphraseFromFile() throws {
        let dir = try TemporaryDirectory()
        try dir.write("pass.txt", "s3cret-from-file\nsecond line ignored\n")
        let result = try dir.healthsig(["keygen", "--out", "k", "--name", "f", "--cert", "--passphrase-file", "pass.txt"])
        #expect(result.status == 0, "\(result)")
        let keyPEM = try dir.text("k/f.key.pem")
        #expect(keyPEM.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        Self.expectNoKeyMaterial(result, keyPEM: keyPEM)
        let opened = try dir.openssl(["pkey", "-in", "k/f.key.pem", "-passin", "pass:s3cret-from-file", "-noout"])
        #expect(opened.status == 0, "\(opened)")

        // Signing with it through `sign` works with the file and never echoes the key.
        try dir.write("r.jsonl", try Examples.lines()[0] + "\n")
        let sign = try dir.healthsig(["sign", "--key", "k/f.key.pem", "--passphrase-file", "pass.txt", "--in", "r.jsonl", "--out", "s.jsonl"])
        #expect(sign.status == 0, "\(sign)")
        Self.expectNoKeyMaterial(sign, keyPEM: keyPEM)
    }

    @Test("passphrase problems and a bad --name are usage errors (exit 2) that write nothing")
    func passphraseProblems() throws {
        let dir = try TemporaryDirectory()
        let unset = try dir.healthsig(["keygen", "--out", "k", "--name", "a", "--passphrase-env", "HEALTHSIG_SURELY_UNSET_VARIABLE"])
        #expect(unset.status == 2, "\(unset)")
        #expect(!dir.exists("k/a.key.pem"))
        let both = try dir.healthsig(["keygen", "--out", "k", "--name", "a", "--passphrase-env", "X", "--passphrase-file", "f"])
        #expect(both.status == 2, "\(both)")
        let missingFile = try dir.healthsig(["keygen", "--out", "k", "--name", "a", "--passphrase-file", "nope.txt"])
        #expect(missingFile.status == 2, "\(missingFile)")
        let empty = try dir.healthsig(["keygen", "--out", "k", "--name", "a", "--passphrase-env", "HEALTHSIG_EMPTY"],
                                      environment: ["HEALTHSIG_EMPTY": ""])
        #expect(empty.status == 2 && empty.stderr.contains("empty"), "\(empty)")
        try dir.write("empty-pass.txt", "\n")
        let emptyFile = try dir.healthsig(["keygen", "--out", "k", "--name", "a", "--passphrase-file", "empty-pass.txt"])
        #expect(emptyFile.status == 2, "\(emptyFile)")
        #expect(!dir.exists("k/a.key.pem"))
        let badSubject = try dir.healthsig(["keygen", "--out", "k", "--name", "a", "--subject", "not a name"])
        #expect(badSubject.status == 2, "\(badSubject)")
        // Not even the output directory is created by a refused run.
        #expect(!dir.exists("k"))
        let badName = try dir.healthsig(["keygen", "--out", "k", "--name", "../escape"])
        #expect(badName.status == 2, "\(badName)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.deletingLastPathComponent().appendingPathComponent("escape.key.pem").path))
    }
}
