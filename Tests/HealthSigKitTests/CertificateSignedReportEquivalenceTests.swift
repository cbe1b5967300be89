import CryptoBackend
import Foundation
import HealthSamples
import SampleIO
import Testing
@_spi(FastPathReference) import CMS
@_spi(FastPathReference) import SampleSigning
@testable import HealthSigKit

/// Readings signed through certificates, verified by the shortcuts (the profile's layout with its
/// embedded certificate recognised on its bytes, a sample's signed time taken from the sample
/// when the signed record is its own) and by the reference paths only
/// (`SampleVerifier.withoutShortcuts`): the reports are the same bytes in every format, for one
/// job and for two.
@Suite struct CertificateSignedReportEquivalenceTests {
    @Test func certificateSignedReadingsGetTheSameReportsByTheShortcutsAndByTheReferencePaths() throws {
        let (path, trust) = try Self.fleetFile()
        for jobs in [1, 2] {
            let shortcut = try VerificationRun(path, trust: trust, jobs: jobs)
            let reference = try VerificationRun(path, trust: trust, jobs: jobs, verifier: .withoutShortcuts(trust: trust))
            #expect(shortcut.table == reference.table, "jobs \(jobs)")
            #expect(shortcut.json == reference.json, "jobs \(jobs)")
            #expect(shortcut.ndjson == reference.ndjson, "jobs \(jobs)")
            // The file holds every certificate rule's verdict.
            #expect(shortcut.counts.filter { $0.value > 0 } == [.valid: 31, .untrustedSigner: 40, .revoked: 8, .contentMismatch: 1])
            for reason in ["certificate has expired", "certificate is not yet valid", "(signer certificate rule: basicConstraints)",
                           "(signer certificate rule: extendedKeyUsage)"] {
                #expect(shortcut.entries.contains { $0.verdict.reason.contains(reason) }, "\(reason)")
            }
        }
    }

    /// The example readings (dated 2026-11-21) signed by each signer in turn, interleaved, with
    /// one signed reading altered after signing; the trust set of the vendor CA, its CRL, two
    /// directly trusted device certificates and a bare key.
    static func fleetFile() throws -> (path: String, trust: TrustSet) {
        func date(_ text: String) throws -> Date { try SampleDate(rfc3339: text).date }
        let caKey = try P256PrivateKey.generate()
        let ca = try Certificate.certificateAuthority(privateKey: caKey, subject: "CN=Acme Root CA,O=Acme", days: 3650,
                                                      notBefore: try date("2026-01-01T00:00:00Z"))
        func device(_ name: String, from start: String, days: Int, timeStamping: Bool = false) throws
            -> (P256PrivateKey, Certificate) {
            let key = try P256PrivateKey.generate()
            return (key, try Certificate.issued(for: key.publicKey, subject: "CN=\(name),O=Acme", days: days,
                                                notBefore: try date(start), issuer: ca, issuerKey: caKey,
                                                timeStamping: timeStamping))
        }
        let valid = try device("Valid", from: "2026-11-01T00:00:00Z", days: 365)
        let expired = try device("Expired", from: "2026-06-01T00:00:00Z", days: 30)
        let later = try device("Later", from: "2026-12-01T00:00:00Z", days: 365)
        let timeStamper = try device("TSA", from: "2026-11-01T00:00:00Z", days: 365, timeStamping: true)
        let revoked = try device("Revoked", from: "2026-11-01T00:00:00Z", days: 365)
        let rogueKey = try P256PrivateKey.generate()
        let rogueCA = try Certificate.certificateAuthority(privateKey: rogueKey, subject: "CN=Device acting as CA", days: 365,
                                                           notBefore: try date("2026-11-01T00:00:00Z"))
        let pinnedKey = try P256PrivateKey.generate()
        let pinned = try Certificate.selfSigned(privateKey: pinnedKey, subject: "CN=Pinned", days: 365,
                                                notBefore: try date("2026-11-01T00:00:00Z"))
        let pinnedExpiredKey = try P256PrivateKey.generate()
        let pinnedExpired = try Certificate.selfSigned(privateKey: pinnedExpiredKey, subject: "CN=Pinned expired", days: 10,
                                                       notBefore: try date("2026-01-01T00:00:00Z"))
        let bareKey = try P256PrivateKey.generate()

        let embedded = { (signer: (P256PrivateKey, Certificate)) in
            (signer.0, SampleSigner(builder: SignedDataBuilder(signerCertificate: signer.1, embedsSignerCertificate: true)))
        }
        let signers: [(P256PrivateKey, SampleSigner)] = [
            embedded(valid), embedded(expired), embedded(later), embedded(timeStamper), embedded(revoked),
            embedded((rogueKey, rogueCA)), (pinnedKey, SampleSigner(builder: SignedDataBuilder(signerCertificate: pinned))),
            (pinnedExpiredKey, SampleSigner(builder: SignedDataBuilder(signerCertificate: pinnedExpired))),
            (bareKey, SampleSigner()), embedded(valid),
        ]
        let readings = try BundledExampleReadings.jsonLines.split(separator: "\n").map { try JSONSampleDecoder.decode(String($0)) }
        var lines: [String] = []
        for (index, reading) in readings.enumerated() {
            for offset in signers.indices {
                let (key, signer) = signers[(index + offset) % signers.count]
                lines.append(JSONSampleWriter.line(for: try signer.signed(reading, using: key)))
            }
        }
        // One valid reading changed after signing.
        let altered = try #require(lines.firstIndex { $0.contains("\"value\":72") })
        lines[altered] = lines[altered].replacingOccurrences(of: "\"value\":72", with: "\"value\":73")

        var trust = TrustSet(publicKeys: [bareKey.publicKey], certificates: [ca, pinned, pinnedExpired])
        let crl = try CertificateRevocationList.issue(authority: ca, authorityKey: caKey, revoking: revoked.1,
                                                      reason: .keyCompromise, compromisedAt: nil, nextUpdateDays: 30,
                                                      previous: nil)
        trust.revocations = RevocationSet.build([("acme.crl", crl.derEncoded)], trust: trust).0
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("fleet-\(UUID().uuidString).jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        return (path, trust)
    }
}
