import Foundation
import HealthSamples
import OwnedMemory

/// Decodes a sample line of the usual shape straight from its bytes, without building the
/// ``JSONValue`` tree that ``JSONSampleDecoder`` reads.
///
/// Every signed or verified line is decoded once, and building the tree (a String per key, an
/// array per object, an enum box per value) only for the decoder to convert it cost as much as
/// all the rest of reading a sample. This path reads the quantity, category and correlation
/// samples that exports consist of, with keys and strings free of escapes and non-ASCII keys,
/// and makes the same checks as ``JSONParser`` and ``JSONSampleDecoder``. On anything else — a
/// workout, an escape, a duplicate or unknown key, any error at all — it returns nil and the
/// caller takes the general path, which then produces the sample or the exact error it always
/// has. So a sample returned here is the one the general path would have returned.
struct JSONSampleFastDecoder {
    private var scanner: JSONPlainScanner
    /// When not nil, the members of the top-level object and of its metadata object, noted as
    /// ``JSONParser/parseForSplicing(_:)`` notes them: the layout itself, filled in as the
    /// decoder meets its parts (not a log of every member converted afterwards) and moved out
    /// at the end, not copied from notes of its parts (which retained and released its arrays).
    private var layout: JSONSpliceLayout?
    /// Whether `layout` is noted: asking `layout != nil` copied the optional layout (and
    /// destroyed the copy) on every metadata object verified.
    private let notesLayout: Bool

    private init(bytes: UnsafeBufferPointer<UInt8>, noteLayout: Bool) {
        scanner = JSONPlainScanner(bytes: bytes)
        notesLayout = noteLayout
        if noteLayout {
            // Room for a usual line's members; metadata is absent until a `metadata` member is
            // read (the decoder reads only an object there).
            var members: [JSONSpliceLayout.Member] = []
            members.reserveCapacity(8)
            layout = JSONSpliceLayout(objectSpan: 0..<0, members: members, metadataMembers: nil)
        }
    }

    /// The validated sample of a whole line, or nil when the general path must decide.
    static func sample(of bytes: [UInt8]) -> Sample? {
        bytes.withUnsafeBufferPointer { buffer in
            var decoder = JSONSampleFastDecoder(bytes: buffer, noteLayout: false)
            return decoder.document()
        }
    }

    /// ``sample(of:)`` with the line's splice layout.
    static func sampleAndLayout(of bytes: [UInt8]) -> (Sample, JSONSpliceLayout)? {
        bytes.withUnsafeBufferPointer { buffer in
            var decoder = JSONSampleFastDecoder(bytes: buffer, noteLayout: true)
            guard let sample = decoder.document(), let layout = decoder.layout.take() else { return nil }
            return (sample, layout)
        }
    }

    private mutating func document() -> Sample? {
        scanner.skipWhitespace()
        let objectStart = scanner.index
        guard let sample = sampleObject(nested: false) else { return nil }
        layout?.rootSpan = objectStart..<scanner.index
        scanner.skipWhitespace()
        guard scanner.atEnd else { return nil }
        return sample
    }

    // MARK: - Sample objects

    /// The members of a sample object that this path knows, one bit each.
    enum Field: UInt16, CaseIterable {
        case type = 1, uuid = 2, startDate = 4, endDate = 8, device = 16, metadata = 32
        case value = 64, unit = 128, objects = 256

        static let common: UInt16 = Field.type.rawValue | Field.uuid.rawValue | Field.startDate.rawValue
            | Field.endDate.rawValue | Field.device.rawValue | Field.metadata.rawValue
        static let quantity: UInt16 = common | Field.value.rawValue | Field.unit.rawValue
        static let category: UInt16 = common | Field.value.rawValue
        static let correlation: UInt16 = common | Field.objects.rawValue

        /// The ``JSONPlainScanner/word(_:)`` of the member's key (a test checks each against
        /// ``key``), and the key's length.
        var keyWord: (word: UInt64, length: Int) {
            switch self {
            case .type: (0x6570_7974, 4)
            case .uuid: (0x6469_7575, 4)
            case .unit: (0x7469_6E75, 4)
            case .value: (0x65_756C_6176, 5)
            case .device: (0x6563_6976_6564, 6)
            case .endDate: (0x65_7461_4464_6E65, 7)
            case .objects: (0x73_7463_656A_626F, 7)
            case .metadata: (0x6174_6164_6174_656D, 8)
            case .startDate: (0x7461_4474_7261_7473, 9)
            }
        }

        /// The member's key, as written (``field(named:)`` matched its bytes exactly).
        var key: String {
            switch self {
            case .type: "type"
            case .uuid: "uuid"
            case .startDate: "startDate"
            case .endDate: "endDate"
            case .device: "device"
            case .metadata: "metadata"
            case .value: "value"
            case .unit: "unit"
            case .objects: "objects"
            }
        }
    }

