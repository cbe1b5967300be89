import Foundation
@testable import HealthSigKit
import HealthSamples
import SampleSigning
import Testing

/// The report's page cannot be made to say what the data does not: invisible and bidirectional
/// characters in stored text are shown as escapes, devices that differ never share a row, and a
/// long unbroken value wraps instead of pushing the results off the page.
@Suite("Clinician report: stored text cannot spoof the page")
struct ReportSpoofingTests {
    typealias Fixture = VerifyRunTests.Fixture

    /// An unsigned heart rate whose device has the given JSON fields.
    static func reading(device: String, minute: Int = 0) -> String {
        #"{"type":"HKQuantityTypeIdentifierHeartRate","value":70,"unit":"count/min","startDate":"2026-11-21T08:0\#(minute):00Z","endDate":"2026-11-21T08:0\#(minute):00Z","device":{\#(device)}}"#
    }

    static func report(_ fixture: Fixture, _ lines: [String]) throws -> (html: String, collector: ReportCollector) {
        let input = try fixture.write("spoof.jsonl", lines.joined(separator: "\n") + "\n")
        let output = fixture.path("spoof.html")
        try ClinicianReport.run(inputPath: input, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1, outputPath: output)
        let collector = ReportCollector()
        let pipeline = VerificationPipeline(verifier: SampleVerifier(trust: try TrustLoader.load([fixture.publicKeyPath])), jobs: 1)
        _ = try pipeline.run(inputPath: input, sinks: [collector])
        return (try String(contentsOfFile: output, encoding: .utf8), collector)
    }

    @Test("bidirectional overrides, isolates, zero-width and other invisible characters are escaped visibly; plain text is kept")
    func invisibleCharactersEscaped() {
        #expect(HTMLText.escape("\u{202E}✓ dilav") == "⟨U+202E⟩✓ dilav")
        #expect(HTMLText.escape("Acme\u{2066}x\u{2069}\u{200B}\u{200D}\u{FEFF}\u{00AD}") == "Acme⟨U+2066⟩x⟨U+2069⟩⟨U+200B⟩⟨U+200D⟩⟨U+FEFF⟩⟨U+00AD⟩")
        #expect(HTMLText.escape("a\u{85}b\u{2028}c\u{1}d\u{7F}") == "a⟨U+0085⟩b⟨U+2028⟩c⟨U+0001⟩d⟨U+007F⟩")
        #expect(HTMLText.escape("\u{3164}\u{115F}\u{FE0F}\u{E0041}") == "⟨U+3164⟩⟨U+115F⟩⟨U+FE0F⟩⟨U+E0041⟩")
        #expect(HTMLText.escape("Café Müller 血压 — 120 mmHg") == "Café Müller 血压 — 120 mmHg")
    }

