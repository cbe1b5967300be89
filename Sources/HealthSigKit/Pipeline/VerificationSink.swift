import HealthSamples
import SampleIO
import SampleSigning

/// One sample whose verdict is decided, as the verification pipeline hands it to its sinks.
public struct DecidedSample: Sendable {
    /// The report line: position, input line, type, start date and verdict.
    public var entry: VerificationEntry
    /// The stored sample as read; `nil` when the stored item is not a valid sample (an
    /// export.xml item whose fields break the model is still reported, from its raw attributes).
    public var sample: Sample?
    /// The export.xml element the sample came from (its `sourceName`, raw attributes and
    /// metadata entries); `nil` for JSON inputs.
    public var exportItem: ExportXMLItem?

    /// Creates a decided sample.
    public init(entry: VerificationEntry, sample: Sample?, exportItem: ExportXMLItem?) {
        self.entry = entry
        self.sample = sample
        self.exportItem = exportItem
    }
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
    /// Samples per verdict, `unsigned` included.
    public var counts: [SampleVerdict.Kind: Int]
    /// Pieces of input that could not be read as samples.
    public var unreadable: Int

    /// Creates totals.
    public init(counts: [SampleVerdict.Kind: Int] = [:], unreadable: Int = 0) {
        self.counts = counts
        self.unreadable = unreadable
    }
}

/// A consumer of the verification pipeline: the report formats of `verify`, the clinician
/// report and the FHIR writer. Events arrive one at a time, in input order, as soon as each is
/// decided, so a sink that keeps only bounded state keeps memory flat however long the input.
public protocol VerificationSink: AnyObject {
    /// Takes the next event.
    func receive(_ event: PipelineEvent) throws(ToolError)
    /// Called once after the last event.
    func finish(_ totals: VerificationTotals) throws(ToolError)
}
