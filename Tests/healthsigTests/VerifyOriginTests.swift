import Foundation
import Testing

/// `verify --origin`: the text in every json and ndjson entry and in the summary, escaped as
/// JSON, so that reports of many inputs can be joined back to their source.
@Suite("healthsig verify --origin")
struct VerifyOriginTests {
    /// The example heart rate, unsigned, then a line that is not JSON.
    static func unsignedAndUnreadable(_ ws: DeviceWorkspace) throws -> String {
        try ws.directory.write("u.jsonl", (try Examples.lines()[0]) + "\n{\"x\": oops\n")
    }

    static let heartRateMembers = #""device":{"model":"HR-10","name":"Acme HR Strap"},"endDate":"2026-11-21T08:00:00Z","line":1,"#
    static let heartRateRest = #""position":1,"reason":"the sample has no HKDigitalSignature metadata","reasonCode":"no-signature","source":null,"startDate":"2026-11-21T08:00:00Z","type":"HKQuantityTypeIdentifierHeartRate","unit":"count/min","value":"72","verdict":"unsigned"}"#
    static let unreadableRest = #""reason":"invalid JSON at column 7: expected a value but found 'o'","verdict":"unreadable"}"#
    static let counts = #""counts":{"bad-signature":0,"content-mismatch":0,"malformed":0,"unsigned":1,"untrusted-signer":0,"valid":0}"#

    @Test("ndjson: origin in every entry and the summary, quotes, backslashes and controls escaped")
    func ndjsonEntriesCarryTheEscapedOrigin() throws {
        let ws = try DeviceWorkspace()
        let input = try Self.unsignedAndUnreadable(ws)
        let origin = "a\"b\\c\nd\u{1}é\u{202E}"
        let escaped = #""a\"b\\c\nd\u0001é\u202E""#
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", input, "--format", "ndjson",
                                                 "--origin", origin, "--fail-on", "never"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "{" + Self.heartRateMembers + #""origin":"# + escaped + "," + Self.heartRateRest + "\n"
                + #"{"line":2,"origin":"# + escaped + "," + Self.unreadableRest + "\n"
                + #"{"summary":{"# + Self.counts + #","origin":"# + escaped + #","unreadable":1}}"# + "\n")
        // Every line parses back to exactly the text given.
        for line in result.lines {
            let object = try Report.object(line)
            let tagged = (object["summary"] as? [String: Any]) ?? object
            #expect(tagged["origin"] as? String == origin)
        }
    }

    @Test("ndjson without --origin is unchanged: no origin member anywhere")
    func withoutOriginNothingIsAdded() throws {
        let ws = try DeviceWorkspace()
        let input = try Self.unsignedAndUnreadable(ws)
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", input, "--format", "ndjson"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "{" + Self.heartRateMembers + Self.heartRateRest + "\n"
                + #"{"line":2,"# + Self.unreadableRest + "\n"
                + #"{"summary":{"# + Self.counts + #","unreadable":1}}"# + "\n")
    }

    @Test("json and --summary carry the origin the same way")
    func jsonDocumentAndSummaryCarryTheOrigin() throws {
        let ws = try DeviceWorkspace()
        let input = try Self.unsignedAndUnreadable(ws)
        let json = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", input, "--format", "json",
                                               "--origin", "patient-17/export.zip"])
        #expect(json.status == 1, "\(json)")
        #expect(json.stdout == #"{"samples":["# + "\n{" + Self.heartRateMembers + #""origin":"patient-17/export.zip","#
                + Self.heartRateRest + ",\n" + #"{"line":2,"origin":"patient-17/export.zip","# + Self.unreadableRest
                + "\n],\n" + #""summary":{"# + Self.counts + #","origin":"patient-17/export.zip","unreadable":1}}"# + "\n")
        for format in ["json", "ndjson"] {
            let summary = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", input, "--format", format,
                                                      "--origin", "", "--summary"])
            #expect(summary.stdout == #"{"summary":{"# + Self.counts + #","origin":"","unreadable":1}}"# + "\n", "\(format)")
        }
    }

    @Test("an empty input's summary carries the origin")
    func emptyInputSummaryCarriesTheOrigin() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("empty.jsonl", "")
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "empty.jsonl", "--format", "json",
                                                 "--origin", "o"])
        #expect(result.stdout == #"{"samples":[],"# + "\n" + #""summary":{"counts":{"bad-signature":0,"content-mismatch":0,"malformed":0,"unsigned":0,"untrusted-signer":0,"valid":0},"origin":"o"}}"# + "\n")
    }

    @Test("--origin with the table format is a usage error (exit 2)")
    func originWithTableIsRefused() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--origin", "o"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("healthsig: Error: --origin needs --format json or ndjson (a table has no place for it)\n"),
                "\(result.stderr)")
    }
}
