import HealthSamples
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
    public var startDate: String {
        switch start {
        case .text(let text): text
        case .date(let date): date.rfc3339String
        }
    }
    /// The verdict.
    public let verdict: SampleVerdict

    /// The start date as given: text, or a valid sample's date, written as text only when a
    /// sink asks for it. The JSON reports write it straight into their bytes, so the String
    /// formatted for every sample was made only to be thrown away.
    enum Start: Sendable {
        case text(String)
        case date(SampleDate)
    }
    let start: Start

    public init(position: Int, line: Int?, type: String, startDate: String, verdict: SampleVerdict) {
        self.init(position: position, line: line, type: type, start: .text(startDate), verdict: verdict)
    }

    /// An entry whose start date is a valid sample's.
    init(position: Int, line: Int?, type: String, start: Start, verdict: SampleVerdict) {
        self.position = position
        self.line = line
        self.type = type
        self.start = start
        self.verdict = verdict
    }

    /// The same entry with another verdict.
    func replacingVerdict(_ verdict: SampleVerdict) -> VerificationEntry {
        VerificationEntry(position: position, line: line, type: type, start: start, verdict: verdict)
    }
}
