import CMS
import CryptoBackend
import Foundation
import FuzzSupport
import HealthSigKit

/// PEM / trust loading: any text, seeded with the suite's keys and certificates, loaded the way
/// `--trust` does (a file through `TrustLoader`, for one UTF-8 input in four) and as a bundle.
/// Invariants: both ways agree; the file reads back as the text; no more items than PEM blocks;
/// every trusted key's SubjectPublicKeyInfo and PEM read back as the same key; a file that is
/// not UTF-8 is refused.
@main
enum TrustPEMFuzzer {
    static func main() { FuzzerDriver.run(fuzzTrustPEM) }
}

private let scratchPath = ScratchFile.path("trust.pem")

/// Keys whose read-back from SubjectPublicKeyInfo and PEM already held. Both encodings are made
/// from the key's point alone, so the check gives the same answer for the same key; most inputs
/// carry the same few test keys, whose encoding and decoding again dominated an execution.
/// Bounded: emptied when full. libFuzzer calls the target from one thread only.
nonisolated(unsafe) private var readBackChecked: Set<P256PublicKey> = []

private func rememberReadBack(of key: P256PublicKey) {
    if readBackChecked.count >= 4096 { readBackChecked.removeAll() }
    readBackChecked.insert(key)
}

/// Non-overlapping occurrences of `pattern` in `bytes`, as `components(separatedBy:)` counts
/// them, without going through Foundation's string search.
private func occurrences(of pattern: [UInt8], in bytes: [UInt8]) -> Int {
    guard !pattern.isEmpty, bytes.count >= pattern.count else { return 0 }
    var count = 0
    var index = 0
    let last = bytes.count - pattern.count
    while index <= last {
        if bytes[index] == pattern[0] && bytes[index ..< index + pattern.count].elementsEqual(pattern) {
            count += 1
            index += pattern.count
        } else {
            index += 1
        }
    }
    return count
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrustPEM(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    ScratchFile.write(input, to: scratchPath)
    // A trust file is text: one that is not UTF-8 is refused before any PEM is looked at.
    guard let text = String(validating: input, as: UTF8.self) else {
        Invariant.require((try? TrustLoader.load([scratchPath])) == nil, "a trust file that is not UTF-8 was loaded")
        return 0
    }
    let bundle = try? PEMBundle.parse(text)
    let blocks = occurrences(of: Array("-----BEGIN ".utf8), in: input)
    if let bundle {
        Invariant.require(bundle.count <= blocks, "\(bundle.count) items from \(blocks) PEM blocks")
        for item in bundle {
            let key: P256PublicKey?
            switch item {
            case .publicKey(let publicKey): key = publicKey
            case .certificate(let certificate): key = certificate.publicKey
            }
            if let key, !readBackChecked.contains(key) {
                let again = try? P256PublicKey(spkiDER: key.spkiDER)
                Invariant.require(again == key, "a trusted key does not read back from its SubjectPublicKeyInfo")
                let fromPEM = try? P256PublicKey(pem: key.pemString)
                Invariant.require(fromPEM == key, "a trusted key does not read back from its PEM")
                rememberReadBack(of: key)
            }
        }
    }
    // TrustLoader reads the file and parses the same text again with the same PEMBundle, nearly
    // half of an execution. The reading is checked on every input; the whole load on one input
    // in four, chosen by the bytes so that a finding reproduces.
    guard input.reduce(UInt8(truncatingIfNeeded: input.count), &+) % 4 == 0 else {
        let read = try? FileAccess.readText(scratchPath)
        Invariant.require(read == text, "the trust file does not read back as the text written")
        return 0
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
