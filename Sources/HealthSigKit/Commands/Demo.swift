import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `healthsig demo`: the main job end to end on the bundled example readings.
public enum Demo {
    /// What the demo printed and whether everything behaved as it must.
    public struct Outcome: Sendable {
        public let transcript: String
        public let succeeded: Bool
    }

    /// Where the demo writes the clinician report of the tampered file unless told otherwise:
    /// the temporary directory, so a run leaves nothing in the working directory.
    public static var defaultReportPath: String {
        (NSTemporaryDirectory() as NSString).appendingPathComponent("healthsig-demo-report.html")
    }

    /// Runs the demo on `examplesDirectory/readings.jsonl`, in a temporary directory, and writes
    /// the clinician report of the tampered file to `reportPath`. Without a directory: the
    /// repository's `examples/readings.jsonl` when it is found from here or from the executable
    /// (``RepositoryFiles``), else the built-in copy of it, so the demo works from any directory.
    public static func run(examplesDirectory: String?, reportPath: String = defaultReportPath) throws(ToolError) -> Outcome {
        let work = (NSTemporaryDirectory() as NSString).appendingPathComponent("healthsig-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: work) }
        var out = ""
        let readings: String
        if let examplesDirectory {
            readings = (examplesDirectory as NSString).appendingPathComponent("readings.jsonl")
        } else if let found = RepositoryFiles.locate("examples/readings.jsonl") {
            readings = found
        } else {
            do {
                try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            } catch {
                throw .io(path: work, reason: FileAccess.reason(error))
            }
            readings = (work as NSString).appendingPathComponent("readings.jsonl")
            try OutputFiles.write(Array(BundledExampleReadings.jsonLines.utf8), to: readings)
        }

        // 1. A throwaway device key, as a vendor would provision at manufacture.
        let key = try KeyFiles.generate(directory: work, name: "demo-device", certificateSubject: "CN=Demo Device,O=healthsig demo", days: 1)
        out += "1. device key generated: key id \(key.keyIdentifierHex)\n"

        // 2. Sign the readings the device produced.
        let signedPath = (work as NSString).appendingPathComponent("signed.jsonl")
        let signing = try SignRun.run(inputPath: readings, outputPath: signedPath, keyPath: key.privateKeyPath,
                                          passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
        out += "2. signed \(signing.signed) readings from \(readings)\n"
        guard signing.problems.isEmpty, signing.wroteOutput else {
            out += signing.problems.map { "   \($0)\n" }.joined()
            return Outcome(transcript: out, succeeded: false)
        }
        let signedLines = try FileAccess.readText(signedPath).split(separator: "\n").map(String.init)
        let sizes = signedLines.compactMap { line -> Int? in
            guard let sample = try? JSONSampleDecoder.decode(line) else { return nil }
            return SampleVerifier.signatureText(of: sample)?.count
        }
        out += "   signature sizes (base64 characters): \(sizes.map(String.init).joined(separator: ", "))\n"

        // 3. A clinician verifies the stored samples with the published public key.
        let trust = try TrustLoader.load([key.publicKeyPath])
        let (report, reportText) = try verify(signedPath, trust)
        out += "3. verified the stored samples:\n"
        out += indent(reportText)
        let allValid = report.counts[.valid, default: 0] == signing.signed && report.passes(requireSigned: true)

        // 4. Someone alters a stored value: the systolic reading of the blood-pressure sample.
        let tamperedPath = (work as NSString).appendingPathComponent("tampered.jsonl")
        var tampered = signedLines
        guard let index = tampered.firstIndex(where: { $0.contains("BloodPressureSystolic\",\"value\":120") }) else {
            out += "4. no blood-pressure reading with systolic 120 in the examples to tamper with\n"
            return Outcome(transcript: out, succeeded: false)
        }
        tampered[index] = tampered[index].replacingOccurrences(of: "BloodPressureSystolic\",\"value\":120",
                                                               with: "BloodPressureSystolic\",\"value\":110")
        try OutputFiles.write(Array((tampered.joined(separator: "\n") + "\n").utf8), to: tamperedPath)
        let collected = CollectingSink()
        let (_, tamperedText) = try verify(tamperedPath, trust, collecting: collected)
        out += "4. changed the stored systolic value 120 → 110 mmHg in sample #\(index + 1) and verified again:\n"
        out += indent(tamperedText)
        let caught = collected.entries.first { $0.position == index + 1 }?.verdict
        let caughtRight = caught?.kind == .contentMismatch
            && caught?.mismatches.contains { $0.field == "objects[0].value" && $0.signed == "120 mmHg" && $0.stored == "110 mmHg" } == true

        // 5. What a clinician would open: the report of the tampered file.
        try ClinicianReport.run(inputPath: tamperedPath, trust: trust, jobs: 1, outputPath: reportPath,
                                options: ClinicianReport.Options(title: "healthsig demo: the tampered readings"))
        out += "5. wrote the clinician report of the tampered file: \(reportPath) (open it in a browser)\n"

        let succeeded = allValid && caughtRight
        out += "\ndemo: \(signing.signed) readings signed, \(report.counts[.valid, default: 0]) verified valid; "
            + "tampered sample #\(index + 1) → \(caught?.kind.rawValue ?? "not reported")"
            + (caught?.mismatches.first.map { " (\($0))" } ?? "")
            + (succeeded ? " — OK\n" : " — UNEXPECTED\n")
        return Outcome(transcript: out, succeeded: succeeded)
    }

    /// Verifies `path` on one thread and returns the totals and the table report.
    static func verify(_ path: String, _ trust: TrustSet,
                       collecting collector: CollectingSink? = nil) throws(ToolError) -> (VerificationTotals, String) {
        let buffer = ReportBuffer()
        let totals = try VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: 1)
            .run(inputPath: path, sinks: [TableReportSink(writer: buffer)] + (collector.map { [$0] } ?? []))
        return (totals, buffer.text)
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "   " + $0 }.joined(separator: "\n")
    }
}
