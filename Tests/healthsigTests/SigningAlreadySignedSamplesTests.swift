import Foundation
import Testing

/// `sign` never drops a signature a sample already carries unless asked to.
@Suite("healthsig sign on samples that already carry a signature")
struct SigningAlreadySignedSamplesTests {
    @Test("already signed samples are refused by default, each named by line and key; nothing is written")
    func refusedByDefault() throws {
        let ws = try DeviceWorkspace()
        let signed = try ws.sign()
        // Line 2 keeps HKDigitalSignature, line 3 spells it with the SDK name, line 1 is unsigned.
        let sdkSpelling = signed[2].replacingOccurrences(of: "\"HKDigitalSignature\"", with: "\"HKMetadataKeyDigitalSignature\"")
        try #require(sdkSpelling != signed[2])
        let readings = try Examples.lines()
        try ws.directory.write("mixed.jsonl", [readings[0], signed[1], sdkSpelling].joined(separator: "\n") + "\n")

        let result = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "mixed.jsonl", "--out", "out.jsonl"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(
            "line 2, metadata.HKDigitalSignature: the sample is already signed (--replace-signatures replaces the signature)\n"),
                "\(result)")
        #expect(result.stderr.contains(
            "line 3, metadata.HKMetadataKeyDigitalSignature: the sample is already signed (--replace-signatures replaces the signature)\n"),
                "\(result)")
        #expect(!result.stderr.contains("line 1"), "\(result)")
        #expect(result.stderr.contains("nothing written"), "\(result)")
        #expect(!ws.directory.exists("out.jsonl"))

        // --skip-invalid leaves the signed samples out and lists them.
        let skipping = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "mixed.jsonl", "--out", "out.jsonl",
                                                   "--skip-invalid"])
        #expect(skipping.status == 0, "\(skipping)")
        #expect(skipping.stderr.contains("line 2, metadata.HKDigitalSignature: the sample is already signed"), "\(skipping)")
        #expect(try ws.directory.text("out.jsonl").split(separator: "\n").count == 1)
    }

    @Test("--replace-signatures replaces a signature made by another device key with one that verifies")
    func replacedWhenAsked() throws {
        let ws = try DeviceWorkspace()
        let other = try ws.directory.healthsig(["keygen", "--out", "other", "--name", "other"])
        try #require(other.status == 0, "\(other)")
        let byOther = try ws.directory.healthsig(["sign", "--key", "other/other.key.pem", "--in", "readings.jsonl", "--out", "other.jsonl"])
        try #require(byOther.status == 0, "\(byOther)")

        let refused = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "other.jsonl", "--out", "out.jsonl"])
        #expect(refused.status == 1, "\(refused)")
        #expect(!ws.directory.exists("out.jsonl"))

        let replaced = try ws.directory.healthsig(["sign", "--key", ws.keyPath, "--in", "other.jsonl", "--out", "out.jsonl",
                                                   "--replace-signatures"])
        #expect(replaced.status == 0, "\(replaced)")
        let lines = try ws.directory.text("out.jsonl").split(separator: "\n").map(String.init)
        #expect(lines.count == (try Examples.lines()).count)
        // One signature per line, by the device key: the other key's signature is gone.
        for line in lines { #expect(line.components(separatedBy: "DigitalSignature").count == 2, "\(line)") }
        let verified = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "out.jsonl", "--require-signed"])
        #expect(verified.status == 0, "\(verified)")
        let byOtherKey = try ws.directory.healthsig(["verify", "--trust", "other/other.pub.pem", "--in", "out.jsonl"])
        #expect(byOtherKey.status == 1, "\(byOtherKey)")
    }
}
