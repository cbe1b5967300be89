#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OwnedMemory

/// Reads a top-level `Record` of the usual shape straight from the tokenizer's buffered bytes:
/// the whole element in the window, double-quoted attributes with the names export.xml's DTD
/// gives a `Record`, each once, and only self-closing `<MetadataEntry key="…" value="…"/>`
/// children. Nearly every element of a real export is one.
///
/// This is a fast path beside the general one, which stays the definition of the behaviour
/// (``ExportXMLReader``'s reference reader, `recordShortcut: false`): for anything else (another
/// element, a record cut by the end of the window, single quotes, an unknown or repeated
/// attribute, a comment or another child, a reference that does not decode, a limit reached,
/// `<` in a value, text that is not the grammar's) it returns `nil` having changed nothing that
/// matters, and the general path reads the element, so every error a user sees is its error.
/// What it returns equals what the general path builds: the same attributes in document order,
/// decoded by the tokenizer's own ``XMLPullTokenizer/decodeAttributeValue(from:to:)``, the same
/// lines, the same budget.
///
/// Values that repeat from record to record (type, source, device, unit, metadata) are kept
/// with their bytes and handed out again when the bytes are the same, so a record costs few
/// allocations beyond its dates.
struct ExportRecordShortcut {
    /// Attributes whose last value is remembered, by slot (``Slot``).
    private static var rememberedSlots: Int { 7 }
    private var rememberedBytes: [[UInt8]] = Array(repeating: [], count: rememberedSlots)
    private var rememberedValues: [String] = Array(repeating: "", count: rememberedSlots)

    /// Where a value is remembered: the record attributes that usually repeat, then the two
    /// of a metadata entry.
    private enum Slot {
        static var type: Int { 0 }
        static var sourceName: Int { 1 }
        static var sourceVersion: Int { 2 }
        static var device: Int { 3 }
        static var unit: Int { 4 }
        static var metadataKey: Int { 5 }
        static var metadataValue: Int { 6 }
    }

    /// A `Record` attribute name: its text and the slot its value is remembered in (`nil`:
    /// not remembered), or `nil` for a name a `Record` does not have.
    private static func recordAttribute(_ buffer: StreamBuffer, _ start: Int, _ end: Int)
        -> (name: String, bit: UInt16, slot: Int?)? {
        @inline(__always) func equals(_ literal: StaticString) -> Bool {
            buffer.matchesExactly(literal, from: start, to: end)
        }
        switch end - start {
        case 4:
            if equals("type") { return ("type", 1 << 0, Slot.type) }
            if equals("unit") { return ("unit", 1 << 1, Slot.unit) }
        case 5:
            if equals("value") { return ("value", 1 << 2, nil) }
        case 6:
            if equals("device") { return ("device", 1 << 3, Slot.device) }
        case 7:
            if equals("endDate") { return ("endDate", 1 << 4, nil) }
        case 9:
            if equals("startDate") { return ("startDate", 1 << 5, nil) }
        case 10:
            if equals("sourceName") { return ("sourceName", 1 << 6, Slot.sourceName) }
        case 12:
            if equals("creationDate") { return ("creationDate", 1 << 7, nil) }
        case 13:
            if equals("sourceVersion") { return ("sourceVersion", 1 << 8, Slot.sourceVersion) }
        default:
            break
        }
        return nil
    }

    /// The value of the attribute whose text is `bytes[start..<end]`, decoded as the general
    /// path decodes it; `nil` when that fails (the general path then reports why).
    @inline(__always)
    private static func decoded<Source>(_ tokenizer: XMLPullTokenizer<Source>, _ start: Int, _ end: Int, plain: Bool) -> String? {
        plain ? tokenizer.buffer.string(from: start, to: end) : try? tokenizer.decodeAttributeValue(from: start, to: end)
    }

