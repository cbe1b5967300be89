import Foundation
import Testing

/// `verify --tsa-trust` (docs/TRUST.md "Trusted time", docs/VERIFY.md): a device signs two
/// readings, a gateway stamps them a few seconds apart, and the device is revoked for key
/// compromise with a compromise time between the two tokens' genTimes. Only a token from a
/// trusted TSA, about this very signature, saves the reading stamped before the compromise.
@Suite("verify --tsa-trust: a trusted timestamp before a key compromise keeps the reading")
struct TimestampVerifyCommandTests {
    let directory: TemporaryDirectory
    let timeline: CompromiseTimeline
    static let week = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-7 * 86_400))

    init() throws {
        directory = try TemporaryDirectory()
        timeline = try CompromiseTimeline(in: directory)
        for (name, value) in [("first", 61), ("second", 62)] {
            try directory.write("\(name).jsonl", #"{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(value),"unit":"count/min","startDate":"\#(Self.week)","endDate":"\#(Self.week)"}"# + "\n")
            let signed = try directory.healthsig(["sign", "--key", "devices/bp1.key.pem", "--cert", "devices/bp1.cert.pem",
                                                  "--embed-cert", "--in", "\(name).jsonl", "--out", "\(name).signed.jsonl"])
            guard signed.status == 0 else { throw CLI.SetupError(description: "sign: \(signed)") }
        }
    }

    private func verify(_ file: String = "stamped.jsonl", extra: [String]) throws -> (CommandResult, [[String: Any]]) {
        let run = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem",
                                           "--in", file, "--format", "ndjson"] + extra)
        let lines = try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        return (run, lines)
    }

    private static func metadata(_ line: Substring) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(object["metadata"] as? [String: Any])
    }

    @Test("a trusted token before the compromise time keeps its reading valid; the one after is revoked; openssl agrees on tokens and CRL")
    func trustedTimeBeforeCompromiseKeepsReading() throws {
        try timeline.stampAroundCompromise()
        let (run, lines) = try verify(extra: ["--tsa-trust", "gateway/gateway-ca.cert.pem"])
        #expect(run.status == 1, "\(run)")
        #expect(lines.prefix(2).map { $0["verdict"] as? String } == ["valid", "revoked"], "\(run.stdout)")
        for line in lines.prefix(2) {
            let timestamp = try #require(line["timestamp"] as? [String: Any])
            #expect(timestamp["tsa"] as? String == "CN=Gateway TSA")
            #expect(timestamp["problem"] == nil)
            #expect(timestamp["deviceClockAhead"] == nil)
            let genTime = try #require((timestamp["genTime"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
            #expect(abs(genTime.timeIntervalSinceNow) < 600)
        }
        // The real openssl accepts both tokens for their signatures, and, knowing no trusted
        // time, refuses both signatures under the CRL.
        try directory.write("ca-and-crl.pem", try directory.text("vendor/acme-ca.cert.pem") + directory.text("acme.crl.pem"))
        for line in try directory.text("stamped.jsonl").split(separator: "\n") {
            let metadata = try Self.metadata(line)
            let token = try #require(metadata["HealthSigTimestamp"] as? String)
            let signature = try #require(metadata["HKDigitalSignature"] as? String)
            try directory.write("token.der", bytes: try #require(Data(base64Encoded: token)))
            try directory.write("sig.der", bytes: try #require(Data(base64Encoded: signature)))
            let ts = try directory.openssl(["ts", "-verify", "-data", "sig.der", "-in", "token.der", "-token_in",
                                            "-CAfile", "gateway/gateway-ca.cert.pem"])
            #expect(ts.status == 0 && ts.stdout.contains("Verification: OK"), "\(ts)")
            let cms = try directory.openssl(["cms", "-verify", "-inform", "DER", "-in", "sig.der", "-binary", "-CAfile", "ca-and-crl.pem",
                                             "-crl_check", "-out", "/dev/null"])
            #expect(cms.status != 0 && cms.stderr.contains("certificate revoked"), "\(cms)")
            let unchecked = try directory.openssl(["cms", "-verify", "-inform", "DER", "-in", "sig.der", "-binary", "-CAfile", "ca-and-crl.pem",
                                                   "-out", "/dev/null"])
            #expect(unchecked.status == 0, "\(unchecked)")
        }
        let table = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem",
                                             "--in", "stamped.jsonl", "--tsa-trust", "gateway/tsa.cert.pem"])
        #expect(table.stdout.contains("timestamp: trusted time"), "\(table)")
        #expect(table.stdout.contains("CN=Gateway TSA"), "\(table)")
    }

    @Test("the clinician report names the trusted TSAs and counts the readings with a trusted timestamp and those whose token proves nothing")
    func reportCountsTimestamps() throws {
        try timeline.stampAroundCompromise()
        let first = try #require(try directory.text("first.stamped.jsonl").split(separator: "\n").first)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        var metadata = try #require(object["metadata"] as? [String: Any])
        metadata["HealthSigTimestamp"] = try Self.metadata(try #require(try directory.text("second.stamped.jsonl").split(separator: "\n").first))["HealthSigTimestamp"]
        object["metadata"] = metadata
        let moved = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        try directory.write("mixed.jsonl", try directory.text("stamped.jsonl") + moved + "\n")
        let run = try directory.healthsig(["report", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem", "--in", "mixed.jsonl",
                                           "--tsa-trust", "gateway/gateway-ca.cert.pem", "--out", "report.html"])
        // Two readings stay revoked (the one stamped after the compromise, the one with a moved token).
        #expect(run.status == 1, "\(run)")
        let html = try directory.text("report.html")
        #expect(html.contains("TSAs trusted: CN=Gateway CA; readings with a trusted RFC 3161 timestamp: 2, with a timestamp that proves nothing: 1"),
                "\(html)")
    }

    @Test("without --tsa-trust a key-compromise revocation revokes both stamped readings")
    func withoutTSATrustBothRevoked() throws {
        try timeline.stampAroundCompromise()
        let (run, lines) = try verify(extra: [])
        #expect(run.status == 1, "\(run)")
        #expect(lines.prefix(2).map { $0["verdict"] as? String } == ["revoked", "revoked"], "\(run.stdout)")
        #expect((lines[0]["timestamp"] as? [String: Any])?["problem"] as? String == "timestamp-untrusted-tsa")
    }

    @Test("tokens from a TSA that is not trusted prove nothing: both revoked, timestamp-untrusted-tsa in ndjson and the table")
    func otherTSAProvesNothing() throws {
        try timeline.stampAroundCompromise(tsa: "rogue")
        let (run, lines) = try verify(extra: ["--tsa-trust", "gateway/gateway-ca.cert.pem"])
        #expect(run.status == 1, "\(run)")
        #expect(lines.prefix(2).map { $0["verdict"] as? String } == ["revoked", "revoked"], "\(run.stdout)")
        for line in lines.prefix(2) {
            let timestamp = try #require(line["timestamp"] as? [String: Any])
            #expect(timestamp["problem"] as? String == "timestamp-untrusted-tsa")
            #expect(timestamp["tsa"] as? String == "CN=Rogue TSA")
        }
        let table = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem",
                                             "--in", "stamped.jsonl", "--tsa-trust", "gateway/gateway-ca.cert.pem"])
        #expect(table.stdout.contains("timestamp proves nothing (timestamp-untrusted-tsa)"), "\(table)")
    }

    @Test("a token moved from another line is timestamp-imprint-mismatch and does not save the reading")
    func movedTokenIsImprintMismatch() throws {
        try timeline.stampAroundCompromise()
        let first = try #require(try directory.text("first.stamped.jsonl").split(separator: "\n").first)
        let second = try #require(try directory.text("second.stamped.jsonl").split(separator: "\n").first)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(second.utf8)) as? [String: Any])
        var metadata = try #require(object["metadata"] as? [String: Any])
        metadata["HealthSigTimestamp"] = try Self.metadata(first)["HealthSigTimestamp"]
        object["metadata"] = metadata
        let moved = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        try directory.write("moved.jsonl", moved + "\n")
        let (run, lines) = try verify("moved.jsonl", extra: ["--tsa-trust", "gateway/gateway-ca.cert.pem"])
        #expect(run.status == 1, "\(run)")
        #expect(lines.first?["verdict"] as? String == "revoked", "\(run.stdout)")
        #expect((lines.first?["timestamp"] as? [String: Any])?["problem"] as? String == "timestamp-imprint-mismatch", "\(run.stdout)")
    }

    @Test("a valid reading dated after its token's genTime is flagged deviceClockAhead and stays valid")
    func readingAfterGenTimeIsFlagged() throws {
        let tomorrow = ISO8601DateFormatter().string(from: Date().addingTimeInterval(86_400))
        try directory.write("ahead.jsonl", #"{"type":"HKQuantityTypeIdentifierHeartRate","value":70,"unit":"count/min","startDate":"\#(tomorrow)","endDate":"\#(tomorrow)"}"# + "\n")
        let signed = try directory.healthsig(["sign", "--key", "devices/bp1.key.pem", "--cert", "devices/bp1.cert.pem",
                                              "--embed-cert", "--in", "ahead.jsonl", "--out", "ahead.signed.jsonl"])
        #expect(signed.status == 0, "\(signed)")
        try timeline.stamp("ahead")
        let run = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--in", "ahead.stamped.jsonl",
                                           "--format", "ndjson", "--tsa-trust", "gateway/tsa.cert.pem"])
        #expect(run.status == 0, "\(run)")
        let first = try #require(run.stdout.split(separator: "\n").first)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(line["verdict"] as? String == "valid")
        #expect((line["timestamp"] as? [String: Any])?["deviceClockAhead"] as? Bool == true, "\(run.stdout)")
    }
}
