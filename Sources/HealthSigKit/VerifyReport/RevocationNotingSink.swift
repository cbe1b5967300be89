import Foundation

/// Hands a sink the run's ``RevocationSummary`` with its totals, so every report format's
/// summary can state it; every other event passes through unchanged.
final class RevocationNotingSink: VerificationSink {
    private let wrapped: any VerificationSink
    private let summary: RevocationSummary

    init(wrapping wrapped: any VerificationSink, summary: RevocationSummary) {
        self.wrapped = wrapped
        self.summary = summary
    }

    func receive(_ event: PipelineEvent) throws(ToolError) { try wrapped.receive(event) }

    func flush() throws(ToolError) { try wrapped.flush() }

    var unsignedRecordUse: UnsignedRecordUse { wrapped.unsignedRecordUse }

    func finish(_ totals: VerificationTotals) throws(ToolError) {
        var noted = totals
        noted.revocation = summary
        try wrapped.finish(noted)
    }
}
