import Foundation
import Testing

/// `verify --tsa-trust` on batch-signed readings (docs/TRUST.md "Trusted time", docs/BATCH.md):
/// a device with a vendor-CA certificate batch-signs two batches of readings, a gateway stamps
/// each batch's signature (`HealthSigBatchTimestamp`) a few seconds apart, and the device is
/// revoked for key compromise with a compromise time between the two tokens' genTimes. The
/// batch token's genTime is the trusted time of every member.
@Suite("verify --tsa-trust: a batch signature's trusted timestamp before a key compromise keeps its members")
struct BatchTimestampVerifyCommandTests {
    let directory: TemporaryDirectory
    let timeline: CompromiseTimeline
    static let week = Date().addingTimeInterval(-7 * 86_400)

    init() throws {
        directory = try TemporaryDirectory()
        timeline = try CompromiseTimeline(in: directory)
        try signBatch("first", values: [61, 62, 63], at: Self.week)
        try signBatch("second", values: [71, 72, 73], at: Self.week.addingTimeInterval(3_600))
    }

    /// `NAME.signed.jsonl`: one batch of heart rates a minute apart from `date`, its signature on the last line.
    private func signBatch(_ name: String, values: [Int], at date: Date) throws {
        var lines = ""
        for (offset, value) in values.enumerated() {
            let time = ISO8601DateFormatter().string(from: date.addingTimeInterval(Double(offset) * 60))
            lines += #"{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(value),"unit":"count/min","startDate":"\#(time)","endDate":"\#(time)"}"# + "\n"
        }
        try directory.write("\(name).jsonl", lines)
        let signed = try directory.healthsig(["sign", "--key", "devices/bp1.key.pem", "--cert", "devices/bp1.cert.pem", "--embed-cert",
                                              "--batch", "10", "--in", "\(name).jsonl", "--out", "\(name).signed.jsonl"])
        guard signed.status == 0 else { throw CLI.SetupError(description: "sign: \(signed)") }
    }

