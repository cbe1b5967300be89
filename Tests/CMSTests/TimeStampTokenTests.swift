import CryptoBackend
import DER
import Foundation
import Testing
@testable import CMS

/// RFC 3161 time-stamp tokens: the ones healthsig issues as its own TSA, the ones `openssl ts
/// -reply` issues, and every way a token proves nothing (docs/TRUST.md, "Trusted time").
@Suite("time-stamp tokens")
struct TimeStampTokenTests {
    /// A CA, a TSA certificate under it, and the files openssl needs.
    final class Authority {
        let workspace: Workspace
        let caKey: P256PrivateKey
        let ca: Certificate
        let tsaKey: P256PrivateKey
        let tsa: Certificate

        init(caSubject: String = "CN=Gateway CA", tsaNotBefore: Date = Date(timeIntervalSinceNow: -86_400), days: Int = 30) throws {
            workspace = try Workspace()
            caKey = try P256PrivateKey.generate()
            ca = try Certificate.certificateAuthority(privateKey: caKey, subject: caSubject, days: 3650,
                                                      notBefore: Date(timeIntervalSinceNow: -10 * 86_400))
            tsaKey = try P256PrivateKey.generate()
            tsa = try Certificate.issued(for: tsaKey.publicKey, subject: "CN=Gateway TSA", days: days, notBefore: tsaNotBefore,
                                         issuer: ca, issuerKey: caKey, timeStamping: true)
            try workspace.write("ca.pem", text: ca.pemString)
            try workspace.write("tsa.pem", text: tsa.pemString)
            try workspace.write("tsa.key", text: try tsaKey.pkcs8PEM())
        }

        deinit { workspace.remove() }

        var authority: TimeStampAuthority {
            get throws { try TimeStampAuthority(key: tsaKey, certificate: tsa) }
        }

        /// A token made by `openssl ts -reply` for `digest`, with the ESS attribute's hash `essHash`.
        func opensslToken(digest: [UInt8], essHash: String = "sha256") throws -> [UInt8] {
            try workspace.write("tsa.cnf", text: """
                [tsa]
                default_tsa = tsa1
                [tsa1]
                serial = \(workspace.path("serial"))
                signer_cert = \(workspace.path("tsa.pem"))
                signer_key = \(workspace.path("tsa.key"))
                signer_digest = sha256
                default_policy = 1.2.3.4.1
                digests = sha256
                ess_cert_id_alg = \(essHash)

                """)
            try workspace.write("serial", text: "01\n")
            try OpenSSLCommand.succeed(["ts", "-query", "-digest", hexString(digest), "-sha256", "-cert", "-out", "req.tsq"], in: workspace)
            try OpenSSLCommand.succeed(["ts", "-reply", "-config", "tsa.cnf", "-queryfile", "req.tsq", "-token_out", "-out", "token.der"],
                                       in: workspace)
            return try workspace.read("token.der")
        }

        /// `openssl ts -verify -digest HEX -in token -token_in -CAfile ca.pem`.
        func opensslAccepts(_ token: [UInt8], digest: [UInt8]) throws -> OpenSSLCommand.Outcome {
            try workspace.write("check.tsr", token)
            return try OpenSSLCommand.run(["ts", "-verify", "-digest", hexString(digest), "-in", "check.tsr", "-token_in",
                                           "-CAfile", "ca.pem"], in: workspace)
        }
    }

    static let signature = Array("the DER of a reading's signature".utf8)
    static var imprint: [UInt8] { TimeStampToken.imprint(ofSignature: signature) }

