import Foundation
@testable import HealthSigKit
import HealthSamples
import Testing

/// `healthsig fhir` as a library: the resources each sample becomes, the LOINC and UCUM
/// mapping, verdicts carried by Provenance and tags, and where the output goes.
@Suite("FHIR export")
struct FHIRExportTests {
    typealias Fixture = VerifyRunTests.Fixture

    /// The resources of an NDJSON export of `input`, by type, each parsed.
    static func export(_ fixture: Fixture, _ input: String, other: Fixture? = nil,
                       includeUnverified: Bool = false) throws -> [String: [[String: Any]]] {
        let directory = fixture.path("fhir-\(UUID().uuidString)")
        let trust = try TrustLoader.load([fixture.publicKeyPath])
        _ = try FHIRExport.run(inputPath: fixture.path(input), trust: trust, jobs: 2, destination: .bulkData(directory: directory),
                               includeUnverified: includeUnverified)
        var out: [String: [[String: Any]]] = [:]
        for kind in FHIRResourceKind.allCases {
            let text = try String(contentsOfFile: (directory as NSString).appendingPathComponent(kind.fileName), encoding: .utf8)
            out[kind.rawValue] = try text.split(separator: "\n").map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
        }
        return out
    }

    static func codings(_ concept: Any?, system: String) -> [String] {
        ((concept as? [String: Any])?["coding"] as? [[String: Any]] ?? []).filter { $0["system"] as? String == system }
            .compactMap { $0["code"] as? String }
    }

    static func observation(_ resources: [String: [[String: Any]]], healthKitType: String) -> [String: Any]? {
        resources["Observation"]?.first { codings($0["code"], system: FHIRCodeSystems.healthKit) == [healthKitType] }
    }

    @Test("every example sample becomes one Observation with the LOINC code of its type and its HealthKit type")
    func observationsOfTheExamples() throws {
        let fixture = try Fixture()
        let resources = try Self.export(fixture, "signed.jsonl")
        #expect(resources["Observation"]?.count == 8)
        #expect(resources["Provenance"]?.count == 8)
        #expect(resources["Device"]?.count == 9)   // eight measuring devices and the signing key's gateway
        let expected: [(String, [String])] = [
            ("HKQuantityTypeIdentifierHeartRate", ["8867-4"]),
            ("HKCorrelationTypeIdentifierBloodPressure", ["85354-9"]),
            ("HKQuantityTypeIdentifierBodyTemperature", ["8310-5"]),
            ("HKQuantityTypeIdentifierBloodGlucose", ["15074-8"]),
            ("HKQuantityTypeIdentifierBodyMass", ["29463-7"]),
            ("HKQuantityTypeIdentifierOxygenSaturation", ["59408-5", "2708-6"]),
            ("HKCategoryTypeIdentifierSleepAnalysis", []),
            ("HKWorkoutTypeIdentifier", ["73985-4"]),
        ]
        for (type, loinc) in expected {
            let observation = try #require(Self.observation(resources, healthKitType: type), "no Observation of \(type)")
            #expect(Self.codings(observation["code"], system: FHIRCodeSystems.loinc) == loinc, "\(type)")
        }
    }

    @Test("blood pressure is one panel, text 'Blood pressure', with systolic 8480-6 and diastolic 8462-4 components in mm[Hg]")
    func bloodPressureComponents() throws {
        let fixture = try Fixture()
        let resources = try Self.export(fixture, "signed.jsonl")
        let panel = try #require(Self.observation(resources, healthKitType: "HKCorrelationTypeIdentifierBloodPressure"))
        let components = try #require(panel["component"] as? [[String: Any]])
        #expect(components.map { Self.codings($0["code"], system: FHIRCodeSystems.loinc) } == [["8480-6"], ["8462-4"]])
        #expect((panel["code"] as? [String: Any])?["text"] as? String == "Blood pressure")
        let quantities = components.compactMap { $0["valueQuantity"] as? [String: Any] }
        #expect(quantities.map { $0["value"] as? Int } == [120, 80])
        #expect(quantities.map { $0["code"] as? String } == ["mm[Hg]", "mm[Hg]"])
        #expect((panel["effectivePeriod"] as? [String: Any])?["start"] as? String == "2026-11-21T08:05:00+01:00")
    }

