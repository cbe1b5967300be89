import CryptoBackend
import DER
import Foundation
import Testing

@testable import CMS

/// Every Wycheproof ECDSA P-256 / SHA-256 vector, wrapped as a default-profile SignedData with
/// the vector's signature bytes placed as-is in SignerInfo.signature.
///
/// Expectation: `valid` ⇔ the vector's result is "valid". The file has no "acceptable" vectors;
/// if one appeared it would be expected invalid whenever its signature is not strict DER,
/// because both this verifier (ECDSA-Sig-Value check) and OpenSSL refuse BER.
@Suite("Wycheproof ecdsa_secp256r1_sha256")
struct WycheproofTests {
    /// The vendored copy in `Tests/Fixtures/wycheproof/` (found from this file's path).
    static var vectorFile: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/wycheproof/ecdsa_secp256r1_sha256_test.json")
    }

    @Test func allVectorsGiveTheExpectedVerdict() throws {
        let data = try Data(contentsOf: Self.vectorFile)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let groups = try #require(root["testGroups"] as? [[String: Any]])
        var processed = 0
        var validCount = 0
        var verdictNames: [String: Int] = [:]
        for group in groups {
            let key: P256PublicKey
            if let publicKey = group["publicKey"] as? [String: Any], let uncompressed = publicKey["uncompressed"] as? String {
                key = try P256PublicKey(x963: hexBytes(uncompressed))
            } else {
                key = try P256PublicKey(spkiDER: hexBytes(try #require(group["keyDer"] as? String)))
            }
            let trust = TrustSet(publicKeys: [key])
            for test in try #require(group["tests"] as? [[String: Any]]) {
                let id = try #require(test["tcId"] as? Int)
                let message = hexBytes(try #require(test["msg"] as? String))
                let signature = hexBytes(try #require(test["sig"] as? String))
                let result = try #require(test["result"] as? String)
                let signerInfo = SignerInfo(sid: .subjectKeyIdentifier(key.keyIdentifier), signature: signature)
                let signedData = SignedData(digestAlgorithms: [.sha256],
                                            encapContentInfo: EncapsulatedContentInfo(eContent: message),
                                            signerInfos: [signerInfo])
                let verdict = CMSVerifier.verify(ContentInfo.encode(signedData: signedData), trust: trust)
                switch result {
                case "valid":
                    #expect(verdict.isValid, "tcId \(id) (\(test["comment"] ?? "")): \(verdict)")
                case "invalid":
                    #expect(verdict.name == "bad-signature", "tcId \(id) (\(test["comment"] ?? "")): \(verdict)")
                default:
                    Issue.record("tcId \(id): unexpected result \(result)")
                }
                processed += 1
                if verdict.isValid { validCount += 1 }
                verdictNames[verdict.name, default: 0] += 1
            }
        }
        print("Wycheproof: \(processed) vectors, verdicts \(verdictNames.sorted { $0.key < $1.key })")
        #expect(processed == 484)
        #expect(validCount == 174)
    }
}