    @Test("a token healthsig issues verifies with its genTime and authority, and openssl ts -verify accepts it")
    func ownTokenVerifiesAndOpenSSLAcceptsIt() throws {
        let fixture = try Authority()
        let der = try fixture.authority.token(imprint: Self.imprint, at: Date())
        let time = try TimeStampToken(der: der).verify(imprint: Self.imprint, trusting: [fixture.ca])
        #expect(time.authority == "CN=Gateway TSA")
        #expect(abs(time.genTime.timeIntervalSinceNow) < 60)
        #expect(time.genTime.timeIntervalSince1970 == time.genTime.timeIntervalSince1970.rounded(.down))
        let outcome = try fixture.opensslAccepts(der, digest: Self.imprint)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("Verification: OK"))
        // The TSA certificate itself as the trust anchor works as well as its CA.
        #expect(try TimeStampToken(der: der).verify(imprint: Self.imprint, trusting: [fixture.tsa]).authority == "CN=Gateway TSA")
    }

    @Test("a token made by openssl ts -reply verifies, with an ESS signingCertificateV2 (SHA-256) or signingCertificate (SHA-1)",
          arguments: ["sha256", "sha1"])
    func opensslTokenVerifies(essHash: String) throws {
        let fixture = try Authority()
        let der = try fixture.opensslToken(digest: Self.imprint, essHash: essHash)
        let token = try TimeStampToken(der: der)
        #expect(token.signingCertificate.version == (essHash == "sha1" ? .v1 : .v2))
        let time = try token.verify(imprint: Self.imprint, trusting: [fixture.ca])
        #expect(time.authority == "CN=Gateway TSA")
        #expect(abs(time.genTime.timeIntervalSinceNow) < 120)
    }

    @Test("a token about other bytes is timestamp-imprint-mismatch")
    func wrongImprint() throws {
        let fixture = try Authority()
        let other = Digest.sha256(Array("another signature".utf8))
        for der in [try fixture.authority.token(imprint: other), try fixture.opensslToken(digest: other)] {
            let error = #expect(throws: TimeStampError.self) {
                try TimeStampToken(der: der).verify(imprint: Self.imprint, trusting: [fixture.ca])
            }
            #expect(error == .imprintMismatch("its messageImprint \(Hex.encode(other)) is not SHA-256 of the signature "
                                              + Hex.encode(Self.imprint)))
            #expect(error?.code == "timestamp-imprint-mismatch")
        }
    }

    @Test("a token from a TSA that chains to no trusted certificate is timestamp-untrusted-tsa")
    func untrustedAuthority() throws {
        let fixture = try Authority()
        let stranger = try Authority(caSubject: "CN=Other CA")
        let der = try stranger.authority.token(imprint: Self.imprint)
        let error = #expect(throws: TimeStampError.self) {
            try TimeStampToken(der: der).verify(imprint: Self.imprint, trusting: [fixture.ca])
        }
        #expect(error?.code == "timestamp-untrusted-tsa")
        guard case .untrustedAuthority(let subject, let reason)? = error else { return }
        #expect(subject == "CN=Gateway TSA")
        #expect(reason.hasPrefix("unable to get local issuer certificate"))
        #expect(throws: TimeStampError.untrustedAuthority(subject: "CN=Gateway TSA", reason: "no TSA is trusted")) {
            try TimeStampToken(der: der).verify(imprint: Self.imprint, trusting: [])
        }
    }

    @Test("a TSA certificate not valid at genTime makes the token untrusted")
    func authorityOutsideItsValidity() throws {
        let fixture = try Authority(tsaNotBefore: Date(timeIntervalSinceNow: 86_400))
        let der = try TimeStampAuthority(key: fixture.tsaKey, certificate: fixture.tsa).token(imprint: Self.imprint)
        let error = #expect(throws: TimeStampError.self) {
            try TimeStampToken(der: der).verify(imprint: Self.imprint, trusting: [fixture.ca])
        }
        guard case .untrustedAuthority(_, let reason)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.hasPrefix("certificate is not yet valid"))
    }

    @Test("a signer certificate without the critical timeStamping extended key usage is timestamp-not-tsa-certificate; healthsig will not issue with it",
          arguments: [
              ("device", ["basicConstraints=critical,CA:FALSE", "keyUsage=critical,digitalSignature"],
               Certificate.TimeStampingPurposeProblem.extendedKeyUsageMissing),
              ("noncritical", ["basicConstraints=critical,CA:FALSE", "keyUsage=critical,digitalSignature", "extendedKeyUsage=timeStamping"],
               .extendedKeyUsageNotCritical),
              ("extra", ["basicConstraints=critical,CA:FALSE", "extendedKeyUsage=critical,timeStamping,emailProtection"],
               .extendedKeyUsageNotTimeStampingOnly),
              ("keycertsign", ["basicConstraints=critical,CA:FALSE", "keyUsage=critical,keyCertSign",
                               "extendedKeyUsage=critical,timeStamping"], .keyUsageLacksSigning),
          ])
    func notATimeStampingCertificate(name: String, extensions: [String], problem: Certificate.TimeStampingPurposeProblem) throws {
        let fixture = try Authority()
        let ws = fixture.workspace
        try ws.write("ca.key", text: try fixture.caKey.pkcs8PEM())
        try OpenSSLCommand.succeed(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "\(name).key",
                                    "-out", "\(name).csr", "-subj", "/CN=\(name)"], in: ws)
        try ws.write("\(name).ext", text: extensions.joined(separator: "\n") + "\n")
        try OpenSSLCommand.succeed(["x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", "9",
                                    "-days", "10", "-extfile", "\(name).ext", "-out", "\(name).pem"], in: ws)
        let certificate = try Certificate(pem: try ws.readText("\(name).pem"))
        let key = try P256PrivateKey(pem: try ws.readText("\(name).key"))
        #expect(certificate.timeStampingPurposeProblem == problem)
        #expect(throws: TimeStampError.notATimeStampingCertificate(subject: "CN=\(name)", problem: "\(problem)")) {
            try TimeStampAuthority(key: key, certificate: certificate)
        }
        // A token such a certificate signed, written as a TSA would (openssl ts -reply refuses to
        // issue with some of them; a TSA that does not check must still be refused here).
        var builder = SignedDataBuilder(eContentType: .idCTTSTInfo, signerIdentification: .issuerAndSerialNumber,
                                        signerCertificate: certificate, embedsSignerCertificate: true, includesSignedAttributes: true)
        builder.additionalSignedAttributes = [SigningCertificateAttribute(v2For: certificate).attribute]
        let der = try builder.sign(DER.encode(try TSTInfoRuleTests.info()), using: key)
        #expect(throws: TimeStampError.notATimeStampingCertificate(subject: "CN=\(name)", problem: "\(problem)")) {
            try TimeStampToken(der: der).verify(imprint: TSTInfoRuleTests.imprintBytes, trusting: [fixture.ca])
        }
    }

    @Test("a changed token signature or a changed TSTInfo is timestamp-bad-signature")
    func tamperedToken() throws {
        let fixture = try Authority()
        let der = try fixture.authority.token(imprint: Self.imprint)
        var flipped = der
        flipped[flipped.count - 3] ^= 0x01
        let error = #expect(throws: TimeStampError.self) {
            try TimeStampToken(der: flipped).verify(imprint: Self.imprint, trusting: [fixture.ca])
        }
        #expect(error?.code == "timestamp-bad-signature")
        // A byte of the imprint inside the TSTInfo: the message-digest no longer matches.
        let changed = try #require(replacing(Self.imprint, with: [Self.imprint[0] ^ 1] + Self.imprint.dropFirst(), in: der))
        let second = #expect(throws: TimeStampError.self) {
            try TimeStampToken(der: changed).verify(imprint: Self.imprint, trusting: [fixture.ca])
        }
        #expect(second == .badSignature("bad-signature: the message-digest attribute does not match the SHA-256 digest of the content"))
    }

    @Test("a token whose ESS attribute names another certificate is timestamp-bad-signature")
    func essNamesAnotherCertificate() throws {
        let fixture = try Authority()
        var builder = SignedDataBuilder(eContentType: .idCTTSTInfo, signerIdentification: .issuerAndSerialNumber,
                                        signerCertificate: fixture.tsa, embedsSignerCertificate: true, includesSignedAttributes: true)
        builder.additionalSignedAttributes = [SigningCertificateAttribute(v2For: fixture.ca).attribute]
        let der = try builder.sign(DER.encode(TSTInfoRuleTests.info()), using: fixture.tsaKey)
        #expect(throws: TimeStampError.badSignature("the ESS signingCertificate attribute names another certificate than the signer's CN=Gateway TSA")) {
            try TimeStampToken(der: der).verify(imprint: TSTInfoRuleTests.imprintBytes, trusting: [fixture.ca])
        }
    }

    @Test("additional signed attributes without signed attributes are refused, not dropped, also in the default profile")
    func additionalAttributesNeedSignedAttributes() throws {
        let key = try P256PrivateKey.generate()
        var builder = SignedDataBuilder()
        builder.additionalSignedAttributes = [Attribute(attrType: "1.2.3.4", attrValues: [try DERAny(encoded: [0x05, 0x00])])]
        expectBuilderError("additionalAttributesNeedSignedAttributes") { _ = try builder.sign([1, 2, 3], using: key) }
        builder.includesSignedAttributes = true
        let der = try builder.sign([1, 2, 3], using: key)
        #expect(CMSVerifier.verify(der, trust: TrustSet(publicKeys: [key.publicKey])).isValid)
        #expect(replacing([0x06, 0x03, 0x2A, 0x03, 0x04], with: [0x06, 0x03, 0x2A, 0x03, 0x04], in: der) != nil)
    }

    @Test("a token without the ESS attribute, without the TSA certificate, or of another content type is timestamp-malformed")
    func malformedTokens() throws {
        let fixture = try Authority()
        let content = DER.encode(try TSTInfoRuleTests.info())
        let noESS = try SignedDataBuilder(eContentType: .idCTTSTInfo, signerIdentification: .issuerAndSerialNumber,
                                          signerCertificate: fixture.tsa, embedsSignerCertificate: true, includesSignedAttributes: true)
            .sign(content, using: fixture.tsaKey)
        #expect(throws: TimeStampError.malformed("the signed attributes hold 0 ESS signingCertificate(V2) attributes; RFC 3161 2.4.1 requires one")) {
            try TimeStampToken(der: noESS)
        }
        var bare = SignedDataBuilder(eContentType: .idCTTSTInfo, signerIdentification: .issuerAndSerialNumber,
                                     signerCertificate: fixture.tsa, includesSignedAttributes: true)
        bare.additionalSignedAttributes = [SigningCertificateAttribute(v2For: fixture.tsa).attribute]
        let error = #expect(throws: TimeStampError.self) { try TimeStampToken(der: try bare.sign(content, using: fixture.tsaKey)) }
        #expect(error?.description.contains("does not carry the TSA certificate") == true)
        let data = try SignedDataBuilder(signerCertificate: fixture.tsa, embedsSignerCertificate: true).sign(content, using: fixture.tsaKey)
        #expect(throws: TimeStampError.malformed("eContentType id-data (1.2.840.113549.1.7.1) is not id-ct-TSTInfo (RFC 3161 2.4.2)")) {
            try TimeStampToken(der: data)
        }
    }
}

