import Foundation
@testable import HealthSigKit
import HealthSamples
import Testing

/// The clinician report's content: every verdict in words, the problems, the facts about input
/// and trust, charts per type, escaping, self-containment and the date filter.
@Suite("Clinician report")
struct ClinicianReportTests {
    @Test("the report of an input with every verdict states each of them in words")
    func everyVerdictInWords() throws {
        let report = try ReportFixture()
        #expect(report.totals.countsLine == "valid=8 unsigned=1 malformed=1 bad-signature=1 untrusted-signer=1 content-mismatch=1 unreadable=1")
        let html = report.html
        #expect(html.contains("<strong>8 readings authentic</strong>"))
        #expect(html.contains("<strong>1 reading altered after signing</strong>"))
        #expect(html.contains("<strong>3 readings could not be checked</strong>: 1 signed by an untrusted device key (not among the trusted keys, or its certificate was not valid at the time of the reading), 1 with a damaged signature, 1 whose signature does not match"))
        #expect(html.contains("<strong>1 reading unsigned</strong>"))
        #expect(html.contains("<strong>1 part(s) of the file could not be read</strong>"))
        #expect(html.contains("Attention: 1 reading was altered after signing, 3 readings could not be checked, 1 part(s) of the file could not be read."))
        // Each problem is listed, in words, with the verifier's reason.
        #expect(html.contains("could not be checked: untrusted device key"))
        #expect(html.contains("could not be checked: damaged signature"))
        #expect(html.contains("could not be checked: the signature does not match"))
    }

    @Test("an altered reading is listed with its field in words, the signed value and the stored value in clinical units")
    func alteredReadingListed() throws {
        let report = try ReportFixture()
        #expect(report.html.contains("<td>value</td><td>72 bpm</td><td>73 bpm</td>"))
        #expect(report.html.contains("(Heart rate of 2026-11-21T08:00:00Z)"))
    }

    @Test("the input's name, size and SHA-256, the trusted key, the version and the time are stated")
    func facts() throws {
        let report = try ReportFixture()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: report.inputPath))
        let expected = try Self.opensslSHA256(report.inputPath)
        #expect(report.html.contains("<dt>SHA-256</dt><dd><span class=\"mono\">\(expected)</span></dd>"))
        #expect(report.html.contains("<dt>Size</dt><dd>\(ReportPage.grouped(bytes.count)) bytes</dd>"))
        #expect(report.html.contains("<dt>Input file</dt><dd>\(report.inputPath)</dd>"))
        #expect(report.html.contains("<dt>Checked by</dt><dd>healthsig \(ToolVersion.current)</dd>"))
        let keyID = try #require(try TrustLoader.load([report.fixture.publicKeyPath]).publicKeys.first?.keyIdentifier)
        #expect(report.html.contains(keyID.map { String(format: "%02x", $0) }.joined()))
    }

    /// The SHA-256 of a file as the `openssl` command computes it (independent of CryptoBackend).
    static func opensslSHA256(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "dgst", "-sha256", "-r", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    @Test("one chart per type: values with their unit, blood pressure as pairs, sleep as bands")
    func chartsPerType() throws {
        let report = try ReportFixture()
        let figures = report.html.components(separatedBy: "<figure class=\"chart\" data-type=\"").dropFirst()
            .map { String($0.prefix { $0 != "\"" }) }
        #expect(Set(figures) == ["HKQuantityTypeIdentifierHeartRate", "HKCorrelationTypeIdentifierBloodPressure",
                                 "HKQuantityTypeIdentifierBodyTemperature", "HKQuantityTypeIdentifierBloodGlucose",
                                 "HKQuantityTypeIdentifierBodyMass", "HKQuantityTypeIdentifierOxygenSaturation",
                                 "HKCategoryTypeIdentifierSleepAnalysis", "HKWorkoutTypeIdentifier"])
        #expect(report.html.contains("class=\"unit\">bpm</text>"))
        #expect(report.html.contains("class=\"unit\">°C</text>"))
        #expect(!report.html.contains("class=\"unit\">count/min</text>") && !report.html.contains("class=\"unit\">degC</text>"))
        #expect(report.html.contains("class=\"unit\">mmol/L</text>"))
        #expect(report.html.contains("aria-label=\"Blood pressure over time, systolic over diastolic\""))
        #expect(report.html.contains("class=\"tick\">asleepCore</text>"))
        // The altered blood-pressure reading is drawn as a triangle in the altered colour.
        #expect(report.html.contains("fill=\"#D55E00\" stroke=\"#000\""))
    }

    @Test("text from the input and the title is escaped for HTML")
    func escaping() throws {
        let fixture = try VerifyRunTests.Fixture()
        let hostile = "{\"type\":\"HKQuantityTypeIdentifierHeartRate\",\"value\":70,\"unit\":\"count/min\",\"startDate\":\"2026-11-21T08:00:00Z\","
            + "\"endDate\":\"2026-11-21T08:00:00Z\",\"device\":{\"name\":\"<script>alert(1)</script>\",\"manufacturer\":\"A & B \\\"Q\\\" 'x'\"}}\n"
        let input = try fixture.write("hostile.jsonl", hostile)
        let out = fixture.path("hostile.html")
        try ClinicianReport.run(inputPath: input, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1, outputPath: out,
                                options: ClinicianReport.Options(title: "<img src=x onerror=alert(1)>"))
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("A &amp; B &quot;Q&quot; &#39;x&#39;"))
        #expect(html.contains("<title>&lt;img src=x onerror=alert(1)&gt;</title>"))
        #expect(html.contains("<strong>1 reading unsigned</strong>"))
        #expect(HTMLText.escape("a\u{1}b") == "a⟨U+0001⟩b")
    }

    @Test("the page loads nothing: no URL in any src, href or url(), no script, and a CSP forbidding all loads")
    func selfContained() throws {
        let html = try ReportFixture().html
        for pattern in ["src\\s*=", "href\\s*=", "url\\s*\\(", "<script", "<link", "<iframe", "<object", "@import", "://"] {
            #expect(html.range(of: pattern, options: [.regularExpression, .caseInsensitive]) == nil, "found \(pattern)")
        }
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; font-src 'none'; base-uri 'none'; form-action 'none'\">"))
    }

    @Test("print CSS: each section on a new page, charts and rows never split")
    func printStyles() throws {
        let html = try ReportFixture().html
        #expect(html.contains("@page { margin: 15mm; }"))
        #expect(html.contains("section { break-before: page; }"))
        #expect(html.contains("figure, tr, .lead, dl.facts { break-inside: avoid; page-break-inside: avoid; }"))
    }

    @Test("--from and --to leave readings outside the period out and say how many")
    func period() throws {
        let filter = try SampleFilter(from: "2026-11-21T07:00:00Z", to: "2026-11-21")
        let report = try ReportFixture(options: ClinicianReport.Options(filter: filter))
        // Outside: the signed body mass (starts 06:50Z), sleep sample (2026-11-20T23:10Z) and
        // workout (2026-11-20T06:00Z); the unsigned and altered copies, the damaged signatures and
        // the foreign-signed line of one round are heart rates of 08:00Z.
        #expect(report.html.contains("<dt>Readings asked for</dt><dd id=\"selection\">start from 2026-11-21T07:00:00Z, before 2026-11-22T00:00:00Z; 3 readings left out</dd>"))
        #expect(report.totals.leftOut == 3)
        #expect(!report.html.contains("data-type=\"HKCategoryTypeIdentifierSleepAnalysis\""))
        #expect(!report.html.contains("data-type=\"HKQuantityTypeIdentifierBodyMass\""))
        #expect(report.html.contains("<strong>5 readings authentic</strong>"))
    }

    @Test("a date that is neither a day nor RFC 3339 is a usage error")
    func badDate() throws {
        let error = #expect(throws: ToolError.self) { _ = try SampleFilter(from: "yesterday") }
        #expect(error?.description == "--from yesterday: not a date; give YYYY-MM-DD or an RFC 3339 date-time such as 2026-11-21T08:00:00Z")
        #expect(try SampleFilter(from: "2026-11-21").from?.rfc3339String == "2026-11-21T00:00:00Z")
    }

    @Test("a report path naming the input is refused and the input is left alone")
    func reportOverInputRefused() throws {
        let fixture = try VerifyRunTests.Fixture()
        let input = fixture.path("signed.jsonl")
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let error = #expect(throws: ToolError.self) {
            try ClinicianReport.run(inputPath: input, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1, outputPath: input)
        }
        #expect(error?.description.hasPrefix(input + ": ") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }
}

