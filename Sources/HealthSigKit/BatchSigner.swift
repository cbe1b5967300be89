import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `healthsig sign`: device readings in, the same samples with their signature added out.
public enum BatchSigner {
    /// A reading that could not be signed.
    public struct Problem: Sendable, CustomStringConvertible {
        /// 1-based line of the reading in the input.
        public let line: Int
        /// Path of the offending field (`unit`, `objects[0].value`, …); empty when the reading
        /// as a whole is wrong (e.g. not JSON).
        public let field: String
        /// What is wrong, without the location.
        public let reason: String

        /// Creates a problem.
        public init(line: Int, field: String, reason: String) {
            self.line = line
            self.field = field
            self.reason = reason
        }

        /// `line 3, unit: invalid unit …` (or `line 3: …` without a field).
        public var description: String {
            field.isEmpty ? "line \(line): \(reason)" : "line \(line), \(field): \(reason)"
        }
    }

    /// What a run did.
    public struct Result: Sendable {
        /// Readings signed (and written, when ``wroteOutput``).
        public var signed = 0
        /// Readings that could not be signed, in input order.
        public var problems: [Problem] = []
        /// Whether the output was written.
        public var wroteOutput = false
        /// One line for standard error.
        public var summary: String {
            if !wroteOutput {
                return "\(signed) reading(s) valid, \(problems.count) invalid; nothing written"
            }
            return "signed \(signed) sample(s)" + (problems.isEmpty ? "" : ", skipped \(problems.count) invalid")
        }
    }

    /// What signing one reading gave: the signed line (without its line break) or the problem.
    enum Signed: Sendable {
        case line(String)
        case problem(Problem)
    }

    /// Signs every reading of `inputPath` (JSON Lines, or a JSON array, whose output is then a
    /// JSON array of the same elements) into `outputPath`, atomically, with `jobs` worker
    /// threads: lines are read in order, parsed, validated, signed and spliced by the workers,
    /// and written in input order, so the output is the same for every `jobs`. With
    /// `skipInvalid` false, any invalid reading means nothing is written. A reading that already
    /// carries a signature counts as invalid unless `replaceSignatures` is true: replacing it
    /// silently could drop another device's signature. Key, certificate, passphrase file and
    /// input are never overwritten; another existing regular file only with `force`.
    public static func run(inputPath: String, outputPath: String, keyPath: String,
                           passphrase: KeyFiles.PassphraseSource, options: CMSSigning.Options,
                           skipInvalid: Bool, replaceSignatures: Bool = false, jobs: Int = 1, force: Bool = true,
                           progress: (any PipelineProgress)? = nil, batching: Batching? = nil) throws(ToolError) -> Result {
        let key = try KeyFiles.loadPrivateKey(keyPath, passphrase: passphrase)
        let builder = try CMSSigning.builder(options)
        // A certificate that does not belong to the key fails every reading the same way; it
        // is a usage error, found before any input is read (and before `--skip-invalid` could
        // turn it into an empty output).
        do {
            _ = try builder.sign([0], using: key)
        } catch {
            throw .keyMaterial(path: options.certificatePath ?? keyPath, reason: error.description)
        }
        let signer = SampleSigner(builder: builder)
        let reader: JSONSampleReader<CountingChunkSource<FileChunkSource>>
        do {
            let source = try FileChunkSource(path: inputPath)
            progress?.started(totalBytes: source.status.regularFileSize)
            reader = JSONSampleReader(source: CountingChunkSource(source, progress: progress))
        } catch {
            throw .io(path: inputPath, reason: "\(error)")
        }
        let protected = [inputPath, keyPath] + (options.certificatePath.map { [$0] } ?? []) + passphrase.filePaths
        try OutputFiles.refuseExistingFile(outputPath, force: force, inputs: protected)
        let output = try OutputFiles.open(outputPath, protecting: protected)
        var result = Result()
        var arrayElements = 0
        var done = 0
        do throws(ToolError) {
            if let batching {
                try signInBatches(batching, key: key, builder: builder,
                                  next: { () throws(ToolError) in try nextItem(reader, inputPath)?.decoded(keepingText: true) },
                                  write: { (line) throws(ToolError) in
                                      done += 1
                                      progress?.decided(done)
                                      if reader.format == .jsonArray {
                                          try output.write((arrayElements == 0 ? "[\n" : ",\n") + line)
                                          arrayElements += 1
                                      } else {
                                          try output.write(line + "\n")
                                      }
                                  }, result: &result)
            } else {
                try OrderedParallelMap<JSONSampleItem, Signed>(jobs: jobs).run(
                    produce: { () throws(ToolError) in try nextItem(reader, inputPath) },
                    transform: { item in sign(item, signer: signer, key: key, replaceSignatures: replaceSignatures) },
                    consume: { (signed) throws(ToolError) in
                        done += 1
                        progress?.decided(done)
                        switch signed {
                        case .problem(let problem):
                            result.problems.append(problem)
                        case .line(let line):
                            if reader.format == .jsonArray {
                                try output.write((arrayElements == 0 ? "[\n" : ",\n") + line)
                                arrayElements += 1
                            } else {
                                try output.write(line + "\n")
                            }
                            result.signed += 1
                        }
                    })
            }
            if reader.format == .jsonArray { try output.write(arrayElements == 0 ? "[]\n" : "\n]\n") }
        } catch {
            output.discard()
            throw error
        }
        progress?.finished()
        if !result.problems.isEmpty && !skipInvalid {
            output.discard()
            return result
        }
        try output.commit()
        result.wroteOutput = true
        return result
    }

