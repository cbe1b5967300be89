import Foundation
import HealthSamples
import Testing

/// docs/READINGS.md, "Workout", lists every activity type and event type with its raw value, as
/// the readers accept them: the document is the input format on its own.
@Suite struct ReadingsWorkoutDocumentTests {
    static let text: String = ReadingsDocumentTests.document.split(whereSeparator: \.isNewline).joined(separator: " ")

    @Test func everyActivityTypeIsListedWithItsRawValue() {
        #expect(!Self.text.isEmpty)
        for type in WorkoutActivityType.all {
            let suffix = String(type.name.dropFirst("HKWorkoutActivityType".count))
            #expect(Self.text.contains("\(type.rawValue) `\(suffix)`"), "\(type.name)")
        }
    }

    @Test func everyEventTypeIsListedWithItsRawValue() {
        for type in WorkoutEventType.allCases {
            #expect(Self.text.contains("`\(type.name)` \(type.rawValue)"), "\(type.name)")
        }
    }
}
