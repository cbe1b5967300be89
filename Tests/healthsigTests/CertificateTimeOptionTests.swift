import Foundation
import Testing

/// `--at`: when certificates are checked (docs/VERIFY.md, "Certificate time"). The device
/// certificate keygen makes starts today, so the example readings (2026-11-21) predate it.
@Suite("--at: the time certificates are checked at")
struct CertificateTimeOptionTests {
    @Test("verify: at the readings' signed time by default, at --at DATE or --at now on request")
    func verifyAt() throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let signedTime = try ws.directory.healthsig(["verify", "--trust", ws.certificatePath, "--in", "signed.jsonl"])
        #expect(signedTime.status == 1, "\(signedTime)")
        #expect(signedTime.stdout.contains("certificate is not yet valid"), "\(signedTime.stdout)")
        let now = try ws.directory.healthsig(["verify", "--trust", ws.certificatePath, "--in", "signed.jsonl", "--at", "now"])
        #expect(now.status == 0, "\(now)")
        let future = try ws.directory.healthsig(["verify", "--trust", ws.certificatePath, "--in", "signed.jsonl",
                                                 "--at", "2200-01-01T00:00:00Z"])
        #expect(future.status == 1, "\(future)")
        #expect(future.stdout.contains("certificate has expired"), "\(future.stdout)")
        // A bare public key has no validity period.
        let bare = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl",
                                               "--at", "2200-01-01T00:00:00Z"])
        #expect(bare.status == 0, "\(bare)")
    }

    @Test("cms verify: now by default, --at DATE on request")
    func cmsVerifyAt() throws {
        let ws = try DeviceWorkspace()
        try ws.directory.write("content.bin", "content")
        let sign = try ws.directory.healthsig(["cms", "sign", "--key", ws.keyPath, "--in", "content.bin", "--out", "sig.der"])
        #expect(sign.status == 0, "\(sign)")
        let now = try ws.directory.healthsig(["cms", "verify", "--trust", ws.certificatePath, "--in", "sig.der"])
        #expect(now.status == 0, "\(now)")
        let early = try ws.directory.healthsig(["cms", "verify", "--trust", ws.certificatePath, "--in", "sig.der",
                                                "--at", "2020-01-01T00:00:00Z"])
        #expect(early.status == 1, "\(early)")
        #expect(early.stdout.hasPrefix("untrusted-signer: "), "\(early)")
        #expect(early.stdout.contains("certificate is not yet valid"), "\(early)")
    }

    @Test("--at takes now or an RFC 3339 date-time; anything else is a usage error", arguments: ["yesterday", "2026-11-21", ""])
    func badValue(value: String) throws {
        let ws = try DeviceWorkspace()
        try ws.sign()
        let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", "signed.jsonl", "--at", value])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--at takes `now` or an RFC 3339 date-time"), "\(result)")
    }
}
