import CryptoBackend
import Foundation
import Testing

/// CRLs issued and parsed through OpenSSL's X509_CRL API: what `revoke` writes and what a
/// verifier reads (docs/TRUST.md).
@Suite("X.509 CRLs: issue and parse")
struct CertificateRevocationListTests {
    let caKey: P256PrivateKey
    let ca: Certificate
    let device: Certificate

    init() throws {
        caKey = try P256PrivateKey.generate()
        ca = try Certificate.certificateAuthority(privateKey: caKey, subject: "CN=Acme Root CA", days: 3650)
        device = try Certificate.issued(for: try P256PrivateKey.generate().publicKey, subject: "CN=BP 1", days: 365,
                                        issuer: ca, issuerKey: caKey)
    }

    @Test("an issued CRL reads back with its entry, reason, invalidityDate, number 1, AKID and a signature the CA verifies")
    func issuedCRLReadsBack() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000.7)
        let compromise = Date(timeIntervalSince1970: 1_789_000_000)
        let crl = try CertificateRevocationList.issue(authority: ca, authorityKey: caKey, revoking: device, reason: .keyCompromise,
                                                      compromisedAt: compromise, nextUpdateDays: 30, previous: nil, now: now)
        let parsed = try CertificateRevocationList(pem: crl.pemString)
        #expect(parsed.derEncoded == crl.derEncoded)
        #expect(parsed.issuer == "CN=Acme Root CA" && parsed.issuerNameDER == ca.subjectNameDER)
        #expect(parsed.number == "1")
        #expect(parsed.authorityKeyIdentifier == ca.subjectKeyIdentifier)
        #expect(parsed.thisUpdate == Date(timeIntervalSince1970: 1_790_000_000))
        #expect(parsed.nextUpdate == Date(timeIntervalSince1970: 1_790_000_000 + 30 * 86_400))
        #expect(parsed.entries == [CertificateRevocationList.Entry(serialNumberBytes: device.serialNumberBytes,
                                                                   revocationDate: Date(timeIntervalSince1970: 1_790_000_000),
                                                                   reason: .keyCompromise, invalidityDate: compromise)])
        #expect(parsed.isSigned(by: ca))
        let otherKey = try P256PrivateKey.generate()
        let impostor = try Certificate.certificateAuthority(privateKey: otherKey, subject: "CN=Acme Root CA", days: 3650)
        #expect(!parsed.isSigned(by: impostor), "same name, other key")
    }

    @Test("a second CRL keeps the entries, numbers itself one higher; unspecified writes no reasonCode")
    func secondCRLExtendsTheFirst() throws {
        let first = try CertificateRevocationList.issue(authority: ca, authorityKey: caKey, revoking: device, reason: .superseded,
                                                        compromisedAt: nil, nextUpdateDays: 7, previous: nil)
        let sibling = try Certificate.issued(for: try P256PrivateKey.generate().publicKey, subject: "CN=BP 2", days: 365,
                                             issuer: ca, issuerKey: caKey)
        let second = try CertificateRevocationList.issue(authority: ca, authorityKey: caKey, revoking: sibling, reason: .unspecified,
                                                         compromisedAt: nil, nextUpdateDays: 7, previous: first)
        #expect(second.number == "2")
        #expect(second.entry(forSerialNumber: device.serialNumberBytes)?.reason == .superseded)
        #expect(second.entry(forSerialNumber: sibling.serialNumberBytes)?.reason == nil)
    }

    @Test("issuing refuses: a CA key of another certificate, a device of another CA, a non-CA issuer, a future compromise, a duplicate, another CA's CRL, nextUpdate 0 days")
    func issuingRefusals() throws {
        func refusal(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch let error as CryptoError {
                guard case .invalidArgument(let message) = error else { return "unexpected \(error)" }
                return message
            } catch { return "unexpected \(error)" }
        }
        let otherKey = try P256PrivateKey.generate()
        let other = try Certificate.certificateAuthority(privateKey: otherKey, subject: "CN=Other CA", days: 3650)
        #expect(refusal { _ = try CertificateRevocationList.issue(authority: ca, authorityKey: otherKey, revoking: device, reason: .superseded,
                                                                 compromisedAt: nil, nextUpdateDays: 30, previous: nil) }?
            .contains("does not belong to the CA certificate") == true)
        #expect(refusal { _ = try CertificateRevocationList.issue(authority: other, authorityKey: otherKey, revoking: device, reason: .superseded,
                                                                 compromisedAt: nil, nextUpdateDays: 30, previous: nil) }?
            .contains("was not issued by the CA CN=Other CA") == true)
        let selfSigned = try Certificate.selfSigned(privateKey: otherKey, subject: "CN=Solo", days: 30)
        #expect(refusal { _ = try CertificateRevocationList.issue(authority: selfSigned, authorityKey: otherKey, revoking: device,
                                                                 reason: .superseded, compromisedAt: nil, nextUpdateDays: 30, previous: nil) }?
            .contains("is not a CA certificate") == true)
        #expect(refusal { _ = try CertificateRevocationList.issue(authority: ca, authorityKey: caKey, revoking: device, reason: .keyCompromise,
                                                                 compromisedAt: Date().addingTimeInterval(3600), nextUpdateDays: 30, previous: nil) }?
            .contains("is after the revocation time") == true)
        let first = try CertificateRevocationList.issue(authority: ca, authorityKey: caKey, revoking: device, reason: .superseded,
                                                        compromisedAt: nil, nextUpdateDays: 30, previous: nil)
        #expect(refusal { _ = try CertificateRevocationList.issue(authority: ca, authorityKey: caKey, revoking: device, reason: .superseded,
                                                                 compromisedAt: nil, nextUpdateDays: 30, previous: first) }?
            .contains("is already revoked") == true)
        let otherDevice = try Certificate.issued(for: try P256PrivateKey.generate().publicKey, subject: "CN=X", days: 30,
                                                 issuer: other, issuerKey: otherKey)
        #expect(refusal { _ = try CertificateRevocationList.issue(authority: other, authorityKey: otherKey, revoking: otherDevice,
                                                                 reason: .superseded, compromisedAt: nil, nextUpdateDays: 30, previous: first) }?
            .contains("is not signed by the CA CN=Other CA") == true)
        #expect(refusal { _ = try CertificateRevocationList.issue(authority: ca, authorityKey: caKey, revoking: device, reason: .superseded,
                                                                 compromisedAt: nil, nextUpdateDays: 0, previous: nil) }?
            .contains("nextUpdate must be 1...3650 days away") == true)
    }

    @Test("parsing refuses BER (a non-minimal length), trailing bytes, garbage, and a PEM of another label")
    func parsingRefusals() throws {
        let crl = try CertificateRevocationList.issue(authority: ca, authorityKey: caKey, revoking: device, reason: .superseded,
                                                      compromisedAt: nil, nextUpdateDays: 30, previous: nil)
        var ber = crl.derEncoded
        #expect(ber[1] == 0x81 || ber[1] == 0x82)
        ber.insert(0x00, at: 2)
        ber[1] += 1
        #expect(throws: CryptoError.self) { try CertificateRevocationList(derEncoded: ber) }
        do {
            _ = try CertificateRevocationList(derEncoded: ber)
        } catch let error as CryptoError {
            #expect(error.errorCase == .invalidCRL && error.message.hasPrefix("not DER"), "\(error)")
        }
        do {
            _ = try CertificateRevocationList(derEncoded: crl.derEncoded + [0x00])
            Issue.record("trailing bytes accepted")
        } catch let error as CryptoError {
            #expect(error.errorCase == .invalidCRL, "\(error)")
        }
        do {
            _ = try CertificateRevocationList(derEncoded: [0x30, 0x03, 0x02, 0x01, 0x01])
            Issue.record("garbage accepted")
        } catch let error as CryptoError {
            #expect(error.errorCase == .invalidCRL && error.message.contains("OpenSSL could not decode it"), "\(error)")
        }
        #expect(throws: CryptoError.self) { try CertificateRevocationList(pem: ca.pemString) }
        // A non-minimal INTEGER (X.690 8.3.2): the version 02 01 01 written 02 02 00 01, the
        // lengths of tbsCertList and of the CRL one longer (both in the two-octet long form here).
        var bytes = crl.derEncoded
        let outerHeader = bytes[1] == 0x82 ? 4 : 3
        let tbs = outerHeader
        #expect(bytes[tbs + 1] == 0x81 || bytes[tbs + 1] == 0x82)
        let tbsHeader = bytes[tbs + 1] == 0x82 ? 4 : 3
        #expect(Array(bytes[(tbs + tbsHeader)..<(tbs + tbsHeader + 3)]) == [0x02, 0x01, 0x01])
        func increment(_ at: Int, _ longForm: UInt8) {
            if longForm == 0x82 {
                let value = (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])) + 1
                bytes[at + 2] = UInt8(value >> 8)
                bytes[at + 3] = UInt8(value & 0xFF)
            } else {
                bytes[at + 2] += 1
            }
        }
        bytes.replaceSubrange((tbs + tbsHeader + 1)..<(tbs + tbsHeader + 3), with: [0x02, 0x00, 0x01])
        increment(tbs, bytes[tbs + 1])
        increment(0, bytes[1])
        do {
            _ = try CertificateRevocationList(derEncoded: bytes)
            Issue.record("a non-minimal INTEGER accepted")
        } catch let error as CryptoError {
            #expect(error.errorCase == .invalidCRL && error.message.hasPrefix("not DER"), "\(error)")
        }
    }

    @Test("a CRL written by openssl ca is read: entry, reason, number")
    func readsOpenSSLCRL() throws {
        let openssl = try OpenSSLCommand()
        try openssl.write("ca.pem", ca.pemString)
        try openssl.write("ca.key", try caKey.pkcs8PEM())
        try openssl.write("device.pem", device.pemString)
        try openssl.write("index.txt", "")
        try openssl.write("crlnumber", "10\n")
        try openssl.write("ca.cnf", "[ca]\ndefault_ca = x\n[x]\ndatabase = index.txt\ndefault_md = sha256\ncrlnumber = crlnumber\ndefault_crl_days = 5\n")
        try openssl.run(["ca", "-config", "ca.cnf", "-keyfile", "ca.key", "-cert", "ca.pem", "-revoke", "device.pem", "-crl_reason", "cessationOfOperation"])
        try openssl.run(["ca", "-gencrl", "-config", "ca.cnf", "-keyfile", "ca.key", "-cert", "ca.pem", "-out", "ca.crl"])
        let crl = try CertificateRevocationList(pem: try openssl.readText("ca.crl"))
        #expect(crl.number == "16")
        #expect(crl.entry(forSerialNumber: device.serialNumberBytes)?.reason == .cessationOfOperation)
        #expect(crl.isSigned(by: ca))
    }
}
