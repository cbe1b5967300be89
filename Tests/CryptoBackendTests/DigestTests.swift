import CryptoBackend
import Foundation
import Testing

@Suite("Digests and random bytes")
struct DigestTests {
    // FIPS 180-4 example vectors (NIST "SHA256.pdf" / "SHA1.pdf" examples).
    @Test func sha256KnownAnswers() {
        #expect(TestHex.encode(Digest.sha256(Array("abc".utf8)))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(TestHex.encode(Digest.sha256([UInt8]()))
            == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(TestHex.encode(Digest.sha256(twoBlocks))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func sha1KnownAnswer() {
        #expect(TestHex.encode(Digest.sha1(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    @Test func acceptsSlicesAndNonContiguousCollections() {
        let bytes = Array("xxabcxx".utf8)
        let expected = Digest.sha256(Array("abc".utf8))
        #expect(Digest.sha256(bytes[2..<5]) == expected)
        #expect(Digest.sha256(Data("abc".utf8)) == expected)
        #expect(Digest.sha256("abc".utf8) == expected)
        #expect(Digest.sha256(Array("abc".utf8).reversed().reversed()) == expected)
    }

    @Test func matchesOpenSSLCommandOnRandomData() throws {
        let openssl = try OpenSSLCommand()
        let data = SecureRandom.bytes(100_000)
        try openssl.write("data.bin", data)
        let output = try openssl.run(["dgst", "-sha256", "-r", "data.bin"])
        let hex = String(output.text.prefix(64))
        #expect(TestHex.encode(Digest.sha256(data)) == hex)
    }

    @Test func hasherMatchesOneShotForAnySplit() {
        let data = SecureRandom.bytes(1000)
        let expected = Digest.sha256(data)
        for split in [0, 1, 63, 64, 65, 500, 1000] {
            var hasher = SHA256Hasher()
            hasher.update(data[..<split])
            hasher.update(data[split...])
            #expect(hasher.finalize() == expected, "split at \(split)")
        }
        var raw = SHA256Hasher()
        data.withUnsafeBytes { raw.update($0) }
        #expect(raw.finalize() == expected)
    }

    @Test func hasherHasValueSemanticsAndCanContinueAfterFinalize() {
        var first = SHA256Hasher()
        first.update(Array("ab".utf8))
        var second = first
        first.update(Array("c".utf8))
        second.update(Array("d".utf8))
        #expect(first.finalize() == Digest.sha256(Array("abc".utf8)))
        #expect(second.finalize() == Digest.sha256(Array("abd".utf8)))
        // finalize leaves the hasher usable.
        first.update(Array("d".utf8))
        #expect(first.finalize() == Digest.sha256(Array("abcd".utf8)))
        #expect(SHA256Hasher().finalize() == Digest.sha256([UInt8]()))
    }

    @Test func hashersWorkConcurrently() async {
        let data = SecureRandom.bytes(4096)
        let expected = Digest.sha256(data)
        let shared = { var h = SHA256Hasher(); h.update(data[..<100]); return h }()
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var local = shared
                    local.update(data[100...])
                    return local.finalize() == expected && Digest.sha256(data) == expected
                }
            }
            for await result in group { #expect(result) }
        }
    }

    @Test func secureRandomBytes() {
        #expect(SecureRandom.bytes(0).isEmpty)
        #expect(SecureRandom.bytes(-5).isEmpty)
        #expect(SecureRandom.bytes(33).count == 33)
        #expect(SecureRandom.bytes(32) != SecureRandom.bytes(32))
    }
}
