import HealthSamples
import SampleIO
import SampleSigning

// Perf: a class, so each step from worker to sinks hands on one reference; a struct of this
// size was copied at every step, each of its strings retained and released (not measured).
/// One sample whose verdict is decided, as the verification pipeline hands it to its sinks.
/// Immutable once made.
public final class DecidedSample: Sendable {
    /// The report line: position, input line, type, start date and verdict.
    public let entry: VerificationEntry
    /// The stored sample as read; `nil` when the stored item is not a valid sample (an
    /// export.xml item whose fields break the model is still reported, from its raw attributes).
    public let sample: Sample?
    /// The stored form the item was read in, as its reader named it: the comparison rules the
    /// verifier applied, and those the batch stage applies.
    public let storedForm: StoredForm
    /// The export.xml element the sample came from (its `sourceName`, raw attributes and
    /// metadata entries); `nil` for JSON inputs.
    public let exportItem: ExportXMLItem?
    /// How the sample relates to export.xml correlations.
    public let correlationRole: CorrelationRole
    /// Whether the sample refers to a batch or carries a batch signature (docs/BATCH.md), so the
    /// pipeline's batch stage decides its verdict. Found on the worker that decides the sample.
    let involvesBatch: Bool
    // Perf: not an optional: binding an optional's payload copied the reading for every line.
    /// What a JSON report line shows of the sample, read while the sample is at hand, when
    /// ``hasReportLineReading`` (there is a sample).
    let reportLineReading: ReportLineReading
    /// Whether ``reportLineReading`` is the sample's.
    let hasReportLineReading: Bool
    /// A batch's item that is not a valid sample, which the batch stage decides.
    let batchMember: BatchMemberItem?
    /// Whether this is an unsigned export.xml Record counted, not mapped: its entry holds its
    /// position, line, type and an `unsigned` verdict without the reason's detail, and
    /// ``exportItem`` the record; no sample. Only sinks whose ``VerificationSink/unsignedRecordUse``
    /// is ``UnsignedRecordUse/count`` receive it; for the others the pipeline maps and decides
    /// it as the reference path does.
    let isCountedRecord: Bool

    /// Creates a decided sample.
    public convenience init(entry: VerificationEntry, sample: Sample?, storedForm: StoredForm, exportItem: ExportXMLItem?,
                            correlationRole: CorrelationRole = .none) {
        self.init(entry: entry, sample: sample, storedForm: storedForm, exportItem: exportItem,
                  correlationRole: correlationRole, batchMember: nil)
    }

    /// Creates a decided sample, with the batch item when the stored item is a batch's and no
    /// valid sample.
    init(entry: VerificationEntry, sample: Sample?, storedForm: StoredForm, exportItem: ExportXMLItem?,
         correlationRole: CorrelationRole = .none, batchMember: BatchMemberItem?) {
        // Perf: matched, not asked through `sample.map(…)`, whose generic closure copied the
        // whole sample (not measured).
        involvesBatch = switch sample {
        case .some(let sample): BatchSampleVerifier<Int>.involvesBatch(sample)
        case .none: batchMember != nil
        }
        isCountedRecord = false
        self.batchMember = batchMember
        reportLineReading = switch sample {
        case .some(let sample): sample.reportLineReading(source: exportItem?.sourceName)
        case .none: .absent
        }
        hasReportLineReading = sample != nil
        self.entry = entry
        self.sample = sample
        self.storedForm = storedForm
        self.exportItem = exportItem
        self.correlationRole = correlationRole
    }

    /// Creates a decided sample of a valid stored sample.
    public init(entry: VerificationEntry, sample: consuming Sample, storedForm: StoredForm, exportItem: ExportXMLItem?,
                correlationRole: CorrelationRole = .none) {
        // Perf: asked before the sample is wrapped; the other initialiser's `switch` on the
        // optional copies the whole sample (not measured).
        involvesBatch = BatchSampleVerifier<Int>.involvesBatch(sample)
        batchMember = nil
        isCountedRecord = false
        reportLineReading = sample.reportLineReading(source: exportItem?.sourceName)
        hasReportLineReading = true
        self.entry = entry
        self.sample = consume sample
        self.storedForm = storedForm
        self.exportItem = exportItem
        self.correlationRole = correlationRole
    }

