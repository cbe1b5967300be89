import HealthSamples
import SampleIO
import SampleSigning

// Perf: items already read (a whole sample, hundreds of bytes) are boxed (`indirect`): inline
// they sized every item, a line nearly always, copied at each step to the worker (not measured).
/// One item of input for the verification workers, in input order.
enum VerificationWork: Sendable {
    /// A JSON Lines line, parsed by the worker.
    case jsonLine(JSONSampleLine)
    /// An item its reader has read already (a JSON array element, a JSON line too long to keep,
    /// or an item of any reader that hands out stored samples), in the form the reader named.
    indirect case stored(Result<StoredSample, SampleInputError>, form: StoredForm)
    /// A top-level export.xml item.
    indirect case export(ExportSampleOutcome)
    /// An unsigned top-level export.xml Record handed out unmapped, for sinks that only count
    /// unsigned samples (``ExportCountingOutcome/unsignedRecord(_:)``).
    indirect case countedExport(ExportXMLItem)
    /// Input that could not be read (an XML syntax error, a damaged zip archive).
    case unreadable(line: Int?, reason: String)

    /// An item an export reader handed out in counting mode: a counted record, or any other item.
    init(_ outcome: ExportCountingOutcome) {
        switch outcome {
        case .outcome(let outcome): self = .export(outcome)
        case .unsignedRecord(let item): self = .countedExport(item)
        }
    }

    /// The event for this item; `nil` for an export.xml item that is not reported (an unsigned
    /// item of a type outside the catalog). Pure: runs on any worker thread.
    func decide(_ verifier: SampleVerifier) -> PipelineEvent? {
        switch self {
        case .unreadable(let line, let reason):
            return .unreadable(line: line, reason: reason)
        case .jsonLine(let line):
            return Self.decide(line.decodedSample(), form: line.form, verifier)
        case .stored(let result, let form):
            return Self.decide(result.map { ReadSample(sample: $0.sample, position: $0.position, line: $0.line) },
                               form: form, verifier)
        case .export(let outcome):
            return Self.decide(outcome, verifier)
        case .countedExport(let item):
            return .decided(DecidedSample(countedUnsignedRecord: item))
        }
    }

    /// The event of an item an export reader handed out in counting mode.
    static func decide(_ outcome: consuming ExportCountingOutcome, _ verifier: SampleVerifier) -> PipelineEvent? {
        switch consume outcome {
        case .outcome(let outcome): decide(outcome, verifier)
        case .unsignedRecord(let item): .decided(DecidedSample(countedUnsignedRecord: item))
        }
    }

    /// The event of an item read, in the stored form its reader named.
    private static func decide(_ outcome: consuming Result<ReadSample, SampleInputError>, form: StoredForm,
                               _ verifier: SampleVerifier) -> PipelineEvent {
        switch consume outcome {
        case .success(let read):
            return .decided(Self.decided(read, form: form, verifier))
        case .failure(let error):
            guard let fields = error.storedFields else {
                return .unreadable(line: error.line, reason: ProblemText.inputReasonWithField(error))
            }
            // A signed sample altered into an invalid one is judged against its signature.
            let verdict = InvalidStoredSampleVerdict.verdict(
                stored: fields, invalidField: error.field, problem: ProblemText.inputReasonWithField(error),
                storedForm: form, verifier: verifier)
            return .decided(DecidedSample(entry: VerificationEntry(
                position: error.position ?? error.line, line: error.line, type: fields.type ?? "?",
                startDate: fields.startDate ?? "", verdict: verdict), sample: nil, storedForm: form, exportItem: nil,
                batchMember: .member(fields, field: error.field, problem: ProblemText.inputReasonWithField(error))))
        }
    }

    /// A sample read with its verdict.
    static func decided(_ read: consuming ReadSample, form: StoredForm, _ verifier: SampleVerifier) -> DecidedSample {
        // Perf: the sample is taken out of `read` once; each `read.sample` was a copy of the whole
        // sample (not measured).
        let (position, line) = (read.position, read.line)
        let sample = (consume read).sample
        let verdict = verifier.verify(sample, storedForm: form)
        let entry = VerificationEntry(position: position, line: line, type: sample.typeIdentifier,
                                      start: .date(sample.startDate), verdict: consume verdict)
        return DecidedSample(entry: entry, sample: consume sample, storedForm: form, exportItem: nil)
    }

