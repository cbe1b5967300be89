import Foundation
import HealthSamples
import SampleSigning

/// Metadata a report may use as context of a measurement (a glucose reading's meal time, a
/// reading's time zone) only where the signature covers it (docs/REPORT.md): a stored value the
/// signature leaves out is unsigned context, never a basis for a figure or for local time.
enum SignedContext {
    /// The text of `key` as the signature of `presented` covers it: an authentic reading's stored
    /// value unless the key is among `unsignedKeys` (the verdict's unsigned context, stored
    /// spellings), an altered reading's value from its signed record; nil for anything else.
    static func text(_ key: MetadataKey, of presented: SignedReading.Presented, verdict: SampleVerdict,
                     unsignedKeys: [String]) -> String? {
        text(key.storedName, of: presented, verdict: verdict, unsignedKeys: unsignedKeys)
    }

    /// ``text(_:of:verdict:unsignedKeys:)`` for a key by its stored name (a key HealthKit does not define).
    static func text(_ storedName: String, of presented: SignedReading.Presented, verdict: SampleVerdict,
                     unsignedKeys: [String]) -> String? {
        switch presented {
        case .authentic(let sample):
            guard let value = sample.metadata[storedName],
                  !unsignedKeys.contains(where: { MetadataKey.storedName(for: $0) == storedName })
            else { return nil }
            switch value {
            case .string(let text): return text
            case .number(let number): return "\(number)"
            default: return nil
            }
        case .altered:
            switch verdict.record?.metadata[storedName] {
            case .string(let text)?: return text
            case let value?:
                switch value {
                case .integer, .real: return value.displayText
                default: return nil
                }
            case nil: return nil
            }
        case .alteredWithoutSignedValue, .unverified:
            return nil
        }
    }

    /// A signed `HKBloodGlucoseMealTime`: 1 before a meal (preprandial), 2 after (postprandial).
    static func mealTime(of presented: SignedReading.Presented, verdict: SampleVerdict, unsignedKeys: [String]) -> Int? {
        text(MetadataKey.bloodGlucoseMealTime, of: presented, verdict: verdict, unsignedKeys: unsignedKeys)
            .flatMap { Decimal(string: $0, locale: nil) }.flatMap { $0 == 1 ? 1 : $0 == 2 ? 2 : nil }
    }
}