    /// The ndjson entries (the summary line left out) and the summary.
    private func verify(_ file: String = "stamped.jsonl", crl: Bool = true, extra: [String]) throws
        -> (CommandResult, [[String: Any]], [String: Any]) {
        let run = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--in", file, "--format", "ndjson"]
                                          + (crl ? ["--crl", "acme.crl.pem"] : []) + extra)
        var lines = try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let summary = try #require(lines.popLast()?["summary"] as? [String: Any], "\(run)")
        return (run, lines, summary)
    }

    private static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    private static func metadata(_ object: [String: Any]) throws -> [String: Any] {
        try #require(object["metadata"] as? [String: Any])
    }

    /// The summary's `timestamps` as (trusted, problems by code, deviceClockAhead).
    private static func timestampCounts(_ summary: [String: Any]) throws -> (Int, [String: Int], Int) {
        let timestamps = try #require(summary["timestamps"] as? [String: Any], "\(summary)")
        return (try #require(timestamps["trusted"] as? Int), try #require(timestamps["problems"] as? [String: Int]),
                try #require(timestamps["deviceClockAhead"] as? Int))
    }

    @Test("members of a batch stamped before the compromise are valid, those stamped after revoked; openssl ts -verify accepts both batch tokens")
    func trustedBatchTimeBeforeCompromiseKeepsMembers() throws {
        try timeline.stampAroundCompromise()
        let (run, lines, summary) = try verify(extra: ["--tsa-trust", "gateway/gateway-ca.cert.pem"])
        #expect(run.status == 1, "\(run)")
        #expect(lines.map { $0["verdict"] as? String } == ["valid", "valid", "valid", "revoked", "revoked", "revoked"], "\(run.stdout)")
        #expect(try Self.timestampCounts(summary) == (6, [:], 0))
        var genTimes: [String] = []
        for line in lines {
            let timestamp = try #require(line["timestamp"] as? [String: Any], "\(line)")
            #expect(timestamp["tsa"] as? String == "CN=Gateway TSA")
            #expect(timestamp["problem"] == nil)
            #expect(timestamp["deviceClockAhead"] == nil)
            genTimes.append(try #require(timestamp["genTime"] as? String))
        }
        // One token a batch: every member carries its batch's genTime.
        #expect(Set(genTimes.prefix(3)).count == 1 && Set(genTimes.suffix(3)).count == 1 && genTimes[0] < genTimes[3], "\(genTimes)")
        for name in ["first", "second"] {
            let carrier = try Self.metadata(try #require(try Self.objects(try directory.text("\(name).stamped.jsonl")).last))
            let token = try #require(carrier["HealthSigBatchTimestamp"] as? String)
            let signature = try #require(carrier["HealthSigBatchSignature"] as? String)
            try directory.write("token.der", bytes: try #require(Data(base64Encoded: token)))
            try directory.write("batch.der", bytes: try #require(Data(base64Encoded: signature)))
            let ts = try directory.openssl(["ts", "-verify", "-data", "batch.der", "-in", "token.der", "-token_in",
                                            "-CAfile", "gateway/gateway-ca.cert.pem"])
            #expect(ts.status == 0 && ts.stdout.contains("Verification: OK"), "\(ts)")
        }
        let table = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem",
                                             "--in", "stamped.jsonl", "--tsa-trust", "gateway/tsa.cert.pem"])
        #expect(table.stdout.contains("timestamp: trusted time"), "\(table)")
        let counts = "timestamps: 6 reading(s) with a trusted timestamp, 0 with a timestamp that proves nothing, "
            + "0 dated after their trusted genTime (deviceClockAhead)"
        #expect(table.stdout.contains(counts), "\(table)")
        let summaryOnly = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--crl", "acme.crl.pem",
                                                   "--in", "stamped.jsonl", "--tsa-trust", "gateway/tsa.cert.pem", "--summary"])
        #expect(summaryOnly.stdout.contains(counts + "\nsummary: valid=3"), "\(summaryOnly)")
    }

    @Test("without --tsa-trust every member of both batches is revoked, its batch token reported timestamp-untrusted-tsa")
    func withoutTSATrustEveryMemberRevoked() throws {
        try timeline.stampAroundCompromise()
        let (run, lines, summary) = try verify(extra: [])
        #expect(run.status == 1, "\(run)")
        #expect(lines.map { $0["verdict"] as? String } == Array(repeating: "revoked", count: 6), "\(run.stdout)")
        #expect(try Self.timestampCounts(summary) == (0, ["timestamp-untrusted-tsa": 6], 0))
        for line in lines {
            #expect((line["timestamp"] as? [String: Any])?["problem"] as? String == "timestamp-untrusted-tsa", "\(line)")
        }
    }

    @Test("batch tokens from a TSA that is not trusted prove nothing: every member revoked, timestamp-untrusted-tsa naming that TSA")
    func otherTSAProvesNothingForBatches() throws {
        try timeline.stampAroundCompromise(tsa: "rogue")
        let (run, lines, _) = try verify(extra: ["--tsa-trust", "gateway/gateway-ca.cert.pem"])
        #expect(run.status == 1, "\(run)")
        #expect(lines.map { $0["verdict"] as? String } == Array(repeating: "revoked", count: 6), "\(run.stdout)")
        for line in lines {
            let timestamp = try #require(line["timestamp"] as? [String: Any], "\(line)")
            #expect(timestamp["problem"] as? String == "timestamp-untrusted-tsa")
            #expect(timestamp["tsa"] as? String == "CN=Rogue TSA")
        }
    }

    @Test("a batch token moved from another batch is timestamp-imprint-mismatch on every member and saves none")
    func movedBatchTokenIsImprintMismatch() throws {
        try timeline.stampAroundCompromise()
        // The second batch's carrier given the first batch's token (genTime before the compromise).
        var objects = try Self.objects(try directory.text("second.stamped.jsonl"))
        let firstCarrier = try Self.metadata(try #require(try Self.objects(try directory.text("first.stamped.jsonl")).last))
        var metadata = try Self.metadata(try #require(objects.last))
        metadata["HealthSigBatchTimestamp"] = firstCarrier["HealthSigBatchTimestamp"]
        objects[objects.count - 1]["metadata"] = metadata
        let moved = try objects.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }
        try directory.write("moved.jsonl", moved.joined(separator: "\n") + "\n")
        let (run, lines, summary) = try verify("moved.jsonl", extra: ["--tsa-trust", "gateway/gateway-ca.cert.pem"])
        #expect(run.status == 1, "\(run)")
        #expect(try Self.timestampCounts(summary) == (0, ["timestamp-imprint-mismatch": 3], 0))
        #expect(lines.map { $0["verdict"] as? String } == ["revoked", "revoked", "revoked"], "\(run.stdout)")
        for line in lines {
            #expect((line["timestamp"] as? [String: Any])?["problem"] as? String == "timestamp-imprint-mismatch", "\(line)")
        }
    }

    @Test("valid members dated after their batch token's genTime are flagged deviceClockAhead and stay valid")
    func membersAfterGenTimeAreFlagged() throws {
        try signBatch("ahead", values: [80, 81], at: Date().addingTimeInterval(86_400))
        try timeline.stamp("ahead")
        let (run, lines, summary) = try verify("ahead.stamped.jsonl", crl: false, extra: ["--tsa-trust", "gateway/tsa.cert.pem"])
        #expect(run.status == 0, "\(run)")
        #expect(try Self.timestampCounts(summary) == (2, [:], 2))
        #expect(lines.map { $0["verdict"] as? String } == ["valid", "valid"], "\(run.stdout)")
        for line in lines {
            #expect((line["timestamp"] as? [String: Any])?["deviceClockAhead"] as? Bool == true, "\(line)")
        }
    }

    @Test("a run without timestamp tokens has no timestamps in its json summary or table")
    func noTokensNoTimestampCounts() throws {
        let (run, _, summary) = try verify("first.signed.jsonl", crl: false, extra: ["--tsa-trust", "gateway/tsa.cert.pem"])
        #expect(run.status == 0, "\(run)")
        #expect(summary["timestamps"] == nil, "\(summary)")
        let table = try directory.healthsig(["verify", "--trust", "vendor/acme-ca.cert.pem", "--in", "first.signed.jsonl"])
        #expect(!table.stdout.contains("timestamps:"), "\(table)")
    }
}