    /// What one sample object states, as spans into the text.
    private struct Fields {
        var present: UInt16 = 0
        var type = 0..<0
        var value = 0..<0
        var unit = 0..<0
        var startDate = 0..<0
        var endDate = 0..<0
        var uuid = 0..<0
        var device: Device?
        var metadata = Metadata()
        var objects: [QuantitySample] = []

        /// The device, metadata and members, moved out for the sample made of them: copying
        /// them would retain every string and array in them, only to release them with `self`.
        mutating func takeValues() -> (device: Device?, metadata: Metadata, objects: [QuantitySample]) {
            var values: (device: Device?, metadata: Metadata, objects: [QuantitySample]) = (nil, Metadata(), [])
            swap(&values.device, &device)
            swap(&values.metadata, &metadata)
            swap(&values.objects, &objects)
            return values
        }
    }

    /// A sample object at the scanner (whitespace skipped); a member of a correlation's
    /// `objects` when `nested`, which must then be a quantity sample.
    private mutating func sampleObject(nested: Bool) -> Sample? {
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        var fields = Fields()
        scanner.skipWhitespace()
        // An empty object lacks `type`: the general path reports that.
        while true {
            scanner.skipWhitespace()
            let keyStart = scanner.index
            guard let key = scanner.plainString(), let field = field(named: key) else { return nil }
            let keySpan = keyStart..<scanner.index
            guard fields.present & field.rawValue == 0 else { return nil }
            fields.present |= field.rawValue
            guard scanner.consume(UInt8(ascii: ":")) else { return nil }
            scanner.skipWhitespace()
            let valueStart = scanner.index
            switch field {
            case .type: guard let span = scanner.plainString() else { return nil }; fields.type = span
            case .uuid: guard let span = scanner.plainString() else { return nil }; fields.uuid = span
            case .startDate: guard let span = scanner.plainString() else { return nil }; fields.startDate = span
            case .endDate: guard let span = scanner.plainString() else { return nil }; fields.endDate = span
            case .unit: guard let span = scanner.plainString() else { return nil }; fields.unit = span
            case .value: guard let span = scanner.number() else { return nil }; fields.value = span
            case .device: guard let device = device() else { return nil }; fields.device = device
            case .metadata:
                guard let metadata = metadata(noting: !nested) else { return nil }
                fields.metadata = metadata
            case .objects:
                guard !nested, let objects = quantitySamples() else { return nil }
                fields.objects = objects
            }
            if !nested, notesLayout {
                layout?.members.append(JSONSpliceLayout.Member(key: field.key, keySpan: keySpan, valueSpan: valueStart..<scanner.index))
            }
            if scanner.consume(UInt8(ascii: ",")) { continue }
            guard scanner.consume(UInt8(ascii: "}")) else { return nil }
            // In place: passed to a consuming parameter, `fields` was copied (`consume` of a
            // variable in a loop is not supported), retaining the device, metadata and members.
            return sample(&fields, nested: nested)
        }
    }

    // Inlined: called for every member key, the call's register saving and restoring cost as
    // much as the look-up.
    @inline(__always)
    private func field(named key: Range<Int>) -> Field? {
        let field: Field
        switch scanner.word(key) {
        case Field.type.keyWord.word: field = .type
        case Field.uuid.keyWord.word: field = .uuid
        case Field.unit.keyWord.word: field = .unit
        case Field.value.keyWord.word: field = .value
        case Field.device.keyWord.word: field = .device
        case Field.endDate.keyWord.word: field = .endDate
        case Field.objects.keyWord.word: field = .objects
        case Field.metadata.keyWord.word: field = .metadata
        case Field.startDate.keyWord.word: field = .startDate
        default: return nil
        }
        // The word holds at most eight bytes: the length, and past eight the rest, decide.
        guard key.count == field.keyWord.length else { return nil }
        if field == .startDate, scanner.bytes[key.upperBound - 1] != UInt8(ascii: "e") { return nil }
        return field
    }

