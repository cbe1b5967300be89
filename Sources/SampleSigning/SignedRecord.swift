import DER
import Foundation
import HealthSamples

/// A decoded signed record: the fields the device signed, typed.
public struct SignedRecord: Sendable, Hashable {
    /// `fv`; 1 or 2 for the top-level record, nil for correlation objects (which carry none).
    public let formatVersion: Int?
    /// `t`: the type identifier.
    public let type: String
    /// `v`: a quantity's exact decimal value.
    public let quantityValue: Decimal?
    /// `v`: a category's integer value.
    public let categoryValue: Int?
    /// `u`: the HealthKit unit string of a quantity.
    public let unit: String?
    /// `s` and `e`, as UTC instants.
    public let startDate: SampleDate
    public let endDate: SampleDate
    /// `d`: the signed device fields (nil when the record has no device).
    public let device: Device?
    /// `m`: signed metadata, keys in stored spelling.
    public let metadata: RecordDictionary
    /// `o`: correlation objects.
    public let objects: [SignedRecord]
    /// `at`, `du`, the totals and `ev`, for a workout record.
    public let workout: SignedWorkout?
    /// Keys this implementation does not know (forward compatibility); kept, never fatal.
    public let unknownKeys: [String]
    /// Keys of the `d` dictionary this implementation does not know; kept, never fatal.
    public let unknownDeviceKeys: [String]
    /// The whole dictionary as decoded.
    public let dictionary: RecordDictionary

    /// Decodes a record from its DER bytes (the CMS eContent), strictly.
    public init(derEncoded bytes: [UInt8]) throws(RecordError) {
        let dict: RecordDictionary
        do {
            dict = try RecordCoding.decodeDictionary(try DER.parse(bytes))
        } catch let error as DERError {
            throw .der(error)
        } catch let error as RecordError {
            throw error
        } catch {
            throw .invalidValue(key: "", reason: "\(error)")
        }
        try self.init(dictionary: dict, topLevel: true, path: "", inheritedDates: nil)
    }

    init(dictionary dict: RecordDictionary, topLevel: Bool, path: String,
         inheritedDates: (start: SampleDate, end: SampleDate)?) throws(RecordError) {
        self.dictionary = dict
        if topLevel {
            guard let fv = dict[RecordKeys.formatVersion] else { throw .missingKey(RecordKeys.formatVersion) }
            guard case .integer(let i) = fv else {
                throw .wrongType(key: RecordKeys.formatVersion, expected: "INTEGER")
            }
            // Any other INTEGER, however large, is a version this implementation does not know.
            guard let v = i.intValue, RecordKeys.formatVersions.contains(v) else {
                throw .unsupportedFormatVersion(Self.abbreviated(i.description))
            }
            formatVersion = v
        } else {
            formatVersion = nil
        }
        type = try Self.string(dict, RecordKeys.type, path: path)
        // Correlation objects may leave out dates equal to the correlation's (docs/FORMAT.md).
        if let inherited = inheritedDates, dict[RecordKeys.startDate] == nil {
            startDate = inherited.start
        } else {
            startDate = try Self.date(dict, RecordKeys.startDate, path: path)
        }
        if let inherited = inheritedDates, dict[RecordKeys.endDate] == nil {
            endDate = inherited.end
        } else {
            endDate = try Self.date(dict, RecordKeys.endDate, path: path)
        }

        var quantityValue: Decimal?
        var categoryValue: Int?
        switch dict[RecordKeys.value] {
        case .real(let r)?:
            // Minus zero is an X.690 special value (0x43), not a decimal: FORMAT.md allows only NR3.
            guard r.specialValue == nil, let d = r.decimalValue else {
                throw .invalidValue(key: path + RecordKeys.value, reason: "REAL \(Self.abbreviated(r.description)) is not a finite decimal")
            }
            quantityValue = d
        case .integer(let i)?:
            guard let v = i.intValue else {
                throw .invalidValue(key: path + RecordKeys.value, reason: "INTEGER \(Self.abbreviated(i.description)) is out of range")
            }
            categoryValue = v
        case nil: break
        case .some: throw .wrongType(key: path + RecordKeys.value, expected: "REAL or INTEGER")
        }
        self.quantityValue = quantityValue
        self.categoryValue = categoryValue

        // docs/FORMAT.md: `v`/`u`/`o` as the table says for the kind. Correlation objects are
        // quantity samples (their `t` is a quantity type); a type of no known kind is left to
        // the field comparison, which reports the type itself.
        let kind = topLevel ? RecordKind(typeIdentifier: type) : .correlationObject
        let allowed = kind.allowedKeys
        if let stray = dict.entries.first(where: { RecordKeys.formatKeys.contains($0.key) && !allowed.contains($0.key) }) {
            throw .keyNotAllowed(key: path + stray.key, kind: kind.name)
        }
        switch kind {
        case .quantity, .correlationObject:
            guard dict[RecordKeys.value] != nil else { throw .missingKey(path + RecordKeys.value) }
            guard quantityValue != nil else { throw .wrongType(key: path + RecordKeys.value, expected: "REAL") }
        case .category:
            guard dict[RecordKeys.value] != nil else { throw .missingKey(path + RecordKeys.value) }
            guard categoryValue != nil else { throw .wrongType(key: path + RecordKeys.value, expected: "INTEGER") }
        case .correlation:
            guard dict[RecordKeys.objects] != nil else { throw .missingKey(path + RecordKeys.objects) }
        case .workout, .unknown:
            break
        }
        workout = kind == .workout ? try SignedWorkout(dictionary: dict, start: startDate) : nil

        unit = try Self.optionalString(dict, RecordKeys.unit, path: path)
        if quantityValue != nil && unit == nil { throw .missingKey(path + RecordKeys.unit) }

        var unknownDeviceKeys: [String] = []
        switch dict[RecordKeys.device] {
        case nil: device = nil
        case .dictionary(let d)? where d.isEmpty:
            // docs/FORMAT.md: a device without any field is no device (`"device": {}` in JSON).
            device = nil
        case .dictionary(let d)?:
            var device = Device()
            for (field, key) in RecordKeys.deviceKeys {
                device[field: field] = try Self.optionalString(d, key, path: path + "d.")
            }
            self.device = device
            unknownDeviceKeys = d.entries.map(\.key).filter { !Self.knownDeviceKeys.contains($0) }
        case .some: throw .wrongType(key: path + RecordKeys.device, expected: "a dictionary")
        }
        switch dict[RecordKeys.metadata] {
        case nil: metadata = RecordDictionary()
        case .dictionary(let m)?:
            // docs/FORMAT.md: metadata values keep their metadata type, and HealthKit metadata is a
            // string, number, date or boolean; an INTEGER or OCTET STRING has no stored form to
            // compare with.
            for entry in m.entries {
                switch entry.value {
                case .string, .real, .date, .boolean: continue
                default:
                    throw .wrongType(key: "\(path)\(RecordKeys.metadata).\(entry.key)",
                                     expected: "UTF8String, REAL, GeneralizedTime or BOOLEAN")
                }
            }
            metadata = m
        case .some: throw .wrongType(key: path + RecordKeys.metadata, expected: "a dictionary")
        }
        switch dict[RecordKeys.objects] {
        case nil: objects = []
        case .array(let items)?:
            var objects: [SignedRecord] = []
            for (i, item) in items.enumerated() {
                guard case .dictionary(let d) = item else {
                    throw .wrongType(key: "\(path)o[\(i)]", expected: "a dictionary")
                }
                objects.append(try SignedRecord(dictionary: d, topLevel: false, path: "\(path)o[\(i)].",
                                                inheritedDates: (startDate, endDate)))
            }
            self.objects = objects
        case .some: throw .wrongType(key: path + RecordKeys.objects, expected: "an array")
        }
        unknownKeys = dict.entries.map(\.key).filter { !RecordKeys.formatKeys.contains($0) }
        self.unknownDeviceKeys = unknownDeviceKeys
        if formatVersion == 2, !signsBeyondVersion1 {
            // One sample has one record: a signer writes 2 only for a key version 1 does not
            // sign, so any other record of version 2 was not made by the rule.
            throw .formatVersionNotMinimal(2)
        }
    }

