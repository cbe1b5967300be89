import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Signing through `SampleSigner(builder:)` with the CMS options: issuer-and-serial-number
/// signer identification and the signer certificate embedded.
@Suite("Certificate signer")
struct CertificateSignerTests {
    static let subject = "CN=Acme BP-200 Cuff,O=Acme Medical Devices Inc."

    static func certificate(for key: P256PrivateKey) throws -> Certificate {
        try Certificate.selfSigned(privateKey: key, subject: subject, days: 365)
    }

    static func signer(certificate: Certificate, embedding: Bool = true) -> SampleSigner {
        SampleSigner(builder: SignedDataBuilder(signerIdentification: .issuerAndSerialNumber,
                                                signerCertificate: certificate, embedsSignerCertificate: embedding))
    }

    @Test("issuer-serial sid and embedded certificate verify with a trust set holding the certificate")
    func issuerSerialWithCertificate() throws {
        let key = try Fixtures.deviceKey()
        let certificate = try Self.certificate(for: key)
        let signed = try Fixtures.signed(try Fixtures.bloodPressure(), key: key, signer: Self.signer(certificate: certificate))

        let view = try CMSSignedDataView(derEncoded: try Fixtures.signatureDER(signed))
        #expect(view.certificates == [certificate.derEncoded])
        let info = try #require(view.signerInfos.first)
        guard case .issuerAndSerialNumber = info.sid else {
            Issue.record("sid is \(info.sid), expected issuerAndSerialNumber")
            return
        }

        // The certificate is made now, after the fixture's reading: checked at the current time.
        let verifier = SampleVerifier(trust: TrustSet(certificates: [certificate]), at: Date())
        let verdict = verifier.verify(signed)
        #expect(verdict.kind == .valid, "\(verdict.reason)")
        #expect(verdict.signer?.keyIdentifier == Fixtures.compactHex(key.publicKey.keyIdentifier))
        #expect(verdict.signer?.certificateSubject == certificate.subject)
        #expect(verdict.signer?.certificateSubject?.contains("Acme BP-200 Cuff") == true)
        #expect(verdict.record?.device == Fixtures.fullDevice)
    }

    @Test("issuer-serial sid without the embedded certificate verifies with the trusted certificate")
    func issuerSerialWithoutEmbedding() throws {
        let key = try Fixtures.deviceKey()
        let certificate = try Self.certificate(for: key)
        let signed = try Fixtures.signed(try Fixtures.heartRate(), key: key,
                                         signer: Self.signer(certificate: certificate, embedding: false))
        #expect(try CMSSignedDataView(derEncoded: try Fixtures.signatureDER(signed)).certificateChoiceCount == 0)
        let verdict = SampleVerifier(trust: TrustSet(certificates: [certificate]), at: Date()).verify(signed)
        #expect(verdict.kind == .valid)
        #expect(verdict.signer?.certificateSubject == certificate.subject)
        // Only the bare key is trusted: the sid names a certificate the verifier does not have.
        let bare = SampleVerifier(trust: TrustSet(publicKeys: [key.publicKey])).verify(signed)
        #expect(bare.kind == .untrustedSigner)
        #expect(bare.signer?.keyIdentifier.hasPrefix("issuer-serial") == true)
    }

    @Test("the embedded certificate maps the sid to a trusted bare key")
    func embeddedCertificateWithTrustedKey() throws {
        let key = try Fixtures.deviceKey()
        let signed = try Fixtures.signed(try Fixtures.heartRate(), key: key,
                                         signer: Self.signer(certificate: try Self.certificate(for: key)))
        let verdict = SampleVerifier(trust: TrustSet(publicKeys: [key.publicKey])).verify(signed)
        #expect(verdict.kind == .valid)
        #expect(verdict.signer?.keyIdentifier == Fixtures.compactHex(key.publicKey.keyIdentifier))
    }

    @Test("a certificate for another key in the trust set: untrusted-signer")
    func otherCertificate() throws {
        let key = try Fixtures.deviceKey()
        let signed = try Fixtures.signed(try Fixtures.heartRate(), key: key,
                                         signer: Self.signer(certificate: try Self.certificate(for: key)))
        let other = try Self.certificate(for: try Fixtures.otherKey())
        let verdict = SampleVerifier(trust: TrustSet(certificates: [other])).verify(signed)
        #expect(verdict.kind == .untrustedSigner)
        #expect(verdict.reasonCode == "cms-untrusted-signer")
    }

    @Test("a tampered sample signed with a certificate still reports the content mismatch and the subject")
    func mismatchNamesSubject() throws {
        let key = try Fixtures.deviceKey()
        let certificate = try Self.certificate(for: key)
        var stored = try Fixtures.signed(try Fixtures.bloodPressure(), key: key, signer: Self.signer(certificate: certificate))
        try stored.editCorrelation { $0.objects[1].quantity = try Fixtures.quantity("70", "mmHg") }
        let verdict = SampleVerifier(trust: TrustSet(certificates: [certificate]), at: Date()).verify(stored)
        #expect(verdict.kind == .contentMismatch)
        #expect(verdict.mismatches == [FieldMismatch(field: "objects[1].value", signed: "80 mmHg", stored: "70 mmHg")])
        #expect(verdict.signer?.certificateSubject == certificate.subject)
    }

    @Test("a certificate that does not hold the signing key is refused when signing")
    func certificateKeyMismatch() throws {
        let certificate = try Self.certificate(for: try Fixtures.otherKey())
        let key = try Fixtures.deviceKey()
        let sample = try Fixtures.heartRate()
        let error = #expect(throws: SampleSigningError.self) {
            try Self.signer(certificate: certificate).signed(sample, using: key)
        }
        guard case .cms(.certificateKeyMismatch)? = error else {
            Issue.record("expected cms(certificateKeyMismatch), got \(String(describing: error))")
            return
        }
    }
}
