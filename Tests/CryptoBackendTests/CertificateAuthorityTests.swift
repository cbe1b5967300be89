import CryptoBackend
import Foundation
import Testing

/// A vendor CA and the device certificates it issues: extensions as RFC 5280 wants them, and
/// the real `openssl verify` / `openssl cms -verify` chaining a device to the CA alone.
@Suite("X.509 certificates: vendor CA and issued device certificates")
struct CertificateAuthorityTests {
    let caKey: P256PrivateKey
    let ca: Certificate

    init() throws {
        caKey = try P256PrivateKey.generate()
        ca = try Certificate.certificateAuthority(privateKey: caKey, subject: "CN=Acme Root CA,O=Acme", days: 3650)
    }

    @Test func deviceChainsToTheCAInOpenSSLVerifyAndCMS() throws {
        let openssl = try OpenSSLCommand()
        let deviceKey = try P256PrivateKey.generate()
        let device = try Certificate.issued(for: deviceKey.publicKey, subject: "CN=Acme BP-200 Cuff,O=Acme", days: 365,
                                            issuer: ca, issuerKey: caKey)
        try openssl.write("ca.pem", ca.pemString)
        try openssl.write("device.pem", device.pemString)
        try openssl.write("device.key.pem", try deviceKey.pkcs8PEM())

        // No -partial_chain: the CA is a proper root and the device a leaf under it.
        let verified = try openssl.run(["verify", "-x509_strict", "-CAfile", "ca.pem", "device.pem"])
        #expect(verified.text.contains("device.pem: OK"))
        // The device certificate is no CA: nothing it signs chains.
        let notCA = try openssl.runAllowingFailure(["verify", "-CAfile", "device.pem", "device.pem"])
        #expect(notCA.status != 0)

        try openssl.write("content.bin", Array("reading".utf8))
        try openssl.run(["cms", "-sign", "-binary", "-in", "content.bin", "-signer", "device.pem", "-inkey", "device.key.pem",
                         "-outform", "DER", "-out", "signed.der"])
        let cms = try openssl.run(["cms", "-verify", "-binary", "-inform", "DER", "-in", "signed.der",
                                   "-content", "content.bin", "-CAfile", "ca.pem", "-out", "verified.bin"])
        #expect(cms.standardError.contains("Verification successful"))
    }

    @Test func extensionsOfCAAndDevice() throws {
        let openssl = try OpenSSLCommand()
        let deviceKey = try P256PrivateKey.generate()
        let device = try Certificate.issued(for: deviceKey.publicKey, subject: "CN=Acme BP-200 Cuff,O=Acme", days: 365,
                                            issuer: ca, issuerKey: caKey)
        #expect(ca.isSelfIssued && ca.subjectKeyIdentifier == caKey.publicKey.keyIdentifier)
        #expect(device.issuer == ca.subject && !device.isSelfIssued)
        #expect(device.publicKey == deviceKey.publicKey)
        #expect(device.subjectKeyIdentifier == deviceKey.publicKey.keyIdentifier)
        #expect(Certificate.verifyChain(leaf: device, trustedRoots: [ca]).isSuccess)

        try openssl.write("ca.pem", ca.pemString)
        try openssl.write("device.pem", device.pemString)
        let caText = try openssl.run(["x509", "-in", "ca.pem", "-noout", "-ext",
                                      "basicConstraints,keyUsage,subjectKeyIdentifier,authorityKeyIdentifier"]).text
        #expect(caText.contains("X509v3 Basic Constraints: critical\n    CA:TRUE, pathlen:0"))
        #expect(caText.contains("X509v3 Key Usage: critical\n    Certificate Sign, CRL Sign"))
        let deviceText = try openssl.run(["x509", "-in", "device.pem", "-noout", "-ext",
                                          "basicConstraints,keyUsage,subjectKeyIdentifier,authorityKeyIdentifier"]).text
        #expect(deviceText.contains("X509v3 Basic Constraints: critical\n    CA:FALSE"))
        #expect(deviceText.contains("X509v3 Key Usage: critical\n    Digital Signature"))
        let caSKI = Self.colonHex(ca.subjectKeyIdentifier ?? [])
        #expect(deviceText.contains("X509v3 Authority Key Identifier: \n    \(caSKI)"), "\(deviceText)")
        #expect(deviceText.contains("X509v3 Subject Key Identifier: \n    \(Self.colonHex(deviceKey.publicKey.keyIdentifier))"))
    }

    @Test func issuerThatIsNoCAIsRefused() throws {
        let deviceKey = try P256PrivateKey.generate()
        let leafKey = try P256PrivateKey.generate()
        let leaf = try Certificate.selfSigned(privateKey: leafKey, subject: "CN=Some Device", days: 10)
        #expect(throws: CryptoError.invalidArgument(
            "CN=Some Device is not a CA certificate (basicConstraints cA TRUE with keyCertSign); make one with keygen --ca")) {
            try Certificate.issued(for: deviceKey.publicKey, subject: "CN=X", days: 10, issuer: leaf, issuerKey: leafKey)
        }
    }

    @Test func issuerKeyOfAnotherCertificateIsRefused() throws {
        let deviceKey = try P256PrivateKey.generate()
        let otherKey = try P256PrivateKey.generate()
        #expect(throws: CryptoError.invalidArgument("the CA key does not belong to the CA certificate CN=Acme Root CA,O=Acme")) {
            try Certificate.issued(for: deviceKey.publicKey, subject: "CN=X", days: 10, issuer: ca, issuerKey: otherKey)
        }
    }

    static func colonHex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02X", $0) }.joined(separator: ":")
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
