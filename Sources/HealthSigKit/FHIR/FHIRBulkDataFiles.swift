import Foundation

/// FHIR Bulk Data output: `DIR/Observation.ndjson`, `DIR/Device.ndjson` and
/// `DIR/Provenance.ndjson`, one resource per line. Each file is staged and appears only when
/// the run completes; a directory that does not exist is created.
final class FHIRBulkDataFiles: FHIRResourceWriter {
    let bundled = false
    private var outputs: [FHIRResourceKind: StagedOutput] = [:]

    init(directory: String, protecting inputs: [String]) throws(ToolError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .io(path: directory, reason: "not a directory") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .io(path: directory, reason: FileAccess.reason(error))
            }
        }
        for kind in FHIRResourceKind.allCases {
            outputs[kind] = try OutputFiles.open((directory as NSString).appendingPathComponent(kind.fileName), protecting: inputs)
        }
    }

    func write(_ kind: FHIRResourceKind, id: String, json: String) throws(ToolError) {
        try outputs[kind]?.write(json + "\n")
    }

    func commit() throws(ToolError) {
        for kind in FHIRResourceKind.allCases { try outputs[kind]?.commit() }
    }

    func discard() {
        for output in outputs.values { output.discard() }
    }
}
