import CryptoBackend
import Foundation
import Testing

/// Signing and verification reuse an initialised OpenSSL context per thread and key. These
/// check that reuse never changes an answer: not after a failed verification, not when more keys
/// are in use than a thread keeps contexts for, not when keys come and go, and not across
/// threads (the suite's name puts it in the ThreadSanitizer run).
@Suite("reused signing and verification contexts")
struct ParallelReusedContextTests {
    @Test func aFailedVerificationDoesNotChangeTheNextVerdict() throws {
        let key = try P256PrivateKey.generate()
        let digest = Digest.sha256(Array("body temperature 36.8".utf8))
        let signature = try key.signature(forDigest: digest)
        var damaged = signature
        damaged[damaged.count - 1] ^= 0x01
        for round in 0..<20 {
            #expect(key.publicKey.isValidSignature(signature, forDigest: digest), "round \(round)")
            #expect(!key.publicKey.isValidSignature(damaged, forDigest: digest), "round \(round)")
            #expect(!key.publicKey.isValidSignature([0x30, 0x00], forDigest: digest), "round \(round)")
        }
    }

    @Test func moreKeysThanAThreadKeepsStillSignAndVerifyWithTheRightKey() throws {
        let keys = try (0..<13).map { _ in try P256PrivateKey.generate() }
        let digest = Digest.sha256(Array("blood glucose 5.4 mmol/L".utf8))
        for round in 0..<3 {
            for (index, key) in keys.enumerated() {
                let signature = try key.signature(forDigest: digest)
                #expect(key.publicKey.isValidSignature(signature, forDigest: digest), "round \(round), key \(index)")
                let other = keys[(index + 1) % keys.count]
                #expect(!other.publicKey.isValidSignature(signature, forDigest: digest), "round \(round), key \(index)")
            }
        }
    }

    @Test func keysThatComeAndGoAreNeverConfused() throws {
        let digest = Digest.sha256(Array("heart rate 61".utf8))
        for round in 0..<30 {
            let key = try P256PrivateKey.generate()
            let signature = try key.signature(forDigest: digest)
            let stranger = try P256PrivateKey.generate()
            #expect(key.publicKey.isValidSignature(signature, forDigest: digest), "round \(round)")
            #expect(!stranger.publicKey.isValidSignature(signature, forDigest: digest), "round \(round)")
        }
    }

    @Test func threadsSharingKeysEachGetCorrectAnswers() throws {
        let keys = try (0..<3).map { _ in try P256PrivateKey.generate() }
        let digest = Digest.sha256(Array("oxygen saturation 0.97".utf8))
        let failures = FailureCount()
        let threads = (0..<4).map { thread in
            Thread {
                for round in 0..<40 {
                    let key = keys[(thread + round) % keys.count]
                    let other = keys[(thread + round + 1) % keys.count]
                    guard let signature = try? key.signature(forDigest: digest),
                          key.publicKey.isValidSignature(signature, forDigest: digest),
                          !other.publicKey.isValidSignature(signature, forDigest: digest) else {
                        failures.add()
                        continue
                    }
                }
                failures.finished()
            }
        }
        threads.forEach { $0.start() }
        #expect(failures.waitForThreads(threads.count, seconds: 120))
        #expect(failures.count == 0)
    }
}

/// Counts failures and finished threads across threads.
private final class FailureCount: @unchecked Sendable {
    private let condition = NSCondition()
    private var failures = 0
    private var done = 0

    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return failures
    }

    func add() {
        condition.lock()
        failures += 1
        condition.unlock()
    }

    func finished() {
        condition.lock()
        done += 1
        condition.broadcast()
        condition.unlock()
    }

    func waitForThreads(_ expected: Int, seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while done < expected {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}
