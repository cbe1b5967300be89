/// What the stored representation of a sample can carry, which sets how strictly each signed
/// field is compared (docs/VERIFY.md).
///
/// Each reader names the form of every item it hands out, and the form travels with the item
/// to the verifier (the pipeline, the batch verifier): nothing downstream guesses it from other
/// properties of the item. It lives in this bottom model module so that the readers (SampleIO)
/// and the verifier (SampleSigning) share it without depending on each other.
public enum StoredForm: String, Sendable, Hashable, CaseIterable {
    /// Our JSON / JSON Lines: every field, exact values, fractional seconds, all device fields.
    case json
    /// The Health app's export.xml: whole-second dates, the device only as its description
    /// string, metadata values as text.
    case healthExport
}
