import DER
import Foundation
import HealthSamples

/// Compares the stored sample with its signed record, field by field (docs/VERIFY.md).
struct FieldComparator {
    let form: StoredForm
    private(set) var mismatches: [FieldMismatch] = []
    private(set) var notes: [String] = []
    /// Stored metadata keys the record does not sign, as stored (`HKBloodGlucoseMealTime`,
    /// `objects[0].HKSyncVersion`, `events[1].HKWeatherCondition`).
    private(set) var unsignedContext: [String] = []

    init(form: StoredForm) {
        self.form = form
    }

    static let absent = FieldMismatch.absentText

    mutating func compare(record: SignedRecord, with sample: Sample) {
        switch sample {
        case .quantity(let q):
            compareQuantitySample(record, q, path: "")
        case .category(let c):
            compareCommon(record, type: c.type.identifier, start: c.startDate, end: c.endDate,
                          device: c.device, metadata: c.metadata, path: "")
            if record.categoryValue != c.value {
                // valueText also shows a quantity's value when the record is not a category's.
                mismatch("value", record.valueText ?? Self.absent, String(c.value))
            }
        case .correlation(let k):
            compareCommon(record, type: k.type.identifier, start: k.startDate, end: k.endDate,
                          device: k.device, metadata: k.metadata, path: "")
            compareObjects(record.objects, k.objects)
        case .workout(let w):
            compareCommon(record, type: Workout.typeIdentifier, start: w.startDate, end: w.endDate,
                          device: w.device, metadata: w.metadata, path: "")
            compareWorkout(record, w)
        }
    }

    // MARK: - Fields

    private mutating func compareQuantitySample(_ record: SignedRecord, _ q: QuantitySample, path: String) {
        compareCommon(record, type: q.type.identifier, start: q.startDate, end: q.endDate,
                      device: q.device, metadata: q.metadata, path: path)
        compareQuantity(record, q.quantity, path: path)
    }

    /// The record's `v` and `u` against a stored quantity (docs/VERIFY.md, `value` + `unit`).
    mutating func compareQuantity(_ record: SignedRecord, _ stored: Quantity, path: String) {
        guard let signedValue = record.quantityValue, let signedUnitText = record.unit else {
            mismatch(path + "value", record.valueText ?? Self.absent, stored.description)
            return
        }
        compareQuantity(signedValue: signedValue, signedUnitText: signedUnitText, stored: stored, field: path + "value",
                        unitField: path + "unit")
    }

    /// A signed value and unit against a stored quantity (docs/VERIFY.md, `value` + `unit`):
    /// equal decimals in the same unit, else the converted stored value within the stored text's
    /// rounding. A mismatch is reported on `field`, an incompatible unit on `unitField`.
    mutating func compareQuantity(signedValue: Decimal, signedUnitText: String, stored: Quantity, field: String,
                                  unitField: String) {
        let signedText = DecimalText.format(signedValue) + " " + signedUnitText
        guard let signedUnit = try? HealthUnit(signedUnitText) else {
            mismatch(unitField, signedUnitText + " (not a known unit)", stored.unit.unitString)
            return
        }
        if signedUnit == stored.unit {
            if signedValue != stored.value { mismatch(field, signedText, stored.description) }
            return
        }
        guard signedUnit.isCompatible(with: stored.unit) else {
            mismatch(unitField, signedUnitText, stored.unit.unitString)
            return
        }
        if !Self.quantityWithinRounding(signedValue: signedValue, signedUnit: signedUnit, stored: stored) {
            mismatch(field, signedText, stored.description)
        }
    }

