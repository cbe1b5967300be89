import CMS
import CryptoBackend
import Foundation

/// Known-good material from `TestVectors/`: the signatures the suite calls valid, the sample
/// lines that verify, and the trust set that makes them valid.
public enum ConformanceVectors {
    /// One vector file's test groups, as plain JSON objects.
    static func groups(_ file: String) -> [[String: Any]] {
        let data = Data(RepositoryFiles.bytes("TestVectors/\(file)"))
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let groups = root["testGroups"] as? [[String: Any]] else {
            Invariant.require(false, "TestVectors/\(file) is not a vector file")
            return []
        }
        return groups
    }

    /// Every key and certificate a group of `cms.json` or `samples.json` trusts: signer A's bare
    /// key, signer B's self-signed certificate, the test CA and the dated certificates.
    public static let trust: TrustSet = {
        var trust = TrustSet()
        for group in groups("cms.json") + groups("samples.json") {
            guard let key = group["key"] as? [String: Any] else { continue }
            if let pem = key["certificatePem"] as? String, let certificate = try? Certificate(pem: pem) {
                trust.add(certificate)
            } else if let pem = key["publicKeyPem"] as? String, let publicKey = try? P256PublicKey(pem: pem) {
                trust.add(publicKey)
            }
        }
        Invariant.require(!trust.isEmpty, "no trust material in TestVectors/cms.json")
        return trust
    }()

    /// The DER of every `cms.json` signature, whatever its expected verdict.
    public static let cmsSignatures: [[UInt8]] = {
        var result: [[UInt8]] = []
        for group in groups("cms.json") {
            for test in group["tests"] as? [[String: Any]] ?? [] {
                if let text = test["signature"] as? String, let data = Data(base64Encoded: text) {
                    result.append(Array(data))
                }
            }
        }
        Invariant.require(!result.isEmpty, "no signature in TestVectors/cms.json")
        return result
    }()

    /// The JSON text of every `samples.json` sample stored as JSON whose verdict is `valid`
    /// (each carries its `HKDigitalSignature`, made by signer A).
    public static let validJSONSamples: [String] = {
        var result: [String] = []
        for group in groups("samples.json") {
            for test in group["tests"] as? [[String: Any]] ?? []
            where test["verdict"] as? String == "valid" && test["storedForm"] as? String == "json" {
                if let stored = test["stored"],
                   let data = try? JSONSerialization.data(withJSONObject: stored, options: [.sortedKeys]),
                   let text = String(data: data, encoding: .utf8) {
                    result.append(text)
                }
            }
        }
        Invariant.require(!result.isEmpty, "no valid JSON sample in TestVectors/samples.json")
        return result
    }()
}
