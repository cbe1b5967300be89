import HealthSamples
import SampleIO
import SampleSigning

/// A second read of a seekable input for its batch carriers (docs/BATCH.md, "Streaming and
/// memory"): when more members wait for their carriers than the pipeline holds, the carriers
/// are found ahead of their turn instead of the members being given up.
enum BatchCarrierScan {
    /// `HealthSigBatchSignature` as UTF-8: a JSON line without these bytes carries no batch
    /// signature and is not decoded.
    private static let signatureKey = Array(BatchReference.signatureMetadataKey.utf8)

    /// Hands the metadata of every item of `path` carrying a batch signature to `register`, in
    /// input order; `false` when the input could not be read again.
    static func run(_ path: String, register: (Metadata) -> Void) -> Bool {
        do throws(ToolError) {
            let input = try VerificationInput.open(path, progress: nil)
            defer { input.close() }
            while let work = try input.next() {
                if let metadata = carrierMetadata(work) { register(metadata) }
            }
            return true
        } catch {
            return false
        }
    }

    /// The metadata of `work` when it carries a batch signature.
    static func carrierMetadata(_ work: VerificationWork) -> Metadata? {
        let metadata: Metadata
        switch work {
        case .unreadable, .countedExport:
            // A counted record carries no batch key (``ExportRecordCounting/verification``).
            return nil
        case .jsonLine(let line):
            guard contains(line.bytes, signatureKey) else { return nil }
            metadata = metadataOf(line.decodedSample())
        case .stored(let result, _):
            metadata = switch result {
            case .success(let stored): stored.sample.metadata
            case .failure(let error): error.storedFields?.metadata ?? Metadata()
            }
        case .export(let outcome):
            switch outcome {
            case .sample(let stored): metadata = stored.sample.metadata
            case .invalid(let item, _), .unsupported(let item):
                metadata = Metadata(item.metadata.map { Metadata.Entry(key: $0.key, value: .string($0.value)) })
            }
        }
        return metadata.entries.contains { $0.key == BatchReference.signatureMetadataKey } ? metadata : nil
    }

    private static func metadataOf(_ result: Result<ReadSample, SampleInputError>) -> Metadata {
        switch result {
        case .success(let read): return read.sample.metadata
        case .failure(let error): return error.storedFields?.metadata ?? Metadata()
        }
    }

    /// Whether `pattern` occurs in `bytes`.
    static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard let first = pattern.first, bytes.count >= pattern.count else { return false }
        var index = 0
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }
}
