import CMS
import DER
import FuzzSupport

/// CMS SignedData verifier: any input, seeded with the suite's signatures, against the suite's
/// trust set. Invariants: a `valid` verdict needs strict DER that re-encodes to the input, and
/// signed content plus signature value that some known-good vector carries (a verifier that
/// accepted a content or signature nobody made would be forging); malformed offsets lie inside
/// the input.
@main
enum CMSVerifierFuzzer {
    static func main() { FuzzerDriver.run(fuzzCMSVerifier) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCMSVerifier(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let verdict = CMSVerifier.verify(input, trust: ConformanceVectors.trust)
    switch verdict {
    case .valid(let summary):
        guard let view = try? CMSSignedDataView(derEncoded: input), let signerInfo = view.signerInfos.first else {
            Invariant.require(false, "valid verdict for input the structure view refuses")
            return 0
        }
        Invariant.require(DER.encode(view.contentInfo) == input, "valid verdict for input that does not re-encode to itself")
        Invariant.require(KnownSignatures.signed.contains(KnownSignatures.Signed(content: summary.content, signature: signerInfo.signature)),
                          "valid verdict for a content/signature pair no known-good vector has")
    case .malformed(_, _, let offset?):
        Invariant.require(offset >= 0 && offset <= input.count, "malformed offset \(offset) outside \(input.count) bytes")
    default:
        break
    }
    return 0
}

/// The signed content and signature value of each known-good vector.
enum KnownSignatures {
    struct Signed: Hashable {
        let content: [UInt8]
        let signature: [UInt8]
    }

    /// Vectors that need their detached content supplied do not verify alone and are left out.
    static let signed: Set<Signed> = Set(ConformanceVectors.validCMSSignatures.compactMap { der in
        guard case .valid(let summary) = CMSVerifier.verify(der, trust: ConformanceVectors.trust),
              let signature = try? CMSSignedDataView(derEncoded: der).signerInfos.first?.signature else {
            return nil
        }
        return Signed(content: summary.content, signature: signature)
    })
}
