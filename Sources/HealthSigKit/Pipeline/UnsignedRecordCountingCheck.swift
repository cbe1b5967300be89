import CMS
import SampleIO
import SampleSigning

/// The counting path for unsigned export.xml records held to its reference on raw bytes, for
/// the export-xml fuzz target: every record ``ExportSampleReader/next(counting:)`` hands out
/// unmapped is, to a sink that only counts (``UnsignedRecordUse/count``), the event the full
/// path decides for it; every other item and the error that ends reading are the reference
/// reader's.
@_spi(FastPathReference)
public enum UnsignedRecordCountingCheck {
    /// What a counting sink reads of one event.
    struct CountedView: Equatable {
        let kind: SampleVerdict.Kind
        let type: String
        let source: String?
        let position: Int
        let line: Int?
        let mayBeCorrelationMemberCopy: Bool
        let involvesBatch: Bool
        let hasTimestamp: Bool

        init?(_ event: PipelineEvent?) {
            guard case .decided(let decided)? = event else { return nil }
            kind = decided.entry.verdict.kind
            type = decided.entry.type
            source = decided.exportItem?.sourceName
            position = decided.entry.position
            line = decided.entry.line
            mayBeCorrelationMemberCopy = decided.mayBeCorrelationMemberCopy
            involvesBatch = decided.involvesBatch
            hasTimestamp = decided.entry.verdict.timestamp != nil
        }
    }

    /// How reading `bytes` in chunks of `chunkSize` with counting differs from the reference
    /// reader; nil when it does not.
    public static func difference(_ bytes: [UInt8], chunkSize: Int) -> String? {
        let verifier = SampleVerifier(trust: TrustSet())
        let counting = ExportSampleReader(source: MemoryChunkSource(bytes, chunkSize: chunkSize))
        let reference = ExportSampleReader(source: MemoryChunkSource(bytes, chunkSize: chunkSize))
        var index = 0
        while index <= bytes.count {
            index += 1
            let counted: ExportCountingOutcome?, expected: ExportSampleOutcome?
            do {
                counted = try counting.next(counting: .verification)
            } catch {
                do {
                    _ = try reference.next()
                    return "item \(index): the counting reader failed (\(error)), the reference did not"
                } catch let referenceError {
                    return "\(error)" == "\(referenceError)" ? nil : "item \(index): errors \(error) and \(referenceError)"
                }
            }
            do {
                expected = try reference.next()
            } catch {
                return "item \(index): the reference reader failed (\(error)), the counting reader did not"
            }
            switch (counted, expected) {
            case (nil, nil):
                return nil
            case (.outcome(let outcome)?, let expected?):
                if outcome != expected { return "item \(index): \(outcome) / \(expected)" }
            case (.unsignedRecord(let item)?, let expected?):
                let full = VerificationWork.decide(expected, verifier)
                let view = CountedView(VerificationWork.decide(.unsignedRecord(item), verifier))
                guard let view, view == CountedView(full), view.kind == .unsigned else {
                    return "item \(index): counted as \(view.map { "\($0)" } ?? "nothing"), decided as \(CountedView(full).map { "\($0)" } ?? "nothing")"
                }
            default:
                return "item \(index): \(String(describing: counted)) / \(String(describing: expected))"
            }
        }
        return "more items than input bytes"
    }
}
