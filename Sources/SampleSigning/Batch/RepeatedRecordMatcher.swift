import DER
import Foundation
import HealthSamples

/// Tells whether a quantity sample's record (docs/FORMAT.md) is octet for octet a signed record
/// without rebuilding the whole record, when the sample differs from the last sample whose record
/// was rebuilt in full only in value and dates: what consecutive readings of one device do.
/// Rebuilding every record (dictionary, device, metadata lookups, SET OF) was most of what
/// verifying a batch-signed sample cost once the batch's one ECDSA verification was shared.
///
/// Why the answer is exact: a quantity sample's record is the DER SET OF its entries (`fv`,
/// `t`, `s`, `e`, `v`, `u`, and `d`, `m` when present) and each entry depends on one field of the
/// sample. When type, unit, device and metadata are the same octets as the reference sample's,
/// every entry but `v`, `s` and `e` is the reference's own entry, taken from its rebuilt record;
/// `v`, `s` and `e` are encoded here with the primitives ``RecordBuilder`` uses, and the writer's
/// SET OF puts all of them in DER order. Any other difference gives `nil` (rebuild in full), so
/// the matcher never answers where ``RecordBuilder`` could disagree. It holds one sample, one
/// record and at most 256 encoded values.
struct RepeatedRecordMatcher {
    private struct Reference {
        let sample: QuantitySample
        /// The reference's record entries other than `v`, `s` and `e`, as rebuilt: in DER
        /// order, since they keep their order when the three are taken out.
        let fixedEntries: [ArraySlice<UInt8>]
        /// Their octets together.
        let fixedLength: Int
    }

    private var reference: Reference?
    /// Encoded `v` entries by the value's stored representation: readings repeat a few dozen
    /// values, and a decimal's text conversion cost as much as the rest of the comparison.
    private var valueEntries: [BatchKey: ArraySlice<UInt8>] = [:]
    /// Most value entries kept; the cache starts again when full.
    private static let valueEntryLimit = 256

    /// Keeps `sample`, whose record rebuilt by ``RecordBuilder`` is `record`, as the reference.
    mutating func remember(_ sample: Sample, record: [UInt8]) {
        reference = nil
        guard case .quantity(let quantity) = sample, let root = try? DER.parse(record), root.tag == .set else { return }
        var fixed: [ArraySlice<UInt8>] = []
        var varying = 0
        for entry in root.children {
            guard entry.tag == .sequence, let key = entry.children.first, key.tag == .utf8String else { return }
            if Self.varyingKeys.contains(where: { key.content.elementsEqual($0.utf8) }) {
                varying += 1
            } else {
                fixed.append(entry.encodedBytes)
            }
        }
        guard varying == Self.varyingKeys.count else { return }
        reference = Reference(sample: quantity, fixedEntries: fixed, fixedLength: fixed.reduce(0) { $0 + $1.count })
    }

    /// `true` when the record of `sample` is exactly `signed`, `false` when it is not, `nil` when
    /// the sample differs from the reference in more than value and dates (rebuild in full).
    mutating func matches(_ sample: Sample, signed: ArraySlice<UInt8>) -> Bool? {
        guard let reference, case .quantity(let quantity) = sample,
              Self.sameFixedFields(quantity, reference.sample),
              let valueEntry = valueEntry(quantity.quantity.value),
              let start = try? Self.encoded(quantity.startDate)
        else { return nil }
        // Most high-rate readings are instants: the end date is then the start date's octets.
        let end: [UInt8]
        if Self.sameRepresentation(quantity.startDate, quantity.endDate) {
            end = start
        } else {
            guard let encoded = try? Self.encoded(quantity.endDate) else { return nil }
            end = encoded
        }
        // The record is the SET OF all entries in DER order (X.690 11.6): the fixed ones are in
        // it already and the three fresh ones are merged in. It is compared piece by piece with
        // the signed octets rather than written out: this runs for nearly every sample.
        let fresh = [valueEntry, Self.entry(RecordKeys.startDate, value: start),
                     Self.entry(RecordKeys.endDate, value: end)]
            .sorted { DER.compareSetOfEncodings($0, $1) < 0 }
        let total = reference.fixedLength + fresh.reduce(0) { $0 + $1.count }
        let header = Self.setIdentifier + DERWriter.lengthOctets(total)
        guard signed.count == header.count + total,
              Self.sameOctets(header[...], signed.prefix(header.count)) else { return false }
        var offset = signed.startIndex + header.count
        var nextFixed = 0, nextFresh = 0
        while nextFixed < reference.fixedEntries.count || nextFresh < fresh.count {
            let piece: ArraySlice<UInt8>
            if nextFresh == fresh.count || (nextFixed < reference.fixedEntries.count
                && DER.compareSetOfEncodings(reference.fixedEntries[nextFixed], fresh[nextFresh]) < 0) {
                piece = reference.fixedEntries[nextFixed]
                nextFixed += 1
            } else {
                piece = fresh[nextFresh]
                nextFresh += 1
            }
            guard Self.sameOctets(piece, signed[offset..<(offset + piece.count)]) else { return false }
            offset += piece.count
        }
        return true
    }

