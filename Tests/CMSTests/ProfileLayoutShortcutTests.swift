import CryptoBackend
import DER
import Foundation
import Testing

@_spi(FastPathReference) @testable import CMS

/// The profile's own layout, recognised on its bytes (`ProfileSignedDataLayout`), skips the
/// structure checks it passes by construction: the verdict must be exactly that of the full
/// checks, for the layout itself and for every damaged copy of it.
@Suite("Profile layout shortcut")
struct ProfileLayoutShortcutTests {
    static let time = CMSVerifier.CertificateTime.fixed(Date(timeIntervalSince1970: 1_750_000_000))

    @Test func profileLayoutIsRecognisedWithItsContentAndSignerIdentifier() throws {
        let key = try Fixtures.key()
        for content in [Fixtures.content300, [7], Array(repeating: 0x5A, count: 70_000)] {
            let der = try SignedDataBuilder().sign(content, using: key)
            let layout = try #require(ProfileSignedDataLayout(der))
            #expect(Array(der[layout.content]) == content)
            #expect(Array(der[layout.subjectKeyIdentifier]) == key.publicKey.keyIdentifier)
            let view = try CMSSignedDataView(derEncoded: der)
            #expect(Array(der[layout.signature]) == view.signerInfos.first?.signature)
        }
    }

    /// Bytes lent in place that are not in the profile's layout get the full checks' verdict.
    @Test func lentBytesOfOtherLayoutsGetTheVerdictOfTheFullChecks() throws {
        let key = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(key)
        let builders = [
            SignedDataBuilder(includesSignedAttributes: true, signingTime: Date(timeIntervalSince1970: 1_750_000_000)),
            SignedDataBuilder(signerCertificate: certificate, embedsSignerCertificate: true),
            SignedDataBuilder(signerIdentification: .issuerAndSerialNumber, signerCertificate: certificate),
        ]
        for trust in [TrustSet(publicKeys: [key.publicKey]), TrustSet(certificates: [certificate]), TrustSet()] {
            for builder in builders {
                let der = try builder.sign([1, 2, 3], using: key)
                let lent = der.withUnsafeBufferPointer { CMSVerifier.verify(bytes: $0, trust: trust, certificateTime: Self.time) }
                #expect(lent == CMSVerifier.verify(der, trust: trust, certificateTime: Self.time))
            }
        }
    }

    @Test func otherLayoutsAreLeftToTheFullChecks() throws {
        let key = try Fixtures.key()
        let certificate = try Fixtures.selfSigned(key)
        let builders = [
            SignedDataBuilder(includesSignedAttributes: true, signingTime: Date(timeIntervalSince1970: 1_750_000_000)),
            SignedDataBuilder(detachesContent: true),
            SignedDataBuilder(signerCertificate: certificate, embedsSignerCertificate: true),
            SignedDataBuilder(signerIdentification: .issuerAndSerialNumber, signerCertificate: certificate),
        ]
        for builder in builders {
            #expect(ProfileSignedDataLayout(try builder.sign([1, 2, 3], using: key)) == nil)
        }
    }

    @Test func damagedSignaturesGetTheVerdictOfTheFullChecks() throws {
        let key = try Fixtures.key()
        let other = try Fixtures.key()
        for trust in [TrustSet(publicKeys: [key.publicKey]), TrustSet(publicKeys: [other.publicKey])] {
            for content in [Fixtures.content300, Array(Fixtures.content300.prefix(90))] {
                let original = try SignedDataBuilder().sign(content, using: key)
                try expectSameVerdicts(original, trust: trust)
            }
        }
    }

    /// Every single-byte change of `original` (each byte XORed with 0x01, 0x80 and 0xFF) and
    /// random structured mutations (``SignatureMutation``) get one verdict by both routes.
    private func expectSameVerdicts(_ original: [UInt8], trust: TrustSet) throws {
        var inputs: [(String, [UInt8])] = [("original", original)]
        for index in original.indices {
            for change: UInt8 in [0x01, 0x80, 0xFF] {
                var bytes = original
                bytes[index] ^= change
                inputs.append(("byte \(index) ^ \(change)", bytes))
            }
        }
        let root = try DER.parse(original)
        var random = SplitMix64(state: 0x1A70_5EED)
        for kind in SignatureMutation.Kind.allCases {
            for _ in 0..<100 {
                let mutation = SignatureMutation.make(kind, of: original, root: root, using: &random)
                inputs.append(("\(mutation)", mutation.bytes))
            }
        }
        inputs.append(("trailing byte", original + [0]))
        for (name, bytes) in inputs {
            let shortcut = CMSVerifier.verify(bytes, trust: trust, certificateTime: Self.time)
            let full = CMSVerifier.verifyWithoutLayoutShortcut(bytes, trust: trust, certificateTime: Self.time)
            #expect(shortcut == full, "\(name)")
            // The verifier's route for a signature it decoded into memory of its own.
            let lent = bytes.withUnsafeBufferPointer { CMSVerifier.verify(bytes: $0, trust: trust, certificateTime: Self.time) }
            #expect(lent == full, "lent: \(name)")
        }
    }
}
