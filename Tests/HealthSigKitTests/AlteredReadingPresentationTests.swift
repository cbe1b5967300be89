import CMS
import Foundation
@testable import HealthSigKit
import HealthSamples
import SampleSigning
import Testing

/// An altered reading is never shown or sent as a measurement: the report draws it and FHIR
/// exports it at the values its device signed, with the stored values only beside them as what
/// was altered; unverified readings reach FHIR only when asked for, and never as `final`.
@Suite("Altered and unverified readings are never presented as measurements")
struct AlteredReadingPresentationTests {
    typealias Fixture = VerifyRunTests.Fixture

    /// The signed examples with the blood pressure's systolic 120 stored as 110 and the heart
    /// rate's 72 stored as 73.
    static func tampered(_ fixture: Fixture) throws -> String {
        let signed = try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8)
        let altered = signed.replacingOccurrences(of: "BloodPressureSystolic\",\"value\":120", with: "BloodPressureSystolic\",\"value\":110")
            .replacingOccurrences(of: "\"value\":72,", with: "\"value\":73,")
        #expect(altered.contains("\"value\":110") && altered.contains("\"value\":73"))
        return try fixture.write("tampered.jsonl", altered)
    }

    /// Every value of every class a chart holds, per class.
    static func chartValues(_ chart: ReportChart) -> [ReadingClass: [Double]] {
        var out: [ReadingClass: [Double]] = [:]
        func add(_ ranges: [ValueRange]) {
            for readingClass in ReadingClass.allCases where ranges[readingClass.rawValue].count > 0 {
                out[readingClass, default: []] += [ranges[readingClass.rawValue].low, ranges[readingClass.rawValue].high]
            }
        }
        switch chart.series {
        case .values(_, let bins): bins.bins.values.forEach { add($0.ranges) }
        case .pairs(_, let bins): bins.bins.values.forEach { add($0.upper); add($0.lower) }
        case .bands: break
        }
        return out
    }

    @Test("the report draws an altered blood pressure and heart rate at their signed values and nowhere at their stored ones")
    func reportChartsUseSignedValues() throws {
        let fixture = try Fixture()
        let input = try Self.tampered(fixture)
        let collector = ReportCollector()
        let pipeline = VerificationPipeline(verifier: SampleVerifier(trust: try TrustLoader.load([fixture.publicKeyPath])), jobs: 2)
        let totals = try pipeline.run(inputPath: input, sinks: [collector])
        #expect(totals.counts[.contentMismatch] == 2)
        let pressure = Self.chartValues(try #require(collector.charts["HKCorrelationTypeIdentifierBloodPressure"]))
        #expect(Set(pressure[.altered] ?? []) == [120, 80])
        #expect(!pressure.values.joined().contains(110))
        let heartRate = Self.chartValues(try #require(collector.charts["HKQuantityTypeIdentifierHeartRate"]))
        #expect(heartRate[.altered] == [72, 72])
        #expect(!heartRate.values.joined().contains(73))
        #expect(heartRate[.authentic] == nil)
    }

    @Test("the report's Problems list the altered reading's signed value beside the stored one")
    func reportListsSignedBesideStored() throws {
        let fixture = try Fixture()
        let input = try Self.tampered(fixture)
        let output = fixture.path("report.html")
        try ClinicianReport.run(inputPath: input, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 2, outputPath: output)
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.contains("<td>systolic <span class=\"note mono\">(objects[0].value)</span></td><td>120 mmHg</td><td>110 mmHg</td>"))
        #expect(html.contains("A reading altered after signing is drawn at the value its device signed"))
    }

    @Test("FHIR exports an altered reading as final at its signed values, its Provenance naming the field, signed and stored; no Observation carries a stored value")
    func fhirExportsSignedValues() throws {
        let fixture = try Fixture()
        _ = try Self.tampered(fixture)
        let resources = try FHIRExportTests.export(fixture, "tampered.jsonl")
        let panel = try #require(FHIRExportTests.observation(resources, healthKitType: "HKCorrelationTypeIdentifierBloodPressure"))
        #expect(panel["status"] as? String == "final")
        let components = try #require(panel["component"] as? [[String: Any]])
        #expect(components.compactMap { ($0["valueQuantity"] as? [String: Any])?["value"] as? Int } == [120, 80])
        let heartRate = try #require(FHIRExportTests.observation(resources, healthKitType: "HKQuantityTypeIdentifierHeartRate"))
        #expect((heartRate["valueQuantity"] as? [String: Any])?["value"] as? Int == 72)
        // Neither stored value appears anywhere as a value.
        for observation in resources["Observation"] ?? [] {
            let values = ([observation["valueQuantity"]] + ((observation["component"] as? [[String: Any]]) ?? []).map { $0["valueQuantity"] })
                .compactMap { ($0 as? [String: Any])?["value"] as? Int }
            #expect(!values.contains(110) && !values.contains(73), "\(values)")
        }
        let provenance = try #require(FHIRWorkoutTests.provenance(of: panel, in: resources))
        let parts = (provenance["extension"] as? [[String: Any]])?.first?["extension"] as? [[String: Any]] ?? []
        #expect(parts.filter { $0["url"] as? String == "mismatch" }.compactMap { $0["valueString"] as? String }
            == ["objects[0].value: signed 120 mmHg, stored 110 mmHg"])
    }

    @Test("FHIR leaves unverified readings out unless asked for, and then exports them as preliminary, never final")
    func fhirUnverifiedReadings() throws {
        let fixture = try Fixture()
        let other = try Fixture()
        let input = try MixedInput.write(fixture, other: other, rounds: 1)
        let name = (input as NSString).lastPathComponent
        let verified = try FHIRExportTests.export(fixture, name)
        let observations = try #require(verified["Observation"])
        // 8 authentic and the altered heart rate at its signed 72.
        #expect(observations.count == 9)
        #expect(observations.allSatisfy { $0["status"] as? String == "final" })
        let tags = observations.compactMap { (($0["meta"] as? [String: Any])?["tag"] as? [[String: Any]])?.first?["code"] as? String }
        #expect(Set(tags) == ["valid", "content-mismatch"])
        let all = try FHIRExportTests.export(fixture, name, includeUnverified: true)
        let statuses = (all["Observation"] ?? []).map { observation in
            ((((observation["meta"] as? [String: Any])?["tag"] as? [[String: Any]])?.first?["code"] as? String) ?? "?",
             observation["status"] as? String ?? "?")
        }
        #expect(statuses.count == 13)
        for (verdict, status) in statuses {
            #expect(status == (verdict == "valid" || verdict == "content-mismatch" ? "final" : "preliminary"), "\(verdict)")
        }
        // Every signed reading exported has its Provenance, unverified ones included.
        #expect(all["Provenance"]?.count == 12)
    }

    @Test("the signed reading of a record has the record's values, units and dates and nothing stored")
    func signedReadingFromRecord() throws {
        let fixture = try Fixture()
        let verifier = SampleVerifier(trust: try TrustLoader.load([fixture.publicKeyPath]))
        guard case .record(let record, _) = verifier.signedRecord(signatureText: fixture.signatures[1]) else {
            Issue.record("no record")
            return
        }
        let sample = try #require(SignedReading.sample(from: record))
        guard case .correlation(let correlation) = sample else {
            Issue.record("not a correlation: \(sample)")
            return
        }
        #expect(correlation.objects.map(\.quantity.description) == ["120 mmHg", "80 mmHg"])
        #expect(correlation.uuid == nil && correlation.metadata.entries.isEmpty)
    }

    @Test("an altered reading whose date was changed is named by its signed date in the summary and the Problems, and charted there")
    func alteredDateShownAsSigned() throws {
        let fixture = try Fixture()
        let heartRate = try #require(try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8).split(separator: "\n").first)
        #expect(heartRate.contains("\"startDate\":\"2026-11-21T08:00:00Z\",\"endDate\":\"2026-11-21T08:00:00Z\""))
        let moved = heartRate.replacingOccurrences(of: "2026-11-21T08:00:00Z", with: "2026-11-21T09:00:00Z")
        let input = try fixture.write("moved.jsonl", moved + "\n")
        let output = fixture.path("report.html")
        try ClinicianReport.run(inputPath: input, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1, outputPath: output)
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.contains("the stored values differ from the signed ones (Heart rate of 2026-11-21T08:00:00Z)"))
        #expect(html.contains("<th>Date (as signed)</th><th>Device (as stored)</th>"))
        #expect(html.contains("<td>Heart rate</td><td>2026-11-21T08:00:00Z</td>"))
        let collector = ReportCollector()
        _ = try VerificationPipeline(verifier: SampleVerifier(trust: try TrustLoader.load([fixture.publicKeyPath])), jobs: 1)
            .run(inputPath: input, sinks: [collector])
        #expect(collector.periodStart?.rfc3339String == "2026-11-21T08:00:00Z")
    }

    @Test("altered SpO2 and temperature are listed in clinical units: percent, not HealthKit's fraction, and °C")
    func alteredValuesInClinicalUnits() throws {
        let fixture = try Fixture()
        let signed = try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8)
        let altered = signed.replacingOccurrences(of: "OxygenSaturation\",\"value\":0.97", with: "OxygenSaturation\",\"value\":0.91")
            .replacingOccurrences(of: "BodyTemperature\",\"value\":36.6", with: "BodyTemperature\",\"value\":38.4")
        let input = try fixture.write("clinical.jsonl", altered)
        let output = fixture.path("report.html")
        try ClinicianReport.run(inputPath: input, trust: TrustLoader.load([fixture.publicKeyPath]), jobs: 1, outputPath: output)
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.contains("<td>value</td><td>97 %</td><td>91 %</td>"))
        #expect(html.contains("<td>value</td><td>36.6 °C</td><td>38.4 °C</td>"))
        #expect(!html.contains("0.97 %") && !html.contains("degC"))
        #expect(ClinicalUnits.value("7.8 mmol<180.15588000005408>/L", type: "HKQuantityTypeIdentifierBloodGlucose") == "7.8 mmol/L")
        #expect(ClinicalUnits.value("16 count/min", type: "HKQuantityTypeIdentifierRespiratoryRate") == "16 breaths/min")
        #expect(ClinicalUnits.value("2026-11-21T08:00:00Z", type: nil) == "2026-11-21T08:00:00Z")
    }
}