    /// Parses, validates and signs one reading and splices the signature into its text. Pure:
    /// runs on any worker thread.
    static func sign(_ item: JSONSampleItem, signer: SampleSigner, key: P256PrivateKey,
                     replaceSignatures: Bool) -> Signed {
        let stored: StoredSample
        switch item.decoded(keepingText: true) {
        case .failure(let error): return .problem(problem(error))
        case .success(let s): stored = s
        }
        if !replaceSignatures, let existing = existingSignature(stored.sample) {
            return .problem(Problem(line: stored.line, field: "metadata.\(existing)",
                                    reason: "the sample is already signed (--replace-signatures replaces the signature)"))
        }
        do {
            let text = try signer.signature(for: stored.sample, using: key)
            let raw = stored.rawText ?? JSONSampleWriter.line(for: stored.sample)
            return .line(try insertingMetadataValue(key: MetadataKey.digitalSignature.storedName,
                                                    stringValue: text, into: raw))
        } catch let error as SampleSigningError {
            return .problem(problem(error, line: stored.line))
        } catch {
            return .problem(Problem(line: stored.line, field: "", reason: "\(error)"))
        }
    }

    /// The key, as written, under which `sample` already carries a signature
    /// (`HKDigitalSignature` or its SDK name `HKMetadataKeyDigitalSignature`), or `nil`.
    static func existingSignature(_ sample: Sample) -> String? {
        sample.metadata.entries(forKey: MetadataKey.digitalSignature.storedName).first?.key
    }

    /// The reader's next item; its only errors are I/O errors of the input.
    static func nextItem<Source: ByteChunkSource>(_ reader: JSONSampleReader<Source>,
                                                  _ path: String) throws(ToolError) -> JSONSampleItem? {
        do {
            return try reader.nextItem()
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
    }

    /// A reader error as a problem, its location split off the text.
    static func problem(_ error: SampleInputError) -> Problem {
        Problem(line: error.line, field: error.field, reason: ProblemText.inputReason(error))
    }

    /// A signing error as a problem.
    static func problem(_ error: SampleSigningError, line: Int) -> Problem {
        if case .invalidSample(let validation) = error {
            return Problem(line: line, field: validation.field, reason: ProblemText.validationReason(validation))
        }
        return Problem(line: line, field: "", reason: error.description)
    }
}