    /// The remembered value of `slot` when its bytes were `bytes[start..<end]` last time, else
    /// the value decoded, remembered.
    private mutating func value<Source>(slot: Int, _ tokenizer: XMLPullTokenizer<Source>, _ bytes: UnsafeBufferPointer<UInt8>,
                                        _ start: Int, _ end: Int, plain: Bool) -> String? {
        let count = end - start
        let base = tokenizer.buffer.base
        let same = rememberedBytes[slot].withUnsafeBufferPointer { kept in
            kept.count == count && (count == 0 || kept.baseAddress.map { memcmp($0, base + start, count) == 0 } ?? false)
        }
        if same { return rememberedValues[slot] }
        guard let decoded = Self.decoded(tokenizer, start, end, plain: plain) else { return nil }
        rememberedBytes[slot] = Array(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        rememberedValues[slot] = decoded
        return decoded
    }

    /// One step through a start tag from `start` (just after its name or a value): an attribute,
    /// or the tag's end.
    private enum TagStep {
        case attribute(nameStart: Int, nameEnd: Int, valueStart: Int, valueEnd: Int, plain: Bool)
        case open
        case selfClosed
    }

    /// The first byte at or after `start` that ends or complicates a double-quoted value.
    // Perf: a function of its own, so that the scan is compiled for this one set of kinds:
    // inlined into the generic reader it was not, and tested every kind at run time (182
    // instructions a value against about 40).
    @inline(never)
    private static func quotedValueEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        ByteScan.firstIndex(of: .xmlQuotedValueEnd, in: UnsafeRawBufferPointer(bytes), from: start)
    }

