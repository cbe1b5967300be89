import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `healthsig sign`: device readings in, the same samples with their signature added out.
public enum BatchSigner {
    /// A reading that could not be signed.
    public struct Problem: Sendable {
        public let line: Int
        public let reason: String
    }

    /// What a run did.
    public struct Result: Sendable {
        public var signed = 0
        public var problems: [Problem] = []
        public var wroteOutput = false
        public var summary: String {
            "signed \(signed) sample(s)" + (problems.isEmpty ? "" : ", \(problems.count) invalid")
                + (wroteOutput ? "" : "; nothing written")
        }
    }

    /// Signs every reading of `inputPath` (JSON Lines, or a JSON array, whose output is then a
    /// JSON array of the same elements) into `outputPath`, atomically. With `skipInvalid` false,
    /// any invalid reading means nothing is written.
    public static func run(inputPath: String, outputPath: String, keyPath: String,
                           passphrase: KeyFiles.PassphraseSource, options: CMSSigning.Options,
                           skipInvalid: Bool) throws(ToolError) -> Result {
        let key = try KeyFiles.loadPrivateKey(keyPath, passphrase: passphrase)
        let signer = SampleSigner(builder: try CMSSigning.builder(options))
        let reader: JSONSampleReader<FileChunkSource>
        do {
            reader = try JSONSampleReader(path: inputPath)
        } catch {
            throw .io(path: inputPath, reason: "\(error)")
        }
        let output = try OutputFiles.open(outputPath, protecting: [inputPath, keyPath] + (options.certificatePath.map { [$0] } ?? []))
        var result = Result()
        var arrayElements = 0
        do {
            while let item = try reader.next() {
                switch item {
                case .failure(let error):
                    result.problems.append(Problem(line: error.line, reason: error.description))
                case .success(let stored):
                    do {
                        let text = try signer.signature(for: stored.sample, using: key)
                        let raw = stored.rawText ?? JSONSampleWriter.line(for: stored.sample)
                        let line = try insertingMetadataValue(key: MetadataKey.digitalSignature.storedName,
                                                              stringValue: text, into: raw)
                        if reader.format == .jsonArray {
                            try output.write((arrayElements == 0 ? "[\n" : ",\n") + line)
                            arrayElements += 1
                        } else {
                            try output.write(line + "\n")
                        }
                        result.signed += 1
                    } catch let error as SampleSigningError {
                        let field: String
                        if case .invalidSample(let v) = error { field = v.field + ": " } else { field = "" }
                        result.problems.append(Problem(line: stored.line, reason: field + error.description))
                    }
                }
            }
            if reader.format == .jsonArray { try output.write(arrayElements == 0 ? "[]\n" : "\n]\n") }
        } catch let error as ToolError {
            output.discard()
            throw error
        } catch {
            output.discard()
            throw .io(path: inputPath, reason: "\(error)")
        }
        if !result.problems.isEmpty && !skipInvalid {
            output.discard()
            return result
        }
        do {
            try output.commit()
        } catch {
            throw .io(path: outputPath, reason: error.description)
        }
        result.wroteOutput = true
        return result
    }
}
