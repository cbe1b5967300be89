import ArgumentParser
import HealthSigKit

/// `--type`, `--from`, `--to`, `--source`: which samples `verify`, `report` and `fhir` cover,
/// with one meaning everywhere (``HealthSigKit/SampleFilter``).
struct SampleSelectionOptions: ParsableArguments {
    @Option(help: "Report only samples of this type, e.g. HeartRate (repeatable).") var type: [String] = []
    @Option(help: "Report only samples that start at or after this date (YYYY-MM-DD or RFC 3339).") var from: String?
    @Option(help: "Report only samples that start before this date (a YYYY-MM-DD day is included).") var to: String?
    @Option(help: "Report only export.xml samples with this sourceName (repeatable).") var source: [String] = []

    /// Whether any of the options was given.
    var isEmpty: Bool { type.isEmpty && from == nil && to == nil && source.isEmpty }

    /// The filter the options describe; an unknown type or a date that cannot be read is a
    /// usage error.
    func filter() throws(ToolError) -> SampleFilter {
        try SampleFilter(types: type, from: from, to: to, sources: source)
    }

    /// Words for a message about an empty selection.
    static let names = "--type, --from, --to and --source"
}
