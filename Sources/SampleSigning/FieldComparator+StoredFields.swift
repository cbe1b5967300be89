import Foundation
import HealthSamples

extension FieldComparator {
    /// Compares the record with the fields of a stored item that is not a valid sample
    /// (docs/VERIFY.md): each field that still parses is compared under the same rules as a
    /// valid sample's, and a field that does not parse differs from the signed one (signing
    /// validates, so the signed field was valid). Device and metadata are compared as far as the
    /// reader could read them; the caller names the field the reader refused when nothing here
    /// differs.
    mutating func compare(record: SignedRecord, withStored fields: StoredSampleFields, path: String = "") {
        if fields.type != record.type { mismatch(path + "type", record.type, fields.type ?? Self.absent) }
        compareDate(record.startDate, text: fields.startDate, field: path + "startDate")
        compareDate(record.endDate, text: fields.endDate, field: path + "endDate")
        compareDevice(record.device, fields.device, path: path)
        compareMetadata(record.metadata, fields.metadata, keys: RecordKeys.signedMetadataKeys(forType: record.type), path: path)
        if record.quantityValue != nil {
            compareQuantity(record, fields, path: path)
        } else if let signed = record.categoryValue {
            let stored = fields.value.flatMap { text in
                Int(text) ?? CategoryType.named(record.type)?.rawValue(forLabel: text)
            }
            if stored != signed { mismatch(path + "value", String(signed), fields.value ?? Self.absent) }
        }
        if !record.objects.isEmpty || !fields.objects.isEmpty {
            compareObjects(record.objects, fields.objects)
        }
    }

    private mutating func compareDate(_ signed: SampleDate, text: String?, field: String) {
        guard let text else {
            mismatch(field, signed.rfc3339String, Self.absent)
            return
        }
        let stored: SampleDate?
        switch form {
        case .json: stored = try? SampleDate(rfc3339: text)
        case .healthExport: stored = try? SampleDate(exportXML: text)
        }
        guard let stored else {
            mismatch(field, signed.rfc3339String, text)
            return
        }
        compareDate(signed, stored, field: field)
    }

    private mutating func compareQuantity(_ record: SignedRecord, _ fields: StoredSampleFields, path: String) {
        let signedText = record.valueText ?? Self.absent
        // A unit that does not parse, or of another dimension, shows value and unit on both
        // sides: with the unit wrong, the number alone says nothing.
        let storedText = [fields.value, fields.unit].compactMap { $0 }.joined(separator: " ")
        guard let unitText = fields.unit, let unit = try? HealthUnit(unitText),
              let signedUnit = record.unit.flatMap({ try? HealthUnit($0) }), signedUnit.isCompatible(with: unit) else {
            mismatch(path + "unit", signedText, storedText.isEmpty ? Self.absent : storedText)
            return
        }
        guard let valueText = fields.value, let value = try? DecimalText.parse(valueText) else {
            mismatch(path + "value", signedText, fields.value ?? Self.absent)
            return
        }
        compareQuantity(record, Quantity(value: value, unit: unit, fractionDigits: DecimalText.fractionDigits(of: valueText)),
                        path: path)
    }

    /// Objects paired as for a valid correlation: same count, by type, in order within a type.
    private mutating func compareObjects(_ signed: [SignedRecord], _ stored: [StoredSampleFields]) {
        guard signed.count == stored.count else {
            mismatch("objects", "\(signed.count) objects", "\(stored.count) objects")
            return
        }
        var used = Set<Int>()
        for (i, record) in signed.enumerated() {
            guard let j = stored.indices.first(where: { !used.contains($0) && stored[$0].type == record.type }) else {
                mismatch("objects[\(i)].type", record.type, "(no stored object of this type)")
                continue
            }
            used.insert(j)
            compare(record: record, withStored: stored[j], path: "objects[\(i)].")
        }
    }
}
