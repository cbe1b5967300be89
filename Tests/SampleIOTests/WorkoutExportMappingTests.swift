import Foundation
import HealthSamples
import Testing
@testable import SampleIO

/// `<Workout>` elements read and mapped: children kept, route skipped, both total shapes, errors
/// named by line and field.
@Suite struct WorkoutExportMappingTests {
    static func document(_ workout: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2026-11-22 09:00:00 +0100"/>
        \(workout)
        </HealthData>
        """
    }

    static let workout = """
     <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="60" durationUnit="min" totalEnergyBurned="500" totalEnergyBurnedUnit="kcal" sourceName="Bike" startDate="2026-11-20 17:00:00 +0000" endDate="2026-11-20 18:00:00 +0000">
      <MetadataEntry key="HKAverageSpeed" value="8.4 m/s"/>
      <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2026-11-20 17:00:00 +0000" duration="30" durationUnit="min">
       <MetadataEntry key="HKMetadataKeySyncVersion" value="1"/>
      </WorkoutEvent>
      <WorkoutRoute sourceName="Bike" startDate="2026-11-20 17:00:00 +0000" endDate="2026-11-20 18:00:00 +0000">
       <MetadataEntry key="HKDigitalSignature" value="not the workout's"/>
       <Location date="2026-11-20 17:00:00 +0000" latitude="48.1" longitude="11.5"/>
      </WorkoutRoute>
      <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2026-11-20 17:00:00 +0000" endDate="2026-11-20 18:00:00 +0000" sum="480" unit="kcal"/>
      <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" startDate="2026-11-20 17:00:00 +0000" endDate="2026-11-20 18:00:00 +0000" sum="30.2" unit="km"/>
     </Workout>
    """

    private func outcome(_ text: String) throws -> ExportSampleOutcome {
        let reader = ExportSampleReader(source: MemoryChunkSource(Self.document(text), chunkSize: 64))
        return try #require(try reader.next())
    }

    @Test func readerKeepsEventsAndStatisticsAndSkipsTheRoute() throws {
        let reader = ExportXMLReader(source: MemoryChunkSource(Self.document(Self.workout), chunkSize: 64))
        let item = try #require(try reader.next())
        #expect(item.kind == .workout)
        #expect(item.type == "HKWorkoutTypeIdentifier")
        #expect(item.metadata.map(\.key) == ["HKAverageSpeed"])
        #expect(item.events.map { $0.attribute("type") } == ["HKWorkoutEventTypeSegment"])
        #expect(item.events[0].metadata.map(\.key) == ["HKMetadataKeySyncVersion"])
        #expect(item.statistics.count == 2)
        #expect(try reader.next() == nil)
    }

    @Test func attributeTotalWinsAndStatisticsFillTheRest() throws {
        guard case .sample(let stored) = try outcome(Self.workout), case .workout(let workout) = stored.sample else {
            Issue.record("not a workout")
            return
        }
        #expect(workout.activityType == .cycling)
        #expect(workout.duration.exactSeconds == 3600)
        #expect(workout.totalEnergyBurned == Quantity(value: 500, unit: .kilocalorie))
        #expect(workout.totalDistance?.description == "30.2 km")
        #expect(workout.events.first?.duration?.exactSeconds == 1800)
        #expect(workout.metadata["HKAverageSpeed"] == .string("8.4 m/s"))
        // The route's MetadataEntry is not the workout's.
        #expect(workout.metadata["HKDigitalSignature"] == nil)
    }

    private func expectInvalid(_ text: String, field: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard case .invalid(_, let error) = try outcome(text) else {
            Issue.record("not invalid", sourceLocation: sourceLocation)
            return
        }
        #expect(error.field == field, "\(error)", sourceLocation: sourceLocation)
        #expect(error.line == 4, sourceLocation: sourceLocation)
    }

    @Test func problemsAreNamedByField() throws {
        try expectInvalid(Self.workout.replacingOccurrences(of: "Cycling\"", with: "Unicycling\""), field: "activityType")
        try expectInvalid(Self.workout.replacingOccurrences(of: " durationUnit=\"min\" totalEnergyBurned", with: " totalEnergyBurned"),
                          field: "durationUnit")
        try expectInvalid(Self.workout.replacingOccurrences(of: "totalEnergyBurnedUnit=\"kcal\"", with: "totalEnergyBurnedUnit=\"km\""),
                          field: "totalEnergyBurned")
    }

    @Test func unknownEventTypeIsNamedOnItsLine() throws {
        guard case .invalid(_, let error) = try outcome(Self.workout.replacingOccurrences(of: "TypeSegment", with: "TypeStop")) else {
            Issue.record("not invalid")
            return
        }
        #expect(error.field == "events[0].type")
        #expect(error.line == 6)
    }

    @Test func workoutChildrenAreCappedTogether() {
        // Events, statistics and metadata entries share the item's child limit.
        let events = String(repeating: "<WorkoutEvent type=\"HKWorkoutEventTypeMarker\" date=\"2026-11-20 17:00:00 +0000\"/>", count: 5_000)
        let statistics = String(repeating: "<WorkoutStatistics type=\"t\" startDate=\"a\" endDate=\"b\"/>", count: 5_000)
        let text = "<HealthData>\n<Workout workoutActivityType=\"x\"><MetadataEntry key=\"k\" value=\"v\"/>\(events)\(statistics)</Workout>\n</HealthData>"
        let reader = ExportXMLReader(source: MemoryChunkSource(text, chunkSize: 4096))
        #expect(throws: ExportXMLError(.tooManyChildren(element: "Workout", limit: 10_000), line: 2)) { _ = try reader.next() }
    }

    @Test func eventAttributeTextCountsAgainstTheItemBudget() {
        let events = String(repeating: "<WorkoutEvent type=\"HKWorkoutEventTypeMarker\" date=\"2026-11-20 17:00:00 +0000\"/>", count: 40)
        let text = "<HealthData>\n<Workout workoutActivityType=\"x\">\(events)</Workout>\n</HealthData>"
        let reader = ExportXMLReader(source: MemoryChunkSource(text, chunkSize: 4096), maximumBytesPerItem: 1024)
        #expect(throws: ExportXMLError(.itemTooLarge(element: "Workout", limit: 1024), line: 2)) { _ = try reader.next() }
    }
}
