import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// Hostile and damaged input: every result is a typed verdict, never a crash, and never `valid`.
@Suite("Verifier robustness")
struct RobustnessTests {
    let key: P256PrivateKey
    let trust: TrustSet

    init() throws {
        key = try Fixtures.key()
        trust = TrustSet(publicKeys: [key.publicKey])
    }

    @Test func emptyInputIsMalformed() {
        let verdict = CMSVerifier.verify([], trust: trust)
        #expect(verdict.malformedCode == DERError.Code.truncated.rawValue)
        #expect(verdict.name == "malformed")
    }

    @Test func randomBytesAreNeverValid() {
        var generator = SplitMix64(state: 0x5EED_C0DE)
        var names: [String: Int] = [:]
        for round in 0..<2_000 {
            let length = Int.random(in: 0...600, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Half of them start like a ContentInfo so the parser gets further in.
            if round % 2 == 0, bytes.count > 4 {
                bytes[0] = 0x30
                bytes[1] = 0x82
                bytes[2] = UInt8((bytes.count - 4) >> 8)
                bytes[3] = UInt8((bytes.count - 4) & 0xFF)
            }
            let verdict = CMSVerifier.verify(bytes, trust: trust)
            #expect(!verdict.isValid)
            names[verdict.name, default: 0] += 1
        }
        #expect(names.values.reduce(0, +) == 2_000)
    }

    @Test func everyTruncationIsMalformed() throws {
        let der = try SignedDataBuilder().sign(Fixtures.content300, using: key)
        #expect(CMSVerifier.verify(der, trust: trust).isValid)
        for length in 0..<der.count {
            let verdict = CMSVerifier.verify(Array(der.prefix(length)), trust: trust)
            #expect(verdict.name == "malformed", "prefix \(length): \(verdict)")
        }
    }

    @Test func everySingleBitFlipIsRejected() throws {
        // In the default profile every octet is covered: structure, algorithms, sid (the key
        // lookup), content (the digest) or the signature itself. No flip may leave it valid.
        let der = try SignedDataBuilder().sign(Fixtures.content300, using: key)
        var names: [String: Int] = [:]
        for index in der.indices {
            for bit in 0..<8 {
                var flipped = der
                flipped[index] ^= 1 << bit
                let verdict = CMSVerifier.verify(flipped, trust: trust)
                #expect(!verdict.isValid, "octet \(index) bit \(bit)")
                names[verdict.name, default: 0] += 1
            }
        }
        print("bit flips over \(der.count) octets: \(names.sorted { $0.key < $1.key })")
        #expect(names.values.reduce(0, +) == der.count * 8)
    }

    @Test func everySingleBitFlipWithSignedAttributesIsRejected() throws {
        let der = try SignedDataBuilder(includesSignedAttributes: true, signingTime: Date(timeIntervalSince1970: 1_750_000_000))
            .sign(Array(Fixtures.content300.prefix(64)), using: key)
        for index in der.indices {
            for bit in 0..<8 {
                var flipped = der
                flipped[index] ^= 1 << bit
                #expect(!CMSVerifier.verify(flipped, trust: trust).isValid, "octet \(index) bit \(bit)")
            }
        }
    }

    @Test func deepNestingIsRefusedWithoutRecursingForever() {
        // 10,000 nested SEQUENCEs, built from the inside out with definite lengths.
        var bytes: [UInt8] = [0x05, 0x00]
        for _ in 0..<10_000 {
            let length = bytes.count
            var header: [UInt8] = [0x30]
            if length < 0x80 {
                header.append(UInt8(length))
            } else if length < 0x100 {
                header += [0x81, UInt8(length)]
            } else if length < 0x10000 {
                header += [0x82, UInt8(length >> 8), UInt8(length & 0xFF)]
            } else {
                header += [0x83, UInt8(length >> 16), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
            }
            bytes = header + bytes
        }
        let verdict = CMSVerifier.verify(bytes, trust: trust)
        #expect(verdict.malformedCode == DERError.Code.nestingTooDeep.rawValue, "\(verdict)")
        // Indefinite-length nesting is refused at the first length octet.
        let indefinite: [UInt8] = (0..<20_000).map { $0 % 2 == 0 ? 0x30 : 0x80 }
        #expect(CMSVerifier.verify(indefinite, trust: trust).malformedCode == DERError.Code.indefiniteLength.rawValue)
    }

    @Test func hugeLengthClaimsCostNothing() throws {
        // The outer SEQUENCE claims 4 GB − 1 octets.
        let claim: [UInt8] = [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF, 0x06, 0x09]
        #expect(CMSVerifier.verify(claim, trust: trust).malformedCode == DERError.Code.truncated.rawValue)
        // A 5-octet length is beyond anything accepted.
        let wider: [UInt8] = [0x30, 0x85, 0x01, 0x00, 0x00, 0x00, 0x00]
        #expect(CMSVerifier.verify(wider, trust: trust).malformedCode == DERError.Code.lengthTooLarge.rawValue)
        // Deep inside a real message: the eContent OCTET STRING claims 4 GB.
        let der = try SignedDataBuilder().sign([0xAB, 0xCD], using: key)
        let huge = try #require(replacing([0x04, 0x02, 0xAB, 0xCD], with: [0x04, 0x84, 0xFF, 0xFF, 0xFF, 0xFF], in: der))
        #expect(CMSVerifier.verify(huge, trust: trust).malformedCode == DERError.Code.truncated.rawValue)
    }

    @Test func viewRefusesWhatTheVerifierRefusesStructurally() throws {
        #expect(throws: DERError(.truncated, at: 0, "")) { try CMSSignedDataView(derEncoded: []) }
        let der = try SignedDataBuilder().sign([1], using: key)
        #expect(throws: DERError(.trailingBytes, at: 0, "")) { try CMSSignedDataView(derEncoded: der + [0]) }
        let notSigned = DER.encode(ContentInfo(contentType: .idData, content: try DERAny(encoded: [0x04, 0x00])))
        #expect(throws: DERError(.invalidValue, at: 0, "")) { try CMSSignedDataView(derEncoded: notSigned) }
    }
}
