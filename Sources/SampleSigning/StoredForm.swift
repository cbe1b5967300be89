/// What the stored representation of a sample can carry, which sets how strictly each signed
/// field is compared (docs/VERIFY.md).
public enum StoredForm: String, Sendable, Hashable {
    /// Our JSON / JSON Lines: every field, exact values, fractional seconds, all device fields.
    case json
    /// The Health app's export.xml: whole-second dates, the device only as its description
    /// string, metadata values as text.
    case healthExport
}
