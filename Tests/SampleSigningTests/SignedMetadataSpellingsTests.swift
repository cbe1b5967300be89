import HealthSamples
import Testing
@testable import SampleSigning

/// The record writer finds a signed metadata key and its stored name with one lookup; that
/// must say what `MetadataKey.storedName(for:)` and the signed lists say, for every name.
@Suite struct SignedMetadataSpellingsTests {
    @Test func everyNameMapsToItsStoredNameExactlyWhenThatNameIsSigned() {
        let names = MetadataKey.all.flatMap { [$0.constantName, $0.storedName] } + ["custom", "", "HKMetadataKey", "hktimezone"]
        for (spellings, keys) in [(RecordWriter.signedKeys, RecordKeys.signedMetadataKeys),
                                  (RecordWriter.signedWorkoutKeys, RecordKeys.signedWorkoutMetadataKeys)] {
            let stored = Set(keys.map(\.storedName))
            for name in names {
                let expected = stored.contains(MetadataKey.storedName(for: name)) ? MetadataKey.storedName(for: name) : nil
                #expect(spellings[name] == expected, "\(name)")
            }
        }
    }
}
