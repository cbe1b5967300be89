import CryptoBackend
import Foundation
import Testing
@testable import CMS

/// Which CRLs count, and the revocation rule (docs/TRUST.md), on the library's own types: a
/// root CA, an intermediate CA (made by the openssl command, since healthsig's CAs certify
/// devices only) and a device under it.
@Suite("revocation set and rule")
struct RevocationSetTests {
    let rootKey: P256PrivateKey
    let root: Certificate
    let intermediateKey: P256PrivateKey
    let intermediate: Certificate
    let device: Certificate
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
        rootKey = try P256PrivateKey.generate()
        root = try Certificate.certificateAuthority(privateKey: rootKey, subject: "CN=Root", days: 3650,
                                                    notBefore: Date(timeIntervalSince1970: 1_700_000_000))
        try workspace.write("root.pem", text: root.pemString)
        try workspace.write("root.key", text: try rootKey.pkcs8PEM())
        // healthsig's CA has pathlen 0; openssl issues the intermediate regardless, and the
        // revocation walk (unlike path validation) looks at names and signatures only.
        try OpenSSLCommand.succeed(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "int.sec1"], in: workspace)
        try OpenSSLCommand.succeed(["pkcs8", "-topk8", "-nocrypt", "-in", "int.sec1", "-out", "int.key"], in: workspace)
        try OpenSSLCommand.succeed(["req", "-new", "-key", "int.key", "-subj", "/CN=Intermediate", "-out", "int.csr"], in: workspace)
        try workspace.write("ext.cnf", text: "[v3]\nbasicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n"
                                + "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n")
        try OpenSSLCommand.succeed(["x509", "-req", "-in", "int.csr", "-CA", "root.pem", "-CAkey", "root.key", "-set_serial", "77",
                                    "-days", "3650", "-extfile", "ext.cnf", "-extensions", "v3", "-out", "int.pem"], in: workspace)
        intermediateKey = try P256PrivateKey(pem: try workspace.readText("int.key"), passphrase: nil)
        intermediate = try Certificate(pem: try workspace.readText("int.pem"))
        device = try Certificate.issued(for: try P256PrivateKey.generate().publicKey, subject: "CN=Device", days: 365,
                                        issuer: intermediate, issuerKey: intermediateKey)
    }

    private func entry(_ reason: RevocationReason?, at revoked: Date, compromisedAt: Date? = nil) -> CertificateRevocationList.Entry {
        CertificateRevocationList.Entry(serialNumberBytes: [1], revocationDate: revoked, reason: reason, invalidityDate: compromisedAt)
    }

    @Test("compromise reasons, no reason and any invalidityDate revoke at every time; superseded, cessation and affiliation from the revocation date")
    func theRule() {
        let revoked = Date(timeIntervalSince1970: 1_800_000_000)
        let before = revoked.addingTimeInterval(-1), after = revoked
        for reason in [nil, RevocationReason.unspecified, .keyCompromise, .cACompromise, .aACompromise, .certificateHold, .privilegeWithdrawn] {
            #expect(RevocationRule.of(entry(reason, at: revoked)) == .compromise)
            #expect(RevocationRule.revokes(entry(reason, at: revoked), at: before), "\(String(describing: reason))")
        }
        for reason in [RevocationReason.superseded, .cessationOfOperation, .affiliationChanged] {
            #expect(RevocationRule.of(entry(reason, at: revoked)) == .revokedFromDate)
            #expect(!RevocationRule.revokes(entry(reason, at: revoked), at: before), "\(reason)")
            #expect(RevocationRule.revokes(entry(reason, at: revoked), at: after), "\(reason)")
            // An invalidityDate says the key was compromised, whatever the reason code.
            #expect(RevocationRule.revokes(entry(reason, at: revoked, compromisedAt: revoked.addingTimeInterval(-86_400)), at: before))
        }
    }

    @Test("a CA revoked by its issuer revokes the device under it; a superseded CA only from its revocation date")
    func revokedAuthority() throws {
        let now = Date()
        let crl = try CertificateRevocationList.issue(authority: root, authorityKey: rootKey, revoking: intermediate, reason: .keyCompromise,
                                                      compromisedAt: nil, nextUpdateDays: 30, previous: nil, now: now)
        let trust = TrustSet(certificates: [root, intermediate])
        let (set, refusals) = RevocationSet.build([("root.crl", crl.derEncoded)], trust: trust)
        #expect(refusals.isEmpty)
        let found = try #require(set.revocation(of: device, candidates: [root, intermediate], at: now.addingTimeInterval(-86_400)))
        #expect(found.subject == "CN=Intermediate" && found.isAuthority && found.reason == .keyCompromise && found.crlIssuer == "CN=Root")
        #expect(set.revocation(of: device, candidates: [root], at: now) == nil, "no chain to the revoked CA, nothing revoked")

        let superseded = try CertificateRevocationList.issue(authority: root, authorityKey: rootKey, revoking: intermediate,
                                                             reason: .superseded, compromisedAt: nil, nextUpdateDays: 30, previous: nil, now: now)
        let (set2, _) = RevocationSet.build([("root.crl", superseded.derEncoded)], trust: trust)
        #expect(set2.revocation(of: device, candidates: [root, intermediate], at: now.addingTimeInterval(-86_400)) == nil)
        #expect(set2.revocation(of: device, candidates: [root, intermediate], at: now.addingTimeInterval(86_400))?.rule == .revokedFromDate)
    }

    @Test("a trusted time before the compromise keeps a device under a compromised CA; one at or after it, or none, revokes")
    func trustedTimeBeforeCompromise() throws {
        let now = Date()
        let compromise = now.addingTimeInterval(-3_600)
        let crl = try CertificateRevocationList.issue(authority: root, authorityKey: rootKey, revoking: intermediate, reason: .keyCompromise,
                                                      compromisedAt: compromise, nextUpdateDays: 30, previous: nil, now: now)
        var (set, _) = RevocationSet.build([("root.crl", crl.derEncoded)], trust: TrustSet(certificates: [root, intermediate]))
        #expect(set.revocation(of: device, candidates: [root, intermediate], at: now) != nil, "no trusted time")
        set.trustedTime = compromise.addingTimeInterval(-1)
        #expect(set.revocation(of: device, candidates: [root, intermediate], at: now) == nil)
        set.trustedTime = compromise
        #expect(set.revocation(of: device, candidates: [root, intermediate], at: now)?.rule == .compromise)
    }

    @Test("an entry counts only for a certificate its CRL's signer issued: same issuer name and serial under another CA key do not match")
    func entryNeedsTheIssuersSignature() throws {
        let crl = try CertificateRevocationList.issue(authority: intermediate, authorityKey: intermediateKey, revoking: device,
                                                      reason: .keyCompromise, compromisedAt: nil, nextUpdateDays: 30, previous: nil)
        let trust = TrustSet(certificates: [root, intermediate])
        let (set, _) = RevocationSet.build([("int.crl", crl.derEncoded)], trust: trust)
        #expect(set.revocation(of: device, candidates: trust.certificates, at: Date())?.isAuthority == false)
        // A look-alike: the same issuer name and serial, signed by another key.
        let otherKey = try P256PrivateKey.generate()
        let lookAlikeCA = try Certificate.certificateAuthority(privateKey: otherKey, subject: "CN=Intermediate", days: 30)
        let lookAlike = try Certificate.issued(for: try P256PrivateKey.generate().publicKey, subject: "CN=Device", days: 30,
                                               issuer: lookAlikeCA, issuerKey: otherKey, serialNumber: device.serialNumberBytes)
        #expect(set.revocation(of: lookAlike, candidates: trust.certificates, at: Date()) == nil)
    }

    @Test("CRLs that do not count: an issuer outside the trust set, a bad signature, bytes that are no CRL")
    func refusals() throws {
        let crl = try CertificateRevocationList.issue(authority: intermediate, authorityKey: intermediateKey, revoking: device,
                                                      reason: .keyCompromise, compromisedAt: nil, nextUpdateDays: 30, previous: nil)
        var forged = crl.derEncoded
        forged[forged.count - 3] ^= 0x01
        let (set, refusals) = RevocationSet.build([("a", crl.derEncoded), ("b", forged), ("c", [0x30, 0x00])],
                                                  trust: TrustSet(certificates: [root]))
        #expect(set.isEmpty)
        #expect(refusals.map(\.source) == ["a", "b", "c"])
        #expect(refusals[0].reason == "its issuer CN=Intermediate is not a certificate of the trust set")
        let (_, forgedRefusal) = RevocationSet.build([("b", forged)], trust: TrustSet(certificates: [intermediate]))
        #expect(forgedRefusal.first?.reason == "its signature does not verify under the trusted certificate CN=Intermediate")
        #expect(refusals[2].reason.hasPrefix("invalid CRL:"))
    }

    @Test("a CRL signed by a trusted CA whose keyUsage lacks cRLSign does not count")
    func signerWithoutCRLSign() throws {
        try workspace.write("nocrl.cnf", text: "[req]\ndistinguished_name=dn\n[dn]\n[v3]\nbasicConstraints=critical,CA:TRUE\n"
                                + "keyUsage=critical,keyCertSign\nsubjectKeyIdentifier=hash\n")
        try OpenSSLCommand.succeed(["req", "-x509", "-new", "-key", "int.key", "-subj", "/CN=No CRL CA", "-days", "30",
                                    "-config", "nocrl.cnf", "-extensions", "v3", "-out", "nocrl.pem"], in: workspace)
        try workspace.write("index.txt", text: "")
        try workspace.write("ca.cnf", text: "[ca]\ndefault_ca = x\n[x]\ndatabase = index.txt\ndefault_md = sha256\ndefault_crl_days = 5\n")
        try OpenSSLCommand.succeed(["ca", "-gencrl", "-config", "ca.cnf", "-keyfile", "int.key", "-cert", "nocrl.pem", "-out", "nocrl.crl"],
                                   in: workspace)
        let signer = try Certificate(pem: try workspace.readText("nocrl.pem"))
        #expect(signer.crlSigningProblem == "its keyUsage lacks cRLSign")
        #expect(root.crlSigningProblem == nil)
        let (set, refusals) = RevocationSet.build([("nocrl.crl", try workspace.read("nocrl.crl"))], trust: TrustSet(certificates: [signer]))
        #expect(set.isEmpty)
        #expect(refusals.first?.reason == "its issuer CN=No CRL CA may not sign CRLs: its keyUsage lacks cRLSign")
    }

    @Test("stale: a CRL past its nextUpdate is listed as stale and still revokes")
    func stale() throws {
        let old = Date().addingTimeInterval(-10 * 86_400)
        let crl = try CertificateRevocationList.issue(authority: intermediate, authorityKey: intermediateKey, revoking: device,
                                                      reason: .keyCompromise, compromisedAt: nil, nextUpdateDays: 1, previous: nil, now: old)
        let (set, _) = RevocationSet.build([("int.crl", crl.derEncoded)], trust: TrustSet(certificates: [root, intermediate]))
        #expect(set.stale(at: Date()).count == 1)
        #expect(set.stale(at: old).isEmpty)
        #expect(set.revocation(of: device, candidates: [root, intermediate], at: Date()) != nil)
    }
}
