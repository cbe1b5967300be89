import CMS
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `healthsig timestamp`: adds to each signature of a JSON Lines file an RFC 3161 token over
/// SHA-256 of the signature's DER (docs/TRUST.md, "Trusted time"): `HealthSigTimestamp` beside
/// `HKDigitalSignature`, `HealthSigBatchTimestamp` beside `HealthSigBatchSignature`. Both keys
/// start with `HealthSig`, so no record signs them (docs/FORMAT.md): stamping changes no signature.
///
/// Every other byte of a line is kept; a line without a signature is copied as it is. A token
/// already present under either key is replaced. The carriers of one batch signature share its
/// bytes, so they get one token: the tokens of the last ``rememberedBatchTokens`` batch
/// signatures are kept (a bounded memo, whatever the input's size). The output is written atomically
/// (``OutputFiles``); a line that is not a JSON object, or a signature that is not base64,
/// stops the run with its line number and nothing is written.
public enum TimestampService {
    /// The metadata key of a per-sample signature's token.
    public static let sampleTimestampKey = "HealthSigTimestamp"
    /// The metadata key of a batch signature's token.
    public static let batchTimestampKey = "HealthSigBatchTimestamp"
    /// How many batch signatures' tokens are remembered for their other carriers.
    public static let rememberedBatchTokens = 64

    /// What a run did.
    public struct Summary: Sendable, Equatable {
        /// Lines written.
        public var lines = 0
        /// Per-sample signatures stamped.
        public var sampleSignatures = 0
        /// Batch-signature carriers stamped.
        public var batchSignatures = 0
        /// Tokens obtained from the source (one per signature; one per batch signature remembered).
        public var tokens = 0
    }

    /// Stamps `input` (JSON Lines, `-` for standard input) into `output`.
    public static func run(input: String, output: String, source: some TimeStampSource) throws(ToolError) -> Summary {
        let reader: JSONSampleReader<FileChunkSource>
        do {
            reader = try JSONSampleReader(path: input)
        } catch {
            throw .io(path: input, reason: "\(error)")
        }
        let staged = try OutputFiles.open(output, protecting: [input])
        var summary = Summary()
        var batchTokens: [(imprint: [UInt8], token: String)] = []
        do throws(ToolError) {
            while let item = try next(reader, input) {
                guard case .line(let line) = item else {
                    if reader.format == .jsonArray {
                        throw .usage("\(input): timestamp reads JSON Lines (one sample a line), not a JSON array")
                    }
                    if case .read(.failure(let error)) = item { throw .io(path: input, reason: "\(error)") }
                    continue
                }
                var bytes = line.bytes
                for (signatureKeys, timestampKey) in [(sampleSignatureKeys, sampleTimestampKey),
                                                      ([BatchReference.signatureMetadataKey], batchTimestampKey)] {
                    guard let text = try signatureText(bytes, keys: signatureKeys, input: input, line: line.line) else { continue }
                    guard let der = SignatureText.decode(text), !der.isEmpty else {
                        throw .usage("\(input):\(line.line): the \(signatureKeys[0]) value is not base64")
                    }
                    let imprint = TimeStampToken.imprint(ofSignature: der)
                    let isBatch = timestampKey == batchTimestampKey
                    let token: String
                    if isBatch, let known = batchTokens.first(where: { $0.imprint == imprint }) {
                        token = known.token
                    } else {
                        token = SignatureText.encode(try source.token(imprint: imprint))
                        summary.tokens += 1
                        if isBatch {
                            if batchTokens.count == rememberedBatchTokens { batchTokens.removeFirst() }
                            batchTokens.append((imprint, token))
                        }
                    }
                    do {
                        let root = try JSONParser().parseNode(bytes)
                        bytes = try insertingMetadataValue(key: timestampKey, stringValue: token, into: bytes, root: root)
                    } catch {
                        throw .usage("\(input):\(line.line): \(error)")
                    }
                    if isBatch { summary.batchSignatures += 1 } else { summary.sampleSignatures += 1 }
                }
                bytes.append(UInt8(ascii: "\n"))
                try staged.write(bytes)
                summary.lines += 1
            }
            try staged.commit()
        } catch {
            staged.discard()
            throw error
        }
        return summary
    }

    private static let sampleSignatureKeys = [MetadataKey.digitalSignature.storedName, MetadataKey.digitalSignature.constantName]

    private static func next(_ reader: JSONSampleReader<FileChunkSource>, _ input: String) throws(ToolError) -> JSONSampleItem? {
        do {
            return try reader.nextItem()
        } catch {
            throw .io(path: input, reason: "\(error)")
        }
    }

    /// The string value of the first of `keys` in the line's top-level `metadata`, if any.
    private static func signatureText(_ bytes: [UInt8], keys: [String], input: String, line: Int) throws(ToolError) -> String? {
        let root: JSONNode
        do {
            root = try JSONParser().parseNode(bytes)
        } catch {
            throw .usage("\(input):\(line): not valid JSON: \(error)")
        }
        guard let members = root.objectMembers else { throw .usage("\(input):\(line): expected a JSON object") }
        guard let metadata = members.first(where: { $0.key == "metadata" })?.value.objectMembers else { return nil }
        for member in metadata where keys.contains(member.key) {
            guard case .string(let text) = member.value.content else {
                throw .usage("\(input):\(line): the \(member.key) value is not a string")
            }
            return text
        }
        return nil
    }
}