    /// The sample `fields` state, built as ``JSONSampleDecoder`` builds it and, at the top level,
    /// validated (``HealthSamples/SampleValidator``); nil where either would throw (or for a kind
    /// it reads that this path does not). Takes the device, metadata and members out of `fields`.
    private func sample(_ fields: inout Fields, nested: Bool) -> Sample? {
        guard fields.present & Field.type.rawValue != 0,
              fields.present & Field.startDate.rawValue != 0,
              fields.present & Field.endDate.rawValue != 0,
              let start = try? SampleDate(rfc3339UTF8: scanner.buffer(fields.startDate)) else { return nil }
        // Most samples are instants, written with the same text twice: read it once.
        let end: SampleDate
        if scanner.span(fields.endDate, equals: fields.startDate) {
            end = start
        } else {
            guard let date = try? SampleDate(rfc3339UTF8: scanner.buffer(fields.endDate)) else { return nil }
            end = date
        }
        var uuid: String?
        if fields.present & Field.uuid.rawValue != 0 {
            let text = scanner.string(fields.uuid)
            guard UUID(uuidString: text) != nil else { return nil }
            uuid = text
        }
        // Looked up by bytes: an identifier that is only canonically equivalent to a known one
        // (non-ASCII) matches none of the three, and the general path decides it.
        let identifier = scanner.buffer(fields.type)
        let (device, metadata, objects) = fields.takeValues()
        if let type = QuantityType.named(utf8: identifier) {
            guard fields.present & ~Field.quantity == 0,
                  fields.present & Field.unit.rawValue != 0,
                  fields.present & Field.value.rawValue != 0,
                  let unit = try? HealthUnit(utf8: scanner.buffer(fields.unit)) else { return nil }
            let number = scanner.buffer(fields.value)
            guard let amount = try? DecimalText.parseExactly(utf8: number) else { return nil }
            let quantity = Quantity(amount, unit: unit, fractionDigits: DecimalText.fractionDigits(utf8: number))
            // A member is validated with its correlation. The parts are checked before the sample
            // is made: a sample made first was copied whole into its `Sample`.
            if !nested {
                do {
                    try SampleValidator.validateQuantitySample(type: type, quantity: quantity, startDate: start,
                                                               endDate: end, metadata: metadata)
                } catch { return nil }
            }
            return .quantity(QuantitySample(uuid: uuid, type: type, quantity: quantity, startDate: start, endDate: end,
                                            device: device, metadata: metadata))
        }
        guard !nested else { return nil }
        if let type = CategoryType.named(utf8: identifier) {
            guard fields.present & ~Field.category == 0,
                  fields.present & Field.value.rawValue != 0,
                  let integer = JSONNumber(validatedText: scanner.string(fields.value)).intValue else { return nil }
            let sample = CategorySample(uuid: uuid, type: type, value: integer, startDate: start, endDate: end,
                                        device: device, metadata: metadata)
            do { try SampleValidator.validate(sample) } catch { return nil }
            return .category(sample)
        }
        if let type = CorrelationType.named(utf8: identifier) {
            guard fields.present & ~Field.correlation == 0,
                  fields.present & Field.objects.rawValue != 0 else { return nil }
            let correlation = Correlation(uuid: uuid, type: type, startDate: start, endDate: end,
                                          objects: objects, device: device, metadata: metadata)
            do { try SampleValidator.validate(correlation) } catch { return nil }
            return .correlation(correlation)
        }
        return nil
    }

    /// A correlation's `objects` array, every element a quantity sample.
    private mutating func quantitySamples() -> [QuantitySample]? {
        guard scanner.consume(UInt8(ascii: "[")) else { return nil }
        var samples: [QuantitySample] = []
        if scanner.consume(UInt8(ascii: "]")) { return samples }
        samples.reserveCapacity(2)
        while true {
            guard case .quantity(let sample)? = sampleObject(nested: true) else { return nil }
            samples.append(sample)
            if scanner.consume(UInt8(ascii: ",")) { continue }
            guard scanner.consume(UInt8(ascii: "]")) else { return nil }
            return samples
        }
    }

    // MARK: - Device and metadata

    /// A `device` object at the scanner (whitespace skipped), or the one this thread read last
    /// when its text is the same (``JSONDeviceMemo``).
    private mutating func device() -> Device? {
        let start = scanner.index
        let rest = scanner.buffer(start..<scanner.bytes.count)
        let remembered = JSONDeviceMemo.current.with { memo in memo.device(startingAt: rest) }
        if let (device, length) = remembered {
            scanner.index += length
            return device
        }
        guard let device = readDevice() else { return nil }
        let text = scanner.buffer(start..<scanner.index)
        JSONDeviceMemo.current.with { memo in memo.remember(device, readFrom: text) }
        return device
    }

    /// A `device` object: each member one of ``HealthSamples/Device/fieldNames`` with a string.
    private mutating func readDevice() -> Device? {
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        var device = Device()
        if scanner.consume(UInt8(ascii: "}")) { return device }
        var seen: UInt8 = 0
        while true {
            scanner.skipWhitespace()
            guard let key = scanner.plainString(), let slot = deviceSlot(key), seen & (1 << slot) == 0 else { return nil }
            seen |= 1 << slot
            guard scanner.consume(UInt8(ascii: ":")) else { return nil }
            scanner.skipWhitespace()
            guard let span = scanner.plainString() else { return nil }
            let value = scanner.string(span)
            switch slot {
            case 0: device.name = value
            case 1: device.manufacturer = value
            case 2: device.model = value
            case 3: device.hardwareVersion = value
            case 4: device.firmwareVersion = value
            case 5: device.softwareVersion = value
            case 6: device.localIdentifier = value
            default: device.udiDeviceIdentifier = value
            }
            if scanner.consume(UInt8(ascii: ",")) { continue }
            guard scanner.consume(UInt8(ascii: "}")) else { return nil }
            return device
        }
    }

