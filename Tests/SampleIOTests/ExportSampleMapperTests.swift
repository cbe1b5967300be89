import Foundation
import HealthSamples
import Testing
@testable import SampleIO

@Suite("export.xml to samples")
struct ExportSampleMapperTests {
    private func outcomes(_ text: String) throws -> [ExportSampleOutcome] {
        let reader = ExportSampleReader(source: MemoryChunkSource(text, chunkSize: 4096))
        var results: [ExportSampleOutcome] = []
        while let outcome = try reader.next() { results.append(outcome) }
        return results
    }

    private func samples(_ outcomes: [ExportSampleOutcome]) -> [StoredSample] {
        outcomes.compactMap { if case .sample(let stored) = $0 { stored } else { nil } }
    }

    @Test func mapsTheFixtureDocument() throws {
        let results = try outcomes(ExportFixtures.document)
        let stored = samples(results)
        #expect(stored.count == 9)
        #expect(stored.map(\.position) == Array(1...9))
        #expect(stored.allSatisfy { $0.source == .exportXML && $0.precision == .healthExport && $0.rawText == nil })

        let heartRate = stored[0]
        #expect(heartRate.line == lineOf("HKQuantityTypeIdentifierHeartRate\"", in: ExportFixtures.document))
        guard case .quantity(let quantity) = heartRate.sample else {
            Issue.record("expected a quantity sample")
            return
        }
        #expect(quantity.quantity == Quantity(value: 72, unit: .countPerMinute))
        #expect(quantity.startDate == (try SampleDate(rfc3339: "2019-05-14T22:50:09Z")))
        #expect(quantity.startDate.utcOffsetSeconds == -4 * 3600)
        #expect(quantity.device == Device(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch",
                                          hardwareVersion: "Watch4,2", softwareVersion: "5.2"))
        #expect(quantity.metadata.entries == [Metadata.Entry(key: "HKMetadataKeyHeartRateMotionContext", value: .string("0"))])
        #expect(heartRate.exportItem?.sourceName == "Simon’s Apple Watch")

        #expect(stored[1].sample == .category(CategorySample(type: .sleepAnalysis, value: 0,
                                                             startDate: try SampleDate(exportXML: "2019-05-14 23:10:00 -0400"),
                                                             endDate: try SampleDate(exportXML: "2019-05-15 07:00:00 -0400"))))
        if case .quantity(let mass) = stored[2].sample {
            #expect(mass.quantity.value == Decimal(string: "70.5"))
            #expect(mass.metadata["HKWasUserEntered"] == .string("1"))
        }
        if case .workout(let workout) = stored[7].sample {
            #expect(workout.activityType == .running)
            #expect(workout.duration.exactSeconds == 1830)
            #expect(workout.events.map(\.type) == [.pause])
        } else {
            Issue.record("expected the workout at position 8")
        }
        if case .quantity(let glucose) = stored[8].sample {
            #expect(glucose.quantity.unit.unitString == "mmol<180.1558800000541>/L")
            #expect(glucose.quantity.value == Decimal(string: "5.4"))
        }
    }

    @Test("a metadata key repeated under one spelling is kept twice (docs/EXPORT-XML.md §5); under two spellings the item is invalid")
    func repeatedMetadataKey() throws {
        func document(_ first: String, _ second: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" startDate="2026-11-21 09:00:00 +0100" endDate="2026-11-21 09:00:00 +0100" value="72">
              <MetadataEntry key="\(first)" value="Europe/Paris"/>
              <MetadataEntry key="\(second)" value="America/New_York"/>
             </Record>
            </HealthData>
            """
        }
        let stored = samples(try outcomes(document("HKTimeZone", "HKTimeZone")))
        guard stored.count == 1, case .quantity(let quantity) = stored[0].sample else {
            Issue.record("expected one quantity sample")
            return
        }
        #expect(quantity.metadata.entries(forKey: "HKTimeZone").map(\.value) == [.string("Europe/Paris"), .string("America/New_York")])

        let results = try outcomes(document("HKTimeZone", "HKMetadataKeyTimeZone"))
        guard results.count == 1, case .invalid(_, let error) = results[0] else {
            Issue.record("expected one invalid item, got \(results)")
            return
        }
        #expect(error.field == "metadata.HKMetadataKeyTimeZone")
    }

    @Test func correlationWithMembersSignatureAndDuplicates() throws {
        let stored = samples(try outcomes(ExportFixtures.document))
        let correlationItem = try #require(stored[4].exportItem)
        guard case .correlation(let correlation) = stored[4].sample else {
            Issue.record("expected a correlation")
            return
        }
        #expect(correlation.type == .bloodPressure)
        #expect(correlation.objects.map(\.quantity.value) == [120, 80])
        #expect(correlation.objects[1].metadata["HKWasUserEntered"] == .string("0"))
        #expect(correlation.device?.manufacturer == "Omron Healthcare, Inc.")
        #expect(correlation.metadata["HKMetadataKeyDigitalSignature"] == .string(ExportFixtures.signature))
        // The two top-level copies of the members are recognisable.
        let memberKeys = correlationItem.memberRecordKeys
        #expect(stored.filter { $0.exportItem.map { memberKeys.contains($0.recordKey) } ?? false }.map(\.position) == [6, 7])
        #expect(!memberKeys.contains(try #require(stored[0].exportItem).recordKey))
    }

    @Test func unsupportedAndInvalidItems() throws {
        let text = """
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierEnvironmentalSoundReduction" sourceName="W" unit="dBASPL" startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:00:00 +0000" value="3">
          <MetadataEntry key="HKDigitalSignature" value="MIIB"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="W" unit="count/min" startDate="2024-01-01T10:00:00Z" endDate="2024-01-01 10:00:00 +0000" value="60"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="W" unit="kg" startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:00:00 +0000" value="60"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="W" device="iPhone" unit="count/min" startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:00:00 +0000" value="60"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="W" unit="count/min" startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:00:00 +0000" value="sixty"/>
         <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Breathe" startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:01:00 +0000"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Clock" startDate="2024-01-01 00:00:00 +0000" endDate="2024-01-01 07:00:00 +0000" value="3"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Clock" startDate="2024-01-01 00:00:00 +0000" endDate="2024-01-01 07:00:00 +0000" value="HKCategoryValueSleepAnalysisAsleep"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Clock" startDate="2024-01-01 00:00:00 +0000" endDate="2024-01-01 07:00:00 +0000" value="Napping"/>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="BP" startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:00:00 +0000">
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="BP" unit="mmHg" startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:00:00 +0000" value="120"/>
         </Correlation>
        </HealthData>
        """
        let results = try outcomes(text)
        #expect(results.count == 10)
        guard results.count == 10 else { return }
        if case .unsupported(let item) = results[0] {
            #expect(item.metadataValues(forKey: "HKDigitalSignature") == ["MIIB"])
            #expect(item.position == 1 && item.line == 2)
        } else {
            Issue.record("expected unsupported, got \(results[0])")
        }
        func invalid(_ index: Int) -> SampleInputError? {
            if case .invalid(_, let error) = results[index] { return error }
            Issue.record("expected invalid at \(index), got \(results[index])")
            return nil
        }
        #expect(invalid(1)?.field == "startDate")
        #expect(invalid(2)?.field == "unit")
        #expect(invalid(3) == SampleInputError(line: 7, field: "device", reason: .invalidDeviceDescription("iPhone")))
        #expect(invalid(4)?.field == "value")
        let category = samples(Array(results[5...7])).map(\.sample)
        #expect(category.map { if case .category(let sample) = $0 { sample.value } else { -1 } } == [0, 3, 1])
        #expect(invalid(8) == SampleInputError(line: 12, field: "value", reason: .invalidCategoryValue("Napping")))
        let incomplete = invalid(9)
        #expect(incomplete?.field == "objects")
        #expect(incomplete?.line == 13)
    }

    @Test func readsExportZipByPath() throws {
        let directory = try TemporaryDirectory()
        let source = try directory.write("export.xml", ExportFixtures.document)
        let zipPath = directory.file("export.zip")
        try runPython("""
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as z:
            z.write(sys.argv[1], 'apple_health_export/export.xml')
        """, [source, zipPath])
        let reader = try ExportSampleReader(path: zipPath)
        var count = 0
        while let outcome = try reader.next() {
            if case .sample = outcome { count += 1 }
        }
        #expect(count == 9)
        #expect(reader.items.locale == "en_US")
    }

    @Test func aMapperThatRemembersEarlierRecordsMapsEachAsAFreshMapperDoes() throws {
        // Types, units, devices and dates alternate from record to record, repeat, and come
        // back after another: what the mapper remembers of one must never leak into the next.
        var text = ExportFixtures.generatedHeader
        let types = [("HKQuantityTypeIdentifierHeartRate", "count/min", "72"), ("HKQuantityTypeIdentifierBodyMass", "kg", "70.5"),
                     ("HKCategoryTypeIdentifierSleepAnalysis", nil, "HKCategoryValueSleepAnalysisInBed"),
                     ("HKQuantityTypeIdentifierEnvironmentalSoundReduction", "dBASPL", "3"), ("HKQuantityTypeIdentifierBodyMass", "lb", "x")]
        for index in 0..<40 {
            let (type, unit, value) = types[(index * 7 / 3) % types.count]
            let date = "2026-11-20 07:0\(index % 3):00 +0100"
            let device = index % 4 == 0 ? "" : " device=\"\(index % 3 == 0 ? ExportFixtures.watch : ExportFixtures.monitor)\""
            text += " <Record type=\"\(type)\" sourceName=\"S\"\(device)\(unit.map { " unit=\"\($0)\"" } ?? "") startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(value)\"/>\n"
        }
        text += ExportFixtures.generatedFooter
        let reader = ExportXMLReader(source: MemoryChunkSource(text))
        var remembering = ExportSampleMapper()
        var mapped = 0
        while let item = try reader.next() {
            var fresh = ExportSampleMapper()
            #expect(remembering.map(item) == fresh.map(item), "record \(item.position)")
            mapped += 1
        }
        #expect(mapped == 40)
    }

    @Test("a record's value keeps the integer parts and decimal places its text was read with")
    func recordValueKeepsThePartsAndPlacesOfItsText() throws {
        let values = ["72", "72.0", "70.50", "0.004", "-1.50", "0", "0.0", "1e3", "9.80e1", "1.2E-1", "5e-3",
                      "123456789012345678.9", "12345678901234567890123"]
        var text = ExportFixtures.generatedHeader
        for value in values {
            text += " <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"S\" unit=\"kg\" startDate=\"2026-11-20 07:00:00 +0100\" endDate=\"2026-11-20 07:00:00 +0100\" value=\"\(value)\"/>\n"
        }
        text += ExportFixtures.generatedFooter
        let stored = samples(try outcomes(text))
        #expect(stored.count == values.count)
        for (value, sample) in zip(values, stored) {
            guard case .quantity(let q) = sample.sample else {
                Issue.record("\(value): not a quantity")
                continue
            }
            let exact = try DecimalText.parseExactly(value)
            #expect(q.quantity.value == exact.value, "\(value)")
            #expect(q.quantity.fractionDigits == DecimalText.fractionDigits(of: value), "\(value)")
            let parts = q.quantity.integerParts
            let expected = DecimalText.integerParts(of: exact.value)
            #expect(parts?.negative == expected?.negative && parts?.significand == expected?.significand
                    && parts?.exponent == expected?.exponent, "\(value)")
            #expect((parts == nil) == (expected == nil), "\(value)")
        }
    }
}
