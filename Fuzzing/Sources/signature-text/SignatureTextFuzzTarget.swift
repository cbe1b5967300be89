import CMS
import DER
import Foundation
import FuzzSupport
import HealthSamples
import SampleIO
import SampleSigning

/// Base64 signature text end to end through `SampleVerifier`: the input picks a known-good signed
/// sample from the suite and edits its signature's DER (bit flips, byte overwrites, truncation,
/// deletion, insertion, swaps); the result goes back into the sample's `HKDigitalSignature` as
/// base64, wrapped or not. Invariants: the untouched signature is `valid`; an edited one is
/// `valid` only if the signed record and the signature value it carries are the original ones
/// (what the signature covers is unchanged), and then the verdict's record is the original record.
/// (The high-S twin of the signature value, n − s, would verify too — ECDSA and the profile
/// accept both — but no handful of byte edits produces it.)
@main
enum SignatureTextFuzzer {
    static func main() { FuzzerDriver.run(fuzzSignatureText) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSignatureText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var reader = FuzzByteReader(FuzzInput.bytes(data, size))
    let selector = reader.byte()
    let known = KnownSamples.all[Int(selector & 0x7F) % KnownSamples.all.count]
    let edited = ByteMutation.apply(&reader, to: known.signatureDER)
    var text = edited.isEmpty ? "" : Data(edited).base64EncodedString()
    if selector & 0x80 != 0 {
        // export.xml may wrap long attribute values; whitespace in the text must not matter.
        text = Data(edited).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
    }
    var sample = known.sample
    sample.metadata[MetadataKey.digitalSignature] = .string(text)
    let verdict = KnownSamples.verifier.verify(sample)
    if edited == known.signatureDER {
        Invariant.require(verdict.kind == .valid, "the untouched signature is \(verdict.kind): \(verdict.reason)")
    } else if verdict.kind == .valid {
        let view = try? CMSSignedDataView(derEncoded: edited)
        Invariant.require(view?.content == known.recordDER && view?.signerInfos.first?.signature == known.signatureValue,
                          "edited signature verifies over different signed bytes: \(Hex.encode(edited))")
        Invariant.require(verdict.record == known.record, "edited signature verifies with a different record")
    }
    return 0
}

struct KnownSample {
    let sample: Sample
    let signatureDER: [UInt8]
    let recordDER: [UInt8]
    let signatureValue: [UInt8]
    let record: SignedRecord?
}

enum KnownSamples {
    static let verifier = SampleVerifier(trust: ConformanceVectors.trust)

    static let all: [KnownSample] = {
        let samples = ConformanceVectors.validJSONSamples.compactMap(knownSample)
        Invariant.require(samples.count >= 8, "only \(samples.count) valid sample vectors verify under the combined trust")
        return samples
    }()

    private static func knownSample(_ text: String) -> KnownSample? {
        guard let sample = try? JSONSampleDecoder.decode(text),
              let signature = SampleVerifier.signatureText(of: sample),
              let der = Data(base64Encoded: signature.filter { !$0.isWhitespace }).map(Array.init),
              let view = try? CMSSignedDataView(derEncoded: der),
              let content = view.content,
              let value = view.signerInfos.first?.signature else {
            Invariant.require(false, "a sample vector marked valid has no readable signature: \(text)")
            return nil
        }
        // A vector valid only under its own group's conditions is left out; the rest must verify.
        let verdict = verifier.verify(sample)
        guard verdict.kind == .valid else { return nil }
        return KnownSample(sample: sample, signatureDER: der, recordDER: content, signatureValue: value, record: verdict.record)
    }
}
