import Foundation
import Testing
@testable import SampleIO

@Suite("export.xml reader")
struct ExportXMLReaderTests {
    let document = ExportFixtures.document

    @Test func yieldsTopLevelRecordsCorrelationsAndWorkoutsOnly() throws {
        let reader = ExportXMLReader(source: MemoryChunkSource(document))
        var items: [ExportXMLItem] = []
        while let item = try reader.next() { items.append(item) }
        #expect(items.map(\.type) == [
            "HKQuantityTypeIdentifierHeartRate", "HKCategoryTypeIdentifierSleepAnalysis", "HKQuantityTypeIdentifierBodyMass",
            "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "HKCorrelationTypeIdentifierBloodPressure",
            "HKQuantityTypeIdentifierBloodPressureSystolic", "HKQuantityTypeIdentifierBloodPressureDiastolic",
            "HKWorkoutTypeIdentifier", "HKQuantityTypeIdentifierBloodGlucose",
        ])
        #expect(items.map(\.position) == Array(1...9))
        #expect(items.map(\.kind) == [.record, .record, .record, .record, .correlation, .record, .record, .workout, .record])
        #expect(items[7].events.count == 1)
        #expect(items[7].metadata.map(\.key) == ["HKIndoorWorkout"])
        #expect(reader.locale == "en_US")
        #expect(reader.exportDate == "2019-06-04 09:27:33 -0400")
        #expect(reader.itemCount == 9)
        #expect(!reader.ignoredEntityDeclarations)
    }

    @Test func recordAttributesAreDecodedAndOrdered() throws {
        let items = try readItems(document)
        let heartRate = items[0]
        #expect(heartRate.line == lineOf("HKQuantityTypeIdentifierHeartRate\"", in: document))
        #expect(heartRate.elementName == "Record")
        #expect(heartRate.attributes.map(\.name) == ["type", "sourceName", "sourceVersion", "device", "unit", "creationDate",
                                                     "startDate", "endDate", "value"])
        #expect(heartRate.sourceName == "Simon’s Apple Watch")
        #expect(heartRate.device == "<<HKDevice: 0x282e3a260>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch4,2, software:5.2>")
        #expect(heartRate.unit == "count/min")
        #expect(heartRate.startDate == "2019-05-14 18:50:09 -0400")
        #expect(heartRate.value == "72")
        #expect(heartRate.metadata == [ExportMetadataEntry(key: "HKMetadataKeyHeartRateMotionContext", value: "0",
                                                            line: heartRate.line + 1)])
        let sleep = items[1]
        #expect(sleep.unit == nil && sleep.device == nil && sleep.sourceVersion == nil)
        #expect(sleep.value == "HKCategoryValueSleepAnalysisInBed")
        #expect(items[2].sourceName == "Scale\u{0B}App")
        #expect(items[3].metadata.isEmpty)  // the HRV beat list is skipped
        #expect(items[8].sourceName == "Meter \"Pro\"")
        #expect(items[8].unit == "mmol<180.1558800000541>/L")
    }

    @Test func correlationCarriesMetadataAndNestedRecords() throws {
        let items = try readItems(document)
        let correlation = items[4]
        #expect(correlation.elementName == "Correlation")
        #expect(correlation.line == lineOf("<Correlation", in: document))
        #expect(correlation.metadata.map(\.key) == ["HKDigitalSignature", "HKTimeZone"])
        #expect(correlation.metadataValues(forKey: "HKDigitalSignature") == [ExportFixtures.signature])
        #expect(correlation.records.count == 2)
        #expect(correlation.records.map(\.position) == [1, 2])
        #expect(correlation.records.map(\.unit) == ["mmHg", "mmHg"])
        #expect(correlation.records[0].type == "HKQuantityTypeIdentifierBloodPressureSystolic")
        #expect(correlation.records[0].line == correlation.line + 3)
        #expect(correlation.records[1].metadata.map(\.value) == ["0"])
        // The members are repeated at top level (DTD note): same type, dates and value.
        for (member, topLevel) in zip(correlation.records, items[5...6]) {
            #expect(member.type == topLevel.type && member.startDate == topLevel.startDate
                && member.endDate == topLevel.endDate && member.value == topLevel.value)
            #expect(topLevel.metadata.isEmpty)
        }
    }

    @Test func sameItemsWhateverTheChunkSizeAndWithCRLF() throws {
        let reference = try readItems(document)
        for chunkSize in [1, 7, 4096] {
            #expect(try readItems(document, chunkSize: chunkSize) == reference, "chunk size \(chunkSize)")
        }
        let crlf = document.replacingOccurrences(of: "\n", with: "\r\n")
        let crlfItems = try readItems(crlf, chunkSize: 7)
        #expect(crlfItems == reference)
    }

    @Test func metadataEntryWithoutValueIsAnError() {
        let text = "<HealthData>\n<Record type=\"t\">\n<MetadataEntry key=\"k\"/>\n</Record>\n</HealthData>"
        #expect(throws: ExportXMLError(.missingAttribute(element: "MetadataEntry", attribute: "value"), line: 3)) {
            _ = try readItems(text)
        }
    }

    @Test func itemChildrenAreCapped() {
        let entries = String(repeating: "<MetadataEntry key=\"k\" value=\"v\"/>", count: 10_001)
        let text = "<HealthData>\n<Record type=\"t\">\(entries)</Record>\n</HealthData>"
        #expect(throws: ExportXMLError(.tooManyChildren(element: "Record", limit: 10_000), line: 2)) { _ = try readItems(text) }
    }

    @Test func truncatedDocumentIsAnError() {
        let cut = String(document.prefix(document.utf8.count * 2 / 3))
        #expect(thrownError(XMLError.self) { _ = try readItems(cut) } != nil)
    }
}
