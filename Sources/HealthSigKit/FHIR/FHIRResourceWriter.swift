/// Where FHIR resources go: Bulk Data NDJSON files or one Bundle.
protocol FHIRResourceWriter: AnyObject {
    /// Whether references are `urn:uuid:` URLs (a Bundle's entries).
    var bundled: Bool { get }
    /// Writes one resource (its compact JSON text) with its id.
    func write(_ kind: FHIRResourceKind, id: String, json: String) throws(ToolError)
    /// Makes the output appear, complete.
    func commit() throws(ToolError)
    /// Abandons the output: nothing appears.
    func discard()
}
