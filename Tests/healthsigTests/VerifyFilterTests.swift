import Foundation
import Testing

/// `verify --type/--from/--to/--source`: only the selected samples are reported and counted.
@Suite("verify filters: --type, --from, --to, --source")
struct VerifyFilterTests {
    static func positions(_ result: CommandResult) throws -> [Int] {
        try result.lines.dropLast().map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["position"] as? Int)
        }
    }

    @Test("--type by name or identifier, repeatable; the summary counts only what was selected")
    func byType() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let base = ["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--format", "ndjson"]
        let one = try ws.directory.healthsig(base + ["--type", "HeartRate"])
        #expect(one.status == 0, "\(one)")
        #expect(try Self.positions(one) == [1])
        #expect(one.lines.last?.contains("\"valid\":1") == true, "\(one.stdout)")
        let two = try ws.directory.healthsig(base + ["--type", "HKCorrelationTypeIdentifierBloodPressure", "--type", "SleepAnalysis"])
        #expect(try Self.positions(two) == [2, 7])
        // A workout's identifier is a whole name: its short name is Workout.
        let workout = try ws.directory.healthsig(base + ["--type", "Workout"])
        #expect(try Self.positions(workout) == [8], "\(workout)")
        #expect(try Self.positions(try ws.directory.healthsig(base + ["--type", "HKWorkoutTypeIdentifier"])) == [8])
    }

    @Test("the table names a workout's type Workout, whole, not its identifier cut mid-word")
    func workoutTypeInTheTable() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let table = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--type", "Workout"],
                                               environment: ["COLUMNS": "80"])
        #expect(table.status == 0, "\(table)")
        #expect(table.lines.contains { $0.hasPrefix("8 ") && $0.contains(" Workout ") && $0.contains("Running 40 mi…") }, "\(table.stdout)")
        #expect(table.lines.contains { $0.hasSuffix(" reading Running 40 min 30 s, 6.21 km, 412 kcal") }, "\(table.stdout)")
        #expect(!table.stdout.contains("HKWorkout"), "\(table.stdout)")
    }

    @Test("--from is inclusive, --to exclusive; a --to day is included whole")
    func byDate() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let base = ["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--format", "ndjson"]
        // Starts (UTC): #1 08:00, #2 07:05, #3 07:30:00.25, #4 12:45, #5 06:50, #6 08:01, #7 11-20 23:10, #8 11-20 06:00.
        let window = try ws.directory.healthsig(base + ["--from", "2026-11-21T07:05:00Z", "--to", "2026-11-21T08:01:00Z"])
        #expect(try Self.positions(window) == [1, 2, 3], "\(window)")
        let day = try ws.directory.healthsig(base + ["--to", "2026-11-20"])
        #expect(try Self.positions(day) == [7, 8], "\(day)")
        let later = try ws.directory.healthsig(base + ["--from", "2026-11-22"])
        #expect(try Self.positions(later).isEmpty)
        #expect(later.status == 0 && later.stderr.contains("holds no samples that --type, --from, --to and --source select"), "\(later)")
    }

    @Test("--source selects export.xml records by sourceName; JSON samples have no source")
    func bySource() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let signatures = try ExportXMLFixture.Signatures(try ws.signatures())
        try ws.directory.write("export.xml", ExportXMLFixture.document([ExportXMLFixture.heartRate(signatures.heartRate)]))
        let base = ["verify", "--trust", ws.publicKeyPath, "--format", "ndjson"]
        let selected = try ws.directory.healthsig(base + ["--in", "export.xml", "--source", "Acme Health"])
        #expect(try Self.positions(selected) == [1], "\(selected)")
        let other = try ws.directory.healthsig(base + ["--in", "export.xml", "--source", "Someone's iPhone"])
        #expect(try Self.positions(other).isEmpty, "\(other)")
        let json = try ws.directory.healthsig(base + ["--in", "signed.jsonl", "--source", "Acme Health"])
        #expect(try Self.positions(json).isEmpty, "\(json)")
    }

    @Test("an unknown --type or a --from that is no date is a usage error (exit 2) saying why")
    func refusedFilters() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let base = ["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl"]
        let type = try ws.directory.healthsig(base + ["--type", "Heartrate"])
        #expect(type.status == 2 && type.stderr.contains("--type Heartrate: unknown sample type; did you mean HKQuantityTypeIdentifierHeartRate?"),
                "\(type)")
        let date = try ws.directory.healthsig(base + ["--from", "yesterday"])
        #expect(date.status == 2 && date.stderr.contains("--from yesterday: not a date"), "\(date)")
    }
}
