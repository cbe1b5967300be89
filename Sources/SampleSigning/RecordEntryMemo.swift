#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DER
import HealthSamples
import OwnedMemory

/// Encoded record entries that readings repeat, kept per thread: the `d` entry
/// (`SEQUENCE { "d", SET OF field entries }`) of the devices a thread wrote last, and the `m`
/// entry of the metadata they carried, each found by the exact bytes of what it was made from.
///
/// A file of readings names the same device, with the same serial number and time zone, on every
/// line (a handful when it mixes kinds); encoding them, hashing every metadata key to find the
/// signed ones and sorting the entries into DER order cost a third of the record each time. The
/// memo is bounded (``capacity`` of each a thread, the oldest replaced first), so memory does not
/// grow with the input, and it lives in thread-local storage: workers never share or lock it.
///
/// An entry is served only for input whose every text has the same UTF-8 bytes as the one it was
/// encoded from (not `String` equality, under which canonically equivalent but differently
/// encoded texts are equal while their UTF8Strings differ). Metadata is remembered only when
/// every value is a string (of at most ``longestRememberedText`` bytes under a signed key) or a
/// Boolean, whose encodings follow from their bytes; numbers (`Decimal` equality ignores how the
/// number was written), dates and quantities are encoded each time.
enum RecordEntryMemo {
    // Perf: ≈ 3,600 instructions a sample of sign (1.2 %), 3,700 of verify (0.41 %), scripts/count-instructions 500
    /// A few devices cover a file that interleaves kinds of readings; the search is linear and
    /// cheaper than hashing every field at this size.
    static let capacity = 8

    /// What the `m` entry is made from: the metadata, and which list of signed keys applies.
    struct MetadataInput {
        let entries: [Metadata.Entry]
        let workout: Bool
    }

    /// A thread's slots.
    private struct State {
        var devices = Slots<Device>()
        var metadata = Slots<MetadataInput>()
    }

    /// The encoded `d` entry of `device` from this thread's memo, made with `encode` (and kept)
    /// when the memo has none for exactly this device.
    static func deviceEntry(for device: Device, encode: (Device) -> [UInt8]) -> [UInt8] {
        current.with { memo in
            // The reader hands out the device it remembered for a repeated device object, so
            // the usual hit is the very value kept here: recognised without reading a field.
            if let encoded = memo.devices.encoded(where: { sameRepresentation($0, device) }) { return encoded }
            if let encoded = memo.devices.encoded(where: { sameBytes($0, device) }) { return encoded }
            let encoded = encode(device)
            memo.devices.keep(device, encoded)
            return encoded
        }
    }

    /// The encoded `m` entry of `entries` under the workout list of signed keys or the other
    /// (empty when the record has none) from this thread's memo, made with `encode` when the memo
    /// has none for exactly this metadata; kept only when ``isMemoizable(_:)``.
    ///
    /// The entries are looked up as they are lent, and put in a ``MetadataInput`` only when it
    /// is to be encoded: holding them in one costs a retain and a release of the array a record.
    static func metadataEntry(for entries: [Metadata.Entry], workout: Bool,
                              encode: (MetadataInput) throws(DERError) -> [UInt8]) throws(DERError) -> [UInt8] {
        guard isMemoizable(entries, workout: workout) else {
            return try encode(MetadataInput(entries: entries, workout: workout))
        }
        return try metadataEntry(forMemoizable: entries, workout: workout, encode: encode)
    }

    /// ``metadataEntry(for:workout:encode:)`` for entries the caller has found
    /// ``isMemoizable(_:)`` already.
    static func metadataEntry(forMemoizable entries: [Metadata.Entry], workout: Bool,
                              encode: (MetadataInput) throws(DERError) -> [UInt8]) throws(DERError) -> [UInt8] {
        if let encoded = current.with({ memo in
            memo.metadata.encoded(where: { $0.workout == workout && sameBytes($0.entries, entries) })
        }) {
            return encoded
        }
        let input = MetadataInput(entries: entries, workout: workout)
        let encoded = try encode(input)
        current.with { memo in memo.metadata.keep(input, encoded) }
        return encoded
    }

    /// The longest string value under a signed key whose metadata is remembered. A longer text
    /// under a key the `m` entry leaves out (a stored sample's own signature, several hundred
    /// base64 characters and different on every line: verification rebuilds the record of samples
    /// that carry it) does not count: it is neither compared nor part of the entry, so the
    /// metadata of every such sample shares one memo slot. Serial numbers, time zones and
    /// identifiers are far shorter.
    static let longestRememberedText = 128

