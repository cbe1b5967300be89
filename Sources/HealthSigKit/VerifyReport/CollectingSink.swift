/// A sink that keeps every event and the totals: for small inputs (the demo, tests, an app
/// showing a few samples). It grows with the input; the report sinks do not.
public final class CollectingSink: VerificationSink {
    /// Every event, in input order.
    public private(set) var events: [PipelineEvent] = []
    /// The totals, once the run has finished.
    public private(set) var totals: VerificationTotals?

    public init() {}

    public func receive(_ event: PipelineEvent) throws(ToolError) {
        events.append(event)
    }

    public func finish(_ totals: VerificationTotals) throws(ToolError) {
        self.totals = totals
    }

    /// The decided samples' entries, in input order.
    public var entries: [VerificationEntry] {
        events.compactMap { event in
            if case .decided(let decided) = event { return decided.entry }
            return nil
        }
    }

    /// The unreadable inputs, in input order.
    public var unreadable: [(line: Int?, reason: String)] {
        events.compactMap { event in
            if case .unreadable(let line, let reason) = event { return (line, reason) }
            return nil
        }
    }
}