    /// Whether `stored`, in a unit compatible with `signedUnit`, equals the signed value up to
    /// the rounding of its text (docs/VERIFY.md).
    static func quantityWithinRounding(signedValue: Decimal, signedUnit: HealthUnit, stored: Quantity) -> Bool {
        guard let converted = try? stored.doubleValue(in: signedUnit) else { return false }
        // Only the rounding of the stored text is forgiven: half a unit in its last decimal
        // place, carried into the signed unit, plus a relative 1e-9 for the conversion itself.
        let places = stored.fractionDigits ?? max(0, -stored.value.exponent)
        let halfStep = 0.5 * pow(10, -Double(places))
        let signedDouble = DecimalText.doubleValue(of: signedValue)
        let storedRounding = halfStep * abs(stored.unit.factor / signedUnit.factor)
        // A stored unit far coarser than the reading (72 count/min stored as "0 count/ms")
        // would forgive any value, so the rounding forgiven is capped at the larger of half the
        // signed value's own last place (at most 0.5) and 1% of it.
        let signedHalfStep = 0.5 * pow(10, Double(min(0, signedValue.exponent)))
        let cap = max(signedHalfStep, 0.01 * abs(signedDouble))
        let tolerance = min(storedRounding, cap) + 1e-9 * abs(signedDouble)
        return abs(converted - signedDouble) <= tolerance
    }

    private mutating func compareCommon(_ record: SignedRecord, type: String, start: SampleDate, end: SampleDate,
                                        device: Device?, metadata: Metadata, path: String) {
        if record.type != type { mismatch(path + "type", record.type, type) }
        compareDate(record.startDate, start, field: path + "startDate")
        compareDate(record.endDate, end, field: path + "endDate")
        compareDevice(record.device, device, path: path)
        compareMetadata(record.metadata, metadata, keys: RecordKeys.signedMetadataKeys(forType: record.type), path: path)
        for key in record.unknownKeys {
            notes.append("\(path)record key '\(key)' is not known to this verifier (kept, not compared)")
        }
        for key in record.unknownDeviceKeys {
            notes.append("\(path)record key '\(RecordKeys.device).\(key)' is not known to this verifier (kept, not compared)")
        }
    }

    mutating func compareDate(_ signed: SampleDate, _ stored: SampleDate, field: String) {
        let equal: Bool
        switch form {
        case .json:
            equal = signed == stored
        case .healthExport:
            // export.xml writes whole seconds: compare the signed instant truncated to its second.
            equal = signed.epochSeconds == stored.epochSeconds
        }
        if !equal { mismatch(field, signed.rfc3339String, stored.rfc3339String) }
    }

    mutating func compareDevice(_ signed: Device?, _ stored: Device?, path: String) {
        guard let signed else {
            if let stored, !stored.isEmpty {
                let text = stored.fields.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
                switch form {
                case .json: mismatch(path + "device", Self.absent, text)
                // Not compared (the Health app may attach its own description), so never
                // presented as signed: the note labels it wherever the verdict is shown.
                case .healthExport: notes.append("\(path)device \(text) is stored but not signed (unsigned context)")
                }
            }
            return
        }
        guard let stored, !stored.isEmpty else {
            mismatch(path + "device", signed.fields.map { "\($0.key)=\($0.value)" }.joined(separator: ", "), Self.absent)
            return
        }
        for field in Device.fieldNames {
            let s = signed[field: field]
            let t = stored[field: field]
            if s == t { continue }
            if let s, t == nil, form == .healthExport {
                notes.append("\(path)device.\(field) = \(s) is signed but not stored in the export's device string")
                continue
            }
            mismatch(path + "device.\(field)", s ?? Self.absent, t ?? Self.absent)
        }
    }

    /// Every key the record signs against the stored metadata (docs/VERIFY.md,
    /// `metadata.<key>`), and the additions rule for the keys of format version 1 (`keys`): one
    /// of those stored but not signed is a mismatch, since every signer signs it when present.
    /// Any other stored key the record does not sign is unsigned context (``unsignedContext``).
    mutating func compareMetadata(_ signed: RecordDictionary, _ stored: Metadata, keys: [MetadataKey], path: String) {
        // Version 1's keys first, in their fixed order, then every other signed key in the
        // record's order: a record of version 1 is reported exactly as before.
        for key in keys {
            if let value = signed[key.storedName] {
                compareSignedMetadata(key.storedName, value, stored, path: path)
            } else if let t = stored[key] {
                mismatch(path + "metadata.\(key.storedName)", Self.absent, t.description)
            }
        }
        for entry in signed.entries where !keys.contains(where: { $0.storedName == entry.key }) {
            compareSignedMetadata(entry.key, entry.value, stored, path: path)
        }
        // A set, not a search of the list: a stored item may repeat keys without bound.
        var seen = Set<String>()
        for entry in stored.entries {
            let name = MetadataKey.storedName(for: entry.key)
            guard signed[name] == nil, !keys.contains(where: { $0.storedName == name }) else { continue }
            if case .signature = MetadataSigningRule.role(of: entry.key, workout: false) { continue }
            if seen.insert(entry.key).inserted { unsignedContext.append(path + entry.key) }
        }
    }

