import CMS
import CryptoBackend
import Foundation
import FuzzSupport
import HealthSigKit

/// PEM / trust loading: any text, seeded with the suite's keys and certificates, loaded the way
/// `--trust` does (a file through `TrustLoader`) and as a bundle. Invariants: both ways agree;
/// no more items than PEM blocks; every trusted key's SubjectPublicKeyInfo reads back as the
/// same key; a file that is not UTF-8 is refused.
@main
enum TrustPEMFuzzer {
    static func main() { FuzzerDriver.run(fuzzTrustPEM) }
}

private let scratchPath = ScratchFile.path("trust.pem")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrustPEM(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    guard FileManager.default.createFile(atPath: scratchPath, contents: Data(input)) else {
        Invariant.require(false, "cannot write \(scratchPath)")
        return 0
    }
    // A trust file is text: one that is not UTF-8 is refused before any PEM is looked at.
    guard let text = String(validating: input, as: UTF8.self) else {
        Invariant.require((try? TrustLoader.load([scratchPath])) == nil, "a trust file that is not UTF-8 was loaded")
        return 0
    }
    let bundle = try? PEMBundle.parse(text)
    let blocks = text.components(separatedBy: "-----BEGIN ").count - 1
    if let bundle {
        Invariant.require(bundle.count <= blocks, "\(bundle.count) items from \(blocks) PEM blocks")
        for item in bundle {
            let key: P256PublicKey?
            switch item {
            case .publicKey(let publicKey): key = publicKey
            case .certificate(let certificate): key = certificate.publicKey
            }
            if let key {
                let again = try? P256PublicKey(spkiDER: key.spkiDER)
                Invariant.require(again == key, "a trusted key does not read back from its SubjectPublicKeyInfo")
                let fromPEM = try? P256PublicKey(pem: key.pemString)
                Invariant.require(fromPEM == key, "a trusted key does not read back from its PEM")
            }
        }
    }
    let loaded = try? TrustLoader.load([scratchPath])
    Invariant.require((loaded == nil) == (bundle == nil || bundle?.isEmpty == true),
                      "TrustLoader and PEMBundle disagree on whether the text is a trust file")
    if let loaded, let bundle {
        Invariant.require(loaded.publicKeys.count + loaded.certificates.count == bundle.count,
                          "TrustLoader kept \(loaded.publicKeys.count + loaded.certificates.count) of \(bundle.count) items")
    }
    return 0
}
