import Foundation
import Testing

/// Readings `sign` refuses with the line, the field and what is wrong: a workout total below
/// zero, a blood pressure whose systolic is below its diastolic, a misspelt activity type.
@Suite struct SigningInputChecksCommandTests {
    static func refusal(line index: Int, _ from: String, _ to: String) throws -> CommandResult {
        let ws = try DeviceWorkspace()
        var lines = try Examples.lines()
        #expect(lines[index].contains(from))
        lines[index] = lines[index].replacingOccurrences(of: from, with: to)
        try ws.directory.write("bad.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "bad.jsonl", "--out", "out.jsonl"])
        #expect(result.status == 1, "\(result)")
        #expect(!ws.directory.exists("out.jsonl"))
        return result
    }

    @Test func aWorkoutWithNegativeEnergyIsRefused() throws {
        let result = try Self.refusal(line: 7, #""value":412,"unit":"kcal""#, #""value":-412,"unit":"kcal""#)
        #expect(result.stderr.contains("line 8, totalEnergyBurned:"), "\(result.stderr)")
        #expect(result.stderr.contains("total -412 kcal is negative"), "\(result.stderr)")
    }

    @Test func aBloodPressureWithSystolicBelowDiastolicIsRefused() throws {
        let result = try Self.refusal(line: 1, #""value":120,"unit":"mmHg""#, #""value":70,"unit":"mmHg""#)
        #expect(result.stderr.contains("line 2, objects[0].value:"), "\(result.stderr)")
        #expect(result.stderr.contains("systolic 70 mmHg is below diastolic 80 mmHg"), "\(result.stderr)")
    }

    @Test func aMisspeltActivityTypeIsRefusedWithADidYouMean() throws {
        let result = try Self.refusal(line: 7, "HKWorkoutActivityTypeRunning", "HKWorkoutActivityTypeRuning")
        #expect(result.stderr.contains("did you mean HKWorkoutActivityTypeRunning?"), "\(result.stderr)")
    }
}