    @Test("HealthKit's fractional percent becomes UCUM % times 100, exactly")
    func percentTimesHundred() throws {
        let quantity = FHIRQuantity(Quantity(value: Decimal(string: "0.97")!, unit: .percent), of: .oxygenSaturation)
        #expect(quantity.value == 97)
        #expect(quantity.ucumCode == "%")
        let fixture = try Fixture()
        let resources = try Self.export(fixture, "signed.jsonl")
        let spo2 = try #require(Self.observation(resources, healthKitType: "HKQuantityTypeIdentifierOxygenSaturation"))
        let value = spo2["valueQuantity"] as? [String: Any]
        #expect((value?["value"] as? NSNumber)?.intValue == 97)
    }

    @Test("units get their UCUM codes; a unit UCUM cannot express has none")
    func ucumCodes() throws {
        let cases: [(String, String?)] = [
            ("count/min", "/min"), ("mmHg", "mm[Hg]"), ("degC", "Cel"), ("degF", "[degF]"), ("kg", "kg"), ("lb", "[lb_av]"),
            ("mg/dL", "mg/dL"), ("mmol<180.15588000005408>/L", "mmol/L"), ("mcg", "ug"), ("mcS", "uS"), ("IU", "[iU]"),
            ("count", "1"), ("kcal/hr·kg", "kcal/(h.kg)"), ("mL/min·kg", "mL/(min.kg)"), ("m^2", "m2"), ("L/min", "L/min"),
            ("dBASPL", nil), ("furlong", nil),
        ]
        for (unit, ucum) in cases {
            #expect(FHIRQuantity.ucum(unit) == ucum, "\(unit)")
        }
    }

    @Test("glucose in mg/dL is 2339-0 and in mmol/L 15074-8")
    func glucoseByDimension() throws {
        let molar = try HealthUnit("mmol<180.15588000005408>/L")
        #expect(FHIRObservationCode.forQuantity(.bloodGlucose, unit: .milligramsPerDeciliter).loinc.map(\.code) == ["2339-0"])
        #expect(FHIRObservationCode.forQuantity(.bloodGlucose, unit: molar).loinc.map(\.code) == ["15074-8"])
        #expect(FHIRObservationCode.forQuantity(.stepCount, unit: .count).loinc.isEmpty)
    }

