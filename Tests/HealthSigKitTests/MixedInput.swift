import Foundation
@testable import HealthSigKit

/// An input with every verdict, unsigned samples and unreadable lines, in a repeating pattern
/// long enough to span many batches of the parallel pipeline.
enum MixedInput {
    /// Writes the mixed input into `fixture`'s directory and returns its path. `other` signs the
    /// lines that are `untrusted-signer` when only `fixture`'s key is trusted.
    static func write(_ fixture: VerifyRunTests.Fixture, other: VerifyRunTests.Fixture,
                      rounds: Int = 40) throws -> String {
        let signed = try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let foreign = try String(contentsOfFile: other.path("signed.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let readings = try String(contentsOfFile: fixture.readingsPath, encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let heartRate = signed[0]
        var der = try require(Data(base64Encoded: fixture.signatures[0]))
        der[der.count - 3] ^= 0x01
        let badSignature = heartRate.replacingOccurrences(of: fixture.signatures[0], with: der.base64EncodedString())
        let notBase64 = heartRate.replacingOccurrences(of: fixture.signatures[0], with: "!!! not base64 !!!")
        let mismatch = heartRate.replacingOccurrences(of: "\"value\":72", with: "\"value\":73")
        var lines: [String] = []
        for round in 0..<rounds {
            lines += signed
            lines.append(readings[round % readings.count])       // unsigned
            lines.append("{\"type\": oops")                       // unreadable
            lines.append(badSignature)
            lines.append(notBase64)
            lines.append(mismatch)
            lines.append(foreign[round % foreign.count])          // untrusted-signer
            if round % 5 == 0 { lines.append("") }                // blank lines count as lines only
        }
        return try fixture.write("mixed.jsonl", lines.joined(separator: "\n") + "\n")
    }
}

/// `#require` without Testing's macro context: throws when `value` is `nil`.
func require<T>(_ value: T?) throws -> T {
    guard let value else { throw ToolError.usage("required value missing") }
    return value
}