    /// The index in ``HealthSamples/Device/fieldNames`` of the device field named by `key`
    /// (a test in ``JSONSampleFastDecoderTests`` holds the two lists together).
    private func deviceSlot(_ key: Range<Int>) -> Int? {
        switch key.count {
        case 4: if scanner.span(key, is: "name") { return 0 }
        case 5: if scanner.span(key, is: "model") { return 2 }
        case 12: if scanner.span(key, is: "manufacturer") { return 1 }
        case 15:
            if scanner.span(key, is: "hardwareVersion") { return 3 }
            if scanner.span(key, is: "firmwareVersion") { return 4 }
            if scanner.span(key, is: "softwareVersion") { return 5 }
            if scanner.span(key, is: "localIdentifier") { return 6 }
        case 19: if scanner.span(key, is: "udiDeviceIdentifier") { return 7 }
        default: break
        }
        return nil
    }

    /// The most metadata entries this path checks for duplicates by comparing bytes; more go
    /// to the general path, so the work here stays linear in the line.
    private static var metadataEntryLimit: Int { 16 }

    /// A `metadata` object of string, number and boolean values, with ASCII keys: a non-ASCII
    /// key might equal another one only canonically, which is the parser's duplicate rule.
    private mutating func metadata(noting: Bool) -> Metadata? {
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        if noting, notesLayout {
            layout?.metadataKind = "object"
            layout?.metadataMembers.reserveCapacity(4)
        }
        if scanner.consume(UInt8(ascii: "}")) { return Metadata() }
        // Room for the usual few entries and a signature at once, instead of growing from one.
        var entries: [Metadata.Entry] = []
        entries.reserveCapacity(4)
        // The predefined keys met so far, a bit for each index in `MetadataKey.all`. Keys that are
        // the same bytes are refused below, so a predefined key met twice is met under its other
        // spelling: the general path reports that.
        var predefinedKeys: UInt64 = 0
        while true {
            scanner.skipWhitespace()
            let keyStart = scanner.index
            guard entries.count < Self.metadataEntryLimit, let key = scanner.plainString(), isASCII(key) else { return nil }
            let keySpan = keyStart..<scanner.index
            // A predefined key (every one starts `HK`) is taken from the catalog rather than
            // made: over 15 bytes, making it allocated.
            let keyText: String
            if key.count >= 2, scanner.bytes[key.lowerBound] == UInt8(ascii: "H"), scanner.bytes[key.lowerBound + 1] == UInt8(ascii: "K"),
               let spelling = MetadataKey.spelling(utf8: scanner.buffer(key)) {
                guard spelling.index < 64, predefinedKeys & (1 << spelling.index) == 0 else { return nil }
                predefinedKeys |= 1 << spelling.index
                keyText = spelling.name
            } else {
                keyText = scanner.string(key)
                // ASCII keys: equal strings are equal bytes, as the parser's duplicate test needs
                // (a predefined key repeated was found by its bit).
                guard !entries.contains(where: { $0.key == keyText }) else { return nil }
            }
            guard scanner.consume(UInt8(ascii: ":")) else { return nil }
            scanner.skipWhitespace()
            let valueStart = scanner.index
            switch scanner.current {
            case UInt8(ascii: "\"")?:
                guard let value = scanner.plainString() else { return nil }
                entries.append(Metadata.Entry(key: keyText, value: .string(scanner.string(value))))
            case UInt8(ascii: "t")?, UInt8(ascii: "f")?:
                guard let flag = scanner.boolean() else { return nil }
                entries.append(Metadata.Entry(key: keyText, value: .bool(flag)))
            default:
                guard let span = scanner.number(),
                      let amount = try? DecimalText.parseExactly(utf8: scanner.buffer(span)) else { return nil }
                entries.append(Metadata.Entry(key: keyText, value: .number(amount.value)))
            }
            if noting, notesLayout {
                layout?.metadataMembers.append(JSONSpliceLayout.Member(key: keyText, keySpan: keySpan,
                                                                        valueSpan: valueStart..<scanner.index))
            }
            if scanner.consume(UInt8(ascii: ",")) { continue }
            guard scanner.consume(UInt8(ascii: "}")) else { return nil }
            return Metadata(entries)
        }
    }

    private func isASCII(_ span: Range<Int>) -> Bool {
        !ByteScan.contains(.nonASCII, in: UnsafeBufferPointer(rebasing: scanner.bytes[span]))
    }
}
