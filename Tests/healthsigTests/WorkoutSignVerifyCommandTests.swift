import Foundation
import Testing

/// `healthsig sign` and `verify` on workouts in JSON Lines, checked against `openssl cms`.
@Suite struct WorkoutSignVerifyCommandTests {
    static let run = #"{"type":"HKWorkoutTypeIdentifier","activityType":"HKWorkoutActivityTypeRunning","startDate":"2026-11-20T07:00:00+01:00","endDate":"2026-11-20T07:42:10+01:00","duration":2430,"totalEnergyBurned":{"value":412,"unit":"kcal"},"totalDistance":{"value":6.21,"unit":"km"},"events":[{"type":"HKWorkoutEventTypePause","date":"2026-11-20T07:20:00+01:00"},{"type":"HKWorkoutEventTypeResume","date":"2026-11-20T07:21:30+01:00"}],"device":{"name":"Acme Treadmill","manufacturer":"Acme Fitness","model":"T-900"},"metadata":{"HKIndoorWorkout":false}}"#

    @Test func signedWorkoutVerifiesHereAndInOpenSSL() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("workouts.jsonl", Self.run + "\n")
        let lines = try ws.sign("workouts.jsonl", to: "signed.jsonl")
        #expect(lines.count == 1)
        // Nothing but the signature was added.
        let object = try Report.object(lines[0])
        var metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata.removeValue(forKey: "HKDigitalSignature") != nil)
        #expect(metadata.count == 1)
        let verify = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--format", "json"])
        #expect(verify.status == 0, "\(verify)")
        #expect(try Report.verdicts(try Report.object(verify.stdout)) == [1: "valid"])

        // openssl verifies the same signature and hands back the record, which is what we built.
        let signature = try #require(Data(base64Encoded: try ws.signatures()[0]))
        try ws.directory.write("sig.der", bytes: signature)
        let openssl = try ws.directory.openssl(["cms", "-verify", "-inform", "DER", "-in", "sig.der", "-binary", "-out", "record.der",
                                                "-noverify", "-certfile", ws.certificatePath])
        #expect(openssl.status == 0, "\(openssl)")
        let inspect = try ws.directory.healthsig(["inspect", "--in", "record.der"])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("activityType: HKWorkoutActivityTypeRunning (37)"))
        #expect(inspect.stdout.contains("totalDistance: 6.21 km"))
        #expect(inspect.stdout.contains("events[1]: HKWorkoutEventTypeResume at 2026-11-20T06:21:30Z"))
    }

    @Test func inspectDecodesASignedWorkout() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("workouts.jsonl", Self.run + "\n")
        try ws.sign("workouts.jsonl", to: "signed.jsonl")
        let inspect = try ws.directory.healthsig(["inspect", "--signature", try ws.signatures()[0]])
        #expect(inspect.status == 0, "\(inspect)")
        for line in ["type: HKWorkoutTypeIdentifier", "activityType: HKWorkoutActivityTypeRunning (37)", "duration: 2430 s",
                     "totalEnergyBurned: 412 kcal", "events[0]: HKWorkoutEventTypePause at 2026-11-20T06:20:00Z",
                     "metadata.HKIndoorWorkout: false", "device.model: T-900"] {
            #expect(inspect.stdout.contains(line + "\n"), "\(line)")
        }
    }

    @Test func alteredWorkoutFieldsAreNamedByVerify() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("workouts.jsonl", Self.run + "\n")
        let signed = try ws.sign("workouts.jsonl", to: "signed.jsonl")[0]
        let altered = signed.replacingOccurrences(of: #""value":6.21"#, with: #""value":6.5"#)
            .replacingOccurrences(of: "07:21:30", with: "07:22:30")
        try ws.directory.write("altered.jsonl", altered + "\n")
        let verify = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "altered.jsonl", "--format", "json"])
        #expect(verify.status == 1)
        let sample = try #require(try Report.samples(try Report.object(verify.stdout)).first)
        #expect(sample["verdict"] as? String == "content-mismatch")
        let mismatches = try #require(sample["mismatches"] as? [[String: String]])
        #expect(mismatches.map { $0["field"] ?? "" } == ["totalDistance", "events[1].date"])
        #expect(mismatches.first?["signed"] == "6.21 km")
        #expect(mismatches.first?["stored"] == "6.5 km")
    }

    @Test func signedWorkoutWhoseEventsWereReorderedIsAMismatchOnTheEventDate() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("workouts.jsonl", Self.run + "\n")
        let signed = try ws.sign("workouts.jsonl", to: "signed.jsonl")[0]
        // The resume moved before the pause: not a valid workout any more, but still signed.
        try ws.directory.write("altered.jsonl", signed.replacingOccurrences(of: "07:21:30", with: "07:19:30") + "\n")
        let verify = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "altered.jsonl", "--format", "json"])
        #expect(verify.status == 1)
        let sample = try #require(try Report.samples(try Report.object(verify.stdout)).first)
        #expect(sample["verdict"] as? String == "content-mismatch")
        let mismatch = try #require((sample["mismatches"] as? [[String: String]])?.first)
        #expect(mismatch["field"] == "events[1].date")
        #expect(mismatch["signed"] == "2026-11-20T06:21:30Z")
        #expect(mismatch["stored"] == "2026-11-20T07:19:30+01:00")
    }

    @Test func invalidWorkoutLineIsReportedWithLineAndField() throws {
        let ws = try DeviceWorkspace()
        let bad = Self.run.replacingOccurrences(of: #""unit":"kcal""#, with: #""unit":"km""#)
        try ws.directory.write("workouts.jsonl", Self.run + "\n" + bad + "\n")
        let sign = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "workouts.jsonl", "--out", "signed.jsonl"])
        #expect(sign.status == 1)
        #expect(sign.stderr.contains("line 2, totalEnergyBurned"), "\(sign.stderr)")
        #expect(!ws.directory.exists("signed.jsonl"))
    }
}
