import SampleSigning

/// What the run's RFC 3161 tokens said (docs/VERIFY.md, "Report"): readings whose token was
/// checked valid (its genTime their trusted time), readings whose token proves nothing, by
/// problem code, and readings flagged `deviceClockAhead`. A batch member counts as a reading of
/// its own, with its batch signature's token.
public struct TimestampTally: Sendable, Hashable {
    /// Readings with a token that holds.
    public private(set) var trusted = 0
    /// Readings with a token that proves nothing, by its problem code.
    public private(set) var problems: [String: Int] = [:]
    /// Readings dated after their token's trusted genTime.
    public private(set) var deviceClockAhead = 0

    /// An empty tally.
    public init() {}

    /// Whether no reading had a token: the summary then says nothing of timestamps.
    public var isEmpty: Bool { trusted == 0 && problems.isEmpty }

    /// Counts one reading's token.
    mutating func count(_ timestamp: SignatureTimestamp) {
        if let code = timestamp.problemCode {
            problems[code, default: 0] += 1
        } else {
            trusted += 1
        }
        if timestamp.readingAfterGenTime { deviceClockAhead += 1 }
    }

    /// The problem codes in sorted order with their counts.
    var sortedProblems: [(code: String, count: Int)] {
        problems.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The table's line before `summary:`.
    public var tableLine: String {
        let proving = sortedProblems.map { "\($0.code)=\($0.count)" }.joined(separator: " ")
        return "timestamps: \(trusted) reading(s) with a trusted timestamp, "
            + "\(problems.values.reduce(0, +)) with a timestamp that proves nothing" + (proving.isEmpty ? "" : " (\(proving))")
            + ", \(deviceClockAhead) dated after their trusted genTime (deviceClockAhead)"
    }

    /// `{"deviceClockAhead":N,"problems":{"CODE":N…},"trusted":N}`, members in sorted order.
    func appendJSON(into out: inout ReportBytes) {
        out.append(#"{"deviceClockAhead":"#)
        ReportJSON.number(deviceClockAhead, into: &out)
        out.append(#","problems":{"#)
        for (index, problem) in sortedProblems.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            ReportJSON.string(problem.code, into: &out)
            out.append(UInt8(ascii: ":"))
            ReportJSON.number(problem.count, into: &out)
        }
        out.append(#"},"trusted":"#)
        ReportJSON.number(trusted, into: &out)
        out.append(UInt8(ascii: "}"))
    }
}