    @Test("a right-to-left override in a stored manufacturer reaches the page as a visible escape, never as the character")
    func overrideInReport() throws {
        let fixture = try Fixture()
        let (html, _) = try Self.report(fixture, [Self.reading(device: #""name":"Pulse","manufacturer":"\u202E✓ dilav""#)])
        #expect(html.contains("<td>⟨U+202E⟩✓ dilav</td>"))
        #expect(!html.unicodeScalars.contains { HTMLText.isInvisible($0) && $0 != "\n" })
    }

    @Test("two devices whose fields differ never share a row, even when their fields joined as text are equal or their names canonically equivalent")
    func devicesKeyedByFields() throws {
        let fixture = try Fixture()
        let (html, collector) = try Self.report(fixture, [
            Self.reading(device: #""name":"Pulse\nmodel=X1""#, minute: 0),
            Self.reading(device: #""name":"Pulse","model":"X1""#, minute: 1),
            Self.reading(device: #""name":"Caf\u00e9""#, minute: 2),
            Self.reading(device: #""name":"Cafe\u0301""#, minute: 3),
        ])
        #expect(collector.deviceOrder.count == 4)
        #expect(collector.deviceOrder.compactMap { collector.devices[$0]?.counts[.unsigned] } == [1, 1, 1, 1])
        #expect(html.contains("<td>Pulse\nmodel=X1</td><td>—</td><td>—</td>"))
        #expect(html.contains("<td>Pulse</td><td>—</td><td>X1</td>"))
    }
}

extension ReportSpoofingTests {
    @Test("an altered reading whose device name was changed is counted on its signed device's row; the altered name gets no row")
    func alteredDeviceNameGetsNoRow() throws {
        let fixture = try Fixture()
        let heartRate = try #require(try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8).split(separator: "\n").first)
        let renamed = heartRate.replacingOccurrences(of: "Acme HR Strap", with: "Trusted Clinic Monitor")
        #expect(renamed != String(heartRate))
        let (html, collector) = try Self.report(fixture, [renamed])
        #expect(collector.deviceOrder.compactMap { collector.devices[$0]?.device?.name } == ["Acme HR Strap"])
        #expect(collector.deviceOrder.compactMap { collector.devices[$0]?.counts[.contentMismatch] } == [1])
        let devices = try #require(html.range(of: "<section id=\"devices\">"))
        let problems = try #require(html.range(of: "<section id=\"problems\">"))
        #expect(!html[devices.lowerBound..<problems.lowerBound].contains("Trusted Clinic Monitor"))
    }
}

/// The printed page keeps every column on the paper however long a stored value is.
@Suite("Clinician report printed with a long unbroken value",
       .enabled(if: Chromium.path != nil, "Chromium is not installed (scripts/install-deps installs chromium-headless-shell)"))
struct ReportLongValuePrintTests {
    /// The PDF of the report of one unsigned reading whose device has `manufacturer`, as
    /// `pdftotext -bbox` sees it.
    static func printed(manufacturer: String) throws -> (bbox: String, text: String) {
        let fixture = try VerifyRunTests.Fixture()
        _ = try ReportSpoofingTests.report(fixture, [ReportSpoofingTests.reading(device: "\"name\":\"Pulse\",\"manufacturer\":\"\(manufacturer)\"")])
        let pdf = fixture.path("spoof.pdf")
        _ = try Chromium.run(["--no-pdf-header-footer", "--print-to-pdf=" + pdf], page: fixture.path("spoof.html"), in: fixture.directory)
        return (try Command.run("pdftotext", ["-bbox", pdf, "-"]), try Command.run("pdftotext", [pdf, "-"]))
    }

    @Test("a 300-character unbroken manufacturer wraps: the page prints at full size, every word within the paper, the result columns included")
    func longValueWraps() throws {
        let long = try Self.printed(manufacturer: String(repeating: "W", count: 300))
        let short = try Self.printed(manufacturer: "Acme")
        let pageWidth = try #require(Self.numbers(in: long.bbox, attribute: "width").first)
        let rights = Self.numbers(in: long.bbox, attribute: "xMax")
        #expect(!rights.isEmpty)
        #expect(rights.allSatisfy { $0 <= pageWidth }, "a word ends at \(rights.max() ?? 0) on a page \(pageWidth) wide")
        // Chromium shrinks a page too wide for the paper to fit it: the heading would print
        // smaller than on the page of a short value. It prints the same size.
        let longHeading = try #require(Self.wordWidth("Summary", in: long.bbox))
        let shortHeading = try #require(Self.wordWidth("Summary", in: short.bbox))
        #expect(abs(longHeading - shortHeading) < 0.5, "Summary is \(longHeading) wide, \(shortHeading) with a short value")
        // The manufacturer is all there, in pieces, and the devices table's last columns still show.
        #expect(long.text.filter { $0 == "W" }.count >= 300)
        #expect(long.text.contains("Unsigned") && long.text.contains("by key"))
    }

    @Test("the devices table keeps a device's words whole beside signer key ids: 'Acme Thermo' is not printed as 'Therm' and 'o'")
    func deviceWordsStayWhole() throws {
        let fixture = try VerifyRunTests.Fixture()
        let devices = [("Acme Thermo", "T-3"), ("Acme Oximeter", "OX-2"), ("Acme BP-200 Cuff", "BP-200")].enumerated().map { index, device in
            ReportSpoofingTests.reading(device: "\"name\":\"\(device.0)\",\"manufacturer\":\"Acme Medical Devices Inc.\",\"model\":\"\(device.1)\"", minute: index)
        }
        try fixture.write("devices.jsonl", devices.joined(separator: "\n") + "\n")
        _ = try SignRun.run(inputPath: fixture.path("devices.jsonl"), outputPath: fixture.path("devices-signed.jsonl"),
                                keyPath: fixture.privateKeyPath, passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
        let signed = try String(contentsOfFile: fixture.path("devices-signed.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        _ = try ReportSpoofingTests.report(fixture, signed)
        let pdf = fixture.path("spoof.pdf")
        _ = try Chromium.run(["--no-pdf-header-footer", "--print-to-pdf=" + pdf], page: fixture.path("spoof.html"), in: fixture.directory)
        let text = try Command.run("pdftotext", [pdf, "-"])
        #expect(text.contains("Thermo") && text.contains("Oximeter"), "\(text.split(separator: "\n").filter { $0.hasPrefix("Therm") || $0.hasPrefix("Oxim") })")
    }

    static func wordWidth(_ word: String, in bbox: String) -> Double? {
        guard let line = bbox.split(separator: "\n").first(where: { $0.hasSuffix(">\(word)</word>") }) else { return nil }
        let text = String(line)
        guard let low = numbers(in: text, attribute: "xMin").first, let high = numbers(in: text, attribute: "xMax").first else { return nil }
        return high - low
    }

    static func numbers(in text: String, attribute: String) -> [Double] {
        let pattern = try? NSRegularExpression(pattern: attribute + "=\"([0-9.]+)\"")
        let range = NSRange(text.startIndex..., in: text)
        return pattern?.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).flatMap { Double(text[$0]) }
        } ?? []
    }
}
