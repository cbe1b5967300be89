import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// The verdict's stable machine names and human reasons.
@Suite("CMSVerdict")
struct VerdictTests {
    @Test func machineNamesAreStable() throws {
        let key = try Fixtures.key()
        let summary = try #require(CMSVerifier.verify(try SignedDataBuilder().sign([1], using: key),
                                                      trust: TrustSet(publicKeys: [key.publicKey])).summary)
        let cases: [(CMSVerdict, String)] = [
            (.valid(summary), "valid"),
            (.untrustedSigner(reason: "r"), "untrusted-signer"),
            (.badSignature(reason: "r"), "bad-signature"),
            (.malformed(reason: "r", code: "truncated", offset: 3), "malformed"),
            (.unsupportedAlgorithm(reason: "r"), "unsupported-algorithm"),
        ]
        for (verdict, name) in cases {
            #expect(verdict.name == name)
            #expect(verdict.isValid == (name == "valid"))
            #expect(verdict.description.hasPrefix(name + ": "))
        }
        #expect(CMSVerdict.malformed(reason: "input ends", code: "truncated", offset: 3).reason
            == "input ends [truncated at offset 3]")
        #expect(CMSVerdict.valid(summary).reason == "signed by key \(hexString(key.publicKey.keyIdentifier))")
        #expect(summary.keyIdentifierHex == hexString(key.publicKey.keyIdentifier))
    }

    @Test func malformedCodesAreDistinct() {
        let raw = CMSMalformedCode.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        // No CMS code collides with a DER code, so `code` alone says which layer refused.
        #expect(Set(raw).isDisjoint(with: DERError.Code.allCases.map(\.rawValue)))
    }
}