/// TSTInfo, TimeStampReq and TimeStampResp decoding rules, each with its negative case.
@Suite("RFC 3161 structures")
struct TSTInfoRuleTests {
    static let imprintBytes = Digest.sha256(Array("x".utf8))

    static func info() throws -> TSTInfo {
        TSTInfo(policy: "1.2.3.4", messageImprint: MessageImprint(hashedMessage: imprintBytes), serialNumber: DERInteger(42),
                genTime: try GeneralizedTime(year: 2026, month: 11, day: 29, hour: 6, minute: 0, second: 0))
    }

    /// A TSTInfo written field by field, so that a test can break one.
    static func encoded(version: Int = 1, serial: [UInt8] = [42], genTime: String = "20261129060000Z",
                        extra: (inout DERWriter) -> Void = { _ in }) -> [UInt8] {
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { w in
            w.append(DERInteger(version))
            w.append(DERObjectIdentifier("1.2.3.4"))
            w.append(MessageImprint(hashedMessage: imprintBytes))
            w.appendPrimitive(.integer, content: serial)
            w.appendPrimitive(.generalizedTime, utf8: genTime)
            extra(&w)
        }
        return writer.bytes
    }

    static func decodeError(_ bytes: [UInt8]) -> DERError? {
        do {
            _ = try TSTInfo(derNode: DER.parse(bytes))
            return nil
        } catch {
            return error as? DERError
        }
    }

