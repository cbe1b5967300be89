import Foundation
import Testing

/// `tools/make_export.py`, which turns signed JSON Lines into a Health-app export (the README's
/// data-team example, the memory and FHIR checks): every documented reading form goes through,
/// the export verifies, and a failure leaves nothing behind.
@Suite("tools/make_export.py")
struct MakeExportToolTests {
    static let tool = CLI.packageRoot.appendingPathComponent("tools/make_export.py").path

    /// Workouts in the forms docs/CLI.md documents beyond the bundled ones: the activity and event
    /// types by raw value, durations in hours and seconds as objects, an event with metadata.
    static let otherForms = """
        {"type":"HKWorkoutTypeIdentifier","activityType":13,"startDate":"2026-11-23T17:00:00Z","endDate":"2026-11-23T17:40:00Z","duration":{"value":0.5,"unit":"hr"},"totalEnergyBurned":{"value":300,"unit":"kcal"},"events":[{"type":3,"date":"2026-11-23T17:10:00Z","duration":{"value":600,"unit":"s"},"metadata":{"HKLapLength":"400 m"}}]}
        {"type":"HKWorkoutTypeIdentifier","activityType":"HKWorkoutActivityTypeStairClimbing","startDate":"2026-11-24T07:00:00.250Z","endDate":"2026-11-24T07:20:00Z","totalFlightsClimbed":{"value":42,"unit":"count"},"metadata":{"HKIndoorWorkout":true}}

        """

    @Test("the bundled readings and workouts, and other workout forms, become an export.zip that verifies")
    func exportZipOfEveryFormVerifies() throws {
        let directory = try TemporaryDirectory()
        let readings = try String(contentsOf: CLI.packageRoot.appendingPathComponent("examples/readings.jsonl"), encoding: .utf8)
            + String(contentsOf: CLI.packageRoot.appendingPathComponent("examples/workout.jsonl"), encoding: .utf8)
            + Self.otherForms
        try directory.write("readings.jsonl", readings)
        #expect(try directory.healthsig(["keygen", "--out", directory.path("keys"), "--name", "device"]).status == 0)
        let sign = try directory.healthsig(["sign", "--key", directory.path("keys/device.key.pem"), "--in", "readings.jsonl",
                                            "--out", "signed.jsonl", "--quiet"])
        #expect(sign.status == 0, "\(sign)")
        let export = try CLI.python([Self.tool, "--signed", "signed.jsonl", "--out", "export.zip"], in: directory.url)
        #expect(export.status == 0, "\(export)")
        let zip = try Data(contentsOf: directory.url.appendingPathComponent("export.zip"))
        #expect(zip.prefix(4) == Data("PK\u{3}\u{4}".utf8))
        #expect(zip.range(of: Data("apple_health_export/export.xml".utf8)) != nil)
        let verify = try directory.healthsig(["verify", "--trust", directory.path("keys/device.pub.pem"), "--in", "export.zip",
                                              "--summary"])
        #expect(verify.status == 0, "\(verify)")
        // 8 readings, 2 bundled workouts, 2 more (the blood pressure's members, repeated as Records
        // of their own the way the Health app writes them, are part of the correlation, not samples).
        #expect(verify.stdout == "summary: valid=12 unsigned=0 malformed=0 bad-signature=0 untrusted-signer=0 content-mismatch=0\n",
                "\(verify)")
    }

    @Test("a reading it cannot convert is refused with its line and field, and no file is left behind")
    func unconvertibleReadingLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        try directory.write("export.xml", "the previous export\n")
        try directory.write("bad.jsonl", """
            {"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}
            {"type":"HKWorkoutTypeIdentifier","activityType":37,"startDate":"2026-11-20T07:00:00+01:00","endDate":"2026-11-20T07:42:10+01:00","duration":{"value":30,"unit":"fortnight"}}

            """)
        let result = try CLI.python([Self.tool, "--signed", "bad.jsonl", "--out", "export.xml"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.stderr == "make_export.py: bad.jsonl: line 2, duration.unit: not a time unit: 'fortnight' (s, ms, min, hr, d, …)\n")
        #expect(try String(contentsOf: directory.url.appendingPathComponent("export.xml"), encoding: .utf8) == "the previous export\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains("tmp") }
        #expect(left.isEmpty, "\(left)")
    }
}