    /// `decided` with another entry.
    private init(entry: VerificationEntry, of decided: DecidedSample) {
        self.entry = entry
        sample = decided.sample
        storedForm = decided.storedForm
        exportItem = decided.exportItem
        correlationRole = decided.correlationRole
        involvesBatch = decided.involvesBatch
        batchMember = decided.batchMember
        isCountedRecord = decided.isCountedRecord
        reportLineReading = decided.reportLineReading
        hasReportLineReading = decided.hasReportLineReading
    }

    /// An unsigned export.xml Record counted, not mapped (``isCountedRecord``): no signing
    /// metadata, so no batch and no timestamp; a type no correlation holds, so no correlation role.
    init(countedUnsignedRecord item: ExportXMLItem) {
        entry = VerificationEntry(position: item.position, line: item.line, type: item.type ?? item.elementName,
                                  start: .text(""), verdict: Self.countedVerdict)
        sample = nil
        storedForm = .healthExport
        exportItem = item
        correlationRole = .none
        involvesBatch = false
        reportLineReading = .absent
        hasReportLineReading = false
        batchMember = nil
        isCountedRecord = true
    }

    /// The verdict of every counted record: made once, shared.
    private static let countedVerdict = SampleVerdict(kind: .unsigned, reasonCode: "no-signature",
                                                      reason: SampleVerdict.noSignatureReason)

    /// The same sample with another verdict (the batch verifier's, decided later).
    func replacingVerdict(_ verdict: SampleVerdict) -> DecidedSample {
        DecidedSample(entry: entry.replacingVerdict(verdict), of: self)
    }

    /// Whether the sample is an unsigned top-level export.xml Record of a type correlations
    /// hold, which may be a copy of a correlation member (``CorrelationMemberCopy``): reports do
    /// not list it among the unsigned samples, and it is not counted once its correlation is seen.
    public var mayBeCorrelationMemberCopy: Bool {
        if case .unsignedMemberTypeRecord = correlationRole { return true }
        return false
    }
}

/// How a decided export.xml sample takes part in settling correlation-member copies.
public enum CorrelationRole: Sendable {
    /// Neither a correlation nor a possible member copy.
    case none
    /// A correlation, with the keys of its members (``CorrelationMemberCopy/key(_:)``).
    case correlation(memberKeys: [String])
    /// An unsigned top-level Record of a member type; `copyKey` is `nil` when the record is not
    /// a valid sample (it is then never taken for a copy, but not listed either).
    case unsignedMemberTypeRecord(copyKey: String?)
}

/// What the pipeline tells its sinks, always in input order.
public enum PipelineEvent: Sendable {
    /// A sample and its verdict (every sample, unsigned ones included).
    case decided(DecidedSample)
    /// Input that could not be read as a sample: a line, or the input as a whole (`line` `nil`).
    case unreadable(line: Int?, reason: String)
}

/// Totals handed to a sink once the input is exhausted.
public struct VerificationTotals: Sendable, Hashable {
    /// Samples per verdict, `unsigned` included (copies of correlation members excluded).
    public var counts: [SampleVerdict.Kind: Int]
    /// Pieces of input that could not be read as samples.
    public var unreadable: Int
    /// Unsigned top-level export.xml Records found to be copies of correlation members, which
    /// ``counts`` does not count.
    public var correlationMemberCopies: Int
    /// Whether the bounded bookkeeping of member copies was full (some copies may then be
    /// counted as unsigned; see ``CorrelationMemberCopyLedger``).
    public var correlationMemberCopiesIncomplete: Bool
    /// Every batch of batch-signed samples met (docs/BATCH.md), with its absent samples.
    public var batches: [BatchStatus] = []
    /// Samples the run's ``SampleFilter`` left out: neither counted in ``counts`` nor reported.
    public var leftOut = 0
    /// With `--source`: the stored `sourceName`s it matched and how many samples each (at
    /// most ``matchedSourceLimit`` names), for the message saying which sources matched.
    public var matchedSources: [String: Int] = [:]
    /// The revocation data the run used (`--crl`, CRLs in trust directories): which CRLs
    /// counted, which were ignored and which are stale; `nil` when none was given.
    public var revocation: RevocationSummary?
    /// What the readings' RFC 3161 tokens said; empty when no reading had one.
    public var timestamps = TimestampTally()
    /// Most distinct matched source names kept.
    public static let matchedSourceLimit = 100

