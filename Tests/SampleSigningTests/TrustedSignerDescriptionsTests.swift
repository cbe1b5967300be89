import CMS
import CryptoBackend
import DER
@testable import SampleSigning
import Testing

/// The signer descriptions a verifier makes once for its trusted signers are exactly the ones it
/// would write out for every verdict: hex key identifier, and the certificate subject when a
/// certificate named the signer.
@Suite struct TrustedSignerDescriptionsTests {
    static func written(_ keyIdentifier: [UInt8], _ subject: String?) -> SignerDescription {
        SignerDescription(keyIdentifier: Hex.encode(keyIdentifier), certificateSubject: subject)
    }

    @Test func descriptionsOfTrustedKeysAndCertificatesEqualTheWrittenOutOnes() throws {
        let bare = try P256PrivateKey.generate().publicKey
        let certified = try P256PrivateKey.generate()
        let certificate = try Certificate.selfSigned(privateKey: certified, subject: "CN=Acme Thermo", days: 30)
        let descriptions = TrustedSignerDescriptions(TrustSet(publicKeys: [bare], certificates: [certificate]))

        #expect(descriptions.description(keyIdentifier: bare.keyIdentifier, certificateSubject: nil)
            == Self.written(bare.keyIdentifier, nil))
        let certifiedID = certified.publicKey.keyIdentifier
        #expect(descriptions.description(keyIdentifier: certifiedID, certificateSubject: "CN=Acme Thermo")
            == Self.written(certifiedID, "CN=Acme Thermo"))
        // The certified key trusted without its certificate (its validity over), and a key the
        // trust set does not hold: written out as before.
        #expect(descriptions.description(keyIdentifier: certifiedID, certificateSubject: nil) == Self.written(certifiedID, nil))
        let stranger = try P256PrivateKey.generate().publicKey.keyIdentifier
        #expect(descriptions.description(keyIdentifier: stranger, certificateSubject: nil) == Self.written(stranger, nil))
    }

    @Test func signersPastTheLimitAreStillDescribed() throws {
        let keys = try (0..<TrustedSignerDescriptions.limit + 2).map { _ in try P256PrivateKey.generate().publicKey }
        let descriptions = TrustedSignerDescriptions(TrustSet(publicKeys: keys))
        for key in keys {
            #expect(descriptions.description(keyIdentifier: key.keyIdentifier, certificateSubject: nil)
                == Self.written(key.keyIdentifier, nil))
        }
    }
}
