/// The text `verify --origin` adds to every json and ndjson entry and to the summary, so that
/// reports of many inputs (a file, a partition, a patient each) can be joined back to their
/// source. Escaped once, as ``ReportJSON/string(_:into:)`` escapes any stored text, and copied
/// into each line as bytes: the value is the same on every line of a run.
public struct ReportOrigin: Sendable, Hashable {
    /// The text as given.
    public let text: String
    /// `text` as a JSON string, quotes included.
    private let quoted: [UInt8]

    /// The origin `text`.
    public init(_ text: String) {
        self.text = text
        var bytes = ReportBytes(capacity: text.utf8.count + 2)
        ReportJSON.string(text, into: &bytes)
        quoted = bytes.array
    }

    /// Appends the JSON string.
    func append(into out: inout ReportBytes) {
        out.append(quoted)
    }
}
