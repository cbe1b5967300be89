import HealthSamples
import SampleSigning

/// The report's words for types and verdicts, for a reader who knows nothing of CMS.
enum ReportWords {
    /// `Heart rate` for `HKQuantityTypeIdentifierHeartRate`: the short name split into words.
    static func typeName(_ identifier: String) -> String {
        let short = TableReportSink.shortType(identifier)
        var words = ""
        var previous: Character?
        for character in short {
            if let previous, character.isUppercase, previous.isLowercase {
                words += " " + character.lowercased()
            } else {
                words.append(words.isEmpty ? character : (previous?.isLowercase == true ? Character(character.lowercased()) : character))
            }
            previous = character
        }
        return words
    }

    /// `Stair climbing` for `HKWorkoutActivityTypeStairClimbing`.
    static func activityName(_ type: WorkoutActivityType) -> String {
        typeName(type.shortName)
    }

    /// One verdict in words.
    static func verdict(_ kind: SampleVerdict.Kind) -> String {
        switch kind {
        case .valid: "authentic"
        case .unsigned: "unsigned"
        case .contentMismatch: "altered after signing"
        case .untrustedSigner: "could not be checked: untrusted device key"
        case .badSignature: "could not be checked: the signature does not match (damaged signature or data)"
        case .malformed: "could not be checked: damaged signature"
        case .revoked: "not trusted: the device's certificate is revoked"
        }
    }

    /// `1 reading` / `2 readings`.
    static func readings(_ count: Int) -> String {
        count == 1 ? "1 reading" : "\(count) readings"
    }
}