    static func entry(_ stored: StoredSample, _ verdict: consuming SampleVerdict) -> VerificationEntry {
        VerificationEntry(position: stored.position, line: stored.line, type: stored.sample.typeIdentifier,
                          start: .date(stored.sample.startDate), verdict: verdict)
    }

    static func entry(_ item: ExportXMLItem, _ verdict: SampleVerdict) -> VerificationEntry {
        VerificationEntry(position: item.position, line: item.line, type: item.type ?? item.elementName,
                          startDate: item.startDate.map(ReportedReading.rfc3339) ?? "", verdict: verdict)
    }

    static func decide(_ outcome: consuming ExportSampleOutcome, _ verifier: SampleVerifier) -> PipelineEvent? {
        let form = outcome.form
        switch consume outcome {
        case .sample(let stored):
            let verdict = verifier.verify(stored.sample, storedForm: stored.form)
            let kind = verdict.kind
            var role = CorrelationRole.none
            switch stored.sample {
            case .correlation(let c):
                role = .correlation(memberKeys: c.objects.map(CorrelationMemberCopy.key))
            case .quantity(let q) where kind == .unsigned && CorrelationMemberCopy.isMemberType(q.type):
                role = .unsignedMemberTypeRecord(copyKey: CorrelationMemberCopy.key(q))
            default:
                break
            }
            // Perf: the verdict is handed on, not copied, into the entry.
            return .decided(DecidedSample(entry: entry(stored, consume verdict), sample: stored.sample,
                                          storedForm: stored.form, exportItem: stored.exportItem, correlationRole: role))
        case .unsupported(let item):
            if let signature = item.signatureText {
                return .decided(DecidedSample(entry: entry(item, SampleVerdict(
                    kind: .malformed, reasonCode: "unsupported-type",
                    reason: "signed \(item.elementName) of type \(item.type ?? "?") is outside the supported sample types (signature \(signature.count) characters)")),
                    sample: nil, storedForm: form, exportItem: item))
            }
            // A batch's member of such a type is signed too: reported as one, and present in its batch.
            let metadata = Metadata(item.metadata.map { Metadata.Entry(key: $0.key, value: .string($0.value)) })
            guard BatchSampleVerifier<Int>.involvesBatch(metadata) else { return nil }
            let verdict = SampleVerdict(
                kind: .malformed, reasonCode: "unsupported-type",
                reason: "batch-signed \(item.elementName) of type \(item.type ?? "?") is outside the supported sample types")
            return .decided(DecidedSample(entry: entry(item, verdict), sample: nil, storedForm: form, exportItem: item,
                                          batchMember: .unsupported(metadata, verdict: verdict)))
        case .invalid(let item, let error):
            if let fields = error.storedFields {
                return .decided(DecidedSample(entry: entry(item, InvalidStoredSampleVerdict.verdict(
                    stored: fields, invalidField: error.field, problem: ProblemText.inputReasonWithField(error),
                    storedForm: form, verifier: verifier)),
                    sample: nil, storedForm: form, exportItem: item,
                    batchMember: .member(fields, field: error.field, problem: ProblemText.inputReasonWithField(error))))
            }
            // A supported type without a signature is an unsigned sample, valid or not:
            // dropping it would let `--require-signed` pass an unsigned export.
            let memberType = item.kind == .record && CorrelationMemberCopy.isMemberType(named: item.type)
            return .decided(DecidedSample(entry: entry(item, SampleVerdict(
                kind: .unsigned, reasonCode: "no-signature",
                reason: "the sample has no HKDigitalSignature metadata (and is not a valid sample: \(ProblemText.inputReasonWithField(error)))")),
                sample: nil, storedForm: form, exportItem: item,
                correlationRole: memberType ? .unsignedMemberTypeRecord(copyKey: nil) : .none))
        }
    }
}

extension ExportRecordCounting {
    /// The metadata keys the verifier reads to decide a sample (``SampleVerifier/signatureText(of:)``,
    /// ``SampleVerifier/timestampText(of:)``) and the batch stage reads to take it
    /// (``BatchSampleVerifier/involvesBatch(_:)``): a record carrying one is decided in full.
    static let verification = ExportRecordCounting(signingKeys: [
        MetadataKey.digitalSignature.storedName, MetadataKey.digitalSignature.constantName, SampleVerifier.timestampKey,
        BatchReference.metadataKey, BatchReference.signatureMetadataKey,
    ])
}
