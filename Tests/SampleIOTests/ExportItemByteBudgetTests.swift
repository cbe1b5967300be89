import Testing
@testable import SampleIO

/// Memory kept per export item is bounded by bytes, not only by child count
/// (10,000 children × 4 MiB tags would be 40 GB from a zip of a few megabytes).
@Suite("Per-item byte budget of export.xml")
struct ExportItemByteBudgetTests {
    private func document(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n\(body)</HealthData>\n"
    }

    private func entries(_ count: Int, valueLength: Int) -> String {
        (0..<count).map { " <MetadataEntry key=\"K\($0)\" value=\"\(String(repeating: "v", count: valueLength))\"/>\n" }.joined()
    }

    @Test func recordOverTheBudgetIsRefused() {
        let text = document(" <Record type=\"T\" sourceName=\"s\" startDate=\"d\" endDate=\"d\">\n" + entries(10, valueLength: 500) + " </Record>\n")
        let reader = ExportXMLReader(source: MemoryChunkSource(text, chunkSize: 777), maximumBytesPerItem: 4096)
        #expect(throws: ExportXMLError(.itemTooLarge(element: "Record", limit: 4096), line: 3)) { _ = try reader.next() }
    }

    @Test func correlationMembersCountTowardsTheBudget() {
        let member = " <Record type=\"M\" sourceName=\"s\" startDate=\"d\" endDate=\"d\">\n" + entries(3, valueLength: 500) + " </Record>\n"
        let text = document(" <Correlation type=\"C\" sourceName=\"s\" startDate=\"d\" endDate=\"d\">\n" + member + member + member + " </Correlation>\n")
        let reader = ExportXMLReader(source: MemoryChunkSource(text), maximumBytesPerItem: 4096)
        // Reported on the correlation (its line), not on the member where the budget ran out.
        #expect(throws: ExportXMLError(.itemTooLarge(element: "Correlation", limit: 4096), line: 3)) { _ = try reader.next() }
    }

    @Test func itemsWithinTheBudgetAreRead() throws {
        let text = document(" <Record type=\"T\" sourceName=\"s\" startDate=\"d\" endDate=\"d\">\n" + entries(5, valueLength: 500) + " </Record>\n")
        let reader = ExportXMLReader(source: MemoryChunkSource(text), maximumBytesPerItem: 4096)
        #expect(try reader.next()?.metadata.count == 5)
        #expect(ExportXMLReader(source: MemoryChunkSource(text)).maximumBytesPerItem == 64 * 1024 * 1024)
    }
}
