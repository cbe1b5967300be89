import DER
import Foundation
import HealthSamples

/// Builds the signed record (docs/FORMAT.md) of a sample.
public enum RecordBuilder {
    /// Which metadata keys a record signs.
    public enum MetadataSelection: Sendable {
        /// Every key the device supplied (``MetadataSigningRule``): what a signer writes.
        case deviceKeys
        /// Only the keys format version 1 signs: the record a version-1 signer wrote, which
        /// verifiers keep accepting (conformance vectors of such records are built with it).
        case version1Keys
    }

    /// The record dictionary of `sample`.
    public static func record(for sample: Sample, selecting selection: MetadataSelection = .deviceKeys) throws(DERError) -> RecordDictionary {
        var dict: RecordDictionary
        let all = selection == .deviceKeys
        switch sample {
        case .quantity(let q):
            dict = try quantityFields(q, all: all)
        case .category(let c):
            dict = try commonFields(type: c.type.identifier, start: c.startDate, end: c.endDate,
                                    device: c.device, metadata: c.metadata, all: all)
            dict[RecordKeys.value] = .integer(DERInteger(c.value))
        case .correlation(let k):
            dict = try commonFields(type: k.type.identifier, start: k.startDate, end: k.endDate,
                                    device: k.device, metadata: k.metadata, all: all)
            var objects: [RecordValue] = []
            for object in k.objects {
                var fields = try quantityFields(object, all: all)
                // Objects inherit the correlation's dates when theirs are the same instants
                // (docs/FORMAT.md): keeps a full blood-pressure record within the ~1 KB budget.
                if object.startDate == k.startDate { fields[RecordKeys.startDate] = nil }
                if object.endDate == k.endDate { fields[RecordKeys.endDate] = nil }
                objects.append(.dictionary(fields))
            }
            dict[RecordKeys.objects] = .array(objects)
        case .workout(let w):
            dict = try commonFields(type: Workout.typeIdentifier, start: w.startDate, end: w.endDate,
                                    device: w.device, metadata: w.metadata, workout: true, all: all)
            for entry in try WorkoutRecordFields.fields(of: w, all: all).entries { dict[entry.key] = entry.value }
        }
        var top = RecordDictionary()
        let version = all ? MetadataSigningRule.formatVersion(of: sample) : 1
        top[RecordKeys.formatVersion] = .integer(DERInteger(version))
        for entry in dict.entries { top[entry.key] = entry.value }
        return top
    }

    /// The DER encoding of `sample`'s record: the bytes that get signed.
    ///
    /// Written in this thread's reused writer (``ThreadRecordWriter``) and copied out at its
    /// size: verification rebuilds the record of every stored sample, and a writer of its own
    /// cost two allocations (its 768-byte buffer and its SET OF stack) each time.
    public static func encodedRecord(for sample: Sample) throws(DERError) -> [UInt8] {
        try ThreadRecordWriter.with { (writer: inout DERWriter) throws(DERError) -> [UInt8] in
            try RecordWriter.write(sample, into: &writer)
            return writer.withUnsafeBytes { [UInt8](copying: $0) }
        }
    }

    /// DER of any record dictionary.
    public static func encode(_ dictionary: RecordDictionary) -> [UInt8] {
        var writer = DERWriter(capacity: 768)
        RecordCoding.serialize(dictionary, into: &writer)
        return writer.bytes
    }

    /// The DER of `sample`'s record under `selection` (``encodedRecord(for:)`` for
    /// ``MetadataSelection/deviceKeys``).
    public static func encodedRecord(for sample: Sample, selecting selection: MetadataSelection) throws(DERError) -> [UInt8] {
        encode(try record(for: sample, selecting: selection))
    }

    static func quantityFields(_ q: QuantitySample, all: Bool) throws(DERError) -> RecordDictionary {
        var dict = try commonFields(type: q.type.identifier, start: q.startDate, end: q.endDate,
                                    device: q.device, metadata: q.metadata, all: all)
        dict[RecordKeys.value] = .real(try DERReal(q.quantity.value))
        dict[RecordKeys.unit] = .string(q.quantity.unit.unitString)
        return dict
    }

    static func commonFields(type: String, start: SampleDate, end: SampleDate, device: Device?,
                             metadata: Metadata, workout: Bool = false, all: Bool) throws(DERError) -> RecordDictionary {
        var dict = RecordDictionary()
        dict[RecordKeys.type] = .string(type)
        dict[RecordKeys.startDate] = .date(try GeneralizedTime(start))
        dict[RecordKeys.endDate] = .date(try GeneralizedTime(end))
        if let device, !device.isEmpty {
            var d = RecordDictionary()
            for (field, key) in RecordKeys.deviceKeys {
                if let value = device[field: field] { d[key] = .string(value) }
            }
            dict[RecordKeys.device] = .dictionary(d)
        }
        let m = try signedMetadata(metadata, workout: workout, all: all)
        if !m.isEmpty { dict[RecordKeys.metadata] = .dictionary(m) }
        return dict
    }

    /// The record's `m` dictionary: the signed keys present in `metadata` (every key the
    /// device supplied when `all`, else those format version 1 signs), the first entry of each
    /// under its stored spelling.
    static func signedMetadata(_ metadata: Metadata, workout: Bool, all: Bool) throws(DERError) -> RecordDictionary {
        var m = RecordDictionary()
        if all {
            var entries: [RecordDictionary.Entry] = []
            var seen = Set<String>()
            for entry in metadata.entries where MetadataSigningRule.isSigned(entry.key, workout: workout) {
                let name = MetadataSigningRule.signedName(of: entry.key)
                if seen.insert(name).inserted { entries.append(RecordDictionary.Entry(key: name, value: try RecordValue(entry.value))) }
            }
            return RecordDictionary(uniqueEntries: entries)
        }
        for key in workout ? RecordKeys.signedWorkoutMetadataKeys : RecordKeys.signedMetadataKeys {
            if let value = metadata[key] { m[key.storedName] = try RecordValue(value) }
        }
        return m
    }
}
