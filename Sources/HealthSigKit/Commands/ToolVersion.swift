/// The version of healthsig, as `healthsig --version` prints it and reports and FHIR
/// Provenance record it.
public enum ToolVersion {
    public static let current = "0.1.0"
}
