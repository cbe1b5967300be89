import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// The workout record of docs/FORMAT.md, byte for byte, and its decoder's refusals.
@Suite struct WorkoutRecordTests {
    /// A workout with only the required fields, no device: the record spelled out in FORMAT.md.
    static func minimalWorkout() throws -> Sample {
        .workout(Workout(activityType: .running, startDate: try Fixtures.date("2026-11-20T06:00:00Z"),
                         endDate: try Fixtures.date("2026-11-20T06:42:10Z"), duration: try Fixtures.quantity("2430", "s"),
                         totals: [.distance: try Fixtures.quantity("6.21", "km")],
                         events: [WorkoutEvent(type: .pause, date: try Fixtures.date("2026-11-20T06:20:00Z")),
                                  WorkoutEvent(type: .lap, date: try Fixtures.date("2026-11-20T06:30:00Z"),
                                               duration: try Fixtures.quantity("90.5", "s"))]))
    }

    @Test func recordMatchesTheHandWrittenEncoding() throws {
        let built = try RecordBuilder.encodedRecord(for: try Self.minimalWorkout())
        let expected = try Fixtures.handRecord([
            ("fv", .integer(1)),
            ("t", .string("HKWorkoutTypeIdentifier")),
            ("s", .date("2026-11-20T06:00:00Z")),
            ("e", .date("2026-11-20T06:42:10Z")),
            ("at", .integer(37)),
            ("du", .real("2430")),
            ("td", .array([.real("6.21"), .string("km")])),
            ("ev", .array([.array([.integer(1), .real("1200")]), .array([.integer(3), .real("1800"), .real("90.5")])])),
        ])
        #expect(Fixtures.hex(built) == Fixtures.hex(expected))
    }

    private func expectRefused(_ entries: [(String, Fixtures.Value)], _ expected: RecordError,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try Fixtures.handRecord(entries)
        #expect(throws: expected, sourceLocation: sourceLocation) { try SignedRecord(derEncoded: bytes) }
    }

    static let base: [(String, Fixtures.Value)] = [
        ("fv", .integer(1)), ("t", .string("HKWorkoutTypeIdentifier")),
        ("s", .date("2026-11-20T06:00:00Z")), ("e", .date("2026-11-20T06:42:10Z")),
        ("at", .integer(37)), ("du", .real("2430")),
    ]

    static func replacing(_ key: String, with value: Fixtures.Value?) -> [(String, Fixtures.Value)] {
        var entries = base.filter { $0.0 != key }
        if let value { entries.append((key, value)) }
        return entries
    }

    @Test func activityTypeIsRequiredAndAnInteger() throws {
        try expectRefused(Self.replacing("at", with: nil), .missingKey("at"))
        try expectRefused(Self.replacing("at", with: .string("HKWorkoutActivityTypeRunning")), .wrongType(key: "at", expected: "INTEGER"))
    }

    @Test func durationIsRequiredAndAReal() throws {
        try expectRefused(Self.replacing("du", with: nil), .missingKey("du"))
        try expectRefused(Self.replacing("du", with: .integer(2430)), .wrongType(key: "du", expected: "REAL"))
    }

    @Test func totalIsAValueAndAUnit() throws {
        try expectRefused(Self.base + [("te", .real("412"))], .wrongType(key: "te", expected: "an array of a REAL and a UTF8String"))
        try expectRefused(Self.base + [("te", .array([.string("kcal"), .real("412")]))],
                          .wrongType(key: "te", expected: "an array of a REAL and a UTF8String"))
    }

    @Test func eventsAreTypedArraysInOrder() throws {
        let expected = "an array of INTEGER, REAL, optional REAL, optional dictionary"
        try expectRefused(Self.base + [("ev", .array([.array([.integer(1)])]))], .wrongType(key: "ev[0]", expected: expected))
        try expectRefused(Self.base + [("ev", .array([.array([.integer(1), .real("5"), .dictionary([]), .real("1")])]))],
                          .wrongType(key: "ev[0]", expected: expected))
        try expectRefused(Self.base + [("ev", .array([.array([.integer(1), .date("2026-11-20T06:20:00Z")])]))],
                          .wrongType(key: "ev[0]", expected: expected))
        try expectRefused(Self.base + [("ev", .real("1"))], .wrongType(key: "ev", expected: "an array"))
    }

    @Test func eventOffsetFinerThanANanosecondIsRefused() throws {
        let bytes = try Fixtures.handRecord(Self.base + [("ev", .array([.array([.integer(1), .real("0.0000000001")])]))])
        #expect { try SignedRecord(derEncoded: bytes) } throws: { error in
            guard let error = error as? RecordError, case .invalidValue(let key, _) = error else { return false }
            return key == "ev[0]"
        }
    }

    @Test func eventMetadataValuesHaveTheMetadataTypes() throws {
        try expectRefused(Self.base + [("ev", .array([.array([.integer(3), .real("60"), .dictionary([("HKSwimmingStrokeStyle", .integer(2))])])]))],
                          .wrongType(key: "ev[0].HKSwimmingStrokeStyle", expected: "UTF8String, REAL, GeneralizedTime or BOOLEAN"))
    }

    @Test func workoutKeysBelongToWorkoutsOnly() throws {
        try expectRefused(Fixtures.heartRateEntries(replacing: "at", with: .integer(37)),
                          .keyNotAllowed(key: "at", kind: "quantity"))
        try expectRefused(Self.base + [("v", .real("1"))], .keyNotAllowed(key: "v", kind: "workout"))
        try expectRefused(Self.base + [("o", .array([]))], .keyNotAllowed(key: "o", kind: "workout"))
    }

    @Test func eventWithMetadataAndNoDurationDecodes() throws {
        let bytes = try Fixtures.handRecord(Self.base + [("ev", .array([.array([.integer(3), .real("60"),
                                                                                 .dictionary([("HKSwimmingStrokeStyle", .real("2"))])])]))])
        let event = try #require(try SignedRecord(derEncoded: bytes).workout?.events.first)
        #expect(event.duration == nil)
        #expect(event.metadata["HKSwimmingStrokeStyle"] != nil)
        #expect(event.date == (try Fixtures.date("2026-11-20T06:01:00Z")))
    }
}
