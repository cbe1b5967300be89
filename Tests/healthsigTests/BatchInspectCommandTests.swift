import Foundation
import Testing

/// `healthsig inspect` of a batch signature: the manifest, the samples it covers and the
/// recovered record of sample 0.
@Suite("healthsig inspect of a batch signature")
struct BatchInspectCommandTests {
    @Test("shows batchId, count, sizes, one line per sample and sample 0's record")
    func batchSignature() throws {
        let ws = try DeviceWorkspace()
        let lines = try BatchVerifyCommandTests.signedLines(ws)
        let signature = try #require(BatchVerifyCommandTests.value("HealthSigBatchSignature", in: lines[3]))
        let reference = try #require(BatchVerifyCommandTests.value("HealthSigBatch", in: lines[3]))
        let result = try ws.directory.healthsig(["inspect", "--signature", signature])
        #expect(result.status == 0, "\(result)")
        let out = result.stdout
        #expect(out.contains("== Batch manifest (docs/BATCH.md) =="))
        #expect(out.contains("(HealthSigBatch \(reference.prefix(16))/<index>)"))
        #expect(out.contains("contentType: 2.25.105007975088375222680850362073043249763"))
        #expect(out.contains("count: 4\n"))
        #expect(out.contains("  [0] HKQuantityTypeIdentifierHeartRate 2026-11-21T08:00:00Z 60 count/min\n"))
        #expect(out.contains("  [3] HKQuantityTypeIdentifierHeartRate 2026-11-21T08:00:15Z 63 count/min\n"))
        #expect(out.contains("== Recovered record of sample 0 ==\nformat version: 1\ntype: HKQuantityTypeIdentifierHeartRate\nvalue: 60 count/min\n"))
        #expect(out.contains("device.model: HR-10"))
        #expect(!out.contains("== Signed record =="))
    }
}
