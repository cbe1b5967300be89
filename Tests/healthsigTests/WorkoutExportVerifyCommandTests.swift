import Foundation
import Testing

/// `healthsig verify` on `<Workout>` elements of export.xml and export.zip, in both shapes the
/// Health app has written: totals as attributes, and totals as `WorkoutStatistics` children.
/// The XML is a plain string template (not made by any of our writers); only the signature,
/// made by `healthsig sign` from a JSON line, and the values a test varies are inserted.
@Suite struct WorkoutExportVerifyCommandTests {
    static let run = #"{"type":"HKWorkoutTypeIdentifier","activityType":"HKWorkoutActivityTypeRunning","startDate":"2026-11-20T07:00:00+01:00","endDate":"2026-11-20T07:42:10+01:00","duration":2430,"totalEnergyBurned":{"value":412,"unit":"kcal"},"totalDistance":{"value":6.21,"unit":"km"},"events":[{"type":"HKWorkoutEventTypePause","date":"2026-11-20T07:20:00+01:00"},{"type":"HKWorkoutEventTypeResume","date":"2026-11-20T07:21:30+01:00"},{"type":"HKWorkoutEventTypeLap","date":"2026-11-20T07:30:00+01:00","duration":90.5,"metadata":{"HKLapLength":"400 m"}}],"device":{"name":"Acme Treadmill","manufacturer":"Acme Fitness","model":"T-900"},"metadata":{"HKIndoorWorkout":true,"HKWeatherTemperature":"56 degF"}}"#

    static let device = "&lt;&lt;HKDevice: 0x600003a1c2d0&gt;, name:Acme Treadmill, manufacturer:Acme Fitness, model:T-900&gt;"

    struct Values {
        var distance = "6.21"
        var distanceUnit = "km"
        var energy = "412"
        var duration = "40.5"
        var resume = "2026-11-20 07:21:30 +0100"
        var lapLength = "400 m"
    }