    /// Whether the record, its correlation objects or its workout events sign a metadata key
    /// that format version 1 does not (docs/FORMAT.md, "Format versions").
    var signsBeyondVersion1: Bool {
        let version1 = Set(RecordKeys.signedMetadataKeys(forType: type).map(\.storedName))
        let inWorkout = type == Workout.typeIdentifier ? RecordKeys.signedWorkoutMetadataKeys.map(\.storedName) : []
        let allowed = version1.union(inWorkout)
        func beyond(_ m: RecordDictionary) -> Bool { m.entries.contains { !allowed.contains($0.key) } }
        if beyond(metadata) { return true }
        if objects.contains(where: { beyond($0.metadata) }) { return true }
        return workout?.events.contains { beyond($0.metadata) } ?? false
    }

    /// The keys of the `d` dictionary this implementation knows (built once, not per record).
    static let knownDeviceKeys = Set(RecordKeys.deviceKeys.map(\.key))

    /// Longest value text quoted in an error; a hostile record's REAL or INTEGER can have
    /// hundreds of thousands of digits, which would otherwise land in every report line.
    static let maximumQuotedValueLength = 64

    /// `text`, or its first ``maximumQuotedValueLength`` characters and `… (N characters)`.
    static func abbreviated(_ text: String) -> String {
        guard text.count > maximumQuotedValueLength else { return text }
        return String(text.prefix(maximumQuotedValueLength)) + "… (\(text.count) characters)"
    }

    private static func string(_ dict: RecordDictionary, _ key: String, path: String) throws(RecordError) -> String {
        guard let s = try optionalString(dict, key, path: path) else { throw .missingKey(path + key) }
        return s
    }

    private static func optionalString(_ dict: RecordDictionary, _ key: String, path: String) throws(RecordError) -> String? {
        switch dict[key] {
        case nil: return nil
        case .string(let s)?: return s
        case .some: throw .wrongType(key: path + key, expected: "UTF8String")
        }
    }

    private static func date(_ dict: RecordDictionary, _ key: String, path: String) throws(RecordError) -> SampleDate {
        switch dict[key] {
        case nil: throw .missingKey(path + key)
        case .date(let g)?:
            guard let d = g.sampleDate else { throw .invalidValue(key: path + key, reason: "date \(g) out of range") }
            return d
        case .some: throw .wrongType(key: path + key, expected: "GeneralizedTime")
        }
    }

    /// The quantity value and unit as text, e.g. `120 mmHg`.
    public var valueText: String? {
        if let q = quantityValue { return DecimalText.format(q) + (unit.map { " " + $0 } ?? "") }
        return categoryValue.map(String.init)
    }
}
