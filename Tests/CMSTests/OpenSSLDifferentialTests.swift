import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// Thousands of damaged profile signatures, each judged by our verifier and by
/// `openssl cms -verify`: we must never accept what OpenSSL refuses, and everything OpenSSL
/// accepts but we refuse must be one of the strict-DER or RFC 5652 rules OpenSSL does not
/// enforce (docs/VERIFY.md, "Where OpenSSL accepts what we refuse").
@Suite("mutated signatures: our verdict against openssl cms -verify")
struct OpenSSLDifferentialTests {
    /// Accept on each side:
    /// - ours: `CMSVerifier.verify` says `valid` with the signer's certificate trusted;
    /// - OpenSSL: `cms -verify -binary -noverify -certfile signer.pem` exits 0 and writes exactly
    ///   the original content (`-noverify` skips only the path validation of the self-signed
    ///   certificate, which we trust directly; the signature and digests are still checked).
    struct Judgement: Hashable {
        let ours: Bool
        let openssl: Bool
    }

    /// Where OpenSSL accepts what we refuse, by our verdict code (docs/VERIFY.md lists each).
    /// `certificate/` marks a DER error inside an embedded certificate.
    static let documentedLeniency: Set<String> = [
        "indefiniteLength", "nonMinimalLength",                   // BER lengths (X.690 10.1)
        "invalidConstructedFlag",                                 // a primitive SET or SEQUENCE (X.690 8.9, 8.11)
        "invalidVersion", "signerVersionMismatch",                // RFC 5652 5.1, 5.3 versions
        "contentTypeMismatch", "signedAttributesRequired",        // RFC 5652 11.1, 5.3
        "unsupported-algorithm",                                  // SignerInfo.digestAlgorithm not id-sha256
        "invalidCertificate",                                     // an embedded certificate OpenSSL reads, we do not
        "untrusted-signer/issuer-serial",                         // a sid issuer Name equal only once canonicalised
    ]

    static let mutationsPerKind = 150

    @Test func mutatedSignaturesAreNeverAcceptedWhereOpenSSLRefusesThem() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let signer = try OpenSSLSigner.make(in: workspace)
        let trust = TrustSet(certificates: [signer.certificate])
        let content = Fixtures.content300
        let variants: [(String, SignedDataBuilder)] = [
            ("profile", SignedDataBuilder(signerCertificate: signer.certificate)),
            ("signed attributes", SignedDataBuilder(signerCertificate: signer.certificate, includesSignedAttributes: true,
                                                    signingTime: Date(timeIntervalSince1970: 1_750_000_000))),
            ("issuer-serial, embedded certificate",
             SignedDataBuilder(signerIdentification: .issuerAndSerialNumber, signerCertificate: signer.certificate,
                               embedsSignerCertificate: true)),
        ]
        var random = SplitMix64(state: 0x5EED_0F_D1FF)
        var counts: [Judgement: Int] = [:]
        var lenient: [String: (count: Int, example: String)] = [:]
        var ourBugs: [String] = []
        var seen = Set<[UInt8]>()

        for (name, builder) in variants {
            let original = try builder.sign(content, using: signer.key)
            let root = try DER.parse(original)
            let certificates = Self.certificatesRange(root)
            // The unmutated signature: both sides must accept it, or the comparison means nothing.
            #expect(try judge(original, content: content, trust: trust, signer: signer, in: workspace) == Judgement(ours: true, openssl: true))
            for kind in SignatureMutation.Kind.allCases {
                for _ in 0..<Self.mutationsPerKind {
                    let mutation = SignatureMutation.make(kind, of: original, root: root, using: &random)
                    guard mutation.bytes != original, seen.insert(mutation.bytes).inserted else { continue }
                    let verdict = CMSVerifier.verify(mutation.bytes, trust: trust)
                    let judgement = try judge(mutation.bytes, verdict: verdict, content: content, signer: signer, in: workspace)
                    counts[judgement, default: 0] += 1
                    if judgement.ours && !judgement.openssl {
                        ourBugs.append("\(name), \(mutation): we accept, openssl refuses")
                    } else if !judgement.ours && judgement.openssl {
                        var code = verdict.malformedCode ?? verdict.name
                        if case .untrustedSigner(let reason) = verdict, reason.contains("the signer identifier issuer-serial:") {
                            code = "untrusted-signer/issuer-serial"
                        }
                        if case .malformed(_, _, let offset?) = verdict, let certificates, certificates.contains(offset),
                           code != CMSMalformedCode.invalidCertificate.rawValue {
                            code = "certificate/" + code
                        }
                        lenient[code, default: (0, "\(name), \(mutation): \(verdict)")].count += 1
                    }
                }
            }
        }

        let total = counts.values.reduce(0, +)
        print("DIFFERENTIAL \(total) mutations: both accept \(counts[Judgement(ours: true, openssl: true)] ?? 0), "
              + "both refuse \(counts[Judgement(ours: false, openssl: false)] ?? 0), "
              + "openssl only \(counts[Judgement(ours: false, openssl: true)] ?? 0), "
              + "ours only \(counts[Judgement(ours: true, openssl: false)] ?? 0)")
        for (code, entry) in lenient.sorted(by: { $0.key < $1.key }) {
            print("DIFFERENTIAL openssl accepts, we refuse [\(code)] ×\(entry.count), e.g. \(entry.example)")
        }
        #expect(total >= 1500, "too few distinct mutations to mean anything: \(total)")
        #expect(ourBugs.isEmpty, "\(ourBugs.count) signatures we accept and openssl refuses: \(ourBugs.prefix(5))")
        let undocumented = Set(lenient.keys).subtracting(Self.documentedLeniency).filter { !$0.hasPrefix("certificate/") }
        #expect(undocumented.isEmpty, "openssl accepts what we refuse for undocumented reasons: \(undocumented.map { "\($0): \(lenient[$0]!.example)" })")
    }

    /// The bytes of SignedData's `certificates [0]` field in the original, if it has one.
    static func certificatesRange(_ contentInfo: DERNode) -> Range<Int>? {
        guard contentInfo.children.count == 2, let signedData = contentInfo.children[1].children.first,
              let certificates = signedData.children.first(where: { $0.tag == SignedData.certificatesTag }) else {
            return nil
        }
        return certificates.encodedBytes.indices
    }

    private func judge(_ der: [UInt8], content: [UInt8], trust: TrustSet, signer: OpenSSLSigner,
                       in workspace: Workspace) throws -> Judgement {
        try judge(der, verdict: CMSVerifier.verify(der, trust: trust), content: content, signer: signer, in: workspace)
    }

    private func judge(_ der: [UInt8], verdict: CMSVerdict, content: [UInt8], signer: OpenSSLSigner,
                       in workspace: Workspace) throws -> Judgement {
        try workspace.write("mutant.der", der)
        try? FileManager.default.removeItem(atPath: workspace.path("content.out"))
        let outcome = try OpenSSLCommand.run(["cms", "-verify", "-inform", "DER", "-in", "mutant.der", "-binary",
                                              "-noverify", "-certfile", signer.certificatePath, "-out", "content.out"],
                                             in: workspace)
        let opensslAccepts = outcome.status == 0 && (try? workspace.read("content.out")) == content
        return Judgement(ours: verdict.isValid, openssl: opensslAccepts)
    }
}
