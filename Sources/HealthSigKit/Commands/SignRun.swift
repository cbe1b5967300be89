import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `healthsig sign`: device readings in, the same samples with their signature added out.
public enum SignRun {
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
        /// The first ``problemListLimit`` readings that could not be signed, in input order
        /// (each was also handed to the run's `problemHandler` as it was found).
        public var problems: [Problem] = []
        /// Readings that could not be signed: every one, listed or not.
        public var problemCount = 0
        /// Whether the output was written (for a destination written in place: whether it was
        /// finished; see ``stoppedAtLine``).
        public var wroteOutput = false
        /// Whether the output was written in place as the lines were signed (standard output, a
        /// device, a FIFO) rather than replaced atomically.
        public var streamed = false
        /// The line of the invalid reading a streamed run stopped at (without `--skip-invalid`);
        /// what was written before it stays written.
        public var stoppedAtLine: Int?
        /// One line for standard error.
        public var summary: String {
            if let stoppedAtLine {
                return "signed \(signed) sample(s), written as they were signed; stopped at the invalid reading on line \(stoppedAtLine)"
            }
            if !wroteOutput {
                return "\(signed) reading(s) valid, \(problemCount) invalid; nothing written"
            }
            return "signed \(signed) sample(s)" + (problemCount == 0 ? "" : ", skipped \(problemCount) invalid")
        }