    /// The next step of a start tag at `index`, which it moves past; `nil` for anything the
    /// shortcut leaves to the general path (including a tag cut by the end of `bytes`).
    @inline(__always)
    private static func tagStep(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> TagStep? {
        let classes = xmlByteClasses
        let end = bytes.count
        let start = index
        while index < end, classes[Int(bytes[index])] & whitespaceClass != 0 { index += 1 }
        guard index < end else { return nil }
        let byte = bytes[index]
        if byte == UInt8(ascii: ">") {
            index += 1
            return .open
        }
        if byte == UInt8(ascii: "/") {
            guard index + 1 < end, bytes[index + 1] == UInt8(ascii: ">") else { return nil }
            index += 2
            return .selfClosed
        }
        guard index > start, classes[Int(byte)] & nameStartClass != 0 else { return nil }
        let nameStart = index
        index += 1
        while index < end, classes[Int(bytes[index])] & nameClass != 0 { index += 1 }
        let nameEnd = index
        while index < end, classes[Int(bytes[index])] & whitespaceClass != 0 { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < end, classes[Int(bytes[index])] & whitespaceClass != 0 { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let valueStart = index + 1
        guard let (valueEnd, plain) = valueEnd(bytes, from: valueStart) else { return nil }
        index = valueEnd + 1
        return .attribute(nameStart: nameStart, nameEnd: nameEnd, valueStart: valueStart, valueEnd: valueEnd, plain: plain)
    }

    /// The closing quote of the double-quoted value starting at `start`, and whether the value
    /// is its own text (no reference, no tab, line feed or carriage return to normalize); `nil`
    /// for a `<` in it or a value cut by the end of `bytes`.
    @inline(__always)
    private static func valueEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, plain: Bool)? {
        var plain = true
        var stop = start
        while true {
            stop = quotedValueEnd(bytes, from: stop)
            guard stop < bytes.count else { return nil }
            switch bytes[stop] {
            case UInt8(ascii: "\""):
                return (stop, plain)
            case UInt8(ascii: "<"):
                return nil
            case UInt8(ascii: "&"), 0x09, 0x0A, 0x0D:
                plain = false
            default:
                break  // another control character, kept as it is
            }
            stop += 1
        }
    }

    /// The attribute at `index` when it is written as the Health app writes it, ` name="`, with
    /// a name at or after `first` in the Health app's order (type, sourceName, sourceVersion,
    /// device, unit, creationDate, startDate, endDate, value): its place in that order, name,
    /// bit, slot and where its value starts. One comparison of the bytes replaces the grammar's
    /// steps for the usual record; anything else goes through ``tagStep(_:_:)``.
    @inline(__always)
    private static func usualRecordAttribute(_ buffer: StreamBuffer, at index: Int, from first: Int)
        -> (order: Int, name: String, bit: UInt16, slot: Int?, valueStart: Int)? {
        var order = first
        while order < 9 {
            switch order {
            case 0: if buffer.matches(" type=\"", at: index) { return (0, "type", 1 << 0, Slot.type, index + 7) }
            case 1: if buffer.matches(" sourceName=\"", at: index) { return (1, "sourceName", 1 << 6, Slot.sourceName, index + 13) }
            case 2: if buffer.matches(" sourceVersion=\"", at: index) { return (2, "sourceVersion", 1 << 8, Slot.sourceVersion, index + 16) }
            case 3: if buffer.matches(" device=\"", at: index) { return (3, "device", 1 << 3, Slot.device, index + 9) }
            case 4: if buffer.matches(" unit=\"", at: index) { return (4, "unit", 1 << 1, Slot.unit, index + 7) }
            case 5: if buffer.matches(" creationDate=\"", at: index) { return (5, "creationDate", 1 << 7, nil, index + 15) }
            case 6: if buffer.matches(" startDate=\"", at: index) { return (6, "startDate", 1 << 5, nil, index + 12) }
            case 7: if buffer.matches(" endDate=\"", at: index) { return (7, "endDate", 1 << 4, nil, index + 10) }
            default: if buffer.matches(" value=\"", at: index) { return (8, "value", 1 << 2, nil, index + 8) }
            }
            order += 1
        }
        return nil
    }

    /// Reads the `Record` that starts with the next `<` after the tokenizer's position, when it
    /// is of the usual shape and whole in the window, and moves the tokenizer past it; `nil`
    /// otherwise, the tokenizer's position unchanged.
    mutating func read<Source>(_ tokenizer: XMLPullTokenizer<Source>, maximumBytes: Int, maximumChildren: Int,
                               position ordinal: Int) -> ExportXMLItem? {
        guard tokenizer.documentState == .root, tokenizer.depth == 1, tokenizer.maximumDepth >= 2 else { return nil }
        let buffer = tokenizer.buffer
        let bytes = UnsafeBufferPointer(start: buffer.base, count: buffer.count)
        // Character data inside the root element is skipped unread, as the general path does.
        guard let open = buffer.find(UInt8(ascii: "<"), from: tokenizer.position, to: bytes.count),
              buffer.matches("<Record", at: open) else { return nil }
        let maximumTag = tokenizer.maximumTagLength
        var index = open + 7
        var attributes: [XMLAttribute] = []
        attributes.reserveCapacity(9)
        var seen: UInt16 = 0
        var spent = 0
        var selfClosing = false
        // The dates of a record are often the same text: the first copy is given out again.
        var dateStart = 0, dateEnd = 0, date = ""
        var nextInOrder = 0
        tag: while true {
            let name: String, bit: UInt16, slot: Int?, valueStart: Int, valueEnd: Int, plain: Bool
            if let usual = Self.usualRecordAttribute(buffer, at: index, from: nextInOrder),
               let (end, isPlain) = Self.valueEnd(bytes, from: usual.valueStart) {
                (name, bit, slot, valueStart, valueEnd, plain) = (usual.name, usual.bit, usual.slot, usual.valueStart, end, isPlain)
                nextInOrder = usual.order + 1
                index = end + 1
            } else {
                guard let step = Self.tagStep(bytes, &index) else { return nil }
                switch step {
                case .open:
                    break tag
                case .selfClosed:
                    selfClosing = true
                    break tag
                case .attribute(let nameStart, let nameEnd, let start, let end, let isPlain):
                    guard let known = Self.recordAttribute(buffer, nameStart, nameEnd) else { return nil }
                    (name, bit, slot, valueStart, valueEnd, plain) = (known.name, known.bit, known.slot, start, end, isPlain)
                }
            }
            do {
                guard seen & bit == 0 else { return nil }
                seen |= bit
                let value: String
                if let slot {
                    guard let remembered = self.value(slot: slot, tokenizer, bytes, valueStart, valueEnd, plain: plain) else { return nil }
                    value = remembered
                } else if bit & (1 << 4 | 1 << 5 | 1 << 7) != 0 {
                    if dateEnd > dateStart, buffer.equalBytes(dateStart, dateEnd, valueStart, valueEnd) {
                        value = date
                    } else {
                        guard let decoded = Self.decoded(tokenizer, valueStart, valueEnd, plain: plain) else { return nil }
                        (dateStart, dateEnd, date) = (valueStart, valueEnd, decoded)
                        value = decoded
                    }
                } else {
                    guard let decoded = Self.decoded(tokenizer, valueStart, valueEnd, plain: plain) else { return nil }
                    value = decoded
                }
                spent += name.utf8.count + value.utf8.count
                attributes.append(XMLAttribute(name: name, value: value))
            }
        }
        guard index - open <= maximumTag, spent <= maximumBytes else { return nil }
        let line = tokenizer.line(at: open)
        var metadata: [ExportMetadataEntry] = []
        var lastTagLine = line
        // Lines within the record are counted here, from the record's own: the tokenizer's
        // counter is for offsets anywhere in the window, and costs more each call.
        var countedOffset = open
        func lineNumber(of offset: Int) -> Int {
            lastTagLine += buffer.occurrences(of: 0x0A, from: countedOffset, to: offset)
            countedOffset = offset
            return lastTagLine
        }
        if !selfClosing {
            while true {
                guard let child = buffer.find(UInt8(ascii: "<"), from: index, to: bytes.count),
                      child + 1 < bytes.count else { return nil }
                if bytes[child + 1] == UInt8(ascii: "/") {
                    // `</Record` S? `>`
                    guard buffer.matches("</Record", at: child) else { return nil }
                    var end = child + 8
                    let classes = xmlByteClasses
                    while end < bytes.count, classes[Int(bytes[end])] & whitespaceClass != 0 { end += 1 }
                    guard end < bytes.count, bytes[end] == UInt8(ascii: ">"), end + 1 - child <= maximumTag else { return nil }
                    _ = lineNumber(of: child)
                    index = end + 1
                    break
                }
                guard buffer.matches("<MetadataEntry", at: child), metadata.count < maximumChildren else { return nil }
                var key: String?
                var value: String?
                // As the Health app writes it, `<MetadataEntry key="…" value="…"/>`, compared as
                // bytes; any other spelling goes through the grammar's steps.
                if buffer.matches("<MetadataEntry key=\"", at: child),
                   let (keyEnd, keyPlain) = Self.valueEnd(bytes, from: child + 20),
                   buffer.matches("\" value=\"", at: keyEnd),
                   let (valueEnd, valuePlain) = Self.valueEnd(bytes, from: keyEnd + 9),
                   buffer.matches("\"/>", at: valueEnd) {
                    key = self.value(slot: Slot.metadataKey, tokenizer, bytes, child + 20, keyEnd, plain: keyPlain)
                    value = self.value(slot: Slot.metadataValue, tokenizer, bytes, keyEnd + 9, valueEnd, plain: valuePlain)
                    index = valueEnd + 3
                } else {
                    index = child + 14
                    entry: while true {
                        guard let step = Self.tagStep(bytes, &index) else { return nil }
                        switch step {
                        case .open:
                            return nil  // an entry with content: left to the general path
                        case .selfClosed:
                            break entry
                        case .attribute(let nameStart, let nameEnd, let valueStart, let valueEnd, let plain):
                            if key == nil, buffer.matchesExactly("key", from: nameStart, to: nameEnd) {
                                key = self.value(slot: Slot.metadataKey, tokenizer, bytes, valueStart, valueEnd, plain: plain)
                                if key == nil { return nil }
                            } else if value == nil, buffer.matchesExactly("value", from: nameStart, to: nameEnd) {
                                value = self.value(slot: Slot.metadataValue, tokenizer, bytes, valueStart, valueEnd, plain: plain)
                                if value == nil { return nil }
                            } else {
                                return nil
                            }
                        }
                    }
                }
                guard let key, let value, index - child <= maximumTag else { return nil }
                spent += key.utf8.count + value.utf8.count
                guard spent <= maximumBytes else { return nil }
                metadata.append(ExportMetadataEntry(key: key, value: value, line: lineNumber(of: child)))
            }
        }
        tokenizer.position = index
        tokenizer.tagLine = lastTagLine
        tokenizer.attributesAvailable = false
        tokenizer.lastStartIsOpen = false
        return ExportXMLItem(kind: .record, attributes: attributes, metadata: metadata, line: line, position: ordinal)
    }
}
