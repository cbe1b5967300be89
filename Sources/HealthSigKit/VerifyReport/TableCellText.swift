import CMS
import Foundation
import HealthSamples
import SampleSigning

/// What the table shows for a reading, a field and a reason, in words a person reads at a
/// terminal: units as people write them (`mmol/L`, not HealthKit's `mmol<180.155…>/L`), a
/// changed field by its name (`systolic`, not `objects[0].value`), a workout by its activity,
/// duration and totals. The JSON reports keep the exact texts.
enum TableCellText {
    /// Unit strings in `text` as people write them: the molar mass HealthKit writes inside a
    /// molar unit (`mmol<180.15588000005408>/L`) is left out (`mmol/L`). Only a `<` followed by
    /// digits and points up to `>` is such a mass; any other `<` (a stored HKDevice
    /// description) is kept.
    static func unit(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            let digits = after.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            if !digits.isEmpty, after.dropFirst(digits.count).first == ">" {
                rest = after.dropFirst(digits.count + 1)
            } else {
                out.append("<")
                rest = after
            }
        }
        return out + rest
    }

    /// `Running 40 min 30 s, 6.21 km, 412 kcal`: the activity, the duration in words and each
    /// total as stored.
    static func workout(_ workout: Workout) -> String {
        let totals = [WorkoutTotal.distance, .energyBurned, .swimmingStrokeCount, .flightsClimbed].compactMap { workout.totals[$0].map { DecimalText.format($0.value) + " " + unit($0.unit.unitString) } }
        let activity = Self.words(fromCamelCase: workout.activityType.shortName, lowercased: false)
        return ([activity + " " + WorkoutSection.duration(workout.duration)] + totals).joined(separator: ", ")
    }

    /// The reason a row shows: for altered fields each named in words with its signed and
    /// stored value (`systolic: signed 120 mmHg, stored 130 mmHg`); otherwise the verdict's
    /// reason; units readable either way.
    static func reason(_ verdict: SampleVerdict) -> String {
        guard verdict.kind == .contentMismatch, !verdict.mismatches.isEmpty else { return unitsReadable(verdict.reason) }
        let record = verdict.record
        var text = verdict.mismatches.map { mismatch in
            // A clinical-context key's values in words: `meal time: signed after meal, stored before meal`.
            let key = metadataKey(mismatch.field)
            let signed = key.map { MetadataKeyWords.value(mismatch.signed, of: $0) } ?? mismatch.signed
            let stored = key.map { MetadataKeyWords.value(mismatch.stored, of: $0) } ?? mismatch.stored
            return "\(field(mismatch.field, record: record)): signed \(unitsReadable(signed)), stored \(unitsReadable(stored))"
        }.joined(separator: "; ")
        // A stored item that is not a valid sample says why after the fields.
        if let open = verdict.reason.range(of: " (the stored sample is not valid: ") {
            text += unitsReadable(String(verdict.reason[open.lowerBound...]))
        }
        return text
    }

    /// The metadata key of a field path (`metadata.HKBloodGlucoseMealTime`,
    /// `objects[0].metadata.HKTimeZone`), or `nil` for another field.
    static func metadataKey(_ path: String) -> String? {
        guard let range = path.range(of: "metadata.") else { return nil }
        return String(path[range.upperBound...])
    }

    /// An unsigned-context key (``SampleVerdict/unsignedContext(of:)``) as a table shows it: in
    /// words when it has them (`meal time`), else as stored; a member's or event's key after
    /// the member or event in words.
    static func contextKey(_ path: String, record: SignedRecord?) -> String {
        var prefix = ""
        var key = Substring(path)
        if (path.hasPrefix("objects[") || path.hasPrefix("events[")), let dot = path.firstIndex(of: "]").flatMap({ path.index(after: $0) }),
           dot < path.endIndex, path[dot] == "." {
            prefix = field(String(path[..<dot]), record: record) + " "
            key = path[path.index(after: dot)...]
        }
        return prefix + (MetadataKeyWords.name(of: String(key)) ?? String(key))
    }

    /// A field path in words: `objects[0].value` of a blood pressure is `systolic`,
    /// `objects[1].unit` its `diastolic unit`; `totalDistance` is `total distance`,
    /// `events[1].date` `event 2 date`, `metadata.HKTimeZone` `metadata HKTimeZone`.
    static func field(_ path: String, record: SignedRecord?) -> String {
        var rest = Substring(path)
        var words: [String] = []
        if rest.hasPrefix("objects["), let close = rest.firstIndex(of: "]"),
           let index = Int(rest[rest.index(rest.startIndex, offsetBy: 8)..<close]) {
            words.append(memberName(index, record: record))
            rest = rest[rest.index(after: close)...].drop { $0 == "." }
            // A member's value is the member itself: `systolic`, not `systolic value`.
            if rest == "value" { rest = "" }
        } else if rest.hasPrefix("events["), let close = rest.firstIndex(of: "]"),
                  let index = Int(rest[rest.index(rest.startIndex, offsetBy: 7)..<close]) {
            words.append("event \(index + 1)")
            rest = rest[rest.index(after: close)...].drop { $0 == "." }
        }
        let parts = rest.split(separator: ".", maxSplits: 1)
        if let first = parts.first {
            switch first {
            case "metadata", "device": words.append(String(first))
            case "startDate": words.append("start")
            case "endDate": words.append("end")
            case "objects": words.append("members")
            default: words.append(Self.words(fromCamelCase: String(first), lowercased: true))
            }
        }
        // A metadata key keeps its spelling (`HKTimeZone`) unless it has words (`meal time`,
        // standing for `metadata`); a device field is a word already.
        if parts.count == 2 {
            if parts[0] == "metadata", let name = MetadataKeyWords.name(of: String(parts[1])) {
                words[words.count - 1] = name
            } else {
                words.append(String(parts[1]))
            }
        }
        return words.joined(separator: " ")
    }

    /// `systolic` and `diastolic` for a blood pressure's members; another member by its type in
    /// words; `member 3` when the record does not say.
    static func memberName(_ index: Int, record: SignedRecord?) -> String {
        guard let record, index < record.objects.count else { return "member \(index + 1)" }
        switch record.objects[index].type {
        case QuantityType.bloodPressureSystolic.identifier: return "systolic"
        case QuantityType.bloodPressureDiastolic.identifier: return "diastolic"
        case let type: return QuantityType.named(type)?.readableName ?? "member \(index + 1)"
        }
    }

    /// Every unit in `text` readable (``unit(_:)``), wherever it appears.
    static func unitsReadable(_ text: String) -> String { unit(text) }

    /// `totalEnergyBurned` → `total energy burned`; `HighIntensityIntervalTraining` →
    /// `High Intensity Interval Training` without `lowercased`.
    static func words(fromCamelCase name: String, lowercased: Bool) -> String {
        var out = ""
        var previous: Character?
        for character in name {
            if character.isUppercase, let previous, previous.isLowercase { out.append(" ") }
            out.append(lowercased ? Character(character.lowercased()) : character)
            previous = character
        }
        return out
    }

    /// The line under a stamped reading: the trusted time, or why the token proves nothing.
    static func timestamp(_ timestamp: SignatureTimestamp) -> String {
        let genTime = timestamp.genTime.map(Revocation.timeText) ?? "?"
        guard let code = timestamp.problemCode else {
            return "timestamp: trusted time \(genTime) from \(timestamp.authority ?? "?")"
                + (timestamp.readingAfterGenTime ? "; the reading's date is after it (device clock ahead of the gateway)" : "")
        }
        return "timestamp proves nothing (\(code)): \(timestamp.problem ?? "")"
    }
}