        mutating func add(_ problem: Problem) {
            problemCount += 1
            if problems.count < problemListLimit { problems.append(problem) }
        }
    }

    /// What ``run(inputPath:outputPath:keyPath:passphrase:options:skipInvalid:replaceSignatures:jobs:force:progress:batching:problemHandler:keyWarning:)``
    /// counts as it goes.
    private struct Tally {
        var result = Result()
        /// Elements written to a JSON array output.
        var arrayElements = 0
        /// Readings decided (signed or refused), for the progress display.
        var done = 0
    }

    /// Problems a ``Result`` keeps; every further one is counted only, so memory does not grow
    /// with the input (`sign --skip-invalid` of a stream of bad lines).
    public static let problemListLimit = 100

    /// What signing one reading gave: the signed line (without its line break) or the problem.
    enum Signed: Sendable {
        /// The UTF-8 bytes of the signed line.
        case line([UInt8])
        /// A signed JSON Lines line with its line break: the worker that spliced the line adds
        /// the break into the room the splice left, so the writer takes the line in one call.
        case terminatedLine([UInt8])
        case problem(Problem)
    }

    /// Signs every reading of `inputPath` (JSON Lines, or a JSON array, whose output is then a
    /// JSON array of the same elements) into `outputPath` with `jobs` worker threads: lines are
    /// read in order, parsed, validated, signed and spliced by the workers, and written in input
    /// order, so the output is the same for every `jobs`. A reading that already carries a
    /// signature counts as invalid unless `replaceSignatures` is true: replacing it silently
    /// could drop another device's signature. Key, certificate, passphrase file and input are
    /// never overwritten; another existing regular file only with `force`. Each invalid reading
    /// goes to `problemHandler` as it is found, in input order.
    ///
    /// A regular file (or a new path) is written atomically: with `skipInvalid` false, any
    /// invalid reading means nothing is written. Standard output, a device or a FIFO is written
    /// as the lines are signed, flushed whenever the input has nothing more ready (a device
    /// pipe stays live: each line comes out before the next is read), in small batches while
    /// input is already there; with `skipInvalid` false the run stops at the first invalid
    /// reading, and the lines written before it stay written (``Result/stoppedAtLine``).
    /// `keyPath` may be a `pkcs11:` URI, reached with `token` (docs/TRUST.md, "Keys in hardware").
    public static func run(inputPath: String, outputPath: String, keyPath: String,
                           passphrase: KeyFiles.PassphraseSource, options: CMSSigning.Options,
                           skipInvalid: Bool, replaceSignatures: Bool = false, jobs: Int = 1, force: Bool = true,
                           progress: (any PipelineProgress)? = nil, batching: Batching? = nil,
                           problemHandler: ((Problem) -> Void)? = nil,
                           keyWarning: ((String) -> Void)? = nil, token: TokenAccess? = nil) throws(ToolError) -> Result {
        let key = try KeyFiles.loadKey(keyPath, token: token, option: "--key", passphrase: passphrase, warning: keyWarning)
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
        let period = CMSSigning.periodCheck(builder, options)
        let reader: JSONSampleReader<CountingChunkSource<FileChunkSource>>
        do {
            let source = try FileChunkSource(path: inputPath)
            progress?.started(totalBytes: source.status.regularFileSize)
            reader = JSONSampleReader(source: CountingChunkSource(source, progress: progress))
        } catch {
            throw .io(path: inputPath, reason: "\(error)")
        }
        let protected = [inputPath, keyPath] + (options.certificatePath.map { [$0] } ?? []) + passphrase.filePaths
            + (token?.filePaths ?? [])
        try OutputFiles.refuseExistingFile(outputPath, force: force, inputs: protected)
        let output = try OutputFiles.open(outputPath, protecting: protected, inPlaceDelivery: .asWritten)
        let streamed = output.writesInPlace
        var tally = Tally()
        tally.result.streamed = streamed
        func write(_ line: [UInt8]) throws(ToolError) {
            if reader.format == .jsonArray {
                try output.write(tally.arrayElements == 0 ? "[\n" : ",\n")
                try output.write(line)
                tally.arrayElements += 1
            } else {
                try output.write(line)
                try output.write(lineBreak)
            }
            tally.result.signed += 1
        }
        func record(_ problem: Problem) {
            tally.result.add(problem)
            problemHandler?(problem)
            // A streamed output cannot be taken back: without --skip-invalid, stop here.
            if streamed && !skipInvalid && tally.result.stoppedAtLine == nil {
                tally.result.stoppedAtLine = problem.line
            }
        }
        // Streamed: flush whenever the next reading is not there yet, so a live reader gets
        // every signed line before the device sends the next reading.
        let streaming = streamed ? OrderedParallelMap<JSONSampleItem, Signed>.Streaming(
            inputReady: { () throws(ToolError) in
                do {
                    return try reader.nextItemIsReady()
                } catch {
                    throw .io(path: inputPath, reason: "\(error)")
                }
            },
            idle: { () throws(ToolError) in try output.flush() }) : nil
        do throws(ToolError) {
            if let batching {
                try signInBatches(batching, key: key, builder: builder, replaceSignatures: replaceSignatures, period: period,
                                  next: { () throws(ToolError) in
                                      guard tally.result.stoppedAtLine == nil else { return nil }
                                      if let streaming, !(try streaming.inputReady()) { try streaming.idle() }
                                      return try nextItem(reader, inputPath)?.decoded(keepingText: true)
                                  },
                                  write: { (line) throws(ToolError) in
                                      tally.done += 1
                                      progress?.decided(tally.done)
                                      try write(Array(line.utf8))
                                  },
                                  problem: { problem in
                                      tally.done += 1
                                      progress?.decided(tally.done)
                                      record(problem)
                                  })
            } else {
                // Chunks of 256: at the default 64 (a chunk every 1.5 ms of signing) `--jobs 2`
                // spent about a tenth more CPU time than `--jobs 1` waking threads and handing
                // chunks over, and reached only 1.7 × its speed; at 256 both use the same CPU
                // time. A streamed input cuts a chunk short whenever it has nothing more ready,
                // so live output is not held back. (A verification takes three times as long as
                // a signature, so the verify pipeline's chunks of 64 already last long enough.)
                try OrderedParallelMap<JSONSampleItem, Signed>(jobs: jobs, chunkSize: 256).run(
                    produce: { () throws(ToolError) in
                        tally.result.stoppedAtLine == nil ? try nextItem(reader, inputPath) : nil
                    },
                    transform: { item in
                        sign(item, signer: signer, key: key, replaceSignatures: replaceSignatures, period: period)
                    },
                    consume: { (signed) throws(ToolError) in
                        // Readings after the one a streamed run stopped at are not written.
                        guard tally.result.stoppedAtLine == nil else { return }
                        tally.done += 1
                        progress?.decided(tally.done)
                        switch signed {
                        case .problem(let problem): record(problem)
                        case .line(let line): try write(line)
                        case .terminatedLine(let line):
                            try output.write(line)
                            tally.result.signed += 1
                        }
                    },
                    streaming: streaming)
            }
            if tally.result.stoppedAtLine == nil, reader.format == .jsonArray {
                try output.write(tally.arrayElements == 0 ? "[]\n" : "\n]\n")
            }
        } catch {
            output.discard()
            throw error
        }
        progress?.finished()
        if tally.result.stoppedAtLine != nil {
            // What was written stays written; the output ends at the last good line.
            try output.commit()
            return tally.result
        }
        if tally.result.problemCount > 0 && !skipInvalid {
            output.discard()
            return tally.result
        }
        try output.commit()
        tally.result.wroteOutput = true
        return tally.result
    }

    /// Parses, validates and signs one reading and splices the signature into its text. Pure:
    /// runs on any worker thread.
    static func sign(_ item: JSONSampleItem, signer: SampleSigner, key: P256PrivateKey,
                     replaceSignatures: Bool, period: CertificatePeriodCheck? = nil) -> Signed {
        if case .line(let line) = item {
            // A line is parsed once: its value is decoded, and its layout places the splice.
            let (decoded, layout) = line.decodedForSplicing()
            switch decoded {
            case .failure(let error): return .problem(problem(error))
            case .success(let sample):
                guard let layout else {
                    return sign(sample, line: line.line, rawText: nil, signer: signer, key: key,
                                replaceSignatures: replaceSignatures, period: period)
                }
                return sign(sample, line: line.line, splicingInto: line.bytes, layout: layout,
                            signer: signer, key: key, replaceSignatures: replaceSignatures, period: period)
            }
        }
        switch item.decoded(keepingText: true) {
        case .failure(let error): return .problem(problem(error))
        case .success(let stored):
            return sign(stored.sample, line: stored.line, rawText: stored.rawText,
                        signer: signer, key: key, replaceSignatures: replaceSignatures, period: period)
        }
    }

    /// Signs the decoded `sample` read at `line` and splices the signature into the line's
    /// `bytes` at the place `layout` gives. Bytes and layout are passed apart: paired in an
    /// optional tuple, they were destroyed through the runtime's generic tuple witness.
    private static func sign(_ sample: Sample, line: Int, splicingInto bytes: [UInt8], layout: JSONSpliceLayout,
                             signer: SampleSigner, key: P256PrivateKey, replaceSignatures: Bool,
                             period: CertificatePeriodCheck?) -> Signed {
        if !replaceSignatures, let existing = existingSignature(sample) {
            return .problem(Problem(line: line, field: "metadata.\(existing)", reason: alreadySignedReason))
        }
        if let outside = period?.problem(for: sample) { return .problem(problem(outside, line: line)) }
        do {
            // The line's decoder has validated the sample; the base64 text is written
            // straight into the signed line, never as a String or a buffer of its own.
            // The SignedData is lent in place (never an array of its own) and read only here.
            var signed: [UInt8] = []
            var spliceError: SignatureSpliceError?
            try signer.withSignatureDER(forValidated: sample, using: key) { der in
                do throws(SignatureSpliceError) {
                    signed = try insertingMetadataValue(signatureKey, into: bytes, layout: layout,
                                                        plainValueLength: SignatureText.encodedLength(byteCount: der.count),
                                                        lineBreak: true) { SignatureText.encode(der, into: $0) }
                } catch {
                    spliceError = error
                }
            }
            if let spliceError { throw spliceError }
            return .terminatedLine(signed)
        } catch let error as SampleSigningError {
            return .problem(problem(error, line: line))
        } catch {
            return .problem(Problem(line: line, field: "", reason: "\(error)"))
        }
    }

    /// Signs the decoded `sample` read at `line` and splices the signature into `rawText` (or
    /// the sample written anew when there is none).
    private static func sign(_ sample: Sample, line: Int, rawText: String?,
                             signer: SampleSigner, key: P256PrivateKey, replaceSignatures: Bool,
                             period: CertificatePeriodCheck?) -> Signed {
        if !replaceSignatures, let existing = existingSignature(sample) {
            return .problem(Problem(line: line, field: "metadata.\(existing)", reason: alreadySignedReason))
        }
        if let outside = period?.problem(for: sample) { return .problem(problem(outside, line: line)) }
        do {
            let text = try signer.signature(for: sample, using: key)
            let raw = rawText ?? JSONSampleWriter.line(for: sample)
            return .line(Array(try insertingMetadataValue(key: MetadataKey.digitalSignature.storedName,
                                                          stringValue: text, into: raw).utf8))
        } catch let error as SampleSigningError {
            return .problem(problem(error, line: line))
        } catch {
            return .problem(Problem(line: line, field: "", reason: "\(error)"))
        }
    }

    /// `HKDigitalSignature`, prepared once for the splice into every line.
    static let signatureKey = MetadataSpliceKey(MetadataKey.digitalSignature.storedName)

    /// What ends a JSON Lines line.
    static let lineBreak: [UInt8] = [UInt8(ascii: "\n")]

    /// Why a reading that already carries a signature is refused.
    static let alreadySignedReason = "the sample is already signed (--replace-signatures replaces the signature)"

    /// The key, as written, under which `sample` already carries a signature
    /// (`HKDigitalSignature` or its SDK name `HKMetadataKeyDigitalSignature`), or `nil`.
    static func existingSignature(_ sample: Sample) -> String? {
        // `metadata.firstIndex(forKey:)`, with the spellings found once rather than the stored
        // name of every key looked up for every reading. Keys are read in place: `first(where:)`
        // copied every entry (its key and value retained) to hand it to the predicate.
        let entries = sample.metadata.entries
        for index in entries.indices where signatureKey.namesSameEntry(entries[index].key) {
            return entries[index].key
        }
        return nil
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

    /// A reading outside its certificate's validity, named by its end date (the signed time).
    static func problem(_ outside: OutsideCertificatePeriod, line: Int) -> Problem {
        Problem(line: line, field: "endDate", reason: outside.description)
    }

    /// A signing error as a problem.
    static func problem(_ error: SampleSigningError, line: Int) -> Problem {
        if case .invalidSample(let validation) = error {
            return Problem(line: line, field: validation.field, reason: ProblemText.validationReason(validation))
        }
        return Problem(line: line, field: "", reason: error.description)
    }
}
