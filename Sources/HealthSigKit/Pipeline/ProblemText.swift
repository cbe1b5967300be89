import HealthSamples
import SampleIO

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

    /// What a reader error says is wrong, without line and field: `invalid unit "furlong" …`.
    static func inputReason(_ error: SampleInputError) -> String {
        if case .invalidSample(let validation) = error.reason { return validationReason(validation) }
        return removingPrefix(error.field.isEmpty ? "line \(error.line): " : "line \(error.line), \(error.field): ",
                              from: error.description)
    }

    /// A reader error without its line, keeping the field: `unit: invalid unit …`.
    static func inputReasonWithField(_ error: SampleInputError) -> String {
        error.field.isEmpty ? inputReason(error) : "\(error.field): \(inputReason(error))"
    }
}