    @Test("a TSTInfo round-trips with accuracy, ordering TRUE, nonce, tsa and a non-critical extension")
    func roundTrip() throws {
        var info = try Self.info()
        info.accuracy = TimeStampAccuracy(seconds: 1, millis: 500, micros: 1)
        info.ordering = true
        info.nonce = DERInteger(7)
        let bytes = DER.encode(info)
        #expect(try TSTInfo(derNode: DER.parse(bytes)) == info)
        let withExtension = Self.encoded { w in
            w.appendConstructed(.contextSpecific(1, constructed: true)) { e in
                e.appendConstructed(.sequence) { x in
                    x.append(DERObjectIdentifier("1.2.3.5"))
                    x.append(DEROctetString([0x05, 0x00]))
                }
            }
        }
        #expect(try TSTInfo(derNode: DER.parse(withExtension)).extensions != nil)
    }

    @Test("version other than 1, a serial number that is zero, negative or over 160 bits are refused")
    func versionAndSerial() {
        #expect(Self.decodeError(Self.encoded(version: 2))?.reason.contains("TSTInfo version must be 1") == true)
        #expect(Self.decodeError(Self.encoded(serial: [0]))?.reason.contains("serialNumber must be positive") == true)
        #expect(Self.decodeError(Self.encoded(serial: [0xFF]))?.reason.contains("serialNumber must be positive") == true)
        #expect(Self.decodeError(Self.encoded(serial: [0x00, 0x80] + [UInt8](repeating: 1, count: 19))) == nil)
        #expect(Self.decodeError(Self.encoded(serial: [0x01] + [UInt8](repeating: 1, count: 20)))?.reason
            .contains("longer than 160 bits") == true)
    }

    @Test("genTime must be DER GeneralizedTime: UTC with Z, no trailing zero in the fraction")
    func genTimeForm() {
        #expect(Self.decodeError(Self.encoded(genTime: "20261129060000"))?.code == .invalidTime)
        #expect(Self.decodeError(Self.encoded(genTime: "20261129060000.50Z"))?.code == .invalidTime)
        #expect(Self.decodeError(Self.encoded(genTime: "20261129060000+0100"))?.code == .invalidTime)
        #expect(Self.decodeError(Self.encoded(genTime: "20261129060000.5Z")) == nil)
    }

    @Test("ordering FALSE written out is a DEFAULT encoded; a critical extension is refused; accuracy millis 0 is refused")
    func orderingExtensionsAccuracy() {
        let ordering = Self.decodeError(Self.encoded { $0.append(false) })
        #expect(ordering?.code == .defaultValueEncoded)
        let critical = Self.decodeError(Self.encoded { w in
            w.appendConstructed(.contextSpecific(1, constructed: true)) { e in
                e.appendConstructed(.sequence) { x in
                    x.append(DERObjectIdentifier("1.2.3.5"))
                    x.append(true)
                    x.append(DEROctetString([0x05, 0x00]))
                }
            }
        })
        #expect(critical?.reason.contains("critical extension 1.2.3.5") == true)
        let millis = Self.decodeError(Self.encoded { w in
            w.appendConstructed(.sequence) { a in DERInteger(0).serialize(into: &a, withTag: .contextSpecific(0, constructed: false)) }
        })
        #expect(millis?.reason.contains("Accuracy millis must be 1..999") == true)
        let trailing = Self.decodeError(Self.encoded { $0.append(DERNull()) })
        #expect(trailing?.code == .unexpectedField)
    }

    @Test("a TimeStampReq round-trips; certReq FALSE written out and extensions are refused")
    func request() throws {
        let request = TimeStampReq(messageImprint: MessageImprint(hashedMessage: Self.imprintBytes), nonce: DERInteger(99))
        let bytes = DER.encode(request)
        #expect(try TimeStampReq(derNode: DER.parse(bytes)) == request)
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { w in
            w.append(DERInteger(1))
            w.append(MessageImprint(hashedMessage: Self.imprintBytes))
            w.append(false)
        }
        #expect(throws: DERError.self) { try TimeStampReq(derNode: DER.parse(writer.bytes)) }
        do {
            _ = try TimeStampReq(derNode: DER.parse(writer.bytes))
        } catch let error as DERError {
            #expect(error.code == .defaultValueEncoded)
        }
    }

    @Test("a TimeStampResp needs its token exactly when granted; the status text of a refusal is read")
    func response() throws {
        func resp(status: Int, text: String? = nil, token: Bool) -> [UInt8] {
            var writer = DERWriter()
            writer.appendConstructed(.sequence) { w in
                w.appendConstructed(.sequence) { s in
                    s.append(DERInteger(status))
                    if let text { s.appendConstructed(.sequence) { $0.append(DERUTF8String(text)) } }
                }
                if token { w.appendConstructed(.sequence) { $0.append(DERObjectIdentifier.idSignedData) } }
            }
            return writer.bytes
        }
        let refused = try TimeStampResp(derNode: DER.parse(resp(status: 2, text: "bad request", token: false)))
        #expect(!refused.isGranted && refused.statusText == ["bad request"] && refused.timeStampToken == nil)
        #expect(try TimeStampResp(derNode: DER.parse(resp(status: 0, token: true))).timeStampToken?.isEmpty == false)
        for (status, token, code) in [(0, false, DERError.Code.missingField), (2, true, .unexpectedField)] {
            do {
                _ = try TimeStampResp(derNode: DER.parse(resp(status: status, token: token)))
                Issue.record("status \(status) accepted")
            } catch let error as DERError {
                #expect(error.code == code)
            }
        }
        #expect(throws: DERError.self) { try TimeStampResp(derNode: DER.parse(resp(status: 6, token: false))) }
    }

    @Test("ESSCertIDv2 with its DEFAULT id-sha256 written out is refused")
    func essDefaultAlgorithm() throws {
        var writer = DERWriter()
        writer.appendConstructed(.sequence) { outer in
            outer.appendConstructed(.sequence) { certs in
                certs.appendConstructed(.sequence) { id in
                    id.append(AlgorithmIdentifier.sha256)
                    id.append(DEROctetString([UInt8](repeating: 1, count: 32)))
                }
            }
        }
        do {
            _ = try SigningCertificateAttribute(derNode: DER.parse(writer.bytes), isV2: true)
            Issue.record("accepted")
        } catch let error as DERError {
            #expect(error.code == .defaultValueEncoded)
        }
    }
}

