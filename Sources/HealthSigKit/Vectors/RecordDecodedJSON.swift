import DER
import HealthSamples
import SampleIO
import SampleSigning

/// The `decoded` form of a signed record in `records.json`: the record's fields under the JSON
/// sample format's names (`type`, `value`, `unit`, `startDate`, `endDate`, `device`,
/// `metadata`, `objects`), dates as UTC RFC 3339 text with the fraction the record holds,
/// numbers as exact decimals. `fv` is left out (every test is format version 1). A correlation
/// object shows its dates also when the record leaves them out because they equal the
/// correlation's (docs/FORMAT.md, `o`): `decoded` gives the record's meaning, `recordDer` its
/// exact form.
package enum RecordDecodedJSON {
    package static let names: [String: String] = [
        RecordKeys.type: "type", RecordKeys.value: "value", RecordKeys.unit: "unit",
        RecordKeys.startDate: "startDate", RecordKeys.endDate: "endDate", RecordKeys.device: "device",
        RecordKeys.metadata: "metadata", RecordKeys.objects: "objects",
        RecordKeys.activityType: "activityType", RecordKeys.duration: "duration", RecordKeys.events: "events",
    ].merging(totalNames) { first, _ in first }

    /// Workout totals: `te` → `totalEnergyBurned`, …
    package static let totalNames: [String: String] = Dictionary(uniqueKeysWithValues: RecordKeys.totalKeys.map { ($0.key, $0.total.fieldName) })

    /// One workout event `[type, offset, duration?, metadata?]` as `{"type", "date", "duration", "metadata"}`,
    /// the date being the record's start plus the offset, in UTC.
    package static func events(_ item: RecordValue, start: RecordValue?) -> JSONValue {
        guard case .array(let parts) = item, parts.count >= 2 else { return value(item) }
        var object = JSONObject()
        object["type"] = value(parts[0])
        if case .date(let s)? = start,
           let startDate = try? SampleDate(utcYear: s.year, month: s.month, day: s.day, hour: s.hour, minute: s.minute,
                                           second: s.second, nanoseconds: s.nanoseconds),
           case .real(let offset) = parts[1],
           let seconds = try? DecimalText.parse(offset.decimalText), let date = try? startDate.adding(seconds: seconds) {
            object["date"] = .string(date.rfc3339String)
        } else {
            object["date"] = value(parts[1])
        }
        for part in parts.dropFirst(2) {
            switch part {
            case .dictionary: object["metadata"] = value(part)
            default: object["duration"] = value(part)
            }
        }
        return .object(object)
    }

    package static let deviceNames: [String: String] = Dictionary(uniqueKeysWithValues: RecordKeys.deviceKeys.map { ($0.key, $0.field) })

    /// The decoded JSON of a record dictionary (the top level or a correlation object).
    package static func json(_ dictionary: RecordDictionary, inheriting parent: RecordDictionary? = nil) -> JSONValue {
        var object = JSONObject()
        if let parent {
            for key in [RecordKeys.startDate, RecordKeys.endDate] where dictionary[key] == nil {
                if let inherited = parent[key], let name = names[key] { object[name] = value(inherited) }
            }
        }
        for entry in dictionary.entries where entry.key != RecordKeys.formatVersion {
            let name = names[entry.key] ?? entry.key
            switch (entry.key, entry.value) {
            case (RecordKeys.device, .dictionary(let device)):
                var fields = JSONObject()
                for field in device.entries { fields[deviceNames[field.key] ?? field.key] = value(field.value) }
                object[name] = .object(fields)
            case (RecordKeys.objects, .array(let items)):
                object[name] = .array(items.map { item in
                    if case .dictionary(let d) = item { return json(d, inheriting: dictionary) }
                    return value(item)
                })
            case (RecordKeys.events, .array(let items)):
                object[name] = .array(items.map { events($0, start: dictionary[RecordKeys.startDate]) })
            case (let key, .array(let pair)) where totalNames[key] != nil && pair.count == 2:
                object[name] = .object(["value": value(pair[0]), "unit": value(pair[1])])
            default:
                object[name] = value(entry.value)
            }
        }
        return .object(object)
    }

    /// One value: strings, booleans, arrays and dictionaries as themselves, INTEGER and REAL as
    /// numbers, dates as `2026-11-21T08:00:00.25Z`, OCTET STRING as hex text.
    package static func value(_ value: RecordValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(s)
        case .integer(let i): return JSONValue.decimal(DERValueText.integer(i)) ?? .string(i.description)
        case .real(let r): return JSONValue.decimal(r.decimalText) ?? .string(r.decimalText)
        case .boolean(let b): return .bool(b)
        case .date(let d): return .string(d.description)
        case .data(let bytes): return .string(VectorHex.encode(bytes))
        case .array(let items): return .array(items.map(Self.value))
        case .dictionary(let d):
            var object = JSONObject()
            for entry in d.entries { object[entry.key] = Self.value(entry.value) }
            return .object(object)
        }
    }
}