/// The bounded chart summary behind every chart.
@Suite("Report chart summary")
struct ReportChartSummaryTests {
    @Test("a million readings over ten years stay within the bin limit and keep their extremes")
    func boundedBins() {
        var bins = TimeBins<ValueBin>()
        var low = Double.infinity, high = -Double.infinity
        let start: Int64 = 1_700_000_000
        for index in 0..<1_000_000 {
            let time = start + Int64(index) * 316   // ten years
            let value = 60 + Double((index * 7919) % 1000) / 10 + (index == 123_456 ? 500 : 0)
            low = min(low, value)
            high = max(high, value)
            bins.update(from: time, to: time) { $0.ranges[ReadingClass.authentic.rawValue].add(value, at: time) }
        }
        #expect(bins.bins.count <= Int(TimeBins<ValueBin>.limit))
        let ranges = bins.bins.values.map { $0.ranges[ReadingClass.authentic.rawValue] }
        #expect(ranges.map(\.low).min() == low)
        #expect(ranges.map(\.high).max() == high)
        #expect(ranges.map(\.count).reduce(0, +) == 1_000_000)
    }

    @Test("a few readings a minute apart each keep a bin of their own")
    func fewReadingsStayApart() {
        var bins = TimeBins<ValueBin>()
        for minute in 0..<5 {
            let time = Int64(1_700_000_000 + minute * 60)
            bins.update(from: time, to: time) { $0.ranges[ReadingClass.authentic.rawValue].add(Double(minute), at: time) }
        }
        #expect(bins.width == 60)
        #expect(bins.bins.count == 5)
    }

    @Test("a long interval marks every bin it covers, within the limit")
    func bandsCoverTheirInterval() {
        var bins = TimeBins<BandBin>()
        bins.update(from: 0, to: 7 * 86_400) { $0.classes[3, default: 0] |= 1 }
        #expect(bins.bins.count <= Int(TimeBins<BandBin>.limit))
        #expect(bins.bins.count >= Int(TimeBins<BandBin>.limit) / 2)
        #expect(bins.bins.values.allSatisfy { $0.classes[3] == 1 })
    }
}
