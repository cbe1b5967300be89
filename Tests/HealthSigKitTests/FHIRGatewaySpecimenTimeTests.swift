import Foundation
@testable import HealthSigKit
import HealthSamples
import Testing

/// FHIR: a signing key as the PHD guide's gateway, capillary glucose codes from a signed specimen,
/// effective times in the signed time zone, and every UCUM code checked by UCUM's grammar.
@Suite("FHIR gateway, specimen, local time and UCUM")
struct FHIRGatewaySpecimenTimeTests {
    typealias Fixture = VerifyRunTests.Fixture
    typealias Export = FHIRExportTests

    static func signAndExport(_ fixture: Fixture, _ readings: [String], alter: (inout [String]) -> Void = { _ in })
        throws -> [String: [[String: Any]]] {
        let name = "gw-\(UUID().uuidString)"
        try fixture.write("\(name).jsonl", readings.joined(separator: "\n") + "\n")
        _ = try SignRun.run(inputPath: fixture.path("\(name).jsonl"), outputPath: fixture.path("\(name)-signed.jsonl"),
                                keyPath: fixture.privateKeyPath, passphrase: .none, options: CMSSigning.Options(), skipInvalid: false)
        var lines = try String(contentsOfFile: fixture.path("\(name)-signed.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        alter(&lines)
        try fixture.write("\(name)-stored.jsonl", lines.joined(separator: "\n") + "\n")
        return try Export.export(fixture, "\(name)-stored.jsonl")
    }

    static func glucose(_ value: String, _ unit: String, device: String, metadata: String = "") -> String {
        #"{"type":"HKQuantityTypeIdentifierBloodGlucose","value":\#(value),"unit":"\#(unit)","startDate":"2026-11-21T07:00:00Z","endDate":"2026-11-21T07:00:00Z","device":{"name":"\#(device)"}\#(metadata)}"#
    }

    static func reference(_ value: Any?) -> String? { (value as? [String: Any])?["reference"] as? String }

    @Test("one key signing a cuff, a scale and a meter is one gateway Device named by every Observation, never the author of three devices")
    func hubIsOneGateway() throws {
        let fixture = try Fixture()
        let cuff = ClinicalFiguresTests.pressure("2026-11-21T07:00:00Z", 150, 95).dropLast() + #","device":{"name":"Hub Cuff"}}"#
        let scale = #"{"type":"HKQuantityTypeIdentifierBodyMass","value":80,"unit":"kg","startDate":"2026-11-21T07:05:00Z","endDate":"2026-11-21T07:05:00Z","device":{"name":"Hub Scale"}}"#
        let resources = try Self.signAndExport(fixture, [String(cuff), scale, Self.glucose("100", "mg/dL", device: "Hub Meter")])
        let devices = try #require(resources["Device"])
        let gateways = devices.filter { Export.codings($0["type"], system: FHIRCodeSystems.ieee11073) == ["531981"] }
        #expect(devices.count == 4 && gateways.count == 1)
        let gateway = try #require(gateways.first)
        let keyID = try #require((gateway["identifier"] as? [[String: Any]])?.first?["value"] as? String)
        #expect((gateway["identifier"] as? [[String: Any]])?.first?["system"] as? String == FHIRCodeSystems.signerKeyIdentifier)
        let gatewayReference = "Device/\(gateway["id"] as? String ?? "")"
        for device in devices where device["id"] as? String != gateway["id"] as? String {
            #expect(device["identifier"] == nil, "a measuring device carries no key id")
        }
        let observations = try #require(resources["Observation"])
        #expect(observations.count == 3)
        for observation in observations {
            let link = (observation["extension"] as? [[String: Any]])?.first
            #expect(link?["url"] as? String == FHIRCodeSystems.gatewayDeviceExtension)
            #expect(Self.reference(link?["valueReference"]) == gatewayReference)
            #expect(Self.reference(observation["device"]) != gatewayReference)
        }
        for provenance in try #require(resources["Provenance"]) {
            let agents = try #require(provenance["agent"] as? [[String: Any]])
            let author = try #require(agents.first?["who"] as? [String: Any])
            #expect(author["identifier"] == nil && Self.reference(author) != gatewayReference && Self.reference(author) != nil)
            #expect(agents.count == 3 && Self.reference(agents[2]["who"]) == gatewayReference)
            #expect(Export.codings(agents[2]["type"], system: FHIRCodeSystems.provenanceParticipantType) == ["attester"])
            let who = (provenance["signature"] as? [[String: Any]])?.first?["who"] as? [String: Any]
            #expect((who?["identifier"] as? [String: Any])?["value"] as? String == keyID)
        }
    }

    @Test("glucose signed with the specimen capillary blood is 41653-7 (mg/dL) or 14743-9 (mmol/L); the same key stored after signing, or no key, gives the blood codes")
    func capillaryGlucoseFromSignedSpecimen() throws {
        let fixture = try Fixture()
        let capillary = #","metadata":{"BloodGlucoseSpecimen":"capillary blood"}"#
        let resources = try Self.signAndExport(fixture, [
            Self.glucose("100", "mg/dL", device: "Meter A", metadata: capillary),
            Self.glucose("5.5", "mmol<180.15588000005408>/L", device: "Meter B", metadata: capillary),
            Self.glucose("110", "mg/dL", device: "Meter C"),
            Self.glucose("120", "mg/dL", device: "Meter D"),
        ]) { lines in
            // Stored after signing beside a record that does not sign it: unsigned context.
            lines[3] = lines[3].replacingOccurrences(of: "\"metadata\":{", with: "\"metadata\":{\"BloodGlucoseSpecimen\":\"capillary blood\",")
        }
        func observation(_ value: Double) throws -> [String: Any] {
            try #require(resources["Observation"]?.first { (($0["valueQuantity"] as? [String: Any])?["value"] as? NSNumber)?.doubleValue == value })
        }
        #expect(Export.codings(try observation(100)["code"], system: FHIRCodeSystems.loinc) == ["41653-7"])
        #expect((try observation(100)["specimen"] as? [String: Any])?["display"] as? String == "Capillary blood")
        #expect(Export.codings(try observation(5.5)["code"], system: FHIRCodeSystems.loinc) == ["14743-9"])
        #expect(Export.codings(try observation(110)["code"], system: FHIRCodeSystems.loinc) == ["2339-0"])
        #expect(Export.codings(try observation(120)["code"], system: FHIRCodeSystems.loinc) == ["2339-0"])
        #expect(try observation(120)["specimen"] == nil && observation(110)["specimen"] == nil)
    }

    @Test("a signed HKTimeZone writes the effective time with the offset in force at that instant, altered readings too; without one the stored offset stays")
    func effectiveTimeInSignedZone() throws {
        let fixture = try Fixture()
        let zone = #","metadata":{"HKTimeZone":"Europe/Berlin"}"#
        let reading = { (time: String, bpm: Int, metadata: String) in
            #"{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(bpm),"unit":"count/min","startDate":"\#(time)","endDate":"\#(time)"\#(metadata)}"#
        }
        let resources = try Self.signAndExport(fixture, [
            reading("2026-03-28T23:30:00Z", 61, zone), reading("2026-03-29T16:30:00Z", 62, zone),
            reading("2026-03-29T16:30:00+05:00", 63, ""),
        ]) { lines in
            lines[1] = lines[1].replacingOccurrences(of: "\"value\":62", with: "\"value\":99")
        }
        func effective(_ bpm: Double) -> String? {
            resources["Observation"]?.first { (($0["valueQuantity"] as? [String: Any])?["value"] as? NSNumber)?.doubleValue == bpm }?["effectiveDateTime"] as? String
        }
        #expect(effective(61) == "2026-03-29T00:30:00+01:00")
        #expect(effective(62) == "2026-03-29T18:30:00+02:00")   // altered: exported at its signed value and instant
        #expect(effective(63) == "2026-03-29T16:30:00+05:00")
    }

    @Test("every UCUM code healthsig writes, for every unit and prefix it maps, parses by UCUM's grammar in tools/check_fhir.py")
    func everyUnitCodeIsUCUM() throws {
        var units = Set(QuantityType.all.map(\.canonicalUnit.unitString))
        units.formUnion(FHIRQuantity.atoms.keys)
        for (prefix, _) in FHIRQuantity.prefixes {
            for base in FHIRQuantity.prefixable { units.insert(prefix + base) }
        }
        units.formUnion(["count/min", "mmol<180.15588000005408>/L", "kcal/hr·kg", "mL/min·kg", "m^2", "m/s^2", "count/s"])
        let codes = Set(units.compactMap(FHIRQuantity.ucum)).union(["%", "kg/m2"]).sorted()
        #expect(codes.count > 60)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys; sys.path.insert(0, sys.argv[1]); import check_fhir; "
                             + "print('\\n'.join(c for c in sys.argv[2:] if not check_fhir.ucum_valid(c)))",
                             root.appendingPathComponent("tools").path] + codes
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "", "not UCUM")
    }
}