    /// Creates totals.
    public init(counts: [SampleVerdict.Kind: Int] = [:], unreadable: Int = 0, correlationMemberCopies: Int = 0,
                correlationMemberCopiesIncomplete: Bool = false) {
        self.counts = counts
        self.unreadable = unreadable
        self.correlationMemberCopies = correlationMemberCopies
        self.correlationMemberCopiesIncomplete = correlationMemberCopiesIncomplete
    }

    /// Samples of every verdict.
    public var samples: Int { counts.values.reduce(0, +) }

    /// Whether the input held no sample at all (and nothing unreadable).
    public var isEmpty: Bool { samples == 0 && unreadable == 0 }

    /// Whether the run passes: no signed sample failed, no unreadable input, and (with
    /// `requireSigned`) nothing unsigned and at least one sample: a CI job checking that its
    /// firmware signs must not pass when the firmware wrote nothing. With `requireComplete`, also
    /// no batch of batch-signed samples with samples absent or without a valid signature.
    public func passes(requireSigned: Bool, requireComplete: Bool = false) -> Bool {
        let failed = counts.contains { $0.key != .valid && $0.key != .unsigned && $0.value > 0 }
        return !failed && unreadable == 0 && !(requireSigned && (counts[.unsigned, default: 0] > 0 || isEmpty))
            && !(requireComplete && !incompleteBatches.isEmpty)
    }

    /// Batches with samples absent, or whose signature was not found or did not verify.
    public var incompleteBatches: [BatchStatus] {
        batches.filter { $0.signature != .valid || $0.absent != 0 }
    }

    /// `valid=3 unsigned=0 malformed=0 …` in the fixed verdict order (`revoked=N` added when a
    /// sample was revoked, `unreadable=N` when some input was unreadable).
    public var countsLine: String {
        SampleVerdict.Kind.allCases.filter { $0 != .revoked || counts[$0, default: 0] > 0 }
            .map { "\($0.rawValue)=\(counts[$0, default: 0])" }.joined(separator: " ")
            + (unreadable == 0 ? "" : " unreadable=\(unreadable)")
    }
}

/// A consumer of the verification pipeline: the report formats of `verify`, the clinician
/// report and the FHIR writer. Events arrive one at a time, in input order, as soon as each is
/// decided, so a sink that keeps only bounded state keeps memory flat however long the input.
public protocol VerificationSink: AnyObject {
    /// Takes the next event.
    func receive(_ event: PipelineEvent) throws(ToolError)
    /// Hands on whatever the sink holds back from the events so far: called before the
    /// pipeline waits on a live input (``VerificationPipeline/whenInputWaits``), so a reader
    /// following the report gets every verdict decided so far.
    func flush() throws(ToolError)
    /// Called once after the last event.
    func finish(_ totals: VerificationTotals) throws(ToolError)
    /// How much of the next unsigned export.xml Record the sink uses, asked before each event
    /// (a sink that always needs every sample whole keeps the default, ``UnsignedRecordUse/wholeSample``).
    /// It only narrows as the run goes: once ``UnsignedRecordUse/count``, always.
    var unsignedRecordUse: UnsignedRecordUse { get }
}

extension VerificationSink {
    /// A sink that writes each event as it comes holds nothing back.
    public func flush() throws(ToolError) {}

    /// A sink uses every sample whole unless it says otherwise.
    public var unsignedRecordUse: UnsignedRecordUse { .wholeSample }
}

/// How much of an unsigned export.xml Record a sink uses (``VerificationSink/unsignedRecordUse``).
public enum UnsignedRecordUse: Sendable {
    /// Every unsigned sample as the full path decides it (a report line each, FHIR, a collection).
    case wholeSample
    /// The next unsigned sample whole (a table lists the first ones in detail), later ones only
    /// counted (``count``).
    case wholeSampleForNow
    /// Only that an unsigned sample came, at its place in the input, with its `entry.type` and
    /// `exportItem?.sourceName`: the pipeline may then hand over an unsigned Record unmapped
    /// (``DecidedSample/isCountedRecord``).
    case count
}