/// The revocation rule with a trusted time (docs/TRUST.md): a genTime before the compromise keeps
/// a reading of a key revoked for compromise; one at or after it, or none, does not.
@Suite("revocation rule with a trusted time")
struct TrustedTimeRevocationRuleTests {
    @Test("keyCompromise: a trusted time before the compromise time (invalidityDate, else revocationDate) keeps the reading; at or after it, or none, revokes it")
    func compromiseNeedsTrustedTimeBefore() {
        let revoked = Date(timeIntervalSince1970: 1_800_000_000)
        let compromised = revoked.addingTimeInterval(-86_400)
        let withInvalidity = CertificateRevocationList.Entry(serialNumberBytes: [1], revocationDate: revoked, reason: .keyCompromise,
                                                             invalidityDate: compromised)
        let withoutInvalidity = CertificateRevocationList.Entry(serialNumberBytes: [1], revocationDate: revoked, reason: .keyCompromise,
                                                                invalidityDate: nil)
        let readingTime = compromised.addingTimeInterval(-3600)
        #expect(RevocationRule.revokes(withInvalidity, at: readingTime))
        #expect(!RevocationRule.revokes(withInvalidity, at: readingTime, trustedTime: compromised.addingTimeInterval(-1)))
        #expect(RevocationRule.revokes(withInvalidity, at: readingTime, trustedTime: compromised))
        #expect(RevocationRule.revokes(withInvalidity, at: readingTime, trustedTime: compromised.addingTimeInterval(60)))
        #expect(!RevocationRule.revokes(withoutInvalidity, at: readingTime, trustedTime: revoked.addingTimeInterval(-1)))
        #expect(RevocationRule.revokes(withoutInvalidity, at: readingTime, trustedTime: revoked))
        // Superseded keeps its own rule (the reading's date), whatever the trusted time.
        let superseded = CertificateRevocationList.Entry(serialNumberBytes: [1], revocationDate: revoked, reason: .superseded,
                                                         invalidityDate: nil)
        #expect(!RevocationRule.revokes(superseded, at: revoked.addingTimeInterval(-1), trustedTime: revoked.addingTimeInterval(10)))
        #expect(RevocationRule.revokes(superseded, at: revoked, trustedTime: revoked.addingTimeInterval(-10)))
    }
}
