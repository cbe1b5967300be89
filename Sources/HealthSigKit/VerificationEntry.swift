import SampleSigning

/// One verified sample in a report.
public struct VerificationEntry: Sendable {
    /// 1-based ordinal of the sample in the input.
    public let position: Int
    /// Line in the input file, when known.
    public let line: Int?
    /// Type identifier.
    public let type: String
    /// Start date as stored (RFC 3339).
    public let startDate: String
    /// The verdict.
    public let verdict: SampleVerdict

    public init(position: Int, line: Int?, type: String, startDate: String, verdict: SampleVerdict) {
        self.position = position
        self.line = line
        self.type = type
        self.startDate = startDate
        self.verdict = verdict
    }
}