    /// Octet equality by `memcmp`: the generic `elementsEqual` walked the records an octet at a time.
    static func sameOctets(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in sameOctets(x, y) } }
    }

    private static func sameOctets(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let p = a.baseAddress, let q = b.baseAddress else { return true }
        return memcmp(p, q, a.count) == 0
    }

    /// The `v` entry of `value`, as ``RecordBuilder`` encodes it (nil where it refuses it).
    private mutating func valueEntry(_ value: Decimal) -> ArraySlice<UInt8>? {
        let key = BatchKey(withUnsafeBytes(of: value) { Array($0) })
        if let entry = valueEntries[key] { return entry }
        guard let real = try? DERReal(value) else { return nil }
        let entry = Self.entry(RecordKeys.value, value: Self.encoded(.real(real)))
        if valueEntries.count >= Self.valueEntryLimit { valueEntries.removeAll(keepingCapacity: true) }
        valueEntries[key] = entry
        return entry
    }

    private static let setIdentifier = DERTag.set.encoded
    private static let varyingKeys = [RecordKeys.value, RecordKeys.startDate, RecordKeys.endDate]

    /// One record entry, as ``RecordCoding`` writes it, around a value's encoding.
    private static func entry(_ key: String, value: [UInt8]) -> ArraySlice<UInt8> {
        var writer = DERWriter(capacity: value.count + 8)
        writer.appendConstructed(.sequence) { entry in
            entry.append(DERUTF8String(key))
            entry.appendEncoded(value)
        }
        return writer.bytes[...]
    }

    /// A record value's encoding, as ``RecordCoding`` writes it.
    private static func encoded(_ value: RecordValue) -> [UInt8] {
        var writer = DERWriter(capacity: 24)
        RecordCoding.serialize(value, into: &writer)
        return writer.bytes
    }

    /// A date's encoding in a record, as ``RecordBuilder`` makes it.
    private static func encoded(_ date: SampleDate) throws(DERError) -> [UInt8] {
        encoded(.date(try GeneralizedTime(date)))
    }

    /// Whether every field but value and dates is stored as the same octets. Strings are compared
    /// as UTF-8, not with `==`, which treats canonically equivalent texts as equal although the
    /// record holds their octets.
    private static func sameFixedFields(_ a: QuantitySample, _ b: QuantitySample) -> Bool {
        sameText(a.type.identifier, b.type.identifier)
            && sameText(a.quantity.unit.unitString, b.quantity.unit.unitString)
            && sameDevice(a.device, b.device)
            && sameMetadata(a.metadata, b.metadata)
    }

    private static func sameDevice(_ a: Device?, _ b: Device?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return sameText(a.name, b.name) && sameText(a.manufacturer, b.manufacturer) && sameText(a.model, b.model)
            && sameText(a.hardwareVersion, b.hardwareVersion) && sameText(a.firmwareVersion, b.firmwareVersion)
            && sameText(a.softwareVersion, b.softwareVersion) && sameText(a.localIdentifier, b.localIdentifier)
            && sameText(a.udiDeviceIdentifier, b.udiDeviceIdentifier)
    }

    /// The entries in order, the batch keys (never part of a record) left out. Values other than
    /// strings and booleans count as different unless their stored representation is the same
    /// octets, which a deterministic encoding cannot tell apart.
    private static func sameMetadata(_ a: Metadata, _ b: Metadata) -> Bool {
        let left = a.entries, right = b.entries
        var i = 0, j = 0
        while true {
            while i < left.count && isBatchKey(left[i].key) { i += 1 }
            while j < right.count && isBatchKey(right[j].key) { j += 1 }
            guard i < left.count, j < right.count else { return i == left.count && j == right.count }
            guard sameText(left[i].key, right[j].key), sameValue(left[i].value, right[j].value) else { return false }
            i += 1
            j += 1
        }
    }

    private static func isBatchKey(_ key: String) -> Bool {
        key == BatchReference.metadataKey || key == BatchReference.signatureMetadataKey
    }

    private static func sameValue(_ a: MetadataValue, _ b: MetadataValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return sameText(x, y)
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return sameRepresentation(x, y)
        case (.date(let x), .date(let y)): return sameRepresentation(x, y)
        default: return false
        }
    }

    private static func sameRepresentation<T>(_ a: T, _ b: T) -> Bool {
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
    }

    private static func sameText(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (var x?, var y?):
            // Native strings are contiguous UTF-8, so this is one memcmp.
            return x.withUTF8 { a in y.withUTF8 { b in sameOctets(a, b) } }
        default: return false
        }
    }
}