    static let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 14 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
    ]>
    <HealthData locale="en_US">
     <ExportDate value="2026-11-22 09:00:00 +0100"/>

    """

    static func children(_ signature: String, _ v: Values) -> String {
        """
          <MetadataEntry key="HKIndoorWorkout" value="1"/>
          <MetadataEntry key="HKWeatherTemperature" value="56 degF"/>
          <MetadataEntry key="HKDigitalSignature" value="\(signature)"/>
          <WorkoutEvent type="HKWorkoutEventTypePause" date="2026-11-20 07:20:00 +0100"/>
          <WorkoutEvent type="HKWorkoutEventTypeResume" date="\(v.resume)"/>
          <WorkoutEvent type="HKWorkoutEventTypeLap" date="2026-11-20 07:30:00 +0100" duration="1.508333333333333" durationUnit="min">
           <MetadataEntry key="HKLapLength" value="\(v.lapLength)"/>
          </WorkoutEvent>

        """
    }

    static let route = """
      <WorkoutRoute sourceName="Acme Fitness" sourceVersion="2.0" creationDate="2026-11-20 07:45:00 +0100" startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:42:10 +0100">
       <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
       <FileReference path="/workout-routes/route_2026-11-20_7.42am.gpx"/>
      </WorkoutRoute>

    """

    /// Totals and duration as attributes (older exports).
    static func attributeShape(_ signature: String, _ v: Values = Values()) -> String {
        """
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="\(v.duration)" durationUnit="min" totalDistance="\(v.distance)" totalDistanceUnit="\(v.distanceUnit)" totalEnergyBurned="\(v.energy)" totalEnergyBurnedUnit="kcal" sourceName="Acme Fitness" sourceVersion="2.0" device="\(device)" creationDate="2026-11-20 07:45:00 +0100" startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:42:10 +0100">

        """ + children(signature, v) + route + " </Workout>\n"
    }

    /// Totals as `WorkoutStatistics` children (newer exports), duration still an attribute.
    static func statisticsShape(_ signature: String, _ v: Values = Values(), extraStatistics: String = "") -> String {
        let dates = #"startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:42:10 +0100""#
        return """
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="\(v.duration)" durationUnit="min" sourceName="Acme Fitness" sourceVersion="2.0" device="\(device)" creationDate="2026-11-20 07:45:00 +0100" \(dates)>

        """ + children(signature, v) + """
          <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" \(dates) average="141" minimum="98" maximum="171" unit="count/min"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" \(dates) sum="\(v.energy)" unit="kcal"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" \(dates) sum="\(v.distance)" unit="\(v.distanceUnit)"/>

        """ + extraStatistics + route + " </Workout>\n"
    }

    /// A second `WorkoutStatistics` of the distance total, after the signed one.
    static func secondDistance(_ sum: String, unit: String = "km") -> String {
        #"  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:42:10 +0100" sum="\#(sum)" unit="\#(unit)"/>"# + "\n"
    }

    static func document(_ workouts: [String]) -> String { header + workouts.joined() + "</HealthData>\n" }

    struct Setup {
        let ws: DeviceWorkspace
        let signature: String

        init() throws {
            ws = try DeviceWorkspace()
            try ws.directory.write("workout.jsonl", WorkoutExportVerifyCommandTests.run + "\n")
            try ws.sign("workout.jsonl", to: "signed.jsonl")
            signature = try ws.signatures()[0]
        }

        func verify(_ file: String, expectStatus: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
            let result = try ws.directory.healthsig(["verify", "--trust", ws.publicKeyPath, "--in", file, "--format", "json"])
            #expect(result.status == expectStatus, "\(result)", sourceLocation: sourceLocation)
            return try Report.samples(try Report.object(result.stdout))
        }

        func fields(_ sample: [String: Any]) -> [String] {
            ((sample["mismatches"] as? [[String: String]]) ?? []).map { $0["field"] ?? "" }
        }
    }

    @Test func bothShapesVerifyAsSigned() throws {
        let s = try Setup()
        try s.ws.directory.write("export.xml", Self.document([Self.attributeShape(s.signature), Self.statisticsShape(s.signature)]))
        let samples = try s.verify("export.xml", expectStatus: 0)
        #expect(samples.map { $0["verdict"] as? String } == ["valid", "valid"])
        #expect(samples.map { $0["type"] as? String } == ["HKWorkoutTypeIdentifier", "HKWorkoutTypeIdentifier"])
    }

    @Test func alteredTotalsAreNamedInBothShapes() throws {
        let s = try Setup()
        var v = Values()
        v.distance = "6.5"
        try s.ws.directory.write("export.xml", Self.document([Self.attributeShape(s.signature, v), Self.statisticsShape(s.signature, v)]))
        let samples = try s.verify("export.xml", expectStatus: 1)
        #expect(samples.map(s.fields) == [["totalDistance"], ["totalDistance"]])
        let mismatch = try #require((samples[0]["mismatches"] as? [[String: String]])?.first)
        #expect(mismatch["signed"] == "6.21 km")
        #expect(mismatch["stored"] == "6.5 km")
    }

    @Test func aSecondStoredCopyOfASignedTotalThatDiffersIsAMismatchNamingTheCopy() throws {
        let s = try Setup()
        try s.ws.directory.write("export.xml", Self.document([
            Self.statisticsShape(s.signature, extraStatistics: Self.secondDistance("42.195")),
        ]))
        let samples = try s.verify("export.xml", expectStatus: 1)
        #expect(samples.map { $0["verdict"] as? String } == ["content-mismatch"])
        let mismatches = try #require(samples[0]["mismatches"] as? [[String: String]])
        #expect(mismatches == [["field": "totalDistance", "signed": "6.21 km",
                                "stored": "42.195 km (WorkoutStatistics HKQuantityTypeIdentifierDistanceWalkingRunning at line 20)"]])
    }

    @Test func aWorkoutStatisticsCopyThatDiffersFromTheTotalAttributeIsAMismatch() throws {
        let s = try Setup()
        // The attribute shape holds the signed 6.21 km; a WorkoutStatistics child says otherwise.
        let workout = Self.attributeShape(s.signature)
            .replacingOccurrences(of: " </Workout>\n", with: Self.secondDistance("10") + " </Workout>\n")
        try s.ws.directory.write("export.xml", Self.document([workout]))
        let samples = try s.verify("export.xml", expectStatus: 1)
        #expect(samples.map(s.fields) == [["totalDistance"]])
    }

    @Test func furtherStoredCopiesEqualToTheSignedTotalWithinRoundingStayValid() throws {
        let s = try Setup()
        try s.ws.directory.write("export.xml", Self.document([
            Self.statisticsShape(s.signature, extraStatistics: Self.secondDistance("6.21") + Self.secondDistance("3.86", unit: "mi")),
        ]))
        #expect(try s.verify("export.xml", expectStatus: 0).map { $0["verdict"] as? String } == ["valid"])
    }

    @Test func totalsInTheUsersUnitsAreEqualWithinTheirRounding() throws {
        let s = try Setup()
        var v = Values()
        v.distance = "3.86"   // 6.2120 km
        v.distanceUnit = "mi"
        try s.ws.directory.write("export.xml", Self.document([Self.attributeShape(s.signature, v), Self.statisticsShape(s.signature, v)]))
        #expect(try s.verify("export.xml", expectStatus: 0).map { $0["verdict"] as? String } == ["valid", "valid"])
    }

    @Test func alteredEventDurationAndEventMetadataAreNamed() throws {
        let s = try Setup()
        var v = Values()
        v.resume = "2026-11-20 07:22:30 +0100"
        v.duration = "41"
        v.lapLength = "450 m"
        v.energy = "400"
        try s.ws.directory.write("export.xml", Self.document([Self.statisticsShape(s.signature, v)]))
        let samples = try s.verify("export.xml", expectStatus: 1)
        #expect(s.fields(samples[0]) == ["duration", "totalEnergyBurned", "events[1].date", "events[2].metadata.HKLapLength"])
    }

    @Test func exportZipGivesTheSameVerdicts() throws {
        let s = try Setup()
        var v = Values()
        v.energy = "500"
        try s.ws.directory.write("export.xml", Self.document([Self.attributeShape(s.signature), Self.statisticsShape(s.signature, v)]))
        let script = """
        import zipfile
        with zipfile.ZipFile("export.zip", "w", zipfile.ZIP_DEFLATED) as z:
            z.write("export.xml", "apple_health_export/export.xml")
        """
        let python = try CLI.python(["-c", script], in: s.ws.directory.url)
        #expect(python.status == 0, "\(python)")
        let samples = try s.verify("export.zip", expectStatus: 1)
        #expect(samples.map { $0["verdict"] as? String } == ["valid", "content-mismatch"])
        #expect(s.fields(samples[1]) == ["totalEnergyBurned"])
    }

    @Test func energyTotalInALengthUnitIsAMismatchShowingBothValues() throws {
        let s = try Setup()
        let xml = Self.attributeShape(s.signature).replacingOccurrences(of: #"totalEnergyBurnedUnit="kcal""#,
                                                                        with: #"totalEnergyBurnedUnit="km""#)
        try s.ws.directory.write("export.xml", Self.document([xml]))
        let samples = try s.verify("export.xml", expectStatus: 1)
        let mismatch = try #require((samples.first?["mismatches"] as? [[String: String]])?.first)
        #expect(mismatch["field"] == "totalEnergyBurned")
        #expect(mismatch["signed"] == "412 kcal")
        #expect(mismatch["stored"] == "412 km")
    }

    @Test func unknownActivityTypeOfASignedWorkoutIsAMismatchOnThatField() throws {
        let s = try Setup()
        let xml = Self.attributeShape(s.signature).replacingOccurrences(of: "HKWorkoutActivityTypeRunning", with: "HKWorkoutActivityTypeJogging")
        try s.ws.directory.write("export.xml", Self.document([xml]))
        let samples = try s.verify("export.xml", expectStatus: 1)
        #expect(samples.first?["verdict"] as? String == "content-mismatch")
        #expect(s.fields(samples[0]) == ["activityType"])
        let mismatch = try #require((samples[0]["mismatches"] as? [[String: String]])?.first)
        #expect(mismatch["signed"] == "HKWorkoutActivityTypeRunning")
        #expect(mismatch["stored"] == "HKWorkoutActivityTypeJogging")
    }
}
