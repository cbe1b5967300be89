import CMS
import CryptoBackend
import HealthSamples
import SampleIO
import SampleSigning

/// `sign --batch N` / `--batch-seconds S` (docs/BATCH.md): readings in input order go through one
/// `BatchSampleSigner`; each comes back as its own JSON text with `HealthSigBatch` (and, on a
/// batch's last sample, `HealthSigBatchSignature`) spliced into its metadata, nothing else
/// changed. A batch also closes when the device changes, so a batch holds consecutive samples of
/// one device. The stage holds the texts of at most two readings (with several carriers, those
/// of the open batch).
///
/// A reading that already carries a signature (`HKDigitalSignature`, `HealthSigBatch` or
/// `HealthSigBatchSignature`) is refused, as per-sample signing refuses it, unless
/// `replaceSignatures`: then those keys are removed and its text is written anew from the parsed
/// sample, since a stale per-sample signature left in the text would be the one verified.
struct BatchSigningStage {
    /// A signed reading: its input line and its text with the batch keys added.
    struct Line {
        let line: Int
        let text: String
    }

    private var signer: BatchSampleSigner<P256PrivateKey>
    private var texts: [(line: Int, raw: String)] = []
    private var device: Device??
    private let replaceSignatures: Bool

    init(key: P256PrivateKey, builder: SignedDataBuilder, maximumCount: Int, maximumSeconds: Int64?,
         carriers: Int = 1, replaceSignatures: Bool = false) {
        signer = BatchSampleSigner(key: key, maximumCount: maximumCount, maximumSeconds: maximumSeconds,
                                   carriers: carriers, builder: builder)
        self.replaceSignatures = replaceSignatures
    }

    /// The metadata keys under which a reading already carries a signature, as written.
    static func signatureKeys(of sample: Sample) -> [String] {
        [MetadataKey.digitalSignature.storedName, BatchReference.metadataKey, BatchReference.signatureMetadataKey]
            .flatMap { sample.metadata.entries(forKey: $0).map(\.key) }
    }

    /// Adds one valid reading; returns the lines now ready, in input order.
    mutating func add(_ stored: StoredSample) throws(BatchSigningStageError) -> [Line] {
        var stored = stored
        let existing = Self.signatureKeys(of: stored.sample)
        if let key = existing.first {
            guard replaceSignatures else { throw .alreadySigned(line: stored.line, key: key) }
            var sample = stored.sample
            var metadata = sample.metadata
            for key in existing { metadata.removeAll(forKey: key) }
            sample.metadata = metadata
            stored.sample = sample
            stored.rawText = nil
        }
        var ready: [Line] = []
        if let device, device != stored.sample.device {
            ready += try finish()
        }
        let samples: [Sample]
        do {
            samples = try signer.add(stored.sample)
        } catch {
            throw .sample(line: stored.line, error)
        }
        device = .some(stored.sample.device)
        texts.append((stored.line, stored.rawText ?? JSONSampleWriter.line(for: stored.sample)))
        return ready + (try splice(samples))
    }

    /// Closes the open batch.
    mutating func finish() throws(BatchSigningStageError) -> [Line] {
        device = nil
        let samples: [Sample]
        do {
            samples = try signer.finish()
        } catch {
            throw .sample(line: texts.last?.line ?? 0, error)
        }
        return try splice(samples)
    }

    /// The texts of `samples` (the oldest held texts, in order) with the keys the signer added.
    private mutating func splice(_ samples: [Sample]) throws(BatchSigningStageError) -> [Line] {
        var lines: [Line] = []
        for sample in samples {
            guard !texts.isEmpty else { break }
            let (line, raw) = texts.removeFirst()
            var text = raw
            do {
                for key in [BatchReference.metadataKey, BatchReference.signatureMetadataKey] {
                    if case .string(let value)? = sample.metadata[key] {
                        text = try insertingMetadataValue(key: key, stringValue: value, into: text)
                    }
                }
            } catch {
                throw .splice(line: line, error)
            }
            lines.append(Line(line: line, text: text))
        }
        return lines
    }
}

/// Why batch signing stopped at a reading.
enum BatchSigningStageError: Error {
    /// The reading could not be signed (invalid, or the CMS layer refused).
    case sample(line: Int, SampleSigningError)
    /// The batch keys could not be written into the reading's text.
    case splice(line: Int, SignatureSpliceError)
    /// The reading already carries a signature under `key` (without `--replace-signatures`).
    case alreadySigned(line: Int, key: String)
}
