import CryptoBackend
import Foundation
import Testing

@Suite("X.509 chain verification")
struct ChainVerificationTests {
    /// Root CA → intermediate CA → leaf, all made by the openssl command.
    struct Hierarchy {
        let root: Certificate
        let intermediate: Certificate
        let leaf: Certificate
        let unrelatedRoot: Certificate
    }

    private static func makeHierarchy(_ openssl: OpenSSLCommand) throws -> Hierarchy {
        for name in ["root", "intermediate", "leaf", "other"] { try openssl.generateP256Key("\(name).key") }
        let caExtensions = ["subjectKeyIdentifier=hash", "basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign,cRLSign"]
        try openssl.makeSelfSignedCertificate(key: "root.key", subject: "/O=Acme/CN=Acme Root", out: "root.pem", extensions: caExtensions)
        try openssl.makeSelfSignedCertificate(key: "other.key", subject: "/O=Acme/CN=Acme Root", out: "other.pem", extensions: caExtensions)
        try openssl.write("ca.ext", """
            subjectKeyIdentifier=hash
            authorityKeyIdentifier=keyid
            basicConstraints=critical,CA:TRUE
            keyUsage=critical,keyCertSign
            """)
        try openssl.write("leaf.ext", """
            subjectKeyIdentifier=hash
            authorityKeyIdentifier=keyid
            basicConstraints=critical,CA:FALSE
            keyUsage=critical,digitalSignature
            """)
        try openssl.run(["req", "-new", "-key", "intermediate.key", "-subj", "/O=Acme/CN=Acme Devices CA", "-out", "intermediate.csr"])
        try openssl.run(["x509", "-req", "-in", "intermediate.csr", "-CA", "root.pem", "-CAkey", "root.key", "-set_serial", "2",
                         "-days", "20", "-extfile", "ca.ext", "-out", "intermediate.pem"])
        try openssl.run(["req", "-new", "-key", "leaf.key", "-subj", "/O=Acme/CN=Acme BP Cuff", "-out", "leaf.csr"])
        try openssl.run(["x509", "-req", "-in", "leaf.csr", "-CA", "intermediate.pem", "-CAkey", "intermediate.key", "-set_serial", "3",
                         "-days", "10", "-extfile", "leaf.ext", "-out", "leaf.pem"])
        return Hierarchy(
            root: try Certificate(pem: try openssl.readText("root.pem")),
            intermediate: try Certificate(pem: try openssl.readText("intermediate.pem")),
            leaf: try Certificate(pem: try openssl.readText("leaf.pem")),
            unrelatedRoot: try Certificate(pem: try openssl.readText("other.pem"))
        )
    }

    @Test func chainsBuiltByOpenSSL() throws {
        let openssl = try OpenSSLCommand()
        let chain = try Self.makeHierarchy(openssl)
        #expect(chain.leaf.issuer == "CN=Acme Devices CA,O=Acme")
        #expect(chain.leaf.issuerNameDER == chain.intermediate.subjectNameDER)
        #expect(!chain.leaf.isSelfIssued)

        // Sanity: the openssl command agrees the chain is good.
        try openssl.run(["verify", "-CAfile", "root.pem", "-untrusted", "intermediate.pem", "leaf.pem"])

        #expect(throws: Never.self) {
            try Certificate.verifyChain(leaf: chain.leaf, intermediates: [chain.intermediate], trustedRoots: [chain.root]).get()
        }
        // With the intermediate trusted directly (partial chain), no root is needed.
        #expect(throws: Never.self) {
            try Certificate.verifyChain(leaf: chain.leaf, intermediates: [], trustedRoots: [chain.intermediate]).get()
        }
        // A trusted leaf verifies on its own.
        #expect(throws: Never.self) {
            try Certificate.verifyChain(leaf: chain.leaf, intermediates: [], trustedRoots: [chain.leaf]).get()
        }
    }

    @Test func failuresReportOpenSSLReasons() throws {
        let openssl = try OpenSSLCommand()
        let chain = try Self.makeHierarchy(openssl)

        // Same subject name, different key: the signature does not verify.
        let unrelated = Certificate.verifyChain(leaf: chain.leaf, intermediates: [chain.intermediate], trustedRoots: [chain.unrelatedRoot])
        let unrelatedError = #expect(throws: CryptoError.self) { try unrelated.get() }
        #expect(unrelatedError?.errorCase == .chainVerificationFailed)

        let missingIntermediate = Certificate.verifyChain(leaf: chain.leaf, intermediates: [], trustedRoots: [chain.root])
        let missingError = #expect(throws: CryptoError.self) { try missingIntermediate.get() }
        #expect(missingError?.errorCase == .chainVerificationFailed)
        #expect(missingError?.message.contains("unable to get local issuer certificate") == true, "\(String(describing: missingError))")

        let later = Date().addingTimeInterval(15 * 86_400)   // leaf valid 10 days, intermediate 20
        let expired = Certificate.verifyChain(leaf: chain.leaf, intermediates: [chain.intermediate], trustedRoots: [chain.root], at: later)
        let expiredError = #expect(throws: CryptoError.self) { try expired.get() }
        #expect(expiredError == .chainVerificationFailed(reason: "certificate has expired (subject \"CN=Acme BP Cuff,O=Acme\")", depth: 0))

        let earlier = Date().addingTimeInterval(-86_400)
        let notYet = Certificate.verifyChain(leaf: chain.leaf, intermediates: [chain.intermediate], trustedRoots: [chain.root], at: earlier)
        let notYetError = #expect(throws: CryptoError.self) { try notYet.get() }
        #expect(notYetError?.message.contains("not yet valid") == true, "\(String(describing: notYetError))")

        let noRoots = Certificate.verifyChain(leaf: chain.leaf, intermediates: [chain.intermediate], trustedRoots: [])
        #expect(#expect(throws: CryptoError.self) { try noRoots.get() }?.errorCase == .chainVerificationFailed)
    }

    @Test func selfSignedLeafIsTrustedOnlyByItself() throws {
        let key = try P256PrivateKey.generate()
        let certificate = try Certificate.selfSigned(privateKey: key, subject: "CN=Device", days: 1)
        let other = try Certificate.selfSigned(privateKey: try P256PrivateKey.generate(), subject: "CN=Device", days: 1)
        #expect(throws: Never.self) { try Certificate.verifyChain(leaf: certificate, trustedRoots: [certificate]).get() }
        #expect(throws: Never.self) { try Certificate.verifyChain(leaf: certificate, trustedRoots: [other, certificate]).get() }
        let refused = Certificate.verifyChain(leaf: certificate, trustedRoots: [other])
        #expect(#expect(throws: CryptoError.self) { try refused.get() }?.errorCase == .chainVerificationFailed)
    }
}
