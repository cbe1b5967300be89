import Foundation
@testable import HealthSigKit
import Testing

/// Headless Chromium, when installed (scripts/install-deps installs Debian's
/// `chromium-headless-shell` unless the full `chromium` is there; `HEALTHSIG_CHROMIUM` names the
/// binary to use, so both can be tried in turn).
enum Chromium {
    static let path: String? = {
        if let named = ProcessInfo.processInfo.environment["HEALTHSIG_CHROMIUM"], !named.isEmpty { return named }
        for name in ["chromium-headless-shell", "chromium", "chromium-browser"] {
            for directory in ["/usr/bin", "/usr/local/bin", "/usr/lib/chromium"] {
                let candidate = (directory as NSString).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// Runs the browser headless on `page` with `arguments`; returns standard output.
    static func run(_ arguments: [String], page: String, in directory: String) throws -> String {
        try Command.run(try #require(path), ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                             "--user-data-dir=" + (directory as NSString).appendingPathComponent("profile")]
                        + quietBrowserFlags + arguments + [URL(fileURLWithPath: page).absoluteString])
    }

    /// The full browser (Debian's `chromium`, unlike `chromium-headless-shell`) talks to Google on
    /// its own: component updates, the network time, sign-in, spelling dictionaries. These flags
    /// turn most of that off; what remains is told apart from the page's requests by
    /// ``ReportBrowserTests/pageRequestedURLs(_:)``.
    static let quietBrowserFlags = [
        "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-extensions",
        "--disable-domain-reliability", "--disable-client-side-phishing-detection",
    ]
}

/// Runs a command and returns its standard output (standard error is discarded).
enum Command {
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The package's root directory (for tools/).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `tools/png_stats.py` on a PNG: non-white pixels and pixels near each colour.
    static func pngStats(_ png: String, colours: [String] = []) throws -> [String: Any] {
        let text = try run("python3", [packageRoot + "/tools/png_stats.py", png] + colours.flatMap { ["--colour", $0] })
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}

/// The clinician report rendered by a real browser.
@Suite("Clinician report in a browser",
       .enabled(if: Chromium.path != nil, "Chromium is not installed (scripts/install-deps installs chromium-headless-shell)"))
struct ReportBrowserTests {
    /// The URLs the page itself requested, from a Chromium NetLog (the browser's record of every
    /// network request). Each request's start (`URL_REQUEST_START_JOB`, one event a line) names
    /// its initiator: the page's own requests have the page's origin (`null` for a file) and its
    /// network isolation key (`file://`); the browser's background requests have `not an origin`
    /// and a key of their own, so they are left out.
    static func pageRequestedURLs(_ netLog: String) throws -> Set<String> {
        let text = try String(contentsOfFile: netLog, encoding: .utf8)
        var urls: Set<String> = []
        for line in text.split(separator: "\n") where line.contains("\"initiator\"") {
            var event = line.trimmingCharacters(in: .whitespaces)
            if event.hasSuffix(",") { event.removeLast() }
            guard let object = try? JSONSerialization.jsonObject(with: Data(event.utf8)) as? [String: Any],
                  let params = object["params"] as? [String: Any],
                  let url = params["url"] as? String, let initiator = params["initiator"] as? String else { continue }
            let isolationKey = params["network_isolation_key"] as? String ?? ""
            if initiator != "not an origin" || isolationKey.hasPrefix("file://") { urls.insert(url) }
        }
        return urls
    }

    @Test("the page loads with no request leaving the file, and the summary and every problem are in the DOM")
    func loadsOffline() throws {
        let report = try ReportFixture()
        let netLog = report.fixture.path("net.json")
        let dom = try Chromium.run(["--log-net-log=" + netLog, "--dump-dom"], page: report.reportPath, in: report.fixture.directory)
        #expect(try Self.pageRequestedURLs(netLog).filter { !$0.hasPrefix("file:") }.isEmpty)
        #expect(dom.contains("<strong>8 readings authentic</strong>"))
        #expect(dom.contains("<strong>1 reading altered after signing</strong>"))
        #expect(dom.contains("1 signed by an untrusted device key"))
        #expect(dom.contains("<strong>1 reading unsigned</strong>"))
        #expect(dom.contains("<td>value</td><td>72 bpm</td><td>73 bpm</td>"))
        #expect(dom.contains("could not be checked: untrusted device key"))
        #expect(dom.contains("could not be checked: damaged signature"))
        #expect(dom.contains("could not be checked: the signature does not match"))
        #expect(dom.contains("<h3 id=\"unreadable-input\">Could not be read (1)</h3>"))
        // The example run is in the Workouts section with its numbers and result.
        #expect(dom.contains("<h3 id=\"workouts-37\">Running (1)</h3>"))
        #expect(dom.contains("<td class=\"num\">40 min 30 s</td><td class=\"num\">6.21 km</td><td class=\"num\">412 kcal</td>"))
    }

    @Test("the network check sees a request that does leave the page")
    func networkCheckSeesRequests() throws {
        let fixture = try VerifyRunTests.Fixture()
        let page = try fixture.write("leaky.html", "<html><body><img src=\"http://127.0.0.1:9/leak.png\"><p>x</p></body></html>")
        let netLog = fixture.path("net.json")
        _ = try Chromium.run(["--log-net-log=" + netLog, "--dump-dom"], page: page, in: fixture.directory)
        #expect(try Self.pageRequestedURLs(netLog) == ["http://127.0.0.1:9/leak.png"])
    }

    @Test("a screenshot of the page is not blank and shows the result colours")
    func screenshot() throws {
        let report = try ReportFixture()
        let png = report.fixture.path("shot.png")
        _ = try Chromium.run(["--window-size=900,2400", "--screenshot=" + png], page: report.reportPath, in: report.fixture.directory)
        let stats = try Command.pngStats(png, colours: ["0072B2", "D55E00"])
        #expect(stats["width"] as? Int == 900)
        #expect((stats["nonWhite"] as? Int ?? 0) > 20_000)
        let near = stats["near"] as? [String: Int] ?? [:]
        #expect(near["0072B2", default: 0] > 20, "no authentic (blue) marks drawn")
        #expect(near["D55E00", default: 0] > 20, "no altered (vermillion) marks or headline drawn")
    }

    @Test("print to PDF works and the PDF has every chart")
    func printsToPDF() throws {
        let report = try ReportFixture()
        let pdf = report.fixture.path("report.pdf")
        _ = try Chromium.run(["--no-pdf-header-footer", "--print-to-pdf=" + pdf], page: report.reportPath, in: report.fixture.directory)
        let text = try Command.run("pdftotext", ["-layout", pdf, "-"])
        for caption in ["Heart rate: 6 readings", "Blood pressure: 1 reading", "Sleep analysis: 1 reading",
                        "Body temperature: 1 reading", "Oxygen saturation: 1 reading", "Workout minutes per week: 1 workout"] {
            #expect(text.contains(caption), "\(caption) missing from the PDF")
        }
        #expect(text.contains("bpm"))
        #expect(text.contains("40 min 30 s") && text.contains("6.21 km") && text.contains("412 kcal"))
        // The charts are drawn, not just captioned: rasterised pages show the marks' colours.
        _ = try Command.run("pdftoppm", ["-png", "-r", "50", pdf, report.fixture.path("page")])
        let pages = try FileManager.default.contentsOfDirectory(atPath: report.fixture.directory).filter { $0.hasPrefix("page") }
        #expect(pages.count >= 3)
        var blue = 0
        for page in pages {
            let stats = try Command.pngStats(report.fixture.path(page), colours: ["0072B2"])
            blue += (stats["near"] as? [String: Int])?["0072B2"] ?? 0
        }
        #expect(blue > 100)
    }
}
