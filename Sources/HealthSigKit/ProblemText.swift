import HealthSamples

/// Splitting locations off error texts, so a report line names line and field once.
enum ProblemText {
    /// `text` without `prefix`, or `text` unchanged when it does not start with it.
    static func removingPrefix(_ prefix: String, from text: String) -> String {
        text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }

    /// What a validation error says is wrong, without its `Type: field: ` prefix (the type is
    /// on the report line already, the field is reported separately).
    static func validationReason(_ error: SampleValidationError) -> String {
        removingPrefix("\(error.typeIdentifier): \(error.field): ", from: error.description)
    }

    /// A reader error's text without its `line N, field: ` prefix, keeping the field:
    /// `unit: invalid unit …`.
    static func readerReason(line: Int, field: String, description: String) -> String {
        let withoutLine = removingPrefix(field.isEmpty ? "line \(line): " : "line \(line), ", from: description)
        return withoutLine
    }
}
