import Foundation
@testable import HealthSigKit
import Testing

/// A workout in `healthsig fhir`: one exercise-activity Observation with the activity type as its
/// value and a component per total, carrying its verdict like every other Observation
/// (docs/FHIR.md, "Workouts").
@Suite("FHIR export of workouts")
struct FHIRWorkoutTests {
    typealias Fixture = VerifyRunTests.Fixture

    static func workout(_ resources: [String: [[String: Any]]]) throws -> [String: Any] {
        try #require(FHIRExportTests.observation(resources, healthKitType: "HKWorkoutTypeIdentifier"), "no workout Observation")
    }

    /// Per component: its codes by system, its value as text, its unit and UCUM code.
    static func components(_ observation: [String: Any]) -> [(loinc: [String], field: [String], value: String, unit: String?, code: String?)] {
        (observation["component"] as? [[String: Any]] ?? []).map { component in
            let quantity = component["valueQuantity"] as? [String: Any]
            return (FHIRExportTests.codings(component["code"], system: FHIRCodeSystems.loinc),
                    FHIRExportTests.codings(component["code"], system: FHIRCodeSystems.workoutField),
                    (quantity?["value"] as? NSNumber)?.description ?? "?", quantity?["unit"] as? String, quantity?["code"] as? String)
        }
    }

    static func provenance(of observation: [String: Any], in resources: [String: [[String: Any]]]) -> [String: Any]? {
        let id = observation["id"] as? String ?? "?"
        return resources["Provenance"]?.first {
            (($0["target"] as? [[String: Any]])?.first?["reference"] as? String) == "Observation/" + id
        }
    }

    @Test("the example run becomes an activity Observation coded 73985-4 with Running as value, its period, and duration, energy and distance components")
    func exampleRunObservation() throws {
        let fixture = try Fixture()
        let resources = try FHIRExportTests.export(fixture, "signed.jsonl")
        let run = try Self.workout(resources)
        #expect(FHIRExportTests.codings(run["code"], system: FHIRCodeSystems.loinc) == ["73985-4"])
        #expect((run["code"] as? [String: Any])?["text"] as? String == "Exercise activity")
        let category = (run["category"] as? [[String: Any]])?.first
        #expect(FHIRExportTests.codings(category, system: FHIRCodeSystems.observationCategory) == ["activity"])
        let value = try #require(run["valueCodeableConcept"] as? [String: Any])
        let activity = (value["coding"] as? [[String: Any]])?.first
        #expect(activity?["system"] as? String == FHIRCodeSystems.healthKit)
        #expect(activity?["code"] as? String == "HKWorkoutActivityTypeRunning")
        #expect(activity?["display"] as? String == "Running")
        #expect(value["text"] as? String == "Running")
        let period = try #require(run["effectivePeriod"] as? [String: Any])
        #expect(period["start"] as? String == "2026-11-20T07:00:00+01:00")
        #expect(period["end"] as? String == "2026-11-20T07:42:10+01:00")
        #expect(run["effectiveDateTime"] == nil)
        let components = Self.components(run)
        #expect(components.map(\.loinc) == [["55411-3"], ["41981-2"], []])
        #expect(components.map(\.field) == [["duration"], ["totalEnergyBurned"], ["totalDistance"]])
        #expect(components.map(\.value) == ["2430", "412", "6.21"])
        #expect(components.map(\.unit) == ["s", "kcal", "km"])
        #expect(components.map(\.code) == ["s", "kcal", "km"])
        let tag = ((run["meta"] as? [String: Any])?["tag"] as? [[String: Any]])?.first
        #expect(tag?["code"] as? String == "valid")
        let deviceID = try #require(((run["device"] as? [String: Any])?["reference"] as? String)?.replacingOccurrences(of: "Device/", with: ""))
        let device = try #require(resources["Device"]?.first { $0["id"] as? String == deviceID })
        #expect(((device["deviceName"] as? [[String: Any]])?.first?["name"] as? String) == "Acme Treadmill")
        let provenance = try #require(Self.provenance(of: run, in: resources))
        let signature = (provenance["signature"] as? [[String: Any]])?.first
        #expect(signature?["data"] as? String == fixture.signatures[7])
        #expect(signature?["when"] as? String == "2026-11-20T07:42:10+01:00")
    }

