@_spi(FastPathReference) import CMS
import Foundation
import DER
import FuzzSupport

/// CMS SignedData verifier: any input, seeded with the suite's signatures, against the suite's
/// trust set. Invariants: a `valid` verdict needs strict DER that re-encodes to the input, and
/// signed content plus signature value that some vector carries (a verifier that accepted a
/// content or signature no test key made would be forging); malformed offsets lie inside
/// the input; the profile-layout shortcut (with or without the one embedded certificate it
/// recognises; the suite's signatures carrying one seed it), on an array or on bytes lent in
/// place, gives the verdict of the full checks (`verifyWithoutLayoutShortcut`).
@main
enum CMSVerifierFuzzer {
    static func main() { FuzzerDriver.run(fuzzCMSVerifier) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCMSVerifier(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    // One instant for the three verdicts: certificate validity must not change between them.
    let time = CMSVerifier.CertificateTime.fixed(Date())
    let verdict = CMSVerifier.verify(input, trust: ConformanceVectors.trust, certificateTime: time)
    let reference = CMSVerifier.verifyWithoutLayoutShortcut(input, trust: ConformanceVectors.trust, certificateTime: time)
    Invariant.require(verdict == reference, "the layout shortcut's verdict differs from the full checks':\n\(verdict)\n\(reference)")
    let lent = input.withUnsafeBufferPointer { CMSVerifier.verify(bytes: $0, trust: ConformanceVectors.trust, certificateTime: time) }
    Invariant.require(lent == reference, "the verdict on bytes lent in place differs from the full checks':\n\(lent)\n\(reference)")
    switch verdict {
    case .valid(let summary):
        guard let view = try? CMSSignedDataView(derEncoded: input), let signerInfo = view.signerInfos.first else {
            Invariant.require(false, "valid verdict for input the structure view refuses")
            return 0
        }
        Invariant.require(DER.encode(view.contentInfo) == input, "valid verdict for input that does not re-encode to itself")
        Invariant.require(KnownSignatures.signed.contains(KnownSignatures.Signed(content: summary.content, signature: signerInfo.signature)),
                          "valid verdict for a content/signature pair no vector has")
    case .malformed(_, _, let offset?):
        Invariant.require(offset >= 0 && offset <= input.count, "malformed offset \(offset) outside \(input.count) bytes")
    default:
        break
    }
    return 0
}

/// The signed content and signature value of every vector of `cms.json` that has both. A vector
/// may be refused for a reason outside what is signed (say a signing-time among the unsigned
/// attributes) and an edit of that part may make it valid: its signature was still made by a
/// test key. What no vector carries was never signed by anyone.
enum KnownSignatures {
    struct Signed: Hashable {
        let content: [UInt8]
        let signature: [UInt8]
    }

    static let signed: Set<Signed> = Set(ConformanceVectors.cmsSignatures.flatMap { der -> [Signed] in
        guard let view = try? CMSSignedDataView(derEncoded: der), let content = view.content else { return [] }
        return view.signerInfos.map { Signed(content: content, signature: $0.signature) }
    })
}