    /// Whether every value is a Boolean or a string, of at most ``longestRememberedText`` bytes
    /// unless its key is not signed (for a workout when `workout`).
    static func isMemoizable(_ entries: [Metadata.Entry], workout: Bool = false) -> Bool {
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                switch entries[index].value {
                case .string(let text):
                    guard text.utf8.count > longestRememberedText else { continue }
                    if MetadataSigningRule.isSigned(entries[index].key, workout: workout) { return false }
                case .bool:
                    continue
                case .number, .date, .quantity:
                    return false
                }
            }
            return true
        }
    }

    /// Whether `value` is a text longer than any remembered under a signed key: in remembered
    /// metadata, one under a key the `m` entry leaves out.
    private static func isUnsignedLongText(_ value: MetadataValue) -> Bool {
        if case .string(let text) = value { return text.utf8.count > longestRememberedText }
        return false
    }

    /// Whether every field of `a` and `b` is absent in both or present with the same UTF-8 bytes.
    static func sameBytes(_ a: Device, _ b: Device) -> Bool {
        sameBytes(a.name, b.name) && sameBytes(a.manufacturer, b.manufacturer) && sameBytes(a.model, b.model)
            && sameBytes(a.hardwareVersion, b.hardwareVersion) && sameBytes(a.firmwareVersion, b.firmwareVersion)
            && sameBytes(a.softwareVersion, b.softwareVersion) && sameBytes(a.localIdentifier, b.localIdentifier)
            && sameBytes(a.udiDeviceIdentifier, b.udiDeviceIdentifier)
    }

    /// Whether `a` and `b` have the same signed-key list and the same entries in the same order,
    /// keys and string values with the same UTF-8 bytes.
    static func sameBytes(_ a: MetadataInput, _ b: MetadataInput) -> Bool {
        a.workout == b.workout && sameBytes(a.entries, b.entries)
    }

    /// Whether `a` and `b` have the same entries in the same order, keys and string values with
    /// the same UTF-8 bytes.
    static func sameBytes(_ a: [Metadata.Entry], _ b: [Metadata.Entry]) -> Bool {
        guard a.count == b.count else { return false }
        // Read in place, one value at a time: copying each entry out, and pairing the two
        // values in a tuple to match them, retained and released every text of both.
        return a.withUnsafeBufferPointer { first in
            b.withUnsafeBufferPointer { second in
                for index in first.indices {
                    guard sameBytes(first[index].key, second[index].key) else { return false }
                    // The same key, so in both lists one the `m` entry leaves out when either
                    // value is a long text (``isMemoizable(_:workout:)``): the values do not count.
                    if isUnsignedLongText(first[index].value) || isUnsignedLongText(second[index].value) { continue }
                    guard sameBytes(first[index].value, second[index].value) else { return false }
                }
                return true
            }
        }
    }

    /// Whether `a` and `b` are both strings of the same UTF-8 bytes or both the same Boolean
    /// (the only values of remembered metadata).
    private static func sameBytes(_ a: MetadataValue, _ b: MetadataValue) -> Bool {
        switch a {
        case .string(let x):
            guard case .string(let y) = b else { return false }
            return sameBytes(x, y)
        case .bool(let x):
            guard case .bool(let y) = b else { return false }
            return x == y
        case .number, .date, .quantity:
            return false
        }
    }

    /// Whether `a` and `b` have the same representation (the same storage, for a value that
    /// refers to any): then every text in them has the same bytes. A mismatch says nothing, as
    /// equal values may be held apart.
    static func sameRepresentation(_ a: Device, _ b: Device) -> Bool {
        withUnsafeBytes(of: a) { first in
            withUnsafeBytes(of: b) { second in
                first.count == second.count
                    && (first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
            }
        }
    }

    static func sameBytes(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        // One representation, hence one sequence of bytes: the usual case, since a short text
        // is held in the string value itself and the reader hands out a device's texts from
        // its own memo, so a repeated device or key is the same storage.
        if a._isIdentical(to: b) { return true }
        guard a.utf8.count == b.utf8.count else { return false }
        let compared = a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second in
                first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
            }
        }
        // Bridged or otherwise non-contiguous text: compared byte by byte.
        return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// Up to ``capacity`` inputs with their encodings, the oldest replaced first.
    private struct Slots<Input> {
        private var inputs: [Input] = []
        private var encodings: [[UInt8]] = []
        private var nextReplaced = 0

        func encoded(where matches: (Input) -> Bool) -> [UInt8]? {
            // Each input lent in place: read out of the array, it was copied (its texts
            // retained and released) for every comparison.
            let found: Int? = inputs.withUnsafeBufferPointer { inputs in
                for index in inputs.indices where matches(inputs[index]) { return index }
                return nil
            }
            return found.map { encodings[$0] }
        }

        mutating func keep(_ input: Input, _ encoded: [UInt8]) {
            if inputs.count < RecordEntryMemo.capacity {
                inputs.append(input)
                encodings.append(encoded)
            } else {
                inputs[nextReplaced] = input
                encodings[nextReplaced] = encoded
                nextReplaced = (nextReplaced + 1) % RecordEntryMemo.capacity
            }
        }
    }

    // MARK: - Per-thread storage

    /// This thread's memo, made on first use and released when the thread ends.
    private static let current = ThreadLocal { State() }
}
