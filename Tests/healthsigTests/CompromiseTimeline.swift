import Foundation

/// The trust-lifecycle scene both timestamp suites play in a temporary directory: a vendor CA
/// (`vendor/acme-ca`) and its device `devices/bp1`, a gateway TSA under its own CA
/// (`gateway/tsa`, `gateway/gateway-ca`) and a rogue one (`rogue/tsa`); `first.signed.jsonl` and
/// `second.signed.jsonl` are stamped on either side of a key compromise of bp1.
struct CompromiseTimeline {
    let directory: TemporaryDirectory

    /// Makes the keys and certificates, every one valid from 30 days ago.
    init(in directory: TemporaryDirectory) throws {
        self.directory = directory
        let start = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-30 * 86_400))
        for arguments in [["keygen", "--out", "vendor", "--name", "acme-ca", "--ca", "--subject", "CN=Acme Root CA", "--not-before", start],
                          ["keygen", "--out", "devices", "--name", "bp1", "--issuer", "vendor/acme-ca", "--subject", "CN=BP 1", "--not-before", start],
                          ["keygen", "--out", "gateway", "--name", "gateway-ca", "--ca", "--subject", "CN=Gateway CA", "--not-before", start],
                          ["keygen", "--out", "gateway", "--name", "tsa", "--issuer", "gateway/gateway-ca", "--tsa",
                           "--subject", "CN=Gateway TSA", "--not-before", start],
                          ["keygen", "--out", "rogue", "--name", "rogue-ca", "--ca", "--subject", "CN=Rogue CA", "--not-before", start],
                          ["keygen", "--out", "rogue", "--name", "tsa", "--issuer", "rogue/rogue-ca", "--tsa",
                           "--subject", "CN=Rogue TSA", "--not-before", start]] {
            let made = try directory.healthsig(arguments)
            guard made.status == 0 else { throw CLI.SetupError(description: "\(arguments): \(made)") }
        }
    }

    /// `NAME.stamped.jsonl`: `NAME.signed.jsonl` with tokens of the TSA in folder `tsa`.
    func stamp(_ name: String, tsa: String = "gateway") throws {
        let stamped = try directory.healthsig(["timestamp", "--in", "\(name).signed.jsonl", "--out", "\(name).stamped.jsonl",
                                               "--tsa-key", "\(tsa)/tsa.key.pem", "--tsa-cert", "\(tsa)/tsa.cert.pem"])
        guard stamped.status == 0 else { throw CLI.SetupError(description: "timestamp: \(stamped)") }
    }

    /// Stamps `first`, takes the compromise time (whole seconds apart: genTime has second
    /// precision), stamps `second`, and revokes bp1 for key compromise at that time in
    /// `acme.crl.pem`; `stamped.jsonl` holds both.
    func stampAroundCompromise(tsa: String = "gateway") throws {
        try stamp("first", tsa: tsa)
        Thread.sleep(forTimeInterval: 1.2)
        let compromise = ISO8601DateFormatter().string(from: Date())
        Thread.sleep(forTimeInterval: 1.2)
        try stamp("second", tsa: tsa)
        try directory.write("stamped.jsonl", try directory.text("first.stamped.jsonl") + directory.text("second.stamped.jsonl"))
        let revoked = try directory.healthsig(["revoke", "--ca", "vendor/acme-ca", "--cert", "devices/bp1.cert.pem",
                                               "--reason", "key-compromise", "--compromised-at", compromise, "--crl", "acme.crl.pem"])
        guard revoked.status == 0 else { throw CLI.SetupError(description: "revoke: \(revoked)") }
    }
}