    @Test("an altered sample's Provenance keeps the stored signature, the verdict, the signer and the altered field")
    func alteredSampleProvenance() throws {
        let fixture = try Fixture()
        let signed = try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8)
        try fixture.write("tampered.jsonl", signed.replacingOccurrences(of: "\"value\":72", with: "\"value\":73"))
        let resources = try Self.export(fixture, "tampered.jsonl")
        let heartRate = try #require(Self.observation(resources, healthKitType: "HKQuantityTypeIdentifierHeartRate"))
        let tag = ((heartRate["meta"] as? [String: Any])?["tag"] as? [[String: Any]])?.first
        #expect(tag?["code"] as? String == "content-mismatch")
        let id = try #require(heartRate["id"] as? String)
        let provenance = try #require(resources["Provenance"]?.first {
            (($0["target"] as? [[String: Any]])?.first?["reference"] as? String) == "Observation/" + id
        })
        let signature = try #require((provenance["signature"] as? [[String: Any]])?.first)
        #expect(signature["data"] as? String == fixture.signatures[0])
        let verification = try #require((provenance["extension"] as? [[String: Any]])?.first)
        #expect(verification["url"] as? String == FHIRCodeSystems.verificationExtension)
        let parts = verification["extension"] as? [[String: Any]] ?? []
        #expect(parts.first { $0["url"] as? String == "verdict" }?["valueCode"] as? String == "content-mismatch")
        #expect(parts.first { $0["url"] as? String == "mismatch" }?["valueString"] as? String == "value: signed 72 count/min, stored 73 count/min")
        let keyID = parts.first { $0["url"] as? String == "signerKeyId" }?["valueString"] as? String
        #expect(keyID?.count == 40)
    }

    @Test("with unverified readings asked for, an unsigned sample is a preliminary Observation without a Provenance, tagged unverified")
    func unsignedSample() throws {
        let fixture = try Fixture()
        try fixture.write("unsigned.jsonl", try String(contentsOfFile: fixture.readingsPath, encoding: .utf8))
        let resources = try Self.export(fixture, "unsigned.jsonl", includeUnverified: true)
        #expect(resources["Observation"]?.count == 8)
        #expect(resources["Provenance"]?.isEmpty == true)
        for observation in resources["Observation"] ?? [] {
            #expect(observation["status"] as? String == "preliminary")
            let tag = ((observation["meta"] as? [String: Any])?["tag"] as? [[String: Any]])?.first
            #expect(tag?["system"] as? String == FHIRCodeSystems.verdict)
            #expect(tag?["code"] as? String == "unsigned")
            #expect((tag?["display"] as? String)?.hasPrefix("unverified") == true)
        }
    }

    @Test("a Bundle refers to its entries by their urn:uuid fullUrl")
    func bundleReferences() throws {
        let fixture = try Fixture()
        let trust = try TrustLoader.load([fixture.publicKeyPath])
        _ = try FHIRExport.run(inputPath: fixture.path("signed.jsonl"), trust: trust, jobs: 1,
                               destination: .bundle(path: fixture.path("bundle.json")))
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture.path("bundle.json")))) as? [String: Any])
        #expect(bundle["type"] as? String == "collection")
        let entries = try #require(bundle["entry"] as? [[String: Any]])
        #expect(entries.count == 25)   // 8 Observations, 8 Provenances, 8 measuring Devices and the gateway
        let fullUrls = Set(entries.compactMap { $0["fullUrl"] as? String })
        for entry in entries {
            let resource = try #require(entry["resource"] as? [String: Any])
            #expect(entry["fullUrl"] as? String == "urn:uuid:" + (resource["id"] as? String ?? "?"))
            if let device = resource["device"] as? [String: Any] {
                #expect(fullUrls.contains(device["reference"] as? String ?? ""))
            }
        }
    }

    @Test("exporting the same input twice gives the same resource ids")
    func stableIDs() throws {
        let fixture = try Fixture()
        let first = try Self.export(fixture, "signed.jsonl")
        let second = try Self.export(fixture, "signed.jsonl")
        for kind in ["Observation", "Device", "Provenance"] {
            #expect(first[kind]?.compactMap { $0["id"] as? String } == second[kind]?.compactMap { $0["id"] as? String })
        }
    }

    @Test("a bundle path naming the input is refused and the input is left alone")
    func bundleOverInputRefused() throws {
        let fixture = try Fixture()
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path("signed.jsonl")))
        let trust = try TrustLoader.load([fixture.publicKeyPath])
        let error = #expect(throws: ToolError.self) {
            _ = try FHIRExport.run(inputPath: fixture.path("signed.jsonl"), trust: trust, jobs: 1,
                                   destination: .bundle(path: fixture.path("signed.jsonl")))
        }
        #expect(error?.description.hasPrefix(fixture.path("signed.jsonl") + ": ") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path("signed.jsonl"))) == before)
    }

    @Test("an output directory that is a file is an I/O error")
    func outputDirectoryIsFile() throws {
        let fixture = try Fixture()
        let trust = try TrustLoader.load([fixture.publicKeyPath])
        let error = #expect(throws: ToolError.self) {
            _ = try FHIRExport.run(inputPath: fixture.path("signed.jsonl"), trust: trust, jobs: 1,
                                   destination: .bulkData(directory: fixture.path("signed.jsonl")))
        }
        #expect(error?.description == "\(fixture.path("signed.jsonl")): not a directory")
    }
}