    @Test("flights climbed and stroke counts are components with the workout-field code only, in count (UCUM 1), with their stored values")
    func countTotalsAndStoredDurationUnit() throws {
        let fixture = try Fixture()
        let stairs = #"{"type":"HKWorkoutTypeIdentifier","activityType":"HKWorkoutActivityTypeStairClimbing","startDate":"2026-11-21T18:00:00Z","endDate":"2026-11-21T18:30:00Z","duration":1500,"totalEnergyBurned":{"value":190,"unit":"kcal"},"totalFlightsClimbed":{"value":42,"unit":"count"}}"#
        let swim = #"{"type":"HKWorkoutTypeIdentifier","activityType":46,"startDate":"2026-11-22T07:00:00Z","endDate":"2026-11-22T07:40:00Z","duration":2100,"totalDistance":{"value":1500,"unit":"m"},"totalSwimmingStrokeCount":{"value":812,"unit":"count"}}"#
        try fixture.write("workouts.jsonl", stairs + "\n" + swim + "\n")
        let resources = try FHIRExportTests.export(fixture, "workouts.jsonl", includeUnverified: true)
        let observations = try #require(resources["Observation"])
        #expect(observations.count == 2)
        let byActivity = Dictionary(uniqueKeysWithValues: observations.map {
            ((($0["valueCodeableConcept"] as? [String: Any])?["text"] as? String) ?? "?", $0)
        })
        let stairComponents = Self.components(try #require(byActivity["StairClimbing"]))
        #expect(stairComponents.map(\.field) == [["duration"], ["totalEnergyBurned"], ["totalFlightsClimbed"]])
        #expect(stairComponents.map(\.loinc) == [["55411-3"], ["41981-2"], []])
        #expect(stairComponents.map(\.value) == ["1500", "190", "42"])
        #expect(stairComponents.last?.code == "1")
        let swimComponents = Self.components(try #require(byActivity["Swimming"]))
        #expect(swimComponents.map(\.field) == [["duration"], ["totalDistance"], ["totalSwimmingStrokeCount"]])
        #expect(swimComponents.map(\.loinc) == [["55411-3"], [], []])
        #expect(swimComponents.map(\.value) == ["2100", "1500", "812"])
        #expect(swimComponents.map(\.code) == ["s", "m", "1"])
        for observation in observations {
            let tag = ((observation["meta"] as? [String: Any])?["tag"] as? [[String: Any]])?.first
            #expect(tag?["code"] as? String == "unsigned")
        }
        #expect(resources["Provenance"]?.isEmpty == true)
    }

    @Test("a Health-app export's workout keeps its duration in minutes and its totals as stored, from attributes or WorkoutStatistics")
    func exportWorkoutKeepsStoredUnits() throws {
        let fixture = try Fixture()
        let dates = "startDate=\"2026-11-20 07:00:00 +0100\" endDate=\"2026-11-20 07:42:10 +0100\""
        let attributes = """
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="40.5" durationUnit="min" totalDistance="6.21" totalDistanceUnit="km" totalEnergyBurned="412" totalEnergyBurnedUnit="kcal" sourceName="Acme" \(dates)/>

        """
        let statistics = """
         <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="1.5" durationUnit="hr" sourceName="Acme" \(dates.replacingOccurrences(of: "07:42:10", with: "08:40:00"))>
          <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" \(dates) sum="31.4" unit="km"/>
         </Workout>

        """
        try fixture.write("export.xml", VerifyRunTests.export(attributes + statistics))
        let resources = try FHIRExportTests.export(fixture, "export.xml", includeUnverified: true)
        let observations = try #require(resources["Observation"])
        #expect(observations.count == 2)
        let byActivity = Dictionary(uniqueKeysWithValues: observations.map {
            ((($0["valueCodeableConcept"] as? [String: Any])?["text"] as? String) ?? "?", $0)
        })
        let run = Self.components(try #require(byActivity["Running"]))
        #expect(run.map(\.value) == ["40.5", "412", "6.21"])
        #expect(run.map(\.code) == ["min", "kcal", "km"])
        let ride = Self.components(try #require(byActivity["Cycling"]))
        #expect(ride.map(\.field) == [["duration"], ["totalDistance"]])
        #expect(ride.map(\.value) == ["1.5", "31.4"])
        #expect(ride.map(\.unit) == ["hr", "km"])
        #expect(ride.map(\.code) == ["h", "km"])
        let period = try #require(byActivity["Running"]?["effectivePeriod"] as? [String: Any])
        #expect(period["start"] as? String == "2026-11-20T07:00:00+01:00")
    }

    @Test("a workout altered after signing is tagged content-mismatch like any altered reading, shows the signed total, and its Provenance names the field with the stored one")
    func alteredWorkout() throws {
        let fixture = try Fixture()
        let signed = try String(contentsOfFile: fixture.path("signed.jsonl"), encoding: .utf8)
        let altered = signed.replacingOccurrences(of: "\"value\":6.21,", with: "\"value\":6.5,")
            .replacingOccurrences(of: "\"value\":72", with: "\"value\":73")
        #expect(altered != signed)
        try fixture.write("tampered.jsonl", altered)
        let resources = try FHIRExportTests.export(fixture, "tampered.jsonl")
        let run = try Self.workout(resources)
        let heartRate = try #require(FHIRExportTests.observation(resources, healthKitType: "HKQuantityTypeIdentifierHeartRate"))
        for (observation, mismatch) in [(run, "totalDistance: signed 6.21 km, stored 6.5 km"),
                                        (heartRate, "value: signed 72 count/min, stored 73 count/min")] {
            let tag = ((observation["meta"] as? [String: Any])?["tag"] as? [[String: Any]])?.first
            #expect(tag?["system"] as? String == FHIRCodeSystems.verdict)
            #expect(tag?["code"] as? String == "content-mismatch")
            #expect(tag?["display"] as? String == FHIRResourceBuilder.verdictDisplay(.contentMismatch))
            let provenance = try #require(Self.provenance(of: observation, in: resources))
            let verification = try #require((provenance["extension"] as? [[String: Any]])?.first)
            #expect(verification["url"] as? String == FHIRCodeSystems.verificationExtension)
            let parts = verification["extension"] as? [[String: Any]] ?? []
            #expect(parts.first { $0["url"] as? String == "verdict" }?["valueCode"] as? String == "content-mismatch")
            #expect(parts.filter { $0["url"] as? String == "mismatch" }.compactMap { $0["valueString"] as? String } == [mismatch])
        }
        #expect(Self.components(run).map(\.value) == ["2430", "412", "6.21"])
        #expect((heartRate["valueQuantity"] as? [String: Any])?["value"] as? Int == 72)
        #expect(run["status"] as? String == "final" && heartRate["status"] as? String == "final")
    }
}
