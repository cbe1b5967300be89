import ArgumentParser
import HealthSigKit

/// `--type`, `--from`, `--to`, `--source`: which samples `verify`, `report` and `fhir` cover,
/// with one meaning everywhere (``HealthSigKit/SampleFilter``).
struct SampleSelectionOptions: ParsableArguments {
    @Option(help: "Report only samples of this type, e.g. HeartRate (repeatable).") var type: [String] = []
    @Option(help: "Report only samples that start at or after this date (YYYY-MM-DD or RFC 3339).") var from: String?
    @Option(help: "Report only samples that start before this date (a YYYY-MM-DD day is included).") var to: String?
    @Option(help: "Report only export.xml samples whose sourceName is this name, in any case (repeatable); the names matched are listed on standard error.")
    var source: [String] = []

    /// Whether any of the options was given.
    var isEmpty: Bool { type.isEmpty && from == nil && to == nil && source.isEmpty }

    /// The filter the options describe; an unknown type or a date that cannot be read is a
    /// usage error.
    func filter(timeZone: String? = nil) throws(ToolError) -> SampleFilter {
        try SampleFilter(types: type, from: from, to: to, sources: source, timeZone: timeZone)
    }

    /// With `--source`: which stored source names it matched, on standard error, so that a
    /// name matched in another case, or not at all, is seen.
    func reportMatchedSources(_ totals: VerificationTotals) {
        guard !source.isEmpty else { return }
        guard !totals.matchedSources.isEmpty else {
            printError("healthsig: warning: --source matched no sourceName in the input")
            return
        }
        let names = totals.matchedSources.sorted { $0.key < $1.key }
            .map { "\($0.key) (\($0.value) sample\($0.value == 1 ? "" : "s"))" }
        printError("healthsig: --source matched " + names.joined(separator: ", "))
    }

    /// Words for a message about an empty selection.
    static let names = "--type, --from, --to and --source"
}
