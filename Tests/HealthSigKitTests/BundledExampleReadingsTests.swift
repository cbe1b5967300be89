import Foundation
import Testing
@testable import HealthSigKit

/// The demo's built-in readings are the repository's `examples/readings.jsonl`, byte for byte.
@Suite struct BundledExampleReadingsTests {
    @Test func builtInCopyEqualsTheExamplesFile() throws {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        let file = try Data(contentsOf: root.appendingPathComponent("examples/readings.jsonl"))
        #expect(Array(BundledExampleReadings.jsonLines.utf8) == Array(file))
    }

    @Test func locateFindsAParentsFileAndNothingForAMissingOne() throws {
        #expect(RepositoryFiles.locate("examples/readings.jsonl") != nil)
        #expect(RepositoryFiles.locate("no/such/file-\(UUID().uuidString)") == nil)
    }
}