    /// One signed key against every stored copy under either spelling: export.xml may repeat a
    /// key within one element (docs/EXPORT-XML.md §5), and a reader showing another copy is misled.
    private mutating func compareSignedMetadata(_ name: String, _ value: RecordValue, _ stored: Metadata, path: String) {
        let copies = stored.entries(forKey: name)
        guard !copies.isEmpty else {
            mismatch(path + "metadata.\(name)", value.displayText, Self.absent)
            return
        }
        var reported = Set<String>()
        for copy in copies where !metadataEqual(value, copy.value, key: name) {
            if reported.insert(copy.value.description).inserted {
                mismatch(path + "metadata.\(name)", value.displayText, copy.value.description)
            }
        }
    }

    func metadataEqual(_ signed: RecordValue, _ stored: MetadataValue, key: String) -> Bool {
        switch (signed, stored) {
        case (.string(let a), .string(let b)):
            // A workout quantity key ("2.56 m/s") may be stored in another unit: compared as a
            // quantity when both texts read as one, with the rounding rule of `value`.
            if a != b, case .quantity? = WorkoutMetadataKeys.kind(of: key),
               let s = try? Quantity(parsing: a), let t = try? Quantity(parsing: b), s.unit.isCompatible(with: t.unit) {
                return s.unit == t.unit ? s.value == t.value
                    : Self.quantityWithinRounding(signedValue: s.value, signedUnit: s.unit, stored: t)
            }
            return a == b
        case (.real(let r), .number(let d)): return r.decimalValue == d
        case (.real(let r), .string(let text)): return r.decimalValue != nil && (try? DecimalText.parse(text)) == r.decimalValue
        case (.date(let g), .date(let d)): return datesEqual(g, d)
        case (.date(let g), .string(let text)):
            guard let d = (try? SampleDate(rfc3339: text)) ?? (try? SampleDate(exportXML: text)) else { return false }
            return datesEqual(g, d)
        case (.boolean(let b), .bool(let c)): return b == c
        case (.boolean(let b), .string(let text)): return (b ? ["1", "true"] : ["0", "false"]).contains(text)
        case (.boolean(let b), .number(let d)): return d == (b ? 1 : 0)
        default: return signed.displayText == stored.description
        }
    }

    private func datesEqual(_ signed: GeneralizedTime, _ stored: SampleDate) -> Bool {
        guard let s = signed.sampleDate else { return false }
        return form == .json ? s == stored : s.epochSeconds == stored.epochSeconds
    }

    private mutating func compareObjects(_ signed: [SignedRecord], _ stored: [QuantitySample]) {
        guard signed.count == stored.count else {
            mismatch("objects", "\(signed.count) objects", "\(stored.count) objects")
            return
        }
        // Pair by type; several objects of one type (food) pair by their order within that type.
        var used = Set<Int>()
        for (i, record) in signed.enumerated() {
            guard let j = stored.indices.first(where: { !used.contains($0) && stored[$0].type.identifier == record.type }) else {
                mismatch("objects[\(i)].type", record.type, "(no stored object of this type)")
                continue
            }
            used.insert(j)
            compareQuantitySample(record, stored[j], path: "objects[\(i)].")
        }
    }

    mutating func mismatch(_ field: String, _ signed: String, _ stored: String) {
        mismatches.append(FieldMismatch(field: field, signed: signed, stored: stored))
    }
}
