/// One FHIR Bundle of type `collection`, streamed: each resource is an entry with a
/// `urn:uuid:` fullUrl, which the entries' references use. Meant for small inputs (one JSON
/// document is what a server or a person opens whole); memory does not grow either way.
final class FHIRBundleFile: FHIRResourceWriter {
    let bundled = true
    private let output: StagedOutput
    private var first = true

    init(path: String, protecting inputs: [String], timestamp: String) throws(ToolError) {
        output = try OutputFiles.open(path, protecting: inputs)
        try output.write("{\"resourceType\":\"Bundle\",\"type\":\"collection\",\"timestamp\":\"\(timestamp)\",\"entry\":[")
    }

    func write(_ kind: FHIRResourceKind, id: String, json: String) throws(ToolError) {
        try output.write((first ? "\n" : ",\n") + "{\"fullUrl\":\"urn:uuid:\(id)\",\"resource\":" + json + "}")
        first = false
    }

    func commit() throws(ToolError) {
        try output.write("\n]}\n")
        try output.commit()
    }

    func discard() {
        output.discard()
    }
}
